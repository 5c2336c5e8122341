//! Single-fault mutants of gfx906 machine code, made on the decoded instructions
//! (`backend_gcn::isa::Inst`) and encoded again in place: a mutant keeps every
//! instruction's size, so that branch offsets stay right.
//!
//! Sites: every instruction. Operators (see [`Operator`]):
//! - register: a source VGPR changed to another VGPR of the kernel's (the same width), a
//!   source SGPR to another aligned SGPR of the kernel's (VALU, SALU, DS, FLAT/GLOBAL,
//!   MUBUF/MTBUF, SMEM base, MIMG address, export);
//! - opcode: swapped for another of the same format and operand shape in the opcode table
//!   (`v_add_f32` for `v_sub_f32`, `v_mul_f32`, `v_max_f32`..., `s_add_u32` for
//!   `s_and_b32`..., `global_load_dword` for `global_load_ubyte`...; a promoted VOP1/VOP2/VOPC
//!   op only for one with a VOP3 form); branches, `s_waitcnt` and other SOPP are not swapped;
//! - drop: replaced by `s_nop 0` (as many as the instruction had dwords);
//! - offset: a literal constant ±1, an inline integer ±1, an SMEM, DS, FLAT/GLOBAL or buffer
//!   byte offset ±4 (one dword; DS two-offset forms ±1 element), a SOPK constant ±1;
//! - modifier: on a VOP3 (not VOP3P) instruction, a float source's neg or abs, the clamp
//!   bit, or the output modifier (float results) flipped.
//!
//! A mutant that does not encode, changes an instruction's size or does not decode is
//! invalid.

use backend_gcn::isa::opcodes::{SopkKind, Ty, ValuKind};
use backend_gcn::isa::{decode, Format, Inst, Opcode, Operand, Shape, SmemOffset, TABLE};

use super::{Mutant, Operator};
use crate::check::Rng;

/// `n` mutants of `code` (gfx906 machine code of a kernel with `vgprs` VGPRs and `sgprs`
/// SGPRs), sites and operators drawn from `rng`.
pub fn mutants(code: &[u8], vgprs: u32, sgprs: u32, n: usize, rng: &mut Rng) -> Vec<Mutant> {
    let insts = match decode(code) {
        Ok(i) => i,
        Err(e) => return super::undecodable(n, &e.to_string()),
    };
    let sites: Vec<usize> = (0..insts.len()).collect();
    let files = Files { vgprs, sgprs };
    (0..n)
        .map(|_| {
            super::draw(&sites, rng, |&k, op, rng| {
                let (at, inst) = &insts[k];
                let end = insts.get(k + 1).map_or(code.len(), |n| n.0);
                mutate(inst, end - at, op, files, rng).map(|(i, d)| ((k, i), d))
            })
        })
        .map(|m| m.map_code(|(k, new): (usize, Vec<u32>)| finish(code, &insts, k, &new)))
        .collect()
}

/// The register files a mutated register may come from.
#[derive(Clone, Copy, Debug)]
struct Files {
    vgprs: u32,
    sgprs: u32,
}

/// The code with instruction `k` replaced by `words`, or why it is invalid.
fn finish(
    code: &[u8],
    insts: &[(usize, Inst)],
    k: usize,
    words: &[u32],
) -> Result<Vec<u8>, String> {
    let at = insts[k].0;
    let end = insts.get(k + 1).map_or(code.len(), |n| n.0);
    if words.len() * 4 != end - at {
        return Err(format!(
            "the mutant instruction has {} bytes, the original {}",
            words.len() * 4,
            end - at
        ));
    }
    let mut out = code.to_vec();
    for (i, w) in words.iter().enumerate() {
        out[at + 4 * i..at + 4 * i + 4].copy_from_slice(&w.to_le_bytes());
    }
    if out == code {
        return Err("encodes to the same bytes".into());
    }
    decode(&out).map_err(|e| format!("does not decode: {e}"))?;
    Ok(out)
}

fn encode(inst: &Inst) -> Option<Vec<u32>> {
    let mut w = Vec::new();
    backend_gcn::isa::encode::encode_words(inst, &mut w).ok()?;
    Some(w)
}

fn pm(rng: &mut Rng) -> i64 {
    if rng.below(2) == 0 {
        1
    } else {
        -1
    }
}

/// Another register of the same file and width as `o`, if `o` is a general register.
fn other_register(o: Operand, f: Files, rng: &mut Rng) -> Option<Operand> {
    match o {
        Operand::Vgpr { index, count } => {
            let slots = f.vgprs.min(256).checked_sub(u32::from(count))? + 1;
            if slots < 2 {
                return None;
            }
            loop {
                let i = rng.below(slots) as u8;
                if i != index {
                    return Some(Operand::Vgpr { index: i, count });
                }
            }
        }
        Operand::Sgpr { code, count } if u32::from(code) < f.sgprs.min(102) => {
            let align = match count {
                1 => 1,
                2 => 2,
                _ => 4,
            };
            let slots = (f.sgprs.min(102).checked_sub(u32::from(count))? + 1).div_ceil(align);
            if slots < 2 {
                return None;
            }
            loop {
                let c = (rng.below(slots) * align) as u8;
                if c != code {
                    return Some(Operand::Sgpr { code: c, count });
                }
            }
        }
        _ => None,
    }
}

/// Opcodes that share an operand shape with ordinary ones but not its meaning: no-ops, a
/// swap (two destinations), relative moves and program-counter operations (an SGPR index or
/// a code address in the operand), which the model refuses with other operands.
const OTHER_MEANING: [&str; 7] = [
    "nop", "swap", "movrel", "pc_b64", "rfe", "cbranch", "gpr_idx",
];

/// The opcodes of `op`'s class: the same format and operand shape (and, for a promoted
/// VOP1/VOP2/VOPC instruction, a VOP3 form), except [`OTHER_MEANING`].
pub fn opcode_class(op: Opcode, vop3: bool) -> Vec<Opcode> {
    let i = op.info();
    if matches!(i.format, Format::Sopp | Format::Exp | Format::Vintrp)
        || matches!(i.shape, Shape::Sopk(k) if k != SopkKind::Imm)
        || i.shape == Shape::Unsupported
    {
        return Vec::new();
    }
    let promoted = vop3 && matches!(i.format, Format::Vop1 | Format::Vop2 | Format::Vopc);
    TABLE
        .iter()
        .filter(|j| {
            j.op != op
                && j.format == i.format
                && j.shape == i.shape
                && (!promoted || j.vop3.is_some())
                && !OTHER_MEANING.iter().any(|w| j.name.contains(w))
        })
        .map(|j| j.op)
        .collect()
}

fn is_float(t: Ty) -> bool {
    matches!(t, Ty::F16 | Ty::F32 | Ty::F64)
}

/// The source operands of `inst` a register mutation may change, as mutable references.
fn sources(inst: &mut Inst) -> Vec<&mut Operand> {
    let mut out: Vec<&mut Operand> = Vec::new();
    match inst {
        Inst::Valu(v) => {
            let n = v.op.valu_shape().map_or(0, |s| s.nsrc());
            for s in v.src.iter_mut().take(n).flatten() {
                out.push(s);
            }
        }
        Inst::Salu(s) => out.extend(s.src0.iter_mut().chain(s.src1.iter_mut())),
        Inst::Ds(d) => out.extend(
            d.addr
                .iter_mut()
                .chain(d.data0.iter_mut())
                .chain(d.data1.iter_mut()),
        ),
        Inst::Flat(f) => out.extend(f.addr.iter_mut().chain(f.data.iter_mut())),
        Inst::Buf(b) => {
            let store = matches!(
                b.op.shape(),
                Shape::Buf {
                    kind: backend_gcn::isa::opcodes::BufKind::Store
                        | backend_gcn::isa::opcodes::BufKind::Atomic,
                    ..
                }
            );
            out.extend(b.vaddr.iter_mut());
            if store {
                out.extend(b.vdata.iter_mut());
            }
        }
        Inst::Smem(s) => out.extend(s.sbase.iter_mut()),
        Inst::Mimg(m) => out.push(&mut m.vaddr),
        _ => {}
    }
    out.retain(|o| matches!(o, Operand::Vgpr { .. } | Operand::Sgpr { .. }));
    out
}

/// The constants and offsets of `inst` an offset mutation may change: `(what, apply)`.
fn offset(inst: &mut Inst, rng: &mut Rng) -> Option<String> {
    let d = pm(rng);
    match inst {
        Inst::Valu(_) | Inst::Salu(_) => {
            let ops: Vec<&mut Operand> = match inst {
                Inst::Valu(v) => v.src.iter_mut().flatten().collect(),
                Inst::Salu(s) => s.src0.iter_mut().chain(s.src1.iter_mut()).collect(),
                _ => unreachable!(),
            };
            let mut ops: Vec<&mut Operand> = ops
                .into_iter()
                .filter(|o| matches!(o, Operand::Literal(_) | Operand::Int(_)))
                .collect();
            let n = ops.len() as u32;
            let o = ops.get_mut(rng.below(n) as usize)?;
            let old = **o;
            **o = match old {
                Operand::Literal(v) => Operand::Literal((i64::from(v) + d) as u32),
                Operand::Int(i) => {
                    let j = i64::from(i) + d;
                    let j = if (-16..=64).contains(&j) {
                        j
                    } else {
                        i64::from(i) - d
                    };
                    Operand::Int(j as i8)
                }
                _ => return None,
            };
            Some(format!("constant {} -> {}", text(old), text(**o)))
        }
        Inst::Smem(s) => match &mut s.offset {
            Some(SmemOffset::Imm(o)) => {
                let old = *o;
                *o += if old < 4 { 4 } else { 4 * d as i32 };
                Some(format!("offset {old} -> {}", *o))
            }
            _ => None,
        },
        Inst::Ds(ds) => {
            let two = matches!(ds.op.shape(), Shape::Ds(s) if s.two_offsets);
            let old = ds.offset;
            ds.offset = if two {
                (old & 0xff00) | (((old & 0xff) as i64 + d) as u16 & 0xff)
            } else if old < 4 {
                old + 4
            } else {
                (i64::from(old) + 4 * d) as u16
            };
            Some(format!("offset {old} -> {}", ds.offset))
        }
        Inst::Flat(f) => {
            let old = f.offset;
            f.offset = if old < 4 { old + 4 } else { old + 4 * d as i16 };
            Some(format!("offset {old} -> {}", f.offset))
        }
        Inst::Buf(b) => {
            let old = b.offset;
            b.offset = if old < 4 {
                old + 4
            } else {
                (i64::from(old) + 4 * d) as u16
            };
            Some(format!("offset {old} -> {}", b.offset))
        }
        Inst::Sopk(k) if k.op.shape() == Shape::Sopk(SopkKind::Imm) => {
            let old = k.simm16;
            k.simm16 = (i64::from(old) + d) as u16;
            Some(format!("constant {old} -> {}", k.simm16))
        }
        _ => None,
    }
}

fn text(o: Operand) -> String {
    match o {
        Operand::Vgpr { index, count: 1 } => format!("v{index}"),
        Operand::Vgpr { index, count } => format!("v[{index}:{}]", index + count - 1),
        Operand::Sgpr { code, count: 1 } => format!("s{code}"),
        Operand::Sgpr { code, count } => format!("s[{code}:{}]", code + count - 1),
        Operand::Int(i) => format!("{i}"),
        Operand::Literal(v) => format!("{v:#x}"),
        other => format!("{other:?}"),
    }
}

/// One mutation of `inst` (of `bytes` bytes) by `op`: the new instruction's words and a
/// description, or `None` when `op` does not apply.
fn mutate(
    inst: &Inst,
    bytes: usize,
    op: Operator,
    f: Files,
    rng: &mut Rng,
) -> Option<(Vec<u32>, String)> {
    let name = inst.opcode().name();
    let mut m = inst.clone();
    let desc = match op {
        Operator::Drop => {
            if matches!(inst.opcode(), Opcode::S_NOP) {
                return None;
            }
            let nop = encode(&Inst::Sopp(backend_gcn::isa::Sopp {
                op: Opcode::S_NOP,
                simm16: 0,
            }))?;
            let words = (0..bytes / 4).flat_map(|_| nop.clone()).collect();
            return Some((words, format!("{name} dropped (s_nop)")));
        }
        Operator::Register => {
            let mut srcs = sources(&mut m);
            let n = srcs.len() as u32;
            let s = srcs.get_mut(rng.below(n) as usize)?;
            let old = **s;
            **s = other_register(old, f, rng)?;
            format!("{name} source {} -> {}", text(old), text(**s))
        }
        Operator::Opcode => {
            let vop3 = matches!(&m, Inst::Valu(v) if v.vop3);
            let class = opcode_class(inst.opcode(), vop3);
            let to = *class.get(rng.below(class.len() as u32) as usize)?;
            match &mut m {
                Inst::Salu(i) => i.op = to,
                Inst::Sopk(i) => i.op = to,
                Inst::Smem(i) => i.op = to,
                Inst::Valu(i) => i.op = to,
                Inst::Ds(i) => i.op = to,
                Inst::Buf(i) => i.op = to,
                Inst::Flat(i) => i.op = to,
                Inst::Mimg(i) => i.op = to,
                _ => return None,
            }
            format!("{name} -> {}", to.name())
        }
        Operator::Offset => {
            let d = offset(&mut m, rng)?;
            format!("{name} {d}")
        }
        Operator::Modifier => {
            let Inst::Valu(v) = &mut m else {
                return None;
            };
            let shape = v.op.valu_shape()?;
            if !v.vop3
                || shape.is_vop3p()
                || matches!(shape.kind, ValuKind::MadMk | ValuKind::MadAk)
            {
                return None;
            }
            // VOP3B (carry-out) has no abs and no omod field.
            let carry = matches!(shape.kind, ValuKind::CarryOut | ValuKind::CarryInOut);
            // 0..3 neg of src i, 3..6 abs of src i, 6 clamp, 7 omod.
            let mut options: Vec<usize> = Vec::new();
            for (i, t) in shape.srcs.iter().enumerate().take(shape.nsrc()) {
                if is_float(*t) {
                    options.push(i);
                    if !carry {
                        options.push(3 + i);
                    }
                }
            }
            options.push(6);
            if is_float(shape.dst) && !carry {
                options.push(7);
            }
            let o = options[rng.below(options.len() as u32) as usize];
            let what = match o {
                0..=2 => {
                    v.neg ^= 1 << o;
                    format!("neg of src{o}")
                }
                3..=5 => {
                    v.abs ^= 1 << (o - 3);
                    format!("abs of src{}", o - 3)
                }
                6 => {
                    v.clamp ^= true;
                    "clamp".to_string()
                }
                _ => {
                    let old = v.omod;
                    v.omod = (old + 1 + rng.below(3) as u8) % 4;
                    format!("omod {old} -> {}", v.omod)
                }
            };
            format!("{name} {what} flipped")
        }
    };
    Some((encode(&m)?, desc))
}

#[cfg(test)]
mod tests {
    use super::*;
    use backend_gcn::isa::assemble;

    const CODE: &str = "s_load_dwordx2 s[0:1], s[4:5], 0x8\n\
                        v_add_f32_e32 v1, s0, v0\n\
                        v_mul_f32_e64 v2, v1, -v0\n\
                        v_add_u32_e32 v3, 0x1234, v1\n\
                        v_lshlrev_b32_e32 v4, 2, v0\n\
                        global_store_dword v[2:3], v1, off offset:16\n\
                        ds_write_b32 v4, v1 offset:8\n\
                        s_endpgm\n";

    #[test]
    fn every_operator_makes_a_different_decodable_instruction() {
        let code = assemble(CODE).unwrap();
        let insts = decode(&code).unwrap();
        let f = Files {
            vgprs: 8,
            sgprs: 16,
        };
        for op in Operator::ALL {
            let mut made = 0;
            for k in 0..insts.len() {
                for seed in 0..8 {
                    let mut rng = Rng::new(seed * 17 + k as u64);
                    let end = insts.get(k + 1).map_or(code.len(), |n| n.0);
                    let Some((words, desc)) =
                        mutate(&insts[k].1, end - insts[k].0, op, f, &mut rng)
                    else {
                        continue;
                    };
                    let out =
                        finish(&code, &insts, k, &words).unwrap_or_else(|e| panic!("{desc}: {e}"));
                    assert_ne!(out, code, "{desc}");
                    let back = decode(&out).unwrap();
                    assert!(back.len() >= insts.len(), "{desc}");
                    made += 1;
                }
            }
            assert!(made > 0, "{op:?} never applied");
        }
    }

    #[test]
    fn classes_come_from_the_table() {
        let add = opcode_class(Opcode::V_ADD_F32, false);
        assert!(add.contains(&Opcode::V_SUB_F32) && add.contains(&Opcode::V_MUL_F32));
        assert!(add.contains(&Opcode::V_MAX_F32) && !add.contains(&Opcode::V_ADD_F32));
        assert!(opcode_class(Opcode::S_BRANCH, false).is_empty());
        let mov = opcode_class(Opcode::V_MOV_B32, false);
        assert!(mov.contains(&Opcode::V_NOT_B32) && !mov.contains(&Opcode::V_SWAP_B32));
        let code = assemble(CODE).unwrap();
        let m = mutants(&code, 8, 16, 50, &mut Rng::new(3));
        assert_eq!(m.len(), 50);
        assert!(m.iter().filter(|m| m.code.is_ok()).count() > 25);
    }
}
