//! GDS (`dcl_gds_id`, `gds_*`) and append buffers (`append_buf_alloc` / `_consume`) through
//! the **GDS buffer**: a buffer of device memory the launch clears and binds as RAT 14
//! (stores and atomics) and VTX buffer 30 (loads), holding the GDS allocations laid out as
//! LDS ones and then one append counter dword per UAV id (`docs/abi.md`, "GDS and append
//! buffers"; `docs/decisions.md` says why not Cayman's MEM_GDS clauses).
//!
//! * An access outside its allocation goes to byte [`abi::LDS_OUT_OF_RANGE`], past the end
//!   of the GDS buffer, where a RAT write or atomic changes nothing (an atomic returns 0)
//!   and a fetch reads 0: the IL's out-of-range meaning, as for LDS.
//! * Atomics are the RAT's (cayman L8231-L8285): `gds_cmp_store` (IL: `if (M == src1) M =
//!   src2`) is CMPXCHG_INT with src2 in RW_GPR.x and src1 in .z (L2965-L2968); MSKOR is
//!   reserved on Cayman (L8250), so `gds_mskor` is `AND ~src1` then `OR src2`, the byte-store
//!   idiom of `uav.rs` (exact unless two lanes hit one dword in one instruction). A result
//!   that is read uses the `_RTN` form and the return buffer, as UAV atomics do.
//! * `append_buf_alloc` / `append_buf_consume` are ADD_RTN / SUB_RTN of 1 on the UAV's
//!   counter: every lane gets the value before its own step, lanes in order (the model runs
//!   a RAT operation's lanes in lane order, as the reference does); consume returns the
//!   value before its decrement (`docs/decisions.md`, "append counters").

use il_frontend::opcode::Opcode;
use il_semantics::memory::{atomic_of, Atomic};
use midend::ir::{IlOp, Value};

use super::uav::returning_form;
use super::{unsupported, Isel};
use crate::abi;
use crate::isa::{AluOp, RatInst};
use crate::mir::Operand;
use crate::CompileError;

/// The no-return RAT operation of an IL GDS atomic (`None`: a plain store).
fn rat_of(op: Atomic) -> Option<Option<RatInst>> {
    use RatInst as R;
    Some(Some(match op {
        Atomic::Add => R::Add,
        Atomic::Sub => R::Sub,
        Atomic::Rsub => R::Rsub,
        Atomic::Min => R::MinInt,
        Atomic::Max => R::MaxInt,
        Atomic::Umin => R::MinUint,
        Atomic::Umax => R::MaxUint,
        Atomic::And => R::And,
        Atomic::Or => R::Or,
        Atomic::Xor => R::Xor,
        Atomic::Inc => R::IncUint,
        Atomic::Dec => R::DecUint,
        Atomic::CmpXchg => R::CmpxchgInt,
        Atomic::Xchg => return Some(None),
        Atomic::Mskor => return None,
    }))
}

impl Isel<'_> {
    /// A GDS instruction or an append counter operation.
    pub(super) fn gds_inst(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
    ) -> Result<(), CompileError> {
        let name = il.opcode.mnemonic();
        if self.opts.pixel {
            return Err(unsupported(
                format!("`{name}` in a pixel kernel"),
                self.span,
            ));
        }
        self.uses.gds = true;
        let rat = abi::GDS_RAT;
        let id = u32::from(abi::GDS_RAT);
        if matches!(il.opcode, Opcode::AppendBufAlloc | Opcode::AppendBufConsume) {
            let uav = il.field("id").unwrap_or(0);
            let dword = abi::append_counter_dword(&self.gds, uav).ok_or_else(|| {
                unsupported(
                    format!("{name}: the append counter of UAV {uav}"),
                    self.span,
                )
            })?;
            let rtn = if il.opcode == Opcode::AppendBufAlloc {
                RatInst::AddRtn
            } else {
                RatInst::SubRtn
            };
            return self.returning_rat_op(
                name,
                results,
                id,
                rat,
                Operand::imm(dword),
                Operand::imm(1),
                None,
                rtn,
            );
        }
        let al = self.gds.allocs.get(&il.field("id").unwrap_or(0)).copied();
        let addr = self.scalar_address(il, args, al, 4)?;
        if il.opcode == Opcode::GdsLoad {
            let v = self.fetch_dword(abi::GDS_VTX, addr, 0);
            self.broadcast(results, v);
            return Ok(());
        }
        let Some((_, op, _)) = atomic_of(il.opcode) else {
            return Err(unsupported(format!("`{name}`"), self.span));
        };
        let index = self.alu_op(AluOp::LshrInt, vec![Operand::reg(addr), Operand::imm(2)]);
        let a = self.operand_of(il, args, 1, 0)?;
        let b = self.operand_of(il, args, 2, 0)?;
        let read = results.iter().any(|r| self.used.contains(r));
        if op == Atomic::Mskor {
            let keep = self.alu_op(AluOp::NotInt, vec![a]);
            if read {
                self.returning_rat_op(name, results, id, rat, index, keep, None, RatInst::AndRtn)?;
            } else {
                self.rat_export(rat, index, keep, RatInst::And);
            }
            self.rat_export(rat, index, b, RatInst::Or);
            return Ok(());
        }
        let inst = rat_of(op).ok_or_else(|| unsupported(format!("`{name}`"), self.span))?;
        // CMPXCHG_INT: new value in RW_GPR.x, compare value in .z.
        let (data, cmp) = if op == Atomic::CmpXchg {
            (b, Some(a))
        } else {
            (a, None)
        };
        if read {
            let rtn = returning_form(inst).ok_or_else(|| {
                CompileError::Internal(format!("{name}: no returning RAT operation"))
            })?;
            return self.returning_rat_op(name, results, id, rat, index, data, cmp, rtn);
        }
        match (inst, cmp) {
            (None, _) => self.rat_export(rat, index, data, RatInst::StoreDword),
            (Some(i), None) => self.rat_export(rat, index, data, i),
            (Some(i), Some(c)) => self.rat_cmpxchg(rat, index, data, c, i),
        }
        Ok(())
    }

    /// A no-return CMPXCHG_INT: `data` in RW_GPR.x, the compare value in .z.
    fn rat_cmpxchg(&mut self, rat: u8, index: Operand, data: Operand, cmp: Operand, i: RatInst) {
        use crate::isa::Chan;
        use crate::mir::MInst;
        let index = self.in_chan(index, Chan::X);
        self.ties += 1;
        let tie = Some(self.ties);
        let d = self.tied(Chan::X, tie, data);
        let c = self.tied(Chan::Z, tie, cmp);
        self.cur.push(MInst::Store {
            rat,
            index,
            data: d,
            inst: i,
            cmp: Some(c),
            ret: None,
        });
    }
}
