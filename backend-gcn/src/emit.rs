//! The last step: labels become byte offsets, branches get their SIMM16, and the
//! instructions are encoded and printed.
//!
//! The assembly text is one instruction per line in LLVM syntax (branch offsets as the
//! numbers LLVM's disassembler prints), so `llvm-mc -arch=amdgcn -mcpu=gfx906` turns it
//! into exactly the bytes returned beside it.

use std::collections::HashMap;

use crate::isa::encode::encode_words;
use crate::isa::{Inst, Opcode, Operand, Salu, Sopp};
use crate::mir::{Label, MFunc, MInst};
use crate::CompileError;

/// The encoded kernel.
#[derive(Clone, Debug, Default)]
pub struct Emitted {
    pub code: Vec<u8>,
    pub insts: Vec<Inst>,
    pub asm: String,
    /// Branches relaxed into long jumps (which use the spare SGPR pair).
    pub long_branches: usize,
}

/// Removes `s_branch`es to the label that follows them (a `break` or `continue` at the end
/// of an arm jumps to the arm's end, which is often the next instruction).
pub fn drop_branches_to_next(f: &mut MFunc) {
    let insts = std::mem::take(&mut f.insts);
    let mut out = Vec::with_capacity(insts.len());
    for (i, m) in insts.iter().enumerate() {
        if let MInst::Branch {
            op: Opcode::S_BRANCH,
            target,
        } = m
        {
            let next = insts[i + 1..]
                .iter()
                .take_while(|n| matches!(n, MInst::Label(_)))
                .any(|n| *n == MInst::Label(*target));
            if next {
                continue;
            }
        }
        out.push(m.clone());
    }
    f.insts = out;
}

/// Bytes of a long jump: `s_getpc_b64`, `s_add_u32` with the low half of the distance as
/// a literal (a distance beyond SOPP's reach is never an inline constant), `s_addc_u32`
/// with the high half (0 or -1, inline: code is far smaller than 2 GiB), `s_setpc_b64`.
const LONG_JUMP_BYTES: u32 = 4 + 8 + 4 + 4;

/// The condition that is true exactly when `op`'s is false, for the branches this backend
/// emits.
fn inverted(op: Opcode) -> Option<Opcode> {
    Some(match op {
        Opcode::S_CBRANCH_SCC0 => Opcode::S_CBRANCH_SCC1,
        Opcode::S_CBRANCH_SCC1 => Opcode::S_CBRANCH_SCC0,
        Opcode::S_CBRANCH_VCCZ => Opcode::S_CBRANCH_VCCNZ,
        Opcode::S_CBRANCH_VCCNZ => Opcode::S_CBRANCH_VCCZ,
        Opcode::S_CBRANCH_EXECZ => Opcode::S_CBRANCH_EXECNZ,
        Opcode::S_CBRANCH_EXECNZ => Opcode::S_CBRANCH_EXECZ,
        _ => return None,
    })
}

/// The bytes a branch takes: 4 for SOPP's 16-bit word offset, more when its target is out
/// of that reach (a long jump, behind an inverted branch over it if conditional).
fn branch_bytes(op: Opcode, long: bool) -> u32 {
    match (long, op) {
        (false, _) => 4,
        (true, Opcode::S_BRANCH) => LONG_JUMP_BYTES,
        (true, _) => 4 + LONG_JUMP_BYTES,
    }
}

/// Encodes `f` (every register physical, every wait in place).
///
/// A branch whose target is beyond SOPP's reach (±2^15 words) becomes a long jump through
/// `spare_pair` (an even SGPR pair free everywhere in `f`: the allocation's first unused
/// one): `s_getpc_b64` gives the address of the next instruction, the 64-bit distance is
/// added with `s_add_u32`/`s_addc_u32`, and `s_setpc_b64` jumps. A conditional branch jumps
/// over it with the inverted condition. The additions clobber SCC, which this backend never
/// keeps live across a branch (it sets it right before the `s_cbranch_scc*` that reads it).
/// Relaxation only lengthens branches, so the fixed point of "make every out-of-reach branch
/// long" is reached in a few rounds. Without a spare pair, such a branch is refused.
pub fn emit(f: &MFunc, spare_pair: Option<u8>) -> Result<Emitted, CompileError> {
    // Pass 1: the size of every instruction; branches start short.
    let mut sizes = Vec::with_capacity(f.insts.len());
    let mut words = Vec::new();
    for m in &f.insts {
        sizes.push(match m {
            MInst::Label(_) => 0,
            MInst::Branch { .. } => 4,
            MInst::Op { inst, .. } => {
                words.clear();
                encode_words(inst, &mut words)
                    .map_err(|e| CompileError::Internal(format!("cannot encode `{inst}`: {e}")))?;
                4 * words.len() as u32
            }
        });
    }
    // Pass 2: lengthen out-of-reach branches until none is left.
    let mut long = vec![false; f.insts.len()];
    let offsets = loop {
        let mut offsets: HashMap<Label, u32> = HashMap::new();
        let mut starts = Vec::with_capacity(f.insts.len());
        let mut at = 0u32;
        for (m, size) in f.insts.iter().zip(&sizes) {
            if let MInst::Label(l) = m {
                offsets.insert(*l, at);
            }
            starts.push(at);
            at += size;
        }
        let mut changed = false;
        for (i, m) in f.insts.iter().enumerate() {
            let MInst::Branch { op, target } = m else {
                continue;
            };
            if long[i] {
                continue;
            }
            let t = *offsets
                .get(target)
                .ok_or_else(|| CompileError::Internal("a branch to a missing label".into()))?;
            let delta = (i64::from(t) - i64::from(starts[i]) - 4) / 4;
            if i16::try_from(delta).is_err() {
                long[i] = true;
                sizes[i] = branch_bytes(*op, true);
                changed = true;
            }
        }
        if !changed {
            break offsets;
        }
    };
    // Pass 3: resolve and encode.
    let mut out = Emitted::default();
    let mut push = |out: &mut Emitted, inst: Inst| -> Result<(), CompileError> {
        words.clear();
        encode_words(&inst, &mut words)
            .map_err(|e| CompileError::Internal(format!("cannot encode `{inst}`: {e}")))?;
        for w in &words {
            out.code.extend_from_slice(&w.to_le_bytes());
        }
        out.asm.push_str(&inst.to_string());
        out.asm.push('\n');
        out.insts.push(inst);
        Ok(())
    };
    for (i, m) in f.insts.iter().enumerate() {
        match m {
            MInst::Label(_) => {}
            MInst::Branch { op, target } => {
                let t = i64::from(offsets[target]);
                if !long[i] {
                    let pc = out.code.len() as i64;
                    let simm16 = ((t - pc - 4) / 4) as i16;
                    push(&mut out, sopp(*op, simm16 as u16))?;
                    continue;
                }
                let Some(pair) = spare_pair else {
                    return Err(CompileError::Unsupported(
                        "a branch over more than 2^15 instructions, and no free SGPR pair for a long jump"
                            .into(),
                    ));
                };
                if *op != Opcode::S_BRANCH {
                    let skip = inverted(*op).ok_or_else(|| {
                        CompileError::Internal(format!("no inverse of {op:?} for a long branch"))
                    })?;
                    push(&mut out, sopp(skip, (LONG_JUMP_BYTES / 4) as u16))?;
                }
                let after_getpc = out.code.len() as i64 + 4;
                let distance = t - after_getpc;
                let high = match distance >> 32 {
                    0 => Operand::Int(0),
                    -1 => Operand::Int(-1),
                    _ => {
                        return Err(CompileError::Internal(
                            "a branch over more than 2 GiB of code".into(),
                        ))
                    }
                };
                let lo = Operand::s(pair);
                let hi = Operand::s(pair + 1);
                let both = Operand::s_range(pair, 2);
                push(&mut out, salu(Opcode::S_GETPC_B64, Some(both), None, None))?;
                let add = |op, r, v| salu(op, Some(r), Some(r), Some(v));
                let low = Operand::Literal(distance as u32);
                push(&mut out, add(Opcode::S_ADD_U32, lo, low))?;
                push(&mut out, add(Opcode::S_ADDC_U32, hi, high))?;
                push(&mut out, salu(Opcode::S_SETPC_B64, None, Some(both), None))?;
                out.long_branches += 1;
            }
            MInst::Op { inst, .. } => push(&mut out, inst.clone())?,
        }
    }
    Ok(out)
}

fn sopp(op: Opcode, simm16: u16) -> Inst {
    Inst::Sopp(Sopp { op, simm16 })
}

fn salu(op: Opcode, dst: Option<Operand>, src0: Option<Operand>, src1: Option<Operand>) -> Inst {
    Inst::Salu(Salu {
        op,
        dst,
        src0,
        src1,
    })
}

/// Whether an instruction is one of the waits the backend inserted.
pub fn is_wait(inst: &Inst) -> bool {
    matches!(inst, Inst::Sopp(s) if s.op == Opcode::S_WAITCNT)
}

/// Whether an instruction is an `s_nop`.
pub fn is_nop(inst: &Inst) -> bool {
    matches!(inst, Inst::Sopp(s) if s.op == Opcode::S_NOP)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isa::decode;

    /// `branch L; <gap> s_nops; L: s_endpgm`, and the byte offset of `L`.
    fn branch_over(op: Opcode, gap: usize) -> MFunc {
        let target = Label(0);
        let mut f = MFunc::default();
        f.insts.push(MInst::Branch { op, target });
        for _ in 0..gap {
            f.insts.push(MInst::Op {
                inst: sopp(Opcode::S_NOP, 0),
                regs: Default::default(),
            });
        }
        f.insts.push(MInst::Label(target));
        f.insts.push(MInst::Op {
            inst: sopp(Opcode::S_ENDPGM, 0),
            regs: Default::default(),
        });
        f
    }

    #[test]
    fn a_branch_within_reach_stays_short() {
        let out = emit(&branch_over(Opcode::S_CBRANCH_EXECZ, 32767), Some(10)).unwrap();
        assert_eq!(out.long_branches, 0);
        assert_eq!(out.insts[0], sopp(Opcode::S_CBRANCH_EXECZ, 32767));
    }

    #[test]
    fn a_branch_out_of_reach_becomes_a_long_jump() {
        // 32768 words ahead is one past SOPP's reach.
        let out = emit(&branch_over(Opcode::S_CBRANCH_EXECZ, 32768), Some(10)).unwrap();
        assert_eq!(out.long_branches, 1);
        let insts = decode(&out.code).unwrap();
        let text: Vec<String> = insts.iter().take(5).map(|(_, i)| i.to_string()).collect();
        // Skipped with the inverse condition: the 5 dwords of the long jump.
        assert_eq!(text[0], "s_cbranch_execnz 5");
        assert_eq!(text[1], "s_getpc_b64 s[10:11]");
        assert_eq!(text[4], "s_setpc_b64 s[10:11]");
        // The target: 4 (skip) + 20 (jump) + 4 * 32768 (nops) bytes from the start;
        // s_getpc gives the address of the instruction after it, byte 8.
        let distance = 4 + 20 + 4 * 32768 - 8;
        assert_eq!(text[2], format!("s_add_u32 s10, s10, 0x{distance:x}"));
        assert_eq!(text[3], "s_addc_u32 s11, s11, 0");
        // Backwards: a loop's back edge over the same gap.
        let mut f = branch_over(Opcode::S_BRANCH, 0);
        f.insts.clear();
        f.insts.push(MInst::Label(Label(0)));
        for _ in 0..40000 {
            f.insts.push(MInst::Op {
                inst: sopp(Opcode::S_NOP, 0),
                regs: Default::default(),
            });
        }
        f.insts.push(MInst::Branch {
            op: Opcode::S_BRANCH,
            target: Label(0),
        });
        let out = emit(&f, Some(4)).unwrap();
        let insts = decode(&out.code).unwrap();
        let tail: Vec<String> = insts[insts.len() - 4..]
            .iter()
            .map(|(_, i)| i.to_string())
            .collect();
        // s_getpc at byte 160000 gives 160004; the target is byte 0.
        assert_eq!(
            tail[1],
            format!("s_add_u32 s4, s4, 0x{:x}", (-160004i64) as u32)
        );
        assert_eq!(tail[2], "s_addc_u32 s5, s5, -1");
    }

    #[test]
    fn without_a_spare_pair_a_long_branch_is_refused() {
        let e = emit(&branch_over(Opcode::S_BRANCH, 40000), None).unwrap_err();
        assert!(e.to_string().contains("no free SGPR pair"), "{e}");
    }
}
