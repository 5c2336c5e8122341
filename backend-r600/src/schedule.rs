//! Block scheduling: orders a block's machine instructions into ALU clauses, fetch (TC)
//! clauses and RAT stores, so that as few clauses as possible are needed.
//!
//! The block is a dependency graph (data, anti- and output dependencies of the
//! multiply-written block parameters, and memory order between loads and stores). It is
//! emitted in rounds: every ALU operation whose inputs are available goes into one
//! stretch of ALU clauses ([`crate::pack`]), then every fetch that is ready into fetch
//! clauses of at most 16 (cayman L653), then every ready store, and again, until the block
//! is done. The branch condition of the block (its PRED_SET) depends on everything else so
//! that it lands in the block's last ALU clause, the one CF turns into `ALU_PUSH_BEFORE`.

use crate::isa::{AluOp, Chan, RatInst};
use crate::mir::{MAlu, MBlock, MFunc, MInst, TexExtra, VReg};
use crate::pack::{self, ClauseDraft};
use crate::CompileError;

/// The most instructions of a fetch clause (cayman L653, L936).
pub const MAX_FETCH_CLAUSE: usize = 16;

/// One VTX fetch of a fetch clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FetchDraft {
    pub buffer: u8,
    pub dst: VReg,
    pub addr: VReg,
    pub offset: u16,
    /// A TEX instruction instead of a VTX fetch (`buffer` is then the resource id).
    pub tex: Option<TexDraft>,
}

/// What a TEX instruction adds to a [`FetchDraft`] (whose `addr` is the u coordinate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TexDraft {
    pub ld: bool,
    pub normalized: bool,
    pub comp: u8,
    /// The v coordinate, in channel y of u's GPR.
    pub v: Option<VReg>,
    /// The slice and comparison reference, in channels z and w of u's GPR.
    pub extra: TexExtra,
}

/// One RAT store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoreDraft {
    pub rat: u8,
    pub index: VReg,
    pub data: VReg,
    pub inst: RatInst,
    /// CMPXCHG_INT's compare value (channel z of `data`'s GPR).
    pub cmp: Option<VReg>,
    /// A `_RTN` operation's return-buffer dword (channel y of `data`'s GPR).
    pub ret: Option<VReg>,
    /// The write asks for an ACK (TYPE WRITE_IND_ACK) because a fetch may read it back
    /// (`crate::acks`).
    pub ack: bool,
}

/// A scheduled piece of a block: what one CF instruction runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    Alu(ClauseDraft),
    Fetch(Vec<FetchDraft>),
    Store(StoreDraft),
}

/// A scheduled block.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SBlock {
    pub items: Vec<Item>,
    /// Whether the last item is an ALU clause ending in the block's branch PRED_SET.
    pub has_cond: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Alu,
    Fetch,
    Store,
}

/// Schedules one block. Channels of fetch results are chosen here (round robin over the
/// channels, so that loads spread over the register banks).
pub fn schedule_block(m: &mut MFunc, b: &MBlock) -> Result<SBlock, CompileError> {
    let mut nodes: Vec<MInst> = b.insts.clone();
    let has_cond = b.cond.is_some();
    if let Some(c) = &b.cond {
        nodes.push(MInst::Alu(c.clone()));
    }
    let n = nodes.len();
    let kind: Vec<Kind> = nodes
        .iter()
        .map(|i| match i {
            MInst::Alu(_) => Kind::Alu,
            MInst::Fetch { .. } | MInst::Tex { .. } => Kind::Fetch,
            MInst::Store { .. } => Kind::Store,
        })
        .collect();
    let preds = dependencies(&nodes, &kind, has_cond);
    // Sources that no placed definition has given a channel yet (block parameters written
    // only later in the program) get channel x.
    let defined: std::collections::HashSet<VReg> = nodes.iter().flat_map(MInst::defs).collect();
    for i in &nodes {
        for u in i.uses() {
            if let Some(info) = m.vregs.get_mut(u.index()) {
                if info.chan.is_none() && !defined.contains(&u) {
                    info.chan = Some(Chan::X);
                }
            }
        }
    }
    let mut emitted = vec![false; n];
    let mut left = n;
    let mut items = Vec::new();
    let mut rr = 0usize;
    while left > 0 {
        let before = left;
        // ALU operations whose inputs are emitted or come from this stretch.
        let mut in_set = vec![false; n];
        let mut set: Vec<usize> = Vec::new();
        for i in 0..n {
            if emitted[i] || kind[i] != Kind::Alu {
                continue;
            }
            if preds[i].iter().all(|&p| emitted[p] || in_set[p]) {
                in_set[i] = true;
                set.push(i);
            }
        }
        if !set.is_empty() {
            let local: Vec<MAlu> = set
                .iter()
                .filter_map(|&i| match &nodes[i] {
                    MInst::Alu(a) => Some(a.clone()),
                    _ => None,
                })
                .collect();
            let lpreds: Vec<Vec<usize>> = set
                .iter()
                .map(|&i| {
                    preds[i]
                        .iter()
                        .filter_map(|p| set.iter().position(|s| s == p))
                        .collect()
                })
                .collect();
            for c in pack::pack(m, &local, &lpreds)? {
                items.push(Item::Alu(c));
            }
            for &i in &set {
                emitted[i] = true;
                left -= 1;
            }
        }
        // Fetches (a fetch never reads the result of another fetch of its clause).
        let mut fetches = Vec::new();
        let before_fetch = emitted.clone();
        for i in 0..n {
            if emitted[i] || kind[i] != Kind::Fetch || !preds[i].iter().all(|&p| before_fetch[p]) {
                continue;
            }
            let draft = match nodes[i] {
                MInst::Fetch {
                    buffer,
                    dst,
                    addr,
                    offset,
                } => Some(FetchDraft {
                    buffer,
                    dst,
                    addr,
                    offset,
                    tex: None,
                }),
                MInst::Tex {
                    resource,
                    ld,
                    normalized,
                    comp,
                    dst,
                    u,
                    v,
                    extra,
                } => Some(FetchDraft {
                    buffer: resource,
                    dst,
                    addr: u,
                    offset: 0,
                    tex: Some(TexDraft {
                        ld,
                        normalized,
                        comp,
                        v,
                        extra,
                    }),
                }),
                _ => None,
            };
            if let Some(f) = draft {
                let info = &mut m.vregs[f.dst.index()];
                if info.chan.is_none() {
                    info.chan = Some(Chan::from_bits(rr as u32));
                    rr += 1;
                }
                fetches.push(f);
            }
            emitted[i] = true;
            left -= 1;
        }
        for chunk in fetches.chunks(MAX_FETCH_CLAUSE) {
            items.push(Item::Fetch(chunk.to_vec()));
        }
        // Stores, in program order (each may depend on the one before).
        for i in 0..n {
            if emitted[i] || kind[i] != Kind::Store || !preds[i].iter().all(|&p| emitted[p]) {
                continue;
            }
            if let MInst::Store {
                rat,
                index,
                data,
                inst,
                cmp,
                ret,
            } = nodes[i]
            {
                items.push(Item::Store(StoreDraft {
                    rat,
                    index,
                    data,
                    inst,
                    cmp,
                    ret,
                    ack: false,
                }));
            }
            emitted[i] = true;
            left -= 1;
        }
        if left == before {
            return Err(CompileError::Internal(
                "the block's dependency graph has a cycle".into(),
            ));
        }
    }
    Ok(SBlock { items, has_cond })
}

/// The predecessors of every node: data (read after write), anti (write after read) and
/// output (write after write) dependencies, memory order, and for the branch condition
/// (the last node when `has_cond`) every other node.
fn dependencies(nodes: &[MInst], kind: &[Kind], has_cond: bool) -> Vec<Vec<usize>> {
    use std::collections::HashMap;
    let n = nodes.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut last_def: HashMap<VReg, usize> = HashMap::new();
    let mut readers: HashMap<VReg, Vec<usize>> = HashMap::new();
    let mut memory: Vec<usize> = Vec::new();
    // The last LDS operation, queue pop or barrier: these keep their program order.
    let mut last_ordered: Option<usize> = None;
    let alu = |i: usize| match &nodes[i] {
        MInst::Alu(a) => Some(a),
        _ => None,
    };
    let is_barrier = |i: usize| alu(i).is_some_and(|a| a.op == AluOp::GroupBarrier);
    for i in 0..n {
        let mut p: Vec<usize> = Vec::new();
        if alu(i).is_some_and(MAlu::ordered) {
            p.extend(last_ordered);
            last_ordered = Some(i);
        }
        for u in nodes[i].uses() {
            if let Some(&d) = last_def.get(&u) {
                p.push(d);
            }
            readers.entry(u).or_default().push(i);
        }
        for d in nodes[i].defs() {
            if let Some(&w) = last_def.get(&d) {
                p.push(w);
            }
            if let Some(rs) = readers.get_mut(&d) {
                p.extend(rs.iter().copied().filter(|&r| r != i));
                rs.clear();
            }
            last_def.insert(d, i);
        }
        // A barrier orders every memory access around it (UAV accesses as well as LDS).
        match kind[i] {
            Kind::Store => p.extend(memory.iter().copied()),
            Kind::Fetch => p.extend(
                memory
                    .iter()
                    .copied()
                    .filter(|&k| kind[k] == Kind::Store || is_barrier(k)),
            ),
            Kind::Alu if is_barrier(i) => p.extend(memory.iter().copied()),
            Kind::Alu => {}
        }
        if kind[i] != Kind::Alu || is_barrier(i) {
            memory.push(i);
        }
        if has_cond && i + 1 == n {
            p.extend(0..i);
        }
        p.sort_unstable();
        p.dedup();
        preds[i] = p;
    }
    preds
}
