//! IL float instructions that read whole vectors (`dp2add`, `len`, `dist`, `crs`, `nrm`) and
//! the float bit-level ones (`ldexp`, `frexp_*`, `class`, `cmp`, half conversions), each as
//! il-semantics computes it: products rounded (DX9 multiply unless `_ieee`), sums left to
//! right.

use il_frontend::enums::{RelOp, ZeroOp};
use il_frontend::opcode::Opcode;
use midend::ir;

use super::Isel;
use crate::isa::AluOp as A;
use crate::mir::Operand;
use crate::CompileError;

const INF: u32 = 0x7F80_0000;
const SIGN: u32 = 0x8000_0000;

fn field(op: &ir::AluOp, name: &str) -> Option<u32> {
    op.opcode
        .info()
        .field(name)?
        .value_in(op.control, &Default::default(), &[])
}

impl Isel<'_> {
    /// The instructions selected here, `None` for the others.
    pub(super) fn vector_alu(
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
        let v = |k: usize| -> Result<[Operand; 4], CompileError> {
            Ok([n(k)?, n(k + 1)?, n(k + 2)?, n(k + 3)?])
        };
        let imm = Operand::imm;
        let ieee = field(op, "ieee").unwrap_or(0) != 0;
        Ok(Some(match op.opcode {
            O::Dp2add => {
                let (x, y, c) = (v(0)?, v(4)?, v(8)?);
                let m = if ieee { A::MulIeee } else { A::Mul };
                let p0 = self.alu_op(m, vec![x[0], y[0]]);
                let p1 = self.alu_op(m, vec![x[1], y[1]]);
                let s = self.alu_op(A::Add, vec![p0, p1]);
                self.alu_op(A::Add, vec![s, c[2]])
            }
            O::Len => {
                let x = v(0)?;
                let d = self.dot(&x, &x, 4);
                self.alu_op(A::SqrtIeee, vec![d])
            }
            O::Dist => {
                let (x, y) = (v(0)?, v(4)?);
                let mut d = [imm(0); 4];
                for i in 0..4 {
                    d[i] = self.alu_op(A::Add, vec![x[i], y[i].negated()]);
                }
                let s = self.dot(&d, &d, 4);
                self.alu_op(A::SqrtIeee, vec![s])
            }
            O::Crs => {
                let (x, y) = (v(0)?, v(4)?);
                let (i, j) = match op.comp {
                    0 => (1, 2),
                    1 => (2, 0),
                    _ => (0, 1),
                };
                let p = self.alu_op(A::Mul, vec![x[i], y[j]]);
                let q = self.alu_op(A::Mul, vec![x[j], y[i]]);
                self.alu_op(A::Add, vec![p, q.negated()])
            }
            O::Nrm => {
                // f = Σ c² over xyz (xyzw with `_nrm4`); 0 gives the zeroop value, else
                // 1/sqrt(f); every component times f with the DX9 multiply.
                let x = v(0)?;
                let k = if field(op, "nrm").unwrap_or(0) != 0 {
                    4
                } else {
                    3
                };
                let f = self.dot(&x, &x, k);
                let r = self.alu_op(A::RecipsqrtIeee, vec![f]);
                let value = match field(op, "zeroop")
                    .and_then(ZeroOp::from_u32)
                    .unwrap_or(ZeroOp::FltMax)
                {
                    ZeroOp::Zero => 0,
                    ZeroOp::FltMax => 0x7F7F_FFFF,
                    ZeroOp::Infinity | ZeroOp::InfElseMax => INF,
                };
                let zero = self.alu_op(A::SeteDx10, vec![f, imm(0)]);
                let f = self.alu_op(A::CndeInt, vec![zero, r, imm(value)]);
                self.alu_op(A::Mul, vec![x[usize::from(op.comp & 3)], f])
            }
            O::Ldexp => {
                // x * 2^n1 * 2^n2, n1 and n2 clamped to the normal exponents: one rounding
                // where the IL has one, and an underflow flushes either way.
                let (x, e) = (n(0)?, n(1)?);
                let n1 = self.clamp_int(e, -126, 127);
                let rest = self.alu_op(A::SubInt, vec![e, n1]);
                let n2 = self.clamp_int(rest, -126, 127);
                let p1 = self.pow2_f32(n1);
                let p2 = self.pow2_f32(n2);
                let y = self.alu_op(A::MulIeee, vec![x, p1]);
                self.alu_op(A::MulIeee, vec![y, p2])
            }
            O::FrexpMant | O::FrexpExp => self.frexp(n(0)?, op.opcode == O::FrexpMant),
            O::Class => self.class(n(0)?, n(1)?),
            O::Cmp => {
                // (src0 relop v) ? src1 : src2, v the cmpval's float; the selected operand
                // flushed (il-semantics `float::cmp`).
                let value = match field(op, "cmpval").unwrap_or(0) {
                    1 => 0x3F00_0000,
                    2 => 0x3F80_0000,
                    3 => 0xBF00_0000,
                    4 => 0xBF80_0000,
                    _ => 0,
                };
                let rel = field(op, "relop")
                    .and_then(RelOp::from_u32)
                    .unwrap_or(RelOp::Eq);
                let m = self.float_compare(rel, n(0)?, imm(value));
                let r = self.alu_op(A::CndeInt, vec![m, n(2)?, n(1)?]);
                self.flushed(r)
            }
            O::Dst => match op.comp & 3 {
                // [1.0, src0.y * src1.y (DX9), src0.z, src1.w], the copies flushed.
                0 => imm(0x3F80_0000),
                1 => self.alu_op(A::Mul, vec![n(1)?, n(5)?]),
                2 => self.flushed(n(2)?),
                _ => self.flushed(n(7)?),
            },
            O::Reflect => {
                // src0 - 2 dot4(src0, src1) * src1, or with `_normalize` dot4(src1, src1) *
                // src0 - ..., DX9 multiplies (il-semantics `float::reflect`).
                let (x, y) = (v(0)?, v(4)?);
                let i = usize::from(op.comp & 3);
                let d = self.dot(&x, &y, 4);
                let f = self.alu_op(A::Mul, vec![imm(0x4000_0000), d]);
                let xi = if field(op, "normalize").unwrap_or(0) != 0 {
                    let norm = self.dot(&y, &y, 4);
                    self.alu_op(A::Mul, vec![norm, x[i]])
                } else {
                    x[i]
                };
                let p = self.alu_op(A::Mul, vec![f, y[i]]);
                self.alu_op(A::Add, vec![xi, p.negated()])
            }
            O::Faceforward => {
                // src2 * sgn(dot4(src0, src1)), DX9 multiply.
                let (x, y, z) = (v(0)?, v(4)?, v(8)?);
                let d = self.dot(&x, &y, 4);
                let s = self.sign(d);
                self.alu_op(A::Mul, vec![z[usize::from(op.comp & 3)], s])
            }
            O::Mmul => {
                // dst.c_k = dotN(src0, row k); components the matrix code does not produce
                // keep the old value (the last argument).
                let (four, count) = match field(op, "matrix").unwrap_or(0) {
                    0 => (true, 4),
                    1 => (true, 3),
                    2 => (false, 4),
                    3 => (false, 3),
                    4 => (false, 2),
                    _ => (true, 0),
                };
                let k = usize::from(op.comp & 3);
                if k >= count {
                    n(20)?
                } else {
                    let x = v(0)?;
                    let row = v(4 + 4 * k)?;
                    self.dot(&x, &row, if four { 4 } else { 3 })
                }
            }
            O::Expp => {
                // [2^floor(x), x - floor(x), 2^x, 1.0] (il-semantics `float::expp`).
                let x = n(0)?;
                match op.comp & 3 {
                    0 => {
                        let f = self.alu_op(A::Floor, vec![x]);
                        self.alu_op(A::ExpIeee, vec![f])
                    }
                    1 => {
                        let f = self.alu_op(A::Floor, vec![x]);
                        self.alu_op(A::Add, vec![x, f.negated()])
                    }
                    2 => self.alu_op(A::ExpIeee, vec![x]),
                    _ => imm(0x3F80_0000),
                }
            }
            O::Lit => {
                // [1, max(x, 0), x > 0 && y > 0 ? pow(y, clamp(w, ±128)) : 0, 1]
                // (il-semantics `float::lit`; a NaN w stays NaN).
                let x = v(0)?;
                let xpos = self.alu_op(A::SetgtDx10, vec![x[0], imm(0)]);
                match op.comp & 3 {
                    1 => self.alu_op(A::CndeInt, vec![xpos, imm(0), x[0]]),
                    2 => {
                        let ypos = self.alu_op(A::SetgtDx10, vec![x[1], imm(0)]);
                        let both = self.alu_op(A::AndInt, vec![xpos, ypos]);
                        let w = x[3];
                        let below = self.alu_op(A::SetgtDx10, vec![imm(0xC300_0000), w]);
                        let g = self.alu_op(A::CndeInt, vec![below, w, imm(0xC300_0000)]);
                        let above = self.alu_op(A::SetgtDx10, vec![g, imm(0x4300_0000)]);
                        let g = self.alu_op(A::CndeInt, vec![above, g, imm(0x4300_0000)]);
                        let l = self.alu_op(A::LogIeee, vec![x[1]]);
                        let p = self.alu_op(A::Mul, vec![g, l]);
                        let e = self.alu_op(A::ExpIeee, vec![p]);
                        self.alu_op(A::CndeInt, vec![both, imm(0), e])
                    }
                    _ => imm(0x3F80_0000),
                }
            }
            O::Logp => {
                // [floor(f), x / 2^floor(f), f, 1.0] with f = log2(x) as `log` gives it
                // (zeroop for ±0, NaN below 0); x / 2^e as two exact scalings.
                let x = n(0)?;
                let value = match field(op, "zeroop")
                    .and_then(ZeroOp::from_u32)
                    .unwrap_or(ZeroOp::FltMax)
                {
                    ZeroOp::Zero => 0,
                    ZeroOp::FltMax => 0xFF7F_FFFF,
                    ZeroOp::Infinity | ZeroOp::InfElseMax => 0xFF80_0000,
                };
                let l = self.alu_op(A::LogIeee, vec![x]);
                let zero = self.alu_op(A::SeteDx10, vec![x, imm(0)]);
                let l = self.alu_op(A::CndeInt, vec![zero, l, imm(value)]);
                let negative = self.alu_op(A::SetgtDx10, vec![imm(0), x]);
                let f = self.alu_op(A::CndeInt, vec![negative, l, imm(0x7FC0_0000)]);
                match op.comp & 3 {
                    0 => self.alu_op(A::Floor, vec![f]),
                    1 => {
                        let e = self.alu_op(A::Floor, vec![f]);
                        let e = self.alu_op(A::MaxDx10, vec![e, imm(0xC37C_0000)]);
                        let e = self.alu_op(A::MinDx10, vec![e, imm(0x437C_0000)]);
                        let ei = self.alu_op(A::FltToInt, vec![e]);
                        let ne = self.alu_op(A::SubInt, vec![imm(0), ei]);
                        let n1 = self.clamp_int(ne, -126, 127);
                        let rest = self.alu_op(A::SubInt, vec![ne, n1]);
                        let n2 = self.clamp_int(rest, -126, 127);
                        let p1 = self.pow2_f32(n1);
                        let p2 = self.pow2_f32(n2);
                        let y = self.alu_op(A::MulIeee, vec![x, p1]);
                        let m = self.alu_op(A::MulIeee, vec![y, p2]);
                        // 0 / 2^-huge (0 / 0) and anything with a NaN f: NaN.
                        let nan = self.alu_op(A::SetneDx10, vec![f, f]);
                        let huge = self.alu_op(A::SetneDx10, vec![f, imm(0)]);
                        let zero_huge = self.alu_op(A::AndInt, vec![zero, huge]);
                        let bad = self.alu_op(A::OrInt, vec![nan, zero_huge]);
                        self.alu_op(A::CndeInt, vec![bad, m, imm(0x7FC0_0000)])
                    }
                    2 => f,
                    _ => imm(0x3F80_0000),
                }
            }
            O::Det => {
                let [v0, v1, v2, v3] = [v(0)?, v(4)?, v(8)?, v(12)?];
                self.det([v0, v1, v2, v3])
            }
            // Round to nearest even, half denormals produced (cayman L4024; il-semantics
            // `convert::f2f16`).
            O::F2F16 | O::F2F16Near => self.alu_op(A::Flt32ToFlt16, vec![n(0)?]),
            O::F162F => self.alu_op(A::Flt16ToFlt32, vec![n(0)?]),
            O::F2F16NegInf | O::F2F16PlusInf => {
                // The nearest-even half, moved one step when it lies on the wrong side of
                // x (FLT16_TO_FLT32 is exact): toward -Inf a half above x steps down, toward
                // +Inf a half below x steps up. A step down is -1 on the bits of a positive
                // half and +1 on a negative one (NaN fails both comparisons and stays).
                let x = n(0)?;
                let h = self.alu_op(A::Flt32ToFlt16, vec![x]);
                let back = self.alu_op(A::Flt16ToFlt32, vec![h]);
                let down = op.opcode == O::F2F16NegInf;
                let wrong = if down {
                    self.alu_op(A::SetgtDx10, vec![back, x])
                } else {
                    self.alu_op(A::SetgtDx10, vec![x, back])
                };
                let neg = self.alu_op(A::BfeUint, vec![h, imm(15), imm(1)]);
                // +1 or -1 on the bits: toward -Inf, +1 when negative; toward +Inf, +1 when
                // positive.
                let plus = if down {
                    neg
                } else {
                    self.alu_op(A::XorInt, vec![neg, imm(1)])
                };
                let step = self.alu_op(A::LshlInt, vec![plus, imm(1)]);
                let step = self.alu_op(A::AddInt, vec![step, imm(u32::MAX)]);
                let moved = self.alu_op(A::AddInt, vec![h, step]);
                self.alu_op(A::CndeInt, vec![wrong, h, moved])
            }
            _ => return Ok(None),
        }))
    }

    /// `det`: the pseudo-code's cofactor expansion, operation by operation, DX9 multiplies
    /// (il-semantics `float::det`).
    fn det(&mut self, [v0, v1, v2, v3]: [[Operand; 4]; 4]) -> Operand {
        let m = |s: &mut Self, x, y| s.alu_op(A::Mul, vec![x, y]);
        let sub = |s: &mut Self, x: Operand, y: Operand| s.alu_op(A::Add, vec![x, y.negated()]);
        let add = |s: &mut Self, x, y| s.alu_op(A::Add, vec![x, y]);
        // x*y - z*w
        let d = |s: &mut Self, x, y, z, w| {
            let p = m(s, x, y);
            let q = m(s, z, w);
            sub(s, p, q)
        };
        // a * d1 - b * d2 + c * d3
        let t = |s: &mut Self, a, d1, b, d2, c, d3| {
            let p = m(s, a, d1);
            let q = m(s, b, d2);
            let r = sub(s, p, q);
            let u = m(s, c, d3);
            add(s, r, u)
        };
        let d0 = d(self, v2[2], v3[3], v2[3], v3[2]);
        let d1 = d(self, v2[1], v3[3], v3[1], v2[3]);
        let d2 = d(self, v2[1], v3[2], v3[1], v2[2]);
        let t0 = t(self, v1[1], d0, v1[2], d1, v1[3], d2);
        let d0 = d(self, v2[2], v3[3], v2[3], v3[2]);
        let d1 = d(self, v2[0], v3[3], v3[0], v2[3]);
        let d2 = d(self, v2[0], v3[2], v3[0], v2[2]);
        let t1 = t(self, v1[0], d0, v1[2], d1, v1[3], d2);
        let d0 = d(self, v2[1], v3[3], v2[3], v3[1]);
        let d1 = d(self, v2[0], v3[3], v3[0], v2[3]);
        let d2 = d(self, v2[0], v3[1], v3[0], v2[1]);
        let t2 = t(self, v1[0], d0, v1[1], d1, v1[3], d2);
        let d0 = d(self, v2[1], v3[2], v2[2], v3[1]);
        let d1 = d(self, v2[0], v3[2], v3[0], v2[2]);
        let d2 = d(self, v2[0], v3[1], v3[0], v2[1]);
        let t3 = t(self, v1[0], d0, v1[1], d1, v1[2], d2);
        let a0 = m(self, v0[0], t0);
        let a1 = m(self, v0[1], t1);
        let s0 = sub(self, a0, a1);
        let a2 = m(self, v0[2], t2);
        let s1 = add(self, s0, a2);
        let a3 = m(self, v0[3], t3);
        sub(self, s1, a3)
    }

    /// Σ x[i] * y[i] over the first `k` components, DX9 products summed left to right.
    fn dot(&mut self, x: &[Operand; 4], y: &[Operand; 4], k: usize) -> Operand {
        let mut sum = self.alu_op(A::Mul, vec![x[0], y[0]]);
        for i in 1..k {
            let p = self.alu_op(A::Mul, vec![x[i], y[i]]);
            sum = self.alu_op(A::Add, vec![sum, p]);
        }
        sum
    }

    fn clamp_int(&mut self, x: Operand, lo: i32, hi: i32) -> Operand {
        let m = self.alu_op(A::MaxInt, vec![x, Operand::imm(lo as u32)]);
        self.alu_op(A::MinInt, vec![m, Operand::imm(hi as u32)])
    }

    /// 2^n as a float, n in [-126, 127].
    fn pow2_f32(&mut self, n: Operand) -> Operand {
        let e = self.alu_op(A::AddInt, vec![n, Operand::imm(127)]);
        self.alu_op(A::LshlInt, vec![e, Operand::imm(23)])
    }

    /// `frexp_mant` / `frexp_exp` on the bits (il-semantics `float::frexp`): a denormal is
    /// ±0; NaN gives itself quieted and -1, ±Inf 0xFFC00000 and -1, ±0 itself and 0, any
    /// other x the mantissa in ±[0.5, 1) and e - 126.
    fn frexp(&mut self, x: Operand, mant: bool) -> Operand {
        let imm = Operand::imm;
        let e = self.alu_op(A::BfeUint, vec![x, imm(23), imm(8)]);
        let zero = self.alu_op(A::SeteInt, vec![e, imm(0)]);
        let special = self.alu_op(A::SeteInt, vec![e, imm(255)]);
        if mant {
            let m = self.alu_op(A::AndInt, vec![x, imm(0x807F_FFFF)]);
            let m = self.alu_op(A::OrInt, vec![m, imm(0x3F00_0000)]);
            let mag = self.alu_op(A::AndInt, vec![x, imm(0x7FFF_FFFF)]);
            let nan = self.alu_op(A::SetgtUint, vec![mag, imm(INF)]);
            let q = self.alu_op(A::OrInt, vec![x, imm(0x0040_0000)]);
            let s = self.alu_op(A::CndeInt, vec![nan, imm(0xFFC0_0000), q]);
            let r = self.alu_op(A::CndeInt, vec![special, m, s]);
            let sz = self.alu_op(A::AndInt, vec![x, imm(SIGN)]);
            self.alu_op(A::CndeInt, vec![zero, r, sz])
        } else {
            let v = self.alu_op(A::AddInt, vec![e, imm((-126i32) as u32)]);
            let v = self.alu_op(A::CndeInt, vec![special, v, imm(u32::MAX)]);
            self.alu_op(A::CndeInt, vec![zero, v, imm(0)])
        }
    }

    /// `class`: bit k of `classes` for x's class k (il-semantics `float::class`; x unflushed).
    fn class(&mut self, x: Operand, classes: Operand) -> Operand {
        let imm = Operand::imm;
        let mag = self.alu_op(A::AndInt, vec![x, imm(0x7FFF_FFFF)]);
        let e = self.alu_op(A::AndInt, vec![x, imm(INF)]);
        // Magnitude class 0 zero, 1 denormal, 2 normal, 3 infinity.
        let nz = self.alu_op(A::SetneInt, vec![mag, imm(0)]);
        let k = self.alu_op(A::AndInt, vec![nz, imm(1)]);
        let normal = self.alu_op(A::SetneInt, vec![e, imm(0)]);
        let k = self.alu_op(A::CndeInt, vec![normal, k, imm(2)]);
        let inf = self.alu_op(A::SeteInt, vec![mag, imm(INF)]);
        let k = self.alu_op(A::CndeInt, vec![inf, k, imm(3)]);
        // Negative: 5 - k, positive: 6 + k.
        let neg = self.alu_op(A::SetgtInt, vec![imm(0), x]);
        let kn = self.alu_op(A::SubInt, vec![imm(5), k]);
        let kp = self.alu_op(A::AddInt, vec![k, imm(6)]);
        let bit = self.alu_op(A::CndeInt, vec![neg, kp, kn]);
        // NaN: 1 quiet, 0 signaling.
        let nan = self.alu_op(A::SetgtUint, vec![mag, imm(INF)]);
        let quiet = self.alu_op(A::BfeUint, vec![x, imm(22), imm(1)]);
        let bit = self.alu_op(A::CndeInt, vec![nan, bit, quiet]);
        let sel = self.alu_op(A::LshrInt, vec![classes, bit]);
        let sel = self.alu_op(A::AndInt, vec![sel, imm(1)]);
        self.alu_op(A::SubInt, vec![imm(0), sel])
    }
}
