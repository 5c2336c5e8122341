//! Single-precision instructions: 7.11 (L6415-L7565) and the App.B-only float opcodes
//! (`min3`, `med3`, `max3`, `ldexp`, `frexp_exp`, `frexp_mant`, `class`, `rcp_vec`, `clg`,
//! `trc`).
//!
//! Every input is flushed with [`ftz`] before use and every result after it (L3063, I-35);
//! see the module conventions in [`super`]. Functions named after a scalar instruction take
//! the component the executor selected (`src0.w` for `exp`, `log`, `rcp`, ...).

use crate::int::mask;
use il_frontend::enums::{RelOp, ZeroOp};

/// 1.0f.
pub const ONE: u32 = 0x3F80_0000;
/// -1.0f.
pub const MINUS_ONE: u32 = 0xBF80_0000;
/// `FLT_MAX`.
pub const FLT_MAX: u32 = 0x7F7F_FFFF;
/// +Infinity.
pub const INF: u32 = 0x7F80_0000;
/// -Infinity.
pub const NEG_INF: u32 = 0xFF80_0000;
/// The quiet NaN ilc returns where the reference says "undefined" (e.g. `log` of a negative).
pub const QNAN: u32 = 0x7FC0_0000;
/// The largest float below 1.0, the top of `frc`'s range [0, 1) (L6891).
pub const BELOW_ONE: u32 = 0x3F7F_FFFF;

const SIGN: u32 = 0x8000_0000;
const EXP: u32 = 0x7F80_0000;
const QUIET: u32 = 0x0040_0000;

// ---- flushing and conversions between patterns and values -------------------------------

/// Flushes a denormal pattern to the zero of the same sign; every other pattern is returned
/// unchanged. "Denorms are flushed before all float instructions" (L3063; I-35).
#[inline]
pub fn ftz(bits: u32) -> u32 {
    if bits & EXP == 0 {
        bits & SIGN
    } else {
        bits
    }
}

/// Reads a float operand: the pattern as an `f32`, flushed (L3063).
#[inline]
pub fn input(bits: u32) -> f32 {
    f32::from_bits(ftz(bits))
}

/// Writes a float result: its pattern, flushed (L3063, L7051 "flushed to zeros on input and
/// output").
#[inline]
pub fn output(x: f32) -> u32 {
    ftz(x.to_bits())
}

/// Rounds an `f64` to nearest even single precision, then flushes (the result path of every
/// instruction computed in double precision).
#[inline]
pub fn output_f64(x: f64) -> u32 {
    output(x as f32)
}

#[inline]
fn fl(x: f32) -> f32 {
    f32::from_bits(ftz(x.to_bits()))
}

#[inline]
fn is_nan(bits: u32) -> bool {
    bits & !SIGN > EXP
}

#[inline]
fn is_snan(bits: u32) -> bool {
    is_nan(bits) && bits & QUIET == 0
}

/// The multiply of every float instruction: IEEE with `ieee`, otherwise the DX9 rule
/// "0 * anything = 0, even if anything is NaN or Inf" (L396, L7055, L7134). The zero gets the
/// sign IEEE would give a finite product.
#[inline]
fn fmul(a: f32, b: f32, ieee: bool) -> f32 {
    if !ieee && (a == 0.0 || b == 0.0) {
        f32::from_bits((a.to_bits() ^ b.to_bits()) & SIGN)
    } else {
        fl(a * b)
    }
}

#[inline]
fn fadd(a: f32, b: f32) -> f32 {
    fl(a + b)
}

#[inline]
fn fsub(a: f32, b: f32) -> f32 {
    fl(a - b)
}

#[inline]
fn vec(v: [u32; 4]) -> [f32; 4] {
    v.map(input)
}

/// The value a `zeroop` stands for (Table 6.33, L3016-L3020): `zero` 0.0, `fltmax` FLT_MAX,
/// `infinity` +Inf. `inf_else_max` is "IEEE infinity if the implementation can support it"
/// (L3019): the interpreter can, so +Inf.
#[inline]
pub fn zeroop_value(zeroop: ZeroOp) -> u32 {
    match zeroop {
        ZeroOp::Zero => 0,
        ZeroOp::FltMax => FLT_MAX,
        ZeroOp::Infinity | ZeroOp::InfElseMax => INF,
    }
}

// ---- simple arithmetic --------------------------------------------------------------------

/// `abs` (L6419): |src0|, the sign bit cleared (also of a NaN).
#[inline]
pub fn abs(a: u32) -> u32 {
    ftz(a) & !SIGN
}

/// `add` (L6447): src0 + src1.
#[inline]
pub fn add(a: u32, b: u32) -> u32 {
    fadd(input(a), input(b)).to_bits()
}

/// `sub` (L7473): src0 - src1 (the formula and pseudo-code; the prose reverses the operands).
#[inline]
pub fn sub(a: u32, b: u32) -> u32 {
    fsub(input(a), input(b)).to_bits()
}

/// `mul[_ieee]` (L7128): src0 * src1; without `_ieee`, 0 * n = 0 for every n (L7134).
#[inline]
pub fn mul(a: u32, b: u32, ieee: bool) -> u32 {
    fmul(input(a), input(b), ieee).to_bits()
}

/// `mad[_ieee]` (L7049): src0 * src1 + src2, **unfused**: the product is rounded (and
/// flushed) before the add, as the pseudo-code `v1*v2 + v3` in single precision reads.
/// Without `_ieee`, 0 * n = 0 (L7055).
#[inline]
pub fn mad(a: u32, b: u32, c: u32, ieee: bool) -> u32 {
    fadd(fmul(input(a), input(b), ieee), input(c)).to_bits()
}

/// `fma` (L6876): src0 * src1 + src2 "in infinite precision" with one rounding; IEEE
/// (0 * Inf = NaN); inputs and the result flushed.
#[inline]
pub fn fma(a: u32, b: u32, c: u32) -> u32 {
    output(input(a).mul_add(input(b), input(c)))
}

/// `div_fixup` (App.B `IL_OP_DIV_FIXUP`, no Chapter 7 entry): GCN's V_DIV_FIXUP_F32 (vega
/// L16967-17027), S0 = quotient, S1 = denominator, S2 = numerator, on flushed inputs (L3063):
/// a NaN numerator or denominator quieted, 0/0 and Inf/Inf the NaN 0xFFC00000, x/0 and
/// Inf/y ±Inf, x/Inf and 0/y ±0, else ±|S0|, the sign that of S1 xor S2. The pseudo-code's
/// underflow and overflow lines are not applied (decision "div_fixup, ddiv_fixup").
#[inline]
pub fn div_fixup(q: u32, d: u32, n: u32) -> u32 {
    let w = |x: u32| u64::from(ftz(x));
    let masks = [SIGN, EXP, QUIET, 0xFFC0_0000].map(u64::from);
    crate::double::div_fixup_bits(w(q), w(d), w(n), masks) as u32
}

/// `div_zeroop(op)` (L6633): src0 / src1. When src1 is ±0 (denormals included, they are
/// flushed) the result is the `zeroop` value, negated when src0 < 0 (pseudo-code L6635): so
/// 0/0 and NaN/0 give +value, never NaN. Otherwise the IEEE quotient.
#[inline]
pub fn div(a: u32, b: u32, zeroop: ZeroOp) -> u32 {
    let (x, y) = (input(a), input(b));
    if y == 0.0 {
        let f = zeroop_value(zeroop);
        if x < 0.0 {
            f | SIGN
        } else {
            f
        }
    } else {
        output(x / y)
    }
}

/// `mod` (L7102): if src1 is ±0 the result is src0 (flushed); otherwise
/// src0 - src1 * trunc(src0 / src1) evaluated exactly, i.e. C's `fmodf`, whose result is
/// always representable. The sign follows src0 (`mod(-1.7, 1.0) = -0.7`); `mod(x, ±Inf)` is
/// x, `mod(±Inf, y)` NaN.
#[inline]
pub fn fmod(a: u32, b: u32) -> u32 {
    let (x, y) = (input(a), input(b));
    if y == 0.0 {
        x.to_bits()
    } else {
        output(x % y)
    }
}

/// The NaN rule shared by `min` and `max` (L7065, L7078): one NaN operand returns the other
/// operand, two NaNs return a NaN (src0). With `_ieee` (IEEE-754r minNum/maxNum) a signaling
/// NaN makes the result a quiet NaN.
#[inline]
fn min_max_nan(a: u32, b: u32, ieee: bool) -> Option<u32> {
    if ieee {
        if is_snan(a) {
            return Some(a | QUIET);
        }
        if is_snan(b) {
            return Some(b | QUIET);
        }
    }
    match (is_nan(a), is_nan(b)) {
        (true, _) => Some(b),
        (false, true) => Some(a),
        _ => None,
    }
}

/// `max[_ieee]` (L7062): the larger operand after flushing; the flushed value is what is
/// written. `max(+0, -0) = max(-0, +0) = +0`; one NaN returns the other operand (the prose of
/// L7065 wins over the `>` pseudo-code, which would return src1 for a NaN src0 only).
#[inline]
pub fn max(a: u32, b: u32, ieee: bool) -> u32 {
    let (a, b) = (ftz(a), ftz(b));
    if let Some(r) = min_max_nan(a, b, ieee) {
        return r;
    }
    let (x, y) = (f32::from_bits(a), f32::from_bits(b));
    if x == 0.0 && y == 0.0 {
        a & b
    } else if x > y {
        a
    } else {
        b
    }
}

/// `min[_ieee]` (L7076): the smaller operand after flushing; `min(+0, -0) = min(-0, +0) =
/// -0`; NaN as for [`max`].
#[inline]
pub fn min(a: u32, b: u32, ieee: bool) -> u32 {
    let (a, b) = (ftz(a), ftz(b));
    if let Some(r) = min_max_nan(a, b, ieee) {
        return r;
    }
    let (x, y) = (f32::from_bits(a), f32::from_bits(b));
    if x == 0.0 && y == 0.0 {
        a | b
    } else if x < y {
        a
    } else {
        b
    }
}

/// `min3` (App.B only, ilc's choice): `min(min(src0, src1), src2)` with [`min`]'s rules.
#[inline]
pub fn min3(a: u32, b: u32, c: u32) -> u32 {
    min(min(a, b, false), c, false)
}

/// `max3` (App.B only, ilc's choice): `max(max(src0, src1), src2)` with [`max`]'s rules.
#[inline]
pub fn max3(a: u32, b: u32, c: u32) -> u32 {
    max(max(a, b, false), c, false)
}

/// `med3` (App.B only, ilc's choice): the median,
/// `max(min(src0, src1), min(max(src0, src1), src2))` with [`min`]/[`max`]'s rules.
#[inline]
pub fn med3(a: u32, b: u32, c: u32) -> u32 {
    max(min(a, b, false), min(max(a, b, false), c, false), false)
}

/// `clamp` (L6499), as its pseudo-code: v = src0; if v < src1, v = src1; if v > src2,
/// v = src2. A NaN src0 fails both tests and is returned.
#[inline]
pub fn clamp(a: u32, lo: u32, hi: u32) -> u32 {
    let (mut v, lo, hi) = (input(a), input(lo), input(hi));
    if v < lo {
        v = lo;
    }
    if v > hi {
        v = hi;
    }
    v.to_bits()
}

/// `sgn` (L7395): -1.0 if src0 < 0, 0.0 if src0 == ±0 (denormals included), else 1.0 — so a
/// NaN gives 1.0, as the pseudo-code falls through to its last branch.
#[inline]
pub fn sgn(a: u32) -> u32 {
    let x = input(a);
    if x < 0.0 {
        MINUS_ONE
    } else if x == 0.0 {
        0
    } else {
        ONE
    }
}

// ---- comparisons and selects ----------------------------------------------------------

/// The float comparison of `set`, `cmp`, `ifc`, `breakc`, `continuec` and of `eq`/`ge`/`lt`/
/// `ne`: operands flushed, +0 equals -0, and **every** relation, `ne` included, is false when
/// an operand is NaN (L3063, L6786, L7143; I-31).
#[inline]
pub fn relop(op: RelOp, a: u32, b: u32) -> bool {
    let (x, y) = (input(a), input(b));
    match op {
        RelOp::Eq => x == y,
        RelOp::Ne => !x.is_nan() && !y.is_nan() && x != y,
        RelOp::Ge => x >= y,
        RelOp::Gt => x > y,
        RelOp::Le => x <= y,
        RelOp::Lt => x < y,
    }
}

/// `eq` (L6784): 0xFFFFFFFF if src0 == src1 (+0 == -0), else 0; NaN gives 0.
#[inline]
pub fn eq(a: u32, b: u32) -> u32 {
    mask(relop(RelOp::Eq, a, b))
}

/// `ge` (L6915): 0xFFFFFFFF if src0 >= src1, else 0; NaN gives 0.
#[inline]
pub fn ge(a: u32, b: u32) -> u32 {
    mask(relop(RelOp::Ge, a, b))
}

/// `lt` (L7036): 0xFFFFFFFF if src0 < src1, else 0; NaN gives 0.
#[inline]
pub fn lt(a: u32, b: u32) -> u32 {
    mask(relop(RelOp::Lt, a, b))
}

/// `ne` (L7141): 0xFFFFFFFF if src0 != src1, else 0. "Comparison with NaN returns false"
/// (L7143): unlike IEEE and unlike `dne`, a NaN operand gives 0 (I-31).
#[inline]
pub fn ne(a: u32, b: u32) -> u32 {
    mask(relop(RelOp::Ne, a, b))
}

/// `set_relop(op)` (L7382): 1.0 if `src0 relop src1`, else 0.0 (NaN: 0.0, see [`relop`]).
#[inline]
pub fn set(op: RelOp, a: u32, b: u32) -> u32 {
    if relop(op, a, b) {
        ONE
    } else {
        0
    }
}

/// The float an `ILCmpValue` code stands for (`_cmpval(..)` of `cmp`, Table 6.3 L2398-L2405,
/// App.B L10996): 0 → 0.0, 1 → 0.5, 2 → 1.0, 3 → -0.5, 4 → -1.0; other codes have none.
#[inline]
pub fn cmpval(code: u32) -> Option<u32> {
    match code {
        0 => Some(0),
        1 => Some(0x3F00_0000),
        2 => Some(ONE),
        3 => Some(0xBF00_0000),
        4 => Some(MINUS_ONE),
        _ => None,
    }
}

/// `cmp_relop(op)_cmpval(v)` (L6538): `(src0 relop v) ? src1 : src2`, with `v` the pattern
/// of the cmpval ([`cmpval`]). The selected operand is a float source and is flushed.
#[inline]
pub fn cmp(op: RelOp, value: u32, a: u32, b: u32, c: u32) -> u32 {
    if relop(op, a, value) {
        ftz(b)
    } else {
        ftz(c)
    }
}

/// `cmov` (L6512; I-23): `Some(src1)` — the component is written — when src0 is not ±0.0
/// under a float compare (a denormal counts as zero, a NaN moves), `None` — the component
/// keeps its value — otherwise. The prose's "both 0.0 and -0.0 do the move" and Table 6.20's
/// "moves if FALSE" contradict the pseudo-code, which wins. The moved value is copied bit for
/// bit, like `mov`.
#[inline]
pub fn cmov(a: u32, b: u32) -> Option<u32> {
    if input(a) == 0.0 {
        None
    } else {
        Some(b)
    }
}

// ---- rounding ------------------------------------------------------------------------------

/// `flr` (L6862): floor; `floor(2.3) = 2.0`, `floor(-3.6) = -4.0`. Same as `round_neginf`.
#[inline]
pub fn flr(a: u32) -> u32 {
    output(input(a).floor())
}

/// `round_neginf` (L7317): round toward -Inf (floor).
#[inline]
pub fn round_neginf(a: u32) -> u32 {
    flr(a)
}

/// `round_plusinf` (L7330): round toward +Inf (ceil).
#[inline]
pub fn round_plusinf(a: u32) -> u32 {
    output(input(a).ceil())
}

/// `round_z` (L7343): round toward zero (trunc).
#[inline]
pub fn round_z(a: u32) -> u32 {
    output(input(a).trunc())
}

/// `round_nearest` (L7304): to the nearest integral value, ties to even.
#[inline]
pub fn round_nearest(a: u32) -> u32 {
    output(input(a).round_ties_even())
}

/// `clg` (App.B only; the digest calls it ceil): the same as [`round_plusinf`].
#[inline]
pub fn clg(a: u32) -> u32 {
    round_plusinf(a)
}

/// `trc` (App.B only; the digest calls it trunc): the same as [`round_z`].
#[inline]
pub fn trc(a: u32) -> u32 {
    round_z(a)
}

/// `rnd` (L7291): `floor(src0 + 0.5)` evaluated exactly (ties go up: 2.5 → 3, -2.5 → -2).
/// Rounding `src0 + 0.5` to single precision first would turn 0.49999997 into 1 and 2^23 + 1
/// into 2^23 + 2; the prose "rounds to the nearest integer" rules that out.
#[inline]
pub fn rnd(a: u32) -> u32 {
    let x = input(a);
    if !x.is_finite() {
        return x.to_bits();
    }
    output_f64((f64::from(x) + 0.5).floor())
}

/// `frc` (L6889): src0 - floor(src0), "always in the range [0.0, 1.0)": a difference that
/// rounds up to 1.0 (src0 a tiny negative) gives the largest float below 1.0. `frc(-1.7) =
/// 0.3`; Inf and NaN give NaN.
#[inline]
pub fn frc(a: u32) -> u32 {
    let x = input(a);
    let r = fsub(x, x.floor());
    if r >= 1.0 {
        BELOW_ONE
    } else {
        r.to_bits()
    }
}

// ---- exponentials and logarithms ------------------------------------------------------------

/// `exp` (L6810): 2^src0.w ("full precision"): the exact power, rounded.
#[inline]
pub fn exp(a: u32) -> u32 {
    output_f64(f64::from(input(a)).exp2())
}

/// `exp_vec` (L6823): 2^src0 per component, as [`exp`].
#[inline]
pub fn exp_vec(a: u32) -> u32 {
    exp(a)
}

/// `exn` (L6797): e^src0.w, the exact value (the pseudo-code's `exp2(x * log2(e))` is how
/// hardware gets there).
#[inline]
pub fn exn(a: u32) -> u32 {
    output_f64(f64::from(input(a)).exp())
}

/// `expp` (L6836), the DX9 layout of its pseudo-code: with f = floor(src0.w),
/// `[2^f, src0.w - f, 2^src0.w, 1.0]` (the prose's "each component" contradicts the
/// pseudo-code, which wins).
#[inline]
pub fn expp(a: u32) -> [u32; 4] {
    let x = input(a);
    let f = x.floor();
    [
        output_f64(f64::from(f).exp2()),
        fsub(x, f).to_bits(),
        exp(a),
        ONE,
    ]
}

#[inline]
fn log_base(a: u32, zeroop: ZeroOp, f: fn(f64) -> f64) -> u32 {
    let x = input(a);
    if x == 0.0 {
        return match zeroop {
            ZeroOp::FltMax => FLT_MAX | SIGN,
            ZeroOp::Infinity | ZeroOp::InfElseMax => NEG_INF,
            // Table 6.33 forbids `zero` here (L3017) and the pseudo-code has no branch for
            // it; the table's meaning, "return 0.0", is used.
            ZeroOp::Zero => 0,
        };
    }
    if x < 0.0 {
        // "undefined" (L6986); ilc returns NaN, as log of a negative number is.
        return QNAN;
    }
    output_f64(f(f64::from(x)))
}

/// `log_zeroop(op)` (L6984): log2(src0.w). src0.w == ±0 gives -FLT_MAX (`fltmax`, the
/// default) or -Inf (`infinity`, `inf_else_max`); a negative src0.w is undefined (NaN here);
/// `zeroop(zero)` is forbidden for `log` (L3017) and gives +0.0.
#[inline]
pub fn log(a: u32, zeroop: ZeroOp) -> u32 {
    log_base(a, zeroop, f64::log2)
}

/// `log_vec` (L6997): log2 per component, "the vector version of LOG with zeroop set to
/// il_zeroop_infinity": ±0 → -Inf, negative → NaN.
#[inline]
pub fn log_vec(a: u32) -> u32 {
    log(a, ZeroOp::Infinity)
}

/// `ln_zeroop(op)` (L6971): the natural logarithm of src0.w, zero and negative inputs as for
/// [`log`].
#[inline]
pub fn ln(a: u32, zeroop: ZeroOp) -> u32 {
    log_base(a, zeroop, f64::ln)
}

/// `logp_zeroop(op)` (L7010), the DX9 layout of its pseudo-code: with f = [`log`]`(src0.w)`,
/// `[floor(f), src0.w / 2^floor(f), f, 1.0]`.
#[inline]
pub fn logp(a: u32, zeroop: ZeroOp) -> [u32; 4] {
    let f = f32::from_bits(log(a, zeroop));
    let e = f.floor();
    let mant = f64::from(input(a)) / f64::from(e).exp2();
    [output(e), output_f64(mant), f.to_bits(), ONE]
}

/// `pow` (L7250): src0.w ^ src1.w, the exact power for src0.w > 0. The pseudo-code
/// `exp2(src1.w * log2(src0.w))` with its DX9 multiply fixes the special cases: a zero
/// exponent or a base of 1.0 gives 1.0 (even with a NaN on the other side); a base of ±0
/// gives +0 for a positive exponent and +Inf for a negative one; a negative base is undefined
/// (NaN here); NaN otherwise propagates.
#[inline]
pub fn pow(a: u32, b: u32) -> u32 {
    let (x, y) = (input(a), input(b));
    if y == 0.0 || x == 1.0 {
        return ONE;
    }
    if x.is_nan() || y.is_nan() || x < 0.0 {
        return QNAN;
    }
    if x == 0.0 {
        return if y > 0.0 { 0 } else { INF };
    }
    output_f64(f64::from(x).powf(f64::from(y)))
}

// ---- reciprocals and roots ------------------------------------------------------------------

/// `rcp_zeroop(op)` (L7263): 1 / src0.w. src0.w == ±0 gives the `zeroop` value **unsigned**
/// (the pseudo-code assigns it without looking at the sign): 0.0, FLT_MAX (the default) or
/// +Inf.
#[inline]
pub fn rcp(a: u32, zeroop: ZeroOp) -> u32 {
    let x = input(a);
    if x == 0.0 {
        zeroop_value(zeroop)
    } else {
        output(1.0 / x)
    }
}

/// `rcp_vec` (App.B only, ilc's choice): the IEEE reciprocal per component, ±0 → ±Inf.
#[inline]
pub fn rcp_vec(a: u32) -> u32 {
    output(1.0 / input(a))
}

#[inline]
fn rsqrt_ideal(x: f32) -> u32 {
    output_f64(1.0 / f64::from(x).sqrt())
}

/// `rsq_zeroop(op)` (L7356): 1 / sqrt(src0.w). src0.w == ±0 gives the `zeroop` value
/// unsigned (pseudo-code); a negative src0.w is undefined (NaN here); +Inf gives +0.
#[inline]
pub fn rsq(a: u32, zeroop: ZeroOp) -> u32 {
    let x = input(a);
    if x == 0.0 {
        zeroop_value(zeroop)
    } else if x < 0.0 {
        QNAN
    } else {
        rsqrt_ideal(x)
    }
}

/// `rsq_vec` (L7369): 1 / sqrt per component. The entry is silent on zero and negatives: ilc
/// follows IEEE-754 rSqrt, ±0 → ±Inf and negative → NaN.
#[inline]
pub fn rsq_vec(a: u32) -> u32 {
    let x = input(a);
    if x == 0.0 {
        INF | (x.to_bits() & SIGN)
    } else if x < 0.0 {
        QNAN
    } else {
        rsqrt_ideal(x)
    }
}

/// `sqrt` (L7447): sqrt(src0.w), correctly rounded; negative is undefined (NaN, IEEE); -0 →
/// -0.
#[inline]
pub fn sqrt(a: u32) -> u32 {
    output(input(a).sqrt())
}

/// `sqrt_vec` (L7460): [`sqrt`] per component.
#[inline]
pub fn sqrt_vec(a: u32) -> u32 {
    sqrt(a)
}

// ---- trigonometry ----------------------------------------------------------------------------

#[inline]
fn ideal(a: u32, f: fn(f64) -> f64) -> u32 {
    output_f64(f(f64::from(input(a))))
}

/// `sin` (L7408): sin(src0.w), radians. Outside [-π, π] the reference leaves the result
/// undefined; the interpreter still returns the true sine.
#[inline]
pub fn sin(a: u32) -> u32 {
    ideal(a, f64::sin)
}

/// `sin_vec` (L7434): sine per component.
#[inline]
pub fn sin_vec(a: u32) -> u32 {
    sin(a)
}

/// `cos` (L6568): cos(src0.w), radians.
#[inline]
pub fn cos(a: u32) -> u32 {
    ideal(a, f64::cos)
}

/// `cos_vec` (L6581): cosine per component.
#[inline]
pub fn cos_vec(a: u32) -> u32 {
    cos(a)
}

/// `tan` (L7506): tan(src0.w), radians.
#[inline]
pub fn tan(a: u32) -> u32 {
    ideal(a, f64::tan)
}

/// `acos` (L6433): acos(src0.w) in radians; outside [-1, 1] undefined (NaN here).
#[inline]
pub fn acos(a: u32) -> u32 {
    ideal(a, f64::acos)
}

/// `asin` (L6473): asin(src0.w) in radians; outside [-1, 1] undefined (NaN here).
#[inline]
pub fn asin(a: u32) -> u32 {
    ideal(a, f64::asin)
}

/// `atan` (L6486): atan(src0.w) in radians, for every input (the stated domain
/// [-π/2, π/2] is the range, a misprint).
#[inline]
pub fn atan(a: u32) -> u32 {
    ideal(a, f64::atan)
}

/// `sincos` (L7421): `[cos(src0.w), sin(src0.w)]` for dst.x and dst.y; z and w are not
/// written.
#[inline]
pub fn sincos(a: u32) -> [u32; 2] {
    [cos(a), sin(a)]
}

/// `dxsincos` (L6746): as [`sincos`]. src1 and src2 (the DX9 Taylor constants) are ignored,
/// as "devices with native sincos support" do.
#[inline]
pub fn dxsincos(a: u32) -> [u32; 2] {
    sincos(a)
}

/// `pireduce` (L7226): `frac(src0 / 2π + 0.5) * 2π - π` (the pseudo-code; the "Example"
/// places the +0.5 outside `frac`), evaluated in double precision and rounded once. Inf and
/// NaN give NaN.
#[inline]
pub fn pireduce(a: u32) -> u32 {
    use std::f64::consts::{PI, TAU};
    let t = f64::from(input(a)) / TAU + 0.5;
    output_f64((t - t.floor()) * TAU - PI)
}

// ---- vector instructions ----------------------------------------------------------------------

/// `dp2[_ieee]` (L6646): `src0.x*src1.x + src0.y*src1.y`, products and sum rounded in that
/// order; without `_ieee`, 0 * n = 0. The executor replicates the scalar to dst.xyzw.
#[inline]
pub fn dp2(a: [u32; 4], b: [u32; 4], ieee: bool) -> u32 {
    let (a, b) = (vec(a), vec(b));
    fadd(fmul(a[0], b[0], ieee), fmul(a[1], b[1], ieee)).to_bits()
}

/// `dp3[_ieee]` (L6672): the three-component dot product, summed left to right.
#[inline]
pub fn dp3(a: [u32; 4], b: [u32; 4], ieee: bool) -> u32 {
    let (a, b) = (vec(a), vec(b));
    let s = fadd(fmul(a[0], b[0], ieee), fmul(a[1], b[1], ieee));
    fadd(s, fmul(a[2], b[2], ieee)).to_bits()
}

#[inline]
fn dot4(a: [f32; 4], b: [f32; 4], ieee: bool) -> f32 {
    let s = fadd(fmul(a[0], b[0], ieee), fmul(a[1], b[1], ieee));
    let s = fadd(s, fmul(a[2], b[2], ieee));
    fadd(s, fmul(a[3], b[3], ieee))
}

#[inline]
fn dot3(a: [f32; 4], b: [f32; 4], ieee: bool) -> f32 {
    let s = fadd(fmul(a[0], b[0], ieee), fmul(a[1], b[1], ieee));
    fadd(s, fmul(a[2], b[2], ieee))
}

/// `dp4[_ieee]` (L6685): the four-component dot product, summed left to right.
#[inline]
pub fn dp4(a: [u32; 4], b: [u32; 4], ieee: bool) -> u32 {
    dot4(vec(a), vec(b), ieee).to_bits()
}

/// `dp2add` (L6659): `src0.x*src1.x + src0.y*src1.y + src2.z` — **src2.z**, as the entry says
/// three times (I-37; DX uses a replicated scalar). The control row allows the IEEE bit
/// (`ieee`) although the syntax row shows no `_ieee`.
#[inline]
pub fn dp2add(a: [u32; 4], b: [u32; 4], c: [u32; 4], ieee: bool) -> u32 {
    let (a, b) = (vec(a), vec(b));
    let s = fadd(fmul(a[0], b[0], ieee), fmul(a[1], b[1], ieee));
    fadd(s, input(c[2])).to_bits()
}

/// `crs` (L6594): the cross product `[y0*z1 - z0*y1, z0*x1 - x0*z1, x0*y1 - y0*x1]` for
/// dst.xyz; dst.w is not written.
#[inline]
pub fn crs(a: [u32; 4], b: [u32; 4]) -> [u32; 3] {
    let (a, b) = (vec(a), vec(b));
    let m = |x, y| fmul(x, y, false);
    [
        fsub(m(a[1], b[2]), m(a[2], b[1])).to_bits(),
        fsub(m(a[2], b[0]), m(a[0], b[2])).to_bits(),
        fsub(m(a[0], b[1]), m(a[1], b[0])).to_bits(),
    ]
}

/// `det` (L6607): the determinant of the 4x4 matrix whose rows are src0..src0+3, by the
/// pseudo-code's cofactor expansion, operation by operation.
pub fn det(rows: [[u32; 4]; 4]) -> u32 {
    let [v0, v1, v2, v3] = rows.map(vec);
    let m = |x, y| fmul(x, y, false);
    // x*y - z*w
    let d = |x, y, z, w| fsub(m(x, y), m(z, w));
    let t0 = fadd(
        fsub(
            m(v1[1], d(v2[2], v3[3], v2[3], v3[2])),
            m(v1[2], d(v2[1], v3[3], v3[1], v2[3])),
        ),
        m(v1[3], d(v2[1], v3[2], v3[1], v2[2])),
    );
    let t1 = fadd(
        fsub(
            m(v1[0], d(v2[2], v3[3], v2[3], v3[2])),
            m(v1[2], d(v2[0], v3[3], v3[0], v2[3])),
        ),
        m(v1[3], d(v2[0], v3[2], v3[0], v2[2])),
    );
    let t2 = fadd(
        fsub(
            m(v1[0], d(v2[1], v3[3], v2[3], v3[1])),
            m(v1[1], d(v2[0], v3[3], v3[0], v2[3])),
        ),
        m(v1[3], d(v2[0], v3[1], v3[0], v2[1])),
    );
    let t3 = fadd(
        fsub(
            m(v1[0], d(v2[1], v3[2], v2[2], v3[1])),
            m(v1[1], d(v2[0], v3[2], v3[0], v2[2])),
        ),
        m(v1[2], d(v2[0], v3[1], v3[0], v2[1])),
    );
    let f = fsub(
        fadd(fsub(m(v0[0], t0), m(v0[1], t1)), m(v0[2], t2)),
        m(v0[3], t3),
    );
    f.to_bits()
}

/// `dist` (L6620): `sqrt(Σ (src0[i] - src1[i])²)` over **all four** components, as the
/// pseudo-code reads (the prose says xyz).
#[inline]
pub fn dist(a: [u32; 4], b: [u32; 4]) -> u32 {
    let (a, b) = (vec(a), vec(b));
    let d = [0, 1, 2, 3].map(|i| fsub(a[i], b[i]));
    output(dot4(d, d, false).sqrt())
}

/// `len` (L6942): `sqrt(Σ src0[i]²)` over all four components (pseudo-code; the prose says
/// xyz).
#[inline]
pub fn len(a: [u32; 4]) -> u32 {
    let a = vec(a);
    output(dot4(a, a, false).sqrt())
}

/// `nrm[_nrm4]_zeroop(op)` (L7169), as its pseudo-code: f = the sum of the squares of xyz
/// (`nrm4`: xyzw); f == 0 gives the `zeroop` value, otherwise f = 1/sqrt(f); then **all
/// four** components are multiplied by f (so `nrm3` scales w too) with the DX9 multiply (a
/// zero component stays zero even when f is Inf).
pub fn nrm(a: [u32; 4], nrm4: bool, zeroop: ZeroOp) -> [u32; 4] {
    let v = vec(a);
    let f = if nrm4 {
        dot4(v, v, false)
    } else {
        dot3(v, v, false)
    };
    let f = if f == 0.0 {
        f32::from_bits(zeroop_value(zeroop))
    } else {
        f32::from_bits(rsqrt_ideal(f))
    };
    v.map(|c| fmul(c, f, false).to_bits())
}

/// `lit` (L6958), the DX9 lighting coefficients: with g = src0.w clamped to
/// ±(128.0 - 1.192092896e-07) (which is ±128.0 in single precision),
/// `[1.0, max(src0.x, 0), (src0.x > 0 && src0.y > 0) ? src0.y ^ g : 0.0, 1.0]`; the power is
/// [`pow`]'s.
pub fn lit(a: [u32; 4]) -> [u32; 4] {
    const LIMIT: f32 = 128.0 - f32::EPSILON;
    let v = vec(a);
    // A NaN src0.w stays NaN, as in the pseudo-code's two comparisons.
    let g = v[3].clamp(-LIMIT, LIMIT);
    let y = if v[0] > 0.0 { v[0].to_bits() } else { 0 };
    let z = if v[0] > 0.0 && v[1] > 0.0 {
        pow(v[1].to_bits(), g.to_bits())
    } else {
        0
    };
    [ONE, y, z, ONE]
}

/// `dst` (L6698), the DX9 distance vector `[1.0, src0.y * src1.y, src0.z, src1.w]`; the
/// multiply is the DX9 one (L6700; the entry has no IEEE flag, L6704).
#[inline]
pub fn dst(a: [u32; 4], b: [u32; 4]) -> [u32; 4] {
    [ONE, mul(a[1], b[1], false), ftz(a[2]), ftz(b[3])]
}

/// `lrp` (L7023): `src1 * src0 + src2 * (1 - src0)`, in the pseudo-code's order with DX9
/// multiplies.
#[inline]
pub fn lrp(a: u32, b: u32, c: u32) -> u32 {
    let (t, x, y) = (input(a), input(b), input(c));
    fadd(fmul(x, t, false), fmul(y, fsub(1.0, t), false)).to_bits()
}

/// `reflect[_normalize]` (L7277): with f = 2 * dot4(src0, src1),
/// `src0 - f * src1`, or with `_normalize` `dot4(src1, src1) * src0 - f * src1` (the
/// pseudo-code scales by |src1|² instead of dividing). DX9 multiplies.
pub fn reflect(a: [u32; 4], b: [u32; 4], normalize: bool) -> [u32; 4] {
    let (a, b) = (vec(a), vec(b));
    let f = fmul(2.0, dot4(a, b, false), false);
    let norm = dot4(b, b, false);
    [0, 1, 2, 3].map(|i| {
        let x = if normalize {
            fmul(norm, a[i], false)
        } else {
            a[i]
        };
        fsub(x, fmul(f, b[i], false)).to_bits()
    })
}

/// `faceforward` (L6849): `src2 * sign(dot(src0, src1))` per component. The entry does not
/// say how wide the dot product is: ilc uses dot4, like every other entry with pseudo-code
/// (`reflect`, `dist`, `len`); the sign is [`sgn`]'s (0 → 0, NaN → 1).
pub fn faceforward(a: [u32; 4], b: [u32; 4], c: [u32; 4]) -> [u32; 4] {
    let s = f32::from_bits(sgn(dp4(a, b, false)));
    vec(c).map(|x| fmul(x, s, false).to_bits())
}

/// `mmul_matrix(m)` (L7089): dst.c_k = dotN(src0, row k) for the rows src1..src1+3, with the
/// `ILMatrix` code `m` (App.B L10867): 0 = 4x4 (dot4, xyzw), 1 = 4x3 (dot4, xyz), 2 = 3x4
/// (dot3, xyzw), 3 = 3x3 (dot3, xyz), 4 = 3x2 (dot3, xy). Components not produced are `None`
/// (the executor writes them only for `IL_MODCOMP_0/1`); an unknown code produces none.
pub fn mmul(matrix: u32, a: [u32; 4], rows: [[u32; 4]; 4]) -> [Option<u32>; 4] {
    let (four, count) = match matrix {
        0 => (true, 4),
        1 => (true, 3),
        2 => (false, 4),
        3 => (false, 3),
        4 => (false, 2),
        _ => return [None; 4],
    };
    let a = vec(a);
    let mut out = [None; 4];
    for (k, slot) in out.iter_mut().enumerate().take(count) {
        let r = vec(rows[k]);
        let d = if four {
            dot4(a, r, false)
        } else {
            dot3(a, r, false)
        };
        *slot = Some(d.to_bits());
    }
    out
}

// ---- App.B-only bit-level float operations -----------------------------------------------

/// `ldexp` (App.B only, ilc's choice): src0 * 2^src1 with src1 a signed integer, one
/// rounding (into the denormal range, which is then flushed), overflow → ±Inf. ±0, ±Inf and
/// NaN are returned unchanged.
#[inline]
pub fn ldexp(a: u32, n: u32) -> u32 {
    let x = input(a);
    if x == 0.0 || !x.is_finite() {
        return x.to_bits();
    }
    // Beyond ±400 every finite float over- or underflows anyway.
    let n = (n as i32).clamp(-400, 400);
    output_f64(f64::from(x) * 2f64.powi(n))
}

#[inline]
fn frexp(a: u32) -> (u32, u32) {
    let b = ftz(a);
    if is_nan(b) {
        return (b | QUIET, u32::MAX);
    }
    if b & !SIGN == INF {
        return (0xFFC0_0000, u32::MAX);
    }
    if b & !SIGN == 0 {
        return (b, 0);
    }
    let e = ((b >> 23) & 0xFF) as i32 - 126;
    ((b & 0x807F_FFFF) | (126 << 23), e as u32)
}

/// `frexp_mant` (App.B only, ilc's choice, modelled on the documented `dfrexp`, L7644): the
/// mantissa in ±[0.5, 1) with src0's sign; ±0 (and flushed denormals) → ±0; NaN → the quieted
/// NaN; ±Inf → the NaN 0xFFC00000.
#[inline]
pub fn frexp_mant(a: u32) -> u32 {
    frexp(a).0
}

/// `frexp_exp` (App.B only, ilc's choice, as `dfrexp`'s y, L7644): the integer e with
/// src0 = mant * 2^e; 0 for ±0 and denormals; 0xFFFFFFFF (-1) for Inf and NaN.
#[inline]
pub fn frexp_exp(a: u32) -> u32 {
    frexp(a).1
}

/// `class` (App.B only, ilc's choice after GCN's `V_CMP_CLASS_F32`): 0xFFFFFFFF if src0's
/// class is selected by the mask src1, bit 0 signaling NaN, 1 quiet NaN, 2 -Inf, 3 negative
/// normal, 4 negative denormal, 5 -0, 6 +0, 7 positive denormal, 8 positive normal, 9 +Inf.
/// src0 is inspected unflushed.
#[inline]
pub fn class(a: u32, classes: u32) -> u32 {
    let neg = a & SIGN != 0;
    let (e, m) = (a & EXP, a & 0x007F_FFFF);
    let bit = if e == EXP && m != 0 {
        if m & QUIET != 0 {
            1
        } else {
            0
        }
    } else {
        let k = if e == EXP {
            3 // infinity
        } else if e != 0 {
            2 // normal
        } else if m != 0 {
            1 // denormal
        } else {
            0 // zero
        };
        if neg {
            5 - k
        } else {
            6 + k
        }
    };
    mask(classes >> bit & 1 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const DENORM: u32 = 0x0000_0001;
    const NEG_DENORM: u32 = 0x8040_0000;
    const NEG_ZERO: u32 = 0x8000_0000;
    const SNAN: u32 = 0x7F80_0001;

    #[test]
    fn div_fixup_special_cases() {
        // vega L16967-17027, in its order; S0 = quotient, S1 = denominator, S2 = numerator.
        let q = 0x4040_0000; // 3.0
        assert_eq!(div_fixup(q, 0x4000_0000, 0x40C0_0000), 0x4040_0000); // 6/2
        assert_eq!(div_fixup(q, 0xC000_0000, 0x40C0_0000), 0xC040_0000); // 6/-2
        assert_eq!(
            div_fixup(0xC040_0000, 0xC000_0000, 0xC0C0_0000),
            0x4040_0000
        );
        assert_eq!(div_fixup(q, 0x3F80_0000, SNAN), 0x7FC0_0001); // NaN numerator
        assert_eq!(div_fixup(q, 0xFF80_0001, 0x7FC0_0002), 0x7FC0_0002); // it wins
        assert_eq!(div_fixup(q, 0xFF80_0001, 0x3F80_0000), 0xFFC0_0001); // NaN denominator
        assert_eq!(div_fixup(q, 0, NEG_ZERO), 0xFFC0_0000); // 0/0
        assert_eq!(div_fixup(q, INF, NEG_INF), 0xFFC0_0000); // Inf/Inf
        assert_eq!(div_fixup(q, NEG_ZERO, 0x3F80_0000), NEG_INF); // 1/-0
        assert_eq!(div_fixup(q, 0x3F80_0000, NEG_INF), NEG_INF); // -Inf/1
        assert_eq!(div_fixup(q, INF, 0x3F80_0000), 0); // 1/Inf
        assert_eq!(div_fixup(q, 0xBF80_0000, 0), NEG_ZERO); // 0/-1
                                                            // Flushed inputs: a denormal denominator is a zero, a denormal quotient too.
        assert_eq!(div_fixup(q, DENORM, 0x3F80_0000), INF);
        assert_eq!(div_fixup(q, DENORM, NEG_DENORM), 0xFFC0_0000);
        assert_eq!(div_fixup(NEG_DENORM, 0x3F80_0000, 0x3F80_0000), 0);
        // A NaN quotient keeps its payload, with the sign of the division.
        assert_eq!(
            div_fixup(0x7FC0_1234, 0xBF80_0000, 0x3F80_0000),
            0xFFC0_1234
        );
    }

    fn b(x: f32) -> u32 {
        x.to_bits()
    }

    fn f(bits: u32) -> f32 {
        f32::from_bits(bits)
    }

    fn v(x: [f32; 4]) -> [u32; 4] {
        x.map(f32::to_bits)
    }

    #[test]
    fn denormals_flush_to_zero_of_the_same_sign() {
        // L3063, I-35: inputs and outputs.
        assert_eq!(ftz(DENORM), 0);
        assert_eq!(ftz(NEG_DENORM), NEG_ZERO);
        assert_eq!(ftz(b(1.5)), b(1.5));
        assert_eq!(add(DENORM, 0), 0);
        assert_eq!(add(b(1.0), DENORM), b(1.0));
        // 1.5 * 2^-126 - 2^-126 = 2^-127, a denormal result: flushed.
        let min = f32::MIN_POSITIVE;
        assert_eq!(sub(b(1.5 * min), b(min)), 0);
        assert_eq!(sub(b(-1.5 * min), b(-min)), NEG_ZERO);
        assert_eq!(mul(b(min), b(0.5), true), 0);
    }

    #[test]
    fn mul_without_ieee_makes_zero_times_anything_zero() {
        // L396, L7134.
        assert_eq!(mul(0, INF, false), 0);
        assert_eq!(mul(0, QNAN, false), 0);
        assert_eq!(mul(NEG_ZERO, b(5.0), false), NEG_ZERO);
        assert_eq!(mul(DENORM, INF, false), 0);
        assert!(f(mul(0, INF, true)).is_nan());
        assert!(f(mul(QNAN, 0, true)).is_nan());
        assert_eq!(mul(b(3.0), b(-0.5), false), b(-1.5));
    }

    #[test]
    fn mad_is_unfused_and_fma_is_fused() {
        // a*b = 1 + 2^-11 + 2^-24 exactly; rounded to single it is 1 + 2^-11 (tie to even).
        let a = 1.0 + 2f32.powi(-12);
        let c = -(1.0 + 2f32.powi(-11));
        let unfused = (a * a) + c; // Rust rounds each step
        let fused = (f64::from(a) * f64::from(a) + f64::from(c)) as f32; // exact in f64
        assert_eq!(unfused, 0.0);
        assert_eq!(fused, 2f32.powi(-24));
        assert_eq!(mad(b(a), b(a), b(c), true), b(unfused));
        assert_eq!(mad(b(a), b(a), b(c), false), b(unfused));
        assert_eq!(fma(b(a), b(a), b(c)), b(fused));
        // L7055: 0 * NaN + 1 = 1 without _ieee.
        assert_eq!(mad(0, QNAN, b(1.0), false), b(1.0));
        assert!(f(mad(0, QNAN, b(1.0), true)).is_nan());
        // fma is IEEE: 0 * Inf = NaN.
        assert!(f(fma(0, INF, b(1.0))).is_nan());
    }

    #[test]
    fn div_zeroop_follows_the_pseudo_code() {
        // L6635: f chosen by zeroop, negated when src0 < 0.
        assert_eq!(div(b(1.0), 0, ZeroOp::FltMax), FLT_MAX);
        assert_eq!(div(b(-1.0), 0, ZeroOp::FltMax), FLT_MAX | SIGN);
        assert_eq!(div(b(-1.0), NEG_ZERO, ZeroOp::FltMax), FLT_MAX | SIGN);
        assert_eq!(div(b(1.0), NEG_ZERO, ZeroOp::Infinity), INF);
        assert_eq!(div(0, 0, ZeroOp::FltMax), FLT_MAX);
        assert_eq!(div(QNAN, 0, ZeroOp::Infinity), INF);
        assert_eq!(div(b(-2.0), 0, ZeroOp::Infinity), NEG_INF);
        assert_eq!(div(b(-2.0), 0, ZeroOp::InfElseMax), NEG_INF);
        assert_eq!(div(b(2.0), 0, ZeroOp::Zero), 0);
        assert_eq!(div(b(-2.0), 0, ZeroOp::Zero), NEG_ZERO);
        // A denormal divisor is flushed, so it is a zero divisor.
        assert_eq!(div(b(1.0), DENORM, ZeroOp::FltMax), FLT_MAX);
        assert_eq!(div(b(1.0), b(3.0), ZeroOp::FltMax), b(1.0f32 / 3.0));
        assert!(f(div(INF, INF, ZeroOp::FltMax)).is_nan());
    }

    #[test]
    fn mod_is_fmod_and_returns_src0_for_a_zero_divisor() {
        // L7104: mod(-1.7, 1.0) = -0.7, computed exactly as -1.7 + 1 (Sterbenz).
        assert_eq!(fmod(b(-1.7), b(1.0)), b(-1.7f32 + 1.0));
        assert_eq!(fmod(b(5.5), 0), b(5.5));
        assert_eq!(fmod(b(5.5), NEG_ZERO), b(5.5));
        assert_eq!(fmod(b(7.0), b(-2.0)), b(1.0));
        assert_eq!(fmod(b(-7.0), b(2.0)), b(-1.0));
        assert_eq!(fmod(b(3.0), INF), b(3.0));
        assert!(f(fmod(INF, b(2.0))).is_nan());
        // A large quotient: 1e10 = 3 * 3333333333 + 1 exactly.
        assert_eq!(fmod(b(1e10), b(3.0)), b(1.0));
    }

    #[test]
    fn max_and_min_nan_zero_and_denormal_rules() {
        // L7065, L7078.
        assert_eq!(max(0, NEG_ZERO, false), 0);
        assert_eq!(max(NEG_ZERO, 0, false), 0);
        assert_eq!(max(NEG_ZERO, NEG_ZERO, false), NEG_ZERO);
        assert_eq!(min(0, NEG_ZERO, false), NEG_ZERO);
        assert_eq!(min(NEG_ZERO, 0, false), NEG_ZERO);
        assert_eq!(min(0, 0, true), 0);
        assert_eq!(max(QNAN, b(1.0), false), b(1.0));
        assert_eq!(max(b(1.0), QNAN, false), b(1.0));
        assert_eq!(min(QNAN, b(-1.0), false), b(-1.0));
        assert_eq!(min(b(-1.0), QNAN, true), b(-1.0));
        assert!(f(max(QNAN, QNAN, false)).is_nan());
        // The flushed denormal is written when it wins.
        assert_eq!(max(NEG_DENORM, b(-1.0), false), NEG_ZERO);
        assert_eq!(min(DENORM, b(1.0), false), 0);
        // _ieee: a signaling NaN gives a quiet NaN.
        let r = max(SNAN, b(1.0), true);
        assert!(f(r).is_nan() && r & QUIET != 0);
        assert_eq!(max(SNAN, b(1.0), false), b(1.0));
        assert_eq!(max(b(2.0), b(3.0), false), b(3.0));
        assert_eq!(min(b(2.0), b(3.0), true), b(2.0));
        assert_eq!(min3(b(3.0), b(1.0), b(2.0)), b(1.0));
        assert_eq!(max3(b(3.0), b(1.0), b(2.0)), b(3.0));
        assert_eq!(med3(b(3.0), b(1.0), b(2.0)), b(2.0));
        assert_eq!(med3(b(1.0), b(2.0), b(3.0)), b(2.0));
        assert_eq!(med3(b(2.0), b(3.0), b(1.0)), b(2.0));
    }

    #[test]
    fn float_compares_are_false_on_nan_even_ne() {
        // L3063, L6786, L7143 (I-31).
        assert_eq!(eq(0, NEG_ZERO), u32::MAX);
        assert_eq!(eq(DENORM, 0), u32::MAX);
        assert_eq!(ne(QNAN, b(1.0)), 0);
        assert_eq!(ne(QNAN, QNAN), 0);
        assert_eq!(ne(b(1.0), b(2.0)), u32::MAX);
        assert_eq!(eq(QNAN, QNAN), 0);
        assert_eq!(lt(QNAN, b(1.0)), 0);
        assert_eq!(ge(b(1.0), QNAN), 0);
        assert_eq!(ge(b(2.0), b(2.0)), u32::MAX);
        assert_eq!(lt(b(-1.0), NEG_ZERO), u32::MAX);
        assert_eq!(lt(NEG_ZERO, 0), 0);
    }

    #[test]
    fn set_cmp_and_cmov() {
        // L7382: 1.0 / 0.0.
        assert_eq!(set(RelOp::Gt, b(2.0), b(1.0)), ONE);
        assert_eq!(set(RelOp::Le, b(2.0), b(1.0)), 0);
        assert_eq!(set(RelOp::Ne, QNAN, b(1.0)), 0);
        // L6538 with Table 6.3's values.
        let half = cmpval(1).unwrap();
        assert_eq!(half, b(0.5));
        assert_eq!(cmpval(3), Some(b(-0.5)));
        assert_eq!(cmpval(5), None);
        assert_eq!(cmp(RelOp::Ge, half, b(0.5), b(10.0), b(20.0)), b(10.0));
        assert_eq!(cmp(RelOp::Lt, half, b(0.5), b(10.0), b(20.0)), b(20.0));
        assert_eq!(cmp(RelOp::Eq, 0, QNAN, b(10.0), b(20.0)), b(20.0));
        // cmov (I-23): moves unless src0 is ±0.0.
        assert_eq!(cmov(b(1.0), 0x1234_5678), Some(0x1234_5678));
        assert_eq!(cmov(0, 7), None);
        assert_eq!(cmov(NEG_ZERO, 7), None);
        assert_eq!(cmov(DENORM, 7), None);
        assert_eq!(cmov(QNAN, 7), Some(7));
        assert_eq!(cmov(b(-2.0), DENORM), Some(DENORM));
    }

    #[test]
    fn clamp_sgn_abs() {
        // L6501: min(max(src0, src1), src2).
        assert_eq!(clamp(b(5.0), 0, b(1.0)), b(1.0));
        assert_eq!(clamp(b(-5.0), 0, b(1.0)), 0);
        assert_eq!(clamp(b(0.5), 0, b(1.0)), b(0.5));
        assert!(f(clamp(QNAN, 0, b(1.0))).is_nan());
        // L7395.
        assert_eq!(sgn(b(-3.0)), MINUS_ONE);
        assert_eq!(sgn(NEG_ZERO), 0);
        assert_eq!(sgn(NEG_DENORM), 0);
        assert_eq!(sgn(b(0.1)), ONE);
        assert_eq!(sgn(QNAN), ONE);
        // L6421.
        assert_eq!(abs(b(-2.0)), b(2.0));
        assert_eq!(abs(NEG_ZERO), 0);
        assert_eq!(abs(NEG_DENORM), 0);
        assert_eq!(abs(QNAN | SIGN), QNAN);
    }

    #[test]
    fn rounding_instructions() {
        // L6864: floor(2.3) = 2.0, floor(-3.6) = -4.0.
        assert_eq!(flr(b(2.3)), b(2.0));
        assert_eq!(flr(b(-3.6)), b(-4.0));
        assert_eq!(round_neginf(b(-3.6)), b(-4.0));
        assert_eq!(round_plusinf(b(2.3)), b(3.0));
        assert_eq!(clg(b(-2.3)), b(-2.0));
        assert_eq!(round_z(b(-2.7)), b(-2.0));
        assert_eq!(trc(b(2.7)), b(2.0));
        assert_eq!(round_nearest(b(2.5)), b(2.0));
        assert_eq!(round_nearest(b(3.5)), b(4.0));
        assert_eq!(round_nearest(b(-2.5)), b(-2.0));
        // L7293: floor(x + 0.5), exactly.
        assert_eq!(rnd(b(2.5)), b(3.0));
        assert_eq!(rnd(b(-2.5)), b(-2.0));
        assert_eq!(rnd(b(0.499_999_97)), 0);
        assert_eq!(rnd(b(8_388_609.0)), b(8_388_609.0));
        assert_eq!(rnd(INF), INF);
        // L6891: frc(-1.7) = 0.3 (= -1.7 + 2 in single precision), range [0, 1).
        assert_eq!(frc(b(-1.7)), b(-1.7f32 + 2.0));
        assert_eq!(frc(b(1.75)), b(0.75));
        assert_eq!(frc(b(-1e-10)), BELOW_ONE);
        assert_eq!(frc(NEG_ZERO), 0);
        assert!(f(frc(INF)).is_nan());
    }

    #[test]
    fn exponentials_and_logarithms() {
        assert_eq!(exp(b(3.0)), b(8.0));
        assert_eq!(exp(b(-1.0)), b(0.5));
        assert_eq!(exp(NEG_INF), 0);
        assert_eq!(exp(INF), INF);
        assert_eq!(exp(b(200.0)), INF);
        // 2^-130 is a denormal: flushed.
        assert_eq!(exp(b(-130.0)), 0);
        assert_eq!(exp_vec(b(0.5)), b(std::f32::consts::SQRT_2));
        assert_eq!(exn(b(1.0)), b(std::f32::consts::E));
        assert_eq!(exn(0), ONE);
        // L6984-L6990: zero by zeroop, negative undefined.
        assert_eq!(log(b(8.0), ZeroOp::FltMax), b(3.0));
        assert_eq!(log(0, ZeroOp::FltMax), FLT_MAX | SIGN);
        assert_eq!(log(NEG_ZERO, ZeroOp::Infinity), NEG_INF);
        assert_eq!(log(DENORM, ZeroOp::InfElseMax), NEG_INF);
        assert_eq!(log(0, ZeroOp::Zero), 0);
        assert!(f(log(b(-1.0), ZeroOp::FltMax)).is_nan());
        assert_eq!(log(INF, ZeroOp::FltMax), INF);
        // L6997: log_vec is zeroop(infinity).
        assert_eq!(log_vec(0), NEG_INF);
        assert_eq!(log_vec(b(0.25)), b(-2.0));
        assert_eq!(ln(ONE, ZeroOp::FltMax), 0);
        assert!((f(ln(b(std::f32::consts::E), ZeroOp::FltMax)) - 1.0).abs() < 1e-7);
        assert_eq!(ln(0, ZeroOp::FltMax), FLT_MAX | SIGN);
        // L6836 / L7010 DX9 layouts.
        assert_eq!(
            expp(b(2.5)),
            [b(4.0), b(0.5), b(std::f32::consts::SQRT_2 * 4.0), ONE]
        );
        assert_eq!(logp(b(10.0), ZeroOp::FltMax)[..2], [b(3.0), b(1.25)]);
        assert_eq!(logp(b(10.0), ZeroOp::FltMax)[3], ONE);
        assert_eq!(
            logp(b(10.0), ZeroOp::FltMax)[2],
            b(std::f32::consts::LOG2_10)
        );
    }

    #[test]
    fn pow_special_cases() {
        assert_eq!(pow(b(2.0), b(10.0)), b(1024.0));
        assert_eq!(pow(b(4.0), b(0.5)), b(2.0));
        assert_eq!(pow(b(4.0), b(-0.5)), b(0.5));
        assert_eq!(pow(0, 0), ONE);
        assert_eq!(pow(QNAN, 0), ONE);
        assert_eq!(pow(b(1.0), QNAN), ONE);
        assert_eq!(pow(0, b(2.0)), 0);
        assert_eq!(pow(NEG_ZERO, b(-1.0)), INF);
        assert_eq!(pow(INF, b(-1.0)), 0);
        assert!(f(pow(b(-1.0), b(2.0))).is_nan());
        assert!(f(pow(b(2.0), QNAN)).is_nan());
        assert_eq!(pow(b(2.0), b(200.0)), INF);
    }

    #[test]
    fn reciprocal_and_roots() {
        // L7263: zeroop value, not signed.
        assert_eq!(rcp(0, ZeroOp::FltMax), FLT_MAX);
        assert_eq!(rcp(NEG_ZERO, ZeroOp::Infinity), INF);
        assert_eq!(rcp(NEG_DENORM, ZeroOp::Zero), 0);
        assert_eq!(rcp(b(1.0), ZeroOp::FltMax), ONE);
        assert_eq!(rcp(b(-4.0), ZeroOp::FltMax), b(-0.25));
        assert_eq!(rcp(INF, ZeroOp::FltMax), 0);
        assert_eq!(rcp_vec(NEG_ZERO), NEG_INF);
        assert_eq!(rcp_vec(b(3.0)), b(1.0f32 / 3.0));
        // L7356.
        assert_eq!(rsq(0, ZeroOp::FltMax), FLT_MAX);
        assert_eq!(rsq(NEG_ZERO, ZeroOp::Infinity), INF);
        assert_eq!(rsq(b(4.0), ZeroOp::FltMax), b(0.5));
        assert_eq!(
            rsq(b(2.0), ZeroOp::FltMax),
            b(std::f32::consts::FRAC_1_SQRT_2)
        );
        assert!(f(rsq(b(-4.0), ZeroOp::FltMax)).is_nan());
        assert_eq!(rsq(INF, ZeroOp::FltMax), 0);
        assert_eq!(rsq_vec(NEG_ZERO), NEG_INF);
        assert_eq!(rsq_vec(0), INF);
        assert!(f(rsq_vec(b(-1.0))).is_nan());
        assert_eq!(sqrt(b(16.0)), b(4.0));
        assert_eq!(sqrt(NEG_ZERO), NEG_ZERO);
        assert!(f(sqrt(b(-1.0))).is_nan());
        assert_eq!(sqrt_vec(b(2.0)), b(std::f32::consts::SQRT_2));
    }

    #[test]
    fn trigonometry_at_known_points() {
        use std::f32::consts::{FRAC_PI_2, FRAC_PI_4, PI};
        assert_eq!(sin(0), 0);
        assert_eq!(sin(b(FRAC_PI_2)), ONE);
        assert_eq!(cos(0), ONE);
        assert_eq!(cos(b(PI)), MINUS_ONE);
        assert!((f(sin(b(PI / 6.0))) - 0.5).abs() < 1e-7);
        assert!((f(tan(b(FRAC_PI_4))) - 1.0).abs() < 1e-7);
        assert!((f(acos(0)) - FRAC_PI_2).abs() < 1e-7);
        assert!((f(asin(ONE)) - FRAC_PI_2).abs() < 1e-7);
        assert!((f(atan(ONE)) - FRAC_PI_4).abs() < 1e-7);
        assert!(f(asin(b(2.0))).is_nan());
        assert!(f(sin(INF)).is_nan());
        // 100π: sin is ~0 (the _vec range of L7434).
        assert!(f(sin_vec(b(100.0 * PI))).abs() < 1e-4);
        assert!((f(cos_vec(b(100.0 * PI))) - 1.0).abs() < 1e-6);
        // L7421: x = cos, y = sin.
        assert_eq!(sincos(b(FRAC_PI_2))[1], ONE);
        assert_eq!(sincos(0), [ONE, 0]);
        assert_eq!(dxsincos(0), [ONE, 0]);
        // L7226: reduced to [-π, π].
        let r = f(pireduce(b(2.0 * PI + 1.0)));
        assert!((r - 1.0).abs() < 1e-6, "{r}");
        let r = f(pireduce(b(-0.5)));
        assert!((r + 0.5).abs() < 1e-7, "{r}");
        assert!(f(pireduce(INF)).is_nan());
    }

    #[test]
    fn dot_products_follow_the_pseudo_code() {
        let a = v([1.0, 2.0, 3.0, 4.0]);
        let c = v([5.0, 6.0, 7.0, 8.0]);
        assert_eq!(dp2(a, c, false), b(17.0));
        assert_eq!(dp3(a, c, false), b(38.0));
        assert_eq!(dp4(a, c, true), b(70.0));
        // Left-to-right rounding: (1e8 + 1) - 1e8 = 0 in single precision.
        let big = v([1e8, 1.0, -1e8, 0.0]);
        let ones = v([1.0; 4]);
        assert_eq!(dp3(big, ones, true), b((1e8f32 + 1.0) - 1e8));
        // The DX9 rule inside the products (L6652).
        let nan = [QNAN, b(2.0), 0, 0];
        let z = [0, b(3.0), 0, 0];
        assert_eq!(dp2(nan, z, false), b(6.0));
        assert!(f(dp2(nan, z, true)).is_nan());
        // dp2add adds src2.z (L6659, I-37).
        let c2 = v([100.0, 200.0, 3.0, 400.0]);
        assert_eq!(dp2add(a, c, c2, false), b(20.0));
    }

    #[test]
    fn cross_determinant_distance_length() {
        let x = v([1.0, 0.0, 0.0, 9.0]);
        let y = v([0.0, 1.0, 0.0, 9.0]);
        assert_eq!(crs(x, y), [0, 0, ONE]);
        assert_eq!(crs(y, x), [0, 0, MINUS_ONE]);
        let a = v([1.0, 2.0, 3.0, 0.0]);
        let c = v([4.0, 5.0, 6.0, 0.0]);
        // (2*6-3*5, 3*4-1*6, 1*5-2*4)
        assert_eq!(crs(a, c), [b(-3.0), b(6.0), b(-3.0)]);
        let diag = [
            v([2.0, 0.0, 0.0, 0.0]),
            v([0.0, 3.0, 0.0, 0.0]),
            v([0.0, 0.0, 4.0, 0.0]),
            v([0.0, 0.0, 0.0, 5.0]),
        ];
        assert_eq!(det(diag), b(120.0));
        let swap = [
            v([0.0, 1.0, 0.0, 0.0]),
            v([1.0, 0.0, 0.0, 0.0]),
            v([0.0, 0.0, 1.0, 0.0]),
            v([0.0, 0.0, 0.0, 1.0]),
        ];
        assert_eq!(det(swap), MINUS_ONE);
        let m = [
            v([1.0, 2.0, 3.0, 4.0]),
            v([5.0, 6.0, 7.0, 8.0]),
            v([2.0, 6.0, 4.0, 8.0]),
            v([3.0, 1.0, 1.0, 2.0]),
        ];
        // Independent: Laplace expansion in i64.
        let mi = [[1i64, 2, 3, 4], [5, 6, 7, 8], [2, 6, 4, 8], [3, 1, 1, 2]];
        let det3 = |r: [[i64; 3]; 3]| {
            r[0][0] * (r[1][1] * r[2][2] - r[1][2] * r[2][1])
                - r[0][1] * (r[1][0] * r[2][2] - r[1][2] * r[2][0])
                + r[0][2] * (r[1][0] * r[2][1] - r[1][1] * r[2][0])
        };
        let mut expected = 0i64;
        for col in 0..4 {
            let cols: Vec<usize> = (0..4).filter(|&c| c != col).collect();
            let minor = [1, 2, 3].map(|r| [mi[r][cols[0]], mi[r][cols[1]], mi[r][cols[2]]]);
            let sign = if col % 2 == 0 { 1 } else { -1 };
            expected += sign * mi[0][col] * det3(minor);
        }
        assert_eq!(det(m), b(expected as f32));
        // L6622 and L6944: all four components.
        assert_eq!(len(v([3.0, 4.0, 0.0, 0.0])), b(5.0));
        assert_eq!(len(v([1.0, 1.0, 1.0, 1.0])), b(2.0));
        assert_eq!(
            dist(v([4.0, 6.0, 1.0, 1.0]), v([1.0, 2.0, 1.0, 1.0])),
            b(5.0)
        );
        assert_eq!(dist(v([1.0; 4]), v([0.0; 4])), b(2.0));
    }

    #[test]
    fn nrm_scales_all_four_components() {
        // L7186: nrm3 sums xyz but scales xyzw.
        let r = nrm(v([3.0, 4.0, 0.0, 10.0]), false, ZeroOp::FltMax);
        assert_eq!(r, v([3.0 * 0.2, 4.0 * 0.2, 0.0, 10.0 * 0.2]));
        let r = nrm(v([1.0, 1.0, 1.0, 1.0]), true, ZeroOp::FltMax);
        assert_eq!(r, v([0.5; 4]));
        // A zero sum takes the zeroop value; zero components stay zero (DX9 multiply).
        let r = nrm(v([0.0, 0.0, 0.0, 2.0]), false, ZeroOp::Zero);
        assert_eq!(r, [0, 0, 0, 0]);
        let r = nrm(v([0.0, -0.0, 0.0, 1.0]), false, ZeroOp::FltMax);
        assert_eq!(r, [0, NEG_ZERO, 0, FLT_MAX]);
        let r = nrm(v([0.0, 0.0, 0.0, 1.0]), false, ZeroOp::Infinity);
        assert_eq!(r, [0, 0, 0, INF]);
    }

    #[test]
    fn lit_dst_lrp_reflect_faceforward() {
        // L6958.
        assert_eq!(lit(v([0.5, 0.25, 0.0, 2.0])), [ONE, b(0.5), b(0.0625), ONE]);
        assert_eq!(lit(v([-0.5, 0.25, 0.0, 2.0])), [ONE, 0, 0, ONE]);
        assert_eq!(lit(v([0.5, 0.0, 0.0, 2.0])), [ONE, b(0.5), 0, ONE]);
        // g is clamped to ±128 (128 - 2^-23 rounds to 128 in single precision).
        assert_eq!(lit(v([1.0, 2.0, 0.0, 1000.0]))[2], INF);
        assert_eq!(
            lit(v([1.0, 0.5, 0.0, 1000.0]))[2],
            output_f64(2f64.powi(-128))
        );
        // L6698.
        assert_eq!(
            dst(v([9.0, 2.0, 3.0, 9.0]), v([9.0, 4.0, 9.0, 5.0])),
            [ONE, b(8.0), b(3.0), b(5.0)]
        );
        assert_eq!(dst([0, 0, 0, 0], [0, INF, 0, 0])[1], 0);
        // L7025: src1*src0 + src2*(1 - src0).
        assert_eq!(lrp(b(0.25), b(8.0), b(4.0)), b(5.0));
        assert_eq!(lrp(b(1.0), b(8.0), INF), b(8.0));
        // L7279.
        let i = v([1.0, -1.0, 0.0, 0.0]);
        let n = v([0.0, 1.0, 0.0, 0.0]);
        assert_eq!(reflect(i, n, false), v([1.0, 1.0, 0.0, 0.0]));
        let n2 = v([0.0, 2.0, 0.0, 0.0]);
        // f = 2 * (-2) = -4; |n2|² = 4: 4*i - (-4)*n2 = (4, -4 + 8, 0, 0).
        assert_eq!(reflect(i, n2, true), v([4.0, 4.0, 0.0, 0.0]));
        // L6851.
        let c = v([1.0, 2.0, 3.0, 4.0]);
        assert_eq!(faceforward(n, i, c), v([-1.0, -2.0, -3.0, -4.0]));
        assert_eq!(faceforward(n, n, c), c);
        assert_eq!(faceforward(n, v([1.0, 0.0, 0.0, 0.0]), c), [0; 4]);
    }

    #[test]
    fn mmul_writes_the_produced_components() {
        let x = v([1.0, 2.0, 3.0, 4.0]);
        let rows = [
            v([1.0, 0.0, 0.0, 0.0]),
            v([0.0, 1.0, 0.0, 0.0]),
            v([0.0, 0.0, 1.0, 0.0]),
            v([1.0, 1.0, 1.0, 1.0]),
        ];
        assert_eq!(
            mmul(0, x, rows),
            [Some(b(1.0)), Some(b(2.0)), Some(b(3.0)), Some(b(10.0))]
        );
        assert_eq!(
            mmul(2, x, rows),
            [Some(b(1.0)), Some(b(2.0)), Some(b(3.0)), Some(b(6.0))]
        );
        assert_eq!(mmul(4, x, rows), [Some(b(1.0)), Some(b(2.0)), None, None]);
        assert_eq!(mmul(1, x, rows)[3], None);
        assert_eq!(mmul(9, x, rows), [None; 4]);
    }

    #[test]
    fn ldexp_frexp_class() {
        assert_eq!(ldexp(b(0.75), 3), b(6.0));
        assert_eq!(ldexp(b(3.0), (-1i32) as u32), b(1.5));
        assert_eq!(ldexp(b(1.0), 128), INF);
        assert_eq!(ldexp(b(1.0), (-127i32) as u32), 0);
        assert_eq!(ldexp(b(-1.0), 127), b(-(2f32.powi(127))));
        assert_eq!(ldexp(QNAN, 3), QNAN);
        assert_eq!(ldexp(b(1.0), i32::MIN as u32), 0);
        assert_eq!(frexp_mant(b(8.0)), b(0.5));
        assert_eq!(frexp_exp(b(8.0)), 4);
        assert_eq!(frexp_mant(b(-3.0)), b(-0.75));
        assert_eq!(frexp_exp(b(-3.0)), 2);
        assert_eq!(frexp_exp(b(0.25)), (-1i32) as u32);
        assert_eq!(frexp_mant(NEG_ZERO), NEG_ZERO);
        assert_eq!(frexp_exp(DENORM), 0);
        assert_eq!(frexp_exp(INF), u32::MAX);
        assert!(f(frexp_mant(INF)).is_nan());
        assert_eq!(frexp_mant(SNAN), SNAN | QUIET);
        assert_eq!(class(SNAN, 1), u32::MAX);
        assert_eq!(class(QNAN, 1), 0);
        assert_eq!(class(QNAN, 2), u32::MAX);
        assert_eq!(class(NEG_INF, 1 << 2), u32::MAX);
        assert_eq!(class(b(-1.0), 1 << 3), u32::MAX);
        assert_eq!(class(NEG_DENORM, 1 << 4), u32::MAX);
        assert_eq!(class(NEG_ZERO, 1 << 5), u32::MAX);
        assert_eq!(class(0, 1 << 6), u32::MAX);
        assert_eq!(class(DENORM, 1 << 7), u32::MAX);
        assert_eq!(class(b(1.0), 1 << 8), u32::MAX);
        assert_eq!(class(INF, 1 << 9), u32::MAX);
        assert_eq!(class(INF, !(1 << 9)), 0);
    }

    fn finite_normal() -> impl Strategy<Value = f32> {
        (any::<bool>(), 1u32..0xFF, 0u32..0x80_0000)
            .prop_map(|(s, e, m)| f32::from_bits(((s as u32) << 31) | (e << 23) | m))
    }

    proptest! {
        #[test]
        fn dx9_and_ieee_multiplies_agree_on_nonzero_operands(
            x in finite_normal(), y in finite_normal()
        ) {
            prop_assert_eq!(mul(b(x), b(y), false), mul(b(x), b(y), true));
            prop_assert_eq!(mul(b(x), b(y), true), ftz((x * y).to_bits()));
        }

        #[test]
        fn frc_is_in_zero_one(x in finite_normal()) {
            let r = f(frc(b(x)));
            prop_assert!((0.0..1.0).contains(&r), "{} -> {}", x, r);
        }

        #[test]
        fn rnd_is_round_half_up(x in -1.0e7f32..1.0e7) {
            // Independent: the nearest integer below and the distance to it.
            let lo = x.floor();
            let expected = if x - lo >= 0.5 { lo + 1.0 } else { lo };
            prop_assert_eq!(f(rnd(b(x))), expected);
        }

        #[test]
        fn fmod_matches_integer_arithmetic(a in -100_000i32..100_000, d in 1i32..1000) {
            prop_assert_eq!(f(fmod(b(a as f32), b(d as f32))), (a % d) as f32);
        }

        #[test]
        fn results_are_never_denormal(x in any::<u32>(), y in any::<u32>()) {
            for r in [add(x, y), sub(x, y), mul(x, y, true), mad(x, y, x, false),
                      fma(x, y, y), div(x, y, ZeroOp::FltMax), fmod(x, y), rcp_vec(x),
                      exp(x), ldexp(x, y), min(x, y, true), max(x, y, false)] {
                prop_assert!(r & EXP != 0 || r & !SIGN == 0, "{:#x}", r);
            }
        }
    }
}
