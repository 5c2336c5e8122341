//! Indexed temporaries with a register index (`x#[r.x + n]`): per-lane private memory in
//! the AMDHSA private segment (scratch), read and written with MUBUF through the private
//! segment buffer V#.
//!
//! Layout: the arrays one after the other (the reference interpreter's order,
//! `runtime-sim/src/interp/kernel.rs`), 16 bytes per element, component `c` of element
//! `e` at byte `16 e + 4 c` of the lane's private space; one more element after them takes
//! the stores whose index is outside their array (the reference drops those) so that no
//! per-access branch is needed. The V# AMDHSA gives is swizzled with ADD_TID (abi-facts
//! §4.2; vega L5481-5497), so each lane's dwords are interleaved by the hardware and the
//! kernel addresses its own space from 0; the scratch wave offset is added to the V#'s
//! base once in the prologue. Indexed temporaries start at zero (`docs/abi.md`), and
//! scratch memory is not cleared by the hardware, so the prologue stores zeros over the
//! whole space.

use midend::ir::Value;
use smallvec::{smallvec, SmallVec};

use super::{unsupported, Dst, Mods, Selector, Src};
use crate::isa::{Buf, Inst, Opcode, Operand, Salu};
use crate::mir::{File, Reg, RegRef, Slot, VReg};
use crate::CompileError;

/// Private dwords the prologue can clear with one store each (the MUBUF offset field has
/// 12 bits).
const MAX_PRIVATE_DWORDS: u32 = 1024;

/// Private bytes per lane for `elements` indexed-temporary elements (and the dump element).
pub fn private_bytes(elements: u32) -> u32 {
    elements.saturating_add(1).saturating_mul(16)
}

impl Selector<'_> {
    /// The private segment V# (with the wave's offset in its base) and the zeroing of the
    /// lane's private space.
    pub(crate) fn private_prologue(&mut self) -> Result<(), CompileError> {
        let Some(wave_offset) = self.abi.scratch_sgprs().map(|s| s.wave_offset) else {
            return Ok(());
        };
        if self.abi.private_bytes == 0 {
            // Scratch only for spill slots, which need no clearing.
            return Ok(());
        }
        let bytes = self.abi.private_bytes;
        if bytes / 4 > MAX_PRIVATE_DWORDS {
            return Err(unsupported(format!(
                "{bytes} bytes of indexed temporaries per work-item (at most {})",
                MAX_PRIVATE_DWORDS * 4
            )));
        }
        for k in 0..4 {
            self.m.inputs.push((File::S, k));
        }
        self.m.inputs.push((File::S, wave_offset));
        let rsrc = self.m.new_vreg(File::S, 4);
        let phys = |index: u8| RegRef {
            slot: Slot::Src(0),
            reg: Reg::Phys(File::S, index),
            offset: 0,
            count: 1,
            def: false,
        };
        let salu = |this: &mut Self, op: Opcode, k: u8, src0: u8, src1: Option<u8>| {
            let mut regs: SmallVec<[RegRef; 4]> = smallvec![phys(src0)];
            let src1 = match src1 {
                Some(s) => {
                    regs.push(RegRef {
                        slot: Slot::Src(1),
                        ..phys(s)
                    });
                    Operand::s(0)
                }
                None => Operand::Int(0),
            };
            regs.push(this.reg_ref(Slot::Dst, rsrc, k, 1, true));
            let src1 = (op != Opcode::S_MOV_B32).then_some(src1);
            this.push(
                Inst::Salu(Salu {
                    op,
                    dst: Some(Operand::s(0)),
                    src0: Some(Operand::s(0)),
                    src1,
                }),
                regs,
            );
        };
        // base += wave offset (a 48-bit add: the carry goes into word 1's base bits).
        salu(self, Opcode::S_ADD_U32, 0, 0, Some(wave_offset));
        salu(self, Opcode::S_ADDC_U32, 1, 1, None);
        salu(self, Opcode::S_MOV_B32, 2, 2, None);
        salu(self, Opcode::S_MOV_B32, 3, 3, None);
        self.private_rsrc = Some(rsrc);
        let zero = self.m.new_vreg(File::V, 1);
        self.mov32(Dst::r(zero), Src::Imm(0));
        for k in 0..bytes / 4 {
            self.private_access(Opcode::BUFFER_STORE_DWORD, zero, None, (4 * k) as u16);
        }
        Ok(())
    }

    /// One dword of private memory at `addr + offset` (no `addr`: `offset` alone).
    fn private_access(&mut self, op: Opcode, data: VReg, addr: Option<VReg>, offset: u16) {
        let Some(rsrc) = self.private_rsrc else {
            return;
        };
        let load = op == Opcode::BUFFER_LOAD_DWORD;
        let mut regs: SmallVec<[RegRef; 4]> = smallvec![
            self.reg_ref(Slot::Dst, data, 0, 1, load),
            self.reg_ref(Slot::Srsrc, rsrc, 0, 4, false)
        ];
        if let Some(a) = addr {
            regs.push(self.reg_ref(Slot::Vaddr, a, 0, 1, false));
        }
        self.push(
            Inst::Buf(Buf {
                op,
                vdata: Some(Operand::v(0)),
                vaddr: addr.map(|_| Operand::v(0)),
                srsrc: Some(Operand::s_range(0, 4)),
                soffset: Some(Operand::Int(0)),
                offset,
                offen: addr.is_some(),
                idxen: false,
                glc: false,
                slc: false,
                lds: false,
                tfe: false,
                dfmt: 0,
                nfmt: 0,
            }),
            regs,
        );
    }

    /// The byte address of component `comp` of element `offset + index` of `array`, and
    /// the lanes where that element is inside the array (an SGPR pair mask).
    fn private_address(
        &mut self,
        array: u32,
        offset: i32,
        comp: u8,
        index: Value,
    ) -> Result<(VReg, VReg), CompileError> {
        if self.private_rsrc.is_none() {
            return Err(unsupported("indexed temporaries in private memory"));
        }
        let (first, len) = self
            .mem
            .private_arrays
            .get(&array)
            .copied()
            .ok_or_else(|| unsupported(format!("indexed temporary array x{array}")))?;
        let none = Mods::default();
        let idx = self.src(index);
        let i = self.vop(Opcode::V_ADD_U32, &[Src::Imm(offset as u32), idx]);
        let inside = self.m.new_vreg(File::S, 2);
        self.valu(
            Opcode::V_CMP_GT_U32,
            None,
            Some(Dst(inside, 0, 2)),
            &[Src::Imm(len), Src::r(i)],
            none,
        );
        let scaled = self.vop(Opcode::V_LSHLREV_B32, &[Src::Imm(4), Src::r(i)]);
        let at = self.vop(
            Opcode::V_ADD_U32,
            &[
                Src::Imm(first.wrapping_mul(16).wrapping_add(4 * u32::from(comp))),
                Src::r(scaled),
            ],
        );
        let dump = self
            .mem
            .private_elements
            .wrapping_mul(16)
            .wrapping_add(4 * u32::from(comp));
        let addr = self.vop(
            Opcode::V_CNDMASK_B32,
            &[Src::Imm(dump), Src::r(at), Src::R(inside, 0, 2)],
        );
        Ok((addr, inside))
    }

    /// `Op::PrivateLoad`: 0 outside the array (the reference's out-of-range read).
    pub(crate) fn private_load(
        &mut self,
        array: u32,
        offset: i32,
        comp: u8,
        index: Value,
        r: Value,
    ) -> Result<(), CompileError> {
        let (addr, inside) = self.private_address(array, offset, comp, index)?;
        let t = self.m.new_vreg(File::V, 1);
        self.private_access(Opcode::BUFFER_LOAD_DWORD, t, Some(addr), 0);
        let d = self.vdst(r);
        self.valu(
            Opcode::V_CNDMASK_B32,
            Some(Dst::r(d)),
            None,
            &[Src::Imm(0), Src::r(t), Src::R(inside, 0, 2)],
            Mods::default(),
        );
        self.finish(r, d);
        Ok(())
    }

    /// `Op::PrivateStore`: stores outside the array go to the dump element.
    pub(crate) fn private_store(
        &mut self,
        array: u32,
        offset: i32,
        comp: u8,
        index: Value,
        value: Value,
    ) -> Result<(), CompileError> {
        let (addr, _) = self.private_address(array, offset, comp, index)?;
        let data = self.src_in(value, File::V);
        self.private_access(Opcode::BUFFER_STORE_DWORD, data, Some(addr), 0);
        Ok(())
    }
}
