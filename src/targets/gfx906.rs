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
//! copied back.

use backend_gcn::{Compiled, Decls};
use il_frontend::Program;
use runtime_sim::gcn::{run_code_object, GcnLaunch, GlobalMemory};
use runtime_sim::interp::{kernel, launch};
use runtime_sim::{Bindings, Dispatch, RunError, RunReport};

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
}

impl Error {
    /// Where in the input the problem is (the default span when it is not located).
    pub fn span(&self) -> il_frontend::diag::Span {
        match self {
            Error::Midend(e) => e.span(),
            _ => il_frontend::diag::Span::default(),
        }
    }
}

/// The binding-relevant declarations of a program.
pub fn decls(program: &Program) -> Result<Decls, Error> {
    let k = kernel::lower(program).map_err(|e| Error::Declarations(e.to_string()))?;
    Ok(decls_of(&k.decls))
}

fn decls_of(d: &kernel::Decls) -> Decls {
    Decls {
        name: KERNEL_NAME.into(),
        uavs: d.uavs.keys().copied().collect(),
        const_buffers: d.const_buffers.keys().copied().collect(),
    }
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
        "instructions: {}\nsgprs: {}\nvgprs: {}\nwaitcnts: {}\nnops: {}\ncode_bytes: {}\n",
        s.instructions, s.sgprs, s.vgprs, s.waitcnts, s.nops, s.code_bytes
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
        let k = kernel::lower(program)?;
        let shape = launch::shape(&k, dispatch)?;
        let launch::Shape::Compute { groups, group, .. } = shape else {
            return Err(RunError::Unsupported(
                "gfx906 runs compute kernels (il_cs) only so far".into(),
            ));
        };
        let func = midend::compile(program, &midend::Options::default())
            .map_err(|e| RunError::Unsupported(format!("gfx906: {e}")))?;
        let compiled = backend_gcn::compile(&func, &decls_of(&k.decls))
            .map_err(|e| RunError::Unsupported(e.to_string()))?;
        // Check and gather the bindings as the interpreter does.
        let mut mem = launch::prepare(&k, shape, bindings)?;
        let result = run_compiled(&compiled, &mut mem, groups, group, self.step_limit);
        launch::restore(&mut mem, &k, bindings);
        result
    }
}

/// Lays out the memory, runs the kernel, copies the UAVs back into `mem`.
fn run_compiled(
    c: &Compiled,
    mem: &mut runtime_sim::interp::memory::Memory,
    groups: [u32; 3],
    group: [u32; 3],
    step_limit: u64,
) -> Result<RunReport, RunError> {
    let mut gmem = GlobalMemory::new();
    // One allocation per buffer (UAV 8 and 11 may share one).
    let addrs: Vec<u64> = mem.uav_buffers.iter().map(|b| gmem.alloc(b)).collect();
    let uav = |id: u32| -> (u64, u64) {
        match mem.uav_of.get(&id) {
            Some(&i) => (addrs[i], mem.uav_buffers[i].len() as u64),
            None => (0, 0),
        }
    };
    let mut cb_addr = std::collections::BTreeMap::new();
    for &(id, _) in &c.abi.const_buffers {
        let bytes: Vec<u8> = mem
            .const_buffers
            .get(&id)
            .map(|e| e.iter().flatten().flat_map(|d| d.to_le_bytes()).collect())
            .unwrap_or_default();
        cb_addr.insert(id, gmem.alloc(&bytes));
    }
    let kernargs = c.abi.kernargs(group, groups, uav, |id| {
        cb_addr.get(&id).copied().unwrap_or(0)
    });
    let grid = [0, 1, 2].map(|d| groups[d] * group[d]);
    let mut l = GcnLaunch::new(kernargs, grid, group);
    l.step_limit = step_limit;
    let report = run_code_object(&c.elf, &c.abi.kernel_name, &mut gmem, &l)?;
    for (i, buf) in mem.uav_buffers.iter_mut().enumerate() {
        if let Some(b) = gmem.buffer(addrs[i]) {
            if let Some(src) = b.get(..buf.len()) {
                buf.copy_from_slice(src);
            }
        }
    }
    Ok(report)
}
