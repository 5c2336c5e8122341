//! The machine IR between instruction selection and emission: `isa::Inst`s in program
//! order, with symbolic labels and branches, whose register operands may still be virtual.
//!
//! # Why it looks like this
//!
//! Instruction selection writes real [`Inst`]s so that every later pass (and the printer)
//! sees exactly what will be encoded. A register operand that is not yet allocated is a
//! placeholder in the `Inst` plus a [`RegRef`] saying which operand slot it fills, which
//! virtual register (and which dwords of it) it names and whether the instruction reads
//! or writes it. The register allocator rewrites the slots; the `RegRef`s stay (now
//! physical), so that `s_waitcnt` insertion and the hazard pass know what each
//! instruction reads and writes without a per-opcode table.
//!
//! Implicit registers (EXEC, SCC) are not listed: no virtual register lives in them, and
//! the selector never keeps SCC alive across another instruction.

use smallvec::SmallVec;

use crate::isa::{Inst, Opcode, Operand};

/// A virtual register: one or more consecutive dwords of one register file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VReg(pub u32);

/// The register file a value lives in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum File {
    /// Scalar registers: uniform values and lane masks.
    S,
    /// Vector registers: one value per lane.
    V,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VRegInfo {
    pub file: File,
    /// Dwords (1, 2 or 4).
    pub size: u8,
}

/// A register before or after allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reg {
    Virt(VReg),
    /// A physical register range: file, first index, dwords.
    Phys(File, u8),
}

/// Which operand field of an instruction a register fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// SALU `sdst`, VALU `vdst`, SMEM `sdata`, MUBUF `vdata`.
    Dst,
    /// VALU `sdst` (compare results).
    Sdst,
    /// Source `i` (SALU src0/src1, VALU `src[i]`, DS data0/data1).
    Src(u8),
    /// SMEM `sbase`.
    Sbase,
    /// MUBUF `vaddr`, DS `addr`.
    Vaddr,
    /// MUBUF `srsrc`.
    Srsrc,
    /// MUBUF `soffset`.
    Soffset,
    /// MIMG `ssamp`.
    Ssamp,
}

/// One register operand of an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegRef {
    pub slot: Slot,
    pub reg: Reg,
    /// First dword of the register that the operand names.
    pub offset: u8,
    /// Dwords the operand names.
    pub count: u8,
    /// Written (else read).
    pub def: bool,
}

/// A branch target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Label(pub u32);

/// One machine instruction or a position marker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MInst {
    /// An instruction and its register operands.
    Op {
        inst: Inst,
        regs: SmallVec<[RegRef; 4]>,
    },
    /// A branch target.
    Label(Label),
    /// `s_branch` / `s_cbranch_*` to a label (the offset is computed at emission).
    Branch { op: Opcode, target: Label },
}

impl MInst {
    pub fn regs(&self) -> &[RegRef] {
        match self {
            MInst::Op { regs, .. } => regs,
            _ => &[],
        }
    }

    /// Whether control never falls through to the next instruction.
    pub fn is_barrier(&self) -> bool {
        match self {
            MInst::Branch { op, .. } => *op == Opcode::S_BRANCH,
            MInst::Op { inst, .. } => inst.opcode() == Opcode::S_ENDPGM,
            MInst::Label(_) => false,
        }
    }
}

/// A function in machine IR.
#[derive(Clone, Debug, Default)]
pub struct MFunc {
    pub insts: Vec<MInst>,
    pub vregs: Vec<VRegInfo>,
    /// Physical registers that hold launch inputs at entry (kernarg pointer, group ids,
    /// thread ids): the allocator keeps them free until their last read.
    pub inputs: Vec<(File, u8)>,
    pub next_label: u32,
    /// The entry registers of scratch memory, when the kernel has a private segment: the
    /// register allocator may then spill.
    pub scratch: Option<crate::abi::ScratchSgprs>,
    /// Bytes at the start of each lane's private space that the code itself uses
    /// (indexed temporaries); spill slots go after them.
    pub private_bytes: u32,
}

impl MFunc {
    /// Where each label stands in `insts`: the passes that tell backward branches (loops)
    /// from forward ones need it.
    pub fn label_positions(&self) -> std::collections::HashMap<Label, usize> {
        self.insts
            .iter()
            .enumerate()
            .filter_map(|(i, m)| match m {
                MInst::Label(l) => Some((*l, i)),
                _ => None,
            })
            .collect()
    }

    pub fn new_vreg(&mut self, file: File, size: u8) -> VReg {
        self.vregs.push(VRegInfo { file, size });
        VReg(self.vregs.len() as u32 - 1)
    }

    pub fn new_label(&mut self) -> Label {
        self.next_label += 1;
        Label(self.next_label - 1)
    }

    pub fn info(&self, v: VReg) -> VRegInfo {
        self.vregs.get(v.0 as usize).copied().unwrap_or(VRegInfo {
            file: File::V,
            size: 1,
        })
    }
}

/// The operand naming `count` dwords of file `file` from `index`.
pub fn phys_operand(file: File, index: u8, count: u8) -> Operand {
    match file {
        File::S => Operand::Sgpr { code: index, count },
        File::V => Operand::Vgpr { index, count },
    }
}

/// Puts `op` into the operand field of `inst` that `slot` names (MIMG's fields are not
/// optional, so they are handled here rather than by [`slot_mut`]).
pub fn set_slot(inst: &mut Inst, slot: Slot, op: Operand) {
    match (inst, slot) {
        (Inst::Mimg(m), Slot::Dst) => m.vdata = op,
        (Inst::Mimg(m), Slot::Vaddr) => m.vaddr = op,
        (Inst::Mimg(m), Slot::Srsrc) => m.srsrc = op,
        (Inst::Mimg(m), Slot::Ssamp) => m.ssamp = Some(op),
        (Inst::Exp(e), Slot::Src(i)) => {
            if let (Operand::Vgpr { index, .. }, Some(v)) = (op, e.vsrc.get_mut(usize::from(i))) {
                *v = index;
            }
        }
        (inst, slot) => {
            if let Some(s) = slot_mut(inst, slot) {
                *s = Some(op);
            }
        }
    }
}

/// The operand field of `inst` that `slot` names, if the instruction has it.
pub fn slot_mut(inst: &mut Inst, slot: Slot) -> Option<&mut Option<Operand>> {
    match (inst, slot) {
        (Inst::Salu(s), Slot::Dst) => Some(&mut s.dst),
        (Inst::Salu(s), Slot::Src(0)) => Some(&mut s.src0),
        (Inst::Salu(s), Slot::Src(1)) => Some(&mut s.src1),
        (Inst::Valu(v), Slot::Dst) => Some(&mut v.vdst),
        (Inst::Valu(v), Slot::Sdst) => Some(&mut v.sdst),
        (Inst::Valu(v), Slot::Src(i)) => v.src.get_mut(usize::from(i)),
        (Inst::Smem(m), Slot::Dst) => Some(&mut m.sdata),
        (Inst::Smem(m), Slot::Sbase) => Some(&mut m.sbase),
        (Inst::Buf(b), Slot::Dst) => Some(&mut b.vdata),
        (Inst::Buf(b), Slot::Vaddr) => Some(&mut b.vaddr),
        (Inst::Buf(b), Slot::Srsrc) => Some(&mut b.srsrc),
        (Inst::Buf(b), Slot::Soffset) => Some(&mut b.soffset),
        (Inst::Ds(d), Slot::Dst) => Some(&mut d.vdst),
        (Inst::Ds(d), Slot::Vaddr) => Some(&mut d.addr),
        (Inst::Ds(d), Slot::Src(0)) => Some(&mut d.data0),
        (Inst::Ds(d), Slot::Src(1)) => Some(&mut d.data1),
        _ => None,
    }
}
