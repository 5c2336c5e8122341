//! Integer instructions: 7.7 (signed and 64-bit, L5724-L6018), 7.8 (unsigned,
//! L6020-L6231), the logical operations of 7.2.6.1 (L3228-L3234) and the App.B-only integer
//! opcodes (`i64mul`, `i64sub`, `i64div`, `i64mod`, `u64mul`, `u64div`, `u64mod`, and the
//! `i`/`u` forms of `min3`, `med3`, `max3`).
//!
//! 32-bit operands are `u32` patterns, 64-bit operands `u64` (the executor packs `.xy`,
//! L3246-L3248). Arithmetic wraps. 32-bit shift counts use their low 5 bits (L3242), 64-bit
//! ones their low 6 bits (L3244; I-20). Comparisons return 0xFFFFFFFF or 0 (L3042); a 64-bit
//! comparison returns one such dword that the executor broadcasts (L3069; I-60).

/// The result of a comparison: 0xFFFFFFFF for TRUE, 0 for FALSE (L3042).
#[inline]
pub fn mask(b: bool) -> u32 {
    if b {
        u32::MAX
    } else {
        0
    }
}

#[inline]
fn sext24(x: u32) -> i64 {
    i64::from(((x << 8) as i32) >> 8)
}

#[inline]
fn zext24(x: u32) -> u64 {
    u64::from(x & 0x00FF_FFFF)
}

#[inline]
fn med<T: Ord + Copy>(a: T, b: T, c: T) -> T {
    a.min(b).max(a.max(b).min(c))
}

// ---- 32-bit arithmetic ------------------------------------------------------------------

/// `iadd` (L5804): src0 + src1, wrapping (sign-insensitive).
#[inline]
pub fn iadd(a: u32, b: u32) -> u32 {
    a.wrapping_add(b)
}

/// `inegate` (L5963): the two's complement negation, wrapping (-0x80000000 is itself).
#[inline]
pub fn inegate(a: u32) -> u32 {
    a.wrapping_neg()
}

/// `imul` (L5911) and `umul` (L6156): the low 32 bits of the product.
#[inline]
pub fn imul(a: u32, b: u32) -> u32 {
    a.wrapping_mul(b)
}

/// `umul` (L6156): the low 32 bits of the product (the same bits as [`imul`]).
#[inline]
pub fn umul(a: u32, b: u32) -> u32 {
    a.wrapping_mul(b)
}

/// `imad` (L5870): low32(low32(src0 * src1) + src2).
#[inline]
pub fn imad(a: u32, b: u32, c: u32) -> u32 {
    a.wrapping_mul(b).wrapping_add(c)
}

/// `umad` (L6093): low32(src0 * src1 + src2) (the same bits as [`imad`]).
#[inline]
pub fn umad(a: u32, b: u32, c: u32) -> u32 {
    imad(a, b, c)
}

/// `imul_high` (L5924): the high 32 bits of the signed 64-bit product.
#[inline]
pub fn imul_high(a: u32, b: u32) -> u32 {
    ((i64::from(a as i32) * i64::from(b as i32)) >> 32) as u32
}

/// `umul_high` (L6169): the high 32 bits of the unsigned 64-bit product.
#[inline]
pub fn umul_high(a: u32, b: u32) -> u32 {
    ((u64::from(a) * u64::from(b)) >> 32) as u32
}

/// `imul24` (L5937): the low 32 bits of the product of src0\[23:0\] and src1\[23:0\] read as
/// signed 24-bit integers (bits 31:24 ignored). The entry's opcode field `IL_OP_I_MAD24`
/// and "3-input" are misprints.
#[inline]
pub fn imul24(a: u32, b: u32) -> u32 {
    (sext24(a) * sext24(b)) as u32
}

/// `imul24_high` (L5950): "the high-order 16 bits of the 48-bit multiply" of the signed
/// 24-bit operands: bits 63:32 of the sign-extended product, i.e. bits 47:32 sign-extended
/// (the formula `dst = src0[23:0] * src1[23:0]` omits the selection; the opcode field
/// `IL_OP_I_MAD24_HIGH` is a misprint).
#[inline]
pub fn imul24_high(a: u32, b: u32) -> u32 {
    ((sext24(a) * sext24(b)) >> 32) as u32
}

/// `imad24` (L5883): low32(sext24(src0) * sext24(src1) + src2).
#[inline]
pub fn imad24(a: u32, b: u32, c: u32) -> u32 {
    imul24(a, b).wrapping_add(c)
}

/// `umul24` (L6189): the low 32 bits of src0\[23:0\] * src1\[23:0\], unsigned.
#[inline]
pub fn umul24(a: u32, b: u32) -> u32 {
    (zext24(a) * zext24(b)) as u32
}

/// `umul24_high` (L6211): bits 47:32 of the unsigned 48-bit product src0\[23:0\] * src1\[23:0\],
/// zero-extended.
#[inline]
pub fn umul24_high(a: u32, b: u32) -> u32 {
    ((zext24(a) * zext24(b)) >> 32) as u32
}

/// `umad24` (L6106): low32(src0\[23:0\] * src1\[23:0\] + src2).
#[inline]
pub fn umad24(a: u32, b: u32, c: u32) -> u32 {
    umul24(a, b).wrapping_add(c)
}

/// `udiv` (L6039): the unsigned quotient. Division by zero is unspecified (I-21): ilc
/// returns 0xFFFFFFFF, the DX11 convention.
#[inline]
pub fn udiv(a: u32, b: u32) -> u32 {
    a.checked_div(b).unwrap_or(u32::MAX)
}

/// `umod` (L6143): the unsigned remainder; by zero 0xFFFFFFFF (I-21, as [`udiv`]).
#[inline]
pub fn umod(a: u32, b: u32) -> u32 {
    a.checked_rem(b).unwrap_or(u32::MAX)
}

/// `imax` (L5896): the signed maximum (the float NaN/denormal prose is copied, I-62).
#[inline]
pub fn imax(a: u32, b: u32) -> u32 {
    (a as i32).max(b as i32) as u32
}

/// `imin` (L5896): the signed minimum.
#[inline]
pub fn imin(a: u32, b: u32) -> u32 {
    (a as i32).min(b as i32) as u32
}

/// `umax` (L6117): the unsigned maximum.
#[inline]
pub fn umax(a: u32, b: u32) -> u32 {
    a.max(b)
}

/// `umin` (L6117): the unsigned minimum.
#[inline]
pub fn umin(a: u32, b: u32) -> u32 {
    a.min(b)
}

/// `imin3` (App.B only, ilc's choice): the signed minimum of three.
#[inline]
pub fn imin3(a: u32, b: u32, c: u32) -> u32 {
    (a as i32).min(b as i32).min(c as i32) as u32
}

/// `imax3` (App.B only, ilc's choice): the signed maximum of three.
#[inline]
pub fn imax3(a: u32, b: u32, c: u32) -> u32 {
    (a as i32).max(b as i32).max(c as i32) as u32
}

/// `imed3` (App.B only, ilc's choice): the signed median of three.
#[inline]
pub fn imed3(a: u32, b: u32, c: u32) -> u32 {
    med(a as i32, b as i32, c as i32) as u32
}

/// `umin3` (App.B only, ilc's choice): the unsigned minimum of three.
#[inline]
pub fn umin3(a: u32, b: u32, c: u32) -> u32 {
    a.min(b).min(c)
}

/// `umax3` (App.B only, ilc's choice): the unsigned maximum of three.
#[inline]
pub fn umax3(a: u32, b: u32, c: u32) -> u32 {
    a.max(b).max(c)
}

/// `umed3` (App.B only, ilc's choice): the unsigned median of three.
#[inline]
pub fn umed3(a: u32, b: u32, c: u32) -> u32 {
    med(a, b, c)
}

/// `iborrow` (L5828): 1 if src0 - src1 borrows (unsigned src0 < src1), else 0.
#[inline]
pub fn iborrow(a: u32, b: u32) -> u32 {
    u32::from(a < b)
}

/// `icarry` (L5839): 1 if src0 + src1 > 0xFFFFFFFF (unsigned, without wraparound), else 0.
#[inline]
pub fn icarry(a: u32, b: u32) -> u32 {
    u32::from(a.checked_add(b).is_none())
}

// ---- 32-bit comparisons ----------------------------------------------------------------------

/// `ieq` (L5848): src0 == src1.
#[inline]
pub fn ieq(a: u32, b: u32) -> u32 {
    mask(a == b)
}

/// `ine` (L5848): src0 != src1.
#[inline]
pub fn ine(a: u32, b: u32) -> u32 {
    mask(a != b)
}

/// `ige` (L5848): src0 >= src1, signed (L3063).
#[inline]
pub fn ige(a: u32, b: u32) -> u32 {
    mask(a as i32 >= b as i32)
}

/// `ilt` (L5848): src0 < src1, signed.
#[inline]
pub fn ilt(a: u32, b: u32) -> u32 {
    mask((a as i32) < (b as i32))
}

/// `uge` (L6078): src0 >= src1, unsigned.
#[inline]
pub fn uge(a: u32, b: u32) -> u32 {
    mask(a >= b)
}

/// `ult` (L6078): src0 < src1, unsigned.
#[inline]
pub fn ult(a: u32, b: u32) -> u32 {
    mask(a < b)
}

// ---- logical operations and shifts -----------------------------------------------------------

/// `inot` (L5976): the one's complement.
#[inline]
pub fn inot(a: u32) -> u32 {
    !a
}

/// `iand` / `and` (L5817, L6460; one opcode, `IL_OP_AND`): bitwise AND.
#[inline]
pub fn iand(a: u32, b: u32) -> u32 {
    a & b
}

/// `ior` (L5989): bitwise OR.
#[inline]
pub fn ior(a: u32, b: u32) -> u32 {
    a | b
}

/// `ixor` (L5989): bitwise XOR.
#[inline]
pub fn ixor(a: u32, b: u32) -> u32 {
    a ^ b
}

/// `ishl` (L6004): src0 << (src1 & 31), zero-filled ("shifts of 33 and 1 are treated
/// identically", L3242).
#[inline]
pub fn ishl(a: u32, s: u32) -> u32 {
    a << (s & 31)
}

/// `ishr` (L6004): arithmetic shift right by src1 & 31, replicating bit 31.
#[inline]
pub fn ishr(a: u32, s: u32) -> u32 {
    ((a as i32) >> (s & 31)) as u32
}

/// `ushr` (L6224): logical shift right by src1 & 31, zero-filled.
#[inline]
pub fn ushr(a: u32, s: u32) -> u32 {
    a >> (s & 31)
}

// ---- 64-bit ---------------------------------------------------------------------------------

/// `i64add` (L5728): the 64-bit sum, wrapping (L5730's "32-bit values" means 64).
#[inline]
pub fn i64add(a: u64, b: u64) -> u64 {
    a.wrapping_add(b)
}

/// `i64sub` (App.B only, ilc's choice): src0 - src1, wrapping.
#[inline]
pub fn i64sub(a: u64, b: u64) -> u64 {
    a.wrapping_sub(b)
}

/// `i64negate` (L5775): the 64-bit two's complement negation, wrapping.
#[inline]
pub fn i64negate(a: u64) -> u64 {
    a.wrapping_neg()
}

/// `i64mul` (App.B only, ilc's choice): the low 64 bits of the product.
#[inline]
pub fn i64mul(a: u64, b: u64) -> u64 {
    a.wrapping_mul(b)
}

/// `u64mul` (App.B only, ilc's choice): the low 64 bits of the product (as [`i64mul`]).
#[inline]
pub fn u64mul(a: u64, b: u64) -> u64 {
    a.wrapping_mul(b)
}

/// `i64div` (App.B only, ilc's choice): the signed quotient truncated toward zero;
/// `i64::MIN / -1` wraps to `i64::MIN`; division by zero gives all ones, as `udiv` (I-21).
#[inline]
pub fn i64div(a: u64, b: u64) -> u64 {
    if b == 0 {
        u64::MAX
    } else {
        (a as i64).wrapping_div(b as i64) as u64
    }
}

/// `i64mod` (App.B only, ilc's choice): the signed remainder, with the sign of src0
/// (`i64::MIN % -1` = 0); by zero all ones.
#[inline]
pub fn i64mod(a: u64, b: u64) -> u64 {
    if b == 0 {
        u64::MAX
    } else {
        (a as i64).wrapping_rem(b as i64) as u64
    }
}

/// `u64div` (App.B only, ilc's choice): the unsigned quotient; by zero all ones.
#[inline]
pub fn u64div(a: u64, b: u64) -> u64 {
    a.checked_div(b).unwrap_or(u64::MAX)
}

/// `u64mod` (App.B only, ilc's choice): the unsigned remainder; by zero all ones.
#[inline]
pub fn u64mod(a: u64, b: u64) -> u64 {
    a.checked_rem(b).unwrap_or(u64::MAX)
}

/// `i64eq` (L5741): src0 == src1, one mask dword for the executor to broadcast.
#[inline]
pub fn i64eq(a: u64, b: u64) -> u32 {
    mask(a == b)
}

/// `i64ne` (L5741): src0 != src1.
#[inline]
pub fn i64ne(a: u64, b: u64) -> u32 {
    mask(a != b)
}

/// `i64ge` (L5741): src0 >= src1, signed.
#[inline]
pub fn i64ge(a: u64, b: u64) -> u32 {
    mask(a as i64 >= b as i64)
}

/// `i64lt` (L5741): src0 < src1, signed.
#[inline]
pub fn i64lt(a: u64, b: u64) -> u32 {
    mask((a as i64) < (b as i64))
}

/// `u64ge` (L6052): src0 >= src1, unsigned.
#[inline]
pub fn u64ge(a: u64, b: u64) -> u32 {
    mask(a >= b)
}

/// `u64lt` (L6052): src0 < src1, unsigned.
#[inline]
pub fn u64lt(a: u64, b: u64) -> u32 {
    mask(a < b)
}

/// `i64max` (L5760): the signed maximum.
#[inline]
pub fn i64max(a: u64, b: u64) -> u64 {
    (a as i64).max(b as i64) as u64
}

/// `i64min` (L5760): the signed minimum.
#[inline]
pub fn i64min(a: u64, b: u64) -> u64 {
    (a as i64).min(b as i64) as u64
}

/// `u64max` (L6024): the unsigned maximum.
#[inline]
pub fn u64max(a: u64, b: u64) -> u64 {
    a.max(b)
}

/// `u64min` (L6024): the unsigned minimum.
#[inline]
pub fn u64min(a: u64, b: u64) -> u64 {
    a.min(b)
}

/// `i64shl` (L5786): src0 << (src1.x & 63) (L3244; the entry's "lower five bits" is wrong,
/// its formula and "shifts of 65 and 1 are treated identically" are right, I-20).
#[inline]
pub fn i64shl(a: u64, s: u32) -> u64 {
    a << (s & 63)
}

/// `i64shr` (L5786): arithmetic shift right by src1.x & 63.
#[inline]
pub fn i64shr(a: u64, s: u32) -> u64 {
    ((a as i64) >> (s & 63)) as u64
}

/// `u64shr` (L6067): logical shift right by src1.x & 63.
#[inline]
pub fn u64shr(a: u64, s: u32) -> u64 {
    a >> (s & 63)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Independent sign extension of a 24-bit field.
    fn s24(x: u32) -> i64 {
        let v = i64::from(x & 0xFF_FFFF);
        if v >= 0x80_0000 {
            v - 0x100_0000
        } else {
            v
        }
    }

    #[test]
    fn udiv_and_umod_by_zero_return_all_ones() {
        // I-21 (DX11 convention).
        assert_eq!(udiv(7, 0), u32::MAX);
        assert_eq!(umod(7, 0), u32::MAX);
        assert_eq!(udiv(0, 0), u32::MAX);
        assert_eq!(udiv(7, 2), 3);
        assert_eq!(umod(7, 2), 1);
        assert_eq!(udiv(u32::MAX, 1), u32::MAX);
        assert_eq!(u64div(5, 0), u64::MAX);
        assert_eq!(u64mod(5, 0), u64::MAX);
        assert_eq!(i64div(5, 0), u64::MAX);
        assert_eq!(i64mod(5, 0), u64::MAX);
        assert_eq!(i64div(i64::MIN as u64, u64::MAX), i64::MIN as u64);
        assert_eq!(i64mod(i64::MIN as u64, u64::MAX), 0);
        assert_eq!(i64div((-7i64) as u64, 2), (-3i64) as u64);
        assert_eq!(i64mod((-7i64) as u64, 2), (-1i64) as u64);
    }

    #[test]
    fn shift_counts_are_masked() {
        // L3242: shifts of 33 and 1 are identical.
        assert_eq!(ishl(1, 33), 2);
        assert_eq!(ushr(0x8000_0000, 33), 0x4000_0000);
        assert_eq!(ishr(0x8000_0000, 33), 0xC000_0000);
        assert_eq!(ishr(0x8000_0000, 31), u32::MAX);
        assert_eq!(ushr(0x8000_0000, 32), 0x8000_0000);
        // L3244, L5789: 64-bit counts use 6 bits, 65 is 1.
        assert_eq!(i64shl(1, 65), 2);
        assert_eq!(i64shl(1, 63), 1 << 63);
        assert_eq!(u64shr(1 << 63, 65), 1 << 62);
        assert_eq!(i64shr(1 << 63, 65), 0xC000_0000_0000_0000);
        assert_eq!(i64shr(1 << 63, 64), 1 << 63);
    }

    #[test]
    fn carry_borrow_return_one_or_zero() {
        // L5828-L5845.
        assert_eq!(iborrow(1, 2), 1);
        assert_eq!(iborrow(2, 1), 0);
        assert_eq!(iborrow(2, 2), 0);
        assert_eq!(icarry(u32::MAX, 1), 1);
        assert_eq!(icarry(u32::MAX, 0), 0);
        assert_eq!(icarry(0x8000_0000, 0x8000_0000), 1);
    }

    #[test]
    fn compares_return_masks() {
        assert_eq!(ige(u32::MAX, 0), 0); // -1 >= 0 is false, signed
        assert_eq!(uge(u32::MAX, 0), u32::MAX);
        assert_eq!(ilt(u32::MAX, 0), u32::MAX);
        assert_eq!(ult(u32::MAX, 0), 0);
        assert_eq!(ieq(5, 5), u32::MAX);
        assert_eq!(ine(5, 5), 0);
        assert_eq!(i64ge(u64::MAX, 0), 0);
        assert_eq!(u64ge(u64::MAX, 0), u32::MAX);
        assert_eq!(i64lt(u64::MAX, 0), u32::MAX);
        assert_eq!(u64lt(u64::MAX, 0), 0);
        assert_eq!(i64eq(1 << 40, 1 << 40), u32::MAX);
        assert_eq!(i64ne(1 << 40, 1), u32::MAX);
    }

    #[test]
    fn min_max_signedness() {
        assert_eq!(imax(u32::MAX, 1), 1);
        assert_eq!(umax(u32::MAX, 1), u32::MAX);
        assert_eq!(imin(u32::MAX, 1), u32::MAX);
        assert_eq!(umin(u32::MAX, 1), 1);
        assert_eq!(i64max(u64::MAX, 1), 1);
        assert_eq!(u64max(u64::MAX, 1), u64::MAX);
        assert_eq!(i64min(u64::MAX, 1), u64::MAX);
        assert_eq!(u64min(u64::MAX, 1), 1);
        assert_eq!(imed3(u32::MAX, 5, 1), 1);
        assert_eq!(umed3(u32::MAX, 5, 1), 5);
        assert_eq!(imin3(3, u32::MAX, 2), u32::MAX);
        assert_eq!(umin3(3, u32::MAX, 2), 2);
        assert_eq!(imax3(3, u32::MAX, 2), 3);
        assert_eq!(umax3(3, u32::MAX, 2), u32::MAX);
    }

    #[test]
    fn mul24_ignores_the_top_byte() {
        // L5937-L5952, L6189-L6213.
        assert_eq!(imul24(0xFF80_0000, 2), (-(1i64 << 24)) as u32);
        assert_eq!(imul24(0x00FF_FFFF, 0x00FF_FFFF), 1);
        assert_eq!(umul24(0xFFFF_FFFF, 2), 0x01FF_FFFE);
        // (2^24 - 1)^2 = 0xFFFF_FE00_0001.
        assert_eq!(umul24_high(0x00FF_FFFF, 0x00FF_FFFF), 0xFFFF);
        assert_eq!(imul24_high(0x0080_0000, 0x0080_0000), 0x4000);
        assert_eq!(imul24_high(0x0080_0000, 0x007F_FFFF), 0xFFFF_C000);
        assert_eq!(imad24(0x00FF_FFFF, 3, 10), 7);
        assert_eq!(umad24(0x0100_0002, 3, 10), 16);
    }

    #[test]
    fn wrapping_arithmetic() {
        assert_eq!(iadd(u32::MAX, 2), 1);
        assert_eq!(inegate(0x8000_0000), 0x8000_0000);
        assert_eq!(inegate(1), u32::MAX);
        assert_eq!(imad(0x1_0000, 0x1_0000, 5), 5);
        assert_eq!(umad(3, 4, 5), 17);
        assert_eq!(imul(u32::MAX, u32::MAX), 1);
        assert_eq!(umul(0x8000_0000, 2), 0);
        assert_eq!(i64add(u64::MAX, 2), 1);
        assert_eq!(i64sub(1, 2), u64::MAX);
        assert_eq!(i64negate(1), u64::MAX);
        assert_eq!(i64mul(1 << 63, 2), 0);
        assert_eq!(u64mul(3, 5), 15);
        assert_eq!(inot(0), u32::MAX);
        assert_eq!(iand(0xF0F0, 0xFF00), 0xF000);
        assert_eq!(ior(0xF0F0, 0xFF00), 0xFFF0);
        assert_eq!(ixor(0xF0F0, 0xFF00), 0x0FF0);
    }

    proptest! {
        #[test]
        fn mul_high_matches_i64_and_u64(a in any::<u32>(), b in any::<u32>()) {
            prop_assert_eq!(imul_high(a, b), ((a as i32 as i64 * b as i32 as i64) >> 32) as u32);
            prop_assert_eq!(umul_high(a, b), ((a as u64 * b as u64) >> 32) as u32);
            prop_assert_eq!(imul(a, b), (a as u64 * b as u64) as u32);
        }

        #[test]
        fn mul24_matches_i64(a in any::<u32>(), b in any::<u32>(), c in any::<u32>()) {
            let sp = s24(a) * s24(b);
            let up = i64::from(a & 0xFF_FFFF) * i64::from(b & 0xFF_FFFF);
            prop_assert_eq!(imul24(a, b), sp as u32);
            prop_assert_eq!(imul24_high(a, b), (sp >> 32) as u32);
            prop_assert_eq!(imad24(a, b, c), (sp + i64::from(c)) as u32);
            prop_assert_eq!(umul24(a, b), up as u32);
            prop_assert_eq!(umul24_high(a, b), (up >> 32) as u32);
            prop_assert_eq!(umad24(a, b, c), (up + i64::from(c)) as u32);
            // The high part of a 48-bit product fits 16 bits, sign- or zero-extended.
            prop_assert!(umul24_high(a, b) <= 0xFFFF);
            let h = imul24_high(a, b) as i32;
            prop_assert!((-0x8000..=0x7FFF).contains(&h));
        }

        #[test]
        fn carry_and_borrow_match_u64(a in any::<u32>(), b in any::<u32>()) {
            prop_assert_eq!(icarry(a, b), (a as u64 + b as u64 > 0xFFFF_FFFF) as u32);
            prop_assert_eq!(iborrow(a, b), ((a as i64 - b as i64) < 0) as u32);
        }

        #[test]
        fn shifts_match_multiplication(a in any::<u32>(), s in any::<u32>()) {
            let k = s % 32;
            prop_assert_eq!(ishl(a, s), (a as u64 * (1u64 << k)) as u32);
            prop_assert_eq!(ushr(a, s), (a as u64 / (1u64 << k)) as u32);
            prop_assert_eq!(ishr(a, s), ((a as i32 as f64) / (1u64 << k) as f64).floor() as i64 as u32);
        }

        #[test]
        fn division_matches_definition(a in any::<u32>(), b in 1u32..) {
            let (q, r) = (udiv(a, b), umod(a, b));
            prop_assert_eq!(q as u64 * b as u64 + r as u64, a as u64);
            prop_assert!(r < b);
        }

        #[test]
        fn medians(a in any::<u32>(), b in any::<u32>(), c in any::<u32>()) {
            let mut s = [a, b, c];
            s.sort_unstable();
            prop_assert_eq!(umed3(a, b, c), s[1]);
            let mut t = [a as i32, b as i32, c as i32];
            t.sort_unstable();
            prop_assert_eq!(imed3(a, b, c), t[1] as u32);
        }
    }
}
