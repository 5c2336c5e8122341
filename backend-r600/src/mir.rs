//! The machine IR between instruction selection and emission: Cayman ALU operations,
//! buffer fetches and RAT stores on virtual scalar registers, one list per IR block.
//!
//! A virtual register ([`VReg`]) is one 32-bit value in one channel of one GPR. Its channel
//! is chosen when the packer places its definition (the channel of an ALU result is the slot
//! of the instruction, cayman L1400) unless a constraint fixes it earlier (a RAT store reads
//! its data and index from `.x`; a block parameter keeps one channel for all its
//! definitions; the launch's thread ids arrive in R0/R1). The register allocator then picks
//! the GPR index per channel.
//!
//! Virtual registers are SSA except block parameters, which every predecessor writes with a
//! move; the scheduler orders those writes after the reads of the old value.

use crate::isa::{AluOp, Chan, LdsOp, RatInst};

/// The registers an instruction reads or writes (few: no allocation for them).
pub type Regs = smallvec::SmallVec<[VReg; 4]>;
/// A virtual register.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VReg(pub u32);

impl VReg {
    /// Index into per-register tables.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Where an ALU operand comes from before register allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Src {
    /// A virtual register.
    Reg(VReg),
    /// Dword `chan` of element `index` of constant buffer (kcache bank) `bank`.
    Const { bank: u8, index: u32, chan: Chan },
    /// A 32-bit immediate: an inline constant if it is one (0, 1, -1, 0.5f, 1.0f), otherwise
    /// a literal dword of the group.
    Imm(u32),
    /// The head of LDS output queue A, popped at the end of the group (LDS_OQ_A_POP,
    /// cayman L8748-8751): the value an earlier LDS `*_RET` operation queued.
    LdsPop,
}

/// An ALU operand with its source modifiers (cayman L1549: ABS then NEG, bit operations on
/// the operand, so they are exact for integer operands too).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Operand {
    pub src: Src,
    pub neg: bool,
    pub abs: bool,
}

impl Operand {
    /// A plain operand.
    pub fn new(src: Src) -> Operand {
        Operand {
            src,
            neg: false,
            abs: false,
        }
    }
    /// A plain register operand.
    pub fn reg(v: VReg) -> Operand {
        Operand::new(Src::Reg(v))
    }
    /// A plain immediate.
    pub fn imm(x: u32) -> Operand {
        Operand::new(Src::Imm(x))
    }
    /// The register it reads, if any.
    pub fn vreg(&self) -> Option<VReg> {
        match self.src {
            Src::Reg(v) => Some(v),
            _ => None,
        }
    }
    /// True when the operand is a plain register (no modifier).
    pub fn is_plain_reg(&self) -> bool {
        matches!(self.src, Src::Reg(_)) && !self.neg && !self.abs
    }
    /// The operand with NEG toggled; an immediate folds it into its bits.
    pub fn negated(self) -> Operand {
        match self.src {
            Src::Imm(x) if !self.abs => Operand::imm(x ^ 0x8000_0000),
            _ => Operand {
                neg: !self.neg,
                ..self
            },
        }
    }
    /// The operand with ABS set (and NEG cleared, as |−x| = |x|); an immediate folds it.
    pub fn absolute(self) -> Operand {
        match self.src {
            Src::Imm(x) => Operand::imm(x & 0x7FFF_FFFF),
            _ => Operand {
                abs: true,
                neg: false,
                ..self
            },
        }
    }
}

/// One ALU operation: one slot of a group, or a whole group for the replicated ops
/// (MULLO_INT, RECIP_IEEE, ...), which the packer expands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MAlu {
    pub op: AluOp,
    /// The result; `None` writes nothing (a PRED_SET that only updates the exec mask).
    pub dst: Option<VReg>,
    pub srcs: Vec<Operand>,
    /// CLAMP: the IL's `_sat`.
    pub clamp: bool,
    /// UPDATE_EXEC_MASK: the PRED_SET that ends a block before an `if`.
    pub exec_update: bool,
    /// The LDS operation of an `LDS_IDX_OP` (`op` is then [`AluOp::LdsIdxOp`], `dst` is
    /// `None` and `srcs` are the address and the data operands the operation reads).
    pub lds: Option<LdsOp>,
    /// For a 64-bit operation spanning several slots (cayman L2030-L2034): the
    /// instructions of the following slots, in slot order, each with its own sources and
    /// result (this one is the x or z slot). Empty for every other operation.
    pub others: Vec<MAlu>,
}

impl MAlu {
    /// An operation writing `dst`.
    pub fn new(op: AluOp, dst: VReg, srcs: Vec<Operand>) -> MAlu {
        MAlu {
            op,
            dst: Some(dst),
            srcs,
            clamp: false,
            exec_update: false,
            lds: None,
            others: Vec::new(),
        }
    }

    /// An LDS_IDX_OP (slot x only, cayman L7797): `srcs` are the byte address and the data
    /// operands; a `*_RET` operation queues its result on OQA, which a later group of the
    /// same clause pops with [`MAlu::lds_pop`].
    pub fn lds(op: LdsOp, srcs: Vec<Operand>) -> MAlu {
        MAlu {
            op: AluOp::LdsIdxOp,
            dst: None,
            srcs,
            clamp: false,
            exec_update: false,
            lds: Some(op),
            others: Vec::new(),
        }
    }

    /// `MOV dst, LDS_OQ_A_POP`: takes the oldest queued LDS result.
    pub fn lds_pop(dst: VReg) -> MAlu {
        MAlu::new(AluOp::Mov, dst, vec![Operand::new(Src::LdsPop)])
    }

    /// True for an LDS operation that queues a result on OQA (`*_RET`, LDS_OP >= 32).
    pub fn queues(&self) -> bool {
        self.lds.is_some_and(|l| l.code() >= 32)
    }

    /// True for a read of the LDS output queue.
    pub fn pops(&self) -> bool {
        self.srcs.iter().any(|o| o.src == Src::LdsPop)
    }

    /// True for operations whose order against each other must be kept: LDS operations,
    /// queue pops and GROUP_BARRIER (the queue is first in, first out, cayman L2334, and
    /// the barrier orders LDS accesses between wavefronts, cayman L2036).
    pub fn ordered(&self) -> bool {
        self.lds.is_some() || self.pops() || self.op == AluOp::GroupBarrier
    }

    /// True for a pixel KILL* (clears the valid bit; ends its ALU clause, cayman L1912).
    pub fn kills(&self) -> bool {
        self.op.info().kind == crate::isa::opcodes::OpKind::Kill
    }

    /// Every register the operation writes (several for a multi-slot 64-bit operation).
    pub fn defs(&self) -> Regs {
        self.dst
            .into_iter()
            .chain(self.others.iter().filter_map(|o| o.dst))
            .collect()
    }
    /// Every register the operation reads.
    pub fn reads(&self) -> Regs {
        self.srcs
            .iter()
            .chain(self.others.iter().flat_map(|o| o.srcs.iter()))
            .filter_map(Operand::vreg)
            .collect()
    }
}

/// A machine instruction of a block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MInst {
    Alu(MAlu),
    /// A VTX fetch of one dword from `buffer` at byte address `addr + offset` into `dst`.
    Fetch {
        buffer: u8,
        dst: VReg,
        addr: VReg,
        offset: u16,
    },
    /// A `MEM_RAT_CACHELESS STORE_DWORD` (or a MEM_RAT no-return atomic) of `data` (channel x)
    /// at dword `index` (channel x).
    Store {
        rat: u8,
        index: VReg,
        data: VReg,
        /// STORE_DWORD (MEM_RAT_CACHELESS), or a no-return atomic (MEM_RAT).
        inst: RatInst,
        /// CMPXCHG_INT's compare value, in channel z of `data`'s GPR (a tie; cayman
        /// L2965-2968).
        cmp: Option<VReg>,
        /// A `_RTN` operation's return-buffer dword index, in channel y of `data`'s GPR
        /// (a tie; cayman L2965-2968).
        ret: Option<VReg>,
    },
    /// A TEX `SAMPLE` (point filter, clamp to edge) or `LD` of texture `resource` at the
    /// coordinates `u` (channel x) and `v` (channel y of the same GPR: a tie), writing texel
    /// component `comp` to `dst`.
    Tex {
        resource: u8,
        ld: bool,
        normalized: bool,
        comp: u8,
        dst: VReg,
        u: VReg,
        v: Option<VReg>,
        extra: TexExtra,
    },
    /// A pixel `EXPORT` of one render target (`isel/export.rs`): the four components, each
    /// a register (all in one GPR, channel c for component c: a tie) or a constant select.
    Export {
        /// ARRAY_BASE: the render target (MRT 0-7).
        target: u8,
        comps: [ExportComp; 4],
    },
}

/// Where one component of a pixel export comes from (SEL_X..W, cayman L8391-8403).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportComp {
    /// Channel c of the exported GPR, for component c.
    Reg(VReg),
    /// SEL_0: the constant 0.0 (bits 0).
    Zero,
    /// SEL_1: the constant 1.0.
    One,
    /// SEL_MASK: the component is not written.
    Masked,
}

/// What array resources and comparison sampling add to a TEX instruction: coordinates in
/// channels z and w of the GPR whose x is u.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TexExtra {
    /// The array slice (channel z, unnormalized: COORD_TYPE_Z 0).
    pub slice: Option<VReg>,
    /// The reference value SAMPLE_C / SAMPLE_C_LZ compare with (channel w, cayman L7400).
    pub reference: Option<VReg>,
    /// SAMPLE_C_LZ (level of detail zero, cayman L7487) rather than SAMPLE_C.
    pub level_zero: bool,
    /// OFFSET_X/Y/Z: 5-bit two's complement, half texels (`isel/texture.rs`).
    pub offset: [u8; 3],
    /// GET_TEXTURE_RESINFO (`isel/resinfo.rs`): u holds the mip level.
    pub resinfo: bool,
    /// GATHER4 of this texel component (INST_MOD, cayman L9590): `fetch4`, whose result
    /// component `comp` is the c-th texel of the 2 x 2 footprint.
    pub gather: Option<u8>,
}

impl MInst {
    /// The registers the instruction reads.
    pub fn uses(&self) -> Regs {
        match self {
            MInst::Alu(a) => a.reads(),
            MInst::Fetch { addr, .. } => smallvec::smallvec![*addr],
            MInst::Store {
                index,
                data,
                cmp,
                ret,
                ..
            } => [*index, *data]
                .into_iter()
                .chain(*cmp)
                .chain(*ret)
                .collect(),
            MInst::Tex { u, v, extra, .. } => std::iter::once(*u)
                .chain(*v)
                .chain(extra.slice)
                .chain(extra.reference)
                .collect(),
            MInst::Export { comps, .. } => comps
                .iter()
                .filter_map(|c| match c {
                    ExportComp::Reg(v) => Some(*v),
                    _ => None,
                })
                .collect(),
        }
    }
    /// The register the instruction writes.
    pub fn def(&self) -> Option<VReg> {
        match self {
            MInst::Alu(a) => a.dst,
            MInst::Fetch { dst, .. } | MInst::Tex { dst, .. } => Some(*dst),
            MInst::Store { .. } | MInst::Export { .. } => None,
        }
    }
    /// Every register the instruction writes.
    pub fn defs(&self) -> Regs {
        match self {
            MInst::Alu(a) => a.defs(),
            _ => self.def().into_iter().collect(),
        }
    }
    /// True for instructions that must stay even when nothing reads their result.
    pub fn has_effect(&self) -> bool {
        match self {
            MInst::Alu(a) => a.exec_update || a.ordered() || a.kills(),
            MInst::Fetch { .. } | MInst::Tex { .. } => false,
            MInst::Store { .. } | MInst::Export { .. } => true,
        }
    }
}

/// What is fixed about a virtual register before packing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VRegInfo {
    /// The channel, fixed by a constraint or by the packer once the definition is placed.
    pub chan: Option<Chan>,
    /// A GPR fixed by the launch (R0/R1 thread ids), live from the program start.
    pub gpr: Option<u8>,
    /// Registers with the same tie share one GPR (in different channels): the coordinates
    /// a TEX instruction reads from one SRC_GPR.
    pub tie: Option<u32>,
}

/// The machine code of one IR block, in program order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MBlock {
    pub insts: Vec<MInst>,
    /// The PRED_SET (with UPDATE_EXEC_MASK) of the block's `Branch`, which must run in the
    /// block's last ALU clause.
    pub cond: Option<MAlu>,
}

/// A function in machine IR: one [`MBlock`] per IR block (by index) and the register table.
#[derive(Clone, Debug, Default)]
pub struct MFunc {
    pub blocks: Vec<MBlock>,
    pub vregs: Vec<VRegInfo>,
    /// Set when the program ran out of registers: schedule and pack for fewer registers
    /// rather than fewer clauses. The packer then spreads results over the channels
    /// rather than filling x first (a chain of dependent operations, one per group, puts
    /// every result in x otherwise), and the scheduler takes no instruction that adds a
    /// register far ahead of the first one not scheduled yet (a store's address, ready
    /// at the block's start, would otherwise hold a GPR of x until the store).
    pub low_pressure: bool,
}

impl MFunc {
    /// A new virtual register.
    pub fn new_vreg(&mut self, info: VRegInfo) -> VReg {
        self.vregs.push(info);
        VReg(self.vregs.len() as u32 - 1)
    }
    /// The channel of a register (x if none was chosen yet: only for unreachable reads).
    pub fn chan(&self, v: VReg) -> Chan {
        self.vregs
            .get(v.index())
            .and_then(|i| i.chan)
            .unwrap_or(Chan::X)
    }
}
