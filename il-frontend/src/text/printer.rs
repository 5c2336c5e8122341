//! The canonical text printer.
//!
//! Every AST the parser or the decoder accepts prints to text that parses back to the same
//! AST. The canonical form: one instruction per line; blocks of `if`/`else`, loops and
//! `switch` indented by four spaces; specifiers in table order; hexadecimal literal values;
//! a write mask printed whenever the destination has a modifier token (`.xyzw` only when
//! nothing else shows the token); a swizzle printed whenever the source has one (one letter
//! when it replicates).

use std::fmt::Write as _;

use super::cursor::float_bits;
use crate::ast::{Dst, Instruction, Program, Register, Src, SrcMod};
use crate::enums::{DivComp, DstComp, Language, ShaderType, ShiftScale, Swizzle};
use crate::opcode::{Field, FieldKind, FieldLoc, FieldSyntax, Flow, Layout, Opcode, Words};
use crate::regs::{RegStyle, RegType};

/// Prints a program as canonical IL text.
pub fn print(program: &Program) -> String {
    let mut out = String::new();
    let shader = program.version.shader;
    for m in &program.macros {
        let _ = writeln!(
            out,
            "mdef({})_out({})_in({}){}",
            m.id,
            m.outputs,
            m.inputs,
            if m.outline { "_outline" } else { "" }
        );
        print_body(&mut out, &m.body, shader);
        out.push_str("mend\n");
    }
    if program.language != Language::Generic {
        let _ = writeln!(out, "{}", program.language);
    }
    let v = &program.version;
    let _ = writeln!(
        out,
        "il_{}_{}_{}{}{}",
        v.shader,
        v.major,
        v.minor,
        if v.multipass { "_mp" } else { "" },
        if v.realtime { "_rt" } else { "" }
    );
    print_body(&mut out, &program.body, shader);
    out
}

/// The deepest indentation printed, in levels of four spaces: deeper blocks are printed at
/// this level, so that the text of a deeply nested program stays a small multiple of its
/// input (50,000 nested blocks printed 2.4 GB before).
pub const MAX_INDENT: usize = 16;

fn print_body(out: &mut String, body: &[Instruction], shader: ShaderType) {
    let mut depth = 0usize;
    for inst in body {
        let flow = inst.info().flow;
        if matches!(
            flow,
            Flow::Else | Flow::EndIf | Flow::EndLoop | Flow::EndSwitch
        ) {
            depth = depth.saturating_sub(1);
        }
        // `case` and `default` stand at the level of their `switch`, their code below them.
        let indent = if matches!(flow, Flow::Case | Flow::Default) {
            depth.saturating_sub(1)
        } else {
            depth
        };
        for _ in 0..indent.min(MAX_INDENT) {
            out.push_str("    ");
        }
        instruction(out, inst, shader);
        out.push('\n');
        if matches!(flow, Flow::If | Flow::Else | Flow::Loop | Flow::Switch) {
            depth += 1;
        }
    }
}

/// Prints one instruction without a line break.
pub fn instruction(out: &mut String, inst: &Instruction, shader: ShaderType) {
    let info = inst.info();
    out.push_str(info.mnemonic);
    if info.layout == Layout::Sample && inst.extra.resource_format.is_some() {
        out.push_str("_ext");
    }
    for f in info.fields.iter().filter(|f| f.syntax == FieldSyntax::Bare) {
        if let Some(v) = field_value(inst, f) {
            if v != 0 || f.always {
                let _ = write!(out, "_{}", f.format_value(v).unwrap_or_default());
            }
        }
    }
    if let Some(mask) = inst.precise {
        out.push_str("_prec");
        if mask != 0xf {
            out.push('(');
            for (bit, c) in ['x', 'y', 'z', 'w'].iter().enumerate() {
                if mask & (1 << bit) != 0 {
                    out.push(*c);
                }
            }
            out.push(')');
        }
    }
    named_fields(out, inst);
    if let Some(m) = inst.dst.as_ref().and_then(|d| d.modifier) {
        if m.shift != ShiftScale::None {
            let _ = write!(out, "_{}", m.shift);
        }
        if m.clamp {
            out.push_str("_sat");
        }
    }
    if inst.opcode == Opcode::Macrocall {
        let _ = write!(out, "({}) (", inst.control);
        for (i, d) in inst.macro_outputs.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            dst(out, d, shader);
        }
        out.push_str("), (");
        for (i, s) in inst.srcs.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            src(out, s, shader);
        }
        out.push(')');
        return;
    }
    if info.words == Words::Comment {
        out.push_str(" \"");
        comment_text(out, &inst.words);
        out.push('"');
        return;
    }
    let mut sep = " ";
    for f in info
        .fields
        .iter()
        .filter(|f| f.syntax == FieldSyntax::Operand)
    {
        let v = field_value(inst, f).unwrap_or(0);
        let text = match f.kind {
            FieldKind::Flag if v == 0 => continue,
            FieldKind::Flag => f.name.to_string(),
            _ => f.format_value(v).unwrap_or_default(),
        };
        out.push_str(sep);
        out.push_str(&text);
        sep = " ";
    }
    let mut operands = 0;
    let mut next = |out: &mut String| {
        out.push_str(if operands == 0 { " " } else { ", " });
        operands += 1;
    };
    if let Some(d) = &inst.dst {
        next(out);
        dst(out, d, shader);
    }
    for s in &inst.srcs {
        next(out);
        src(out, s, shader);
    }
    let immediate_cb = info.layout == Layout::ConstBuffer && inst.control & 0x8000 != 0;
    if immediate_cb {
        for &w in &inst.words {
            next(out);
            let _ = write!(out, "0x{w:08X}");
        }
        return;
    }
    match info.words {
        Words::None | Words::Comment => {}
        Words::Fields(_) => {}
        Words::Unsigned(_)
        | Words::CountInControl { .. }
        | Words::PaddedTo3
        | Words::MirroredInControl => {
            for &w in &inst.words {
                next(out);
                let _ = write!(out, "{w}");
            }
        }
        Words::Signed => {
            for &w in &inst.words {
                next(out);
                let _ = write!(out, "{}", w as i32);
            }
        }
        Words::Literal => {
            for &w in &inst.words {
                next(out);
                let _ = write!(out, "0x{w:08X}");
            }
        }
        Words::Def(_) => {
            let float = inst
                .dst
                .as_ref()
                .is_some_and(|d| d.reg.ty == RegType::ConstFloat);
            for &w in &inst.words {
                next(out);
                if float {
                    out.push_str(&float_text(w));
                } else {
                    let _ = write!(out, "{}", w as i32);
                }
            }
        }
        Words::Float => {
            for &w in &inst.words {
                next(out);
                out.push_str(&float_text(w));
            }
        }
        Words::FunctionTable => {
            out.push_str(" = {");
            out.push_str(&join(&inst.words));
            out.push('}');
        }
        Words::InterfacePtr => {
            let (dims, tables) = inst.words.split_at(inst.words.len().min(2));
            for d in dims {
                let _ = write!(out, "[{d}]");
            }
            out.push_str(" = {");
            out.push_str(&join(tables));
            out.push('}');
        }
    }
}

fn join(words: &[u32]) -> String {
    words
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A float written so that it reads back to the same bits, or the bits in hexadecimal
/// when no decimal spelling does (NaN payloads, infinities).
pub(crate) fn float_text(bits: u32) -> String {
    let f = f32::from_bits(bits);
    if f.is_finite() {
        let s = format!("{f:?}");
        if float_bits(&s) == Some(bits) {
            return s;
        }
    }
    format!("0x{bits:08X}")
}

fn comment_text(out: &mut String, words: &[u32]) {
    for w in words {
        for b in w.to_le_bytes() {
            match b {
                0 => return,
                b'"' => out.push_str("\\\""),
                b'\\' => out.push_str("\\\\"),
                b'\n' => out.push_str("\\n"),
                b'\t' => out.push_str("\\t"),
                0x20..=0x7e => out.push(b as char),
                _ => {
                    let _ = write!(out, "\\x{b:02x}");
                }
            }
        }
    }
}

/// The value of a field in `inst`, or `None` when its token is absent.
pub(crate) fn field_value(inst: &Instruction, f: &Field) -> Option<u32> {
    f.value_in(inst.control, &inst.extra, &inst.words)
}

/// `_name(value)` specifiers, in table order. A present extra token whose fields are all
/// zero still prints its last field with a value (a flag cannot spell 0), so that the token
/// survives a round trip; the decoder refuses such a token that has only flags.
fn named_fields(out: &mut String, inst: &Instruction) {
    let info = inst.info();
    let named = |f: &&Field| matches!(f.syntax, FieldSyntax::Named | FieldSyntax::NamedOrBare);
    let valued = |f: &&Field| named(f) && f.kind != FieldKind::Flag;
    let mut printed_locs: Vec<FieldLoc> = Vec::new();
    for f in info.fields.iter().filter(named) {
        let Some(v) = field_value(inst, f) else {
            continue;
        };
        let extra_token = !matches!(f.loc, FieldLoc::Control | FieldLoc::Word(_));
        let last_of_token = extra_token
            && f.kind != FieldKind::Flag
            && !printed_locs.contains(&f.loc)
            && !info
                .fields
                .iter()
                .skip_while(|g| !std::ptr::eq(*g, f))
                .skip(1)
                .filter(valued)
                .any(|g| g.loc == f.loc);
        let print = v != 0 || f.always || last_of_token;
        if !print {
            continue;
        }
        if extra_token {
            printed_locs.push(f.loc);
        }
        out.push('_');
        out.push_str(f.name);
        if f.kind != FieldKind::Flag {
            out.push('(');
            out.push_str(&f.format_value(v).unwrap_or_default());
            for flag in info
                .fields
                .iter()
                .filter(|g| g.syntax == FieldSyntax::ArgOf(f.name))
            {
                if field_value(inst, flag) == Some(1) {
                    out.push(',');
                    out.push_str(flag.name);
                }
            }
            out.push(')');
        }
    }
}

fn dst(out: &mut String, d: &Dst, shader: ShaderType) {
    register(out, &d.reg, shader);
    if let Some(m) = d.modifier {
        let full = m.mask == [DstComp::Write; 4];
        if !full || (!m.clamp && m.shift == ShiftScale::None) {
            out.push('.');
            for (lane, c) in m.mask.iter().zip(['x', 'y', 'z', 'w']) {
                out.push(match lane {
                    DstComp::Write => c,
                    DstComp::NoWrite => '_',
                    DstComp::Zero => '0',
                    DstComp::One => '1',
                });
            }
        }
    }
}

fn swizzle_char(s: Swizzle) -> char {
    match s {
        Swizzle::X => 'x',
        Swizzle::Y => 'y',
        Swizzle::Z => 'z',
        Swizzle::W => 'w',
        Swizzle::Zero => '0',
        Swizzle::One => '1',
    }
}

pub(crate) fn src(out: &mut String, s: &Src, shader: ShaderType) {
    register(out, &s.reg, shader);
    let Some(m) = s.modifier else { return };
    if m.swizzle != SrcMod::IDENTITY.swizzle || !m.has_modifiers() {
        out.push('.');
        if m.swizzle.iter().all(|&c| c == m.swizzle[0]) {
            out.push(swizzle_char(m.swizzle[0]));
        } else {
            m.swizzle.iter().for_each(|&c| out.push(swizzle_char(c)));
        }
    }
    if m.negate.iter().any(|&n| n) {
        out.push_str("_neg(");
        for (n, c) in m.negate.iter().zip(['x', 'y', 'z', 'w']) {
            if *n {
                out.push(c);
            }
        }
        out.push(')');
    }
    if m.invert {
        out.push_str("_invert");
    }
    match (m.bias, m.x2) {
        (true, true) => out.push_str("_bx2"),
        (true, false) => out.push_str("_bias"),
        (false, true) => out.push_str("_x2"),
        (false, false) => {}
    }
    if m.sign {
        out.push_str("_sign");
    }
    if m.divcomp != DivComp::None {
        let _ = write!(out, "_divcomp({})", m.divcomp);
    }
    if m.abs {
        out.push_str("_abs");
    }
    if m.clamp {
        out.push_str("_sat");
    }
}

/// Whether a register can be printed: the decoder refuses registers for which this fails.
pub(crate) fn printable(reg: &Register) -> Result<(), &'static str> {
    match reg.ty.style() {
        RegStyle::Numbered | RegStyle::Single => {
            if reg.index.is_some() || !reg.dims.is_empty() {
                return Err("this register type cannot be indexed");
            }
        }
        RegStyle::Indexed { .. } => {
            if !reg.dims.is_empty() && reg.index.is_none() {
                return Err("a nested dimension needs an index on the first dimension");
            }
            if reg.dims.iter().any(|d| d.num != 0 || d.index.is_none()) {
                return Err(
                    "a nested dimension of an indexed register must be indexed and numbered 0",
                );
            }
        }
        RegStyle::NumberInBrackets => {
            if reg.index.is_some() || reg.dims.iter().any(|d| d.index.is_some()) {
                return Err("this register type is addressed by register numbers only");
            }
        }
    }
    Ok(())
}

fn register(out: &mut String, reg: &Register, shader: ShaderType) {
    let name = reg.ty.name(shader);
    out.push_str(name);
    match reg.ty.style() {
        RegStyle::Numbered => {
            let _ = write!(out, "{}", reg.num);
        }
        RegStyle::Single => {
            if reg.num != 0 {
                let _ = write!(out, "{}", reg.num);
            }
        }
        RegStyle::Indexed { always_number } => {
            let imm_only = reg.index.as_ref().is_some_and(|i| i.relative.is_none());
            if always_number || reg.num != 0 || imm_only {
                let _ = write!(out, "{}", reg.num);
            }
            if let Some(index) = &reg.index {
                bracket(out, index.relative.as_deref(), index.offset, shader);
            }
            for d in &reg.dims {
                if let Some(index) = &d.index {
                    bracket(out, index.relative.as_deref(), index.offset, shader);
                }
            }
        }
        RegStyle::NumberInBrackets => {
            let _ = write!(out, "[{}]", reg.num);
            for d in &reg.dims {
                let _ = write!(out, "[{}]", d.num);
            }
        }
    }
}

fn bracket(out: &mut String, relative: Option<&Src>, offset: Option<u32>, shader: ShaderType) {
    out.push('[');
    match (relative, offset) {
        (Some(r), None) => src(out, r, shader),
        (Some(r), Some(o)) => {
            src(out, r, shader);
            let o = o as i32;
            if o < 0 {
                let _ = write!(out, "-{}", o.unsigned_abs());
            } else {
                let _ = write!(out, "+{o}");
            }
        }
        (None, Some(o)) => {
            let _ = write!(out, "{o}");
        }
        (None, None) => {}
    }
    out.push(']');
}

#[cfg(test)]
mod tests {
    #[test]
    fn indentation_stops_at_max_indent() {
        let depth = MAX_INDENT_TEST;
        let mut src = String::from("il_cs_2_0\n");
        src += &"if_logicalnz r0.x\n".repeat(depth);
        src += "mov r1, r0\n";
        src += &"endif\n".repeat(depth);
        src += "end\n";
        let (program, diags) = crate::text::parse(&src);
        assert!(!diags.has_errors(), "{diags:?}");
        let text = super::print(&program.unwrap());
        let widest = text.lines().map(|l| l.len() - l.trim_start().len()).max();
        assert_eq!(widest, Some(4 * super::MAX_INDENT));
        // At most MAX_INDENT levels on each line: the text is bounded by a multiple of the
        // input, however deep the nesting.
        let bound = src.len() + src.lines().count() * 4 * super::MAX_INDENT;
        assert!(text.len() <= bound, "{} > {bound}", text.len());
    }

    const MAX_INDENT_TEST: usize = 5 * super::MAX_INDENT;
}
