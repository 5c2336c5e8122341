//! The error envelope of a program: the range of values each output dword takes when every
//! tolerated instruction (one the accuracy table allows an error) is computed anywhere
//! within its bound. A target's output inside the envelope is "within the error the IL
//! allows", however the error grew through later exact operations.
//!
//! The envelope is made of the ideal reference run and `runs` perturbed ones
//! (`runtime_sim::interp::tolerated`): half of them with every tolerated result at a
//! random value within its bound, half at one of the bound's two ends (the first two of
//! those with every result at the low end, then every result at the high end, so that an
//! output that grows monotonically with the tolerated values reaches both of its bounds).
//! Being made of samples, the envelope is a lower bound of the true one: an output outside
//! it is suspect, not proven wrong.

use std::collections::BTreeMap;

use runtime_sim::interp::kernel::Kernel;
use runtime_sim::interp::tolerated::Tolerated;
use runtime_sim::runtime::{dwords, flatten};
use runtime_sim::{Bindings, Dispatch, Interpreter, RunError};

/// An output of a dispatch, flattened into dwords as `check` compares them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Output {
    /// UAV `id`: its bytes as little-endian dwords.
    Uav(u32),
    /// Render target `o#`: its 16-byte elements flattened.
    RenderTarget(u32),
    /// The global buffer `g[]`, flattened.
    Global,
}

impl std::fmt::Display for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Output::Uav(id) => write!(f, "uav{id}"),
            Output::RenderTarget(n) => write!(f, "o{n}"),
            Output::Global => f.write_str("g[]"),
        }
    }
}

/// The dwords of every output of a run.
fn outputs(b: &Bindings) -> BTreeMap<Output, Vec<u32>> {
    let mut m = BTreeMap::new();
    for (id, bytes) in &b.uavs {
        m.insert(Output::Uav(*id), dwords(bytes));
    }
    for (n, elements) in &b.render_targets {
        m.insert(Output::RenderTarget(*n), flatten(elements));
    }
    if let Some(g) = &b.global {
        m.insert(Output::Global, flatten(g));
    }
    m
}

fn is_nan32(x: u32) -> bool {
    x & 0x7FFF_FFFF > 0x7F80_0000
}

/// Maps a float pattern onto the integers in value order (±0 both 0), as the accuracy
/// table counts units in the last place.
fn ord32(x: u32) -> i64 {
    let m = i64::from(x & 0x7FFF_FFFF);
    if x & 0x8000_0000 != 0 {
        -m
    } else {
        m
    }
}

/// What the runs gave for one output.
#[derive(Clone, Debug)]
struct Dwords {
    ideal: Vec<u32>,
    /// Whether every run gave the ideal run's bits.
    exact: Vec<bool>,
    /// Whether some run gave a NaN.
    nan: Vec<bool>,
    /// The lowest and highest non-NaN value seen as a float (`None` if all were NaN).
    lo: Vec<Option<f32>>,
    hi: Vec<Option<f32>>,
    /// The same for each aligned dword pair read as a double (index: dword / 2).
    dlo: Vec<Option<f64>>,
    dhi: Vec<Option<f64>>,
    dnan: Vec<bool>,
}

impl Dwords {
    fn new(ideal: Vec<u32>) -> Dwords {
        let n = ideal.len();
        let mut d = Dwords {
            exact: vec![true; n],
            nan: vec![false; n],
            lo: vec![None; n],
            hi: vec![None; n],
            dlo: vec![None; n / 2],
            dhi: vec![None; n / 2],
            dnan: vec![false; n / 2],
            ideal: Vec::new(),
        };
        d.add(&ideal);
        d.ideal = ideal;
        d
    }

    fn add(&mut self, run: &[u32]) {
        for (i, &x) in run.iter().enumerate().take(self.exact.len()) {
            if !self.ideal.is_empty() && self.ideal[i] != x {
                self.exact[i] = false;
            }
            if is_nan32(x) {
                self.nan[i] = true;
            } else {
                let v = f32::from_bits(x);
                self.lo[i] = Some(self.lo[i].map_or(v, |l| l.min(v)));
                self.hi[i] = Some(self.hi[i].map_or(v, |h| h.max(v)));
            }
        }
        for p in 0..self.dlo.len().min(run.len() / 2) {
            let v = f64::from_bits(u64::from(run[2 * p]) | u64::from(run[2 * p + 1]) << 32);
            if v.is_nan() {
                self.dnan[p] = true;
            } else {
                self.dlo[p] = Some(self.dlo[p].map_or(v, |l| l.min(v)));
                self.dhi[p] = Some(self.dhi[p].map_or(v, |h| h.max(v)));
            }
        }
    }
}

/// The per-dword range of a program's outputs over the ideal run and the perturbed ones.
#[derive(Clone, Debug)]
pub struct Envelope {
    outputs: BTreeMap<Output, Dwords>,
    /// Reference runs it is made of (the ideal one included).
    pub runs: usize,
}

impl Envelope {
    /// The outputs, in order.
    pub fn outputs(&self) -> impl Iterator<Item = Output> + '_ {
        self.outputs.keys().copied()
    }

    /// The ideal run's dwords of `output`.
    pub fn ideal(&self, output: Output) -> Option<&[u32]> {
        self.outputs.get(&output).map(|d| &d.ideal[..])
    }

    /// Whether every run gave the same bits for this dword (no tolerated value reaches it,
    /// or none changed it): a target must then give those bits.
    pub fn is_exact(&self, output: Output, dword: usize) -> bool {
        self.outputs
            .get(&output)
            .and_then(|d| d.exact.get(dword).copied())
            .unwrap_or(false)
    }

    /// The lowest and highest value this dword took as a float (NaNs aside).
    pub fn range(&self, output: Output, dword: usize) -> Option<(f32, f32)> {
        let d = self.outputs.get(&output)?;
        Some((d.lo.get(dword).copied()??, d.hi.get(dword).copied()??))
    }

    /// Whether `got` is inside the envelope of this dword: the ideal bits, or a value
    /// between the lowest and the highest the runs gave (±0 alike), or a NaN where a run
    /// gave a NaN.
    pub fn contains(&self, output: Output, dword: usize, got: u32) -> bool {
        let Some(d) = self.outputs.get(&output) else {
            return false;
        };
        let Some(&ideal) = d.ideal.get(dword) else {
            return false;
        };
        if got == ideal {
            return true;
        }
        if d.exact[dword] {
            return false;
        }
        if is_nan32(got) {
            return d.nan[dword];
        }
        let v = f32::from_bits(got);
        matches!((d.lo[dword], d.hi[dword]), (Some(lo), Some(hi)) if lo <= v && v <= hi)
    }

    /// [`Self::contains`] for the double in the aligned dword pair holding `dword`.
    pub fn contains_u64(&self, output: Output, dword: usize, got: u64) -> bool {
        let Some(d) = self.outputs.get(&output) else {
            return false;
        };
        let p = dword / 2;
        if p >= d.dlo.len() {
            return false;
        }
        let ideal = u64::from(d.ideal[2 * p]) | u64::from(d.ideal[2 * p + 1]) << 32;
        if got == ideal {
            return true;
        }
        if d.exact[2 * p] && d.exact[2 * p + 1] {
            return false;
        }
        let v = f64::from_bits(got);
        if v.is_nan() {
            return d.dnan[p];
        }
        matches!((d.dlo[p], d.dhi[p]), (Some(lo), Some(hi)) if lo <= v && v <= hi)
    }

    /// How far the envelope reaches from the ideal value, in single-precision units in the
    /// last place (the larger side): 0 for an exact dword.
    pub fn ulps(&self, output: Output, dword: usize) -> u64 {
        let Some(d) = self.outputs.get(&output) else {
            return 0;
        };
        let (Some(&ideal), Some(lo), Some(hi)) = (
            d.ideal.get(dword),
            d.lo.get(dword).copied().flatten(),
            d.hi.get(dword).copied().flatten(),
        ) else {
            return 0;
        };
        if is_nan32(ideal) {
            return (ord32(hi.to_bits()) - ord32(lo.to_bits())).unsigned_abs();
        }
        let o = ord32(ideal);
        let below = o - ord32(lo.to_bits());
        let above = ord32(hi.to_bits()) - o;
        below.max(above).max(0).unsigned_abs()
    }

    /// The verdict's words for a dword whose value `got` differs from the ideal one.
    pub fn describe(&self, output: Output, dword: usize, got: u32) -> String {
        let k = self.ulps(output, dword);
        if self.contains(output, dword, got) {
            format!("within the error the IL allows (envelope ±{k} ulp)")
        } else {
            match self.range(output, dword) {
                Some((lo, hi)) => {
                    format!("outside the error the IL allows (envelope [{lo:e}, {hi:e}], ±{k} ulp)")
                }
                None => "outside the error the IL allows (the envelope holds only NaN)".into(),
            }
        }
    }
}

/// Mixes a run number into a seed (SplitMix64's finalizer).
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The envelope of `kernel` run on `bindings` (left as they are: each run works on a copy):
/// the ideal run and `runs` perturbed runs (half random, half at the bounds' ends),
/// reproducible from `seed`.
pub fn envelope(
    kernel: &Kernel,
    bindings: &Bindings,
    dispatch: Dispatch,
    runs: usize,
    seed: u64,
    step_limit: u64,
) -> Result<Envelope, RunError> {
    let device = Interpreter { step_limit };
    let run = |mode: Tolerated| -> Result<BTreeMap<Output, Vec<u32>>, RunError> {
        let mut b = bindings.clone();
        device.run_kernel_tolerated(kernel, &mut b, dispatch, mode)?;
        Ok(outputs(&b))
    };
    let mut env: BTreeMap<Output, Dwords> = run(Tolerated::Ideal)?
        .into_iter()
        .map(|(o, d)| (o, Dwords::new(d)))
        .collect();
    let extreme = runs / 2;
    for i in 0..runs {
        let mode = match i {
            0 if extreme > 0 => Tolerated::Edge { high: false },
            1 if extreme > 1 => Tolerated::Edge { high: true },
            _ => Tolerated::Perturbed {
                seed: mix(seed ^ mix(i as u64)),
                extreme: i < extreme,
            },
        };
        for (o, d) in run(mode)? {
            if let Some(e) = env.get_mut(&o) {
                e.add(&d);
            }
        }
    }
    Ok(Envelope {
        outputs: env,
        runs: runs + 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{RunOptions, Target};
    use runtime_sim::interp::kernel;

    const ITEMS: u32 = 256;

    fn program(text: &str) -> crate::Program {
        crate::parse(text.as_bytes(), "envelope.il")
            .expect("parses")
            .program
    }

    fn bytes(d: impl IntoIterator<Item = u32>) -> Vec<u8> {
        d.into_iter().flat_map(u32::to_le_bytes).collect()
    }

    fn dispatch() -> Dispatch {
        Dispatch::Grid {
            global: [ITEMS, 1, 1],
            group: None,
            dims: 1,
        }
    }

    /// Floats with varied magnitudes and both signs, none zero.
    fn inputs(seed: u64) -> Vec<u32> {
        (0..ITEMS * 4)
            .map(|i| {
                let r = mix(seed ^ u64::from(i));
                let m = 1.0 + (r >> 40) as f32 / (1u64 << 24) as f32;
                let e = ((r >> 8) % 40) as i32 - 20;
                let v = m * 2f32.powi(e);
                if r & 1 == 0 {
                    v.to_bits()
                } else {
                    (-v).to_bits()
                }
            })
            .collect()
    }

    const CANCEL: &str = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(0)
dcl_raw_uav_id(1)
dcl_raw_uav_id(2)
dcl_literal l0, 16, 0, 0, 0
imul r0.x, vAbsTidFlat.x, l0.x
uav_raw_load_id(0) r1, r0.x
uav_raw_load_id(1) r2, r0.x
div r3, r1, r2
mul r3, r3, r2
sub r3, r3, r1
uav_raw_store_id(2) mem.xyzw, r0.x, r3
end
";

    #[test]
    fn the_envelope_of_a_cancelling_division_holds_both_targets() {
        let p = program(CANCEL);
        let k = kernel::lower(&p).expect("lowers");
        let mut b = Bindings::default();
        b.uavs.insert(0, bytes(inputs(1)));
        b.uavs.insert(1, bytes(inputs(2)));
        b.uavs.insert(2, vec![0; ITEMS as usize * 16]);
        let env = envelope(&k, &b, dispatch(), 8, 7, 1 << 20).expect("runs");
        let ideal = env.ideal(Output::Uav(2)).expect("uav2").to_vec();
        let mut widest = 0;
        for target in [Target::Cayman, Target::Gfx906] {
            let mut got = b.clone();
            crate::run(&p, target, &mut got, dispatch(), &RunOptions::default())
                .expect("the target runs");
            let got = dwords(&got.uavs[&2]);
            let differ = (0..got.len()).filter(|&i| got[i] != ideal[i]).count();
            assert!(
                differ > 0,
                "{target}: the target gives the ideal bits everywhere"
            );
            for (i, &g) in got.iter().enumerate() {
                assert!(
                    env.contains(Output::Uav(2), i, g),
                    "{target} dword {i}: {g:#010x} {}",
                    env.describe(Output::Uav(2), i, g)
                );
                widest = widest.max(env.ulps(Output::Uav(2), i));
            }
        }
        assert!(widest > 3, "the cancellation widens the division's 3 ulp");
        // The inputs are outputs too, untouched: exact.
        assert!((0..ITEMS as usize * 4).all(|i| env.is_exact(Output::Uav(0), i)));
    }

    #[test]
    fn an_integer_output_beside_a_sin_has_a_zero_width_envelope() {
        let text = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(0)
dcl_raw_uav_id(1)
dcl_raw_uav_id(2)
dcl_literal l0, 16, 0, 0, 0
imul r0.x, vAbsTidFlat.x, l0.x
uav_raw_load_id(0) r1, r0.x
sin r2, r1
iadd r3, r1, r1
uav_raw_store_id(1) mem.xyzw, r0.x, r2
uav_raw_store_id(2) mem.xyzw, r0.x, r3
end
";
        let p = program(text);
        let k = kernel::lower(&p).expect("lowers");
        let mut b = Bindings::default();
        let x: Vec<u32> = (0..ITEMS * 4)
            .map(|i| (i as f32 * 0.01 - 3.0).to_bits())
            .collect();
        b.uavs.insert(0, bytes(x));
        b.uavs.insert(1, vec![0; ITEMS as usize * 16]);
        b.uavs.insert(2, vec![0; ITEMS as usize * 16]);
        let env = envelope(&k, &b, dispatch(), 6, 3, 1 << 20).expect("runs");
        let ints = env.ideal(Output::Uav(2)).expect("uav2").to_vec();
        for (i, &v) in ints.iter().enumerate() {
            assert!(env.is_exact(Output::Uav(2), i));
            assert_eq!(env.ulps(Output::Uav(2), i), 0);
            assert!(env.contains(Output::Uav(2), i, v));
            assert!(!env.contains(Output::Uav(2), i, v ^ 1), "dword {i}");
        }
        // The sine's envelope is about 0.002 wide around each value.
        let (lo, hi) = env.range(Output::Uav(1), 5).expect("a range");
        assert!(hi - lo > 0.002 && hi - lo <= 0.0041, "{lo} {hi}");
        let s = env.ideal(Output::Uav(1)).expect("uav1")[5];
        assert!(env.describe(Output::Uav(1), 5, s + 1).starts_with("within"));
        assert!(!env.contains(Output::Uav(1), 5, (f32::from_bits(s) + 0.01).to_bits()));
    }
}
