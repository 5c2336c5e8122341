//! IL's multi-component float instructions (dot-product family, `crs`, `det`, `nrm`, `lit`,
//! `dst`, `reflect`, `faceforward`, `mmul`), the inverse trigonometric functions, `pireduce`,
//! `logp` and the directed `f2f16` roundings, each for the one result component the IR
//! asks for. The arithmetic follows the pseudo-code of `il-semantics::float` operation by
//! operation, with IL's DX9 multiply ([`Selector::legacy_mul`]); the IL tolerances of these
//! instructions (4 ULP, or 0.002 absolute for the trigonometry) cover the approximations.

use il_frontend::opcode::Opcode as IlOpcode;
use midend::ir::{AluOp, Value};
use smallvec::SmallVec;

use super::alu32::{alu_field, zeroop_of};
use super::{unsupported, Mods, Selector, Src};
use crate::isa::Opcode;
use crate::mir::VReg;
use crate::CompileError;

const ONE: u32 = 0x3F80_0000;
const PI: u32 = 0x4049_0FDB;
const HALF_PI: u32 = 0x3FC9_0FDB;
const TWO_PI: u32 = 0x40C9_0FDB;

impl<'f> Selector<'f> {
    fn mul9(&mut self, a: Src, b: Src) -> VReg {
        let p = self.m.new_vreg(crate::mir::File::V, 1);
        self.legacy_mul(p, a, b);
        p
    }

    fn fadd(&mut self, a: VReg, b: VReg) -> VReg {
        self.vop(Opcode::V_ADD_F32, &[Src::r(a), Src::r(b)])
    }

    fn fsub(&mut self, a: VReg, b: VReg) -> VReg {
        self.vop(Opcode::V_SUB_F32, &[Src::r(a), Src::r(b)])
    }

    /// The first `n` products of `a` and `b` summed left to right (DX9 multiplies).
    fn dot(&mut self, a: &[Src], b: &[Src], n: usize) -> VReg {
        let mut acc = self.mul9(a[0], b[0]);
        for k in 1..n {
            let p = self.mul9(a[k], b[k]);
            acc = self.fadd(acc, p);
        }
        acc
    }

    /// `v = x; if v < lo: v = lo; if v > hi: v = hi` (a NaN x is kept).
    fn clamp_keeping_nan(&mut self, x: Src, lo: u32, hi: u32) -> VReg {
        let none = Mods::default();
        let below = self.cmp_mask(Opcode::V_CMP_GT_F32, Src::Imm(lo), x, none);
        let v1 = self.sel(x, Src::Imm(lo), below);
        let above = self.cmp_mask(Opcode::V_CMP_LT_F32, Src::Imm(hi), Src::r(v1), none);
        self.sel(Src::r(v1), Src::Imm(hi), above)
    }

    /// IL's `pow`: exp2(y * log2(x)); y == 0 or x == 1 give 1.0.
    pub(super) fn pow32(&mut self, x: Src, y: Src) -> VReg {
        use Opcode as M;
        let none = Mods::default();
        let l = self.vop(M::V_LOG_F32, &[x]);
        let p = self.vop(M::V_MUL_F32, &[y, Src::r(l)]);
        let e = self.vop(M::V_EXP_F32, &[Src::r(p)]);
        let y0 = self.cmp_mask(M::V_CMP_EQ_F32, Src::Imm(0), y, none);
        let x1 = self.cmp_mask(M::V_CMP_EQ_F32, Src::Imm(ONE), x, none);
        let t = self.sel(Src::r(e), Src::Imm(ONE), y0);
        self.sel(Src::r(t), Src::Imm(ONE), x1)
    }

    /// acos(|x|) on [0, 1] by Abramowitz & Stegun 4.4.45 (|error| <= 6.7e-5):
    /// sqrt(1 - t) * (1.5707288 - 0.2121144 t + 0.0742610 t^2 - 0.0187293 t^3), t = |x|;
    /// |x| > 1 gives NaN from the square root.
    fn acos_abs(&mut self, x: Src) -> VReg {
        use Opcode as M;
        let t = self.vop(M::V_AND_B32, &[Src::Imm(0x7FFF_FFFF), x]);
        let c = [1.570_728_8f32, -0.212_114_4, 0.074_261, -0.018_729_3];
        let mut p = self.vop(M::V_MOV_B32, &[Src::Imm(c[3].to_bits())]);
        for k in (0..3).rev() {
            p = self.vop(
                M::V_FMA_F32,
                &[Src::r(p), Src::r(t), Src::Imm(c[k].to_bits())],
            );
        }
        let om = self.vop(M::V_SUB_F32, &[Src::Imm(ONE), Src::r(t)]);
        let sq = self.vop(M::V_SQRT_F32, &[Src::r(om)]);
        self.vop(M::V_MUL_F32, &[Src::r(sq), Src::r(p)])
    }

    /// acos(x): acos(|x|), or pi - acos(|x|) for negative x.
    fn acos32(&mut self, x: Src) -> VReg {
        let a = self.acos_abs(x);
        let flip = self.vop(Opcode::V_SUB_F32, &[Src::Imm(PI), Src::r(a)]);
        let neg = self.cmp_mask(Opcode::V_CMP_GT_F32, Src::Imm(0), x, Mods::default());
        self.sel(Src::r(a), Src::r(flip), neg)
    }

    /// atan(x): for |x| <= 1 the A&S 4.4.49 odd polynomial (|error| <= 1e-5), else
    /// sign(x) pi/2 - atan(1/x).
    fn atan32(&mut self, x: Src) -> VReg {
        use Opcode as M;
        let none = Mods::default();
        let big = self.cmp_mask(M::V_CMP_LT_F32, Src::Imm(ONE), x, Mods { abs: 2, ..none });
        let inv = self.vop(M::V_RCP_F32, &[x]);
        let u = self.sel(x, Src::r(inv), big);
        let u2 = self.vop(M::V_MUL_F32, &[Src::r(u), Src::r(u)]);
        let c = [
            0.999_866f32,
            -0.330_299_5,
            0.180_141,
            -0.085_133,
            0.020_835_1,
        ];
        let mut p = self.vop(M::V_MOV_B32, &[Src::Imm(c[4].to_bits())]);
        for k in (0..4).rev() {
            p = self.vop(
                M::V_FMA_F32,
                &[Src::r(p), Src::r(u2), Src::Imm(c[k].to_bits())],
            );
        }
        let a = self.vop(M::V_MUL_F32, &[Src::r(u), Src::r(p)]);
        // sign(x) * pi/2 - a
        let half_pi = self.vop(M::V_BFI_B32, &[Src::Imm(0x7FFF_FFFF), Src::Imm(HALF_PI), x]);
        let outer = self.vop(M::V_SUB_F32, &[Src::r(half_pi), Src::r(a)]);
        self.sel(Src::r(a), Src::r(outer), big)
    }

    /// The vector instructions, the inverse trigonometry, `pireduce`, `logp` and the
    /// directed half conversions.
    pub(super) fn alu_vector(
        &mut self,
        a: &AluOp,
        args: &[Value],
        r: Value,
    ) -> Result<Option<VReg>, CompileError> {
        use IlOpcode as O;
        use Opcode as M;
        let srcs: SmallVec<[Src; 24]> = args.iter().map(|&v| self.src(v)).collect();
        let s = |i: usize| srcs.get(i).copied().unwrap_or(Src::Imm(0));
        let v = |base: usize| -> [Src; 4] { [s(base), s(base + 1), s(base + 2), s(base + 3)] };
        let comp = usize::from(a.comp & 3);
        let none = Mods::default();
        let _ = r;
        Ok(Some(match a.opcode {
            O::Dist | O::Len => {
                let x = v(0);
                let d: Vec<Src> = if a.opcode == O::Dist {
                    let y = v(4);
                    (0..4)
                        .map(|k| Src::r(self.vop(M::V_SUB_F32, &[x[k], y[k]])))
                        .collect()
                } else {
                    x.to_vec()
                };
                let sum = self.dot(&d, &d, 4);
                self.vop(M::V_SQRT_F32, &[Src::r(sum)])
            }
            O::Crs => {
                let (x, y) = (v(0), v(4));
                let (i, j) = [(1, 2), (2, 0), (0, 1), (0, 0)][comp];
                if comp == 3 {
                    return Err(unsupported("crs.w"));
                }
                let p = self.mul9(x[i], y[j]);
                let q = self.mul9(x[j], y[i]);
                self.fsub(p, q)
            }
            O::Det => {
                let rows = [v(0), v(4), v(8), v(12)];
                let [v0, v1, v2, v3] = rows;
                // d(x, y, z, w) = x*y - z*w
                let d = |this: &mut Self, x: Src, y: Src, z: Src, w: Src| {
                    let p = this.mul9(x, y);
                    let q = this.mul9(z, w);
                    this.fsub(p, q)
                };
                let term = |this: &mut Self,
                            c: [Src; 3],
                            d0: (Src, Src, Src, Src),
                            d1: (Src, Src, Src, Src),
                            d2: (Src, Src, Src, Src)| {
                    let e0 = d(this, d0.0, d0.1, d0.2, d0.3);
                    let e1 = d(this, d1.0, d1.1, d1.2, d1.3);
                    let e2 = d(this, d2.0, d2.1, d2.2, d2.3);
                    let m0 = this.mul9(c[0], Src::r(e0));
                    let m1 = this.mul9(c[1], Src::r(e1));
                    let m2 = this.mul9(c[2], Src::r(e2));
                    let s01 = this.fsub(m0, m1);
                    this.fadd(s01, m2)
                };
                let t0 = term(
                    self,
                    [v1[1], v1[2], v1[3]],
                    (v2[2], v3[3], v2[3], v3[2]),
                    (v2[1], v3[3], v3[1], v2[3]),
                    (v2[1], v3[2], v3[1], v2[2]),
                );
                let t1 = term(
                    self,
                    [v1[0], v1[2], v1[3]],
                    (v2[2], v3[3], v2[3], v3[2]),
                    (v2[0], v3[3], v3[0], v2[3]),
                    (v2[0], v3[2], v3[0], v2[2]),
                );
                let t2 = term(
                    self,
                    [v1[0], v1[1], v1[3]],
                    (v2[1], v3[3], v2[3], v3[1]),
                    (v2[0], v3[3], v3[0], v2[3]),
                    (v2[0], v3[1], v3[0], v2[1]),
                );
                let t3 = term(
                    self,
                    [v1[0], v1[1], v1[2]],
                    (v2[1], v3[2], v2[2], v3[1]),
                    (v2[0], v3[2], v3[0], v2[2]),
                    (v2[0], v3[1], v3[0], v2[1]),
                );
                let m0 = self.mul9(v0[0], Src::r(t0));
                let m1 = self.mul9(v0[1], Src::r(t1));
                let m2 = self.mul9(v0[2], Src::r(t2));
                let m3 = self.mul9(v0[3], Src::r(t3));
                let a01 = self.fsub(m0, m1);
                let a012 = self.fadd(a01, m2);
                self.fsub(a012, m3)
            }
            O::Nrm => {
                let x = v(0);
                let four = alu_field(a, "nrm").unwrap_or(0) != 0;
                let f = self.dot(&x, &x, if four { 4 } else { 3 });
                let rs = self.vop(M::V_RSQ_F32, &[Src::r(f)]);
                let zero = self.cmp_mask(M::V_CMP_EQ_F32, Src::Imm(0), Src::r(f), none);
                let z = super::alu32::zeroop_value_f32(zeroop_of(a));
                let k = self.sel(Src::r(rs), Src::Imm(z), zero);
                self.mul9(x[comp], Src::r(k))
            }
            O::Lit => {
                let x = v(0);
                match comp {
                    0 | 3 => self.vop(M::V_MOV_B32, &[Src::Imm(ONE)]),
                    1 => {
                        let xf = self.flushed(x[0]);
                        let pos = self.cmp_mask(M::V_CMP_LT_F32, Src::Imm(0), x[0], none);
                        self.sel(Src::Imm(0), Src::r(xf), pos)
                    }
                    _ => {
                        let g = self.clamp_keeping_nan(x[3], 0xC300_0000, 0x4300_0000);
                        let p = self.pow32(x[1], Src::r(g));
                        let px = self.cmp_mask(M::V_CMP_LT_F32, Src::Imm(0), x[0], none);
                        let py = self.cmp_mask(M::V_CMP_LT_F32, Src::Imm(0), x[1], none);
                        let both = self.m.new_vreg(crate::mir::File::S, 2);
                        self.salu(
                            M::S_AND_B64,
                            Some(super::Dst(both, 0, 2)),
                            &[Src::R(px, 0, 2), Src::R(py, 0, 2)],
                        );
                        self.sel(Src::Imm(0), Src::r(p), both)
                    }
                }
            }
            O::Dst => {
                let (x, y) = (v(0), v(4));
                match comp {
                    0 => self.vop(M::V_MOV_B32, &[Src::Imm(ONE)]),
                    1 => self.mul9(x[1], y[1]),
                    2 => self.flushed(x[2]),
                    _ => self.flushed(y[3]),
                }
            }
            O::Reflect => {
                let (x, y) = (v(0), v(4));
                let d = self.dot(&x, &y, 4);
                let f = self.mul9(Src::Imm(0x4000_0000), Src::r(d));
                let base = if alu_field(a, "normalize").unwrap_or(0) != 0 {
                    let norm = self.dot(&y, &y, 4);
                    self.mul9(Src::r(norm), x[comp])
                } else {
                    self.flushed(x[comp])
                };
                let fy = self.mul9(Src::r(f), y[comp]);
                self.fsub(base, fy)
            }
            O::Faceforward => {
                let (x, y, z) = (v(0), v(4), v(8));
                let d = self.dot(&x, &y, 4);
                let neg = self.cmp_mask(M::V_CMP_GT_F32, Src::Imm(0), Src::r(d), none);
                let zero = self.cmp_mask(M::V_CMP_EQ_F32, Src::Imm(0), Src::r(d), none);
                let t = self.sel(Src::Imm(ONE), Src::Imm(0xBF80_0000), neg);
                let sg = self.sel(Src::r(t), Src::Imm(0), zero);
                self.mul9(z[comp], Src::r(sg))
            }
            O::Mmul => {
                let (four, count) = match alu_field(a, "matrix").unwrap_or(0) {
                    0 => (true, 4),
                    1 => (true, 3),
                    2 => (false, 4),
                    3 => (false, 3),
                    4 => (false, 2),
                    _ => (false, 0),
                };
                if comp < count {
                    let x = v(0);
                    let row = v(4 + 4 * comp);
                    self.dot(&x, &row, if four { 4 } else { 3 })
                } else {
                    self.vop(M::V_MOV_B32, &[s(20)])
                }
            }
            O::Acos => self.acos32(s(0)),
            O::Asin => {
                let c = self.acos32(s(0));
                self.vop(M::V_SUB_F32, &[Src::Imm(HALF_PI), Src::r(c)])
            }
            O::Atan => self.atan32(s(0)),
            O::Pireduce => {
                // fract(x / 2pi + 0.5) * 2pi - pi, x / 2pi reduced first (an integer less
                // does not change the fraction); Inf and NaN give NaN (v_fract_f32).
                let rev = self.revolutions(s(0));
                let t = self.vop(M::V_ADD_F32, &[Src::Imm(0x3F00_0000), Src::r(rev)]);
                let f = self.vop(M::V_FRACT_F32, &[Src::r(t)]);
                self.vop(
                    M::V_FMA_F32,
                    &[Src::r(f), Src::Imm(TWO_PI), Src::Imm(PI | 0x8000_0000)],
                )
            }
            O::Logp => {
                // [floor(f), x / 2^floor(f), f, 1.0] with f = log_zeroop(x).
                let f = self.log_zeroop(s(0), zeroop_of(a), false);
                match comp {
                    0 => self.vop(M::V_FLOOR_F32, &[Src::r(f)]),
                    1 => {
                        let e = self.vop(M::V_FLOOR_F32, &[Src::r(f)]);
                        let n = self.vop(M::V_CVT_I32_F32, &[Src::r(e)]);
                        let nn = self.vop(M::V_SUB_U32, &[Src::Imm(0), Src::r(n)]);
                        self.vop(M::V_LDEXP_F32, &[s(0), Src::r(nn)])
                    }
                    2 => f,
                    _ => self.vop(M::V_MOV_B32, &[Src::Imm(ONE)]),
                }
            }
            O::F2F16NegInf | O::F2F16PlusInf => {
                // Round to nearest even, then step one half ULP pattern when that rounded
                // the wrong way: towards -Inf when the half is above x, towards +Inf when
                // below (a negative half's pattern moves the other way).
                let h = self.vop(M::V_CVT_F16_F32, &[s(0)]);
                let back = self.vop(M::V_CVT_F32_F16, &[Src::r(h)]);
                let up = a.opcode == O::F2F16PlusInf;
                let wrong = self.cmp_mask(
                    if up { M::V_CMP_LT_F32 } else { M::V_CMP_GT_F32 },
                    Src::r(back),
                    s(0),
                    none,
                );
                let negh = self.cmp_mask(M::V_CMP_LE_U32, Src::Imm(0x8000), Src::r(h), none);
                let plus = self.vop(M::V_ADD_U32, &[Src::Imm(1), Src::r(h)]);
                let minus = self.vop(M::V_SUB_U32, &[Src::r(h), Src::Imm(1)]);
                // Away from zero for -Inf on a negative half / +Inf on a positive one.
                let (pos_step, neg_step) = if up { (plus, minus) } else { (minus, plus) };
                let step = self.sel(Src::r(pos_step), Src::r(neg_step), negh);
                self.sel(Src::r(h), Src::r(step), wrong)
            }
            _ => return Ok(None),
        }))
    }
}
