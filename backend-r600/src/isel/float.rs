//! Float IL instructions whose meaning needs more than one Cayman instruction, or whose
//! Cayman instruction differs from the IL at an edge (signed zeros, NaN, saturation,
//! denormals). Each sequence gives the bits `il-semantics` computes (within the spec's
//! tolerance for the transcendentals).

use il_frontend::enums::{RelOp, ZeroOp};
use il_frontend::opcode::Opcode;
use midend::ir;

use super::Isel;
use crate::isa::AluOp as A;
use crate::mir::Operand;
use crate::CompileError;

const ONE: u32 = 0x3F80_0000;
const MINUS_ONE: u32 = 0xBF80_0000;
const INF: u32 = 0x7F80_0000;
const QNAN: u32 = 0x7FC0_0000;
const SIGN: u32 = 0x8000_0000;
const FLT_MAX: u32 = 0x7F7F_FFFF;
/// π/2.
const HALF_PI: u32 = 0x3FC9_0FDB;
/// 1 / (2π): SIN and COS take their argument in turns (cayman L6903).
const INV_TAU: u32 = 0x3E22_F983;
/// ln 2, to turn log2 into ln.
const LN2: u32 = 0x3F31_7218;
/// log2 e, to turn 2^x into e^x.
const LOG2E: u32 = 0x3FB8_AA3B;

fn field(op: &ir::AluOp, name: &str) -> Option<u32> {
    op.opcode
        .info()
        .field(name)?
        .value_in(op.control, &Default::default(), &[])
}

pub(super) fn zeroop(op: &ir::AluOp) -> ZeroOp {
    field(op, "zeroop")
        .and_then(ZeroOp::from_u32)
        .unwrap_or(ZeroOp::FltMax)
}

fn relop(op: &ir::AluOp) -> RelOp {
    field(op, "relop")
        .and_then(RelOp::from_u32)
        .unwrap_or(RelOp::Eq)
}

impl Isel<'_> {
    /// The float instructions selected here, `None` for the others.
    pub(super) fn float_alu(
        &mut self,
        op: &ir::AluOp,
        a: &[Operand],
    ) -> Result<Option<Operand>, CompileError> {
        use Opcode as O;
        let n = |k: usize| -> Result<Operand, CompileError> {
            a.get(k).copied().ok_or_else(|| {
                CompileError::Internal(format!("{} lacks operand {k}", op.opcode.mnemonic()))
            })
        };
        let imm = Operand::imm;
        Ok(Some(match op.opcode {
            // |x| flushed (il-semantics `float::abs` flushes its input, L3063): ADD flushes
            // its operands and result, and |x| + 0 is |x| for every other input.
            O::Abs => self.alu_op(A::Add, vec![n(0)?.absolute(), imm(0)]),
            O::Max | O::Min => {
                let (x, y) = (n(0)?, n(1)?);
                let r = if op.opcode == O::Max {
                    self.max(x, y)
                } else {
                    self.min(x, y)
                };
                if field(op, "ieee").unwrap_or(0) != 0 {
                    self.quiet_signaling(x, y, r)
                } else {
                    r
                }
            }
            O::Max3 => {
                let m = self.max(n(0)?, n(1)?);
                self.max(m, n(2)?)
            }
            O::Min3 => {
                let m = self.min(n(0)?, n(1)?);
                self.min(m, n(2)?)
            }
            O::Med3 => {
                let (x, y, z) = (n(0)?, n(1)?, n(2)?);
                let lo = self.min(x, y);
                let hi = self.max(x, y);
                let m = self.min(hi, z);
                self.max(lo, m)
            }
            O::Clamp => {
                // v = x; v < lo → lo; v > hi → hi (a NaN x passes), then flushed.
                let (x, lo, hi) = (n(0)?, n(1)?, n(2)?);
                let below = self.alu_op(A::SetgtDx10, vec![lo, x]);
                let v = self.alu_op(A::CndeInt, vec![below, x, lo]);
                let above = self.alu_op(A::SetgtDx10, vec![v, hi]);
                let v = self.alu_op(A::CndeInt, vec![above, v, hi]);
                self.flushed(v)
            }
            O::Mod => self.fmod(n(0)?, n(1)?),
            O::Ftoi => self.ftoi(n(0)?),
            O::FtoiFlr => {
                let t = self.alu_op(A::Floor, vec![n(0)?]);
                self.ftoi(t)
            }
            O::FtoiRpi => {
                // floor(x + 0.5) exactly, as `rnd` computes it, then converted.
                let r = self.round_half_up(n(0)?);
                self.ftoi(r)
            }
            O::SinVec | O::Sin => self.sin_cos(A::Sin, n(0)?),
            O::CosVec | O::Cos => self.sin_cos(A::Cos, n(0)?),
            O::Sincos | O::Dxsincos => {
                let f = if op.comp & 1 == 0 { A::Cos } else { A::Sin };
                self.sin_cos(f, n(0)?)
            }
            O::Tan => {
                let x = n(0)?;
                let s = self.sin_cos(A::Sin, x);
                let c = self.sin_cos(A::Cos, x);
                let r = self.alu_op(A::RecipIeee, vec![c]);
                self.alu_op(A::MulIeee, vec![s, r])
            }
            O::Pireduce => {
                // frac(x / 2π + 0.5) * 2π - π in double precision, rounded once to float
                // (il-semantics `float::pireduce`; x / 2π as x * (1 / 2π), within the
                // spec's tolerance). A float's double and these intermediates are never
                // double denormals, so the 64-bit instructions' flushing cannot show.
                let x = n(0)?;
                let d = self.op64(A::Flt32ToFlt64, &[(x, x)]);
                let k = |v: u64| (imm(v as u32), imm((v >> 32) as u32));
                let t = self.op64(
                    A::Fma64,
                    &[d, k(0x3FC4_5F30_6DC9_C883), k(0x3FE0_0000_0000_0000)],
                );
                let f = self.op64(A::Fract64, &[t]);
                let r = self.op64(
                    A::Fma64,
                    &[f, k(0x4019_21FB_5444_2D18), k(0xC009_21FB_5444_2D18)],
                );
                self.op64(A::Flt64ToFlt32, &[r]).0
            }
            O::Atan => self.atan(n(0)?),
            O::Asin | O::Acos => {
                // asin x = atan(x / sqrt(1 - x²)) (±1 gives ±π/2 through atan(±Inf); |x| > 1
                // a NaN root); acos x = π/2 - asin x.
                let x = n(0)?;
                let x2 = self.alu_op(A::MulIeee, vec![x, x]);
                let d = self.alu_op(A::Add, vec![imm(ONE), x2.negated()]);
                let r = self.alu_op(A::RecipsqrtIeee, vec![d]);
                let q = self.alu_op(A::MulIeee, vec![x, r]);
                let s = self.atan(q);
                if op.opcode == O::Asin {
                    s
                } else {
                    self.alu_op(A::Add, vec![imm(HALF_PI), s.negated()])
                }
            }
            O::Sqrt => self.alu_op(A::SqrtIeee, vec![n(0)?]),
            O::RcpVec => self.alu_op(A::RecipIeee, vec![n(0)?]),
            O::Rcp | O::Rsq => {
                // ±0 gives the zeroop value, unsigned (il-semantics `float::rcp`/`rsq`).
                let x = n(0)?;
                let hw = if op.opcode == O::Rcp {
                    A::RecipIeee
                } else {
                    A::RecipsqrtIeee
                };
                let r = self.alu_op(hw, vec![x]);
                let value = match zeroop(op) {
                    ZeroOp::Zero => 0,
                    ZeroOp::FltMax => FLT_MAX,
                    ZeroOp::Infinity | ZeroOp::InfElseMax => INF,
                };
                let zero = self.alu_op(A::SeteDx10, vec![x, imm(0)]);
                self.alu_op(A::CndeInt, vec![zero, r, imm(value)])
            }
            O::Exp => self.alu_op(A::ExpIeee, vec![n(0)?]),
            O::Exn => {
                let t = self.alu_op(A::MulIeee, vec![n(0)?, imm(LOG2E)]);
                self.alu_op(A::ExpIeee, vec![t])
            }
            O::Log | O::Ln => {
                // log2 (× ln 2 for `ln`); ±0 gives the zeroop value, negative NaN
                // (il-semantics `float::log_base`).
                let x = n(0)?;
                let l = self.alu_op(A::LogIeee, vec![x]);
                let l = if op.opcode == O::Ln {
                    self.alu_op(A::MulIeee, vec![l, imm(LN2)])
                } else {
                    l
                };
                let value = match zeroop(op) {
                    ZeroOp::Zero => 0,
                    ZeroOp::FltMax => FLT_MAX | SIGN,
                    ZeroOp::Infinity | ZeroOp::InfElseMax => INF | SIGN,
                };
                let zero = self.alu_op(A::SeteDx10, vec![x, imm(0)]);
                let l = self.alu_op(A::CndeInt, vec![zero, l, imm(value)]);
                let neg = self.alu_op(A::SetgtDx10, vec![imm(0), x]);
                self.alu_op(A::CndeInt, vec![neg, l, imm(QNAN)])
            }
            O::Pow => {
                // exp2(y * log2(x)) with the DX9 multiply (0 * anything = 0), which gives
                // the special cases of il-semantics `float::pow`.
                let (x, y) = (n(0)?, n(1)?);
                let l = self.alu_op(A::LogIeee, vec![x]);
                let p = self.alu_op(A::Mul, vec![y, l]);
                self.alu_op(A::ExpIeee, vec![p])
            }
            O::Sgn => self.sign(n(0)?),
            O::Set => {
                let m = self.float_compare(relop(op), n(0)?, n(1)?);
                self.alu_op(A::AndInt, vec![m, imm(ONE)])
            }
            O::Fma | O::DivFmas => self.alu_op(A::Fma, vec![n(0)?, n(1)?, n(2)?]),
            O::DivFixup => self.div_fixup(n(0)?, n(1)?, n(2)?)?,
            O::Cmov => {
                // Moves src1 where src0 is not ±0 (NaN moves); otherwise the old value.
                let (c, x, old) = (n(0)?, n(1)?, n(2)?);
                let t = self.alu_op(A::SetneDx10, vec![c, imm(0)]);
                self.alu_op(A::CndeInt, vec![t, old, x])
            }
            O::Lrp => {
                // x * t + y * (1 - t), DX9 multiplies, each step rounded.
                let (t, x, y) = (n(0)?, n(1)?, n(2)?);
                let p = self.alu_op(A::Mul, vec![x, t]);
                let u = self.alu_op(A::Add, vec![imm(ONE), t.negated()]);
                let q = self.alu_op(A::Mul, vec![y, u]);
                self.alu_op(A::Add, vec![p, q])
            }
            _ => return Ok(None),
        }))
    }

    /// x with a denormal replaced by the zero of its sign (MUL_IEEE by 1 flushes input and
    /// output and changes nothing else).
    pub(super) fn flushed(&mut self, x: Operand) -> Operand {
        self.alu_op(A::MulIeee, vec![x, Operand::imm(ONE)])
    }

    /// IL `max`: MAX_DX10 has DX10's NaN rule but returns src0 for equal operands, so
    /// max(-0, +0) would be -0 (cayman L4927); the IL wants +0 (il-semantics `float::max`).
    /// Both orders ANDed give +0 for two zeros; any other result is the same both ways.
    fn max(&mut self, x: Operand, y: Operand) -> Operand {
        let m = self.alu_op(A::MaxDx10, vec![x, y]);
        let m2 = self.alu_op(A::MaxDx10, vec![y, x]);
        let both = self.alu_op(A::AndInt, vec![m, m2]);
        let zero = self.alu_op(A::SeteDx10, vec![m, Operand::imm(0)]);
        self.alu_op(A::CndeInt, vec![zero, m, both])
    }

    /// IL `min`: as [`Self::max`], the two orders ORed give -0 for two zeros.
    fn min(&mut self, x: Operand, y: Operand) -> Operand {
        let m = self.alu_op(A::MinDx10, vec![x, y]);
        let m2 = self.alu_op(A::MinDx10, vec![y, x]);
        let both = self.alu_op(A::OrInt, vec![m, m2]);
        let zero = self.alu_op(A::SeteDx10, vec![m, Operand::imm(0)]);
        self.alu_op(A::CndeInt, vec![zero, m, both])
    }

    /// `_ieee` min/max (IEEE-754r minNum/maxNum): a signaling NaN operand gives itself
    /// quieted, src0 first (il-semantics `float::min_max_nan`).
    fn quiet_signaling(&mut self, x: Operand, y: Operand, r: Operand) -> Operand {
        let mut r = r;
        for s in [y, x] {
            let mag = self.alu_op(A::AndInt, vec![s, Operand::imm(0x7FFF_FFFF)]);
            let nan = self.alu_op(A::SetgtUint, vec![mag, Operand::imm(INF)]);
            let signaling = self.alu_op(A::SetgtUint, vec![Operand::imm(QNAN), mag]);
            let both = self.alu_op(A::AndInt, vec![nan, signaling]);
            let q = self.alu_op(A::OrInt, vec![s, Operand::imm(0x0040_0000)]);
            r = self.alu_op(A::CndeInt, vec![both, r, q]);
        }
        r
    }

    /// `_sign` / `sgn`: -1 below zero, 0 for ±0 (denormals too), 1 otherwise (NaN too).
    pub(super) fn sign(&mut self, x: Operand) -> Operand {
        let neg = self.alu_op(A::SetgtDx10, vec![Operand::imm(0), x]);
        let zero = self.alu_op(A::SeteDx10, vec![x, Operand::imm(0)]);
        let r = self.alu_op(A::CndeInt, vec![zero, Operand::imm(ONE), Operand::imm(0)]);
        self.alu_op(A::CndeInt, vec![neg, r, Operand::imm(MINUS_ONE)])
    }

    /// floor(x + 0.5) evaluated exactly: floor(x) + (x - floor(x) >= 0.5).
    pub(super) fn round_half_up(&mut self, x: Operand) -> Operand {
        let t = self.alu_op(A::Floor, vec![x]);
        let f = self.alu_op(A::Add, vec![x, t.negated()]);
        let up = self.alu_op(A::SetgeDx10, vec![f, Operand::imm(0x3F00_0000)]);
        let one = self.alu_op(A::AndInt, vec![up, Operand::imm(ONE)]);
        self.alu_op(A::Add, vec![t, one])
    }

    /// IL `ftoi`: truncation saturating to i32::MIN / i32::MAX, NaN 0 (il-semantics
    /// `convert::ftoi`). FLT_TO_INT keeps the low 32 bits of too large a value
    /// (cayman L3915-L3933), so out-of-range inputs are replaced afterwards.
    fn ftoi(&mut self, x: Operand) -> Operand {
        let t = self.alu_op(A::Trunc, vec![x]);
        let i = self.alu_op(A::FltToInt, vec![t]);
        // -2^31 and 2^31 as floats.
        let low = self.alu_op(A::SetgtDx10, vec![Operand::imm(0xCF00_0000), x]);
        let i = self.alu_op(A::CndeInt, vec![low, i, Operand::imm(0x8000_0000)]);
        let high = self.alu_op(A::SetgeDx10, vec![x, Operand::imm(0x4F00_0000)]);
        self.alu_op(A::CndeInt, vec![high, i, Operand::imm(0x7FFF_FFFF)])
    }

    /// SIN or COS of x radians: x / 2π reduced to [0, 1) by FRACT (the instructions take
    /// turns, cayman L6903). Hardware gives 0 or 1 for NaN and ±Inf where the IL gives NaN.
    fn sin_cos(&mut self, f: A, x: Operand) -> Operand {
        let t = self.alu_op(A::MulIeee, vec![x, Operand::imm(INV_TAU)]);
        let t = self.alu_op(A::Fract, vec![t]);
        let r = self.alu_op(f, vec![t]);
        self.nan_unless_finite(x, r)
    }

    /// atan x within the accuracy table's 0.002: u = min(|x|, 1/|x|) in [0, 1], the
    /// minimax polynomial of Abramowitz and Stegun 4.4.49 (error below 1e-5), π/2 - p for
    /// |x| > 1, x's sign; NaN propagates.
    fn atan(&mut self, x: Operand) -> Operand {
        let imm = Operand::imm;
        let t = x.absolute();
        let big = self.alu_op(A::SetgtDx10, vec![t, imm(ONE)]);
        let inv = self.alu_op(A::RecipIeee, vec![t]);
        let u = self.alu_op(A::CndeInt, vec![big, t, inv]);
        let u2 = self.alu_op(A::MulIeee, vec![u, u]);
        let mut p = imm(0x3CAA_AE5F); // 0.0208351
        for c in [0xBDAE_5A36u32, 0x3E38_76E2, 0xBEA9_1D04, 0x3F7F_F738] {
            // -0.0851330, 0.1801410, -0.3302995, 0.9998660
            p = self.alu_op(A::MuladdIeee, vec![p, u2, imm(c)]);
        }
        let r = self.alu_op(A::MulIeee, vec![p, u]);
        let far = self.alu_op(A::Add, vec![imm(HALF_PI), r.negated()]);
        let r = self.alu_op(A::CndeInt, vec![big, r, far]);
        let s = self.alu_op(A::AndInt, vec![x, imm(SIGN)]);
        self.alu_op(A::OrInt, vec![r, s])
    }

    /// `r` where x is finite, NaN where it is NaN or ±Inf.
    fn nan_unless_finite(&mut self, x: Operand, r: Operand) -> Operand {
        let finite = self.alu_op(A::SetgtDx10, vec![Operand::imm(INF), x.absolute()]);
        self.alu_op(A::CndeInt, vec![finite, Operand::imm(QNAN), r])
    }

    /// IL `mod` (C's fmodf, il-semantics `float::fmod`): x reduced below |y|·2^20
    /// (`fmod_reduce`), then q = trunc(x * (1/y)),
    /// r = fma(-q, y, x), one correction each way for a quotient off by one; the result has
    /// x's sign (zeros included); a zero divisor, or an infinite one with a finite x,
    /// returns x flushed.
    fn fmod(&mut self, x: Operand, y: Operand) -> Operand {
        // Large quotients first (`fmod.rs`).
        let x = self.fmod_reduce(x, y);
        let imm = Operand::imm;
        let rc = self.alu_op(A::RecipIeee, vec![y]);
        let p = self.alu_op(A::MulIeee, vec![x, rc]);
        let q = self.alu_op(A::Trunc, vec![p]);
        let r0 = self.alu_op(A::Fma, vec![q.negated(), y, x]);
        // s = |y| with x's sign.
        let xs = self.alu_op(A::AndInt, vec![x, imm(SIGN)]);
        let ya = self.alu_op(A::AndInt, vec![y, imm(0x7FFF_FFFF)]);
        let sy = self.alu_op(A::OrInt, vec![ya, xs]);
        // r opposite in sign to x (and nonzero): add s.
        let rx = self.alu_op(A::MulIeee, vec![r0, x]);
        let under = self.alu_op(A::SetgtDx10, vec![imm(0), rx]);
        let r1a = self.alu_op(A::Add, vec![r0, sy]);
        let r1 = self.alu_op(A::CndeInt, vec![under, r0, r1a]);
        // |r| >= |y|: subtract s.
        let over = self.alu_op(A::SetgeDx10, vec![r1.absolute(), ya]);
        let r2a = self.alu_op(A::Add, vec![r1, sy.negated()]);
        let r2 = self.alu_op(A::CndeInt, vec![over, r1, r2a]);
        // x's sign on the result.
        let mag = self.alu_op(A::AndInt, vec![r2, imm(0x7FFF_FFFF)]);
        let r3 = self.alu_op(A::OrInt, vec![mag, xs]);
        let nan = self.alu_op(A::SetneDx10, vec![r2, r2]);
        let r4 = self.alu_op(A::CndeInt, vec![nan, r3, r2]);
        // y = ±0, or y = ±Inf with a finite x: x (flushed).
        let zero = self.alu_op(A::SeteDx10, vec![y, imm(0)]);
        let yinf = self.alu_op(A::SeteDx10, vec![y.absolute(), imm(INF)]);
        let xfin = self.alu_op(A::SetgtDx10, vec![imm(INF), x.absolute()]);
        let keep = self.alu_op(A::AndInt, vec![yinf, xfin]);
        let keep = self.alu_op(A::OrInt, vec![keep, zero]);
        let xf = self.flushed(x);
        self.alu_op(A::CndeInt, vec![keep, r4, xf])
    }
}

impl Isel<'_> {
    /// The float operand modifiers beyond NEG/ABS/CLAMP, `None` for the others. Source
    /// modifiers are operand transformations that do not flush denormals (il-semantics
    /// `modifiers.rs`); the destination shift scale flushes like an instruction result.
    pub(super) fn float_modifier(
        &mut self,
        m: ir::Modifier,
        x: Operand,
        d: Option<Operand>,
    ) -> Option<Operand> {
        use ir::Modifier as M;
        let imm = Operand::imm;
        Some(match m {
            // 1 - x and x - 0.5: rounding hides whether a denormal x is flushed.
            M::Invert => self.alu_op(A::Add, vec![imm(ONE), x.negated()]),
            M::Bias => self.alu_op(A::Add, vec![x, imm(0xBF00_0000)]),
            M::Times2 => {
                // 2x; a denormal x (which MUL_IEEE would flush) doubles exactly by shifting
                // its magnitude up one bit.
                let p = self.alu_op(A::MulIeee, vec![x, imm(0x4000_0000)]);
                let e = self.alu_op(A::AndInt, vec![x, imm(INF)]);
                let den = self.alu_op(A::SeteInt, vec![e, imm(0)]);
                let sh = self.alu_op(A::LshlInt, vec![x, imm(1)]);
                let s = self.alu_op(A::AndInt, vec![x, imm(SIGN)]);
                let dbl = self.alu_op(A::OrInt, vec![sh, s]);
                self.alu_op(A::CndeInt, vec![den, p, dbl])
            }
            M::Sign => {
                // Integer tests, so that a negative denormal gives -1 and NaN 1.
                let mag = self.alu_op(A::AndInt, vec![x, imm(0x7FFF_FFFF)]);
                let nan = self.alu_op(A::SetgtUint, vec![mag, imm(INF)]);
                let neg = self.alu_op(A::SetgtInt, vec![imm(0), x]);
                let neg = self.alu_op(A::CndeInt, vec![nan, neg, imm(0)]);
                let r = self.alu_op(A::CndeInt, vec![neg, imm(ONE), imm(MINUS_ONE)]);
                let zero = self.alu_op(A::SeteInt, vec![mag, imm(0)]);
                self.alu_op(A::CndeInt, vec![zero, r, imm(0)])
            }
            M::DivComp => {
                // x / d as x * (1/d); d = ±0 gives FLT_MAX with the sign of x ^ d.
                let d = d?;
                let r = self.alu_op(A::RecipIeee, vec![d]);
                let q = self.alu_op(A::MulIeee, vec![x, r]);
                let xd = self.alu_op(A::XorInt, vec![x, d]);
                let s = self.alu_op(A::AndInt, vec![xd, imm(SIGN)]);
                let z = self.alu_op(A::OrInt, vec![s, imm(FLT_MAX)]);
                let zero = self.alu_op(A::SeteDx10, vec![d, imm(0)]);
                self.alu_op(A::CndeInt, vec![zero, q, z])
            }
            M::Shift(s) => {
                use il_frontend::enums::ShiftScale as S;
                let f = match s {
                    S::None => return Some(x),
                    S::X2 => 0x4000_0000,
                    S::X4 => 0x4080_0000,
                    S::X8 => 0x4100_0000,
                    S::D2 => 0x3F00_0000,
                    S::D4 => 0x3E80_0000,
                    S::D8 => 0x3E00_0000,
                };
                self.alu_op(A::MulIeee, vec![x, imm(f)])
            }
            _ => return None,
        })
    }
}

impl Isel<'_> {
    /// `div_fixup` (decision "div_fixup, ddiv_fixup", il-semantics `float::div_fixup`) on
    /// the bit patterns, so that nothing is flushed but what the IL flushes: a zero test is
    /// an exponent field of 0 (zero or flushed denormal), and a denormal quotient gives ±0.
    /// The cases are applied from the last to the first, each select overriding the ones
    /// before.
    pub(super) fn div_fixup(
        &mut self,
        q: Operand,
        d: Operand,
        n: Operand,
    ) -> Result<Operand, CompileError> {
        let imm = Operand::imm;
        const EXP: u32 = 0x7F80_0000;
        let abs = |s: &mut Self, x: Operand| s.alu_op(A::AndInt, vec![x, imm(0x7FFF_FFFF)]);
        let (ad, an) = (abs(self, d), abs(self, n));
        let ed = self.alu_op(A::AndInt, vec![d, imm(EXP)]);
        let en = self.alu_op(A::AndInt, vec![n, imm(EXP)]);
        let sx = self.alu_op(A::XorInt, vec![d, n]);
        let sign = self.alu_op(A::AndInt, vec![sx, imm(0x8000_0000)]);
        // ±|q|, a denormal q flushed.
        let aq = abs(self, q);
        let eq = self.alu_op(A::AndInt, vec![q, imm(EXP)]);
        let aq = self.alu_op(A::CndeInt, vec![eq, imm(0), aq]);
        let mut r = self.alu_op(A::OrInt, vec![aq, sign]);
        let d_zero = self.alu_op(A::SeteInt, vec![ed, imm(0)]);
        let n_zero = self.alu_op(A::SeteInt, vec![en, imm(0)]);
        let d_inf = self.alu_op(A::SeteInt, vec![ad, imm(EXP)]);
        let n_inf = self.alu_op(A::SeteInt, vec![an, imm(EXP)]);
        // x/Inf, 0/y: ±0.
        let c = self.alu_op(A::OrInt, vec![d_inf, n_zero]);
        r = self.alu_op(A::CndeInt, vec![c, r, sign]);
        // x/0, Inf/y: ±Inf.
        let c = self.alu_op(A::OrInt, vec![d_zero, n_inf]);
        let inf = self.alu_op(A::OrInt, vec![sign, imm(EXP)]);
        r = self.alu_op(A::CndeInt, vec![c, r, inf]);
        // 0/0, Inf/Inf: the NaN 0xFFC00000.
        let zz = self.alu_op(A::AndInt, vec![d_zero, n_zero]);
        let ii = self.alu_op(A::AndInt, vec![d_inf, n_inf]);
        let c = self.alu_op(A::OrInt, vec![zz, ii]);
        r = self.alu_op(A::CndeInt, vec![c, r, imm(0xFFC0_0000)]);
        // A NaN denominator, then a NaN numerator, quieted.
        for (a, x) in [(ad, d), (an, n)] {
            let nan = self.alu_op(A::SetgtUint, vec![a, imm(EXP)]);
            let quiet = self.alu_op(A::OrInt, vec![x, imm(0x0040_0000)]);
            r = self.alu_op(A::CndeInt, vec![nan, r, quiet]);
        }
        Ok(r)
    }
}
