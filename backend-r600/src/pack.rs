//! VLIW packing: a list scheduler that fills instruction groups of up to four slots with
//! independent ALU operations and cuts them into ALU clauses.
//!
//! # How packing and register allocation cooperate
//!
//! Packing runs first, on virtual registers; allocation runs after, per channel.
//! On Cayman the slot of an instruction *is* its destination channel (cayman L1400), so
//! placing an operation picks the channel of its result, and the channel of every value
//! is known once its definition is packed. The allocator then only chooses GPR indices,
//! one independent interval-colouring problem per channel (`regalloc`).
//!
//! Every candidate group is checked with the legality module (`group::build`, which calls
//! `legality::assign_bank_swizzles` and `check_group`) using one provisional GPR per
//! virtual register. That verdict is final: two different registers of one channel read in
//! one group are live at the same point, so the allocator gives them different GPRs, which
//! is all the read-port rules look at (see `group`). The emitter checks again with the real
//! registers anyway.
//!
//! Priorities: operations on the longest dependency path first (critical path), then
//! program order. A group closes when no ready operation fits; a clause closes at 128
//! slots (literal slots counted, cayman L653) or when a third kcache lock would be needed.
//! PV forwarding is not used: the hardware forwards a GPR written by the previous group by
//! itself (cayman L1982-L2028), so there is nothing to gain but fragility.

use std::collections::HashMap;

use crate::alu_mode;
use crate::group::{self, GroupError, KcLock, SlotInst};
use crate::isa::{AluGroup, Chan};
use crate::mir::{MAlu, MFunc, VReg};
use crate::CompileError;

/// The most 64-bit slots of an ALU clause (COUNT is 7 bits, cayman L653, L8083).
pub const MAX_CLAUSE_SLOTS: usize = 128;

/// The most 64-bit slots one group takes: four instructions and two literal slots (cayman
/// L1383, L1568).
const MAX_GROUP_SLOTS: usize = 6;

/// A packed ALU clause before register allocation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClauseDraft {
    /// Groups of slot instructions, each in slot order.
    pub groups: Vec<Vec<SlotInst>>,
    pub kcache: Vec<KcLock>,
    /// Slots used, literal slots included.
    pub slots: usize,
}

/// Packs `nodes` (operations of one block that may run in one stretch of ALU clauses) whose
/// dependencies inside the set are `preds` (indices into `nodes`; a predecessor's result is
/// read in a strictly later group). Chooses the channel of each destination in `m`.
pub fn pack(
    m: &mut MFunc,
    nodes: &[MAlu],
    preds: &[Vec<usize>],
) -> Result<Vec<ClauseDraft>, CompileError> {
    let n = nodes.len();
    let mut succs: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, ps) in preds.iter().enumerate() {
        for &p in ps {
            if let Some(s) = succs.get_mut(p) {
                s.push(i);
            }
        }
    }
    // Height: the longest path to the end (predecessors have smaller indices).
    let mut height = vec![1usize; n];
    for i in (0..n).rev() {
        let h = succs[i].iter().map(|&s| height[s] + 1).max().unwrap_or(1);
        height[i] = h;
    }
    // The ready operations in priority order, kept up to date as groups are placed, so
    // that a long chain (one operation per group) packs in linear time, not quadratic.
    // A queued LDS result is popped in the very next group (so that it never crosses a
    // clause end, where the queue must be empty: cayman L2334).
    let key = |i: usize| (!nodes[i].pops(), std::cmp::Reverse(height[i]), i);
    let mut waiting: Vec<usize> = preds
        .iter()
        .map(|ps| ps.iter().filter(|&&p| p < n).count())
        .collect();
    let mut ready: std::collections::BTreeSet<_> =
        (0..n).filter(|&i| waiting[i] == 0).map(key).collect();
    let mut left = n;
    let mut clauses = Vec::new();
    let mut clause = ClauseDraft::default();
    // The clause holds double arithmetic: SET_MODE goes in when it closes (alu_mode).
    let mut double_mode = false;
    let close = |clause: &mut ClauseDraft, double_mode: &mut bool| {
        if std::mem::take(double_mode) {
            alu_mode::insert_set_mode(&mut clause.groups);
        }
        std::mem::take(clause)
    };
    while left > 0 {
        let mut slots: Vec<SlotInst> = Vec::new();
        let mut locks = clause.kcache.clone();
        let mut taken: Vec<usize> = Vec::new();
        let mut chans: HashMap<VReg, Chan> = HashMap::new();
        for &(_, _, c) in &ready {
            // Every operation takes a slot: nothing more fits a full group.
            if slots.len() >= 4 {
                break;
            }
            if let Some((s, l, ch)) = try_add(m, &slots, &locks, &chans, &nodes[c]) {
                slots = s;
                locks = l;
                chans = ch;
                taken.push(c);
            }
        }
        if taken.is_empty() {
            if clause.groups.is_empty() {
                let what = ready
                    .first()
                    .map(|&(_, _, i)| format!("{:?}", nodes[i]))
                    .unwrap_or_default();
                return Err(CompileError::Internal(format!(
                    "no legal instruction group holds {what}"
                )));
            }
            clauses.push(close(&mut clause, &mut double_mode));
            continue;
        }
        let g = provisional(m, &slots, &locks, &chans)
            .map_err(|e| CompileError::Internal(format!("a packed group became illegal: {e:?}")))?;
        let size = g.slots();
        // A group that queues an LDS result leaves room for the group that pops it.
        let reserve = if taken.iter().any(|&c| nodes[c].queues()) {
            MAX_GROUP_SLOTS
        } else {
            0
        };
        // The clause's SET_MODE takes one slot.
        let mode_slot = usize::from(
            !double_mode
                && taken
                    .iter()
                    .any(|&c| alu_mode::needs_double_mode(&nodes[c])),
        );
        if clause.slots + size + reserve + mode_slot > MAX_CLAUSE_SLOTS {
            if clause.groups.is_empty() {
                return Err(CompileError::Internal(
                    "an LDS operation and its queue pop do not fit one ALU clause".into(),
                ));
            }
            clauses.push(close(&mut clause, &mut double_mode));
            continue;
        }
        for (v, c) in chans {
            m.vregs[v.index()].chan = Some(c);
        }
        clause.slots += size + mode_slot;
        double_mode |= mode_slot == 1;
        clause.kcache = locks;
        clause.groups.push(slots);
        for c in taken {
            ready.remove(&key(c));
            left -= 1;
            for &s in &succs[c] {
                waiting[s] -= 1;
                if waiting[s] == 0 {
                    ready.insert(key(s));
                }
            }
        }
    }
    if !clause.groups.is_empty() {
        clauses.push(close(&mut clause, &mut double_mode));
    }
    Ok(clauses)
}

/// The channel of `v`: fixed, chosen in this group, or (never packed yet) x, which is then
/// fixed for good.
fn chan_of(m: &MFunc, chans: &HashMap<VReg, Chan>, v: VReg) -> Chan {
    chans
        .get(&v)
        .copied()
        .or_else(|| m.vregs.get(v.index()).and_then(|i| i.chan))
        .unwrap_or(Chan::X)
}

fn provisional(
    m: &MFunc,
    slots: &[SlotInst],
    locks: &[KcLock],
    chans: &HashMap<VReg, Chan>,
) -> Result<AluGroup, GroupError> {
    let mut ids: HashMap<VReg, u8> = HashMap::new();
    for s in slots {
        for v in s.alu.srcs.iter().filter_map(|o| o.vreg()).chain(s.alu.dst) {
            let k = ids.len() as u8;
            ids.entry(v).or_insert(k);
        }
    }
    let gpr = |v: VReg| ids.get(&v).copied().unwrap_or(127);
    let chan = |v: VReg| chan_of(m, chans, v);
    group::build(slots, &gpr, &chan, locks)
}

type Placed = (Vec<SlotInst>, Vec<KcLock>, HashMap<VReg, Chan>);

/// Adds `a` to the group if some slot choice keeps it legal.
fn try_add(
    m: &MFunc,
    slots: &[SlotInst],
    locks: &[KcLock],
    chans: &HashMap<VReg, Chan>,
    a: &MAlu,
) -> Option<Placed> {
    if !a.others.is_empty() {
        return try_add_wide(m, slots, locks, chans, a);
    }
    let locks = group::lock_constants(locks, &a.srcs)?;
    let free = |c: Chan| !slots.iter().any(|s| s.slot == c);
    let fixed = a.dst.and_then(|d| {
        chans
            .get(&d)
            .copied()
            .or_else(|| m.vregs.get(d.index()).and_then(|i| i.chan))
    });
    let mut options: Vec<(Vec<Chan>, Chan)> = Vec::new();
    if a.lds.is_some() {
        // LDS_IDX_OP only in the x slot (cayman L7797); it writes no GPR.
        options.push((vec![Chan::X], Chan::X));
    }
    match group::replicated_slots(a.op) {
        _ if a.lds.is_some() => {}
        Some(rep) => {
            // A free result channel rotates with the register number: always x would put
            // every product of a long multiply chain in one channel, out of registers
            // there while the other three stay empty.
            let writes: Vec<Chan> = match (fixed, a.dst) {
                (Some(c), _) => vec![c],
                (None, Some(d)) => (0..rep.len())
                    .map(|k| rep[(d.index() + k) % rep.len()])
                    .collect(),
                (None, None) => vec![rep[0]],
            };
            for write in writes {
                let used: Vec<Chan> = if rep.contains(&write) {
                    rep.to_vec()
                } else {
                    Chan::ALL.to_vec()
                };
                options.push((used, write));
            }
        }
        None => match fixed {
            Some(c) => options.push((vec![c], c)),
            None => {
                let first = match a.dst {
                    Some(d) if m.low_pressure => d.index(),
                    _ => 0,
                };
                for k in 0..4 {
                    let c = Chan::ALL[(first + k) % 4];
                    options.push((vec![c], c));
                }
            }
        },
    }
    for (used, write) in options {
        if !used.iter().all(|&c| free(c)) {
            continue;
        }
        let mut s = slots.to_vec();
        for &c in &used {
            s.push(SlotInst {
                alu: a.clone(),
                slot: c,
                write: c == write,
            });
        }
        s.sort_by_key(|x| x.slot);
        let mut ch = chans.clone();
        if let Some(d) = a.dst {
            ch.insert(d, write);
        }
        if provisional(m, &s, &locks, &ch).is_ok() {
            return Some((s, locks, ch));
        }
    }
    None
}

/// Adds a 64-bit operation spanning consecutive slots (`a` in x or z, `a.others` after it,
/// cayman L2030-L2034, L5213) if the slots are free, the result channels fit and the group
/// stays legal.
fn try_add_wide(
    m: &MFunc,
    slots: &[SlotInst],
    locks: &[KcLock],
    chans: &HashMap<VReg, Chan>,
    a: &MAlu,
) -> Option<Placed> {
    let parts: Vec<MAlu> = std::iter::once(MAlu {
        others: Vec::new(),
        ..a.clone()
    })
    .chain(a.others.iter().cloned())
    .collect();
    let all_srcs: Vec<_> = parts.iter().flat_map(|p| p.srcs.iter().copied()).collect();
    let locks = group::lock_constants(locks, &all_srcs)?;
    let bases: &[usize] = if parts.len() == 2 { &[0, 2] } else { &[0] };
    'base: for &b in bases {
        let mut s = slots.to_vec();
        let mut ch = chans.clone();
        for (k, p) in parts.iter().enumerate() {
            let c = *Chan::ALL.get(b + k)?;
            if slots.iter().any(|x| x.slot == c) {
                continue 'base;
            }
            if let Some(d) = p.dst {
                let fixed = chans
                    .get(&d)
                    .copied()
                    .or_else(|| m.vregs.get(d.index()).and_then(|i| i.chan));
                if fixed.is_some_and(|f| f != c) {
                    continue 'base;
                }
                ch.insert(d, c);
            }
            s.push(SlotInst {
                alu: p.clone(),
                slot: c,
                write: p.dst.is_some(),
            });
        }
        s.sort_by_key(|x| x.slot);
        if provisional(m, &s, &locks, &ch).is_ok() {
            return Some((s, locks, ch));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isa::AluOp;
    use crate::mir::{Operand, VRegInfo};

    fn setup(n: usize) -> MFunc {
        let mut m = MFunc::default();
        for k in 0..n {
            m.new_vreg(VRegInfo {
                chan: Some(Chan::ALL[k % 4]),
                gpr: None,
                tie: None,
            });
        }
        m
    }

    #[test]
    fn independent_operations_fill_one_group() {
        let mut m = setup(4);
        let mut nodes = Vec::new();
        for k in 0..4u32 {
            let d = m.new_vreg(VRegInfo::default());
            nodes.push(MAlu::new(
                AluOp::AddInt,
                d,
                vec![Operand::reg(VReg(k)), Operand::imm(5)],
            ));
        }
        let c = pack(&mut m, &nodes, &vec![Vec::new(); 4]).unwrap();
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].groups.len(), 1);
        assert_eq!(c[0].groups[0].len(), 4);
        assert_eq!(c[0].slots, 5, "four instructions and one literal slot");
    }

    #[test]
    fn dependent_operations_go_to_later_groups_and_mullo_takes_a_whole_group() {
        let mut m = setup(2);
        let a = m.new_vreg(VRegInfo::default());
        let b = m.new_vreg(VRegInfo::default());
        let nodes = vec![
            MAlu::new(
                AluOp::MulloInt,
                a,
                vec![Operand::reg(VReg(0)), Operand::reg(VReg(1))],
            ),
            MAlu::new(AluOp::AddInt, b, vec![Operand::reg(a), Operand::imm(0)]),
        ];
        let c = pack(&mut m, &nodes, &[vec![], vec![0]]).unwrap();
        assert_eq!(c[0].groups.len(), 2);
        assert_eq!(c[0].groups[0].len(), 4);
        assert_eq!(c[0].groups[0].iter().filter(|s| s.write).count(), 1);
    }

    #[test]
    fn a_fixed_channel_is_honoured() {
        let mut m = setup(1);
        let d = m.new_vreg(VRegInfo {
            chan: Some(Chan::W),
            gpr: None,
            tie: None,
        });
        let nodes = vec![MAlu::new(AluOp::Mov, d, vec![Operand::reg(VReg(0))])];
        let c = pack(&mut m, &nodes, &[vec![]]).unwrap();
        assert_eq!(c[0].groups[0][0].slot, Chan::W);
    }

    #[test]
    fn a_third_constant_buffer_line_starts_a_new_clause() {
        let mut m = setup(0);
        let mut nodes = Vec::new();
        for k in 0..3u32 {
            let d = m.new_vreg(VRegInfo::default());
            nodes.push(MAlu::new(
                AluOp::Mov,
                d,
                vec![Operand::new(crate::mir::Src::Const {
                    bank: k as u8 + 1,
                    index: 0,
                    chan: Chan::X,
                })],
            ));
        }
        let c = pack(&mut m, &nodes, &vec![Vec::new(); 3]).unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(c[0].kcache.len(), 2);
    }
}

#[cfg(test)]
mod lds_tests {
    use super::*;
    use crate::isa::{AluOp, LdsOp};
    use crate::mir::{Operand, VRegInfo};

    #[test]
    fn an_lds_read_sits_in_slot_x_and_its_pop_in_the_next_group() {
        let mut m = MFunc::default();
        let addr = m.new_vreg(VRegInfo {
            chan: Some(Chan::Y),
            gpr: None,
            tie: None,
        });
        let d = m.new_vreg(VRegInfo::default());
        let e = m.new_vreg(VRegInfo::default());
        let nodes = vec![
            MAlu::lds(LdsOp::ReadRet, vec![Operand::reg(addr)]),
            MAlu::lds_pop(d),
            MAlu::new(AluOp::AddInt, e, vec![Operand::reg(addr), Operand::imm(1)]),
        ];
        let c = pack(&mut m, &nodes, &[vec![], vec![0], vec![]]).unwrap();
        assert_eq!(c.len(), 1);
        let g0 = &c[0].groups[0];
        let lds = g0.iter().find(|s| s.alu.lds.is_some()).unwrap();
        assert_eq!(lds.slot, Chan::X);
        assert!(c[0].groups[1].iter().any(|s| s.alu.pops()));
    }

    #[test]
    fn an_lds_read_near_the_clause_end_moves_to_the_next_clause_with_its_pop() {
        // 21 groups of four independent MOVs with a literal each (4 + 2 slots = 6 per
        // group) take 126 slots: an LDS read after them (and its pop) goes to a new clause.
        let mut m = MFunc::default();
        let mut nodes = Vec::new();
        let mut preds = Vec::new();
        for k in 0..84u32 {
            let d = m.new_vreg(VRegInfo::default());
            nodes.push(MAlu::new(AluOp::Mov, d, vec![Operand::imm(1000 + k)]));
            preds.push(vec![]);
        }
        let a = m.new_vreg(VRegInfo::default());
        let d = m.new_vreg(VRegInfo::default());
        nodes.push(MAlu::lds(LdsOp::ReadRet, vec![Operand::reg(a)]));
        preds.push((0..84).collect());
        nodes.push(MAlu::lds_pop(d));
        preds.push(vec![nodes.len() - 2]);
        let c = pack(&mut m, &nodes, &preds).unwrap();
        assert_eq!(c.len(), 2);
        for clause in &c {
            let queued = clause
                .groups
                .iter()
                .flatten()
                .filter(|s| s.alu.queues())
                .count();
            let popped = clause
                .groups
                .iter()
                .flatten()
                .filter(|s| s.alu.pops())
                .count();
            assert_eq!(queued, popped, "a clause ends with the LDS queue empty");
            assert!(clause.slots <= MAX_CLAUSE_SLOTS);
        }
    }
}
