//! Bit operations (7.9, L6233-L6307): bit-field extract and insert, bit reverse, population
//! count, find first bit.
//!
//! Widths and offsets are the low 5 bits of their operands: the entries print
//! `width = src0 ^ 0x1F`, a misprint for `& 0x1F` (L6239, L6274; I-62 list in the digest).

/// `ibit_extract` (L6237): the `width`-bit field of `src` starting at bit `offset`, right
/// justified and sign-extended; width and offset are masked to 5 bits; width 0 gives 0; when
/// width + offset ≥ 32 the field is everything from `offset` up (`src >> offset`, arithmetic),
/// as the pseudo-code says.
#[inline]
pub fn ibit_extract(width: u32, offset: u32, src: u32) -> u32 {
    let (w, o) = (width & 0x1F, offset & 0x1F);
    if w == 0 {
        0
    } else if w + o < 32 {
        (((src << (32 - (w + o))) as i32) >> (32 - w)) as u32
    } else {
        ((src as i32) >> o) as u32
    }
}

/// `ubit_extract` (L6272): as [`ibit_extract`] with logical shifts (zero-extended).
#[inline]
pub fn ubit_extract(width: u32, offset: u32, src: u32) -> u32 {
    let (w, o) = (width & 0x1F, offset & 0x1F);
    if w == 0 {
        0
    } else if w + o < 32 {
        (src << (32 - (w + o))) >> (32 - w)
    } else {
        src >> o
    }
}

/// `ubit_insert` (L6285): replaces the `width`-bit field at `offset` of `base` (src3) with
/// the low bits of `insert` (src2): with mask = ((1 << w) - 1) << o, truncated to 32 bits,
/// `((insert << o) & mask) | (base & !mask)`; width 0 gives `base` (the pseudo-code's
/// `dst = src4` means src3).
#[inline]
pub fn ubit_insert(width: u32, offset: u32, insert: u32, base: u32) -> u32 {
    let (w, o) = (width & 0x1F, offset & 0x1F);
    if w == 0 {
        return base;
    }
    let mask = (((1u64 << w) - 1) << o) as u32;
    ((insert << o) & mask) | (base & !mask)
}

/// `ubit_reverse` (L6298): bit i moves to bit 31 - i (the example's "0x1E6A2C4" is
/// 0x1E6A2C48 with a digit lost).
#[inline]
pub fn ubit_reverse(a: u32) -> u32 {
    a.reverse_bits()
}

/// `icbits` (L6250): the number of bits set.
#[inline]
pub fn icbits(a: u32) -> u32 {
    a.count_ones()
}

/// `ffb_lo` (L6261): the index of the lowest set bit counted from bit 0
/// (`ffb_lo(0x00000001) = 0`); 0xFFFFFFFF when no bit is set.
#[inline]
pub fn ffb_lo(a: u32) -> u32 {
    if a == 0 {
        u32::MAX
    } else {
        a.trailing_zeros()
    }
}

/// `ffb_hi` (L6261): the position of the highest set bit **counted from the MSB** (bit 31 is
/// 0), as DX11's `firstbit_hi` and the hardware's FFBH_UINT count (I-22; the entry does not
/// say which end counts); 0xFFFFFFFF when no bit is set.
#[inline]
pub fn ffb_hi(a: u32) -> u32 {
    if a == 0 {
        u32::MAX
    } else {
        a.leading_zeros()
    }
}

/// `ffb_shi` (L6261): for a negative src0 the first 0 from the MSB, otherwise the first 1
/// from the MSB — counted from the MSB as [`ffb_hi`]; 0xFFFFFFFF when there is none (0 and
/// -1).
#[inline]
pub fn ffb_shi(a: u32) -> u32 {
    if (a as i32) < 0 {
        ffb_hi(!a)
    } else {
        ffb_hi(a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn extract_follows_the_pseudo_code() {
        // L6239: width/offset & 0x1F (not ^).
        assert_eq!(ubit_extract(4, 4, 0x0000_00F0), 0xF);
        assert_eq!(ibit_extract(4, 4, 0x0000_00F0), u32::MAX);
        assert_eq!(ibit_extract(4, 4, 0x0000_0070), 7);
        assert_eq!(ubit_extract(0x24, 0x24, 0x0000_00F0), 0xF);
        assert_eq!(ubit_extract(0, 4, u32::MAX), 0);
        assert_eq!(ibit_extract(0, 4, u32::MAX), 0);
        // width + offset >= 32: src >> offset.
        assert_eq!(ubit_extract(31, 8, 0x8000_0000), 0x0080_0000);
        assert_eq!(ibit_extract(31, 8, 0x8000_0000), 0xFF80_0000);
        assert_eq!(ubit_extract(16, 16, 0xABCD_1234), 0xABCD);
        assert_eq!(ibit_extract(16, 16, 0xABCD_1234), 0xFFFF_ABCD);
    }

    #[test]
    fn insert_follows_the_pseudo_code() {
        // L6287.
        assert_eq!(ubit_insert(8, 8, 0xAB, 0x1111_1111), 0x1111_AB11);
        assert_eq!(ubit_insert(0, 8, 0xAB, 0x1111_1111), 0x1111_1111);
        assert_eq!(ubit_insert(8, 28, 0xAB, 0x1111_1111), 0xB111_1111);
        assert_eq!(ubit_insert(0x28, 0x28, 0xAB, 0), 0xAB00);
    }

    #[test]
    fn reverse_count_and_first_bit() {
        // L6300, with the example's lost digit restored.
        assert_eq!(ubit_reverse(0x1234_5678), 0x1E6A_2C48);
        assert_eq!(icbits(0xF0F0_0001), 9);
        // L6263: ffb_lo(1) = 0; none found gives -1 (L6263).
        assert_eq!(ffb_lo(1), 0);
        assert_eq!(ffb_lo(0x8000_0000), 31);
        assert_eq!(ffb_lo(0), u32::MAX);
        // I-22: ffb_hi counts from the MSB.
        assert_eq!(ffb_hi(0x8000_0000), 0);
        assert_eq!(ffb_hi(1), 31);
        assert_eq!(ffb_hi(0x0001_FFFF), 15);
        assert_eq!(ffb_hi(0), u32::MAX);
        assert_eq!(ffb_shi(0), u32::MAX);
        assert_eq!(ffb_shi(u32::MAX), u32::MAX);
        assert_eq!(ffb_shi(0xF000_0000), 4);
        assert_eq!(ffb_shi(1), 31);
        assert_eq!(ffb_shi(0x7FFF_FFFF), 1);
        assert_eq!(ffb_shi(0x8000_0000), 1);
    }

    proptest! {
        #[test]
        fn reverse_twice_is_identity(a in any::<u32>()) {
            prop_assert_eq!(ubit_reverse(ubit_reverse(a)), a);
            // Independent: bit by bit.
            let mut r = 0u32;
            for i in 0..32 {
                if a >> i & 1 == 1 {
                    r |= 1 << (31 - i);
                }
            }
            prop_assert_eq!(ubit_reverse(a), r);
        }

        #[test]
        fn insert_then_extract(w in 0u32..32, o in 0u32..32, ins in any::<u32>(), base in any::<u32>()) {
            let x = ubit_insert(w, o, ins, base);
            if w > 0 && w + o <= 32 {
                let field = ins & ((1u64 << w) - 1) as u32;
                prop_assert_eq!(ubit_extract(w, o, x), field);
                // Bits outside the field are base's.
                let mask = (((1u64 << w) - 1) << o) as u32;
                prop_assert_eq!(x & !mask, base & !mask);
                // The signed extract sign-extends the same field.
                let s = ibit_extract(w, o, x);
                let expected = ((field as i64) << (64 - w) >> (64 - w)) as u32;
                prop_assert_eq!(s, expected);
            }
        }

        #[test]
        fn counts_match_loops(a in any::<u32>()) {
            let ones = (0..32).filter(|i| a >> i & 1 == 1).count() as u32;
            prop_assert_eq!(icbits(a), ones);
            let lo = (0..32).find(|i| a >> i & 1 == 1).map_or(u32::MAX, |i| i);
            prop_assert_eq!(ffb_lo(a), lo);
            let hi = (0..32).rev().find(|i| a >> i & 1 == 1).map_or(u32::MAX, |i| 31 - i);
            prop_assert_eq!(ffb_hi(a), hi);
            let sign = a >> 31;
            let shi = (0..32).rev().find(|i| a >> i & 1 != sign).map_or(u32::MAX, |i| 31 - i);
            prop_assert_eq!(ffb_shi(a), shi);
        }
    }
}
