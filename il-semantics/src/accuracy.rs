//! The accuracy table: how close a target's result must be to the reference interpreter's
//! for each IL instruction, and the comparison itself.
//!
//! The reference interpreter computes the ideal result (the functions of this crate); the
//! bounds here are the reference's where it gives one (sin/cos 0.002 absolute, the `_vec`
//! forms 0.0008, exp/log "at least 21 bits", `expp`/`logp` 10 bits) and ilc's otherwise, each
//! with its reason in `docs/decisions.md` ("Interpreter arithmetic", "The accuracy table").
//!
//! A [`Tolerance`] compares one result dword ([`agrees`]) or, for the `Double*` tolerances,
//! one packed double ([`agrees_u64`]). Every float tolerance but `Exact` treats +0 and -0 as
//! equal; every float tolerance treats any two NaNs as equal. `Bits` compares patterns.

use il_frontend::Opcode;

/// How a target's result may differ from the reference interpreter's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tolerance {
    /// The same bit pattern: integers, logic, masks, moves, memory, integer conversions.
    Bits,
    /// A single-precision result that must be the same value: any NaN equals any NaN, +0 and
    /// -0 differ.
    Exact,
    /// Single precision within this many units in the last place (±0 equal, NaNs equal,
    /// FLT_MAX is one unit from Inf).
    Ulp(u32),
    /// Single precision within this absolute difference (equal infinities agree; an infinity
    /// agrees with nothing else; NaNs equal).
    Abs(f32),
    /// Single precision within `abs` or within `ulp` units in the last place.
    AbsOrUlp { abs: f32, ulp: u32 },
    /// A half float in the low 16 bits, the high 16 bits equal: the same half, any half NaN
    /// equal to any other.
    Half,
    /// A double (compare with [`agrees_u64`]) that must be the same value; NaNs equal.
    DoubleExact,
    /// A double within this many units in the last place; ±0 equal, NaNs equal.
    DoubleUlp(u32),
    /// Not comparable: results that depend on graphics state, rasterization, hardware
    /// placement or an implementation-defined function (`noise`, derivatives, `cu_id`).
    Unchecked,
}

impl Tolerance {
    /// Whether results are doubles, to be compared with [`agrees_u64`].
    pub fn is_double(self) -> bool {
        matches!(self, Tolerance::DoubleExact | Tolerance::DoubleUlp(_))
    }
}

/// 2^-21: "accurate to at least 21 bits" (L6825, L6986) as an absolute error of a logarithm.
const LOG_ABS: f32 = 4.768_371_6e-7;
/// 2^-10: "accurate to at least 10 bits" (L6838, L7012).
const PARTIAL_ABS: f32 = 9.765_625e-4;

/// The tolerance of every opcode. Integer, logical, bit, memory, flow-control and declaration
/// opcodes are [`Tolerance::Bits`].
pub fn tolerance(op: Opcode) -> Tolerance {
    explicit(op).unwrap_or(Tolerance::Bits)
}

/// The opcodes whose results are floating point (or that otherwise need a decision); every
/// opcode whose operands are float or double appears here.
fn explicit(op: Opcode) -> Option<Tolerance> {
    use Opcode::*;
    use Tolerance as T;
    Some(match op {
        // Correctly rounded single-precision operations, exact by their definition.
        Abs | Add | Sub | Mul | Mad | Fma | Max | Min | Clamp | Cmp | Set | Sgn | Flr | Frc
        | Rnd | RoundNear | RoundNegInf | RoundPlusInf | RoundZero | Clg | Trc | Min3 | Med3
        | Max3 | Ldexp | FrexpMant | Dst | Itof | Utof | D2F | F162F | Unpack0 | Unpack1
        | Unpack2 | Unpack3 | DivScale | DivFmas | DivFixup => T::Exact,
        // Point-sampled texel data and the sample-count/-position queries.
        Sample | SampleB | SampleG | SampleL | SampleC | SampleCLz | SampleCL | SampleCG
        | SampleCB | Fetch4 | Fetch4C | Fetch4Po | Fetch4PoC | Texld | Texldb | Texldd
        | Texldms | Sampleinfo | Samplepos | Memimport => T::Exact,
        // Masks, moves and integer results of float instructions.
        Eq | Ge | Lt | Ne | Cmov | Mov | Mova | InvMov | Transpose | FrexpExp | Class | Ftoi
        | Ftou | FtoiRpi | FtoiFlr | Kill | Scatter | Ifc | Breakc | Continuec => T::Bits,
        // Division, reciprocals and roots.
        Div => T::Ulp(3),
        Rcp | RcpVec => T::Ulp(1),
        Rsq | RsqVec => T::Ulp(2),
        Sqrt | SqrtVec => T::Ulp(3),
        Mod => T::Ulp(2),
        // Exponentials and logarithms: 21 bits (L6825, L6986).
        Exp | ExpVec => T::Ulp(8),
        Log | LogVec | Ln => T::AbsOrUlp {
            abs: LOG_ABS,
            ulp: 8,
        },
        Exn => T::Ulp(128),
        Pow | Lit => T::Ulp(256),
        Expp | Logp => T::AbsOrUlp {
            abs: PARTIAL_ABS,
            ulp: 1 << 14,
        },
        // Trigonometry: L6435, L6475, L6570, L6748, L7410, L7423, L7508; `_vec` L6583, L7436.
        Sin | Cos | Tan | Sincos | Dxsincos | Acos | Asin | Atan => T::Abs(0.002),
        SinVec | CosVec | Pireduce => T::Abs(0.0008),
        // Multi-step vector instructions, evaluated in the pseudo-code's order.
        Dp2 | Dp3 | Dp4 | Dp2add | Crs | Det | Lrp | Reflect | Faceforward | Mmul | Dist | Len
        | Nrm => T::Ulp(4),
        // Graphics state, rasterization, implementation-defined functions.
        Colorclamp | Dsx | Dsy | Fwidth | Noise | Project | Texweight | Lod | Getlod
        | EvalSnapped | EvalSampleIndex | EvalCentroid | Precomp | CuId | WaveId
        | SampleReturnCode => T::Unchecked,
        // Half precision.
        F2F16 | F2F16Near | F2F16NegInf | F2F16PlusInf => T::Half,
        // Doubles: IEEE-correct results (L7573, L7602, L7775) and exact conversions.
        DAdd | DMul | DDiv | DMuladd | DMin | DMax | DFrac | DLdexp | DFrexpMant | F2D | Itod
        | Utod | DDivScale | DDivFmas | DDivFixup | DTrigPreop => T::DoubleExact,
        DSqrt | DRcp => T::DoubleUlp(1),
        DRsq => T::DoubleUlp(2),
        // Double compares, moves, integer results.
        Deq | Dne | Dge | Dlt | DMov | DMovc | DFrexp | DFrexpExp | Dtoi | Dtou | DClass => T::Bits,
        _ => return None,
    })
}

/// Maps a float pattern onto the integers in value order, +0 and -0 both to 0.
#[inline]
fn ord32(x: u32) -> i64 {
    let m = i64::from(x & 0x7FFF_FFFF);
    if x & 0x8000_0000 != 0 {
        -m
    } else {
        m
    }
}

#[inline]
fn ord64(x: u64) -> i128 {
    let m = i128::from(x & 0x7FFF_FFFF_FFFF_FFFF);
    if x & (1 << 63) != 0 {
        -m
    } else {
        m
    }
}

#[inline]
fn nan32(x: u32) -> bool {
    x & 0x7FFF_FFFF > 0x7F80_0000
}

#[inline]
fn nan64(x: u64) -> bool {
    x & 0x7FFF_FFFF_FFFF_FFFF > 0x7FF0_0000_0000_0000
}

#[inline]
fn within_ulp(r: u32, g: u32, n: u32) -> bool {
    (ord32(r) - ord32(g)).unsigned_abs() <= u64::from(n)
}

#[inline]
fn within_abs(r: u32, g: u32, e: f32) -> bool {
    let (x, y) = (f32::from_bits(r), f32::from_bits(g));
    if x == y {
        return true;
    }
    if x.is_infinite() || y.is_infinite() {
        return false;
    }
    (f64::from(x) - f64::from(y)).abs() <= f64::from(e)
}

/// Two NaNs agree, a NaN and a number do not, two numbers as `close` says.
#[inline]
fn float_agrees(r: u32, g: u32, close: impl Fn(u32, u32) -> bool) -> bool {
    if nan32(r) || nan32(g) {
        nan32(r) && nan32(g)
    } else {
        close(r, g)
    }
}

/// Whether a target's result dword `got` agrees with the reference's `reference` under
/// `tol`. For the `Double*` tolerances compare the packed doubles with [`agrees_u64`]; given a
/// single dword they require equal bits.
pub fn agrees(tol: Tolerance, reference: u32, got: u32) -> bool {
    let (r, g) = (reference, got);
    match tol {
        Tolerance::Bits | Tolerance::DoubleExact | Tolerance::DoubleUlp(_) => r == g,
        Tolerance::Unchecked => true,
        Tolerance::Exact => r == g || (nan32(r) && nan32(g)),
        Tolerance::Half => {
            let nan16 = |x: u32| x & 0x7FFF > 0x7C00;
            r >> 16 == g >> 16 && (r == g || (nan16(r & 0xFFFF) && nan16(g & 0xFFFF)))
        }
        Tolerance::Ulp(n) => float_agrees(r, g, |r, g| within_ulp(r, g, n)),
        Tolerance::Abs(e) => float_agrees(r, g, |r, g| within_abs(r, g, e)),
        Tolerance::AbsOrUlp { abs, ulp } => {
            float_agrees(r, g, |r, g| within_abs(r, g, abs) || within_ulp(r, g, ulp))
        }
    }
}

/// Whether a target's double `got` agrees with the reference's `reference` under `tol`:
/// `DoubleExact` wants the same value (NaNs equal, ±0 distinct), `DoubleUlp(n)` at most `n`
/// units in the last place (±0 equal, NaNs equal); any other tolerance compares the 64 bits.
pub fn agrees_u64(tol: Tolerance, reference: u64, got: u64) -> bool {
    let (r, g) = (reference, got);
    match tol {
        Tolerance::DoubleExact => r == g || (nan64(r) && nan64(g)),
        Tolerance::DoubleUlp(n) => {
            if nan64(r) || nan64(g) {
                return nan64(r) && nan64(g);
            }
            (ord64(r) - ord64(g)).unsigned_abs() <= u128::from(n)
        }
        Tolerance::Unchecked => true,
        _ => r == g,
    }
}

/// Which value within a tolerance [`perturb`] and [`perturb_u64`] pick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The lowest value that still agrees with the ideal one.
    Low,
    /// The highest value that still agrees with the ideal one.
    High,
    /// A value between the two ends (inclusive), picked by these random bits: uniformly
    /// among the representable values (in the order of [`ord32`]).
    Random(u64),
}

/// The inverse of [`ord32`] (0 gives +0).
#[inline]
fn unord32(o: i64) -> u32 {
    if o < 0 {
        0x8000_0000 | o.unsigned_abs() as u32
    } else {
        o as u32
    }
}

#[inline]
fn unord64(o: i128) -> u64 {
    if o < 0 {
        (1 << 63) | o.unsigned_abs() as u64
    } else {
        o as u64
    }
}

/// The farthest value `n` units in the last place from `v` in direction `dir` (±1), never
/// beyond an infinity.
fn ulp_edge(v: u32, n: u32, dir: i64) -> i64 {
    let inf = i64::from(0x7F80_0000u32);
    (ord32(v) + dir * i64::from(n)).clamp(-inf, inf)
}

/// The farthest float in direction `dir` (±1) that is within `e` of `v` as [`agrees`]
/// measures it (an infinity only agrees with itself).
fn abs_edge(v: u32, e: f32, dir: i64) -> i64 {
    if v & 0x7FFF_FFFF == 0x7F80_0000 {
        return ord32(v);
    }
    let inf = i64::from(0x7F80_0000u32);
    let target = f64::from(f32::from_bits(v)) + dir as f64 * f64::from(e);
    let mut o = ord32((target as f32).to_bits()).clamp(-inf + 1, inf - 1);
    // The rounding may have gone one or two values too far or stopped short.
    while o != ord32(v) && !within_abs(v, unord32(o), e) {
        o -= dir;
    }
    while (o + dir).abs() < inf && within_abs(v, unord32(o + dir), e) {
        o += dir;
    }
    o
}

/// Picks `choice` between two ends in value order.
fn pick(lo: i128, hi: i128, choice: Choice) -> i128 {
    match choice {
        Choice::Low => lo,
        Choice::High => hi,
        Choice::Random(r) => {
            let span = (hi - lo) as u128 + 1;
            lo + (u128::from(r) % span) as i128
        }
    }
}

/// A single-precision result that still agrees with the ideal `value` under `tol`: the
/// lowest or highest such value (for `AbsOrUlp` the farther of the two bounds on each side),
/// or a random one between them. A NaN, and every tolerance that allows no difference
/// (`Bits`, `Exact`, `Half`, `Unchecked`, the double ones), give `value` back. The IL's
/// error envelope is made of runs with every tolerated operation perturbed so.
pub fn perturb(tol: Tolerance, value: u32, choice: Choice) -> u32 {
    if nan32(value) {
        return value;
    }
    let (lo, hi) = match tol {
        Tolerance::Ulp(n) => (ulp_edge(value, n, -1), ulp_edge(value, n, 1)),
        Tolerance::Abs(e) => (abs_edge(value, e, -1), abs_edge(value, e, 1)),
        Tolerance::AbsOrUlp { abs, ulp } => (
            abs_edge(value, abs, -1).min(ulp_edge(value, ulp, -1)),
            abs_edge(value, abs, 1).max(ulp_edge(value, ulp, 1)),
        ),
        _ => return value,
    };
    unord32(pick(i128::from(lo), i128::from(hi), choice) as i64)
}

/// [`perturb`] for a double: `DoubleUlp(n)` moves up to `n` units in the last place (never
/// beyond an infinity); every other tolerance, and a NaN, give `value` back.
pub fn perturb_u64(tol: Tolerance, value: u64, choice: Choice) -> u64 {
    let Tolerance::DoubleUlp(n) = tol else {
        return value;
    };
    if nan64(value) {
        return value;
    }
    let inf = i128::from(0x7FF0_0000_0000_0000u64);
    let o = ord64(value);
    let n = i128::from(n);
    let (lo, hi) = ((o - n).max(-inf), (o + n).min(inf));
    unord64(pick(lo, hi, choice))
}

#[cfg(test)]
mod tests {
    use super::*;
    use il_frontend::opcode::DataType;

    const NEG_ZERO: u32 = 0x8000_0000;

    fn b(x: f32) -> u32 {
        x.to_bits()
    }

    #[test]
    fn every_float_and_double_opcode_has_an_explicit_entry() {
        for op in Opcode::all() {
            let info = op.info();
            if matches!(info.data, DataType::Float | DataType::Double) {
                assert!(
                    explicit(op).is_some(),
                    "{op:?} ({}) has no entry",
                    info.mnemonic
                );
            }
            // Every opcode has a tolerance, and no float tolerance is negative.
            match tolerance(op) {
                Tolerance::Abs(e) | Tolerance::AbsOrUlp { abs: e, .. } => assert!(e > 0.0),
                _ => {}
            }
        }
    }

    #[test]
    fn integer_opcodes_are_bit_exact() {
        for op in [
            Opcode::IAdd,
            Opcode::UDiv,
            Opcode::IMul24High,
            Opcode::UBitExtract,
            Opcode::I64Shr,
            Opcode::BitAlign,
            Opcode::Sad4,
            Opcode::MsadU8,
            Opcode::QsadU8,
            Opcode::MqsadU8,
            Opcode::CmovLogical,
            Opcode::UavRawLoad,
            Opcode::LdsReadAdd,
            Opcode::F2U4,
            Opcode::IfLogicalnz,
            Opcode::DclLiteral,
        ] {
            assert_eq!(tolerance(op), Tolerance::Bits, "{op:?}");
        }
    }

    #[test]
    fn reference_bounds_are_the_documented_ones() {
        // L6570, L6583, L7410, L7436.
        assert_eq!(tolerance(Opcode::Sin), Tolerance::Abs(0.002));
        assert_eq!(tolerance(Opcode::Cos), Tolerance::Abs(0.002));
        assert_eq!(tolerance(Opcode::SinVec), Tolerance::Abs(0.0008));
        assert_eq!(tolerance(Opcode::CosVec), Tolerance::Abs(0.0008));
        assert_eq!(tolerance(Opcode::Acos), Tolerance::Abs(0.002));
        // 21 bits: 2^-21, and 2^(24-21) units in the last place.
        assert_eq!(LOG_ABS, 2f32.powi(-21));
        assert_eq!(PARTIAL_ABS, 2f32.powi(-10));
        assert_eq!(tolerance(Opcode::ExpVec), Tolerance::Ulp(8));
        assert!(tolerance(Opcode::DAdd).is_double());
        assert!(!tolerance(Opcode::Add).is_double());
    }

    #[test]
    fn nans_agree_and_zeros_agree_only_when_not_exact() {
        let nan1 = 0x7FC0_0000;
        let nan2 = 0xFFC0_1234;
        for tol in [
            Tolerance::Exact,
            Tolerance::Ulp(2),
            Tolerance::Abs(0.5),
            Tolerance::AbsOrUlp { abs: 0.5, ulp: 2 },
        ] {
            assert!(agrees(tol, nan1, nan2), "{tol:?}");
            assert!(!agrees(tol, nan1, b(1.0)), "{tol:?}");
            assert!(!agrees(tol, b(1.0), nan1), "{tol:?}");
        }
        assert!(!agrees(Tolerance::Exact, 0, NEG_ZERO));
        assert!(agrees(Tolerance::Ulp(0), 0, NEG_ZERO));
        assert!(agrees(Tolerance::Abs(0.0), 0, NEG_ZERO));
        // Bits: NaN payloads are data.
        assert!(!agrees(Tolerance::Bits, nan1, nan2));
        assert!(!agrees(Tolerance::Bits, 0, NEG_ZERO));
        assert!(agrees(Tolerance::Unchecked, 1, 2));
    }

    #[test]
    fn ulp_and_abs_distances() {
        let one = b(1.0);
        assert!(agrees(Tolerance::Ulp(1), one, one + 1));
        assert!(!agrees(Tolerance::Ulp(1), one, one + 2));
        assert!(agrees(Tolerance::Ulp(1), one, one - 1));
        // Across zero: the smallest normals of both signs are far apart in ulps.
        assert!(!agrees(Tolerance::Ulp(4), 0x0080_0000, 0x8080_0000));
        assert!(agrees(Tolerance::Ulp(1), 0x7F7F_FFFF, 0x7F80_0000));
        assert!(agrees(Tolerance::Abs(0.002), b(0.5), b(0.5015)));
        assert!(!agrees(Tolerance::Abs(0.002), b(0.5), b(0.503)));
        assert!(agrees(Tolerance::Abs(0.002), 0x7F80_0000, 0x7F80_0000));
        assert!(!agrees(Tolerance::Abs(0.002), 0x7F80_0000, 0x7F7F_FFFF));
        let t = Tolerance::AbsOrUlp { abs: 1e-3, ulp: 4 };
        assert!(agrees(t, b(1e-6), b(2e-6)));
        assert!(agrees(t, b(1e6), f32::to_bits(1e6) + 3));
        assert!(!agrees(t, b(1e6), b(1e6 + 1.0)));
    }

    #[test]
    fn half_and_double_comparisons() {
        assert!(agrees(Tolerance::Half, 0x7E00, 0x7FFF));
        assert!(!agrees(Tolerance::Half, 0x7E00, 0x0001_7E00));
        assert!(!agrees(Tolerance::Half, 0x8000, 0x0000));
        assert!(agrees(Tolerance::Half, 0x3C00, 0x3C00));
        let one = 1f64.to_bits();
        assert!(agrees_u64(Tolerance::DoubleExact, one, one));
        assert!(!agrees_u64(Tolerance::DoubleExact, one, one + 1));
        assert!(agrees_u64(
            Tolerance::DoubleExact,
            0x7FF8_0000_0000_0000,
            0xFFF8_0000_0000_0001
        ));
        assert!(!agrees_u64(Tolerance::DoubleExact, 0, 1 << 63));
        assert!(agrees_u64(Tolerance::DoubleUlp(1), one, one + 1));
        assert!(!agrees_u64(Tolerance::DoubleUlp(1), one, one + 2));
        assert!(agrees_u64(Tolerance::DoubleUlp(0), 0, 1 << 63));
        assert!(!agrees_u64(Tolerance::Bits, 0, 1 << 63));
        // A double tolerance on a single dword compares bits.
        assert!(!agrees(Tolerance::DoubleUlp(4), 1, 2));
    }
    #[test]
    fn perturbed_values_agree_and_the_extremes_are_the_farthest() {
        let tols = [
            Tolerance::Ulp(1),
            Tolerance::Ulp(3),
            Tolerance::Ulp(256),
            Tolerance::Abs(0.002),
            Tolerance::Abs(0.0008),
            Tolerance::AbsOrUlp {
                abs: LOG_ABS,
                ulp: 8,
            },
            Tolerance::AbsOrUlp {
                abs: PARTIAL_ABS,
                ulp: 1 << 14,
            },
        ];
        let mut values = vec![
            0,
            NEG_ZERO,
            1,
            0x8000_0001,
            0x0080_0000,
            b(1.0),
            b(-1.0),
            b(0.5),
            b(0.001),
            b(-0.0015),
            b(3.0e38),
            0x7F7F_FFFF,
            0xFF7F_FFFF,
            0x7F80_0000,
            0xFF80_0000,
            b(1.0e-30),
            b(123_456.79),
            b(-7.5e6),
        ];
        let mut x = 0x1234_5678u32;
        for _ in 0..200 {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            if !nan32(x) {
                values.push(x);
            }
        }
        for tol in tols {
            for &v in &values {
                let lo = perturb(tol, v, Choice::Low);
                let hi = perturb(tol, v, Choice::High);
                assert!(agrees(tol, v, lo), "{tol:?} {v:#x} low {lo:#x}");
                assert!(agrees(tol, v, hi), "{tol:?} {v:#x} high {hi:#x}");
                assert!(
                    ord32(lo) <= ord32(v) && ord32(v) <= ord32(hi),
                    "{tol:?} {v:#x}"
                );
                // One value further is outside (unless the end is an infinity).
                let (olo, ohi) = (ord32(lo), ord32(hi));
                let inf = i64::from(0x7F80_0000u32);
                if olo > -inf {
                    let beyond = unord32(olo - 1);
                    assert!(!agrees(tol, v, beyond), "{tol:?} {v:#x} below {beyond:#x}");
                }
                if ohi < inf {
                    let beyond = unord32(ohi + 1);
                    assert!(!agrees(tol, v, beyond), "{tol:?} {v:#x} above {beyond:#x}");
                }
                for r in [0, 1, 7, 0xDEAD_BEEF, u64::MAX] {
                    let p = perturb(tol, v, Choice::Random(r));
                    assert!(agrees(tol, v, p), "{tol:?} {v:#x} random {p:#x}");
                }
            }
        }
        // Exact tolerances and NaNs are left alone; an ulp bound at the top reaches
        // FLT_MAX from Inf and stops at Inf.
        assert_eq!(perturb(Tolerance::Exact, b(1.0), Choice::High), b(1.0));
        assert_eq!(
            perturb(Tolerance::Ulp(4), 0x7FC0_0001, Choice::Low),
            0x7FC0_0001
        );
        assert_eq!(
            perturb(Tolerance::Ulp(1), 0x7F80_0000, Choice::High),
            0x7F80_0000
        );
        assert_eq!(
            perturb(Tolerance::Ulp(1), 0x7F80_0000, Choice::Low),
            0x7F7F_FFFF
        );
        assert_eq!(perturb(Tolerance::Ulp(2), b(1.0), Choice::High), b(1.0) + 2);
        assert_eq!(perturb(Tolerance::Ulp(1), 0, Choice::Low), 0x8000_0001);
        assert_eq!(
            perturb(Tolerance::Abs(0.002), 0x7F80_0000, Choice::Low),
            0x7F80_0000
        );
    }

    #[test]
    fn perturbed_doubles_agree_and_the_extremes_are_the_farthest() {
        for v in [
            0u64,
            1 << 63,
            1f64.to_bits(),
            (-2.5e300f64).to_bits(),
            0x7FEF_FFFF_FFFF_FFFF,
        ] {
            for n in [1, 2] {
                let tol = Tolerance::DoubleUlp(n);
                let lo = perturb_u64(tol, v, Choice::Low);
                let hi = perturb_u64(tol, v, Choice::High);
                assert!(agrees_u64(tol, v, lo) && agrees_u64(tol, v, hi), "{v:#x}");
                assert!(!agrees_u64(tol, v, unord64(ord64(lo) - 1)), "{v:#x}");
                assert!(!agrees_u64(tol, v, unord64(ord64(hi) + 1)), "{v:#x}");
                assert!(agrees_u64(tol, v, perturb_u64(tol, v, Choice::Random(99))));
            }
        }
        assert_eq!(perturb_u64(Tolerance::DoubleExact, 5, Choice::High), 5);
    }
}
