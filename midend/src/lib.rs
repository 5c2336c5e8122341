//! The shared middle of ilc: a scalar SSA IR built from the IL AST, kept structured as a
//! region tree, the analyses both backends need (dominators, loops, liveness, uniformity)
//! and the optimization passes, each followed by a verifier.
//!
//! It depends only on `il-frontend` and `il-semantics`; the backends depend on it, never
//! the other way round.

pub mod alu;
pub mod analysis;
pub mod build;
pub mod il_effects;
pub mod ir;
pub mod passes;
pub mod spill;
pub mod to_il;
pub mod verify;

use il_frontend::ast::Program;
use il_frontend::diag::Span;

pub use build::BuildError;

/// Options of the midend pipeline.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Run the verifier after every pass (always on in debug builds).
    pub verify: bool,
    /// Report each pass's time through `tracing` (target `ilc::passes`).
    pub time_passes: bool,
}

/// Why the midend failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Build(#[from] BuildError),
    /// A pass produced IR that does not verify: a compiler bug, reported with the pass.
    #[error("internal error: the IR after pass `{pass}` does not verify: {message}")]
    Verify { pass: &'static str, message: String },
}

impl Error {
    /// Where in the input the problem is (the default span when it is not located).
    pub fn span(&self) -> Span {
        match self {
            Error::Build(BuildError::Unsupported { span, .. }) => *span,
            Error::Verify { .. } => Span::default(),
        }
    }
}

/// Builds the IR of a program and runs the optimization pipeline on it.
pub fn compile(program: &Program, options: &Options) -> Result<ir::Function, Error> {
    let mut func = timed_build(program, options)?;
    passes::run_pipeline(&mut func, options)?;
    Ok(func)
}

/// Builds the IR of a program without optimizing it (trivial block parameters removed and
/// aliases resolved, so that it verifies).
pub fn build_unoptimized(program: &Program, options: &Options) -> Result<ir::Function, Error> {
    let mut func = timed_build(program, options)?;
    passes::run_pass(&mut func, options, "copy_prop", passes::copy_prop::run)?;
    Ok(func)
}

fn timed_build(program: &Program, options: &Options) -> Result<ir::Function, Error> {
    let start = std::time::Instant::now();
    let func = build::build(program)?;
    if options.time_passes {
        tracing::info!(
            target: "ilc::passes",
            "build {:>14.3} ms, {} instructions",
            start.elapsed().as_secs_f64() * 1e3,
            func.inst_count()
        );
    }
    Ok(func)
}
