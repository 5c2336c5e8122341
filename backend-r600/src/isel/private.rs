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
use crate::mir::{MInst, Operand, Src, VReg, VRegInfo};
use crate::CompileError;

/// A dword index past the end of any private buffer.
const OUTSIDE: u32 = 0x3FFF_FFF0;

impl Isel<'_> {
    /// The dword index of the work-item's first private element, computed once per block
    /// (every access of the block shares it).
    fn private_base(&mut self) -> Result<VReg, CompileError> {
        if let Some((b, _)) = self.private_base {
            return Ok(b);
        }
        // The work-item's number: its flat id, or in a pixel kernel its pixel's row-major
        // index in the domain (the launch runs no lane outside the domain).
        let flat = if self.opts.pixel {
            self.pixel_index()
        } else {
            self.input(midend::ir::Input::AbsoluteThreadIdFlat)?
        };
        let b = self.alu(
            AluOp::MulloInt,
            vec![flat, Operand::imm(4 * self.itemps.elements)],
        );
        self.private_base = Some((b, None));
        Ok(b)
    }

    /// Where component `comp` of element `offset (+ args[0])` of `array` is: a register
    /// holding its dword index (or [`OUTSIDE`] when the element is outside the array) and
    /// a constant to add. An element known at compile time and inside the array is the
    /// block's [`Isel::private_base`] plus a constant, which costs no instruction: the
    /// spill slots of `midend::spill` are all of this kind.
    fn private_dword(
        &mut self,
        array: u32,
        offset: i32,
        comp: u8,
        args: &[Value],
        with_index: usize,
    ) -> Result<(VReg, u32), CompileError> {
        self.uses.private = true;
        let Some(&(first, len)) = self.itemps.arrays.get(&array) else {
            return Ok((self.materialize(Operand::imm(OUTSIDE)), 0));
        };
        let i = if args.len() == with_index {
            let x = self.operand(args[0])?;
            match x.src {
                Src::Imm(k) if !x.neg && !x.abs => Operand::imm(k.wrapping_add(offset as u32)),
                _ => self.alu_op(AluOp::AddInt, vec![x, Operand::imm(offset as u32)]),
            }
        } else {
            Operand::imm(offset as u32)
        };
        let base = self.private_base()?;
        if let Src::Imm(k) = i.src {
            if k < len {
                return Ok((base, 4 * (first + k) + u32::from(comp & 3)));
            }
            return Ok((self.materialize(Operand::imm(OUTSIDE)), 0));
        }
        // 0 <= i < len as one unsigned comparison.
        let inside = self.alu_op(AluOp::SetgtUint, vec![Operand::imm(len), i]);
        let e = self.alu_op(AluOp::AddInt, vec![i, Operand::imm(first)]);
        let d = self.alu_op(AluOp::LshlInt, vec![e, Operand::imm(2)]);
        let d = self.alu_op(AluOp::AddInt, vec![d, Operand::reg(base)]);
        let d = self.alu_op(AluOp::AddInt, vec![d, Operand::imm(u32::from(comp & 3))]);
        Ok((
            self.alu(AluOp::CndeInt, vec![inside, Operand::imm(OUTSIDE), d]),
            0,
        ))
    }

    pub(super) fn private_load(
        &mut self,
        array: u32,
        offset: i32,
        comp: u8,
        args: &[Value],
    ) -> Result<Operand, CompileError> {
        let (dword, plus) = self.private_dword(array, offset, comp, args, 1)?;
        let addr = match self.private_base {
            // The byte address of the block's base, shared like the base.
            Some((base, Some(bytes))) if base == dword => bytes,
            _ => {
                let bytes = self.alu(AluOp::LshlInt, vec![Operand::reg(dword), Operand::imm(2)]);
                if let Some((base, shared @ None)) = &mut self.private_base {
                    if *base == dword {
                        *shared = Some(bytes);
                    }
                }
                bytes
            }
        };
        // The VTX instruction's OFFSET field (16 bits) adds the constant bytes.
        let (addr, offset) = match u16::try_from(4 * plus) {
            Ok(o) => (addr, o),
            Err(_) => {
                let a = self.alu(
                    AluOp::AddInt,
                    vec![Operand::reg(addr), Operand::imm(4 * plus)],
                );
                (a, 0)
            }
        };
        let dst = self.m.new_vreg(VRegInfo::default());
        self.cur.push(MInst::Fetch {
            buffer: abi::PRIVATE_VTX,
            dst,
            addr,
            offset,
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
        let (dword, plus) = self.private_dword(array, offset, comp, args, 2)?;
        let index = if plus == 0 {
            self.in_chan(Operand::reg(dword), Chan::X)
        } else {
            let i = self.alu(AluOp::AddInt, vec![Operand::reg(dword), Operand::imm(plus)]);
            self.in_chan(Operand::reg(i), Chan::X)
        };
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
