//! ALU instructions, instruction groups and ALU clauses as typed data (cayman Ch4 L1315,
//! microcode formats L8424-9289).
//!
//! An [`AluInst`] holds every field of its two microcode words, including the fields the
//! opcode does not use (so that decoding and re-encoding any word gives the same bits); the
//! LAST bit is not a field here: it is implied by the position in an [`AluGroup`].

use super::opcodes::{AluOp, LdsOp, SpecialSel};

/// A vector element / channel. In ALU groups the channel of the destination is also the slot
/// (cayman L1400).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Chan {
    /// Element 0.
    #[default]
    X,
    /// Element 1.
    Y,
    /// Element 2.
    Z,
    /// Element 3.
    W,
}

impl Chan {
    /// All four, in slot order.
    pub const ALL: [Chan; 4] = [Chan::X, Chan::Y, Chan::Z, Chan::W];

    /// From the 2-bit field value.
    pub fn from_bits(v: u32) -> Chan {
        Chan::ALL[(v & 3) as usize]
    }
    /// The 2-bit field value.
    pub fn index(self) -> usize {
        self as usize
    }
    /// Lower-case letter as printed after a register.
    pub fn letter(self) -> char {
        ['x', 'y', 'z', 'w'][self as usize]
    }
}

/// Where a source operand comes from: SRC*_SEL (cayman L8434-8464, L8737-8785).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SrcSel {
    /// GPR 0..=127 (124..127 are clause temporaries when four are configured, cayman L1410).
    Gpr(u8),
    /// Kcache set 0..=3, constant 0..=31 of the locked line(s): selects 128-159, 160-191,
    /// 256-287, 288-319 (cayman L8435; sets 2 and 3 need ALU_EXTENDED).
    Kcache {
        /// Kcache set (KC0..KC3).
        set: u8,
        /// Index within the set's 32 constants.
        index: u8,
    },
    /// A literal dword of the group; the operand's channel picks the dword (cayman L1545).
    Literal,
    /// The previous group's result on the operand's channel (cayman L1456).
    Pv,
    /// An inline constant or hardware value (217..=252).
    Special(SpecialSel),
}

impl Default for SrcSel {
    fn default() -> SrcSel {
        SrcSel::Gpr(0)
    }
}

/// SRC_SEL value of the literal (cayman L8784).
pub const SEL_LITERAL: u16 = 253;
/// SRC_SEL value of PV (cayman L8785).
pub const SEL_PV: u16 = 254;

impl SrcSel {
    /// The 9-bit SRC*_SEL field value; `None` if a field is out of range.
    pub fn to_bits(self) -> Option<u16> {
        match self {
            SrcSel::Gpr(g) if g < 128 => Some(u16::from(g)),
            SrcSel::Kcache { set, index } if index < 32 => match set {
                0 => Some(128 + u16::from(index)),
                1 => Some(160 + u16::from(index)),
                2 => Some(256 + u16::from(index)),
                3 => Some(288 + u16::from(index)),
                _ => None,
            },
            SrcSel::Literal => Some(SEL_LITERAL),
            SrcSel::Pv => Some(SEL_PV),
            SrcSel::Special(s) => Some(s.code()),
            _ => None,
        }
    }
    /// Classifies a 9-bit SRC*_SEL value; `None` for the values Cayman leaves undefined
    /// (192-216, 226, 239, 255 (Evergreen PS), 320-511).
    pub fn from_bits(v: u16) -> Option<SrcSel> {
        Some(match v {
            0..=127 => SrcSel::Gpr(v as u8),
            128..=159 => SrcSel::Kcache {
                set: 0,
                index: (v - 128) as u8,
            },
            160..=191 => SrcSel::Kcache {
                set: 1,
                index: (v - 160) as u8,
            },
            256..=287 => SrcSel::Kcache {
                set: 2,
                index: (v - 256) as u8,
            },
            288..=319 => SrcSel::Kcache {
                set: 3,
                index: (v - 288) as u8,
            },
            SEL_LITERAL => SrcSel::Literal,
            SEL_PV => SrcSel::Pv,
            _ => SrcSel::Special(super::opcodes::special_sel_by_code(v)?),
        })
    }
    /// True for a GPR operand (subject to the read-port rules, cayman L1560).
    pub fn is_gpr(self) -> bool {
        matches!(self, SrcSel::Gpr(_))
    }
}

/// One source operand with its modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct AluSrc {
    /// Where the value comes from.
    pub sel: SrcSel,
    /// Element (for literals: which literal dword; for PV: which slot's result).
    pub chan: Chan,
    /// Add the index selected by INDEX_MODE (cayman L1428).
    pub rel: bool,
    /// Negate (float operands; applied after ABS, cayman L1549).
    pub neg: bool,
    /// Absolute value (OP2 only; OP3 has no ABS bits, cayman L1549).
    pub abs: bool,
}

impl AluSrc {
    /// A plain GPR element.
    pub fn gpr(gpr: u8, chan: Chan) -> AluSrc {
        AluSrc {
            sel: SrcSel::Gpr(gpr),
            chan,
            ..AluSrc::default()
        }
    }
    /// A kcache constant element.
    pub fn kcache(set: u8, index: u8, chan: Chan) -> AluSrc {
        AluSrc {
            sel: SrcSel::Kcache { set, index },
            chan,
            ..AluSrc::default()
        }
    }
    /// Literal dword `chan` of the group.
    pub fn literal(chan: Chan) -> AluSrc {
        AluSrc {
            sel: SrcSel::Literal,
            chan,
            ..AluSrc::default()
        }
    }
    /// PV.chan.
    pub fn pv(chan: Chan) -> AluSrc {
        AluSrc {
            sel: SrcSel::Pv,
            chan,
            ..AluSrc::default()
        }
    }
    /// An inline constant / special value.
    pub fn special(s: SpecialSel) -> AluSrc {
        AluSrc {
            sel: SrcSel::Special(s),
            ..AluSrc::default()
        }
    }
    /// With NEG set.
    pub fn negated(mut self) -> AluSrc {
        self.neg = true;
        self
    }
    /// With ABS set.
    pub fn absolute(mut self) -> AluSrc {
        self.abs = true;
        self
    }
}

/// INDEX_MODE: which index REL operands add (cayman L8485-8490; 1-3 are Evergreen's
/// AR.Y/Z/W, reserved on Cayman, digest Q17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum IndexMode {
    /// AR.X, written by MOVA_INT.
    #[default]
    ArX,
    /// The loop index aL.
    Loop,
    /// Absolute ("global") GPR address.
    Global,
    /// Global GPR address + AR.X.
    GlobalArX,
}

impl IndexMode {
    /// The 3-bit field value.
    pub fn bits(self) -> u32 {
        match self {
            IndexMode::ArX => 0,
            IndexMode::Loop => 4,
            IndexMode::Global => 5,
            IndexMode::GlobalArX => 6,
        }
    }
    /// From the field value; `None` for reserved values.
    pub fn from_bits(v: u32) -> Option<IndexMode> {
        Some(match v {
            0 => IndexMode::ArX,
            4 => IndexMode::Loop,
            5 => IndexMode::Global,
            6 => IndexMode::GlobalArX,
            _ => return None,
        })
    }
}

/// PRED_SEL: execute depending on the clause predicate (cayman L8491-8496).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PredSel {
    /// Always execute.
    #[default]
    Off,
    /// Execute where the predicate is 0.
    Zero,
    /// Execute where the predicate is 1.
    One,
}

impl PredSel {
    /// The 2-bit field value.
    pub fn bits(self) -> u32 {
        match self {
            PredSel::Off => 0,
            PredSel::Zero => 2,
            PredSel::One => 3,
        }
    }
    /// From the field value (1 is reserved).
    pub fn from_bits(v: u32) -> Option<PredSel> {
        Some(match v {
            0 => PredSel::Off,
            2 => PredSel::Zero,
            3 => PredSel::One,
            _ => return None,
        })
    }
}

/// BANK_SWIZZLE: the cycle on which each source's GPR element is read (cayman L1578-1585,
/// Table 4.3 L1649-1656). The SCL_* names (codes 0-3) applied only to the Evergreen trans slot
/// and are not used on Cayman (digest §3.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum BankSwizzle {
    /// src0 cycle 0, src1 cycle 1, src2 cycle 2.
    #[default]
    Vec012,
    /// 0, 2, 1.
    Vec021,
    /// 1, 2, 0.
    Vec120,
    /// 1, 0, 2.
    Vec102,
    /// 2, 0, 1.
    Vec201,
    /// 2, 1, 0.
    Vec210,
}

impl BankSwizzle {
    /// The six swizzles in code order.
    pub const ALL: [BankSwizzle; 6] = [
        BankSwizzle::Vec012,
        BankSwizzle::Vec021,
        BankSwizzle::Vec120,
        BankSwizzle::Vec102,
        BankSwizzle::Vec201,
        BankSwizzle::Vec210,
    ];
    /// The 3-bit field value.
    pub fn bits(self) -> u32 {
        self as u32
    }
    /// From the field value (6 and 7 are reserved).
    pub fn from_bits(v: u32) -> Option<BankSwizzle> {
        BankSwizzle::ALL.get(v as usize).copied()
    }
    /// Read cycle of source `src` (0..=2): cycle_for_bank_swizzle, cayman L1649-1656.
    pub fn cycle(self, src: usize) -> usize {
        const T: [[u8; 3]; 6] = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 2, 0],
            [1, 0, 2],
            [2, 0, 1],
            [2, 1, 0],
        ];
        T[self as usize].get(src).copied().unwrap_or(0) as usize
    }
    /// The listing name (asm-format L446).
    pub fn name(self) -> &'static str {
        [
            "VEC_012", "VEC_021", "VEC_120", "VEC_102", "VEC_201", "VEC_210",
        ][self as usize]
    }
}

/// OMOD: output scale for float results (cayman L8690-8699).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Omod {
    /// No scaling.
    #[default]
    Off,
    /// ×2.
    M2,
    /// ×4.
    M4,
    /// ÷2.
    D2,
}

impl Omod {
    /// From the 2-bit field.
    pub fn from_bits(v: u32) -> Omod {
        [Omod::Off, Omod::M2, Omod::M4, Omod::D2][(v & 3) as usize]
    }
    /// The 2-bit field value.
    pub fn bits(self) -> u32 {
        self as u32
    }
}

/// EXECUTE_MASK_OP of ALU_WORD1_OP2_EXECUTE_MASK, in place of OMOD when UPDATE_EXEC_MASK is
/// set (cayman L8911-8917; digest Q49).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ExecMaskOp {
    /// Deactivate items whose predicate is 0.
    #[default]
    Deactivate,
    /// ... and keep them inactive until the innermost loop exits (break).
    Break,
    /// ... until the loop repeats or exits (continue).
    Continue,
    /// Kill-style deactivation.
    Kill,
}

impl ExecMaskOp {
    /// From the 2-bit field.
    pub fn from_bits(v: u32) -> ExecMaskOp {
        [
            ExecMaskOp::Deactivate,
            ExecMaskOp::Break,
            ExecMaskOp::Continue,
            ExecMaskOp::Kill,
        ][(v & 3) as usize]
    }
    /// The 2-bit field value.
    pub fn bits(self) -> u32 {
        self as u32
    }
}

/// The destination of an ALU instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct AluDst {
    /// DST_GPR (0..=127). For MOVA_INT this field is MOVA_DST (0 AR.X, 1 CF_PC, 2 CF_IDX0,
    /// 3 CF_IDX1, 4..7 CLAUSE_GLOBAL bytes; cayman L8866-8877). Unused by LDS_IDX_OP.
    pub gpr: u8,
    /// DST_REL: add the INDEX_MODE index.
    pub rel: bool,
    /// DST_CHAN, which is also the slot (cayman L1400).
    pub chan: Chan,
    /// WRITE_MASK (OP2 only; OP3 always writes a valid DST_GPR, cayman L1950).
    pub write: bool,
}

/// The fields only ALU_WORD*_LDS_IDX_OP has (cayman L8990-9247).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LdsFields {
    /// The LDS operation.
    pub op: LdsOp,
    /// The 6-bit IDX_OFFSET, assembled from its scattered bits (cayman L9194-9195).
    pub idx_offset: u8,
}

/// One ALU instruction (one slot of a group).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AluInst {
    /// The opcode (OP2/OP3 encoding comes from the table).
    pub op: AluOp,
    /// SRC0..SRC2. Fields the opcode does not read are still encoded (keep them zero: an
    /// unused field that names the literal still fetches one, cayman L1568).
    pub src: [AluSrc; 3],
    /// The destination and slot.
    pub dst: AluDst,
    /// INDEX_MODE shared by all REL operands of this instruction (cayman L1428).
    pub index_mode: IndexMode,
    /// PRED_SEL.
    pub pred_sel: PredSel,
    /// BANK_SWIZZLE.
    pub bank_swizzle: BankSwizzle,
    /// UPDATE_EXEC_MASK (OP2; selects the EXECUTE_MASK layout of word 1).
    pub update_exec_mask: bool,
    /// UPDATE_PRED (OP2).
    pub update_pred: bool,
    /// OMOD (OP2, when UPDATE_EXEC_MASK is clear).
    pub omod: Omod,
    /// EXECUTE_MASK_OP (OP2, when UPDATE_EXEC_MASK is set).
    pub exec_mask_op: ExecMaskOp,
    /// CLAMP to [0, 1] (not in LDS_IDX_OP).
    pub clamp: bool,
    /// LDS operation fields, `Some` exactly when `op` is [`AluOp::LdsIdxOp`].
    pub lds: Option<LdsFields>,
}

impl AluInst {
    /// An instruction with every optional field at its default; the destination is written
    /// (`dst.write = true`).
    pub fn new(op: AluOp, dst_gpr: u8, dst_chan: Chan, srcs: &[AluSrc]) -> AluInst {
        let mut src = [AluSrc::default(); 3];
        for (slot, s) in src.iter_mut().zip(srcs) {
            *slot = *s;
        }
        AluInst {
            op,
            src,
            dst: AluDst {
                gpr: dst_gpr,
                rel: false,
                chan: dst_chan,
                write: true,
            },
            index_mode: IndexMode::ArX,
            pred_sel: PredSel::Off,
            bank_swizzle: BankSwizzle::Vec012,
            update_exec_mask: false,
            update_pred: false,
            omod: Omod::Off,
            exec_mask_op: ExecMaskOp::Deactivate,
            clamp: false,
            lds: None,
        }
    }
    /// An LDS_IDX_OP instruction in slot x (the only slot it may use, cayman L7797).
    pub fn lds(op: LdsOp, srcs: &[AluSrc]) -> AluInst {
        let mut i = AluInst::new(AluOp::LdsIdxOp, 0, Chan::X, srcs);
        i.dst.write = false;
        i.lds = Some(LdsFields { op, idx_offset: 0 });
        i
    }
    /// The same instruction with the GPR write disabled.
    pub fn masked(mut self) -> AluInst {
        self.dst.write = false;
        self
    }
    /// The slot this instruction occupies (= DST_CHAN, cayman L1400).
    pub fn slot(&self) -> Chan {
        self.dst.chan
    }
    /// The source operands the opcode reads (for LDS_IDX_OP: per LDS operation).
    pub fn used_srcs(&self) -> &[AluSrc] {
        let n = match self.lds {
            Some(l) => usize::from(l.op.info().nsrc),
            None => self.op.nsrc(),
        };
        self.src.get(..n).unwrap_or(&self.src)
    }
    /// The source fields that exist in this instruction's encoding (OP2: 2, OP3: 3); all of
    /// them count for literal fetching (cayman L1568).
    pub fn encoded_srcs(&self) -> &[AluSrc] {
        match self.op.encoding() {
            super::opcodes::AluEncoding::Op2 => &self.src[..2],
            super::opcodes::AluEncoding::Op3 => &self.src,
        }
    }
}

/// An instruction group: 1..=4 instructions in slot order plus up to four literal dwords
/// (cayman L1379-1396, Table 4.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct AluGroup {
    /// The instructions, in increasing slot order; LAST is set on the final one when encoded.
    pub insts: Vec<AluInst>,
    /// Literal dwords X, Y, Z, W. Encoded as one 64-bit slot if only X/Y are referenced and
    /// two if Z/W are (cayman L1383, L1568); missing entries are zero. A decoded group holds
    /// exactly the dwords present in the bytes (0, 2 or 4).
    pub literals: Vec<u32>,
}

impl AluGroup {
    /// A group without literals.
    pub fn new(insts: Vec<AluInst>) -> AluGroup {
        AluGroup {
            insts,
            literals: Vec::new(),
        }
    }
    /// Number of 64-bit literal slots the operands need: 0, 1 (only X/Y) or 2 (any Z/W).
    /// Every encoded source field counts, used or not (cayman L1568).
    pub fn literal_slots(&self) -> usize {
        let mut need = 0;
        for i in &self.insts {
            for s in i.encoded_srcs() {
                if s.sel == SrcSel::Literal {
                    need = need.max(if s.chan.index() < 2 { 1 } else { 2 });
                }
            }
        }
        need
    }
    /// Size in 64-bit slots (instructions + literal slots), the unit of ALU CF COUNT and
    /// ADDR (cayman L927, digest F2).
    pub fn slots(&self) -> usize {
        self.insts.len() + self.literal_slots()
    }
    /// The literal dword on `chan` (zero if absent).
    pub fn literal(&self, chan: Chan) -> u32 {
        self.literals.get(chan.index()).copied().unwrap_or(0)
    }
}

/// An ALU clause: a sequence of groups executed by one ALU CF instruction.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct AluClause {
    /// The groups in order.
    pub groups: Vec<AluGroup>,
}

impl AluClause {
    /// Size in 64-bit slots (COUNT + 1 of the CF instruction that runs it).
    pub fn slots(&self) -> usize {
        self.groups.iter().map(AluGroup::slots).sum()
    }
}
