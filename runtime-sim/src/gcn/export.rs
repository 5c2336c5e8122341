//! `exp` (vega Chapter 11, L8396-8548; encoding Table 46 L8414-8487) for pixel-shader waves,
//! and the EXPCNT bookkeeping that goes with it.
//!
//! What the model does, following the chapter:
//! * MRT0-7: every lane whose EXEC bit is set writes the components EN enables (VSRC0..3 =
//!   R, G, B, A) to its pixel of colour target N (L8463-8470: "Only pixels with the
//!   corresponding EXEC bit set to 1 export data"); the target must be one the shader's
//!   SPI_SHADER_COL_FORMAT exports (4 bits per MRT, 0 = SPI_SHADER_ZERO: not exported), and
//!   the model implements the 32_ABGR format (9) only, 16 bytes per pixel.
//! * NULL (9): no data; with VM it only sends the valid mask (L8475-8479).
//! * VM: EXEC is the wave's valid mask; "must be sent at least once per pixel shader".
//! * DONE: the last export of the program (L8466-8467); an export after it, or `s_endpgm`
//!   without it, is refused.
//! * COMPR (16-bit data), MRTZ, POS and PARAM targets are refused.
//!
//! EXPCNT (L8520-8541): an export reads EXEC and its VGPRs only when the bus is granted,
//! then EXPCNT decrements; "use S_WAITCNT on EXPCNT to prevent the shader program from
//! overwriting EXEC or the VGPRs holding the data to be exported before the export operation
//! has completed". The model writes the data when the export issues and refuses any write
//! of EXEC or of those VGPRs (VALU result, load destination, SALU write of EXEC) while the
//! export is outstanding, naming the export. Exports of one type complete in order
//! (L8538-8539), so `s_waitcnt expcnt(N)` completes all but the N newest; the counter is
//! 3 bits wide (L1027-1066) and the hardware stalls rather than overflow, so an eighth
//! outstanding export retires the oldest.

use backend_gcn::isa::{Exp, Inst};

use super::memory::GlobalMemory;
use super::salu::Flow;
use super::wave::{fault, unsupported, Regs, Wave, R, WAVE};

/// SPI_SHADER_COL_FORMAT value SPI_SHADER_32_ABGR (LLVM SIDefines / radeonsi `sid.h`:
/// V_028714_SPI_SHADER_32_ABGR = 9).
pub const COL_FORMAT_32_ABGR: u32 = 9;
/// Export targets (vega Table 46 L8440-8457).
const TARGET_MRTZ: u8 = 8;
const TARGET_NULL: u8 = 9;
/// Width of EXPCNT (vega L1027-1066: 3 bits).
const EXPCNT_MAX: usize = 7;

/// A colour target as the colour block sees it: 16-byte pixels (32_32_32_32), row-major,
/// `pitch` pixels per row, `height` rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColorTarget {
    pub base: u64,
    pub pitch: u32,
    pub height: u32,
}

/// An export whose data has not been read yet.
#[derive(Clone, Debug)]
struct Outstanding {
    vgprs: Vec<u8>,
    /// `0x1c `exp mrt0 ...``: the export, for messages.
    what: String,
}

/// The pixel-shader state of one wave.
#[derive(Clone, Debug)]
pub(crate) struct PsWave {
    /// Pixel of lane 0; lane `8*ty + tx` is pixel (x0 + tx, y0 + ty).
    pub origin: [u32; 2],
    /// The launch's domain (pixels outside it do not exist).
    pub domain: [u32; 2],
    /// SPI_SHADER_COL_FORMAT from the shader's registers.
    pub col_format: u32,
    pub targets: [Option<ColorTarget>; 8],
    /// A DONE export was issued.
    pub done: bool,
    /// An export with VM was issued.
    pub valid_mask_sent: bool,
    /// The last valid mask sent (EXEC of the last VM export).
    pub valid_mask: u64,
    outstanding: Vec<Outstanding>,
}

impl PsWave {
    pub fn new(
        origin: [u32; 2],
        domain: [u32; 2],
        col_format: u32,
        targets: [Option<ColorTarget>; 8],
    ) -> PsWave {
        PsWave {
            origin,
            domain,
            col_format,
            targets,
            done: false,
            valid_mask_sent: false,
            valid_mask: 0,
            outstanding: Vec::new(),
        }
    }

    /// The pixel of `lane`, if the lane has one inside the domain.
    pub fn pixel(&self, lane: usize) -> Option<(u32, u32)> {
        let x = self.origin[0] + (lane % 8) as u32;
        let y = self.origin[1] + (lane / 8) as u32;
        (x < self.domain[0] && y < self.domain[1]).then_some((x, y))
    }

    /// Refuses overwriting VGPRs `first..first+regs` that an outstanding export reads.
    pub fn check_vgpr_write(&self, first: u8, regs: u8) -> R<()> {
        let end = u16::from(first) + u16::from(regs);
        for e in &self.outstanding {
            if let Some(r) = e
                .vgprs
                .iter()
                .find(|&&r| u16::from(r) >= u16::from(first) && u16::from(r) < end)
            {
                return fault(format!(
                    "overwrites v{r} while the export {} that reads it is outstanding: \
                     no s_waitcnt expcnt has retired it (vega L8530-8537)",
                    e.what
                ));
            }
        }
        Ok(())
    }

    /// Refuses overwriting EXEC (SGPR codes 126, 127) while an export is outstanding.
    pub fn check_sgpr_write(&self, code: u8, count: u8) -> R<()> {
        let end = u16::from(code) + u16::from(count);
        let hits_exec = u16::from(code) < 128 && end > 126;
        match self.outstanding.first() {
            Some(e) if hits_exec => fault(format!(
                "overwrites EXEC while the export {} that reads it is outstanding: \
                 no s_waitcnt expcnt has retired it (vega L8530-8537)",
                e.what
            )),
            _ => Ok(()),
        }
    }

    /// `s_waitcnt expcnt(n)`: all but the `n` newest exports have completed.
    pub fn waitcnt(&mut self, n: u32) {
        let keep = (n as usize).min(self.outstanding.len());
        let drop = self.outstanding.len() - keep;
        self.outstanding.drain(..drop);
    }

    /// `s_endpgm`: refuses a pixel wave that did not finish its exports.
    pub fn end(&mut self) -> R<()> {
        if !self.done {
            return fault(
                "a pixel-shader wave ends without an export with DONE set \
                 (vega L8466-8467: the last export executed must have DONE = 1)",
            );
        }
        if !self.valid_mask_sent {
            return fault(
                "a pixel-shader wave ends without an export with VM set \
                 (vega Table 46: the valid mask must be sent at least once per pixel shader)",
            );
        }
        self.outstanding.clear();
        Ok(())
    }
}

/// Executes `exp` for the current wave.
pub(crate) fn exec_exp(w: &mut Wave, e: &Exp, mem: &mut GlobalMemory) -> R<Flow> {
    let Some(mut ps) = w.ps.take() else {
        return unsupported("exp in a compute wave (the wave was not launched as a pixel shader)");
    };
    let r = export(w, &mut ps, e, mem);
    w.ps = Some(ps);
    r.map(|()| Flow::Next)
}

fn export(w: &mut Wave, ps: &mut PsWave, e: &Exp, mem: &mut GlobalMemory) -> R<()> {
    if e.compr {
        return unsupported("exp with COMPR (16-bit export data) in the gfx906 model");
    }
    if ps.done {
        return fault(
            "an export after the export with DONE set (vega L8466-8467: the DONE export is the last)",
        );
    }
    let exec = w.exec();
    let enabled: Vec<usize> = (0..4).filter(|c| e.en >> c & 1 != 0).collect();
    // The data VGPRs must be allocated and not pending from a load.
    for &c in &enabled {
        w.check_read(Regs::V(e.vsrc[c], 1))?;
    }
    match e.target {
        n @ 0..=7 => {
            let fmt = ps.col_format >> (4 * u32::from(n)) & 0xf;
            if fmt == 0 {
                return fault(format!(
                    "exports mrt{n}, which SPI_SHADER_COL_FORMAT does not export (format 0, SPI_SHADER_ZERO)"
                ));
            }
            if fmt != COL_FORMAT_32_ABGR {
                return unsupported(format!(
                    "SPI_SHADER_COL_FORMAT {fmt} for mrt{n} (the model implements 32_ABGR = 9)"
                ));
            }
            let Some(t) = ps.targets[usize::from(n)] else {
                return fault(format!(
                    "exports mrt{n} but the launch binds no colour target {n}"
                ));
            };
            for lane in (0..WAVE).filter(|l| exec >> l & 1 != 0) {
                let Some((x, y)) = ps.pixel(lane) else {
                    return fault(format!(
                        "exports lane {lane}, which has no pixel in the domain {}x{}",
                        ps.domain[0], ps.domain[1]
                    ));
                };
                if x >= t.pitch || y >= t.height {
                    return fault(format!(
                        "pixel ({x},{y}) lies outside colour target {n} ({}x{})",
                        t.pitch, t.height
                    ));
                }
                let at = t.base + 16 * (u64::from(y) * u64::from(t.pitch) + u64::from(x));
                for &c in &enabled {
                    let v = w.v[usize::from(e.vsrc[c])][lane];
                    if !mem.write_u32(at + 4 * c as u64, v) {
                        return fault(format!(
                            "colour target {n} at 0x{:x} is not mapped",
                            at + 4 * c as u64
                        ));
                    }
                }
            }
        }
        TARGET_NULL => {}
        TARGET_MRTZ => return unsupported("exp mrtz (depth export) in the gfx906 model"),
        t => {
            return fault(format!(
                "exp {} in a pixel shader (only MRT0-7, MRTZ and NULL are pixel exports)",
                backend_gcn::isa::disasm::exp_target(t)
            ))
        }
    }
    if e.vm {
        ps.valid_mask_sent = true;
        ps.valid_mask = exec;
    }
    if e.done {
        ps.done = true;
    }
    let what = format!("0x{:x} `{}`", w.cur_offset, Inst::Exp(e.clone()));
    ps.outstanding.push(Outstanding {
        vgprs: enabled.iter().map(|&c| e.vsrc[c]).collect(),
        what,
    });
    if ps.outstanding.len() > EXPCNT_MAX {
        ps.outstanding.remove(0);
    }
    Ok(())
}
