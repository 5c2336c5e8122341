//! 64-bit integer IL instructions on VGPR pairs.
//!
//! gfx906 has no 64-bit integer add or multiply (vega §6.2): add and subtract are
//! `v_add_co_u32` / `v_addc_co_u32` (the carry in an SGPR pair), the low 64 bits of a
//! product are `lo*lo` (both halves) plus the two cross products' low halves. Shifts and
//! compares have 64-bit forms. Division and remainder are a restoring long division of 64
//! unrolled steps (no loop, so no control flow in the selector), with IL's all-ones result
//! for a zero divisor and the signed forms by magnitudes.

use il_frontend::opcode::Opcode as IlOpcode;
use midend::ir::{AluOp, Value};

use super::{unsupported, Dst, Mods, Selector, Src};
use crate::isa::Opcode;
use crate::mir::{File, VReg};
use crate::CompileError;

impl<'f> Selector<'f> {
    /// `x + y` (or `x - y`) on pairs.
    pub(super) fn add64(&mut self, x: VReg, y: VReg, sub: bool) -> VReg {
        let (lo, hi) = if sub {
            (Opcode::V_SUB_CO_U32, Opcode::V_SUBB_CO_U32)
        } else {
            (Opcode::V_ADD_CO_U32, Opcode::V_ADDC_CO_U32)
        };
        let t = self.m.new_vreg(File::V, 2);
        let carry = self.m.new_vreg(File::S, 2);
        let unused = self.m.new_vreg(File::S, 2);
        self.valu(
            lo,
            Some(Dst(t, 0, 1)),
            Some(Dst(carry, 0, 2)),
            &[Src::R(x, 0, 1), Src::R(y, 0, 1)],
            Mods::default(),
        );
        self.valu(
            hi,
            Some(Dst(t, 1, 1)),
            Some(Dst(unused, 0, 2)),
            &[Src::R(x, 1, 1), Src::R(y, 1, 1), Src::R(carry, 0, 2)],
            Mods::default(),
        );
        t
    }

    /// `-x` on a pair.
    fn neg64(&mut self, x: VReg) -> VReg {
        let zero = self.const64(0);
        self.add64(zero, x, true)
    }

    /// A 64-bit compare as a lane mask.
    fn cmp64(&mut self, op: Opcode, x: VReg, y: VReg) -> VReg {
        self.cmp_mask(op, Src::R(x, 0, 2), Src::R(y, 0, 2), Mods::default())
    }

    /// The low 64 bits of `x * y`.
    fn mul64(&mut self, x: VReg, y: VReg) -> VReg {
        use Opcode as M;
        let lo = self.vop(M::V_MUL_LO_U32, &[Src::R(x, 0, 1), Src::R(y, 0, 1)]);
        let hi = self.vop(M::V_MUL_HI_U32, &[Src::R(x, 0, 1), Src::R(y, 0, 1)]);
        let c1 = self.vop(M::V_MUL_LO_U32, &[Src::R(x, 0, 1), Src::R(y, 1, 1)]);
        let c2 = self.vop(M::V_MUL_LO_U32, &[Src::R(x, 1, 1), Src::R(y, 0, 1)]);
        let t = self.m.new_vreg(File::V, 2);
        self.mov32(Dst(t, 0, 1), Src::r(lo));
        self.valu(
            M::V_ADD3_U32,
            Some(Dst(t, 1, 1)),
            None,
            &[Src::r(hi), Src::r(c1), Src::r(c2)],
            Mods::default(),
        );
        t
    }

    /// Unsigned `(n / d, n % d)` by 64 restoring steps; a zero divisor gives all ones for
    /// both.
    fn udivmod64(&mut self, n: VReg, d: VReg) -> (VReg, VReg) {
        use Opcode as M;
        let none = Mods::default();
        // q holds the dividend's unshifted bits on top and the quotient's bits below.
        let mut q = n;
        let mut rem = self.const64(0);
        for _ in 0..64 {
            // (rem, q) <<= 1 as one 128-bit value.
            let top = self.vop(M::V_LSHRREV_B32, &[Src::Imm(31), Src::R(q, 1, 1)]);
            let r1 = self.vop64(M::V_LSHLREV_B64, &[Src::Imm(1), Src::R(rem, 0, 2)], none);
            let r2 = self.m.new_vreg(File::V, 2);
            self.valu(
                M::V_OR_B32,
                Some(Dst(r2, 0, 1)),
                None,
                &[Src::R(r1, 0, 1), Src::r(top)],
                none,
            );
            self.mov32(Dst(r2, 1, 1), Src::R(r1, 1, 1));
            let q1 = self.vop64(M::V_LSHLREV_B64, &[Src::Imm(1), Src::R(q, 0, 2)], none);
            let ge = self.cmp64(M::V_CMP_GE_U64, r2, d);
            let diff = self.add64(r2, d, true);
            rem = self.sel64(r2, diff, ge);
            let bit = self.sel(Src::Imm(0), Src::Imm(1), ge);
            let q2 = self.m.new_vreg(File::V, 2);
            self.valu(
                M::V_OR_B32,
                Some(Dst(q2, 0, 1)),
                None,
                &[Src::R(q1, 0, 1), Src::r(bit)],
                none,
            );
            self.mov32(Dst(q2, 1, 1), Src::R(q1, 1, 1));
            q = q2;
        }
        let zero = self.cmp_mask(M::V_CMP_EQ_U64, Src::Imm(0), Src::R(d, 0, 2), none);
        let ones = self.const64(u64::MAX);
        let q = self.sel64(q, ones, zero);
        let rem = self.sel64(rem, ones, zero);
        (q, rem)
    }

    /// `|x|` of a signed pair and the mask of its negative lanes.
    fn abs64(&mut self, x: VReg) -> (VReg, VReg) {
        let neg = self.cmp_mask(
            Opcode::V_CMP_GT_I32,
            Src::Imm(0),
            Src::R(x, 1, 1),
            Mods::default(),
        );
        let n = self.neg64(x);
        (self.sel64(x, n, neg), neg)
    }

    /// The 64-bit integer instructions.
    pub(super) fn alu_i64(
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
        match a.opcode {
            O::I64Add | O::I64Sub => {
                let (x, y) = (self.v64(arg(0)?), self.v64(arg(1)?));
                let t = self.add64(x, y, a.opcode == O::I64Sub);
                self.put64(r, t);
            }
            O::I64Negate => {
                let x = self.v64(arg(0)?);
                let t = self.neg64(x);
                self.put64(r, t);
            }
            O::I64Mul | O::U64Mul => {
                let (x, y) = (self.v64(arg(0)?), self.v64(arg(1)?));
                let t = self.mul64(x, y);
                self.put64(r, t);
            }
            O::I64Shl | O::I64Shr | O::U64Shr => {
                // The 64-bit shifts use the amount's low 6 bits, as IL (src1.x & 63).
                let op = match a.opcode {
                    O::I64Shl => M::V_LSHLREV_B64,
                    O::I64Shr => M::V_ASHRREV_I64,
                    _ => M::V_LSHRREV_B64,
                };
                let x = self.v64(arg(0)?);
                let n = self.src(arg(1)?);
                let t = self.vop64(op, &[n, Src::R(x, 0, 2)], none);
                self.put64(r, t);
            }
            O::QsadU8 | O::MqsadU8 => {
                // V_QSAD_PK_U16_U8 / V_MQSAD_PK_U16_U8: S0 and S2 64-bit, S1 32-bit, the
                // IL's meaning exactly (decision "msad_u8, qsad_u8, mqsad_u8").
                let op = if a.opcode == O::QsadU8 {
                    M::V_QSAD_PK_U16_U8
                } else {
                    M::V_MQSAD_PK_U16_U8
                };
                let x = self.v64(arg(0)?);
                let y = self.src(arg(1)?);
                let z = self.v64(arg(2)?);
                let t = self.vop64(op, &[Src::R(x, 0, 2), y, Src::R(z, 0, 2)], none);
                self.put64(r, t);
            }
            O::I64Eq | O::I64Ne | O::I64Ge | O::I64Lt | O::U64Ge | O::U64Lt => {
                let op = match a.opcode {
                    O::I64Eq => M::V_CMP_EQ_U64,
                    O::I64Ne => M::V_CMP_NE_U64,
                    O::I64Ge => M::V_CMP_GE_I64,
                    O::I64Lt => M::V_CMP_LT_I64,
                    O::U64Ge => M::V_CMP_GE_U64,
                    _ => M::V_CMP_LT_U64,
                };
                let (x, y) = (self.v64(arg(0)?), self.v64(arg(1)?));
                let m = self.cmp64(op, x, y);
                let t = self.sel(Src::Imm(0), Src::Imm(u32::MAX), m);
                self.put32(r, t);
            }
            O::I64Max | O::I64Min | O::U64Max | O::U64Min => {
                let op = match a.opcode {
                    O::I64Max | O::I64Min => M::V_CMP_GT_I64,
                    _ => M::V_CMP_GT_U64,
                };
                let (x, y) = (self.v64(arg(0)?), self.v64(arg(1)?));
                let gt = self.cmp64(op, x, y);
                let t = if matches!(a.opcode, O::I64Max | O::U64Max) {
                    self.sel64(y, x, gt)
                } else {
                    self.sel64(x, y, gt)
                };
                self.put64(r, t);
            }
            O::U64Div | O::U64Mod => {
                let (x, y) = (self.v64(arg(0)?), self.v64(arg(1)?));
                let (q, rem) = self.udivmod64(x, y);
                self.put64(r, if a.opcode == O::U64Div { q } else { rem });
            }
            O::I64Div | O::I64Mod => {
                // By magnitudes: the quotient negated when the signs differ, the remainder
                // when the dividend is negative; a zero divisor gives all ones.
                let (x, y) = (self.v64(arg(0)?), self.v64(arg(1)?));
                let (ax, nx) = self.abs64(x);
                let (ay, ny) = self.abs64(y);
                let (q, rem) = self.udivmod64(ax, ay);
                let (v, neg) = if a.opcode == O::I64Div {
                    let differ = self.m.new_vreg(File::S, 2);
                    self.salu(
                        M::S_XOR_B64,
                        Some(Dst(differ, 0, 2)),
                        &[Src::R(nx, 0, 2), Src::R(ny, 0, 2)],
                    );
                    (q, differ)
                } else {
                    (rem, nx)
                };
                let n = self.neg64(v);
                let signed = self.sel64(v, n, neg);
                let zero = self.cmp_mask(M::V_CMP_EQ_U64, Src::Imm(0), Src::R(y, 0, 2), none);
                let ones = self.const64(u64::MAX);
                let t = self.sel64(signed, ones, zero);
                self.put64(r, t);
            }
            _ => {
                return Err(unsupported(format!(
                    "the 64-bit operation `{}` (no gfx906 selection yet)",
                    a.opcode.mnemonic()
                )))
            }
        }
        Ok(())
    }
}
