//! Selection of the IL's LDS instructions and thread fences: `LDS_IDX_OP` operations in
//! ALU clauses (cayman Ch7 L2207, L7793-7811) and `GROUP_BARRIER` (cayman L4377).
//!
//! Every LDS access goes to the byte address the IL reference computes inside its
//! allocation (`runtime-sim` interp `memory.rs`): the allocation's offset in the group's LDS
//! (`abi::LdsLayout`) plus the offset the instruction gives, aligned down to the access size.
//! An access outside its allocation is sent to [`abi::LDS_OUT_OF_RANGE`], past the end of
//! the LDS, where the hardware drops a write and returns 0 for a read (SET_LDS_SIZE, cayman
//! L6585-6601): the reference's out-of-range meaning. A result comes back through LDS output
//! queue A: the `*_RET` operation queues it and a `MOV` from `LDS_OQ_A_POP` in a later group
//! of the same clause takes it (the packer and the scheduler keep that order, `mir::MAlu::
//! ordered`).

use il_frontend::opcode::Opcode;
use midend::ir::{DstKind, IlOp, Value};

use super::{unsupported, Isel};
use crate::abi::{self, LdsAlloc};
use crate::isa::{AluOp, LdsOp};
use crate::mir::{MAlu, Operand, VReg, VRegInfo};
use crate::CompileError;

/// The LDS operation of an IL LDS atomic: (no-return form, returning form).
fn lds_atomic(op: Opcode) -> Option<(LdsOp, LdsOp)> {
    use LdsOp as L;
    use Opcode as O;
    Some(match op {
        O::LdsAdd | O::LdsReadAdd => (L::Add, L::AddRet),
        O::LdsSub | O::LdsReadSub => (L::Sub, L::SubRet),
        O::LdsRsub | O::LdsReadRsub => (L::Rsub, L::RsubRet),
        O::LdsMin | O::LdsReadMin => (L::MinInt, L::MinIntRet),
        O::LdsMax | O::LdsReadMax => (L::MaxInt, L::MaxIntRet),
        O::LdsUmin | O::LdsReadUmin => (L::MinUint, L::MinUintRet),
        O::LdsUmax | O::LdsReadUmax => (L::MaxUint, L::MaxUintRet),
        O::LdsAnd | O::LdsReadAnd => (L::And, L::AndRet),
        O::LdsOr | O::LdsReadOr => (L::Or, L::OrRet),
        O::LdsXor | O::LdsReadXor => (L::Xor, L::XorRet),
        // IL: `if (old == src1) old = src2` (L8227); LDS_CMP_STORE: `if (old == data0)
        // old = data1` (cayman Table 8.11 L7813).
        O::LdsCmp | O::LdsReadCmpXchg => (L::CmpStore, L::CmpXchgRet),
        O::LdsInc | O::LdsReadInc => (L::Inc, L::IncRet),
        O::LdsDec | O::LdsReadDec => (L::Dec, L::DecRet),
        O::LdsMskor | O::LdsReadMskor => (L::Mskor, L::MskorRet),
        O::LdsStore | O::LdsReadXchg => (L::Write, L::XchgRet),
        _ => return None,
    })
}

/// True for the IL LDS atomics that return the old value.
fn returns_old(op: Opcode) -> bool {
    use Opcode as O;
    matches!(
        op,
        O::LdsReadAdd
            | O::LdsReadSub
            | O::LdsReadRsub
            | O::LdsReadMin
            | O::LdsReadMax
            | O::LdsReadUmin
            | O::LdsReadUmax
            | O::LdsReadAnd
            | O::LdsReadOr
            | O::LdsReadXor
            | O::LdsReadCmpXchg
            | O::LdsReadInc
            | O::LdsReadDec
            | O::LdsReadMskor
            | O::LdsReadXchg
    )
}

impl Isel<'_> {
    /// Selects `il` if it is an LDS instruction or a fence; `None` for anything else.
    pub(super) fn lds_inst(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
    ) -> Option<Result<(), CompileError>> {
        use Opcode as O;
        let r = match il.opcode {
            O::Fence => self.fence(il),
            O::LdsLoad | O::LdsLoadByte | O::LdsLoadUbyte | O::LdsLoadShort | O::LdsLoadUshort => {
                self.lds_load(il, args, results)
            }
            O::LdsStoreByte | O::LdsStoreShort => self.lds_store_sized(il, args),
            O::LdsLoadVec | O::LdsStoreVec => self.lds_vec(il, args, results),
            O::LdsReadVec => self.lds_read_vec(il, args, results),
            O::LdsWriteVec => self.lds_write_vec(il, args),
            op if lds_atomic(op).is_some() => self.lds_atomic(il, args, results),
            op if op.mnemonic().starts_with("gds_")
                || matches!(op, O::AppendBufAlloc | O::AppendBufConsume) =>
            {
                self.gds_inst(il, args, results)
            }
            _ => return None,
        };
        Some(r)
    }

    /// `fence`: with `_threads`, a GROUP_BARRIER (every wavefront of the group waits there,
    /// cayman L4377); without it, nothing: the accesses of one work-item already happen in
    /// program order (LDS operations in queue order, UAV fetches after earlier stores, see
    /// `schedule`).
    fn fence(&mut self, il: &IlOp) -> Result<(), CompileError> {
        if il.field("threads").unwrap_or(0) != 0 {
            self.cur.push(crate::mir::MInst::Alu(MAlu {
                op: AluOp::GroupBarrier,
                dst: None,
                srcs: Vec::new(),
                clamp: false,
                exec_update: false,
                lds: None,
                others: Vec::new(),
            }));
        }
        Ok(())
    }

    pub(super) fn operand_of(
        &self,
        il: &IlOp,
        args: &[Value],
        src: usize,
        comp: u32,
    ) -> Result<Operand, CompileError> {
        match Self::il_arg(il, args, src, comp) {
            Some(v) => self.operand(v),
            None => Ok(Operand::imm(0)),
        }
    }

    /// The allocation `id` names, if it is declared.
    fn alloc(&mut self, il: &IlOp) -> Option<LdsAlloc> {
        self.uses.lds = true;
        let id = il.field("id").unwrap_or(0);
        self.lds.allocs.get(&id).copied()
    }

    /// The offset inside the allocation a scalar access gives: `src0.x`, or `src0.x *
    /// stride + src0.y` for a structured allocation (IL 7.2.10).
    fn lds_offset(
        &mut self,
        al: LdsAlloc,
        x: Operand,
        y: Operand,
    ) -> Result<Operand, CompileError> {
        Ok(match al.stride {
            Some(s) => {
                let p = self.alu_op(AluOp::MulloInt, vec![x, Operand::imm(s)]);
                self.alu_op(AluOp::AddInt, vec![p, y])
            }
            None => x,
        })
    }

    /// The LDS byte address of `size` bytes at `off` (already aligned) plus `extra` bytes in
    /// `al`, or [`abi::LDS_OUT_OF_RANGE`] when they are not all inside the allocation.
    pub(super) fn lds_address(
        &mut self,
        al: Option<LdsAlloc>,
        off: Operand,
        extra: u32,
        size: u32,
    ) -> VReg {
        let Some(al) = al else {
            return self.materialize(Operand::imm(abi::LDS_OUT_OF_RANGE));
        };
        // Inside iff off + extra + size <= al.size, i.e. off <= al.size - extra - size.
        let Some(last) = al.size.checked_sub(extra + size) else {
            return self.materialize(Operand::imm(abi::LDS_OUT_OF_RANGE));
        };
        if let crate::mir::Src::Imm(x) = off.src {
            // A constant offset is checked here.
            let at = if x <= last {
                al.offset.wrapping_add(extra).wrapping_add(x)
            } else {
                abi::LDS_OUT_OF_RANGE
            };
            return self.materialize(Operand::imm(at));
        }
        let inside = self.alu_op(AluOp::SetgeUint, vec![Operand::imm(last), off]);
        let at = self.alu_op(
            AluOp::AddInt,
            vec![off, Operand::imm(al.offset.wrapping_add(extra))],
        );
        // CNDE_INT: src1 where src0 is zero, else src2.
        self.alu(
            AluOp::CndeInt,
            vec![inside, Operand::imm(abi::LDS_OUT_OF_RANGE), at],
        )
    }

    /// An LDS operation whose result (if `ret`) is popped into a new register.
    fn lds_op(&mut self, op: LdsOp, srcs: Vec<Operand>) -> Option<VReg> {
        self.cur.push(crate::mir::MInst::Alu(MAlu::lds(op, srcs)));
        if op.code() < 32 {
            return None;
        }
        let d = self.m.new_vreg(VRegInfo::default());
        self.cur.push(crate::mir::MInst::Alu(MAlu::lds_pop(d)));
        Some(d)
    }

    /// Gives every result of a scalar load the loaded value (the IL writes it to every
    /// component of the destination).
    pub(super) fn broadcast(&mut self, results: &[Value], v: VReg) {
        for &r in results {
            self.vals.insert(r, Operand::reg(v));
        }
    }

    fn lds_load(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
    ) -> Result<(), CompileError> {
        use Opcode as O;
        let (size, op) = match il.opcode {
            O::LdsLoadByte => (1, LdsOp::ByteReadRet),
            O::LdsLoadUbyte => (1, LdsOp::UbyteReadRet),
            O::LdsLoadShort => (2, LdsOp::ShortReadRet),
            O::LdsLoadUshort => (2, LdsOp::UshortReadRet),
            _ => (4, LdsOp::ReadRet),
        };
        let al = self.alloc(il);
        let addr = self.scalar_address(il, args, al, size)?;
        let v = self
            .lds_op(op, vec![Operand::reg(addr)])
            .ok_or_else(|| CompileError::Internal("an LDS read without a result".into()))?;
        self.broadcast(results, v);
        Ok(())
    }

    /// The address of a scalar access of `size` bytes (`src0.x` / `src0.xy`).
    pub(super) fn scalar_address(
        &mut self,
        il: &IlOp,
        args: &[Value],
        al: Option<LdsAlloc>,
        size: u32,
    ) -> Result<VReg, CompileError> {
        let x = self.operand_of(il, args, 0, 0)?;
        let y = self.operand_of(il, args, 0, 1)?;
        let Some(a) = al else {
            return Ok(self.lds_address(None, x, 0, size));
        };
        let off = self.lds_offset(a, x, y)?;
        let off = match off.src {
            crate::mir::Src::Imm(x) => Operand::imm(x & !(size - 1)),
            _ if size > 1 => self.alu_op(AluOp::AndInt, vec![off, Operand::imm(!(size - 1))]),
            _ => off,
        };
        Ok(self.lds_address(al, off, 0, size))
    }

    fn lds_store_sized(&mut self, il: &IlOp, args: &[Value]) -> Result<(), CompileError> {
        let (size, op) = if il.opcode == Opcode::LdsStoreByte {
            (1, LdsOp::ByteWrite)
        } else {
            (2, LdsOp::ShortWrite)
        };
        let al = self.alloc(il);
        let addr = self.scalar_address(il, args, al, size)?;
        let v = self.operand_of(il, args, 1, 0)?;
        self.lds_op(op, vec![Operand::reg(addr), v]);
        Ok(())
    }

    fn lds_atomic(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
    ) -> Result<(), CompileError> {
        let (plain, ret) = lds_atomic(il.opcode)
            .ok_or_else(|| CompileError::Internal("not an LDS atomic".into()))?;
        let returning = returns_old(il.opcode) && results.iter().any(|r| self.used.contains(r));
        let op = if returning { ret } else { plain };
        let al = self.alloc(il);
        let addr = self.scalar_address(il, args, al, 4)?;
        let mut srcs = vec![Operand::reg(addr), self.operand_of(il, args, 1, 0)?];
        if op.info().nsrc == 3 {
            srcs.push(self.operand_of(il, args, 2, 0)?);
        }
        if let Some(v) = self.lds_op(op, srcs) {
            self.broadcast(results, v);
        }
        Ok(())
    }

    /// `lds_load_vec` / `lds_store_vec` (L8323, L8596): four dwords from the (dword-aligned)
    /// offset `src0.x` (or `src0.x * stride + src1.x`), each inside the allocation or not on
    /// its own.
    fn lds_vec(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
    ) -> Result<(), CompileError> {
        let al = self.alloc(il);
        let x = self.operand_of(il, args, 0, 0)?;
        let off = match al {
            Some(a) => {
                let b = self.operand_of(il, args, 1, 0)?;
                let o = self.lds_offset(a, x, b)?;
                self.alu_op(AluOp::AndInt, vec![o, Operand::imm(!3)])
            }
            None => x,
        };
        if il.opcode == Opcode::LdsLoadVec {
            let DstKind::Values(mask) = il.dst else {
                return Err(CompileError::Internal(
                    "lds_load_vec without a register destination".into(),
                ));
            };
            let mut k = 0;
            for c in 0..4u32 {
                if mask >> c & 1 == 0 {
                    continue;
                }
                let addr = self.lds_address(al, off, 4 * c, 4);
                let v = self
                    .lds_op(LdsOp::ReadRet, vec![Operand::reg(addr)])
                    .ok_or_else(|| CompileError::Internal("an LDS read without a result".into()))?;
                if let Some(&r) = results.get(k) {
                    self.vals.insert(r, Operand::reg(v));
                }
                k += 1;
            }
        } else {
            let DstKind::Memory(mask) = il.dst else {
                return Err(CompileError::Internal(
                    "lds_store_vec without a memory destination".into(),
                ));
            };
            for c in 0..4u32 {
                if mask >> c & 1 == 0 {
                    continue;
                }
                let addr = self.lds_address(al, off, 4 * c, 4);
                let v = self.operand_of(il, args, 2, c)?;
                self.lds_op(LdsOp::Write, vec![Operand::reg(addr), v]);
            }
        }
        Ok(())
    }

    /// The owner-compute model's dwords per work-item and whether `il` runs in absolute
    /// sharing mode (`_sharingMode(abs)`, or the declared default).
    fn owner_mode(&mut self, il: &IlOp) -> Result<(u32, bool), CompileError> {
        if self.opts.pixel {
            return Err(unsupported(
                format!(
                    "{} in a pixel kernel (owner-compute LDS counts compute work-items)",
                    il.opcode.mnemonic()
                ),
                self.span,
            ));
        }
        self.uses.lds = true;
        let (dwords, default_abs) = self.lds.per_thread.unwrap_or((0, false));
        let absolute = il.field("sharingMode") == Some(1) || default_abs;
        Ok((dwords, absolute))
    }

    /// The first owner of this wavefront's space: 0 in absolute sharing mode, else the
    /// wavefront's first flat id in the group (wavefront w holds flat ids 64w..64w+63).
    fn owner_base(&mut self, absolute: bool) -> Operand {
        if absolute {
            return Operand::imm(0);
        }
        let flat = self.local_flat();
        self.alu_op(AluOp::AndInt, vec![flat, Operand::imm(!63)])
    }

    /// `lds_write_vec` (L4933): the work-item's own dwords from `lOffset`; a component past
    /// the work-item's space is not written (the reference drops it).
    fn lds_write_vec(&mut self, il: &IlOp, args: &[Value]) -> Result<(), CompileError> {
        let (dwords, absolute) = self.owner_mode(il)?;
        let DstKind::Memory(mask) = il.dst else {
            return Err(CompileError::Internal(
                "lds_write_vec without a memory destination".into(),
            ));
        };
        let per_item = dwords.saturating_mul(4);
        let offset = il.field("lOffset").unwrap_or(0).saturating_mul(4);
        let flat = self.local_flat();
        let lane = if absolute {
            self.alu_op(AluOp::AndInt, vec![flat, Operand::imm(63)])
        } else {
            flat
        };
        let area = self.alu_op(AluOp::MulloInt, vec![lane, Operand::imm(per_item)]);
        for c in 0..4u32 {
            let at = offset + 4 * c;
            if mask >> c & 1 == 0 || at + 4 > per_item {
                continue;
            }
            let addr = self.alu(AluOp::AddInt, vec![area, Operand::imm(at)]);
            let v = self.operand_of(il, args, 0, c)?;
            self.lds_op(LdsOp::Write, vec![Operand::reg(addr), v]);
        }
        Ok(())
    }

    /// `lds_read_vec` (L4917): four dwords of owner `src0.x` (counted from the wavefront's
    /// first owner in relative mode) from its dword `src0.y`.
    fn lds_read_vec(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
    ) -> Result<(), CompileError> {
        let (dwords, absolute) = self.owner_mode(il)?;
        let DstKind::Values(mask) = il.dst else {
            return Err(CompileError::Internal(
                "lds_read_vec without a register destination".into(),
            ));
        };
        let per_item = dwords.saturating_mul(4);
        let x = self.operand_of(il, args, 0, 0)?;
        let y = self.operand_of(il, args, 0, 1)?;
        let first = self.owner_base(absolute);
        let owner = self.alu_op(AluOp::AddInt, vec![first, x]);
        let area = self.alu_op(AluOp::MulloInt, vec![owner, Operand::imm(per_item)]);
        let dw = self.alu_op(AluOp::LshlInt, vec![y, Operand::imm(2)]);
        let base = self.alu_op(AluOp::AddInt, vec![area, dw]);
        let exchange = il.field("neighborExch").unwrap_or(0) != 0;
        let end = match self.lds_exchange {
            true => Some(self.exchange_scratch()?),
            false => None,
        };
        let mut k = 0;
        let mut parts = Vec::new();
        for c in 0..4u32 {
            if mask >> c & 1 == 0 {
                continue;
            }
            if let Some(&r) = results.get(k) {
                parts.push((c, r));
            }
            k += 1;
        }
        if let (true, Some(end)) = (exchange, end) {
            return self.neighbor_exchange(base, end, &parts);
        }
        for (c, r) in parts {
            let at = self.alu_op(AluOp::AddInt, vec![base, Operand::imm(4 * c)]);
            let v = self.owner_read(at, end)?;
            self.vals.insert(r, Operand::reg(v));
        }
        Ok(())
    }

    /// Reads the owner-compute dword at byte `at`. In a program with the
    /// neighbour-exchange scratch (from byte `end`), an address at or past the scratch goes
    /// to [`abi::LDS_OUT_OF_RANGE`]: the reference's LDS ends there, so it reads 0.
    fn owner_read(&mut self, at: Operand, end: Option<Operand>) -> Result<VReg, CompileError> {
        let addr = if let Some(end) = end {
            let inside = self.alu_op(AluOp::SetgtUint, vec![end, at]);
            // CNDE_INT: src1 where src0 is zero, else src2.
            self.alu(
                AluOp::CndeInt,
                vec![inside, Operand::imm(abi::LDS_OUT_OF_RANGE), at],
            )
        } else {
            self.materialize(at)
        };
        self.lds_op(LdsOp::ReadRet, vec![Operand::reg(addr)])
            .ok_or_else(|| CompileError::Internal("an LDS read without a result".into()))
    }

    /// The byte where the neighbour-exchange scratch starts: the end of the reference's
    /// LDS ([`abi::declared_lds_bytes`]) for the program's group size, which a program with
    /// LDS declares (the validator requires `dcl_num_thread_per_group`, L3287).
    fn exchange_scratch(&self) -> Result<Operand, CompileError> {
        let g = self.opts.group_size.ok_or_else(|| {
            unsupported(
                "lds_read_vec_neighborExch without dcl_num_thread_per_group".into(),
                self.span,
            )
        })?;
        let items = g[0].saturating_mul(g[1]).saturating_mul(g[2]);
        let dwords = self.lds.per_thread.map(|(d, _)| d);
        Ok(Operand::imm(abi::declared_lds_bytes(
            self.lds.bytes,
            dwords,
            items,
        )))
    }

    /// `lds_read_vec_neighborExch` (L4919): lane 4q+i receives in component c the
    /// component i of what lane 4q+c reads, i.e. the dword at `base(4q+c) + 4i`; a lane
    /// that does not execute the instruction gives 0 (`docs/decisions.md`). Cayman has no
    /// cross-lane ALU operation, so the quad's base addresses go through LDS scratch (a
    /// dword per work-item, after the reference's LDS): every lane clears its quad's four
    /// slots, then stores `base + 1` in its own, so a slot holds 0 exactly where its lane
    /// is inactive (the four lanes of a quad are in one wavefront, whose LDS operations run
    /// in order). Each lane then reads one dword per written component at the base its
    /// quad neighbour left, or out of range (0) where it found 0. `scratch` is where the
    /// scratch starts, `parts` the written components and their values.
    fn neighbor_exchange(
        &mut self,
        base: Operand,
        scratch: Operand,
        parts: &[(u32, Value)],
    ) -> Result<(), CompileError> {
        self.uses.lds_exchange = true;
        let flat = self.local_flat();
        let flat4 = self.alu_op(AluOp::LshlInt, vec![flat, Operand::imm(2)]);
        let own = self.alu_op(AluOp::AddInt, vec![scratch, flat4]);
        let quad4 = self.alu_op(AluOp::AndInt, vec![flat4, Operand::imm(!15)]);
        let quad = self.alu_op(AluOp::AddInt, vec![scratch, quad4]);
        for j in 0..4 {
            let slot = self.alu(AluOp::AddInt, vec![quad, Operand::imm(4 * j)]);
            self.lds_op(LdsOp::Write, vec![Operand::reg(slot), Operand::imm(0)]);
        }
        let sent = self.alu_op(AluOp::AddInt, vec![base, Operand::imm(1)]);
        let own = self.materialize(own);
        self.lds_op(LdsOp::Write, vec![Operand::reg(own), sent]);
        // base + 1 + (4i - 1) = base + 4i.
        let i4 = self.alu_op(AluOp::AndInt, vec![flat4, Operand::imm(12)]);
        let i4m1 = self.alu_op(AluOp::AddInt, vec![i4, Operand::imm(u32::MAX)]);
        for &(c, r) in parts {
            let slot = self.alu(AluOp::AddInt, vec![quad, Operand::imm(4 * c)]);
            let theirs = self
                .lds_op(LdsOp::ReadRet, vec![Operand::reg(slot)])
                .ok_or_else(|| CompileError::Internal("an LDS read without a result".into()))?;
            let at = self.alu_op(AluOp::AddInt, vec![Operand::reg(theirs), i4m1]);
            let at = self.alu_op(
                AluOp::CndeInt,
                vec![
                    Operand::reg(theirs),
                    Operand::imm(abi::LDS_OUT_OF_RANGE),
                    at,
                ],
            );
            let v = self.owner_read(at, Some(scratch))?;
            self.vals.insert(r, Operand::reg(v));
        }
        Ok(())
    }
}

/// True if `func` has an `lds_read_vec_neighborExch` (its program needs the exchange
/// scratch, and its other owner-compute reads must not see it).
pub(super) fn exchanges(func: &midend::ir::Function) -> bool {
    func.placed_insts().any(|(_, i)| {
        matches!(&func.insts[i].op, midend::ir::Op::Il(il)
            if il.opcode == Opcode::LdsReadVec && il.field("neighborExch").unwrap_or(0) != 0)
    })
}
