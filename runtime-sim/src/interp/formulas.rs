//! The target formulas: each tolerated IL instruction (one whose accuracy table entry allows
//! an error: `Ulp`, `Abs`, `AbsOrUlp`, `DoubleUlp`) computed the way a compiled target
//! computes it, from the device model's own primitives ([`crate::r600::ops`] for Cayman,
//! the gfx906 VALU lane functions through [`crate::gcn::lane32`]), step for step as the
//! backend's instruction selection emits it. A reference run in this mode gives the bits
//! the target gives wherever the only difference from the ideal run is the tolerated
//! operations' rounding (`docs/decisions.md`, "Target formulas").
//!
//! Every formula here is tested against the device model running the compiled instruction
//! (`tests/tests/target_formulas.rs`), so that a change to a backend's lowering that is not
//! followed here fails a test.

use il_frontend::enums::ZeroOp;
use il_frontend::opcode::Opcode;

/// The compiled target whose formulas a reference run uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FormulaTarget {
    Cayman,
    Gfx906,
}

/// The control fields a formula reads.
#[derive(Clone, Copy, Debug)]
pub struct Fields {
    pub zeroop: ZeroOp,
    pub ieee: bool,
    /// `reflect`'s `_normalize`.
    pub normalize: bool,
    /// `mmul`'s matrix code.
    pub matrix: u32,
    /// `nrm`'s `_nrm4`: the sum over four components instead of three.
    pub nrm4: bool,
}

const SIGN: u32 = 0x8000_0000;
const ONE: u32 = 0x3F80_0000;
const INF: u32 = 0x7F80_0000;
const QNAN: u32 = 0x7FC0_0000;
const FLT_MAX: u32 = 0x7F7F_FFFF;
/// ln 2 and log2 e as f32 (both backends).
const LN2: u32 = 0x3F31_7218;
const LOG2E: u32 = 0x3FB8_AA3B;
/// 1 / (2π) as f32: both targets' SIN and COS take turns.
const INV_TAU: u32 = 0x3E22_F983;
const MINUS_ONE: u32 = 0xBF80_0000;
const TWO: u32 = 0x4000_0000;
const HALF_PI: u32 = 0x3FC9_0FDB;
/// `lit`'s clamp of the exponent: ±128.
const LIT_MAX: u32 = 0x4300_0000;
const LIT_MIN: u32 = 0xC300_0000;

/// The f32 value of a zeroop for `rcp`, `rsq`, `div`, `nrm` (0, FLT_MAX or +Inf).
fn zeroop_value(z: ZeroOp) -> u32 {
    match z {
        ZeroOp::Zero => 0,
        ZeroOp::FltMax => FLT_MAX,
        ZeroOp::Infinity | ZeroOp::InfElseMax => INF,
    }
}

/// The value of `log`/`ln`/`logp` at zero (-FLT_MAX, -Inf or 0).
fn log_zero_value(z: ZeroOp) -> u32 {
    match z {
        ZeroOp::Zero => 0,
        ZeroOp::FltMax => FLT_MAX | SIGN,
        ZeroOp::Infinity | ZeroOp::InfElseMax => INF | SIGN,
    }
}

/// The tolerated opcodes that have a formula for `target`; the others are computed with
/// their ideal meaning in a target-formula run.
pub fn formula_covered(target: FormulaTarget, op: Opcode) -> bool {
    use Opcode as O;
    let common = matches!(
        op,
        O::Div
            | O::Rcp
            | O::Rsq
            | O::Sqrt
            | O::RcpVec
            | O::RsqVec
            | O::SqrtVec
            | O::Exp
            | O::ExpVec
            | O::Exn
            | O::Log
            | O::LogVec
            | O::Ln
            | O::Pow
            | O::Sin
            | O::Cos
            | O::SinVec
            | O::CosVec
            | O::Sincos
            | O::Dxsincos
            | O::Tan
            | O::Dp2
            | O::Dp3
            | O::Dp4
            | O::Dp2add
            | O::Len
            | O::Dist
            | O::Nrm
            | O::Expp
            | O::Mod
            | O::Lrp
            | O::Crs
            | O::Det
            | O::Reflect
            | O::Faceforward
            | O::Mmul
            | O::Lit
            | O::Logp
            | O::Atan
            | O::Asin
            | O::Acos
            | O::DSqrt
            | O::DRcp
    );
    match target {
        FormulaTarget::Cayman | FormulaTarget::Gfx906 => {
            common || matches!(op, O::Pireduce | O::DRsq)
        }
    }
}

/// The shape of an instruction's result, as the interpreter's `alu` computes it.
fn comp1(a: [u32; 4], f: impl Fn(u32) -> u32) -> [u32; 4] {
    a.map(f)
}

fn comp2(a: [u32; 4], b: [u32; 4], f: impl Fn(u32, u32) -> u32) -> [u32; 4] {
    [f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2]), f(a[3], b[3])]
}

fn splat(v: u32) -> [u32; 4] {
    [v; 4]
}

fn comp3(a: [u32; 4], b: [u32; 4], c: [u32; 4], f: impl Fn(u32, u32, u32) -> u32) -> [u32; 4] {
    [
        f(a[0], b[0], c[0]),
        f(a[1], b[1], c[1]),
        f(a[2], b[2], c[2]),
        f(a[3], b[3], c[3]),
    ]
}

/// `mod`'s reduction of large quotients (`isel/fmod.rs` of both backends): 14 steps of
/// 19 exponent bits, then one quotient step with corrections.
const FMOD_STEPS: usize = 14;
const FMOD_CHUNK: u32 = 19;
const TWO_64: u32 = 0x5F80_0000;
const TWO_M64: u32 = 0x1F80_0000;
/// 1 + 2^-21.
const NUDGE: u32 = 0x3F80_0004;
const MAG: u32 = 0x7FFF_FFFF;

/// `crs`'s operand pairs per result component.
const CRS: [(usize, usize); 3] = [(1, 2), (2, 0), (0, 1)];

/// `mmul`'s matrix code: four-component dot products or three, and how many result
/// components (the others keep the destination's value and are not written).
fn mmul_shape(matrix: u32) -> (usize, usize) {
    match matrix {
        0 => (4, 4),
        1 => (4, 3),
        2 => (3, 4),
        3 => (3, 3),
        4 => (3, 2),
        _ => (4, 0),
    }
}

/// `dsqrt`, `drcp`: both targets refine an estimate to the correctly rounded
/// result (Cayman `backend-r600/src/isel/ddiv.rs`, gfx906 `backend-gcn/src/isel/double.rs`:
/// Newton-Raphson steps and a final correction), which is the ideal result; the tests hold
/// the compiled code to it bit for bit. The double sits in both pairs (`alu::pairs`).
fn double_op(op: Opcode, f: Fields, a: [u32; 4]) -> Option<[u32; 4]> {
    use il_semantics::double as d;
    let x = d::pack(a[0], a[1]);
    let r = match op {
        Opcode::DSqrt => d::dsqrt(x),
        Opcode::DRcp => d::drcp(x, f.zeroop),
        _ => return None,
    };
    let (lo, hi) = d::unpack(r);
    Some([lo, hi, lo, hi])
}

/// The 4x4 determinant by cofactors of the first row, as both backends expand it: `m` the
/// DX9 multiply, `sub` and `add` the target's.
fn det(
    [v0, v1, v2, v3]: [[u32; 4]; 4],
    m: &impl Fn(u32, u32) -> u32,
    sub: &impl Fn(u32, u32) -> u32,
    add: &impl Fn(u32, u32) -> u32,
) -> u32 {
    let d = |x, y, z, w| sub(m(x, y), m(z, w));
    let t = |a, d1, b, d2, c, d3| add(sub(m(a, d1), m(b, d2)), m(c, d3));
    let t0 = t(
        v1[1],
        d(v2[2], v3[3], v2[3], v3[2]),
        v1[2],
        d(v2[1], v3[3], v3[1], v2[3]),
        v1[3],
        d(v2[1], v3[2], v3[1], v2[2]),
    );
    let t1 = t(
        v1[0],
        d(v2[2], v3[3], v2[3], v3[2]),
        v1[2],
        d(v2[0], v3[3], v3[0], v2[3]),
        v1[3],
        d(v2[0], v3[2], v3[0], v2[2]),
    );
    let t2 = t(
        v1[0],
        d(v2[1], v3[3], v2[3], v3[1]),
        v1[1],
        d(v2[0], v3[3], v3[0], v2[3]),
        v1[3],
        d(v2[0], v3[1], v3[0], v2[1]),
    );
    let t3 = t(
        v1[0],
        d(v2[1], v3[2], v2[2], v3[1]),
        v1[1],
        d(v2[0], v3[2], v3[0], v2[2]),
        v1[2],
        d(v2[0], v3[1], v3[0], v2[1]),
    );
    sub(
        add(sub(m(v0[0], t0), m(v0[1], t1)), m(v0[2], t2)),
        m(v0[3], t3),
    )
}

/// One lane of a tolerated instruction computed with `target`'s formula, from the lane's
/// evaluated sources (`s[i]` the four components of source i); `None` where there is no
/// formula ([`formula_covered`]).
pub fn lane(target: FormulaTarget, op: Opcode, f: Fields, s: &[[u32; 4]; 5]) -> Option<[u32; 4]> {
    if !formula_covered(target, op) {
        return None;
    }
    if let Some(r) = double_op(op, f, s[0]) {
        return Some(r);
    }
    match target {
        FormulaTarget::Cayman => cayman::lane(op, f, s),
        FormulaTarget::Gfx906 => gfx906::lane(op, f, s),
    }
}

/// The `_divComp` source modifier (x divided by a component of its source), as `target`
/// computes it: Cayman as x·RECIP_IEEE(d) (`backend-r600/src/isel/float.rs`, `M::DivComp`),
/// gfx906 correctly rounded through doubles (`backend-gcn/src/isel/modifiers.rs`,
/// `precise_div_f32`), which is the ideal. A zero divisor gives FLT_MAX with the sign of
/// x ^ d on both.
pub fn divcomp(target: FormulaTarget, x: u32, d: u32) -> u32 {
    match target {
        FormulaTarget::Cayman => cayman::divcomp(x, d),
        FormulaTarget::Gfx906 => il_semantics::modifiers::divcomp(x, d),
    }
}

/// Cayman, after `backend-r600/src/isel/{mod,float,vector}.rs`, on the model's ALU
/// functions (`r600/ops.rs`: inputs and results flushed, transcendentals correctly rounded,
/// SIN/COS in turns).
mod cayman {
    use super::*;
    use crate::r600::ops as h;

    fn un(f: fn(u32, u32, u32) -> u32, a: u32) -> u32 {
        f(a, 0, 0)
    }

    fn bin(f: fn(u32, u32, u32) -> u32, a: u32, b: u32) -> u32 {
        f(a, b, 0)
    }

    /// `_divComp`: RECIP_IEEE, MUL_IEEE; a zero divisor gives FLT_MAX with the sign of
    /// x ^ d (`isel/float.rs`, `M::DivComp`).
    pub(super) fn divcomp(x: u32, d: u32) -> u32 {
        let q = bin(h::mul_ieee, x, un(h::recip_ieee, d));
        let sign = bin(h::and_int, bin(h::xor_int, x, d), SIGN);
        let big = bin(h::or_int, sign, FLT_MAX);
        h::cnde_int(bin(h::sete_dx10, d, 0), q, big)
    }

    /// `div`: RECIP_IEEE, MUL_IEEE; a zero divisor gives the zeroop value with x's sign
    /// (`isel/mod.rs`, `O::Div`).
    pub(super) fn div(x: u32, y: u32, z: ZeroOp) -> u32 {
        let r = un(h::recip_ieee, y);
        let q = bin(h::mul_ieee, x, r);
        let zero = bin(h::sete_dx10, y, 0);
        let neg = bin(h::setgt_dx10, 0, x);
        let sign = bin(h::and_int, neg, SIGN);
        let zv = bin(h::or_int, sign, zeroop_value(z));
        h::cnde_int(zero, q, zv)
    }

    /// `rcp`/`rsq`: the IEEE instruction, ±0 the zeroop value (`isel/float.rs`).
    fn recip(hw: fn(u32, u32, u32) -> u32, x: u32, z: ZeroOp) -> u32 {
        let r = un(hw, x);
        let zero = bin(h::sete_dx10, x, 0);
        h::cnde_int(zero, r, zeroop_value(z))
    }

    /// `log`/`ln` (`isel/float.rs`): LOG_IEEE (× ln 2), zero the zeroop value, negative NaN.
    fn log(x: u32, z: ZeroOp, natural: bool) -> u32 {
        let mut l = un(h::log_ieee, x);
        if natural {
            l = bin(h::mul_ieee, l, LN2);
        }
        let zero = bin(h::sete_dx10, x, 0);
        let l = h::cnde_int(zero, l, log_zero_value(z));
        let neg = bin(h::setgt_dx10, 0, x);
        h::cnde_int(neg, l, QNAN)
    }

    /// SIN or COS of radians: MUL_IEEE by 1/2π, FRACT, the instruction; NaN unless x is
    /// finite (`isel/float.rs`, `sin_cos`).
    fn sin_cos(sine: bool, x: u32) -> u32 {
        let t = bin(h::mul_ieee, x, INV_TAU);
        let t = un(h::fract, t);
        let r = un(if sine { h::sin } else { h::cos }, t);
        let finite = bin(h::setgt_dx10, INF, x & !SIGN);
        h::cnde_int(finite, QNAN, r)
    }

    /// The first `k` products (MUL, or MUL_IEEE) summed left to right with ADD.
    fn dot(a: [u32; 4], b: [u32; 4], k: usize, ieee: bool) -> u32 {
        let m = if ieee { h::mul_ieee } else { h::mul };
        let mut sum = bin(m, a[0], b[0]);
        for i in 1..k {
            sum = bin(h::add, sum, bin(m, a[i], b[i]));
        }
        sum
    }

    /// `mod` (`isel/fmod.rs` `fmod_reduce`, then `isel/float.rs` `fmod`).
    fn fmod(x: u32, y: u32) -> u32 {
        // The reduction of large quotients.
        let ay = y & MAG;
        let ey = bin(h::add_int, h::bfe_uint(ay, 23, 8), FMOD_CHUNK);
        let mut r = x & MAG;
        for _ in 0..FMOD_STEPS {
            let er = h::bfe_uint(r, 23, 8);
            let k = bin(h::max_int, bin(h::sub_int, er, ey), 0);
            let ys = bin(h::add_int, ay, bin(h::lshl_int, k, 23));
            let big = bin(h::setge_dx10, ys, TWO_64);
            let sc = h::cnde_int(big, ONE, TWO_M64);
            let rc = un(h::recip_ieee, bin(h::mul_ieee, ys, sc));
            let p = bin(h::mul_ieee, bin(h::mul_ieee, r, sc), rc);
            let q = un(h::trunc, bin(h::mul_ieee, p, NUDGE));
            let r1 = h::fma(q ^ SIGN, ys, r);
            let neg = bin(h::setgt_dx10, 0, r1);
            r = h::cnde_int(neg, r1, bin(h::add, r1, ys));
        }
        let signed = r | (x & SIGN);
        let xfin = bin(h::setgt_dx10, INF, x & MAG);
        let yfin = bin(h::setgt_dx10, INF, y & MAG);
        let ynorm = bin(h::setge_dx10, y & MAG, 0x0080_0000);
        let ok = xfin & yfin & ynorm;
        let x = h::cnde_int(ok, x, signed);
        // One quotient step.
        let rc = un(h::recip_ieee, y);
        let q = un(h::trunc, bin(h::mul_ieee, x, rc));
        let r0 = h::fma(q ^ SIGN, y, x);
        let xs = x & SIGN;
        let ya = y & MAG;
        let sy = ya | xs;
        let under = bin(h::setgt_dx10, 0, bin(h::mul_ieee, r0, x));
        let r1 = h::cnde_int(under, r0, bin(h::add, r0, sy));
        let over = bin(h::setge_dx10, r1 & MAG, ya);
        let r2 = h::cnde_int(over, r1, bin(h::add, r1, sy ^ SIGN));
        let r3 = (r2 & MAG) | xs;
        let nan = bin(h::setne_dx10, r2, r2);
        let r4 = h::cnde_int(nan, r3, r2);
        let zero = bin(h::sete_dx10, y, 0);
        let yinf = bin(h::sete_dx10, y & MAG, INF);
        let xfin = bin(h::setgt_dx10, INF, x & MAG);
        let keep = (yinf & xfin) | zero;
        h::cnde_int(keep, r4, bin(h::mul_ieee, x, ONE))
    }

    /// `pireduce` (`isel/float.rs`): frac(x·(1/2π) + 0.5)·2π - π in the 64-bit
    /// instructions (the launch's flushing double mode), rounded once to float.
    fn pireduce(x: u32) -> u32 {
        use backend_r600::isa::AluOp as A;
        let mode = crate::r600::mode::PrecisionMode::FLUSH_NEAREST;
        let op = |o: A, a: u64, b: u64, c: u64| {
            let (lo, hi) = h::op64(o, a, b, c, mode).unwrap_or((QNAN, 0));
            u64::from(lo) | u64::from(hi) << 32
        };
        let d = op(A::Flt32ToFlt64, u64::from(x) << 32 | u64::from(x), 0, 0);
        let t = op(A::Fma64, d, 0x3FC4_5F30_6DC9_C883, 0x3FE0_0000_0000_0000);
        let f = op(A::Fract64, t, 0, 0);
        let r = op(A::Fma64, f, 0x4019_21FB_5444_2D18, 0xC009_21FB_5444_2D18);
        op(A::Flt64ToFlt32, r, 0, 0) as u32
    }

    /// `drsq` (`isel/ddiv.rs`): |x| = s·2^(2j) with s in [1, 4), RECIPSQRT_IEEE of the
    /// nearest float to s, three Newton steps y += y/2·(1 - s·y·y) in FMA_64, times 2^-j;
    /// +Inf +0, negative NaN, ±0 the zeroop value, NaN quieted. The 64-bit instructions in
    /// the IEEE double mode the double clauses run in (`alu_mode.rs`).
    fn drsq(a: [u32; 4], z: ZeroOp) -> [u32; 4] {
        use backend_r600::isa::AluOp as A;
        let mode = crate::r600::mode::PrecisionMode::IEEE_NEAREST;
        let pack = |lo: u32, hi: u32| u64::from(lo) | u64::from(hi) << 32;
        let op = |o: A, a: u64, b: u64, c: u64| {
            let (lo, hi) = h::op64(o, a, b, c, mode).unwrap_or((0, 0x7FF8_0000));
            pack(lo, hi)
        };
        const ONE_HI: u32 = 0x3FF0_0000;
        let (lo, hi) = (a[0], a[1]);
        // classify
        let e = h::bfe_uint(hi, 20, 11);
        let mz = (hi & 0x000F_FFFF) | lo == 0;
        let (zero, inf, nan) = (e == 0 && mz, e == 2047 && mz, e == 2047 && !mz);
        // split_significand, split_even
        let mag = hi & !SIGN;
        let ef = h::bfe_uint(mag, 20, 11);
        let scaled = op(A::Mul64, pack(lo, mag), pack(0, 0x4350_0000), 0);
        let (slo, shi) = if ef == 0 {
            (scaled as u32, (scaled >> 32) as u32)
        } else {
            (lo, mag)
        };
        let bias = if ef == 0 { 1023 + 54 } else { 1023 };
        let ex = bin(h::sub_int, h::bfe_uint(shi, 20, 11), bias);
        let j = bin(h::ashr_int, ex, 1);
        let m = bin(h::add_int, (shi & 0x000F_FFFF) | ONE_HI, (ex & 1) << 20);
        let s = pack(slo, m);
        // rsqrt_significand(s, 3)
        let f = op(A::Flt64ToFlt32, s, 0, 0) as u32;
        let f = un(h::recipsqrt_ieee, f);
        let mut y = op(A::Flt32ToFlt64, pack(f, f), 0, 0);
        let (one, half) = (pack(0, ONE_HI), pack(0, 0x3FE0_0000));
        for _ in 0..3 {
            let sy = op(A::Mul64, s, y, 0);
            let e = op(A::Fma64, sy ^ 1 << 63, y, one);
            let hy = op(A::Mul64, y, half, 0);
            y = op(A::Fma64, hy, e, y);
        }
        let nj = bin(h::sub_int, 0, j);
        let p = pack(0, bin(h::lshl_int, bin(h::add_int, nj, 1023), 20));
        let r = op(A::Mul64, y, p, 0);
        let zv = match z {
            ZeroOp::Zero => 0,
            ZeroOp::FltMax => pack(u32::MAX, 0x7FEF_FFFF),
            ZeroOp::Infinity | ZeroOp::InfElseMax => pack(0, 0x7FF0_0000),
        };
        let r = if nan {
            pack(lo, hi | 0x0008_0000)
        } else if zero {
            zv
        } else if (hi as i32) < 0 {
            pack(0, 0x7FF8_0000)
        } else if inf {
            0
        } else {
            r
        };
        let (lo, hi) = (r as u32, (r >> 32) as u32);
        [lo, hi, lo, hi]
    }

    /// `sgn` (`isel/float.rs`, `sign`).
    fn sign(x: u32) -> u32 {
        let neg = bin(h::setgt_dx10, 0, x);
        let zero = bin(h::sete_dx10, x, 0);
        let r = h::cnde_int(zero, ONE, 0);
        h::cnde_int(neg, r, MINUS_ONE)
    }

    /// atan on Cayman (`isel/float.rs`, `atan`): the A&S 4.4.49 polynomial on
    /// min(|x|, 1/|x|) with MULADD_IEEE, π/2 - p above 1, x's sign.
    fn atan(x: u32) -> u32 {
        let t = x & !SIGN;
        let big = bin(h::setgt_dx10, t, ONE);
        let inv = un(h::recip_ieee, t);
        let u = h::cnde_int(big, t, inv);
        let u2 = bin(h::mul_ieee, u, u);
        let mut p = 0x3CAA_AE5F;
        for c in [0xBDAE_5A36u32, 0x3E38_76E2, 0xBEA9_1D04, 0x3F7F_F738] {
            p = h::muladd_ieee(p, u2, c);
        }
        let r = bin(h::mul_ieee, p, u);
        let far = bin(h::add, HALF_PI, r ^ SIGN);
        let r = h::cnde_int(big, r, far);
        bin(h::or_int, r, x & SIGN)
    }

    /// asin x = atan(x · RECIPSQRT_IEEE(1 - x²)); acos = π/2 - asin (`isel/float.rs`).
    fn asin(x: u32) -> u32 {
        let x2 = bin(h::mul_ieee, x, x);
        let d = bin(h::add, ONE, x2 ^ SIGN);
        let r = un(h::recipsqrt_ieee, d);
        atan(bin(h::mul_ieee, x, r))
    }

    /// `lit` (`isel/vector.rs`): [1, max(x, 0), x > 0 && y > 0 ? 2^(clamp(w) · log2 y) : 0, 1].
    fn lit(x: [u32; 4]) -> [u32; 4] {
        let xpos = bin(h::setgt_dx10, x[0], 0);
        let ypos = bin(h::setgt_dx10, x[1], 0);
        let both = bin(h::and_int, xpos, ypos);
        let below = bin(h::setgt_dx10, LIT_MIN, x[3]);
        let g = h::cnde_int(below, x[3], LIT_MIN);
        let above = bin(h::setgt_dx10, g, LIT_MAX);
        let g = h::cnde_int(above, g, LIT_MAX);
        let e = un(h::exp_ieee, bin(h::mul, g, un(h::log_ieee, x[1])));
        [
            ONE,
            h::cnde_int(xpos, 0, x[0]),
            h::cnde_int(both, 0, e),
            ONE,
        ]
    }

    /// `logp` (`isel/vector.rs`): [floor(f), x / 2^floor(f), f, 1] with f as `log` gives
    /// it, the division as two exact scalings by powers of two made from the exponent.
    fn logp(x: u32, z: ZeroOp) -> [u32; 4] {
        let f = log(x, z, false);
        let e = un(h::floor, f);
        let e = bin(h::max_dx10, e, 0xC37C_0000);
        let e = bin(h::min_dx10, e, 0x437C_0000);
        let ne = bin(h::sub_int, 0, un(h::flt_to_int, e));
        let clamp = |v: u32| bin(h::min_int, bin(h::max_int, v, (-126i32) as u32), 127);
        let n1 = clamp(ne);
        let n2 = clamp(bin(h::sub_int, ne, n1));
        let pow2 = |n: u32| bin(h::lshl_int, bin(h::add_int, n, 127), 23);
        let m = bin(h::mul_ieee, bin(h::mul_ieee, x, pow2(n1)), pow2(n2));
        let nan = bin(h::setne_dx10, f, f);
        let huge = bin(h::setne_dx10, f, 0);
        let zero = bin(h::sete_dx10, x, 0);
        let bad = bin(h::or_int, nan, bin(h::and_int, zero, huge));
        [un(h::floor, f), h::cnde_int(bad, m, QNAN), f, ONE]
    }

    pub(super) fn lane(op: Opcode, f: Fields, s: &[[u32; 4]; 5]) -> Option<[u32; 4]> {
        use Opcode as O;
        let (a, b, c) = (s[0], s[1], s[2]);
        let w = a[3];
        let mul = |x, y| bin(h::mul, x, y);
        let add = |x, y| bin(h::add, x, y);
        let sub = |x, y: u32| bin(h::add, x, y ^ SIGN);
        Some(match op {
            O::Mod => comp2(a, b, fmod),
            // t·x + (1 - t)·y, DX9 multiplies (`isel/float.rs`).
            O::Lrp => comp3(a, b, c, |t, x, y| {
                add(mul(x, t), mul(y, add(ONE, t ^ SIGN)))
            }),
            O::Crs => {
                let r = CRS.map(|(i, j)| sub(mul(a[i], b[j]), mul(a[j], b[i])));
                [r[0], r[1], r[2], 0]
            }
            O::Det => splat(det([a, b, c, s[3]], &mul, &sub, &add)),
            O::Reflect => {
                let fd = mul(TWO, dot(a, b, 4, false));
                let norm = dot(b, b, 4, false);
                let i = |k: usize| {
                    let xi = if f.normalize { mul(norm, a[k]) } else { a[k] };
                    sub(xi, mul(fd, b[k]))
                };
                [i(0), i(1), i(2), i(3)]
            }
            O::Faceforward => {
                let sg = sign(dot(a, b, 4, false));
                comp1(c, |z| mul(z, sg))
            }
            O::Mmul => {
                let (n, count) = mmul_shape(f.matrix);
                let mut r = [0; 4];
                for (k, v) in r.iter_mut().enumerate().take(count) {
                    *v = dot(a, s[1 + k], n, false);
                }
                r
            }
            O::Lit => lit(a),
            O::Logp => logp(w, f.zeroop),
            O::Atan => splat(atan(w)),
            O::Asin => splat(asin(w)),
            O::Acos => splat(bin(h::add, HALF_PI, asin(w) ^ SIGN)),
            O::Pireduce => comp1(a, pireduce),
            O::DRsq => drsq(a, f.zeroop),
            O::Div => comp2(a, b, |x, y| div(x, y, f.zeroop)),
            O::Rcp => splat(recip(h::recip_ieee, w, f.zeroop)),
            O::Rsq => splat(recip(h::recipsqrt_ieee, w, f.zeroop)),
            O::Sqrt => splat(un(h::sqrt_ieee, w)),
            O::RcpVec => comp1(a, |x| un(h::recip_ieee, x)),
            O::RsqVec => comp1(a, |x| un(h::recipsqrt_ieee, x)),
            O::SqrtVec => comp1(a, |x| un(h::sqrt_ieee, x)),
            O::Exp => splat(un(h::exp_ieee, w)),
            O::ExpVec => comp1(a, |x| un(h::exp_ieee, x)),
            O::Exn => splat(un(h::exp_ieee, bin(h::mul_ieee, w, LOG2E))),
            O::Log => splat(log(w, f.zeroop, false)),
            O::Ln => splat(log(w, f.zeroop, true)),
            O::LogVec => comp1(a, |x| un(h::log_ieee, x)),
            // exp2(y * log2 x) with the DX9 multiply (`isel/float.rs`, `O::Pow`).
            O::Pow => splat(un(h::exp_ieee, bin(h::mul, b[3], un(h::log_ieee, w)))),
            O::Sin => splat(sin_cos(true, w)),
            O::Cos => splat(sin_cos(false, w)),
            O::SinVec => comp1(a, |x| sin_cos(true, x)),
            O::CosVec => comp1(a, |x| sin_cos(false, x)),
            O::Sincos | O::Dxsincos => [sin_cos(false, w), sin_cos(true, w), 0, 0],
            // sin · RECIP_IEEE(cos) (`isel/float.rs`, `O::Tan`).
            O::Tan => {
                let r = un(h::recip_ieee, sin_cos(false, w));
                splat(bin(h::mul_ieee, sin_cos(true, w), r))
            }
            O::Dp2 => splat(dot(a, b, 2, f.ieee)),
            O::Dp3 => splat(dot(a, b, 3, f.ieee)),
            O::Dp4 => splat(dot(a, b, 4, f.ieee)),
            // dp2 then + src2.z (`isel/vector.rs`).
            O::Dp2add => splat(bin(h::add, dot(a, b, 2, f.ieee), c[2])),
            // The DX9 dot product of four components, SQRT_IEEE (`isel/vector.rs`).
            O::Len => splat(un(h::sqrt_ieee, dot(a, a, 4, false))),
            O::Dist => {
                let d = comp2(a, b, |x, y| bin(h::add, x, y ^ SIGN));
                splat(un(h::sqrt_ieee, dot(d, d, 4, false)))
            }
            // Σ c² (DX9), RECIPSQRT_IEEE, zero the zeroop value, each component times it
            // with MUL (`isel/vector.rs`).
            O::Nrm => {
                let sum = dot(a, a, if f.nrm4 { 4 } else { 3 }, false);
                let k = recip(h::recipsqrt_ieee, sum, f.zeroop);
                comp1(a, |x| bin(h::mul, x, k))
            }
            // [2^floor(x), x - floor(x), 2^x, 1] (`isel/vector.rs`).
            O::Expp => {
                let fl = un(h::floor, w);
                [
                    un(h::exp_ieee, fl),
                    bin(h::add, w, fl ^ SIGN),
                    un(h::exp_ieee, w),
                    ONE,
                ]
            }
            _ => return None,
        })
    }
}

/// gfx906, after `backend-gcn/src/isel/{mod,alu32,vector}.rs`, on the model's VALU lane
/// functions with the kernels' denormal mode (f32 flushed on input and output).
mod gfx906 {
    use super::*;
    use crate::gcn::lane32;
    use backend_gcn::isa::Opcode as M;

    /// 1 / (2π) - f32(1 / (2π)) (`isel/alu32.rs`, `INV_2PI_LO`).
    const INV_TAU_LO: u32 = 0x31DC_9C88;
    /// 2/π and π/2 in three parts (`isel/alu32.rs`, `tan32`).
    const TWO_OVER_PI: u32 = 0x3F22_F983;
    const PIO2_PARTS: [u32; 3] = [0x3FC9_0FDB, 0xB33B_BD2E, 0xA6F7_2CED];
    const PI: u32 = 0x4049_0FDB;
    const TWO_PI: u32 = 0x40C9_0FDB;

    fn v1(op: M, a: u32) -> u32 {
        lane32(op, a, 0, 0)
    }

    fn v2(op: M, a: u32, b: u32) -> u32 {
        lane32(op, a, b, 0)
    }

    fn v3(op: M, a: u32, b: u32, c: u32) -> u32 {
        lane32(op, a, b, c)
    }

    /// A float as a VOPC compare sees it: flushed.
    fn fl(x: u32) -> f32 {
        f32::from_bits(crate::r600::ops::flush(x))
    }

    fn sel(mask: bool, t: u32, f: u32) -> u32 {
        if mask {
            t
        } else {
            f
        }
    }

    /// IL's DX9 multiply: V_MUL_LEGACY_F32 with the sign of a ^ b ORed in
    /// (`isel/mod.rs`, `legacy_mul`).
    fn legacy_mul(a: u32, b: u32) -> u32 {
        v2(M::V_MUL_LEGACY_F32, a, b) | ((a ^ b) & SIGN)
    }

    /// x * rcp(y) with y scaled into the reciprocal's normal range (`isel/mod.rs`,
    /// `fast_div`).
    fn fast_div(x: u32, y: u32) -> u32 {
        let big = fl(y).abs() > f32::from_bits(0x6F80_0000);
        let small = f32::from_bits(0x0F80_0000) > fl(y).abs();
        let up = sel(small, 0x4F80_0000, ONE);
        let scale = sel(big, 0x2F80_0000, up);
        let ys = v2(M::V_MUL_F32, y, scale);
        let rcp = v1(M::V_RCP_F32, ys);
        let q = v2(M::V_MUL_F32, x, rcp);
        v2(M::V_MUL_F32, scale, q)
    }

    /// `div` (`isel/mod.rs`, `O::Div`): the zeroop value with x's sign for a zero divisor.
    fn div(x: u32, y: u32, z: ZeroOp) -> u32 {
        let q = fast_div(x, y);
        let zv = zeroop_value(z);
        let zs = sel(0.0 > fl(x), zv | SIGN, zv);
        sel(fl(y) == 0.0, zs, q)
    }

    /// `rcp`/`rsq` (`isel/alu32.rs`): the instruction, zero the zeroop value.
    fn recip(op: M, x: u32, z: ZeroOp) -> u32 {
        sel(fl(x) == 0.0, zeroop_value(z), v1(op, x))
    }

    /// `log`/`ln` (`isel/alu32.rs`, `log_zeroop`).
    fn log(x: u32, z: ZeroOp, natural: bool) -> u32 {
        let mut l = v1(M::V_LOG_F32, x);
        if natural {
            l = v2(M::V_MUL_F32, LN2, l);
        }
        sel(fl(x) == 0.0, log_zero_value(z), l)
    }

    /// `pow` (`isel/alu32.rs`): exp2(y * log2 x); y == 0 or x == 1 give 1.
    fn pow(x: u32, y: u32) -> u32 {
        let l = v1(M::V_LOG_F32, x);
        let p = v2(M::V_MUL_F32, y, l);
        let e = v1(M::V_EXP_F32, p);
        sel(fl(y) == 0.0 || fl(x) == 1.0, ONE, e)
    }

    /// x / 2π in revolutions, the product in two parts (`isel/alu32.rs`, `revolutions`).
    fn revolutions(x: u32) -> u32 {
        let t = v2(M::V_MUL_F32, INV_TAU, x);
        let e = v3(M::V_FMA_F32, x, INV_TAU, t ^ SIGN);
        let e2 = v3(M::V_FMA_F32, x, INV_TAU_LO, e);
        let n = v1(M::V_RNDNE_F32, t);
        let f = v2(M::V_SUB_F32, t, n);
        v2(M::V_ADD_F32, f, e2)
    }

    fn trig(x: u32, sine: bool) -> u32 {
        let op = if sine { M::V_SIN_F32 } else { M::V_COS_F32 };
        v1(op, revolutions(x))
    }

    /// `tan` (`isel/alu32.rs`, `tan32`): Cody-Waite reduction by π/2, sin/cos of the rest,
    /// their quotient by `fast_div`, negated and inverted for odd quadrants.
    fn tan(x: u32) -> u32 {
        let kf = v2(M::V_MUL_F32, TWO_OVER_PI, x);
        let k = v1(M::V_RNDNE_F32, kf);
        let mut red = x;
        for part in PIO2_PARTS {
            red = v3(M::V_FMA_F32, k ^ SIGN, part, red);
        }
        let rev = v2(M::V_MUL_F32, INV_TAU, red);
        let sn = v1(M::V_SIN_F32, rev);
        let cs = v1(M::V_COS_F32, rev);
        let ki = v1(M::V_CVT_I32_F32, k);
        let odd = ki & 1 != 0;
        let num = sel(odd, cs, sn);
        let den = sel(odd, sn, cs);
        let q = fast_div(num, den);
        sel(odd, q ^ SIGN, q)
    }

    /// The first `k` products (DX9 multiply, or V_MUL_F32 with `_ieee`) summed left to
    /// right (`isel/mod.rs` `O::Dp*`, `isel/vector.rs` `dot`).
    fn dot(a: [u32; 4], b: [u32; 4], k: usize, ieee: bool) -> u32 {
        let m = |x, y| {
            if ieee {
                v2(M::V_MUL_F32, x, y)
            } else {
                legacy_mul(x, y)
            }
        };
        let mut sum = m(a[0], b[0]);
        for i in 1..k {
            sum = v2(M::V_ADD_F32, sum, m(a[i], b[i]));
        }
        sum
    }

    /// `mod` (`isel/fmod.rs` `fmod_reduce`, then `isel/mod.rs` `fmod`). The class tests
    /// (V_CMP_CLASS_F32) read the raw bits.
    fn fmod(x: u32, y: u32) -> u32 {
        let exponent = |v: u32| (v >> 23) & 0xFF;
        // The reduction of large quotients.
        let ay = y & MAG;
        let ey = FMOD_CHUNK.wrapping_add(v3(M::V_BFE_U32, ay, 23, 8));
        let mut r = x & MAG;
        for _ in 0..FMOD_STEPS {
            let er = v3(M::V_BFE_U32, r, 23, 8);
            let k = v2(M::V_MAX_I32, 0, er.wrapping_sub(ey));
            let ys = ay.wrapping_add(k << 23);
            let sc = sel(fl(ys) >= fl(TWO_64), TWO_M64, ONE);
            let rc = v1(M::V_RCP_F32, v2(M::V_MUL_F32, ys, sc));
            let p = v2(M::V_MUL_F32, v2(M::V_MUL_F32, r, sc), rc);
            let q = v1(M::V_TRUNC_F32, v2(M::V_MUL_F32, NUDGE, p));
            let r1 = v3(M::V_FMA_F32, q ^ SIGN, ys, r);
            r = sel(0.0 > fl(r1), v2(M::V_ADD_F32, r1, ys), r1);
        }
        let signed = (r & MAG) | (x & SIGN);
        let ok = exponent(x) != 0xFF && exponent(y) != 0 && exponent(y) != 0xFF;
        let x = sel(ok, signed, x);
        // One quotient step.
        let q = v1(M::V_TRUNC_F32, fast_div(x, y));
        let r = v3(M::V_FMA_F32, q ^ SIGN, y, x);
        let ay = y & MAG;
        let step = (x & SIGN) | ay;
        let flip = 0 > ((r ^ x) as i32);
        let nz = fl(r) != 0.0;
        let r1 = sel(flip && nz, v2(M::V_ADD_F32, r, step), r);
        let high = fl(r1 & MAG) >= fl(ay);
        let r2 = sel(high, v2(M::V_SUB_F32, r1, step), r1);
        let zero = exponent(y) == 0;
        let special = zero || (y & MAG == INF && exponent(x) != 0xFF);
        let v = sel(special, v2(M::V_MUL_F32, x, ONE), r2);
        (v & MAG) | (x & SIGN)
    }

    /// `drsq` (`isel/double.rs`, `rsq64`): V_RSQ_F64 and two Newton-Raphson steps
    /// (e = 1 - x·y·y, y += y/2·e, in fmas); ±0 the zeroop value, +Inf +0, NaN x itself.
    fn drsq(a: [u32; 4], z: ZeroOp) -> [u32; 4] {
        use crate::gcn::lane64 as v;
        let x = il_semantics::double::pack(a[0], a[1]);
        let (one, half) = (1f64.to_bits(), 0.5f64.to_bits());
        let mut y = v(M::V_RSQ_F64, x, 0, 0);
        for _ in 0..2 {
            let t = v(M::V_MUL_F64, x, y, 0);
            let e = v(M::V_FMA_F64, t ^ 1 << 63, y, one);
            let h = v(M::V_MUL_F64, half, y, 0);
            y = v(M::V_FMA_F64, h, e, y);
        }
        let zv = match z {
            ZeroOp::Zero => 0,
            ZeroOp::FltMax => 0x7FEF_FFFF_FFFF_FFFF,
            ZeroOp::Infinity | ZeroOp::InfElseMax => 0x7FF0_0000_0000_0000,
        };
        let r = if x << 1 == 0 {
            zv
        } else if x == 0x7FF0_0000_0000_0000 {
            0
        } else if f64::from_bits(x).is_nan() {
            x
        } else {
            y
        };
        let (lo, hi) = il_semantics::double::unpack(r);
        [lo, hi, lo, hi]
    }

    /// IL's `pow` as `lit` uses it (`isel/vector.rs`, `pow32`).
    fn pow32(x: u32, y: u32) -> u32 {
        pow(x, y)
    }

    /// `lit` (`isel/vector.rs`).
    fn lit(x: [u32; 4]) -> [u32; 4] {
        let xf = v2(M::V_MUL_F32, x[0], ONE);
        let below = fl(LIT_MIN) > fl(x[3]);
        let g = sel(below, LIT_MIN, x[3]);
        let above = fl(LIT_MAX) < fl(g);
        let g = sel(above, LIT_MAX, g);
        let p = pow32(x[1], g);
        let both = 0.0 < fl(x[0]) && 0.0 < fl(x[1]);
        [ONE, sel(0.0 < fl(x[0]), xf, 0), sel(both, p, 0), ONE]
    }

    /// `logp` (`isel/vector.rs`): [floor(f), ldexp(x, -floor(f)), f, 1].
    fn logp(x: u32, z: ZeroOp) -> [u32; 4] {
        let f = log(x, z, false);
        let e = v1(M::V_FLOOR_F32, f);
        let n = v1(M::V_CVT_I32_F32, e);
        let m = v2(M::V_LDEXP_F32, x, 0u32.wrapping_sub(n));
        [e, m, f, ONE]
    }

    /// atan (`isel/vector.rs`, `atan32`).
    fn atan(x: u32) -> u32 {
        let big = 1.0 < fl(x).abs();
        let u = sel(big, v1(M::V_RCP_F32, x), x);
        let u2 = v2(M::V_MUL_F32, u, u);
        let c = [
            0.999_866f32,
            -0.330_299_5,
            0.180_141,
            -0.085_133,
            0.020_835_1,
        ];
        let mut p = c[4].to_bits();
        for k in (0..4).rev() {
            p = v3(M::V_FMA_F32, p, u2, c[k].to_bits());
        }
        let a = v2(M::V_MUL_F32, u, p);
        let half_pi = (HALF_PI & !SIGN) | (x & SIGN);
        sel(big, v2(M::V_SUB_F32, half_pi, a), a)
    }

    /// acos (`isel/vector.rs`, `acos32`): A&S 4.4.45 on |x|, π minus it below zero.
    fn acos(x: u32) -> u32 {
        let t = x & !SIGN;
        let c = [1.570_728_8f32, -0.212_114_4, 0.074_261, -0.018_729_3];
        let mut p = c[3].to_bits();
        for k in (0..3).rev() {
            p = v3(M::V_FMA_F32, p, t, c[k].to_bits());
        }
        let sq = v1(M::V_SQRT_F32, v2(M::V_SUB_F32, ONE, t));
        let a = v2(M::V_MUL_F32, sq, p);
        sel(0.0 > fl(x), v2(M::V_SUB_F32, PI, a), a)
    }

    pub(super) fn lane(op: Opcode, f: Fields, s: &[[u32; 4]; 5]) -> Option<[u32; 4]> {
        use Opcode as O;
        let (a, b, c) = (s[0], s[1], s[2]);
        let w = a[3];
        Some(match op {
            O::Mod => comp2(a, b, fmod),
            O::DRsq => drsq(a, f.zeroop),
            // src1·src0 + src2·(1 - src0), DX9 multiplies (`isel/alu32.rs`).
            O::Lrp => comp3(a, b, c, |t, x, y| {
                let q = legacy_mul(y, v2(M::V_SUB_F32, ONE, t));
                v2(M::V_ADD_F32, legacy_mul(x, t), q)
            }),
            O::Crs => {
                let r = CRS
                    .map(|(i, j)| v2(M::V_SUB_F32, legacy_mul(a[i], b[j]), legacy_mul(a[j], b[i])));
                [r[0], r[1], r[2], 0]
            }
            O::Det => splat(det(
                [a, b, c, s[3]],
                &legacy_mul,
                &|x, y| v2(M::V_SUB_F32, x, y),
                &|x, y| v2(M::V_ADD_F32, x, y),
            )),
            O::Reflect => {
                let fd = legacy_mul(TWO, dot(a, b, 4, false));
                let norm = dot(b, b, 4, false);
                let i = |k: usize| {
                    let base = if f.normalize {
                        legacy_mul(norm, a[k])
                    } else {
                        v2(M::V_MUL_F32, a[k], ONE)
                    };
                    v2(M::V_SUB_F32, base, legacy_mul(fd, b[k]))
                };
                [i(0), i(1), i(2), i(3)]
            }
            O::Faceforward => {
                let d = fl(dot(a, b, 4, false));
                let sg = sel(d == 0.0, 0, sel(0.0 > d, MINUS_ONE, ONE));
                comp1(c, |z| legacy_mul(z, sg))
            }
            O::Mmul => {
                let (n, count) = mmul_shape(f.matrix);
                let mut r = [0; 4];
                for (k, v) in r.iter_mut().enumerate().take(count) {
                    *v = dot(a, s[1 + k], n, false);
                }
                r
            }
            O::Lit => lit(a),
            O::Logp => logp(w, f.zeroop),
            O::Atan => splat(atan(w)),
            O::Acos => splat(acos(w)),
            O::Asin => splat(v2(M::V_SUB_F32, HALF_PI, acos(w))),
            // fract(revolutions + 0.5)·2π - π (`isel/vector.rs`).
            O::Pireduce => comp1(a, |x| {
                let t = v2(M::V_ADD_F32, 0x3F00_0000, revolutions(x));
                let fr = v1(M::V_FRACT_F32, t);
                v3(M::V_FMA_F32, fr, TWO_PI, PI | SIGN)
            }),
            O::Div => comp2(a, b, |x, y| div(x, y, f.zeroop)),
            O::Rcp => splat(recip(M::V_RCP_F32, w, f.zeroop)),
            O::Rsq => splat(recip(M::V_RSQ_F32, w, f.zeroop)),
            O::Sqrt => splat(v1(M::V_SQRT_F32, w)),
            O::RcpVec => comp1(a, |x| v1(M::V_RCP_F32, x)),
            O::RsqVec => comp1(a, |x| v1(M::V_RSQ_F32, x)),
            O::SqrtVec => comp1(a, |x| v1(M::V_SQRT_F32, x)),
            O::Exp => splat(v1(M::V_EXP_F32, w)),
            O::ExpVec => comp1(a, |x| v1(M::V_EXP_F32, x)),
            O::Exn => splat(v1(M::V_EXP_F32, v2(M::V_MUL_F32, LOG2E, w))),
            O::Log => splat(log(w, f.zeroop, false)),
            O::Ln => splat(log(w, f.zeroop, true)),
            O::LogVec => comp1(a, |x| v1(M::V_LOG_F32, x)),
            O::Pow => splat(pow(w, b[3])),
            O::Sin => splat(trig(w, true)),
            O::Cos => splat(trig(w, false)),
            O::SinVec => comp1(a, |x| trig(x, true)),
            O::CosVec => comp1(a, |x| trig(x, false)),
            O::Sincos | O::Dxsincos => [trig(w, false), trig(w, true), 0, 0],
            O::Tan => splat(tan(w)),
            O::Dp2 => splat(dot(a, b, 2, f.ieee)),
            O::Dp3 => splat(dot(a, b, 3, f.ieee)),
            O::Dp4 => splat(dot(a, b, 4, f.ieee)),
            O::Dp2add => splat(v2(M::V_ADD_F32, dot(a, b, 2, f.ieee), c[2])),
            O::Len => splat(v1(M::V_SQRT_F32, dot(a, a, 4, false))),
            O::Dist => {
                let d = comp2(a, b, |x, y| v2(M::V_SUB_F32, x, y));
                splat(v1(M::V_SQRT_F32, dot(d, d, 4, false)))
            }
            O::Nrm => {
                let sum = dot(a, a, if f.nrm4 { 4 } else { 3 }, false);
                let k = sel(
                    fl(sum) == 0.0,
                    zeroop_value(f.zeroop),
                    v1(M::V_RSQ_F32, sum),
                );
                comp1(a, |x| legacy_mul(x, k))
            }
            O::Expp => {
                let fl = v1(M::V_FLOOR_F32, w);
                [
                    v1(M::V_EXP_F32, fl),
                    v2(M::V_SUB_F32, w, fl),
                    v1(M::V_EXP_F32, w),
                    ONE,
                ]
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use il_semantics::accuracy;

    #[test]
    fn every_tolerated_opcode_has_a_formula_on_both_targets() {
        for op in Opcode::all() {
            let tolerated = crate::interp::tolerated::is_tolerated(accuracy::tolerance(op));
            for t in [FormulaTarget::Cayman, FormulaTarget::Gfx906] {
                assert_eq!(formula_covered(t, op), tolerated, "{op:?} on {t:?}");
            }
        }
    }
}
