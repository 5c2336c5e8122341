//! How a reference run computes the tolerated instructions (those whose accuracy table
//! entry allows an error): with their ideal meaning (the default), with the formula a target
//! uses ([`super::formulas`]), or perturbed within the table's bound (for the error
//! envelope). Applied in one place, right after `alu::compute` in the executor, to the
//! active lanes of the result.

use il_frontend::enums::ZeroOp;
use il_semantics::accuracy::{self, Choice, Tolerance};
use il_semantics::double;

use super::formulas::{self, Fields};
pub use super::formulas::{formula_covered, FormulaTarget};
use super::kernel::Inst;
use super::wave::{active_lanes, Lanes4, Operand, Wave};

/// The meaning of tolerated instructions in a reference run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tolerated {
    /// The ideal result (`il-semantics`).
    #[default]
    Ideal,
    /// The target's formula where there is one ([`formula_covered`]), else the ideal.
    Target(FormulaTarget),
    /// The ideal result moved within the instruction's tolerance: to a random value
    /// (reproducible from `seed`, the instruction, the lane and how many tolerated
    /// instructions the run has executed) or, with `extreme`, to one of the two ends.
    Perturbed { seed: u64, extreme: bool },
    /// Every tolerated result at the same end of its tolerance: the lowest value that still
    /// agrees, or the highest (the envelope's first two extreme runs: a result that grows
    /// monotonically with one tolerated value reaches its bounds there).
    Edge { high: bool },
}

impl Tolerated {
    /// Whether the value of a tolerated instruction may differ from the ideal one.
    #[inline]
    pub fn is_ideal(self) -> bool {
        self == Tolerated::Ideal
    }
}

/// A run's mode and the count of tolerated instructions it has executed (the dynamic part
/// of a perturbation's seed).
#[derive(Clone, Copy, Debug, Default)]
pub struct State {
    pub mode: Tolerated,
    pub executions: u64,
}

impl State {
    pub fn new(mode: Tolerated) -> State {
        State {
            mode,
            executions: 0,
        }
    }
}

/// Whether an accuracy table entry allows an error.
pub fn is_tolerated(tol: Tolerance) -> bool {
    matches!(
        tol,
        Tolerance::Ulp(_)
            | Tolerance::Abs(_)
            | Tolerance::AbsOrUlp { .. }
            | Tolerance::DoubleUlp(_)
    )
}

/// SplitMix64's finalizer: a well-mixed 64-bit hash step.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Replaces the active lanes of `out` (per component, the lanes `written` names) for
/// `state.mode`, when `inst` is tolerated. `srcs` are the evaluated sources of the
/// instruction, `wave` the wavefront executing it.
pub fn apply(
    state: &mut State,
    inst: &Inst,
    srcs: &[Operand],
    out: &mut Lanes4,
    written: [u64; 4],
    wave: &Wave,
) {
    let tol = accuracy::tolerance(inst.opcode);
    if !is_tolerated(tol) {
        return;
    }
    state.executions += 1;
    let exec = wave.exec;
    match state.mode {
        Tolerated::Ideal => {}
        Tolerated::Target(target) => {
            if !formula_covered(target, inst.opcode) {
                return;
            }
            let fields = Fields {
                zeroop: inst
                    .field("zeroop")
                    .and_then(ZeroOp::from_u32)
                    .unwrap_or(ZeroOp::FltMax),
                ieee: inst.field("ieee").unwrap_or(0) != 0,
                nrm4: inst.field("nrm").unwrap_or(0) != 0,
                normalize: inst.field("normalize").unwrap_or(0) != 0,
                matrix: inst.field("matrix").unwrap_or(0),
            };
            for l in active_lanes(exec) {
                let comps = |i: usize| {
                    srcs.get(i)
                        .map_or([0; 4], |s| [s[0][l], s[1][l], s[2][l], s[3][l]])
                };
                let s = [comps(0), comps(1), comps(2), comps(3), comps(4)];
                if let Some(r) = formulas::lane(target, inst.opcode, fields, &s) {
                    for c in 0..4 {
                        if written[c] >> l & 1 != 0 {
                            out[c][l] = r[c];
                        }
                    }
                }
            }
        }
        Tolerated::Perturbed { .. } | Tolerated::Edge { .. } => {
            let (seed, extreme, edge) = match state.mode {
                Tolerated::Perturbed { seed, extreme } => (seed, extreme, None),
                Tolerated::Edge { high } => (0, true, Some(high)),
                _ => (0, false, None),
            };
            let base = mix(seed ^ mix(u64::from(wave.pc) ^ mix(state.executions)));
            for l in active_lanes(exec) {
                let lane_seed = mix(base ^ l as u64);
                let choice = |k: u64| {
                    let r = mix(lane_seed ^ k);
                    if let Some(high) = edge {
                        return if high { Choice::High } else { Choice::Low };
                    }
                    match (extreme, r & 1) {
                        (false, _) => Choice::Random(r),
                        (true, 0) => Choice::Low,
                        (true, _) => Choice::High,
                    }
                };
                if tol.is_double() {
                    // A double result sits in both pairs (`alu::pairs`).
                    let v = double::pack(out[0][l], out[1][l]);
                    let (lo, hi) = double::unpack(accuracy::perturb_u64(tol, v, choice(0)));
                    for (c, x) in [lo, hi, lo, hi].into_iter().enumerate() {
                        if written[c] >> l & 1 != 0 {
                            out[c][l] = x;
                        }
                    }
                    continue;
                }
                // A scalar replicated to the four components (`sin`, `dp4`, ...) is one
                // value on a target: perturbed once.
                let v = [out[0][l], out[1][l], out[2][l], out[3][l]];
                let replicated = v.iter().all(|&x| x == v[0]);
                for c in 0..4 {
                    if written[c] >> l & 1 != 0 {
                        let k = if replicated { 0 } else { c as u64 };
                        out[c][l] = accuracy::perturb(tol, v[c], choice(k));
                    }
                }
            }
        }
    }
}
