//! Assembler: LLVM AMDGPU syntax (as `llvm-mc -arch=amdgcn -mcpu=gfx906` accepts and
//! prints it) to [`Inst`] values.
//!
//! One instruction per line; `;` and `//` start comments. A line is a mnemonic followed by
//! items: operands (separated by commas) and modifiers (`glc`, `offset:16`,
//! `op_sel:[1,0]`, ...). Which items an instruction takes comes from its opcode's
//! [`Shape`]. Like LLVM, constants are folded to inline constants where the operand type
//! allows it, and a VALU instruction without `_e32`/`_e64` takes the 32-bit encoding when
//! it can. Every parsed instruction is checked by the encoder so that errors carry the
//! line and column.

use std::collections::HashMap;

use super::disasm::{
    DFMT_NAMES, GS_OPS, HWREG_NAMES, MSG_NAMES, NFMT_NAMES, SDWA_SEL, SDWA_UNUSED, SYS_OPS,
};
use super::encode::encode_words;
use super::inst::*;
use super::opcodes::*;
use super::operand::{sreg, InlineFloat, Operand, Special};
use thiserror::Error;

/// A located assembly error (1-based line and column).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{line}:{col}: {msg}")]
pub struct AsmError {
    /// Line number (1-based).
    pub line: usize,
    /// Column (1-based).
    pub col: usize,
    /// What was expected or is wrong.
    pub msg: String,
}

/// Parse a whole program.
pub fn parse_asm(src: &str) -> Result<Vec<Inst>, AsmError> {
    // Pass 1: where each label stands (every branch is one dword, whatever its target).
    let mut labels: HashMap<&str, u32> = HashMap::new();
    let mut at = 0u32;
    let mut words = Vec::new();
    for (n, raw) in src.lines().enumerate() {
        let (label, line) = split_label(raw);
        if let Some((name, col)) = label {
            if labels.insert(name, at).is_some() {
                return Err(AsmError {
                    line: n + 1,
                    col,
                    msg: format!("label `{name}` is defined twice"),
                });
            }
        }
        if is_directive(line) {
            continue;
        }
        let sized = with_label_operand(line, &|_| Some(0)).unwrap_or_default();
        if let Ok(Some(inst)) = parse_line(&sized) {
            words.clear();
            if encode_words(&inst, &mut words).is_ok() {
                at += 4 * words.len() as u32;
            }
        }
    }
    // Pass 2: the instructions, a branch's label as its word offset.
    let mut out = Vec::new();
    let mut at = 0u32;
    for (n, raw) in src.lines().enumerate() {
        let (_, line) = split_label(raw);
        let pad = raw.len() - line.len();
        if is_directive(line) {
            continue;
        }
        let here = at;
        let located = |(col, msg): (usize, String)| AsmError {
            line: n + 1,
            col: col + pad,
            msg,
        };
        let resolved = with_label_operand(line, &|name| {
            labels
                .get(name)
                .map(|&t| (i64::from(t) - i64::from(here) - 4) / 4)
        })
        .map_err(located)?;
        if let Some(inst) = parse_line(&resolved).map_err(located)? {
            words.clear();
            encode_words(&inst, &mut words).map_err(|e| located((1, e)))?;
            at += 4 * words.len() as u32;
            out.push(inst);
        }
    }
    Ok(out)
}

/// A leading `name:` (a label, as `llvm-mc` and `llvm-objdump` print them; `<name>:` after
/// an address in `llvm-objdump -d` output) and the rest of the line.
fn split_label(line: &str) -> (Option<(&str, usize)>, &str) {
    let trimmed = line.trim_start();
    let col = line.len() - trimmed.len() + 1;
    // `0000000000000000 <main>:` in objdump listings.
    if let Some((addr, rest)) = trimmed.split_once(" <") {
        if addr.chars().all(|c| c.is_ascii_hexdigit()) {
            if let Some(name) = rest.trim_end().strip_suffix(">:") {
                return (Some((name, col)), "");
            }
        }
    }
    let name_len = trimmed
        .char_indices()
        .find(|&(i, c)| {
            !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$')
                || (i == 0 && c.is_ascii_digit())
        })
        .map_or(trimmed.len(), |(i, _)| i);
    match trimmed[name_len..].strip_prefix(':') {
        Some(rest) if name_len > 0 => (Some((&trimmed[..name_len], col)), rest),
        _ => (None, line),
    }
}

/// A line that only directs the assembler (`.text`, `.p2align 8`, `.amdgcn_target ...`, the
/// `.amdhsa_*` block) or that `llvm-objdump` prints around a listing: nothing to encode.
fn is_directive(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with('.') || t.starts_with("Disassembly of section") || t.contains("file format ")
}

/// The line with a branch's label operand (`s_cbranch_execz BB0_2`) replaced by the number
/// `resolve` gives (an error for a label it does not know); other lines unchanged.
fn with_label_operand(line: &str, resolve: &dyn Fn(&str) -> Option<i64>) -> PResult<String> {
    let code = line.split([';']).next().unwrap_or("");
    let code = code.split("//").next().unwrap_or("");
    let trimmed = code.trim_start();
    let Some((mn, operand)) = trimmed.split_once(char::is_whitespace) else {
        return Ok(line.to_string());
    };
    let target = operand.trim();
    let is_label = target
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '.' || c == '$')
        && target
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$');
    let is_branch = by_name(&mn.to_ascii_lowercase())
        .is_some_and(|op| matches!(op.info().shape, Shape::Sopp(SoppKind::Branch)));
    if !is_label || !is_branch {
        return Ok(line.to_string());
    }
    match resolve(target) {
        Some(offset) => Ok(line.replacen(target, &offset.to_string(), 1)),
        None => {
            let col = line
                .find(target)
                .map_or(1, |b| line[..b].chars().count() + 1);
            Err((col, format!("unknown label `{target}`")))
        }
    }
}

/// Parse one line; `Ok(None)` for blank/comment lines. Errors are (column, message).
pub fn parse_line(line: &str) -> Result<Option<Inst>, (usize, String)> {
    let toks = lex(line)?;
    if toks.is_empty() {
        return Ok(None);
    }
    let mut p = Parser {
        toks,
        pos: 0,
        end_col: line.chars().count() + 1,
    };
    let (mn, col) = match p.next() {
        Some((Tok::Ident(s), c)) => (s.to_ascii_lowercase(), c),
        Some((_, c)) => return Err((c, "expected a mnemonic".into())),
        None => return Ok(None),
    };
    let inst = build(&mn, col, &mut p)?;
    let mut scratch = Vec::new();
    encode_words(&inst, &mut scratch).map_err(|e| (col, e))?;
    Ok(Some(inst))
}

// ---------------------------------------------------------------------------------------
// Lexer

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    Int(u64),
    Float(f64),
    Str(String),
    Punct(char),
}

type PResult<T> = Result<T, (usize, String)>;

fn lex(line: &str) -> PResult<Vec<(Tok, usize)>> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        if c == ';' || (c == '/' && chars.get(i + 1) == Some(&'/')) {
            break;
        }
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_alphabetic() || c == '_' {
            let s = i;
            while i < chars.len()
                && (chars[i].is_ascii_alphanumeric() || chars[i] == '_' || chars[i] == '.')
            {
                i += 1;
            }
            out.push((Tok::Ident(chars[s..i].iter().collect()), col));
        } else if c.is_ascii_digit() {
            let s = i;
            if c == '0' && matches!(chars.get(i + 1), Some('x' | 'X')) {
                i += 2;
                while i < chars.len() && chars[i].is_ascii_hexdigit() {
                    i += 1;
                }
                let t: String = chars[s + 2..i].iter().collect();
                let v =
                    u64::from_str_radix(&t, 16).map_err(|_| (col, "bad hex number".to_string()))?;
                out.push((Tok::Int(v), col));
            } else {
                let mut float = false;
                while i < chars.len() {
                    let d = chars[i];
                    if d.is_ascii_digit() {
                        i += 1;
                    } else if d == '.' || d == 'e' || d == 'E' {
                        float = true;
                        i += 1;
                        if (d == 'e' || d == 'E') && matches!(chars.get(i), Some('-' | '+')) {
                            i += 1;
                        }
                    } else {
                        break;
                    }
                }
                let t: String = chars[s..i].iter().collect();
                if float {
                    let v: f64 = t.parse().map_err(|_| (col, format!("bad number `{t}`")))?;
                    out.push((Tok::Float(v), col));
                } else {
                    let v: u64 = t.parse().map_err(|_| (col, format!("bad number `{t}`")))?;
                    out.push((Tok::Int(v), col));
                }
            }
        } else if c == '"' {
            let s = i + 1;
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += 1;
            }
            if i >= chars.len() {
                return Err((col, "unterminated string".into()));
            }
            out.push((Tok::Str(chars[s..i].iter().collect()), col));
            i += 1;
        } else if ",[]:()|-+&".contains(c) {
            out.push((Tok::Punct(c), col));
            i += 1;
        } else {
            return Err((col, format!("unexpected character `{c}`")));
        }
    }
    Ok(out)
}

struct Parser {
    toks: Vec<(Tok, usize)>,
    pos: usize,
    end_col: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.0)
    }
    fn peek_at(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.pos + k).map(|t| &t.0)
    }
    fn col(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end_col, |t| t.1)
    }
    fn next(&mut self) -> Option<(Tok, usize)> {
        let t = self.toks.get(self.pos).cloned();
        if t.is_some() {
            self.pos += 1;
        }
        t
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(&Tok::Punct(c)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, c: char) -> PResult<()> {
        if self.eat(c) {
            Ok(())
        } else {
            Err((self.col(), format!("expected `{c}`")))
        }
    }
    fn int(&mut self) -> PResult<i64> {
        let neg = self.eat('-');
        match self.next() {
            Some((Tok::Int(v), _)) => {
                let v = v as i64;
                Ok(if neg { v.wrapping_neg() } else { v })
            }
            Some((_, c)) => Err((c, "expected a number".into())),
            None => Err((self.end_col, "expected a number".into())),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Items: operands and modifiers

#[derive(Debug, Clone, PartialEq)]
enum Arg {
    Ident(String),
    Num(i64),
    Str(String),
}

#[derive(Debug, Clone, PartialEq)]
enum Val {
    Reg(Operand),
    Num(i64),
    Float(f64),
    Off,
    Call(String, Vec<Arg>),
    Attr(u8, u8),
    Param(u8),
}

#[derive(Debug, Clone, PartialEq)]
struct Op {
    val: Val,
    neg: bool,
    abs: bool,
    sext: bool,
    col: usize,
}

#[derive(Debug, Clone, PartialEq)]
enum ModVal {
    Flag,
    Ident(String),
    Num(i64),
    List(Vec<Arg>),
    Call(String, Vec<Arg>),
}

#[derive(Debug, Clone, PartialEq)]
struct Mod {
    name: String,
    val: ModVal,
    col: usize,
}

const FLAGS: &[&str] = &[
    "glc",
    "slc",
    "lds",
    "tfe",
    "offen",
    "idxen",
    "gds",
    "clamp",
    "done",
    "compr",
    "vm",
    "unorm",
    "da",
    "d16",
    "a16",
    "r128",
    "lwe",
    "high",
    "row_mirror",
    "row_half_mirror",
];

fn items(p: &mut Parser) -> PResult<(Vec<Op>, Vec<Mod>)> {
    let mut ops = Vec::new();
    let mut mods = Vec::new();
    while p.peek().is_some() {
        if p.eat(',') {
            continue;
        }
        let col = p.col();
        if let Some(Tok::Ident(name)) = p.peek() {
            let lname = name.to_ascii_lowercase();
            let is_mod = FLAGS.contains(&lname.as_str()) || p.peek_at(1) == Some(&Tok::Punct(':'));
            if is_mod {
                p.pos += 1;
                let val = if p.eat(':') {
                    mod_value(p)?
                } else {
                    ModVal::Flag
                };
                mods.push(Mod {
                    name: lname,
                    val,
                    col,
                });
                continue;
            }
        }
        ops.push(operand(p)?);
    }
    Ok((ops, mods))
}

fn mod_value(p: &mut Parser) -> PResult<ModVal> {
    if p.eat('[') {
        let mut v = Vec::new();
        while !p.eat(']') {
            if p.peek().is_none() {
                return Err((p.col(), "expected `]`".into()));
            }
            v.push(arg(p)?);
            p.eat(',');
        }
        return Ok(ModVal::List(v));
    }
    if let (Some(Tok::Ident(n)), Some(Tok::Punct('('))) = (p.peek().cloned(), p.peek_at(1)) {
        p.pos += 2;
        return Ok(ModVal::Call(n.to_ascii_lowercase(), call_args(p)?));
    }
    if let Some(Tok::Ident(n)) = p.peek().cloned() {
        p.pos += 1;
        return Ok(ModVal::Ident(n.to_ascii_uppercase()));
    }
    Ok(ModVal::Num(p.int()?))
}

fn arg(p: &mut Parser) -> PResult<Arg> {
    match p.peek().cloned() {
        Some(Tok::Ident(s)) => {
            p.pos += 1;
            Ok(Arg::Ident(s))
        }
        Some(Tok::Str(s)) => {
            p.pos += 1;
            Ok(Arg::Str(s))
        }
        _ => Ok(Arg::Num(p.int()?)),
    }
}

/// Arguments after `(` up to and including `)`.
fn call_args(p: &mut Parser) -> PResult<Vec<Arg>> {
    let mut v = Vec::new();
    while !p.eat(')') {
        if p.peek().is_none() {
            return Err((p.col(), "expected `)`".into()));
        }
        v.push(arg(p)?);
        p.eat(',');
    }
    Ok(v)
}

fn operand(p: &mut Parser) -> PResult<Op> {
    let col = p.col();
    let mut neg = false;
    let mut abs = false;
    if p.peek() == Some(&Tok::Punct('-'))
        && !matches!(p.peek_at(1), Some(Tok::Int(_) | Tok::Float(_)))
    {
        p.pos += 1;
        neg = true;
    }
    if p.eat('|') {
        abs = true;
    }
    // neg(...) / abs(...) spellings.
    if let (Some(Tok::Ident(n)), Some(Tok::Punct('('))) = (p.peek().cloned(), p.peek_at(1)) {
        let n = n.to_ascii_lowercase();
        if n == "neg" || n == "abs" || n == "sext" {
            p.pos += 2;
            let mut inner = operand(p)?;
            p.expect(')')?;
            match n.as_str() {
                "neg" => inner.neg = true,
                "abs" => inner.abs = true,
                _ => inner.sext = true,
            }
            if abs {
                p.expect('|')?;
                inner.abs = true;
            }
            inner.neg |= neg;
            inner.col = col;
            return Ok(inner);
        }
    }
    let val = value(p)?;
    if abs {
        p.expect('|')?;
    }
    Ok(Op {
        val,
        neg,
        abs,
        sext: false,
        col,
    })
}

fn value(p: &mut Parser) -> PResult<Val> {
    let col = p.col();
    match p.peek().cloned() {
        Some(Tok::Punct('-')) => {
            p.pos += 1;
            match p.next() {
                Some((Tok::Int(v), _)) => Ok(Val::Num((v as i64).wrapping_neg())),
                Some((Tok::Float(v), _)) => Ok(Val::Float(-v)),
                _ => Err((col, "expected a number after `-`".into())),
            }
        }
        Some(Tok::Int(v)) => {
            p.pos += 1;
            Ok(Val::Num(v as i64))
        }
        Some(Tok::Float(v)) => {
            p.pos += 1;
            Ok(Val::Float(v))
        }
        Some(Tok::Ident(name)) => {
            p.pos += 1;
            let l = name.to_ascii_lowercase();
            if p.peek() == Some(&Tok::Punct('(')) {
                p.pos += 1;
                return Ok(Val::Call(l, call_args(p)?));
            }
            if p.peek() == Some(&Tok::Punct('[')) && matches!(l.as_str(), "s" | "v" | "ttmp") {
                p.pos += 1;
                let a = p.int()?;
                let b = if p.eat(':') { p.int()? } else { a };
                p.expect(']')?;
                return reg_range(&l, a, b)
                    .map(Val::Reg)
                    .ok_or((col, "bad register range".into()));
            }
            named(&l).ok_or((col, format!("unknown operand `{name}`")))
        }
        _ => Err((col, "expected an operand".into())),
    }
}

fn reg_range(kind: &str, a: i64, b: i64) -> Option<Operand> {
    if a < 0 || b < a {
        return None;
    }
    let count = u8::try_from(b - a + 1).ok()?;
    match kind {
        "s" if b <= i64::from(sreg::MAX_SGPR) => Some(Operand::s_range(a as u8, count)),
        "v" if b <= 255 => Some(Operand::v_range(a as u8, count)),
        "ttmp" if b <= 15 => Some(Operand::s_range(sreg::TTMP0 + a as u8, count)),
        _ => None,
    }
}

fn named(l: &str) -> Option<Val> {
    let one = |c| Some(Val::Reg(Operand::s(c)));
    let two = |c| Some(Val::Reg(Operand::s_range(c, 2)));
    let sp = |s| Some(Val::Reg(Operand::Special(s)));
    match l {
        "vcc" => two(sreg::VCC_LO),
        "exec" => two(sreg::EXEC_LO),
        "flat_scratch" => two(sreg::FLAT_SCRATCH_LO),
        "xnack_mask" => two(sreg::XNACK_MASK_LO),
        "vcc_lo" => one(sreg::VCC_LO),
        "vcc_hi" => one(sreg::VCC_HI),
        "exec_lo" => one(sreg::EXEC_LO),
        "exec_hi" => one(sreg::EXEC_HI),
        "m0" => one(sreg::M0),
        "flat_scratch_lo" => one(sreg::FLAT_SCRATCH_LO),
        "flat_scratch_hi" => one(sreg::FLAT_SCRATCH_HI),
        "xnack_mask_lo" => one(sreg::XNACK_MASK_LO),
        "xnack_mask_hi" => one(sreg::XNACK_MASK_HI),
        "off" => Some(Val::Off),
        "p10" => Some(Val::Param(0)),
        "p20" => Some(Val::Param(1)),
        "p0" => Some(Val::Param(2)),
        "src_scc" | "scc" => sp(Special::Scc),
        "src_vccz" | "vccz" => sp(Special::Vccz),
        "src_execz" | "execz" => sp(Special::Execz),
        "src_lds_direct" | "lds_direct" => sp(Special::LdsDirect),
        "src_shared_base" => sp(Special::SharedBase),
        "src_shared_limit" => sp(Special::SharedLimit),
        "src_private_base" => sp(Special::PrivateBase),
        "src_private_limit" => sp(Special::PrivateLimit),
        "src_pops_exiting_wave_id" => sp(Special::PopsExitingWaveId),
        _ => {
            if let Some(rest) = l.strip_prefix("attr") {
                let (n, c) = rest.split_once('.')?;
                let chan = ["x", "y", "z", "w"].iter().position(|x| *x == c)?;
                return Some(Val::Attr(n.parse().ok().filter(|v| *v < 64)?, chan as u8));
            }
            if let Some(n) = l.strip_prefix("ttmp") {
                let n: u8 = n.parse().ok().filter(|v| *v < 16)?;
                return one(sreg::TTMP0 + n);
            }
            if let Some(n) = l.strip_prefix('s') {
                let n: u8 = n.parse().ok().filter(|v| *v <= sreg::MAX_SGPR)?;
                return one(n);
            }
            if let Some(n) = l.strip_prefix('v') {
                let n: u8 = n.parse().ok()?;
                return Some(Val::Reg(Operand::v(n)));
            }
            None
        }
    }
}

// ---------------------------------------------------------------------------------------
// Constants

fn f32_to_f16(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let exp = ((b >> 23) & 0xff) as i32;
    let man = b & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 31 {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let mut r = m >> shift;
        let rem = m & ((1 << shift) - 1);
        if rem > half || (rem == half && r & 1 == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (man >> 13);
    let rem = man & 0x1fff;
    if rem > 0x1000 || (rem == 0x1000 && r & 1 == 1) {
        r += 1;
    }
    sign | r as u16
}

/// An operand of type `ty` from a parsed value, folding inline constants like LLVM.
fn constant(v: &Val, ty: Ty, col: usize) -> PResult<Operand> {
    match *v {
        Val::Reg(o) => Ok(o),
        Val::Num(n) => {
            let wide = matches!(ty, Ty::B64 | Ty::F64);
            let bits: u64 = if (-16..=64).contains(&n) {
                return Ok(Operand::Int(n as i8));
            } else if wide {
                n as u64
            } else if (-(1i64 << 31)..(1i64 << 32)).contains(&n) {
                u64::from(n as u32)
            } else {
                return Err((col, "constant does not fit in 32 bits".into()));
            };
            let narrowed = match ty {
                Ty::B16 | Ty::F16 if bits <= 0xffff || bits >= 0xffff_8000 => bits & 0xffff,
                _ => bits,
            };
            if let Some(o) = Operand::inline_for(narrowed, ty) {
                return Ok(o);
            }
            if wide {
                // A 64-bit operand takes a 32-bit literal: f64 as its high half, integers
                // sign/zero extended (vega L3478-3480).
                if ty == Ty::F64 && bits & 0xffff_ffff == 0 && bits >> 32 != 0 {
                    return Ok(Operand::Literal((bits >> 32) as u32));
                }
                if (-(1i64 << 31)..(1i64 << 32)).contains(&n) {
                    return Ok(Operand::Literal(n as u32));
                }
                return Err((col, "64-bit constant cannot be encoded as a literal".into()));
            }
            Ok(Operand::Literal(bits as u32))
        }
        Val::Float(x) if ty == Ty::B16 => Ok(Operand::Literal(u32::from(f32_to_f16(x as f32)))),
        Val::Float(x) => {
            for f in InlineFloat::ALL {
                if f.value() == x || (f == InlineFloat::InvTwoPi && (x - 0.159_154_94).abs() < 1e-8)
                {
                    return Ok(Operand::Float(f));
                }
            }
            Ok(match ty {
                Ty::F16 | Ty::B16 => Operand::Literal(u32::from(f32_to_f16(x as f32))),
                Ty::F64 | Ty::B64 => {
                    let b = x.to_bits();
                    if b & 0xffff_ffff != 0 {
                        return Err((col, "f64 constant needs more than 32 bits".into()));
                    }
                    Operand::Literal((b >> 32) as u32)
                }
                _ => Operand::Literal((x as f32).to_bits()),
            })
        }
        _ => Err((col, "expected a register or constant".into())),
    }
}

/// The raw 32-bit literal for a constant (no inline folding).
fn literal_bits(v: &Val, ty: Ty, col: usize) -> PResult<u32> {
    match *v {
        Val::Num(n) if (-(1i64 << 31)..(1i64 << 32)).contains(&n) => Ok(n as u32),
        Val::Float(x) if matches!(ty, Ty::F16 | Ty::B16) => Ok(u32::from(f32_to_f16(x as f32))),
        Val::Float(x) => Ok((x as f32).to_bits()),
        _ => Err((col, "expected a 32-bit constant".into())),
    }
}

fn reg(o: &Op) -> PResult<Operand> {
    match o.val {
        Val::Reg(r) if !o.neg && !o.abs && !o.sext => Ok(r),
        _ => Err((o.col, "expected a register".into())),
    }
}

fn no_mods(o: &Op) -> PResult<()> {
    if o.neg || o.abs || o.sext {
        Err((o.col, "source modifiers are not allowed here".into()))
    } else {
        Ok(())
    }
}

fn num_arg(a: &Arg, col: usize) -> PResult<i64> {
    match a {
        Arg::Num(n) => Ok(*n),
        _ => Err((col, "expected a number".into())),
    }
}

fn count(ops: &[Op], n: usize, col: usize) -> PResult<()> {
    if ops.len() == n {
        Ok(())
    } else if ops.len() > n {
        Err((ops[n].col, format!("too many operands (expected {n})")))
    } else {
        Err((col, format!("expected {n} operand(s), found {}", ops.len())))
    }
}

struct Mods(Vec<Mod>);

impl Mods {
    fn flag(&mut self, name: &str) -> bool {
        if let Some(i) = self
            .0
            .iter()
            .position(|m| m.name == name && m.val == ModVal::Flag)
        {
            self.0.remove(i);
            true
        } else {
            false
        }
    }
    fn take(&mut self, name: &str) -> Option<Mod> {
        let i = self.0.iter().position(|m| m.name == name)?;
        Some(self.0.remove(i))
    }
    fn num(&mut self, name: &str) -> PResult<Option<i64>> {
        match self.take(name) {
            None => Ok(None),
            Some(Mod {
                val: ModVal::Num(n),
                ..
            }) => Ok(Some(n)),
            Some(m) => Err((m.col, format!("`{name}` takes a number"))),
        }
    }
    fn bits(&mut self, name: &str, max: usize) -> PResult<Option<u8>> {
        match self.take(name) {
            None => Ok(None),
            Some(Mod {
                val: ModVal::List(v),
                col,
                ..
            }) => {
                if v.len() > max {
                    return Err((col, format!("`{name}` takes at most {max} values")));
                }
                let mut b = 0;
                for (k, a) in v.iter().enumerate() {
                    match num_arg(a, col)? {
                        0 => {}
                        1 => b |= 1 << k,
                        _ => return Err((col, "expected 0 or 1".into())),
                    }
                }
                Ok(Some(b))
            }
            Some(m) => Err((m.col, format!("`{name}` takes a list like [0,1]"))),
        }
    }
    fn done(self) -> PResult<()> {
        match self.0.first() {
            None => Ok(()),
            Some(m) => Err((m.col, format!("unexpected modifier `{}`", m.name))),
        }
    }
}

fn in_range(v: i64, lo: i64, hi: i64, col: usize, what: &str) -> PResult<i64> {
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err((col, format!("{what} must be in {lo}..={hi}")))
    }
}

// ---------------------------------------------------------------------------------------
// Special operand syntaxes

fn hwreg_val(o: &Op) -> PResult<u16> {
    match &o.val {
        Val::Num(n) => Ok(in_range(*n, 0, 0xffff, o.col, "hwreg")? as u16),
        Val::Call(f, args) if f == "hwreg" && !args.is_empty() => {
            let id = match &args[0] {
                Arg::Ident(n) => HWREG_NAMES
                    .iter()
                    .find(|(_, s)| s.eq_ignore_ascii_case(n))
                    .map(|x| x.0)
                    .ok_or((o.col, format!("unknown hardware register `{n}`")))?,
                a => in_range(num_arg(a, o.col)?, 0, 63, o.col, "hwreg id")? as u16,
            };
            let (off, size) = match args.len() {
                1 => (0, 32),
                3 => (
                    in_range(num_arg(&args[1], o.col)?, 0, 31, o.col, "hwreg offset")?,
                    in_range(num_arg(&args[2], o.col)?, 1, 32, o.col, "hwreg size")?,
                ),
                _ => return Err((o.col, "hwreg(id[, offset, size])".into())),
            };
            Ok(id | (off as u16) << 6 | ((size - 1) as u16) << 11)
        }
        _ => Err((o.col, "expected hwreg(...)".into())),
    }
}

fn sendmsg_val(o: &Op) -> PResult<u16> {
    match &o.val {
        Val::Num(n) => Ok(in_range(*n, 0, 0xffff, o.col, "sendmsg")? as u16),
        Val::Call(f, args) if f == "sendmsg" && !args.is_empty() => {
            let id = match &args[0] {
                Arg::Ident(n) => MSG_NAMES
                    .iter()
                    .find(|(_, s)| s.eq_ignore_ascii_case(n))
                    .map(|x| x.0)
                    .ok_or((o.col, format!("unknown message `{n}`")))?,
                a => in_range(num_arg(a, o.col)?, 0, 15, o.col, "message id")? as u16,
            };
            let op = match args.get(1) {
                None => 0,
                Some(Arg::Ident(n)) => GS_OPS
                    .iter()
                    .position(|s| s.eq_ignore_ascii_case(n))
                    .or_else(|| {
                        SYS_OPS
                            .iter()
                            .position(|s| s.eq_ignore_ascii_case(n))
                            .map(|p| p + 1)
                    })
                    .ok_or((o.col, format!("unknown message operation `{n}`")))?
                    as u16,
                Some(a) => in_range(num_arg(a, o.col)?, 0, 7, o.col, "operation")? as u16,
            };
            let stream = match args.get(2) {
                None => 0,
                Some(a) => in_range(num_arg(a, o.col)?, 0, 3, o.col, "stream")? as u16,
            };
            Ok(id | op << 4 | stream << 8)
        }
        _ => Err((o.col, "expected sendmsg(...)".into())),
    }
}

fn gpr_idx_val(o: &Op) -> PResult<u16> {
    match &o.val {
        Val::Num(n) => Ok(in_range(*n, 0, 0xffff, o.col, "gpr_idx")? as u16),
        Val::Call(f, args) if f == "gpr_idx" => {
            let mut v = 0;
            for a in args {
                let bit = match a {
                    Arg::Ident(n) => ["SRC0", "SRC1", "SRC2", "DST"]
                        .iter()
                        .position(|s| s.eq_ignore_ascii_case(n))
                        .ok_or((o.col, format!("unknown gpr_idx mode `{n}`")))?,
                    _ => return Err((o.col, "expected SRC0, SRC1, SRC2 or DST".into())),
                };
                v |= 1 << bit;
            }
            Ok(v)
        }
        _ => Err((o.col, "expected gpr_idx(...)".into())),
    }
}

fn waitcnt_val(ops: &[Op], col: usize) -> PResult<u16> {
    if let [Op {
        val: Val::Num(n),
        col,
        ..
    }] = ops
    {
        return Ok(in_range(*n, 0, 0xffff, *col, "waitcnt")? as u16);
    }
    if ops.is_empty() {
        return Err((col, "expected vmcnt(..) expcnt(..) lgkmcnt(..)".into()));
    }
    let (mut vm, mut exp, mut lgkm) = (63u16, 7u16, 15u16);
    for o in ops {
        match &o.val {
            Val::Call(f, a) if a.len() == 1 => {
                let n = num_arg(&a[0], o.col)?;
                match f.as_str() {
                    "vmcnt" => vm = in_range(n, 0, 63, o.col, "vmcnt")? as u16,
                    "expcnt" => exp = in_range(n, 0, 7, o.col, "expcnt")? as u16,
                    "lgkmcnt" => lgkm = in_range(n, 0, 15, o.col, "lgkmcnt")? as u16,
                    _ => return Err((o.col, format!("unknown counter `{f}`"))),
                }
            }
            _ => {
                return Err((
                    o.col,
                    "expected vmcnt(..), expcnt(..) or lgkmcnt(..)".into(),
                ))
            }
        }
    }
    Ok((vm & 0xf) | (vm >> 4) << 14 | exp << 4 | lgkm << 8)
}

fn swizzle_val(args: &[Arg], col: usize) -> PResult<u16> {
    let name = match args.first() {
        Some(Arg::Ident(n)) => n.to_ascii_uppercase(),
        _ => return Err((col, "expected a swizzle mode".into())),
    };
    let nums = |k: usize| -> PResult<Vec<i64>> {
        args[1..].iter().take(k).map(|a| num_arg(a, col)).collect()
    };
    match name.as_str() {
        "QUAD_PERM" => {
            let v = nums(4)?;
            if v.len() != 4 || v.iter().any(|x| !(0..4).contains(x)) {
                return Err((col, "QUAD_PERM takes four lanes 0-3".into()));
            }
            Ok(0x8000
                | v.iter()
                    .enumerate()
                    .fold(0u16, |a, (k, x)| a | (*x as u16) << (2 * k)))
        }
        "SWAP" => {
            let v = nums(1)?;
            let x = *v.first().ok_or((col, "SWAP takes a group size".into()))?;
            if !(1..=16).contains(&x) || (x & (x - 1)) != 0 {
                return Err((col, "SWAP group size must be 1, 2, 4, 8 or 16".into()));
            }
            Ok(0x1f | (x as u16) << 10)
        }
        "REVERSE" => {
            let v = nums(1)?;
            let x = *v
                .first()
                .ok_or((col, "REVERSE takes a group size".into()))?;
            if !(2..=32).contains(&x) || (x & (x - 1)) != 0 {
                return Err((col, "REVERSE group size must be 2, 4, 8, 16 or 32".into()));
            }
            Ok(0x1f | ((x - 1) as u16) << 10)
        }
        "BROADCAST" => {
            let v = nums(2)?;
            let (g, l) = match v[..] {
                [g, l] => (g, l),
                _ => return Err((col, "BROADCAST takes a group size and a lane".into())),
            };
            if !(2..=32).contains(&g) || (g & (g - 1)) != 0 || !(0..g).contains(&l) {
                return Err((col, "bad BROADCAST arguments".into()));
            }
            Ok((0x20 - g) as u16 | (l as u16) << 5)
        }
        "BITMASK_PERM" => {
            let s = match args.get(1) {
                Some(Arg::Str(s)) if s.len() == 5 => s.clone(),
                _ => return Err((col, "BITMASK_PERM takes a 5-character string".into())),
            };
            let (mut and, mut or, mut xor) = (0u16, 0u16, 0u16);
            for (k, c) in s.chars().enumerate() {
                let m = 1 << (4 - k);
                match c {
                    '0' => {}
                    '1' => or |= m,
                    'p' => and |= m,
                    'i' => {
                        and |= m;
                        xor |= m;
                    }
                    _ => return Err((col, "BITMASK_PERM characters are 0, 1, p, i".into())),
                }
            }
            Ok(and | or << 5 | xor << 10)
        }
        _ => Err((col, format!("unknown swizzle mode `{name}`"))),
    }
}

// ---------------------------------------------------------------------------------------
// Instruction builders

fn build(mn: &str, col: usize, p: &mut Parser) -> PResult<Inst> {
    if mn == "exp" {
        return build_exp(col, p);
    }
    let mut ext = ValuExt::None;
    let (base, forced) = if let Some(b) = mn.strip_suffix("_e32") {
        (b, Some(false))
    } else if let Some(b) = mn.strip_suffix("_e64") {
        (b, Some(true))
    } else if let Some(b) = mn.strip_suffix("_sdwa") {
        ext = ValuExt::Sdwa(Sdwa::DWORD);
        (b, Some(false))
    } else if let Some(b) = mn.strip_suffix("_dpp") {
        ext = ValuExt::Dpp(Dpp {
            ctrl: 0xe4,
            row_mask: 0xf,
            bank_mask: 0xf,
            bound_ctrl: false,
        });
        (b, Some(false))
    } else {
        (mn, None)
    };
    let op = by_name(base)
        .or_else(|| if forced.is_some() { None } else { by_name(mn) })
        .ok_or((col, format!("unknown instruction `{mn}`")))?;
    let (ops, mods) = items(p)?;
    let mut mods = Mods(mods);
    let info = op.info();
    let inst = match info.shape {
        Shape::Sop2 { d, s0, s1 } => salu(op, &ops, d, s0, s1, col)?,
        Shape::Sop1 { d, s0 } => salu(op, &ops, d, s0, 0, col)?,
        Shape::Sopc { s0, s1 } => salu(op, &ops, 0, s0, s1, col)?,
        Shape::SopcGprIdxOn => {
            count(&ops, 2, col)?;
            no_mods(&ops[0])?;
            let src0 = constant(&ops[0].val, Ty::B32, ops[0].col)?;
            let mode = gpr_idx_val(&ops[1])?;
            let mode = in_range(i64::from(mode), 0, 15, ops[1].col, "gpr_idx mode")? as u8;
            Inst::SetGprIdxOn { src0, mode }
        }
        Shape::Sopk(kind) => build_sopk(op, kind, &ops, col)?,
        Shape::Sopp(kind) => {
            let simm16 = match kind {
                SoppKind::None => {
                    if let Some(o) = ops.first() {
                        // LLVM accepts an optional 0 for some of these (s_endpgm 0).
                        match o.val {
                            Val::Num(0) if ops.len() == 1 => 0,
                            _ => return Err((o.col, "this instruction takes no operand".into())),
                        }
                    } else {
                        0
                    }
                }
                SoppKind::Waitcnt => waitcnt_val(&ops, col)?,
                SoppKind::Sendmsg => {
                    count(&ops, 1, col)?;
                    sendmsg_val(&ops[0])?
                }
                SoppKind::GprIdxMode => {
                    count(&ops, 1, col)?;
                    gpr_idx_val(&ops[0])?
                }
                SoppKind::Imm | SoppKind::Branch => {
                    count(&ops, 1, col)?;
                    match ops[0].val {
                        Val::Num(n) => in_range(n, -32768, 65535, ops[0].col, "immediate")? as u16,
                        _ if kind == SoppKind::Branch => {
                            return Err((
                                ops[0].col,
                                "expected a word offset or a defined label".into(),
                            ))
                        }
                        _ => return Err((ops[0].col, "expected a number".into())),
                    }
                }
            };
            Inst::Sopp(Sopp { op, simm16 })
        }
        Shape::Smem { kind, .. } => build_smem(op, kind, &ops, &mut mods, col)?,
        Shape::Valu(sh) => return build_valu(op, sh, forced, ext, &ops, mods, col),
        Shape::Vintrp(kind) => {
            count(&ops, 3, col)?;
            let vdst = match reg(&ops[0])? {
                Operand::Vgpr { index, count: 1 } => index,
                _ => return Err((ops[0].col, "expected a VGPR".into())),
            };
            let vsrc = match (kind, &ops[1].val) {
                (VintrpKind::Mov, Val::Param(p)) => *p,
                (VintrpKind::Mov, _) => return Err((ops[1].col, "expected p10, p20 or p0".into())),
                (_, Val::Reg(Operand::Vgpr { index, count: 1 })) => *index,
                _ => return Err((ops[1].col, "expected a VGPR".into())),
            };
            let (attr, chan) = match ops[2].val {
                Val::Attr(a, c) => (a, c),
                _ => return Err((ops[2].col, "expected attrN.{x,y,z,w}".into())),
            };
            Inst::Vintrp(Vintrp {
                op,
                vdst,
                vsrc,
                attr,
                chan,
            })
        }
        Shape::Ds(s) => build_ds(op, s, &ops, &mut mods, col)?,
        Shape::Buf { kind, .. } => build_buf(op, kind, &ops, &mut mods, col)?,
        Shape::Flat { kind, .. } => build_flat(op, kind, &ops, &mut mods, col)?,
        Shape::Mimg(kind) => {
            let n = if kind == MimgKind::Sample { 4 } else { 3 };
            count(&ops, n, col)?;
            let dmask = mods.num("dmask")?.unwrap_or(0);
            Inst::Mimg(Mimg {
                op,
                vdata: reg(&ops[0])?,
                vaddr: reg(&ops[1])?,
                srsrc: reg(&ops[2])?,
                ssamp: if n == 4 { Some(reg(&ops[3])?) } else { None },
                dmask: in_range(dmask, 0, 15, col, "dmask")? as u8,
                unorm: mods.flag("unorm"),
                glc: mods.flag("glc"),
                slc: mods.flag("slc"),
                a16: mods.flag("a16") | mods.flag("r128"),
                tfe: mods.flag("tfe"),
                lwe: mods.flag("lwe"),
                da: mods.flag("da"),
                d16: mods.flag("d16"),
            })
        }
        Shape::Exp => return build_exp(col, p),
        Shape::Unsupported => {
            return Err((
                col,
                format!("`{mn}` is not supported by this assembler yet"),
            ));
        }
    };
    let vintrp_e32 = forced == Some(false) && op.format() == Format::Vintrp;
    if forced.is_some() && !vintrp_e32 {
        return Err((
            col,
            "_e32/_e64 suffixes apply to VALU instructions only".into(),
        ));
    }
    mods.done()?;
    Ok(inst)
}

fn salu(op: Opcode, ops: &[Op], d: u8, s0: u8, s1: u8, col: usize) -> PResult<Inst> {
    let n = usize::from(d > 0) + usize::from(s0 > 0) + usize::from(s1 > 0);
    count(ops, n, col)?;
    let mut it = ops.iter();
    let ty = |w: u8| if w == 2 { Ty::B64 } else { Ty::B32 };
    let mut next = |w: u8, is_dst: bool| -> PResult<Option<Operand>> {
        if w == 0 {
            return Ok(None);
        }
        let o = it.next().ok_or((col, "missing operand".to_string()))?;
        no_mods(o)?;
        if is_dst {
            return Ok(Some(reg(o)?));
        }
        Ok(Some(constant(&o.val, ty(w), o.col)?))
    };
    let dst = next(d, true)?;
    let src0 = next(s0, false)?;
    let src1 = next(s1, false)?;
    Ok(Inst::Salu(Salu {
        op,
        dst,
        src0,
        src1,
    }))
}

fn build_sopk(op: Opcode, kind: SopkKind, ops: &[Op], col: usize) -> PResult<Inst> {
    count(ops, 2, col)?;
    let imm16 = |o: &Op| -> PResult<u16> {
        match o.val {
            Val::Num(n) => Ok(in_range(n, -32768, 65535, o.col, "immediate")? as u16),
            _ => Err((o.col, "expected a 16-bit immediate".into())),
        }
    };
    let (sdst, simm16, imm32) = match kind {
        SopkKind::Imm | SopkKind::BranchPair => (Some(reg(&ops[0])?), imm16(&ops[1])?, None),
        SopkKind::GetReg => (Some(reg(&ops[0])?), hwreg_val(&ops[1])?, None),
        SopkKind::SetReg => (Some(reg(&ops[1])?), hwreg_val(&ops[0])?, None),
        SopkKind::SetRegImm32 => {
            let v = match ops[1].val {
                Val::Num(n) => {
                    in_range(n, -(1 << 31), (1 << 32) - 1, ops[1].col, "constant")? as u32
                }
                _ => return Err((ops[1].col, "expected a 32-bit constant".into())),
            };
            (None, hwreg_val(&ops[0])?, Some(v))
        }
    };
    Ok(Inst::Sopk(Sopk {
        op,
        sdst,
        simm16,
        imm32,
    }))
}

fn build_smem(
    op: Opcode,
    kind: SmemKind,
    ops: &[Op],
    mods: &mut Mods,
    col: usize,
) -> PResult<Inst> {
    let offset = |o: &Op| -> PResult<SmemOffset> {
        match o.val {
            Val::Num(n) => {
                Ok(SmemOffset::Imm(
                    in_range(n, -(1 << 20), (1 << 20) - 1, o.col, "offset")? as i32,
                ))
            }
            Val::Reg(r @ Operand::Sgpr { count: 1, .. }) => Ok(SmemOffset::Sgpr(r)),
            _ => Err((o.col, "expected an offset or an SGPR".into())),
        }
    };
    let (sdata, sbase, off) = match kind {
        SmemKind::NoOp => {
            count(ops, 0, col)?;
            (None, None, None)
        }
        SmemKind::Time => {
            count(ops, 1, col)?;
            (Some(reg(&ops[0])?), None, None)
        }
        SmemKind::Discard => {
            count(ops, 2, col)?;
            (None, Some(reg(&ops[0])?), Some(offset(&ops[1])?))
        }
        SmemKind::Probe => {
            count(ops, 3, col)?;
            let imm = match ops[0].val {
                Val::Num(n) => in_range(n, 0, 127, ops[0].col, "probe mode")? as i8,
                _ => return Err((ops[0].col, "expected a number".into())),
            };
            (
                Some(Operand::Int(imm)),
                Some(reg(&ops[1])?),
                Some(offset(&ops[2])?),
            )
        }
        _ => {
            count(ops, 3, col)?;
            (
                Some(reg(&ops[0])?),
                Some(reg(&ops[1])?),
                Some(offset(&ops[2])?),
            )
        }
    };
    Ok(Inst::Smem(Smem {
        op,
        sdata,
        sbase,
        offset: off,
        glc: mods.flag("glc"),
    }))
}

fn build_valu(
    op: Opcode,
    sh: ValuShape,
    forced: Option<bool>,
    mut ext: ValuExt,
    ops: &[Op],
    mut mods: Mods,
    col: usize,
) -> PResult<Inst> {
    let nsrc = sh.nsrc();
    let has_dst = sh.dst != Ty::None;
    let n = usize::from(has_dst) + usize::from(sh.has_sdst()) + nsrc;
    count(ops, n, col)?;
    let mut k = 0;
    let mut v = Valu::new(op, None, &[]);
    if has_dst {
        v.vdst = Some(reg(&ops[0])?);
        k += 1;
    }
    if sh.has_sdst() {
        v.sdst = Some(reg(&ops[k])?);
        k += 1;
    }
    let vop3p = sh.is_vop3p();
    let mix = sh.flags & MIX != 0;
    for s in 0..nsrc {
        let o = &ops[k + s];
        if vop3p && !mix {
            no_mods(o)?;
        }
        let is_k = matches!((sh.kind, s), (ValuKind::MadMk, 1) | (ValuKind::MadAk, 2));
        v.src[s] = Some(if is_k {
            // K of v_madmk/v_madak is always the literal dword, never an inline constant.
            Operand::Literal(literal_bits(&o.val, sh.srcs[s], o.col)?)
        } else {
            constant(&o.val, sh.srcs[s], o.col)?
        });
        if o.neg {
            v.neg |= 1 << s;
        }
        if o.abs {
            if mix {
                v.neg_hi |= 1 << s;
            } else {
                v.abs |= 1 << s;
            }
        }
        if o.sext {
            match &mut ext {
                ValuExt::Sdwa(x) => x.sext |= 1 << s,
                _ => return Err((o.col, "sext() needs SDWA".into())),
            }
        }
    }
    match &mut ext {
        ValuExt::Sdwa(x) => {
            let sel = |m: &mut Mods, name: &str, d: u8| -> PResult<u8> {
                match m.take(name) {
                    None => Ok(d),
                    Some(Mod {
                        val: ModVal::Ident(n),
                        col,
                        ..
                    }) => {
                        let names: &[&str] = if name == "dst_unused" {
                            &SDWA_UNUSED
                        } else {
                            &SDWA_SEL
                        };
                        names
                            .iter()
                            .position(|x| *x == n)
                            .map(|p| p as u8)
                            .ok_or((col, format!("unknown {name} value `{n}`")))
                    }
                    Some(m) => Err((m.col, format!("`{name}` takes a name"))),
                }
            };
            x.dst_sel = sel(&mut mods, "dst_sel", 6)?;
            x.dst_unused = sel(&mut mods, "dst_unused", 0)?;
            x.src0_sel = sel(&mut mods, "src0_sel", if nsrc >= 1 { 6 } else { 0 })?;
            let has_src1 = nsrc >= 2 && op.format() != Format::Vop1;
            x.src1_sel = sel(&mut mods, "src1_sel", if has_src1 { 6 } else { 0 })?;
        }
        ValuExt::Dpp(d) => {
            let mut ctrl = None;
            if let Some(m) = mods.take("quad_perm") {
                let v = match m.val {
                    ModVal::List(v) if v.len() == 4 => v,
                    _ => return Err((m.col, "quad_perm:[a,b,c,d]".into())),
                };
                let mut c = 0u16;
                for (k, a) in v.iter().enumerate() {
                    c |= (in_range(num_arg(a, m.col)?, 0, 3, m.col, "lane")? as u16) << (2 * k);
                }
                ctrl = Some(c);
            }
            for (name, base, lo, hi) in [
                ("row_shl", 0x100u16, 1, 15),
                ("row_shr", 0x110, 1, 15),
                ("row_ror", 0x120, 1, 15),
                ("wave_shl", 0x12f, 1, 1),
                ("wave_rol", 0x133, 1, 1),
                ("wave_shr", 0x137, 1, 1),
                ("wave_ror", 0x13b, 1, 1),
            ] {
                if let Some(n) = mods.num(name)? {
                    ctrl = Some(base + in_range(n, lo, hi, col, name)? as u16);
                }
            }
            if let Some(n) = mods.num("row_bcast")? {
                ctrl = Some(match n {
                    15 => 0x142,
                    31 => 0x143,
                    _ => return Err((col, "row_bcast:15 or row_bcast:31".into())),
                });
            }
            if mods.flag("row_mirror") {
                ctrl = Some(0x140);
            }
            if mods.flag("row_half_mirror") {
                ctrl = Some(0x141);
            }
            d.ctrl = ctrl.ok_or((
                col,
                "missing DPP control (quad_perm:, row_shl:, ...)".to_string(),
            ))?;
            if let Some(m) = mods.num("row_mask")? {
                d.row_mask = in_range(m, 0, 15, col, "row_mask")? as u8;
            }
            if let Some(m) = mods.num("bank_mask")? {
                d.bank_mask = in_range(m, 0, 15, col, "bank_mask")? as u8;
            }
            // Both bound_ctrl:0 and bound_ctrl:1 set the bit (LLVM 14, digest D12).
            if let Some(m) = mods.num("bound_ctrl")? {
                in_range(m, 0, 1, col, "bound_ctrl")?;
                d.bound_ctrl = true;
            }
        }
        ValuExt::None => {}
    }
    v.ext = ext;
    v.clamp = mods.flag("clamp");
    if let Some(m) = mods.num("mul")? {
        v.omod = match m {
            2 => 1,
            4 => 2,
            _ => return Err((col, "mul:2 or mul:4".into())),
        };
    }
    if let Some(m) = mods.num("div")? {
        if m != 2 {
            return Err((col, "div:2 only".into()));
        }
        v.omod = 3;
    }
    if vop3p {
        if let Some(b) = mods.bits("op_sel", nsrc)? {
            v.op_sel = b;
        }
        let pad = 7 & !((1u8 << nsrc) - 1);
        if let Some(b) = mods.bits("op_sel_hi", nsrc)? {
            v.op_sel_hi = b | if mix { 0 } else { pad };
        }
        if let Some(b) = mods.bits("neg_lo", nsrc)? {
            v.neg |= b;
        }
        if let Some(b) = mods.bits("neg_hi", nsrc)? {
            v.neg_hi |= b;
        }
    } else if let Some(b) = mods.bits("op_sel", nsrc + 1)? {
        // The last element is the destination (bit 3).
        let srcs = b & ((1 << nsrc) - 1);
        let dst = (b >> nsrc) & 1;
        v.op_sel = srcs | dst << 3;
    }
    mods.done()?;
    let is_vop3_only = matches!(op.format(), Format::Vop3 | Format::Vop3p);
    let mut scratch = Vec::new();
    v.vop3 = match forced {
        Some(f) => f,
        None if is_vop3_only || op.info().vop3.is_none() => is_vop3_only,
        None => {
            let mut t = v.clone();
            t.vop3 = false;
            encode_words(&Inst::Valu(t), &mut scratch).is_err()
        }
    };
    if v.vop3 {
        // VOP3 has no literal: an f16 inline pattern on a 16-bit integer operand can only
        // mean the inline constant (LLVM prints it that way and would reject it here).
        for (k, s) in v.src.iter_mut().enumerate() {
            if let (Some(Operand::Literal(x)), Ty::B16) = (*s, sh.srcs[k]) {
                if let Some(f) = InlineFloat::ALL
                    .iter()
                    .find(|f| u32::from(f.f16_bits()) == x)
                {
                    *s = Some(Operand::Float(*f));
                }
            }
        }
    }
    Ok(Inst::Valu(v))
}

fn vreg(o: &Op) -> PResult<Operand> {
    match reg(o)? {
        r @ Operand::Vgpr { .. } => Ok(r),
        _ => Err((o.col, "expected a VGPR".into())),
    }
}

fn build_ds(op: Opcode, s: DsShape, ops: &[Op], mods: &mut Mods, col: usize) -> PResult<Inst> {
    let n = usize::from(s.vdst > 0)
        + usize::from(s.addr)
        + usize::from(s.data0 > 0)
        + usize::from(s.data1 > 0);
    count(ops, n, col)?;
    let mut it = ops.iter();
    let mut take = |on: bool| -> PResult<Option<Operand>> {
        if !on {
            return Ok(None);
        }
        match it.next() {
            Some(o) => Ok(Some(vreg(o)?)),
            None => Err((col, "missing operand".into())),
        }
    };
    let vdst = take(s.vdst > 0)?;
    let addr = take(s.addr)?;
    let data0 = take(s.data0 > 0)?;
    let data1 = take(s.data1 > 0)?;
    let offset = if s.two_offsets {
        let o0 = mods.num("offset0")?.unwrap_or(0);
        let o1 = mods.num("offset1")?.unwrap_or(0);
        (in_range(o0, 0, 255, col, "offset0")? | in_range(o1, 0, 255, col, "offset1")? << 8) as u16
    } else {
        match mods.take("offset") {
            None => 0,
            Some(Mod {
                val: ModVal::Num(v),
                col,
                ..
            }) => in_range(v, 0, 65535, col, "offset")? as u16,
            Some(Mod {
                val: ModVal::Call(f, a),
                col,
                ..
            }) if f == "swizzle" && op == Opcode::DS_SWIZZLE_B32 => swizzle_val(&a, col)?,
            Some(m) => return Err((m.col, "bad offset".into())),
        }
    };
    Ok(Inst::Ds(Ds {
        op,
        vdst,
        addr,
        data0,
        data1,
        offset,
        gds: mods.flag("gds"),
    }))
}

fn fmt_arg(a: &Arg, col: usize, dfmt: &mut u8, nfmt: &mut u8) -> PResult<()> {
    match a {
        Arg::Ident(n) => {
            if let Some(i) = DFMT_NAMES.iter().position(|s| s.eq_ignore_ascii_case(n)) {
                *dfmt = i as u8;
            } else if let Some(i) = NFMT_NAMES.iter().position(|s| s.eq_ignore_ascii_case(n)) {
                *nfmt = i as u8;
            } else {
                return Err((col, format!("unknown buffer format `{n}`")));
            }
            Ok(())
        }
        _ => Err((col, "expected a format name".into())),
    }
}

fn build_buf(op: Opcode, kind: BufKind, ops: &[Op], mods: &mut Mods, col: usize) -> PResult<Inst> {
    let mut b = Buf {
        op,
        vdata: None,
        vaddr: None,
        srsrc: None,
        soffset: None,
        offset: 0,
        offen: mods.flag("offen"),
        idxen: mods.flag("idxen"),
        glc: mods.flag("glc"),
        slc: mods.flag("slc"),
        lds: mods.flag("lds"),
        tfe: mods.flag("tfe"),
        dfmt: 0,
        nfmt: 0,
    };
    if op.format() == Format::Mtbuf {
        b.dfmt = 1;
        if let Some(v) = mods.num("dfmt")? {
            b.dfmt = in_range(v, 0, 15, col, "dfmt")? as u8;
        }
        if let Some(v) = mods.num("nfmt")? {
            b.nfmt = in_range(v, 0, 7, col, "nfmt")? as u8;
        }
        match mods.take("format") {
            None => {}
            Some(Mod {
                val: ModVal::List(a),
                col,
                ..
            }) => {
                for x in &a {
                    fmt_arg(x, col, &mut b.dfmt, &mut b.nfmt)?;
                }
            }
            Some(Mod {
                val: ModVal::Num(v),
                col,
                ..
            }) => {
                let v = in_range(v, 0, 127, col, "format")?;
                b.dfmt = (v & 15) as u8;
                b.nfmt = (v >> 4) as u8;
            }
            Some(m) => return Err((m.col, "bad format".into())),
        }
    }
    if let Some(v) = mods.num("offset")? {
        b.offset = in_range(v, 0, 4095, col, "offset")? as u16;
    }
    let rsrc = |o: &Op| -> PResult<Operand> { reg(o) };
    let soff = |o: &Op| -> PResult<Operand> {
        no_mods(o)?;
        constant(&o.val, Ty::B32, o.col)
    };
    match kind {
        BufKind::NoOp => count(ops, 0, col)?,
        BufKind::StoreLds => {
            count(ops, 2, col)?;
            b.srsrc = Some(rsrc(&ops[0])?);
            b.soffset = Some(soff(&ops[1])?);
        }
        _ => {
            count(ops, 4, col)?;
            b.vdata = Some(vreg(&ops[0])?);
            b.vaddr = match ops[1].val {
                Val::Off => None,
                _ => Some(vreg(&ops[1])?),
            };
            b.srsrc = Some(rsrc(&ops[2])?);
            b.soffset = Some(soff(&ops[3])?);
        }
    }
    Ok(Inst::Buf(b))
}

fn build_flat(
    op: Opcode,
    kind: FlatKind,
    ops: &[Op],
    mods: &mut Mods,
    col: usize,
) -> PResult<Inst> {
    let seg = op.format();
    let glc = mods.flag("glc");
    let with_saddr = usize::from(seg != Format::Flat);
    let (has_vdst, has_data) = match kind {
        FlatKind::Load => (true, false),
        FlatKind::Store => (false, true),
        FlatKind::Atomic => (glc, true),
    };
    let n = usize::from(has_vdst) + 1 + usize::from(has_data) + with_saddr;
    count(ops, n, col)?;
    let mut k = 0;
    let vdst = if has_vdst {
        k += 1;
        Some(vreg(&ops[0])?)
    } else {
        None
    };
    let addr = match ops[k].val {
        Val::Off if seg == Format::Scratch => None,
        _ => Some(vreg(&ops[k])?),
    };
    k += 1;
    let data = if has_data {
        k += 1;
        Some(vreg(&ops[k - 1])?)
    } else {
        None
    };
    let saddr = if with_saddr == 1 {
        match ops[k].val {
            Val::Off => None,
            _ => Some(reg(&ops[k])?),
        }
    } else {
        None
    };
    let offset = match mods.num("offset")? {
        None => 0,
        Some(v) if seg == Format::Flat => {
            in_range(v, 0, 4095, col, "offset (12-bit unsigned)")? as i16
        }
        Some(v) => in_range(v, -4096, 4095, col, "offset (13-bit signed)")? as i16,
    };
    Ok(Inst::Flat(Flat {
        op,
        vdst,
        addr,
        data,
        saddr,
        offset,
        glc,
        slc: mods.flag("slc"),
    }))
}

fn build_exp(col: usize, p: &mut Parser) -> PResult<Inst> {
    let tcol = p.col();
    let target = match p.next() {
        Some((Tok::Ident(t), _)) => {
            let t = t.to_ascii_lowercase();
            let num = |pre: &str| t.strip_prefix(pre).and_then(|n| n.parse::<u8>().ok());
            if t == "mrtz" {
                8
            } else if t == "null" {
                9
            } else if let Some(n) = num("mrt").filter(|n| *n < 8) {
                n
            } else if let Some(n) = num("pos").filter(|n| *n < 4) {
                12 + n
            } else if let Some(n) = num("param").filter(|n| *n < 32) {
                32 + n
            } else {
                return Err((tcol, format!("unknown export target `{t}`")));
            }
        }
        _ => return Err((tcol, "expected an export target".into())),
    };
    let (ops, mods) = items(p)?;
    let mut mods = Mods(mods);
    count(&ops, 4, col)?;
    let compr = mods.flag("compr");
    let mut e = Exp {
        target,
        en: 0,
        vsrc: [0; 4],
        done: mods.flag("done"),
        compr,
        vm: mods.flag("vm"),
    };
    for (n, o) in ops.iter().enumerate() {
        match o.val {
            Val::Off => {}
            Val::Reg(Operand::Vgpr { index, count: 1 }) => {
                if !compr {
                    e.en |= 1 << n;
                    e.vsrc[n] = index;
                } else if n % 2 == 0 {
                    // With compr, source 0 fills VSRC0 and enables channels 0-1, source 2
                    // fills VSRC1 and enables 2-3; sources 1 and 3 repeat them (LLVM).
                    e.en |= 3 << n;
                    e.vsrc[n / 2] = index;
                }
            }
            _ => return Err((o.col, "expected a VGPR or off".into())),
        }
    }
    mods.done()?;
    Ok(Inst::Exp(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_are_located() {
        let e = parse_asm("s_nop 0\n  s_add_u32 s0, s1, v2\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 3));
        let e = parse_asm("v_add_f32 v0, v1, v2 foo:3").unwrap_err();
        assert_eq!((e.line, e.col), (1, 22));
        assert!(parse_asm("s_bogus s0").is_err());
        assert!(parse_asm("s_mov_b64 s[1:2], s[4:5]").is_err());
    }

    #[test]
    fn inline_float_on_16_bit_integer_operand() {
        // llvm-mc 14 disassembles these bytes (VOP3 v_add_u16, src0 = inline 0.5) as
        // `v_add_u16_e64 v0, 0x3800, v1` and rejects that text; we read it back exactly.
        let bytes = [0x00, 0x00, 0x26, 0xd1, 0xf0, 0x02, 0x02, 0x00];
        let d = crate::isa::decode(&bytes).unwrap();
        let text = d[0].1.to_string();
        assert_eq!(text, "v_add_u16_e64 v0, 0x3800, v1");
        assert_eq!(
            crate::isa::encode(&parse_asm(&text).unwrap()).unwrap(),
            bytes
        );
        // In the 32-bit encoding the same text is a literal, as in LLVM.
        let e32 = parse_asm("v_add_u16 v0, 0x3800, v1").unwrap();
        assert_eq!(
            crate::isa::encode(&e32).unwrap(),
            [0xff, 0x02, 0x00, 0x4c, 0x00, 0x38, 0x00, 0x00]
        );
    }

    #[test]
    fn waitcnt_with_reserved_bits_round_trips() {
        // 0x3080 sets bits 7, 12 and 13, which no counter uses; the counters are all 0.
        let bytes = [0x80, 0x30, 0x8c, 0xbf];
        let d = crate::isa::decode(&bytes).unwrap();
        let text = d[0].1.to_string();
        assert_eq!(text, "s_waitcnt 0x3080");
        assert_eq!(
            crate::isa::encode(&parse_asm(&text).unwrap()).unwrap(),
            bytes
        );
        // Without reserved bits the counters are named.
        let d = crate::isa::decode(&[0x00, 0x00, 0x8c, 0xbf]).unwrap();
        assert_eq!(
            d[0].1.to_string(),
            "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)"
        );
    }

    #[test]
    fn f16_conversion() {
        assert_eq!(f32_to_f16(1.0), 0x3c00);
        assert_eq!(f32_to_f16(-2.5), 0xc100);
        assert_eq!(f32_to_f16(65504.0), 0x7bff);
        assert_eq!(f32_to_f16(1e6), 0x7c00);
    }
}
