//! Indexed temporaries (`x#[i]`, `private_load` / `private_store`) through the **private
//! buffer**: work-item i (flat absolute id; in a pixel kernel, the pixel's row-major index
//! in the domain) owns 16-byte elements `i·E ..< (i+1)·E` of a
//! buffer the launch binds as RAT 15 (stores, `MEM_RAT_CACHELESS STORE_DWORD`) and VTX
//! buffer 112 (loads, `VFETCH FMT_32`), zero before the run as the reference's arrays are
//! (`docs/abi.md`). Cayman's own scratch path (MEM_SCRATCH exports and MEM_RD reads, cayman
//! L7664) would do the same through a ring the launch does not model; relative GPR
//! addressing would need the register allocator to keep each array in consecutive GPRs.
//!
//! An index outside the array reads 0 and writes nothing, as in the reference
//! (`runtime-sim` interp `exec.rs`): such an access goes past the end of the buffer.

use midend::ir::Value;

use super::Isel;
use crate::abi;
use crate::isa::{AluOp, Chan, RatInst};
use crate::mir::{MInst, Operand, VReg, VRegInfo};
use crate::CompileError;

/// A dword index past the end of any private buffer.
const OUTSIDE: u32 = 0x3FFF_FFF0;

impl Isel<'_> {
    /// The dword of component `comp` of element `offset (+ args[0])` of `array`, or
    /// [`OUTSIDE`] when the element is outside the array.
    fn private_dword(
        &mut self,
        array: u32,
        offset: i32,
        comp: u8,
        args: &[Value],
        with_index: usize,
    ) -> Result<VReg, CompileError> {
        self.uses.private = true;
        let Some(&(first, len)) = self.itemps.arrays.get(&array) else {
            return Ok(self.materialize(Operand::imm(OUTSIDE)));
        };
        let i = if args.len() == with_index {
            let x = self.operand(args[0])?;
            self.alu_op(AluOp::AddInt, vec![x, Operand::imm(offset as u32)])
        } else {
            Operand::imm(offset as u32)
        };
        // 0 <= i < len as one unsigned comparison.
        let inside = self.alu_op(AluOp::SetgtUint, vec![Operand::imm(len), i]);
        // The work-item's number: its flat id, or in a pixel kernel its pixel's row-major
        // index in the domain (the launch runs no lane outside the domain).
        let flat = if self.opts.pixel {
            let base = self.pixel_base();
            self.alu_op(AluOp::LshrInt, vec![Operand::reg(base), Operand::imm(2)])
        } else {
            self.input(midend::ir::Input::AbsoluteThreadIdFlat)?
        };
        let own = self.alu_op(
            AluOp::MulloInt,
            vec![flat, Operand::imm(self.itemps.elements)],
        );
        let e = self.alu_op(AluOp::AddInt, vec![own, i]);
        let e = self.alu_op(AluOp::AddInt, vec![e, Operand::imm(first)]);
        let d = self.alu_op(AluOp::LshlInt, vec![e, Operand::imm(2)]);
        let d = self.alu_op(AluOp::AddInt, vec![d, Operand::imm(u32::from(comp & 3))]);
        Ok(self.alu(AluOp::CndeInt, vec![inside, Operand::imm(OUTSIDE), d]))
    }

    pub(super) fn private_load(
        &mut self,
        array: u32,
        offset: i32,
        comp: u8,
        args: &[Value],
    ) -> Result<Operand, CompileError> {
        let dword = self.private_dword(array, offset, comp, args, 1)?;
        let addr = self.alu(AluOp::LshlInt, vec![Operand::reg(dword), Operand::imm(2)]);
        let dst = self.m.new_vreg(VRegInfo::default());
        self.cur.push(MInst::Fetch {
            buffer: abi::PRIVATE_VTX,
            dst,
            addr,
            offset: 0,
        });
        Ok(Operand::reg(dst))
    }

    pub(super) fn private_store(
        &mut self,
        array: u32,
        offset: i32,
        comp: u8,
        args: &[Value],
    ) -> Result<(), CompileError> {
        let value = args
            .last()
            .copied()
            .ok_or_else(|| CompileError::Internal("private_store without a value".into()))?;
        let value = self.operand(value)?;
        let dword = self.private_dword(array, offset, comp, args, 2)?;
        let index = self.in_chan(Operand::reg(dword), Chan::X);
        let data = self.in_chan(value, Chan::X);
        self.cur.push(MInst::Store {
            rat: abi::PRIVATE_RAT,
            index,
            data,
            inst: RatInst::StoreDword,
            cmp: None,
            ret: None,
        });
        Ok(())
    }
}
