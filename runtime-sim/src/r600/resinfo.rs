//! TEX `GET_TEXTURE_RESINFO` (cayman L7319-7335: "Retrieve width, height, depth, and number
//! of mipmap levels"): the resource's width, height, depth and mip level count as unsigned
//! integers, in X, Y, Z, W, written through DST_SEL like any TEX result.
//!
//! The ISA says no more; the model's choices (`docs/abi.md`): the model's textures have one
//! mip level, so W is 1 and the level the source's X names must be 0 (another level is
//! refused, not invented); a texture bound with height 1 (the runtime's 1D resources)
//! reports height 1; depth is the slice count of an array, else 1.

use backend_r600::isa::TexInst;

use super::mem::bound_texture;
use super::wave::{Ctx, Wave};
use super::WAVE;
use crate::runtime::RunError;

impl Wave {
    /// Executes GET_TEXTURE_RESINFO for the lanes in `exec`.
    pub(crate) fn tex_resinfo(
        &mut self,
        ctx: &mut Ctx<'_>,
        t: &TexInst,
        exec: u64,
        here: &dyn std::fmt::Display,
    ) -> Result<(), RunError> {
        if t.src_rel || t.dst.rel || t.resource_index_mode != 0 {
            return Err(RunError::Unsupported(format!(
                "{here}: relative or indexed GET_TEXTURE_RESINFO"
            )));
        }
        let tex = bound_texture(ctx, t.resource_id, here)?;
        let info = [
            tex.width,
            tex.height.max(1),
            if tex.array { tex.slices.max(1) } else { 1 },
            1,
        ];
        let (sg, dg) = (usize::from(t.src_gpr), usize::from(t.dst.gpr));
        let mut res = [[0u32; WAVE]; 4];
        for l in 0..WAVE {
            if exec >> l & 1 == 0 {
                continue;
            }
            let level = self.tex_src(t, sg, 0, l);
            if level != 0 {
                return Err(RunError::Unsupported(format!(
                    "{here}: mip level {level} (the model's textures have one level)"
                )));
            }
            for c in 0..4 {
                res[c][l] = match t.dst.sel[c] {
                    s @ 0..=3 => info[usize::from(s)],
                    5 => 1.0f32.to_bits(),
                    _ => 0,
                };
            }
        }
        self.write_fetch_result(here, dg, t.dst.sel, &res, exec)
    }
}
