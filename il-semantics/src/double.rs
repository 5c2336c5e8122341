//! Double-precision instructions (7.12, L7567-L7857) and the App.B-only `dfrexp_exp` and
//! `dfrexp_mant`.
//!
//! A double is a `u64`: the executor reads `src.xy` (after the swizzle) with the low dword in
//! x and the high dword in y, and writes `dst.xy` or `dst.zw` (L3188-L3224); [`pack`] and
//! [`unpack`] do the packing. Results are the IEEE results (L7573, L7602, L7775: "Output is
//! the correct IEEE result"), with no flushing except where an entry says so. Compares return
//! one 0xFFFFFFFF/0 dword that the executor broadcasts (L3065-L3067).

use crate::int::mask;
use il_frontend::enums::ZeroOp;

const SIGN: u64 = 1 << 63;
const EXP: u64 = 0x7FF0_0000_0000_0000;
const FRAC: u64 = 0x000F_FFFF_FFFF_FFFF;
const QUIET: u64 = 1 << 51;
/// The quiet NaN ilc returns where the reference leaves a double result undefined.
pub const QNAN: u64 = 0x7FF8_0000_0000_0000;
/// `DBL_MAX`.
pub const DBL_MAX: u64 = 0x7FEF_FFFF_FFFF_FFFF;
/// +Infinity.
pub const INF: u64 = 0x7FF0_0000_0000_0000;

/// Packs the low dword (x or z) and the high dword (y or w) of a register pair (L3190).
#[inline]
pub fn pack(lo: u32, hi: u32) -> u64 {
    (u64::from(hi) << 32) | u64::from(lo)
}

/// Splits a double into (low dword, high dword), for dst.xy or dst.zw (L3190).
#[inline]
pub fn unpack(d: u64) -> (u32, u32) {
    (d as u32, (d >> 32) as u32)
}

#[inline]
fn d(bits: u64) -> f64 {
    f64::from_bits(bits)
}

#[inline]
fn is_nan(bits: u64) -> bool {
    bits & !SIGN > EXP
}

// ---- arithmetic ---------------------------------------------------------------------------

/// `dadd` (L7571): the IEEE sum (Inf + -Inf = NaN; -0 + -0 = -0, +0 otherwise for zeros).
#[inline]
pub fn dadd(a: u64, b: u64) -> u64 {
    (d(a) + d(b)).to_bits()
}

/// `dmul` (L7773): the IEEE product (0 * Inf = NaN).
#[inline]
pub fn dmul(a: u64, b: u64) -> u64 {
    (d(a) * d(b)).to_bits()
}

/// `ddiv` (L7600): the IEEE quotient (x / 0 = ±Inf, 0 / 0 = NaN).
#[inline]
pub fn ddiv(a: u64, b: u64) -> u64 {
    (d(a) / d(b)).to_bits()
}

/// `ddiv_fixup` (App.B `IL_OP_D_DIV_FIXUP`): GCN's V_DIV_FIXUP_F64 (vega L17041-17101), the
/// double form of `float::div_fixup` (no flushing, as every double instruction); the
/// quiet-NaN result of 0/0 and Inf/Inf is 0xFFF8000000000000.
#[inline]
pub fn ddiv_fixup(q: u64, d: u64, n: u64) -> u64 {
    div_fixup_bits(q, d, n, [SIGN, EXP, QUIET, 0xFFF8_0000_0000_0000])
}

/// V_DIV_FIXUP's case table on patterns of either width (the f32 form widens them):
/// `[sign bit, exponent mask, quiet bit, the NaN of 0/0 and Inf/Inf]` of the width. S0 = q
/// the quotient, S1 = d the denominator, S2 = n the numerator (vega L16967-17101).
pub(crate) fn div_fixup_bits(q: u64, d: u64, n: u64, [sign_bit, exp, quiet, nan]: [u64; 4]) -> u64 {
    let sign = (d ^ n) & sign_bit;
    let (ad, an) = (d & !sign_bit, n & !sign_bit);
    if an > exp {
        n | quiet
    } else if ad > exp {
        d | quiet
    } else if (ad == 0 && an == 0) || (ad == exp && an == exp) {
        nan
    } else if ad == 0 || an == exp {
        sign | exp
    } else if ad == exp || an == 0 {
        sign
    } else {
        (q & !sign_bit) | sign
    }
}

/// `dmad` (L7802): src0 * src1 + src2 **fused** (one rounding): "from Evergreen GPUs and
/// later, hardware maps this instruction to FMA64".
#[inline]
pub fn dmad(a: u64, b: u64, c: u64) -> u64 {
    d(a).mul_add(d(b), d(c)).to_bits()
}

/// `dsqrt` (L7850): the correctly rounded square root; negative → NaN (IEEE; the entry is
/// silent); -0 → -0.
#[inline]
pub fn dsqrt(a: u64) -> u64 {
    d(a).sqrt().to_bits()
}

/// The value of a `zeroop` for the double instructions (L7830): 0.0, DBL_MAX (`fltmax`) or
/// +Inf (`infinity`, and `inf_else_max` since the interpreter supports Inf).
#[inline]
pub fn zeroop_value(zeroop: ZeroOp) -> u64 {
    match zeroop {
        ZeroOp::Zero => 0,
        ZeroOp::FltMax => DBL_MAX,
        ZeroOp::Infinity | ZeroOp::InfElseMax => INF,
    }
}

/// `drcp_zeroop(op)` (L7828): 1 / src. src == ±0 gives the `zeroop` value unsigned (the
/// pseudo-code assigns it without a sign); otherwise the IEEE reciprocal. The operand is the
/// double in src.xy, like every double (the prose's "src.w" contradicts L3222).
#[inline]
pub fn drcp(a: u64, zeroop: ZeroOp) -> u64 {
    let x = d(a);
    if x == 0.0 {
        zeroop_value(zeroop)
    } else {
        (1.0 / x).to_bits()
    }
}

/// 1/sqrt(x) for a finite positive x, as close to the correctly rounded value as one
/// correction step with an exact residual gets.
fn rsqrt(x: f64) -> f64 {
    // Keep x*r*r away from the ends of the exponent range.
    const fn pow2(e: i32) -> f64 {
        f64::from_bits(((e + 1023) as u64) << 52)
    }
    if x < 1e-290 {
        return rsqrt(x * pow2(1000)) * pow2(500);
    }
    if x > 1e290 {
        return rsqrt(x * pow2(-1000)) * pow2(-500);
    }
    let r = 1.0 / x.sqrt();
    // e = 1 - x r², with r² = h + hl and x h = p + pl exactly.
    let h = r * r;
    let hl = r.mul_add(r, -h);
    let p = x * h;
    let pl = x.mul_add(h, -p);
    let e = (1.0 - p) - pl - x * hl;
    (0.5 * r).mul_add(e, r)
}

/// `drsq_zeroop(op)` (L7839): 1 / sqrt(src). src == ±0 gives the `zeroop` value unsigned;
/// a negative src (which the pseudo-code does not cover) gives NaN; +Inf gives +0.
#[inline]
pub fn drsq(a: u64, zeroop: ZeroOp) -> u64 {
    let x = d(a);
    if x == 0.0 {
        zeroop_value(zeroop)
    } else if x.is_nan() {
        a | QUIET
    } else if x < 0.0 {
        QNAN
    } else if x.is_infinite() {
        0
    } else {
        rsqrt(x).to_bits()
    }
}

/// `dfrac` (L7626): src - floor(src) in [0.0, 1.0), by the table of L7629-L7630: ±Inf and
/// NaN → NaN, ±0, ±1.0 and **±denormal → +0** (a negative denormal would otherwise round to
/// 1.0). A difference that rounds up to 1.0 gives the largest double below 1.0.
#[inline]
pub fn dfrac(a: u64) -> u64 {
    let x = d(a);
    if x.is_nan() {
        return a | QUIET;
    }
    if x.is_infinite() {
        return QNAN;
    }
    if a & EXP == 0 {
        return 0;
    }
    let r = x - x.floor();
    if r >= 1.0 {
        0x3FEF_FFFF_FFFF_FFFF
    } else {
        r.to_bits()
    }
}

/// `dfrexp` (L7642): `[x, y, z, w]` = `[0, exponent, mantissa.lo, mantissa.hi]`, with src =
/// mantissa * 2^exponent and the mantissa in ±[0.5, 1), by the table of L7644-L7646: ±0 and
/// ±denormal give exponent 0 and mantissa ±0 (the sign kept); NaN gives exponent -1 and the
/// NaN quieted (`{s, 0x7ff, 1, mant[50:0]}`); ±Inf gives exponent -1 and
/// 0xFFF8000000000000. All four components are written.
#[inline]
pub fn dfrexp(a: u64) -> [u32; 4] {
    let (e, m) = frexp(a);
    let (lo, hi) = unpack(m);
    [0, e, lo, hi]
}

#[inline]
fn frexp(a: u64) -> (u32, u64) {
    if is_nan(a) {
        return (u32::MAX, a | QUIET);
    }
    if a & !SIGN == INF {
        return (u32::MAX, 0xFFF8_0000_0000_0000);
    }
    if a & EXP == 0 {
        return (0, a & SIGN);
    }
    let e = ((a & EXP) >> 52) as i32 - 1022;
    (e as u32, (a & !EXP) | (1022 << 52))
}

/// `dfrexp_exp` (App.B only): `dfrexp`'s y.
#[inline]
pub fn dfrexp_exp(a: u64) -> u32 {
    frexp(a).0
}

/// `dfrexp_mant` (App.B only): `dfrexp`'s zw.
#[inline]
pub fn dfrexp_mant(a: u64) -> u64 {
    frexp(a).1
}

/// `dldexp` (L7687): src0.xy * 2^src1.x, with src1.x a signed integer — the operand
/// description, not the formula "source1 * 2^source0" (I-24; AMD's own kernels in the
/// corpus use `dldexp r.xy, mantissa.xy, exponent.x`). NaN → NaN; ±0 and ±Inf unchanged;
/// overflow → ±Inf; "underflow produces 0": a result below the normal range is ±0, so the
/// result is always exact.
#[inline]
pub fn dldexp(a: u64, n: u32) -> u64 {
    if is_nan(a) {
        return a | QUIET;
    }
    if a & !SIGN == INF || a & !SIGN == 0 {
        return a;
    }
    let sign = a & SIGN;
    // a = (m / 2^52) * 2^e with bit 52 of m set.
    let (e, m) = if a & EXP == 0 {
        let f = a & FRAC;
        let shift = f.leading_zeros() - 11;
        (-1022 - i64::from(shift), f << shift)
    } else {
        (((a & EXP) >> 52) as i64 - 1023, (a & FRAC) | (1 << 52))
    };
    let e = e + i64::from(n as i32);
    if e > 1023 {
        sign | INF
    } else if e < -1022 {
        sign
    } else {
        sign | (((e + 1023) as u64) << 52) | (m & FRAC)
    }
}

// ---- comparisons and selection ---------------------------------------------------------------

/// `deq` (L7613): src0 == src1 (IEEE; +0 == -0; NaN → FALSE).
#[inline]
pub fn deq(a: u64, b: u64) -> u32 {
    mask(d(a) == d(b))
}

/// `dne` (L7815): src0 != src1; "a compare with NaN returns TRUE" (unlike float `ne`, I-31).
#[inline]
pub fn dne(a: u64, b: u64) -> u32 {
    mask(d(a) != d(b))
}

/// `dge` (L7657): src0 >= src1, IEEE (NaN → FALSE). Doubles are not flushed: a denormal
/// compares by value, as `dlt`'s table (L7706-L7717) has it; `dge`'s table treats denormals
/// as zero (L7663-L7673), which would make `dge` and `dlt` disagree.
#[inline]
pub fn dge(a: u64, b: u64) -> u32 {
    mask(d(a) >= d(b))
}

/// `dlt` (L7698): src0 < src1, IEEE (NaN → FALSE), as the table of L7706-L7717.
#[inline]
pub fn dlt(a: u64, b: u64) -> u32 {
    mask(d(a) < d(b))
}

/// `dmax` (L7731): `src0 >= src1 ? src0 : src1` (so `dmax(-0, +0)` is -0, the partner of
/// `dmin(-0, +0) = +0`); one NaN operand returns the other (IEEE 754-2008 maxNum); two NaNs
/// return src0 quieted.
#[inline]
pub fn dmax(a: u64, b: u64) -> u64 {
    match (is_nan(a), is_nan(b)) {
        (true, true) => a | QUIET,
        (true, false) => b,
        (false, true) => a,
        _ if d(a) >= d(b) => a,
        _ => b,
    }
}

/// `dmin` (L7742): `src0 < src1 ? src0 : src1`; NaN as [`dmax`].
#[inline]
pub fn dmin(a: u64, b: u64) -> u64 {
    match (is_nan(a), is_nan(b)) {
        (true, true) => a | QUIET,
        (true, false) => b,
        (false, true) => a,
        _ if d(a) < d(b) => a,
        _ => b,
    }
}

/// `dmovc` (L7764): `src0.x == 0 ? src1 : src2` with an integer test on src0.x, **as the
/// pseudo-code says** (I-25: the reverse of `cmov_logical` and of DX11's `dmovc`; ilc keeps the
/// reference's reading, see `docs/decisions.md`).
#[inline]
pub fn dmovc(cond: u32, a: u64, b: u64) -> u64 {
    if cond == 0 {
        a
    } else {
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn b(x: f64) -> u64 {
        x.to_bits()
    }

    #[test]
    fn ddiv_fixup_special_cases() {
        // vega L17041-17101; S0 = quotient, S1 = denominator, S2 = numerator.
        let q = b(3.0);
        assert_eq!(ddiv_fixup(q, b(-2.0), b(6.0)), b(-3.0));
        assert_eq!(ddiv_fixup(b(-3.0), b(-2.0), b(-6.0)), b(3.0));
        assert_eq!(
            ddiv_fixup(q, b(1.0), 0x7FF0_0000_0000_0001),
            0x7FF8_0000_0000_0001
        );
        assert_eq!(
            ddiv_fixup(q, 0xFFF0_0000_0000_0002, b(1.0)),
            0xFFF8_0000_0000_0002
        );
        assert_eq!(ddiv_fixup(q, b(0.0), b(-0.0)), 0xFFF8_0000_0000_0000);
        assert_eq!(
            ddiv_fixup(q, b(f64::INFINITY), b(f64::NEG_INFINITY)),
            0xFFF8_0000_0000_0000
        );
        assert_eq!(ddiv_fixup(q, b(-0.0), b(1.0)), b(f64::NEG_INFINITY));
        assert_eq!(ddiv_fixup(q, b(1.0), b(f64::INFINITY)), b(f64::INFINITY));
        assert_eq!(ddiv_fixup(q, b(f64::NEG_INFINITY), b(1.0)), b(-0.0));
        assert_eq!(ddiv_fixup(q, b(1.0), b(0.0)), b(0.0));
        // Denormals are not flushed: a denormal denominator is not a zero.
        assert_eq!(ddiv_fixup(q, 1, b(1.0)), b(3.0));
        assert_eq!(ddiv_fixup(1 | (1 << 63), b(1.0), b(1.0)), 1);
    }

    const NEG_ZERO: u64 = SIGN;
    const DENORM: u64 = 1;
    const NEG_DENORM: u64 = SIGN | 1;

    #[test]
    fn pack_and_unpack_put_the_high_dword_in_y() {
        // L3196-L3204: 3.0 = 0x4008000000000000, y = 0x40080000, x = 0.
        assert_eq!(pack(0, 0x4008_0000), b(3.0));
        assert_eq!(unpack(b(3.0)), (0, 0x4008_0000));
    }

    #[test]
    fn arithmetic_special_values() {
        // The dadd table (L7575-L7584).
        assert!(d(dadd(b(f64::NEG_INFINITY), b(f64::INFINITY))).is_nan());
        assert_eq!(dadd(NEG_ZERO, 0), 0);
        assert_eq!(dadd(NEG_ZERO, NEG_ZERO), NEG_ZERO);
        assert_eq!(dadd(b(-2.0), b(2.0)), 0);
        assert_eq!(dadd(b(1.5), b(2.25)), b(3.75));
        // The dmul table (L7775-L7786).
        assert!(d(dmul(0, b(f64::INFINITY))).is_nan());
        assert_eq!(dmul(b(-1.0), b(f64::INFINITY)), b(f64::NEG_INFINITY));
        assert_eq!(dmul(NEG_ZERO, b(2.0)), NEG_ZERO);
        assert_eq!(ddiv(b(1.0), 0), b(f64::INFINITY));
        assert_eq!(ddiv(b(1.0), b(4.0)), b(0.25));
        assert!(d(ddiv(0, 0)).is_nan());
        assert_eq!(dsqrt(b(2.0)), b(std::f64::consts::SQRT_2));
        assert_eq!(dsqrt(NEG_ZERO), NEG_ZERO);
        assert!(d(dsqrt(b(-1.0))).is_nan());
    }

    #[test]
    fn dmad_is_fused() {
        // (1 + 2^-30)² = 1 + 2^-29 + 2^-60; minus (1 + 2^-29) leaves 2^-60 when fused and 0
        // when the product is rounded first (2^-60 is far below half an ulp of 1).
        let a = b(1.0 + 2f64.powi(-30));
        let c = b(-(1.0 + 2f64.powi(-29)));
        assert_eq!(dmad(a, a, c), b(2f64.powi(-60)));
        assert_eq!(dadd(dmul(a, a), c), 0);
    }

    #[test]
    fn compares() {
        // L7615, L7817 (I-31).
        assert_eq!(deq(0, NEG_ZERO), u32::MAX);
        assert_eq!(deq(QNAN, QNAN), 0);
        assert_eq!(dne(QNAN, b(1.0)), u32::MAX);
        assert_eq!(dne(QNAN, QNAN), u32::MAX);
        assert_eq!(dne(b(1.0), b(1.0)), 0);
        assert_eq!(dge(QNAN, b(1.0)), 0);
        assert_eq!(dlt(b(1.0), QNAN), 0);
        // The dlt table: -0 < +denorm is T, -denorm < -0 is T (L7710-L7713).
        assert_eq!(dlt(NEG_ZERO, DENORM), u32::MAX);
        assert_eq!(dlt(NEG_DENORM, NEG_ZERO), u32::MAX);
        assert_eq!(dlt(0, NEG_ZERO), 0);
        // dge follows IEEE too (its own table would say T).
        assert_eq!(dge(NEG_DENORM, DENORM), 0);
        assert_eq!(dge(0, NEG_ZERO), u32::MAX);
        assert_eq!(dge(b(f64::INFINITY), b(f64::INFINITY)), u32::MAX);
    }

    #[test]
    fn min_max_and_movc() {
        // L7733: >= so that min and max pick different operands.
        assert_eq!(dmax(NEG_ZERO, 0), NEG_ZERO);
        assert_eq!(dmin(NEG_ZERO, 0), 0);
        assert_eq!(dmax(0, NEG_ZERO), 0);
        assert_eq!(dmin(0, NEG_ZERO), NEG_ZERO);
        assert_eq!(dmax(QNAN, b(1.0)), b(1.0));
        assert_eq!(dmin(b(1.0), QNAN), b(1.0));
        assert!(d(dmax(QNAN, QNAN)).is_nan());
        assert_eq!(dmax(b(1.0), b(2.0)), b(2.0));
        assert_eq!(dmin(b(1.0), b(2.0)), b(1.0));
        // L7766 (I-25): src0.x == 0 selects src1.
        assert_eq!(dmovc(0, b(1.0), b(2.0)), b(1.0));
        assert_eq!(dmovc(1, b(1.0), b(2.0)), b(2.0));
        assert_eq!(dmovc(0x8000_0000, b(1.0), b(2.0)), b(2.0));
    }

    #[test]
    fn reciprocal_and_rsq_zeroop() {
        // L7830 pseudo-code.
        assert_eq!(drcp(0, ZeroOp::FltMax), DBL_MAX);
        assert_eq!(drcp(NEG_ZERO, ZeroOp::Infinity), INF);
        assert_eq!(drcp(0, ZeroOp::Zero), 0);
        assert_eq!(drcp(b(1.0), ZeroOp::FltMax), b(1.0));
        assert_eq!(drcp(b(-4.0), ZeroOp::FltMax), b(-0.25));
        assert_eq!(drcp(b(3.0), ZeroOp::FltMax), b(1.0 / 3.0));
        assert_eq!(drsq(0, ZeroOp::FltMax), DBL_MAX);
        assert_eq!(drsq(NEG_ZERO, ZeroOp::InfElseMax), INF);
        assert_eq!(drsq(b(4.0), ZeroOp::FltMax), b(0.5));
        assert_eq!(drsq(b(0.25), ZeroOp::FltMax), b(2.0));
        assert_eq!(
            drsq(b(2.0), ZeroOp::FltMax),
            b(std::f64::consts::FRAC_1_SQRT_2)
        );
        assert_eq!(drsq(b(2f64.powi(1000)), ZeroOp::FltMax), b(2f64.powi(-500)));
        assert_eq!(drsq(DENORM, ZeroOp::FltMax), b(2f64.powi(537)));
        assert!(d(drsq(b(-1.0), ZeroOp::FltMax)).is_nan());
        assert_eq!(drsq(b(f64::INFINITY), ZeroOp::FltMax), 0);
    }

    #[test]
    fn dfrac_table() {
        // L7629-L7630.
        assert!(d(dfrac(b(f64::NEG_INFINITY))).is_nan());
        assert!(d(dfrac(b(f64::INFINITY))).is_nan());
        assert!(d(dfrac(QNAN)).is_nan());
        assert_eq!(dfrac(b(-1.0)), 0);
        assert_eq!(dfrac(b(1.0)), 0);
        assert_eq!(dfrac(NEG_ZERO), 0);
        assert_eq!(dfrac(NEG_DENORM), 0);
        assert_eq!(dfrac(DENORM), 0);
        assert_eq!(dfrac(b(2.75)), b(0.75));
        assert_eq!(dfrac(b(-2.25)), b(0.75));
        assert_eq!(dfrac(b(-1e-300)), 0x3FEF_FFFF_FFFF_FFFF);
    }

    #[test]
    fn dfrexp_table() {
        // L7644-L7646.
        assert_eq!(dfrexp(b(8.0)), [0, 4, 0, 0x3FE0_0000]);
        let [x, y, lo, hi] = dfrexp(b(-3.0));
        assert_eq!((x, y, pack(lo, hi)), (0, 2, b(-0.75)));
        assert_eq!(dfrexp(NEG_ZERO), [0, 0, 0, 0x8000_0000]);
        assert_eq!(dfrexp(0), [0; 4]);
        assert_eq!(dfrexp(NEG_DENORM), [0, 0, 0, 0x8000_0000]);
        assert_eq!(dfrexp(b(f64::INFINITY)), [0, u32::MAX, 0, 0xFFF8_0000]);
        assert_eq!(dfrexp(b(f64::NEG_INFINITY)), [0, u32::MAX, 0, 0xFFF8_0000]);
        // An SNaN comes back quiet with its payload.
        assert_eq!(dfrexp(0xFFF0_0000_0000_0001), [0, u32::MAX, 1, 0xFFF8_0000]);
        assert_eq!(dfrexp_exp(b(0.25)), (-1i32) as u32);
        assert_eq!(dfrexp_mant(b(0.25)), b(0.5));
    }

    #[test]
    fn dldexp_operand_roles() {
        // I-24: src0 is the double, src1.x the integer exponent.
        assert_eq!(dldexp(b(0.75), 3), b(6.0));
        assert_eq!(dldexp(b(-0.5), (-2i32) as u32), b(-0.125));
        assert_eq!(dldexp(b(1.0), 1024), INF);
        assert_eq!(dldexp(b(-1.0), 1024), SIGN | INF);
        assert_eq!(dldexp(b(1.0), (-1023i32) as u32), 0);
        assert_eq!(dldexp(b(-1.0), (-1023i32) as u32), NEG_ZERO);
        assert_eq!(dldexp(b(1.0), (-1022i32) as u32), b(f64::MIN_POSITIVE));
        assert_eq!(dldexp(DENORM, 1074), b(1.0));
        assert_eq!(dldexp(b(1.0), i32::MIN as u32), 0);
        assert_eq!(dldexp(b(1.0), i32::MAX as u32), INF);
        assert!(d(dldexp(QNAN, 1)).is_nan());
        assert_eq!(dldexp(NEG_ZERO, 5), NEG_ZERO);
    }

    proptest! {
        #[test]
        fn dldexp_scales_exactly(m in 0.5f64..1.0, n in -1000i32..1000) {
            prop_assert_eq!(d(dldexp(b(m), n as u32)), m * 2f64.powi(n));
        }

        #[test]
        fn dfrexp_reassembles(x in proptest::num::f64::NORMAL) {
            let [_, e, lo, hi] = dfrexp(b(x));
            let m = d(pack(lo, hi));
            prop_assert!((0.5..1.0).contains(&m.abs()));
            // 2^(e-1) is normal for every normal x (2^e alone overflows at e = 1024).
            prop_assert_eq!((m * 2.0) * 2f64.powi(e as i32 - 1), x);
        }

        #[test]
        fn drsq_residual_is_tiny(x in 1e-300f64..1e300) {
            let r = d(drsq(b(x), ZeroOp::FltMax));
            prop_assert!((x * r * r - 1.0).abs() < 6e-16, "{} {}", x, r);
        }
    }
}
