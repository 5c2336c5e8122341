//! The assembler: reads the listing [`super::disasm`] prints (the format of
//! `r600-evergreen-asm-format.txt` adapted to Cayman) back into a [`Program`].
//!
//! Line-oriented; `;` starts a comment; mnemonics and property names are case-insensitive.
//! A CF line is `NN ...` where NN must be the CF slot the instruction lands in; ALU lines are
//! `[N] x: ...` and fetch lines `N MNEMONIC ...` and belong to the clause of the CF line above
//! them (the clause at that CF instruction's ADDR). Errors carry line and column.

use std::collections::BTreeMap;

use super::alu::{
    AluClause, AluDst, AluGroup, AluInst, AluSrc, BankSwizzle, Chan, ExecMaskOp, IndexMode,
    LdsFields, Omod, PredSel, SrcSel,
};
use super::cf::{
    CfAlu, CfAluExt, CfCond, CfExport, CfGws, CfInst, CfMem, CfWord, ExportType, Kcache,
    KcacheMode, MemTarget,
};
use super::fetch::{FetchClause, FetchDst, FetchInst, MemRdInst, TexInst, VtxInst};
use super::opcodes::{
    AluEncoding, AluOp, CfAluOp, CfArg, CfOp, ExportOp, ExportWord0, LdsOp, RatInst, SpecialSel,
    TexOp, VtxOp,
};
use super::Program;

/// A listing that does not assemble: where and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{col}: {msg}")]
pub struct AsmError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
    /// What was expected.
    pub msg: String,
}

type R<T> = Result<T, (usize, String)>;

/// Assembles a listing to program bytes.
pub fn assemble(text: &str) -> Result<Vec<u8>, AsmError> {
    let p = parse_program(text)?;
    p.encode().map_err(|e| AsmError {
        line: 0,
        col: 0,
        msg: e.msg,
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Cur {
    None,
    Alu(u32),
    Fetch(u32),
}

/// Parses a listing into a [`Program`] (no encoding checks beyond field syntax).
pub fn parse_program(text: &str) -> Result<Program, AsmError> {
    let mut p = Program::default();
    let mut cur = Cur::None;
    let mut group: Option<PendingGroup> = None;
    let mut slot = 0u32;
    for (ln, raw) in text.lines().enumerate() {
        let line = raw.split(';').next().unwrap_or("");
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let err = |(off, msg): (usize, String)| AsmError {
            line: ln + 1,
            col: off + 1,
            msg,
        };
        let off_of = |s: &str| (s.as_ptr() as usize).saturating_sub(raw.as_ptr() as usize);
        let res: R<()> = (|| {
            let (num, rest) = split_number(t);
            let rest = rest.trim_start();
            let is_slot = |s: &str| {
                let b = s.as_bytes();
                b.len() >= 2 && matches!(b[0], b'x' | b'y' | b'z' | b'w') && b[1] == b':'
            };
            if is_slot(rest) {
                let Cur::Alu(addr) = cur else {
                    return Err((off_of(rest), "ALU instruction outside an ALU clause".into()));
                };
                if num.is_some() || group.is_none() {
                    if let Some(g) = group.take() {
                        push_group(&mut p, addr, g).map_err(|m| (off_of(rest), m))?;
                    }
                    group = Some(PendingGroup::default());
                }
                let g = group.as_mut().ok_or((0, "no group".to_string()))?;
                parse_alu_line(rest, g, &off_of)?;
                return Ok(());
            }
            let Some(n) = num else {
                return Err((
                    off_of(t),
                    "expected a CF index, a group counter or a slot (x:, y:, z:, w:)".into(),
                ));
            };
            let word = rest
                .split(|c: char| c.is_whitespace() || c == ':')
                .next()
                .unwrap_or("");
            if is_fetch_mnemonic(word) {
                let Cur::Fetch(addr) = cur else {
                    return Err((
                        off_of(rest),
                        "fetch instruction outside a fetch clause".into(),
                    ));
                };
                let f = parse_fetch(rest, &off_of)?;
                p.fetch_clauses.entry(addr).or_default().insts.push(f);
                return Ok(());
            }
            // A CF instruction: close any open group first.
            if let (Some(g), Cur::Alu(addr)) = (group.take(), cur) {
                push_group(&mut p, addr, g).map_err(|m| (off_of(rest), m))?;
            }
            if n != u64::from(slot) {
                return Err((
                    off_of(t),
                    format!("CF index {n}, but this instruction is at CF slot {slot}"),
                ));
            }
            let inst = parse_cf(rest, &off_of)?;
            slot += inst.slots();
            cur = Cur::None;
            if let Some((addr, _)) = inst.alu_clause() {
                if let std::collections::btree_map::Entry::Vacant(e) = p.alu_clauses.entry(addr) {
                    e.insert(AluClause::default());
                    cur = Cur::Alu(addr);
                }
            }
            if let Some((addr, _)) = inst.fetch_clause() {
                if let std::collections::btree_map::Entry::Vacant(e) = p.fetch_clauses.entry(addr) {
                    e.insert(FetchClause::default());
                    cur = Cur::Fetch(addr);
                }
            }
            p.cf.push(inst);
            Ok(())
        })();
        res.map_err(err)?;
    }
    if let (Some(g), Cur::Alu(addr)) = (group.take(), cur) {
        push_group(&mut p, addr, g).map_err(|msg| AsmError {
            line: text.lines().count(),
            col: 1,
            msg,
        })?;
    }
    Ok(p)
}

fn split_number(t: &str) -> (Option<u64>, &str) {
    let end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    if end == 0 {
        return (None, t);
    }
    match t[..end].parse() {
        Ok(n) => (Some(n), &t[end..]),
        Err(_) => (None, t),
    }
}

fn is_fetch_mnemonic(w: &str) -> bool {
    VtxOp::from_name(w).is_some()
        || TexOp::from_name(w).is_some()
        || w.eq_ignore_ascii_case("MEM_RD")
}

#[derive(Default)]
struct PendingGroup {
    insts: Vec<AluInst>,
    lits: BTreeMap<usize, u32>,
    explicit: Option<Vec<u32>>,
}

fn push_group(p: &mut Program, addr: u32, g: PendingGroup) -> Result<(), String> {
    let mut group = AluGroup::new(g.insts);
    match g.explicit {
        Some(l) => group.literals = l,
        None => {
            let n = group.literal_slots() * 2;
            group.literals = (0..n)
                .map(|k| g.lits.get(&k).copied().unwrap_or(0))
                .collect();
        }
    }
    p.alu_clauses.entry(addr).or_default().groups.push(group);
    Ok(())
}

/// Splits at top-level commas (not inside parentheses or brackets).
fn split_commas(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (k, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// Splits at top-level whitespace.
fn split_ws(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start: Option<usize> = None;
    for (k, c) in s.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        if c.is_whitespace() && depth <= 0 {
            if let Some(st) = start.take() {
                out.push(&s[st..k]);
            }
        } else if start.is_none() {
            start = Some(k);
        }
    }
    if let Some(st) = start {
        out.push(&s[st..]);
    }
    out
}

/// Operands (comma separated) followed by whitespace-separated properties.
fn operands_and_props(s: &str) -> (Vec<&str>, Vec<&str>) {
    let mut ops: Vec<&str> = split_commas(s).into_iter().map(str::trim).collect();
    let mut props = Vec::new();
    if let Some(last) = ops.pop() {
        let mut parts = split_ws(last).into_iter();
        if let Some(first) = parts.next() {
            ops.push(first);
        }
        props.extend(parts);
    }
    ops.retain(|o| !o.is_empty());
    (ops, props)
}

/// A property `NAME` or `NAME(arg)`.
fn prop(p: &str) -> (String, Option<&str>) {
    match p.find('(') {
        Some(k) if p.ends_with(')') => (p[..k].to_ascii_uppercase(), Some(&p[k + 1..p.len() - 1])),
        _ => (p.to_ascii_uppercase(), None),
    }
}

fn num<T: TryFrom<u64>>(s: Option<&str>, what: &str) -> Result<T, String> {
    let s = s.ok_or_else(|| format!("{what} needs a value"))?.trim();
    let v = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u64::from_str_radix(h, 16)
    } else {
        s.parse::<u64>()
    }
    .map_err(|_| format!("{what}: `{s}` is not a number"))?;
    T::try_from(v).map_err(|_| format!("{what}: {v} is too large"))
}

fn chan_of(c: &str) -> Result<Chan, String> {
    match c {
        "x" | "X" => Ok(Chan::X),
        "y" | "Y" => Ok(Chan::Y),
        "z" | "Z" => Ok(Chan::Z),
        "w" | "W" => Ok(Chan::W),
        _ => Err(format!("`{c}` is not a channel (x, y, z, w)")),
    }
}

fn index_of(s: &str) -> Result<IndexMode, String> {
    match s.to_ascii_uppercase().as_str() {
        "AR.X" => Ok(IndexMode::ArX),
        "AL" => Ok(IndexMode::Loop),
        "G" => Ok(IndexMode::Global),
        "G+AR.X" => Ok(IndexMode::GlobalArX),
        _ => Err(format!("`{s}` is not an index (AR.x, AL, G, G+AR.x)")),
    }
}

/// Splits `base[index].c` into base, optional index, optional channel.
fn split_rel_chan(s: &str) -> Result<(&str, Option<IndexMode>, Option<Chan>), String> {
    let (head, chan) = match s.rsplit_once('.') {
        Some((h, c)) if c.len() == 1 && "xyzwXYZW".contains(c) && !h.is_empty() => {
            (h, Some(chan_of(c)?))
        }
        _ => (s, None),
    };
    if let Some(h) = head.strip_suffix(']') {
        // The index bracket is the last '[' not closing a KCn[..] base.
        if let Some(k) = h.rfind('[') {
            if let Ok(m) = index_of(&h[k + 1..]) {
                return Ok((&h[..k], Some(m), chan));
            }
        }
    }
    Ok((head, None, chan))
}

fn parse_literal(s: &str) -> Result<u32, String> {
    let inner = s
        .strip_prefix('(')
        .and_then(|x| x.strip_suffix(')'))
        .ok_or("bad literal")?;
    let first = inner.split(',').next().unwrap_or("").trim();
    if let Some(h) = first
        .strip_prefix("0x")
        .or_else(|| first.strip_prefix("0X"))
    {
        return u32::from_str_radix(h, 16).map_err(|_| format!("bad literal hex `{first}`"));
    }
    // Short form `(1.0f)`: a float.
    let f: f32 = first
        .trim_end_matches('f')
        .parse()
        .map_err(|_| format!("bad literal `{first}`"))?;
    Ok(f.to_bits())
}

struct Src {
    src: AluSrc,
    mode: Option<IndexMode>,
    literal: Option<u32>,
}

fn parse_src(text: &str) -> Result<Src, String> {
    let t = text.trim();
    // Specials first: "-1" is a name, "-1.0f" is a negated 1.0f.
    for s in SpecialSel::all() {
        let name = s.name();
        if let Some(rest) = t.strip_prefix(name) {
            if rest.is_empty()
                || rest.starts_with('[')
                || (rest.starts_with('.') && rest.len() == 2 && "xyzw".contains(&rest[1..]))
            {
                let (_, mode, chan) = split_rel_chan(t)?;
                if !rest.is_empty() && !rest.starts_with('.') && mode.is_none() {
                    continue;
                }
                return Ok(Src {
                    src: AluSrc {
                        sel: SrcSel::Special(s),
                        chan: chan.unwrap_or(Chan::X),
                        rel: mode.is_some(),
                        neg: false,
                        abs: false,
                    },
                    mode,
                    literal: None,
                });
            }
        }
    }
    if let Some(inner) = t.strip_prefix("NEG(").and_then(|x| x.strip_suffix(')')) {
        let mut s = parse_src(inner)?;
        s.src.neg = !s.src.neg;
        return Ok(s);
    }
    if let Some(rest) = t.strip_prefix('-') {
        let mut s = parse_src(rest)?;
        if s.src.neg {
            return Err(format!("`{t}`: double negation"));
        }
        s.src.neg = true;
        return Ok(s);
    }
    if let Some(inner) = t.strip_prefix('|').and_then(|x| x.strip_suffix('|')) {
        let mut s = parse_src(inner)?;
        if s.src.abs || s.src.neg {
            return Err(format!("`{t}`: write -|x|, not |-x|"));
        }
        s.src.abs = true;
        return Ok(s);
    }
    let (base, mode, chan) = split_rel_chan(t)?;
    let chan_req = || chan.ok_or_else(|| format!("`{t}` needs a channel (.x .y .z .w)"));
    let mut literal = None;
    let sel = if let Some(n) = base.strip_prefix('R').or_else(|| base.strip_prefix('r')) {
        let g: u8 = num(Some(n), "GPR")?;
        if g > 127 {
            return Err(format!("R{g}: GPRs are 0..127"));
        }
        SrcSel::Gpr(g)
    } else if let Some(rest) = base.strip_prefix("KC") {
        let (set, idx) = rest
            .split_once('[')
            .ok_or_else(|| format!("`{t}`: expected KCn[i]"))?;
        let idx = idx
            .strip_suffix(']')
            .ok_or_else(|| format!("`{t}`: expected KCn[i]"))?;
        let set: u8 = num(Some(set), "kcache set")?;
        let index: u8 = num(Some(idx), "kcache index")?;
        if set > 3 || index > 31 {
            return Err(format!("`{t}`: kcache sets are KC0..KC3 with 32 constants"));
        }
        SrcSel::Kcache { set, index }
    } else if base.starts_with('(') {
        literal = Some(parse_literal(base)?);
        SrcSel::Literal
    } else if let Some(rest) = base.strip_prefix("PV") {
        let rest = rest.trim_start_matches('(').trim_end_matches(')');
        if !rest.is_empty() {
            let _: u64 = num(Some(rest), "PV group")?;
        }
        SrcSel::Pv
    } else {
        return Err(format!("`{t}` is not an operand"));
    };
    Ok(Src {
        src: AluSrc {
            sel,
            chan: chan_req()?,
            rel: mode.is_some(),
            neg: false,
            abs: false,
        },
        mode,
        literal,
    })
}

fn parse_alu_line(rest: &str, g: &mut PendingGroup, off_of: &dyn Fn(&str) -> usize) -> R<()> {
    let slot = chan_of(&rest[..1]).map_err(|m| (off_of(rest), m))?;
    let body = rest[2..].trim();
    let mnem_end = body.find(char::is_whitespace).unwrap_or(body.len());
    let mnem = &body[..mnem_end];
    let at = |s: &str, m: String| (off_of(s), m);
    let (name, omod) = if let Some(n) = mnem.strip_suffix("*2") {
        (n, Omod::M2)
    } else if let Some(n) = mnem.strip_suffix("*4") {
        (n, Omod::M4)
    } else if let Some(n) = mnem.strip_suffix("/2") {
        (n, Omod::D2)
    } else {
        (mnem, Omod::Off)
    };
    let lds = LdsOp::from_name(name);
    let op = match lds {
        Some(_) => AluOp::LdsIdxOp,
        None => AluOp::from_name(name)
            .ok_or_else(|| at(mnem, format!("unknown ALU opcode `{name}`")))?,
    };
    let mut inst = match lds {
        Some(l) => AluInst::lds(l, &[]),
        None => AluInst::new(op, 0, slot, &[]),
    };
    inst.dst.chan = slot;
    inst.omod = omod;
    let (ops, props) = operands_and_props(&body[mnem_end..]);
    let mut modes: Vec<IndexMode> = Vec::new();
    let mut srcs = ops.as_slice();
    if lds.is_none() {
        let (d, rest_ops) = srcs
            .split_first()
            .ok_or_else(|| at(body, "missing destination".into()))?;
        srcs = rest_ops;
        let (dst, mode) = parse_dst(d, op, slot).map_err(|m| at(d, m))?;
        inst.dst = dst;
        modes.extend(mode);
    }
    let max = match (lds.is_some(), op.encoding()) {
        (false, AluEncoding::Op2) => 2,
        _ => 3,
    };
    if srcs.len() > max {
        return Err(at(
            body,
            format!("{name} takes at most {max} source fields"),
        ));
    }
    for (k, s) in srcs.iter().enumerate() {
        let p = parse_src(s).map_err(|m| at(s, m))?;
        if let Some(v) = p.literal {
            let c = p.src.chan.index();
            if let Some(old) = g.lits.insert(c, v) {
                if old != v {
                    return Err(at(
                        s,
                        format!(
                            "literal .{} is already {old:#010x} in this group",
                            p.src.chan.letter()
                        ),
                    ));
                }
            }
        }
        modes.extend(p.mode);
        if let Some(slot_src) = inst.src.get_mut(k) {
            *slot_src = p.src;
        }
    }
    if let Some(m) = modes.first() {
        if modes.iter().any(|x| x != m) {
            return Err(at(
                body,
                "all relative operands of an instruction share one INDEX_MODE (cayman L1428)"
                    .into(),
            ));
        }
        inst.index_mode = *m;
    }
    for pr in props.iter().copied() {
        let (n, arg) = prop(pr);
        let e = |m: String| at(pr, m);
        match n.as_str() {
            "CLAMP" => inst.clamp = true,
            "UPDATE_PRED" => inst.update_pred = true,
            "UPDATE_EXEC_MASK" => {
                inst.update_exec_mask = true;
                inst.exec_mask_op = match arg.map(str::to_ascii_uppercase).as_deref() {
                    None | Some("DEACTIVATE") => ExecMaskOp::Deactivate,
                    Some("BREAK") => ExecMaskOp::Break,
                    Some("CONTINUE") => ExecMaskOp::Continue,
                    Some("KILL") => ExecMaskOp::Kill,
                    Some(o) => return Err(e(format!("unknown EXECUTE_MASK_OP `{o}`"))),
                };
            }
            "PRED_SEL_ZERO" => inst.pred_sel = PredSel::Zero,
            "PRED_SEL_ONE" => inst.pred_sel = PredSel::One,
            "WRITE" => inst.dst.write = true,
            "INDEX_MODE" => inst.index_mode = index_of(arg.unwrap_or("")).map_err(e)?,
            "IDX_OFFSET" => {
                let v: u8 = num(arg, "IDX_OFFSET").map_err(e)?;
                match inst.lds.as_mut() {
                    Some(l) => l.idx_offset = v,
                    None => return Err(e("IDX_OFFSET is for LDS instructions".into())),
                }
            }
            "LITERALS" => {
                let list = arg.unwrap_or("");
                let vals: Result<Vec<u32>, String> =
                    list.split(',').map(|v| num(Some(v), "literal")).collect();
                g.explicit = Some(vals.map_err(e)?);
            }
            _ => match BankSwizzle::ALL.iter().find(|b| b.name() == n) {
                Some(b) => inst.bank_swizzle = *b,
                None => return Err(e(format!("unknown ALU property `{pr}`"))),
            },
        }
    }
    if op == AluOp::MovaInt && !props.iter().any(|p| p.eq_ignore_ascii_case("WRITE")) {
        inst.dst.write = false;
    }
    if let Some(l) = inst.lds {
        inst.lds = Some(LdsFields {
            op: l.op,
            idx_offset: l.idx_offset,
        });
    }
    g.insts.push(inst);
    Ok(())
}

fn parse_dst(d: &str, op: AluOp, slot: Chan) -> Result<(AluDst, Option<IndexMode>), String> {
    if op == AluOp::MovaInt {
        let (base, mode, _) = split_rel_chan(d)?;
        let base = if mode.is_some() { base } else { d };
        let gpr = match base.to_ascii_uppercase().as_str() {
            "AR.X" | "AR" => 0,
            "CF_PC" => 1,
            "CF_IDX0" => 2,
            "CF_IDX1" => 3,
            "CLAUSE_GLOBAL.B0" => 4,
            "CLAUSE_GLOBAL.B1" => 5,
            "CLAUSE_GLOBAL.B2" => 6,
            "CLAUSE_GLOBAL.B3" => 7,
            other => match other
                .strip_prefix("MOVA_DST(")
                .and_then(|x| x.strip_suffix(')'))
            {
                Some(v) => num(Some(v), "MOVA_DST")?,
                None => return Err(format!("`{d}` is not a MOVA_INT destination")),
            },
        };
        return Ok((
            AluDst {
                gpr,
                rel: mode.is_some(),
                chan: slot,
                write: false,
            },
            mode,
        ));
    }
    if d == "____" {
        return Ok((
            AluDst {
                gpr: 0,
                rel: false,
                chan: slot,
                write: false,
            },
            None,
        ));
    }
    if let Some(inner) = d.strip_prefix("____(").and_then(|x| x.strip_suffix(')')) {
        let (base, mode, _) = split_rel_chan(inner)?;
        let g: u8 = num(base.strip_prefix('R'), "destination GPR")?;
        return Ok((
            AluDst {
                gpr: g,
                rel: mode.is_some(),
                chan: slot,
                write: false,
            },
            mode,
        ));
    }
    let (base, mode, chan) = split_rel_chan(d)?;
    let g: u8 = num(
        base.strip_prefix('R').or_else(|| base.strip_prefix('r')),
        "destination GPR",
    )?;
    if g > 127 {
        return Err(format!("R{g}: GPRs are 0..127"));
    }
    let chan = chan.ok_or("the destination needs a channel")?;
    if chan != slot {
        return Err(format!(
            "destination channel .{} in slot {}: the slot is the destination channel (cayman L1400)",
            chan.letter(),
            slot.letter()
        ));
    }
    Ok((
        AluDst {
            gpr: g,
            rel: mode.is_some(),
            chan,
            write: true,
        },
        mode,
    ))
}

fn sel_of(c: char) -> Result<u8, String> {
    Ok(match c {
        'x' | 'X' => 0,
        'y' | 'Y' => 1,
        'z' | 'Z' => 2,
        'w' | 'W' => 3,
        '0' => 4,
        '1' => 5,
        '?' => 6,
        '_' => 7,
        _ => return Err(format!("`{c}` is not a component select")),
    })
}

fn sels4(s: &str) -> Result<[u8; 4], String> {
    let v: Vec<u8> = s.chars().map(sel_of).collect::<Result<_, _>>()?;
    v.try_into()
        .map_err(|_| format!("`{s}` needs four component selects"))
}

/// `R5[AL].xyzw` → (5, rel, "xyzw").
fn reg_sel(s: &str) -> Result<(u8, bool, &str), String> {
    let (r, sel) = s
        .split_once('.')
        .ok_or_else(|| format!("`{s}`: expected Rn.sel"))?;
    let (r, rel) = match r.strip_suffix("[AL]") {
        Some(b) => (b, true),
        None => (r, false),
    };
    let g: u8 = num(r.strip_prefix('R'), "GPR")?;
    if g > 127 {
        return Err(format!("R{g}: GPRs are 0..127"));
    }
    Ok((g, rel, sel))
}

fn parse_cf(rest: &str, off_of: &dyn Fn(&str) -> usize) -> R<CfInst> {
    let at = |s: &str, m: String| (off_of(s), m);
    let (head, tail) = match rest.find(':') {
        Some(k) => (&rest[..k], Some(&rest[k + 1..])),
        None => {
            let k = rest.find(char::is_whitespace).unwrap_or(rest.len());
            (&rest[..k], None)
        }
    };
    let name = head.trim();
    let body = tail.unwrap_or(&rest[name.len()..]);
    if let Some(op) = CfAluOp::from_name(name) {
        return parse_cf_alu(op, body, off_of);
    }
    if name.eq_ignore_ascii_case("EXP") || name.eq_ignore_ascii_case("EXP_DONE") {
        let op = if name.eq_ignore_ascii_case("EXP") {
            ExportOp::Export
        } else {
            ExportOp::ExportDone
        };
        return parse_export(op, body, off_of);
    }
    for (suffix, ty) in [
        ("_WRITE_IND_ACK", 3),
        ("_WRITE_ACK", 2),
        ("_WRITE_IND", 1),
        ("_WRITE", 0),
    ] {
        if let Some(opname) = name.strip_suffix(suffix) {
            if let Some(op) = ExportOp::from_name(opname) {
                return parse_mem(op, ExportType::from_bits(ty), body, off_of);
            }
        }
    }
    let op = CfOp::from_name(name)
        .ok_or_else(|| at(head, format!("unknown CF instruction `{name}`")))?;
    let mut w = CfWord::new(op, 0);
    let mut gws = CfGws {
        value: 0,
        resource: 0,
        sign: false,
        val_index_mode: 0,
        rsrc_index_mode: 0,
        gws_opcode: 0,
        word1: w,
    };
    let mut seen_cnt = false;
    for pr in split_ws(body) {
        let (n, arg) = prop(pr);
        let e = |m: String| at(pr, m);
        match n.as_str() {
            "ADDR" => w.addr = num(arg, "ADDR").map_err(e)?,
            "CNT" if op.info().arg == CfArg::Clause => {
                let c: u8 = num(arg, "CNT").map_err(e)?;
                w.count = c
                    .checked_sub(1)
                    .ok_or_else(|| e("CNT is at least 1".into()))?;
                seen_cnt = true;
            }
            "COUNT" => w.count = num(arg, "COUNT").map_err(e)?,
            "JTS" => w.jumptable_sel = num(arg, "JTS").map_err(e)?,
            "GWS_OP" => gws.gws_opcode = num(arg, "GWS_OP").map_err(e)?,
            "VALUE" => gws.value = num(arg, "VALUE").map_err(e)?,
            "RESOURCE" => gws.resource = num(arg, "RESOURCE").map_err(e)?,
            "SIGN" => gws.sign = true,
            "VAL_INDEX_MODE" => gws.val_index_mode = num(arg, "VAL_INDEX_MODE").map_err(e)?,
            "RSRC_INDEX_MODE" => gws.rsrc_index_mode = num(arg, "RSRC_INDEX_MODE").map_err(e)?,
            _ => word1_prop(&mut w, &n, arg).map_err(|m| at(pr, m))?,
        }
    }
    if op.info().arg == CfArg::Clause && !seen_cnt {
        return Err(at(rest, format!("{name} needs ADDR(n) CNT(n)")));
    }
    if op.info().arg == CfArg::Gws {
        gws.word1 = CfWord {
            addr: 0,
            jumptable_sel: 0,
            ..w
        };
        return Ok(CfInst::Gws(gws));
    }
    Ok(CfInst::Word(w))
}

fn word1_prop(w: &mut CfWord, n: &str, arg: Option<&str>) -> Result<(), String> {
    match n {
        "POP_CNT" => w.pop_count = num(arg, "POP_CNT")?,
        "CF_CONST" => w.cf_const = num(arg, "CF_CONST")?,
        "CND" => {
            w.cond = match arg.map(str::to_ascii_uppercase).as_deref() {
                Some("ACTIVE") => CfCond::Active,
                Some("FALSE") => CfCond::False,
                Some("BOOL") => CfCond::Bool,
                Some("NOT_BOOL") => CfCond::NotBool,
                _ => return Err("CND takes ACTIVE, FALSE, BOOL or NOT_BOOL".into()),
            }
        }
        "VALID_PIX" | "VPM" => w.valid_pixel_mode = true,
        "NO_BARRIER" => w.barrier = false,
        "BARRIER" => w.barrier = true,
        _ => return Err(format!("unknown CF property `{n}`")),
    }
    Ok(())
}

fn parse_kcache(arg: Option<&str>, mode_nop: bool) -> Result<Kcache, String> {
    let a = arg.ok_or("KCACHE needs (CBn:lo-hi)")?;
    let (cb, range) = a.split_once(':').ok_or("expected CBn:lo-hi")?;
    let bank: u8 = num(cb.strip_prefix("CB"), "constant buffer")?;
    if mode_nop {
        let lo: u32 = num(Some(range), "kcache start")?;
        return Ok(Kcache {
            bank,
            mode: KcacheMode::Nop,
            addr: u8::try_from(lo / 16).map_err(|_| "kcache line too large")?,
        });
    }
    let (loop_idx, range) = match range.strip_prefix("AL+") {
        Some(r) => (true, r),
        None => (false, range),
    };
    let (lo, hi) = range.split_once('-').ok_or("expected lo-hi")?;
    let lo: u32 = num(Some(lo), "kcache start")?;
    let hi: u32 = num(Some(hi), "kcache end")?;
    if lo % 16 != 0 {
        return Err(
            "kcache ranges start at a multiple of 16 (one line = 16 constants, cayman L8079)"
                .into(),
        );
    }
    let mode = match (loop_idx, hi.checked_sub(lo)) {
        (true, Some(31)) => KcacheMode::LockLoopIndex,
        (false, Some(15)) => KcacheMode::Lock1,
        (false, Some(31)) => KcacheMode::Lock2,
        _ => return Err("a kcache range covers 16 or 32 constants".into()),
    };
    Ok(Kcache {
        bank,
        mode,
        addr: u8::try_from(lo / 16).map_err(|_| "kcache line too large")?,
    })
}

fn parse_cf_alu(op: CfAluOp, body: &str, off_of: &dyn Fn(&str) -> usize) -> R<CfInst> {
    let mut a = CfAlu::new(op, 0, 1);
    let mut ext: Option<CfAluExt> = None;
    let mut cnt = false;
    for pr in split_ws(body) {
        let (n, arg) = prop(pr);
        let e = |m: String| (off_of(pr), m);
        let ext_mut = |ext: &mut Option<CfAluExt>| -> Result<(), (usize, String)> {
            if ext.is_none() {
                return Err(e(
                    "KCACHE2/3 and ALU_EXTENDED fields need EXTENDED first".into()
                ));
            }
            Ok(())
        };
        match n.as_str() {
            "ADDR" => a.addr = num(arg, "ADDR").map_err(e)?,
            "CNT" => {
                let c: u8 = num(arg, "CNT").map_err(e)?;
                a.count = c
                    .checked_sub(1)
                    .ok_or_else(|| e("CNT is at least 1".into()))?;
                cnt = true;
            }
            "KCACHE0" | "KCACHE1" | "KCACHE0_NOP" | "KCACHE1_NOP" => {
                let k = parse_kcache(arg, n.ends_with("_NOP")).map_err(e)?;
                a.kcache[usize::from(n.as_bytes()[6] - b'0')] = k;
            }
            "EXTENDED" => {
                ext = Some(CfAluExt {
                    barrier: true,
                    ..CfAluExt::default()
                })
            }
            "KCACHE2" | "KCACHE3" | "KCACHE2_NOP" | "KCACHE3_NOP" => {
                ext_mut(&mut ext)?;
                let k = parse_kcache(arg, n.ends_with("_NOP")).map_err(e)?;
                if let Some(x) = ext.as_mut() {
                    x.kcache[usize::from(n.as_bytes()[6] - b'2')] = k;
                }
            }
            "KCACHE_INDEX_MODE" => {
                ext_mut(&mut ext)?;
                let v: Vec<u8> = arg
                    .unwrap_or("")
                    .split(',')
                    .map(|s| num(Some(s), "index mode"))
                    .collect::<Result<_, _>>()
                    .map_err(e)?;
                let v: [u8; 4] = v
                    .try_into()
                    .map_err(|_| e("KCACHE_INDEX_MODE takes four values".into()))?;
                if let Some(x) = ext.as_mut() {
                    x.bank_index_mode = v;
                }
            }
            "EXT_NO_BARRIER" => {
                ext_mut(&mut ext)?;
                if let Some(x) = ext.as_mut() {
                    x.barrier = false;
                }
            }
            "ALT_CONST" => a.alt_const = true,
            "WHOLE_QUAD_MODE" => a.whole_quad_mode = true,
            "NO_BARRIER" => a.barrier = false,
            "BARRIER" => a.barrier = true,
            _ => return Err(e(format!("unknown ALU clause property `{pr}`"))),
        }
    }
    if !cnt {
        return Err((
            off_of(body),
            "an ALU clause instruction needs ADDR(n) CNT(n)".into(),
        ));
    }
    a.ext = ext;
    Ok(CfInst::Alu(a))
}

fn parse_export(op: ExportOp, body: &str, off_of: &dyn Fn(&str) -> usize) -> R<CfInst> {
    let at = |s: &str, m: String| (off_of(s), m);
    let (ops, props) = operands_and_props(body);
    let [target, src] = ops.as_slice() else {
        return Err(at(body, "expected `TARGET, Rn.sel`".into()));
    };
    let (ty, base) = if let Some(n) = target.strip_prefix("PIX") {
        (0, num(Some(n), "PIX").map_err(|m| at(target, m))?)
    } else if let Some(n) = target.strip_prefix("POS") {
        (
            1,
            60 + num::<u16>(Some(n), "POS").map_err(|m| at(target, m))?,
        )
    } else if let Some(n) = target.strip_prefix("PARAM") {
        (2, num(Some(n), "PARAM").map_err(|m| at(target, m))?)
    } else if let Some(r) = target.strip_prefix("TYPE") {
        let (t, b) = r
            .split_once('[')
            .ok_or_else(|| at(target, "expected TYPEn[base]".into()))?;
        (
            num(Some(t), "TYPE").map_err(|m| at(target, m))?,
            num(b.strip_suffix(']'), "base").map_err(|m| at(target, m))?,
        )
    } else {
        return Err(at(
            target,
            format!("`{target}` is not an export target (PIXn, POSn, PARAMn)"),
        ));
    };
    let (gpr, rel, sel) = reg_sel(src).map_err(|m| at(src, m))?;
    let mut e = CfExport {
        op,
        ty: ExportType::from_bits(ty),
        array_base: base,
        rw_gpr: gpr,
        rw_rel: rel,
        index_gpr: 0,
        elem_size: 0,
        sel: sels4(sel).map_err(|m| at(src, m))?,
        burst_count: 0,
        valid_pixel_mode: false,
        legacy_eop: false,
        mark: false,
        barrier: true,
    };
    for pr in props {
        let (n, arg) = prop(pr);
        let er = |m: String| at(pr, m);
        match n.as_str() {
            "INDEX_GPR" => e.index_gpr = num(arg, "INDEX_GPR").map_err(er)?,
            "BURSTCNT" => e.burst_count = burst(arg).map_err(er)?,
            "ELEM_SIZE" => e.elem_size = num(arg, "ELEM_SIZE").map_err(er)?,
            "VPM" | "VALID_PIX" => e.valid_pixel_mode = true,
            "EOP_BIT" => e.legacy_eop = true,
            "MARK" => e.mark = true,
            "NO_BARRIER" => e.barrier = false,
            "BARRIER" => e.barrier = true,
            _ => return Err(er(format!("unknown export property `{pr}`"))),
        }
    }
    Ok(CfInst::Export(e))
}

fn burst(arg: Option<&str>) -> Result<u8, String> {
    let b: u8 = num(arg, "BURSTCNT")?;
    b.checked_sub(1)
        .ok_or_else(|| "BURSTCNT is at least 1".into())
}

fn parse_mem(
    op: ExportOp,
    ty: ExportType,
    body: &str,
    off_of: &dyn Fn(&str) -> usize,
) -> R<CfInst> {
    let at = |s: &str, m: String| (off_of(s), m);
    let (ops, props) = operands_and_props(body);
    let [target, src] = ops.as_slice() else {
        return Err(at(body, "expected `TARGET, Rn.mask`".into()));
    };
    let (target_v, index_gpr) = if op.info().word0 == ExportWord0::Rat {
        let (inst, rest) = target
            .split_once(char::is_whitespace)
            .ok_or_else(|| at(target, "expected `INST RATn[Rm]`".into()))?;
        let inst = RatInst::from_name(inst)
            .ok_or_else(|| at(target, format!("unknown RAT instruction `{inst}`")))?;
        let rest = rest.trim();
        let (id, idx) = rest
            .strip_prefix("RAT")
            .and_then(|r| r.split_once('['))
            .ok_or_else(|| at(rest, "expected RATn[Rm]".into()))?;
        let id: u8 = num(Some(id), "RAT id").map_err(|m| at(rest, m))?;
        let ig: u8 = num(
            idx.strip_suffix(']').and_then(|x| x.strip_prefix('R')),
            "index GPR",
        )
        .map_err(|m| at(rest, m))?;
        (
            MemTarget::Rat {
                id,
                inst,
                index_mode: 0,
            },
            ig,
        )
    } else {
        let inner = target
            .strip_prefix("DWORD_PTR[")
            .and_then(|x| x.strip_suffix(".x]"))
            .ok_or_else(|| at(target, "expected DWORD_PTR[base+Rn.x]".into()))?;
        let (b, r) = inner
            .split_once("+R")
            .ok_or_else(|| at(target, "expected DWORD_PTR[base+Rn.x]".into()))?;
        (
            MemTarget::ArrayBase(num(Some(b), "ARRAY_BASE").map_err(|m| at(target, m))?),
            num(Some(r), "index GPR").map_err(|m| at(target, m))?,
        )
    };
    let (gpr, rel, mask) = reg_sel(src).map_err(|m| at(src, m))?;
    let mut comp_mask = 0u8;
    if mask.len() != 4 {
        return Err(at(
            src,
            "the component mask has four letters (x, y, z, w or _)".into(),
        ));
    }
    for (k, c) in mask.chars().enumerate() {
        match c {
            '_' => {}
            c if c == ['x', 'y', 'z', 'w'][k] => comp_mask |= 1 << k,
            _ => {
                return Err(at(
                    src,
                    format!("`{mask}` is not a component mask like x__w"),
                ))
            }
        }
    }
    let mut target = target_v;
    let mut m = CfMem {
        op,
        target,
        ty,
        rw_gpr: gpr,
        rw_rel: rel,
        index_gpr,
        elem_size: 0,
        array_size: 0,
        comp_mask,
        burst_count: 0,
        valid_pixel_mode: false,
        legacy_eop: false,
        mark: false,
        barrier: true,
    };
    for pr in props {
        let (n, arg) = prop(pr);
        let er = |x: String| at(pr, x);
        match n.as_str() {
            "RAT_INDEX_MODE" => {
                if let MemTarget::Rat { index_mode, .. } = &mut target {
                    *index_mode = num(arg, "RAT_INDEX_MODE").map_err(er)?;
                } else {
                    return Err(er("RAT_INDEX_MODE is for RAT instructions".into()));
                }
            }
            "ARRAY_SIZE" => m.array_size = num(arg, "ARRAY_SIZE").map_err(er)?,
            "BURSTCNT" => m.burst_count = burst(arg).map_err(er)?,
            "ELEM_SIZE" => m.elem_size = num(arg, "ELEM_SIZE").map_err(er)?,
            "VPM" | "VALID_PIX" => m.valid_pixel_mode = true,
            "EOP_BIT" => m.legacy_eop = true,
            "MARK" => m.mark = true,
            "NO_BARRIER" => m.barrier = false,
            "BARRIER" => m.barrier = true,
            _ => return Err(er(format!("unknown memory property `{pr}`"))),
        }
    }
    m.target = target;
    Ok(CfInst::Mem(m))
}

fn num_format(arg: Option<&str>) -> Result<u8, String> {
    Ok(match arg.map(str::to_ascii_uppercase).as_deref() {
        Some("NORM") => 0,
        Some("INT") => 1,
        Some("SCALED") => 2,
        Some("3") => 3,
        _ => return Err("NUM_FORMAT_ALL takes NORM, INT or SCALED".into()),
    })
}

fn parse_fetch(rest: &str, off_of: &dyn Fn(&str) -> usize) -> R<FetchInst> {
    let at = |s: &str, m: String| (off_of(s), m);
    let k = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let name = &rest[..k];
    let (ops, props) = operands_and_props(&rest[k..]);
    let chan_sel = |s: &str| -> Result<u8, String> { Ok(chan_of(s)?.index() as u8) };
    if let Some(op) = VtxOp::from_name(name) {
        let [dst, src, buf] = ops.as_slice() else {
            return Err(at(rest, "expected `Rd.sel, Rs.c, fN`".into()));
        };
        let mut v = VtxInst::buffer_read(0, 0, [7; 4], 0, 0, 0);
        v.op = op;
        v.fetch_type = 0;
        v.num_format_all = 0;
        if let Some(d) = dst.strip_prefix("SemId") {
            let (id, sel) = d
                .split_once('.')
                .ok_or_else(|| at(dst, "expected SemIdN.sel".into()))?;
            let id: u8 = num(Some(id), "semantic id").map_err(|m| at(dst, m))?;
            v.dst = FetchDst {
                gpr: id & 0x7F,
                rel: id >> 7 == 1,
                sel: sels4(sel).map_err(|m| at(dst, m))?,
            };
        } else {
            let (g, rel, sel) = reg_sel(dst).map_err(|m| at(dst, m))?;
            v.dst = FetchDst {
                gpr: g,
                rel,
                sel: sels4(sel).map_err(|m| at(dst, m))?,
            };
        }
        let (g, rel, c) = reg_sel(src).map_err(|m| at(src, m))?;
        v.src_gpr = g;
        v.src_rel = rel;
        v.src_sel_x = chan_sel(c).map_err(|m| at(src, m))?;
        v.buffer_id = num(buf.strip_prefix('f'), "buffer id").map_err(|m| at(buf, m))?;
        for pr in props {
            let (n, arg) = prop(pr);
            let er = |x: String| at(pr, x);
            match n.as_str() {
                "FETCH_TYPE" => v.fetch_type = num(arg, "FETCH_TYPE").map_err(er)?,
                "WHOLE_QUAD" => v.fetch_whole_quad = true,
                "SRC_SEL_Y" => v.src_sel_y = num(arg, "SRC_SEL_Y").map_err(er)?,
                "STRUCTURED_READ" => v.structured_read = num(arg, "STRUCTURED_READ").map_err(er)?,
                "LDS_REQ" => v.lds_req = true,
                "COALESCED" => v.coalesced_read = true,
                "USE_CONST_FIELDS" => v.use_const_fields = true,
                "FORMAT" => v.data_format = num(arg, "FORMAT").map_err(er)?,
                "NUM_FORMAT_ALL" => v.num_format_all = num_format(arg).map_err(er)?,
                "FORMAT_COMP_ALL" => {
                    v.format_comp_all = matches!(arg, Some(a) if a.eq_ignore_ascii_case("SIGNED"))
                }
                "OGL" => v.srf_mode_all = true,
                "DX" => v.srf_mode_all = false,
                "OFFSET" => v.offset = num(arg, "OFFSET").map_err(er)?,
                "ENDIAN" => v.endian_swap = num(arg, "ENDIAN").map_err(er)?,
                "CONST_BUF_NO_STRIDE" => v.const_buf_no_stride = true,
                "ALT_CONST" => v.alt_const = true,
                "BUFFER_INDEX_MODE" => {
                    v.buffer_index_mode = num(arg, "BUFFER_INDEX_MODE").map_err(er)?
                }
                _ => return Err(er(format!("unknown vertex-fetch property `{pr}`"))),
            }
        }
        return Ok(FetchInst::Vtx(v));
    }
    if let Some(op) = TexOp::from_name(name) {
        let [dst, src, res, smp] = ops.as_slice() else {
            return Err(at(rest, "expected `Rd.sel, Rs.sel, tN, sM`".into()));
        };
        let (g, rel, sel) = reg_sel(dst).map_err(|m| at(dst, m))?;
        let (sg, srel, ssel) = reg_sel(src).map_err(|m| at(src, m))?;
        let mut t = TexInst {
            op,
            inst_mod: 0,
            fetch_whole_quad: false,
            resource_id: num(res.strip_prefix('t'), "resource id").map_err(|m| at(res, m))?,
            src_gpr: sg,
            src_rel: srel,
            alt_const: false,
            resource_index_mode: 0,
            sampler_index_mode: 0,
            dst: FetchDst {
                gpr: g,
                rel,
                sel: sels4(sel).map_err(|m| at(dst, m))?,
            },
            lod_bias: 0,
            coord_type: [false; 4],
            offset: [0; 3],
            sampler_id: num(smp.strip_prefix('s'), "sampler id").map_err(|m| at(smp, m))?,
            src_sel: sels4(ssel).map_err(|m| at(src, m))?,
        };
        for pr in props {
            let (n, arg) = prop(pr);
            let er = |x: String| at(pr, x);
            match n.as_str() {
                "INST_MOD" => t.inst_mod = num(arg, "INST_MOD").map_err(er)?,
                "WHOLE_QUAD" => t.fetch_whole_quad = true,
                "ALT_CONST" => t.alt_const = true,
                "RESOURCE_INDEX_MODE" => {
                    t.resource_index_mode = num(arg, "RESOURCE_INDEX_MODE").map_err(er)?
                }
                "SAMPLER_INDEX_MODE" => {
                    t.sampler_index_mode = num(arg, "SAMPLER_INDEX_MODE").map_err(er)?
                }
                "LOD_BIAS" => t.lod_bias = num(arg, "LOD_BIAS").map_err(er)?,
                "NORM" | "UNNORM" => {
                    for c in arg.unwrap_or("").chars() {
                        let k = chan_of(&c.to_string()).map_err(er)?.index();
                        if let Some(b) = t.coord_type.get_mut(k) {
                            *b = n == "NORM";
                        }
                    }
                }
                "OFFSET" => {
                    let v: Vec<u8> = arg
                        .unwrap_or("")
                        .split(',')
                        .map(|s| num(Some(s), "offset"))
                        .collect::<Result<_, _>>()
                        .map_err(er)?;
                    t.offset = v
                        .try_into()
                        .map_err(|_| er("OFFSET takes three values".into()))?;
                }
                _ => return Err(er(format!("unknown texture property `{pr}`"))),
            }
        }
        return Ok(FetchInst::Tex(t));
    }
    // MEM_RD
    let [dst, src] = ops.as_slice() else {
        return Err(at(rest, "expected `Rd.sel, Rs.c`".into()));
    };
    let (g, rel, sel) = reg_sel(dst).map_err(|m| at(dst, m))?;
    let (sg, srel, c) = reg_sel(src).map_err(|m| at(src, m))?;
    let mut m = MemRdInst {
        elem_size: 0,
        fetch_whole_quad: false,
        mem_op: 0,
        uncached: false,
        indexed: false,
        src_sel_y: 0,
        src_gpr: sg,
        src_rel: srel,
        src_sel_x: chan_sel(c).map_err(|x| at(src, x))?,
        burst_count: 0,
        lds_req: false,
        coalesced_read: false,
        dst: FetchDst {
            gpr: g,
            rel,
            sel: sels4(sel).map_err(|x| at(dst, x))?,
        },
        data_format: 0,
        num_format_all: 0,
        format_comp_all: false,
        srf_mode_all: false,
        array_base: 0,
        endian_swap: 0,
        array_size: 0,
    };
    for pr in props {
        let (n, arg) = prop(pr);
        let er = |x: String| at(pr, x);
        match n.as_str() {
            "MEM_OP" => m.mem_op = num(arg, "MEM_OP").map_err(er)?,
            "ELEM_SIZE" => m.elem_size = num(arg, "ELEM_SIZE").map_err(er)?,
            "WHOLE_QUAD" => m.fetch_whole_quad = true,
            "UNCACHED" => m.uncached = true,
            "INDEXED" => m.indexed = true,
            "SRC_SEL_Y" => m.src_sel_y = num(arg, "SRC_SEL_Y").map_err(er)?,
            "BURSTCNT" => m.burst_count = burst(arg).map_err(er)?,
            "LDS_REQ" => m.lds_req = true,
            "COALESCED" => m.coalesced_read = true,
            "FORMAT" => m.data_format = num(arg, "FORMAT").map_err(er)?,
            "NUM_FORMAT_ALL" => m.num_format_all = num_format(arg).map_err(er)?,
            "FORMAT_COMP_ALL" => {
                m.format_comp_all = matches!(arg, Some(a) if a.eq_ignore_ascii_case("SIGNED"))
            }
            "OGL" => m.srf_mode_all = true,
            "ARRAY_BASE" => m.array_base = num(arg, "ARRAY_BASE").map_err(er)?,
            "ENDIAN" => m.endian_swap = num(arg, "ENDIAN").map_err(er)?,
            "ARRAY_SIZE" => m.array_size = num(arg, "ARRAY_SIZE").map_err(er)?,
            _ => return Err(er(format!("unknown memory-read property `{pr}`"))),
        }
    }
    Ok(FetchInst::MemRd(m))
}
