//! Differential fuzzing with generated programs (`ilc fuzz`): each program of `il_gen`
//! runs on the reference and on each target through the machinery of `ilc check`
//! ([`crate::check::check_detailed`]), and a program a target gets wrong is shrunk while
//! the same kind of failure persists.

use crate::check::{check_detailed, TargetRun, Verdict};
use crate::Target;

/// What went wrong on a target, for the shrinker's "same failure" test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BugKind {
    /// Ran and computed a different result.
    Mismatch,
    /// The device model refused the program, or another run failure.
    Fault,
}

impl BugKind {
    pub fn of(v: &Verdict) -> Option<BugKind> {
        match v {
            Verdict::Mismatch(_) => Some(BugKind::Mismatch),
            // Generated programs terminate on the reference: a target that runs to the step
            // limit compiled a loop wrong.
            Verdict::Fault(_) | Verdict::Stopped(_) => Some(BugKind::Fault),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BugKind::Mismatch => "mismatch",
            BugKind::Fault => "device refusal",
        }
    }
}

/// Parses generated text and checks it on `targets` with the program's seed as the input
/// seed. `Err` means the reference did not accept or run the program: a generator bug.
pub fn check_text(
    text: &str,
    seed: u64,
    targets: &[Target],
    step_limit: u64,
) -> Result<Vec<TargetRun>, String> {
    let parsed = crate::parse(text.as_bytes(), "generated.il").map_err(|e| e.rendered)?;
    let program = &parsed.program;
    let d = check_detailed(program, targets, seed, step_limit);
    d.reference.map_err(|v| {
        v.message()
            .unwrap_or("the reference run failed")
            .to_string()
    })?;
    Ok(d.targets)
}

/// Runs one generated program on `targets`.
pub fn check_generated(
    p: &il_gen::Program,
    targets: &[Target],
    step_limit: u64,
) -> Result<Vec<TargetRun>, String> {
    check_text(&il_gen::to_il(p), p.seed, targets, step_limit)
}

/// Whether `p` still fails on `target` with `kind` (the reference accepting it).
pub fn still_fails(p: &il_gen::Program, target: Target, kind: BugKind, step_limit: u64) -> bool {
    match check_generated(p, &[target], step_limit) {
        Ok(runs) => runs
            .first()
            .is_some_and(|r| BugKind::of(&r.verdict) == Some(kind)),
        Err(_) => false,
    }
}

/// Shrinks a program that fails on `target` with `kind`, with at most `max_tries` checks.
pub fn reduce(
    p: &il_gen::Program,
    target: Target,
    kind: BugKind,
    step_limit: u64,
    max_tries: usize,
) -> il_gen::Program {
    il_gen::shrink(p, max_tries, &mut |q| {
        still_fails(q, target, kind, step_limit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every generated program, with every feature, parses and runs on the reference
    /// (property over seeds), and so does its token-stream form.
    #[test]
    fn generated_programs_run_on_the_reference() {
        let features = il_gen::Features::all();
        for seed in 0..300 {
            let p = il_gen::generate(seed, &features);
            let text = il_gen::to_il(&p);
            match check_generated(&p, &[Target::Il], 1_000_000) {
                Ok(runs) => assert_eq!(runs[0].verdict, Verdict::Pass, "seed {seed}:\n{text}"),
                Err(e) => panic!("seed {seed}: {e}\n{text}"),
            }
        }
    }

    /// Restricted feature sets give valid programs too.
    #[test]
    fn restricted_programs_run_on_the_reference() {
        for features in [
            "int",
            "float",
            "int,flow",
            "int,float,flow,uav",
            "int,call,lds",
            "int,double,dmath,flow",
            "int,bits,flow",
            "float,fmod,fedge",
            "float,fmath,flow",
            "int,i64,flow,call",
            "int,lds,atomic,flow",
            "int,float,typed,flow",
            "int,float,cb,flow",
        ] {
            let f: il_gen::Features = features.parse().unwrap();
            for seed in 0..40 {
                let p = il_gen::generate(seed, &f);
                if let Err(e) = check_generated(&p, &[], 1_000_000) {
                    panic!("{features} seed {seed}: {e}\n{}", il_gen::to_il(&p));
                }
            }
        }
    }
}
