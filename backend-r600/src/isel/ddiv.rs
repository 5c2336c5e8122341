//! Double division, reciprocal and square roots on Cayman: `ddiv`, `drcp`, `dsqrt`, `drsq`.
//!
//! RECIP_64, RECIPSQRT_64 and SQRT_64 give only a high dword of an "ApproximateRecip" /
//! "ApproximateSqrt" with no stated accuracy (cayman L6297-L6302, L6391-L6395, L6918-L6920),
//! so they are not used. Instead each operand is split into a significand in [1, 2) (or
//! [1, 4) for the roots) and a power of two, a single-precision seed (RECIP_IEEE /
//! RECIPSQRT_IEEE) is refined by Newton steps in FMA_64, and the power of two is put back.
//! The clauses run in the IEEE double mode (crate::alu_mode), so denormal operands and
//! results are real values.
//!
//! `ddiv` must be correctly rounded (il-semantics `double::ddiv`, accuracy table: exact):
//! the quotient of the significands is rounded to nearest with the exact remainder
//! a - b·q (FMA_64), and a result below the normal range is rounded once by the last
//! multiply, with the remainder's sign breaking the one tie that multiply cannot see.
//! `drcp` is `ddiv(1, x)`; `dsqrt` is within 1 ulp and `drsq` within 2 (the accuracy table).

use il_frontend::enums::ZeroOp;

use super::wide::Wide;
use super::Isel;
use crate::isa::AluOp as A;
use crate::mir::Operand;

const SIGN: u32 = 0x8000_0000;
/// High dword of 1.0.
const ONE_HI: u32 = 0x3FF0_0000;
/// High dword of 2^54, the factor that makes a denormal normal (exactly).
const TWO_54_HI: u32 = 0x4350_0000;

/// What a double is besides a finite nonzero number.
struct Class {
    zero: Operand,
    inf: Operand,
    nan: Operand,
    /// The operand's bits without source modifiers.
    plain: Wide,
}

impl Isel<'_> {
    fn imm64(hi: u32) -> Wide {
        (Operand::imm(0), Operand::imm(hi))
    }

    /// x with its modifiers applied, as plain dwords.
    fn plain64(&mut self, x: Wide) -> Wide {
        let plain = |s: &mut Self, o: Operand| {
            if o.neg || o.abs {
                s.alu_op(A::Mov, vec![o])
            } else {
                o
            }
        };
        (plain(self, x.0), plain(self, x.1))
    }

    fn classify(&mut self, x: Wide) -> Class {
        let imm = Operand::imm;
        let x = self.plain64(x);
        let e = self.alu_op(A::BfeUint, vec![x.1, imm(20), imm(11)]);
        let m = self.alu_op(A::AndInt, vec![x.1, imm(0x000F_FFFF)]);
        let m = self.alu_op(A::OrInt, vec![m, x.0]);
        let mz = self.alu_op(A::SeteInt, vec![m, imm(0)]);
        let ez = self.alu_op(A::SeteInt, vec![e, imm(0)]);
        let emax = self.alu_op(A::SeteInt, vec![e, imm(2047)]);
        let zero = self.alu_op(A::AndInt, vec![ez, mz]);
        let inf = self.alu_op(A::AndInt, vec![emax, mz]);
        let finite_m = self.alu_op(A::NotInt, vec![mz]);
        let nan = self.alu_op(A::AndInt, vec![emax, finite_m]);
        Class {
            zero,
            inf,
            nan,
            plain: x,
        }
    }

    /// |x| = s · 2^e for a finite nonzero x, with s in [1, 2): (s, e). A denormal is scaled
    /// by 2^54 first (exact in the IEEE double mode).
    fn split_significand(&mut self, x: Wide) -> (Wide, Operand) {
        let imm = Operand::imm;
        let hi = self.alu_op(A::AndInt, vec![x.1, imm(!SIGN)]);
        let ef = self.alu_op(A::BfeUint, vec![hi, imm(20), imm(11)]);
        let scaled = self.op64(A::Mul64, &[(x.0, hi), Self::imm64(TWO_54_HI)]);
        let lo = self.alu_op(A::CndeInt, vec![ef, scaled.0, x.0]);
        let hi = self.alu_op(A::CndeInt, vec![ef, scaled.1, hi]);
        let bias = self.alu_op(A::CndeInt, vec![ef, imm(1023 + 54), imm(1023)]);
        let ef = self.alu_op(A::BfeUint, vec![hi, imm(20), imm(11)]);
        let e = self.alu_op(A::SubInt, vec![ef, bias]);
        let m = self.alu_op(A::AndInt, vec![hi, imm(0x000F_FFFF)]);
        let m = self.alu_op(A::OrInt, vec![m, imm(ONE_HI)]);
        ((lo, m), e)
    }

    /// The float nearest to a double (FLT64_TO_FLT32): a seed's input.
    fn nearest_float(&mut self, x: Wide) -> Operand {
        self.op64(A::Flt64ToFlt32, &[x]).0
    }

    /// A float as a double (FLT32_TO_FLT64, exact).
    fn widen_float(&mut self, f: Operand) -> Wide {
        self.op64(A::Flt32ToFlt64, &[(f, f)])
    }

    fn neg64(x: Wide) -> Wide {
        (x.0, x.1.negated())
    }

    /// a / b for finite nonzero a, b, as magnitudes (the caller applies the sign):
    /// correctly rounded, including results below the normal range and overflow.
    fn div_magnitudes(&mut self, a: Wide, b: Wide) -> Wide {
        let imm = Operand::imm;
        let (sa, ea) = self.split_significand(a);
        let (sb, eb) = self.split_significand(b);
        let k = self.alu_op(A::SubInt, vec![ea, eb]);
        // 1/sb: a float seed (relative error about 2^-23), two Newton steps.
        let f = self.nearest_float(sb);
        let f = self.alu_op(A::RecipIeee, vec![f]);
        let mut y = self.widen_float(f);
        let one = Self::imm64(ONE_HI);
        for _ in 0..2 {
            let e = self.op64(A::Fma64, &[Self::neg64(sb), y, one]);
            y = self.op64(A::Fma64, &[y, e, y]);
        }
        // q within one ulp of sa / sb (in (0.5, 2)).
        let q0 = self.op64(A::Mul64, &[sa, y]);
        let r0 = self.op64(A::Fma64, &[Self::neg64(sb), q0, sa]);
        let q = self.op64(A::Fma64, &[r0, y, q0]);
        let q = self.round_quotient(sa, sb, q);
        // The remainder's sign: whether the exact quotient lies above q.
        let r = self.op64(A::Fma64, &[Self::neg64(sb), q, sa]);
        // q · 2^k, rounded once (the first multiply is exact where it matters).
        let k2 = self.alu_op(A::MaxInt, vec![k, imm((-1022i32) as u32)]);
        let k2 = self.alu_op(A::MinInt, vec![k2, imm(1023)]);
        let k1 = self.alu_op(A::SubInt, vec![k, k2]);
        let k1 = self.alu_op(A::MaxInt, vec![k1, imm((-1022i32) as u32)]);
        let k1 = self.alu_op(A::MinInt, vec![k1, imm(1023)]);
        let p1 = self.pow2(k1);
        let p2 = self.pow2(k2);
        let d = self.op64(A::Mul64, &[q, p1]);
        let d = self.op64(A::Mul64, &[d, p2]);
        // The multiply ties to even when q · 2^k is halfway between two denormals; the
        // exact quotient is not halfway unless r = 0: step one denormal toward it.
        // Back in q's scale: diff = q - d · 2^-k (exact), halfway = 2^(-1075 - k).
        let nk = self.alu_op(A::SubInt, vec![imm(0), k]);
        let back = self.scale_by_pow2(d, nk);
        let diff = self.op64(A::Add64, &[q, Self::neg64(back)]);
        let h = self.alu_op(A::SubInt, vec![imm((-1075i32) as u32), k]);
        let h = self.alu_op(A::MaxInt, vec![h, imm((-1022i32) as u32)]);
        let h = self.alu_op(A::MinInt, vec![h, imm(1023)]);
        let half = self.pow2(h);
        let abs_diff = (diff.0, diff.1.absolute());
        let tie = self.cmp64_mask(A::Sete64, abs_diff, half);
        let zero = Self::imm64(0);
        let above = self.cmp64_mask(A::Setgt64, r, zero);
        let below = self.cmp64_mask(A::Setgt64, zero, r);
        let rounded_down = self.cmp64_mask(A::Setgt64, diff, zero);
        let rounded_up = self.cmp64_mask(A::Setgt64, zero, diff);
        let up = self.alu_op(A::AndInt, vec![above, rounded_down]);
        let up = self.alu_op(A::AndInt, vec![up, tie]);
        let down = self.alu_op(A::AndInt, vec![below, rounded_up]);
        let down = self.alu_op(A::AndInt, vec![down, tie]);
        let d_up = self.add64(d, (imm(1), imm(0)));
        let d_down = self.sub64(d, (imm(1), imm(0)));
        let lo = self.alu_op(A::CndeInt, vec![up, d.0, d_up.0]);
        let hi = self.alu_op(A::CndeInt, vec![up, d.1, d_up.1]);
        let lo = self.alu_op(A::CndeInt, vec![down, lo, d_down.0]);
        let hi = self.alu_op(A::CndeInt, vec![down, hi, d_down.1]);
        (lo, hi)
    }

    /// q (within one ulp of sa / sb, both in [1, 2)) rounded to the nearest double (ties to
    /// even) by the exact remainder r = sa - sb·q: the midpoints q + u/2 and q - u'/2 (u the
    /// ulp above q, u' the one below: half of u when q is a power of two) give sb·u/2 and
    /// sb·u'/2 exactly.
    fn round_quotient(&mut self, sa: Wide, sb: Wide, q: Wide) -> Wide {
        let imm = Operand::imm;
        let r = self.op64(A::Fma64, &[Self::neg64(sb), q, sa]);
        let ef = self.alu_op(A::BfeUint, vec![q.1, imm(20), imm(11)]);
        // u = 2^(e - 52); half of it as a double's high dword: biased exponent ef - 53.
        let half_u = self.alu_op(A::AddInt, vec![ef, imm((-53i32) as u32)]);
        let half_u = self.alu_op(A::LshlInt, vec![half_u, imm(20)]);
        let m = self.alu_op(A::AndInt, vec![q.1, imm(0x000F_FFFF)]);
        let m = self.alu_op(A::OrInt, vec![m, q.0]);
        let pow2 = self.alu_op(A::SeteInt, vec![m, imm(0)]);
        let step = self.alu_op(A::AndInt, vec![pow2, imm(1 << 20)]);
        let half_d = self.alu_op(A::SubInt, vec![half_u, step]);
        let up_limit = self.op64(A::Mul64, &[sb, (imm(0), half_u)]);
        let down_limit = self.op64(A::Mul64, &[sb, (imm(0), half_d)]);
        let odd = self.alu_op(A::AndInt, vec![q.0, imm(1)]);
        let odd = self.alu_op(A::SubInt, vec![imm(0), odd]);
        let above = self.cmp64_mask(A::Setgt64, r, up_limit);
        let at_up = self.cmp64_mask(A::Sete64, r, up_limit);
        let at_up = self.alu_op(A::AndInt, vec![at_up, odd]);
        let up = self.alu_op(A::OrInt, vec![above, at_up]);
        let neg_down = Self::neg64(down_limit);
        let below = self.cmp64_mask(A::Setgt64, neg_down, r);
        let at_down = self.cmp64_mask(A::Sete64, r, neg_down);
        let at_down = self.alu_op(A::AndInt, vec![at_down, odd]);
        let down = self.alu_op(A::OrInt, vec![below, at_down]);
        // u = 2 · (u/2), u' = 2 · (u'/2): one more in the exponent field.
        let u_hi = self.alu_op(A::AddInt, vec![half_u, imm(1 << 20)]);
        let ud_hi = self.alu_op(A::AddInt, vec![half_d, imm(1 << 20)]);
        let q_up = self.op64(A::Add64, &[q, (imm(0), u_hi)]);
        let q_down = self.op64(A::Add64, &[q, (imm(0), ud_hi.negated())]);
        let lo = self.alu_op(A::CndeInt, vec![up, q.0, q_up.0]);
        let hi = self.alu_op(A::CndeInt, vec![up, q.1, q_up.1]);
        let lo = self.alu_op(A::CndeInt, vec![down, lo, q_down.0]);
        let hi = self.alu_op(A::CndeInt, vec![down, hi, q_down.1]);
        (lo, hi)
    }

    /// A double comparison's all-ones / zero mask.
    fn cmp64_mask(&mut self, op: A, x: Wide, y: Wide) -> Operand {
        self.op64(op, &[x, y]).0
    }

    /// `ddiv`: the IEEE quotient (il-semantics `double::ddiv`).
    pub(super) fn ddiv(&mut self, a: Wide, b: Wide) -> Wide {
        let imm = Operand::imm;
        let ca = self.classify(a);
        let cb = self.classify(b);
        let (a, b) = (ca.plain, cb.plain);
        let mag = self.div_magnitudes(a, b);
        let sign = self.alu_op(A::XorInt, vec![a.1, b.1]);
        let sign = self.alu_op(A::AndInt, vec![sign, imm(SIGN)]);
        let hi = self.alu_op(A::OrInt, vec![mag.1, sign]);
        // Specials: NaN (a NaN operand quieted, else 0/0 and inf/inf), ±inf, ±0.
        let zz = self.alu_op(A::AndInt, vec![ca.zero, cb.zero]);
        let ii = self.alu_op(A::AndInt, vec![ca.inf, cb.inf]);
        let invalid = self.alu_op(A::OrInt, vec![zz, ii]);
        let inf = self.alu_op(A::OrInt, vec![ca.inf, cb.zero]);
        let zero = self.alu_op(A::OrInt, vec![ca.zero, cb.inf]);
        let sign_inf = self.alu_op(A::OrInt, vec![sign, imm(0x7FF0_0000)]);
        let lo = self.alu_op(A::CndeInt, vec![zero, mag.0, imm(0)]);
        let hi = self.alu_op(A::CndeInt, vec![zero, hi, sign]);
        let lo = self.alu_op(A::CndeInt, vec![inf, lo, imm(0)]);
        let hi = self.alu_op(A::CndeInt, vec![inf, hi, sign_inf]);
        let lo = self.alu_op(A::CndeInt, vec![invalid, lo, imm(0)]);
        let hi = self.alu_op(A::CndeInt, vec![invalid, hi, imm(0xFFF8_0000)]);
        let bq = self.alu_op(A::OrInt, vec![b.1, imm(0x0008_0000)]);
        let lo = self.alu_op(A::CndeInt, vec![cb.nan, lo, b.0]);
        let hi = self.alu_op(A::CndeInt, vec![cb.nan, hi, bq]);
        let aq = self.alu_op(A::OrInt, vec![a.1, imm(0x0008_0000)]);
        let lo = self.alu_op(A::CndeInt, vec![ca.nan, lo, a.0]);
        let hi = self.alu_op(A::CndeInt, vec![ca.nan, hi, aq]);
        (lo, hi)
    }

    /// `drcp_zeroop`: 1 / x, ±0 gives the zeroop value unsigned (il-semantics `drcp`).
    pub(super) fn drcp(&mut self, x: Wide, zeroop: ZeroOp) -> Wide {
        let imm = Operand::imm;
        let c = self.classify(x);
        let r = self.ddiv(Self::imm64(ONE_HI), c.plain);
        let (zl, zh) = zeroop_value(zeroop);
        let lo = self.alu_op(A::CndeInt, vec![c.zero, r.0, imm(zl)]);
        let hi = self.alu_op(A::CndeInt, vec![c.zero, r.1, imm(zh)]);
        (lo, hi)
    }

    /// |x| = s · 2^(2j) with s in [1, 4), for a finite positive x: (s, j).
    fn split_even(&mut self, x: Wide) -> (Wide, Operand) {
        let imm = Operand::imm;
        let ((lo, m), e) = self.split_significand(x);
        let odd = self.alu_op(A::AndInt, vec![e, imm(1)]);
        let j = self.alu_op(A::AshrInt, vec![e, imm(1)]);
        let bump = self.alu_op(A::LshlInt, vec![odd, imm(20)]);
        let m = self.alu_op(A::AddInt, vec![m, bump]);
        ((lo, m), j)
    }

    /// 1/sqrt(s) for s in [1, 4): a float seed and `steps` Newton steps
    /// y' = y + (y/2)(1 - s·y·y).
    fn rsqrt_significand(&mut self, s: Wide, steps: usize) -> Wide {
        let f = self.nearest_float(s);
        let f = self.alu_op(A::RecipsqrtIeee, vec![f]);
        let mut y = self.widen_float(f);
        let one = Self::imm64(ONE_HI);
        let half = Self::imm64(0x3FE0_0000);
        for _ in 0..steps {
            let sy = self.op64(A::Mul64, &[s, y]);
            let e = self.op64(A::Fma64, &[Self::neg64(sy), y, one]);
            let h = self.op64(A::Mul64, &[y, half]);
            y = self.op64(A::Fma64, &[h, e, y]);
        }
        y
    }

    /// `dsqrt` (il-semantics `double::dsqrt`, within 1 ulp): NaN quieted, ±0 itself,
    /// negative NaN, +inf itself.
    pub(super) fn dsqrt(&mut self, x: Wide) -> Wide {
        let imm = Operand::imm;
        let c = self.classify(x);
        let x = c.plain;
        let (s, j) = self.split_even(x);
        let y = self.rsqrt_significand(s, 2);
        // g = s·y, then one correction with the exact residual s - g².
        let g = self.op64(A::Mul64, &[s, y]);
        let d = self.op64(A::Fma64, &[Self::neg64(g), g, s]);
        let h = self.op64(A::Mul64, &[y, Self::imm64(0x3FE0_0000)]);
        let g = self.op64(A::Fma64, &[d, h, g]);
        let p = self.pow2(j);
        let r = self.op64(A::Mul64, &[g, p]);
        // +inf itself, a negative (-inf too) NaN, ±0 itself.
        let neg = self.alu_op(A::SetgtInt, vec![imm(0), x.1]);
        let lo = self.alu_op(A::CndeInt, vec![c.inf, r.0, x.0]);
        let hi = self.alu_op(A::CndeInt, vec![c.inf, r.1, x.1]);
        let lo = self.alu_op(A::CndeInt, vec![neg, lo, imm(0)]);
        let hi = self.alu_op(A::CndeInt, vec![neg, hi, imm(0xFFF8_0000)]);
        let lo = self.alu_op(A::CndeInt, vec![c.zero, lo, x.0]);
        let hi = self.alu_op(A::CndeInt, vec![c.zero, hi, x.1]);
        self.quiet_nan(c.nan, x, (lo, hi))
    }

    /// `drsq_zeroop` (il-semantics `double::drsq`, within 2 ulp): ±0 the zeroop value
    /// unsigned, NaN quieted, negative NaN, +inf +0.
    pub(super) fn drsq(&mut self, x: Wide, zeroop: ZeroOp) -> Wide {
        let imm = Operand::imm;
        let c = self.classify(x);
        let x = c.plain;
        let (s, j) = self.split_even(x);
        let y = self.rsqrt_significand(s, 3);
        let nj = self.alu_op(A::SubInt, vec![imm(0), j]);
        let p = self.pow2(nj);
        let r = self.op64(A::Mul64, &[y, p]);
        // +inf +0, a negative (-inf too) NaN, ±0 the zeroop value.
        let neg = self.alu_op(A::SetgtInt, vec![imm(0), x.1]);
        let lo = self.alu_op(A::CndeInt, vec![c.inf, r.0, imm(0)]);
        let hi = self.alu_op(A::CndeInt, vec![c.inf, r.1, imm(0)]);
        let lo = self.alu_op(A::CndeInt, vec![neg, lo, imm(0)]);
        let hi = self.alu_op(A::CndeInt, vec![neg, hi, imm(0x7FF8_0000)]);
        let (zl, zh) = zeroop_value(zeroop);
        let lo = self.alu_op(A::CndeInt, vec![c.zero, lo, imm(zl)]);
        let hi = self.alu_op(A::CndeInt, vec![c.zero, hi, imm(zh)]);
        self.quiet_nan(c.nan, x, (lo, hi))
    }

    /// `r`, or x quieted where `nan` is set.
    fn quiet_nan(&mut self, nan: Operand, x: Wide, r: Wide) -> Wide {
        let imm = Operand::imm;
        let q = self.alu_op(A::OrInt, vec![x.1, imm(0x0008_0000)]);
        let lo = self.alu_op(A::CndeInt, vec![nan, r.0, x.0]);
        let hi = self.alu_op(A::CndeInt, vec![nan, r.1, q]);
        (lo, hi)
    }
}

/// The double a zeroop names (il-semantics `double::zeroop_value`): (low, high) dwords.
fn zeroop_value(z: ZeroOp) -> (u32, u32) {
    match z {
        ZeroOp::Zero => (0, 0),
        ZeroOp::FltMax => (u32::MAX, 0x7FEF_FFFF),
        ZeroOp::Infinity | ZeroOp::InfElseMax => (0, 0x7FF0_0000),
    }
}
