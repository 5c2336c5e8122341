//! The gfx906 opcode table: every opcode once, with its encoding, number and operand shape.
//!
//! Names and numbers come from the Ch13 opcode tables of the Vega 7nm ISA (the line ranges
//! are given per encoding below) and were checked against LLVM 14 (`llvm-mc -mcpu=gfx906`;
//! spec digest errata E5/E6). The mnemonics are LLVM's. Where LLVM's name differs from the
//! document's, the variant carries LLVM's name and the doc comment of the table says so:
//! VOP3P 0x20-0x22 are `v_fma_mix*` on gfx906 (the document's V_MAD_MIX*, digest D2).
//!
//! The VOP3 opcode of a VOP1/VOP2/VOPC instruction is the 32-bit opcode plus 0x140, 0x100
//! or 0 (vega L14270, L12848, L16155); six of them have no VOP3 form (v_madmk/madak_f32/f16,
//! v_readfirstlane_b32, v_swap_b32: digest D3), their `vop3` is `None`.
//!
//! The operand shape says which fields an instruction uses and how wide (in dwords) each
//! register operand is; it drives the encoder, decoder, printer and parser alike.

/// Microcode format (vega Ch13, Table 52 L24095-24259).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// SOP2 (L24298-24427)
    Sop2,
    /// SOPK (L24661-24739)
    Sopk,
    /// SOP1 (L24837-24957)
    Sop1,
    /// SOPC (L25195-25315)
    Sopc,
    /// SOPP (L25409-25442)
    Sopp,
    /// SMEM (L25586-25666)
    Smem,
    /// VOP2 (L26034-26162)
    Vop2,
    /// VOP1 (L26412-26534)
    Vop1,
    /// VOPC (L26876-27184)
    Vopc,
    /// VOP3A/VOP3B-only opcodes (L28036-28836)
    Vop3,
    /// VOP3P (L28866-29043)
    Vop3p,
    /// VINTRP (L29656-29729)
    Vintrp,
    /// DS (L29733-29803)
    Ds,
    /// MTBUF (L30477-30570)
    Mtbuf,
    /// MUBUF (L30692-30804)
    Mubuf,
    /// FLAT segment (L31635-31753, SEG=0)
    Flat,
    /// GLOBAL segment (SEG=2)
    Global,
    /// SCRATCH segment (SEG=1)
    Scratch,
    /// MIMG (L31104-31239)
    Mimg,
    /// EXP (L32281-32373)
    Exp,
}

/// Value type of a VALU operand: its width in registers and how inline constants and
/// literals are read (digest §4.6, vega L3478-3480, L3727).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ty {
    /// No operand in this position.
    None,
    /// 16-bit integer.
    B16,
    /// 16-bit float.
    F16,
    /// 32-bit integer / untyped.
    B32,
    /// 32-bit float.
    F32,
    /// 64-bit integer (two registers).
    B64,
    /// 64-bit float (two registers).
    F64,
    /// 128 bits (four registers; v_mqsad_u32_u8).
    B128,
}

impl Ty {
    /// Number of 32-bit registers an operand of this type occupies.
    pub fn regs(self) -> u8 {
        match self {
            Ty::None => 0,
            Ty::B16 | Ty::F16 | Ty::B32 | Ty::F32 => 1,
            Ty::B64 | Ty::F64 => 2,
            Ty::B128 => 4,
        }
    }
}

/// How a SOPK instruction uses SDST and SIMM16.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SopkKind {
    /// `sdst, simm16` (s_movk_i32, s_cmpk_*, s_addk_i32, ...; s_cmpk reads sdst).
    Imm,
    /// `s[pair], label` (s_call_b64, s_cbranch_i_fork): SIMM16 is a signed dword offset.
    BranchPair,
    /// `sdst, hwreg(...)`
    GetReg,
    /// `hwreg(...), sdst` (SDST is the source, vega L3237-3238)
    SetReg,
    /// `hwreg(...), imm32` with the 32-bit value in the next dword (vega L3241-3242)
    SetRegImm32,
}

/// How a SOPP instruction uses SIMM16.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SoppKind {
    /// No operand; SIMM16 must be 0.
    None,
    /// A plain immediate (s_nop, s_sleep, s_setprio, s_trap, ...).
    Imm,
    /// Signed dword branch offset (vega L10665: PC + signext(SIMM16)*4 + 4).
    Branch,
    /// `vmcnt(..) expcnt(..) lgkmcnt(..)` (vega L10777-10795)
    Waitcnt,
    /// `sendmsg(...)`
    Sendmsg,
    /// `gpr_idx(...)`
    GprIdxMode,
}

/// What an SMEM instruction does with SDATA.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SmemKind {
    /// SDATA is the destination.
    Load,
    /// SDATA is the source.
    Store,
    /// SDATA is source and (with glc) destination.
    Atomic,
    /// No operands (s_dcache_inv, ...).
    NoOp,
    /// Only a 64-bit destination (s_memtime, s_memrealtime).
    Time,
    /// SDATA holds a 7-bit immediate (s_atc_probe*).
    Probe,
    /// No SDATA (s_dcache_discard*).
    Discard,
}

/// Role of the extra operands of a VALU instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ValuKind {
    /// vdst and sources only.
    Plain,
    /// A compare: the result mask is `sdst` (VCC in VOPC, any SGPR pair in VOP3).
    Vopc,
    /// A carry/flag output in `sdst` (VCC in VOP2, SDST in VOP3B).
    CarryOut,
    /// src2 is a lane mask read implicitly as VCC in VOP2 (v_cndmask_b32).
    CarryIn,
    /// Both CarryOut and CarryIn (v_addc_co_u32, ...).
    CarryInOut,
    /// `vdst, src0, K, vsrc1`: D = S0 * K + S1 (K is the literal).
    MadMk,
    /// `vdst, src0, vsrc1, K`: D = S0 * S1 + K.
    MadAk,
}

/// VOP3 op_sel is meaningful (16-bit ops that take it on gfx9).
pub const OPSEL: u8 = 1;
/// VOP3P encoding (op_sel_hi, neg_lo/neg_hi).
pub const VOP3P: u8 = 2;
/// v_fma_mix*: VOP3P with VOP3-style neg/abs modifiers and op_sel_hi default 0.
pub const MIX: u8 = 4;

/// Operand shape of a VALU opcode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ValuShape {
    /// Type of the vector destination (`Ty::None` for none, e.g. VOPC).
    pub dst: Ty,
    /// Types of src0..src2 (`Ty::None` after the last source).
    pub srcs: [Ty; 3],
    /// Extra operand roles.
    pub kind: ValuKind,
    /// The VDST field names an SGPR (v_readlane_b32, v_readfirstlane_b32).
    pub sgpr_dst: bool,
    /// [`OPSEL`], [`VOP3P`], [`MIX`].
    pub flags: u8,
}

impl ValuShape {
    /// Number of sources.
    pub fn nsrc(&self) -> usize {
        self.srcs.iter().take_while(|t| **t != Ty::None).count()
    }
    /// Whether this op is VOP3P-encoded.
    pub fn is_vop3p(&self) -> bool {
        self.flags & VOP3P != 0
    }
    /// Whether the sdst operand exists.
    pub fn has_sdst(&self) -> bool {
        matches!(
            self.kind,
            ValuKind::Vopc | ValuKind::CarryOut | ValuKind::CarryInOut
        )
    }
}

/// Operand shape of a DS opcode (widths in dwords; 0 = field unused).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DsShape {
    /// Width of VDST.
    pub vdst: u8,
    /// Whether ADDR is used (GWS ops with data put the data VGPR here: digest D1).
    pub addr: bool,
    /// Width of DATA0.
    pub data0: u8,
    /// Width of DATA1.
    pub data1: u8,
    /// offset0/offset1 (8 bits each) instead of one 16-bit offset.
    pub two_offsets: bool,
}

/// What a MUBUF/MTBUF instruction does with VDATA.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BufKind {
    /// VDATA is the destination.
    Load,
    /// VDATA is the source.
    Store,
    /// VDATA is source and (with glc) destination.
    Atomic,
    /// No operands (buffer_wbinvl1*).
    NoOp,
    /// No VDATA/VADDR; always `lds` (buffer_store_lds_dword).
    StoreLds,
}

/// What a FLAT/GLOBAL/SCRATCH instruction does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FlatKind {
    /// VDST is written.
    Load,
    /// DATA is stored.
    Store,
    /// DATA is the operand; VDST written with glc.
    Atomic,
}

/// What a MIMG instruction does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MimgKind {
    /// VDATA written, no sampler.
    Load,
    /// VDATA stored.
    Store,
    /// VDATA is source and (with glc) destination.
    Atomic,
    /// Uses a sampler (SSAMP).
    Sample,
}

/// What a VINTRP instruction does (vega L29690-29709).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VintrpKind {
    /// `vdst, vsrc(i), attrN.c`
    P1,
    /// `vdst, vsrc(j), attrN.c`
    P2,
    /// `vdst, p10|p20|p0, attrN.c`
    Mov,
}

/// Operand shape of an opcode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// SOP2 register widths (0 = field unused).
    Sop2 {
        /// SDST width.
        d: u8,
        /// SSRC0 width.
        s0: u8,
        /// SSRC1 width.
        s1: u8,
    },
    /// SOP1 register widths.
    Sop1 {
        /// SDST width.
        d: u8,
        /// SSRC0 width.
        s0: u8,
    },
    /// SOPC register widths.
    Sopc {
        /// SSRC0 width.
        s0: u8,
        /// SSRC1 width.
        s1: u8,
    },
    /// s_set_gpr_idx_on: SSRC0 plus a 4-bit mode in the SSRC1 field (vega L10571-10589).
    SopcGprIdxOn,
    /// SOPK.
    Sopk(SopkKind),
    /// SOPP.
    Sopp(SoppKind),
    /// SMEM with SDATA and SBASE widths.
    Smem {
        /// Role of SDATA.
        kind: SmemKind,
        /// SDATA width.
        data: u8,
        /// SBASE width (2: address pair, 4: buffer resource).
        base: u8,
    },
    /// VOP1/VOP2/VOPC/VOP3/VOP3P.
    Valu(ValuShape),
    /// VINTRP.
    Vintrp(VintrpKind),
    /// DS.
    Ds(DsShape),
    /// MUBUF/MTBUF.
    Buf {
        /// Role of VDATA.
        kind: BufKind,
        /// VDATA width without tfe.
        vdata: u8,
    },
    /// FLAT/GLOBAL/SCRATCH.
    Flat {
        /// Role of the operands.
        kind: FlatKind,
        /// VDST width (the return width for atomics).
        dst: u8,
        /// DATA width.
        data: u8,
    },
    /// MIMG (VDATA width follows dmask).
    Mimg(MimgKind),
    /// EXP.
    Exp,
    /// In the table for completeness, not yet encodable (VOP3 forms of the interpolation
    /// ops, 0x274-0x277).
    Unsupported,
}

/// A VALU shape (table shorthand).
const fn valu(dst: Ty, srcs: [Ty; 3], kind: ValuKind, flags: u8) -> Shape {
    Shape::Valu(ValuShape {
        dst,
        srcs,
        kind,
        sgpr_dst: false,
        flags,
    })
}

/// A VALU shape whose VDST field names an SGPR (table shorthand).
const fn valu_sgpr_dst(dst: Ty, srcs: [Ty; 3], kind: ValuKind, flags: u8) -> Shape {
    Shape::Valu(ValuShape {
        dst,
        srcs,
        kind,
        sgpr_dst: true,
        flags,
    })
}

/// A DS shape: widths of vdst, addr used, widths of data0/data1, two 8-bit offsets.
const fn ds(vdst: u8, addr: bool, data0: u8, data1: u8, two_offsets: bool) -> Shape {
    Shape::Ds(DsShape {
        vdst,
        addr,
        data0,
        data1,
        two_offsets,
    })
}

/// One row of the table.
#[derive(Debug, Clone, Copy)]
pub struct OpInfo {
    /// The opcode.
    pub op: Opcode,
    /// LLVM mnemonic (lower case, without `_e32`/`_e64`).
    pub name: &'static str,
    /// Native format.
    pub format: Format,
    /// Opcode number in the native format (VOP3P: the 10-bit VOP3 number 0x380+op).
    pub code: u16,
    /// VOP3 opcode of a VOP1/VOP2/VOPC op that can be promoted.
    pub vop3: Option<u16>,
    /// Operand shape.
    pub shape: Shape,
}

macro_rules! opcode_table {
    ($( ($var:ident, $name:literal, $fmt:ident, $code:literal, $vop3:expr, $shape:expr), )*) => {
        /// Every gfx906 opcode (spec names; LLVM's where they differ, see the module docs).
        #[allow(non_camel_case_types)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Opcode {
            $(
                #[doc = $name]
                $var,
            )*
        }

        /// The table, in [`Opcode`] order.
        pub static TABLE: &[OpInfo] = &[
            $( OpInfo { op: Opcode::$var, name: $name, format: Format::$fmt, code: $code, vop3: $vop3, shape: $shape }, )*
        ];
    };
}

opcode_table! {
    // SOP2 (vega L24429-24660)
    (S_ADD_U32, "s_add_u32", Sop2, 0x000, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_SUB_U32, "s_sub_u32", Sop2, 0x001, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_ADD_I32, "s_add_i32", Sop2, 0x002, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_SUB_I32, "s_sub_i32", Sop2, 0x003, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_ADDC_U32, "s_addc_u32", Sop2, 0x004, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_SUBB_U32, "s_subb_u32", Sop2, 0x005, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_MIN_I32, "s_min_i32", Sop2, 0x006, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_MIN_U32, "s_min_u32", Sop2, 0x007, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_MAX_I32, "s_max_i32", Sop2, 0x008, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_MAX_U32, "s_max_u32", Sop2, 0x009, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_CSELECT_B32, "s_cselect_b32", Sop2, 0x00a, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_CSELECT_B64, "s_cselect_b64", Sop2, 0x00b, None, Shape::Sop2 { d: 2, s0: 2, s1: 2 }),
    (S_AND_B32, "s_and_b32", Sop2, 0x00c, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_AND_B64, "s_and_b64", Sop2, 0x00d, None, Shape::Sop2 { d: 2, s0: 2, s1: 2 }),
    (S_OR_B32, "s_or_b32", Sop2, 0x00e, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_OR_B64, "s_or_b64", Sop2, 0x00f, None, Shape::Sop2 { d: 2, s0: 2, s1: 2 }),
    (S_XOR_B32, "s_xor_b32", Sop2, 0x010, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_XOR_B64, "s_xor_b64", Sop2, 0x011, None, Shape::Sop2 { d: 2, s0: 2, s1: 2 }),
    (S_ANDN2_B32, "s_andn2_b32", Sop2, 0x012, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_ANDN2_B64, "s_andn2_b64", Sop2, 0x013, None, Shape::Sop2 { d: 2, s0: 2, s1: 2 }),
    (S_ORN2_B32, "s_orn2_b32", Sop2, 0x014, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_ORN2_B64, "s_orn2_b64", Sop2, 0x015, None, Shape::Sop2 { d: 2, s0: 2, s1: 2 }),
    (S_NAND_B32, "s_nand_b32", Sop2, 0x016, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_NAND_B64, "s_nand_b64", Sop2, 0x017, None, Shape::Sop2 { d: 2, s0: 2, s1: 2 }),
    (S_NOR_B32, "s_nor_b32", Sop2, 0x018, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_NOR_B64, "s_nor_b64", Sop2, 0x019, None, Shape::Sop2 { d: 2, s0: 2, s1: 2 }),
    (S_XNOR_B32, "s_xnor_b32", Sop2, 0x01a, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_XNOR_B64, "s_xnor_b64", Sop2, 0x01b, None, Shape::Sop2 { d: 2, s0: 2, s1: 2 }),
    (S_LSHL_B32, "s_lshl_b32", Sop2, 0x01c, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_LSHL_B64, "s_lshl_b64", Sop2, 0x01d, None, Shape::Sop2 { d: 2, s0: 2, s1: 1 }),
    (S_LSHR_B32, "s_lshr_b32", Sop2, 0x01e, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_LSHR_B64, "s_lshr_b64", Sop2, 0x01f, None, Shape::Sop2 { d: 2, s0: 2, s1: 1 }),
    (S_ASHR_I32, "s_ashr_i32", Sop2, 0x020, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_ASHR_I64, "s_ashr_i64", Sop2, 0x021, None, Shape::Sop2 { d: 2, s0: 2, s1: 1 }),
    (S_BFM_B32, "s_bfm_b32", Sop2, 0x022, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_BFM_B64, "s_bfm_b64", Sop2, 0x023, None, Shape::Sop2 { d: 2, s0: 1, s1: 1 }),
    (S_MUL_I32, "s_mul_i32", Sop2, 0x024, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_BFE_U32, "s_bfe_u32", Sop2, 0x025, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_BFE_I32, "s_bfe_i32", Sop2, 0x026, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_BFE_U64, "s_bfe_u64", Sop2, 0x027, None, Shape::Sop2 { d: 2, s0: 2, s1: 1 }),
    (S_BFE_I64, "s_bfe_i64", Sop2, 0x028, None, Shape::Sop2 { d: 2, s0: 2, s1: 1 }),
    (S_CBRANCH_G_FORK, "s_cbranch_g_fork", Sop2, 0x029, None, Shape::Sop2 { d: 0, s0: 2, s1: 2 }),
    (S_ABSDIFF_I32, "s_absdiff_i32", Sop2, 0x02a, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_RFE_RESTORE_B64, "s_rfe_restore_b64", Sop2, 0x02b, None, Shape::Sop2 { d: 0, s0: 2, s1: 1 }),
    (S_MUL_HI_U32, "s_mul_hi_u32", Sop2, 0x02c, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_MUL_HI_I32, "s_mul_hi_i32", Sop2, 0x02d, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_LSHL1_ADD_U32, "s_lshl1_add_u32", Sop2, 0x02e, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_LSHL2_ADD_U32, "s_lshl2_add_u32", Sop2, 0x02f, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_LSHL3_ADD_U32, "s_lshl3_add_u32", Sop2, 0x030, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_LSHL4_ADD_U32, "s_lshl4_add_u32", Sop2, 0x031, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_PACK_LL_B32_B16, "s_pack_ll_b32_b16", Sop2, 0x032, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_PACK_LH_B32_B16, "s_pack_lh_b32_b16", Sop2, 0x033, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    (S_PACK_HH_B32_B16, "s_pack_hh_b32_b16", Sop2, 0x034, None, Shape::Sop2 { d: 1, s0: 1, s1: 1 }),
    // SOPK (vega L24741-24836)
    (S_MOVK_I32, "s_movk_i32", Sopk, 0x000, None, Shape::Sopk(SopkKind::Imm)),
    (S_CMOVK_I32, "s_cmovk_i32", Sopk, 0x001, None, Shape::Sopk(SopkKind::Imm)),
    (S_CMPK_EQ_I32, "s_cmpk_eq_i32", Sopk, 0x002, None, Shape::Sopk(SopkKind::Imm)),
    (S_CMPK_LG_I32, "s_cmpk_lg_i32", Sopk, 0x003, None, Shape::Sopk(SopkKind::Imm)),
    (S_CMPK_GT_I32, "s_cmpk_gt_i32", Sopk, 0x004, None, Shape::Sopk(SopkKind::Imm)),
    (S_CMPK_GE_I32, "s_cmpk_ge_i32", Sopk, 0x005, None, Shape::Sopk(SopkKind::Imm)),
    (S_CMPK_LT_I32, "s_cmpk_lt_i32", Sopk, 0x006, None, Shape::Sopk(SopkKind::Imm)),
    (S_CMPK_LE_I32, "s_cmpk_le_i32", Sopk, 0x007, None, Shape::Sopk(SopkKind::Imm)),
    (S_CMPK_EQ_U32, "s_cmpk_eq_u32", Sopk, 0x008, None, Shape::Sopk(SopkKind::Imm)),
    (S_CMPK_LG_U32, "s_cmpk_lg_u32", Sopk, 0x009, None, Shape::Sopk(SopkKind::Imm)),
    (S_CMPK_GT_U32, "s_cmpk_gt_u32", Sopk, 0x00a, None, Shape::Sopk(SopkKind::Imm)),
    (S_CMPK_GE_U32, "s_cmpk_ge_u32", Sopk, 0x00b, None, Shape::Sopk(SopkKind::Imm)),
    (S_CMPK_LT_U32, "s_cmpk_lt_u32", Sopk, 0x00c, None, Shape::Sopk(SopkKind::Imm)),
    (S_CMPK_LE_U32, "s_cmpk_le_u32", Sopk, 0x00d, None, Shape::Sopk(SopkKind::Imm)),
    (S_ADDK_I32, "s_addk_i32", Sopk, 0x00e, None, Shape::Sopk(SopkKind::Imm)),
    (S_MULK_I32, "s_mulk_i32", Sopk, 0x00f, None, Shape::Sopk(SopkKind::Imm)),
    (S_CBRANCH_I_FORK, "s_cbranch_i_fork", Sopk, 0x010, None, Shape::Sopk(SopkKind::BranchPair)),
    (S_GETREG_B32, "s_getreg_b32", Sopk, 0x011, None, Shape::Sopk(SopkKind::GetReg)),
    (S_SETREG_B32, "s_setreg_b32", Sopk, 0x012, None, Shape::Sopk(SopkKind::SetReg)),
    (S_SETREG_IMM32_B32, "s_setreg_imm32_b32", Sopk, 0x014, None, Shape::Sopk(SopkKind::SetRegImm32)),
    (S_CALL_B64, "s_call_b64", Sopk, 0x015, None, Shape::Sopk(SopkKind::BranchPair)),
    // SOP1 (vega L24959-25194)
    (S_MOV_B32, "s_mov_b32", Sop1, 0x000, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_MOV_B64, "s_mov_b64", Sop1, 0x001, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_CMOV_B32, "s_cmov_b32", Sop1, 0x002, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_CMOV_B64, "s_cmov_b64", Sop1, 0x003, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_NOT_B32, "s_not_b32", Sop1, 0x004, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_NOT_B64, "s_not_b64", Sop1, 0x005, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_WQM_B32, "s_wqm_b32", Sop1, 0x006, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_WQM_B64, "s_wqm_b64", Sop1, 0x007, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_BREV_B32, "s_brev_b32", Sop1, 0x008, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_BREV_B64, "s_brev_b64", Sop1, 0x009, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_BCNT0_I32_B32, "s_bcnt0_i32_b32", Sop1, 0x00a, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_BCNT0_I32_B64, "s_bcnt0_i32_b64", Sop1, 0x00b, None, Shape::Sop1 { d: 1, s0: 2 }),
    (S_BCNT1_I32_B32, "s_bcnt1_i32_b32", Sop1, 0x00c, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_BCNT1_I32_B64, "s_bcnt1_i32_b64", Sop1, 0x00d, None, Shape::Sop1 { d: 1, s0: 2 }),
    (S_FF0_I32_B32, "s_ff0_i32_b32", Sop1, 0x00e, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_FF0_I32_B64, "s_ff0_i32_b64", Sop1, 0x00f, None, Shape::Sop1 { d: 1, s0: 2 }),
    (S_FF1_I32_B32, "s_ff1_i32_b32", Sop1, 0x010, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_FF1_I32_B64, "s_ff1_i32_b64", Sop1, 0x011, None, Shape::Sop1 { d: 1, s0: 2 }),
    (S_FLBIT_I32_B32, "s_flbit_i32_b32", Sop1, 0x012, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_FLBIT_I32_B64, "s_flbit_i32_b64", Sop1, 0x013, None, Shape::Sop1 { d: 1, s0: 2 }),
    (S_FLBIT_I32, "s_flbit_i32", Sop1, 0x014, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_FLBIT_I32_I64, "s_flbit_i32_i64", Sop1, 0x015, None, Shape::Sop1 { d: 1, s0: 2 }),
    (S_SEXT_I32_I8, "s_sext_i32_i8", Sop1, 0x016, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_SEXT_I32_I16, "s_sext_i32_i16", Sop1, 0x017, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_BITSET0_B32, "s_bitset0_b32", Sop1, 0x018, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_BITSET0_B64, "s_bitset0_b64", Sop1, 0x019, None, Shape::Sop1 { d: 2, s0: 1 }),
    (S_BITSET1_B32, "s_bitset1_b32", Sop1, 0x01a, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_BITSET1_B64, "s_bitset1_b64", Sop1, 0x01b, None, Shape::Sop1 { d: 2, s0: 1 }),
    (S_GETPC_B64, "s_getpc_b64", Sop1, 0x01c, None, Shape::Sop1 { d: 2, s0: 0 }),
    (S_SETPC_B64, "s_setpc_b64", Sop1, 0x01d, None, Shape::Sop1 { d: 0, s0: 2 }),
    (S_SWAPPC_B64, "s_swappc_b64", Sop1, 0x01e, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_RFE_B64, "s_rfe_b64", Sop1, 0x01f, None, Shape::Sop1 { d: 0, s0: 2 }),
    (S_AND_SAVEEXEC_B64, "s_and_saveexec_b64", Sop1, 0x020, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_OR_SAVEEXEC_B64, "s_or_saveexec_b64", Sop1, 0x021, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_XOR_SAVEEXEC_B64, "s_xor_saveexec_b64", Sop1, 0x022, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_ANDN2_SAVEEXEC_B64, "s_andn2_saveexec_b64", Sop1, 0x023, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_ORN2_SAVEEXEC_B64, "s_orn2_saveexec_b64", Sop1, 0x024, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_NAND_SAVEEXEC_B64, "s_nand_saveexec_b64", Sop1, 0x025, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_NOR_SAVEEXEC_B64, "s_nor_saveexec_b64", Sop1, 0x026, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_XNOR_SAVEEXEC_B64, "s_xnor_saveexec_b64", Sop1, 0x027, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_QUADMASK_B32, "s_quadmask_b32", Sop1, 0x028, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_QUADMASK_B64, "s_quadmask_b64", Sop1, 0x029, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_MOVRELS_B32, "s_movrels_b32", Sop1, 0x02a, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_MOVRELS_B64, "s_movrels_b64", Sop1, 0x02b, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_MOVRELD_B32, "s_movreld_b32", Sop1, 0x02c, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_MOVRELD_B64, "s_movreld_b64", Sop1, 0x02d, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_CBRANCH_JOIN, "s_cbranch_join", Sop1, 0x02e, None, Shape::Sop1 { d: 0, s0: 1 }),
    (S_ABS_I32, "s_abs_i32", Sop1, 0x030, None, Shape::Sop1 { d: 1, s0: 1 }),
    (S_SET_GPR_IDX_IDX, "s_set_gpr_idx_idx", Sop1, 0x032, None, Shape::Sop1 { d: 0, s0: 1 }),
    (S_ANDN1_SAVEEXEC_B64, "s_andn1_saveexec_b64", Sop1, 0x033, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_ORN1_SAVEEXEC_B64, "s_orn1_saveexec_b64", Sop1, 0x034, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_ANDN1_WREXEC_B64, "s_andn1_wrexec_b64", Sop1, 0x035, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_ANDN2_WREXEC_B64, "s_andn2_wrexec_b64", Sop1, 0x036, None, Shape::Sop1 { d: 2, s0: 2 }),
    (S_BITREPLICATE_B64_B32, "s_bitreplicate_b64_b32", Sop1, 0x037, None, Shape::Sop1 { d: 2, s0: 1 }),
    // SOPC (vega L25317-25408)
    (S_CMP_EQ_I32, "s_cmp_eq_i32", Sopc, 0x000, None, Shape::Sopc { s0: 1, s1: 1 }),
    (S_CMP_LG_I32, "s_cmp_lg_i32", Sopc, 0x001, None, Shape::Sopc { s0: 1, s1: 1 }),
    (S_CMP_GT_I32, "s_cmp_gt_i32", Sopc, 0x002, None, Shape::Sopc { s0: 1, s1: 1 }),
    (S_CMP_GE_I32, "s_cmp_ge_i32", Sopc, 0x003, None, Shape::Sopc { s0: 1, s1: 1 }),
    (S_CMP_LT_I32, "s_cmp_lt_i32", Sopc, 0x004, None, Shape::Sopc { s0: 1, s1: 1 }),
    (S_CMP_LE_I32, "s_cmp_le_i32", Sopc, 0x005, None, Shape::Sopc { s0: 1, s1: 1 }),
    (S_CMP_EQ_U32, "s_cmp_eq_u32", Sopc, 0x006, None, Shape::Sopc { s0: 1, s1: 1 }),
    (S_CMP_LG_U32, "s_cmp_lg_u32", Sopc, 0x007, None, Shape::Sopc { s0: 1, s1: 1 }),
    (S_CMP_GT_U32, "s_cmp_gt_u32", Sopc, 0x008, None, Shape::Sopc { s0: 1, s1: 1 }),
    (S_CMP_GE_U32, "s_cmp_ge_u32", Sopc, 0x009, None, Shape::Sopc { s0: 1, s1: 1 }),
    (S_CMP_LT_U32, "s_cmp_lt_u32", Sopc, 0x00a, None, Shape::Sopc { s0: 1, s1: 1 }),
    (S_CMP_LE_U32, "s_cmp_le_u32", Sopc, 0x00b, None, Shape::Sopc { s0: 1, s1: 1 }),
    (S_BITCMP0_B32, "s_bitcmp0_b32", Sopc, 0x00c, None, Shape::Sopc { s0: 1, s1: 1 }),
    (S_BITCMP1_B32, "s_bitcmp1_b32", Sopc, 0x00d, None, Shape::Sopc { s0: 1, s1: 1 }),
    (S_BITCMP0_B64, "s_bitcmp0_b64", Sopc, 0x00e, None, Shape::Sopc { s0: 2, s1: 1 }),
    (S_BITCMP1_B64, "s_bitcmp1_b64", Sopc, 0x00f, None, Shape::Sopc { s0: 2, s1: 1 }),
    (S_SETVSKIP, "s_setvskip", Sopc, 0x010, None, Shape::Sopc { s0: 1, s1: 1 }),
    (S_SET_GPR_IDX_ON, "s_set_gpr_idx_on", Sopc, 0x011, None, Shape::SopcGprIdxOn),
    (S_CMP_EQ_U64, "s_cmp_eq_u64", Sopc, 0x012, None, Shape::Sopc { s0: 2, s1: 2 }),
    (S_CMP_LG_U64, "s_cmp_lg_u64", Sopc, 0x013, None, Shape::Sopc { s0: 2, s1: 2 }),
    // SOPP (vega L25444-25585)
    (S_NOP, "s_nop", Sopp, 0x000, None, Shape::Sopp(SoppKind::Imm)),
    (S_ENDPGM, "s_endpgm", Sopp, 0x001, None, Shape::Sopp(SoppKind::None)),
    (S_BRANCH, "s_branch", Sopp, 0x002, None, Shape::Sopp(SoppKind::Branch)),
    (S_WAKEUP, "s_wakeup", Sopp, 0x003, None, Shape::Sopp(SoppKind::None)),
    (S_CBRANCH_SCC0, "s_cbranch_scc0", Sopp, 0x004, None, Shape::Sopp(SoppKind::Branch)),
    (S_CBRANCH_SCC1, "s_cbranch_scc1", Sopp, 0x005, None, Shape::Sopp(SoppKind::Branch)),
    (S_CBRANCH_VCCZ, "s_cbranch_vccz", Sopp, 0x006, None, Shape::Sopp(SoppKind::Branch)),
    (S_CBRANCH_VCCNZ, "s_cbranch_vccnz", Sopp, 0x007, None, Shape::Sopp(SoppKind::Branch)),
    (S_CBRANCH_EXECZ, "s_cbranch_execz", Sopp, 0x008, None, Shape::Sopp(SoppKind::Branch)),
    (S_CBRANCH_EXECNZ, "s_cbranch_execnz", Sopp, 0x009, None, Shape::Sopp(SoppKind::Branch)),
    (S_BARRIER, "s_barrier", Sopp, 0x00a, None, Shape::Sopp(SoppKind::None)),
    (S_SETKILL, "s_setkill", Sopp, 0x00b, None, Shape::Sopp(SoppKind::Imm)),
    (S_WAITCNT, "s_waitcnt", Sopp, 0x00c, None, Shape::Sopp(SoppKind::Waitcnt)),
    (S_SETHALT, "s_sethalt", Sopp, 0x00d, None, Shape::Sopp(SoppKind::Imm)),
    (S_SLEEP, "s_sleep", Sopp, 0x00e, None, Shape::Sopp(SoppKind::Imm)),
    (S_SETPRIO, "s_setprio", Sopp, 0x00f, None, Shape::Sopp(SoppKind::Imm)),
    (S_SENDMSG, "s_sendmsg", Sopp, 0x010, None, Shape::Sopp(SoppKind::Sendmsg)),
    (S_SENDMSGHALT, "s_sendmsghalt", Sopp, 0x011, None, Shape::Sopp(SoppKind::Sendmsg)),
    (S_TRAP, "s_trap", Sopp, 0x012, None, Shape::Sopp(SoppKind::Imm)),
    (S_ICACHE_INV, "s_icache_inv", Sopp, 0x013, None, Shape::Sopp(SoppKind::None)),
    (S_INCPERFLEVEL, "s_incperflevel", Sopp, 0x014, None, Shape::Sopp(SoppKind::Imm)),
    (S_DECPERFLEVEL, "s_decperflevel", Sopp, 0x015, None, Shape::Sopp(SoppKind::Imm)),
    (S_TTRACEDATA, "s_ttracedata", Sopp, 0x016, None, Shape::Sopp(SoppKind::None)),
    (S_CBRANCH_CDBGSYS, "s_cbranch_cdbgsys", Sopp, 0x017, None, Shape::Sopp(SoppKind::Branch)),
    (S_CBRANCH_CDBGUSER, "s_cbranch_cdbguser", Sopp, 0x018, None, Shape::Sopp(SoppKind::Branch)),
    (S_CBRANCH_CDBGSYS_OR_USER, "s_cbranch_cdbgsys_or_user", Sopp, 0x019, None, Shape::Sopp(SoppKind::Branch)),
    (S_CBRANCH_CDBGSYS_AND_USER, "s_cbranch_cdbgsys_and_user", Sopp, 0x01a, None, Shape::Sopp(SoppKind::Branch)),
    (S_ENDPGM_SAVED, "s_endpgm_saved", Sopp, 0x01b, None, Shape::Sopp(SoppKind::None)),
    (S_SET_GPR_IDX_OFF, "s_set_gpr_idx_off", Sopp, 0x01c, None, Shape::Sopp(SoppKind::None)),
    (S_SET_GPR_IDX_MODE, "s_set_gpr_idx_mode", Sopp, 0x01d, None, Shape::Sopp(SoppKind::GprIdxMode)),
    (S_ENDPGM_ORDERED_PS_DONE, "s_endpgm_ordered_ps_done", Sopp, 0x01e, None, Shape::Sopp(SoppKind::None)),
    // SMEM (vega L25668-26033)
    (S_LOAD_DWORD, "s_load_dword", Smem, 0x000, None, Shape::Smem { kind: SmemKind::Load, data: 1, base: 2 }),
    (S_LOAD_DWORDX2, "s_load_dwordx2", Smem, 0x001, None, Shape::Smem { kind: SmemKind::Load, data: 2, base: 2 }),
    (S_LOAD_DWORDX4, "s_load_dwordx4", Smem, 0x002, None, Shape::Smem { kind: SmemKind::Load, data: 4, base: 2 }),
    (S_LOAD_DWORDX8, "s_load_dwordx8", Smem, 0x003, None, Shape::Smem { kind: SmemKind::Load, data: 8, base: 2 }),
    (S_LOAD_DWORDX16, "s_load_dwordx16", Smem, 0x004, None, Shape::Smem { kind: SmemKind::Load, data: 16, base: 2 }),
    (S_SCRATCH_LOAD_DWORD, "s_scratch_load_dword", Smem, 0x005, None, Shape::Smem { kind: SmemKind::Load, data: 1, base: 2 }),
    (S_SCRATCH_LOAD_DWORDX2, "s_scratch_load_dwordx2", Smem, 0x006, None, Shape::Smem { kind: SmemKind::Load, data: 2, base: 2 }),
    (S_SCRATCH_LOAD_DWORDX4, "s_scratch_load_dwordx4", Smem, 0x007, None, Shape::Smem { kind: SmemKind::Load, data: 4, base: 2 }),
    (S_BUFFER_LOAD_DWORD, "s_buffer_load_dword", Smem, 0x008, None, Shape::Smem { kind: SmemKind::Load, data: 1, base: 4 }),
    (S_BUFFER_LOAD_DWORDX2, "s_buffer_load_dwordx2", Smem, 0x009, None, Shape::Smem { kind: SmemKind::Load, data: 2, base: 4 }),
    (S_BUFFER_LOAD_DWORDX4, "s_buffer_load_dwordx4", Smem, 0x00a, None, Shape::Smem { kind: SmemKind::Load, data: 4, base: 4 }),
    (S_BUFFER_LOAD_DWORDX8, "s_buffer_load_dwordx8", Smem, 0x00b, None, Shape::Smem { kind: SmemKind::Load, data: 8, base: 4 }),
    (S_BUFFER_LOAD_DWORDX16, "s_buffer_load_dwordx16", Smem, 0x00c, None, Shape::Smem { kind: SmemKind::Load, data: 16, base: 4 }),
    (S_STORE_DWORD, "s_store_dword", Smem, 0x010, None, Shape::Smem { kind: SmemKind::Store, data: 1, base: 2 }),
    (S_STORE_DWORDX2, "s_store_dwordx2", Smem, 0x011, None, Shape::Smem { kind: SmemKind::Store, data: 2, base: 2 }),
    (S_STORE_DWORDX4, "s_store_dwordx4", Smem, 0x012, None, Shape::Smem { kind: SmemKind::Store, data: 4, base: 2 }),
    (S_SCRATCH_STORE_DWORD, "s_scratch_store_dword", Smem, 0x015, None, Shape::Smem { kind: SmemKind::Store, data: 1, base: 2 }),
    (S_SCRATCH_STORE_DWORDX2, "s_scratch_store_dwordx2", Smem, 0x016, None, Shape::Smem { kind: SmemKind::Store, data: 2, base: 2 }),
    (S_SCRATCH_STORE_DWORDX4, "s_scratch_store_dwordx4", Smem, 0x017, None, Shape::Smem { kind: SmemKind::Store, data: 4, base: 2 }),
    (S_BUFFER_STORE_DWORD, "s_buffer_store_dword", Smem, 0x018, None, Shape::Smem { kind: SmemKind::Store, data: 1, base: 4 }),
    (S_BUFFER_STORE_DWORDX2, "s_buffer_store_dwordx2", Smem, 0x019, None, Shape::Smem { kind: SmemKind::Store, data: 2, base: 4 }),
    (S_BUFFER_STORE_DWORDX4, "s_buffer_store_dwordx4", Smem, 0x01a, None, Shape::Smem { kind: SmemKind::Store, data: 4, base: 4 }),
    (S_DCACHE_INV, "s_dcache_inv", Smem, 0x020, None, Shape::Smem { kind: SmemKind::NoOp, data: 0, base: 0 }),
    (S_DCACHE_WB, "s_dcache_wb", Smem, 0x021, None, Shape::Smem { kind: SmemKind::NoOp, data: 0, base: 0 }),
    (S_DCACHE_INV_VOL, "s_dcache_inv_vol", Smem, 0x022, None, Shape::Smem { kind: SmemKind::NoOp, data: 0, base: 0 }),
    (S_DCACHE_WB_VOL, "s_dcache_wb_vol", Smem, 0x023, None, Shape::Smem { kind: SmemKind::NoOp, data: 0, base: 0 }),
    (S_MEMTIME, "s_memtime", Smem, 0x024, None, Shape::Smem { kind: SmemKind::Time, data: 2, base: 0 }),
    (S_MEMREALTIME, "s_memrealtime", Smem, 0x025, None, Shape::Smem { kind: SmemKind::Time, data: 2, base: 0 }),
    (S_ATC_PROBE, "s_atc_probe", Smem, 0x026, None, Shape::Smem { kind: SmemKind::Probe, data: 0, base: 2 }),
    (S_ATC_PROBE_BUFFER, "s_atc_probe_buffer", Smem, 0x027, None, Shape::Smem { kind: SmemKind::Probe, data: 0, base: 4 }),
    (S_DCACHE_DISCARD, "s_dcache_discard", Smem, 0x028, None, Shape::Smem { kind: SmemKind::Discard, data: 0, base: 2 }),
    (S_DCACHE_DISCARD_X2, "s_dcache_discard_x2", Smem, 0x029, None, Shape::Smem { kind: SmemKind::Discard, data: 0, base: 2 }),
    (S_BUFFER_ATOMIC_SWAP, "s_buffer_atomic_swap", Smem, 0x040, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 4 }),
    (S_BUFFER_ATOMIC_CMPSWAP, "s_buffer_atomic_cmpswap", Smem, 0x041, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 4 }),
    (S_BUFFER_ATOMIC_ADD, "s_buffer_atomic_add", Smem, 0x042, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 4 }),
    (S_BUFFER_ATOMIC_SUB, "s_buffer_atomic_sub", Smem, 0x043, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 4 }),
    (S_BUFFER_ATOMIC_SMIN, "s_buffer_atomic_smin", Smem, 0x044, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 4 }),
    (S_BUFFER_ATOMIC_UMIN, "s_buffer_atomic_umin", Smem, 0x045, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 4 }),
    (S_BUFFER_ATOMIC_SMAX, "s_buffer_atomic_smax", Smem, 0x046, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 4 }),
    (S_BUFFER_ATOMIC_UMAX, "s_buffer_atomic_umax", Smem, 0x047, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 4 }),
    (S_BUFFER_ATOMIC_AND, "s_buffer_atomic_and", Smem, 0x048, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 4 }),
    (S_BUFFER_ATOMIC_OR, "s_buffer_atomic_or", Smem, 0x049, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 4 }),
    (S_BUFFER_ATOMIC_XOR, "s_buffer_atomic_xor", Smem, 0x04a, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 4 }),
    (S_BUFFER_ATOMIC_INC, "s_buffer_atomic_inc", Smem, 0x04b, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 4 }),
    (S_BUFFER_ATOMIC_DEC, "s_buffer_atomic_dec", Smem, 0x04c, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 4 }),
    (S_BUFFER_ATOMIC_SWAP_X2, "s_buffer_atomic_swap_x2", Smem, 0x060, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 4 }),
    (S_BUFFER_ATOMIC_CMPSWAP_X2, "s_buffer_atomic_cmpswap_x2", Smem, 0x061, None, Shape::Smem { kind: SmemKind::Atomic, data: 4, base: 4 }),
    (S_BUFFER_ATOMIC_ADD_X2, "s_buffer_atomic_add_x2", Smem, 0x062, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 4 }),
    (S_BUFFER_ATOMIC_SUB_X2, "s_buffer_atomic_sub_x2", Smem, 0x063, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 4 }),
    (S_BUFFER_ATOMIC_SMIN_X2, "s_buffer_atomic_smin_x2", Smem, 0x064, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 4 }),
    (S_BUFFER_ATOMIC_UMIN_X2, "s_buffer_atomic_umin_x2", Smem, 0x065, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 4 }),
    (S_BUFFER_ATOMIC_SMAX_X2, "s_buffer_atomic_smax_x2", Smem, 0x066, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 4 }),
    (S_BUFFER_ATOMIC_UMAX_X2, "s_buffer_atomic_umax_x2", Smem, 0x067, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 4 }),
    (S_BUFFER_ATOMIC_AND_X2, "s_buffer_atomic_and_x2", Smem, 0x068, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 4 }),
    (S_BUFFER_ATOMIC_OR_X2, "s_buffer_atomic_or_x2", Smem, 0x069, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 4 }),
    (S_BUFFER_ATOMIC_XOR_X2, "s_buffer_atomic_xor_x2", Smem, 0x06a, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 4 }),
    (S_BUFFER_ATOMIC_INC_X2, "s_buffer_atomic_inc_x2", Smem, 0x06b, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 4 }),
    (S_BUFFER_ATOMIC_DEC_X2, "s_buffer_atomic_dec_x2", Smem, 0x06c, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 4 }),
    (S_ATOMIC_SWAP, "s_atomic_swap", Smem, 0x080, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 2 }),
    (S_ATOMIC_CMPSWAP, "s_atomic_cmpswap", Smem, 0x081, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 2 }),
    (S_ATOMIC_ADD, "s_atomic_add", Smem, 0x082, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 2 }),
    (S_ATOMIC_SUB, "s_atomic_sub", Smem, 0x083, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 2 }),
    (S_ATOMIC_SMIN, "s_atomic_smin", Smem, 0x084, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 2 }),
    (S_ATOMIC_UMIN, "s_atomic_umin", Smem, 0x085, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 2 }),
    (S_ATOMIC_SMAX, "s_atomic_smax", Smem, 0x086, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 2 }),
    (S_ATOMIC_UMAX, "s_atomic_umax", Smem, 0x087, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 2 }),
    (S_ATOMIC_AND, "s_atomic_and", Smem, 0x088, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 2 }),
    (S_ATOMIC_OR, "s_atomic_or", Smem, 0x089, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 2 }),
    (S_ATOMIC_XOR, "s_atomic_xor", Smem, 0x08a, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 2 }),
    (S_ATOMIC_INC, "s_atomic_inc", Smem, 0x08b, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 2 }),
    (S_ATOMIC_DEC, "s_atomic_dec", Smem, 0x08c, None, Shape::Smem { kind: SmemKind::Atomic, data: 1, base: 2 }),
    (S_ATOMIC_SWAP_X2, "s_atomic_swap_x2", Smem, 0x0a0, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 2 }),
    (S_ATOMIC_CMPSWAP_X2, "s_atomic_cmpswap_x2", Smem, 0x0a1, None, Shape::Smem { kind: SmemKind::Atomic, data: 4, base: 2 }),
    (S_ATOMIC_ADD_X2, "s_atomic_add_x2", Smem, 0x0a2, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 2 }),
    (S_ATOMIC_SUB_X2, "s_atomic_sub_x2", Smem, 0x0a3, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 2 }),
    (S_ATOMIC_SMIN_X2, "s_atomic_smin_x2", Smem, 0x0a4, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 2 }),
    (S_ATOMIC_UMIN_X2, "s_atomic_umin_x2", Smem, 0x0a5, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 2 }),
    (S_ATOMIC_SMAX_X2, "s_atomic_smax_x2", Smem, 0x0a6, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 2 }),
    (S_ATOMIC_UMAX_X2, "s_atomic_umax_x2", Smem, 0x0a7, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 2 }),
    (S_ATOMIC_AND_X2, "s_atomic_and_x2", Smem, 0x0a8, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 2 }),
    (S_ATOMIC_OR_X2, "s_atomic_or_x2", Smem, 0x0a9, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 2 }),
    (S_ATOMIC_XOR_X2, "s_atomic_xor_x2", Smem, 0x0aa, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 2 }),
    (S_ATOMIC_INC_X2, "s_atomic_inc_x2", Smem, 0x0ab, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 2 }),
    (S_ATOMIC_DEC_X2, "s_atomic_dec_x2", Smem, 0x0ac, None, Shape::Smem { kind: SmemKind::Atomic, data: 2, base: 2 }),
    // VOP2 (vega L26164-26411)
    (V_CNDMASK_B32, "v_cndmask_b32", Vop2, 0x000, Some(0x100), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B64], ValuKind::CarryIn, 0)),
    (V_ADD_F32, "v_add_f32", Vop2, 0x001, Some(0x101), valu(Ty::F32, [Ty::F32, Ty::F32, Ty::None], ValuKind::Plain, 0)),
    (V_SUB_F32, "v_sub_f32", Vop2, 0x002, Some(0x102), valu(Ty::F32, [Ty::F32, Ty::F32, Ty::None], ValuKind::Plain, 0)),
    (V_SUBREV_F32, "v_subrev_f32", Vop2, 0x003, Some(0x103), valu(Ty::F32, [Ty::F32, Ty::F32, Ty::None], ValuKind::Plain, 0)),
    (V_MUL_LEGACY_F32, "v_mul_legacy_f32", Vop2, 0x004, Some(0x104), valu(Ty::F32, [Ty::F32, Ty::F32, Ty::None], ValuKind::Plain, 0)),
    (V_MUL_F32, "v_mul_f32", Vop2, 0x005, Some(0x105), valu(Ty::F32, [Ty::F32, Ty::F32, Ty::None], ValuKind::Plain, 0)),
    (V_MUL_I32_I24, "v_mul_i32_i24", Vop2, 0x006, Some(0x106), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_MUL_HI_I32_I24, "v_mul_hi_i32_i24", Vop2, 0x007, Some(0x107), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_MUL_U32_U24, "v_mul_u32_u24", Vop2, 0x008, Some(0x108), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_MUL_HI_U32_U24, "v_mul_hi_u32_u24", Vop2, 0x009, Some(0x109), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_MIN_F32, "v_min_f32", Vop2, 0x00a, Some(0x10a), valu(Ty::F32, [Ty::F32, Ty::F32, Ty::None], ValuKind::Plain, 0)),
    (V_MAX_F32, "v_max_f32", Vop2, 0x00b, Some(0x10b), valu(Ty::F32, [Ty::F32, Ty::F32, Ty::None], ValuKind::Plain, 0)),
    (V_MIN_I32, "v_min_i32", Vop2, 0x00c, Some(0x10c), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_MAX_I32, "v_max_i32", Vop2, 0x00d, Some(0x10d), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_MIN_U32, "v_min_u32", Vop2, 0x00e, Some(0x10e), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_MAX_U32, "v_max_u32", Vop2, 0x00f, Some(0x10f), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_LSHRREV_B32, "v_lshrrev_b32", Vop2, 0x010, Some(0x110), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_ASHRREV_I32, "v_ashrrev_i32", Vop2, 0x011, Some(0x111), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_LSHLREV_B32, "v_lshlrev_b32", Vop2, 0x012, Some(0x112), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_AND_B32, "v_and_b32", Vop2, 0x013, Some(0x113), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_OR_B32, "v_or_b32", Vop2, 0x014, Some(0x114), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_XOR_B32, "v_xor_b32", Vop2, 0x015, Some(0x115), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_MAC_F32, "v_mac_f32", Vop2, 0x016, Some(0x116), valu(Ty::F32, [Ty::F32, Ty::F32, Ty::None], ValuKind::Plain, 0)),
    (V_MADMK_F32, "v_madmk_f32", Vop2, 0x017, None, valu(Ty::F32, [Ty::F32, Ty::F32, Ty::F32], ValuKind::MadMk, 0)),
    (V_MADAK_F32, "v_madak_f32", Vop2, 0x018, None, valu(Ty::F32, [Ty::F32, Ty::F32, Ty::F32], ValuKind::MadAk, 0)),
    (V_ADD_CO_U32, "v_add_co_u32", Vop2, 0x019, Some(0x119), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::CarryOut, 0)),
    (V_SUB_CO_U32, "v_sub_co_u32", Vop2, 0x01a, Some(0x11a), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::CarryOut, 0)),
    (V_SUBREV_CO_U32, "v_subrev_co_u32", Vop2, 0x01b, Some(0x11b), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::CarryOut, 0)),
    (V_ADDC_CO_U32, "v_addc_co_u32", Vop2, 0x01c, Some(0x11c), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B64], ValuKind::CarryInOut, 0)),
    (V_SUBB_CO_U32, "v_subb_co_u32", Vop2, 0x01d, Some(0x11d), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B64], ValuKind::CarryInOut, 0)),
    (V_SUBBREV_CO_U32, "v_subbrev_co_u32", Vop2, 0x01e, Some(0x11e), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B64], ValuKind::CarryInOut, 0)),
    (V_ADD_F16, "v_add_f16", Vop2, 0x01f, Some(0x11f), valu(Ty::F16, [Ty::F16, Ty::F16, Ty::None], ValuKind::Plain, 0)),
    (V_SUB_F16, "v_sub_f16", Vop2, 0x020, Some(0x120), valu(Ty::F16, [Ty::F16, Ty::F16, Ty::None], ValuKind::Plain, 0)),
    (V_SUBREV_F16, "v_subrev_f16", Vop2, 0x021, Some(0x121), valu(Ty::F16, [Ty::F16, Ty::F16, Ty::None], ValuKind::Plain, 0)),
    (V_MUL_F16, "v_mul_f16", Vop2, 0x022, Some(0x122), valu(Ty::F16, [Ty::F16, Ty::F16, Ty::None], ValuKind::Plain, 0)),
    (V_MAC_F16, "v_mac_f16", Vop2, 0x023, Some(0x123), valu(Ty::F16, [Ty::F16, Ty::F16, Ty::None], ValuKind::Plain, 0)),
    (V_MADMK_F16, "v_madmk_f16", Vop2, 0x024, None, valu(Ty::F16, [Ty::F16, Ty::F16, Ty::F16], ValuKind::MadMk, 0)),
    (V_MADAK_F16, "v_madak_f16", Vop2, 0x025, None, valu(Ty::F16, [Ty::F16, Ty::F16, Ty::F16], ValuKind::MadAk, 0)),
    (V_ADD_U16, "v_add_u16", Vop2, 0x026, Some(0x126), valu(Ty::B16, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, 0)),
    (V_SUB_U16, "v_sub_u16", Vop2, 0x027, Some(0x127), valu(Ty::B16, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, 0)),
    (V_SUBREV_U16, "v_subrev_u16", Vop2, 0x028, Some(0x128), valu(Ty::B16, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, 0)),
    (V_MUL_LO_U16, "v_mul_lo_u16", Vop2, 0x029, Some(0x129), valu(Ty::B16, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, 0)),
    (V_LSHLREV_B16, "v_lshlrev_b16", Vop2, 0x02a, Some(0x12a), valu(Ty::B16, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, 0)),
    (V_LSHRREV_B16, "v_lshrrev_b16", Vop2, 0x02b, Some(0x12b), valu(Ty::B16, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, 0)),
    (V_ASHRREV_I16, "v_ashrrev_i16", Vop2, 0x02c, Some(0x12c), valu(Ty::B16, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, 0)),
    (V_MAX_F16, "v_max_f16", Vop2, 0x02d, Some(0x12d), valu(Ty::F16, [Ty::F16, Ty::F16, Ty::None], ValuKind::Plain, 0)),
    (V_MIN_F16, "v_min_f16", Vop2, 0x02e, Some(0x12e), valu(Ty::F16, [Ty::F16, Ty::F16, Ty::None], ValuKind::Plain, 0)),
    (V_MAX_U16, "v_max_u16", Vop2, 0x02f, Some(0x12f), valu(Ty::B16, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, 0)),
    (V_MAX_I16, "v_max_i16", Vop2, 0x030, Some(0x130), valu(Ty::B16, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, 0)),
    (V_MIN_U16, "v_min_u16", Vop2, 0x031, Some(0x131), valu(Ty::B16, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, 0)),
    (V_MIN_I16, "v_min_i16", Vop2, 0x032, Some(0x132), valu(Ty::B16, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, 0)),
    (V_LDEXP_F16, "v_ldexp_f16", Vop2, 0x033, Some(0x133), valu(Ty::F16, [Ty::F16, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_ADD_U32, "v_add_u32", Vop2, 0x034, Some(0x134), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_SUB_U32, "v_sub_u32", Vop2, 0x035, Some(0x135), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_SUBREV_U32, "v_subrev_u32", Vop2, 0x036, Some(0x136), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_FMAC_F32, "v_fmac_f32", Vop2, 0x03b, Some(0x13b), valu(Ty::F32, [Ty::F32, Ty::F32, Ty::None], ValuKind::Plain, 0)),
    (V_XNOR_B32, "v_xnor_b32", Vop2, 0x03d, Some(0x13d), valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    // VOP1 (vega L26536-26875)
    (V_NOP, "v_nop", Vop1, 0x000, Some(0x140), valu(Ty::None, [Ty::None, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_MOV_B32, "v_mov_b32", Vop1, 0x001, Some(0x141), valu(Ty::B32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_READFIRSTLANE_B32, "v_readfirstlane_b32", Vop1, 0x002, None, valu_sgpr_dst(Ty::B32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_I32_F64, "v_cvt_i32_f64", Vop1, 0x003, Some(0x143), valu(Ty::B32, [Ty::F64, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_F64_I32, "v_cvt_f64_i32", Vop1, 0x004, Some(0x144), valu(Ty::F64, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_F32_I32, "v_cvt_f32_i32", Vop1, 0x005, Some(0x145), valu(Ty::F32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_F32_U32, "v_cvt_f32_u32", Vop1, 0x006, Some(0x146), valu(Ty::F32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_U32_F32, "v_cvt_u32_f32", Vop1, 0x007, Some(0x147), valu(Ty::B32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_I32_F32, "v_cvt_i32_f32", Vop1, 0x008, Some(0x148), valu(Ty::B32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_F16_F32, "v_cvt_f16_f32", Vop1, 0x00a, Some(0x14a), valu(Ty::F16, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_F32_F16, "v_cvt_f32_f16", Vop1, 0x00b, Some(0x14b), valu(Ty::F32, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_RPI_I32_F32, "v_cvt_rpi_i32_f32", Vop1, 0x00c, Some(0x14c), valu(Ty::B32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_FLR_I32_F32, "v_cvt_flr_i32_f32", Vop1, 0x00d, Some(0x14d), valu(Ty::B32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_OFF_F32_I4, "v_cvt_off_f32_i4", Vop1, 0x00e, Some(0x14e), valu(Ty::F32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_F32_F64, "v_cvt_f32_f64", Vop1, 0x00f, Some(0x14f), valu(Ty::F32, [Ty::F64, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_F64_F32, "v_cvt_f64_f32", Vop1, 0x010, Some(0x150), valu(Ty::F64, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_F32_UBYTE0, "v_cvt_f32_ubyte0", Vop1, 0x011, Some(0x151), valu(Ty::F32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_F32_UBYTE1, "v_cvt_f32_ubyte1", Vop1, 0x012, Some(0x152), valu(Ty::F32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_F32_UBYTE2, "v_cvt_f32_ubyte2", Vop1, 0x013, Some(0x153), valu(Ty::F32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_F32_UBYTE3, "v_cvt_f32_ubyte3", Vop1, 0x014, Some(0x154), valu(Ty::F32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_U32_F64, "v_cvt_u32_f64", Vop1, 0x015, Some(0x155), valu(Ty::B32, [Ty::F64, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_F64_U32, "v_cvt_f64_u32", Vop1, 0x016, Some(0x156), valu(Ty::F64, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_TRUNC_F64, "v_trunc_f64", Vop1, 0x017, Some(0x157), valu(Ty::F64, [Ty::F64, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CEIL_F64, "v_ceil_f64", Vop1, 0x018, Some(0x158), valu(Ty::F64, [Ty::F64, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_RNDNE_F64, "v_rndne_f64", Vop1, 0x019, Some(0x159), valu(Ty::F64, [Ty::F64, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_FLOOR_F64, "v_floor_f64", Vop1, 0x01a, Some(0x15a), valu(Ty::F64, [Ty::F64, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_FRACT_F32, "v_fract_f32", Vop1, 0x01b, Some(0x15b), valu(Ty::F32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_TRUNC_F32, "v_trunc_f32", Vop1, 0x01c, Some(0x15c), valu(Ty::F32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CEIL_F32, "v_ceil_f32", Vop1, 0x01d, Some(0x15d), valu(Ty::F32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_RNDNE_F32, "v_rndne_f32", Vop1, 0x01e, Some(0x15e), valu(Ty::F32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_FLOOR_F32, "v_floor_f32", Vop1, 0x01f, Some(0x15f), valu(Ty::F32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_EXP_F32, "v_exp_f32", Vop1, 0x020, Some(0x160), valu(Ty::F32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_LOG_F32, "v_log_f32", Vop1, 0x021, Some(0x161), valu(Ty::F32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_RCP_F32, "v_rcp_f32", Vop1, 0x022, Some(0x162), valu(Ty::F32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_RCP_IFLAG_F32, "v_rcp_iflag_f32", Vop1, 0x023, Some(0x163), valu(Ty::F32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_RSQ_F32, "v_rsq_f32", Vop1, 0x024, Some(0x164), valu(Ty::F32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_RCP_F64, "v_rcp_f64", Vop1, 0x025, Some(0x165), valu(Ty::F64, [Ty::F64, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_RSQ_F64, "v_rsq_f64", Vop1, 0x026, Some(0x166), valu(Ty::F64, [Ty::F64, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_SQRT_F32, "v_sqrt_f32", Vop1, 0x027, Some(0x167), valu(Ty::F32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_SQRT_F64, "v_sqrt_f64", Vop1, 0x028, Some(0x168), valu(Ty::F64, [Ty::F64, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_SIN_F32, "v_sin_f32", Vop1, 0x029, Some(0x169), valu(Ty::F32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_COS_F32, "v_cos_f32", Vop1, 0x02a, Some(0x16a), valu(Ty::F32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_NOT_B32, "v_not_b32", Vop1, 0x02b, Some(0x16b), valu(Ty::B32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_BFREV_B32, "v_bfrev_b32", Vop1, 0x02c, Some(0x16c), valu(Ty::B32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_FFBH_U32, "v_ffbh_u32", Vop1, 0x02d, Some(0x16d), valu(Ty::B32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_FFBL_B32, "v_ffbl_b32", Vop1, 0x02e, Some(0x16e), valu(Ty::B32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_FFBH_I32, "v_ffbh_i32", Vop1, 0x02f, Some(0x16f), valu(Ty::B32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_FREXP_EXP_I32_F64, "v_frexp_exp_i32_f64", Vop1, 0x030, Some(0x170), valu(Ty::B32, [Ty::F64, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_FREXP_MANT_F64, "v_frexp_mant_f64", Vop1, 0x031, Some(0x171), valu(Ty::F64, [Ty::F64, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_FRACT_F64, "v_fract_f64", Vop1, 0x032, Some(0x172), valu(Ty::F64, [Ty::F64, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_FREXP_EXP_I32_F32, "v_frexp_exp_i32_f32", Vop1, 0x033, Some(0x173), valu(Ty::B32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_FREXP_MANT_F32, "v_frexp_mant_f32", Vop1, 0x034, Some(0x174), valu(Ty::F32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CLREXCP, "v_clrexcp", Vop1, 0x035, Some(0x175), valu(Ty::None, [Ty::None, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_SCREEN_PARTITION_4SE_B32, "v_screen_partition_4se_b32", Vop1, 0x037, Some(0x177), valu(Ty::B32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_F16_U16, "v_cvt_f16_u16", Vop1, 0x039, Some(0x179), valu(Ty::F16, [Ty::B16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_F16_I16, "v_cvt_f16_i16", Vop1, 0x03a, Some(0x17a), valu(Ty::F16, [Ty::B16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_U16_F16, "v_cvt_u16_f16", Vop1, 0x03b, Some(0x17b), valu(Ty::B16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_I16_F16, "v_cvt_i16_f16", Vop1, 0x03c, Some(0x17c), valu(Ty::B16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_RCP_F16, "v_rcp_f16", Vop1, 0x03d, Some(0x17d), valu(Ty::F16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_SQRT_F16, "v_sqrt_f16", Vop1, 0x03e, Some(0x17e), valu(Ty::F16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_RSQ_F16, "v_rsq_f16", Vop1, 0x03f, Some(0x17f), valu(Ty::F16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_LOG_F16, "v_log_f16", Vop1, 0x040, Some(0x180), valu(Ty::F16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_EXP_F16, "v_exp_f16", Vop1, 0x041, Some(0x181), valu(Ty::F16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_FREXP_MANT_F16, "v_frexp_mant_f16", Vop1, 0x042, Some(0x182), valu(Ty::F16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_FREXP_EXP_I16_F16, "v_frexp_exp_i16_f16", Vop1, 0x043, Some(0x183), valu(Ty::B16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_FLOOR_F16, "v_floor_f16", Vop1, 0x044, Some(0x184), valu(Ty::F16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CEIL_F16, "v_ceil_f16", Vop1, 0x045, Some(0x185), valu(Ty::F16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_TRUNC_F16, "v_trunc_f16", Vop1, 0x046, Some(0x186), valu(Ty::F16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_RNDNE_F16, "v_rndne_f16", Vop1, 0x047, Some(0x187), valu(Ty::F16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_FRACT_F16, "v_fract_f16", Vop1, 0x048, Some(0x188), valu(Ty::F16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_SIN_F16, "v_sin_f16", Vop1, 0x049, Some(0x189), valu(Ty::F16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_COS_F16, "v_cos_f16", Vop1, 0x04a, Some(0x18a), valu(Ty::F16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_EXP_LEGACY_F32, "v_exp_legacy_f32", Vop1, 0x04b, Some(0x18b), valu(Ty::F32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_LOG_LEGACY_F32, "v_log_legacy_f32", Vop1, 0x04c, Some(0x18c), valu(Ty::F32, [Ty::F32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_NORM_I16_F16, "v_cvt_norm_i16_f16", Vop1, 0x04d, Some(0x18d), valu(Ty::B16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_NORM_U16_F16, "v_cvt_norm_u16_f16", Vop1, 0x04e, Some(0x18e), valu(Ty::B16, [Ty::F16, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_SAT_PK_U8_I16, "v_sat_pk_u8_i16", Vop1, 0x04f, Some(0x18f), valu(Ty::B32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    (V_SWAP_B32, "v_swap_b32", Vop1, 0x051, None, valu(Ty::B32, [Ty::B32, Ty::None, Ty::None], ValuKind::Plain, 0)),
    // VOPC (vega L27186-28035)
    (V_CMP_CLASS_F32, "v_cmp_class_f32", Vopc, 0x010, Some(0x010), valu(Ty::None, [Ty::F32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_CLASS_F32, "v_cmpx_class_f32", Vopc, 0x011, Some(0x011), valu(Ty::None, [Ty::F32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_CLASS_F64, "v_cmp_class_f64", Vopc, 0x012, Some(0x012), valu(Ty::None, [Ty::F64, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_CLASS_F64, "v_cmpx_class_f64", Vopc, 0x013, Some(0x013), valu(Ty::None, [Ty::F64, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_CLASS_F16, "v_cmp_class_f16", Vopc, 0x014, Some(0x014), valu(Ty::None, [Ty::F16, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_CLASS_F16, "v_cmpx_class_f16", Vopc, 0x015, Some(0x015), valu(Ty::None, [Ty::F16, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_F_F16, "v_cmp_f_f16", Vopc, 0x020, Some(0x020), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LT_F16, "v_cmp_lt_f16", Vopc, 0x021, Some(0x021), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_EQ_F16, "v_cmp_eq_f16", Vopc, 0x022, Some(0x022), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LE_F16, "v_cmp_le_f16", Vopc, 0x023, Some(0x023), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GT_F16, "v_cmp_gt_f16", Vopc, 0x024, Some(0x024), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LG_F16, "v_cmp_lg_f16", Vopc, 0x025, Some(0x025), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GE_F16, "v_cmp_ge_f16", Vopc, 0x026, Some(0x026), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_O_F16, "v_cmp_o_f16", Vopc, 0x027, Some(0x027), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_U_F16, "v_cmp_u_f16", Vopc, 0x028, Some(0x028), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NGE_F16, "v_cmp_nge_f16", Vopc, 0x029, Some(0x029), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NLG_F16, "v_cmp_nlg_f16", Vopc, 0x02a, Some(0x02a), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NGT_F16, "v_cmp_ngt_f16", Vopc, 0x02b, Some(0x02b), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NLE_F16, "v_cmp_nle_f16", Vopc, 0x02c, Some(0x02c), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NEQ_F16, "v_cmp_neq_f16", Vopc, 0x02d, Some(0x02d), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NLT_F16, "v_cmp_nlt_f16", Vopc, 0x02e, Some(0x02e), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_TRU_F16, "v_cmp_tru_f16", Vopc, 0x02f, Some(0x02f), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_F_F16, "v_cmpx_f_f16", Vopc, 0x030, Some(0x030), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LT_F16, "v_cmpx_lt_f16", Vopc, 0x031, Some(0x031), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_EQ_F16, "v_cmpx_eq_f16", Vopc, 0x032, Some(0x032), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LE_F16, "v_cmpx_le_f16", Vopc, 0x033, Some(0x033), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GT_F16, "v_cmpx_gt_f16", Vopc, 0x034, Some(0x034), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LG_F16, "v_cmpx_lg_f16", Vopc, 0x035, Some(0x035), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GE_F16, "v_cmpx_ge_f16", Vopc, 0x036, Some(0x036), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_O_F16, "v_cmpx_o_f16", Vopc, 0x037, Some(0x037), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_U_F16, "v_cmpx_u_f16", Vopc, 0x038, Some(0x038), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NGE_F16, "v_cmpx_nge_f16", Vopc, 0x039, Some(0x039), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NLG_F16, "v_cmpx_nlg_f16", Vopc, 0x03a, Some(0x03a), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NGT_F16, "v_cmpx_ngt_f16", Vopc, 0x03b, Some(0x03b), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NLE_F16, "v_cmpx_nle_f16", Vopc, 0x03c, Some(0x03c), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NEQ_F16, "v_cmpx_neq_f16", Vopc, 0x03d, Some(0x03d), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NLT_F16, "v_cmpx_nlt_f16", Vopc, 0x03e, Some(0x03e), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_TRU_F16, "v_cmpx_tru_f16", Vopc, 0x03f, Some(0x03f), valu(Ty::None, [Ty::F16, Ty::F16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_F_F32, "v_cmp_f_f32", Vopc, 0x040, Some(0x040), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LT_F32, "v_cmp_lt_f32", Vopc, 0x041, Some(0x041), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_EQ_F32, "v_cmp_eq_f32", Vopc, 0x042, Some(0x042), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LE_F32, "v_cmp_le_f32", Vopc, 0x043, Some(0x043), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GT_F32, "v_cmp_gt_f32", Vopc, 0x044, Some(0x044), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LG_F32, "v_cmp_lg_f32", Vopc, 0x045, Some(0x045), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GE_F32, "v_cmp_ge_f32", Vopc, 0x046, Some(0x046), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_O_F32, "v_cmp_o_f32", Vopc, 0x047, Some(0x047), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_U_F32, "v_cmp_u_f32", Vopc, 0x048, Some(0x048), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NGE_F32, "v_cmp_nge_f32", Vopc, 0x049, Some(0x049), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NLG_F32, "v_cmp_nlg_f32", Vopc, 0x04a, Some(0x04a), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NGT_F32, "v_cmp_ngt_f32", Vopc, 0x04b, Some(0x04b), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NLE_F32, "v_cmp_nle_f32", Vopc, 0x04c, Some(0x04c), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NEQ_F32, "v_cmp_neq_f32", Vopc, 0x04d, Some(0x04d), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NLT_F32, "v_cmp_nlt_f32", Vopc, 0x04e, Some(0x04e), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_TRU_F32, "v_cmp_tru_f32", Vopc, 0x04f, Some(0x04f), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_F_F32, "v_cmpx_f_f32", Vopc, 0x050, Some(0x050), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LT_F32, "v_cmpx_lt_f32", Vopc, 0x051, Some(0x051), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_EQ_F32, "v_cmpx_eq_f32", Vopc, 0x052, Some(0x052), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LE_F32, "v_cmpx_le_f32", Vopc, 0x053, Some(0x053), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GT_F32, "v_cmpx_gt_f32", Vopc, 0x054, Some(0x054), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LG_F32, "v_cmpx_lg_f32", Vopc, 0x055, Some(0x055), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GE_F32, "v_cmpx_ge_f32", Vopc, 0x056, Some(0x056), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_O_F32, "v_cmpx_o_f32", Vopc, 0x057, Some(0x057), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_U_F32, "v_cmpx_u_f32", Vopc, 0x058, Some(0x058), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NGE_F32, "v_cmpx_nge_f32", Vopc, 0x059, Some(0x059), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NLG_F32, "v_cmpx_nlg_f32", Vopc, 0x05a, Some(0x05a), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NGT_F32, "v_cmpx_ngt_f32", Vopc, 0x05b, Some(0x05b), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NLE_F32, "v_cmpx_nle_f32", Vopc, 0x05c, Some(0x05c), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NEQ_F32, "v_cmpx_neq_f32", Vopc, 0x05d, Some(0x05d), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NLT_F32, "v_cmpx_nlt_f32", Vopc, 0x05e, Some(0x05e), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_TRU_F32, "v_cmpx_tru_f32", Vopc, 0x05f, Some(0x05f), valu(Ty::None, [Ty::F32, Ty::F32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_F_F64, "v_cmp_f_f64", Vopc, 0x060, Some(0x060), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LT_F64, "v_cmp_lt_f64", Vopc, 0x061, Some(0x061), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_EQ_F64, "v_cmp_eq_f64", Vopc, 0x062, Some(0x062), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LE_F64, "v_cmp_le_f64", Vopc, 0x063, Some(0x063), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GT_F64, "v_cmp_gt_f64", Vopc, 0x064, Some(0x064), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LG_F64, "v_cmp_lg_f64", Vopc, 0x065, Some(0x065), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GE_F64, "v_cmp_ge_f64", Vopc, 0x066, Some(0x066), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_O_F64, "v_cmp_o_f64", Vopc, 0x067, Some(0x067), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_U_F64, "v_cmp_u_f64", Vopc, 0x068, Some(0x068), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NGE_F64, "v_cmp_nge_f64", Vopc, 0x069, Some(0x069), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NLG_F64, "v_cmp_nlg_f64", Vopc, 0x06a, Some(0x06a), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NGT_F64, "v_cmp_ngt_f64", Vopc, 0x06b, Some(0x06b), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NLE_F64, "v_cmp_nle_f64", Vopc, 0x06c, Some(0x06c), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NEQ_F64, "v_cmp_neq_f64", Vopc, 0x06d, Some(0x06d), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NLT_F64, "v_cmp_nlt_f64", Vopc, 0x06e, Some(0x06e), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_TRU_F64, "v_cmp_tru_f64", Vopc, 0x06f, Some(0x06f), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_F_F64, "v_cmpx_f_f64", Vopc, 0x070, Some(0x070), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LT_F64, "v_cmpx_lt_f64", Vopc, 0x071, Some(0x071), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_EQ_F64, "v_cmpx_eq_f64", Vopc, 0x072, Some(0x072), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LE_F64, "v_cmpx_le_f64", Vopc, 0x073, Some(0x073), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GT_F64, "v_cmpx_gt_f64", Vopc, 0x074, Some(0x074), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LG_F64, "v_cmpx_lg_f64", Vopc, 0x075, Some(0x075), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GE_F64, "v_cmpx_ge_f64", Vopc, 0x076, Some(0x076), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_O_F64, "v_cmpx_o_f64", Vopc, 0x077, Some(0x077), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_U_F64, "v_cmpx_u_f64", Vopc, 0x078, Some(0x078), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NGE_F64, "v_cmpx_nge_f64", Vopc, 0x079, Some(0x079), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NLG_F64, "v_cmpx_nlg_f64", Vopc, 0x07a, Some(0x07a), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NGT_F64, "v_cmpx_ngt_f64", Vopc, 0x07b, Some(0x07b), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NLE_F64, "v_cmpx_nle_f64", Vopc, 0x07c, Some(0x07c), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NEQ_F64, "v_cmpx_neq_f64", Vopc, 0x07d, Some(0x07d), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NLT_F64, "v_cmpx_nlt_f64", Vopc, 0x07e, Some(0x07e), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_TRU_F64, "v_cmpx_tru_f64", Vopc, 0x07f, Some(0x07f), valu(Ty::None, [Ty::F64, Ty::F64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_F_I16, "v_cmp_f_i16", Vopc, 0x0a0, Some(0x0a0), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LT_I16, "v_cmp_lt_i16", Vopc, 0x0a1, Some(0x0a1), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_EQ_I16, "v_cmp_eq_i16", Vopc, 0x0a2, Some(0x0a2), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LE_I16, "v_cmp_le_i16", Vopc, 0x0a3, Some(0x0a3), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GT_I16, "v_cmp_gt_i16", Vopc, 0x0a4, Some(0x0a4), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NE_I16, "v_cmp_ne_i16", Vopc, 0x0a5, Some(0x0a5), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GE_I16, "v_cmp_ge_i16", Vopc, 0x0a6, Some(0x0a6), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_T_I16, "v_cmp_t_i16", Vopc, 0x0a7, Some(0x0a7), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_F_U16, "v_cmp_f_u16", Vopc, 0x0a8, Some(0x0a8), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LT_U16, "v_cmp_lt_u16", Vopc, 0x0a9, Some(0x0a9), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_EQ_U16, "v_cmp_eq_u16", Vopc, 0x0aa, Some(0x0aa), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LE_U16, "v_cmp_le_u16", Vopc, 0x0ab, Some(0x0ab), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GT_U16, "v_cmp_gt_u16", Vopc, 0x0ac, Some(0x0ac), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NE_U16, "v_cmp_ne_u16", Vopc, 0x0ad, Some(0x0ad), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GE_U16, "v_cmp_ge_u16", Vopc, 0x0ae, Some(0x0ae), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_T_U16, "v_cmp_t_u16", Vopc, 0x0af, Some(0x0af), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_F_I16, "v_cmpx_f_i16", Vopc, 0x0b0, Some(0x0b0), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LT_I16, "v_cmpx_lt_i16", Vopc, 0x0b1, Some(0x0b1), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_EQ_I16, "v_cmpx_eq_i16", Vopc, 0x0b2, Some(0x0b2), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LE_I16, "v_cmpx_le_i16", Vopc, 0x0b3, Some(0x0b3), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GT_I16, "v_cmpx_gt_i16", Vopc, 0x0b4, Some(0x0b4), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NE_I16, "v_cmpx_ne_i16", Vopc, 0x0b5, Some(0x0b5), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GE_I16, "v_cmpx_ge_i16", Vopc, 0x0b6, Some(0x0b6), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_T_I16, "v_cmpx_t_i16", Vopc, 0x0b7, Some(0x0b7), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_F_U16, "v_cmpx_f_u16", Vopc, 0x0b8, Some(0x0b8), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LT_U16, "v_cmpx_lt_u16", Vopc, 0x0b9, Some(0x0b9), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_EQ_U16, "v_cmpx_eq_u16", Vopc, 0x0ba, Some(0x0ba), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LE_U16, "v_cmpx_le_u16", Vopc, 0x0bb, Some(0x0bb), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GT_U16, "v_cmpx_gt_u16", Vopc, 0x0bc, Some(0x0bc), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NE_U16, "v_cmpx_ne_u16", Vopc, 0x0bd, Some(0x0bd), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GE_U16, "v_cmpx_ge_u16", Vopc, 0x0be, Some(0x0be), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_T_U16, "v_cmpx_t_u16", Vopc, 0x0bf, Some(0x0bf), valu(Ty::None, [Ty::B16, Ty::B16, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_F_I32, "v_cmp_f_i32", Vopc, 0x0c0, Some(0x0c0), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LT_I32, "v_cmp_lt_i32", Vopc, 0x0c1, Some(0x0c1), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_EQ_I32, "v_cmp_eq_i32", Vopc, 0x0c2, Some(0x0c2), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LE_I32, "v_cmp_le_i32", Vopc, 0x0c3, Some(0x0c3), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GT_I32, "v_cmp_gt_i32", Vopc, 0x0c4, Some(0x0c4), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NE_I32, "v_cmp_ne_i32", Vopc, 0x0c5, Some(0x0c5), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GE_I32, "v_cmp_ge_i32", Vopc, 0x0c6, Some(0x0c6), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_T_I32, "v_cmp_t_i32", Vopc, 0x0c7, Some(0x0c7), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_F_U32, "v_cmp_f_u32", Vopc, 0x0c8, Some(0x0c8), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LT_U32, "v_cmp_lt_u32", Vopc, 0x0c9, Some(0x0c9), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_EQ_U32, "v_cmp_eq_u32", Vopc, 0x0ca, Some(0x0ca), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LE_U32, "v_cmp_le_u32", Vopc, 0x0cb, Some(0x0cb), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GT_U32, "v_cmp_gt_u32", Vopc, 0x0cc, Some(0x0cc), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NE_U32, "v_cmp_ne_u32", Vopc, 0x0cd, Some(0x0cd), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GE_U32, "v_cmp_ge_u32", Vopc, 0x0ce, Some(0x0ce), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_T_U32, "v_cmp_t_u32", Vopc, 0x0cf, Some(0x0cf), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_F_I32, "v_cmpx_f_i32", Vopc, 0x0d0, Some(0x0d0), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LT_I32, "v_cmpx_lt_i32", Vopc, 0x0d1, Some(0x0d1), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_EQ_I32, "v_cmpx_eq_i32", Vopc, 0x0d2, Some(0x0d2), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LE_I32, "v_cmpx_le_i32", Vopc, 0x0d3, Some(0x0d3), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GT_I32, "v_cmpx_gt_i32", Vopc, 0x0d4, Some(0x0d4), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NE_I32, "v_cmpx_ne_i32", Vopc, 0x0d5, Some(0x0d5), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GE_I32, "v_cmpx_ge_i32", Vopc, 0x0d6, Some(0x0d6), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_T_I32, "v_cmpx_t_i32", Vopc, 0x0d7, Some(0x0d7), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_F_U32, "v_cmpx_f_u32", Vopc, 0x0d8, Some(0x0d8), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LT_U32, "v_cmpx_lt_u32", Vopc, 0x0d9, Some(0x0d9), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_EQ_U32, "v_cmpx_eq_u32", Vopc, 0x0da, Some(0x0da), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LE_U32, "v_cmpx_le_u32", Vopc, 0x0db, Some(0x0db), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GT_U32, "v_cmpx_gt_u32", Vopc, 0x0dc, Some(0x0dc), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NE_U32, "v_cmpx_ne_u32", Vopc, 0x0dd, Some(0x0dd), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GE_U32, "v_cmpx_ge_u32", Vopc, 0x0de, Some(0x0de), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_T_U32, "v_cmpx_t_u32", Vopc, 0x0df, Some(0x0df), valu(Ty::None, [Ty::B32, Ty::B32, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_F_I64, "v_cmp_f_i64", Vopc, 0x0e0, Some(0x0e0), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LT_I64, "v_cmp_lt_i64", Vopc, 0x0e1, Some(0x0e1), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_EQ_I64, "v_cmp_eq_i64", Vopc, 0x0e2, Some(0x0e2), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LE_I64, "v_cmp_le_i64", Vopc, 0x0e3, Some(0x0e3), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GT_I64, "v_cmp_gt_i64", Vopc, 0x0e4, Some(0x0e4), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NE_I64, "v_cmp_ne_i64", Vopc, 0x0e5, Some(0x0e5), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GE_I64, "v_cmp_ge_i64", Vopc, 0x0e6, Some(0x0e6), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_T_I64, "v_cmp_t_i64", Vopc, 0x0e7, Some(0x0e7), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_F_U64, "v_cmp_f_u64", Vopc, 0x0e8, Some(0x0e8), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LT_U64, "v_cmp_lt_u64", Vopc, 0x0e9, Some(0x0e9), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_EQ_U64, "v_cmp_eq_u64", Vopc, 0x0ea, Some(0x0ea), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_LE_U64, "v_cmp_le_u64", Vopc, 0x0eb, Some(0x0eb), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GT_U64, "v_cmp_gt_u64", Vopc, 0x0ec, Some(0x0ec), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_NE_U64, "v_cmp_ne_u64", Vopc, 0x0ed, Some(0x0ed), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_GE_U64, "v_cmp_ge_u64", Vopc, 0x0ee, Some(0x0ee), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMP_T_U64, "v_cmp_t_u64", Vopc, 0x0ef, Some(0x0ef), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_F_I64, "v_cmpx_f_i64", Vopc, 0x0f0, Some(0x0f0), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LT_I64, "v_cmpx_lt_i64", Vopc, 0x0f1, Some(0x0f1), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_EQ_I64, "v_cmpx_eq_i64", Vopc, 0x0f2, Some(0x0f2), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LE_I64, "v_cmpx_le_i64", Vopc, 0x0f3, Some(0x0f3), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GT_I64, "v_cmpx_gt_i64", Vopc, 0x0f4, Some(0x0f4), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NE_I64, "v_cmpx_ne_i64", Vopc, 0x0f5, Some(0x0f5), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GE_I64, "v_cmpx_ge_i64", Vopc, 0x0f6, Some(0x0f6), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_T_I64, "v_cmpx_t_i64", Vopc, 0x0f7, Some(0x0f7), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_F_U64, "v_cmpx_f_u64", Vopc, 0x0f8, Some(0x0f8), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LT_U64, "v_cmpx_lt_u64", Vopc, 0x0f9, Some(0x0f9), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_EQ_U64, "v_cmpx_eq_u64", Vopc, 0x0fa, Some(0x0fa), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_LE_U64, "v_cmpx_le_u64", Vopc, 0x0fb, Some(0x0fb), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GT_U64, "v_cmpx_gt_u64", Vopc, 0x0fc, Some(0x0fc), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_NE_U64, "v_cmpx_ne_u64", Vopc, 0x0fd, Some(0x0fd), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_GE_U64, "v_cmpx_ge_u64", Vopc, 0x0fe, Some(0x0fe), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    (V_CMPX_T_U64, "v_cmpx_t_u64", Vopc, 0x0ff, Some(0x0ff), valu(Ty::None, [Ty::B64, Ty::B64, Ty::None], ValuKind::Vopc, 0)),
    // VINTRP (vega L29698-29703; VOP3 forms 0x270+op, L16514-16518)
    (V_INTERP_P1_F32, "v_interp_p1_f32", Vintrp, 0x000, None, Shape::Vintrp(VintrpKind::P1)),
    (V_INTERP_P2_F32, "v_interp_p2_f32", Vintrp, 0x001, None, Shape::Vintrp(VintrpKind::P2)),
    (V_INTERP_MOV_F32, "v_interp_mov_f32", Vintrp, 0x002, None, Shape::Vintrp(VintrpKind::Mov)),
    // VOP3A (vega L28209-28656)
    (V_MAD_LEGACY_F32, "v_mad_legacy_f32", Vop3, 0x1c0, None, valu(Ty::F32, [Ty::F32, Ty::F32, Ty::F32], ValuKind::Plain, 0)),
    (V_MAD_F32, "v_mad_f32", Vop3, 0x1c1, None, valu(Ty::F32, [Ty::F32, Ty::F32, Ty::F32], ValuKind::Plain, 0)),
    (V_MAD_I32_I24, "v_mad_i32_i24", Vop3, 0x1c2, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_MAD_U32_U24, "v_mad_u32_u24", Vop3, 0x1c3, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_CUBEID_F32, "v_cubeid_f32", Vop3, 0x1c4, None, valu(Ty::F32, [Ty::F32, Ty::F32, Ty::F32], ValuKind::Plain, 0)),
    (V_CUBESC_F32, "v_cubesc_f32", Vop3, 0x1c5, None, valu(Ty::F32, [Ty::F32, Ty::F32, Ty::F32], ValuKind::Plain, 0)),
    (V_CUBETC_F32, "v_cubetc_f32", Vop3, 0x1c6, None, valu(Ty::F32, [Ty::F32, Ty::F32, Ty::F32], ValuKind::Plain, 0)),
    (V_CUBEMA_F32, "v_cubema_f32", Vop3, 0x1c7, None, valu(Ty::F32, [Ty::F32, Ty::F32, Ty::F32], ValuKind::Plain, 0)),
    (V_BFE_U32, "v_bfe_u32", Vop3, 0x1c8, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_BFE_I32, "v_bfe_i32", Vop3, 0x1c9, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_BFI_B32, "v_bfi_b32", Vop3, 0x1ca, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_FMA_F32, "v_fma_f32", Vop3, 0x1cb, None, valu(Ty::F32, [Ty::F32, Ty::F32, Ty::F32], ValuKind::Plain, 0)),
    (V_FMA_F64, "v_fma_f64", Vop3, 0x1cc, None, valu(Ty::F64, [Ty::F64, Ty::F64, Ty::F64], ValuKind::Plain, 0)),
    (V_LERP_U8, "v_lerp_u8", Vop3, 0x1cd, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_ALIGNBIT_B32, "v_alignbit_b32", Vop3, 0x1ce, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_ALIGNBYTE_B32, "v_alignbyte_b32", Vop3, 0x1cf, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_MIN3_F32, "v_min3_f32", Vop3, 0x1d0, None, valu(Ty::F32, [Ty::F32, Ty::F32, Ty::F32], ValuKind::Plain, 0)),
    (V_MIN3_I32, "v_min3_i32", Vop3, 0x1d1, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_MIN3_U32, "v_min3_u32", Vop3, 0x1d2, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_MAX3_F32, "v_max3_f32", Vop3, 0x1d3, None, valu(Ty::F32, [Ty::F32, Ty::F32, Ty::F32], ValuKind::Plain, 0)),
    (V_MAX3_I32, "v_max3_i32", Vop3, 0x1d4, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_MAX3_U32, "v_max3_u32", Vop3, 0x1d5, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_MED3_F32, "v_med3_f32", Vop3, 0x1d6, None, valu(Ty::F32, [Ty::F32, Ty::F32, Ty::F32], ValuKind::Plain, 0)),
    (V_MED3_I32, "v_med3_i32", Vop3, 0x1d7, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_MED3_U32, "v_med3_u32", Vop3, 0x1d8, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_SAD_U8, "v_sad_u8", Vop3, 0x1d9, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_SAD_HI_U8, "v_sad_hi_u8", Vop3, 0x1da, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_SAD_U16, "v_sad_u16", Vop3, 0x1db, None, valu(Ty::B16, [Ty::B16, Ty::B16, Ty::B16], ValuKind::Plain, OPSEL)),
    (V_SAD_U32, "v_sad_u32", Vop3, 0x1dc, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_CVT_PK_U8_F32, "v_cvt_pk_u8_f32", Vop3, 0x1dd, None, valu(Ty::B32, [Ty::F32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_DIV_FIXUP_F32, "v_div_fixup_f32", Vop3, 0x1de, None, valu(Ty::F32, [Ty::F32, Ty::F32, Ty::F32], ValuKind::Plain, 0)),
    (V_DIV_FIXUP_F64, "v_div_fixup_f64", Vop3, 0x1df, None, valu(Ty::F64, [Ty::F64, Ty::F64, Ty::F64], ValuKind::Plain, 0)),
    (V_DIV_FMAS_F32, "v_div_fmas_f32", Vop3, 0x1e2, None, valu(Ty::F32, [Ty::F32, Ty::F32, Ty::F32], ValuKind::Plain, 0)),
    (V_DIV_FMAS_F64, "v_div_fmas_f64", Vop3, 0x1e3, None, valu(Ty::F64, [Ty::F64, Ty::F64, Ty::F64], ValuKind::Plain, 0)),
    (V_MSAD_U8, "v_msad_u8", Vop3, 0x1e4, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_QSAD_PK_U16_U8, "v_qsad_pk_u16_u8", Vop3, 0x1e5, None, valu(Ty::B64, [Ty::B64, Ty::B32, Ty::B64], ValuKind::Plain, 0)),
    (V_MQSAD_PK_U16_U8, "v_mqsad_pk_u16_u8", Vop3, 0x1e6, None, valu(Ty::B64, [Ty::B64, Ty::B32, Ty::B64], ValuKind::Plain, 0)),
    (V_MQSAD_U32_U8, "v_mqsad_u32_u8", Vop3, 0x1e7, None, valu(Ty::B128, [Ty::B64, Ty::B32, Ty::B128], ValuKind::Plain, 0)),
    (V_MAD_LEGACY_F16, "v_mad_legacy_f16", Vop3, 0x1ea, None, valu(Ty::F16, [Ty::F16, Ty::F16, Ty::F16], ValuKind::Plain, 0)),
    (V_MAD_LEGACY_U16, "v_mad_legacy_u16", Vop3, 0x1eb, None, valu(Ty::B16, [Ty::B16, Ty::B16, Ty::B16], ValuKind::Plain, 0)),
    (V_MAD_LEGACY_I16, "v_mad_legacy_i16", Vop3, 0x1ec, None, valu(Ty::B16, [Ty::B16, Ty::B16, Ty::B16], ValuKind::Plain, 0)),
    (V_PERM_B32, "v_perm_b32", Vop3, 0x1ed, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_FMA_LEGACY_F16, "v_fma_legacy_f16", Vop3, 0x1ee, None, valu(Ty::F16, [Ty::F16, Ty::F16, Ty::F16], ValuKind::Plain, 0)),
    (V_DIV_FIXUP_LEGACY_F16, "v_div_fixup_legacy_f16", Vop3, 0x1ef, None, valu(Ty::F16, [Ty::F16, Ty::F16, Ty::F16], ValuKind::Plain, 0)),
    (V_CVT_PKACCUM_U8_F32, "v_cvt_pkaccum_u8_f32", Vop3, 0x1f0, None, valu(Ty::B32, [Ty::F32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_MAD_U32_U16, "v_mad_u32_u16", Vop3, 0x1f1, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::B32], ValuKind::Plain, OPSEL)),
    (V_MAD_I32_I16, "v_mad_i32_i16", Vop3, 0x1f2, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::B32], ValuKind::Plain, OPSEL)),
    (V_XAD_U32, "v_xad_u32", Vop3, 0x1f3, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_MIN3_F16, "v_min3_f16", Vop3, 0x1f4, None, valu(Ty::F16, [Ty::F16, Ty::F16, Ty::F16], ValuKind::Plain, OPSEL)),
    (V_MIN3_I16, "v_min3_i16", Vop3, 0x1f5, None, valu(Ty::B16, [Ty::B16, Ty::B16, Ty::B16], ValuKind::Plain, OPSEL)),
    (V_MIN3_U16, "v_min3_u16", Vop3, 0x1f6, None, valu(Ty::B16, [Ty::B16, Ty::B16, Ty::B16], ValuKind::Plain, OPSEL)),
    (V_MAX3_F16, "v_max3_f16", Vop3, 0x1f7, None, valu(Ty::F16, [Ty::F16, Ty::F16, Ty::F16], ValuKind::Plain, OPSEL)),
    (V_MAX3_I16, "v_max3_i16", Vop3, 0x1f8, None, valu(Ty::B16, [Ty::B16, Ty::B16, Ty::B16], ValuKind::Plain, OPSEL)),
    (V_MAX3_U16, "v_max3_u16", Vop3, 0x1f9, None, valu(Ty::B16, [Ty::B16, Ty::B16, Ty::B16], ValuKind::Plain, OPSEL)),
    (V_MED3_F16, "v_med3_f16", Vop3, 0x1fa, None, valu(Ty::F16, [Ty::F16, Ty::F16, Ty::F16], ValuKind::Plain, OPSEL)),
    (V_MED3_I16, "v_med3_i16", Vop3, 0x1fb, None, valu(Ty::B16, [Ty::B16, Ty::B16, Ty::B16], ValuKind::Plain, OPSEL)),
    (V_MED3_U16, "v_med3_u16", Vop3, 0x1fc, None, valu(Ty::B16, [Ty::B16, Ty::B16, Ty::B16], ValuKind::Plain, OPSEL)),
    (V_LSHL_ADD_U32, "v_lshl_add_u32", Vop3, 0x1fd, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_ADD_LSHL_U32, "v_add_lshl_u32", Vop3, 0x1fe, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_ADD3_U32, "v_add3_u32", Vop3, 0x1ff, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_LSHL_OR_B32, "v_lshl_or_b32", Vop3, 0x200, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_AND_OR_B32, "v_and_or_b32", Vop3, 0x201, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_OR3_B32, "v_or3_b32", Vop3, 0x202, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, 0)),
    (V_MAD_F16, "v_mad_f16", Vop3, 0x203, None, valu(Ty::F16, [Ty::F16, Ty::F16, Ty::F16], ValuKind::Plain, OPSEL)),
    (V_MAD_U16, "v_mad_u16", Vop3, 0x204, None, valu(Ty::B16, [Ty::B16, Ty::B16, Ty::B16], ValuKind::Plain, OPSEL)),
    (V_MAD_I16, "v_mad_i16", Vop3, 0x205, None, valu(Ty::B16, [Ty::B16, Ty::B16, Ty::B16], ValuKind::Plain, OPSEL)),
    (V_FMA_F16, "v_fma_f16", Vop3, 0x206, None, valu(Ty::F16, [Ty::F16, Ty::F16, Ty::F16], ValuKind::Plain, OPSEL)),
    (V_DIV_FIXUP_F16, "v_div_fixup_f16", Vop3, 0x207, None, valu(Ty::F16, [Ty::F16, Ty::F16, Ty::F16], ValuKind::Plain, OPSEL)),
    (V_INTERP_P1LL_F16, "v_interp_p1ll_f16", Vop3, 0x274, None, Shape::Unsupported),
    (V_INTERP_P1LV_F16, "v_interp_p1lv_f16", Vop3, 0x275, None, Shape::Unsupported),
    (V_INTERP_P2_LEGACY_F16, "v_interp_p2_legacy_f16", Vop3, 0x276, None, Shape::Unsupported),
    (V_INTERP_P2_F16, "v_interp_p2_f16", Vop3, 0x277, None, Shape::Unsupported),
    (V_ADD_F64, "v_add_f64", Vop3, 0x280, None, valu(Ty::F64, [Ty::F64, Ty::F64, Ty::None], ValuKind::Plain, 0)),
    (V_MUL_F64, "v_mul_f64", Vop3, 0x281, None, valu(Ty::F64, [Ty::F64, Ty::F64, Ty::None], ValuKind::Plain, 0)),
    (V_MIN_F64, "v_min_f64", Vop3, 0x282, None, valu(Ty::F64, [Ty::F64, Ty::F64, Ty::None], ValuKind::Plain, 0)),
    (V_MAX_F64, "v_max_f64", Vop3, 0x283, None, valu(Ty::F64, [Ty::F64, Ty::F64, Ty::None], ValuKind::Plain, 0)),
    (V_LDEXP_F64, "v_ldexp_f64", Vop3, 0x284, None, valu(Ty::F64, [Ty::F64, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_MUL_LO_U32, "v_mul_lo_u32", Vop3, 0x285, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_MUL_HI_U32, "v_mul_hi_u32", Vop3, 0x286, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_MUL_HI_I32, "v_mul_hi_i32", Vop3, 0x287, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_LDEXP_F32, "v_ldexp_f32", Vop3, 0x288, None, valu(Ty::F32, [Ty::F32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_READLANE_B32, "v_readlane_b32", Vop3, 0x289, None, valu_sgpr_dst(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_WRITELANE_B32, "v_writelane_b32", Vop3, 0x28a, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_BCNT_U32_B32, "v_bcnt_u32_b32", Vop3, 0x28b, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_MBCNT_LO_U32_B32, "v_mbcnt_lo_u32_b32", Vop3, 0x28c, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_MBCNT_HI_U32_B32, "v_mbcnt_hi_u32_b32", Vop3, 0x28d, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_LSHLREV_B64, "v_lshlrev_b64", Vop3, 0x28f, None, valu(Ty::B64, [Ty::B32, Ty::B64, Ty::None], ValuKind::Plain, 0)),
    (V_LSHRREV_B64, "v_lshrrev_b64", Vop3, 0x290, None, valu(Ty::B64, [Ty::B32, Ty::B64, Ty::None], ValuKind::Plain, 0)),
    (V_ASHRREV_I64, "v_ashrrev_i64", Vop3, 0x291, None, valu(Ty::B64, [Ty::B32, Ty::B64, Ty::None], ValuKind::Plain, 0)),
    (V_TRIG_PREOP_F64, "v_trig_preop_f64", Vop3, 0x292, None, valu(Ty::F64, [Ty::F64, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_BFM_B32, "v_bfm_b32", Vop3, 0x293, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_PKNORM_I16_F32, "v_cvt_pknorm_i16_f32", Vop3, 0x294, None, valu(Ty::B32, [Ty::F32, Ty::F32, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_PKNORM_U16_F32, "v_cvt_pknorm_u16_f32", Vop3, 0x295, None, valu(Ty::B32, [Ty::F32, Ty::F32, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_PKRTZ_F16_F32, "v_cvt_pkrtz_f16_f32", Vop3, 0x296, None, valu(Ty::B32, [Ty::F32, Ty::F32, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_PK_U16_U32, "v_cvt_pk_u16_u32", Vop3, 0x297, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_PK_I16_I32, "v_cvt_pk_i16_i32", Vop3, 0x298, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_CVT_PKNORM_I16_F16, "v_cvt_pknorm_i16_f16", Vop3, 0x299, None, valu(Ty::B32, [Ty::F16, Ty::F16, Ty::None], ValuKind::Plain, OPSEL)),
    (V_CVT_PKNORM_U16_F16, "v_cvt_pknorm_u16_f16", Vop3, 0x29a, None, valu(Ty::B32, [Ty::F16, Ty::F16, Ty::None], ValuKind::Plain, OPSEL)),
    (V_ADD_I32, "v_add_i32", Vop3, 0x29c, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_SUB_I32, "v_sub_i32", Vop3, 0x29d, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::None], ValuKind::Plain, 0)),
    (V_ADD_I16, "v_add_i16", Vop3, 0x29e, None, valu(Ty::B16, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, OPSEL)),
    (V_SUB_I16, "v_sub_i16", Vop3, 0x29f, None, valu(Ty::B16, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, OPSEL)),
    (V_PACK_B32_F16, "v_pack_b32_f16", Vop3, 0x2a0, None, valu(Ty::B32, [Ty::F16, Ty::F16, Ty::None], ValuKind::Plain, OPSEL)),
    // VOP3B (vega L28838-28865)
    (V_DIV_SCALE_F32, "v_div_scale_f32", Vop3, 0x1e0, None, valu(Ty::F32, [Ty::F32, Ty::F32, Ty::F32], ValuKind::CarryOut, 0)),
    (V_DIV_SCALE_F64, "v_div_scale_f64", Vop3, 0x1e1, None, valu(Ty::F64, [Ty::F64, Ty::F64, Ty::F64], ValuKind::CarryOut, 0)),
    (V_MAD_U64_U32, "v_mad_u64_u32", Vop3, 0x1e8, None, valu(Ty::B64, [Ty::B32, Ty::B32, Ty::B64], ValuKind::CarryOut, 0)),
    (V_MAD_I64_I32, "v_mad_i64_i32", Vop3, 0x1e9, None, valu(Ty::B64, [Ty::B32, Ty::B32, Ty::B64], ValuKind::CarryOut, 0)),
    // VOP3P (vega L29045-29172)
    (V_PK_MAD_I16, "v_pk_mad_i16", Vop3p, 0x380, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::B16], ValuKind::Plain, VOP3P)),
    (V_PK_MUL_LO_U16, "v_pk_mul_lo_u16", Vop3p, 0x381, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, VOP3P)),
    (V_PK_ADD_I16, "v_pk_add_i16", Vop3p, 0x382, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, VOP3P)),
    (V_PK_SUB_I16, "v_pk_sub_i16", Vop3p, 0x383, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, VOP3P)),
    (V_PK_LSHLREV_B16, "v_pk_lshlrev_b16", Vop3p, 0x384, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, VOP3P)),
    (V_PK_LSHRREV_B16, "v_pk_lshrrev_b16", Vop3p, 0x385, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, VOP3P)),
    (V_PK_ASHRREV_I16, "v_pk_ashrrev_i16", Vop3p, 0x386, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, VOP3P)),
    (V_PK_MAX_I16, "v_pk_max_i16", Vop3p, 0x387, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, VOP3P)),
    (V_PK_MIN_I16, "v_pk_min_i16", Vop3p, 0x388, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, VOP3P)),
    (V_PK_MAD_U16, "v_pk_mad_u16", Vop3p, 0x389, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::B16], ValuKind::Plain, VOP3P)),
    (V_PK_ADD_U16, "v_pk_add_u16", Vop3p, 0x38a, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, VOP3P)),
    (V_PK_SUB_U16, "v_pk_sub_u16", Vop3p, 0x38b, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, VOP3P)),
    (V_PK_MAX_U16, "v_pk_max_u16", Vop3p, 0x38c, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, VOP3P)),
    (V_PK_MIN_U16, "v_pk_min_u16", Vop3p, 0x38d, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::None], ValuKind::Plain, VOP3P)),
    (V_PK_FMA_F16, "v_pk_fma_f16", Vop3p, 0x38e, None, valu(Ty::B32, [Ty::F16, Ty::F16, Ty::F16], ValuKind::Plain, VOP3P)),
    (V_PK_ADD_F16, "v_pk_add_f16", Vop3p, 0x38f, None, valu(Ty::B32, [Ty::F16, Ty::F16, Ty::None], ValuKind::Plain, VOP3P)),
    (V_PK_MUL_F16, "v_pk_mul_f16", Vop3p, 0x390, None, valu(Ty::B32, [Ty::F16, Ty::F16, Ty::None], ValuKind::Plain, VOP3P)),
    (V_PK_MIN_F16, "v_pk_min_f16", Vop3p, 0x391, None, valu(Ty::B32, [Ty::F16, Ty::F16, Ty::None], ValuKind::Plain, VOP3P)),
    (V_PK_MAX_F16, "v_pk_max_f16", Vop3p, 0x392, None, valu(Ty::B32, [Ty::F16, Ty::F16, Ty::None], ValuKind::Plain, VOP3P)),
    (V_FMA_MIX_F32, "v_fma_mix_f32", Vop3p, 0x3a0, None, valu(Ty::F32, [Ty::F16, Ty::F16, Ty::F16], ValuKind::Plain, VOP3P | MIX)),
    (V_FMA_MIXLO_F16, "v_fma_mixlo_f16", Vop3p, 0x3a1, None, valu(Ty::F16, [Ty::F16, Ty::F16, Ty::F16], ValuKind::Plain, VOP3P | MIX)),
    (V_FMA_MIXHI_F16, "v_fma_mixhi_f16", Vop3p, 0x3a2, None, valu(Ty::F16, [Ty::F16, Ty::F16, Ty::F16], ValuKind::Plain, VOP3P | MIX)),
    (V_DOT2_F32_F16, "v_dot2_f32_f16", Vop3p, 0x3a3, None, valu(Ty::F32, [Ty::F16, Ty::F16, Ty::F32], ValuKind::Plain, VOP3P)),
    (V_DOT2_I32_I16, "v_dot2_i32_i16", Vop3p, 0x3a6, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::B32], ValuKind::Plain, VOP3P)),
    (V_DOT2_U32_U16, "v_dot2_u32_u16", Vop3p, 0x3a7, None, valu(Ty::B32, [Ty::B16, Ty::B16, Ty::B32], ValuKind::Plain, VOP3P)),
    (V_DOT4_I32_I8, "v_dot4_i32_i8", Vop3p, 0x3a8, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, VOP3P)),
    (V_DOT4_U32_U8, "v_dot4_u32_u8", Vop3p, 0x3a9, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, VOP3P)),
    (V_DOT8_I32_I4, "v_dot8_i32_i4", Vop3p, 0x3aa, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, VOP3P)),
    (V_DOT8_U32_U4, "v_dot8_u32_u4", Vop3p, 0x3ab, None, valu(Ty::B32, [Ty::B32, Ty::B32, Ty::B32], ValuKind::Plain, VOP3P)),
    // DS (vega L29805-30476)
    (DS_ADD_U32, "ds_add_u32", Ds, 0x000, None, ds(0, true, 1, 0, false)),
    (DS_SUB_U32, "ds_sub_u32", Ds, 0x001, None, ds(0, true, 1, 0, false)),
    (DS_RSUB_U32, "ds_rsub_u32", Ds, 0x002, None, ds(0, true, 1, 0, false)),
    (DS_INC_U32, "ds_inc_u32", Ds, 0x003, None, ds(0, true, 1, 0, false)),
    (DS_DEC_U32, "ds_dec_u32", Ds, 0x004, None, ds(0, true, 1, 0, false)),
    (DS_MIN_I32, "ds_min_i32", Ds, 0x005, None, ds(0, true, 1, 0, false)),
    (DS_MAX_I32, "ds_max_i32", Ds, 0x006, None, ds(0, true, 1, 0, false)),
    (DS_MIN_U32, "ds_min_u32", Ds, 0x007, None, ds(0, true, 1, 0, false)),
    (DS_MAX_U32, "ds_max_u32", Ds, 0x008, None, ds(0, true, 1, 0, false)),
    (DS_AND_B32, "ds_and_b32", Ds, 0x009, None, ds(0, true, 1, 0, false)),
    (DS_OR_B32, "ds_or_b32", Ds, 0x00a, None, ds(0, true, 1, 0, false)),
    (DS_XOR_B32, "ds_xor_b32", Ds, 0x00b, None, ds(0, true, 1, 0, false)),
    (DS_MSKOR_B32, "ds_mskor_b32", Ds, 0x00c, None, ds(0, true, 1, 1, false)),
    (DS_WRITE_B32, "ds_write_b32", Ds, 0x00d, None, ds(0, true, 1, 0, false)),
    (DS_WRITE2_B32, "ds_write2_b32", Ds, 0x00e, None, ds(0, true, 1, 1, true)),
    (DS_WRITE2ST64_B32, "ds_write2st64_b32", Ds, 0x00f, None, ds(0, true, 1, 1, true)),
    (DS_CMPST_B32, "ds_cmpst_b32", Ds, 0x010, None, ds(0, true, 1, 1, false)),
    (DS_CMPST_F32, "ds_cmpst_f32", Ds, 0x011, None, ds(0, true, 1, 1, false)),
    (DS_MIN_F32, "ds_min_f32", Ds, 0x012, None, ds(0, true, 1, 0, false)),
    (DS_MAX_F32, "ds_max_f32", Ds, 0x013, None, ds(0, true, 1, 0, false)),
    (DS_NOP, "ds_nop", Ds, 0x014, None, ds(0, false, 0, 0, false)),
    (DS_ADD_F32, "ds_add_f32", Ds, 0x015, None, ds(0, true, 1, 0, false)),
    (DS_WRITE_ADDTID_B32, "ds_write_addtid_b32", Ds, 0x01d, None, ds(0, false, 1, 0, false)),
    (DS_WRITE_B8, "ds_write_b8", Ds, 0x01e, None, ds(0, true, 1, 0, false)),
    (DS_WRITE_B16, "ds_write_b16", Ds, 0x01f, None, ds(0, true, 1, 0, false)),
    (DS_ADD_RTN_U32, "ds_add_rtn_u32", Ds, 0x020, None, ds(1, true, 1, 0, false)),
    (DS_SUB_RTN_U32, "ds_sub_rtn_u32", Ds, 0x021, None, ds(1, true, 1, 0, false)),
    (DS_RSUB_RTN_U32, "ds_rsub_rtn_u32", Ds, 0x022, None, ds(1, true, 1, 0, false)),
    (DS_INC_RTN_U32, "ds_inc_rtn_u32", Ds, 0x023, None, ds(1, true, 1, 0, false)),
    (DS_DEC_RTN_U32, "ds_dec_rtn_u32", Ds, 0x024, None, ds(1, true, 1, 0, false)),
    (DS_MIN_RTN_I32, "ds_min_rtn_i32", Ds, 0x025, None, ds(1, true, 1, 0, false)),
    (DS_MAX_RTN_I32, "ds_max_rtn_i32", Ds, 0x026, None, ds(1, true, 1, 0, false)),
    (DS_MIN_RTN_U32, "ds_min_rtn_u32", Ds, 0x027, None, ds(1, true, 1, 0, false)),
    (DS_MAX_RTN_U32, "ds_max_rtn_u32", Ds, 0x028, None, ds(1, true, 1, 0, false)),
    (DS_AND_RTN_B32, "ds_and_rtn_b32", Ds, 0x029, None, ds(1, true, 1, 0, false)),
    (DS_OR_RTN_B32, "ds_or_rtn_b32", Ds, 0x02a, None, ds(1, true, 1, 0, false)),
    (DS_XOR_RTN_B32, "ds_xor_rtn_b32", Ds, 0x02b, None, ds(1, true, 1, 0, false)),
    (DS_MSKOR_RTN_B32, "ds_mskor_rtn_b32", Ds, 0x02c, None, ds(1, true, 1, 1, false)),
    (DS_WRXCHG_RTN_B32, "ds_wrxchg_rtn_b32", Ds, 0x02d, None, ds(1, true, 1, 0, false)),
    (DS_WRXCHG2_RTN_B32, "ds_wrxchg2_rtn_b32", Ds, 0x02e, None, ds(2, true, 1, 1, true)),
    (DS_WRXCHG2ST64_RTN_B32, "ds_wrxchg2st64_rtn_b32", Ds, 0x02f, None, ds(2, true, 1, 1, true)),
    (DS_CMPST_RTN_B32, "ds_cmpst_rtn_b32", Ds, 0x030, None, ds(1, true, 1, 1, false)),
    (DS_CMPST_RTN_F32, "ds_cmpst_rtn_f32", Ds, 0x031, None, ds(1, true, 1, 1, false)),
    (DS_MIN_RTN_F32, "ds_min_rtn_f32", Ds, 0x032, None, ds(1, true, 1, 0, false)),
    (DS_MAX_RTN_F32, "ds_max_rtn_f32", Ds, 0x033, None, ds(1, true, 1, 0, false)),
    (DS_WRAP_RTN_B32, "ds_wrap_rtn_b32", Ds, 0x034, None, ds(1, true, 1, 1, false)),
    (DS_ADD_RTN_F32, "ds_add_rtn_f32", Ds, 0x035, None, ds(1, true, 1, 0, false)),
    (DS_READ_B32, "ds_read_b32", Ds, 0x036, None, ds(1, true, 0, 0, false)),
    (DS_READ2_B32, "ds_read2_b32", Ds, 0x037, None, ds(2, true, 0, 0, true)),
    (DS_READ2ST64_B32, "ds_read2st64_b32", Ds, 0x038, None, ds(2, true, 0, 0, true)),
    (DS_READ_I8, "ds_read_i8", Ds, 0x039, None, ds(1, true, 0, 0, false)),
    (DS_READ_U8, "ds_read_u8", Ds, 0x03a, None, ds(1, true, 0, 0, false)),
    (DS_READ_I16, "ds_read_i16", Ds, 0x03b, None, ds(1, true, 0, 0, false)),
    (DS_READ_U16, "ds_read_u16", Ds, 0x03c, None, ds(1, true, 0, 0, false)),
    (DS_SWIZZLE_B32, "ds_swizzle_b32", Ds, 0x03d, None, ds(1, true, 0, 0, false)),
    (DS_PERMUTE_B32, "ds_permute_b32", Ds, 0x03e, None, ds(1, true, 1, 0, false)),
    (DS_BPERMUTE_B32, "ds_bpermute_b32", Ds, 0x03f, None, ds(1, true, 1, 0, false)),
    (DS_ADD_U64, "ds_add_u64", Ds, 0x040, None, ds(0, true, 2, 0, false)),
    (DS_SUB_U64, "ds_sub_u64", Ds, 0x041, None, ds(0, true, 2, 0, false)),
    (DS_RSUB_U64, "ds_rsub_u64", Ds, 0x042, None, ds(0, true, 2, 0, false)),
    (DS_INC_U64, "ds_inc_u64", Ds, 0x043, None, ds(0, true, 2, 0, false)),
    (DS_DEC_U64, "ds_dec_u64", Ds, 0x044, None, ds(0, true, 2, 0, false)),
    (DS_MIN_I64, "ds_min_i64", Ds, 0x045, None, ds(0, true, 2, 0, false)),
    (DS_MAX_I64, "ds_max_i64", Ds, 0x046, None, ds(0, true, 2, 0, false)),
    (DS_MIN_U64, "ds_min_u64", Ds, 0x047, None, ds(0, true, 2, 0, false)),
    (DS_MAX_U64, "ds_max_u64", Ds, 0x048, None, ds(0, true, 2, 0, false)),
    (DS_AND_B64, "ds_and_b64", Ds, 0x049, None, ds(0, true, 2, 0, false)),
    (DS_OR_B64, "ds_or_b64", Ds, 0x04a, None, ds(0, true, 2, 0, false)),
    (DS_XOR_B64, "ds_xor_b64", Ds, 0x04b, None, ds(0, true, 2, 0, false)),
    (DS_MSKOR_B64, "ds_mskor_b64", Ds, 0x04c, None, ds(0, true, 2, 2, false)),
    (DS_WRITE_B64, "ds_write_b64", Ds, 0x04d, None, ds(0, true, 2, 0, false)),
    (DS_WRITE2_B64, "ds_write2_b64", Ds, 0x04e, None, ds(0, true, 2, 2, true)),
    (DS_WRITE2ST64_B64, "ds_write2st64_b64", Ds, 0x04f, None, ds(0, true, 2, 2, true)),
    (DS_CMPST_B64, "ds_cmpst_b64", Ds, 0x050, None, ds(0, true, 2, 2, false)),
    (DS_CMPST_F64, "ds_cmpst_f64", Ds, 0x051, None, ds(0, true, 2, 2, false)),
    (DS_MIN_F64, "ds_min_f64", Ds, 0x052, None, ds(0, true, 2, 0, false)),
    (DS_MAX_F64, "ds_max_f64", Ds, 0x053, None, ds(0, true, 2, 0, false)),
    (DS_WRITE_B8_D16_HI, "ds_write_b8_d16_hi", Ds, 0x054, None, ds(0, true, 1, 0, false)),
    (DS_WRITE_B16_D16_HI, "ds_write_b16_d16_hi", Ds, 0x055, None, ds(0, true, 1, 0, false)),
    (DS_READ_U8_D16, "ds_read_u8_d16", Ds, 0x056, None, ds(1, true, 0, 0, false)),
    (DS_READ_U8_D16_HI, "ds_read_u8_d16_hi", Ds, 0x057, None, ds(1, true, 0, 0, false)),
    (DS_READ_I8_D16, "ds_read_i8_d16", Ds, 0x058, None, ds(1, true, 0, 0, false)),
    (DS_READ_I8_D16_HI, "ds_read_i8_d16_hi", Ds, 0x059, None, ds(1, true, 0, 0, false)),
    (DS_READ_U16_D16, "ds_read_u16_d16", Ds, 0x05a, None, ds(1, true, 0, 0, false)),
    (DS_READ_U16_D16_HI, "ds_read_u16_d16_hi", Ds, 0x05b, None, ds(1, true, 0, 0, false)),
    (DS_ADD_RTN_U64, "ds_add_rtn_u64", Ds, 0x060, None, ds(2, true, 2, 0, false)),
    (DS_SUB_RTN_U64, "ds_sub_rtn_u64", Ds, 0x061, None, ds(2, true, 2, 0, false)),
    (DS_RSUB_RTN_U64, "ds_rsub_rtn_u64", Ds, 0x062, None, ds(2, true, 2, 0, false)),
    (DS_INC_RTN_U64, "ds_inc_rtn_u64", Ds, 0x063, None, ds(2, true, 2, 0, false)),
    (DS_DEC_RTN_U64, "ds_dec_rtn_u64", Ds, 0x064, None, ds(2, true, 2, 0, false)),
    (DS_MIN_RTN_I64, "ds_min_rtn_i64", Ds, 0x065, None, ds(2, true, 2, 0, false)),
    (DS_MAX_RTN_I64, "ds_max_rtn_i64", Ds, 0x066, None, ds(2, true, 2, 0, false)),
    (DS_MIN_RTN_U64, "ds_min_rtn_u64", Ds, 0x067, None, ds(2, true, 2, 0, false)),
    (DS_MAX_RTN_U64, "ds_max_rtn_u64", Ds, 0x068, None, ds(2, true, 2, 0, false)),
    (DS_AND_RTN_B64, "ds_and_rtn_b64", Ds, 0x069, None, ds(2, true, 2, 0, false)),
    (DS_OR_RTN_B64, "ds_or_rtn_b64", Ds, 0x06a, None, ds(2, true, 2, 0, false)),
    (DS_XOR_RTN_B64, "ds_xor_rtn_b64", Ds, 0x06b, None, ds(2, true, 2, 0, false)),
    (DS_MSKOR_RTN_B64, "ds_mskor_rtn_b64", Ds, 0x06c, None, ds(2, true, 2, 2, false)),
    (DS_WRXCHG_RTN_B64, "ds_wrxchg_rtn_b64", Ds, 0x06d, None, ds(2, true, 2, 0, false)),
    (DS_WRXCHG2_RTN_B64, "ds_wrxchg2_rtn_b64", Ds, 0x06e, None, ds(4, true, 2, 2, true)),
    (DS_WRXCHG2ST64_RTN_B64, "ds_wrxchg2st64_rtn_b64", Ds, 0x06f, None, ds(4, true, 2, 2, true)),
    (DS_CMPST_RTN_B64, "ds_cmpst_rtn_b64", Ds, 0x070, None, ds(2, true, 2, 2, false)),
    (DS_CMPST_RTN_F64, "ds_cmpst_rtn_f64", Ds, 0x071, None, ds(2, true, 2, 2, false)),
    (DS_MIN_RTN_F64, "ds_min_rtn_f64", Ds, 0x072, None, ds(2, true, 2, 0, false)),
    (DS_MAX_RTN_F64, "ds_max_rtn_f64", Ds, 0x073, None, ds(2, true, 2, 0, false)),
    (DS_READ_B64, "ds_read_b64", Ds, 0x076, None, ds(2, true, 0, 0, false)),
    (DS_READ2_B64, "ds_read2_b64", Ds, 0x077, None, ds(4, true, 0, 0, true)),
    (DS_READ2ST64_B64, "ds_read2st64_b64", Ds, 0x078, None, ds(4, true, 0, 0, true)),
    (DS_CONDXCHG32_RTN_B64, "ds_condxchg32_rtn_b64", Ds, 0x07e, None, ds(2, true, 2, 0, false)),
    (DS_ADD_SRC2_U32, "ds_add_src2_u32", Ds, 0x080, None, ds(0, true, 0, 0, false)),
    (DS_SUB_SRC2_U32, "ds_sub_src2_u32", Ds, 0x081, None, ds(0, true, 0, 0, false)),
    (DS_RSUB_SRC2_U32, "ds_rsub_src2_u32", Ds, 0x082, None, ds(0, true, 0, 0, false)),
    (DS_INC_SRC2_U32, "ds_inc_src2_u32", Ds, 0x083, None, ds(0, true, 0, 0, false)),
    (DS_DEC_SRC2_U32, "ds_dec_src2_u32", Ds, 0x084, None, ds(0, true, 0, 0, false)),
    (DS_MIN_SRC2_I32, "ds_min_src2_i32", Ds, 0x085, None, ds(0, true, 0, 0, false)),
    (DS_MAX_SRC2_I32, "ds_max_src2_i32", Ds, 0x086, None, ds(0, true, 0, 0, false)),
    (DS_MIN_SRC2_U32, "ds_min_src2_u32", Ds, 0x087, None, ds(0, true, 0, 0, false)),
    (DS_MAX_SRC2_U32, "ds_max_src2_u32", Ds, 0x088, None, ds(0, true, 0, 0, false)),
    (DS_AND_SRC2_B32, "ds_and_src2_b32", Ds, 0x089, None, ds(0, true, 0, 0, false)),
    (DS_OR_SRC2_B32, "ds_or_src2_b32", Ds, 0x08a, None, ds(0, true, 0, 0, false)),
    (DS_XOR_SRC2_B32, "ds_xor_src2_b32", Ds, 0x08b, None, ds(0, true, 0, 0, false)),
    (DS_WRITE_SRC2_B32, "ds_write_src2_b32", Ds, 0x08d, None, ds(0, true, 0, 0, false)),
    (DS_MIN_SRC2_F32, "ds_min_src2_f32", Ds, 0x092, None, ds(0, true, 0, 0, false)),
    (DS_MAX_SRC2_F32, "ds_max_src2_f32", Ds, 0x093, None, ds(0, true, 0, 0, false)),
    (DS_ADD_SRC2_F32, "ds_add_src2_f32", Ds, 0x095, None, ds(0, true, 0, 0, false)),
    (DS_GWS_SEMA_RELEASE_ALL, "ds_gws_sema_release_all", Ds, 0x098, None, ds(0, false, 0, 0, false)),
    (DS_GWS_INIT, "ds_gws_init", Ds, 0x099, None, ds(0, true, 0, 0, false)),
    (DS_GWS_SEMA_V, "ds_gws_sema_v", Ds, 0x09a, None, ds(0, false, 0, 0, false)),
    (DS_GWS_SEMA_BR, "ds_gws_sema_br", Ds, 0x09b, None, ds(0, true, 0, 0, false)),
    (DS_GWS_SEMA_P, "ds_gws_sema_p", Ds, 0x09c, None, ds(0, false, 0, 0, false)),
    (DS_GWS_BARRIER, "ds_gws_barrier", Ds, 0x09d, None, ds(0, true, 0, 0, false)),
    (DS_READ_ADDTID_B32, "ds_read_addtid_b32", Ds, 0x0b6, None, ds(1, false, 0, 0, false)),
    (DS_CONSUME, "ds_consume", Ds, 0x0bd, None, ds(1, false, 0, 0, false)),
    (DS_APPEND, "ds_append", Ds, 0x0be, None, ds(1, false, 0, 0, false)),
    (DS_ORDERED_COUNT, "ds_ordered_count", Ds, 0x0bf, None, ds(1, true, 0, 0, false)),
    (DS_ADD_SRC2_U64, "ds_add_src2_u64", Ds, 0x0c0, None, ds(0, true, 0, 0, false)),
    (DS_SUB_SRC2_U64, "ds_sub_src2_u64", Ds, 0x0c1, None, ds(0, true, 0, 0, false)),
    (DS_RSUB_SRC2_U64, "ds_rsub_src2_u64", Ds, 0x0c2, None, ds(0, true, 0, 0, false)),
    (DS_INC_SRC2_U64, "ds_inc_src2_u64", Ds, 0x0c3, None, ds(0, true, 0, 0, false)),
    (DS_DEC_SRC2_U64, "ds_dec_src2_u64", Ds, 0x0c4, None, ds(0, true, 0, 0, false)),
    (DS_MIN_SRC2_I64, "ds_min_src2_i64", Ds, 0x0c5, None, ds(0, true, 0, 0, false)),
    (DS_MAX_SRC2_I64, "ds_max_src2_i64", Ds, 0x0c6, None, ds(0, true, 0, 0, false)),
    (DS_MIN_SRC2_U64, "ds_min_src2_u64", Ds, 0x0c7, None, ds(0, true, 0, 0, false)),
    (DS_MAX_SRC2_U64, "ds_max_src2_u64", Ds, 0x0c8, None, ds(0, true, 0, 0, false)),
    (DS_AND_SRC2_B64, "ds_and_src2_b64", Ds, 0x0c9, None, ds(0, true, 0, 0, false)),
    (DS_OR_SRC2_B64, "ds_or_src2_b64", Ds, 0x0ca, None, ds(0, true, 0, 0, false)),
    (DS_XOR_SRC2_B64, "ds_xor_src2_b64", Ds, 0x0cb, None, ds(0, true, 0, 0, false)),
    (DS_WRITE_SRC2_B64, "ds_write_src2_b64", Ds, 0x0cd, None, ds(0, true, 0, 0, false)),
    (DS_MIN_SRC2_F64, "ds_min_src2_f64", Ds, 0x0d2, None, ds(0, true, 0, 0, false)),
    (DS_MAX_SRC2_F64, "ds_max_src2_f64", Ds, 0x0d3, None, ds(0, true, 0, 0, false)),
    (DS_WRITE_B96, "ds_write_b96", Ds, 0x0de, None, ds(0, true, 3, 0, false)),
    (DS_WRITE_B128, "ds_write_b128", Ds, 0x0df, None, ds(0, true, 4, 0, false)),
    (DS_READ_B96, "ds_read_b96", Ds, 0x0fe, None, ds(3, true, 0, 0, false)),
    (DS_READ_B128, "ds_read_b128", Ds, 0x0ff, None, ds(4, true, 0, 0, false)),
    // MTBUF (vega L30624-30691)
    (TBUFFER_LOAD_FORMAT_X, "tbuffer_load_format_x", Mtbuf, 0x000, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (TBUFFER_LOAD_FORMAT_XY, "tbuffer_load_format_xy", Mtbuf, 0x001, None, Shape::Buf { kind: BufKind::Load, vdata: 2 }),
    (TBUFFER_LOAD_FORMAT_XYZ, "tbuffer_load_format_xyz", Mtbuf, 0x002, None, Shape::Buf { kind: BufKind::Load, vdata: 3 }),
    (TBUFFER_LOAD_FORMAT_XYZW, "tbuffer_load_format_xyzw", Mtbuf, 0x003, None, Shape::Buf { kind: BufKind::Load, vdata: 4 }),
    (TBUFFER_STORE_FORMAT_X, "tbuffer_store_format_x", Mtbuf, 0x004, None, Shape::Buf { kind: BufKind::Store, vdata: 1 }),
    (TBUFFER_STORE_FORMAT_XY, "tbuffer_store_format_xy", Mtbuf, 0x005, None, Shape::Buf { kind: BufKind::Store, vdata: 2 }),
    (TBUFFER_STORE_FORMAT_XYZ, "tbuffer_store_format_xyz", Mtbuf, 0x006, None, Shape::Buf { kind: BufKind::Store, vdata: 3 }),
    (TBUFFER_STORE_FORMAT_XYZW, "tbuffer_store_format_xyzw", Mtbuf, 0x007, None, Shape::Buf { kind: BufKind::Store, vdata: 4 }),
    (TBUFFER_LOAD_FORMAT_D16_X, "tbuffer_load_format_d16_x", Mtbuf, 0x008, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (TBUFFER_LOAD_FORMAT_D16_XY, "tbuffer_load_format_d16_xy", Mtbuf, 0x009, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (TBUFFER_LOAD_FORMAT_D16_XYZ, "tbuffer_load_format_d16_xyz", Mtbuf, 0x00a, None, Shape::Buf { kind: BufKind::Load, vdata: 2 }),
    (TBUFFER_LOAD_FORMAT_D16_XYZW, "tbuffer_load_format_d16_xyzw", Mtbuf, 0x00b, None, Shape::Buf { kind: BufKind::Load, vdata: 2 }),
    (TBUFFER_STORE_FORMAT_D16_X, "tbuffer_store_format_d16_x", Mtbuf, 0x00c, None, Shape::Buf { kind: BufKind::Store, vdata: 1 }),
    (TBUFFER_STORE_FORMAT_D16_XY, "tbuffer_store_format_d16_xy", Mtbuf, 0x00d, None, Shape::Buf { kind: BufKind::Store, vdata: 1 }),
    (TBUFFER_STORE_FORMAT_D16_XYZ, "tbuffer_store_format_d16_xyz", Mtbuf, 0x00e, None, Shape::Buf { kind: BufKind::Store, vdata: 2 }),
    (TBUFFER_STORE_FORMAT_D16_XYZW, "tbuffer_store_format_d16_xyzw", Mtbuf, 0x00f, None, Shape::Buf { kind: BufKind::Store, vdata: 2 }),
    // MUBUF (vega L30806-31103)
    (BUFFER_LOAD_FORMAT_X, "buffer_load_format_x", Mubuf, 0x000, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (BUFFER_LOAD_FORMAT_XY, "buffer_load_format_xy", Mubuf, 0x001, None, Shape::Buf { kind: BufKind::Load, vdata: 2 }),
    (BUFFER_LOAD_FORMAT_XYZ, "buffer_load_format_xyz", Mubuf, 0x002, None, Shape::Buf { kind: BufKind::Load, vdata: 3 }),
    (BUFFER_LOAD_FORMAT_XYZW, "buffer_load_format_xyzw", Mubuf, 0x003, None, Shape::Buf { kind: BufKind::Load, vdata: 4 }),
    (BUFFER_STORE_FORMAT_X, "buffer_store_format_x", Mubuf, 0x004, None, Shape::Buf { kind: BufKind::Store, vdata: 1 }),
    (BUFFER_STORE_FORMAT_XY, "buffer_store_format_xy", Mubuf, 0x005, None, Shape::Buf { kind: BufKind::Store, vdata: 2 }),
    (BUFFER_STORE_FORMAT_XYZ, "buffer_store_format_xyz", Mubuf, 0x006, None, Shape::Buf { kind: BufKind::Store, vdata: 3 }),
    (BUFFER_STORE_FORMAT_XYZW, "buffer_store_format_xyzw", Mubuf, 0x007, None, Shape::Buf { kind: BufKind::Store, vdata: 4 }),
    (BUFFER_LOAD_FORMAT_D16_X, "buffer_load_format_d16_x", Mubuf, 0x008, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (BUFFER_LOAD_FORMAT_D16_XY, "buffer_load_format_d16_xy", Mubuf, 0x009, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (BUFFER_LOAD_FORMAT_D16_XYZ, "buffer_load_format_d16_xyz", Mubuf, 0x00a, None, Shape::Buf { kind: BufKind::Load, vdata: 2 }),
    (BUFFER_LOAD_FORMAT_D16_XYZW, "buffer_load_format_d16_xyzw", Mubuf, 0x00b, None, Shape::Buf { kind: BufKind::Load, vdata: 2 }),
    (BUFFER_STORE_FORMAT_D16_X, "buffer_store_format_d16_x", Mubuf, 0x00c, None, Shape::Buf { kind: BufKind::Store, vdata: 1 }),
    (BUFFER_STORE_FORMAT_D16_XY, "buffer_store_format_d16_xy", Mubuf, 0x00d, None, Shape::Buf { kind: BufKind::Store, vdata: 1 }),
    (BUFFER_STORE_FORMAT_D16_XYZ, "buffer_store_format_d16_xyz", Mubuf, 0x00e, None, Shape::Buf { kind: BufKind::Store, vdata: 2 }),
    (BUFFER_STORE_FORMAT_D16_XYZW, "buffer_store_format_d16_xyzw", Mubuf, 0x00f, None, Shape::Buf { kind: BufKind::Store, vdata: 2 }),
    (BUFFER_LOAD_UBYTE, "buffer_load_ubyte", Mubuf, 0x010, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (BUFFER_LOAD_SBYTE, "buffer_load_sbyte", Mubuf, 0x011, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (BUFFER_LOAD_USHORT, "buffer_load_ushort", Mubuf, 0x012, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (BUFFER_LOAD_SSHORT, "buffer_load_sshort", Mubuf, 0x013, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (BUFFER_LOAD_DWORD, "buffer_load_dword", Mubuf, 0x014, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (BUFFER_LOAD_DWORDX2, "buffer_load_dwordx2", Mubuf, 0x015, None, Shape::Buf { kind: BufKind::Load, vdata: 2 }),
    (BUFFER_LOAD_DWORDX3, "buffer_load_dwordx3", Mubuf, 0x016, None, Shape::Buf { kind: BufKind::Load, vdata: 3 }),
    (BUFFER_LOAD_DWORDX4, "buffer_load_dwordx4", Mubuf, 0x017, None, Shape::Buf { kind: BufKind::Load, vdata: 4 }),
    (BUFFER_STORE_BYTE, "buffer_store_byte", Mubuf, 0x018, None, Shape::Buf { kind: BufKind::Store, vdata: 1 }),
    (BUFFER_STORE_BYTE_D16_HI, "buffer_store_byte_d16_hi", Mubuf, 0x019, None, Shape::Buf { kind: BufKind::Store, vdata: 1 }),
    (BUFFER_STORE_SHORT, "buffer_store_short", Mubuf, 0x01a, None, Shape::Buf { kind: BufKind::Store, vdata: 1 }),
    (BUFFER_STORE_SHORT_D16_HI, "buffer_store_short_d16_hi", Mubuf, 0x01b, None, Shape::Buf { kind: BufKind::Store, vdata: 1 }),
    (BUFFER_STORE_DWORD, "buffer_store_dword", Mubuf, 0x01c, None, Shape::Buf { kind: BufKind::Store, vdata: 1 }),
    (BUFFER_STORE_DWORDX2, "buffer_store_dwordx2", Mubuf, 0x01d, None, Shape::Buf { kind: BufKind::Store, vdata: 2 }),
    (BUFFER_STORE_DWORDX3, "buffer_store_dwordx3", Mubuf, 0x01e, None, Shape::Buf { kind: BufKind::Store, vdata: 3 }),
    (BUFFER_STORE_DWORDX4, "buffer_store_dwordx4", Mubuf, 0x01f, None, Shape::Buf { kind: BufKind::Store, vdata: 4 }),
    (BUFFER_LOAD_UBYTE_D16, "buffer_load_ubyte_d16", Mubuf, 0x020, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (BUFFER_LOAD_UBYTE_D16_HI, "buffer_load_ubyte_d16_hi", Mubuf, 0x021, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (BUFFER_LOAD_SBYTE_D16, "buffer_load_sbyte_d16", Mubuf, 0x022, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (BUFFER_LOAD_SBYTE_D16_HI, "buffer_load_sbyte_d16_hi", Mubuf, 0x023, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (BUFFER_LOAD_SHORT_D16, "buffer_load_short_d16", Mubuf, 0x024, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (BUFFER_LOAD_SHORT_D16_HI, "buffer_load_short_d16_hi", Mubuf, 0x025, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (BUFFER_LOAD_FORMAT_D16_HI_X, "buffer_load_format_d16_hi_x", Mubuf, 0x026, None, Shape::Buf { kind: BufKind::Load, vdata: 1 }),
    (BUFFER_STORE_FORMAT_D16_HI_X, "buffer_store_format_d16_hi_x", Mubuf, 0x027, None, Shape::Buf { kind: BufKind::Store, vdata: 1 }),
    (BUFFER_STORE_LDS_DWORD, "buffer_store_lds_dword", Mubuf, 0x03d, None, Shape::Buf { kind: BufKind::StoreLds, vdata: 0 }),
    (BUFFER_WBINVL1, "buffer_wbinvl1", Mubuf, 0x03e, None, Shape::Buf { kind: BufKind::NoOp, vdata: 0 }),
    (BUFFER_WBINVL1_VOL, "buffer_wbinvl1_vol", Mubuf, 0x03f, None, Shape::Buf { kind: BufKind::NoOp, vdata: 0 }),
    (BUFFER_ATOMIC_SWAP, "buffer_atomic_swap", Mubuf, 0x040, None, Shape::Buf { kind: BufKind::Atomic, vdata: 1 }),
    (BUFFER_ATOMIC_CMPSWAP, "buffer_atomic_cmpswap", Mubuf, 0x041, None, Shape::Buf { kind: BufKind::Atomic, vdata: 2 }),
    (BUFFER_ATOMIC_ADD, "buffer_atomic_add", Mubuf, 0x042, None, Shape::Buf { kind: BufKind::Atomic, vdata: 1 }),
    (BUFFER_ATOMIC_SUB, "buffer_atomic_sub", Mubuf, 0x043, None, Shape::Buf { kind: BufKind::Atomic, vdata: 1 }),
    (BUFFER_ATOMIC_SMIN, "buffer_atomic_smin", Mubuf, 0x044, None, Shape::Buf { kind: BufKind::Atomic, vdata: 1 }),
    (BUFFER_ATOMIC_UMIN, "buffer_atomic_umin", Mubuf, 0x045, None, Shape::Buf { kind: BufKind::Atomic, vdata: 1 }),
    (BUFFER_ATOMIC_SMAX, "buffer_atomic_smax", Mubuf, 0x046, None, Shape::Buf { kind: BufKind::Atomic, vdata: 1 }),
    (BUFFER_ATOMIC_UMAX, "buffer_atomic_umax", Mubuf, 0x047, None, Shape::Buf { kind: BufKind::Atomic, vdata: 1 }),
    (BUFFER_ATOMIC_AND, "buffer_atomic_and", Mubuf, 0x048, None, Shape::Buf { kind: BufKind::Atomic, vdata: 1 }),
    (BUFFER_ATOMIC_OR, "buffer_atomic_or", Mubuf, 0x049, None, Shape::Buf { kind: BufKind::Atomic, vdata: 1 }),
    (BUFFER_ATOMIC_XOR, "buffer_atomic_xor", Mubuf, 0x04a, None, Shape::Buf { kind: BufKind::Atomic, vdata: 1 }),
    (BUFFER_ATOMIC_INC, "buffer_atomic_inc", Mubuf, 0x04b, None, Shape::Buf { kind: BufKind::Atomic, vdata: 1 }),
    (BUFFER_ATOMIC_DEC, "buffer_atomic_dec", Mubuf, 0x04c, None, Shape::Buf { kind: BufKind::Atomic, vdata: 1 }),
    (BUFFER_ATOMIC_SWAP_X2, "buffer_atomic_swap_x2", Mubuf, 0x060, None, Shape::Buf { kind: BufKind::Atomic, vdata: 2 }),
    (BUFFER_ATOMIC_CMPSWAP_X2, "buffer_atomic_cmpswap_x2", Mubuf, 0x061, None, Shape::Buf { kind: BufKind::Atomic, vdata: 4 }),
    (BUFFER_ATOMIC_ADD_X2, "buffer_atomic_add_x2", Mubuf, 0x062, None, Shape::Buf { kind: BufKind::Atomic, vdata: 2 }),
    (BUFFER_ATOMIC_SUB_X2, "buffer_atomic_sub_x2", Mubuf, 0x063, None, Shape::Buf { kind: BufKind::Atomic, vdata: 2 }),
    (BUFFER_ATOMIC_SMIN_X2, "buffer_atomic_smin_x2", Mubuf, 0x064, None, Shape::Buf { kind: BufKind::Atomic, vdata: 2 }),
    (BUFFER_ATOMIC_UMIN_X2, "buffer_atomic_umin_x2", Mubuf, 0x065, None, Shape::Buf { kind: BufKind::Atomic, vdata: 2 }),
    (BUFFER_ATOMIC_SMAX_X2, "buffer_atomic_smax_x2", Mubuf, 0x066, None, Shape::Buf { kind: BufKind::Atomic, vdata: 2 }),
    (BUFFER_ATOMIC_UMAX_X2, "buffer_atomic_umax_x2", Mubuf, 0x067, None, Shape::Buf { kind: BufKind::Atomic, vdata: 2 }),
    (BUFFER_ATOMIC_AND_X2, "buffer_atomic_and_x2", Mubuf, 0x068, None, Shape::Buf { kind: BufKind::Atomic, vdata: 2 }),
    (BUFFER_ATOMIC_OR_X2, "buffer_atomic_or_x2", Mubuf, 0x069, None, Shape::Buf { kind: BufKind::Atomic, vdata: 2 }),
    (BUFFER_ATOMIC_XOR_X2, "buffer_atomic_xor_x2", Mubuf, 0x06a, None, Shape::Buf { kind: BufKind::Atomic, vdata: 2 }),
    (BUFFER_ATOMIC_INC_X2, "buffer_atomic_inc_x2", Mubuf, 0x06b, None, Shape::Buf { kind: BufKind::Atomic, vdata: 2 }),
    (BUFFER_ATOMIC_DEC_X2, "buffer_atomic_dec_x2", Mubuf, 0x06c, None, Shape::Buf { kind: BufKind::Atomic, vdata: 2 }),
    // MIMG (vega L31241-31649)
    (IMAGE_LOAD, "image_load", Mimg, 0x000, None, Shape::Mimg(MimgKind::Load)),
    (IMAGE_LOAD_MIP, "image_load_mip", Mimg, 0x001, None, Shape::Mimg(MimgKind::Load)),
    (IMAGE_LOAD_PCK, "image_load_pck", Mimg, 0x002, None, Shape::Mimg(MimgKind::Load)),
    (IMAGE_LOAD_PCK_SGN, "image_load_pck_sgn", Mimg, 0x003, None, Shape::Mimg(MimgKind::Load)),
    (IMAGE_LOAD_MIP_PCK, "image_load_mip_pck", Mimg, 0x004, None, Shape::Mimg(MimgKind::Load)),
    (IMAGE_LOAD_MIP_PCK_SGN, "image_load_mip_pck_sgn", Mimg, 0x005, None, Shape::Mimg(MimgKind::Load)),
    (IMAGE_STORE, "image_store", Mimg, 0x008, None, Shape::Mimg(MimgKind::Store)),
    (IMAGE_STORE_MIP, "image_store_mip", Mimg, 0x009, None, Shape::Mimg(MimgKind::Store)),
    (IMAGE_STORE_PCK, "image_store_pck", Mimg, 0x00a, None, Shape::Mimg(MimgKind::Store)),
    (IMAGE_STORE_MIP_PCK, "image_store_mip_pck", Mimg, 0x00b, None, Shape::Mimg(MimgKind::Store)),
    (IMAGE_GET_RESINFO, "image_get_resinfo", Mimg, 0x00e, None, Shape::Mimg(MimgKind::Load)),
    (IMAGE_ATOMIC_SWAP, "image_atomic_swap", Mimg, 0x010, None, Shape::Mimg(MimgKind::Atomic)),
    (IMAGE_ATOMIC_CMPSWAP, "image_atomic_cmpswap", Mimg, 0x011, None, Shape::Mimg(MimgKind::Atomic)),
    (IMAGE_ATOMIC_ADD, "image_atomic_add", Mimg, 0x012, None, Shape::Mimg(MimgKind::Atomic)),
    (IMAGE_ATOMIC_SUB, "image_atomic_sub", Mimg, 0x013, None, Shape::Mimg(MimgKind::Atomic)),
    (IMAGE_ATOMIC_SMIN, "image_atomic_smin", Mimg, 0x014, None, Shape::Mimg(MimgKind::Atomic)),
    (IMAGE_ATOMIC_UMIN, "image_atomic_umin", Mimg, 0x015, None, Shape::Mimg(MimgKind::Atomic)),
    (IMAGE_ATOMIC_SMAX, "image_atomic_smax", Mimg, 0x016, None, Shape::Mimg(MimgKind::Atomic)),
    (IMAGE_ATOMIC_UMAX, "image_atomic_umax", Mimg, 0x017, None, Shape::Mimg(MimgKind::Atomic)),
    (IMAGE_ATOMIC_AND, "image_atomic_and", Mimg, 0x018, None, Shape::Mimg(MimgKind::Atomic)),
    (IMAGE_ATOMIC_OR, "image_atomic_or", Mimg, 0x019, None, Shape::Mimg(MimgKind::Atomic)),
    (IMAGE_ATOMIC_XOR, "image_atomic_xor", Mimg, 0x01a, None, Shape::Mimg(MimgKind::Atomic)),
    (IMAGE_ATOMIC_INC, "image_atomic_inc", Mimg, 0x01b, None, Shape::Mimg(MimgKind::Atomic)),
    (IMAGE_ATOMIC_DEC, "image_atomic_dec", Mimg, 0x01c, None, Shape::Mimg(MimgKind::Atomic)),
    (IMAGE_SAMPLE, "image_sample", Mimg, 0x020, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_CL, "image_sample_cl", Mimg, 0x021, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_D, "image_sample_d", Mimg, 0x022, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_D_CL, "image_sample_d_cl", Mimg, 0x023, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_L, "image_sample_l", Mimg, 0x024, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_B, "image_sample_b", Mimg, 0x025, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_B_CL, "image_sample_b_cl", Mimg, 0x026, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_LZ, "image_sample_lz", Mimg, 0x027, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C, "image_sample_c", Mimg, 0x028, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_CL, "image_sample_c_cl", Mimg, 0x029, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_D, "image_sample_c_d", Mimg, 0x02a, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_D_CL, "image_sample_c_d_cl", Mimg, 0x02b, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_L, "image_sample_c_l", Mimg, 0x02c, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_B, "image_sample_c_b", Mimg, 0x02d, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_B_CL, "image_sample_c_b_cl", Mimg, 0x02e, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_LZ, "image_sample_c_lz", Mimg, 0x02f, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_O, "image_sample_o", Mimg, 0x030, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_CL_O, "image_sample_cl_o", Mimg, 0x031, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_D_O, "image_sample_d_o", Mimg, 0x032, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_D_CL_O, "image_sample_d_cl_o", Mimg, 0x033, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_L_O, "image_sample_l_o", Mimg, 0x034, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_B_O, "image_sample_b_o", Mimg, 0x035, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_B_CL_O, "image_sample_b_cl_o", Mimg, 0x036, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_LZ_O, "image_sample_lz_o", Mimg, 0x037, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_O, "image_sample_c_o", Mimg, 0x038, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_CL_O, "image_sample_c_cl_o", Mimg, 0x039, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_D_O, "image_sample_c_d_o", Mimg, 0x03a, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_D_CL_O, "image_sample_c_d_cl_o", Mimg, 0x03b, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_L_O, "image_sample_c_l_o", Mimg, 0x03c, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_B_O, "image_sample_c_b_o", Mimg, 0x03d, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_B_CL_O, "image_sample_c_b_cl_o", Mimg, 0x03e, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_LZ_O, "image_sample_c_lz_o", Mimg, 0x03f, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4, "image_gather4", Mimg, 0x040, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_CL, "image_gather4_cl", Mimg, 0x041, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4H, "image_gather4h", Mimg, 0x042, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_L, "image_gather4_l", Mimg, 0x044, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_B, "image_gather4_b", Mimg, 0x045, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_B_CL, "image_gather4_b_cl", Mimg, 0x046, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_LZ, "image_gather4_lz", Mimg, 0x047, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_C, "image_gather4_c", Mimg, 0x048, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_C_CL, "image_gather4_c_cl", Mimg, 0x049, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4H_PCK, "image_gather4h_pck", Mimg, 0x04a, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER8H_PCK, "image_gather8h_pck", Mimg, 0x04b, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_C_L, "image_gather4_c_l", Mimg, 0x04c, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_C_B, "image_gather4_c_b", Mimg, 0x04d, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_C_B_CL, "image_gather4_c_b_cl", Mimg, 0x04e, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_C_LZ, "image_gather4_c_lz", Mimg, 0x04f, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_O, "image_gather4_o", Mimg, 0x050, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_CL_O, "image_gather4_cl_o", Mimg, 0x051, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_L_O, "image_gather4_l_o", Mimg, 0x054, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_B_O, "image_gather4_b_o", Mimg, 0x055, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_B_CL_O, "image_gather4_b_cl_o", Mimg, 0x056, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_LZ_O, "image_gather4_lz_o", Mimg, 0x057, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_C_O, "image_gather4_c_o", Mimg, 0x058, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_C_CL_O, "image_gather4_c_cl_o", Mimg, 0x059, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_C_L_O, "image_gather4_c_l_o", Mimg, 0x05c, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_C_B_O, "image_gather4_c_b_o", Mimg, 0x05d, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_C_B_CL_O, "image_gather4_c_b_cl_o", Mimg, 0x05e, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GATHER4_C_LZ_O, "image_gather4_c_lz_o", Mimg, 0x05f, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_GET_LOD, "image_get_lod", Mimg, 0x060, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_CD, "image_sample_cd", Mimg, 0x068, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_CD_CL, "image_sample_cd_cl", Mimg, 0x069, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_CD, "image_sample_c_cd", Mimg, 0x06a, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_CD_CL, "image_sample_c_cd_cl", Mimg, 0x06b, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_CD_O, "image_sample_cd_o", Mimg, 0x06c, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_CD_CL_O, "image_sample_cd_cl_o", Mimg, 0x06d, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_CD_O, "image_sample_c_cd_o", Mimg, 0x06e, None, Shape::Mimg(MimgKind::Sample)),
    (IMAGE_SAMPLE_C_CD_CL_O, "image_sample_c_cd_cl_o", Mimg, 0x06f, None, Shape::Mimg(MimgKind::Sample)),
    // FLAT (vega L31761-31964)
    (FLAT_LOAD_UBYTE, "flat_load_ubyte", Flat, 0x010, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (FLAT_LOAD_SBYTE, "flat_load_sbyte", Flat, 0x011, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (FLAT_LOAD_USHORT, "flat_load_ushort", Flat, 0x012, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (FLAT_LOAD_SSHORT, "flat_load_sshort", Flat, 0x013, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (FLAT_LOAD_DWORD, "flat_load_dword", Flat, 0x014, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (FLAT_LOAD_DWORDX2, "flat_load_dwordx2", Flat, 0x015, None, Shape::Flat { kind: FlatKind::Load, dst: 2, data: 0 }),
    (FLAT_LOAD_DWORDX3, "flat_load_dwordx3", Flat, 0x016, None, Shape::Flat { kind: FlatKind::Load, dst: 3, data: 0 }),
    (FLAT_LOAD_DWORDX4, "flat_load_dwordx4", Flat, 0x017, None, Shape::Flat { kind: FlatKind::Load, dst: 4, data: 0 }),
    (FLAT_STORE_BYTE, "flat_store_byte", Flat, 0x018, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 1 }),
    (FLAT_STORE_BYTE_D16_HI, "flat_store_byte_d16_hi", Flat, 0x019, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 1 }),
    (FLAT_STORE_SHORT, "flat_store_short", Flat, 0x01a, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 1 }),
    (FLAT_STORE_SHORT_D16_HI, "flat_store_short_d16_hi", Flat, 0x01b, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 1 }),
    (FLAT_STORE_DWORD, "flat_store_dword", Flat, 0x01c, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 1 }),
    (FLAT_STORE_DWORDX2, "flat_store_dwordx2", Flat, 0x01d, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 2 }),
    (FLAT_STORE_DWORDX3, "flat_store_dwordx3", Flat, 0x01e, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 3 }),
    (FLAT_STORE_DWORDX4, "flat_store_dwordx4", Flat, 0x01f, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 4 }),
    (FLAT_LOAD_UBYTE_D16, "flat_load_ubyte_d16", Flat, 0x020, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (FLAT_LOAD_UBYTE_D16_HI, "flat_load_ubyte_d16_hi", Flat, 0x021, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (FLAT_LOAD_SBYTE_D16, "flat_load_sbyte_d16", Flat, 0x022, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (FLAT_LOAD_SBYTE_D16_HI, "flat_load_sbyte_d16_hi", Flat, 0x023, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (FLAT_LOAD_SHORT_D16, "flat_load_short_d16", Flat, 0x024, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (FLAT_LOAD_SHORT_D16_HI, "flat_load_short_d16_hi", Flat, 0x025, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (FLAT_ATOMIC_SWAP, "flat_atomic_swap", Flat, 0x040, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (FLAT_ATOMIC_CMPSWAP, "flat_atomic_cmpswap", Flat, 0x041, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 2 }),
    (FLAT_ATOMIC_ADD, "flat_atomic_add", Flat, 0x042, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (FLAT_ATOMIC_SUB, "flat_atomic_sub", Flat, 0x043, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (FLAT_ATOMIC_SMIN, "flat_atomic_smin", Flat, 0x044, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (FLAT_ATOMIC_UMIN, "flat_atomic_umin", Flat, 0x045, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (FLAT_ATOMIC_SMAX, "flat_atomic_smax", Flat, 0x046, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (FLAT_ATOMIC_UMAX, "flat_atomic_umax", Flat, 0x047, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (FLAT_ATOMIC_AND, "flat_atomic_and", Flat, 0x048, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (FLAT_ATOMIC_OR, "flat_atomic_or", Flat, 0x049, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (FLAT_ATOMIC_XOR, "flat_atomic_xor", Flat, 0x04a, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (FLAT_ATOMIC_INC, "flat_atomic_inc", Flat, 0x04b, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (FLAT_ATOMIC_DEC, "flat_atomic_dec", Flat, 0x04c, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (FLAT_ATOMIC_SWAP_X2, "flat_atomic_swap_x2", Flat, 0x060, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (FLAT_ATOMIC_CMPSWAP_X2, "flat_atomic_cmpswap_x2", Flat, 0x061, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 4 }),
    (FLAT_ATOMIC_ADD_X2, "flat_atomic_add_x2", Flat, 0x062, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (FLAT_ATOMIC_SUB_X2, "flat_atomic_sub_x2", Flat, 0x063, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (FLAT_ATOMIC_SMIN_X2, "flat_atomic_smin_x2", Flat, 0x064, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (FLAT_ATOMIC_UMIN_X2, "flat_atomic_umin_x2", Flat, 0x065, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (FLAT_ATOMIC_SMAX_X2, "flat_atomic_smax_x2", Flat, 0x066, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (FLAT_ATOMIC_UMAX_X2, "flat_atomic_umax_x2", Flat, 0x067, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (FLAT_ATOMIC_AND_X2, "flat_atomic_and_x2", Flat, 0x068, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (FLAT_ATOMIC_OR_X2, "flat_atomic_or_x2", Flat, 0x069, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (FLAT_ATOMIC_XOR_X2, "flat_atomic_xor_x2", Flat, 0x06a, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (FLAT_ATOMIC_INC_X2, "flat_atomic_inc_x2", Flat, 0x06b, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (FLAT_ATOMIC_DEC_X2, "flat_atomic_dec_x2", Flat, 0x06c, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    // GLOBAL (vega L31967-32178)
    (GLOBAL_LOAD_UBYTE, "global_load_ubyte", Global, 0x010, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (GLOBAL_LOAD_SBYTE, "global_load_sbyte", Global, 0x011, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (GLOBAL_LOAD_USHORT, "global_load_ushort", Global, 0x012, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (GLOBAL_LOAD_SSHORT, "global_load_sshort", Global, 0x013, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (GLOBAL_LOAD_DWORD, "global_load_dword", Global, 0x014, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (GLOBAL_LOAD_DWORDX2, "global_load_dwordx2", Global, 0x015, None, Shape::Flat { kind: FlatKind::Load, dst: 2, data: 0 }),
    (GLOBAL_LOAD_DWORDX3, "global_load_dwordx3", Global, 0x016, None, Shape::Flat { kind: FlatKind::Load, dst: 3, data: 0 }),
    (GLOBAL_LOAD_DWORDX4, "global_load_dwordx4", Global, 0x017, None, Shape::Flat { kind: FlatKind::Load, dst: 4, data: 0 }),
    (GLOBAL_STORE_BYTE, "global_store_byte", Global, 0x018, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 1 }),
    (GLOBAL_STORE_BYTE_D16_HI, "global_store_byte_d16_hi", Global, 0x019, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 1 }),
    (GLOBAL_STORE_SHORT, "global_store_short", Global, 0x01a, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 1 }),
    (GLOBAL_STORE_SHORT_D16_HI, "global_store_short_d16_hi", Global, 0x01b, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 1 }),
    (GLOBAL_STORE_DWORD, "global_store_dword", Global, 0x01c, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 1 }),
    (GLOBAL_STORE_DWORDX2, "global_store_dwordx2", Global, 0x01d, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 2 }),
    (GLOBAL_STORE_DWORDX3, "global_store_dwordx3", Global, 0x01e, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 3 }),
    (GLOBAL_STORE_DWORDX4, "global_store_dwordx4", Global, 0x01f, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 4 }),
    (GLOBAL_LOAD_UBYTE_D16, "global_load_ubyte_d16", Global, 0x020, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (GLOBAL_LOAD_UBYTE_D16_HI, "global_load_ubyte_d16_hi", Global, 0x021, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (GLOBAL_LOAD_SBYTE_D16, "global_load_sbyte_d16", Global, 0x022, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (GLOBAL_LOAD_SBYTE_D16_HI, "global_load_sbyte_d16_hi", Global, 0x023, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (GLOBAL_LOAD_SHORT_D16, "global_load_short_d16", Global, 0x024, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (GLOBAL_LOAD_SHORT_D16_HI, "global_load_short_d16_hi", Global, 0x025, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (GLOBAL_ATOMIC_SWAP, "global_atomic_swap", Global, 0x040, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (GLOBAL_ATOMIC_CMPSWAP, "global_atomic_cmpswap", Global, 0x041, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 2 }),
    (GLOBAL_ATOMIC_ADD, "global_atomic_add", Global, 0x042, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (GLOBAL_ATOMIC_SUB, "global_atomic_sub", Global, 0x043, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (GLOBAL_ATOMIC_SMIN, "global_atomic_smin", Global, 0x044, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (GLOBAL_ATOMIC_UMIN, "global_atomic_umin", Global, 0x045, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (GLOBAL_ATOMIC_SMAX, "global_atomic_smax", Global, 0x046, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (GLOBAL_ATOMIC_UMAX, "global_atomic_umax", Global, 0x047, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (GLOBAL_ATOMIC_AND, "global_atomic_and", Global, 0x048, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (GLOBAL_ATOMIC_OR, "global_atomic_or", Global, 0x049, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (GLOBAL_ATOMIC_XOR, "global_atomic_xor", Global, 0x04a, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (GLOBAL_ATOMIC_INC, "global_atomic_inc", Global, 0x04b, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (GLOBAL_ATOMIC_DEC, "global_atomic_dec", Global, 0x04c, None, Shape::Flat { kind: FlatKind::Atomic, dst: 1, data: 1 }),
    (GLOBAL_ATOMIC_SWAP_X2, "global_atomic_swap_x2", Global, 0x060, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (GLOBAL_ATOMIC_CMPSWAP_X2, "global_atomic_cmpswap_x2", Global, 0x061, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 4 }),
    (GLOBAL_ATOMIC_ADD_X2, "global_atomic_add_x2", Global, 0x062, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (GLOBAL_ATOMIC_SUB_X2, "global_atomic_sub_x2", Global, 0x063, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (GLOBAL_ATOMIC_SMIN_X2, "global_atomic_smin_x2", Global, 0x064, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (GLOBAL_ATOMIC_UMIN_X2, "global_atomic_umin_x2", Global, 0x065, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (GLOBAL_ATOMIC_SMAX_X2, "global_atomic_smax_x2", Global, 0x066, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (GLOBAL_ATOMIC_UMAX_X2, "global_atomic_umax_x2", Global, 0x067, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (GLOBAL_ATOMIC_AND_X2, "global_atomic_and_x2", Global, 0x068, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (GLOBAL_ATOMIC_OR_X2, "global_atomic_or_x2", Global, 0x069, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (GLOBAL_ATOMIC_XOR_X2, "global_atomic_xor_x2", Global, 0x06a, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (GLOBAL_ATOMIC_INC_X2, "global_atomic_inc_x2", Global, 0x06b, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    (GLOBAL_ATOMIC_DEC_X2, "global_atomic_dec_x2", Global, 0x06c, None, Shape::Flat { kind: FlatKind::Atomic, dst: 2, data: 2 }),
    // SCRATCH (vega L32181-32280)
    (SCRATCH_LOAD_UBYTE, "scratch_load_ubyte", Scratch, 0x010, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (SCRATCH_LOAD_SBYTE, "scratch_load_sbyte", Scratch, 0x011, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (SCRATCH_LOAD_USHORT, "scratch_load_ushort", Scratch, 0x012, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (SCRATCH_LOAD_SSHORT, "scratch_load_sshort", Scratch, 0x013, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (SCRATCH_LOAD_DWORD, "scratch_load_dword", Scratch, 0x014, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (SCRATCH_LOAD_DWORDX2, "scratch_load_dwordx2", Scratch, 0x015, None, Shape::Flat { kind: FlatKind::Load, dst: 2, data: 0 }),
    (SCRATCH_LOAD_DWORDX3, "scratch_load_dwordx3", Scratch, 0x016, None, Shape::Flat { kind: FlatKind::Load, dst: 3, data: 0 }),
    (SCRATCH_LOAD_DWORDX4, "scratch_load_dwordx4", Scratch, 0x017, None, Shape::Flat { kind: FlatKind::Load, dst: 4, data: 0 }),
    (SCRATCH_STORE_BYTE, "scratch_store_byte", Scratch, 0x018, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 1 }),
    (SCRATCH_STORE_BYTE_D16_HI, "scratch_store_byte_d16_hi", Scratch, 0x019, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 1 }),
    (SCRATCH_STORE_SHORT, "scratch_store_short", Scratch, 0x01a, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 1 }),
    (SCRATCH_STORE_SHORT_D16_HI, "scratch_store_short_d16_hi", Scratch, 0x01b, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 1 }),
    (SCRATCH_STORE_DWORD, "scratch_store_dword", Scratch, 0x01c, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 1 }),
    (SCRATCH_STORE_DWORDX2, "scratch_store_dwordx2", Scratch, 0x01d, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 2 }),
    (SCRATCH_STORE_DWORDX3, "scratch_store_dwordx3", Scratch, 0x01e, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 3 }),
    (SCRATCH_STORE_DWORDX4, "scratch_store_dwordx4", Scratch, 0x01f, None, Shape::Flat { kind: FlatKind::Store, dst: 0, data: 4 }),
    (SCRATCH_LOAD_UBYTE_D16, "scratch_load_ubyte_d16", Scratch, 0x020, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (SCRATCH_LOAD_UBYTE_D16_HI, "scratch_load_ubyte_d16_hi", Scratch, 0x021, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (SCRATCH_LOAD_SBYTE_D16, "scratch_load_sbyte_d16", Scratch, 0x022, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (SCRATCH_LOAD_SBYTE_D16_HI, "scratch_load_sbyte_d16_hi", Scratch, 0x023, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (SCRATCH_LOAD_SHORT_D16, "scratch_load_short_d16", Scratch, 0x024, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    (SCRATCH_LOAD_SHORT_D16_HI, "scratch_load_short_d16_hi", Scratch, 0x025, None, Shape::Flat { kind: FlatKind::Load, dst: 1, data: 0 }),
    // EXP (vega L32281-32373)
    (EXP, "exp", Exp, 0x000, None, Shape::Exp),
}

impl Opcode {
    /// The table row of this opcode.
    pub fn info(self) -> &'static OpInfo {
        &TABLE[self as usize]
    }
    /// LLVM mnemonic.
    pub fn name(self) -> &'static str {
        self.info().name
    }
    /// Native format.
    pub fn format(self) -> Format {
        self.info().format
    }
    /// Operand shape.
    pub fn shape(self) -> Shape {
        self.info().shape
    }
    /// VALU shape, if this is a VALU opcode.
    pub fn valu_shape(self) -> Option<ValuShape> {
        match self.info().shape {
            Shape::Valu(s) => Some(s),
            _ => None,
        }
    }
}

/// Look up an opcode by (format, number); VOP3 numbers also find promoted VOP1/2/C ops
/// (returned with `true` for "VOP3 form").
pub fn lookup(format: Format, code: u16) -> Option<(Opcode, bool)> {
    index().get(&(format, code)).copied()
}

/// Look up by LLVM mnemonic (lower case, without `_e32`/`_e64`).
pub fn by_name(name: &str) -> Option<Opcode> {
    names().get(name).copied()
}

fn index() -> &'static std::collections::HashMap<(Format, u16), (Opcode, bool)> {
    static INDEX: std::sync::OnceLock<std::collections::HashMap<(Format, u16), (Opcode, bool)>> =
        std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        let mut m = std::collections::HashMap::new();
        for info in TABLE {
            m.insert(
                (info.format, info.code),
                (info.op, info.format == Format::Vop3),
            );
            if let Some(v3) = info.vop3 {
                m.insert((Format::Vop3, v3), (info.op, true));
            }
        }
        m
    })
}

fn names() -> &'static std::collections::HashMap<&'static str, Opcode> {
    static NAMES: std::sync::OnceLock<std::collections::HashMap<&'static str, Opcode>> =
        std::sync::OnceLock::new();
    NAMES.get_or_init(|| TABLE.iter().map(|i| (i.name, i.op)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_in_enum_order_and_unique() {
        let mut seen = std::collections::HashSet::new();
        for (i, info) in TABLE.iter().enumerate() {
            assert_eq!(info.op as usize, i);
            assert!(
                seen.insert((info.format, info.code)),
                "duplicate {}",
                info.name
            );
            if let Some(v3) = info.vop3 {
                assert!(
                    seen.insert((Format::Vop3, v3)),
                    "duplicate vop3 {}",
                    info.name
                );
            }
        }
        assert_eq!(by_name("v_add_f32"), Some(Opcode::V_ADD_F32));
        assert_eq!(lookup(Format::Vop3, 0x101), Some((Opcode::V_ADD_F32, true)));
    }

    #[test]
    fn counts_match_the_spec_tables() {
        let count = |f| TABLE.iter().filter(|i| i.format == f).count();
        // Per-format counts of the Ch13 tables (digest §5).
        assert_eq!(count(Format::Sop2), 53);
        assert_eq!(count(Format::Sopk), 21);
        assert_eq!(count(Format::Sop1), 54);
        assert_eq!(count(Format::Sopc), 20);
        assert_eq!(count(Format::Sopp), 31);
        assert_eq!(count(Format::Smem), 84);
        assert_eq!(count(Format::Vop2), 57);
        assert_eq!(count(Format::Vop1), 78);
        assert_eq!(count(Format::Vopc), 198);
        assert_eq!(count(Format::Vop3), 107);
        assert_eq!(count(Format::Vop3p), 29);
        assert_eq!(count(Format::Ds), 154);
        assert_eq!(count(Format::Mtbuf), 16);
        assert_eq!(count(Format::Mubuf), 69);
        assert_eq!(count(Format::Mimg), 92);
        assert_eq!(count(Format::Flat), 48);
        assert_eq!(count(Format::Global), 48);
        assert_eq!(count(Format::Scratch), 22);
    }
}
