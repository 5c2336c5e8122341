//! `ilc check FILE|DIR... [--target T1,T2] [--seed N]`: the programs run in parallel
//! (rayon), the results are printed in input order, then a table per target and the
//! contract's last line `N passed, M failed`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use ilc::check::{check_detailed_in, Detailed, Outcome, Verdict};
use ilc::Target;

use super::progress::{in_order, Progress};
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

/// Reads, parses and checks one file.
fn check_file(
    file: &Path,
    targets: &[Target],
    seed: u64,
    step_limit: u64,
    read: &ilc::ReadOptions,
) -> Detailed {
    let name = file.display().to_string();
    let failed = |e: String| Detailed {
        reference: Err(Verdict::Fault(e)),
        reference_ms: 0.0,
        targets: Vec::new(),
    };
    match std::fs::read(file) {
        Err(e) => failed(format!("cannot read: {e}")),
        Ok(bytes) => match ilc::parse_with(&bytes, &name, read) {
            Err(e) => failed(
                e.diagnostics
                    .errors()
                    .next()
                    .map_or_else(|| "does not parse".to_string(), |d| d.message.clone()),
            ),
            Ok(parsed) => {
                let text = (parsed.kind == il_frontend::InputKind::Text)
                    .then(|| std::str::from_utf8(&bytes).ok())
                    .flatten();
                check_detailed_in(&parsed.program, text, targets, seed, step_limit, &|_| None)
            }
        },
    }
}

/// Sums of one target's runs, for the table.
#[derive(Default)]
pub struct TargetTotals {
    pub passed: usize,
    pub refused: usize,
    /// Mismatches and device refusals.
    pub wrong: usize,
    /// Runs stopped at the step limit.
    pub stopped: usize,
    pub compiled: usize,
    pub compile_ms: f64,
    pub run_ms: f64,
    pub runs: usize,
    pub code_bytes: usize,
    pub registers: u64,
    pub scalar_registers: u64,
}

impl TargetTotals {
    pub fn add(&mut self, run: &ilc::check::TargetRun) {
        match run.verdict {
            Verdict::Pass => self.passed += 1,
            Verdict::Refused(_) => self.refused += 1,
            Verdict::Mismatch(_) | Verdict::Fault(_) => self.wrong += 1,
            Verdict::Stopped(_) => self.stopped += 1,
        }
        self.runs += 1;
        self.run_ms += run.run_ms;
        if let Some(c) = run.code {
            self.compiled += 1;
            self.compile_ms += c.compile_ms;
            self.code_bytes += c.code_bytes;
            self.registers += u64::from(c.registers);
            self.scalar_registers += u64::from(c.scalar_registers);
        }
    }
}

/// The per-target table: pass/refused/wrong/stopped counts, compile and run times, mean code size
/// and registers over the programs that compiled.
pub fn print_table(totals: &[(Target, TargetTotals)]) {
    println!(
        "{:<8} {:>6} {:>7} {:>6} {:>7} {:>11} {:>10} {:>9} {:>9} {:>10} {:>10}",
        "target",
        "pass",
        "refused",
        "wrong",
        "stopped",
        "compile ms",
        "mean c.ms",
        "run ms",
        "mean r.ms",
        "mean bytes",
        "mean regs"
    );
    for (t, s) in totals {
        let per = |x: f64, n: usize| if n == 0 { 0.0 } else { x / n as f64 };
        let regs = match t {
            Target::Il => "-".to_string(),
            Target::Cayman => format!("{:.1}", per(s.registers as f64, s.compiled)),
            Target::Gfx906 => format!(
                "{:.1}v/{:.1}s",
                per(s.registers as f64, s.compiled),
                per(s.scalar_registers as f64, s.compiled)
            ),
        };
        println!(
            "{:<8} {:>6} {:>7} {:>6} {:>7} {:>11.1} {:>10.2} {:>9.1} {:>9.2} {:>10.0} {:>10}",
            t.name(),
            s.passed,
            s.refused,
            s.wrong,
            s.stopped,
            s.compile_ms,
            per(s.compile_ms, s.compiled),
            s.run_ms,
            per(s.run_ms, s.runs),
            per(s.code_bytes as f64, s.compiled),
            regs
        );
    }
}

pub fn check(
    paths: &[PathBuf],
    targets: &[Target],
    seed: u64,
    step_limit: u64,
    read: &ilc::ReadOptions,
) -> ExitCode {
    let mut files = Vec::new();
    for p in paths {
        if let Err(e) = collect(p, &mut files) {
            return e.exit();
        }
    }
    let (mut passed, mut failed, mut stopped) = (0usize, 0usize, 0usize);
    let mut totals: Vec<(Target, TargetTotals)> = targets
        .iter()
        .map(|&t| (t, TargetTotals::default()))
        .collect();
    let started = std::time::Instant::now();
    let mut progress = Progress::new(files.len());
    in_order(
        &files,
        |file| check_file(file, targets, seed, step_limit, read),
        |file, detailed| {
            for run in &detailed.targets {
                if let Some((_, t)) = totals.iter_mut().find(|(t, _)| *t == run.target) {
                    t.add(run);
                }
            }
            let name = file.display().to_string();
            let line = match detailed.outcome() {
                Outcome::Pass(report) => {
                    passed += 1;
                    format!(
                        "PASS {name}\n  {} groups, {} lane instructions, out of range: {}",
                        report.groups, report.lane_instructions, report.out_of_range
                    )
                }
                Outcome::Fail(why) => {
                    failed += 1;
                    format!("FAIL {name}: {why}")
                }
                Outcome::Stopped(why) => {
                    stopped += 1;
                    format!("STOP {name}: {why}")
                }
            };
            progress.print(&line);
            progress.tick(&format!("{passed} passed, {failed} failed"));
        },
    );
    progress.finish();
    let secs = started.elapsed().as_secs_f64();
    if !targets.is_empty() && !files.is_empty() {
        print_table(&totals);
        println!(
            "{} programs in {secs:.2} s ({:.1} programs/s on {} threads)",
            files.len(),
            files.len() as f64 / secs.max(1e-9),
            rayon::current_num_threads()
        );
    }
    if stopped > 0 {
        // Not checked, so not passed: counted with the failures, but said apart.
        println!(
            "{stopped} stopped at the step limit of {step_limit} instructions per wavefront (raise it with --step-limit)"
        );
    }
    let failed = failed + stopped;
    println!("{passed} passed, {failed} failed");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(CHECK_FAILED)
    }
}
