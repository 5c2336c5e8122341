//! Token stream encoder: the AST to 32-bit tokens (Chapter 2).

use super::token::{encode_dst_mod, encode_src_mod, OperandToken};
use crate::ast::{Dst, Index, Instruction, Program, Register, Src};
use crate::opcode::{Layout, Opcode, Words};

/// Encodes a program as tokens.
pub fn encode(program: &Program) -> Vec<u32> {
    let mut out = Vec::with_capacity(program.body.len() * 6 + 2);
    for m in &program.macros {
        out.push(Opcode::Macrodef as u32 | u32::from(m.id & 0x3fff) << 16);
        out.push(u32::from(m.inputs) | u32::from(m.outputs) << 8 | u32::from(m.outline) << 16);
        m.body.iter().for_each(|i| instruction(&mut out, i));
        out.push(Opcode::Macroend as u32);
    }
    out.push(program.language as u32);
    let v = &program.version;
    out.push(
        u32::from(v.minor)
            | u32::from(v.major) << 8
            | (v.shader as u32) << 16
            | u32::from(v.multipass) << 24
            | u32::from(v.realtime) << 25,
    );
    program.body.iter().for_each(|i| instruction(&mut out, i));
    out
}

/// Encodes a program as little-endian bytes.
pub fn encode_bytes(program: &Program) -> Vec<u8> {
    encode(program)
        .iter()
        .flat_map(|t| t.to_le_bytes())
        .collect()
}

fn instruction(out: &mut Vec<u32>, inst: &Instruction) {
    let info = inst.info();
    if let Some(mask) = inst.precise {
        out.push(Opcode::Prefix as u32 | u32::from(mask & 0xf) << 16);
    }
    let mut upper = inst.control;
    let e = &inst.extra;
    match info.layout {
        Layout::Standard { .. } => {
            upper |= u16::from(e.primary.is_some()) << 15 | u16::from(e.secondary.is_some()) << 14;
        }
        Layout::Sample => {
            upper |= u16::from(e.primary.is_some()) << 15
                | u16::from(e.address_offset.is_some()) << 13
                | u16::from(e.resource_format.is_some()) << 12;
        }
        Layout::ConstBuffer | Layout::MacroCall => {}
    }
    match info.words {
        Words::CountInControl { .. } => upper = inst.words.len() as u16,
        Words::MirroredInControl => upper = inst.words.first().map_or(0, |&w| w as u16 & 0x3fff),
        _ => {}
    }
    out.push(inst.opcode as u32 | u32::from(upper) << 16);
    out.extend(
        [e.primary, e.secondary, e.resource_format, e.address_offset]
            .into_iter()
            .flatten(),
    );
    if inst.opcode == Opcode::Macrocall {
        out.push(inst.macro_outputs.len() as u32 | (inst.srcs.len() as u32) << 16);
        inst.macro_outputs.iter().for_each(|d| dst(out, d));
        inst.srcs.iter().for_each(|s| src(out, s));
        return;
    }
    if info.layout == Layout::ConstBuffer && inst.control & 0x8000 != 0 {
        out.push(inst.words.len() as u32);
        out.extend_from_slice(&inst.words);
        return;
    }
    if let Some(d) = &inst.dst {
        dst(out, d);
    }
    inst.srcs.iter().for_each(|s| src(out, s));
    match info.words {
        Words::Comment | Words::FunctionTable => out.push(inst.words.len() as u32),
        Words::InterfacePtr => {
            let (dims, tables) = inst.words.split_at(inst.words.len().min(2));
            out.extend_from_slice(dims);
            out.push(tables.len() as u32);
            out.extend_from_slice(tables);
            return;
        }
        _ => {}
    }
    out.extend_from_slice(&inst.words);
}

fn dst(out: &mut Vec<u32>, d: &Dst) {
    register(out, &d.reg, d.modifier.map(|m| encode_dst_mod(&m)));
}

fn src(out: &mut Vec<u32>, s: &Src) {
    register(out, &s.reg, s.modifier.map(|m| encode_src_mod(&m)));
}

fn register(out: &mut Vec<u32>, reg: &Register, modifier: Option<u32>) {
    let ty = reg.ty as u8;
    token(
        out,
        ty,
        reg.num,
        reg.index.as_ref(),
        !reg.dims.is_empty(),
        modifier,
    );
    for (i, d) in reg.dims.iter().enumerate() {
        token(
            out,
            ty,
            d.num,
            d.index.as_ref(),
            i + 1 < reg.dims.len(),
            None,
        );
    }
}

/// One operand token followed by its modifier, extended number word, index operand and
/// immediate (`docs/decisions.md`, "operand token order").
fn token(
    out: &mut Vec<u32>,
    ty: u8,
    num: u32,
    index: Option<&Index>,
    more_dims: bool,
    modifier: Option<u32>,
) {
    let relative = index.and_then(|i| i.relative.as_deref());
    let offset = index.and_then(|i| i.offset);
    let t = OperandToken {
        num: num as u16,
        ty,
        modifier: modifier.is_some(),
        relative: if relative.is_some() { 2 } else { 0 },
        dimension: more_dims,
        immediate: offset.is_some(),
        reserved: 0,
        extended: num > 0xffff,
    };
    out.push(t.encode());
    out.extend(modifier);
    if num > 0xffff {
        out.push(num >> 16);
    }
    if let Some(r) = relative {
        src(out, r);
    }
    out.extend(offset);
}
