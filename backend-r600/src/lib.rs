//! The R600-family backend of ilc: Cayman (HD 6900, VLIW4) first, Evergreen (VLIW5) later.
//!
//! `isa/` holds the instruction tables, encoder, decoder, disassembler and assembler, and
//! the one VLIW legality module (read ports, bank swizzle, kcache, literal slots). The
//! device model in `runtime-sim` may depend on `isa` only.
//!
//! The compiler, from the midend's optimized IR to Cayman program bytes ([`compile`]):
//!
//! 1. [`isel`]: IR operations to Cayman ALU operations, VTX fetches and RAT stores on
//!    virtual registers ([`mir`]);
//! 2. [`schedule`]: each block into ALU clauses, fetch clauses and stores, the ALU
//!    operations packed into VLIW groups by [`pack`] (which picks every result's channel);
//! 3. [`regalloc`]: GPR indices per channel;
//! 4. [`cf`]: the region tree to CF instructions with the stack (`ALU_PUSH_BEFORE`,
//!    `JUMP`/`ELSE`/`POP`, `LOOP_START_DX10`/`LOOP_END`/`LOOP_BREAK`/`LOOP_CONTINUE`);
//! 5. [`emit`]: addresses, final legality checks, encoding.
//!
//! The launch conventions are in [`abi`] and `docs/abi.md` ("IL programs on Cayman").

pub mod abi;
pub mod acks;
pub mod alu_mode;
pub mod cf;
pub mod emit;
pub mod group;
pub mod isa;
pub mod isel;
pub mod mir;
pub mod pack;
pub mod regalloc;
pub mod schedule;

use cranelift_entity::EntityRef;
use il_frontend::diag::Span;
use midend::ir::Function;

pub use abi::LaunchAbi;

/// Why a function does not compile.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    /// The IR uses something this backend does not implement yet; `what` names it.
    #[error("not supported by the Cayman backend yet: {what}")]
    Unsupported { what: String, span: Span },
    /// More registers are live at once than the program may use, even with values spilled.
    #[error("out of registers: the program needs {needed} GPRs, at most {available} are available (also after spilling to the private buffer)")]
    OutOfRegisters { needed: u32, available: u32 },
    /// A bug in the backend, caught by one of its checks.
    #[error("internal error in the Cayman backend: {0}")]
    Internal(String),
}

impl CompileError {
    /// Where in the IL the problem is (the default span when unknown).
    pub fn span(&self) -> Span {
        match self {
            CompileError::Unsupported { span, .. } => *span,
            _ => Span::default(),
        }
    }
}

/// What the compiler needs besides the IR.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The work-group size, when the program fixes it (`dcl_num_thread_per_group`): flat
    /// and absolute thread ids then use it as a literal instead of reading the launch
    /// buffer.
    pub group_size: Option<[u32; 3]>,
    /// A pixel kernel (`il_ps`).
    pub pixel: bool,
    /// The declared 1D/2D resources by id.
    pub resources: std::collections::BTreeMap<u32, isel::ResourceInfo>,
    /// The LDS, UAV and SRV declarations.
    pub memory: abi::MemoryDecls,
}

/// Figures about a compiled program (`ilc compile --emit stats`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// ALU instruction groups.
    pub alu_groups: usize,
    /// ALU instruction slots filled (a replicated op counts each slot it occupies).
    pub slots: usize,
    /// 64-bit literal slots.
    pub literal_slots: usize,
    pub alu_clauses: usize,
    /// Fetch (TC) clauses.
    pub tex_clauses: usize,
    pub cf_instructions: usize,
    pub gprs: u32,
    pub stack_size: u32,
    /// Machine instructions: ALU slots, fetches and CF instructions.
    pub instructions: usize,
}

impl Stats {
    /// The fraction of the four slots of each group that hold an instruction.
    pub fn slot_fill(&self) -> f64 {
        if self.alu_groups == 0 {
            0.0
        } else {
            self.slots as f64 / (4 * self.alu_groups) as f64
        }
    }

    /// One `key: value` per line, the `--emit stats` format.
    pub fn to_text(&self) -> String {
        format!(
            "instructions: {}\ngroups: {}\nslots: {}\nliteral_slots: {}\nalu_clauses: {}\ntex_clauses: {}\ncf_instructions: {}\ngprs: {}\nstack_size: {}\n",
            self.instructions,
            self.alu_groups,
            self.slots,
            self.literal_slots,
            self.alu_clauses,
            self.tex_clauses,
            self.cf_instructions,
            self.gprs,
            self.stack_size
        )
    }
}

/// A compiled program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compiled {
    /// The program bytes: CF program and clauses (what `r600::run` executes).
    pub bytes: Vec<u8>,
    /// The disassembly (the isa disassembler's text).
    pub asm: String,
    pub stats: Stats,
    /// How to launch it.
    pub abi: LaunchAbi,
}

/// Compiles an optimized IR function (`midend::compile`) for Cayman.
///
/// The register allocator works on registers already packed into VLIW groups, so it cannot
/// spill by itself; a program that does not fit is compiled again for low pressure
/// ([`mir::MFunc::low_pressure`]), then with values spilled in the IR (`midend::spill`) to
/// a private array of the private buffer, 16, then twice as many each round, up to every
/// candidate (a round that does not help may have spilled values away from where the
/// registers run out).
pub fn compile(func: &Function, options: &Options) -> Result<Compiled, CompileError> {
    let first = compile_once(func, options, false);
    let Err(CompileError::OutOfRegisters { .. }) = first else {
        return first;
    };
    // Programs that fit keep their code; the others spread their values over the channels
    // first, and spill only when that is not enough.
    let balanced = compile_once(func, options, true);
    let Err(CompileError::OutOfRegisters { .. }) = balanced else {
        return balanced;
    };
    let candidates = midend::spill::candidates(func);
    let array = options
        .memory
        .itemps
        .arrays
        .keys()
        .next_back()
        .map_or(0, |a| a + 1);
    let mut count = 16;
    let mut last = balanced;
    while !candidates.is_empty() {
        count = count.min(candidates.len());
        let victims = &candidates[..count];
        let spilled = midend::spill::to_private(func, victims, array);
        let mut opts = options.clone();
        let slots = midend::spill::elements(func, victims);
        let itemps = &mut opts.memory.itemps;
        itemps.arrays.insert(array, (itemps.elements, slots));
        itemps.elements += slots;
        last = compile_once(&spilled, &opts, true);
        match last {
            // A round that does not lower the pressure may have spilled values that were
            // not where the registers run out; more of them may still help, up to all.
            Err(CompileError::OutOfRegisters { .. }) if count < candidates.len() => {
                count *= 2;
            }
            _ => return last,
        }
    }
    last
}

/// One compilation; `balance` schedules and packs for fewer registers ([`mir::MFunc::low_pressure`]).
fn compile_once(
    func: &Function,
    options: &Options,
    balance: bool,
) -> Result<Compiled, CompileError> {
    let sel = isel::SelectOptions {
        group_size: options.group_size,
        pixel: options.pixel,
    };
    let (mut m, uses) = isel::select_with(func, &sel, &options.resources, &options.memory)?;
    m.low_pressure = balance;
    let mut blocks = Vec::with_capacity(func.blocks.len());
    let layout = func.layout();
    let local = schedule::BlockLocal::new(&m);
    let mut scheduled: Vec<Option<schedule::SBlock>> = vec![None; func.blocks.len()];
    for &b in &layout {
        let mb = m.blocks.get(b.index()).cloned().unwrap_or_default();
        scheduled[b.index()] = Some(schedule::schedule_block(&mut m, &mb, b.index(), &local)?);
    }
    for s in scheduled {
        blocks.push(s.unwrap_or_default());
    }
    let alloc = regalloc::allocate(func, &m, &blocks)?;
    let mut cf = cf::lower(func, blocks, options.pixel)?;
    acks::insert_waits(&mut cf);
    let mut prog = emit::emit(&cf, &m, &alloc)?;
    if uses.kills {
        isel::stop_killed_pixels(&mut prog);
    }
    let bytes = prog
        .encode()
        .map_err(|e| CompileError::Internal(format!("the program does not encode: {e}")))?;
    // The listing of the bytes themselves, so that it reassembles to them.
    let decoded = isa::Program::decode(&bytes)
        .map_err(|e| CompileError::Internal(format!("the program does not decode: {e}")))?;
    let asm = isa::disassemble(&decoded);
    let mut stats = Stats {
        gprs: alloc.count,
        stack_size: cf.stack_size,
        cf_instructions: prog.cf.len(),
        alu_clauses: prog.alu_clauses.len(),
        tex_clauses: prog.fetch_clauses.len(),
        ..Stats::default()
    };
    for c in prog.alu_clauses.values() {
        stats.alu_groups += c.groups.len();
        for g in &c.groups {
            stats.slots += g.insts.len();
            stats.literal_slots += g.literal_slots();
        }
    }
    let fetches: usize = prog.fetch_clauses.values().map(|c| c.insts.len()).sum();
    stats.instructions = stats.slots + fetches + stats.cf_instructions;
    let mut abi = LaunchAbi {
        gprs: alloc.count,
        clause_temps: 4,
        stack_size: cf.stack_size,
        group_size: options.group_size,
        ..LaunchAbi::default()
    };
    for &cb in &uses.const_buffers {
        abi.const_buffers.insert(cb, cb as u8);
    }
    if uses.launch_buffer {
        abi.launch_bank = Some(abi::LAUNCH_BANK);
    }
    for &u in &uses.rats {
        if let Some(r) = abi::uav_rat(u) {
            abi.rats.insert(u, r);
        }
    }
    for &o in &uses.render_targets {
        if let Some(r) = abi::render_target_mrt(o) {
            abi.render_targets.insert(o, r);
        }
    }
    if uses.global_reads || uses.global_writes {
        if uses.rats.contains(&u32::from(abi::GLOBAL_RAT)) {
            return Err(CompileError::Unsupported {
                what: format!(
                    "g[] together with UAV {} (both would be RAT {})",
                    abi::GLOBAL_RAT,
                    abi::GLOBAL_RAT
                ),
                span: Span::default(),
            });
        }
        abi.global = Some((abi::GLOBAL_RAT, abi::GLOBAL_VTX));
    }
    for &v in &uses.pixel_inputs {
        if let Some(g) = abi::pixel_input_gpr(v) {
            abi.pixel_inputs.insert(v, g);
        }
    }
    for &cb in &uses.cb_vtx {
        abi.cb_vtx_buffers.insert(cb, abi::cb_vtx_buffer(cb));
    }
    for &t in &uses.textures {
        abi.textures.insert(t, t as u8);
        if options.resources.get(&t).is_some_and(|r| r.array) {
            abi.texture_arrays.insert(t as u8);
        }
    }
    abi.depth_compare = uses.depth_compare;
    if uses.lds {
        abi.lds_bytes = options.memory.lds.bytes;
        abi.lds_owner_dwords = options.memory.lds.per_thread.map(|(d, _)| d);
        abi.lds_exchange = uses.lds_exchange;
    }
    for &u in &uses.rat_returns {
        if let (Some(r), Some(v)) = (abi::uav_rat(u), abi::return_vtx_buffer(u)) {
            abi.rat_returns.insert(u, (r, v));
        }
    }
    if uses.gds {
        let uav = u32::from(abi::GDS_RAT);
        if uses.rats.contains(&uav) || uses.vtx.contains(&uav) {
            return Err(CompileError::Unsupported {
                what: format!(
                    "GDS or append buffers together with UAV {uav} (both would be RAT {uav})"
                ),
                span: Span::default(),
            });
        }
        abi.gds = Some(abi::gds_buffer(&options.memory.gds));
    }
    if uses.private {
        if uses.rats.contains(&u32::from(abi::PRIVATE_RAT)) {
            return Err(CompileError::Unsupported {
                what: format!(
                    "indexed temporaries together with UAV {} (both would be RAT {})",
                    abi::PRIVATE_RAT,
                    abi::PRIVATE_RAT
                ),
                span: Span::default(),
            });
        }
        abi.private = Some((
            abi::PRIVATE_RAT,
            abi::PRIVATE_VTX,
            options.memory.itemps.elements,
        ));
    }
    for &n in &uses.srvs {
        if let Some(v) = abi::srv_vtx_buffer(n) {
            abi.srv_buffers.insert(n, v);
        }
    }
    for &u in &uses.vtx {
        if let Some(v) = abi::uav_vtx_buffer(u) {
            abi.vtx_buffers.insert(u, v);
        }
    }
    Ok(Compiled {
        bytes,
        asm,
        stats,
        abi,
    })
}
