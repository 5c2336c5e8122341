//! Multimedia instructions (7.13, L7859-L7987). "The 32-bit result is replicated to all four
//! vector output slots" (L7865): each function returns that scalar; `sad` and `sadhi` are
//! per component (L7900, L7911). No source or destination modifiers (L7861).

use crate::convert::ftou;
use crate::float::output;

#[inline]
fn bytes(a: u32) -> [u32; 4] {
    [a & 0xFF, (a >> 8) & 0xFF, (a >> 16) & 0xFF, a >> 24]
}

/// The sum of the absolute differences of the four byte pairs (`Sad8`, L7900).
#[inline]
fn sad8(a: u32, b: u32) -> u32 {
    let (a, b) = (bytes(a), bytes(b));
    (0..4).map(|i| a[i].abs_diff(b[i])).sum()
}

/// `bitalign` (L7863): `({src0, src1} >> (src2 & 31))`, the low 32 bits of the 64-bit
/// concatenation with src0 on top; a zero shift gives src1. (The entry's example, L7871, has
/// 0xA4D5E6F7 for a shift of 1, which is 0xC4D5E6F7; its other two values are right.)
#[inline]
pub fn bitalign(a: u32, b: u32, s: u32) -> u32 {
    ((((a as u64) << 32) | b as u64) >> (s & 31)) as u32
}

/// `bytealign` (L7876): `(src0 << (32 - 8*src2)) | (src1 >> 8*src2)`, i.e. [`bitalign`] by
/// whole bytes; src2 "must be 0, 1, 2, or 3" and only its low 2 bits are used (ilc's choice
/// for other values); 0 gives src1.
#[inline]
pub fn bytealign(a: u32, b: u32, s: u32) -> u32 {
    bitalign(a, b, (s & 3) * 8)
}

/// `sad` (L7898): `Sad8(src0, src1) + src2` per component, wrapping.
#[inline]
pub fn sad(a: u32, b: u32, c: u32) -> u32 {
    sad8(a, b).wrapping_add(c)
}

/// `sadhi` (L7909): `(Sad8(src0, src1) << 16) + src2` per component, wrapping.
#[inline]
pub fn sadhi(a: u32, b: u32, c: u32) -> u32 {
    (sad8(a, b) << 16).wrapping_add(c)
}

/// `sad4` (L7920): `Σ Sad8(src0.c, src1.c) over xyzw + src2.x` ("r2.x" in the entry),
/// wrapping.
#[inline]
pub fn sad4(a: [u32; 4], b: [u32; 4], c_x: u32) -> u32 {
    (0..4)
        .map(|i| sad8(a[i], b[i]))
        .fold(c_x, u32::wrapping_add)
}

/// `msad_u8` (App.B `IL_OP_MSAD_U8`, the GCN V_MSAD_U8, vega L17343: "Masked Byte SAD with
/// accum_lo(S0.u, S1.u, S2.u)"): [`sad`] over the byte pairs whose reference byte (src1) is
/// not zero, plus src2, wrapping; per component like `sad` (decision "msad_u8, qsad_u8,
/// mqsad_u8").
#[inline]
pub fn msad_u8(a: u32, b: u32, c: u32) -> u32 {
    let (x, y) = (bytes(a), bytes(b));
    (0..4)
        .filter(|&i| y[i] != 0)
        .map(|i| x[i].abs_diff(y[i]))
        .fold(c, u32::wrapping_add)
}

/// The four 16-bit accumulations of the quad SADs: field k (bits 16k+15..16k) is
/// `sad(src0 >> 8k, src1, src2[16k+15:16k])` truncated to 16 bits, the byte windows of the
/// 64-bit src0 at byte offsets 0..3 against the 32-bit src1.
#[inline]
fn quad(s0: u64, s1: u32, s2: u64, one: impl Fn(u32, u32, u32) -> u32) -> u64 {
    (0..4)
        .map(|k| {
            let window = (s0 >> (8 * k)) as u32;
            let acc = ((s2 >> (16 * k)) & 0xFFFF) as u32;
            u64::from(one(window, s1, acc) & 0xFFFF) << (16 * k)
        })
        .fold(0, |r, f| r | f)
}

/// `qsad_u8` (App.B `IL_OP_QSAD_U8`, the GCN V_QSAD_PK_U16_U8, vega L17347: "Quad-Byte SAD
/// with 16-bit packed accum_lo/hi(S0.u[63:0], S1.u[31:0], S2.u[63:0])"): four [`sad`]s of
/// the byte windows of src0 at offsets 0..3 against src1, each added to its 16-bit field of
/// src2 and packed into 16-bit fields.
#[inline]
pub fn qsad_u8(s0: u64, s1: u32, s2: u64) -> u64 {
    quad(s0, s1, s2, sad)
}

/// `mqsad_u8` (App.B `IL_OP_MQSAD_U8`, the GCN V_MQSAD_PK_U16_U8, vega L17351): [`qsad_u8`]
/// with the masked [`msad_u8`].
#[inline]
pub fn mqsad_u8(s0: u64, s1: u32, s2: u64) -> u64 {
    quad(s0, s1, s2, msad_u8)
}

/// `u4lerp` (L7931): per byte, `(src0.byte + src1.byte + src2[8k]) >> 1`, a rounding average
/// whose rounding bit is the low bit of src2's corresponding byte.
#[inline]
pub fn u4lerp(a: u32, b: u32, c: u32) -> u32 {
    let (a, b) = (bytes(a), bytes(b));
    (0..4)
        .map(|k| ((a[k] + b[k] + ((c >> (8 * k)) & 1)) >> 1) << (8 * k))
        .fold(0, |acc, x| acc | x)
}

/// `unpack0` (L7942): `(float)(src0 & 0xFF)`.
#[inline]
pub fn unpack0(a: u32) -> u32 {
    output((a & 0xFF) as f32)
}

/// `unpack1` (L7953): `(float)((src0 >> 8) & 0xFF)` (the formula; the prose says "third
/// byte").
#[inline]
pub fn unpack1(a: u32) -> u32 {
    output(((a >> 8) & 0xFF) as f32)
}

/// `unpack2` (L7964): `(float)((src0 >> 16) & 0xFF)`.
#[inline]
pub fn unpack2(a: u32) -> u32 {
    output(((a >> 16) & 0xFF) as f32)
}

/// `unpack3` (L7975): `(float)(src0 >> 24)`.
#[inline]
pub fn unpack3(a: u32) -> u32 {
    output((a >> 24) as f32)
}

/// `f_2_u4` (L7887): packs `flt_to_uint(src0.c) & 0xFF` for c = x, y, z, w into bytes 0..3.
/// `flt_to_uint` is [`ftou`] (truncation, saturation, NaN → 0); inputs outside [0, 255.999]
/// are undefined and keep the low byte of that conversion.
#[inline]
pub fn f_2_u4(a: [u32; 4]) -> u32 {
    (0..4)
        .map(|i| (ftou(a[i]) & 0xFF) << (8 * i))
        .fold(0, |acc, x| acc | x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn bitalign_example_of_the_reference() {
        // L7871: r1.y = 0x1234567 (src0), r1.x = 0x89ABCDEF (src1), shifts 1, 11, 24.
        let (hi, lo) = (0x0123_4567, 0x89AB_CDEF);
        assert_eq!(bitalign(hi, lo, 11), 0xACF1_3579);
        assert_eq!(bitalign(hi, lo, 24), 0x2345_6789);
        // The printed 0xA4D5E6F7 is wrong (digest E11): 0x0123456789ABCDEF >> 1.
        assert_eq!(bitalign(hi, lo, 1), 0xC4D5_E6F7);
        assert_eq!(bitalign(hi, lo, 0), lo);
        assert_eq!(bitalign(hi, lo, 32), lo);
        assert_eq!(bitalign(hi, lo, 33), bitalign(hi, lo, 1));
    }

    #[test]
    fn bytealign_shifts_whole_bytes() {
        // L7878.
        assert_eq!(bytealign(0x0123_4567, 0x89AB_CDEF, 0), 0x89AB_CDEF);
        assert_eq!(bytealign(0x0123_4567, 0x89AB_CDEF, 1), 0x6789_ABCD);
        assert_eq!(bytealign(0x0123_4567, 0x89AB_CDEF, 3), 0x2345_6789);
        assert_eq!(bytealign(0x0123_4567, 0x89AB_CDEF, 5), 0x6789_ABCD);
    }

    #[test]
    fn sums_of_absolute_differences() {
        // L7900-L7922.
        // Byte differences |40-20|, |30-20|, |20-20|, |10-20|.
        assert_eq!(sad(0x0A14_1E28, 0x1414_1414, 100), 20 + 10 + 10 + 100);
        assert_eq!(sad(0xFF00_FF00, 0x00FF_00FF, 0), 4 * 255);
        assert_eq!(sadhi(0xFF00_FF00, 0x00FF_00FF, 1), ((4 * 255) << 16) + 1);
        assert_eq!(sad(0, 0xFFFF_FFFF, u32::MAX), 1019);
        let a = [0x0000_0001, 0x0000_0100, 0x0001_0000, 0x0100_0000];
        assert_eq!(sad4(a, [0; 4], 6), 10);
    }

    #[test]
    fn masked_sads_skip_zero_reference_bytes() {
        // Bytes of a: 0x28 0x1E 0x14 0x0A (low first); of b: 0x14 0x00 0x14 0x14.
        // |40-20| + (skipped) + |20-20| + |10-20| = 30.
        assert_eq!(msad_u8(0x0A14_1E28, 0x1414_0014, 100), 130);
        assert_eq!(sad(0x0A14_1E28, 0x1414_0014, 100), 160);
        assert_eq!(msad_u8(0xFFFF_FFFF, 0, 7), 7);
        assert_eq!(msad_u8(0, 0xFFFF_FFFF, u32::MAX), 1019);
        // qsad: src0 = bytes 01 02 03 04 05 06 07 08 (low first), src1 = 02 02 02 02.
        // Windows: 01020304 -> 1+0+1+2 = 4; 02030405 -> 0+1+2+3 = 6; 03040506 -> 10;
        // 04050607 -> 14. Accumulators 1, 2, 3, 0xFFFF (the last wraps to 13).
        let s0 = 0x0807_0605_0403_0201;
        let s2 = 0xFFFF_0003_0002_0001;
        assert_eq!(qsad_u8(s0, 0x0202_0202, s2), 0x000D_000D_0008_0005);
        // mqsad with src1 = 00 02 00 02 (bytes 0 and 2 masked): windows give
        // |2-2|+|4-2| = 2, |3-2|+|5-2| = 4, |4-2|+|6-2| = 6, |5-2|+|7-2| = 8.
        assert_eq!(mqsad_u8(s0, 0x0200_0200, s2), 0x0007_0009_0006_0003);
        assert_eq!(mqsad_u8(s0, 0x0202_0202, s2), qsad_u8(s0, 0x0202_0202, s2));
    }

    #[test]
    fn u4lerp_rounds_with_src2_bits() {
        // L7933: (a + b + src2[8k]) >> 1 per byte.
        assert_eq!(u4lerp(0x0101_0101, 0x0202_0202, 0), 0x0101_0101);
        assert_eq!(u4lerp(0x0101_0101, 0x0202_0202, 0x0101_0101), 0x0202_0202);
        assert_eq!(u4lerp(0xFFFF_FFFF, 0xFFFF_FFFF, 0x0100_0001), 0xFFFF_FFFF);
        assert_eq!(u4lerp(0xFF00_0000, 0x0100_0000, 0), 0x8000_0000);
    }

    #[test]
    fn unpack_and_pack() {
        // L7942-L7985.
        let x = 0x8040_2001;
        assert_eq!(unpack0(x), 1.0f32.to_bits());
        assert_eq!(unpack1(x), 32.0f32.to_bits());
        assert_eq!(unpack2(x), 64.0f32.to_bits());
        assert_eq!(unpack3(x), 128.0f32.to_bits());
        // L7889.
        let v = [1.9f32, 32.0, 64.5, 255.999].map(f32::to_bits);
        assert_eq!(f_2_u4(v), 0xFF40_2001);
        let w = [-1.0f32, 256.0, f32::NAN, 511.0].map(f32::to_bits);
        assert_eq!(f_2_u4(w), 0xFF00_0000);
    }

    proptest! {
        #[test]
        fn bitalign_matches_u128(a in any::<u32>(), b in any::<u32>(), s in any::<u32>()) {
            let wide = (u128::from(a) << 32) | u128::from(b);
            prop_assert_eq!(bitalign(a, b, s), (wide >> (s % 32)) as u32);
        }

        #[test]
        fn sad_matches_a_loop(a in any::<u32>(), b in any::<u32>(), c in any::<u32>()) {
            let mut s = 0i64;
            for k in 0..4 {
                s += (i64::from((a >> (8 * k)) & 0xFF) - i64::from((b >> (8 * k)) & 0xFF)).abs();
            }
            prop_assert_eq!(sad(a, b, c), (s + i64::from(c)) as u32);
            prop_assert_eq!(sadhi(a, b, c), ((s << 16) + i64::from(c)) as u32);
        }

        #[test]
        fn unpack_round_trips_through_f_2_u4(x in any::<u32>()) {
            let v = [unpack0(x), unpack1(x), unpack2(x), unpack3(x)];
            prop_assert_eq!(f_2_u4(v), x);
        }
    }
}
