//! Double-precision IL instructions on VGPR pairs (aligned by the allocator).
//!
//! The kernels keep f64 denormals (`code_object.rs`), as IL's doubles do (they are IEEE
//! results, `il-semantics::double`). The hardware's add, multiply, fma, conversions and
//! compares are IEEE; the rest are sequences:
//! - `ddiv`: LLVM's AMDGPU expansion (`v_div_scale_f64` on both operands, `v_rcp_f64`, two
//!   Newton-Raphson steps, the residual, `v_div_fmas_f64`, `v_div_fixup_f64`): correctly
//!   rounded over the whole range. The numerator's scale writes VCC first so that more than
//!   the 4 wait states `v_div_fmas` needs (vega §4.5 row 7) pass before it reads VCC.
//! - `dsqrt`: `v_rsq_f64` refined by Goldschmidt steps (LLVM's expansion), inputs below
//!   2^-767 scaled by 2^256; ±0 and +Inf returned unchanged.
//! - `drcp`, `drsq`: the division sequence / two Newton steps, with IL's zeroop results.
//! - `dfrac`, `dfrexp*`, `dldexp`, `dmax`, `dmin`: the instruction, then IL's special values.

use il_frontend::enums::{ShiftScale, ZeroOp};
use il_frontend::opcode::Opcode as IlOpcode;
use midend::ir::{AluOp, Type, Value};

use super::alu32::zeroop_of;
use super::{unsupported, Dst, Mods, Selector, Src};
use crate::isa::{Inst, Opcode, Operand};
use crate::mir::{File, MInst, Slot, VReg};
use crate::CompileError;

/// Class masks of V_CMP_CLASS (vega L14623-14653).
const NAN: u32 = 0x003;
const INF: u32 = 0x204;
const PLUS_INF: u32 = 0x200;
const ZERO: u32 = 0x060;
const DENORM: u32 = 0x090;
const NORMAL: u32 = 0x108;

impl<'f> Selector<'f> {
    /// A VGPR pair holding a 64-bit value (constants and SGPR pairs copied).
    pub(super) fn v64(&mut self, v: Value) -> VReg {
        if self.constant(v).is_none() {
            let r = self.vreg(v);
            if self.m.info(r).file == File::V && self.m.info(r).size == 2 {
                return r;
            }
        }
        let t = self.m.new_vreg(File::V, 2);
        self.copy_value(t, v);
        t
    }

    /// A VGPR pair holding the constant `c`.
    pub(super) fn const64(&mut self, c: u64) -> VReg {
        let t = self.m.new_vreg(File::V, 2);
        self.mov32(Dst(t, 0, 1), Src::Imm(c as u32));
        self.mov32(Dst(t, 1, 1), Src::Imm((c >> 32) as u32));
        t
    }

    /// `op` with a 64-bit result into a new VGPR pair.
    pub(super) fn vop64(&mut self, op: Opcode, srcs: &[Src], mods: Mods) -> VReg {
        let t = self.m.new_vreg(File::V, 2);
        self.valu(op, Some(Dst(t, 0, 2)), None, srcs, mods);
        t
    }

    /// Moves a 64-bit result in a VGPR pair to the value's register.
    pub(super) fn put64(&mut self, r: Value, t: VReg) {
        let d = self.vreg(r);
        if d == t {
            return;
        }
        for k in 0..2 {
            self.mov32(Dst(d, k, 1), Src::R(t, k, 1));
        }
    }

    /// `mask ? t : f` on pairs.
    pub(super) fn sel64(&mut self, f: VReg, t: VReg, mask: VReg) -> VReg {
        let out = self.m.new_vreg(File::V, 2);
        for k in 0..2 {
            self.valu(
                Opcode::V_CNDMASK_B32,
                Some(Dst(out, k, 1)),
                None,
                &[Src::R(f, k, 1), Src::R(t, k, 1), Src::R(mask, 0, 2)],
                Mods::default(),
            );
        }
        out
    }

    fn class64(&mut self, x: VReg, classes: u32) -> VReg {
        self.cmp_mask(
            Opcode::V_CMP_CLASS_F64,
            Src::R(x, 0, 2),
            Src::Imm(classes),
            Mods::default(),
        )
    }

    /// A 64-bit VALU instruction whose carry/scale output goes to VCC (no register of the
    /// allocator): the last instruction pushed gets VCC as its SDST.
    fn sdst_to_vcc(&mut self) {
        if let Some(MInst::Op {
            inst: Inst::Valu(v),
            regs,
        }) = self.m.insts.last_mut()
        {
            v.sdst = Some(Operand::VCC);
            regs.retain(|r| r.slot != Slot::Sdst);
        }
    }

    /// The correctly rounded quotient `n / d` of two f64 pairs.
    pub(super) fn div64(&mut self, n: VReg, d: VReg) -> VReg {
        use Opcode as M;
        let none = Mods::default();
        // |d| >= 2^1020: both operands scaled by 2^-4 first. The ISA text's V_DIV_SCALE_F64
        // (vega L17205-17281) scales a denominator whose reciprocal is denormal *up* by
        // 2^128 when the quotient is denormal too, which overflows; after the pre-scale
        // 1/d is normal and that branch is never taken. The quotient is unchanged: d scales
        // exactly, and n loses bits only below 2^-1018, where n/d rounds to 0 either way.
        let (n0, d0) = (n, d);
        let huge = self.const64(0x7FB0_0000_0000_0000);
        let big = self.cmp_mask(
            M::V_CMP_LE_F64,
            Src::R(huge, 0, 2),
            Src::R(d, 0, 2),
            Mods { abs: 2, ..none },
        );
        let k = self.sel(Src::Imm(0), Src::Imm((-4i32) as u32), big);
        let n = self.vop64(M::V_LDEXP_F64, &[Src::R(n, 0, 2), Src::r(k)], none);
        let d = self.vop64(M::V_LDEXP_F64, &[Src::R(d, 0, 2), Src::r(k)], none);
        let (n2, d2) = (Src::R(n, 0, 2), Src::R(d, 0, 2));
        // Scaled numerator first: its VCC is what v_div_fmas reads.
        let sn = self.m.new_vreg(File::V, 2);
        let vcc_tmp = self.m.new_vreg(File::S, 2);
        self.valu(
            M::V_DIV_SCALE_F64,
            Some(Dst(sn, 0, 2)),
            Some(Dst(vcc_tmp, 0, 2)),
            &[n2, d2, n2],
            none,
        );
        self.sdst_to_vcc();
        let sd = self.m.new_vreg(File::V, 2);
        let unused = self.m.new_vreg(File::S, 2);
        self.valu(
            M::V_DIV_SCALE_F64,
            Some(Dst(sd, 0, 2)),
            Some(Dst(unused, 0, 2)),
            &[d2, d2, n2],
            none,
        );
        let one = self.const64(1.0f64.to_bits());
        let sd2 = Src::R(sd, 0, 2);
        let neg0 = Mods { neg: 1, ..none };
        let mut r = self.vop64(M::V_RCP_F64, &[sd2], none);
        for _ in 0..2 {
            let e = self.vop64(
                M::V_FMA_F64,
                &[sd2, Src::R(r, 0, 2), Src::R(one, 0, 2)],
                neg0,
            );
            r = self.vop64(
                M::V_FMA_F64,
                &[Src::R(r, 0, 2), Src::R(e, 0, 2), Src::R(r, 0, 2)],
                none,
            );
        }
        let q = self.vop64(M::V_MUL_F64, &[Src::R(sn, 0, 2), Src::R(r, 0, 2)], none);
        let e = self.vop64(
            M::V_FMA_F64,
            &[sd2, Src::R(q, 0, 2), Src::R(sn, 0, 2)],
            neg0,
        );
        let f = self.vop64(
            M::V_DIV_FMAS_F64,
            &[Src::R(e, 0, 2), Src::R(r, 0, 2), Src::R(q, 0, 2)],
            none,
        );
        let q = self.vop64(M::V_DIV_FIXUP_F64, &[Src::R(f, 0, 2), d2, n2], none);
        self.div64_out_of_range(q, n0, d0)
    }

    /// The quotients the scaled sequence cannot represent on the way: with n = mn 2^en and
    /// d = md 2^ed (frexp, mantissas in [0.5, 1)), en - ed >= 1025 overflows to ±Inf and
    /// en - ed <= -1076 rounds to ±0 (below half the smallest denormal). The ISA text's
    /// V_DIV_FIXUP_F64 overflow/underflow branches (L17041-17101) do not catch these (its
    /// overflow test reads the denominator's exponent alone), and the intermediate
    /// quotient of the sequence overflows for them. Only finite nonzero operands qualify.
    fn div64_out_of_range(&mut self, q: VReg, n: VReg, d: VReg) -> VReg {
        use Opcode as M;
        let none = Mods::default();
        let en = self.vop(M::V_FREXP_EXP_I32_F64, &[Src::R(n, 0, 2)]);
        let ed = self.vop(M::V_FREXP_EXP_I32_F64, &[Src::R(d, 0, 2)]);
        let diff = self.vop(M::V_SUB_U32, &[Src::r(en), Src::r(ed)]);
        let finite_n = self.class64(n, NORMAL | DENORM);
        let finite_d = self.class64(d, NORMAL | DENORM);
        let finite = self.m.new_vreg(File::S, 2);
        self.salu(
            M::S_AND_B64,
            Some(Dst(finite, 0, 2)),
            &[Src::R(finite_n, 0, 2), Src::R(finite_d, 0, 2)],
        );
        let over = self.cmp_mask(M::V_CMP_LE_I32, Src::Imm(1025), Src::r(diff), none);
        let under = self.cmp_mask(
            M::V_CMP_GE_I32,
            Src::Imm((-1076i32) as u32),
            Src::r(diff),
            none,
        );
        let sign = self.vop(M::V_XOR_B32, &[Src::R(n, 1, 1), Src::R(d, 1, 1)]);
        let sign = self.vop(M::V_AND_B32, &[Src::Imm(0x8000_0000), Src::r(sign)]);
        let inf_hi = self.vop(M::V_OR_B32, &[Src::Imm(0x7FF0_0000), Src::r(sign)]);
        let big = self.m.new_vreg(File::S, 2);
        self.salu(
            M::S_AND_B64,
            Some(Dst(big, 0, 2)),
            &[Src::R(over, 0, 2), Src::R(finite, 0, 2)],
        );
        let tiny = self.m.new_vreg(File::S, 2);
        self.salu(
            M::S_AND_B64,
            Some(Dst(tiny, 0, 2)),
            &[Src::R(under, 0, 2), Src::R(finite, 0, 2)],
        );
        let either = self.m.new_vreg(File::S, 2);
        self.salu(
            M::S_OR_B64,
            Some(Dst(either, 0, 2)),
            &[Src::R(big, 0, 2), Src::R(tiny, 0, 2)],
        );
        let hi_special = self.sel(Src::r(sign), Src::r(inf_hi), big);
        let out = self.m.new_vreg(File::V, 2);
        self.valu(
            M::V_CNDMASK_B32,
            Some(Dst(out, 0, 1)),
            None,
            &[Src::R(q, 0, 1), Src::Imm(0), Src::R(either, 0, 2)],
            none,
        );
        self.valu(
            M::V_CNDMASK_B32,
            Some(Dst(out, 1, 1)),
            None,
            &[Src::R(q, 1, 1), Src::r(hi_special), Src::R(either, 0, 2)],
            none,
        );
        out
    }

    /// The square root of an f64 pair, within 1 ULP.
    fn sqrt64(&mut self, x: VReg) -> VReg {
        use Opcode as M;
        let none = Mods::default();
        // x < 2^-767: scale by 2^256 (the root by 2^128).
        let tiny = self.const64(0x1000_0000_0000_0000);
        let small = self.cmp_mask(M::V_CMP_GT_F64, Src::R(tiny, 0, 2), Src::R(x, 0, 2), none);
        let up = self.sel(Src::Imm(0), Src::Imm(256), small);
        let xs = self.vop64(M::V_LDEXP_F64, &[Src::R(x, 0, 2), Src::r(up)], none);
        let xs2 = Src::R(xs, 0, 2);
        let y = self.vop64(M::V_RSQ_F64, &[xs2], none);
        let mut g = self.vop64(M::V_MUL_F64, &[xs2, Src::R(y, 0, 2)], none);
        let half = self.const64(0.5f64.to_bits());
        let mut h = self.vop64(M::V_MUL_F64, &[Src::R(half, 0, 2), Src::R(y, 0, 2)], none);
        let neg0 = Mods { neg: 1, ..none };
        let rr = self.vop64(
            M::V_FMA_F64,
            &[Src::R(h, 0, 2), Src::R(g, 0, 2), Src::R(half, 0, 2)],
            neg0,
        );
        g = self.vop64(
            M::V_FMA_F64,
            &[Src::R(g, 0, 2), Src::R(rr, 0, 2), Src::R(g, 0, 2)],
            none,
        );
        h = self.vop64(
            M::V_FMA_F64,
            &[Src::R(h, 0, 2), Src::R(rr, 0, 2), Src::R(h, 0, 2)],
            none,
        );
        for _ in 0..2 {
            let d = self.vop64(M::V_FMA_F64, &[Src::R(g, 0, 2), Src::R(g, 0, 2), xs2], neg0);
            g = self.vop64(
                M::V_FMA_F64,
                &[Src::R(d, 0, 2), Src::R(h, 0, 2), Src::R(g, 0, 2)],
                none,
            );
        }
        let down = self.sel(Src::Imm(0), Src::Imm((-128i32) as u32), small);
        let root = self.vop64(M::V_LDEXP_F64, &[Src::R(g, 0, 2), Src::r(down)], none);
        // ±0 and +Inf are their own roots.
        let keep = self.class64(x, ZERO | PLUS_INF);
        self.sel64(root, x, keep)
    }

    /// The 64-bit IR operations: doubles, 64-bit integers, and the conversions between them
    /// and 32-bit values.
    pub(super) fn alu64(
        &mut self,
        a: &AluOp,
        args: &[Value],
        r: Value,
    ) -> Result<(), CompileError> {
        use IlOpcode as O;
        use Opcode as M;
        let none = Mods::default();
        let arg = |i: usize| -> Result<Value, CompileError> {
            args.get(i).copied().ok_or_else(|| {
                CompileError::Internal(format!("`{}` arguments", a.opcode.mnemonic()))
            })
        };
        let p = |this: &mut Self, i: usize| -> Result<Src, CompileError> {
            let v = arg(i)?;
            Ok(Src::R(this.v64(v), 0, 2))
        };
        match a.opcode {
            O::DAdd => {
                let (x, y) = (p(self, 0)?, p(self, 1)?);
                let t = self.vop64(M::V_ADD_F64, &[x, y], none);
                self.put64(r, t);
            }
            O::DMul => {
                let (x, y) = (p(self, 0)?, p(self, 1)?);
                let t = self.vop64(M::V_MUL_F64, &[x, y], none);
                self.put64(r, t);
            }
            O::DMuladd | O::DDivFmas => {
                let (x, y, z) = (p(self, 0)?, p(self, 1)?, p(self, 2)?);
                let t = self.vop64(M::V_FMA_F64, &[x, y, z], none);
                self.put64(r, t);
            }
            O::DDivFixup => {
                let (x, y, z) = (p(self, 0)?, p(self, 1)?, p(self, 2)?);
                let t = self.vop64(M::V_DIV_FIXUP_F64, &[x, y, z], none);
                self.put64(r, t);
            }
            O::DDiv => {
                let (x, y) = (self.v64(arg(0)?), self.v64(arg(1)?));
                let t = self.div64(x, y);
                self.put64(r, t);
            }
            O::DSqrt => {
                let x = self.v64(arg(0)?);
                let t = self.sqrt64(x);
                self.put64(r, t);
            }
            O::DRcp => {
                let x = self.v64(arg(0)?);
                let one = self.const64(1.0f64.to_bits());
                let q = self.div64(one, x);
                let z = self.zeroop64(zeroop_of(a));
                let is_zero = self.class64(x, ZERO);
                let t = self.sel64(q, z, is_zero);
                self.put64(r, t);
            }
            O::DRsq => {
                let x = self.v64(arg(0)?);
                let t = self.rsq64(x, zeroop_of(a));
                self.put64(r, t);
            }
            O::DFrac => {
                // NaN and Inf give NaN (v_fract_f64 does); ±0 and denormals give +0.
                let x = self.v64(arg(0)?);
                let f = self.vop64(M::V_FRACT_F64, &[Src::R(x, 0, 2)], none);
                let tiny = self.class64(x, ZERO | DENORM);
                let zero = self.const64(0);
                let t = self.sel64(f, zero, tiny);
                self.put64(r, t);
            }
            O::DFrexpMant => {
                let x = self.v64(arg(0)?);
                let t = self.frexp_mant64(x);
                self.put64(r, t);
            }
            O::DFrexpExp => {
                let x = self.v64(arg(0)?);
                let e = self.frexp_exp64(x);
                self.put32(r, e);
            }
            O::DFrexp => {
                let x = self.v64(arg(0)?);
                let e = match a.comp & 3 {
                    0 => self.vop(M::V_MOV_B32, &[Src::Imm(0)]),
                    1 => self.frexp_exp64(x),
                    k => {
                        let m = self.frexp_mant64(x);
                        self.vop(M::V_MOV_B32, &[Src::R(m, k - 2, 1)])
                    }
                };
                self.put32(r, e);
            }
            O::DLdexp => {
                // IL: a result below the normal range is ±0 (the hardware keeps denormals).
                let x = p(self, 0)?;
                let n = self.src(arg(1)?);
                let l = self.vop64(M::V_LDEXP_F64, &[x, n], none);
                let den = self.class64(l, DENORM);
                let signed_zero = self.m.new_vreg(File::V, 2);
                self.mov32(Dst(signed_zero, 0, 1), Src::Imm(0));
                self.valu(
                    M::V_AND_B32,
                    Some(Dst(signed_zero, 1, 1)),
                    None,
                    &[Src::Imm(0x8000_0000), Src::R(l, 1, 1)],
                    none,
                );
                let t = self.sel64(l, signed_zero, den);
                self.put64(r, t);
            }
            O::DMax | O::DMin => {
                // dmax: a >= b ? a : b, dmin: a < b ? a : b; a NaN loses (v_max/v_min_f64).
                let (x, y) = (self.v64(arg(0)?), self.v64(arg(1)?));
                let (x2, y2) = (Src::R(x, 0, 2), Src::R(y, 0, 2));
                let max = a.opcode == O::DMax;
                let hw = self.vop64(
                    if max { M::V_MAX_F64 } else { M::V_MIN_F64 },
                    &[x2, y2],
                    none,
                );
                let ge = self.cmp_mask(M::V_CMP_GE_F64, x2, y2, none);
                let lt = self.cmp_mask(M::V_CMP_LT_F64, x2, y2, none);
                let (take_x, take_y) = if max { (ge, lt) } else { (lt, ge) };
                let t0 = self.sel64(hw, x, take_x);
                let t = self.sel64(t0, y, take_y);
                self.put64(r, t);
            }
            O::DMovc => {
                let c = self.src(arg(0)?);
                let (x, y) = (self.v64(arg(1)?), self.v64(arg(2)?));
                let zero = self.cmp_mask(M::V_CMP_EQ_U32, Src::Imm(0), c, none);
                let t = self.sel64(y, x, zero);
                self.put64(r, t);
            }
            O::Deq | O::Dne | O::Dge | O::Dlt => {
                let op = match a.opcode {
                    O::Deq => M::V_CMP_EQ_F64,
                    O::Dne => M::V_CMP_NEQ_F64,
                    O::Dge => M::V_CMP_GE_F64,
                    _ => M::V_CMP_LT_F64,
                };
                let (x, y) = (p(self, 0)?, p(self, 1)?);
                let m = self.cmp_mask(op, x, y, none);
                let t = self.sel(Src::Imm(0), Src::Imm(u32::MAX), m);
                self.put32(r, t);
            }
            O::F2D | O::Itod | O::Utod => {
                let op = match a.opcode {
                    O::F2D => M::V_CVT_F64_F32,
                    O::Itod => M::V_CVT_F64_I32,
                    _ => M::V_CVT_F64_U32,
                };
                let x = self.src(arg(0)?);
                let t = self.vop64(op, &[x], none);
                self.put64(r, t);
            }
            O::D2F | O::Dtoi | O::Dtou => {
                let op = match a.opcode {
                    O::D2F => M::V_CVT_F32_F64,
                    O::Dtoi => M::V_CVT_I32_F64,
                    _ => M::V_CVT_U32_F64,
                };
                let x = p(self, 0)?;
                let t = self.vop(op, &[x]);
                self.put32(r, t);
            }
            O::Mov | O::InvMov | O::DMov if self.func.ty(r) != Type::Bool => {
                let d = self.vreg(r);
                self.copy_value(d, arg(0)?);
            }
            _ => return self.alu_i64(a, args, r),
        }
        Ok(())
    }

    /// A 32-bit result in a VGPR moved to the value's register.
    pub(super) fn put32(&mut self, r: Value, t: VReg) {
        self.valu_value(Opcode::V_MOV_B32, r, &[Src::r(t)], Mods::default());
    }

    fn zeroop64(&mut self, z: ZeroOp) -> VReg {
        // 0.0, DBL_MAX, +Inf (as `il_semantics::double::zeroop_value`, L7830).
        self.const64(match z {
            ZeroOp::Zero => 0,
            ZeroOp::FltMax => 0x7FEF_FFFF_FFFF_FFFF,
            ZeroOp::Infinity | ZeroOp::InfElseMax => 0x7FF0_0000_0000_0000,
        })
    }

    /// `drsq`: two Newton steps on v_rsq_f64; ±0 gives the zeroop value, +Inf +0, negative
    /// NaN (from v_rsq_f64), NaN itself.
    fn rsq64(&mut self, x: VReg, zeroop: ZeroOp) -> VReg {
        use Opcode as M;
        let none = Mods::default();
        let x2 = Src::R(x, 0, 2);
        let mut y = self.vop64(M::V_RSQ_F64, &[x2], none);
        let one = self.const64(1.0f64.to_bits());
        let half = self.const64(0.5f64.to_bits());
        for _ in 0..2 {
            // e = 1 - (x y) y; y += (y / 2) e
            let t = self.vop64(M::V_MUL_F64, &[x2, Src::R(y, 0, 2)], none);
            let e = self.vop64(
                M::V_FMA_F64,
                &[Src::R(t, 0, 2), Src::R(y, 0, 2), Src::R(one, 0, 2)],
                Mods { neg: 1, ..none },
            );
            let h = self.vop64(M::V_MUL_F64, &[Src::R(half, 0, 2), Src::R(y, 0, 2)], none);
            y = self.vop64(
                M::V_FMA_F64,
                &[Src::R(h, 0, 2), Src::R(e, 0, 2), Src::R(y, 0, 2)],
                none,
            );
        }
        let z = self.zeroop64(zeroop);
        let zero = self.class64(x, ZERO);
        let t = self.sel64(y, z, zero);
        let pinf = self.class64(x, PLUS_INF);
        let zeros = self.const64(0);
        let t2 = self.sel64(t, zeros, pinf);
        let nan = self.class64(x, NAN);
        self.sel64(t2, x, nan)
    }

    /// `dfrexp`'s mantissa: ±[0.5, 1); NaN quieted; ±Inf gives 0xFFF8000000000000; ±0 and
    /// denormals give ±0.
    fn frexp_mant64(&mut self, x: VReg) -> VReg {
        use Opcode as M;
        let none = Mods::default();
        let m = self.vop64(M::V_FREXP_MANT_F64, &[Src::R(x, 0, 2)], none);
        let quiet = self.m.new_vreg(File::V, 2);
        self.mov32(Dst(quiet, 0, 1), Src::R(x, 0, 1));
        self.valu(
            M::V_OR_B32,
            Some(Dst(quiet, 1, 1)),
            None,
            &[Src::Imm(0x0008_0000), Src::R(x, 1, 1)],
            none,
        );
        let signed_zero = self.m.new_vreg(File::V, 2);
        self.mov32(Dst(signed_zero, 0, 1), Src::Imm(0));
        self.valu(
            M::V_AND_B32,
            Some(Dst(signed_zero, 1, 1)),
            None,
            &[Src::Imm(0x8000_0000), Src::R(x, 1, 1)],
            none,
        );
        let inf_value = self.const64(0xFFF8_0000_0000_0000);
        let nan = self.class64(x, NAN);
        let inf = self.class64(x, INF);
        let tiny = self.class64(x, ZERO | DENORM);
        let t0 = self.sel64(m, quiet, nan);
        let t1 = self.sel64(t0, inf_value, inf);
        self.sel64(t1, signed_zero, tiny)
    }

    /// `dfrexp`'s exponent: -1 for NaN and ±Inf, 0 for ±0 and denormals.
    fn frexp_exp64(&mut self, x: VReg) -> VReg {
        let e = self.vop(Opcode::V_FREXP_EXP_I32_F64, &[Src::R(x, 0, 2)]);
        let special = self.class64(x, NAN | INF);
        let t = self.sel(Src::r(e), Src::Imm(u32::MAX), special);
        let tiny = self.class64(x, ZERO | DENORM);
        self.sel(Src::r(t), Src::Imm(0), tiny)
    }

    /// The 64-bit forms of the operand modifiers.
    pub(super) fn modifier64(
        &mut self,
        m: midend::ir::Modifier,
        args: &[Value],
        r: Value,
    ) -> Result<(), CompileError> {
        use midend::ir::Modifier as Md;
        let x = self.v64(args[0]);
        let none = Mods::default();
        let t = match m {
            Md::DoubleNeg | Md::DoubleAbs => {
                let t = self.m.new_vreg(File::V, 2);
                self.mov32(Dst(t, 0, 1), Src::R(x, 0, 1));
                let (op, k) = if m == Md::DoubleNeg {
                    (Opcode::V_XOR_B32, 0x8000_0000)
                } else {
                    (Opcode::V_AND_B32, 0x7FFF_FFFF)
                };
                self.valu(
                    op,
                    Some(Dst(t, 1, 1)),
                    None,
                    &[Src::Imm(k), Src::R(x, 1, 1)],
                    none,
                );
                t
            }
            Md::DoubleSaturate => {
                // To [0, 1], NaN to 0: v_max_f64 x, x (x itself, -0 kept) with the clamp
                // bit (DX10_CLAMP is on).
                self.vop64(
                    Opcode::V_MAX_F64,
                    &[Src::R(x, 0, 2), Src::R(x, 0, 2)],
                    Mods {
                        clamp: true,
                        ..none
                    },
                )
            }
            Md::DoubleShift(sc) => {
                let f = match sc {
                    ShiftScale::None => 1.0f64,
                    ShiftScale::X2 => 2.0,
                    ShiftScale::X4 => 4.0,
                    ShiftScale::X8 => 8.0,
                    ShiftScale::D2 => 0.5,
                    ShiftScale::D4 => 0.25,
                    ShiftScale::D8 => 0.125,
                };
                let k = self.const64(f.to_bits());
                self.vop64(Opcode::V_MUL_F64, &[Src::R(x, 0, 2), Src::R(k, 0, 2)], none)
            }
            other => return Err(unsupported(format!("the 64-bit modifier {other:?}"))),
        };
        self.put64(r, t);
        Ok(())
    }
}
