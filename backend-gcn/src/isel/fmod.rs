//! IL `mod` for large quotients: before the one-step remainder of `Selector::fmod` (exact
//! while |x / y| < 2^20), |x| is reduced modulo |y|·2^k in steps that each take away up to
//! 19 bits of the exponent difference, so that any finite x and normal y get the exact
//! remainder the reference computes (il-semantics `float::fmod`; the accuracy table's note
//! on `mod`: "a `div`/`trunc`/`mad` sequence fails for large quotients"). Found by `ilc fuzz`
//! (tests/regressions/both-mod-large-quotient.il).
//!
//! One step, with r = |x| so far and Y = |y|: k = max(e(r) - e(Y) - 19, 0), Y' = Y·2^k (an
//! exponent add, exact), q = trunc(r·(1/Y')·(1 + 2^-21)): the true quotient is below 2^20 and
//! the product's error below 2^-22.4 relative (V_RCP_F32 1 ulp), so the nudge makes q the
//! truncated quotient or one more, never one less. Then r - q·Y' lies in (-Y', Y') on the
//! grid of Y''s ulp and the FMA is exact, and adding Y' to a negative one is exact too.
//! 1/Y' of a Y' ≥ 2^64 is taken after scaling both by 2^-64 (V_RCP_F32 flushes a denormal
//! result). Fourteen steps cover the largest difference, 254 - 1 - 19·13 < 20.

use super::{Dst, Mods, Selector, Src};
use crate::isa::Opcode as M;
use crate::mir::{File, VReg};

/// Reduction steps: 19 bits each.
const STEPS: usize = 14;
const CHUNK: u32 = 19;
/// 2^64 and 2^-64.
const TWO_64: u32 = 0x5F80_0000;
const TWO_M64: u32 = 0x1F80_0000;
/// 1 + 2^-21.
const NUDGE: u32 = 0x3F80_0004;
/// V_CMP_CLASS masks (vega L14623-14653): finite (normal, denormal, zero) and normal.
const FINITE: u32 = 0x1F8;
const NORMAL: u32 = 0x108;

impl Selector<'_> {
    /// x reduced modulo |y| to a value with the same remainder and |x'| < |y|·2^20, x's
    /// sign kept; x itself when x is not finite or y not a normal number (the caller's
    /// special cases).
    pub(super) fn fmod_reduce(&mut self, x: Src, y: Src) -> VReg {
        let none = Mods::default();
        let ay = self.vop(M::V_AND_B32, &[Src::Imm(0x7FFF_FFFF), y]);
        let ey = self.vop(M::V_BFE_U32, &[Src::r(ay), Src::Imm(23), Src::Imm(8)]);
        let ey = self.vop(M::V_ADD_U32, &[Src::Imm(CHUNK), Src::r(ey)]);
        let mut r = self.vop(M::V_AND_B32, &[Src::Imm(0x7FFF_FFFF), x]);
        for _ in 0..STEPS {
            let er = self.vop(M::V_BFE_U32, &[Src::r(r), Src::Imm(23), Src::Imm(8)]);
            let d = self.vop(M::V_SUB_U32, &[Src::r(er), Src::r(ey)]);
            let k = self.vop(M::V_MAX_I32, &[Src::Imm(0), Src::r(d)]);
            let kk = self.vop(M::V_LSHLREV_B32, &[Src::Imm(23), Src::r(k)]);
            let ys = self.vop(M::V_ADD_U32, &[Src::r(ay), Src::r(kk)]);
            let big = self.m.new_vreg(File::S, 2);
            self.valu(
                M::V_CMP_GE_F32,
                None,
                Some(Dst(big, 0, 2)),
                &[Src::r(ys), Src::Imm(TWO_64)],
                none,
            );
            let s = self.vop(
                M::V_CNDMASK_B32,
                &[
                    Src::Imm(1.0f32.to_bits()),
                    Src::Imm(TWO_M64),
                    Src::R(big, 0, 2),
                ],
            );
            let yss = self.vop(M::V_MUL_F32, &[Src::r(ys), Src::r(s)]);
            let rc = self.vop(M::V_RCP_F32, &[Src::r(yss)]);
            let rs = self.vop(M::V_MUL_F32, &[Src::r(r), Src::r(s)]);
            let p = self.vop(M::V_MUL_F32, &[Src::r(rs), Src::r(rc)]);
            let p = self.vop(M::V_MUL_F32, &[Src::Imm(NUDGE), Src::r(p)]);
            let q = self.vop(M::V_TRUNC_F32, &[Src::r(p)]);
            let r1 = self.m.new_vreg(File::V, 1);
            self.valu(
                M::V_FMA_F32,
                Some(Dst::r(r1)),
                None,
                &[Src::r(q), Src::r(ys), Src::r(r)],
                Mods { neg: 1, ..none },
            );
            let neg = self.m.new_vreg(File::S, 2);
            self.valu(
                M::V_CMP_GT_F32,
                None,
                Some(Dst(neg, 0, 2)),
                &[Src::Imm(0), Src::r(r1)],
                none,
            );
            let up = self.vop(M::V_ADD_F32, &[Src::r(r1), Src::r(ys)]);
            r = self.vop(
                M::V_CNDMASK_B32,
                &[Src::r(r1), Src::r(up), Src::R(neg, 0, 2)],
            );
        }
        let signed = self.vop(M::V_BFI_B32, &[Src::Imm(0x7FFF_FFFF), Src::r(r), x]);
        let xfin = self.class_mask(x, FINITE);
        let ynorm = self.class_mask(y, NORMAL);
        let ok = self.m.new_vreg(File::S, 2);
        self.salu(
            M::S_AND_B64,
            Some(Dst(ok, 0, 2)),
            &[Src::R(xfin, 0, 2), Src::R(ynorm, 0, 2)],
        );
        self.vop(M::V_CNDMASK_B32, &[x, Src::r(signed), Src::R(ok, 0, 2)])
    }
}
