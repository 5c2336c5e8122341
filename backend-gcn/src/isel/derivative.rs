//! `dsx`, `dsy`, `fwidth` (IL reference L6711, L6727, L6902): screen-space derivatives of
//! a pixel kernel over its 2 x 2 quad, as the interpreter computes them
//! (`runtime-sim/src/interp/texture.rs`): a pixel wave holds an 8 x 8 tile, lane
//! `8 * row + column` (`docs/abi.md`, "gfx906 pixel shaders"), so the quad of lane `l` is
//! `l & !9`, `| 1`, `| 8`, `| 9`; `dsx` is the right lane's value minus the left one's
//! (lanes `l | 1` and `l & !1`), `dsy` the bottom one's minus the top one's (`l | 8` and
//! `l & !8`), the same in both lanes of the pair; `fwidth` is `|dsx| + |dsy|`. The values
//! cross lanes with `ds_bpermute_b32` (vega L19294-19310; the model refuses DPP), which
//! reads 0 from an inactive lane. Compute kernels have no quads: 0.

use midend::ir::{IlOp, Value};

use super::{il_src, Dst, Mods, Selector, Src};
use crate::isa::Opcode;
use crate::mir::{File, VReg};
use crate::CompileError;

impl Selector<'_> {
    pub(super) fn derivative(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
        mask: u8,
    ) -> Result<(), CompileError> {
        use il_frontend::opcode::Opcode as O;
        if !self.abi.pixel {
            for &r in results {
                let d = self.vreg(r);
                self.mov32(Dst::r(d), Src::Imm(0));
            }
            return Ok(());
        }
        let lo = self.vop(
            Opcode::V_MBCNT_LO_U32_B32,
            &[Src::Imm(u32::MAX), Src::Imm(0)],
        );
        let lane = self.vop(
            Opcode::V_MBCNT_HI_U32_B32,
            &[Src::Imm(u32::MAX), Src::r(lo)],
        );
        // ds_bpermute_b32 takes the source lane's byte address (4 * lane).
        let lane4 = self.vop(Opcode::V_LSHLREV_B32, &[Src::Imm(2), Src::r(lane)]);
        let pair = |this: &mut Self, step: u32| -> (VReg, VReg) {
            let first = this.vop(Opcode::V_AND_B32, &[Src::Imm(!(4 * step)), Src::r(lane4)]);
            let second = this.vop(Opcode::V_OR_B32, &[Src::Imm(4 * step), Src::r(lane4)]);
            (first, second)
        };
        let (dx, dy) = (il.opcode != O::Dsy, il.opcode != O::Dsx);
        let x_lanes = dx.then(|| pair(self, 1));
        let y_lanes = dy.then(|| pair(self, 8));
        for (c, r) in super::written(mask, results) {
            let v = il_src(il, args, 0, c).ok_or_else(|| {
                CompileError::Internal(format!("{}: a source is missing", il.opcode.mnemonic()))
            })?;
            let data = self.src_in(v, File::V);
            let diff = |this: &mut Self, (first, second): (VReg, VReg)| -> VReg {
                let a = this.m.new_vreg(File::V, 1);
                let b = this.m.new_vreg(File::V, 1);
                this.ds(Opcode::DS_BPERMUTE_B32, Some(a), first, Some(data), None);
                this.ds(Opcode::DS_BPERMUTE_B32, Some(b), second, Some(data), None);
                this.vop(Opcode::V_SUB_F32, &[Src::r(b), Src::r(a)])
            };
            let value = match (x_lanes, y_lanes) {
                (Some(x), Some(y)) => {
                    let ddx = diff(self, x);
                    let ddy = diff(self, y);
                    let t = self.m.new_vreg(File::V, 1);
                    self.valu(
                        Opcode::V_ADD_F32,
                        Some(Dst::r(t)),
                        None,
                        &[Src::r(ddx), Src::r(ddy)],
                        Mods {
                            abs: 3,
                            ..Mods::default()
                        },
                    );
                    t
                }
                (Some(p), None) | (None, Some(p)) => diff(self, p),
                (None, None) => return Err(CompileError::Internal("derivative".into())),
            };
            let d = self.vreg(r);
            self.mov32(Dst::r(d), Src::r(value));
        }
        Ok(())
    }
}
