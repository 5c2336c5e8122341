//! Write acknowledgements before read-backs: a RAT write and a later fetch of the same
//! memory are not ordered on Cayman unless the write asked for an ACK and the program waited
//! for it (cayman L786-L791: the ACK is what lets a work-item read memory it wrote; TYPE
//! WRITE_IND_ACK "get an ACK when done", L8203-L8204, L8307; WAIT_ACK "wait if the number of
//! outstanding ACKs is greater than ADDR", L3218, L8022).
//!
//! The pass runs on the CF program before addresses are assigned:
//! 1. A fetch clause *may read* the RATs whose memory the launch can bind to one of its VTX
//!    buffers ([`rats_read_by`], from `docs/abi.md`, "IL programs on Cayman").
//! 2. A RAT write that a fetch which may read its RAT can follow (on some CF path, waits or
//!    not) becomes WRITE_IND_ACK.
//! 3. A forward data flow over the CF program (fall-through plus every jump, break,
//!    continue and loop back edge) finds the fetch clauses that some path reaches with a
//!    RAT write to a RAT they may read and no WAIT_ACK in between; each gets `WAIT_ACK 0`
//!    right before it, which waits for every outstanding ACK. A wait inserted this way
//!    clears the state for the paths through it, so it is decided to a fixed point.
//!
//! A GROUP_BARRIER counts as a read of every RAT: after it the group's other wavefronts may
//! read what this one wrote, so its writes are acknowledged and waited for before the
//! barrier's clause (the device model tracks each wavefront's own reads only, so it does not
//! check this part).
//!
//! Mesa does the same for its r600 compute shaders (a fetch flagged `wait_ack` gets
//! `WAIT_ACK` with ADDR 0 and BARRIER before it, RAT writes that are read back use the
//! `_ACK` TYPE: `sfn_assembler.cpp` `emit_wait_ack`, `r600_asm.c`
//! `r600_bytecode_write_export_ack_type`). LLVM 14's R600 backend emits neither (Cayman
//! digest E7), so its loads after stores rely on luck.

use crate::abi;
use crate::cf::{CfOp, CfProgram, Label};
use crate::isa::AluOp;

/// A set of RAT ids, bit n for RAT n.
type RatSet = u16;

/// The RATs whose memory VTX buffer `buffer` may be bound to (`docs/abi.md`): a raw UAV's
/// loads read its RAT (UAV 8 and UAV 11 share memory when only one is bound, the arena/raw
/// rule), `g[]` RAT 8, the private buffer RAT 15, a return buffer the RAT whose `_RTN`
/// operations write it. Constant buffers, SRVs and textures are never written by a RAT. An
/// id the ABI does not give is assumed to read every RAT.
pub fn rats_read_by(buffer: u8, tex: bool) -> RatSet {
    if tex {
        return 0;
    }
    let bit = |r: u8| 1u16 << r;
    match buffer {
        abi::PRIVATE_VTX => bit(abi::PRIVATE_RAT),
        abi::GLOBAL_VTX => bit(abi::GLOBAL_RAT),
        b if (abi::UAV_VTX_BASE..abi::UAV_VTX_BASE + 16).contains(&b) => {
            let n = b - abi::UAV_VTX_BASE;
            match n {
                8 | 11 => bit(8) | bit(11),
                _ => bit(n),
            }
        }
        b if (abi::RETURN_VTX_BASE..abi::RETURN_VTX_BASE + 16).contains(&b) => {
            bit(b - abi::RETURN_VTX_BASE)
        }
        b if b < abi::LAUNCH_BANK => 0,
        b if (abi::SRV_VTX_BASE..abi::SRV_VTX_BASE + 64).contains(&b) => 0,
        _ => RatSet::MAX,
    }
}

/// The RATs whose writes must be in memory before `op`: those its fetches may read, and
/// for an ALU clause with a GROUP_BARRIER every RAT, because the other wavefronts of the
/// group may read anything this one wrote once they are past the barrier (an IL `fence`
/// orders memory for the whole group; the ACK is the only fence the ISA gives, L791).
fn reads(op: &CfOp) -> RatSet {
    match op {
        CfOp::Fetch(fs) => fs
            .iter()
            .fold(0, |m, f| m | rats_read_by(f.buffer, f.tex.is_some())),
        CfOp::Alu { clause, .. }
            if clause
                .groups
                .iter()
                .flatten()
                .any(|s| s.alu.op == AluOp::GroupBarrier) =>
        {
            RatSet::MAX
        }
        _ => 0,
    }
}

/// The CF ops control can go to after op `i` (`at` maps a label to its `Mark`).
fn successors(ops: &[CfOp], at: &[usize], i: usize) -> Vec<usize> {
    let target = |l: &Label| at.get(*l).copied();
    let mut s = Vec::with_capacity(2);
    match &ops[i] {
        CfOp::End => return s,
        CfOp::Jump { to, .. }
        | CfOp::Else { to, .. }
        | CfOp::LoopStart { to }
        | CfOp::LoopEnd { to }
        | CfOp::Break { to }
        | CfOp::Continue { to } => s.extend(target(to)),
        _ => {}
    }
    if i + 1 < ops.len() {
        s.push(i + 1);
    }
    s
}

/// Makes every RAT write that a later fetch may read request an ACK, and puts `WAIT_ACK 0`
/// before each fetch clause that may read a RAT write not yet waited for.
pub fn insert_waits(cf: &mut CfProgram) {
    let ops = &mut cf.ops;
    let read_anywhere = ops.iter().fold(0, |m, op| m | reads(op));
    if read_anywhere == 0 {
        return;
    }
    let mut at = vec![usize::MAX; cf.labels];
    for (i, op) in ops.iter().enumerate() {
        if let CfOp::Mark(l) = op {
            if let Some(a) = at.get_mut(*l) {
                *a = i;
            }
        }
    }
    let n = ops.len();
    // A store asks for an ACK when a fetch that may read it can follow it at all (a write
    // without an ACK is never known to be in memory, so no WAIT_ACK would help).
    for i in 0..n {
        let CfOp::Store(s) = &ops[i] else { continue };
        let bit = 1u16 << s.rat;
        if read_anywhere & bit == 0 {
            continue;
        }
        let mut seen = vec![false; n];
        let mut work = successors(ops, &at, i);
        let mut read_later = false;
        while let Some(j) = work.pop() {
            if std::mem::replace(&mut seen[j], true) {
                continue;
            }
            if reads(&ops[j]) & bit != 0 {
                read_later = true;
                break;
            }
            work.extend(successors(ops, &at, j));
        }
        if let CfOp::Store(s) = &mut ops[i] {
            s.ack = read_later;
        }
    }
    let mut wait_before = vec![false; n];
    loop {
        // Unacknowledged RATs on entry to each op, to a fixed point.
        let mut dirty_in: Vec<RatSet> = vec![0; n];
        let mut work: Vec<usize> = (0..n).rev().collect();
        let mut queued = vec![true; n];
        while let Some(i) = work.pop() {
            queued[i] = false;
            let out = match &ops[i] {
                CfOp::WaitAck => 0,
                _ if wait_before[i] => 0,
                CfOp::Store(s) if s.ack => dirty_in[i] | (1u16 << s.rat),
                _ => dirty_in[i],
            };
            for j in successors(ops, &at, i) {
                let joined = dirty_in[j] | out;
                if joined != dirty_in[j] {
                    dirty_in[j] = joined;
                    if !queued[j] {
                        queued[j] = true;
                        work.push(j);
                    }
                }
            }
        }
        let mut changed = false;
        for i in 0..n {
            if !wait_before[i] && dirty_in[i] & reads(&ops[i]) != 0 {
                wait_before[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let old = std::mem::take(ops);
    for (i, op) in old.into_iter().enumerate() {
        if wait_before[i] {
            ops.push(CfOp::WaitAck);
        }
        ops.push(op);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isa::RatInst;
    use crate::mir::VReg;
    use crate::schedule::{FetchDraft, StoreDraft};

    fn store(rat: u8) -> CfOp {
        CfOp::Store(StoreDraft {
            rat,
            index: VReg(0),
            data: VReg(1),
            inst: RatInst::StoreDword,
            cmp: None,
            ret: None,
            ack: false,
        })
    }

    fn fetch(buffer: u8) -> CfOp {
        CfOp::Fetch(vec![FetchDraft {
            buffer,
            dst: VReg(2),
            addr: VReg(0),
            offset: 0,
            tex: None,
        }])
    }

    fn run(ops: Vec<CfOp>, labels: usize) -> Vec<CfOp> {
        let mut cf = CfProgram {
            ops,
            labels,
            stack_size: 0,
        };
        insert_waits(&mut cf);
        cf.ops
    }

    fn acked(op: &CfOp) -> bool {
        matches!(op, CfOp::Store(s) if s.ack)
    }

    #[test]
    fn store_then_load_of_the_same_uav_waits() {
        let ops = run(vec![store(3), fetch(abi::UAV_VTX_BASE + 3), CfOp::End], 0);
        assert!(acked(&ops[0]));
        assert_eq!(ops[1], CfOp::WaitAck);
        assert_eq!(ops.len(), 4);
    }

    #[test]
    fn other_buffers_need_no_wait() {
        let ops = run(
            vec![
                store(3),
                fetch(abi::UAV_VTX_BASE + 4),
                fetch(abi::SRV_VTX_BASE),
                CfOp::End,
            ],
            0,
        );
        assert!(!ops.contains(&CfOp::WaitAck));
        assert!(!acked(&ops[0]));
    }

    // saxpy: the loads come before the store, nothing reads the store back.
    #[test]
    fn a_store_after_the_last_load_needs_no_ack() {
        let ops = run(vec![fetch(abi::UAV_VTX_BASE + 11), store(11), CfOp::End], 0);
        assert!(!acked(&ops[1]));
        assert!(!ops.contains(&CfOp::WaitAck));
    }

    #[test]
    fn arena_and_raw_uav_alias() {
        let ops = run(vec![store(11), fetch(abi::UAV_VTX_BASE + 8), CfOp::End], 0);
        assert_eq!(ops[1], CfOp::WaitAck);
    }

    // A store at the end of a loop body reaches the load at its top through the back edge.
    #[test]
    fn loop_back_edge_carries_the_write() {
        let ops = run(
            vec![
                CfOp::LoopStart { to: 1 },
                CfOp::Mark(0),
                fetch(abi::PRIVATE_VTX),
                store(abi::PRIVATE_RAT),
                CfOp::LoopEnd { to: 0 },
                CfOp::Mark(1),
                CfOp::End,
            ],
            2,
        );
        assert_eq!(ops[2], CfOp::WaitAck);
        assert!(matches!(ops[3], CfOp::Fetch(_)));
        assert!(acked(&ops[4]));
    }

    // Other wavefronts read after a barrier: the store is acknowledged and waited for first.
    #[test]
    fn a_barrier_waits_for_earlier_stores() {
        use crate::group::SlotInst;
        use crate::isa::Chan;
        use crate::mir::MAlu;
        let barrier = SlotInst {
            alu: MAlu {
                op: AluOp::GroupBarrier,
                dst: None,
                srcs: Vec::new(),
                clamp: false,
                exec_update: false,
                lds: None,
                others: Vec::new(),
            },
            slot: Chan::X,
            write: false,
        };
        let clause = crate::pack::ClauseDraft {
            groups: vec![vec![barrier]],
            kcache: Vec::new(),
            slots: 1,
        };
        let alu = CfOp::Alu {
            op: crate::isa::CfAluOp::Alu,
            clause,
        };
        let ops = run(vec![store(5), alu, CfOp::End], 0);
        assert!(acked(&ops[0]));
        assert_eq!(ops[1], CfOp::WaitAck);
    }

    // A wait in the then-branch does not cover the else-branch's path.
    #[test]
    fn waits_are_per_path() {
        let ops = run(
            vec![
                store(0),
                CfOp::Jump { to: 0, pop: 0 },
                fetch(abi::UAV_VTX_BASE),
                CfOp::Else { to: 1, pop: 1 },
                CfOp::Mark(0),
                fetch(abi::UAV_VTX_BASE),
                CfOp::Mark(1),
                CfOp::End,
            ],
            2,
        );
        let waits = ops.iter().filter(|o| **o == CfOp::WaitAck).count();
        assert_eq!(waits, 2);
    }
}
