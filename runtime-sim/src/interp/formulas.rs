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
    );
    match target {
        FormulaTarget::Cayman | FormulaTarget::Gfx906 => common,
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

/// One lane of a tolerated instruction computed with `target`'s formula, from the lane's
/// evaluated sources (`s[i]` the four components of source i); `None` where there is no
/// formula ([`formula_covered`]).
pub fn lane(target: FormulaTarget, op: Opcode, f: Fields, s: &[[u32; 4]; 3]) -> Option<[u32; 4]> {
    if !formula_covered(target, op) {
        return None;
    }
    match target {
        FormulaTarget::Cayman => cayman::lane(op, f, s),
        FormulaTarget::Gfx906 => gfx906::lane(op, f, s),
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

    pub(super) fn lane(op: Opcode, f: Fields, s: &[[u32; 4]; 3]) -> Option<[u32; 4]> {
        use Opcode as O;
        let (a, b, c) = (s[0], s[1], s[2]);
        let w = a[3];
        Some(match op {
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

    pub(super) fn lane(op: Opcode, f: Fields, s: &[[u32; 4]; 3]) -> Option<[u32; 4]> {
        use Opcode as O;
        let (a, b, c) = (s[0], s[1], s[2]);
        let w = a[3];
        Some(match op {
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
