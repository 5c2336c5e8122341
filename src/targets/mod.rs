//! The machine targets as the driver uses them: compiling an IL program through the midend
//! and a backend, and running the result on the target's device model with the launch ABI
//! of `docs/abi.md`.

pub mod cayman;
pub mod gfx906;

use il_frontend::{Program, Span};
use runtime_sim::{Bindings, Dispatch, RunError, RunReport};

use crate::{RunOptions, Target};

/// Refuses typed UAVs the machine targets do not address: those the runtime cannot bind
/// (`typed_uav_supported`: a format other than 32-bit uint, sint or float, a cube map).
/// Refused with the reason (without the word "unsupported", which each caller's error
/// adds), located at the declaration, rather than compiled wrong.
pub(crate) fn refuse_unaddressable_typed_uavs(
    program: &Program,
    k: &runtime_sim::interp::kernel::Kernel,
) -> Result<(), (String, Span)> {
    use il_frontend::Opcode;
    for (&id, decl) in &k.decls.uavs {
        if let runtime_sim::interp::kernel::UavDecl::Typed { ty, format } = *decl {
            if !runtime_sim::interp::memory::typed_uav_supported(ty, format) {
                let span = program
                    .instructions()
                    .find(|i| {
                        matches!(i.opcode, Opcode::DclUav | Opcode::DclTypedUav)
                            && i.field("id") == Some(id)
                    })
                    .map_or_else(Span::default, |i| i.span);
                return Err((
                    format!(
                        "typed UAV {id} of type {ty} and format {format}: the compiled targets address typed UAVs of 32-bit uint, sint or float elements"
                    ),
                    span,
                ));
            }
        }
    }
    Ok(())
}

/// A program compiled for a machine target and decoded by the target's device model: the
/// part of a run that does not depend on the launch, done once.
#[derive(Debug)]
pub enum Prepared {
    Cayman(cayman::Prepared),
    Gfx906(gfx906::Prepared),
}

/// What a compiled program looks like, for statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shape {
    pub code_bytes: usize,
    /// Cayman: GPRs; gfx906: VGPRs.
    pub registers: u32,
    /// gfx906: SGPRs (Cayman has none).
    pub scalar_registers: u32,
}

impl Prepared {
    /// Compiles `program` for `target` and decodes it for the model, with the step limit of
    /// `options` (as [`crate::device`] sets it). The reference `il` has nothing to prepare.
    pub fn new(
        program: &Program,
        target: Target,
        options: &RunOptions,
    ) -> Result<Prepared, RunError> {
        let steps = crate::machine_steps(options);
        match target {
            Target::Cayman => Ok(Prepared::Cayman(
                cayman::Cayman { step_limit: steps }.prepare(program)?,
            )),
            Target::Gfx906 => Ok(Prepared::Gfx906(
                gfx906::Gfx906 { step_limit: steps }.prepare(program)?,
            )),
            Target::Il => Err(RunError::Fault(
                "the reference interpreter runs the IL itself: there is nothing to prepare".into(),
            )),
        }
    }

    /// Launches the prepared program (memory in `bindings` is read and updated in place).
    pub fn run(&self, bindings: &mut Bindings, dispatch: Dispatch) -> Result<RunReport, RunError> {
        match self {
            Prepared::Cayman(p) => p.run(bindings, dispatch),
            Prepared::Gfx906(p) => p.run(bindings, dispatch),
        }
    }

    /// The machine code the model runs (Cayman: the program bytes; gfx906: `.text`).
    pub fn code(&self) -> &[u8] {
        match self {
            Prepared::Cayman(p) => &p.compiled().bytes,
            Prepared::Gfx906(p) => &p.compiled().code,
        }
    }

    /// The same program with other machine code (a mutant, `ilc check --mutants`), decoded
    /// by the model, with the step limit `step_limit` (machine instructions per wavefront).
    pub fn with_code(&self, code: Vec<u8>, step_limit: u64) -> Result<Prepared, RunError> {
        Ok(match self {
            Prepared::Cayman(p) => Prepared::Cayman(p.with_code(code, step_limit)?),
            Prepared::Gfx906(p) => Prepared::Gfx906(p.with_code(code, step_limit)?),
        })
    }

    /// The target the program was compiled for.
    pub fn target(&self) -> Target {
        match self {
            Prepared::Cayman(_) => Target::Cayman,
            Prepared::Gfx906(_) => Target::Gfx906,
        }
    }

    /// Code size and registers of the compiled program.
    pub fn shape(&self) -> Shape {
        match self {
            Prepared::Cayman(p) => {
                let c = p.compiled();
                Shape {
                    code_bytes: c.bytes.len(),
                    registers: c.stats.gprs,
                    scalar_registers: 0,
                }
            }
            Prepared::Gfx906(p) => {
                let c = p.compiled();
                Shape {
                    code_bytes: c.code.len(),
                    registers: c.stats.vgprs as u32,
                    scalar_registers: c.stats.sgprs as u32,
                }
            }
        }
    }
}
