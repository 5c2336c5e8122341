//! Bit layouts of the generic tokens of Chapter 2 (Tables 2.2-2.9).

use crate::ast::{DstMod, SrcMod};
use crate::enums::{DivComp, DstComp, ShiftScale, Swizzle};

/// `IL_Dst` / `IL_Src` (Tables 2.5 and 2.8): both share one layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OperandToken {
    pub num: u16,
    pub ty: u8,
    pub modifier: bool,
    /// 0 absolute, 1 relative (`IL_Rel_Addr`), 2 register-relative.
    pub relative: u8,
    pub dimension: bool,
    pub immediate: bool,
    /// Bits 27..=30, which must be zero.
    pub reserved: u8,
    pub extended: bool,
}

impl OperandToken {
    pub fn decode(t: u32) -> OperandToken {
        OperandToken {
            num: t as u16,
            ty: ((t >> 16) & 0x3f) as u8,
            modifier: t & (1 << 22) != 0,
            relative: ((t >> 23) & 3) as u8,
            dimension: t & (1 << 25) != 0,
            immediate: t & (1 << 26) != 0,
            reserved: ((t >> 27) & 0xf) as u8,
            extended: t & (1 << 31) != 0,
        }
    }

    pub fn encode(&self) -> u32 {
        u32::from(self.num)
            | u32::from(self.ty & 0x3f) << 16
            | u32::from(self.modifier) << 22
            | u32::from(self.relative & 3) << 23
            | u32::from(self.dimension) << 25
            | u32::from(self.immediate) << 26
            | u32::from(self.reserved & 0xf) << 27
            | u32::from(self.extended) << 31
    }
}

/// `IL_Dst_Mod` (Table 2.7). Returns `None` if reserved bits are set or a field is out of
/// range.
pub(crate) fn decode_dst_mod(t: u32) -> Option<DstMod> {
    if t >> 13 != 0 {
        return None;
    }
    let comp = |i: u32| DstComp::from_u32((t >> (2 * i)) & 3);
    Some(DstMod {
        mask: [comp(0)?, comp(1)?, comp(2)?, comp(3)?],
        clamp: t & (1 << 8) != 0,
        shift: ShiftScale::from_u32((t >> 9) & 0xf)?,
    })
}

pub(crate) fn encode_dst_mod(m: &DstMod) -> u32 {
    let mut t = 0;
    for (i, c) in m.mask.iter().enumerate() {
        t |= (*c as u32) << (2 * i);
    }
    t | u32::from(m.clamp) << 8 | (m.shift as u32) << 9
}

/// `IL_Src_Mod` (Table 2.9). Returns `None` if reserved bits 25..=31 are set or a field is
/// out of range.
pub(crate) fn decode_src_mod(t: u32) -> Option<SrcMod> {
    if t >> 25 != 0 {
        return None;
    }
    let swz = |i: u32| Swizzle::from_u32((t >> (4 * i)) & 7);
    let neg = |i: u32| t & (1 << (4 * i + 3)) != 0;
    Some(SrcMod {
        swizzle: [swz(0)?, swz(1)?, swz(2)?, swz(3)?],
        negate: [neg(0), neg(1), neg(2), neg(3)],
        invert: t & (1 << 16) != 0,
        bias: t & (1 << 17) != 0,
        x2: t & (1 << 18) != 0,
        sign: t & (1 << 19) != 0,
        abs: t & (1 << 20) != 0,
        divcomp: DivComp::from_u32((t >> 21) & 7)?,
        clamp: t & (1 << 24) != 0,
    })
}

pub(crate) fn encode_src_mod(m: &SrcMod) -> u32 {
    let mut t = 0;
    for i in 0..4 {
        t |= (m.swizzle[i] as u32) << (4 * i);
        t |= u32::from(m.negate[i]) << (4 * i + 3);
    }
    t | u32::from(m.invert) << 16
        | u32::from(m.bias) << 17
        | u32::from(m.x2) << 18
        | u32::from(m.sign) << 19
        | u32::from(m.abs) << 20
        | (m.divcomp as u32) << 21
        | u32::from(m.clamp) << 24
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn operand_tokens_round_trip(t in any::<u32>()) {
            prop_assert_eq!(OperandToken::decode(t).encode(), t);
        }

        #[test]
        fn valid_src_mods_round_trip(t in 0u32..1 << 25) {
            if let Some(m) = decode_src_mod(t) {
                prop_assert_eq!(encode_src_mod(&m), t);
            }
        }

        #[test]
        fn valid_dst_mods_round_trip(t in 0u32..1 << 13) {
            if let Some(m) = decode_dst_mod(t) {
                prop_assert_eq!(encode_dst_mod(&m), t);
            }
        }
    }

    #[test]
    fn doc_example_swizzle_tokens() {
        // Src_Mod `.y` replicated (Example 1, L735-L753): swizzle fields all 1.
        let m = decode_src_mod(0x1111).unwrap();
        assert_eq!(m.swizzle, [Swizzle::Y; 4]);
        // `_abs` with `.wwww`, as in corpus/grvk-dx11/creation.bin.
        let m = decode_src_mod(0x10_3333).unwrap();
        assert!(m.abs);
        assert_eq!(m.swizzle, [Swizzle::W; 4]);
    }
}
