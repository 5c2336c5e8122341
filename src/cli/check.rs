//! `ilc check FILE|DIR... [--target T1,T2] [--seed N]`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use ilc::check::{check_program, Outcome};
use ilc::Target;

use super::{UsageError, CHECK_FAILED};

/// The programs under `path`: the file itself, or the `.il` and `.bin` files of a directory
/// tree in name order.
fn collect(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), UsageError> {
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| format!("cannot read directory {}: {e}", path.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for p in entries {
            let program = p
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("il") || e.eq_ignore_ascii_case("bin"));
            if p.is_dir() || program {
                collect(&p, out)?;
            }
        }
        Ok(())
    } else if path.exists() {
        out.push(path.to_path_buf());
        Ok(())
    } else {
        Err(format!("{} does not exist", path.display()).into())
    }
}

pub fn check(paths: &[PathBuf], targets: &[Target], seed: u64, step_limit: u64) -> ExitCode {
    let mut files = Vec::new();
    for p in paths {
        if let Err(e) = collect(p, &mut files) {
            return e.exit();
        }
    }
    let (mut passed, mut failed) = (0usize, 0usize);
    for file in &files {
        let name = file.display().to_string();
        let outcome = match std::fs::read(file) {
            Err(e) => Outcome::Fail(format!("cannot read: {e}")),
            Ok(bytes) => match ilc::parse(&bytes, &name) {
                Err(e) => Outcome::Fail(
                    e.diagnostics
                        .errors()
                        .next()
                        .map_or_else(|| "does not parse".to_string(), |d| d.message.clone()),
                ),
                Ok(parsed) => check_program(&parsed.program, targets, seed, step_limit),
            },
        };
        match outcome {
            Outcome::Pass(report) => {
                passed += 1;
                println!("PASS {name}");
                println!(
                    "  {} groups, {} lane instructions, out of range: {}",
                    report.groups, report.lane_instructions, report.out_of_range
                );
            }
            Outcome::Fail(why) => {
                failed += 1;
                println!("FAIL {name}: {why}");
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(CHECK_FAILED)
    }
}
