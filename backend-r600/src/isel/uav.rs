//! Selection of the UAV and SRV accesses beyond raw dword loads and stores: structured and
//! typed UAVs, byte/short and arena accesses, SRV reads and the no-return UAV atomics with
//! the addressing of each declaration kind (`abi::UavKind`).
//!
//! Loads are VTX fetches of dwords (FMT_32) with byte addresses: UAV n is VTX buffer 16 + n,
//! SRV n VTX buffer 32 + n (`docs/abi.md`). A byte or short load fetches the dword holding
//! it and extracts the bits with BFE_UINT / BFE_INT (cayman L3458). Stores and atomics
//! are MEM_RAT(_CACHELESS) exports to RAT n with dword indices. A byte or short store is two
//! no-return RAT atomics on the dword holding it, AND with the bits kept then OR with the
//! new bits (cayman L8231-8285), as Cayman's STORE_BYTE / STORE_SHORT have no documented
//! addressing (L8250, digest D3). The addresses are the IL reference's (`runtime-sim` interp
//! `memory.rs`): element `x * stride + y` for a structured UAV, `4 * x` for a typed one,
//! aligned down to the access size.

use il_frontend::opcode::Opcode;
use midend::ir::{DstKind, IlOp, Value};

use super::{unsupported, Isel};
use crate::abi::{self, UavKind};
use crate::isa::{AluOp, Chan, RatInst};
use crate::mir::{MInst, Operand, VReg, VRegInfo};
use crate::CompileError;

/// The no-return RAT operation of a UAV atomic (cayman L8231-8285); `None` for `xchg`,
/// which has only a returning form: its no-return meaning is a STORE_DWORD.
fn rat_op(op: Opcode) -> Option<Option<RatInst>> {
    use Opcode as O;
    use RatInst as R;
    Some(Some(match op {
        O::UavAdd | O::UavReadAdd => R::Add,
        O::UavSub | O::UavReadSub => R::Sub,
        O::UavRsub | O::UavReadRsub => R::Rsub,
        O::UavMin | O::UavReadMin => R::MinInt,
        O::UavMax | O::UavReadMax => R::MaxInt,
        O::UavUmin | O::UavReadUmin => R::MinUint,
        O::UavUmax | O::UavReadUmax => R::MaxUint,
        O::UavAnd | O::UavReadAnd => R::And,
        O::UavOr | O::UavReadOr => R::Or,
        O::UavXor | O::UavReadXor => R::Xor,
        O::UavUinc | O::UavReadUinc => R::IncUint,
        O::UavUdec | O::UavReadUdec => R::DecUint,
        O::UavCmp | O::UavReadCmpXchg => R::CmpxchgInt,
        O::UavReadXchg => return Some(None),
        _ => return None,
    }))
}

impl Isel<'_> {
    /// Selects `il` if it is one of the accesses this file handles; `None` otherwise (raw
    /// loads and stores of raw UAVs stay with `mod.rs`).
    pub(super) fn uav_inst(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
    ) -> Option<Result<(), CompileError>> {
        use Opcode as O;
        let id = Self::uav_id(il);
        let kind = self.uav_kinds.get(&id).copied().unwrap_or(UavKind::Raw);
        let handled = match il.opcode {
            O::UavRawLoad | O::UavRawStore => matches!(kind, UavKind::Struct(_)),
            O::UavStructLoad
            | O::UavStructStore
            | O::UavLoad
            | O::UavStore
            | O::UavByteLoad
            | O::UavUbyteLoad
            | O::UavShortLoad
            | O::UavUshortLoad
            | O::UavByteStore
            | O::UavShortStore
            | O::UavArenaLoad
            | O::UavArenaStore
            | O::SrvRawLoad
            | O::SrvStructLoad => true,
            op => rat_op(op).is_some(),
        };
        if !handled {
            return None;
        }
        if self.opts.pixel {
            return Some(Err(unsupported(
                format!("{} in a pixel kernel (not done yet)", il.opcode.mnemonic()),
                self.span,
            )));
        }
        Some(match il.opcode {
            O::SrvRawLoad | O::SrvStructLoad => self.srv_load(il, args, results),
            O::UavRawLoad | O::UavStructLoad | O::UavLoad => {
                self.uav_load(il, args, results, id, kind)
            }
            O::UavRawStore | O::UavStructStore | O::UavStore => self.uav_store(il, args, id, kind),
            O::UavByteLoad | O::UavUbyteLoad | O::UavShortLoad | O::UavUshortLoad => {
                let (size, signed) = match il.opcode {
                    O::UavByteLoad => (1, true),
                    O::UavUbyteLoad => (1, false),
                    O::UavShortLoad => (2, true),
                    _ => (2, false),
                };
                self.sized_load(il, args, results, id, size, signed)
            }
            O::UavArenaLoad => {
                let size = Self::arena_size(il);
                self.sized_load(il, args, results, id, size, false)
            }
            O::UavByteStore | O::UavShortStore | O::UavArenaStore => {
                let size = match il.opcode {
                    O::UavByteStore => 1,
                    O::UavShortStore => 2,
                    _ => Self::arena_size(il),
                };
                self.sized_store(il, args, id, size)
            }
            _ => self.uav_atomic(il, args, results, id),
        })
    }

    /// `IL_LOAD_STORE_DATA_SIZE` (App.B L11204): 0 dword, 1 short, 2 byte.
    fn arena_size(il: &IlOp) -> u32 {
        let size = il.field("size").unwrap_or(0);
        match size {
            2 => 1,
            1 => 2,
            _ => 4,
        }
    }

    fn arg_or_zero(
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

    /// The byte address of an access to a UAV of `kind`: `src0.x`, `src0.x * stride +
    /// src0.y`, or `4 * src0.x`.
    fn uav_byte_address(
        &mut self,
        il: &IlOp,
        args: &[Value],
        kind: UavKind,
    ) -> Result<Operand, CompileError> {
        let x = self.arg_or_zero(il, args, 0, 0)?;
        Ok(match kind {
            UavKind::Raw | UavKind::Arena => x,
            UavKind::Struct(s) => {
                let y = self.arg_or_zero(il, args, 0, 1)?;
                let p = self.alu_op(AluOp::MulloInt, vec![x, Operand::imm(s)]);
                self.alu_op(AluOp::AddInt, vec![p, y])
            }
            UavKind::Typed { coords: None, .. } => {
                self.alu_op(AluOp::LshlInt, vec![x, Operand::imm(2)])
            }
            UavKind::Typed {
                coords: Some(sources),
                ..
            } => self.typed_byte_address(il, args, sources)?,
        })
    }

    /// The byte address of a sized typed UAV's element: `4·(((z·H + y)·W + x)·S + s)`
    /// when every coordinate is below its size in the launch buffer, else 0xFFFF_FFFC,
    /// past any buffer (a fetch there reads 0, a RAT write there is dropped), as the
    /// interpreter does (`docs/abi.md`, "Typed UAVs").
    fn typed_byte_address(
        &mut self,
        il: &IlOp,
        args: &[Value],
        sources: [Option<u8>; 4],
    ) -> Result<Operand, CompileError> {
        let id = Self::uav_id(il);
        let base = abi::typed_uav_size_dword(&self.uav_kinds, id).ok_or_else(|| {
            CompileError::Internal(format!("typed UAV {id} has no size in the launch buffer"))
        })?;
        let mut coords = [Operand::imm(0); 4];
        for (k, src) in sources.iter().enumerate() {
            if let Some(c) = src {
                coords[k] = self.arg_or_zero(il, args, 0, u32::from(*c))?;
            }
        }
        let size: Vec<Operand> = (0..4).map(|k| self.launch_dword(base + k)).collect();
        let mut inside: Option<Operand> = None;
        for k in 0..4 {
            if sources[k].is_none() {
                continue;
            }
            // size > coordinate: all ones, else 0.
            let m = self.alu_op(AluOp::SetgtUint, vec![size[k], coords[k]]);
            inside = Some(match inside {
                None => m,
                Some(p) => self.alu_op(AluOp::AndInt, vec![p, m]),
            });
        }
        let mut e = coords[1];
        if sources[2].is_some() {
            let p = self.alu_op(AluOp::MulloInt, vec![coords[2], size[1]]);
            e = self.alu_op(AluOp::AddInt, vec![p, coords[1]]);
        }
        let p = self.alu_op(AluOp::MulloInt, vec![e, size[0]]);
        let mut e = self.alu_op(AluOp::AddInt, vec![p, coords[0]]);
        if sources[3].is_some() {
            let p = self.alu_op(AluOp::MulloInt, vec![e, size[3]]);
            e = self.alu_op(AluOp::AddInt, vec![p, coords[3]]);
        }
        let bytes = self.alu_op(AluOp::LshlInt, vec![e, Operand::imm(2)]);
        Ok(match inside {
            // CNDE_INT: src0 == 0 ? src1 : src2.
            Some(m) => self.alu_op(AluOp::CndeInt, vec![m, Operand::imm(0xFFFF_FFFC), bytes]),
            None => bytes,
        })
    }

    fn vtx_of_uav(&mut self, id: u32, name: &str) -> Result<u8, CompileError> {
        let b = abi::uav_vtx_buffer(id)
            .ok_or_else(|| unsupported(format!("{name}: UAV {id} (RATs 0..15)"), self.span))?;
        self.uses.vtx.insert(id);
        Ok(b)
    }

    fn rat_of_uav(&mut self, id: u32, name: &str) -> Result<u8, CompileError> {
        let r = abi::uav_rat(id)
            .ok_or_else(|| unsupported(format!("{name}: UAV {id} (RATs 0..15)"), self.span))?;
        self.uses.rats.insert(id);
        Ok(r)
    }

    /// One dword fetch from `buffer` at byte address `addr + offset`.
    pub(super) fn fetch_dword(&mut self, buffer: u8, addr: VReg, offset: u16) -> VReg {
        let dst = self.m.new_vreg(VRegInfo::default());
        self.cur.push(MInst::Fetch {
            buffer,
            dst,
            addr,
            offset,
        });
        dst
    }

    /// Four dwords from the dword-aligned `addr`, one result per destination component.
    fn fetch_vec(
        &mut self,
        il: &IlOp,
        results: &[Value],
        buffer: u8,
        addr: Operand,
    ) -> Result<(), CompileError> {
        let DstKind::Values(mask) = il.dst else {
            return Err(CompileError::Internal(format!(
                "{} without a register destination",
                il.opcode.mnemonic()
            )));
        };
        let addr = self.alu(AluOp::AndInt, vec![addr, Operand::imm(!3)]);
        let mut k = 0;
        for c in 0..4u16 {
            if mask >> c & 1 == 0 {
                continue;
            }
            let v = self.fetch_dword(buffer, addr, 4 * c);
            if let Some(&r) = results.get(k) {
                self.vals.insert(r, Operand::reg(v));
            }
            k += 1;
        }
        Ok(())
    }

    fn srv_load(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
    ) -> Result<(), CompileError> {
        let id = Self::uav_id(il);
        let name = il.opcode.mnemonic();
        let buffer = abi::srv_vtx_buffer(id)
            .ok_or_else(|| unsupported(format!("{name}: SRV {id} (0..127)"), self.span))?;
        self.uses.srvs.insert(id);
        let kind = match self.srv_kinds.get(&id).copied().flatten() {
            Some(s) => UavKind::Struct(s),
            None => UavKind::Raw,
        };
        let addr = self.uav_byte_address(il, args, kind)?;
        self.fetch_vec(il, results, buffer, addr)
    }

    fn uav_load(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
        id: u32,
        kind: UavKind,
    ) -> Result<(), CompileError> {
        let buffer = self.vtx_of_uav(id, il.opcode.mnemonic())?;
        let addr = self.uav_byte_address(il, args, kind)?;
        let UavKind::Typed { float, .. } = kind else {
            return self.fetch_vec(il, results, buffer, addr);
        };
        // A typed UAV of one 32-bit component: (v, 0, 0, 1) as a one-channel format reads.
        let DstKind::Values(mask) = il.dst else {
            return Err(CompileError::Internal(
                "uav_load without a register destination".into(),
            ));
        };
        let addr = self.materialize(addr);
        let v = self.fetch_dword(buffer, addr, 0);
        let one = if float { 0x3F80_0000 } else { 1 };
        let mut k = 0;
        for c in 0..4 {
            if mask >> c & 1 == 0 {
                continue;
            }
            let o = match c {
                0 => Operand::reg(v),
                3 => Operand::imm(one),
                _ => Operand::imm(0),
            };
            if let Some(&r) = results.get(k) {
                self.vals.insert(r, o);
            }
            k += 1;
        }
        Ok(())
    }

    /// A RAT export of `data` at dword `index`.
    pub(super) fn rat_export(&mut self, rat: u8, index: Operand, data: Operand, inst: RatInst) {
        let index = self.in_chan(index, Chan::X);
        let data = self.in_chan(data, Chan::X);
        self.cur.push(MInst::Store {
            rat,
            index,
            data,
            inst,
            cmp: None,
            ret: None,
        });
    }

    fn uav_store(
        &mut self,
        il: &IlOp,
        args: &[Value],
        id: u32,
        kind: UavKind,
    ) -> Result<(), CompileError> {
        let rat = self.rat_of_uav(id, il.opcode.mnemonic())?;
        // A typed UAV element is one dword: only x is stored (`uav_store` has no `mem`
        // destination).
        let mask = match (kind, il.dst) {
            (UavKind::Typed { .. }, _) | (_, DstKind::None) => 1,
            (_, DstKind::Memory(m)) => m,
            _ => {
                return Err(CompileError::Internal(format!(
                    "{} without a memory destination",
                    il.opcode.mnemonic()
                )))
            }
        };
        let addr = self.uav_byte_address(il, args, kind)?;
        let base = self.alu_op(AluOp::LshrInt, vec![addr, Operand::imm(2)]);
        for c in 0..4u32 {
            if u32::from(mask) >> c & 1 == 0 {
                continue;
            }
            let v = self.arg_or_zero(il, args, 1, c)?;
            let index = if c == 0 {
                base
            } else {
                self.alu_op(AluOp::AddInt, vec![base, Operand::imm(c)])
            };
            self.rat_export(rat, index, v, RatInst::StoreDword);
        }
        Ok(())
    }

    /// A byte/short/dword load at byte address `src0.x` (aligned to its size): the dword
    /// holding it, then the bits.
    fn sized_load(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
        id: u32,
        size: u32,
        signed: bool,
    ) -> Result<(), CompileError> {
        let buffer = self.vtx_of_uav(id, il.opcode.mnemonic())?;
        let a = self.arg_or_zero(il, args, 0, 0)?;
        let word = self.alu(AluOp::AndInt, vec![a, Operand::imm(!3)]);
        let dword = self.fetch_dword(buffer, word, 0);
        let v = if size == 4 {
            Operand::reg(dword)
        } else {
            // Bit offset 8 * (a & 3), aligned to the size.
            let byte = self.alu_op(AluOp::AndInt, vec![a, Operand::imm(4 - size)]);
            let shift = self.alu_op(AluOp::LshlInt, vec![byte, Operand::imm(3)]);
            let op = if signed {
                AluOp::BfeInt
            } else {
                AluOp::BfeUint
            };
            self.alu_op(op, vec![Operand::reg(dword), shift, Operand::imm(8 * size)])
        };
        for &r in results {
            self.vals.insert(r, v);
        }
        Ok(())
    }

    /// A byte/short store: AND the dword with the bits kept, then OR in the new bits (two
    /// no-return RAT atomics); a dword store is a STORE_DWORD.
    fn sized_store(
        &mut self,
        il: &IlOp,
        args: &[Value],
        id: u32,
        size: u32,
    ) -> Result<(), CompileError> {
        let rat = self.rat_of_uav(id, il.opcode.mnemonic())?;
        let a = self.arg_or_zero(il, args, 0, 0)?;
        let v = self.arg_or_zero(il, args, 1, 0)?;
        let index = self.alu_op(AluOp::LshrInt, vec![a, Operand::imm(2)]);
        if size == 4 {
            self.rat_export(rat, index, v, RatInst::StoreDword);
            return Ok(());
        }
        let bits = (1u32 << (8 * size)) - 1;
        let byte = self.alu_op(AluOp::AndInt, vec![a, Operand::imm(4 - size)]);
        let shift = self.alu_op(AluOp::LshlInt, vec![byte, Operand::imm(3)]);
        let mask = self.alu_op(AluOp::LshlInt, vec![Operand::imm(bits), shift]);
        let keep = self.alu_op(AluOp::NotInt, vec![mask]);
        let low = self.alu_op(AluOp::AndInt, vec![v, Operand::imm(bits)]);
        let new = self.alu_op(AluOp::LshlInt, vec![low, shift]);
        self.rat_export(rat, index, keep, RatInst::And);
        self.rat_export(rat, index, new, RatInst::Or);
        Ok(())
    }

    /// A UAV atomic whose old value is not read: a MEM_RAT no-return atomic at the dword
    /// the declaration's addressing gives (`_arena` atomics go to the arena UAV).
    fn uav_atomic(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
        id: u32,
    ) -> Result<(), CompileError> {
        let name = il.opcode.mnemonic();
        let returning = results.iter().any(|r| self.used.contains(r));
        let arena = il.field("arena").unwrap_or(0) != 0;
        let id = if arena {
            self.uav_kinds
                .iter()
                .find(|(_, k)| **k == UavKind::Arena)
                .map_or(8, |(&i, _)| i)
        } else {
            id
        };
        let kind = self.uav_kinds.get(&id).copied().unwrap_or(UavKind::Raw);
        let rat = self.rat_of_uav(id, name)?;
        let index = match kind {
            // 4 * x >> 2 = x exactly (the reference computes the address in 64 bits).
            UavKind::Typed { coords: None, .. } => self.arg_or_zero(il, args, 0, 0)?,
            _ => {
                let addr = self.uav_byte_address(il, args, kind)?;
                self.alu_op(AluOp::LshrInt, vec![addr, Operand::imm(2)])
            }
        };
        let d1 = self.arg_or_zero(il, args, 1, 0)?;
        let inst = rat_op(il.opcode).flatten();
        if returning {
            return self.returning_atomic(il, args, results, id, rat, index, d1, inst);
        }
        match inst {
            // xchg without a result: a plain store of the new value.
            None => self.rat_export(rat, index, d1, RatInst::StoreDword),
            Some(RatInst::CmpxchgInt) => {
                // IL: `if (uav == src2) uav = src1` (L8756); CMPXCHG_INT: dst = (cmp == dst)
                // ? src : dst with src in RW_GPR.x and cmp in RW_GPR.z (cayman L8261,
                // L2965-2968).
                let d2 = self.arg_or_zero(il, args, 2, 0)?;
                let index = self.in_chan(index, Chan::X);
                self.ties += 1;
                let tie = Some(self.ties);
                let data = self.tied(Chan::X, tie, d1);
                let cmp = self.tied(Chan::Z, tie, d2);
                self.cur.push(MInst::Store {
                    rat,
                    index,
                    data,
                    inst: RatInst::CmpxchgInt,
                    cmp: Some(cmp),
                    ret: None,
                });
            }
            Some(i) => self.rat_export(rat, index, d1, i),
        }
        Ok(())
    }
}

/// The `_RTN` form of a RAT operation (cayman L8257-8285); `None` is xchg.
pub(super) fn returning_form(inst: Option<RatInst>) -> Option<RatInst> {
    use RatInst as R;
    Some(match inst {
        None => R::XchgRtn,
        Some(R::Add) => R::AddRtn,
        Some(R::Sub) => R::SubRtn,
        Some(R::Rsub) => R::RsubRtn,
        Some(R::MinInt) => R::MinIntRtn,
        Some(R::MaxInt) => R::MaxIntRtn,
        Some(R::MinUint) => R::MinUintRtn,
        Some(R::MaxUint) => R::MaxUintRtn,
        Some(R::And) => R::AndRtn,
        Some(R::Or) => R::OrRtn,
        Some(R::Xor) => R::XorRtn,
        Some(R::IncUint) => R::IncUintRtn,
        Some(R::DecUint) => R::DecUintRtn,
        Some(R::CmpxchgInt) => R::CmpxchgIntRtn,
        Some(_) => return None,
    })
}

impl Isel<'_> {
    /// A UAV atomic whose old value is read: the `_RTN` RAT operation with TYPE
    /// WRITE_IND_ACK, which copies the old value to dword RW_GPR.y of the RAT's return
    /// buffer (the work-item's flat absolute id), WAIT_ACK (`cf`), then a VTX fetch of that
    /// dword (cayman L2195, L8303; `docs/abi.md`).
    #[allow(clippy::too_many_arguments)]
    fn returning_atomic(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
        id: u32,
        rat: u8,
        index: Operand,
        d1: Operand,
        inst: Option<RatInst>,
    ) -> Result<(), CompileError> {
        let name = il.opcode.mnemonic();
        let rtn = returning_form(inst)
            .ok_or_else(|| CompileError::Internal(format!("{name}: no returning form")))?;
        let cmp = if rtn == RatInst::CmpxchgIntRtn {
            Some(self.arg_or_zero(il, args, 2, 0)?)
        } else {
            None
        };
        self.returning_rat_op(name, results, id, rat, index, d1, cmp, rtn)
    }

    /// The `_RTN` RAT operation `rtn` on dword `index` of `rat` (data in RW_GPR.x, CMPXCHG's
    /// compare value `cmp` in .z) whose old value goes to dword `vAbsTidFlat` of UAV `id`'s
    /// return buffer and is fetched back into every result.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn returning_rat_op(
        &mut self,
        name: &str,
        results: &[Value],
        id: u32,
        rat: u8,
        index: Operand,
        d1: Operand,
        cmp: Option<Operand>,
        rtn: RatInst,
    ) -> Result<(), CompileError> {
        let buffer = abi::return_vtx_buffer(id)
            .ok_or_else(|| unsupported(format!("{name}: UAV {id} (RATs 0..15)"), self.span))?;
        self.uses.rat_returns.insert(id);
        let flat = self.input(midend::ir::Input::AbsoluteThreadIdFlat)?;
        let index = self.in_chan(index, Chan::X);
        self.ties += 1;
        let tie = Some(self.ties);
        let tied = |s: &mut Self, chan: Chan, v: Operand| {
            let r = s.m.new_vreg(VRegInfo {
                chan: Some(chan),
                gpr: None,
                tie,
            });
            s.push(crate::mir::MAlu::new(AluOp::Mov, r, vec![v]));
            r
        };
        let data = tied(self, Chan::X, d1);
        let ret = tied(self, Chan::Y, flat);
        let cmp = cmp.map(|c| tied(self, Chan::Z, c));
        self.cur.push(MInst::Store {
            rat,
            index,
            data,
            inst: rtn,
            cmp,
            ret: Some(ret),
        });
        let at = self.alu(AluOp::LshlInt, vec![flat, Operand::imm(2)]);
        let old = self.fetch_dword(buffer, at, 0);
        for &r in results {
            self.vals.insert(r, Operand::reg(old));
        }
        Ok(())
    }
}
