//! Device-model throughput: `cargo bench --bench devices`.
//!
//! For each machine target (cayman, gfx906), runs the example kernels of `examples/` (grids
//! 8 times the `ilc check` size, as the `interp` bench does) and every program of the real
//! corpus in `../shared/corpus/` that compiles for the target, with the inputs `ilc check`
//! generates (seed 1), and prints lane-instructions per second on one core.
//!
//! Only the launch is timed: binding the memory with the ABI, the model's run and the copies
//! back. Compiling and decoding the bytes happen once per program before (`Prepared`), as a
//! conformance run prepares a program once and launches it many times; copying the inputs
//! for each launch is outside the timed part too.
//!
//! Two counts per target (docs/performance.md says why):
//! - **model**: the model's own lane-instructions (`RunReport::lane_instructions`): machine
//!   instructions executed times active lanes. gfx906: every instruction (scalar ones
//!   count their wave's active lanes too). Cayman: every ALU instruction *group* (one VLIW
//!   bundle of up to four slots) and every fetch instruction;
//! - **IL**: the reference interpreter's lane-instructions for the same launches (IL
//!   instructions times active lanes) over the model's time: the IL work the model gets
//!   through per second, directly comparable with `cargo bench --bench interp`.
//!
//! Each measurement repeats rounds until at least a second has passed and takes the best of
//! three. Each rate is given per wall-clock second and per second of the thread's CPU time
//! (on a shared machine the thread gets part of a core; the second figure is what a whole
//! core does). `RAYON_NUM_THREADS` is ignored: the figures are per core (one thread).
//! `ILC_BENCH_ONLY=cayman` (or `gfx906`, `examples`, `corpus`, `cayman-corpus`...) runs
//! only the measurements whose name contains it, for profiling.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ilc::targets::Prepared;
use ilc::{RunOptions, Target};
use runtime_sim::{Bindings, Dispatch, Interpreter};

mod common;

struct Job {
    prepared: Prepared,
    bindings: Bindings,
    dispatch: Dispatch,
    /// The interpreter's lane-instructions for this launch.
    il_lanes: u64,
}

/// The programs of `paths` that compile for `target` and run on its model, with the
/// `ilc check` inputs and the grid scaled by `scale` along x.
fn jobs(paths: &[PathBuf], target: Target, scale: u32) -> (Vec<Job>, usize) {
    let mut out = Vec::new();
    let mut skipped = 0;
    for p in paths {
        let Some(work) = common::work(p, scale) else {
            continue;
        };
        let Ok(il) = Interpreter::default().run_kernel(
            &work.kernel,
            &mut work.bindings.clone(),
            work.dispatch,
        ) else {
            continue;
        };
        let Ok(prepared) = Prepared::new(&work.program, target, &RunOptions::default()) else {
            skipped += 1;
            continue;
        };
        if prepared
            .run(&mut work.bindings.clone(), work.dispatch)
            .is_err()
        {
            skipped += 1;
            continue;
        }
        out.push(Job {
            prepared,
            bindings: work.bindings,
            dispatch: work.dispatch,
            il_lanes: il.lane_instructions,
        });
    }
    (out, skipped)
}

/// Lane-instructions per second over a measurement, per wall-clock second and per second of
/// this thread's CPU time (the machine is shared: on a loaded machine the thread gets a
/// fraction of a core, and the CPU-time rate is what one whole core would do).
#[derive(Clone, Copy, Debug, Default)]
struct Rates {
    model_wall: f64,
    il_wall: f64,
    model_cpu: f64,
    il_cpu: f64,
}

/// Best-of-three [`Rates`], and the counts (model, IL) of one round.
fn measure(jobs: &[Job]) -> (Rates, (u64, u64)) {
    let mut best = Rates::default();
    let mut per_round = (0, 0);
    for _ in 0..3 {
        let mut spent = Duration::ZERO;
        let (mut lanes, mut il) = (0u64, 0u64);
        let (wall0, cpu0) = (Instant::now(), common::thread_cpu());
        while spent < Duration::from_secs(1) {
            let mut inputs: Vec<Bindings> = jobs.iter().map(|j| j.bindings.clone()).collect();
            per_round = (0, 0);
            let start = Instant::now();
            for (j, b) in jobs.iter().zip(&mut inputs) {
                let r = j.prepared.run(b, j.dispatch).expect("runs");
                per_round.0 += r.lane_instructions;
                per_round.1 += j.il_lanes;
            }
            spent += start.elapsed();
            lanes += per_round.0;
            il += per_round.1;
        }
        let s = spent.as_secs_f64();
        // The share of a core the thread had over the window (the copies of the inputs
        // included), applied to the timed part.
        let share = match (cpu0, common::thread_cpu()) {
            (Some(a), Some(b)) => {
                ((b - a).as_secs_f64() / wall0.elapsed().as_secs_f64()).clamp(0.01, 1.0)
            }
            _ => 1.0,
        };
        best.model_wall = best.model_wall.max(lanes as f64 / s);
        best.il_wall = best.il_wall.max(il as f64 / s);
        best.model_cpu = best.model_cpu.max(lanes as f64 / (s * share));
        best.il_cpu = best.il_cpu.max(il as f64 / (s * share));
    }
    (best, per_round)
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
    println!(
        "machine: {cores} cores, one used; load average {} at start",
        common::load()
    );
    let only = std::env::var("ILC_BENCH_ONLY").ok();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a one-thread pool");
    pool.install(|| {
        for target in [Target::Cayman, Target::Gfx906] {
            for (name, paths, scale) in [("examples", &examples, 8), ("corpus", &real, 1)] {
                if !only.as_deref().is_none_or(|o| format!("{target}-{name}").contains(o)) {
                    continue;
                }
                let (jobs, skipped) = jobs(paths, target, scale);
                let (r, (per_round, il_per_round)) = measure(&jobs);
                println!(
                    "{target:6} {name:8} {:3} programs ({skipped} refused): model {per_round:>10} lane-instr/round {:6.1} M/s ({:6.1} per CPU s) | IL {il_per_round:>10} lane-instr/round {:6.1} M/s ({:6.1} per CPU s)",
                    jobs.len(),
                    r.model_wall / 1e6,
                    r.model_cpu / 1e6,
                    r.il_wall / 1e6,
                    r.il_cpu / 1e6,
                );
            }
        }
    });
    println!("load average {} at the end", common::load());
}
