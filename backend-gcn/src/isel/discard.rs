//! `discard_logicalnz`/`discard_logicalz` and `kill` in pixel kernels, as lane masks.
//!
//! IL (L4657, L4900): a discarded pixel keeps running but none of its outputs are written;
//! a killed pixel is discarded and also stops running. On gfx906 an IL pixel kernel is a
//! pixel-shader wave whose outputs are exported at the end of the program (`isel/pixel.rs`,
//! docs/abi.md "gfx906 pixel shaders"), so both are EXEC-mask bookkeeping:
//!
//! ```text
//! prologue:  s_mov_b64 KEEP, exec            ; pixels whose outputs are written
//!            s_mov_b64 ALIVE, exec           ; pixels still running (only with `kill`)
//! discard:   T = exec & cond ; s_andn2_b64 KEEP, KEEP, T
//! kill:      T = exec & cond ; s_andn2_b64 KEEP, KEEP, T ; s_andn2_b64 ALIVE, ALIVE, T
//!            s_andn2_b64 exec, exec, T ; s_cbranch_execz <skip>
//! loops:     s_and_b64 exec, exec, ALIVE     ; after the latch and the exit restore EXEC
//! outputs:   s_and_b64 exec, exec, KEEP      ; once, before the exports
//! ```
//!
//! An `if` merge needs no fix-up: it restores only lanes that were running at the end of an
//! arm (`cfg_lower`). A loop's latch and exit restore the mask saved on entry, which may
//! still hold lanes killed inside the loop, hence the AND with ALIVE there (its SCC result
//! is the latch's "any lane left" test). LLVM lowers `llvm.amdgcn.kill` the same way on the
//! EXEC mask (`SILowerControlFlow`/`SIInsertSkips`, LLVM 14: `s_andn2_b64 exec` with a live
//! mask and an `s_cbranch_execz` skip), and so does its end of a fully killed wave: the
//! skip lands on `exp null off, off, off, off done vm` (`isel/pixel.rs`), because a pixel
//! shader must end with a DONE export (docs/decisions.md, "gfx906 pixel kernels are
//! pixel-shader waves").

use il_frontend::opcode::Opcode as IlOpcode;
use midend::ir::{IlOp, Value};

use super::{il_src, unsupported, Mods, Selector, Src};
use crate::cfg_lower::Mask;
use crate::isa::Opcode;
use crate::mir::{Label, VReg};
use crate::CompileError;

/// The masks of a pixel kernel that discards or kills.
#[derive(Clone, Copy, Debug, Default)]
pub struct PixelMasks {
    /// Lanes whose outputs are still written.
    pub keep: Option<VReg>,
    /// Lanes not killed (only when the program kills).
    pub alive: Option<VReg>,
    /// Where to branch when a kill leaves no lane running (set by `cfg_lower` per block).
    pub skip: Option<Label>,
    /// The output stores are already under KEEP.
    pub outputs_masked: bool,
}

/// Whether an IL opcode is one this module lowers.
pub fn handles(op: IlOpcode) -> bool {
    matches!(
        op,
        IlOpcode::Kill | IlOpcode::DiscardLogicalnz | IlOpcode::DiscardLogicalz
    )
}

impl Selector<'_> {
    /// Creates KEEP (and ALIVE) at the start when the program discards or kills.
    pub(crate) fn pixel_masks_prologue(&mut self) -> Result<(), CompileError> {
        let mut discards = false;
        let mut kills = false;
        for (_, inst) in self.func.placed_insts() {
            if let midend::ir::Op::Il(il) = &self.func.insts[inst].op {
                discards |= handles(il.opcode);
                kills |= il.opcode == IlOpcode::Kill;
            }
        }
        if !discards {
            return Ok(());
        }
        if !self.abi.pixel {
            return Err(unsupported("kill and discard outside a pixel kernel"));
        }
        let keep = self.new_mask();
        self.mask_op(Opcode::S_MOV_B64, Mask::R(keep), &[Mask::Exec]);
        self.pixel_masks.keep = Some(keep);
        if kills {
            let alive = self.new_mask();
            self.mask_op(Opcode::S_MOV_B64, Mask::R(alive), &[Mask::Exec]);
            self.pixel_masks.alive = Some(alive);
        }
        Ok(())
    }

    /// After an instruction that restored a saved EXEC: killed lanes stay off. Sets SCC to
    /// EXEC != 0, as the restoring instruction did.
    pub(crate) fn exec_and_alive(&mut self) {
        if let Some(alive) = self.pixel_masks.alive {
            self.mask_op(Opcode::S_AND_B64, Mask::Exec, &[Mask::Exec, Mask::R(alive)]);
        }
    }

    /// Before the first render-target store: only the pixels not discarded write.
    pub(crate) fn mask_outputs(&mut self) {
        if self.pixel_masks.outputs_masked {
            return;
        }
        self.pixel_masks.outputs_masked = true;
        if let Some(keep) = self.pixel_masks.keep {
            self.mask_op(Opcode::S_AND_B64, Mask::Exec, &[Mask::Exec, Mask::R(keep)]);
        }
    }

    /// `kill`, `discard_logicalnz`, `discard_logicalz`.
    pub(crate) fn discard_il(&mut self, il: &IlOp, args: &[Value]) -> Result<(), CompileError> {
        if il.field("sample").unwrap_or(0) != 0 {
            return Err(unsupported("kill on a texture sample"));
        }
        let keep = self
            .pixel_masks
            .keep
            .ok_or_else(|| CompileError::Internal("discard without a KEEP mask".into()))?;
        let cond = match il.opcode {
            IlOpcode::Kill => self.kill_condition(il, args),
            op => {
                let x = first_component(il, args)
                    .ok_or_else(|| unsupported(format!("`{}` without a source", op.mnemonic())))?;
                self.logical_condition(x, op == IlOpcode::DiscardLogicalnz)
            }
        };
        let taken = match cond {
            Mask::Zero => return Ok(()),
            Mask::Ones | Mask::Exec => Mask::Exec,
            m => {
                let t = self.new_mask();
                self.mask_op(Opcode::S_AND_B64, Mask::R(t), &[m, Mask::Exec]);
                Mask::R(t)
            }
        };
        self.mask_op(Opcode::S_ANDN2_B64, Mask::R(keep), &[Mask::R(keep), taken]);
        if il.opcode != IlOpcode::Kill {
            return Ok(());
        }
        let alive = self
            .pixel_masks
            .alive
            .ok_or_else(|| CompileError::Internal("kill without an ALIVE mask".into()))?;
        self.mask_op(
            Opcode::S_ANDN2_B64,
            Mask::R(alive),
            &[Mask::R(alive), taken],
        );
        self.mask_op(Opcode::S_ANDN2_B64, Mask::Exec, &[Mask::Exec, taken]);
        let skip = self
            .pixel_masks
            .skip
            .ok_or_else(|| CompileError::Internal("kill outside a lowered block".into()))?;
        self.branch(Opcode::S_CBRANCH_EXECZ, skip);
        Ok(())
    }

    /// `kill`: any component below 0.0 (NaN and -0.0 are not; denormals are flushed first
    /// by the compare under the kernel's FP mode, as IL flushes inputs).
    fn kill_condition(&mut self, il: &IlOp, args: &[Value]) -> Mask {
        let mut acc: Option<Mask> = None;
        for c in 0..4u8 {
            let Some(v) = il_src(il, args, 0, c) else {
                continue;
            };
            let m = match self.constant(v) {
                Some(bits) => {
                    if flushed_below_zero(bits as u32) {
                        return Mask::Ones;
                    }
                    continue;
                }
                None => {
                    let x = self.src(v);
                    // 0 > x, with x in the VOP3 form's second source (any file).
                    Mask::R(self.cmp_mask(Opcode::V_CMP_GT_F32, Src::Imm(0), x, Mods::default()))
                }
            };
            acc = Some(match acc {
                None => m,
                Some(a) => {
                    let o = self.new_mask();
                    self.mask_op(Opcode::S_OR_B64, Mask::R(o), &[a, m]);
                    Mask::R(o)
                }
            });
        }
        acc.unwrap_or(Mask::Zero)
    }

    /// `x != 0` (or `x == 0`) per lane.
    fn logical_condition(&mut self, x: Value, nonzero: bool) -> Mask {
        if let Some(c) = self.constant(x) {
            return if (c as u32 != 0) == nonzero {
                Mask::Ones
            } else {
                Mask::Zero
            };
        }
        let a = self.src(x);
        let m = self.new_mask();
        self.zero_test(a, nonzero, m);
        Mask::R(m)
    }
}

/// The first selected component of source 0 (the one IL's conditional instructions test).
fn first_component(il: &IlOp, args: &[Value]) -> Option<Value> {
    (0..4u8).find_map(|c| il_src(il, args, 0, c))
}

/// `x < 0.0` for an f32 constant after denormal flushing (NaN and -0.0 are not).
fn flushed_below_zero(x: u32) -> bool {
    let denormal = x & 0x7F80_0000 == 0;
    !denormal && f32::from_bits(x) < 0.0
}

#[cfg(test)]
mod tests {
    use super::flushed_below_zero;

    #[test]
    fn constant_kill_test_follows_il_compare() {
        assert!(flushed_below_zero((-1.0f32).to_bits()));
        assert!(!flushed_below_zero((-0.0f32).to_bits()));
        assert!(!flushed_below_zero(f32::NAN.to_bits() | 0x8000_0000));
        assert!(!flushed_below_zero(0x8000_0001)); // a negative denormal flushes to -0.0
        assert!(!flushed_below_zero(1.5f32.to_bits()));
    }
}
