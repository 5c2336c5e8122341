//! The Cayman (HD 6900, VLIW4) device model: executes the **bytes** of a Cayman program on
//! 64-lane wavefronts, decoding them with `backend_r600::isa` and nothing else.
//!
//! Structure:
//! - this file: the launch API ([`R600Launch`], [`run`]), the program's static checks and the
//!   work-group scheduler (wavefronts of a group run in turn up to each `GROUP_BARRIER`);
//! - [`wave`]: wavefront state and the CF program with its active-mask stack (cayman Ch3 L793);
//! - [`alu`]: ALU clauses, instruction groups, operands, predicates, LDS queues (cayman Ch4
//!   L1315);
//! - [`ops`]: the scalar semantics of the ALU instructions (cayman Ch8 L3220);
//! - [`mem`]: VTX fetch clauses (cayman L9291), RAT stores and atomics (cayman L2961-L3010,
//!   L8221), LDS operations (cayman Ch7 L2207, Table 8.11 L7813).
//!
//! What the model refuses, as hardware would silently compute garbage (each error names the
//! CF address, and the ALU clause and group where there is one): an illegal instruction group
//! (bank swizzle / read-port conflict and every other rule of
//! `backend_r600::isa::legality::check_group` / `check_clause`), a kcache read outside the
//! lines its CF instruction locks (cayman L1474), a GPR outside the declared count and the
//! clause temporaries (cayman L1464-L1474), a stack deeper than the declared STACK_SIZE
//! (cayman L1190), a fetch clause of more than 16 instructions (cayman L653), data left in an
//! LDS output queue at the end of a clause (cayman L2334), a barrier that not every
//! wavefront of the group reaches, a fetch of memory the wavefront wrote through a RAT
//! without a waited-for ACK ([`acks`], cayman L786-L791, L8022). What it does not implement is `RunError::Unsupported`.
//!
//! Launch conventions (LLVM's R600 backend and Mesa, `docs/abi.md` "Cayman (R600 family)"):
//! R0.xyz = work-item id in the group, R1.xyz = group id; constant buffer 0 holds the
//! implicit dwords (groups, global size, local size) and then the kernel arguments;
//! kernel arguments are also VTX buffer 3; global memory is one pool, read through VTX buffer
//! 1 with byte addresses and written through RAT 0 with dword indices.

// Lane loops index several per-lane arrays at once.
#![allow(clippy::needless_range_loop)]

pub mod acks;
pub mod alu;
mod clause_checks;
pub mod export;
mod fast;
pub mod kill;
mod lane_states;
mod lanes;
pub mod mem;
pub mod mode;
pub mod ops;
pub mod resinfo;
pub mod wave;

use std::collections::BTreeMap;

use backend_r600::isa::{CfAlu, CfInst, FetchInst, KcacheMode, MemTarget, Program};

use crate::runtime::{RunError, RunReport};

use self::wave::{Status, Wave};

/// Lanes of a wavefront (cayman L10507).
pub const WAVE: usize = 64;

/// Instructions (CF instructions, ALU groups, fetches) a wavefront may execute before the
/// run is stopped as endless.
pub const DEFAULT_STEP_LIMIT: u64 = 10_000_000;

/// The program resources LLVM writes into the `.AMDGPU.config` section of an r600 object:
/// (register, value) pairs of little-endian dwords.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProgramConfig {
    /// NUM_GPRS of SQ_PGM_RESOURCES_* (bits 7:0).
    pub gprs: u32,
    /// STACK_SIZE of SQ_PGM_RESOURCES_* (bits 15:8), in stack entries.
    pub stack_size: u32,
    /// SQ_LDS_ALLOC bits 13:0: LDS dwords per work-group.
    pub lds_dwords: u32,
}

/// SQ_PGM_RESOURCES_LS: the compute shader's resource register (LLVM `R600AsmPrinter`
/// `AMDGPU_CS` case; the compute shader runs in the LS stage, abi-facts §3.5).
pub const SQ_PGM_RESOURCES_LS: u32 = 0x0002_88D4;
/// SQ_LDS_ALLOC (abi-facts §3.5).
pub const SQ_LDS_ALLOC: u32 = 0x0002_88E8;

impl ProgramConfig {
    /// Reads the `.AMDGPU.config` (register, value) pairs.
    pub fn from_amdgpu_config(bytes: &[u8]) -> Result<ProgramConfig, RunError> {
        if bytes.len() % 8 != 0 {
            return Err(RunError::BadLaunch(format!(
                ".AMDGPU.config holds {} bytes, not (register, value) pairs of dwords",
                bytes.len()
            )));
        }
        let mut cfg = ProgramConfig::default();
        for pair in bytes.chunks_exact(8) {
            let reg = u32::from_le_bytes([pair[0], pair[1], pair[2], pair[3]]);
            let val = u32::from_le_bytes([pair[4], pair[5], pair[6], pair[7]]);
            if reg == SQ_PGM_RESOURCES_LS {
                cfg.gprs = val & 0xFF;
                cfg.stack_size = (val >> 8) & 0xFF;
            } else if reg == SQ_LDS_ALLOC {
                cfg.lds_dwords = val & 0x3FFF;
            }
        }
        Ok(cfg)
    }
}

/// Everything a Cayman dispatch needs besides the program bytes.
///
/// Memory is a list of plain byte buffers; constant buffers (kcache banks), RATs and VTX
/// buffers name one of them each, so that one buffer can be bound several ways (LLVM's
/// global pool is RAT 0 and VTX buffer 1, its parameters constant buffer 0 and VTX buffer 3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct R600Launch {
    /// GPRs per work-item (SQ_PGM_RESOURCES NUM_GPRS): R0..R(gprs-1) may be used.
    pub gprs: u32,
    /// Clause temporaries: GPRs 128-K..127 are usable inside an ALU clause too (cayman
    /// L1410). Default 4, as Mesa configures compute shaders.
    pub clause_temps: u32,
    /// Stack entries (SQ_PGM_RESOURCES STACK_SIZE, cayman L1190).
    pub stack_size: u32,
    /// LDS bytes per work-group.
    pub lds_bytes: u32,
    /// Global size in work-items per dimension (a whole number of groups).
    pub grid: [u32; 3],
    /// Work-group size per dimension (at most 1024 work-items).
    pub group: [u32; 3],
    /// The memory buffers.
    pub memory: Vec<Vec<u8>>,
    /// Constant buffer (kcache bank) → memory index.
    pub const_buffers: BTreeMap<u8, usize>,
    /// RAT id → memory index; a RAT is a surface of 32-bit elements (Mesa binds the global
    /// pool as R32_UINT, abi-facts §3.4).
    pub rats: BTreeMap<u8, usize>,
    /// VTX fetch buffer id → memory index; stride 1, so fetch addresses are byte offsets
    /// (abi-facts §3.4).
    pub vtx_buffers: BTreeMap<u8, usize>,
    /// The 32 loop constants of LOOP_START (cayman L2873): trip count bits 11:0, initial
    /// aL bits 23:12, step bits 31:24 (signed) — our layout, the ISA gives none (digest Q38).
    pub loop_consts: [u32; 32],
    /// The boolean constants of COND = BOOL / NOT_BOOL, bit n for CF_CONST n.
    pub bool_consts: u32,
    /// Instructions one wavefront may execute.
    pub step_limit: u64,
    /// Texture resource id → texture, for TEX instructions (SAMPLE, LD).
    pub textures: BTreeMap<u8, Texture>,
    /// A pixel launch over a W x H domain instead of a compute grid (`docs/abi.md`, "IL
    /// programs on Cayman"): 8 x 8 tiles, one wavefront each (lane `8*row + column`), R0 =
    /// (x + 0.5, y + 0.5, 0.0, 1.0) at pixel (x, y). `grid` and `group` are ignored.
    pub pixel_domain: Option<[u32; 2]>,
    /// Pixel launches: GPR → memory buffer of one 16-byte element per pixel (row-major),
    /// preloaded into the GPR's four channels (the interpolated inputs).
    pub pixel_inputs: BTreeMap<u8, usize>,
    /// RAT id → memory index of its **return buffer**: a `_RTN` RAT operation copies the
    /// memory value from before the operation to dword RW_GPR.y of it, for the program to
    /// read through the TC after the ACK (cayman L2195; the buffer is the per-RAT immediate
    /// buffer Mesa programs, CB_IMMEDn_BASE).
    pub rat_returns: BTreeMap<u8, usize>,
    /// Sampler id → its depth comparison function (SQ_TEX_SAMPLER_WORD0
    /// DEPTH_COMPARE_FUNCTION), which SAMPLE_C / SAMPLE_C_LZ compare with (cayman L7400). A
    /// comparison through a sampler without one is refused.
    pub depth_compare: BTreeMap<u8, DepthCompare>,
    /// Pixel launches: colour buffer (EXPORT ARRAY_BASE, MRT 0-7) → memory index, one
    /// 16-byte element per pixel, row-major over the domain (`export.rs`).
    pub color_buffers: BTreeMap<u8, usize>,
}

/// A sampler's depth comparison function, numbered as the SQ_TEX_DEPTH_COMPARE enumeration
/// Mesa programs: `reference FUNC texel` passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DepthCompare {
    Never = 0,
    Less = 1,
    Equal = 2,
    LessEqual = 3,
    Greater = 4,
    NotEqual = 5,
    GreaterEqual = 6,
    Always = 7,
}

/// A texture resource: `width` x `height` texels of `comps` 32-bit components, row-major,
/// `slices` slices one after the other, in memory buffer `memory`. Its sampler is
/// point-filtered with clamp-to-edge addressing (the only sampler state the model
/// implements besides the depth comparison; CAL's default for Brook+).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Texture {
    pub memory: usize,
    pub width: u32,
    pub height: u32,
    /// 32-bit components per texel (1-4).
    pub comps: u32,
    /// The resource's dimension is 1D_ARRAY or 2D_ARRAY: the texture unit reads the slice
    /// from the coordinate's z.
    pub array: bool,
    /// Slices of an array (1 otherwise).
    pub slices: u32,
}

impl R600Launch {
    /// An empty launch of `grid` work-items in groups of `group`.
    pub fn new(config: ProgramConfig, grid: [u32; 3], group: [u32; 3]) -> R600Launch {
        R600Launch {
            gprs: config.gprs,
            clause_temps: 4,
            stack_size: config.stack_size,
            lds_bytes: config.lds_dwords * 4,
            grid,
            group,
            memory: Vec::new(),
            const_buffers: BTreeMap::new(),
            rats: BTreeMap::new(),
            vtx_buffers: BTreeMap::new(),
            loop_consts: [0; 32],
            bool_consts: 0,
            step_limit: DEFAULT_STEP_LIMIT,
            textures: BTreeMap::new(),
            pixel_domain: None,
            pixel_inputs: BTreeMap::new(),
            rat_returns: BTreeMap::new(),
            depth_compare: BTreeMap::new(),
            color_buffers: BTreeMap::new(),
        }
    }

    /// A launch following LLVM's R600 compute ABI (abi-facts §3): memory 0 is the parameter
    /// buffer — dwords 0-2 the number of groups, 3-5 the global size, 6-8 the local size, then
    /// `args` from byte 36 — bound as constant buffer 0 and VTX buffer 3; memory 1 is the
    /// global pool `global`, bound as RAT 0 and VTX buffer 1. Pointer arguments are byte
    /// offsets into the pool.
    pub fn llvm_compute(
        config: ProgramConfig,
        grid: [u32; 3],
        group: [u32; 3],
        args: &[u8],
        global: Vec<u8>,
    ) -> R600Launch {
        let mut l = R600Launch::new(config, grid, group);
        let mut params = Vec::with_capacity(36 + args.len());
        for d in 0..3 {
            params.extend((grid[d] / group[d].max(1)).to_le_bytes());
        }
        for g in grid {
            params.extend(g.to_le_bytes());
        }
        for g in group {
            params.extend(g.to_le_bytes());
        }
        params.extend_from_slice(args);
        // Constant buffers are read in 16-byte constants.
        params.resize(params.len().div_ceil(16) * 16, 0);
        l.memory = vec![params, global];
        l.const_buffers.insert(0, 0);
        l.vtx_buffers.insert(3, 0);
        l.rats.insert(0, 1);
        l.vtx_buffers.insert(1, 1);
        l
    }
}

/// A program decoded once from its bytes, with the lookups the executor needs: prepare it
/// with [`prepare`] and run it with [`run_prepared`] as many times as wanted (a conformance
/// run or a benchmark decodes once and launches many times).
#[derive(Debug)]
pub struct Prepared {
    pub(crate) prog: Program,
    /// CF slot address of each CF instruction.
    pub(crate) addr: Vec<u32>,
    /// CF slot address → instruction index (a table: jumps look it up at run time).
    pub(crate) at: Vec<Option<usize>>,
    /// Per CF instruction: the ALU clause it runs, pre-decoded (`fast.rs`), if it is an ALU
    /// instruction whose clause exists.
    pub(crate) alu: Vec<Option<fast::PreparedClause>>,
}

impl Prepared {
    /// The instruction index at CF address `a`.
    pub fn index(&self, a: u32, from: usize) -> Result<usize, RunError> {
        let found = usize::try_from(a)
            .ok()
            .and_then(|k| self.at.get(k).copied().flatten());
        found.ok_or_else(|| {
            RunError::Fault(format!(
                "CF {}: jump to address {a}, which is not the start of a CF instruction",
                self.addr.get(from).copied().unwrap_or(0)
            ))
        })
    }
}

/// Runs `program` (Cayman bytes) as a compute dispatch. Memory in `launch` is updated in
/// place. Never panics: bytes that do not decode, a launch that does not fit and anything
/// the hardware would not execute correctly are errors.
pub fn run(program: &[u8], launch: &mut R600Launch) -> Result<RunReport, RunError> {
    run_prepared(&prepare(program)?, launch)
}

/// Decodes Cayman program bytes once (the launch-independent part of [`run`]).
pub fn prepare(program: &[u8]) -> Result<Prepared, RunError> {
    let prog = Program::decode(program)
        .map_err(|e| RunError::BadLaunch(format!("the program does not decode: {e}")))?;
    let addr = prog.cf_addresses();
    let mut at = vec![None; addr.iter().map(|&a| a as usize + 1).max().unwrap_or(0)];
    for (k, &a) in addr.iter().enumerate() {
        if let Some(slot) = at.get_mut(a as usize) {
            *slot = Some(k);
        }
    }
    let alu = prog
        .cf
        .iter()
        .enumerate()
        .map(|(k, inst)| match inst {
            CfInst::Alu(a) => prog
                .alu_clauses
                .get(&a.addr)
                .map(|c| fast::PreparedClause::new(addr.get(k).copied().unwrap_or(0), a, c)),
            _ => None,
        })
        .collect();
    Ok(Prepared {
        prog,
        addr,
        at,
        alu,
    })
}

/// [`run`] of a program [`prepare`]d before.
pub fn run_prepared(prep: &Prepared, launch: &mut R600Launch) -> Result<RunReport, RunError> {
    if let Some([w, h]) = launch.pixel_domain {
        launch.group = [8, 8, 1];
        launch.grid = [w.div_ceil(8).max(1) * 8, h.div_ceil(8).max(1) * 8, 1];
    }
    check_launch(launch)?;
    check_program(prep, launch)?;
    let mut report = RunReport::default();
    let groups = [0, 1, 2].map(|d| launch.grid[d] / launch.group[d]);
    let items = launch.group.iter().product::<u32>() as usize;
    let nwaves = items.div_ceil(WAVE);
    // The wavefronts, the LDS and the ACK trackers of one work-group are reused by the
    // next (each put back in its launch state), saving their allocation and the zeroing of
    // 128 registers per wavefront.
    let mut waves: Vec<Wave> = Vec::with_capacity(nwaves);
    let mut lds = vec![0u8; launch.lds_bytes as usize];
    let mut acks = vec![acks::Acks::default(); nwaves];
    let mut status = vec![Status::Running; nwaves];
    for gz in 0..groups[2] {
        for gy in 0..groups[1] {
            for gx in 0..groups[0] {
                if waves.is_empty() {
                    waves = (0..nwaves)
                        .map(|w| Wave::launch(launch, w, nwaves, [gx, gy, gz]))
                        .collect();
                } else {
                    for (w, wave) in waves.iter_mut().enumerate() {
                        wave.relaunch(launch, w, nwaves, [gx, gy, gz]);
                    }
                    lds.fill(0);
                    acks.iter_mut().for_each(acks::Acks::clear);
                    status.fill(Status::Running);
                }
                loop {
                    for (w, wave) in waves.iter_mut().enumerate() {
                        if status[w] == Status::Running {
                            let mut ctx = wave::Ctx {
                                prep,
                                launch,
                                lds: &mut lds,
                                report: &mut report,
                                acks: &mut acks,
                            };
                            status[w] = wave.run(&mut ctx)?;
                        }
                    }
                    if status.iter().all(|s| *s == Status::Done) {
                        break;
                    }
                    if let Some(d) = status.iter().position(|s| *s == Status::Done) {
                        let b = status
                            .iter()
                            .position(|s| *s == Status::Barrier)
                            .unwrap_or(0);
                        return Err(RunError::Fault(format!(
                            "group ({gx}, {gy}, {gz}): wavefront {b} waits at a GROUP_BARRIER that wavefront {d} never reaches (it ended): every wavefront of a work-group must reach each barrier (cayman L2036-L2042)"
                        )));
                    }
                    for s in status.iter_mut() {
                        *s = Status::Running;
                    }
                }
                report.groups += 1;
            }
        }
    }
    Ok(report)
}

fn check_launch(l: &R600Launch) -> Result<(), RunError> {
    let bad = |m: String| Err(RunError::BadLaunch(m));
    for d in 0..3 {
        if l.group[d] == 0 || l.grid[d] % l.group[d] != 0 {
            return bad(format!(
                "dimension {d}: the global size {} is not a whole number of groups of {}",
                l.grid[d], l.group[d]
            ));
        }
    }
    let items: u64 = l.group.iter().map(|&g| u64::from(g)).product();
    if items > 1024 {
        return bad(format!("a work-group of {items} work-items; at most 1024"));
    }
    if l.gprs > 128 || l.clause_temps > 64 || l.gprs + 2 * l.clause_temps > 128 {
        return bad(format!(
            "{} GPRs and {} clause temporaries do not fit the 128 registers (cayman L688)",
            l.gprs, l.clause_temps
        ));
    }
    if l.gprs < 2 {
        return bad(format!(
            "{} GPRs: the compute ABI preloads R0 and R1 (abi-facts §3.1)",
            l.gprs
        ));
    }
    for (what, map) in [
        ("constant buffer", &l.const_buffers),
        ("RAT", &l.rats),
        ("VTX buffer", &l.vtx_buffers),
        ("RAT return buffer", &l.rat_returns),
        ("colour buffer", &l.color_buffers),
    ] {
        for (id, &m) in map {
            if m >= l.memory.len() {
                return bad(format!(
                    "{what} {id} is bound to memory {m}, but there are {} buffers",
                    l.memory.len()
                ));
            }
        }
    }
    Ok(())
}

/// True if GPR `g` may be named: R0..R(gprs-1) or a clause temporary (cayman L1464-L1470).
pub(crate) fn gpr_ok(l: &R600Launch, g: u32) -> bool {
    g < l.gprs || g >= 128 - l.clause_temps
}

/// The static checks: every rule that does not depend on run-time values.
fn check_program(p: &Prepared, l: &R600Launch) -> Result<(), RunError> {
    let gpr = |cf: u32, what: &str, g: u32| -> Result<(), RunError> {
        if gpr_ok(l, g) {
            Ok(())
        } else {
            Err(RunError::Fault(format!(
                "CF {cf}: {what} names R{g}, beyond the {} declared GPRs (and not a clause temporary): hardware would read or write another work-item's registers (cayman L1464)",
                l.gprs
            )))
        }
    };
    for (k, inst) in p.prog.cf.iter().enumerate() {
        let cf = p.addr.get(k).copied().unwrap_or(0);
        match inst {
            CfInst::Alu(a) => {
                let clause = p.alu.get(k).and_then(Option::as_ref).ok_or_else(|| {
                    RunError::BadLaunch(format!("CF {cf}: no ALU clause at {}", a.addr))
                })?;
                clause_checks::run_checks(&clause.checks, cf, a.addr, l)?;
            }
            CfInst::Word(w) => {
                if let Some((addr, n)) = inst.fetch_clause() {
                    if n > 16 {
                        return Err(RunError::Fault(format!(
                            "CF {cf}: a fetch clause of {n} instructions; at most 16 (cayman L653, L936)"
                        )));
                    }
                    let clause = p.prog.fetch_clauses.get(&addr).ok_or_else(|| {
                        RunError::BadLaunch(format!("CF {cf}: no fetch clause at {addr}"))
                    })?;
                    for (i, f) in clause.insts.iter().enumerate() {
                        let (src, dst) = match f {
                            FetchInst::Vtx(v) => (v.src_gpr, Some(v.dst.gpr)),
                            FetchInst::Tex(t) => (t.src_gpr, Some(t.dst.gpr)),
                            FetchInst::MemRd(m) => (m.src_gpr, Some(m.dst.gpr)),
                        };
                        for g in std::iter::once(src).chain(dst) {
                            if !gpr_ok(l, u32::from(g)) {
                                let what = format!("fetch clause {addr} instruction {i}");
                                gpr(cf, &what, u32::from(g))?;
                            }
                        }
                    }
                }
                let _ = w;
            }
            CfInst::Mem(m) => {
                gpr(cf, m.op.name(), u32::from(m.index_gpr))?;
                for n in 0..=u32::from(m.burst_count) {
                    gpr(cf, m.op.name(), u32::from(m.rw_gpr) + n)?;
                }
                if let MemTarget::ArrayBase(_) = m.target {
                    // checked when executed (unsupported)
                }
            }
            CfInst::Export(e) => {
                // A burst exports RW_GPR .. RW_GPR + BURST_COUNT (cayman L976).
                for n in 0..=u32::from(e.burst_count) {
                    gpr(cf, e.op.name(), u32::from(e.rw_gpr) + n)?;
                }
            }
            CfInst::Gws(_) => {}
        }
    }
    Ok(())
}

/// Locked kcache lines of an ALU CF instruction per set: `Some(lines)` or `None` (cayman
/// L8062-L8065).
pub(crate) fn kcache_lines(a: &CfAlu) -> [Option<u32>; 4] {
    let mut out = [None; 4];
    let sets = a
        .kcache
        .iter()
        .chain(a.ext.iter().flat_map(|e| e.kcache.iter()));
    for (k, kc) in sets.enumerate() {
        if let Some(o) = out.get_mut(k) {
            *o = match kc.mode {
                KcacheMode::Nop => None,
                KcacheMode::Lock1 => Some(1),
                KcacheMode::Lock2 | KcacheMode::LockLoopIndex => Some(2),
            };
        }
    }
    out
}

#[cfg(test)]
mod tests;
