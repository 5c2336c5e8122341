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
