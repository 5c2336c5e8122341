//! Pixel exports: CF `EXPORT` / `EXPORT_DONE` of TYPE PIXEL (cayman §3.4.1 L966-992, the
//! CF_ALLOC_EXPORT_WORD0 / WORD1_SWIZ fields L8188-8219, L8385-8420).
//!
//! GPR `RW_GPR + n` goes to colour buffer `ARRAY_BASE + n` for n in 0..=BURST_COUNT (L976);
//! each component is the GPR channel, 0.0 or 1.0 its SEL_X..W names, SEL_MASK writes
//! nothing (L992, L8391-8403). "Pix/Pos/PC exports use the valid mask and active mask"
//! (L8406): only lanes that are active and valid (covered, not killed) write their pixel.
//! A colour buffer is bound by the launch ([`super::R600Launch::color_buffers`]) as one 16-byte
//! element per pixel, row-major over the pixel domain; a lane's pixel is its tile's origin
//! plus (lane % 8, lane / 8), as the launch placed it.
//!
//! Refused, as the hardware would not run it or the result would be lost: an export outside
//! a pixel launch (compute kernels have no pixel pipeline), TYPE POS/PARAM (vertex shader
//! exports), the computed-Z target and targets beyond MRT 7, a target the launch did not
//! bind, a relative RW_GPR, and any export after the wavefront's EXPORT_DONE (the last
//! export of its type, L968). A pixel program that ends without EXPORT_DONE is refused at
//! END (`wave.rs`).

use backend_r600::isa::{CfExport, ExportOp, ExportType};

use super::wave::{Ctx, Wave};
use super::WAVE;
use crate::runtime::RunError;

/// SEL_MASK (cayman L8402).
const SEL_MASK: u8 = 7;

impl Wave {
    /// Executes EXPORT / EXPORT_DONE.
    pub(crate) fn pixel_export(&mut self, ctx: &mut Ctx<'_>, e: &CfExport) -> Result<(), RunError> {
        let cf = ctx.prep.addr.get(self.pc).copied().unwrap_or(0);
        let here = format!("CF {cf}: {}", e.op.name());
        let Some([width, height]) = ctx.launch.pixel_domain else {
            return Err(RunError::Unsupported(format!(
                "{here} (pixel/position/parameter exports belong to pixel and vertex shaders; this is a compute launch)"
            )));
        };
        if e.ty != ExportType::T0 {
            return Err(RunError::Unsupported(format!(
                "{here}: TYPE {} (position and parameter exports belong to vertex shaders)",
                e.ty.bits()
            )));
        }
        if self.export_done {
            return Err(RunError::Fault(format!(
                "{here}: a pixel export after the wavefront's EXPORT_DONE, which is the last export of its type (cayman L968)"
            )));
        }
        if e.rw_rel {
            return Err(RunError::Unsupported(format!("{here}: a relative RW_GPR")));
        }
        if let Some(s) = e.sel.iter().find(|&&s| s == 6) {
            return Err(RunError::Fault(format!(
                "{here}: SEL {s} is reserved (cayman L8401)"
            )));
        }
        let exec = self.active() & self.valid;
        let origin = self.pixel_origin;
        for n in 0..=u16::from(e.burst_count) {
            let target = e.array_base + n;
            let gpr = usize::from(e.rw_gpr) + usize::from(n);
            if e.sel.iter().all(|&s| s == SEL_MASK) {
                continue;
            }
            if target > 7 {
                return Err(RunError::Unsupported(format!(
                    "{here}: pixel export target {target} (the model has colour buffers MRT 0-7; 61 is computed Z)"
                )));
            }
            let &m = ctx
                .launch
                .color_buffers
                .get(&(target as u8))
                .ok_or_else(|| {
                    RunError::Fault(format!(
                        "{here}: export to colour buffer {target}, which the launch did not bind"
                    ))
                })?;
            let regs = self
                .gpr
                .get(gpr)
                .copied()
                .ok_or_else(|| RunError::Fault(format!("{here}: R{gpr} does not exist")))?;
            let buf = ctx.launch.memory.get_mut(m).ok_or_else(|| {
                RunError::BadLaunch(format!("colour buffer {target}: no memory {m}"))
            })?;
            let len = buf.len();
            for lane in 0..WAVE {
                if exec >> lane & 1 == 0 {
                    continue;
                }
                let x = origin[0] + (lane % 8) as u32;
                let y = origin[1] + (lane / 8) as u32;
                if x >= width || y >= height {
                    continue;
                }
                let at = (y as usize * width as usize + x as usize) * 16;
                for (c, &s) in e.sel.iter().enumerate() {
                    let value = match s {
                        0..=3 => regs[usize::from(s)][lane],
                        4 => 0,
                        5 => 1.0f32.to_bits(),
                        _ => continue,
                    };
                    let dst = buf.get_mut(at + 4 * c..at + 4 * c + 4).ok_or_else(|| {
                        RunError::Fault(format!(
                            "{here}: pixel ({x}, {y}) lies outside colour buffer {target} ({len} bytes)"
                        ))
                    })?;
                    dst.copy_from_slice(&value.to_le_bytes());
                }
            }
        }
        if e.op == ExportOp::ExportDone {
            self.export_done = true;
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "export_tests.rs"]
mod tests;
