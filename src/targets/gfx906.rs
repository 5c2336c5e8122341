//! The gfx906 target: IL compiled by the midend and `backend_gcn`, run on the GCN device
//! model of `runtime_sim::gcn`.
//!
//! This file uses only the workspace's library crates (no `crate::` paths), so that the
//! backend's own tests can include it and run the same glue.
//!
//! A launch goes the way a driver would take it (`docs/abi.md`, "IL programs on gfx906"):
//! the bindings are checked exactly as the reference interpreter checks them (its
//! `launch::prepare`, which also fills `cb0` and aliases UAV 8 and 11), every UAV buffer
//! and constant buffer is copied into the model's flat address space, the kernarg segment
//! gets the launch block, a V# per UAV and a pointer per constant buffer
//! ([`backend_gcn::KernelAbi::kernargs`]), the code object runs, and the UAV buffers are
//! copied back. A pixel kernel is launched as a pixel shader (`docs/abi.md`, "gfx906 pixel
//! shaders"): the segment's address (after a scratch ring V# when the kernel has a private
//! segment) is its user data and each render target is colour target N.

use backend_gcn::{Compiled, Decls};
use il_frontend::Program;
use runtime_sim::gcn::{
    prepare_code_object, run_code_object, run_pixel_code_object, run_prepared, ColorTarget,
    GcnLaunch, GlobalMemory, PixelLaunch,
};
use runtime_sim::interp::{kernel, launch};
use runtime_sim::{Bindings, Dispatch, RunError, RunReport};

/// A refusal for what is not built yet (unsupported IL, registers beyond the file without
/// spilling) is `Unsupported`; a compiler bug is a `Fault`, so that a check never counts
/// an internal error as a mere refusal.
fn to_run_error(e: backend_gcn::CompileError) -> RunError {
    match e {
        backend_gcn::CompileError::Internal(_) => RunError::Fault(e.to_string()),
        _ => RunError::Unsupported(e.to_string()),
    }
}

/// The kernel symbol of a compiled IL program.
pub const KERNEL_NAME: &str = "main";

/// Why a program did not compile for gfx906.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Midend(#[from] midend::Error),
    #[error(transparent)]
    Backend(#[from] backend_gcn::CompileError),
    /// The declarations could not be read (the interpreter's lowering refused them).
    #[error("{0}")]
    Declarations(String),
    /// A declaration the target cannot compile correctly (the reason says which).
    #[error("{0}")]
    Unsupported(String, il_frontend::diag::Span),
}

impl Error {
    /// Where in the input the problem is (the default span when it is not located).
    pub fn span(&self) -> il_frontend::diag::Span {
        match self {
            Error::Midend(e) => e.span(),
            Error::Unsupported(_, at) => *at,
            _ => il_frontend::diag::Span::default(),
        }
    }
}

/// The binding-relevant declarations of a program.
pub fn decls(program: &Program) -> Result<Decls, Error> {
    let k = kernel::lower(program).map_err(|e| Error::Declarations(e.to_string()))?;
    super::refuse_unaddressable_typed_uavs(program, &k)
        .map_err(|(why, at)| Error::Unsupported(format!("unsupported: {why}"), at))?;
    Ok(decls_of(&k))
}

fn decls_of(k: &kernel::Kernel) -> Decls {
    use il_frontend::enums::PixTexUsage as T;
    let d = &k.decls;
    Decls {
        name: KERNEL_NAME.into(),
        uavs: d.uavs.keys().copied().collect(),
        const_buffers: d.const_buffers.keys().copied().collect(),
        pixel: matches!(k.shader, il_frontend::enums::ShaderType::Pixel),
        resources: d
            .resources
            .iter()
            .map(|(&id, r)| backend_gcn::ResourceDecl {
                id,
                one_d: matches!(r.ty, T::Tex1D | T::Buffer | T::Tex1DArray),
                array: matches!(r.ty, T::Tex1DArray | T::Tex2DArray),
                unnormalized: r.unnormalized,
            })
            .collect(),
        outputs: d.outputs.clone(),
        inputs: d.inputs.clone(),
        uses_global: d.uses_global,
        memory: memory_layout(d),
        lds_bytes: d.lds_bytes.max(owner_lds_bytes(d, d.default_group_size())),
    }
}

/// The LDS allocations and UAV declarations as the backend sees them.
/// How the kernel addresses a typed UAV of dimension `ty`: by `x` alone (buffer, 1D), or
/// by the coordinates `typed_coordinate_sources` names against the launch's size.
fn typed_shape(ty: il_frontend::enums::PixTexUsage) -> backend_gcn::TypedShape {
    use runtime_sim::interp::memory::{typed_coordinate_sources, typed_uav_dimensions};
    match typed_uav_dimensions(ty) {
        Some((false, false, false)) | None => backend_gcn::TypedShape::Linear,
        Some(_) => backend_gcn::TypedShape::Sized(typed_coordinate_sources(ty)),
    }
}

fn memory_layout(d: &kernel::Decls) -> backend_gcn::MemLayout {
    use backend_gcn::{LdsAlloc, UavKind};
    use kernel::UavDecl;
    backend_gcn::MemLayout {
        lds: d
            .lds
            .iter()
            .map(|(&id, a)| {
                (
                    id,
                    LdsAlloc {
                        offset: a.offset,
                        size: a.size,
                        stride: a.stride,
                    },
                )
            })
            .collect(),
        lds_per_thread: d.lds_per_thread,
        uavs: d
            .uavs
            .iter()
            .map(|(&id, u)| {
                let kind = match *u {
                    UavDecl::Raw | UavDecl::Typeless { stride: 4 } => UavKind::Raw,
                    UavDecl::Struct { stride } | UavDecl::Typeless { stride } => {
                        UavKind::Struct { stride }
                    }
                    UavDecl::Arena => UavKind::Arena,
                    UavDecl::Typed { ty, format } => UavKind::Typed {
                        float: format == il_frontend::enums::ElementFormat::Float,
                        shape: typed_shape(ty),
                    },
                };
                (id, kind)
            })
            .collect(),
        srvs: d.srvs.clone(),
        gds: d
            .gds
            .iter()
            .map(|(&id, a)| {
                (
                    id,
                    LdsAlloc {
                        offset: a.offset,
                        size: a.size,
                        stride: a.stride,
                    },
                )
            })
            .collect(),
        gds_bytes: d.gds_bytes,
        private_arrays: d.itemp_arrays.clone(),
        private_elements: d.itemp_elements,
    }
}

/// The owner-compute LDS space of a group of `group` work-items (whole waves), as the
/// reference interpreter sizes it (`launch::prepare`).
fn owner_lds_bytes(d: &kernel::Decls, group: [u32; 3]) -> u32 {
    let threads = u64::from(group[0]) * u64::from(group[1]) * u64::from(group[2]);
    let bytes = d.lds_per_thread.map_or(0, |(dwords, _)| {
        u64::from(dwords) * 4 * threads.next_multiple_of(64)
    });
    u32::try_from(bytes).unwrap_or(u32::MAX)
}

/// Compiles a program for gfx906: what `ilc compile --target gfx906` prints (`asm` is
/// `--emit asm`, `code` is `--emit bin`, `stats` is `--emit stats`).
pub fn compile(program: &Program, options: &midend::Options) -> Result<Compiled, Error> {
    let d = decls(program)?;
    let func = midend::compile(program, options)?;
    Ok(backend_gcn::compile(&func, &d)?)
}

/// `ilc compile --emit stats` lines for a compiled kernel.
pub fn stats_text(c: &Compiled) -> String {
    let s = &c.stats;
    format!(
        "instructions: {}\nsgprs: {}\nvgprs: {}\nscratch_bytes: {}\nwaitcnts: {}\nnops: {}\ncode_bytes: {}\n",
        s.instructions, s.sgprs, s.vgprs, s.scratch_bytes, s.waitcnts, s.nops, s.code_bytes
    )
}

/// The gfx906 device: compiler plus device model.
#[derive(Clone, Copy, Debug)]
pub struct Gfx906 {
    /// Instructions a wave may run between barriers.
    pub step_limit: u64,
}

/// The gfx906 device with a step limit per wave.
pub fn device(step_limit: u64) -> Box<dyn runtime_sim::Device> {
    Box::new(Gfx906 { step_limit })
}

/// A program compiled for gfx906 and decoded by the device model once: launch it with
/// [`Prepared::run`] as many times as wanted (`ilc check` compiles once per target, a
/// benchmark times the model alone).
#[derive(Debug)]
pub struct Prepared {
    /// Shared with the mutants of [`Prepared::with_code`].
    kernel: std::sync::Arc<kernel::Kernel>,
    compiled: Compiled,
    /// The decoded kernel; `None` for a pixel shader, which the model loads from the code
    /// object at each launch (its PS register block instead of a kernel descriptor).
    model: Option<runtime_sim::gcn::Prepared>,
    step_limit: u64,
}

impl Gfx906 {
    /// Compiles `program` and decodes the code object for the model: what every launch of
    /// it shares.
    pub fn prepare(&self, program: &Program) -> Result<Prepared, RunError> {
        let k = kernel::lower(program)?;
        self.prepare_lowered(program, k)
    }

    fn prepare_lowered(&self, program: &Program, k: kernel::Kernel) -> Result<Prepared, RunError> {
        super::refuse_unaddressable_typed_uavs(program, &k)
            .map_err(|(why, _)| RunError::Unsupported(format!("gfx906: {why}")))?;
        let func = midend::compile(program, &midend::Options::default()).map_err(|e| match e {
            midend::Error::Build(b) => RunError::Unsupported(format!("gfx906: {b}")),
            other => RunError::Fault(format!("compiling for gfx906: {other}")),
        })?;
        let compiled = backend_gcn::compile(&func, &decls_of(&k)).map_err(to_run_error)?;
        let model = if compiled.abi.pixel {
            None
        } else {
            Some(prepare_code_object(
                &compiled.elf,
                &compiled.abi.kernel_name,
            )?)
        };
        Ok(Prepared {
            kernel: std::sync::Arc::new(k),
            compiled,
            model,
            step_limit: self.step_limit,
        })
    }
}

impl runtime_sim::Device for Gfx906 {
    fn name(&self) -> &'static str {
        "gfx906"
    }

    fn run(
        &self,
        program: &Program,
        bindings: &mut Bindings,
        dispatch: Dispatch,
    ) -> Result<RunReport, RunError> {
        // The launch shape is checked before compiling, so that a bad launch is reported as
        // such even for a program the backend refuses.
        let k = kernel::lower(program)?;
        launch::shape(&k, dispatch)?;
        self.prepare_lowered(program, k)?.run(bindings, dispatch)
    }
}

impl Prepared {
    /// What the compiler produced.
    pub fn compiled(&self) -> &Compiled {
        &self.compiled
    }

    /// The same program and launch ABI with other machine code of the same size (a mutant
    /// of the compiled code, `ilc check --mutants`): `.text` of the code object patched in
    /// place, decoded by the model, with another step limit.
    pub fn with_code(&self, code: Vec<u8>, step_limit: u64) -> Result<Prepared, RunError> {
        let old = &self.compiled.code;
        if code.len() != old.len() {
            return Err(RunError::BadLaunch(format!(
                "the mutant has {} code bytes, the program {}",
                code.len(),
                old.len()
            )));
        }
        let mut compiled = self.compiled.clone();
        let at = (!old.is_empty())
            .then(|| {
                compiled
                    .elf
                    .windows(old.len())
                    .position(|w| w == old.as_slice())
            })
            .flatten()
            .ok_or_else(|| RunError::BadLaunch("the code is not in the code object".into()))?;
        compiled.elf[at..at + code.len()].copy_from_slice(&code);
        compiled.code = code;
        let model = if compiled.abi.pixel {
            // Decoded at each launch: decode once here so that a refusal is a load refusal.
            runtime_sim::gcn::prepare(&compiled.code, &Default::default())?;
            None
        } else {
            Some(prepare_code_object(
                &compiled.elf,
                &compiled.abi.kernel_name,
            )?)
        };
        Ok(Prepared {
            kernel: self.kernel.clone(),
            compiled,
            model,
            step_limit,
        })
    }

    /// Launches the program: lays the bindings out with the ABI, runs the model, copies the
    /// written memory back.
    /// Launches the prepared program; a step-limit stop reports the limit the user set
    /// (in IL instructions), not the model's.
    pub fn run(&self, bindings: &mut Bindings, dispatch: Dispatch) -> Result<RunReport, RunError> {
        self.run_model(bindings, dispatch)
            .map_err(crate::in_il_steps)
    }

    fn run_model(
        &self,
        bindings: &mut Bindings,
        dispatch: Dispatch,
    ) -> Result<RunReport, RunError> {
        let k = &self.kernel;
        let shape = launch::shape(k, dispatch)?;
        let (groups, group, domain) = match shape {
            launch::Shape::Compute { groups, group, .. } => (groups, group, None),
            launch::Shape::Pixel { width, height } => {
                let t = backend_gcn::abi::TILE;
                (
                    [width.div_ceil(t), height.div_ceil(t), 1],
                    [t, t, 1],
                    Some([width, height]),
                )
            }
        };
        let compiled = &self.compiled;
        // The owner-compute space grows with the launch's group: the part beyond the
        // descriptor's fixed size is dynamic LDS.
        let dynamic_lds = owner_lds_bytes(&k.decls, group).saturating_sub(compiled.abi.lds_bytes);
        // Check and gather the bindings as the interpreter does.
        let mut mem = launch::prepare(k, shape, bindings)?;
        let result = run_compiled(
            compiled,
            self.model.as_ref(),
            &mut mem,
            &mut bindings.render_targets,
            &bindings.inputs,
            Launch {
                groups,
                group,
                domain,
                dynamic_lds,
            },
            self.step_limit,
        );
        launch::restore(&mut mem, k, bindings);
        result
    }
}

/// The shape of one launch: groups and group size, and a pixel kernel's domain.
struct Launch {
    groups: [u32; 3],
    group: [u32; 3],
    domain: Option<[u32; 2]>,
    dynamic_lds: u32,
}

fn dwords_to_bytes<'a>(words: impl IntoIterator<Item = &'a [u32; 4]>) -> Vec<u8> {
    words
        .into_iter()
        .flatten()
        .flat_map(|d| d.to_le_bytes())
        .collect()
}

fn bytes_to_elements(bytes: &[u8], out: &mut [[u32; 4]]) {
    for (e, chunk) in out.iter_mut().zip(bytes.chunks_exact(16)) {
        for (c, w) in e.iter_mut().zip(chunk.chunks_exact(4)) {
            *c = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
        }
    }
}

/// Lays out the memory, runs the kernel, copies the UAVs, render targets and `g[]` back.
#[allow(clippy::too_many_arguments)]
fn run_compiled(
    c: &Compiled,
    model: Option<&runtime_sim::gcn::Prepared>,
    mem: &mut runtime_sim::interp::memory::Memory,
    render_targets: &mut std::collections::BTreeMap<u32, Vec<[u32; 4]>>,
    inputs: &std::collections::BTreeMap<u32, Vec<[u32; 4]>>,
    shape: Launch,
    step_limit: u64,
) -> Result<RunReport, RunError> {
    use backend_gcn::abi::Binding;
    use std::collections::BTreeMap;
    let mut gmem = GlobalMemory::new();
    // One allocation per buffer (UAV 8 and 11 may share one).
    let addrs: Vec<u64> = mem.uav_buffers.iter().map(|b| gmem.alloc(b)).collect();
    let mut placed: BTreeMap<(u8, u32), (u64, u64)> = BTreeMap::new();
    for &(id, _) in &c.abi.const_buffers {
        let bytes = mem
            .const_buffers
            .get(&id)
            .map(dwords_to_bytes)
            .unwrap_or_default();
        placed.insert((1, id), (gmem.alloc(&bytes), bytes.len() as u64));
    }
    // Resources as 16-byte texels (missing components 0, w 1.0), row-major.
    let mut dims = BTreeMap::new();
    for &(id, _) in &c.abi.resources {
        let Some(r) = mem.resources.get(&id) else {
            continue;
        };
        let texels: Vec<[u32; 4]> = (0..r.slices.max(1))
            .flat_map(|z| {
                (0..r.height).flat_map(move |y| (0..r.width).map(move |x| r.texel(x, y, z)))
            })
            .collect();
        let bytes = dwords_to_bytes(&texels);
        placed.insert((2, id), (gmem.alloc(&bytes), bytes.len() as u64));
        dims.insert(id, (r.width, r.height, r.slices.max(1)));
    }
    let pixels = shape.domain.map_or(0, |[w, h]| (w as usize) * (h as usize));
    for &(n, _) in &c.abi.render_targets {
        let rt = render_targets.entry(n).or_default();
        rt.resize(pixels, [0; 4]);
        let bytes = dwords_to_bytes(rt.iter());
        placed.insert((3, n), (gmem.alloc(&bytes), bytes.len() as u64));
    }
    for &(n, _) in &c.abi.inputs {
        let bytes = inputs.get(&n).map(dwords_to_bytes).unwrap_or_default();
        placed.insert((5, n), (gmem.alloc(&bytes), bytes.len() as u64));
    }
    for &(id, _) in &c.abi.srvs {
        let bytes: Vec<u8> = mem
            .resources
            .get(&id)
            .map(|r| r.data.iter().flat_map(|w| w.to_le_bytes()).collect())
            .unwrap_or_default();
        placed.insert((6, id), (gmem.alloc(&bytes), bytes.len() as u64));
    }
    if c.abi.global.is_some() {
        let bytes = dwords_to_bytes(&mem.global);
        placed.insert((4, 0), (gmem.alloc(&bytes), bytes.len() as u64));
    }
    let buffer = |b: Binding| -> (u64, u64) {
        let key = match b {
            Binding::Uav(id) => {
                return match mem.uav_of.get(&id) {
                    Some(&i) => (addrs[i], mem.uav_buffers[i].len() as u64),
                    None => (0, 0),
                }
            }
            Binding::ConstBuffer(id) => (1, id),
            Binding::Resource(id) => (2, id),
            Binding::RenderTarget(n) => (3, n),
            Binding::Input(n) => (5, n),
            Binding::Global => (4, 0),
            Binding::Srv(id) => (6, id),
        };
        placed.get(&key).copied().unwrap_or((0, 0))
    };
    let mut kernargs = c.abi.kernargs(
        shape.group,
        shape.groups,
        shape.domain.unwrap_or([0, 0]),
        buffer,
        |id| dims.get(&id).copied().unwrap_or((0, 0, 0)),
    );
    // Sized typed UAVs: the launch checked that each has its size.
    c.abi.put_typed_uav_sizes(&mut kernargs, |id| {
        mem.uav_sizes
            .get(&id)
            .map_or([0; 4], |s| [s.width, s.height, s.depth, s.samples])
    });
    let report = match shape.domain {
        // A pixel kernel is a pixel-shader launch: the launch block's address is the user
        // data in s[0:1], each render target is colour target N (`docs/abi.md`, "gfx906
        // pixel shaders").
        Some([w, h]) if c.abi.pixel => {
            let block = gmem.alloc(&kernargs);
            let mut user = Vec::new();
            if c.abi.private_segment {
                // The scratch ring, one slot per wave, and its V# (swizzled: 4-byte
                // elements, index stride 64, ADD_TID_ENABLE, as the CP builds the private
                // segment buffer of a compute wave).
                let waves = u64::from(w.div_ceil(8)) * u64::from(h.div_ceil(8));
                let slot = u64::from(backend_gcn::code_object::ps_scratch_wave_bytes(&c.abi));
                let bytes = usize::try_from(waves * slot)
                    .ok()
                    .filter(|&b| b <= 1 << 30)
                    .ok_or_else(|| {
                        RunError::Unsupported(format!(
                            "{} bytes of scratch (the model allocates at most 1 GiB)",
                            waves * slot
                        ))
                    })?;
                let ring = gmem.alloc_zeroed(bytes);
                user.extend([
                    ring as u32,
                    ((ring >> 32) as u32 & 0xffff) | 1 << 31,
                    u32::MAX,
                    0x00E2_0FAC,
                ]);
            }
            user.extend([block as u32, (block >> 32) as u32]);
            let mut l = PixelLaunch::new(w, h, user);
            l.step_limit = step_limit;
            for &(n, _) in &c.abi.render_targets {
                if let (Some(t), Some(&(base, _))) =
                    (l.color_targets.get_mut(n as usize), placed.get(&(3, n)))
                {
                    *t = Some(ColorTarget {
                        base,
                        pitch: w,
                        height: h,
                    });
                }
            }
            run_pixel_code_object(&c.elf, &c.abi.kernel_name, &mut gmem, &l)?
        }
        _ => {
            let grid = match shape.domain {
                Some([w, h]) => [w, h, 1],
                None => [0, 1, 2].map(|d| shape.groups[d] * shape.group[d]),
            };
            let mut l = GcnLaunch::new(kernargs, grid, shape.group);
            l.step_limit = step_limit;
            l.dynamic_lds = shape.dynamic_lds;
            match model {
                Some(m) => run_prepared(m, &mut gmem, &l)?,
                None => run_code_object(&c.elf, &c.abi.kernel_name, &mut gmem, &l)?,
            }
        }
    };
    for (i, buf) in mem.uav_buffers.iter_mut().enumerate() {
        if let Some(b) = gmem.buffer(addrs[i]) {
            if let Some(src) = b.get(..buf.len()) {
                buf.copy_from_slice(src);
            }
        }
    }
    for &(n, _) in &c.abi.render_targets {
        if let (Some(rt), Some(&(addr, _))) = (render_targets.get_mut(&n), placed.get(&(3, n))) {
            if let Some(b) = gmem.buffer(addr) {
                bytes_to_elements(b, rt);
            }
        }
    }
    if let Some(&(addr, _)) = placed.get(&(4, 0)) {
        if let Some(b) = gmem.buffer(addr) {
            bytes_to_elements(b, &mut mem.global);
        }
    }
    Ok(report)
}
