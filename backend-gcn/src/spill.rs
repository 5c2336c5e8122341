//! Spill code: a virtual register the allocator could not keep in a register lives in
//! memory, and every instruction that touches it goes through a short-lived temporary.
//!
//! - **VGPRs** go to scratch, one dword slot per lane: `buffer_load_dword` into the
//!   temporary before an instruction that reads the register, `buffer_store_dword` after
//!   one that writes it, through the private segment buffer V# and the scratch wave offset
//!   of [`crate::abi::ScratchSgprs`]. The V# the launch gives is swizzled with ADD_TID
//!   (abi-facts §4.2), so `offset:4*k` addresses the lane's own dword `k`. Both are masked
//!   by EXEC exactly as the register would be: a lane that is off neither loads nor
//!   stores, so it keeps its value in memory as it would have kept it in the register
//!   (the value of a lane that left a loop early, a merge of two arms).
//! - **SGPRs** go to lanes of a VGPR: `v_writelane_b32` after a write, `v_readlane_b32`
//!   before a read (64 dwords per VGPR, which is the "lane store"). Both ignore EXEC, which
//!   a uniform value needs: it is read and written by scalar code whatever lanes are on.
//!   The lane stores are virtual registers live through the whole function.
//!
//! Neither form touches SCC or VCC, so spill code can go between a compare and the branch
//! that reads it. Waits for the reloads (`s_waitcnt vmcnt`) and the wait states after a
//! `v_readlane_b32` that feeds a buffer instruction come from the passes that run after
//! allocation, which see the spill code like any other.

use smallvec::{smallvec, SmallVec};

use crate::abi::ScratchSgprs;
use crate::isa::{Buf, Inst, Opcode, Operand, Valu};
use crate::mir::{File, MFunc, MInst, Reg, RegRef, Slot, VReg};
use crate::CompileError;

/// Byte offsets a MUBUF instruction can reach with its 12-bit offset: 1024 dword slots.
const MAX_VGPR_SLOTS: u32 = 1024;
/// Dwords one lane store holds.
const LANES: u32 = 64;

/// The spill state of one function, kept across the rounds of allocation.
#[derive(Clone, Debug, Default)]
pub struct Spiller {
    /// The lane's first scratch dword not used by the code itself (indexed temporaries).
    first_vgpr_slot: u32,
    /// Scratch dwords per lane given out so far.
    pub vgpr_slots: u32,
    /// SGPR dwords given out so far (lane `k % 64` of lane store `k / 64`).
    sgpr_slots: u32,
    /// The lane stores: VGPRs live through the whole function.
    pub lane_stores: Vec<VReg>,
    /// Registers that must not be spilled: the temporaries of spill code, whose ranges
    /// are already as short as they can be, and the lane stores.
    pub no_spill: Vec<bool>,
}

impl Spiller {
    pub fn new(f: &MFunc) -> Spiller {
        Spiller {
            no_spill: vec![false; f.vregs.len()],
            first_vgpr_slot: f.private_bytes.div_ceil(4),
            ..Spiller::default()
        }
    }

    pub fn may_spill(&self, v: usize) -> bool {
        !self.no_spill.get(v).copied().unwrap_or(false)
    }

    fn fresh(&mut self, f: &mut MFunc, file: File, size: u8) -> VReg {
        let r = f.new_vreg(file, size);
        self.no_spill.resize(f.vregs.len(), false);
        self.no_spill[r.0 as usize] = true;
        r
    }

    /// Rewrites `f` so that every register of `victims` lives in memory.
    pub fn spill(
        &mut self,
        f: &mut MFunc,
        victims: &[usize],
        scratch: ScratchSgprs,
    ) -> Result<(), CompileError> {
        // Dword slot of each victim's first dword.
        let mut slot: Vec<Option<u32>> = vec![None; f.vregs.len()];
        for &v in victims {
            let info = f.vregs[v];
            let size = u32::from(info.size);
            match info.file {
                File::V => {
                    slot[v] = Some(self.first_vgpr_slot + self.vgpr_slots);
                    self.vgpr_slots += size;
                    if self.first_vgpr_slot + self.vgpr_slots > MAX_VGPR_SLOTS {
                        return Err(CompileError::OutOfRegisters {
                            file: "VGPRs",
                            limit: crate::regalloc::VGPR_LIMIT.into(),
                        });
                    }
                }
                File::S => {
                    // A register's dwords stay in one lane store.
                    if self.sgpr_slots % LANES + size > LANES {
                        self.sgpr_slots = self.sgpr_slots.next_multiple_of(LANES);
                    }
                    slot[v] = Some(self.sgpr_slots);
                    self.sgpr_slots += size;
                }
            }
        }
        while (self.lane_stores.len() as u32) * LANES < self.sgpr_slots {
            let r = self.fresh(f, File::V, 1);
            self.lane_stores.push(r);
        }
        let insts = std::mem::take(&mut f.insts);
        let mut out = Vec::with_capacity(insts.len() * 2);
        for mut inst in insts {
            let MInst::Op { regs, .. } = &mut inst else {
                out.push(inst);
                continue;
            };
            // One temporary per spilled register this instruction names.
            let mut temps: SmallVec<[(usize, VReg); 2]> = smallvec![];
            let mut reads: SmallVec<[(VReg, usize, u8); 4]> = smallvec![];
            let mut writes: SmallVec<[(VReg, usize, u8); 4]> = smallvec![];
            for r in regs.iter_mut() {
                let Reg::Virt(v) = r.reg else { continue };
                let v = v.0 as usize;
                if slot.get(v).copied().flatten().is_none() {
                    continue;
                }
                let t = match temps.iter().find(|(w, _)| *w == v) {
                    Some(&(_, t)) => t,
                    None => {
                        let info = f.vregs[v];
                        let t = self.fresh(f, info.file, info.size);
                        temps.push((v, t));
                        t
                    }
                };
                r.reg = Reg::Virt(t);
                for k in r.offset..r.offset + r.count {
                    let list = if r.def { &mut writes } else { &mut reads };
                    if !list.contains(&(t, v, k)) {
                        list.push((t, v, k));
                    }
                }
            }
            for &(t, v, k) in &reads {
                let at = slot[v].unwrap_or(0) + u32::from(k);
                out.push(self.reload(f.vregs[v].file, t, k, at, scratch));
            }
            out.push(inst);
            for &(t, v, k) in &writes {
                let at = slot[v].unwrap_or(0) + u32::from(k);
                out.push(self.store(f.vregs[v].file, t, k, at, scratch));
            }
        }
        f.insts = out;
        Ok(())
    }

    fn reload(&self, file: File, t: VReg, k: u8, at: u32, scratch: ScratchSgprs) -> MInst {
        match file {
            File::V => scratch_access(Opcode::BUFFER_LOAD_DWORD, t, k, at, scratch, true),
            File::S => {
                let store = self.lane_stores[(at / LANES) as usize];
                let lane = Operand::Int((at % LANES) as i8);
                MInst::Op {
                    inst: Inst::Valu(Valu::new(
                        Opcode::V_READLANE_B32,
                        Some(Operand::s(0)),
                        &[Operand::v(0), lane],
                    )),
                    regs: smallvec![
                        virt(Slot::Dst, t, k, true),
                        virt(Slot::Src(0), store, 0, false)
                    ],
                }
            }
        }
    }

    fn store(&self, file: File, t: VReg, k: u8, at: u32, scratch: ScratchSgprs) -> MInst {
        match file {
            File::V => scratch_access(Opcode::BUFFER_STORE_DWORD, t, k, at, scratch, false),
            File::S => {
                let store = self.lane_stores[(at / LANES) as usize];
                let lane = Operand::Int((at % LANES) as i8);
                // Only one lane is written: the other 63 keep their values, which is
                // why the allocator gives a lane store the whole function.
                MInst::Op {
                    inst: Inst::Valu(Valu::new(
                        Opcode::V_WRITELANE_B32,
                        Some(Operand::v(0)),
                        &[Operand::s(0), lane],
                    )),
                    regs: smallvec![
                        virt(Slot::Src(0), t, k, false),
                        virt(Slot::Dst, store, 0, true)
                    ],
                }
            }
        }
    }
}

fn virt(slot: Slot, v: VReg, offset: u8, def: bool) -> RegRef {
    RegRef {
        slot,
        reg: Reg::Virt(v),
        offset,
        count: 1,
        def,
    }
}

fn phys(slot: Slot, index: u8, count: u8) -> RegRef {
    RegRef {
        slot,
        reg: Reg::Phys(File::S, index),
        offset: 0,
        count,
        def: false,
    }
}

/// `buffer_load_dword`/`buffer_store_dword` of dword `k` of `t` at the lane's scratch
/// dword `at`.
fn scratch_access(op: Opcode, t: VReg, k: u8, at: u32, scratch: ScratchSgprs, load: bool) -> MInst {
    MInst::Op {
        inst: Inst::Buf(Buf {
            op,
            vdata: Some(Operand::v(0)),
            vaddr: None,
            srsrc: Some(Operand::s_range(scratch.buffer, 4)),
            soffset: Some(Operand::s(scratch.wave_offset)),
            offset: (at * 4) as u16,
            offen: false,
            idxen: false,
            glc: false,
            slc: false,
            lds: false,
            tfe: false,
            dfmt: 0,
            nfmt: 0,
        }),
        regs: smallvec![
            virt(Slot::Dst, t, k, load),
            phys(Slot::Srsrc, scratch.buffer, 4),
            phys(Slot::Soffset, scratch.wave_offset, 1)
        ],
    }
}
