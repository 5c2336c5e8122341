//! Pixel-shader launches: waves of 64 pixels started the way the SPI starts a PS wave, with
//! the registers the code object carries (the conventions are written up in `docs/abi.md`,
//! "gfx906 pixel shaders").
//!
//! The code object carries, instead of an AMDHSA kernel descriptor, a **PS register block**
//! `<shader>.ps` in `.rodata`: the magic `ILPS`, a count, then (register, value) pairs of
//! 32-bit words, the register named by its dword offset as PAL metadata keys them (LLVM
//! SIDefines `R_xxxxxx` byte addresses / 4). The model reads [`PS_REGISTERS`] from those
//! bytes and nothing else from the compiler.
//!
//! A wave covers an 8 x 8 tile of the W x H domain, lane `8*ty + tx`; EXEC holds the lanes
//! whose pixel lies inside the domain. Its initial state (SPI, as LLVM's `amdgpu_ps`
//! calling convention sees it, SIISelLowering / AMDGPUUsage "SPI_PS_INPUT"):
//! * SGPRs: `s0..` = the USER_SGPR (PGM_RSRC2_PS `[5:1]`) user-data words of the launch;
//!   with SCRATCH_EN (`[0]`) the next SGPR holds the wave's byte offset into the scratch
//!   ring, `tile index * WAVESIZE` with WAVESIZE from SPI_TMPRING_SIZE `[24:12]` in 1 KiB
//!   units (the launch's driver allocates the ring and passes its buffer descriptor in the
//!   user data, as radeonsi does; LLVM places the wave offset after the user SGPRs);
//! * VGPRs: one or more per input in SPI_PS_INPUT_ADDR bit order (PERSP_SAMPLE 2,
//!   PERSP_CENTER 2, PERSP_CENTROID 2, PERSP_PULL_MODEL 3, LINEAR_SAMPLE 2, LINEAR_CENTER 2,
//!   LINEAR_CENTROID 2, LINE_STIPPLE 1, POS_X_FLOAT, POS_Y_FLOAT, POS_Z_FLOAT, POS_W_FLOAT,
//!   FRONT_FACE, ANCILLARY, SAMPLE_COVERAGE, POS_FIXED_PT 1 each): the layout follows ADDR,
//!   the inputs enabled in ENA get values. The domain has no primitive: barycentrics are
//!   0.0, POS_X/Y the pixel centre x + 0.5, y + 0.5, POS_Z 0.0, POS_W 1.0, FRONT_FACE 1.0
//!   (front facing). ANCILLARY, SAMPLE_COVERAGE and POS_FIXED_PT are refused.
//! * ENA must be a subset of ADDR and enable one of the interpolation inputs (bits 0-6): the
//!   SPI requires it, which is why LLVM enables PERSP_SAMPLE when a shader reads none.

use object::{Object, ObjectSection, ObjectSymbol};

use super::code_object::KernelDescriptor;
use super::exec;
use super::export::{ColorTarget, PsWave, COL_FORMAT_32_ABGR};
use super::memory::GlobalMemory;
use super::program::Program;
use super::wave::{Wave, WAVE};
use crate::runtime::{RunError, RunReport};

/// Register dword offsets (LLVM SIDefines byte addresses / 4).
pub const SPI_SHADER_PGM_RSRC1_PS: u32 = 0xB028 / 4;
pub const SPI_SHADER_PGM_RSRC2_PS: u32 = 0xB02C / 4;
pub const SPI_PS_INPUT_ENA: u32 = 0x286CC / 4;
pub const SPI_PS_INPUT_ADDR: u32 = 0x286D0 / 4;
pub const SPI_SHADER_COL_FORMAT: u32 = 0x28714 / 4;
/// Optional: the scratch bytes per wave (needed with SCRATCH_EN).
pub const SPI_TMPRING_SIZE: u32 = 0x286E8 / 4;
/// The registers a PS register block may carry.
pub const PS_REGISTERS: [u32; 5] = [
    SPI_SHADER_PGM_RSRC1_PS,
    SPI_SHADER_PGM_RSRC2_PS,
    SPI_PS_INPUT_ENA,
    SPI_PS_INPUT_ADDR,
    SPI_SHADER_COL_FORMAT,
];
/// `ILPS`, little-endian.
pub const PS_MAGIC: u32 = u32::from_le_bytes(*b"ILPS");

/// SPI_PS_INPUT bits and their VGPR counts, in hardware order.
const INPUT_VGPRS: [u32; 16] = [2, 2, 2, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1];
const POS_X_FLOAT: usize = 8;
const POS_Y_FLOAT: usize = 9;
const POS_Z_FLOAT: usize = 10;
const POS_W_FLOAT: usize = 11;
const FRONT_FACE: usize = 12;

/// The PS registers of a pixel shader.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PsRegisters {
    pub pgm_rsrc1: u32,
    pub pgm_rsrc2: u32,
    pub input_ena: u32,
    pub input_addr: u32,
    pub col_format: u32,
    /// SPI_TMPRING_SIZE: WAVES `[11:0]`, WAVESIZE `[24:12]` (1 KiB units); 0 if absent.
    pub tmpring_size: u32,
}

impl PsRegisters {
    /// Reads a PS register block (magic, count, pairs).
    pub fn parse(bytes: &[u8]) -> Result<PsRegisters, RunError> {
        let word = |k: usize| -> Option<u32> {
            let b = bytes.get(4 * k..4 * k + 4)?;
            Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        };
        let bad = |m: String| RunError::BadLaunch(format!("PS register block: {m}"));
        if word(0) != Some(PS_MAGIC) {
            return Err(bad("no `ILPS` magic".into()));
        }
        let n = word(1).ok_or_else(|| bad("no count".into()))? as usize;
        let mut r = PsRegisters::default();
        let mut seen = Vec::new();
        for k in 0..n {
            let (Some(reg), Some(v)) = (word(2 + 2 * k), word(3 + 2 * k)) else {
                return Err(bad(format!(
                    "{n} registers announced, the block ends earlier"
                )));
            };
            let slot = match reg {
                SPI_SHADER_PGM_RSRC1_PS => &mut r.pgm_rsrc1,
                SPI_SHADER_PGM_RSRC2_PS => &mut r.pgm_rsrc2,
                SPI_PS_INPUT_ENA => &mut r.input_ena,
                SPI_PS_INPUT_ADDR => &mut r.input_addr,
                SPI_SHADER_COL_FORMAT => &mut r.col_format,
                SPI_TMPRING_SIZE => &mut r.tmpring_size,
                other => return Err(bad(format!("unknown register 0x{other:x}"))),
            };
            *slot = v;
            seen.push(reg);
        }
        if let Some(m) = PS_REGISTERS.iter().find(|r| !seen.contains(r)) {
            return Err(bad(format!("register 0x{m:x} is missing")));
        }
        Ok(r)
    }

    /// The block's bytes (all registers, in [`PS_REGISTERS`] order, then
    /// SPI_TMPRING_SIZE).
    pub fn to_bytes(&self) -> Vec<u8> {
        let vals = [
            self.pgm_rsrc1,
            self.pgm_rsrc2,
            self.input_ena,
            self.input_addr,
            self.col_format,
            self.tmpring_size,
        ];
        let regs = PS_REGISTERS.iter().chain(&[SPI_TMPRING_SIZE]);
        let mut out = Vec::with_capacity(8 + 8 * vals.len());
        out.extend_from_slice(&PS_MAGIC.to_le_bytes());
        out.extend_from_slice(&(vals.len() as u32).to_le_bytes());
        for (r, v) in regs.zip(vals) {
            out.extend_from_slice(&r.to_le_bytes());
            out.extend_from_slice(&v.to_le_bytes());
        }
        out
    }

    /// PGM_RSRC1_PS has COMPUTE_PGM_RSRC1's layout for VGPRS, SGPRS, FLOAT_MODE,
    /// DX10_CLAMP and IEEE_MODE; PGM_RSRC2_PS has SCRATCH_EN `[0]` and USER_SGPR `[5:1]`
    /// where COMPUTE_PGM_RSRC2 has them.
    fn as_descriptor(&self) -> KernelDescriptor {
        KernelDescriptor {
            compute_pgm_rsrc1: self.pgm_rsrc1,
            compute_pgm_rsrc2: self.pgm_rsrc2 & 0x3f,
            ..Default::default()
        }
    }
}

/// A pixel shader found in a code object.
#[derive(Clone, Debug)]
pub struct PixelShader {
    pub registers: PsRegisters,
    pub code: Vec<u8>,
}

/// Finds the code of `shader` and its register block `shader.ps` in an AMDGPU ELF.
pub fn load_pixel_shader(elf: &[u8], shader: &str) -> Result<PixelShader, RunError> {
    let bad = |m: String| RunError::BadLaunch(m);
    let file = object::File::parse(elf).map_err(|e| bad(format!("not an ELF code object: {e}")))?;
    if elf.get(18..20) != Some(&224u16.to_le_bytes()[..]) {
        return Err(bad(
            "the code object is not for AMDGPU (ELF machine 224)".into()
        ));
    }
    let bytes_of = |name: &str| -> Result<Vec<u8>, RunError> {
        let sym = file
            .symbols()
            .find(|s| s.name() == Ok(name))
            .ok_or_else(|| bad(format!("no symbol `{name}` in the code object")))?;
        let sec = sym
            .section_index()
            .and_then(|i| file.section_by_index(i).ok())
            .ok_or_else(|| bad(format!("symbol `{name}` has no section")))?;
        let data = sec
            .data()
            .map_err(|e| bad(format!("cannot read the section of `{name}`: {e}")))?;
        let start = sym.address().wrapping_sub(sec.address()) as usize;
        let end = if sym.size() > 0 {
            start.saturating_add(sym.size() as usize)
        } else {
            data.len()
        };
        data.get(start..end.min(data.len()))
            .map(<[u8]>::to_vec)
            .ok_or_else(|| bad(format!("symbol `{name}` lies outside its section")))
    };
    let registers = PsRegisters::parse(&bytes_of(&format!("{shader}.ps"))?)?;
    let code = bytes_of(shader)?;
    Ok(PixelShader { registers, code })
}

/// One pixel launch: the domain, the user data the SPI loads into `s0..`, and the colour
/// targets (the colour block's state).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PixelLaunch {
    pub width: u32,
    pub height: u32,
    pub user_data: Vec<u32>,
    pub color_targets: [Option<ColorTarget>; 8],
    pub step_limit: u64,
}

impl PixelLaunch {
    pub fn new(width: u32, height: u32, user_data: Vec<u32>) -> PixelLaunch {
        PixelLaunch {
            width,
            height,
            user_data,
            color_targets: [None; 8],
            step_limit: super::DEFAULT_STEP_LIMIT,
        }
    }
}

/// Runs `shader` of a code object over the launch's domain.
pub fn run_pixel_code_object(
    elf: &[u8],
    shader: &str,
    mem: &mut GlobalMemory,
    launch: &PixelLaunch,
) -> Result<RunReport, RunError> {
    let ps = load_pixel_shader(elf, shader)?;
    run_pixel(&ps.code, &ps.registers, mem, launch)
}

/// Runs pixel-shader machine code with its PS registers.
pub fn run_pixel(
    code: &[u8],
    regs: &PsRegisters,
    mem: &mut GlobalMemory,
    l: &PixelLaunch,
) -> Result<RunReport, RunError> {
    let bad = |m: String| Err(RunError::BadLaunch(m));
    let kd = regs.as_descriptor();
    let scratch_wave_bytes = if regs.pgm_rsrc2 & 1 != 0 {
        let b = u64::from(regs.tmpring_size >> 12 & 0x1fff) * 1024;
        if b == 0 {
            return bad("SCRATCH_EN without a WAVESIZE in SPI_TMPRING_SIZE".into());
        }
        Some(b)
    } else {
        None
    };
    let user = kd.user_sgpr_count() as usize;
    if user > 16 {
        return bad(format!(
            "USER_SGPR = {user}; a PS wave has at most 16 user-data SGPRs"
        ));
    }
    if l.user_data.len() < user {
        return bad(format!(
            "the shader loads {user} user-data SGPRs, the launch gives {}",
            l.user_data.len()
        ));
    }
    let (ena, addr) = (regs.input_ena, regs.input_addr);
    if ena & !addr != 0 {
        return bad(format!(
            "SPI_PS_INPUT_ENA 0x{ena:x} enables inputs SPI_PS_INPUT_ADDR 0x{addr:x} does not allocate"
        ));
    }
    if ena & 0x7f == 0 {
        return bad(format!(
            "SPI_PS_INPUT_ENA 0x{ena:x} enables no interpolation input (bits 0-6); the SPI requires one"
        ));
    }
    if ena & 0xffff_e000 != 0 {
        return Err(RunError::Unsupported(format!(
            "SPI_PS_INPUT_ENA 0x{ena:x}: ANCILLARY, SAMPLE_COVERAGE and POS_FIXED_PT are not modelled"
        )));
    }
    for n in 0..8 {
        let fmt = regs.col_format >> (4 * n) & 0xf;
        if fmt != 0 && fmt != COL_FORMAT_32_ABGR {
            return Err(RunError::Unsupported(format!(
                "SPI_SHADER_COL_FORMAT {fmt} for mrt{n} (the model implements 32_ABGR = 9)"
            )));
        }
        if fmt != 0 && l.color_targets[n].is_none() {
            return bad(format!(
                "SPI_SHADER_COL_FORMAT exports mrt{n} but the launch binds no colour target {n}"
            ));
        }
    }
    // VGPR of each input in ADDR order.
    let mut first = [0u32; 16];
    let mut next = 0u32;
    for (b, slot) in first.iter_mut().enumerate() {
        *slot = next;
        if addr >> b & 1 != 0 {
            next += INPUT_VGPRS[b];
        }
    }
    let vgprs = kd.vgpr_count() as usize;
    if next as usize > vgprs {
        return bad(format!(
            "SPI_PS_INPUT_ADDR needs {next} input VGPRs, PGM_RSRC1_PS allocates {vgprs}"
        ));
    }
    let mut report = RunReport::default();
    if l.width == 0 || l.height == 0 {
        return Ok(report);
    }
    let prog = Program::new(code)?;
    let mode = kd.initial_mode();
    for ty in 0..l.height.div_ceil(8) {
        for tx in 0..l.width.div_ceil(8) {
            let origin = [tx * 8, ty * 8];
            let ps = PsWave::new(
                origin,
                [l.width, l.height],
                regs.col_format,
                l.color_targets,
            );
            let mut w = Wave::new(vgprs, mode);
            w.s[..user].copy_from_slice(&l.user_data[..user]);
            if let Some(b) = scratch_wave_bytes {
                let tile = u64::from(ty) * u64::from(l.width.div_ceil(8)) + u64::from(tx);
                let offset = tile * b;
                w.s[user] = u32::try_from(offset).map_err(|_| {
                    RunError::Unsupported(format!("a scratch wave offset of {offset} bytes"))
                })?;
                w.scratch_per_lane = b / WAVE as u64;
            }
            let mut exec_mask = 0u64;
            for lane in 0..WAVE {
                let Some((x, y)) = ps.pixel(lane) else {
                    continue;
                };
                exec_mask |= 1 << lane;
                let mut put = |bit: usize, v: f32| {
                    if ena >> bit & 1 != 0 {
                        w.v[first[bit] as usize][lane] = v.to_bits();
                    }
                };
                put(POS_X_FLOAT, x as f32 + 0.5);
                put(POS_Y_FLOAT, y as f32 + 0.5);
                put(POS_Z_FLOAT, 0.0);
                put(POS_W_FLOAT, 1.0);
                put(FRONT_FACE, 1.0);
            }
            // Barycentrics (bits 0-7) stay 0.0: the domain has no primitive.
            w.set_exec(exec_mask);
            w.ps = Some(Box::new(ps));
            let gid = [tx, ty, 0];
            exec::run_group(
                &prog,
                std::slice::from_mut(&mut w),
                mem,
                &mut [],
                &mut report,
                l.step_limit,
                gid,
                0,
            )?;
            report.groups += 1;
        }
    }
    Ok(report)
}
