//! Control-flow instructions as typed data (cayman Ch3 L793, microcode L7913-8420).
//!
//! Three word-1 namespaces exist (digest §2.1): CF_WORD1 ([`CfWord`]), CF_ALU_WORD1
//! ([`CfAlu`], optionally with the ALU_EXTENDED prefix) and CF_ALLOC_EXPORT_WORD1
//! ([`CfExport`], [`CfMem`]). Every field of the words is kept so that decoding and encoding
//! give back the same bits.

use super::opcodes::{CfAluOp, CfOp, ExportOp, RatInst};

/// CF_WORD1.COND (cayman L7979-7984).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CfCond {
    /// Active items.
    #[default]
    Active,
    /// No item.
    False,
    /// Active items, if boolean constant CF_CONST is 1.
    Bool,
    /// Active items, if boolean constant CF_CONST is 0.
    NotBool,
}

impl CfCond {
    /// From the 2-bit field.
    pub fn from_bits(v: u32) -> CfCond {
        [CfCond::Active, CfCond::False, CfCond::Bool, CfCond::NotBool][(v & 3) as usize]
    }
    /// The 2-bit field value.
    pub fn bits(self) -> u32 {
        self as u32
    }
    /// Listing spelling (inside `CND(..)`).
    pub fn name(self) -> &'static str {
        ["ACTIVE", "FALSE", "BOOL", "NOT_BOOL"][self as usize]
    }
}

/// A CF_WORD0 + CF_WORD1 instruction (cayman L7923-8046).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CfWord {
    /// CF_INST.
    pub op: CfOp,
    /// ADDR\[23:0\]: clause start or jump target in 64-bit units from the program start
    /// (cayman L7929-7933); for WAIT_ACK the tolerated ack count (cayman L3207).
    pub addr: u32,
    /// JUMPTABLE_SEL\[26:24\] (JUMPTABLE only, cayman L7934-7941).
    pub jumptable_sel: u8,
    /// POP_COUNT\[2:0\].
    pub pop_count: u8,
    /// CF_CONST\[7:3\]: loop / boolean constant index.
    pub cf_const: u8,
    /// COND\[9:8\].
    pub cond: CfCond,
    /// COUNT\[15:10\]: fetch clause length − 1, CALL_COUNT, or stream id (cayman L7985).
    pub count: u8,
    /// VALID_PIXEL_MODE (bit 20).
    pub valid_pixel_mode: bool,
    /// BARRIER (bit 31): wait for all previous CF instructions (cayman L921).
    pub barrier: bool,
}

impl CfWord {
    /// An instruction with BARRIER set and all other fields zero (as LLVM and Mesa emit
    /// nearly every CF instruction, digest F4).
    pub fn new(op: CfOp, addr: u32) -> CfWord {
        CfWord {
            op,
            addr,
            jumptable_sel: 0,
            pop_count: 0,
            cf_const: 0,
            cond: CfCond::Active,
            count: 0,
            valid_pixel_mode: false,
            barrier: true,
        }
    }
    /// The same instruction with POP_COUNT set.
    pub fn pop(mut self, n: u8) -> CfWord {
        self.pop_count = n;
        self
    }
}

/// GLOBAL_WAVE_SYNC: CF_GWS_WORD0 + CF_WORD1 (cayman L7945-7965).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CfGws {
    /// VALUE\[9:0\].
    pub value: u16,
    /// RESOURCE\[20:16\].
    pub resource: u8,
    /// SIGN (bit 25).
    pub sign: bool,
    /// VAL_INDEX_MODE\[27:26\].
    pub val_index_mode: u8,
    /// RSRC_INDEX_MODE\[29:28\].
    pub rsrc_index_mode: u8,
    /// GWS_OPCODE\[31:30\]: 0 SEMA_V, 1 SEMA_P, 2 BARRIER, 3 INIT.
    pub gws_opcode: u8,
    /// The CF_WORD1 fields (op is GLOBAL_WAVE_SYNC; `addr`/`jumptable_sel` unused = 0).
    pub word1: CfWord,
}

/// KCACHE_MODE: how many 16-constant lines a kcache set locks (cayman L8062-8065).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum KcacheMode {
    /// Not locked.
    #[default]
    Nop,
    /// Line ADDR.
    Lock1,
    /// Lines ADDR and ADDR+1.
    Lock2,
    /// Lines aL/16+ADDR and +1.
    LockLoopIndex,
}

impl KcacheMode {
    /// From the 2-bit field.
    pub fn from_bits(v: u32) -> KcacheMode {
        [
            KcacheMode::Nop,
            KcacheMode::Lock1,
            KcacheMode::Lock2,
            KcacheMode::LockLoopIndex,
        ][(v & 3) as usize]
    }
    /// The 2-bit field value.
    pub fn bits(self) -> u32 {
        self as u32
    }
}

/// One kcache set of an ALU clause: constant buffer `bank`, lines from `addr`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Kcache {
    /// KCACHE_BANK: constant buffer 0..=15.
    pub bank: u8,
    /// KCACHE_MODE.
    pub mode: KcacheMode,
    /// KCACHE_ADDR: first line (16 constants per line = byte address bits \[15:8\], cayman L8079).
    pub addr: u8,
}

impl Kcache {
    /// Locks two lines (32 constants) of `bank` from line `addr`, as LLVM does (digest F14).
    pub fn lock2(bank: u8, addr: u8) -> Kcache {
        Kcache {
            bank,
            mode: KcacheMode::Lock2,
            addr,
        }
    }
}

/// The ALU_EXTENDED prefix: kcache sets 2 and 3 and per-set bank index modes
/// (CF_ALU_WORD0_EXT / CF_ALU_WORD1_EXT, cayman L8106-8186).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CfAluExt {
    /// KCACHE_BANK_INDEX_MODE0..3: 0 none, 1 +CF_IDX0, 2 +CF_IDX1.
    pub bank_index_mode: [u8; 4],
    /// Kcache sets 2 and 3.
    pub kcache: [Kcache; 2],
    /// BARRIER bit of the prefix word.
    pub barrier: bool,
}

/// An ALU clause instruction: CF_ALU_WORD0 + CF_ALU_WORD1 (cayman L8048-8104).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CfAlu {
    /// CF_INST.
    pub op: CfAluOp,
    /// ADDR\[21:0\]: clause start in 64-bit units.
    pub addr: u32,
    /// COUNT\[24:18\]: clause size in 64-bit slots − 1.
    pub count: u8,
    /// Kcache sets 0 and 1.
    pub kcache: [Kcache; 2],
    /// ALT_CONST (bit 25).
    pub alt_const: bool,
    /// WHOLE_QUAD_MODE (bit 30).
    pub whole_quad_mode: bool,
    /// BARRIER (bit 31).
    pub barrier: bool,
    /// The ALU_EXTENDED prefix; when present the instruction occupies two CF slots
    /// (cayman L2466-2474).
    pub ext: Option<CfAluExt>,
}

impl CfAlu {
    /// A clause instruction with BARRIER set, no kcache, no prefix.
    pub fn new(op: CfAluOp, addr: u32, slots: usize) -> CfAlu {
        CfAlu {
            op,
            addr,
            count: slots.saturating_sub(1).min(127) as u8,
            kcache: [Kcache::default(); 2],
            alt_const: false,
            whole_quad_mode: false,
            barrier: true,
            ext: None,
        }
    }
}

/// CF_ALLOC_EXPORT_WORD0/_RAT.TYPE (cayman L8199-8204).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ExportType {
    /// EXPORT: PIXEL; memory: WRITE.
    #[default]
    T0,
    /// EXPORT: POS; memory: WRITE_IND.
    T1,
    /// EXPORT: PARAM; memory: WRITE_ACK.
    T2,
    /// EXPORT: reserved; memory: WRITE_IND_ACK.
    T3,
}

impl ExportType {
    /// From the 2-bit field.
    pub fn from_bits(v: u32) -> ExportType {
        [
            ExportType::T0,
            ExportType::T1,
            ExportType::T2,
            ExportType::T3,
        ][(v & 3) as usize]
    }
    /// The 2-bit field value.
    pub fn bits(self) -> u32 {
        self as u32
    }
    /// Name for memory writes (cayman L1008-1011).
    pub fn mem_name(self) -> &'static str {
        ["WRITE", "WRITE_IND", "WRITE_ACK", "WRITE_IND_ACK"][self as usize]
    }
}

/// Export component select SEL_X..W of WORD1_SWIZ (cayman L8391-8403).
pub type ExportSel = u8;

/// EXPORT / EXPORT_DONE: CF_ALLOC_EXPORT_WORD0 + WORD1_SWIZ (cayman L8188-8219, L8385-8420).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CfExport {
    /// EXPORT or EXPORT_DONE.
    pub op: ExportOp,
    /// TYPE: 0 PIXEL, 1 POS, 2 PARAM.
    pub ty: ExportType,
    /// ARRAY_BASE\[12:0\]: MRT 0-7 (61 = Z), POS 60-63, PARAM 0-31 (cayman L978-990).
    pub array_base: u16,
    /// RW_GPR: first exported GPR.
    pub rw_gpr: u8,
    /// RW_REL.
    pub rw_rel: bool,
    /// INDEX_GPR (unused by exports, kept for exactness).
    pub index_gpr: u8,
    /// ELEM_SIZE (ignored by exports; LLVM writes 3, digest D9).
    pub elem_size: u8,
    /// SEL_X..W: 0-3 xyzw, 4 = 0.0, 5 = 1.0, 7 = masked.
    pub sel: [ExportSel; 4],
    /// BURST_COUNT: GPRs exported − 1.
    pub burst_count: u8,
    /// VALID_PIXEL_MODE.
    pub valid_pixel_mode: bool,
    /// Bit 21: Evergreen's END_OF_PROGRAM, reserved on Cayman (cayman L8409). LLVM 14 still
    /// sets it on the last export (digest D8); kept so such programs decode and re-encode.
    pub legacy_eop: bool,
    /// MARK (bit 30).
    pub mark: bool,
    /// BARRIER.
    pub barrier: bool,
}

/// Word 0 of a memory CF_ALLOC_EXPORT instruction: ARRAY_BASE or the RAT fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemTarget {
    /// CF_ALLOC_EXPORT_WORD0.ARRAY_BASE\[12:0\] (scratch, ring, stream, MEM_EXPORT).
    ArrayBase(u16),
    /// CF_ALLOC_EXPORT_WORD0_RAT (cayman L8221-8324).
    Rat {
        /// RAT_ID\[3:0\]: UAV 0..=15.
        id: u8,
        /// RAT_INST\[9:4\].
        inst: RatInst,
        /// RAT_INDEX_MODE\[12:11\]: 0 none, 1 +CF_IDX0, 2 +CF_IDX1.
        index_mode: u8,
    },
}

/// A memory write / UAV operation: CF_ALLOC_EXPORT_WORD0(_RAT) + WORD1_BUF
/// (cayman L8188-8383).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CfMem {
    /// CF_INST (not EXPORT/EXPORT_DONE).
    pub op: ExportOp,
    /// ARRAY_BASE or RAT fields (which one is fixed by `op`).
    pub target: MemTarget,
    /// TYPE: 0 WRITE, 1 WRITE_IND, 2 WRITE_ACK, 3 WRITE_IND_ACK.
    pub ty: ExportType,
    /// RW_GPR: data (RAT: X data, Y return address, Z compare value, cayman L2965-2968).
    pub rw_gpr: u8,
    /// RW_REL.
    pub rw_rel: bool,
    /// INDEX_GPR (RAT: X/Y/Z address in elements; with a dword index ELEM_SIZE is 0, D9).
    pub index_gpr: u8,
    /// ELEM_SIZE: dwords per element − 1.
    pub elem_size: u8,
    /// ARRAY_SIZE\[11:0\] (MEM_RAT_CACHELESS: \[7:0\] burst stride).
    pub array_size: u16,
    /// COMP_MASK\[15:12\]: X = bit 0 (store raw: 0x1/0x3/0xF for 1/2/4 dwords, D9).
    pub comp_mask: u8,
    /// BURST_COUNT.
    pub burst_count: u8,
    /// VALID_PIXEL_MODE.
    pub valid_pixel_mode: bool,
    /// Bit 21, reserved on Cayman (cayman L8343); kept for exactness.
    pub legacy_eop: bool,
    /// MARK (bit 30): ack with the next write-ack.
    pub mark: bool,
    /// BARRIER.
    pub barrier: bool,
}

impl CfMem {
    /// A RAT operation on UAV `id`: the data in `rw_gpr`, the address in `index_gpr`.x,
    /// TYPE WRITE_IND, BARRIER set, ELEM_SIZE 0 (digest D9, F6).
    pub fn rat(
        op: ExportOp,
        id: u8,
        inst: RatInst,
        rw_gpr: u8,
        index_gpr: u8,
        comp_mask: u8,
    ) -> CfMem {
        CfMem {
            op,
            target: MemTarget::Rat {
                id,
                inst,
                index_mode: 0,
            },
            ty: ExportType::T1,
            rw_gpr,
            rw_rel: false,
            index_gpr,
            elem_size: 0,
            array_size: 0,
            comp_mask,
            burst_count: 0,
            valid_pixel_mode: false,
            legacy_eop: false,
            mark: false,
            barrier: true,
        }
    }
}

/// One CF instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CfInst {
    /// CF_WORD0/1 instructions (branches, loops, fetch clauses, END, ...).
    Word(CfWord),
    /// GLOBAL_WAVE_SYNC.
    Gws(CfGws),
    /// ALU clause instructions.
    Alu(CfAlu),
    /// EXPORT / EXPORT_DONE.
    Export(CfExport),
    /// Memory writes and UAV operations.
    Mem(CfMem),
}

impl CfInst {
    /// The CF slots (64-bit words) this instruction occupies: 2 with ALU_EXTENDED, else 1.
    pub fn slots(&self) -> u32 {
        match self {
            CfInst::Alu(a) if a.ext.is_some() => 2,
            _ => 1,
        }
    }
    /// The fetch clause this instruction starts (ADDR, instruction count), if any.
    pub fn fetch_clause(&self) -> Option<(u32, usize)> {
        match self {
            CfInst::Word(w) if matches!(w.op, CfOp::Tc | CfOp::TcAck) => {
                Some((w.addr, usize::from(w.count) + 1))
            }
            _ => None,
        }
    }
    /// The ALU clause this instruction starts (ADDR, slot count), if any.
    pub fn alu_clause(&self) -> Option<(u32, usize)> {
        match self {
            CfInst::Alu(a) => Some((a.addr, usize::from(a.count) + 1)),
            _ => None,
        }
    }
}
