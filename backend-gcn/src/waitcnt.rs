//! `s_waitcnt` insertion (vega Ch4.4; digest §2.3), after register allocation.
//!
//! A loaded register may be neither read nor overwritten until its load has retired. The
//! pass walks the code in order keeping what is in flight:
//! - scalar loads (LGKM_CNT): they return out of order, so the only wait that proves one
//!   complete is `lgkmcnt(0)`, emitted before the first instruction touching any pending
//!   SGPR or pending DS destination VGPR;
//! - LDS (DS instructions, LGKM_CNT): treated like scalar loads (a wait for `lgkmcnt(0)`);
//! - vector memory (VM_CNT), in issue order, loads, stores and atomics (those with a
//!   returned value write their data register) alike: before an instruction
//!   touching a register of a pending load, `vmcnt(N)` with N the number of vector memory
//!   instructions issued after that load, which retires it and everything older.
//!
//! Control flow: a label merges the state of every branch to it with the fall-through
//! state (registers pending on any path stay pending; when the paths disagree about the
//! order, the merged loads need `vmcnt(0)`-strength waits, counted from the label). Before
//! a backward branch everything is drained, so a loop header never sees loads from a later
//! iteration: conservative, simple, and loops here are short.

use std::collections::HashMap;

use smallvec::SmallVec;

use crate::isa::{Inst, Opcode, Sopp};
use crate::mir::{File, Label, MFunc, MInst, Reg};

/// A set of physical registers: SGPR codes 0..128 and VGPRs 0..256.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RegSet {
    s: u128,
    v: [u128; 2],
}

impl RegSet {
    pub fn add(&mut self, file: File, index: u8, count: u8) {
        for k in 0..count {
            let i = usize::from(index) + usize::from(k);
            match file {
                File::S if i < 128 => self.s |= 1 << i,
                File::V if i < 256 => self.v[i / 128] |= 1 << (i % 128),
                _ => {}
            }
        }
    }
    pub fn intersects(&self, o: &RegSet) -> bool {
        self.s & o.s != 0 || self.v[0] & o.v[0] != 0 || self.v[1] & o.v[1] != 0
    }
    pub fn is_empty(&self) -> bool {
        self.s == 0 && self.v == [0, 0]
    }
    pub fn union(&mut self, o: &RegSet) {
        self.s |= o.s;
        self.v[0] |= o.v[0];
        self.v[1] |= o.v[1];
    }
}

/// The registers an instruction reads and writes (its register operands).
pub fn touched(inst: &MInst) -> (RegSet, RegSet) {
    let mut reads = RegSet::default();
    let mut writes = RegSet::default();
    for r in inst.regs() {
        if let Reg::Phys(file, idx) = r.reg {
            let set = if r.def { &mut writes } else { &mut reads };
            set.add(file, idx + r.offset, r.count);
        }
    }
    (reads, writes)
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct State {
    lgkm: RegSet,
    /// Vector memory operations in flight, oldest first (`None`: a store).
    vm: Vec<Option<RegSet>>,
    /// VGPRs that outstanding exports still read (EXPCNT), and whether any export is
    /// outstanding (it reads EXEC too: vega L8530-8537).
    exp: RegSet,
    exp_any: bool,
}

impl State {
    fn merge(&mut self, o: &State) {
        self.lgkm.union(&o.lgkm);
        self.exp.union(&o.exp);
        self.exp_any |= o.exp_any;
        if self.vm != o.vm {
            let mut all = RegSet::default();
            for r in self.vm.iter().chain(&o.vm).flatten() {
                all.union(r);
            }
            self.vm = if all.is_empty() {
                Vec::new()
            } else {
                vec![Some(all)]
            };
        }
    }

    fn is_empty(&self) -> bool {
        self.lgkm.is_empty() && self.vm.iter().all(Option::is_none) && !self.exp_any
    }
}

/// The SIMM16 of `s_waitcnt` (vega L10785-10795); `None` leaves a counter alone.
pub fn waitcnt_simm16(vmcnt: Option<u8>, lgkmcnt: Option<u8>) -> u16 {
    let vm = u16::from(vmcnt.unwrap_or(63).min(63));
    let lgkm = u16::from(lgkmcnt.unwrap_or(15).min(15));
    (vm & 0xF) | (vm >> 4) << 14 | 7 << 4 | lgkm << 8
}

/// `s_waitcnt expcnt(0)`: every export has read its VGPRs and EXEC.
fn waitcnt_exp0() -> MInst {
    MInst::Op {
        inst: Inst::Sopp(Sopp {
            op: Opcode::S_WAITCNT,
            simm16: waitcnt_simm16(None, None) & !(7 << 4),
        }),
        regs: SmallVec::new(),
    }
}

/// Whether an instruction writes EXEC (SALU destination, or a `v_cmpx`).
fn writes_exec(inst: &MInst) -> bool {
    match inst {
        MInst::Op {
            inst: Inst::Salu(s),
            ..
        } => s.dst == Some(crate::isa::Operand::EXEC),
        MInst::Op {
            inst: Inst::Valu(v),
            ..
        } => v.op.name().starts_with("v_cmpx"),
        _ => false,
    }
}

fn waitcnt(vmcnt: Option<u8>, lgkmcnt: Option<u8>) -> MInst {
    MInst::Op {
        inst: Inst::Sopp(Sopp {
            op: Opcode::S_WAITCNT,
            simm16: waitcnt_simm16(vmcnt, lgkmcnt),
        }),
        regs: SmallVec::new(),
    }
}

/// What a memory instruction adds to the state.
fn issue(inst: &MInst, st: &mut State) {
    let MInst::Op { inst: i, .. } = inst else {
        return;
    };
    let (_, writes) = touched(inst);
    match i {
        // LDS returns in order, but waiting for lgkmcnt(0) as for SMEM is always right.
        Inst::Smem(_) | Inst::Ds(_) => st.lgkm.union(&writes),
        // An explicit full wait (fences) retires everything.
        Inst::Sopp(s)
            if s.op == Opcode::S_WAITCNT && s.simm16 == waitcnt_simm16(Some(0), Some(0)) =>
        {
            *st = State::default()
        }
        Inst::Exp(_) => {
            let (reads, _) = touched(inst);
            st.exp.union(&reads);
            st.exp_any = true;
        }
        Inst::Buf(_) | Inst::Flat(_) | Inst::Mimg(_) => st.vm.push(if writes.is_empty() {
            None
        } else {
            Some(writes)
        }),
        _ => {}
    }
}

/// Inserts the waits; returns how many it inserted.
pub fn insert(f: &mut MFunc) -> usize {
    let positions = f.label_positions();
    let mut out = Vec::with_capacity(f.insts.len());
    let mut st = State::default();
    let mut at_label: HashMap<Label, State> = HashMap::new();
    let mut reachable = true;
    let mut count = 0;
    for (pos, inst) in std::mem::take(&mut f.insts).into_iter().enumerate() {
        match &inst {
            MInst::Label(l) => {
                let incoming = at_label.remove(l);
                st = match (reachable, incoming) {
                    (true, Some(s)) => {
                        let mut m = st;
                        m.merge(&s);
                        m
                    }
                    (true, None) => st,
                    (false, Some(s)) => s,
                    (false, None) => State::default(),
                };
                reachable = true;
                out.push(inst);
                continue;
            }
            MInst::Branch { op, target } => {
                let backward = positions.get(target).is_some_and(|&t| t <= pos);
                if backward && !st.is_empty() {
                    out.push(waitcnt(Some(0), Some(0)));
                    count += 1;
                    st = State::default();
                }
                if !backward {
                    at_label
                        .entry(*target)
                        .and_modify(|s| s.merge(&st))
                        .or_insert_with(|| st.clone());
                }
                reachable = *op != Opcode::S_BRANCH;
                out.push(inst);
                continue;
            }
            MInst::Op { .. } => {}
        }
        let (reads, writes) = touched(&inst);
        if st.exp_any && (st.exp.intersects(&writes) || writes_exec(&inst)) {
            out.push(waitcnt_exp0());
            count += 1;
            st.exp = RegSet::default();
            st.exp_any = false;
        }
        let mut all = reads;
        all.union(&writes);
        let lgkm = (!st.lgkm.is_empty() && st.lgkm.intersects(&all)).then_some(0u8);
        let newest_hit = st
            .vm
            .iter()
            .rposition(|r| r.is_some_and(|r| r.intersects(&all)));
        let vm = newest_hit.map(|i| (st.vm.len() - 1 - i).min(63) as u8);
        if lgkm.is_some() || vm.is_some() {
            out.push(waitcnt(vm, lgkm));
            count += 1;
            if lgkm.is_some() {
                st.lgkm = RegSet::default();
            }
            if let Some(i) = newest_hit {
                st.vm.drain(..=i);
            }
        }
        issue(&inst, &mut st);
        if inst.is_barrier() {
            reachable = false;
            st = State::default();
        }
        out.push(inst);
    }
    f.insts = out;
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::isa::parse_asm;
    use crate::mir::{RegRef, Slot};

    /// One instruction from assembly with its register operands listed physically.
    fn op(text: &str, regs: &[(Slot, File, u8, u8, bool)]) -> MInst {
        let inst = parse_asm(text).unwrap().remove(0);
        MInst::Op {
            inst,
            regs: regs
                .iter()
                .map(|&(slot, file, index, count, def)| RegRef {
                    slot,
                    reg: Reg::Phys(file, index),
                    offset: 0,
                    count,
                    def,
                })
                .collect(),
        }
    }

    fn waits(f: &MFunc) -> Vec<u16> {
        f.insts
            .iter()
            .filter_map(|m| match m {
                MInst::Op {
                    inst: Inst::Sopp(s),
                    ..
                } if s.op == Opcode::S_WAITCNT => Some(s.simm16),
                _ => None,
            })
            .collect()
    }

    /// An export reads its VGPRs and EXEC after it issues (vega L8530-8537): overwriting
    /// either needs `expcnt(0)` (SIMM16 `[6:4]` = 0, the other counters at their maximum);
    /// writing another VGPR does not.
    #[test]
    fn export_data_and_exec_wait_for_expcnt() {
        use File::V;
        let exp = || {
            op(
                "exp mrt0 v1, v2, off, off done vm",
                &[
                    (Slot::Src(0), V, 1, 1, false),
                    (Slot::Src(1), V, 2, 1, false),
                ],
            )
        };
        let mut f = MFunc {
            insts: vec![
                exp(),
                op("v_mov_b32_e32 v3, 0", &[(Slot::Dst, V, 3, 1, true)]),
                op("v_mov_b32_e32 v2, 0", &[(Slot::Dst, V, 2, 1, true)]),
                op("v_mov_b32_e32 v1, 0", &[(Slot::Dst, V, 1, 1, true)]),
            ],
            ..Default::default()
        };
        assert_eq!(insert(&mut f), 1);
        // vmcnt 63 = [15:14] 3, [3:0] 0xF; lgkmcnt 15 = [11:8]; expcnt 0 = [6:4].
        assert_eq!(waits(&f), [0xCF0F]);
        assert!(matches!(
            &f.insts[2],
            MInst::Op {
                inst: Inst::Sopp(_),
                ..
            }
        ));
        let mut g = MFunc {
            insts: vec![exp(), op("s_mov_b64 exec, 0", &[])],
            ..Default::default()
        };
        assert_eq!(insert(&mut g), 1);
        assert_eq!(waits(&g), [0xCF0F]);
        assert!(matches!(
            &g.insts[1],
            MInst::Op {
                inst: Inst::Sopp(_),
                ..
            }
        ));
    }

    #[test]
    fn ds_results_wait_for_lgkm_and_returning_atomics_for_vm() {
        use File::{S, V};
        let mut f = MFunc {
            insts: vec![
                op(
                    "ds_read_b32 v1, v0",
                    &[(Slot::Dst, V, 1, 1, true), (Slot::Vaddr, V, 0, 1, false)],
                ),
                op(
                    "buffer_atomic_add v3, v0, s[4:7], 0 offen glc",
                    &[
                        (Slot::Dst, V, 3, 1, false),
                        (Slot::Vaddr, V, 0, 1, false),
                        (Slot::Srsrc, S, 4, 4, false),
                        (Slot::Dst, V, 3, 1, true),
                    ],
                ),
                op(
                    "v_mov_b32_e32 v2, v1",
                    &[(Slot::Src(0), V, 1, 1, false), (Slot::Dst, V, 2, 1, true)],
                ),
                op(
                    "v_mov_b32_e32 v4, v3",
                    &[(Slot::Src(0), V, 3, 1, false), (Slot::Dst, V, 4, 1, true)],
                ),
            ],
            ..Default::default()
        };
        assert_eq!(insert(&mut f), 2);
        assert_eq!(
            waits(&f),
            [waitcnt_simm16(None, Some(0)), waitcnt_simm16(Some(0), None)]
        );
        // A fence's explicit full wait retires the DS load: nothing more is inserted.
        let mut g = MFunc {
            insts: vec![
                op(
                    "ds_read_b32 v1, v0",
                    &[(Slot::Dst, V, 1, 1, true), (Slot::Vaddr, V, 0, 1, false)],
                ),
                op("s_waitcnt vmcnt(0) lgkmcnt(0)", &[]),
                op(
                    "v_mov_b32_e32 v2, v1",
                    &[(Slot::Src(0), V, 1, 1, false), (Slot::Dst, V, 2, 1, true)],
                ),
            ],
            ..Default::default()
        };
        assert_eq!(insert(&mut g), 0);
    }

    #[test]
    fn simm16_layout() {
        assert_eq!(waitcnt_simm16(Some(0), Some(0)), 0x0070);
        assert_eq!(waitcnt_simm16(None, Some(0)), 0xC07F);
        assert_eq!(waitcnt_simm16(Some(1), None), 0x0F71);
        assert_eq!(waitcnt_simm16(Some(63), Some(15)), 0xCF7F);
    }
}
