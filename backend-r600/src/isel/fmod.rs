//! IL `mod` for large quotients: before the one-step remainder of `float::fmod` (exact
//! while |x / y| < 2^20), |x| is reduced modulo |y|·2^k in steps that each take away up to
//! 19 bits of the exponent difference, so that any finite x and normal y get the exact
//! remainder the reference computes (il-semantics `float::fmod`; the accuracy table's note
//! on `mod`: "a `div`/`trunc`/`mad` sequence fails for large quotients"). Found by `ilc fuzz`
//! (tests/regressions/both-mod-large-quotient.il).
//!
//! One step, with r = |x| so far and Y = |y|: k = max(e(r) - e(Y) - 19, 0), Y' = Y·2^k (an
//! exponent add, exact), q = trunc(r·(1/Y')·(1 + 2^-21)): the true quotient is below 2^20 and
//! the product's error below 2^-22.4 relative, so the nudge makes q the truncated quotient
//! or one more, never one less. Then r - q·Y' lies in (-Y', Y') on the grid of Y''s ulp and
//! the FMA is exact, and adding Y' to a negative one is exact too. 1/Y' of a Y' ≥ 2^64 is
//! taken after scaling both by 2^-64 (RECIP_IEEE flushes a denormal 1/Y', cayman L6302).
//! Fourteen steps cover the largest difference, 254 - 1 - 19·13 < 20.

use super::Isel;
use crate::isa::AluOp as A;
use crate::mir::Operand;

/// Reduction steps: 19 bits each, 14 · 19 ≥ 253 - 19.
pub(super) const FMOD_STEPS: usize = 14;
const CHUNK: u32 = 19;
/// 2^64 and 2^-64.
const TWO_64: u32 = 0x5F80_0000;
const TWO_M64: u32 = 0x1F80_0000;
/// 1 + 2^-21.
const NUDGE: u32 = 0x3F80_0004;
const ONE: u32 = 0x3F80_0000;
const INF: u32 = 0x7F80_0000;
const MAG: u32 = 0x7FFF_FFFF;
const SIGN: u32 = 0x8000_0000;
/// The smallest normal, 2^-126.
const MIN_NORMAL: u32 = 0x0080_0000;

impl Isel<'_> {
    /// x reduced modulo |y| to a value with the same remainder and |x'| < |y|·2^20, x's
    /// sign kept; x itself when x is not finite or y not a finite normal number (the
    /// caller's special cases).
    pub(super) fn fmod_reduce(&mut self, x: Operand, y: Operand) -> Operand {
        let imm = Operand::imm;
        let ay = self.alu_op(A::AndInt, vec![y, imm(MAG)]);
        let ey = self.alu_op(A::BfeUint, vec![ay, imm(23), imm(8)]);
        let ey = self.alu_op(A::AddInt, vec![ey, imm(CHUNK)]);
        let mut r = self.alu_op(A::AndInt, vec![x, imm(MAG)]);
        for _ in 0..FMOD_STEPS {
            let er = self.alu_op(A::BfeUint, vec![r, imm(23), imm(8)]);
            let d = self.alu_op(A::SubInt, vec![er, ey]);
            let k = self.alu_op(A::MaxInt, vec![d, imm(0)]);
            let kk = self.alu_op(A::LshlInt, vec![k, imm(23)]);
            let ys = self.alu_op(A::AddInt, vec![ay, kk]);
            let big = self.alu_op(A::SetgeDx10, vec![ys, imm(TWO_64)]);
            let s = self.alu_op(A::CndeInt, vec![big, imm(ONE), imm(TWO_M64)]);
            let yss = self.alu_op(A::MulIeee, vec![ys, s]);
            let rc = self.alu_op(A::RecipIeee, vec![yss]);
            let rs = self.alu_op(A::MulIeee, vec![r, s]);
            let p = self.alu_op(A::MulIeee, vec![rs, rc]);
            let p = self.alu_op(A::MulIeee, vec![p, imm(NUDGE)]);
            let q = self.alu_op(A::Trunc, vec![p]);
            let r1 = self.alu_op(A::Fma, vec![q.negated(), ys, r]);
            let neg = self.alu_op(A::SetgtDx10, vec![imm(0), r1]);
            let up = self.alu_op(A::Add, vec![r1, ys]);
            r = self.alu_op(A::CndeInt, vec![neg, r1, up]);
        }
        let xs = self.alu_op(A::AndInt, vec![x, imm(SIGN)]);
        let signed = self.alu_op(A::OrInt, vec![r, xs]);
        // x finite, y a finite normal number.
        let xfin = self.alu_op(A::SetgtDx10, vec![imm(INF), x.absolute()]);
        let yfin = self.alu_op(A::SetgtDx10, vec![imm(INF), y.absolute()]);
        let ynorm = self.alu_op(A::SetgeDx10, vec![y.absolute(), imm(MIN_NORMAL)]);
        let ok = self.alu_op(A::AndInt, vec![xfin, yfin]);
        let ok = self.alu_op(A::AndInt, vec![ok, ynorm]);
        self.alu_op(A::CndeInt, vec![ok, x, signed])
    }
}
