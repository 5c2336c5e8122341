//! The optimization passes. Each takes the function and rewrites it in place; the runner
//! times it and, in debug builds or with `--verify`, checks the result.

pub mod copy_prop;
pub mod dce;
pub mod fold;
pub mod gvn;
pub mod if_convert;
pub mod licm;
pub mod mem_opt;
pub mod simplify;

use std::time::Instant;

use crate::ir::{Function, ValueDef};
use crate::{Error, Options};

/// Runs one pass with timing and verification.
pub fn run_pass(
    func: &mut Function,
    options: &Options,
    name: &'static str,
    pass: fn(&mut Function),
) -> Result<(), Error> {
    let start = Instant::now();
    pass(func);
    let elapsed = start.elapsed();
    if options.time_passes {
        tracing::info!(
            target: "ilc::passes",
            "pass {name:<12} {:>8.3} ms, {} instructions",
            elapsed.as_secs_f64() * 1e3,
            func.inst_count()
        );
    }
    if options.verify || cfg!(debug_assertions) {
        crate::verify::verify(func).map_err(|e| Error::Verify {
            pass: name,
            message: e.to_string(),
        })?;
    }
    Ok(())
}

/// The pipeline `ilc compile` runs.
pub fn run_pipeline(func: &mut Function, options: &Options) -> Result<(), Error> {
    run_pass(func, options, "copy_prop", copy_prop::run)?;
    for _ in 0..2 {
        run_pass(func, options, "fold", fold::run)?;
        run_pass(func, options, "simplify", simplify::run)?;
        run_pass(func, options, "copy_prop", copy_prop::run)?;
        run_pass(func, options, "gvn", gvn::run)?;
        run_pass(func, options, "if_convert", if_convert::run)?;
        run_pass(func, options, "licm", licm::run)?;
        run_pass(func, options, "mem_opt", mem_opt::run)?;
        run_pass(func, options, "dce", dce::run)?;
    }
    Ok(())
}

/// Drops the instructions whose results all became aliases (copies, folded and numbered
/// values): nothing refers to them once aliases are resolved.
pub(crate) fn remove_dead_copies(func: &mut Function) {
    for block in func.layout() {
        let insts = std::mem::take(&mut func.blocks[block].insts);
        let kept = insts
            .into_iter()
            .filter(|&i| {
                let r = &func.insts[i].results;
                r.is_empty()
                    || !r
                        .iter()
                        .all(|&v| matches!(func.values[v].def, ValueDef::Alias(_)))
            })
            .collect();
        func.blocks[block].insts = kept;
    }
}
