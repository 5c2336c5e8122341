//! What the benches share: the program files they read, the inputs `ilc check` would give
//! a program, and the machine figures (thread CPU time, load) they print next to rates.
//! Each bench uses part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use il_frontend::Program;
use ilc::check::generate;
use runtime_sim::interp::kernel::{self, Kernel};
use runtime_sim::{Bindings, Dispatch};

/// Every `.il` and `.bin` file under `dir`, in sorted order, appended to `out`.
pub fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "il" || x == "bin") {
            out.push(p);
        }
    }
}

/// A program with the inputs `ilc check` generates for it, its grid scaled by `scale`
/// along x.
pub struct Work {
    pub program: Program,
    pub kernel: Kernel,
    pub bindings: Bindings,
    pub dispatch: Dispatch,
}

/// The [`Work`] of the program at `path`; `None` if it does not parse or lower.
pub fn work(path: &Path, scale: u32) -> Option<Work> {
    let bytes = std::fs::read(path).expect("readable program");
    let parsed = ilc::parse(&bytes, &path.display().to_string()).ok()?;
    let kernel = kernel::lower(&parsed.program).ok()?;
    let mut w = generate(&parsed.program, &kernel.decls, 1);
    if let Dispatch::Grid { global, .. } = &mut w.dispatch {
        // Buffers sized for the default grid still serve: out-of-range accesses are
        // counted, not fatal.
        global[0] *= scale;
    }
    Some(Work {
        program: parsed.program,
        kernel,
        bindings: w.bindings,
        dispatch: w.dispatch,
    })
}

/// CPU time of the calling thread (user + system), from `/proc/thread-self/stat` in clock
/// ticks of 10 ms (`getconf CLK_TCK` is 100 on Linux); `None` where it cannot be read.
pub fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// The one-minute load average, as `/proc/loadavg` gives it.
pub fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".into())
}
