//! Reference-interpreter throughput: `cargo bench --bench interp`.
//!
//! Runs the example kernels of `examples/` and every program of the real corpus in
//! `../shared/corpus/` with the inputs `ilc check` generates (seed 1), on one core, and prints
//! lane-instructions per second: instructions executed, counted once per active lane, over
//! wall time. Each measurement repeats its runs until at least a second has passed and takes
//! the best of three, per wall-clock second and per second of the thread's CPU time (the
//! per-core figure on a shared machine). Lowering (AST to the pre-decoded form) is outside the timed part, as a
//! conformance run lowers a program once and runs it many times.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use runtime_sim::interp::kernel::Kernel;
use runtime_sim::{Bindings, Dispatch, Interpreter};

mod common;

struct Job {
    kernel: Kernel,
    bindings: Bindings,
    dispatch: Dispatch,
}

fn jobs(paths: &[PathBuf], scale: u32) -> Vec<Job> {
    paths
        .iter()
        .filter_map(|p| common::work(p, scale))
        .map(|w| Job {
            kernel: w.kernel,
            bindings: w.bindings,
            dispatch: w.dispatch,
        })
        .collect()
}

/// Best-of-three lane-instructions per second over all jobs, per wall-clock second and per
/// second of the thread's CPU time (on a shared machine the thread gets part of a core).
fn measure(jobs: &[Job]) -> (f64, f64, u64) {
    let device = Interpreter::default();
    let mut best = 0.0f64;
    let mut best_cpu = 0.0f64;
    let mut per_round = 0;
    for _ in 0..3 {
        let start = Instant::now();
        let cpu0 = common::thread_cpu();
        let mut lanes = 0u64;
        while start.elapsed() < Duration::from_secs(1) {
            per_round = 0;
            for j in jobs {
                let mut b = j.bindings.clone();
                let r = device
                    .run_kernel(&j.kernel, &mut b, j.dispatch)
                    .expect("runs");
                per_round += r.lane_instructions;
            }
            lanes += per_round;
        }
        let wall = start.elapsed().as_secs_f64();
        best = best.max(lanes as f64 / wall);
        let cpu = match (cpu0, common::thread_cpu()) {
            (Some(a), Some(b)) => (b - a).as_secs_f64().max(0.01),
            _ => wall,
        };
        best_cpu = best_cpu.max(lanes as f64 / cpu);
    }
    (best, best_cpu, per_round)
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = std::env::var_os("ILC_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/corpus"));
    let mut examples = Vec::new();
    common::files(&root.join("examples"), &mut examples);
    let mut real = Vec::new();
    common::files(&corpus, &mut real);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("machine: {cores} cores, one used");
    for (name, paths, scale) in [("examples", &examples, 8), ("corpus", &real, 1)] {
        let jobs = jobs(paths, scale);
        let (rate, rate_cpu, per_round) = measure(&jobs);
        println!(
            "{name:9} {:3} programs, {:>10} lane-instructions per round: {:8.1} M lane-instructions/s ({:.1} per CPU s)",
            jobs.len(),
            per_round,
            rate / 1e6,
            rate_cpu / 1e6
        );
    }
}
