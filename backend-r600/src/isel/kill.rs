//! `discard_logicalz` / `discard_logicalnz` in pixel kernels: the ALU pixel-kill
//! instructions.
//!
//! IL drops every output of a discarded pixel and lets it run on; its UAV and `g[]` writes
//! stay (L4657-4659, `docs/decisions.md` "Pixel kernels"). Cayman's KILLE_INT / KILLNE_INT
//! clear the pixel's valid bit when the comparison holds (cayman L4559-4573, L1083, L1753;
//! "If (src0 == src1) { dst = 1.0f; Killed = TRUE; }") and leave it active ("Killed pixels
//! remain active", L1114), so later instructions, RAT stores included ("mem-exports use the
//! active mask only", L8406), still run for it while the final pixel export, which uses the
//! valid mask, skips it (`export.rs`). A KILL inside a branch only affects the lanes the
//! branch runs (L1976). The KILL writes no register (WRITE_MASK 0, as LLVM's `KILLGT *
//! T1.Z (MASKED)`) and the scheduler ends its ALU clause with it (L1912).

use super::*;

impl Isel<'_> {
    /// `discard_logicalnz` (`nz`) or `discard_logicalz` of the first component of src0.
    pub(super) fn discard(&mut self, nz: bool, args: &[Value]) -> Result<(), CompileError> {
        if !self.opts.pixel {
            return Err(unsupported(
                "discard outside a pixel kernel".into(),
                self.span,
            ));
        }
        let v = *args
            .first()
            .ok_or_else(|| CompileError::Internal("discard without a source".into()))?;
        let x = self.operand(v)?;
        let op = if nz {
            AluOp::KillneInt
        } else {
            AluOp::KilleInt
        };
        self.push(MAlu {
            op,
            dst: None,
            srcs: vec![x, Operand::imm(0)],
            clamp: false,
            exec_update: false,
            lds: None,
            others: Vec::new(),
        });
        Ok(())
    }
}

impl Isel<'_> {
    /// IL `kill` (L4900): the pixel is killed when any component of src0 is below 0.0
    /// (`SETGT_DX10 0.0, x` per component, ORed; -0.0 and NaN are not below), with one
    /// KILLNE_INT on the result. A killed lane stays active on Cayman (L1114), so to stop
    /// its side effects every `g[]`/UAV store of the program gets VALID_PIXEL_MODE ("do not
    /// export data for invalid pixels", L8405; [`mask_killed_stores`]). Private-buffer
    /// stores keep the active mask so a killed lane's own spills stay coherent. Discarded
    /// pixels must keep storing, so a program that both kills and discards is refused.
    pub(super) fn kill(&mut self, args: &[Value]) -> Result<(), CompileError> {
        if !self.opts.pixel {
            return Err(unsupported("kill outside a pixel kernel".into(), self.span));
        }
        let discards = self.f.placed_insts().any(|(_, i)| {
            matches!(&self.f.insts[i].op, ir::Op::Il(il)
                if matches!(il.opcode, Opcode::DiscardLogicalnz | Opcode::DiscardLogicalz))
        });
        if discards {
            return Err(unsupported(
                "kill in a program that also discards (VALID_PIXEL_MODE stores would drop a discarded pixel's stores)".into(),
                self.span,
            ));
        }
        let mut any: Option<Operand> = None;
        for &v in args {
            let x = self.operand(v)?;
            let below = self.alu(AluOp::SetgtDx10, vec![Operand::imm(0), x]);
            any = Some(match any {
                None => Operand::reg(below),
                Some(a) => Operand::reg(self.alu(AluOp::OrInt, vec![a, Operand::reg(below)])),
            });
        }
        let Some(any) = any else {
            return Err(CompileError::Internal("kill without a source".into()));
        };
        self.uses.kills = true;
        self.push(MAlu {
            op: AluOp::KillneInt,
            dst: None,
            srcs: vec![any, Operand::imm(0)],
            clamp: false,
            exec_update: false,
            lds: None,
            others: Vec::new(),
        });
        Ok(())
    }
}

/// Sets VALID_PIXEL_MODE on every RAT store of a program that kills, except those to the
/// private buffer (see [`Isel::kill`]).
pub fn mask_killed_stores(prog: &mut crate::isa::Program) {
    use crate::isa::{CfInst, MemTarget};
    for inst in &mut prog.cf {
        if let CfInst::Mem(m) = inst {
            if matches!(m.target, MemTarget::Rat { id, .. } if id != abi::PRIVATE_RAT) {
                m.valid_pixel_mode = true;
            }
        }
    }
}
