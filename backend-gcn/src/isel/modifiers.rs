//! The float operand modifiers beyond neg/abs/saturate (`il_semantics::modifiers`).
//!
//! Source modifiers compute in f32 without flushing; the kernels' FP mode flushes f32
//! denormals, so the sequences avoid depending on a flushed denormal where the result would
//! differ: `_x2` doubles a denormal with integer operations, `_sign` tests bits, `_divcomp`
//! divides in double precision (converting denormals by hand). `_invert` and `_bias` give the same
//! result for a flushed denormal as for the denormal itself. The destination shift scale
//! flushes like an instruction result, which `v_mul_f32` under the mode does.

use il_frontend::enums::ShiftScale;
use midend::ir::{Modifier, Value};

use super::{unsupported, Dst, Mods, Selector, Src};
use crate::isa::Opcode;
use crate::mir::{File, VReg};
use crate::CompileError;

const ONE: u32 = 0x3F80_0000;
const MINUS_ONE: u32 = 0xBF80_0000;
const HALF: u32 = 0x3F00_0000;

impl<'f> Selector<'f> {
    /// `x / d` correctly rounded, through double precision (53 bits are enough for the
    /// f32 quotient to round once correctly).
    pub(super) fn precise_div_f32(&mut self, x: Src, d: Src) -> VReg {
        let xd = self.f32_to_f64_unflushed(x);
        let dd = self.f32_to_f64_unflushed(d);
        let q = self.div64(xd, dd);
        self.f64_to_f32_unflushed(q)
    }

    /// An f32 as an f64, a denormal included (v_cvt_f64_f32 flushes it under the kernel's
    /// mode): its mantissa converted as an integer and scaled by 2^-149, with its sign.
    fn f32_to_f64_unflushed(&mut self, x: Src) -> VReg {
        use Opcode as M;
        let none = Mods::default();
        let d0 = self.vop64(M::V_CVT_F64_F32, &[x], none);
        let m = self.vop(M::V_AND_B32, &[Src::Imm(0x007F_FFFF), x]);
        let dm = self.vop64(M::V_CVT_F64_U32, &[Src::r(m)], none);
        let scaled = self.vop64(
            M::V_LDEXP_F64,
            &[Src::R(dm, 0, 2), Src::Imm((-149i32) as u32)],
            none,
        );
        let sign = self.vop(M::V_AND_B32, &[Src::Imm(0x8000_0000), x]);
        let signed = self.m.new_vreg(File::V, 2);
        self.mov32(Dst(signed, 0, 1), Src::R(scaled, 0, 1));
        self.valu(
            M::V_OR_B32,
            Some(Dst(signed, 1, 1)),
            None,
            &[Src::R(scaled, 1, 1), Src::r(sign)],
            none,
        );
        let den = self.class_mask(x, 0x090);
        self.sel64(d0, signed, den)
    }

    /// An f64 rounded to f32, keeping f32 denormal results (v_cvt_f32_f64 flushes them
    /// under the kernel's mode): below 2^-126 the pattern is |q| * 2^149 rounded to an
    /// integer (nearest even), with q's sign.
    fn f64_to_f32_unflushed(&mut self, q: VReg) -> VReg {
        use Opcode as M;
        let none = Mods::default();
        let f = self.vop(M::V_CVT_F32_F64, &[Src::R(q, 0, 2)]);
        let min_normal = self.const64(0x3810_0000_0000_0000);
        let small = self.cmp_mask(
            M::V_CMP_GT_F64,
            Src::R(min_normal, 0, 2),
            Src::R(q, 0, 2),
            Mods { abs: 2, ..none },
        );
        let s = self.vop64(M::V_LDEXP_F64, &[Src::R(q, 0, 2), Src::Imm(149)], none);
        let rn = self.vop64(M::V_RNDNE_F64, &[Src::R(s, 0, 2)], none);
        let u = self.m.new_vreg(File::V, 1);
        self.valu(
            M::V_CVT_U32_F64,
            Some(Dst::r(u)),
            None,
            &[Src::R(rn, 0, 2)],
            Mods { abs: 1, ..none },
        );
        let sign = self.vop(M::V_AND_B32, &[Src::Imm(0x8000_0000), Src::R(q, 1, 1)]);
        let pattern = self.vop(M::V_OR_B32, &[Src::r(u), Src::r(sign)]);
        self.sel(Src::r(f), Src::r(pattern), small)
    }

    /// The modifiers `mod.rs` does not select itself.
    pub(super) fn modifier_more(
        &mut self,
        m: Modifier,
        args: &[Value],
        r: Value,
    ) -> Result<(), CompileError> {
        use Opcode as M;
        let a = self.src(args[0]);
        let none = Mods::default();
        let t: VReg = match m {
            Modifier::Invert => self.vop(M::V_SUB_F32, &[Src::Imm(ONE), a]),
            Modifier::Bias => self.vop(M::V_SUB_F32, &[a, Src::Imm(HALF)]),
            Modifier::Times2 => {
                // A denormal doubles exactly by shifting its magnitude (into the normal
                // range if it carries); everything else by v_mul_f32.
                let p = self.vop(M::V_MUL_F32, &[Src::Imm(0x4000_0000), a]);
                let sh = self.vop(M::V_LSHLREV_B32, &[Src::Imm(1), a]);
                let d = self.vop(M::V_BFI_B32, &[Src::Imm(0x7FFF_FFFF), Src::r(sh), a]);
                let den = self.class_mask(a, 0x090);
                self.sel(Src::r(p), Src::r(d), den)
            }
            Modifier::Sign => {
                // -1 for x < 0 (the sign bit and not NaN), 0 for ±0, else 1 (NaN too).
                let mag = self.vop(M::V_AND_B32, &[Src::Imm(0x7FFF_FFFF), a]);
                let neg = self.cmp_mask(M::V_CMP_GT_I32, Src::Imm(0), a, none);
                let num = self.cmp_mask(M::V_CMP_GE_U32, Src::Imm(0x7F80_0000), Src::r(mag), none);
                let below = self.m.new_vreg(File::S, 2);
                self.salu(
                    M::S_AND_B64,
                    Some(Dst(below, 0, 2)),
                    &[Src::R(neg, 0, 2), Src::R(num, 0, 2)],
                );
                let zero = self.cmp_mask(M::V_CMP_EQ_U32, Src::Imm(0), Src::r(mag), none);
                let s = self.sel(Src::Imm(ONE), Src::Imm(MINUS_ONE), below);
                self.sel(Src::r(s), Src::Imm(0), zero)
            }
            Modifier::DivComp => {
                let d = self.src(*args.get(1).ok_or_else(|| unsupported("divcomp divisor"))?);
                let q = self.precise_div_f32(a, d);
                // d = ±0: FLT_MAX with the sign of x ^ d.
                let sx = self.vop(M::V_XOR_B32, &[a, d]);
                let big = self.vop(
                    M::V_BFI_B32,
                    &[Src::Imm(0x7FFF_FFFF), Src::Imm(0x7F7F_FFFF), Src::r(sx)],
                );
                let zero = self.class_mask(d, 0x060);
                self.sel(Src::r(q), Src::r(big), zero)
            }
            Modifier::Shift(sc) => {
                let f: f32 = match sc {
                    ShiftScale::None => 1.0,
                    ShiftScale::X2 => 2.0,
                    ShiftScale::X4 => 4.0,
                    ShiftScale::X8 => 8.0,
                    ShiftScale::D2 => 0.5,
                    ShiftScale::D4 => 0.25,
                    ShiftScale::D8 => 0.125,
                };
                self.vop(M::V_MUL_F32, &[Src::Imm(f.to_bits()), a])
            }
            other => return Err(unsupported(format!("the modifier {other:?}"))),
        };
        self.put32(r, t);
        Ok(())
    }
}
