//! Fetch-clause instructions as typed data: vertex/buffer fetch (VTX_WORD0/1/2, cayman
//! L9291-9524), texture (TEX_WORD0/1/2, L9526-9675) and memory read (MEM_RD_WORD0/1/2,
//! L9677-9811). Each is 96 bits padded to 128 with a zero dword (cayman L2090, L9530); on
//! Cayman all of them run in TC clauses (cayman L296).

use super::opcodes::{TexOp, VtxOp};

/// A destination/source component select of a fetch: 0-3 = x y z w, 4 = 0.0, 5 = 1.0,
/// 7 = masked (cayman L9374-9381). 6 is reserved.
pub type FetchSel = u8;

/// Select value that masks a destination component.
pub const SEL_MASKED: FetchSel = 7;

/// The GPR destination common to VTX, TEX and MEM_RD word 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct FetchDst {
    /// DST_GPR\[6:0\].
    pub gpr: u8,
    /// DST_REL (+aL).
    pub rel: bool,
    /// DST_SEL_X..W.
    pub sel: [FetchSel; 4],
}

/// VTX_WORD0 + VTX_WORD1_GPR/SEM + VTX_WORD2 (cayman L9291-9524).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct VtxInst {
    /// VC_INST.
    pub op: VtxOp,
    /// FETCH_TYPE\[6:5\]: 0 vertex, 1 instance, 2 no index offset.
    pub fetch_type: u8,
    /// FETCH_WHOLE_QUAD.
    pub fetch_whole_quad: bool,
    /// BUFFER_ID\[15:8\]: the resource.
    pub buffer_id: u8,
    /// SRC_GPR\[22:16\].
    pub src_gpr: u8,
    /// SRC_REL.
    pub src_rel: bool,
    /// SRC_SEL_X\[25:24\]: the component holding the index/address.
    pub src_sel_x: u8,
    /// SRC_SEL_Y\[27:26\] (LDS_REQ address component).
    pub src_sel_y: u8,
    /// STRUCTURED_READ\[29:28\].
    pub structured_read: u8,
    /// LDS_REQ (bit 30).
    pub lds_req: bool,
    /// COALESCED_READ (bit 31).
    pub coalesced_read: bool,
    /// Destination (VTX_WORD1_GPR); for SEMANTIC the GPR field holds SEMANTIC_ID\[7:0\]
    /// (`dst.gpr` | `dst.rel` << 7).
    pub dst: FetchDst,
    /// USE_CONST_FIELDS (bit 21): take the format from the resource.
    pub use_const_fields: bool,
    /// DATA_FORMAT\[27:22\] (13 = FMT_32, 29 = 32_32, 34 = 32_32_32_32; digest §5.3).
    pub data_format: u8,
    /// NUM_FORMAT_ALL\[29:28\]: 0 NORM, 1 INT, 2 SCALED.
    pub num_format_all: u8,
    /// FORMAT_COMP_ALL (bit 30): signed.
    pub format_comp_all: bool,
    /// SRF_MODE_ALL (bit 31): 1 = no zero.
    pub srf_mode_all: bool,
    /// OFFSET\[15:0\] (bytes).
    pub offset: u16,
    /// ENDIAN_SWAP\[17:16\].
    pub endian_swap: u8,
    /// CONST_BUF_NO_STRIDE (bit 18).
    pub const_buf_no_stride: bool,
    /// ALT_CONST (bit 20).
    pub alt_const: bool,
    /// BUFFER_INDEX_MODE\[22:21\].
    pub buffer_index_mode: u8,
}

impl VtxInst {
    /// A raw-buffer read as LLVM's compute ABI does it (digest F6): `FETCH` from `buffer_id`
    /// with the byte address in `src_gpr`.x, FETCH_TYPE 2, NUM_FORMAT INT, components
    /// `dst_sel`, format `data_format`.
    pub fn buffer_read(
        buffer_id: u8,
        dst_gpr: u8,
        dst_sel: [FetchSel; 4],
        src_gpr: u8,
        data_format: u8,
        offset: u16,
    ) -> VtxInst {
        VtxInst {
            op: VtxOp::Fetch,
            fetch_type: 2,
            fetch_whole_quad: false,
            buffer_id,
            src_gpr,
            src_rel: false,
            src_sel_x: 0,
            src_sel_y: 0,
            structured_read: 0,
            lds_req: false,
            coalesced_read: false,
            dst: FetchDst {
                gpr: dst_gpr,
                rel: false,
                sel: dst_sel,
            },
            use_const_fields: false,
            data_format,
            num_format_all: 1,
            format_comp_all: false,
            srf_mode_all: false,
            offset,
            endian_swap: 0,
            const_buf_no_stride: false,
            alt_const: false,
            buffer_index_mode: 0,
        }
    }
}

/// TEX_WORD0/1/2 (cayman L9532-9675).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TexInst {
    /// TEX_INST.
    pub op: TexOp,
    /// INST_MOD\[6:5\] (LD: 1 = ldfptr; GET_GRADIENTS: fine; GATHER4: component).
    pub inst_mod: u8,
    /// FETCH_WHOLE_QUAD.
    pub fetch_whole_quad: bool,
    /// RESOURCE_ID\[15:8\].
    pub resource_id: u8,
    /// SRC_GPR.
    pub src_gpr: u8,
    /// SRC_REL.
    pub src_rel: bool,
    /// ALT_CONST (bit 24).
    pub alt_const: bool,
    /// RESOURCE_INDEX_MODE\[26:25\].
    pub resource_index_mode: u8,
    /// SAMPLER_INDEX_MODE\[28:27\].
    pub sampler_index_mode: u8,
    /// Destination.
    pub dst: FetchDst,
    /// LOD_BIAS\[27:21\] (S3.4).
    pub lod_bias: u8,
    /// COORD_TYPE_X..W (bits 28-31): 1 = normalized.
    pub coord_type: [bool; 4],
    /// OFFSET_X/Y/Z (5-bit two's complement fields, stored raw 0..=31).
    pub offset: [u8; 3],
    /// SAMPLER_ID\[19:15\].
    pub sampler_id: u8,
    /// SRC_SEL_X..W (0-3 xyzw, 4 = 0.0, 5 = 1.0).
    pub src_sel: [FetchSel; 4],
}

/// MEM_RD_WORD0/1/2: scratch / scatter reads in a TC clause (cayman L9677-9811).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MemRdInst {
    /// ELEM_SIZE\[6:5\].
    pub elem_size: u8,
    /// FETCH_WHOLE_QUAD.
    pub fetch_whole_quad: bool,
    /// MEM_OP\[10:8\]: 0 scratch, 2 scatter.
    pub mem_op: u8,
    /// UNCACHED (bit 11).
    pub uncached: bool,
    /// INDEXED (bit 12).
    pub indexed: bool,
    /// SRC_SEL_Y\[14:13\].
    pub src_sel_y: u8,
    /// SRC_GPR.
    pub src_gpr: u8,
    /// SRC_REL.
    pub src_rel: bool,
    /// SRC_SEL_X\[25:24\].
    pub src_sel_x: u8,
    /// BURST_CNT\[29:26\].
    pub burst_count: u8,
    /// LDS_REQ.
    pub lds_req: bool,
    /// COALESCED_READ.
    pub coalesced_read: bool,
    /// Destination.
    pub dst: FetchDst,
    /// DATA_FORMAT.
    pub data_format: u8,
    /// NUM_FORMAT_ALL.
    pub num_format_all: u8,
    /// FORMAT_COMP_ALL.
    pub format_comp_all: bool,
    /// SRF_MODE_ALL.
    pub srf_mode_all: bool,
    /// ARRAY_BASE\[12:0\].
    pub array_base: u16,
    /// ENDIAN_SWAP\[17:16\].
    pub endian_swap: u8,
    /// ARRAY_SIZE\[31:20\].
    pub array_size: u16,
}

/// One instruction of a fetch (TC) clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FetchInst {
    /// Vertex / buffer fetch.
    Vtx(VtxInst),
    /// Texture instruction.
    Tex(TexInst),
    /// Memory read.
    MemRd(MemRdInst),
}

/// A fetch clause: the instructions a TC CF instruction runs.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct FetchClause {
    /// Instructions in order.
    pub insts: Vec<FetchInst>,
}

impl FetchClause {
    /// Size in 64-bit units (each fetch takes two, digest F2).
    pub fn slots(&self) -> usize {
        self.insts.len() * 2
    }
}
