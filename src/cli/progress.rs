//! Parallel work with results in input order, and a progress line on a terminal.
//!
//! The work runs on rayon's pool; the calling thread receives the results as they come
//! and hands them to `done` strictly in input order (the output of `ilc check` and
//! `ilc fuzz` must not depend on scheduling). On a terminal a progress line on standard
//! error is redrawn under the printed lines; otherwise nothing but the lines is printed.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::sync::mpsc;

use rayon::prelude::*;

/// Runs `work` on every item in parallel and calls `done` on the results in input order.
pub fn in_order<T: Sync, R: Send>(
    items: &[T],
    work: impl Fn(&T) -> R + Sync,
    mut done: impl FnMut(&T, R),
) {
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        let work = &work;
        scope.spawn(move || {
            items
                .par_iter()
                .enumerate()
                .for_each_with(tx, |tx, (i, item)| {
                    let _ = tx.send((i, work(item)));
                });
        });
        let mut pending = BTreeMap::new();
        let mut next = 0;
        for (i, r) in rx {
            pending.insert(i, r);
            while let Some(r) = pending.remove(&next) {
                done(&items[next], r);
                next += 1;
            }
        }
    });
}

/// A progress line (`[done/total] status`) on standard error when standard output is a
/// terminal.
#[derive(Debug)]
pub struct Progress {
    on: bool,
    total: usize,
    done: usize,
    started: std::time::Instant,
}

impl Progress {
    pub fn new(total: usize) -> Progress {
        Progress {
            on: std::io::stdout().is_terminal() && std::io::stderr().is_terminal(),
            total,
            done: 0,
            started: std::time::Instant::now(),
        }
    }

    fn clear(&self) {
        if self.on {
            eprint!("\r\x1b[2K");
        }
    }

    /// Prints a result line above the progress line.
    pub fn print(&mut self, line: &str) {
        self.clear();
        println!("{line}");
        let _ = std::io::stdout().flush();
    }

    /// One more item done; redraws the progress line with `status`.
    pub fn tick(&mut self, status: &str) {
        self.done += 1;
        if self.on {
            let secs = self.started.elapsed().as_secs_f64().max(1e-9);
            eprint!(
                "\r\x1b[2K[{}/{}] {status} ({:.1}/s)",
                self.done,
                self.total,
                self.done as f64 / secs
            );
            let _ = std::io::stderr().flush();
        }
    }

    /// Removes the progress line.
    pub fn finish(&mut self) {
        self.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Later items finishing first (they sleep less) still come out in input order.
    #[test]
    fn results_come_in_input_order() {
        let items: Vec<u64> = (0..40).collect();
        let mut seen = Vec::new();
        in_order(
            &items,
            |&i| {
                std::thread::sleep(std::time::Duration::from_millis((40 - i) % 7));
                i * 10
            },
            |&i, r| seen.push((i, r)),
        );
        let expected: Vec<(u64, u64)> = items.iter().map(|&i| (i, i * 10)).collect();
        assert_eq!(seen, expected);
    }
}
