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
//!
//! Taking everything that is ready is what keeps clauses few, but it also starts every
//! independent load at once: a block that loads 130 vectors before it combines them, or
//! the reloads that spilling placed just before their uses, would hold all of them in
//! registers together. So each round takes ready instructions in program order only while
//! the dwords the block's own values hold stay within `Pressure::budget`; a round that
//! would take nothing takes the first ready instruction. Blocks under the budget are
//! scheduled exactly as without it.

use crate::isa::{AluOp, Chan, RatInst};
use crate::mir::ExportComp;
use crate::mir::{MAlu, MBlock, MFunc, MInst, TexExtra, VReg};
use crate::pack::{self, ClauseDraft};
use crate::regalloc::MAX_GPRS;
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

/// One pixel export (`isel/export.rs`); `done` is set on the program's last export by the
/// CF lowering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExportDraft {
    pub target: u8,
    pub comps: [ExportComp; 4],
    pub done: bool,
}

impl ExportDraft {
    /// The registers the export reads.
    pub fn regs(&self) -> Vec<VReg> {
        self.comps
            .iter()
            .filter_map(|c| match c {
                ExportComp::Reg(v) => Some(*v),
                _ => None,
            })
            .collect()
    }
}

/// A scheduled piece of a block: what one CF instruction runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    Alu(ClauseDraft),
    Fetch(Vec<FetchDraft>),
    Store(StoreDraft),
    Export(ExportDraft),
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

/// Which registers belong to one block alone (defined and read nowhere else), for the
/// pressure estimate: only those die inside the block.
#[derive(Debug)]
pub struct BlockLocal {
    /// The block a register appears in, [`BlockLocal::SHARED`] when it appears in several.
    block: Vec<u32>,
}

impl BlockLocal {
    const UNSEEN: u32 = u32::MAX;
    const SHARED: u32 = u32::MAX - 1;

    /// Records where every register of `m` is defined and read.
    pub fn new(m: &MFunc) -> BlockLocal {
        let mut block = vec![Self::UNSEEN; m.vregs.len()];
        for (bi, b) in m.blocks.iter().enumerate() {
            let cond = b.cond.iter().map(|c| MInst::Alu(c.clone()));
            for i in b.insts.iter().cloned().chain(cond) {
                for v in i.uses().into_iter().chain(i.defs()) {
                    if let Some(slot) = block.get_mut(v.index()) {
                        *slot = match *slot {
                            Self::UNSEEN => bi as u32,
                            seen if seen == bi as u32 => seen,
                            _ => Self::SHARED,
                        };
                    }
                }
            }
        }
        BlockLocal { block }
    }

    fn is_local(&self, v: VReg, block: usize) -> bool {
        self.block.get(v.index()) == Some(&(block as u32))
    }
}

/// The dwords a block's local registers hold while it is scheduled.
struct Pressure {
    /// Reads not yet scheduled, per local register (absent: not local).
    reads_left: std::collections::HashMap<VReg, u32>,
    /// Local registers written and still to be read.
    live: std::collections::HashSet<VReg>,
    /// The most dwords the local registers may hold at once.
    budget: usize,
    /// The channel isel fixed for a local register (a store's data and index sit in x,
    /// for instance); absent: the packer chooses it.
    fixed: std::collections::HashMap<VReg, Chan>,
    /// Live local registers of a fixed channel, per channel.
    fixed_live: [usize; 4],
    /// [`MFunc::low_pressure`].
    low: bool,
}

impl Pressure {
    /// Registers kept for what the estimate does not see: values that live through the
    /// block, and channels the allocator cannot fill.
    const RESERVE_GPRS: u32 = 16;
    /// How far ahead of the frontier a node may be scheduled under pressure (nodes).
    const WINDOW: usize = 48;

    fn new(m: &MFunc, nodes: &[MInst], local: &BlockLocal, block: usize) -> Pressure {
        let mut reads_left = std::collections::HashMap::new();
        let mut fixed = std::collections::HashMap::new();
        let mut through = std::collections::HashSet::new();
        for i in nodes {
            for u in i.uses() {
                if local.is_local(u, block) {
                    *reads_left.entry(u).or_insert(0) += 1;
                } else {
                    through.insert(u);
                }
            }
            for d in i.defs() {
                if local.is_local(d, block) {
                    reads_left.entry(d).or_insert(0);
                    if let Some(c) = m.vregs.get(d.index()).and_then(|info| info.chan) {
                        fixed.insert(d, c);
                    }
                } else {
                    through.insert(d);
                }
            }
        }
        let total = 4 * (MAX_GPRS - Self::RESERVE_GPRS) as usize;
        Pressure {
            reads_left,
            live: std::collections::HashSet::new(),
            budget: total.saturating_sub(through.len()),
            fixed,
            fixed_live: [0; 4],
            low: m.low_pressure,
        }
    }

    /// Whether `node` defines a register of a fixed channel that is already full: the
    /// budget counts dwords over all four channels, but one channel holds only a quarter
    /// of them (FFT32's 128 results, all bound for stores that read channel x, needed 207
    /// GPRs of x while y, z and w had 53).
    fn fills_a_channel(&self, node: &MInst) -> bool {
        node.defs().iter().any(|d| {
            self.fixed.get(d).is_some_and(|c| {
                !self.live.contains(d)
                    && self.reads_left.get(d).is_some_and(|&n| n > 0)
                    && 4 * (self.fixed_live[c.index()] + 1) > self.budget
            })
        })
    }

    /// How many dwords scheduling `node` next adds (negative: frees).
    fn delta(&self, node: &MInst) -> isize {
        let mut delta = 0isize;
        let uses = node.uses();
        for (k, &u) in uses.iter().enumerate() {
            let reads_here = uses.iter().filter(|&&x| x == u).count() as u32;
            let first_mention = !uses[..k].contains(&u);
            if first_mention
                && self.live.contains(&u)
                && self.reads_left.get(&u) == Some(&reads_here)
            {
                delta -= 1;
            }
        }
        for d in node.defs() {
            if self.reads_left.get(&d).is_some_and(|&n| n > 0) && !self.live.contains(&d) {
                delta += 1;
            }
        }
        delta
    }

    /// Whether `node` (the `index`th of the block) fits now, when `frontier` is the first
    /// node not scheduled yet; `force` lets one through when nothing else would. Past half
    /// the budget, nodes far ahead of the frontier wait: a cheap operation that is ready
    /// early (an address of a load the program makes much later) would otherwise hold a
    /// register from the block's start to that load.
    fn admits(&self, node: &MInst, index: usize, frontier: usize, force: bool) -> bool {
        if force {
            return true;
        }
        let far = index >= frontier + Self::WINDOW;
        if far && !self.low && 2 * self.live.len() > self.budget {
            return false;
        }
        if self.fills_a_channel(node) {
            return false;
        }
        let delta = self.delta(node);
        if far && self.low && delta > 0 {
            return false;
        }
        delta <= 0 || self.live.len() as isize + delta <= self.budget as isize
    }

    /// Accounts for `node` being scheduled.
    fn take(&mut self, node: &MInst) {
        for u in node.uses() {
            if let Some(n) = self.reads_left.get_mut(&u) {
                *n = n.saturating_sub(1);
                if *n == 0 && self.live.remove(&u) {
                    if let Some(c) = self.fixed.get(&u) {
                        self.fixed_live[c.index()] -= 1;
                    }
                }
            }
        }
        for d in node.defs() {
            if self.reads_left.get(&d).is_some_and(|&n| n > 0) && self.live.insert(d) {
                if let Some(c) = self.fixed.get(&d) {
                    self.fixed_live[c.index()] += 1;
                }
            }
        }
    }
}

/// Schedules one block (`index` in `m.blocks`). Channels of fetch results are chosen here
/// (round robin over the channels, so that loads spread over the register banks).
pub fn schedule_block(
    m: &mut MFunc,
    b: &MBlock,
    index: usize,
    local: &BlockLocal,
) -> Result<SBlock, CompileError> {
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
            MInst::Store { .. } | MInst::Export { .. } => Kind::Store,
        })
        .collect();
    let preds = dependencies(&nodes, &kind, has_cond);
    let mut pressure = Pressure::new(m, &nodes, local, index);
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
    // Set when a round took nothing for the budget: the next one takes its first ready
    // instruction whatever it costs.
    let mut force = false;
    while left > 0 {
        let before = left;
        let frontier = emitted.iter().position(|&e| !e).unwrap_or(n);
        // ALU operations whose inputs are emitted or come from this stretch.
        let mut in_set = vec![false; n];
        let mut set: Vec<usize> = Vec::new();
        for i in 0..n {
            if emitted[i] || kind[i] != Kind::Alu {
                continue;
            }
            // A KILL ends its clause (cayman L1912): it goes alone, after this round's set.
            if matches!(&nodes[i], MInst::Alu(a) if a.kills()) {
                continue;
            }
            // A queue pop goes with the LDS operation that queued it, whatever the pressure:
            // the queue must be empty where the set's last clause ends (cayman L2334).
            let pops = matches!(&nodes[i], MInst::Alu(a) if a.pops());
            if preds[i].iter().all(|&p| emitted[p] || in_set[p])
                && (pops || pressure.admits(&nodes[i], i, frontier, std::mem::take(&mut force)))
            {
                pressure.take(&nodes[i]);
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
            // Where each node of the set is in it (a search of the set for every
            // dependency made a long block quadratic).
            let at: std::collections::HashMap<usize, usize> =
                set.iter().enumerate().map(|(k, &i)| (i, k)).collect();
            let lpreds: Vec<Vec<usize>> = set
                .iter()
                .map(|&i| preds[i].iter().filter_map(|p| at.get(p).copied()).collect())
                .collect();
            for c in pack::pack(m, &local, &lpreds)? {
                items.push(Item::Alu(c));
            }
            for &i in &set {
                emitted[i] = true;
                left -= 1;
            }
        }
        for i in 0..n {
            if let MInst::Alu(a) = &nodes[i] {
                if !emitted[i] && a.kills() && preds[i].iter().all(|&p| emitted[p]) {
                    for c in pack::pack(m, std::slice::from_ref(a), &[Vec::new()])? {
                        items.push(Item::Alu(c));
                    }
                    emitted[i] = true;
                    left -= 1;
                }
            }
        }
        // Fetches (a fetch never reads the result of another fetch of its clause).
        let mut fetches = Vec::new();
        let before_fetch = emitted.clone();
        for i in 0..n {
            if emitted[i]
                || kind[i] != Kind::Fetch
                || !preds[i].iter().all(|&p| before_fetch[p])
                || !pressure.admits(&nodes[i], i, frontier, std::mem::take(&mut force))
            {
                continue;
            }
            pressure.take(&nodes[i]);
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
            pressure.take(&nodes[i]);
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
            if let MInst::Export { target, comps } = nodes[i] {
                items.push(Item::Export(ExportDraft {
                    target,
                    comps,
                    done: false,
                }));
            }
            emitted[i] = true;
            left -= 1;
        }
        if left == before {
            if force {
                return Err(CompileError::Internal(
                    "the block's dependency graph has a cycle".into(),
                ));
            }
            force = true;
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
    // A barrier orders memory accesses; a pixel KILL too, as stores after a `kill` are
    // masked by the valid bit it clears and those before it must not be (`isel/kill.rs`).
    let is_barrier = |i: usize| alu(i).is_some_and(|a| a.op == AluOp::GroupBarrier || a.kills());
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
        // The branch condition, and a pixel export (the program's end: nothing may follow
        // it but other exports), come after everything else of the block.
        if (has_cond && i + 1 == n) || matches!(nodes[i], MInst::Export { .. }) {
            p.extend(0..i);
        }
        p.sort_unstable();
        p.dedup();
        preds[i] = p;
    }
    preds
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mir::{Operand, VRegInfo};

    /// The most block-local registers live at once over a scheduled block, counted from
    /// the items alone (a register lives from its definition to its last read).
    fn peak_live(items: &[Item]) -> usize {
        let mut events: Vec<(Vec<VReg>, Vec<VReg>)> = Vec::new();
        for item in items {
            match item {
                Item::Alu(c) => {
                    for g in &c.groups {
                        let uses = g
                            .iter()
                            .flat_map(|s| s.alu.srcs.iter().filter_map(|o| o.vreg()))
                            .collect();
                        let defs = g.iter().filter(|s| s.write).filter_map(|s| s.alu.dst);
                        events.push((uses, defs.collect()));
                    }
                }
                Item::Fetch(fs) => {
                    for f in fs {
                        events.push((vec![f.addr], vec![f.dst]));
                    }
                }
                Item::Store(s) => events.push((vec![s.index, s.data], Vec::new())),
                Item::Export(e) => events.push((e.regs(), Vec::new())),
            }
        }
        let mut last_read = std::collections::HashMap::new();
        for (k, (uses, _)) in events.iter().enumerate() {
            for &u in uses {
                last_read.insert(u, k);
            }
        }
        let mut live = std::collections::HashSet::new();
        let mut peak = 0;
        for (k, (uses, defs)) in events.iter().enumerate() {
            for u in uses {
                if last_read.get(u) == Some(&k) {
                    live.remove(u);
                }
            }
            live.extend(defs.iter().copied().filter(|d| last_read.contains_key(d)));
            peak = peak.max(live.len());
        }
        peak
    }

    /// `loads` fetches from one address register, then a chain adding them up in load
    /// order, then a store of the sum.
    fn loads_then_sum(loads: u32) -> (MFunc, MBlock) {
        let mut m = MFunc::default();
        let reg = |m: &mut MFunc| m.new_vreg(VRegInfo::default());
        let addr = reg(&mut m);
        let mut insts = vec![MInst::Alu(MAlu::new(
            AluOp::Mov,
            addr,
            vec![Operand::imm(0)],
        ))];
        let dsts: Vec<VReg> = (0..loads).map(|_| reg(&mut m)).collect();
        for (k, &dst) in dsts.iter().enumerate() {
            insts.push(MInst::Fetch {
                buffer: 0,
                dst,
                addr,
                offset: 4 * k as u16,
            });
        }
        let mut sum = dsts[0];
        for &d in dsts.iter().skip(1) {
            let next = reg(&mut m);
            insts.push(MInst::Alu(MAlu::new(
                AluOp::AddInt,
                next,
                vec![Operand::reg(sum), Operand::reg(d)],
            )));
            sum = next;
        }
        let index = reg(&mut m);
        insts.push(MInst::Alu(MAlu::new(
            AluOp::Mov,
            index,
            vec![Operand::imm(0)],
        )));
        insts.push(MInst::Store {
            rat: 0,
            index,
            data: sum,
            inst: RatInst::StoreDword,
            cmp: None,
            ret: None,
        });
        let block = MBlock { insts, cond: None };
        m.blocks.push(block.clone());
        (m, block)
    }

    #[test]
    fn small_blocks_take_every_ready_fetch_in_one_round() {
        let (mut m, b) = loads_then_sum(40);
        let local = BlockLocal::new(&m);
        let s = schedule_block(&mut m, &b, 0, &local).unwrap();
        let fetch_items: Vec<usize> = s
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Fetch(f) => Some(f.len()),
                _ => None,
            })
            .collect();
        assert_eq!(fetch_items, vec![16, 16, 8]);
        // All 40 loaded values and their address.
        assert_eq!(peak_live(&s.items), 41);
    }

    #[test]
    fn large_blocks_keep_local_registers_within_the_budget() {
        let loads = 600;
        let (mut m, b) = loads_then_sum(loads);
        let local = BlockLocal::new(&m);
        let budget = 4 * (MAX_GPRS - Pressure::RESERVE_GPRS) as usize;
        let s = schedule_block(&mut m, &b, 0, &local).unwrap();
        let fetched: usize = s
            .items
            .iter()
            .map(|i| match i {
                Item::Fetch(f) => f.len(),
                _ => 0,
            })
            .sum();
        assert_eq!(fetched, loads as usize);
        // Without the budget all 600 would be loaded first.
        let peak = peak_live(&s.items);
        assert!(peak <= budget + 1, "peak {peak} over budget {budget}");
        assert!(peak >= budget / 2, "peak {peak}: the budget went unused");
    }
}
