//! Pre-decoding: the kernel's bytes are decoded once with `backend_gcn::isa` into typed
//! instructions, branch targets are resolved to instruction indices, and what each
//! instruction does is looked up once (the VALU lane function, the memory access shape;
//! for the common 32-bit VALU instructions the whole `Vop32` form with its operands), so
//! that the executor never decodes or looks up names again.

use backend_gcn::isa::{decode, Inst, Opcode};

use super::valu::{self, ValuSem};
use super::vmem::{self, MemSem};
use crate::runtime::RunError;

/// What the executor needs to know about one instruction besides its fields.
#[derive(Clone, Debug)]
pub(crate) enum Sem {
    None,
    Valu(ValuSem),
    /// A VALU instruction with a pre-decoded 32-bit form (`valu::Vop32`).
    Vop32(valu::Vop32),
    Mem(MemSem),
}

/// A decoded kernel.
#[derive(Clone, Debug)]
pub(crate) struct Program {
    pub insts: Vec<Inst>,
    /// Byte offset of each instruction from the entry point.
    pub offsets: Vec<u32>,
    /// Instruction index of each branch's target (`None`: not a branch, or the target is
    /// not the start of an instruction, which is refused only if the branch is taken).
    pub targets: Vec<Option<usize>>,
    pub sems: Vec<Sem>,
}

impl Program {
    pub fn new(code: &[u8]) -> Result<Program, RunError> {
        let decoded = decode(code).map_err(|e| {
            RunError::Fault(format!("gfx906: the kernel's code cannot be decoded: {e}"))
        })?;
        let mut insts = Vec::with_capacity(decoded.len());
        let mut offsets = Vec::with_capacity(decoded.len());
        for (off, inst) in decoded {
            offsets.push(off as u32);
            insts.push(inst);
        }
        let index_of = |byte: u64| -> Option<usize> {
            let b = u32::try_from(byte).ok()?;
            offsets.binary_search(&b).ok()
        };
        let mut targets = Vec::with_capacity(insts.len());
        let mut sems = Vec::with_capacity(insts.len());
        for (i, inst) in insts.iter().enumerate() {
            let at = u64::from(offsets[i]);
            let t = match inst {
                Inst::Sopp(s) if is_branch(s.op) => index_of(s.branch_target(at)),
                Inst::Sopk(s) if s.op == Opcode::S_CALL_B64 => index_of(s.branch_target(at)),
                _ => None,
            };
            targets.push(t);
            sems.push(match inst {
                Inst::Valu(v) => {
                    let sem = valu::resolve(v);
                    match valu::resolve_vop32(v, sem) {
                        Some(f) => Sem::Vop32(f),
                        None => Sem::Valu(sem),
                    }
                }
                Inst::Smem(_) | Inst::Ds(_) | Inst::Buf(_) | Inst::Flat(_) => {
                    Sem::Mem(vmem::resolve(inst))
                }
                _ => Sem::None,
            });
        }
        Ok(Program {
            insts,
            offsets,
            targets,
            sems,
        })
    }

    /// `0x1c: s_cbranch_execz 25` style location of instruction `i`.
    pub fn locate(&self, i: usize) -> String {
        match (self.insts.get(i), self.offsets.get(i)) {
            (Some(inst), Some(off)) => format!("0x{off:x} `{inst}`"),
            _ => format!("instruction #{i} (past the end of the code)"),
        }
    }
}

/// The SOPP branches (vega L10663-10743).
pub(crate) fn is_branch(op: Opcode) -> bool {
    use Opcode::*;
    matches!(
        op,
        S_BRANCH
            | S_CBRANCH_SCC0
            | S_CBRANCH_SCC1
            | S_CBRANCH_VCCZ
            | S_CBRANCH_VCCNZ
            | S_CBRANCH_EXECZ
            | S_CBRANCH_EXECNZ
            | S_CBRANCH_CDBGSYS
            | S_CBRANCH_CDBGUSER
            | S_CBRANCH_CDBGSYS_OR_USER
            | S_CBRANCH_CDBGSYS_AND_USER
    )
}
