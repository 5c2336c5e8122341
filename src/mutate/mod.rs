//! The mutation score of `ilc check` (`--mutants N`): how many single faults injected into
//! the compiled machine code the check catches.
//!
//! For a program and a machine target, after the normal check, N mutants of the compiled
//! code are made (one fault each, sites and operators drawn from a seeded [`Rng`], see
//! [`cayman`] and [`gfx906`] for the operators per ISA), each runs on the device model with
//! the check's inputs, and its outputs are compared with the unmutated code's outputs (did
//! any bit change?) and judged by the check ([`Judge::judge`]: would the check have failed
//! it?). A mutant is
//! - *invalid* when it does not encode, breaks the Cayman group legality rules, or the model
//!   refuses it (at load, or a `RunError::Unsupported` when it runs: an instruction the
//!   model does not implement; or Cayman's refusal of OMOD/CLAMP on an integer result, an
//!   illegal encoding whatever the data);
//! - *equivalent* when it ran and changed no output bit;
//! - *flagged* when it changed an output and the check failed it, or its run faulted, or it
//!   stopped at the step limit (4 times the unmutated run's instructions, at least 100,000,
//!   at most the check's limit): the check would report those runs;
//! - *survived* when it changed an output the check accepted.
//!
//! The score is flagged / (flagged + survived). Mutants are made only for programs whose
//! unmutated code passes the check on that target.

pub mod cayman;
pub mod gfx906;

use rayon::prelude::*;
use runtime_sim::{Bindings, RunError};

use crate::check::{Judge, Rng};
use crate::targets::Prepared;
use crate::Target;

/// A kind of single fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operator {
    /// A source register changed to another of the same file.
    Register,
    /// An opcode swapped for another of its class in the ISA's opcode table.
    Opcode,
    /// An instruction replaced by a no-op of the same size.
    Drop,
    /// A literal constant or a memory offset off by one (unit).
    Offset,
    /// A source or result modifier flipped (neg, abs, clamp, omod).
    Modifier,
}

impl Operator {
    pub const ALL: [Operator; 5] = [
        Operator::Register,
        Operator::Opcode,
        Operator::Drop,
        Operator::Offset,
        Operator::Modifier,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Operator::Register => "register",
            Operator::Opcode => "opcode",
            Operator::Drop => "drop",
            Operator::Offset => "offset",
            Operator::Modifier => "modifier",
        }
    }
}

/// One mutant of a compiled program: its machine code, or why it is invalid.
#[derive(Clone, Debug)]
pub struct Mutant {
    pub operator: Operator,
    /// Where and what was changed.
    pub description: String,
    pub code: Result<Vec<u8>, String>,
}

/// A mutant in an ISA's own representation, before it is encoded.
pub(crate) struct Draft<T> {
    operator: Operator,
    description: String,
    value: Result<T, String>,
}

impl<T> Draft<T> {
    pub(crate) fn map_code(self, f: impl FnOnce(T) -> Result<Vec<u8>, String>) -> Mutant {
        Mutant {
            operator: self.operator,
            description: self.description,
            code: self.value.and_then(f),
        }
    }
}

/// `n` invalid mutants of code that does not decode.
pub(crate) fn undecodable(n: usize, why: &str) -> Vec<Mutant> {
    (0..n)
        .map(|_| Mutant {
            operator: Operator::Drop,
            description: String::new(),
            code: Err(format!("the code does not decode: {why}")),
        })
        .collect()
}

/// Draws one mutation: a site uniformly, then the operators in random order until one
/// applies to it (another site if none does).
pub(crate) fn draw<S, T>(
    sites: &[S],
    rng: &mut Rng,
    mut apply: impl FnMut(&S, Operator, &mut Rng) -> Option<(T, String)>,
) -> Draft<T> {
    for _ in 0..64 {
        if sites.is_empty() {
            break;
        }
        let site = &sites[rng.below(sites.len() as u32) as usize];
        let mut ops = Operator::ALL;
        for i in (1..ops.len()).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            ops.swap(i, j);
        }
        for op in ops {
            if let Some((value, description)) = apply(site, op, rng) {
                return Draft {
                    operator: op,
                    description,
                    value: Ok(value),
                };
            }
        }
    }
    Draft {
        operator: Operator::Drop,
        description: String::new(),
        value: Err("no mutation applies to this code".into()),
    }
}

/// `n` mutants of a prepared program's machine code.
pub fn mutants(prepared: &Prepared, n: usize, rng: &mut Rng) -> Vec<Mutant> {
    match prepared {
        Prepared::Cayman(p) => {
            let c = p.compiled();
            cayman::mutants(&c.bytes, c.abi.gprs, n, rng)
        }
        Prepared::Gfx906(p) => {
            let c = p.compiled();
            gfx906::mutants(
                &c.code,
                u32::from(c.stats.vgprs),
                u32::from(c.stats.sgprs),
                n,
                rng,
            )
        }
    }
}

/// Why the check would report a mutant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flag {
    /// Its outputs failed the comparison with the reference.
    Mismatch(String),
    /// Its run failed (a fault or a device-model refusal while running).
    Fault(String),
    /// It stopped at the step limit.
    Stopped,
}

/// What became of one mutant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Did not encode, or the model refused it.
    Invalid(String),
    /// Ran and changed no output bit.
    Equivalent,
    /// Changed an output (or failed to run) and the check reports it.
    Flagged(Flag),
    /// Changed an output the check accepts: the first changed dword.
    Survived(String),
}

/// One mutant's run.
#[derive(Clone, Debug)]
pub struct MutantRun {
    pub index: usize,
    pub operator: Operator,
    pub description: String,
    pub fate: Fate,
}

/// The mutants of one program on one target, or why there are none (the unmutated code
/// does not pass the check, does not compile...).
#[derive(Debug)]
pub struct TargetMutants {
    pub target: Target,
    pub runs: Result<Vec<MutantRun>, String>,
}

/// Counts over mutants (of one program or many).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Programs mutated, and those skipped (their unmutated code did not pass).
    pub programs: usize,
    pub skipped: usize,
    pub mutants: usize,
    pub invalid: usize,
    pub equivalent: usize,
    /// Mutants that changed an output (or failed to run): C of the score.
    pub changed: usize,
    /// Of those, the ones the check reports: D of the score.
    pub flagged: usize,
    /// Of the flagged ones, those whose run faulted and those stopped at the step limit.
    pub faulted: usize,
    pub stopped: usize,
}

impl Score {
    pub fn add(&mut self, fate: &Fate) {
        self.mutants += 1;
        match fate {
            Fate::Invalid(_) => self.invalid += 1,
            Fate::Equivalent => self.equivalent += 1,
            Fate::Survived(_) => self.changed += 1,
            Fate::Flagged(f) => {
                self.changed += 1;
                self.flagged += 1;
                match f {
                    Flag::Fault(_) => self.faulted += 1,
                    Flag::Stopped => self.stopped += 1,
                    Flag::Mismatch(_) => {}
                }
            }
        }
    }

    pub fn add_target(&mut self, t: &TargetMutants) {
        match &t.runs {
            Ok(runs) => {
                self.programs += 1;
                for r in runs {
                    self.add(&r.fate);
                }
            }
            Err(_) => self.skipped += 1,
        }
    }

    pub fn merge(&mut self, o: &Score) {
        self.programs += o.programs;
        self.skipped += o.skipped;
        self.mutants += o.mutants;
        self.invalid += o.invalid;
        self.equivalent += o.equivalent;
        self.changed += o.changed;
        self.flagged += o.flagged;
        self.faulted += o.faulted;
        self.stopped += o.stopped;
    }

    /// `D/C (P%)`.
    pub fn figure(&self) -> String {
        let p = if self.changed == 0 {
            100.0
        } else {
            100.0 * self.flagged as f64 / self.changed as f64
        };
        format!("{}/{} ({p:.1}%)", self.flagged, self.changed)
    }
}

/// A fixed tag per target, so that the targets' mutants are drawn independently.
fn tag(target: Target) -> u64 {
    match target {
        Target::Il => 0,
        Target::Cayman => 0x6361_796d_616e,
        Target::Gfx906 => 0x6766_7839_3036,
    }
}

/// Makes and runs `n` mutants of `program` compiled for each machine target of `targets`
/// (the `il` target is skipped), with the check's inputs from `seed`; the mutation sites
/// are drawn from `seed` too.
pub fn mutate_program(
    program: &il_frontend::Program,
    targets: &[Target],
    n: usize,
    seed: u64,
    step_limit: u64,
) -> Vec<TargetMutants> {
    let judge = Judge::new(program, None, seed, step_limit).map_err(|v| {
        format!(
            "the reference run failed: {}",
            v.message().unwrap_or("failed")
        )
    });
    targets
        .iter()
        .filter(|&&t| t != Target::Il)
        .map(|&target| TargetMutants {
            target,
            runs: judge
                .as_ref()
                .map_err(Clone::clone)
                .and_then(|j| mutate_target(program, target, j, n, seed, step_limit)),
        })
        .collect()
}

/// A program compiled for a machine target and run unmutated with the check's inputs: what
/// its mutants are made from and compared with.
#[derive(Debug)]
pub struct Baseline {
    pub prepared: Prepared,
    /// The unmutated run's memory after the run.
    pub outputs: Bindings,
    /// The step limit of the mutants' runs (machine instructions per wavefront).
    pub step_limit: u64,
}

impl Baseline {
    /// Compiles `program` for `target` and runs it on `judge`'s inputs; `Err` when it does
    /// not compile, does not run, or fails the check (mutants of it would say nothing).
    pub fn new(
        program: &il_frontend::Program,
        target: Target,
        judge: &Judge,
        step_limit: u64,
    ) -> Result<Baseline, String> {
        let options = crate::RunOptions { step_limit };
        let prepared = Prepared::new(program, target, &options)
            .map_err(|e| format!("does not compile: {e}"))?;
        let mut outputs = judge.work.bindings.clone();
        let report = prepared
            .run(&mut outputs, judge.work.dispatch)
            .map_err(|e| format!("the unmutated run failed: {e}"))?;
        judge
            .judge(target, &outputs)
            .map_err(|e| format!("the unmutated code fails the check: {e}"))?;
        Ok(Baseline {
            prepared,
            outputs,
            step_limit: crate::machine_steps(&options)
                .min(report.wave_instructions.saturating_mul(4).max(100_000)),
        })
    }

    /// Runs one mutant of this program and judges it.
    pub fn run(&self, m: &Mutant, judge: &Judge) -> Fate {
        run_mutant(&self.prepared, m, judge, &self.outputs, self.step_limit)
    }
}

fn mutate_target(
    program: &il_frontend::Program,
    target: Target,
    judge: &Judge,
    n: usize,
    seed: u64,
    step_limit: u64,
) -> Result<Vec<MutantRun>, String> {
    let base = Baseline::new(program, target, judge, step_limit)?;
    let mut rng = Rng::new(seed ^ tag(target));
    let mutants = mutants(&base.prepared, n, &mut rng);
    Ok(mutants
        .into_par_iter()
        .enumerate()
        .map(|(index, m)| MutantRun {
            index,
            fate: base.run(&m, judge),
            operator: m.operator,
            description: m.description,
        })
        .collect())
}

/// Runs one mutant and judges it.
pub fn run_mutant(
    prepared: &Prepared,
    m: &Mutant,
    judge: &Judge,
    base: &Bindings,
    step_limit: u64,
) -> Fate {
    let code = match &m.code {
        Ok(c) => c.clone(),
        Err(e) => return Fate::Invalid(e.clone()),
    };
    let p = match prepared.with_code(code, step_limit) {
        Ok(p) => p,
        Err(e) => return Fate::Invalid(format!("refused at load: {e}")),
    };
    let mut got = judge.work.bindings.clone();
    match p.run(&mut got, judge.work.dispatch) {
        Err(RunError::Unsupported(why)) => Fate::Invalid(format!("unsupported: {why}")),
        Err(RunError::StepLimit { .. }) => Fate::Flagged(Flag::Stopped),
        // An encoding the Cayman model refuses whatever the data (cayman L1942-L1944): the
        // instruction is illegal, as an illegal group is.
        Err(RunError::Fault(m)) if m.contains("OMOD/CLAMP on") => {
            Fate::Invalid(format!("refused: {m}"))
        }
        Err(e) => Fate::Flagged(Flag::Fault(e.to_string())),
        Ok(_) => match first_difference(base, &got, &judge.reference) {
            None => Fate::Equivalent,
            Some(diff) => match judge.judge(prepared.target(), &got) {
                Err(m) => Fate::Flagged(Flag::Mismatch(m)),
                Ok(()) => Fate::Survived(diff),
            },
        },
    }
}

/// The first output dword that differs between the unmutated run `a` and the mutant's `b`,
/// described with the reference's value there and, over every changed dword, how many the
/// unmutated code had already computed differently from the reference (a tolerated error
/// reaches those: a survivor changing only dwords where it did not is a likely hole).
pub fn first_difference(a: &Bindings, b: &Bindings, reference: &Bindings) -> Option<String> {
    use runtime_sim::runtime::{dwords, flatten};
    let differ = |what: String, x: &[u32], y: &[u32], r: &[u32]| -> Option<String> {
        if x.len() != y.len() {
            return Some(format!("{what}: {} dwords, then {}", x.len(), y.len()));
        }
        let i = x.iter().zip(y).position(|(p, q)| p != q)?;
        let changed: Vec<usize> = (0..x.len()).filter(|&k| x[k] != y[k]).collect();
        let inexact = changed
            .iter()
            .filter(|&&k| r.get(k).is_some_and(|&v| v != x[k]))
            .count();
        let reference = r
            .get(i)
            .map_or_else(|| "none".to_string(), |v| format!("0x{v:08X}"));
        Some(format!(
            "{what} dword {i}: 0x{:08X} ({}) -> 0x{:08X} ({}), reference {reference}; {} dwords differ, {inexact} of them inexact before",
            x[i],
            f32::from_bits(x[i]),
            y[i],
            f32::from_bits(y[i]),
            changed.len()
        ))
    };
    let empty = Vec::new();
    for (id, x) in &a.uavs {
        let y = b.uavs.get(id).unwrap_or(&empty);
        if x != y {
            let r = dwords(reference.uavs.get(id).unwrap_or(&empty));
            return differ(format!("uav{id}"), &dwords(x), &dwords(y), &r);
        }
    }
    for (n, x) in &a.render_targets {
        let y = b
            .render_targets
            .get(n)
            .map(|v| flatten(v))
            .unwrap_or_default();
        let x = flatten(x);
        if x != y {
            let r = reference
                .render_targets
                .get(n)
                .map(|v| flatten(v))
                .unwrap_or_default();
            let what = if reference.render_targets.contains_key(n) {
                format!("o{n}")
            } else {
                format!("o{n} (not in the reference's outputs)")
            };
            return differ(what, &x, &y, &r);
        }
    }
    if a.global != b.global {
        let x = a.global.as_deref().map(flatten).unwrap_or_default();
        let y = b.global.as_deref().map(flatten).unwrap_or_default();
        let r = reference.global.as_deref().map(flatten).unwrap_or_default();
        return differ("g[]".into(), &x, &y, &r);
    }
    None
}
