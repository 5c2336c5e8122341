//! TEX `GATHER4` (cayman L7169-7181: "Fetches unfiltered texels from a bilinear sample and
//! packs them into xyzw"; INST_MOD picks the texel component, 0-3 = X-W, L9590-9593).
//!
//! The ISA does not say which texel lands in which channel; the model takes DX10.1's
//! gather4 order, which the IL repeats (L4827): X, Y, Z, W are the texels at the sample
//! point moved by (-,+), (+,+), (+,-), (-,-) half a texel, each point-sampled with the
//! model's only sampler state (nearest, clamp to edge) as SAMPLE selects a texel
//! (`mem.rs`), OFFSET_X/Y added in half texels as there. The bilinear footprint of a point
//! is exactly those four texels.

use backend_r600::isa::TexInst;

use super::super::wave::{Ctx, Wave};
use super::super::WAVE;
use super::{array_slice, bound_texture, read_dword, texel_offsets};
use crate::runtime::RunError;

impl Wave {
    /// Executes GATHER4 for the lanes in `exec`.
    pub(crate) fn tex_gather4(
        &mut self,
        ctx: &mut Ctx<'_>,
        t: &TexInst,
        exec: u64,
        here: &dyn std::fmt::Display,
    ) -> Result<(), RunError> {
        if t.src_rel || t.dst.rel || t.resource_index_mode != 0 || t.sampler_index_mode != 0 {
            return Err(RunError::Unsupported(format!(
                "{here}: relative or indexed GATHER4"
            )));
        }
        let tex = bound_texture(ctx, t.resource_id, here)?;
        let offset = texel_offsets(t);
        let comp = usize::from(t.inst_mod & 3);
        let comps = tex.comps.clamp(1, 4) as usize;
        let sg = usize::from(t.src_gpr);
        let mut res = [[0u32; WAVE]; 4];
        for l in 0..WAVE {
            if exec >> l & 1 == 0 {
                continue;
            }
            let coord = |k: usize| self.tex_src(t, sg, k, l);
            let pos = |k: usize, size: u32| -> f32 {
                let mut v = f32::from_bits(coord(k));
                if t.coord_type[k] {
                    v *= size as f32;
                }
                v + offset[k]
            };
            let index = |v: f32, size: u32| -> u32 {
                if v.is_nan() || v < 0.0 {
                    0
                } else {
                    (v.floor() as u64).min(u64::from(size.saturating_sub(1))) as u32
                }
            };
            let (u, v) = (pos(0, tex.width), pos(1, tex.height));
            let z = if tex.array {
                array_slice(f32::from_bits(coord(2)), t.coord_type[2], tex.slices)
            } else {
                0
            };
            let taps = [(-0.5, 0.5), (0.5, 0.5), (0.5, -0.5), (-0.5, -0.5)];
            let mut texels = [0u32; 4];
            for (k, (du, dv)) in taps.into_iter().enumerate() {
                let x = index(u + du, tex.width);
                let y = if tex.height <= 1 {
                    0
                } else {
                    index(v + dv, tex.height)
                };
                // Components a texel lacks read 0 (x, y, z) and 1.0 (w), as SAMPLE's.
                texels[k] = if comp < comps {
                    let row = u64::from(z) * u64::from(tex.height.max(1)) + u64::from(y);
                    let at = (row * u64::from(tex.width) + u64::from(x)) * comps as u64;
                    self.check_acked(ctx.acks, tex.memory, (at + comp as u64) * 4, 4, l, here)?;
                    let buf = ctx
                        .launch
                        .memory
                        .get(tex.memory)
                        .map_or(&[][..], Vec::as_slice);
                    match read_dword(buf, at + comp as u64) {
                        Some(d) => d,
                        None => {
                            ctx.report.out_of_range.resource_reads += 1;
                            0
                        }
                    }
                } else if comp == 3 {
                    1.0f32.to_bits()
                } else {
                    0
                };
            }
            for c in 0..4 {
                res[c][l] = match t.dst.sel[c] {
                    s @ 0..=3 => texels[usize::from(s)],
                    5 => 1.0f32.to_bits(),
                    _ => 0,
                };
            }
        }
        let dg = usize::from(t.dst.gpr);
        self.write_fetch_result(here, dg, t.dst.sel, &res, exec)
    }
}
