//! Bit layouts of every Cayman microcode word, written once (cayman Ch9 L7878-9966, digest §6).
//!
//! The encoder packs with [`Field::put`], the decoder unpacks with [`Field::get`], and each
//! format's field list gives the mask of defined bits so the decoder can reject words with
//! reserved bits set (which is what makes `encode(decode(bytes)) == bytes` hold for every
//! word the decoder accepts).

/// A bit field of a 32-bit microcode word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// Field name as in the ISA tables.
    pub name: &'static str,
    /// Lowest bit.
    pub lo: u8,
    /// Width in bits.
    pub width: u8,
}

impl Field {
    const fn new(name: &'static str, lo: u8, width: u8) -> Field {
        Field { name, lo, width }
    }
    /// The field's bits within the word.
    pub const fn mask(self) -> u32 {
        (((1u64 << self.width) - 1) as u32) << self.lo
    }
    /// Largest value the field holds.
    pub const fn max(self) -> u32 {
        ((1u64 << self.width) - 1) as u32
    }
    /// Extracts the field from a word.
    pub const fn get(self, word: u32) -> u32 {
        (word & self.mask()) >> self.lo
    }
    /// True if a one-bit field is set.
    pub const fn bit(self, word: u32) -> bool {
        self.get(word) != 0
    }
    /// Places `value` in the field; `Err(max)` if it does not fit.
    pub fn put(self, value: u32) -> Result<u32, u32> {
        if value > self.max() {
            Err(self.max())
        } else {
            Ok(value << self.lo)
        }
    }
}

/// The OR of the masks of a field list: the defined bits of a format.
pub const fn defined_mask(fields: &[Field]) -> u32 {
    let mut m = 0;
    let mut i = 0;
    while i < fields.len() {
        m |= fields[i].mask();
        i += 1;
    }
    m
}

macro_rules! fields {
    ($(#[$m:meta])* $mod:ident { $($name:ident = ($lo:expr, $w:expr)),* $(,)? }) => {
        $(#[$m])*
        #[allow(missing_docs)]
        pub mod $mod {
            use super::Field;
            $( pub const $name: Field = Field::new(stringify!($name), $lo, $w); )*
            /// Every field of the format.
            pub const ALL: &[Field] = &[$($name),*];
            /// The defined bits of the format.
            pub const DEFINED: u32 = super::defined_mask(ALL);
        }
    };
}

fields!(
    /// CF_WORD0 (cayman L7923-7943).
    cf_word0 { ADDR = (0, 24), JUMPTABLE_SEL = (24, 3) }
);
fields!(
    /// CF_GWS_WORD0 (cayman L7945-7965).
    cf_gws_word0 {
        VALUE = (0, 10), RESOURCE = (16, 5), SIGN = (25, 1), VAL_INDEX_MODE = (26, 2),
        RSRC_INDEX_MODE = (28, 2), GWS_OPCODE = (30, 2),
    }
);
fields!(
    /// CF_WORD1 (cayman L7967-8046; bit 21 EOP and bit 30 WQM are reserved on Cayman).
    cf_word1 {
        POP_COUNT = (0, 3), CF_CONST = (3, 5), COND = (8, 2), COUNT = (10, 6),
        VALID_PIXEL_MODE = (20, 1), CF_INST = (22, 8), BARRIER = (31, 1),
    }
);
fields!(
    /// CF_ALU_WORD0 (cayman L8048-8080).
    cf_alu_word0 { ADDR = (0, 22), KCACHE_BANK0 = (22, 4), KCACHE_BANK1 = (26, 4), KCACHE_MODE0 = (30, 2) }
);
fields!(
    /// CF_ALU_WORD1 (cayman L8081-8104).
    cf_alu_word1 {
        KCACHE_MODE1 = (0, 2), KCACHE_ADDR0 = (2, 8), KCACHE_ADDR1 = (10, 8), COUNT = (18, 7),
        ALT_CONST = (25, 1), CF_INST = (26, 4), WHOLE_QUAD_MODE = (30, 1), BARRIER = (31, 1),
    }
);
fields!(
    /// CF_ALU_WORD0_EXT (cayman L8106-8160).
    cf_alu_word0_ext {
        KCACHE_BANK_INDEX_MODE0 = (4, 2), KCACHE_BANK_INDEX_MODE1 = (6, 2),
        KCACHE_BANK_INDEX_MODE2 = (8, 2), KCACHE_BANK_INDEX_MODE3 = (10, 2),
        KCACHE_BANK2 = (22, 4), KCACHE_BANK3 = (26, 4), KCACHE_MODE2 = (30, 2),
    }
);
fields!(
    /// CF_ALU_WORD1_EXT (cayman L8162-8186).
    cf_alu_word1_ext {
        KCACHE_MODE3 = (0, 2), KCACHE_ADDR2 = (2, 8), KCACHE_ADDR3 = (10, 8), CF_INST = (26, 4),
        BARRIER = (31, 1),
    }
);
fields!(
    /// CF_ALLOC_EXPORT_WORD0 (cayman L8188-8219).
    cf_export_word0 {
        ARRAY_BASE = (0, 13), TYPE = (13, 2), RW_GPR = (15, 7), RW_REL = (22, 1),
        INDEX_GPR = (23, 7), ELEM_SIZE = (30, 2),
    }
);
fields!(
    /// CF_ALLOC_EXPORT_WORD0_RAT (cayman L8221-8324).
    cf_export_word0_rat {
        RAT_ID = (0, 4), RAT_INST = (4, 6), RAT_INDEX_MODE = (11, 2), TYPE = (13, 2),
        RW_GPR = (15, 7), RW_REL = (22, 1), INDEX_GPR = (23, 7), ELEM_SIZE = (30, 2),
    }
);
fields!(
    /// CF_ALLOC_EXPORT_WORD1_BUF (cayman L8326-8383). LEGACY_EOP is bit 21, reserved on
    /// Cayman (cayman L8343) but set by LLVM 14 on exports (digest D8).
    cf_export_word1_buf {
        ARRAY_SIZE = (0, 12), COMP_MASK = (12, 4), BURST_COUNT = (16, 4), VALID_PIXEL_MODE = (20, 1),
        LEGACY_EOP = (21, 1), CF_INST = (22, 8), MARK = (30, 1), BARRIER = (31, 1),
    }
);
fields!(
    /// CF_ALLOC_EXPORT_WORD1_SWIZ (cayman L8385-8420).
    cf_export_word1_swiz {
        SEL_X = (0, 3), SEL_Y = (3, 3), SEL_Z = (6, 3), SEL_W = (9, 3), BURST_COUNT = (16, 4),
        VALID_PIXEL_MODE = (20, 1), LEGACY_EOP = (21, 1), CF_INST = (22, 8), MARK = (30, 1),
        BARRIER = (31, 1),
    }
);
fields!(
    /// ALU_WORD0 (cayman L8428-8503).
    alu_word0 {
        SRC0_SEL = (0, 9), SRC0_REL = (9, 1), SRC0_CHAN = (10, 2), SRC0_NEG = (12, 1),
        SRC1_SEL = (13, 9), SRC1_REL = (22, 1), SRC1_CHAN = (23, 2), SRC1_NEG = (25, 1),
        INDEX_MODE = (26, 3), PRED_SEL = (29, 2), LAST = (31, 1),
    }
);
fields!(
    /// ALU_WORD1_OP2 (cayman L8505-8728); OMOD is EXECUTE_MASK_OP when UPDATE_EXEC_MASK is set
    /// (ALU_WORD1_OP2_EXECUTE_MASK, cayman L8893-8988) and DST_GPR is MOVA_DST for MOVA_INT
    /// (ALU_WORD1_OP2_MOVA, cayman L8862-8891).
    alu_word1_op2 {
        SRC0_ABS = (0, 1), SRC1_ABS = (1, 1), UPDATE_EXEC_MASK = (2, 1), UPDATE_PRED = (3, 1),
        WRITE_MASK = (4, 1), OMOD = (5, 2), ALU_INST = (7, 11), BANK_SWIZZLE = (18, 3),
        DST_GPR = (21, 7), DST_REL = (28, 1), DST_CHAN = (29, 2), CLAMP = (31, 1),
    }
);
fields!(
    /// ALU_WORD1_OP3 (cayman L8730-8860).
    alu_word1_op3 {
        SRC2_SEL = (0, 9), SRC2_REL = (9, 1), SRC2_CHAN = (10, 2), SRC2_NEG = (12, 1),
        ALU_INST = (13, 5), BANK_SWIZZLE = (18, 3), DST_GPR = (21, 7), DST_REL = (28, 1),
        DST_CHAN = (29, 2), CLAMP = (31, 1),
    }
);
fields!(
    /// ALU_WORD0_LDS_IDX_OP (cayman L8990-9100): ALU_WORD0 with IDX_OFFSET_4/5 in the NEG bits.
    lds_word0 {
        SRC0_SEL = (0, 9), SRC0_REL = (9, 1), SRC0_CHAN = (10, 2), IDX_OFFSET_4 = (12, 1),
        SRC1_SEL = (13, 9), SRC1_REL = (22, 1), SRC1_CHAN = (23, 2), IDX_OFFSET_5 = (25, 1),
        INDEX_MODE = (26, 3), PRED_SEL = (29, 2), LAST = (31, 1),
    }
);
fields!(
    /// ALU_WORD1_LDS_IDX_OP (cayman L9102-9247).
    lds_word1 {
        SRC2_SEL = (0, 9), SRC2_REL = (9, 1), SRC2_CHAN = (10, 2), IDX_OFFSET_1 = (12, 1),
        ALU_INST = (13, 5), BANK_SWIZZLE = (18, 3), LDS_OP = (21, 6), IDX_OFFSET_0 = (27, 1),
        IDX_OFFSET_2 = (28, 1), DST_CHAN = (29, 2), IDX_OFFSET_3 = (31, 1),
    }
);
fields!(
    /// VTX_WORD0 (cayman L9291-9356).
    vtx_word0 {
        VC_INST = (0, 5), FETCH_TYPE = (5, 2), FETCH_WHOLE_QUAD = (7, 1), BUFFER_ID = (8, 8),
        SRC_GPR = (16, 7), SRC_REL = (23, 1), SRC_SEL_X = (24, 2), SRC_SEL_Y = (26, 2),
        STRUCTURED_READ = (28, 2), LDS_REQ = (30, 1), COALESCED_READ = (31, 1),
    }
);
fields!(
    /// VTX_WORD1_GPR (cayman L9358-9443; USE_CONST_FIELDS at bit 21 per digest §6.9).
    vtx_word1 {
        DST_GPR = (0, 7), DST_REL = (7, 1), DST_SEL_X = (9, 3), DST_SEL_Y = (12, 3),
        DST_SEL_Z = (15, 3), DST_SEL_W = (18, 3), USE_CONST_FIELDS = (21, 1), DATA_FORMAT = (22, 6),
        NUM_FORMAT_ALL = (28, 2), FORMAT_COMP_ALL = (30, 1), SRF_MODE_ALL = (31, 1),
    }
);
fields!(
    /// VTX_WORD2 (cayman L9496-9522).
    vtx_word2 {
        OFFSET = (0, 16), ENDIAN_SWAP = (16, 2), CONST_BUF_NO_STRIDE = (18, 1), ALT_CONST = (20, 1),
        BUFFER_INDEX_MODE = (21, 2),
    }
);
fields!(
    /// TEX_WORD0 (cayman L9532-9600).
    tex_word0 {
        TEX_INST = (0, 5), INST_MOD = (5, 2), FETCH_WHOLE_QUAD = (7, 1), RESOURCE_ID = (8, 8),
        SRC_GPR = (16, 7), SRC_REL = (23, 1), ALT_CONST = (24, 1), RESOURCE_INDEX_MODE = (25, 2),
        SAMPLER_INDEX_MODE = (27, 2),
    }
);
fields!(
    /// TEX_WORD1 (cayman L9602-9640).
    tex_word1 {
        DST_GPR = (0, 7), DST_REL = (7, 1), DST_SEL_X = (9, 3), DST_SEL_Y = (12, 3),
        DST_SEL_Z = (15, 3), DST_SEL_W = (18, 3), LOD_BIAS = (21, 7), COORD_TYPE_X = (28, 1),
        COORD_TYPE_Y = (29, 1), COORD_TYPE_Z = (30, 1), COORD_TYPE_W = (31, 1),
    }
);
fields!(
    /// TEX_WORD2 (cayman L9642-9675).
    tex_word2 {
        OFFSET_X = (0, 5), OFFSET_Y = (5, 5), OFFSET_Z = (10, 5), SAMPLER_ID = (15, 5),
        SRC_SEL_X = (20, 3), SRC_SEL_Y = (23, 3), SRC_SEL_Z = (26, 3), SRC_SEL_W = (29, 3),
    }
);
fields!(
    /// MEM_RD_WORD0 (cayman L9677-9738).
    mem_rd_word0 {
        MEM_INST = (0, 5), ELEM_SIZE = (5, 2), FETCH_WHOLE_QUAD = (7, 1), MEM_OP = (8, 3),
        UNCACHED = (11, 1), INDEXED = (12, 1), SRC_SEL_Y = (13, 2), SRC_GPR = (16, 7),
        SRC_REL = (23, 1), SRC_SEL_X = (24, 2), BURST_CNT = (26, 4), LDS_REQ = (30, 1),
        COALESCED_READ = (31, 1),
    }
);
fields!(
    /// MEM_RD_WORD1 (cayman L9740-9789).
    mem_rd_word1 {
        DST_GPR = (0, 7), DST_REL = (7, 1), DST_SEL_X = (9, 3), DST_SEL_Y = (12, 3),
        DST_SEL_Z = (15, 3), DST_SEL_W = (18, 3), DATA_FORMAT = (22, 6), NUM_FORMAT_ALL = (28, 2),
        FORMAT_COMP_ALL = (30, 1), SRF_MODE_ALL = (31, 1),
    }
);
fields!(
    /// MEM_RD_WORD2 (cayman L9791-9811).
    mem_rd_word2 { ARRAY_BASE = (0, 13), ENDIAN_SWAP = (16, 2), ARRAY_SIZE = (20, 12) }
);

#[cfg(test)]
mod tests {
    use super::*;

    /// No two fields of a format overlap.
    #[test]
    fn formats_do_not_overlap() {
        let formats: &[&[Field]] = &[
            cf_word0::ALL,
            cf_gws_word0::ALL,
            cf_word1::ALL,
            cf_alu_word0::ALL,
            cf_alu_word1::ALL,
            cf_alu_word0_ext::ALL,
            cf_alu_word1_ext::ALL,
            cf_export_word0::ALL,
            cf_export_word0_rat::ALL,
            cf_export_word1_buf::ALL,
            cf_export_word1_swiz::ALL,
            alu_word0::ALL,
            alu_word1_op2::ALL,
            alu_word1_op3::ALL,
            lds_word0::ALL,
            lds_word1::ALL,
            vtx_word0::ALL,
            vtx_word1::ALL,
            vtx_word2::ALL,
            tex_word0::ALL,
            tex_word1::ALL,
            tex_word2::ALL,
            mem_rd_word0::ALL,
            mem_rd_word1::ALL,
            mem_rd_word2::ALL,
        ];
        for f in formats {
            let mut seen = 0u32;
            for field in f.iter() {
                assert_eq!(seen & field.mask(), 0, "{} overlaps", field.name);
                seen |= field.mask();
            }
        }
        assert_eq!(alu_word0::DEFINED, u32::MAX);
        assert_eq!(alu_word1_op2::DEFINED, u32::MAX);
    }
}
