//! Midend figures: `cargo bench --bench midend`.
//!
//! Lowers every program of the real corpus in `../shared/corpus/` (or `$ILC_CORPUS`) to IR
//! and optimizes it, on one core, and prints the IR instruction count before and after the
//! optimization pipeline (summed over the corpus) and the time of the whole midend for the
//! whole corpus: the best of five rounds; then the whole compiler (midend and backend) for
//! each machine target over the corpus. Parsing is outside the timed part. Release builds
//! skip the per-pass verifier (it runs in debug builds and with `--verify`).

use std::path::PathBuf;
use std::time::Instant;

mod common;

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let corpus = std::env::var_os("ILC_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/corpus"));
    let mut paths = Vec::new();
    common::files(&corpus, &mut paths);
    let programs: Vec<_> = paths
        .iter()
        .filter_map(|p| {
            let bytes = std::fs::read(p).ok()?;
            ilc::parse(&bytes, &p.display().to_string()).ok()
        })
        .map(|parsed| parsed.program)
        .collect();
    let options = midend::Options::default();
    let (mut before, mut after, mut failed) = (0usize, 0usize, 0usize);
    for p in &programs {
        match (
            midend::build_unoptimized(p, &options),
            midend::compile(p, &options),
        ) {
            (Ok(a), Ok(b)) => {
                before += a.inst_count();
                after += b.inst_count();
            }
            _ => failed += 1,
        }
    }
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        let start = Instant::now();
        for p in &programs {
            let _ = std::hint::black_box(midend::compile(p, &options));
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!("corpus: {} programs ({failed} not lowered)", programs.len());
    println!(
        "IR instructions: {before} before optimization, {after} after ({:.1}%)",
        100.0 * after as f64 / before.max(1) as f64
    );
    println!(
        "midend time, whole corpus: {:.1} ms (best of 5)",
        best * 1e3
    );
    for target in [ilc::Target::Cayman, ilc::Target::Gfx906] {
        let compiled = programs
            .iter()
            .filter(|p| ilc::compile(p, target, &Default::default()).is_ok())
            .count();
        let mut best = f64::INFINITY;
        for _ in 0..3 {
            let start = Instant::now();
            for p in &programs {
                let _ = std::hint::black_box(ilc::compile(p, target, &Default::default()));
            }
            best = best.min(start.elapsed().as_secs_f64());
        }
        println!(
            "{target}: {compiled} of {} programs compile; the whole compiler over the corpus \
             in {:.1} ms (best of 3)",
            programs.len(),
            best * 1e3
        );
    }
}
