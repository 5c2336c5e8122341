//! The Cayman target: IL compiled by the midend and `backend_r600`, run on the Cayman device
//! model (`runtime_sim::r600`) with the launch ABI of `docs/abi.md` ("IL programs on
//! Cayman"): IL `cbN` is kcache bank N, the launch buffer (group counts and sizes) bank 15,
//! raw UAV n RAT n for stores and VTX buffer 16 + n for loads, thread ids in R0/R1.
//!
//! The launch is checked exactly as the reference interpreter checks it
//! (`runtime_sim::interp::launch`), so both devices refuse the same launches; a compute
//! kernel that declares `cb0` and gets none bound receives the AMD-OpenCL-style `cb0` the
//! interpreter fills.

use backend_r600::isel::ResourceInfo;
use backend_r600::{abi, Compiled};
use il_frontend::diag::Span;
use il_frontend::enums::{PixTexUsage, ShaderType};
use il_frontend::Program;
use runtime_sim::interp::{kernel, launch};
use runtime_sim::r600::{self, ProgramConfig, R600Launch, Texture};
use runtime_sim::{Bindings, Device, Dispatch, RunError, RunReport};

/// Why a program does not compile for Cayman.
#[derive(Debug)]
pub enum Error {
    /// The midend refused it (unsupported IL, or a verifier failure).
    Midend(midend::Error),
    /// The backend refused it.
    Backend(backend_r600::CompileError),
    /// A declaration the target cannot compile correctly (the reason says which).
    Unsupported(String, Span),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Midend(e) => e.fmt(f),
            Error::Backend(e) => e.fmt(f),
            Error::Unsupported(why, _) => f.write_str(why),
        }
    }
}

impl std::error::Error for Error {}

impl Error {
    /// Where in the input the problem is.
    pub fn span(&self) -> Span {
        match self {
            Error::Midend(e) => e.span(),
            Error::Backend(e) => e.span(),
            Error::Unsupported(_, at) => *at,
        }
    }
}

/// The backend's layout of LDS or GDS allocations, from the kernel's declarations.
fn lds_layout(
    allocs: &std::collections::BTreeMap<u32, kernel::LdsAlloc>,
    bytes: u32,
    per_thread: Option<(u32, bool)>,
) -> abi::LdsLayout {
    abi::LdsLayout {
        allocs: allocs
            .iter()
            .map(|(&id, a)| {
                (
                    id,
                    abi::LdsAlloc {
                        offset: a.offset,
                        size: a.size,
                        stride: a.stride,
                    },
                )
            })
            .collect(),
        bytes,
        per_thread,
    }
}

/// The backend options a program's declarations give: the fixed group size, whether it is
/// a pixel kernel, and its declared 1D/2D resources.
pub fn backend_options(k: &kernel::Kernel) -> backend_r600::Options {
    let mut resources = std::collections::BTreeMap::new();
    for (&id, d) in &k.decls.resources {
        let (one_d, array) = match d.ty {
            PixTexUsage::Tex1D | PixTexUsage::Buffer => (true, false),
            PixTexUsage::Tex2D => (false, false),
            PixTexUsage::Tex1DArray => (true, true),
            PixTexUsage::Tex2DArray => (false, true),
            _ => continue,
        };
        resources.insert(
            id,
            ResourceInfo {
                one_d,
                unnormalized: d.unnormalized,
                array,
            },
        );
    }
    let lds = lds_layout(&k.decls.lds, k.decls.lds_bytes, k.decls.lds_per_thread);
    let gds = lds_layout(&k.decls.gds, k.decls.gds_bytes, None);
    let uavs = k
        .decls
        .uavs
        .iter()
        .map(|(&id, d)| {
            let kind = match *d {
                kernel::UavDecl::Struct { stride } => abi::UavKind::Struct(stride),
                kernel::UavDecl::Typeless { stride } if stride != 4 => abi::UavKind::Struct(stride),
                kernel::UavDecl::Typed { ty, format } => abi::UavKind::Typed {
                    float: format == il_frontend::enums::ElementFormat::Float,
                    coords: sized_typed_uav(ty),
                },
                kernel::UavDecl::Arena => abi::UavKind::Arena,
                _ => abi::UavKind::Raw,
            };
            (id, kind)
        })
        .collect();
    backend_r600::Options {
        group_size: k.decls.group_size,
        pixel: k.shader == ShaderType::Pixel,
        resources,
        memory: abi::MemoryDecls {
            lds,
            gds,
            uavs,
            srvs: k.decls.srvs.clone(),
            itemps: abi::ITemps {
                arrays: k.decls.itemp_arrays.clone(),
                elements: k.decls.itemp_elements,
            },
        },
    }
}

/// The coordinates a typed UAV of dimension `ty` is addressed by, `None` for a buffer or
/// 1D one (element `x`, bounded by the buffer).
fn sized_typed_uav(ty: il_frontend::enums::PixTexUsage) -> Option<[Option<u8>; 4]> {
    use runtime_sim::interp::memory::{typed_coordinate_sources, typed_uav_dimensions};
    match typed_uav_dimensions(ty) {
        Some((false, false, false)) | None => None,
        Some(_) => Some(typed_coordinate_sources(ty)),
    }
}

/// The sizes (width, height, depth, samples) of the sized typed UAVs in id order, as the
/// launch buffer carries them after the launch sizes (the launch checked that each has one).
fn typed_uav_sizes(k: &kernel::Kernel, bindings: &Bindings) -> Vec<[u32; 4]> {
    k.decls
        .uavs
        .iter()
        .filter_map(|(id, d)| match *d {
            kernel::UavDecl::Typed { ty, .. } => sized_typed_uav(ty).map(|_| *id),
            _ => None,
        })
        .map(|id| {
            bindings
                .uav_sizes
                .get(&id)
                .map_or([0; 4], |s| [s.width, s.height, s.depth, s.samples])
        })
        .collect()
}

/// Each declared UAV's element count in id order, as the launch buffer carries it after
/// the typed sizes (`abi::uav_elements_dword`): what `bufinfo` of the UAV returns.
fn uav_element_counts(k: &kernel::Kernel, bindings: &Bindings) -> Vec<u32> {
    k.decls
        .uavs
        .keys()
        .map(|&id| launch::uav_elements(k, bindings, id))
        .collect()
}

/// Compiles an IL program for Cayman: bytes, disassembly, stats and launch ABI.
pub fn compile(program: &Program, options: &midend::Options) -> Result<Compiled, Error> {
    // A program the reference cannot lower compiles with the default options (the midend
    // or the backend refuses it with the reason if it needs more).
    let opts = match kernel::lower(program) {
        Ok(k) => {
            super::refuse_unaddressable_typed_uavs(program, &k)
                .map_err(|(why, at)| Error::Unsupported(format!("unsupported: {why}"), at))?;
            backend_options(&k)
        }
        Err(_) => backend_r600::Options::default(),
    };
    compile_with(program, &opts, options)
}

/// [`compile`] with the backend options already derived (the device has lowered the
/// program for its launch checks).
fn compile_with(
    program: &Program,
    opts: &backend_r600::Options,
    options: &midend::Options,
) -> Result<Compiled, Error> {
    let func = midend::compile(program, options).map_err(Error::Midend)?;
    backend_r600::compile(&func, opts).map_err(Error::Backend)
}

/// The Cayman device: compiles each program it is given and runs it on the model.
#[derive(Clone, Copy, Debug)]
pub struct Cayman {
    /// Instructions one wavefront may execute before the run stops as endless.
    pub step_limit: u64,
}

/// The Cayman device with a step limit per wavefront.
pub fn device(step_limit: u64) -> Box<dyn Device> {
    Box::new(Cayman { step_limit })
}

/// The most memory the model allocates for one per-work-item buffer, as the gfx906 model
/// for its scratch: a launch needing more is refused, not attempted.
const PER_ITEM_BUFFER_LIMIT: u64 = 1 << 30;

/// A zeroed buffer of `bytes_per_item` for each of `items` work-items (or pixels), or the
/// refusal of a launch that would need more than [`PER_ITEM_BUFFER_LIMIT`].
fn per_item_buffer(what: &str, bytes_per_item: u64, items: u64) -> Result<Vec<u8>, RunError> {
    let bytes = bytes_per_item.saturating_mul(items);
    if bytes > PER_ITEM_BUFFER_LIMIT {
        return Err(RunError::Unsupported(format!(
            "{bytes} bytes of {what} for {items} work-items (the model allocates at most 1 GiB)"
        )));
    }
    Ok(vec![0; bytes as usize])
}

fn to_run_error(e: Error) -> RunError {
    match e {
        Error::Backend(backend_r600::CompileError::Unsupported { what, .. }) => {
            RunError::Unsupported(format!("Cayman backend: {what}"))
        }
        // Not built yet (spilling): a refusal, like unsupported IL.
        e @ Error::Backend(backend_r600::CompileError::OutOfRegisters { .. }) => {
            RunError::Unsupported(format!("Cayman backend: {e}"))
        }
        Error::Midend(midend::Error::Build(b)) => RunError::Unsupported(b.to_string()),
        Error::Unsupported(why, _) => RunError::Unsupported(format!("Cayman: {why}")),
        other => RunError::Fault(format!("compiling for Cayman: {other}")),
    }
}

fn bytes_of(elements: &[[u32; 4]]) -> Vec<u8> {
    elements
        .iter()
        .flatten()
        .flat_map(|d| d.to_le_bytes())
        .collect()
}

fn words_to_bytes(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|d| d.to_le_bytes()).collect()
}

fn elements_of(bytes: &[u8]) -> Vec<[u32; 4]> {
    bytes
        .chunks_exact(16)
        .map(|c| {
            let d =
                |k: usize| u32::from_le_bytes([c[4 * k], c[4 * k + 1], c[4 * k + 2], c[4 * k + 3]]);
            [d(0), d(1), d(2), d(3)]
        })
        .collect()
}

/// A program compiled for Cayman and decoded by the device model once: launch it with
/// [`Prepared::run`] as many times as wanted (`ilc check` compiles once per target, a
/// benchmark times the model alone).
#[derive(Debug)]
pub struct Prepared {
    /// Shared with the mutants of [`Prepared::with_code`].
    kernel: std::sync::Arc<kernel::Kernel>,
    compiled: Compiled,
    model: r600::Prepared,
    step_limit: u64,
}

impl Cayman {
    /// Compiles `program` and decodes the bytes for the model: what every launch of it
    /// shares.
    pub fn prepare(&self, program: &Program) -> Result<Prepared, RunError> {
        let k = kernel::lower(program)?;
        self.prepare_lowered(program, k)
    }

    fn prepare_lowered(&self, program: &Program, k: kernel::Kernel) -> Result<Prepared, RunError> {
        super::refuse_unaddressable_typed_uavs(program, &k)
            .map_err(|(why, _)| RunError::Unsupported(format!("Cayman: {why}")))?;
        let compiled = compile_with(program, &backend_options(&k), &midend::Options::default())
            .map_err(to_run_error)?;
        let model = r600::prepare(&compiled.bytes)?;
        Ok(Prepared {
            kernel: std::sync::Arc::new(k),
            compiled,
            model,
            step_limit: self.step_limit,
        })
    }
}

impl Prepared {
    /// What the compiler produced.
    pub fn compiled(&self) -> &Compiled {
        &self.compiled
    }

    /// The same program and launch ABI with other program bytes (a mutant of the compiled
    /// code, `ilc check --mutants`), decoded by the model, with another step limit.
    pub fn with_code(&self, bytes: Vec<u8>, step_limit: u64) -> Result<Prepared, RunError> {
        let model = r600::prepare(&bytes)?;
        let mut compiled = self.compiled.clone();
        compiled.bytes = bytes;
        Ok(Prepared {
            kernel: self.kernel.clone(),
            compiled,
            model,
            step_limit,
        })
    }

    /// A pixel kernel over a `width` x `height` domain (`docs/abi.md`, "IL programs on
    /// Cayman"): render target N is RAT N, `g[]` RAT 8 and VTX buffer 15, resource N texture
    /// N, the position in R0.
    fn run_pixel(
        &self,
        bindings: &mut Bindings,
        width: u32,
        height: u32,
    ) -> Result<RunReport, RunError> {
        let k = &self.kernel;
        let a = &self.compiled.abi;
        let config = ProgramConfig {
            gprs: a.gprs,
            stack_size: a.stack_size,
            lds_dwords: abi::lds_bytes(a, 64).div_ceil(4),
        };
        let mut l = R600Launch::new(config, [8, 8, 1], [8, 8, 1]);
        l.pixel_domain = Some([width, height]);
        l.clause_temps = a.clause_temps;
        l.step_limit = self.step_limit;
        for (&cb, &bank) in &a.const_buffers {
            let e = bindings
                .const_buffers
                .get(&cb)
                .ok_or_else(|| RunError::BadLaunch(format!("cb{cb} is read but not bound")))?;
            if let Some(&v) = a.cb_vtx_buffers.get(&cb) {
                l.vtx_buffers.insert(v, l.memory.len());
            }
            l.const_buffers.insert(bank, l.memory.len());
            l.memory.push(bytes_of(e));
        }
        if let Some(bank) = a.launch_bank {
            l.const_buffers.insert(bank, l.memory.len());
            let sizes = typed_uav_sizes(k, bindings);
            l.memory.push(bytes_of(&abi::launch_buffer_with_sizes(
                [width, height, 1],
                [1, 1, 1],
                &sizes,
                &uav_element_counts(k, bindings),
            )));
        }
        bind_textures(a, bindings, &mut l)?;
        for (&v, &g) in &a.pixel_inputs {
            let data = bindings
                .inputs
                .get(&v)
                .ok_or_else(|| RunError::BadLaunch(format!("input v{v} is read but not bound")))?;
            l.pixel_inputs.insert(g, l.memory.len());
            l.memory.push(bytes_of(data));
        }
        let pixels = width as usize * height as usize;
        let mut targets = Vec::new();
        for &n in &k.decls.outputs {
            let rt = bindings.render_targets.entry(n).or_default();
            rt.resize(pixels, [0; 4]);
            if let Some(&mrt) = a.render_targets.get(&n) {
                l.color_buffers.insert(mrt, l.memory.len());
                targets.push((n, l.memory.len()));
                l.memory.push(bytes_of(rt));
            }
        }
        // The private buffer (indexed temporaries, spill slots): E elements per pixel.
        if let Some((rat, vtx, elements)) = a.private {
            l.rats.insert(rat, l.memory.len());
            l.vtx_buffers.insert(vtx, l.memory.len());
            l.memory.push(per_item_buffer(
                "indexed temporaries",
                16 * u64::from(elements),
                pixels as u64,
            )?);
        }
        let global = bind_global(a, bindings, &mut l)?;
        let report = r600::run_prepared(&self.model, &mut l)?;
        for (n, m) in targets {
            if let (Some(rt), Some(bytes)) = (bindings.render_targets.get_mut(&n), l.memory.get(m))
            {
                *rt = elements_of(bytes);
            }
        }
        copy_back_global(global, bindings, &l);
        Ok(report)
    }
}

/// Binds every texture resource the program samples (TEX resource N = IL resource N).
fn bind_textures(
    a: &backend_r600::LaunchAbi,
    bindings: &Bindings,
    l: &mut R600Launch,
) -> Result<(), RunError> {
    for (&id, &t) in &a.textures {
        let r = bindings
            .resources
            .get(&id)
            .ok_or_else(|| RunError::BadLaunch(format!("resource {id} is read but not bound")))?;
        let array = a.texture_arrays.contains(&t);
        if r.slices > 1 && !array {
            return Err(RunError::BadLaunch(format!(
                "resource {id} has {} slices but is not declared an array",
                r.slices
            )));
        }
        l.textures.insert(
            t,
            Texture {
                memory: l.memory.len(),
                width: r.width,
                height: r.height,
                comps: r.components,
                array,
                slices: r.slices.max(1),
            },
        );
        l.memory.push(words_to_bytes(&r.data));
    }
    if a.depth_compare {
        // Sampler 0 compares with LESS_EQUAL, the IL's meaning (`docs/decisions.md`).
        l.depth_compare.insert(0, r600::DepthCompare::LessEqual);
    }
    Ok(())
}

/// Binds the global buffer `g[]` as RAT 8 (stores) and VTX buffer 15 (loads), pixel and
/// compute kernels alike (`docs/abi.md`); returns its memory index.
fn bind_global(
    a: &backend_r600::LaunchAbi,
    bindings: &Bindings,
    l: &mut R600Launch,
) -> Result<Option<usize>, RunError> {
    let Some((rat, vtx)) = a.global else {
        return Ok(None);
    };
    let g = bindings
        .global
        .as_ref()
        .ok_or_else(|| RunError::BadLaunch("g[] is used but not bound".into()))?;
    let m = l.memory.len();
    l.rats.insert(rat, m);
    l.vtx_buffers.insert(vtx, m);
    l.memory.push(bytes_of(g));
    Ok(Some(m))
}

fn copy_back_global(global: Option<usize>, bindings: &mut Bindings, l: &R600Launch) {
    if let (Some(m), Some(g)) = (global, bindings.global.as_mut()) {
        if let Some(bytes) = l.memory.get(m) {
            *g = elements_of(bytes);
        }
    }
}

impl Device for Cayman {
    fn name(&self) -> &'static str {
        "cayman"
    }

    fn run(
        &self,
        program: &Program,
        bindings: &mut Bindings,
        dispatch: Dispatch,
    ) -> Result<RunReport, RunError> {
        // The launch is checked before compiling, so that a bad launch is reported as such
        // even for a program the backend refuses.
        let k = kernel::lower(program)?;
        let shape = launch::shape(&k, dispatch)?;
        launch::check(&k, shape, bindings)?;
        self.prepare_lowered(program, k)?.run(bindings, dispatch)
    }
}

impl Prepared {
    /// Launches the program: binds `bindings` with the ABI, runs the model, copies the
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
        launch::check(k, shape, bindings)?;
        let (groups, group, dims) = match shape {
            launch::Shape::Compute {
                groups,
                group,
                dims,
            } => (groups, group, dims),
            launch::Shape::Pixel { width, height } => {
                return self.run_pixel(bindings, width, height)
            }
        };
        let a = &self.compiled.abi;
        let items = group[0] * group[1] * group[2];
        let config = ProgramConfig {
            gprs: a.gprs,
            stack_size: a.stack_size,
            lds_dwords: abi::lds_bytes(a, items).div_ceil(4),
        };
        let grid = [0, 1, 2].map(|d| groups[d] * group[d]);
        let mut l = R600Launch::new(config, grid, group);
        l.clause_temps = a.clause_temps;
        l.step_limit = self.step_limit;
        for (&cb, &bank) in &a.const_buffers {
            let data = match bindings.const_buffers.get(&cb) {
                Some(e) => bytes_of(e),
                None if cb == 0 => {
                    let rows = k.decls.const_buffers.get(&0).copied().unwrap_or(0);
                    bytes_of(&launch::abi_cb0(groups, group, dims, rows))
                }
                None => return Err(RunError::BadLaunch(format!("cb{cb} is read but not bound"))),
            };
            if let Some(&v) = a.cb_vtx_buffers.get(&cb) {
                l.vtx_buffers.insert(v, l.memory.len());
            }
            l.const_buffers.insert(bank, l.memory.len());
            l.memory.push(data);
        }
        if let Some(bank) = a.launch_bank {
            let sizes = typed_uav_sizes(k, bindings);
            l.const_buffers.insert(bank, l.memory.len());
            l.memory.push(bytes_of(&abi::launch_buffer_with_sizes(
                groups,
                group,
                &sizes,
                &uav_element_counts(k, bindings),
            )));
        }
        let mut uav_memory = Vec::new();
        for (&id, bytes) in &bindings.uavs {
            let m = l.memory.len();
            l.memory.push(bytes.clone());
            uav_memory.push((id, m));
            if let (Some(rat), Some(vtx)) = (abi::uav_rat(id), abi::uav_vtx_buffer(id)) {
                l.rats.insert(rat, m);
                l.vtx_buffers.insert(vtx, m);
            }
        }
        // Raw UAV 11 and arena UAV 8 name one heap when only one of them is bound, as the
        // reference binds them (`docs/abi.md`, "Arena and raw UAV").
        let mut aliased = std::collections::BTreeSet::new();
        for &id in k.decls.uavs.keys() {
            if bindings.uavs.contains_key(&id) {
                continue;
            }
            let partner = match (id, k.decls.uavs.get(&id)) {
                (8, Some(kernel::UavDecl::Arena)) => k.decls.uavs.contains_key(&11).then_some(11),
                (11, _) => (k.decls.uavs.get(&8) == Some(&kernel::UavDecl::Arena)).then_some(8),
                _ => None,
            };
            let Some(m) = partner.and_then(|p| uav_memory.iter().find(|(u, _)| *u == p)) else {
                continue;
            };
            let m = m.1;
            if let (Some(rat), Some(vtx)) = (abi::uav_rat(id), abi::uav_vtx_buffer(id)) {
                l.rats.insert(rat, m);
                l.vtx_buffers.insert(vtx, m);
                aliased.insert(id);
            }
        }
        for (&id, _) in a.rats.iter().chain(&a.vtx_buffers) {
            if !bindings.uavs.contains_key(&id) && !aliased.contains(&id) {
                return Err(RunError::BadLaunch(format!(
                    "UAV {id} is used but not bound"
                )));
            }
        }
        bind_textures(a, bindings, &mut l)?;
        // SRV n: its data as VTX buffer 32 + n (byte addresses).
        for (&id, &v) in &a.srv_buffers {
            let r = bindings
                .resources
                .get(&id)
                .ok_or_else(|| RunError::BadLaunch(format!("SRV {id} is read but not bound")))?;
            l.vtx_buffers.insert(v, l.memory.len());
            l.memory.push(words_to_bytes(&r.data));
        }
        // The return buffers of the returning RAT atomics: one dword per work-item.
        let items: u32 = grid.iter().product();
        // The private buffer of the indexed temporaries: E elements per work-item.
        if let Some((rat, vtx, elements)) = a.private {
            l.rats.insert(rat, l.memory.len());
            l.vtx_buffers.insert(vtx, l.memory.len());
            l.memory.push(per_item_buffer(
                "indexed temporaries",
                16 * u64::from(elements),
                u64::from(items),
            )?);
        }
        if let Some(g) = a.gds {
            // The GDS buffer: allocations and append counters, zero for the dispatch.
            l.rats.insert(g.rat, l.memory.len());
            l.vtx_buffers.insert(g.vtx, l.memory.len());
            l.memory.push(vec![0; g.bytes as usize]);
        }
        for &(rat, vtx) in a.rat_returns.values() {
            l.rat_returns.insert(rat, l.memory.len());
            l.vtx_buffers.insert(vtx, l.memory.len());
            l.memory
                .push(per_item_buffer("atomic returns", 4, u64::from(items))?);
        }
        let global = bind_global(a, bindings, &mut l)?;
        let report = r600::run_prepared(&self.model, &mut l)?;
        copy_back_global(global, bindings, &l);
        for (id, m) in uav_memory {
            if let (Some(dst), Some(src)) = (bindings.uavs.get_mut(&id), l.memory.get_mut(m)) {
                std::mem::swap(dst, src);
            }
        }
        Ok(report)
    }
}
