//! Wait states the hardware does not check (vega §4.5 Table 8; digest §3), inserted as
//! `s_nop` after `s_waitcnt` insertion (a wait counts as an issued instruction).
//!
//! The code the selector writes can hit one row of the table: **row 9**, a VALU instruction
//! writes an SGPR (`v_readfirstlane_b32`, a VOP3 compare) and a vector memory instruction
//! reads it (a buffer descriptor or offset) within 5 instructions. Rows 5 (VCCZ/EXECZ as
//! data), 6 (lane selects), 7 (`v_div_fmas`), 8 (wide stores), 10-12 and 15-16 (M0, DPP)
//! need instructions the selector never emits.
//!
//! The pass keeps, per SGPR, how many wait states a VMEM reader still owes, and pads with
//! `s_nop`. At a label it takes the larger debt of the fall-through and every branch to it;
//! before a backward branch it pays every debt, so loop headers start clean.

use std::collections::HashMap;

use smallvec::SmallVec;

use crate::isa::{Inst, Opcode, Sopp};
use crate::mir::{File, Label, MFunc, MInst, Reg, Slot};

/// Row 9: VALU writes an SGPR, then VMEM reads it.
pub const VALU_SGPR_TO_VMEM: u8 = 5;

type Debt = HashMap<u8, u8>;

fn merge(a: &mut Debt, b: &Debt) {
    for (&r, &n) in b {
        let e = a.entry(r).or_insert(0);
        *e = (*e).max(n);
    }
}

fn pass_time(d: &mut Debt, states: u8) {
    d.retain(|_, n| {
        *n = n.saturating_sub(states);
        *n > 0
    });
}

fn nop(states: u8) -> MInst {
    MInst::Op {
        inst: Inst::Sopp(Sopp {
            op: Opcode::S_NOP,
            simm16: u16::from(states.clamp(1, 16) - 1),
        }),
        regs: SmallVec::new(),
    }
}

/// Wait states an instruction provides (`s_nop k` gives k + 1).
fn states_of(inst: &MInst) -> u8 {
    match inst {
        MInst::Op {
            inst: Inst::Sopp(s),
            ..
        } if s.op == Opcode::S_NOP => (s.simm16 & 0xF) as u8 + 1,
        MInst::Op { .. } | MInst::Branch { .. } => 1,
        MInst::Label(_) => 0,
    }
}

/// Inserts the `s_nop`s; returns how many it inserted.
pub fn insert(f: &mut MFunc) -> usize {
    let positions = f.label_positions();
    let mut out = Vec::with_capacity(f.insts.len());
    let mut debt: Debt = Debt::new();
    let mut at_label: HashMap<Label, Debt> = HashMap::new();
    let mut reachable = true;
    let mut nops = 0;
    for (pos, inst) in std::mem::take(&mut f.insts).into_iter().enumerate() {
        match &inst {
            MInst::Label(l) => {
                let incoming = at_label.remove(l).unwrap_or_default();
                if !reachable {
                    debt.clear();
                }
                merge(&mut debt, &incoming);
                reachable = true;
                out.push(inst);
                continue;
            }
            MInst::Branch { op, target } => {
                let backward = positions.get(target).is_some_and(|&t| t <= pos);
                if backward {
                    if let Some(&n) = debt.values().max() {
                        out.push(nop(n));
                        nops += 1;
                        debt.clear();
                    }
                }
                pass_time(&mut debt, 1);
                if !backward {
                    merge(at_label.entry(*target).or_default(), &debt);
                }
                reachable = *op != Opcode::S_BRANCH;
                out.push(inst);
                continue;
            }
            MInst::Op { .. } => {}
        }
        let MInst::Op { inst: i, regs } = &inst else {
            continue;
        };
        // Pay what this VMEM reader owes.
        if matches!(i, Inst::Buf(_) | Inst::Flat(_) | Inst::Mimg(_)) {
            let owed = regs
                .iter()
                .filter(|r| !r.def)
                .filter_map(|r| match r.reg {
                    Reg::Phys(File::S, idx) => (0..r.count)
                        .filter_map(|k| debt.get(&(idx + k)).copied())
                        .max(),
                    _ => None,
                })
                .max();
            if let Some(n) = owed {
                out.push(nop(n));
                nops += 1;
                pass_time(&mut debt, n);
            }
        }
        pass_time(&mut debt, states_of(&inst));
        // Record new debts.
        if let Inst::Valu(_) = i {
            for r in regs
                .iter()
                .filter(|r| r.def && matches!(r.slot, Slot::Dst | Slot::Sdst))
            {
                if let Reg::Phys(File::S, idx) = r.reg {
                    for k in 0..r.count {
                        debt.insert(idx + k, VALU_SGPR_TO_VMEM);
                    }
                }
            }
        }
        if inst.is_barrier() {
            reachable = false;
        }
        out.push(inst);
    }
    f.insts = out;
    nops
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isa::{Buf, Operand, Valu};
    use crate::mir::RegRef;
    use smallvec::smallvec;

    fn phys(slot: Slot, file: File, idx: u8, count: u8, def: bool) -> RegRef {
        RegRef {
            slot,
            reg: Reg::Phys(file, idx),
            offset: 0,
            count,
            def,
        }
    }

    /// Row 9: `v_readfirstlane_b32 s4` then a buffer load through `s[4:7]` needs 5 wait
    /// states; one instruction in between leaves 4 to pad.
    #[test]
    fn valu_sgpr_write_before_vmem_read_gets_nops() {
        let rfl = MInst::Op {
            inst: Inst::Valu(Valu::new(
                Opcode::V_READFIRSTLANE_B32,
                Some(Operand::s(4)),
                &[Operand::v(0)],
            )),
            regs: smallvec![phys(Slot::Dst, File::S, 4, 1, true)],
        };
        let filler = MInst::Op {
            inst: Inst::Valu(Valu::new(
                Opcode::V_MOV_B32,
                Some(Operand::v(1)),
                &[Operand::v(0)],
            )),
            regs: smallvec![],
        };
        let load = MInst::Op {
            inst: Inst::Buf(Buf {
                op: Opcode::BUFFER_LOAD_DWORD,
                vdata: Some(Operand::v(2)),
                vaddr: Some(Operand::v(1)),
                srsrc: Some(Operand::s_range(4, 4)),
                soffset: Some(Operand::Int(0)),
                offset: 0,
                offen: true,
                idxen: false,
                glc: false,
                slc: false,
                lds: false,
                tfe: false,
                dfmt: 0,
                nfmt: 0,
            }),
            regs: smallvec![phys(Slot::Srsrc, File::S, 4, 4, false)],
        };
        let mut f = MFunc {
            insts: vec![rfl, filler, load],
            ..Default::default()
        };
        assert_eq!(insert(&mut f), 1);
        assert!(matches!(
            &f.insts[2],
            MInst::Op { inst: Inst::Sopp(s), .. } if s.op == Opcode::S_NOP && s.simm16 == 3
        ));
        // Nothing to do when the SGPR was written by the SALU.
        let mut g = MFunc {
            insts: vec![f.insts[3].clone()],
            ..Default::default()
        };
        assert_eq!(insert(&mut g), 0);
    }
}
