//! `discard_logicalz` / `discard_logicalnz` and `kill` in pixel kernels: the ALU pixel-kill
//! instructions.
//!
//! IL drops every output of a discarded pixel and lets it run on; its UAV and `g[]` writes
//! stay (L4657-4659, `docs/decisions.md` "Pixel kernels"). Cayman's KILLE_INT / KILLNE_INT
//! clear the pixel's valid bit when the comparison holds (cayman L4559-4573, L1083, L1753;
//! "If (src0 == src1) { dst = 1.0f; Killed = TRUE; }") and leave it active ("Killed pixels
//! remain active", L1114); the final pixel export, which uses the valid mask, skips it
//! (`export.rs`). A KILL writes no register (WRITE_MASK 0, as LLVM's `KILLGT * T1.Z
//! (MASKED)`) and the scheduler ends its ALU clause with it (L1912).
//!
//! A discard does not touch the valid bit where it runs: it ORs its condition into a
//! per-lane "discarded" register (zero from the entry block on, carried through branches
//! and loops like any register: a masked-off lane's register is not written), and one
//! KILLNE_INT on that register right before the exports, after every store of the program,
//! clears the valid bit of the discarded pixels. So the valid bit during the run means
//! "killed" only, and `kill`'s VALID_PIXEL_MODE stores drop a killed pixel's stores but
//! not a discarded one's (`docs/decisions.md`, "Cayman pixel kernels export").

use super::*;

impl Isel<'_> {
    /// `discard_logicalnz` (`nz`) or `discard_logicalz` of the first component of src0:
    /// `discarded |= (src0.x != 0)` (or `== 0`), the lanes off the branch unchanged.
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
        let flag = self
            .discarded
            .ok_or_else(|| CompileError::Internal("discard without its register".into()))?;
        let x = self.operand(v)?;
        let op = if nz { AluOp::SetneInt } else { AluOp::SeteInt };
        let taken = self.alu(op, vec![x, Operand::imm(0)]);
        self.push(MAlu::new(
            AluOp::OrInt,
            flag,
            vec![Operand::reg(flag), Operand::reg(taken)],
        ));
        Ok(())
    }

    /// The entry block of a program that discards starts with `discarded = 0`.
    pub(super) fn init_discarded(&mut self, b: Block) {
        if let (Some(flag), Some(true)) = (self.discarded, self.f.entry().map(|e| e == b)) {
            self.push(MAlu::new(AluOp::Mov, flag, vec![Operand::imm(0)]));
        }
    }

    /// Before the exports: KILLNE_INT on the discarded flag, so the valid-mask exports skip
    /// the discarded pixels whose stores have all happened.
    pub(super) fn kill_discarded(&mut self) {
        if let Some(flag) = self.discarded {
            self.push(MAlu {
                op: AluOp::KillneInt,
                dst: None,
                srcs: vec![Operand::reg(flag), Operand::imm(0)],
                clamp: false,
                exec_update: false,
                lds: None,
                others: Vec::new(),
            });
        }
    }
}

/// A pixel program with a `discard_logical*` gets the discarded-flag register (see the
/// module text).
pub(super) fn discards(func: &Function) -> bool {
    func.placed_insts().any(|(_, i)| {
        matches!(&func.insts[i].op, ir::Op::Il(il)
            if matches!(il.opcode, Opcode::DiscardLogicalnz | Opcode::DiscardLogicalz))
    })
}

impl Isel<'_> {
    /// IL `kill` (L4900): the pixel is killed when any component of src0 is below 0.0
    /// (`SETGT_DX10 0.0, x` per component, ORed; -0.0 and NaN are not below), with one
    /// KILLNE_INT on the result. A killed lane stays active on Cayman (L1114), so to stop
    /// its side effects every `g[]`/UAV store of the program gets VALID_PIXEL_MODE ("do not
    /// export data for invalid pixels", L8405; [`stop_killed_pixels`]). Private-buffer
    /// stores keep the active mask so a killed lane's own spills stay coherent. Loops get
    /// VALID_PIXEL_MODE too, so a killed lane leaves them as IL's stopped pixel would. Discarded
    /// pixels keep storing: a discard only clears the valid bit at the end
    /// ([`Isel::kill_discarded`]).
    pub(super) fn kill(&mut self, args: &[Value]) -> Result<(), CompileError> {
        if !self.opts.pixel {
            return Err(unsupported("kill outside a pixel kernel".into(), self.span));
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

/// Sets VALID_PIXEL_MODE where a killed pixel, which stays active (L1114), must act as
/// stopped (see `Isel::kill`):
/// - every RAT store except those to the private buffer, so it stores nothing;
/// - LOOP_START_DX10 and LOOP_END, so it does not enter or go round a loop again
///   ("begins execution as if all invalid pixels were inactive", L1116; LOOP_END pops, so
///   the invalid pixels also stay deactivated after the loop, L1120). Without this a loop
///   whose pixels all end by `kill` would never finish, while IL stops each killed pixel.
pub fn stop_killed_pixels(prog: &mut crate::isa::Program) {
    use crate::isa::{CfInst, CfOp, MemTarget};
    for inst in &mut prog.cf {
        match inst {
            CfInst::Mem(m) if matches!(m.target, MemTarget::Rat { id, .. } if id != abi::PRIVATE_RAT) =>
            {
                m.valid_pixel_mode = true;
            }
            CfInst::Word(w) if matches!(w.op, CfOp::LoopStartDx10 | CfOp::LoopEnd) => {
                w.valid_pixel_mode = true;
            }
            _ => {}
        }
    }
}
