//! The decoded instruction: what the compiler emits and what the device model executes.
//!
//! One variant per group of formats that share a meaning. Every field that an encoding
//! carries is a field here (raw where the hardware gives it no structure, e.g. `s_waitcnt`'s
//! SIMM16), so that `encode(decode(bytes)) == bytes` for every accepted encoding. Operands
//! an opcode does not use are `None`; which ones it uses is fixed by its
//! [`Shape`](super::Shape).

use super::operand::Operand;
use super::Opcode;

/// One machine instruction.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Inst {
    /// SOP1, SOP2 and SOPC (vega L24298-25408): at most one destination and two sources.
    Salu(Salu),
    /// `s_set_gpr_idx_on src0, gpr_idx(...)`: SOPC 17 with raw mode bits in the SSRC1 field
    /// (vega L10571-10589).
    SetGprIdxOn {
        /// The index source.
        src0: Operand,
        /// Mode bits: 1 SRC0, 2 SRC1, 4 SRC2, 8 DST.
        mode: u8,
    },
    /// SOPK (vega L24661-24739).
    Sopk(Sopk),
    /// SOPP (vega L25409-25442).
    Sopp(Sopp),
    /// SMEM (vega L25586-25666).
    Smem(Smem),
    /// VOP1, VOP2, VOPC, VOP3A, VOP3B, VOP3P (vega L26034-29043).
    Valu(Valu),
    /// VINTRP (vega L29656-29729).
    Vintrp(Vintrp),
    /// DS (vega L29733-29803).
    Ds(Ds),
    /// MUBUF and MTBUF (vega L30477-30804).
    Buf(Buf),
    /// FLAT, GLOBAL and SCRATCH (vega L31635-31753).
    Flat(Flat),
    /// MIMG (vega L31104-31239).
    Mimg(Mimg),
    /// EXP (vega L32281-32373).
    Exp(Exp),
}

impl Inst {
    /// The opcode.
    pub fn opcode(&self) -> Opcode {
        match self {
            Inst::Salu(i) => i.op,
            Inst::SetGprIdxOn { .. } => Opcode::S_SET_GPR_IDX_ON,
            Inst::Sopk(i) => i.op,
            Inst::Sopp(i) => i.op,
            Inst::Smem(i) => i.op,
            Inst::Valu(i) => i.op,
            Inst::Vintrp(i) => i.op,
            Inst::Ds(i) => i.op,
            Inst::Buf(i) => i.op,
            Inst::Flat(i) => i.op,
            Inst::Mimg(i) => i.op,
            Inst::Exp(_) => Opcode::EXP,
        }
    }
}

/// A scalar ALU instruction (SOP1/SOP2/SOPC).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Salu {
    /// Opcode.
    pub op: Opcode,
    /// SDST (an SGPR range, 7-bit code).
    pub dst: Option<Operand>,
    /// SSRC0.
    pub src0: Option<Operand>,
    /// SSRC1.
    pub src1: Option<Operand>,
}

/// SOPK.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sopk {
    /// Opcode.
    pub op: Opcode,
    /// The SDST field (destination, or source for s_cmpk_* / s_setreg_b32); `None` only
    /// for s_setreg_imm32_b32.
    pub sdst: Option<Operand>,
    /// SIMM16 (raw: hwreg fields, branch offset in dwords, or the constant).
    pub simm16: u16,
    /// The trailing 32-bit constant of s_setreg_imm32_b32.
    pub imm32: Option<u32>,
}

/// SOPP.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sopp {
    /// Opcode.
    pub op: Opcode,
    /// SIMM16 (raw).
    pub simm16: u16,
}

/// Byte address a branch at `pc` with this SIMM16 goes to: PC + 4 + signext(SIMM16) * 4
/// (vega L10665; digest §9 #22). Wraps like the 64-bit program counter.
pub fn branch_target(pc: u64, simm16: u16) -> u64 {
    pc.wrapping_add(4)
        .wrapping_add((i64::from(simm16 as i16) * 4) as u64)
}

impl Sopp {
    /// Target of a branch (s_branch, s_cbranch_*) located at byte address `pc`.
    pub fn branch_target(&self, pc: u64) -> u64 {
        branch_target(pc, self.simm16)
    }
}

impl Sopk {
    /// Target of s_call_b64 / s_cbranch_i_fork located at byte address `pc`.
    pub fn branch_target(&self, pc: u64) -> u64 {
        branch_target(pc, self.simm16)
    }
}

/// The offset operand of SMEM (vega L4581-4653, digest §9 #6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SmemOffset {
    /// IMM=1: a 21-bit signed byte offset.
    Imm(i32),
    /// IMM=0: an SGPR or M0 holding an unsigned byte offset.
    Sgpr(Operand),
}

/// SMEM. SOE, SOFFSET and NV are not supported (LLVM 14 cannot produce or print them,
/// digest D9); the decoder refuses encodings that set them.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Smem {
    /// Opcode.
    pub op: Opcode,
    /// SDATA; for s_atc_probe* the 7-bit immediate as `Operand::Int`.
    pub sdata: Option<Operand>,
    /// SBASE (SGPR pair or quad).
    pub sbase: Option<Operand>,
    /// The offset (absent only for operand-less ops and s_memtime).
    pub offset: Option<SmemOffset>,
    /// GLC.
    pub glc: bool,
}

/// A vector ALU instruction in any of its encodings.
///
/// Sources are in assembly order; for v_madmk the literal K is `src[1]` and for v_madak
/// `src[2]`, so that D = src0 * src1 + src2 in both. Implicit VCC operands of the 32-bit
/// forms are written out (`sdst = vcc` for VOPC and carry-out ops, `src[2] = vcc` for
/// v_cndmask/v_addc) so that both forms read the same way.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Valu {
    /// Opcode.
    pub op: Opcode,
    /// Encoded as VOP3 (e64). Always true for VOP3-only and VOP3P opcodes.
    pub vop3: bool,
    /// Vector destination (an SGPR for v_readlane/v_readfirstlane).
    pub vdst: Option<Operand>,
    /// Scalar mask destination (VOPC result, carry-out).
    pub sdst: Option<Operand>,
    /// Sources.
    pub src: [Option<Operand>; 3],
    /// Per-source negate (bit i = src i); VOP3P: neg_lo.
    pub neg: u8,
    /// Per-source absolute value (VOP3A only).
    pub abs: u8,
    /// Clamp.
    pub clamp: bool,
    /// Output modifier: 0 none, 1 *2, 2 *4, 3 /2.
    pub omod: u8,
    /// VOP3 op_sel (bits 0-2 sources, bit 3 destination) or VOP3P op_sel (bits 0-2).
    pub op_sel: u8,
    /// VOP3P op_sel_hi (bit i = src i).
    pub op_sel_hi: u8,
    /// VOP3P neg_hi (bits 10:8); for v_fma_mix* it is the absolute-value modifier.
    pub neg_hi: u8,
    /// SDWA or DPP extension dword of a 32-bit (VOP1/VOP2/VOPC) encoding.
    pub ext: ValuExt,
}

/// The second dword of a VOP1/VOP2/VOPC instruction whose SRC0 field is 249 (SDWA) or 250
/// (DPP) (vega L29173-29654). With SDWA, sources may also be SGPRs or inline constants
/// (S0/S1 bits, digest D8); `neg`/`abs` of [`Valu`] apply to src0/src1, `clamp`/`omod`
/// too (VOP1/VOP2 SDWA only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ValuExt {
    /// Plain 32-bit encoding.
    #[default]
    None,
    /// Sub-dword addressing.
    Sdwa(Sdwa),
    /// Data-parallel primitives (lane shuffles).
    Dpp(Dpp),
}

/// SDWA selections (vega L29199-29301): SEL 0-3 BYTE_0..3, 4 WORD_0, 5 WORD_1, 6 DWORD.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Sdwa {
    /// Destination selection (VOP1/VOP2 only; 6 for VOPC).
    pub dst_sel: u8,
    /// 0 pad with zeros, 1 sign-extend, 2 preserve (VOP1/VOP2 only).
    pub dst_unused: u8,
    /// Source 0 selection.
    pub src0_sel: u8,
    /// Source 1 selection (VOP2/VOPC; 0 for VOP1).
    pub src1_sel: u8,
    /// Sign-extend the selected source (bit i = src i; integer operands).
    pub sext: u8,
}

impl Sdwa {
    /// Whole dwords, nothing extended: the identity selection.
    pub const DWORD: Sdwa = Sdwa {
        dst_sel: 6,
        dst_unused: 0,
        src0_sel: 6,
        src1_sel: 6,
        sext: 0,
    };
}

/// DPP controls (vega L29433-29654).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dpp {
    /// DPP_CTRL (quad_perm, row shifts, wave shifts, mirrors, broadcasts).
    pub ctrl: u16,
    /// ROW_MASK: rows whose lanes are written.
    pub row_mask: u8,
    /// BANK_MASK: banks whose lanes are written.
    pub bank_mask: u8,
    /// BOUND_CTRL: out-of-range sources read 0 instead of disabling the write.
    pub bound_ctrl: bool,
}

impl Valu {
    /// A VALU instruction with no modifiers, in the 32-bit encoding when the opcode has one.
    pub fn new(op: Opcode, vdst: Option<Operand>, src: &[Operand]) -> Valu {
        let mut s = [None; 3];
        for (slot, o) in s.iter_mut().zip(src) {
            *slot = Some(*o);
        }
        let vop3 = matches!(op.format(), super::Format::Vop3 | super::Format::Vop3p);
        let op_sel_hi = match op.valu_shape() {
            Some(sh) if sh.is_vop3p() && sh.flags & super::opcodes::MIX == 0 => 7,
            _ => 0,
        };
        Valu {
            op,
            vop3,
            vdst,
            sdst: None,
            src: s,
            neg: 0,
            abs: 0,
            clamp: false,
            omod: 0,
            op_sel: 0,
            op_sel_hi,
            neg_hi: 0,
            ext: ValuExt::None,
        }
    }
}

/// VINTRP.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Vintrp {
    /// Opcode.
    pub op: Opcode,
    /// Destination VGPR.
    pub vdst: u8,
    /// VSRC: the i/j VGPR, or for v_interp_mov_f32 0 = p10, 1 = p20, 2 = p0.
    pub vsrc: u8,
    /// Attribute 0-63.
    pub attr: u8,
    /// Channel 0-3 (x, y, z, w).
    pub chan: u8,
}

/// DS.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Ds {
    /// Opcode.
    pub op: Opcode,
    /// VDST.
    pub vdst: Option<Operand>,
    /// ADDR (for GWS ops with data, the data VGPR: digest D1).
    pub addr: Option<Operand>,
    /// DATA0.
    pub data0: Option<Operand>,
    /// DATA1.
    pub data1: Option<Operand>,
    /// The 16-bit offset field: offset1 in bits 15:8, offset0 in bits 7:0.
    pub offset: u16,
    /// GDS.
    pub gds: bool,
}

/// MUBUF or MTBUF (by opcode).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Buf {
    /// Opcode.
    pub op: Opcode,
    /// VDATA.
    pub vdata: Option<Operand>,
    /// VADDR (`None` prints as `off`).
    pub vaddr: Option<Operand>,
    /// SRSRC (SGPR quad).
    pub srsrc: Option<Operand>,
    /// SOFFSET (SGPR, M0 or inline constant).
    pub soffset: Option<Operand>,
    /// 12-bit unsigned byte offset.
    pub offset: u16,
    /// OFFEN.
    pub offen: bool,
    /// IDXEN.
    pub idxen: bool,
    /// GLC.
    pub glc: bool,
    /// SLC.
    pub slc: bool,
    /// LDS (MUBUF only).
    pub lds: bool,
    /// TFE.
    pub tfe: bool,
    /// MTBUF data format (4 bits).
    pub dfmt: u8,
    /// MTBUF number format (3 bits).
    pub nfmt: u8,
}

/// FLAT, GLOBAL or SCRATCH (by opcode).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Flat {
    /// Opcode.
    pub op: Opcode,
    /// VDST.
    pub vdst: Option<Operand>,
    /// ADDR (`None` = `off` for scratch with an SGPR address).
    pub addr: Option<Operand>,
    /// DATA.
    pub data: Option<Operand>,
    /// SADDR (`None` = `off`, field 0x7F; FLAT always `None`, field 0: digest D10).
    pub saddr: Option<Operand>,
    /// Byte offset: 12-bit unsigned (FLAT) or 13-bit signed (GLOBAL/SCRATCH).
    pub offset: i16,
    /// GLC.
    pub glc: bool,
    /// SLC.
    pub slc: bool,
}

/// MIMG.
///
/// The VADDR width is not encoded (digest E9.5): the decoder gives a one-register VADDR.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Mimg {
    /// Opcode.
    pub op: Opcode,
    /// VDATA.
    pub vdata: Operand,
    /// VADDR.
    pub vaddr: Operand,
    /// SRSRC (SGPR octet, or quad with a16... the field holds the first SGPR / 4).
    pub srsrc: Operand,
    /// SSAMP (sampling ops only).
    pub ssamp: Option<Operand>,
    /// DMASK.
    pub dmask: u8,
    /// UNORM.
    pub unorm: bool,
    /// GLC.
    pub glc: bool,
    /// SLC.
    pub slc: bool,
    /// A16 (bit 15).
    pub a16: bool,
    /// TFE.
    pub tfe: bool,
    /// LWE.
    pub lwe: bool,
    /// DA.
    pub da: bool,
    /// D16.
    pub d16: bool,
}

/// EXP, fields raw (vega Table 46 L8414-8487).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Exp {
    /// Target: 0-7 mrt, 8 mrtz, 9 null, 12-15 pos, 32-63 param.
    pub target: u8,
    /// Enable mask.
    pub en: u8,
    /// VSRC0..3 VGPR numbers.
    pub vsrc: [u8; 4],
    /// DONE.
    pub done: bool,
    /// COMPR.
    pub compr: bool,
    /// VM.
    pub vm: bool,
}
