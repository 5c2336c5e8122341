//! The GCN backend of ilc for Vega (gfx906).
//!
//! [`isa`] is the instruction set (tables, encoder, decoder, LLVM-syntax printer and
//! assembler); the device model in `runtime-sim` depends on it alone. The compiler passes,
//! in the order [`compile`] runs them:
//!
//! 1. [`isel`]: IR instructions to machine instructions on virtual registers, SGPRs for
//!    uniform values and VGPRs for the others ([`midend::analysis::Uniformity`]);
//! 2. [`cfg_lower`]: the region tree to EXEC-mask control flow, block parameters to copies;
//! 3. [`regalloc`]: liveness and linear scan (no spilling yet: running out is an error);
//! 4. [`waitcnt`]: `s_waitcnt` before the first touch of a loaded register;
//! 5. [`hazards`]: `s_nop` for the wait states the hardware does not check;
//! 6. [`emit`]: branch offsets, encoding, assembly text;
//! 7. [`code_object`]: the ELF with the kernel descriptor.
//!
//! The launch ABI (kernel arguments, entry registers) is [`abi`].

pub mod abi;
pub mod cfg_lower;
pub mod code_object;
pub mod emit;
pub mod hazards;
pub mod image_desc;
pub mod isa;
pub mod isel;
pub mod mir;
pub mod regalloc;
pub mod spill;
pub mod waitcnt;

pub use abi::KernelAbi;
pub use isel::{LdsAlloc, MemLayout, TypedShape, UavKind};

/// Why compilation failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    /// The program uses something the backend does not select yet.
    #[error("gfx906: unsupported: {0}")]
    Unsupported(String),
    /// The kernel needs more registers than the file has, even with spilling (only when
    /// spill slots run past what a MUBUF offset reaches).
    #[error(
        "gfx906: out of registers: the kernel needs more than {limit} {file}, also after spilling"
    )]
    OutOfRegisters { file: &'static str, limit: u32 },
    /// A bug in the backend, reported instead of a panic.
    #[error("gfx906: internal error: {0}")]
    Internal(String),
}

/// What the program declares that the layout of its bindings depends on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decls {
    /// The kernel's symbol name.
    pub name: String,
    /// Declared UAV ids (ids the code uses are added).
    pub uavs: Vec<u32>,
    /// Declared constant buffer ids, `cb0` included (ids the code reads are added).
    pub const_buffers: Vec<u32>,
    /// A pixel kernel (`il_ps`).
    pub pixel: bool,
    /// Declared resources (`dcl_resource_id`).
    pub resources: Vec<ResourceDecl>,
    /// Declared output registers `o#` (the ones the code writes are added).
    pub outputs: Vec<u32>,
    /// Interpolated pixel inputs `v#` the program reads.
    pub inputs: Vec<u32>,
    /// The program uses the global buffer `g[]`.
    pub uses_global: bool,
    /// LDS allocations by id, UAV declarations, the owner-compute LDS model.
    pub memory: isel::MemLayout,
    /// Bytes of LDS per work-group (allocations and owner-compute space).
    pub lds_bytes: u32,
}

/// What the code for sampling a resource depends on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ResourceDecl {
    pub id: u32,
    /// 1D (or a buffer): y is ignored.
    pub one_d: bool,
    /// An array resource (not compiled yet).
    pub array: bool,
    /// Declared `unnorm`: coordinates are in texels.
    pub unnormalized: bool,
}

impl Default for Decls {
    fn default() -> Self {
        Decls {
            name: "main".into(),
            uavs: Vec::new(),
            const_buffers: Vec::new(),
            pixel: false,
            resources: Vec::new(),
            outputs: Vec::new(),
            inputs: Vec::new(),
            uses_global: false,
            memory: isel::MemLayout::default(),
            lds_bytes: 0,
        }
    }
}

/// Figures of one compilation (`ilc compile --emit stats`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Machine instructions, waits and nops included.
    pub instructions: usize,
    pub sgprs: u16,
    pub vgprs: u16,
    /// `s_waitcnt` instructions inserted.
    pub waitcnts: usize,
    /// `s_nop` instructions inserted.
    pub nops: usize,
    pub code_bytes: usize,
    /// Scratch bytes per work-item (spilled VGPRs).
    pub scratch_bytes: u32,
}

/// A compiled kernel.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The code object (ELF) with `.text` and `<name>.kd`.
    pub elf: Vec<u8>,
    /// The machine code alone.
    pub code: Vec<u8>,
    /// The code as LLVM-syntax assembly, one instruction per line.
    pub asm: String,
    pub stats: Stats,
    /// How to bind memory and launch it.
    pub abi: KernelAbi,
}

/// The bindings the code reads or writes.
#[derive(Default)]
struct Used {
    uavs: Vec<u32>,
    cbs: Vec<u32>,
    outputs: Vec<u32>,
    global: bool,
    /// Indexed temporaries in private memory.
    private: bool,
}

/// The UAV and constant-buffer ids, outputs and `g[]` the code reads or writes.
fn used_bindings(func: &midend::ir::Function) -> Used {
    use midend::ir::Op;
    let mut used = Used::default();
    let (uavs, cbs) = (&mut used.uavs, &mut used.cbs);
    for (_, inst) in func.placed_insts() {
        match &func.insts[inst].op {
            Op::CbLoad { buffer, .. } => cbs.push(*buffer),
            Op::Output { reg, .. } => used.outputs.push(*reg),
            Op::GlobalLoad { .. } | Op::GlobalStore { .. } => used.global = true,
            Op::PrivateLoad { .. } | Op::PrivateStore { .. } => used.private = true,
            Op::Il(il)
                if matches!(
                    il.opcode,
                    il_frontend::opcode::Opcode::UavRawLoad
                        | il_frontend::opcode::Opcode::UavRawStore
                ) || il_semantics::memory::atomic_of(il.opcode)
                    .is_some_and(|(s, _, _)| s == il_semantics::memory::Space::Uav)
                    || (il_semantics::memory::is_memory(il.opcode)
                        && il.opcode.mnemonic().starts_with("uav")) =>
            {
                uavs.push(isel::il_id(il))
            }
            _ => {}
        }
    }
    used
}

/// Compiles an optimized IR function (from `midend::compile`) to a gfx906 code object.
pub fn compile(func: &midend::ir::Function, decls: &Decls) -> Result<Compiled, CompileError> {
    let mut used = used_bindings(func);
    used.uavs.extend(&decls.uavs);
    used.cbs.extend(&decls.const_buffers);
    let mut abi = KernelAbi::new(&decls.name, &used.uavs, &used.cbs);
    let resources: Vec<u32> = decls.resources.iter().map(|r| r.id).collect();
    let global = used.global || decls.uses_global;
    if decls.pixel {
        used.outputs.extend(&decls.outputs);
        abi = abi.with_pixel(&resources, &used.outputs, &decls.inputs, global);
    } else if !used.outputs.is_empty() {
        return Err(CompileError::Unsupported(
            "output registers in a compute kernel".into(),
        ));
    } else if global || !resources.is_empty() {
        abi = abi.with_pixel(&resources, &[], &[], global);
        abi.pixel = false;
        abi.workgroup_ids = [true, false, false];
        abi.workitem_id_dims = 1;
    }
    // The T# type of every resource (pixel and compute kernels alike).
    abi.image_types = decls
        .resources
        .iter()
        .map(|r| (r.id, image_desc::ImageType::from_decl(r.one_d, r.array)))
        .collect();
    if decls.lds_bytes > 65536 {
        return Err(CompileError::Unsupported(format!(
            "{} bytes of LDS per work-group (at most 64 KiB)",
            decls.lds_bytes
        )));
    }
    abi.lds_bytes = decls.lds_bytes;
    if used.private {
        abi.private_bytes = isel::private_bytes(decls.memory.private_elements);
        abi.private_segment = true;
    }
    let srvs: Vec<u32> = decls.memory.srvs.keys().copied().collect();
    abi = abi.with_srvs(&srvs);
    let sized: Vec<u32> = decls
        .memory
        .uavs
        .iter()
        .filter(|(_, k)| {
            matches!(
                k,
                UavKind::Typed {
                    shape: TypedShape::Sized(_),
                    ..
                }
            )
        })
        .map(|(&id, _)| id)
        .collect();
    abi = abi.with_typed_uav_sizes(&sized);
    // A kernel without indexed temporaries in memory is selected without scratch first:
    // if it fits its registers it keeps the short entry layout. One that does not is
    // selected again with a private segment, and spills.
    let (mut m, mut abi, allocation) = match select_and_allocate(func, decls, abi.clone()) {
        Err(CompileError::OutOfRegisters { .. }) if !abi.private_segment => {
            abi.private_segment = true;
            select_and_allocate(func, decls, abi)?
        }
        other => other?,
    };
    abi.private_segment_size = abi.private_bytes + allocation.scratch_bytes_per_lane;
    let mut usage = allocation.usage;
    emit::drop_branches_to_next(&mut m);
    let waitcnts = waitcnt::insert(&mut m);
    let nops = hazards::insert(&mut m);
    // The first even SGPR pair above the allocation is free everywhere: long branches use it.
    let spare = usage.sgprs.next_multiple_of(2);
    let spare_pair = (spare + 2 <= regalloc::SGPR_LIMIT).then_some(spare as u8);
    let out = emit::emit(&m, spare_pair)?;
    if out.long_branches > 0 {
        usage.sgprs = spare + 2;
    }
    let elf = if abi.pixel {
        let regs = code_object::ps_registers(
            &abi,
            usage.sgprs,
            usage.vgprs,
            isel::PS_INPUT_ENA,
            isel::col_format(&abi),
        );
        code_object::write_pixel(&decls.name, &out.code, &regs)
    } else {
        let kd = code_object::kernel_descriptor(&abi, usage.sgprs, usage.vgprs);
        code_object::write(&decls.name, &out.code, &kd)
    };
    Ok(Compiled {
        elf,
        stats: Stats {
            instructions: out.insts.len(),
            sgprs: usage.sgprs,
            vgprs: usage.vgprs,
            waitcnts,
            nops,
            code_bytes: out.code.len(),
            scratch_bytes: abi.private_segment_size,
        },
        code: out.code,
        asm: out.asm,
        abi,
    })
}

/// Instruction selection and register allocation for one entry layout.
fn select_and_allocate(
    func: &midend::ir::Function,
    decls: &Decls,
    abi: KernelAbi,
) -> Result<(mir::MFunc, KernelAbi, regalloc::Allocation), CompileError> {
    let mut sel = isel::Selector::new(func, abi);
    sel.mem = decls.memory.clone();
    sel.res_decls = decls.resources.iter().map(|r| (r.id, *r)).collect();
    sel.lower_function()?;
    let abi = sel.abi.clone();
    let mut m = sel.m;
    let allocation = regalloc::allocate(&mut m)?;
    Ok((m, abi, allocation))
}
