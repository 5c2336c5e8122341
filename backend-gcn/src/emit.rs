//! The last step: labels become byte offsets, branches get their SIMM16, and the
//! instructions are encoded and printed.
//!
//! The assembly text is one instruction per line in LLVM syntax (branch offsets as the
//! numbers LLVM's disassembler prints), so `llvm-mc -arch=amdgcn -mcpu=gfx906` turns it
//! into exactly the bytes returned beside it.

use std::collections::HashMap;

use crate::isa::encode::encode_words;
use crate::isa::{Inst, Opcode, Sopp};
use crate::mir::{Label, MFunc, MInst};
use crate::CompileError;

/// The encoded kernel.
#[derive(Clone, Debug, Default)]
pub struct Emitted {
    pub code: Vec<u8>,
    pub insts: Vec<Inst>,
    pub asm: String,
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

/// Encodes `f` (every register physical, every wait in place).
pub fn emit(f: &MFunc) -> Result<Emitted, CompileError> {
    // Pass 1: sizes and label offsets (branches are 4 bytes).
    let mut offsets: HashMap<Label, u32> = HashMap::new();
    let mut at = 0u32;
    let mut words = Vec::new();
    for m in &f.insts {
        match m {
            MInst::Label(l) => {
                offsets.insert(*l, at);
            }
            MInst::Branch { .. } => at += 4,
            MInst::Op { inst, .. } => {
                words.clear();
                encode_words(inst, &mut words)
                    .map_err(|e| CompileError::Internal(format!("cannot encode `{inst}`: {e}")))?;
                at += 4 * words.len() as u32;
            }
        }
    }
    // Pass 2: resolve and encode.
    let mut out = Emitted::default();
    let mut words = Vec::new();
    for m in &f.insts {
        let inst = match m {
            MInst::Label(_) => continue,
            MInst::Branch { op, target } => {
                let t = *offsets
                    .get(target)
                    .ok_or_else(|| CompileError::Internal("a branch to a missing label".into()))?;
                let pc = out.code.len() as i64;
                let delta = (i64::from(t) - pc - 4) / 4;
                let simm16 = i16::try_from(delta)
                    .map_err(|_| CompileError::Internal("a branch offset beyond 16 bits".into()))?;
                Inst::Sopp(Sopp {
                    op: *op,
                    simm16: simm16 as u16,
                })
            }
            MInst::Op { inst, .. } => inst.clone(),
        };
        words.clear();
        encode_words(&inst, &mut words)
            .map_err(|e| CompileError::Internal(format!("cannot encode `{inst}`: {e}")))?;
        for w in &words {
            out.code.extend_from_slice(&w.to_le_bytes());
        }
        out.asm.push_str(&inst.to_string());
        out.asm.push('\n');
        out.insts.push(inst);
    }
    Ok(out)
}

/// Whether an instruction is one of the waits the backend inserted.
pub fn is_wait(inst: &Inst) -> bool {
    matches!(inst, Inst::Sopp(s) if s.op == Opcode::S_WAITCNT)
}

/// Whether an instruction is an `s_nop`.
pub fn is_nop(inst: &Inst) -> bool {
    matches!(inst, Inst::Sopp(s) if s.op == Opcode::S_NOP)
}
