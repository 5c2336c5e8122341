//! `ilc check FILE|DIR... [--target T1,T2] [--seed N]`: the programs run in parallel
//! (rayon), the results are printed in input order, then a table per target and the
//! contract's last line `N passed, M failed`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use ilc::check::{check_detailed_in, Detailed, Outcome, Verdict};
use ilc::mutate::{mutate_program, Fate, Flag, Score, TargetMutants};
use ilc::Target;

use super::progress::{in_order, Progress};
use super::{UsageError, CHECK_FAILED};

/// A program to check: its path, and whether a directory scan found it (then a `.bin` file
/// that is not an IL token stream is skipped, not an error).
struct Input {
    path: PathBuf,
    found: bool,
}

/// The programs under `path`: the file itself, or the `.il` and `.bin` files of a directory
/// tree in name order.
fn collect(path: &Path, found: bool, out: &mut Vec<Input>) -> Result<(), UsageError> {
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
                collect(&p, true, out)?;
            }
        }
        Ok(())
    } else if path.exists() || super::is_stdio(path) {
        out.push(Input {
            path: path.to_path_buf(),
            found,
        });
        Ok(())
    } else {
        Err(format!("{} does not exist", path.display()).into())
    }
}

/// What became of one input file.
enum Checked {
    /// The program ran; its mutants, if asked for.
    Ran(Detailed, Vec<TargetMutants>),
    /// Not a program: unreadable, or IL with errors (bad input, exit code 2); the rendered
    /// diagnostics.
    Bad(String),
    /// A `.bin` file of a directory that is not an IL token stream (machine code, say).
    Skipped(String),
}

/// Reads, parses and checks one file; with `mutants` > 0, then runs that many mutants of
/// its code per machine target.
fn check_file(
    input: &Input,
    targets: &[Target],
    seed: u64,
    step_limit: u64,
    mutants: usize,
    read: &ilc::ReadOptions,
) -> Checked {
    let file = &input.path;
    let name = super::input_name(file);
    let bytes = match super::read_input(file) {
        Ok(bytes) => bytes,
        Err(e) => return Checked::Bad(format!("{name}: error: cannot read: {e}\n")),
    };
    let parsed = match ilc::parse_with(&bytes, &name, read) {
        Ok(parsed) => parsed,
        Err(e) => {
            // A token stream whose very first tokens are not IL_Lang and IL_Version was
            // never IL: in a directory, it is some other binary and is skipped.
            let header = e.diagnostics.errors().any(|d| d.span.start < 8);
            if input.found && il_frontend::binary::is_token_stream(&bytes) && header {
                return Checked::Skipped(format!(
                    "{name}: not an IL token stream (it does not start with IL_Lang and IL_Version tokens)"
                ));
            }
            return Checked::Bad(e.rendered);
        }
    };
    // IL text lets a message name an instruction by line and column.
    let text = (parsed.kind == il_frontend::InputKind::Text)
        .then(|| std::str::from_utf8(&bytes).ok())
        .flatten();
    let detailed = check_detailed_in(&parsed.program, text, targets, seed, step_limit);
    let m = if mutants > 0 {
        mutate_program(&parsed.program, targets, mutants, seed, step_limit)
    } else {
        Vec::new()
    };
    Checked::Ran(detailed, m)
}

/// The lines of a program's mutants: each survivor (an output changed, the check passed);
/// with `ILC_MUTANTS_LOG` set, every mutant and why a target was skipped.
fn mutant_lines(m: &[TargetMutants]) -> String {
    let all = std::env::var_os("ILC_MUTANTS_LOG").is_some();
    let mut out = String::new();
    for t in m {
        let runs = match &t.runs {
            Ok(r) => r,
            Err(why) => {
                if all {
                    out.push_str(&format!("\n  MUTANTS [{}] skipped: {why}", t.target));
                }
                continue;
            }
        };
        for r in runs {
            let (kind, what) = match &r.fate {
                Fate::Survived(diff) => ("SURVIVED", diff.clone()),
                _ if !all => continue,
                Fate::Invalid(why) => ("INVALID", why.clone()),
                Fate::Equivalent => ("EQUIVALENT", String::new()),
                Fate::Flagged(Flag::Mismatch(m)) => ("FLAGGED", m.clone()),
                Fate::Flagged(Flag::Fault(m)) => ("FAULTED", m.clone()),
                Fate::Flagged(Flag::Stopped) => ("STOPPED", String::new()),
            };
            out.push_str(&format!(
                "\n  {kind} [{}] mutant {} ({}): {}: {what}",
                t.target,
                r.index,
                r.operator.name(),
                r.description
            ));
        }
    }
    out
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
    mutants: usize,
    read: &ilc::ReadOptions,
) -> ExitCode {
    let mut files = Vec::new();
    for p in paths {
        if let Err(e) = collect(p, false, &mut files) {
            return e.exit();
        }
    }
    if files.is_empty() {
        return UsageError(format!(
            "nothing to check: no .il or .bin files under {}",
            paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ))
        .exit();
    }
    let (mut passed, mut failed, mut stopped, mut bad, mut skipped) =
        (0usize, 0usize, 0usize, 0usize, 0usize);
    let mut totals: Vec<(Target, TargetTotals)> = targets
        .iter()
        .map(|&t| (t, TargetTotals::default()))
        .collect();
    let mut scores: Vec<(Target, Score)> = targets
        .iter()
        .filter(|&&t| t != Target::Il)
        .map(|&t| (t, Score::default()))
        .collect();
    let started = std::time::Instant::now();
    let mut progress = Progress::new(files.len());
    in_order(
        &files,
        |file| check_file(file, targets, seed, step_limit, mutants, read),
        |input, checked| {
            let (detailed, mutated) = match checked {
                Checked::Ran(detailed, mutated) => (detailed, mutated),
                Checked::Bad(rendered) => {
                    bad += 1;
                    progress.print(&format!("ERROR {}", super::input_name(&input.path)));
                    super::eprint_diagnostics(&rendered);
                    return;
                }
                Checked::Skipped(why) => {
                    skipped += 1;
                    progress.print(&format!("SKIP {why}"));
                    return;
                }
            };
            for t in &mutated {
                if let Some((_, s)) = scores.iter_mut().find(|(x, _)| *x == t.target) {
                    s.add_target(t);
                }
            }
            for run in &detailed.targets {
                if let Some((_, t)) = totals.iter_mut().find(|(t, _)| *t == run.target) {
                    t.add(run);
                }
            }
            let name = super::input_name(&input.path);
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
            progress.print(&(line + &mutant_lines(&mutated)));
            progress.tick(&format!("{passed} passed, {failed} failed"));
        },
    );
    progress.finish();
    let secs = started.elapsed().as_secs_f64();
    if !targets.is_empty() && passed + failed + stopped > 0 {
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
    if mutants > 0 && !scores.is_empty() {
        let mut total = Score::default();
        for (t, s) in &scores {
            total.merge(s);
            println!(
                "mutation score [{t}]: {} over {} programs ({} skipped: their code does not pass); {} mutants: {} invalid, {} equivalent, {} changed an output ({} flagged: {} by a fault, {} at the step limit)",
                s.figure(),
                s.programs,
                s.skipped,
                s.mutants,
                s.invalid,
                s.equivalent,
                s.changed,
                s.flagged,
                s.faulted,
                s.stopped
            );
        }
        println!("mutation score: {}", total.figure());
    }
    if skipped > 0 {
        println!("{skipped} skipped: not IL programs");
    }
    if bad > 0 {
        println!("{bad} not checked: they are not valid IL (the errors are above)");
    }
    let failed = failed + stopped;
    println!("{passed} passed, {failed} failed");
    if bad > 0 {
        ExitCode::from(super::BAD_INPUT)
    } else if failed > 0 {
        ExitCode::from(CHECK_FAILED)
    } else if passed == 0 {
        // Everything was skipped: nothing was checked.
        UsageError("nothing was checked: every file was skipped".to_string()).exit()
    } else {
        ExitCode::SUCCESS
    }
}
