//! The 32-bit IL ALU instructions beyond the basic arithmetic of `mod.rs`: each one as a
//! gfx906 instruction or a short sequence that gives the meaning `il-semantics` defines.
//!
//! The kernels run with f32 denormals flushed on input and output (`code_object.rs`), so
//! every float VALU operation already flushes as IL wants; IL's "0 * anything = 0" multiply
//! is [`Selector::legacy_mul`]. Where a gfx906 instruction differs from the IL at special
//! values (NaN, infinity, zero divisors), a compare and `v_cndmask_b32` fix the result.

use il_frontend::enums::{RelOp, ZeroOp};
use il_frontend::opcode::Opcode as IlOpcode;
use midend::ir::{AluOp, Value};
use smallvec::SmallVec;

use super::{unsupported, Dst, Mods, Selector, Src};
use crate::isa::Opcode;
use crate::mir::{File, VReg};
use crate::CompileError;

/// A named field of an ALU instruction's control word.
pub(super) fn alu_field(op: &AluOp, name: &str) -> Option<u32> {
    op.opcode
        .info()
        .field(name)
        .and_then(|f| f.value_in(op.control, &Default::default(), &[]))
}

pub(super) fn zeroop_of(op: &AluOp) -> ZeroOp {
    alu_field(op, "zeroop")
        .and_then(ZeroOp::from_u32)
        .unwrap_or(ZeroOp::FltMax)
}

fn relop_of(op: &AluOp) -> RelOp {
    alu_field(op, "relop")
        .and_then(RelOp::from_u32)
        .unwrap_or(RelOp::Eq)
}

/// The f32 pattern `zeroop` stands for (as `il_semantics::float::zeroop_value`): 0.0,
/// FLT_MAX, or +Inf for `infinity` and `inf_else_max` (Table 6.33, L3016-L3020).
pub(super) fn zeroop_value_f32(z: ZeroOp) -> u32 {
    match z {
        ZeroOp::Zero => 0,
        ZeroOp::FltMax => 0x7F7F_FFFF,
        ZeroOp::Infinity | ZeroOp::InfElseMax => 0x7F80_0000,
    }
}

/// The f32 an `ILCmpValue` code stands for (Table 6.3 L2398-L2405, as
/// `il_semantics::float::cmpval`): 0.0, 0.5, 1.0, -0.5, -1.0.
fn cmpval(code: u32) -> Option<u32> {
    Some(match code {
        0 => 0,
        1 => 0x3F00_0000,
        2 => 0x3F80_0000,
        3 => 0xBF00_0000,
        4 => 0xBF80_0000,
        _ => return None,
    })
}

/// The VOPC float compare for an IL relation; `ne` is the ordered not-equal, as IL's every
/// relation is false for NaN.
pub(super) fn float_cmp_op(rel: RelOp) -> Opcode {
    match rel {
        RelOp::Eq => Opcode::V_CMP_EQ_F32,
        RelOp::Ne => Opcode::V_CMP_LG_F32,
        RelOp::Ge => Opcode::V_CMP_GE_F32,
        RelOp::Gt => Opcode::V_CMP_GT_F32,
        RelOp::Le => Opcode::V_CMP_LE_F32,
        RelOp::Lt => Opcode::V_CMP_LT_F32,
    }
}

const ONE: u32 = 0x3F80_0000;
const MINUS_ONE: u32 = 0xBF80_0000;
/// 1 / (2 pi): V_SIN_F32 and V_COS_F32 take revolutions (vega L13452-13488).
const INV_2PI: u32 = 0x3E22_F983;
/// 2/pi, and pi/2 as the sum of three f32 (Cody-Waite), computed from 100 digits of pi.
const TWO_OVER_PI: u32 = 0x3F22_F983;
const PIO2_PARTS: [u32; 3] = [0x3FC9_0FDB, 0xB33B_BD2E, 0xA6F7_2CED];
/// 1/(2 pi) - f32(1/(2 pi)), as an f32.
const INV_2PI_LO: u32 = 0x31DC_9C88;
/// ln 2 and log2 e as f32.
const LN2: u32 = 0x3F31_7218;
const LOG2E: u32 = 0x3FB8_AA3B;

impl<'f> Selector<'f> {
    /// A lane mask from a VOPC compare.
    pub(super) fn cmp_mask(&mut self, op: Opcode, a: Src, b: Src, mods: Mods) -> VReg {
        let m = self.m.new_vreg(File::S, 2);
        self.valu(op, None, Some(Dst(m, 0, 2)), &[a, b], mods);
        m
    }

    /// `mask ? t : f` per lane.
    pub(super) fn sel(&mut self, f: Src, t: Src, mask: VReg) -> VReg {
        self.vop(Opcode::V_CNDMASK_B32, &[f, t, Src::R(mask, 0, 2)])
    }

    /// `v_cmp_class_f32 x, classes` (bit 0 sNaN .. bit 9 +Inf, vega L14623-14653).
    pub(super) fn class_mask(&mut self, x: Src, classes: u32) -> VReg {
        self.cmp_mask(
            Opcode::V_CMP_CLASS_F32,
            x,
            Src::Imm(classes),
            Mods::default(),
        )
    }

    /// `x` flushed (1.0 * x under the flushing mode; a NaN stays a NaN).
    pub(super) fn flushed(&mut self, x: Src) -> VReg {
        self.vop(Opcode::V_MUL_F32, &[x, Src::Imm(ONE)])
    }

    /// IL's DX9 multiply into a new register.
    fn dx9_mul(&mut self, a: Src, b: Src) -> VReg {
        let p = self.m.new_vreg(File::V, 1);
        self.legacy_mul(p, a, b);
        p
    }

    /// IL's `rnd` (floor(x + 0.5) evaluated exactly), as a float.
    fn round_half_up(&mut self, x: Src) -> VReg {
        use Opcode as M;
        let f = self.vop(M::V_FLOOR_F32, &[x]);
        let d = self.vop(M::V_SUB_F32, &[x, Src::r(f)]);
        let up = self.cmp_mask(
            M::V_CMP_LE_F32,
            Src::Imm(0.5f32.to_bits()),
            Src::r(d),
            Mods::default(),
        );
        let one = self.sel(Src::Imm(0), Src::Imm(ONE), up);
        self.vop(M::V_ADD_F32, &[Src::r(f), Src::r(one)])
    }

    /// `x / 2pi` reduced to revolutions in [-0.5, 0.5], with the product carried in two
    /// parts (1/2pi = hi + lo, the rounding error of `x * hi` recovered by an fma) so that
    /// large arguments keep their fraction: a plain `x * (1/2pi)` loses |x| * 2^-24
    /// revolutions, which near a pole of `tan` or for |x| in the thousands exceeds IL's
    /// absolute tolerances. Inf and NaN give NaN.
    pub(super) fn revolutions(&mut self, x: Src) -> VReg {
        use Opcode as M;
        let t = self.vop(M::V_MUL_F32, &[Src::Imm(INV_2PI), x]);
        let e = self.m.new_vreg(File::V, 1);
        self.valu(
            M::V_FMA_F32,
            Some(Dst::r(e)),
            None,
            &[x, Src::Imm(INV_2PI), Src::r(t)],
            Mods {
                neg: 4,
                ..Mods::default()
            },
        );
        let e2 = self.vop(M::V_FMA_F32, &[x, Src::Imm(INV_2PI_LO), Src::r(e)]);
        let n = self.vop(M::V_RNDNE_F32, &[Src::r(t)]);
        let f = self.vop(M::V_SUB_F32, &[Src::r(t), Src::r(n)]);
        self.vop(M::V_ADD_F32, &[Src::r(f), Src::r(e2)])
    }

    /// sin or cos of radians: the argument in revolutions for the hardware.
    pub(super) fn trig(&mut self, x: Src, sine: bool) -> VReg {
        let t = self.revolutions(x);
        let op = if sine {
            Opcode::V_SIN_F32
        } else {
            Opcode::V_COS_F32
        };
        self.vop(op, &[Src::r(t)])
    }

    /// tan(x) with a Cody-Waite reduction by pi/2 (three f32 parts, fma steps): with
    /// k = rndne(x * 2/pi) and r = x - k pi/2 (|r| <= pi/4, accurate relative to r), tan is
    /// sin(r) / cos(r) for even k and -cos(r) / sin(r) for odd k. Near a pole the quotient
    /// then has the few-ULP relative error of its parts; a reduction in revolutions would
    /// leave an absolute error of about ulp(x) in the argument, which tan's slope there
    /// multiplies by |tan|^2.
    fn tan32(&mut self, x: Src) -> VReg {
        use Opcode as M;
        let none = Mods::default();
        let kf = self.vop(M::V_MUL_F32, &[Src::Imm(TWO_OVER_PI), x]);
        let k = self.vop(M::V_RNDNE_F32, &[Src::r(kf)]);
        let mut red = x;
        for part in PIO2_PARTS {
            let t = self.m.new_vreg(File::V, 1);
            self.valu(
                M::V_FMA_F32,
                Some(Dst::r(t)),
                None,
                &[Src::r(k), Src::Imm(part), red],
                Mods { neg: 1, ..none },
            );
            red = Src::r(t);
        }
        let rev = self.vop(M::V_MUL_F32, &[Src::Imm(INV_2PI), red]);
        let sn = self.vop(M::V_SIN_F32, &[Src::r(rev)]);
        let cs = self.vop(M::V_COS_F32, &[Src::r(rev)]);
        // k odd: the integer conversion's low bit.
        let ki = self.vop(M::V_CVT_I32_F32, &[Src::r(k)]);
        let bit = self.vop(M::V_AND_B32, &[Src::Imm(1), Src::r(ki)]);
        let odd = self.cmp_mask(M::V_CMP_NE_U32, Src::Imm(0), Src::r(bit), none);
        let num = self.sel(Src::r(sn), Src::r(cs), odd);
        let den = self.sel(Src::r(cs), Src::r(sn), odd);
        let q = self.fast_div(Src::r(num), Src::r(den));
        let nq = self.vop(M::V_XOR_B32, &[Src::Imm(0x8000_0000), Src::r(q)]);
        self.sel(Src::r(q), Src::r(nq), odd)
    }

    /// IL's `log_zeroop` / `ln_zeroop`: v_log_f32 (log2), scaled by ln 2 for `ln`; a zero
    /// input gives the zeroop value (`-FLT_MAX`, `-Inf` or `0`), a negative one NaN (which
    /// v_log_f32 already gives).
    pub(super) fn log_zeroop(&mut self, x: Src, zeroop: ZeroOp, natural: bool) -> VReg {
        use Opcode as M;
        let mut l = self.vop(M::V_LOG_F32, &[x]);
        if natural {
            l = self.vop(M::V_MUL_F32, &[Src::Imm(LN2), Src::r(l)]);
        }
        let at_zero = match zeroop {
            ZeroOp::FltMax => 0xFF7F_FFFF,
            ZeroOp::Infinity | ZeroOp::InfElseMax => 0xFF80_0000,
            ZeroOp::Zero => 0,
        };
        let z = self.cmp_mask(M::V_CMP_EQ_F32, Src::Imm(0), x, Mods::default());
        self.sel(Src::r(l), Src::Imm(at_zero), z)
    }

    /// A 32-bit result computed into `t`, moved to the value's register.
    fn put(&mut self, r: Value, t: VReg) {
        self.valu_value(Opcode::V_MOV_B32, r, &[Src::r(t)], Mods::default());
    }

    /// The ALU instructions `mod.rs` does not select itself.
    pub(super) fn alu_more(
        &mut self,
        a: &AluOp,
        args: &[Value],
        r: Value,
    ) -> Result<(), CompileError> {
        use IlOpcode as O;
        use Opcode as M;
        let srcs: SmallVec<[Src; 4]> = args.iter().map(|&v| self.src(v)).collect();
        let s = |i: usize| srcs.get(i).copied().unwrap_or(Src::Imm(0));
        let none = Mods::default();
        let ieee = super::alu_flag(a, "ieee");
        match a.opcode {
            O::Fma | O::DivFmas => self.valu_value(M::V_FMA_F32, r, &[s(0), s(1), s(2)], none),
            O::DivFixup => self.valu_value(M::V_DIV_FIXUP_F32, r, &[s(0), s(1), s(2)], none),
            O::Min3 => self.valu_value(M::V_MIN3_F32, r, &[s(0), s(1), s(2)], none),
            O::Max3 => self.valu_value(M::V_MAX3_F32, r, &[s(0), s(1), s(2)], none),
            O::Med3 => {
                // max(min(a, b), min(max(a, b), c)) with IL's min/max (v_med3_f32 differs
                // for NaN operands, vega L16811-16853).
                let lo = self.vop(M::V_MIN_F32, &[s(0), s(1)]);
                let hi = self.vop(M::V_MAX_F32, &[s(0), s(1)]);
                let m = self.vop(M::V_MIN_F32, &[Src::r(hi), s(2)]);
                self.valu_value(M::V_MAX_F32, r, &[Src::r(lo), Src::r(m)], none);
            }
            O::Clamp => {
                // v = a; if v < lo: v = lo; if v > hi: v = hi (NaN a is kept).
                let v0 = self.flushed(s(0));
                let lo = self.flushed(s(1));
                let hi = self.flushed(s(2));
                let below = self.cmp_mask(M::V_CMP_LT_F32, Src::r(v0), Src::r(lo), none);
                let v1 = self.sel(Src::r(v0), Src::r(lo), below);
                let above = self.cmp_mask(M::V_CMP_GT_F32, Src::r(v1), Src::r(hi), none);
                let v2 = self.sel(Src::r(v1), Src::r(hi), above);
                self.put(r, v2);
            }
            O::Sgn => {
                let neg = self.cmp_mask(M::V_CMP_GT_F32, Src::Imm(0), s(0), none);
                let zero = self.cmp_mask(M::V_CMP_EQ_F32, Src::Imm(0), s(0), none);
                let t = self.sel(Src::Imm(ONE), Src::Imm(MINUS_ONE), neg);
                let u = self.sel(Src::r(t), Src::Imm(0), zero);
                self.put(r, u);
            }
            O::Set => {
                let m = self.cmp_mask(float_cmp_op(relop_of(a)), s(0), s(1), none);
                let t = self.sel(Src::Imm(0), Src::Imm(ONE), m);
                self.put(r, t);
            }
            O::Cmp => {
                let code = alu_field(a, "cmpval").unwrap_or(0);
                let value =
                    cmpval(code).ok_or_else(|| unsupported(format!("cmp with cmpval {code}")))?;
                let m = self.cmp_mask(float_cmp_op(relop_of(a)), s(0), Src::Imm(value), none);
                let b = self.flushed(s(1));
                let c = self.flushed(s(2));
                let t = self.sel(Src::r(c), Src::r(b), m);
                self.put(r, t);
            }
            O::Cmov => {
                // Moves when src0 is not ±0 (a denormal is 0, NaN moves); else the old value.
                let m = self.cmp_mask(M::V_CMP_NEQ_F32, Src::Imm(0), s(0), none);
                let t = self.sel(s(2), s(1), m);
                self.put(r, t);
            }
            O::Class => {
                let m = self.cmp_mask(M::V_CMP_CLASS_F32, s(0), s(1), none);
                let t = self.sel(Src::Imm(0), Src::Imm(u32::MAX), m);
                self.put(r, t);
            }
            O::Ldexp => self.valu_value(M::V_LDEXP_F32, r, &[s(0), s(1)], none),
            O::FrexpMant => {
                // v_frexp_mant_f32 returns ±Inf unchanged; IL gives the NaN 0xFFC00000.
                let m = self.vop(M::V_FREXP_MANT_F32, &[s(0)]);
                let inf = self.class_mask(s(0), 0x204);
                let t = self.sel(Src::r(m), Src::Imm(0xFFC0_0000), inf);
                self.put(r, t);
            }
            O::FrexpExp => {
                // Inf and NaN give -1 (the hardware gives 0).
                let e = self.vop(M::V_FREXP_EXP_I32_F32, &[s(0)]);
                let special = self.class_mask(s(0), 0x207);
                let t = self.sel(Src::r(e), Src::Imm(u32::MAX), special);
                self.put(r, t);
            }
            O::FtoiRpi => {
                let f = self.round_half_up(s(0));
                self.valu_value(M::V_CVT_I32_F32, r, &[Src::r(f)], none);
            }
            O::FtoiFlr => self.valu_value(M::V_CVT_FLR_I32_F32, r, &[s(0)], none),
            O::F2F16 | O::F2F16Near => self.valu_value(M::V_CVT_F16_F32, r, &[s(0)], none),
            O::F162F => self.valu_value(M::V_CVT_F32_F16, r, &[s(0)], none),
            O::Lrp => {
                // src1 * src0 + src2 * (1 - src0), DX9 multiplies.
                let p = self.dx9_mul(s(1), s(0));
                let inv = self.vop(M::V_SUB_F32, &[Src::Imm(ONE), s(0)]);
                let q = self.dx9_mul(s(2), Src::r(inv));
                self.valu_value(M::V_ADD_F32, r, &[Src::r(p), Src::r(q)], none);
            }
            O::Exp => self.valu_value(M::V_EXP_F32, r, &[s(0)], none),
            O::Exn => {
                let t = self.vop(M::V_MUL_F32, &[Src::Imm(LOG2E), s(0)]);
                self.valu_value(M::V_EXP_F32, r, &[Src::r(t)], none);
            }
            O::Log | O::Ln => {
                let t = self.log_zeroop(s(0), zeroop_of(a), a.opcode == O::Ln);
                self.put(r, t);
            }
            O::Rcp => {
                let q = self.vop(M::V_RCP_F32, &[s(0)]);
                let z = self.cmp_mask(M::V_CMP_EQ_F32, Src::Imm(0), s(0), none);
                let t = self.sel(Src::r(q), Src::Imm(zeroop_value_f32(zeroop_of(a))), z);
                self.put(r, t);
            }
            O::Rsq => {
                // v_rsq_f32 gives NaN for negatives and +0 for +Inf, as IL; zero is zeroop.
                let q = self.vop(M::V_RSQ_F32, &[s(0)]);
                let z = self.cmp_mask(M::V_CMP_EQ_F32, Src::Imm(0), s(0), none);
                let t = self.sel(Src::r(q), Src::Imm(zeroop_value_f32(zeroop_of(a))), z);
                self.put(r, t);
            }
            O::Sqrt => self.valu_value(M::V_SQRT_F32, r, &[s(0)], none),
            O::Sin | O::Cos => {
                let t = self.trig(s(0), a.opcode == O::Sin);
                self.put(r, t);
            }
            O::Tan => {
                let t = self.tan32(s(0));
                self.put(r, t);
            }
            O::Sincos | O::Dxsincos => {
                let t = self.trig(s(0), a.comp & 3 == 1);
                self.put(r, t);
            }
            O::Pow => {
                // exp2(y * log2(x)); y == 0 or x == 1 give 1.0 (the DX9 multiply of the
                // pseudo-code); x == 0, x < 0, NaN follow from v_log/v_exp.
                let l = self.vop(M::V_LOG_F32, &[s(0)]);
                let p = self.vop(M::V_MUL_F32, &[s(1), Src::r(l)]);
                let e = self.vop(M::V_EXP_F32, &[Src::r(p)]);
                let y0 = self.cmp_mask(M::V_CMP_EQ_F32, Src::Imm(0), s(1), none);
                let x1 = self.cmp_mask(M::V_CMP_EQ_F32, Src::Imm(ONE), s(0), none);
                let either = self.m.new_vreg(File::S, 2);
                self.salu(
                    M::S_OR_B64,
                    Some(Dst(either, 0, 2)),
                    &[Src::R(y0, 0, 2), Src::R(x1, 0, 2)],
                );
                let t = self.sel(Src::r(e), Src::Imm(ONE), either);
                self.put(r, t);
            }
            O::Expp => {
                // [2^floor(x), x - floor(x), 2^x, 1.0]
                let t = match a.comp & 3 {
                    0 => {
                        let f = self.vop(M::V_FLOOR_F32, &[s(0)]);
                        self.vop(M::V_EXP_F32, &[Src::r(f)])
                    }
                    1 => {
                        let f = self.vop(M::V_FLOOR_F32, &[s(0)]);
                        self.vop(M::V_SUB_F32, &[s(0), Src::r(f)])
                    }
                    2 => self.vop(M::V_EXP_F32, &[s(0)]),
                    _ => self.vop(M::V_MOV_B32, &[Src::Imm(ONE)]),
                };
                self.put(r, t);
            }
            O::Dp2add => {
                // dp2(src0, src1) + src2.z (il-semantics `dp2add`, I-37), products in order.
                let mul = |this: &mut Self, x: Src, y: Src| {
                    if ieee {
                        this.vop(M::V_MUL_F32, &[x, y])
                    } else {
                        this.dx9_mul(x, y)
                    }
                };
                let p0 = mul(self, s(0), s(4));
                let p1 = mul(self, s(1), s(5));
                let sum = self.vop(M::V_ADD_F32, &[Src::r(p0), Src::r(p1)]);
                self.valu_value(M::V_ADD_F32, r, &[Src::r(sum), s(10)], none);
            }
            O::IMul24 => self.valu_value(M::V_MUL_I32_I24, r, &[s(0), s(1)], none),
            O::IMul24High => self.valu_value(M::V_MUL_HI_I32_I24, r, &[s(0), s(1)], none),
            O::UMul24 => self.valu_value(M::V_MUL_U32_U24, r, &[s(0), s(1)], none),
            O::UMul24High => self.valu_value(M::V_MUL_HI_U32_U24, r, &[s(0), s(1)], none),
            O::IMad24 => self.valu_value(M::V_MAD_I32_I24, r, &[s(0), s(1), s(2)], none),
            O::UMad24 => self.valu_value(M::V_MAD_U32_U24, r, &[s(0), s(1), s(2)], none),
            O::IMin3 => self.valu_value(M::V_MIN3_I32, r, &[s(0), s(1), s(2)], none),
            O::IMax3 => self.valu_value(M::V_MAX3_I32, r, &[s(0), s(1), s(2)], none),
            O::IMed3 => self.valu_value(M::V_MED3_I32, r, &[s(0), s(1), s(2)], none),
            O::UMin3 => self.valu_value(M::V_MIN3_U32, r, &[s(0), s(1), s(2)], none),
            O::UMax3 => self.valu_value(M::V_MAX3_U32, r, &[s(0), s(1), s(2)], none),
            O::UMed3 => self.valu_value(M::V_MED3_U32, r, &[s(0), s(1), s(2)], none),
            O::IBorrow => {
                let m = self.cmp_mask(M::V_CMP_LT_U32, s(0), s(1), none);
                let t = self.sel(Src::Imm(0), Src::Imm(1), m);
                self.put(r, t);
            }
            O::ICarry => {
                // a + b carries iff b > ~a.
                let na = self.vop(M::V_NOT_B32, &[s(0)]);
                let m = self.cmp_mask(M::V_CMP_GT_U32, s(1), Src::r(na), none);
                let t = self.sel(Src::Imm(0), Src::Imm(1), m);
                self.put(r, t);
            }
            O::IBitExtract => {
                // v_bfe_i32(value, offset, width) when width + offset <= 32; beyond, IL's
                // field is value >> offset (arithmetic).
                let f = self.vop(M::V_BFE_I32, &[s(2), s(1), s(0)]);
                let w = self.vop(M::V_AND_B32, &[Src::Imm(31), s(0)]);
                let o = self.vop(M::V_AND_B32, &[Src::Imm(31), s(1)]);
                let sum = self.vop(M::V_ADD_U32, &[Src::r(w), Src::r(o)]);
                let wide = self.cmp_mask(M::V_CMP_LT_U32, Src::Imm(32), Src::r(sum), none);
                let sh = self.vop(M::V_ASHRREV_I32, &[Src::r(o), s(2)]);
                let t = self.sel(Src::r(f), Src::r(sh), wide);
                self.put(r, t);
            }
            O::UBitInsert => {
                // mask = v_bfm(width, offset) (width 0: 0, so base); insert << offset.
                let w = self.vop(M::V_AND_B32, &[Src::Imm(31), s(0)]);
                let mask = self.vop(M::V_BFM_B32, &[Src::r(w), s(1)]);
                let ins = self.vop(M::V_LSHLREV_B32, &[s(1), s(2)]);
                self.valu_value(M::V_BFI_B32, r, &[Src::r(mask), Src::r(ins), s(3)], none);
            }
            O::UBitReverse => self.valu_value(M::V_BFREV_B32, r, &[s(0)], none),
            O::ICountbits => self.valu_value(M::V_BCNT_U32_B32, r, &[s(0), Src::Imm(0)], none),
            O::IFirstbit => {
                let op = match alu_field(a, "type").unwrap_or(0) {
                    0 => M::V_FFBL_B32,
                    1 => M::V_FFBH_U32,
                    _ => M::V_FFBH_I32,
                };
                self.valu_value(op, r, &[s(0)], none);
            }
            O::BitAlign => self.valu_value(M::V_ALIGNBIT_B32, r, &[s(0), s(1), s(2)], none),
            O::ByteAlign => self.valu_value(M::V_ALIGNBYTE_B32, r, &[s(0), s(1), s(2)], none),
            O::Sad => self.valu_value(M::V_SAD_U8, r, &[s(0), s(1), s(2)], none),
            O::SadHi => self.valu_value(M::V_SAD_HI_U8, r, &[s(0), s(1), s(2)], none),
            O::MsadU8 => self.valu_value(M::V_MSAD_U8, r, &[s(0), s(1), s(2)], none),
            O::Sad4 => {
                let mut acc = s(8);
                for k in 0..4 {
                    let t = self.vop(M::V_SAD_U8, &[s(k), s(4 + k), acc]);
                    acc = Src::r(t);
                }
                self.valu_value(M::V_MOV_B32, r, &[acc], none);
            }
            O::U4lerp => self.valu_value(M::V_LERP_U8, r, &[s(0), s(1), s(2)], none),
            O::Unpack0 => self.valu_value(M::V_CVT_F32_UBYTE0, r, &[s(0)], none),
            O::Unpack1 => self.valu_value(M::V_CVT_F32_UBYTE1, r, &[s(0)], none),
            O::Unpack2 => self.valu_value(M::V_CVT_F32_UBYTE2, r, &[s(0)], none),
            O::Unpack3 => self.valu_value(M::V_CVT_F32_UBYTE3, r, &[s(0)], none),
            O::F2U4 => {
                // bytes of ftou(src.c) & 0xFF.
                let mut acc: Option<VReg> = None;
                for k in 0..4u32 {
                    let u = self.vop(M::V_CVT_U32_F32, &[s(k as usize)]);
                    let b = self.vop(M::V_AND_B32, &[Src::Imm(0xFF), Src::r(u)]);
                    let placed = if k == 0 {
                        b
                    } else {
                        self.vop(M::V_LSHLREV_B32, &[Src::Imm(8 * k), Src::r(b)])
                    };
                    acc = Some(match acc {
                        None => placed,
                        Some(p) => self.vop(M::V_OR_B32, &[Src::r(p), Src::r(placed)]),
                    });
                }
                let t = acc.ok_or_else(|| crate::CompileError::Internal("f_2_u4".into()))?;
                self.put(r, t);
            }
            _ => {
                if let Some(t) = self.alu_vector(a, args, r)? {
                    self.put(r, t);
                    return Ok(());
                }
                return Err(unsupported(format!(
                    "the IL instruction `{}`{} (no gfx906 selection yet)",
                    a.opcode.mnemonic(),
                    if ieee { " with _ieee" } else { "" }
                )));
            }
        }
        Ok(())
    }
}
