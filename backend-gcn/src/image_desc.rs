//! The image resource (T#) and sampler (S#) descriptors the host writes for a pixel
//! kernel's resources, read by MIMG instructions (`docs/abi.md`, "IL programs on gfx906").
//!
//! Field positions are Vega Table 39 (T#, vega L6901-7200) and Table 40 (S#,
//! L7209-7280). Where the table is ambiguous we follow how Mesa's radeonsi fills a GFX9
//! T# (`si_make_texture_descriptor` and `si_set_mutable_tex_desc_fields`, Mesa 22):
//! the 40-bit base field holds the address divided by 256 (hence "256-byte aligned"),
//! the pitch field holds pitch - 1, the depth field of an array holds slices - 1, and
//! swizzle mode 0 (bits 24:20 of dword 3, the "tiling index" of the table) is linear.

/// T# `type` (bits 127:124): the dimensionality the kernel declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ImageType {
    /// 8
    OneD,
    /// 9
    #[default]
    TwoD,
    /// 12
    OneDArray,
    /// 13
    TwoDArray,
}

impl ImageType {
    /// The type code of Table 39.
    pub fn code(self) -> u32 {
        match self {
            ImageType::OneD => 8,
            ImageType::TwoD => 9,
            ImageType::OneDArray => 12,
            ImageType::TwoDArray => 13,
        }
    }

    pub fn from_decl(one_d: bool, array: bool) -> ImageType {
        match (one_d, array) {
            (true, false) => ImageType::OneD,
            (false, false) => ImageType::TwoD,
            (true, true) => ImageType::OneDArray,
            (false, true) => ImageType::TwoDArray,
        }
    }
}

/// Data format 32_32_32_32 (14) and number format FLOAT (7): the host stores 16-byte
/// texels (the buffer formats of vega Table 33 share these codes; radeonsi's
/// `V_008F14_IMG_DATA_FORMAT_32_32_32_32` = 14, `IMG_NUM_FORMAT_FLOAT` = 7).
pub const DATA_FORMAT_32_32_32_32: u32 = 14;
pub const NUM_FORMAT_FLOAT: u32 = 7;

/// A linear, single-level T# over `width x height x slices` 16-byte texels at `addr`
/// (256-byte aligned), DST_SEL XYZW.
pub fn image_descriptor(
    addr: u64,
    width: u32,
    height: u32,
    slices: u32,
    ty: ImageType,
) -> [u8; 32] {
    let w1 = width.max(1) - 1;
    let h1 = height.max(1) - 1;
    let depth = match ty {
        ImageType::OneDArray | ImageType::TwoDArray => slices.max(1) - 1,
        _ => 0,
    };
    let words: [u32; 8] = [
        (addr >> 8) as u32,
        ((addr >> 40) as u32 & 0xFF) | DATA_FORMAT_32_32_32_32 << 20 | NUM_FORMAT_FLOAT << 26,
        (w1 & 0x3FFF) | (h1 & 0x3FFF) << 14,
        // dst_sel x=R(4) y=G(5) z=B(6) w=A(7), base and last level 0, linear, type.
        4 | 5 << 3 | 6 << 6 | 7 << 9 | ty.code() << 28,
        (depth & 0x1FFF) | (w1 & 0xFFFF) << 13,
        0,
        0,
        0,
    ];
    let mut out = [0u8; 32];
    for (k, w) in words.iter().enumerate() {
        out[4 * k..4 * k + 4].copy_from_slice(&w.to_le_bytes());
    }
    out
}

/// Clamp mode CLAMP_LAST_TEXEL (2) in clamp x, y, z (radeonsi `V_008F30_SQ_TEX_CLAMP_LAST_TEXEL`).
pub const CLAMP_LAST_TEXEL: u32 = 2;

/// The IL's sampler (docs/abi.md "Sampling"): clamp to edge on every axis, point
/// filtering (filter fields 0), normalized coordinates unless the instruction's UNORM bit
/// says otherwise, no LOD bias, max LOD 0.
pub fn sampler_descriptor() -> [u8; 16] {
    let words: [u32; 4] = [
        CLAMP_LAST_TEXEL | CLAMP_LAST_TEXEL << 3 | CLAMP_LAST_TEXEL << 6,
        0,
        0,
        0,
    ];
    let mut out = [0u8; 16];
    for (k, w) in words.iter().enumerate() {
        out[4 * k..4 * k + 4].copy_from_slice(&w.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dword(b: &[u8], k: usize) -> u32 {
        u32::from_le_bytes(b[4 * k..4 * k + 4].try_into().unwrap())
    }

    #[test]
    fn fields_sit_where_table_39_puts_them() {
        let t = image_descriptor(0x1_2345_6700, 5, 3, 4, ImageType::TwoDArray);
        // base: bits 39:0 hold address >> 8.
        assert_eq!(
            u64::from(dword(&t, 0)) | u64::from(dword(&t, 1) & 0xFF) << 32,
            0x0123_4567
        );
        assert_eq!(dword(&t, 1) >> 20 & 0x3F, 14); // data format, bits 57:52
        assert_eq!(dword(&t, 1) >> 26 & 0xF, 7); // num format, bits 61:58
        assert_eq!(dword(&t, 2) & 0x3FFF, 4); // width - 1, bits 77:64
        assert_eq!(dword(&t, 2) >> 14 & 0x3FFF, 2); // height - 1, bits 91:78
        assert_eq!(dword(&t, 3) & 0xFFF, 4 | 5 << 3 | 6 << 6 | 7 << 9); // dst_sel 107:96
        assert_eq!(dword(&t, 3) >> 28, 13); // type, bits 127:124
        assert_eq!(dword(&t, 4) & 0x1FFF, 3); // depth: slices - 1, bits 140:128
    }
}
