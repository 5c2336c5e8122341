//! The Cayman target: IL compiled by the midend and `backend_r600`, run on the Cayman device
//! model (`runtime_sim::r600`) with the launch ABI of `docs/abi.md` ("IL programs on
//! Cayman"): IL `cbN` is kcache bank N, the launch buffer (group counts and sizes) bank 15,
//! raw UAV n RAT n for stores and VTX buffer 16 + n for loads, thread ids in R0/R1.
//!
//! The launch is checked exactly as the reference interpreter checks it
//! (`runtime_sim::interp::launch`), so both devices refuse the same launches; a compute
//! kernel that declares `cb0` and gets none bound receives the AMD-OpenCL-style `cb0` the
//! interpreter fills.

use backend_r600::{abi, Compiled};
use il_frontend::diag::Span;
use il_frontend::Program;
use runtime_sim::interp::{kernel, launch};
use runtime_sim::r600::{self, ProgramConfig, R600Launch};
use runtime_sim::{Bindings, Device, Dispatch, RunError, RunReport};

/// Why a program does not compile for Cayman.
#[derive(Debug)]
pub enum Error {
    /// The midend refused it (unsupported IL, or a verifier failure).
    Midend(midend::Error),
    /// The backend refused it.
    Backend(backend_r600::CompileError),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Midend(e) => e.fmt(f),
            Error::Backend(e) => e.fmt(f),
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
        }
    }
}

/// The group size a program fixes with `dcl_num_thread_per_group`, if any.
pub fn declared_group_size(program: &Program) -> Option<[u32; 3]> {
    kernel::lower(program).ok()?.decls.group_size
}

/// Compiles an IL program for Cayman: bytes, disassembly, stats and launch ABI.
pub fn compile(program: &Program, options: &midend::Options) -> Result<Compiled, Error> {
    let func = midend::compile(program, options).map_err(Error::Midend)?;
    let opts = backend_r600::Options {
        group_size: declared_group_size(program),
    };
    backend_r600::compile(&func, &opts).map_err(Error::Backend)
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

fn to_run_error(e: Error) -> RunError {
    match e {
        Error::Backend(backend_r600::CompileError::Unsupported { what, .. }) => {
            RunError::Unsupported(format!("Cayman backend: {what}"))
        }
        Error::Midend(midend::Error::Build(b)) => RunError::Unsupported(b.to_string()),
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
        let k = kernel::lower(program)?;
        let shape = launch::shape(&k, dispatch)?;
        // The interpreter's launch checks, on a copy (they move the memory out).
        launch::prepare(&k, shape, &mut bindings.clone())?;
        let launch::Shape::Compute {
            groups,
            group,
            dims,
        } = shape
        else {
            return Err(RunError::Unsupported(
                "pixel kernels on Cayman (the backend compiles compute kernels)".into(),
            ));
        };
        let compiled = compile(program, &midend::Options::default()).map_err(to_run_error)?;
        let a = &compiled.abi;
        let config = ProgramConfig {
            gprs: a.gprs,
            stack_size: a.stack_size,
            lds_dwords: 0,
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
            l.const_buffers.insert(bank, l.memory.len());
            l.memory.push(data);
        }
        if let Some(bank) = a.launch_bank {
            l.const_buffers.insert(bank, l.memory.len());
            l.memory.push(bytes_of(&abi::launch_buffer(groups, group)));
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
        for (&id, _) in a.rats.iter().chain(&a.vtx_buffers) {
            if !bindings.uavs.contains_key(&id) {
                return Err(RunError::BadLaunch(format!(
                    "UAV {id} is used but not bound"
                )));
            }
        }
        let report = r600::run(&compiled.bytes, &mut l)?;
        for (id, m) in uav_memory {
            if let (Some(dst), Some(src)) = (bindings.uavs.get_mut(&id), l.memory.get_mut(m)) {
                std::mem::swap(dst, src);
            }
        }
        Ok(report)
    }
}
