//! `ilc fuzz --seed N --count M [--target T,..] [--features F,..] [--out DIR]`: generated
//! programs checked on the reference and each target, in parallel, reported in seed order.
//! Passes and refusals are counted; a mismatch or a device-model refusal is printed, shrunk
//! and (with `--out`) written as `seed-<N>-<target>.il` with the failure in comments.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use ilc::check::Verdict;
use ilc::fuzz::{check_generated, reduce, BugKind};
use ilc::Target;

use super::check::{print_table, TargetTotals};
use super::progress::{in_order, Progress};
use super::CHECK_FAILED;

#[derive(clap::Args)]
pub struct FuzzArgs {
    /// The first program's seed; programs use seeds N, N+1, ... N+count-1.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Programs to generate.
    #[arg(long, default_value_t = 100)]
    count: u64,
    /// Targets to compare with the reference, comma separated.
    #[arg(long, value_delimiter = ',', default_value = "cayman,gfx906", value_parser = super::target_parser())]
    target: Vec<Target>,
    /// Features the programs may use: `all`, or a comma list of int, float, double, flow,
    /// call, uav, lds, indexed, dmath (the other double instructions, edge-case doubles),
    /// bits (bit-field ops, edge-case integers), fmod (float `_sat`/shift and `_neg`/`_abs`),
    /// fedge (edge-case floats), fmath (float transcendentals, `div`, `mod`, `pow` into
    /// sinks), i64 (64-bit integers), atomic (UAV and LDS atomics), typed (typed, structured
    /// and arena UAVs, byte/short access), cb (a constant buffer).
    #[arg(long, default_value = "all")]
    features: il_gen::Features,
    /// Directory for the shrunk failing programs.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Checks the shrinker may run per failing program (0: no shrinking).
    #[arg(long, default_value_t = 600)]
    shrink_tries: usize,
    /// Instructions one wavefront may execute.
    #[arg(long, default_value_t = ilc::RunOptions::default().step_limit)]
    step_limit: u64,
}

/// A failure on one target, with the shrunk program.
struct Bug {
    target: Target,
    kind: BugKind,
    message: String,
    reduced: il_gen::Program,
    /// The reduced program's own failure message.
    reduced_message: String,
}

struct Result {
    runs: Vec<ilc::check::TargetRun>,
    invalid: Option<String>,
    bugs: Vec<Bug>,
}

fn fuzz_one(seed: u64, a: &FuzzArgs) -> Result {
    let p = il_gen::generate(seed, &a.features);
    let runs = match check_generated(&p, &a.target, a.step_limit) {
        Ok(r) => r,
        Err(e) => {
            return Result {
                runs: Vec::new(),
                invalid: Some(e),
                bugs: Vec::new(),
            }
        }
    };
    let mut bugs = Vec::new();
    for run in &runs {
        let Some(kind) = BugKind::of(&run.verdict) else {
            continue;
        };
        let reduced = if a.shrink_tries > 0 {
            reduce(&p, run.target, kind, a.step_limit, a.shrink_tries)
        } else {
            p.clone()
        };
        let reduced_message = check_generated(&reduced, &[run.target], a.step_limit)
            .ok()
            .and_then(|r| {
                r.first()
                    .and_then(|r| r.verdict.message().map(String::from))
            })
            .unwrap_or_default();
        bugs.push(Bug {
            target: run.target,
            kind,
            message: run.verdict.message().unwrap_or_default().to_string(),
            reduced,
            reduced_message,
        });
    }
    Result {
        runs,
        invalid: None,
        bugs,
    }
}

/// The reduced program with its failure in leading comments.
fn reproducer(seed: u64, features: &str, bug: &Bug) -> String {
    let mut text = format!(
        "; ilc fuzz: seed {seed}, features {features}, target {}: {}\n; original: {}\n; reduced: {}\n",
        bug.target,
        bug.kind.name(),
        bug.message,
        bug.reduced_message
    );
    text.push_str(&il_gen::to_il(&bug.reduced));
    text
}

/// A refusal reason without its location details, to count the reasons.
fn reason(message: &str) -> String {
    let m = message.split(" at ").next().unwrap_or(message);
    m.chars().take(90).collect()
}

pub fn fuzz(a: &FuzzArgs) -> ExitCode {
    if let Some(dir) = &a.out {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("ilc: error: cannot create {}: {e}", dir.display());
            return ExitCode::from(super::BAD_INPUT);
        }
    }
    if a.step_limit == 0 {
        eprintln!("ilc: error: --step-limit 0 runs nothing: every generated program needs steps");
        return ExitCode::from(super::BAD_INPUT);
    }
    let features = a.features.names();
    let mut totals: Vec<(Target, TargetTotals)> = a
        .target
        .iter()
        .map(|&t| (t, TargetTotals::default()))
        .collect();
    let mut reasons: BTreeMap<(&str, String), usize> = BTreeMap::new();
    let (mut passed, mut refused, mut failed, mut invalid) = (0usize, 0usize, 0usize, 0usize);
    let started = std::time::Instant::now();
    let mut progress = Progress::new(usize::try_from(a.count).unwrap_or(usize::MAX));
    // The seeds are made a chunk at a time: `--count` may be any u64, and a list of all of
    // them would not fit in memory.
    const CHUNK: u64 = 4096;
    let mut first = 0u64;
    while first < a.count {
        let seeds: Vec<u64> = (first..a.count.min(first.saturating_add(CHUNK)))
            .map(|i| a.seed.wrapping_add(i))
            .collect();
        first = first.saturating_add(CHUNK);
        in_order(
            &seeds,
            |&seed| fuzz_one(seed, a),
            |&seed, r| {
                if let Some(e) = r.invalid {
                    invalid += 1;
                    progress.print(&format!("INVALID seed {seed}: {}", e.trim_end()));
                }
                for run in &r.runs {
                    if let Some((_, t)) = totals.iter_mut().find(|(t, _)| *t == run.target) {
                        t.add(run);
                    }
                    match &run.verdict {
                        Verdict::Pass => passed += 1,
                        Verdict::Refused(m) => {
                            refused += 1;
                            *reasons.entry((run.target.name(), reason(m))).or_default() += 1;
                        }
                        _ => failed += 1,
                    }
                }
                for bug in &r.bugs {
                    let mut line = format!(
                        "FAIL seed {seed} [{}] {}: {}",
                        bug.target,
                        bug.kind.name(),
                        bug.message
                    );
                    line.push_str(&format!("\n  reduced to {} statements", bug.reduced.size()));
                    if let Some(dir) = &a.out {
                        let path = dir.join(format!("seed-{seed}-{}.il", bug.target));
                        match std::fs::write(&path, reproducer(seed, &features, bug)) {
                            Ok(()) => line.push_str(&format!(": {}", path.display())),
                            Err(e) => {
                                line.push_str(&format!(" (cannot write {}: {e})", path.display()))
                            }
                        }
                    }
                    progress.print(&line);
                }
                progress.tick(&format!(
                    "{passed} passed, {refused} refused, {failed} failed, {invalid} invalid"
                ));
            },
        );
    }
    progress.finish();
    let secs = started.elapsed().as_secs_f64();
    print_table(&totals);
    for (&t, _) in totals.iter().map(|(t, s)| (t, s)) {
        let mut top: Vec<(&String, &usize)> = reasons
            .iter()
            .filter(|((rt, _), _)| *rt == t.name())
            .map(|((_, m), n)| (m, n))
            .collect();
        top.sort_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(y.0)));
        for (m, n) in top.iter().take(6) {
            println!("  {t} refused {n}x: {m}");
        }
    }
    println!(
        "{} programs (features {features}) on {} in {secs:.1} s ({:.1} programs/s)",
        a.count,
        a.target
            .iter()
            .map(|t| t.name())
            .collect::<Vec<_>>()
            .join(","),
        a.count as f64 / secs.max(1e-9)
    );
    println!("{passed} passed, {refused} refused, {failed} failed, {invalid} invalid");
    if failed + invalid == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(CHECK_FAILED)
    }
}
