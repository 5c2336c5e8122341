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

/// The `_divComp` source modifier of one lane's component: a division, which the accuracy
/// table bounds as `div` (Cayman computes it as x·(1/d)). Ideal in the ideal mode, the
/// target's formula ([`formulas::divcomp`]), or perturbed within `div`'s bound; `pc` and
/// `lane` seed the perturbation as [`apply`]'s.
pub fn divcomp(state: &mut State, pc: u32, lane: usize, comp: usize, x: u32, d: u32) -> u32 {
    let ideal = il_semantics::modifiers::divcomp(x, d);
    let tol = accuracy::tolerance(il_frontend::Opcode::Div);
    match state.mode {
        Tolerated::Ideal => ideal,
        Tolerated::Target(target) => formulas::divcomp(target, x, d),
        Tolerated::Edge { high } => accuracy::perturb(tol, ideal, choice(Some(high), true, 0)),
        Tolerated::Perturbed { seed, extreme } => {
            state.executions += 1;
            let r =
                mix(seed
                    ^ mix(u64::from(pc) ^ mix(state.executions ^ mix((lane * 4 + comp) as u64))));
            accuracy::perturb(tol, ideal, choice(None, extreme, r))
        }
    }
}

/// Where in its bound a perturbed result goes: every result at one end (`edge`), one of the
/// two ends at random (`extreme`), or anywhere between, chosen by the random bits `r`.
fn choice(edge: Option<bool>, extreme: bool, r: u64) -> Choice {
    match (edge, extreme, r & 1) {
        (Some(true), ..) => Choice::High,
        (Some(false), ..) => Choice::Low,
        (None, false, _) => Choice::Random(r),
        (None, true, 0) => Choice::Low,
        (None, true, _) => Choice::High,
    }
}

/// Replaces the active lanes of `out` (per component, the lanes `written` names) for
/// `state.mode`, when `inst` is tolerated. `srcs` are the evaluated sources of the
/// instruction, `wave` the wavefront executing it. Kept out of line, so that the ideal
/// mode's executor stays as it was.
#[cold]
#[inline(never)]
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
                let choice = |k: u64| choice(edge, extreme, mix(lane_seed ^ k));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interp::{kernel, Interpreter};
    use crate::runtime::{dwords, Bindings, Dispatch};

    const SRC: &str = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(0)
dcl_raw_uav_id(1)
dcl_literal l0, 16, 0, 0, 0
imul r0.x, vAbsTidFlat.x, l0.x
uav_raw_load_id(0) r1, r0.x
div r2, r1, r1.yxwz
sin r3, r1
mov r2.w, r3.x
iadd r4, r1, r1
mov r2.z, r4.x
uav_raw_store_id(1) mem.xyzw, r0.x, r2
end
";

    fn run(mode: Tolerated) -> (Vec<u32>, Vec<u32>) {
        let (program, diags, _) = il_frontend::read(SRC.as_bytes());
        let program = program.unwrap_or_else(|| panic!("{diags:?}"));
        let k = kernel::lower(&program).expect("lowers");
        let input: Vec<u32> = (0..512u32)
            .map(|i| (i as f32 * 0.37 - 90.0).to_bits())
            .collect();
        let mut b = Bindings::default();
        b.uavs
            .insert(0, input.iter().flat_map(|x| x.to_le_bytes()).collect());
        b.uavs.insert(1, vec![0; 512 * 4]);
        let dispatch = Dispatch::Grid {
            global: [128, 1, 1],
            group: None,
            dims: 1,
        };
        Interpreter::default()
            .run_kernel_tolerated(&k, &mut b, dispatch, mode)
            .expect("runs");
        (input, dwords(&b.uavs[&1]))
    }

    #[test]
    fn perturbed_runs_are_reproducible_and_within_the_table() {
        let (input, ideal) = run(Tolerated::Ideal);
        let div = accuracy::tolerance(il_frontend::Opcode::Div);
        let sin = accuracy::tolerance(il_frontend::Opcode::Sin);
        for mode in [
            Tolerated::Perturbed {
                seed: 1,
                extreme: false,
            },
            Tolerated::Perturbed {
                seed: 2,
                extreme: true,
            },
            Tolerated::Edge { high: false },
            Tolerated::Edge { high: true },
        ] {
            let (_, a) = run(mode);
            let (_, b) = run(mode);
            assert_eq!(a, b, "{mode:?} is reproducible");
            assert_ne!(a, ideal, "{mode:?} changes something");
            for item in 0..128 {
                let d = |c: usize| (ideal[4 * item + c], a[4 * item + c]);
                for c in [0, 1] {
                    let (i, g) = d(c);
                    assert!(accuracy::agrees(div, i, g), "{mode:?} div {item}.{c}");
                }
                let (i, g) = d(3);
                assert!(accuracy::agrees(sin, i, g), "{mode:?} sin {item}");
                // The integer is exact.
                let (i, g) = d(2);
                assert_eq!(i, g, "{mode:?} iadd {item}");
                assert_eq!(g, input[4 * item].wrapping_mul(2));
            }
            if let Tolerated::Edge { high } = mode {
                // Every division at the same end, 3 ulp away (where nothing saturates).
                for item in 0..128 {
                    let (i, g) = (ideal[4 * item], a[4 * item]);
                    let ord = |x: u32| {
                        let m = i64::from(x & 0x7FFF_FFFF);
                        if x >> 31 != 0 {
                            -m
                        } else {
                            m
                        }
                    };
                    assert_eq!(ord(g) - ord(i), if high { 3 } else { -3 }, "{item}");
                }
            }
        }
        let (_, other) = run(Tolerated::Perturbed {
            seed: 3,
            extreme: false,
        });
        let (_, first) = run(Tolerated::Perturbed {
            seed: 1,
            extreme: false,
        });
        assert_ne!(other, first, "seeds differ");
    }

    #[test]
    fn the_ideal_mode_is_the_ideal_run() {
        let (_, a) = run(Tolerated::Ideal);
        let (program, _, _) = il_frontend::read(SRC.as_bytes());
        let k = kernel::lower(&program.expect("parses")).expect("lowers");
        let (input, _) = run(Tolerated::Ideal);
        let mut b = Bindings::default();
        b.uavs
            .insert(0, input.iter().flat_map(|x| x.to_le_bytes()).collect());
        b.uavs.insert(1, vec![0; 512 * 4]);
        let dispatch = Dispatch::Grid {
            global: [128, 1, 1],
            group: None,
            dims: 1,
        };
        Interpreter::default()
            .run_kernel(&k, &mut b, dispatch)
            .expect("runs");
        assert_eq!(dwords(&b.uavs[&1]), a);
    }
}
