//! Register allocation over vec4 GPRs, channel by channel.
//!
//! The packer fixed the channel of every virtual register (the slot of its definition), so
//! what is left is a GPR index per register such that two registers of one channel that
//! are live at the same point differ. Liveness is the usual backward data flow over the
//! IR's CFG; each register then gets one interval over the program's linear order (the
//! order the CF program runs its clauses), from the first to the last point where it is
//! live, and the intervals of each channel are coloured first-fit by start point, which is
//! optimal for interval graphs. A read in group *g* is at point 2*g* and a write at
//! 2*g*+1, so a group may overwrite a register it reads last (reads happen before writes,
//! cayman L1400).
//!
//! Why CFG liveness is enough on a machine that runs both arms of an `if` one after the
//! other with lanes masked off: a masked-off lane's registers are never written, so a
//! register shared by values of the two arms holds, in every lane, the value of the arm the
//! lane took.
//!
//! The thread ids the launch preloads are registers fixed to R0.xyz / R1.xyz, live from the
//! start; once dead, R0 and R1 are free for other values.
//!
//! Out of registers is an error here; `crate::compile` then spills in the IR and tries
//! again (`docs/decisions.md`, "Spilling on Cayman").

use std::collections::HashSet;

use cranelift_entity::EntityRef;
use midend::ir::Function;

use crate::isa::Chan;
use crate::mir::{MFunc, VReg};
use crate::schedule::{Item, SBlock};
use crate::CompileError;

/// GPRs a program may use: 128 minus two copies of the 4 clause temporaries the launch
/// configures (cayman L688, L1410).
pub const MAX_GPRS: u32 = 120;

/// The result: a GPR per virtual register, and how many GPRs the program needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alloc {
    pub gpr: Vec<u8>,
    pub count: u32,
}

/// One program point's reads and writes.
struct Point {
    pos: u32,
    uses: Vec<VReg>,
    defs: Vec<VReg>,
}

fn points(items: &[Item], next: &mut u32) -> Vec<Point> {
    let mut out = Vec::new();
    for item in items {
        match item {
            Item::Alu(c) => {
                for g in &c.groups {
                    let mut uses = Vec::new();
                    let mut defs = Vec::new();
                    for s in g {
                        uses.extend(s.alu.srcs.iter().filter_map(|o| o.vreg()));
                        if s.write {
                            defs.extend(s.alu.dst);
                        }
                    }
                    out.push(Point {
                        pos: *next,
                        uses,
                        defs,
                    });
                    *next += 1;
                }
            }
            Item::Fetch(fs) => {
                for f in fs {
                    let mut uses = vec![f.addr];
                    // Every coordinate channel the TEX instruction reads (u, v, the slice
                    // and the comparison reference) stays live up to it.
                    if let Some(t) = f.tex {
                        uses.extend(t.v);
                        uses.extend(t.extra.slice);
                        uses.extend(t.extra.reference);
                    }
                    out.push(Point {
                        pos: *next,
                        uses,
                        defs: vec![f.dst],
                    });
                    *next += 1;
                }
            }
            Item::Export(e) => {
                out.push(Point {
                    pos: *next,
                    uses: e.regs(),
                    defs: Vec::new(),
                });
                *next += 1;
            }
            Item::Store(s) => {
                out.push(Point {
                    pos: *next,
                    uses: [s.index, s.data]
                        .into_iter()
                        .chain(s.cmp)
                        .chain(s.ret)
                        .collect(),
                    defs: Vec::new(),
                });
                *next += 1;
            }
        }
    }
    out
}

/// Allocates GPRs for the scheduled blocks of `func`.
pub fn allocate(func: &Function, m: &MFunc, blocks: &[SBlock]) -> Result<Alloc, CompileError> {
    let layout = func.layout();
    let nv = m.vregs.len();
    let mut next = 0u32;
    let mut pts: Vec<Vec<Point>> = (0..func.blocks.len()).map(|_| Vec::new()).collect();
    let mut span: Vec<(u32, u32)> = vec![(0, 0); func.blocks.len()];
    for &b in &layout {
        let start = next;
        let items = blocks
            .get(b.index())
            .map(|s| s.items.as_slice())
            .unwrap_or(&[]);
        pts[b.index()] = points(items, &mut next);
        span[b.index()] = (2 * start, 2 * next);
    }
    // Backward data flow: live-in = uses before defs, plus live-out minus defs.
    let mut gen: Vec<HashSet<VReg>> = vec![HashSet::new(); func.blocks.len()];
    let mut kill: Vec<HashSet<VReg>> = vec![HashSet::new(); func.blocks.len()];
    for &b in &layout {
        let (g, k) = (&mut gen[b.index()], &mut kill[b.index()]);
        for p in &pts[b.index()] {
            for u in &p.uses {
                if !k.contains(u) {
                    g.insert(*u);
                }
            }
            k.extend(p.defs.iter().copied());
        }
    }
    let mut live_in: Vec<HashSet<VReg>> = vec![HashSet::new(); func.blocks.len()];
    let mut live_out: Vec<HashSet<VReg>> = vec![HashSet::new(); func.blocks.len()];
    loop {
        let mut changed = false;
        for &b in layout.iter().rev() {
            let mut out: HashSet<VReg> = HashSet::new();
            for s in func.blocks[b].term.successors() {
                out.extend(live_in[s.block.index()].iter().copied());
            }
            let mut inn: HashSet<VReg> = gen[b.index()].clone();
            inn.extend(out.iter().filter(|v| !kill[b.index()].contains(v)).copied());
            if inn.len() != live_in[b.index()].len() || out.len() != live_out[b.index()].len() {
                changed = true;
            }
            live_in[b.index()] = inn;
            live_out[b.index()] = out;
        }
        if !changed {
            break;
        }
    }
    // Intervals.
    let mut lo = vec![u32::MAX; nv];
    let mut hi = vec![0u32; nv];
    let mut cover = |v: VReg, a: u32, z: u32| {
        if let (Some(l), Some(h)) = (lo.get_mut(v.index()), hi.get_mut(v.index())) {
            *l = (*l).min(a);
            *h = (*h).max(z);
        }
    };
    for &b in &layout {
        let (start, end) = span[b.index()];
        let mut live: std::collections::HashMap<VReg, u32> =
            live_out[b.index()].iter().map(|&v| (v, end)).collect();
        for p in pts[b.index()].iter().rev() {
            for &d in &p.defs {
                let until = live.remove(&d).unwrap_or(2 * p.pos + 1);
                cover(d, 2 * p.pos + 1, until);
            }
            for &u in &p.uses {
                live.entry(u).or_insert(2 * p.pos);
            }
        }
        for (v, until) in live {
            cover(v, start, until);
        }
    }
    // Registers preloaded by the launch are live from the start.
    for (k, info) in m.vregs.iter().enumerate() {
        if info.gpr.is_some() && lo[k] != u32::MAX {
            lo[k] = 0;
        }
    }
    // Colouring, channel by channel.
    let mut gpr = vec![0u8; nv];
    let mut count = 2u32; // R0 and R1 hold the launch's ids
    let mut occupied: [Vec<Vec<(u32, u32)>>; 4] = Default::default();
    let mut order: Vec<usize> = (0..nv).filter(|&k| lo[k] != u32::MAX).collect();
    // Fixed registers first, then by start point.
    order.sort_by_key(|&k| (m.vregs[k].gpr.is_none(), lo[k], k));
    // Tied registers are coloured together, when the first of them comes up.
    let mut ties: std::collections::HashMap<u32, Vec<usize>> = std::collections::HashMap::new();
    for &k in &order {
        if let Some(t) = m.vregs[k].tie {
            ties.entry(t).or_default().push(k);
        }
    }
    let mut done = vec![false; nv];
    // Per channel and GPR: the latest start and end of its intervals. Intervals mostly
    // come in order of their starts; then one comparison tells whether a GPR is free,
    // instead of a scan of all its intervals (quadratic in a long program).
    let mut reach: [Vec<(u32, u32)>; 4] = Default::default();
    for k in order {
        if done[k] {
            continue;
        }
        let group: Vec<usize> = match m.vregs[k].tie.and_then(|t| ties.get(&t)) {
            Some(g) => g.clone(),
            None => vec![k],
        };
        let free = |occupied: &[Vec<Vec<(u32, u32)>>; 4], r: usize| {
            group.iter().all(|&j| {
                let c = m.vregs[j].chan.unwrap_or(Chan::X).index();
                match reach[c].get(r) {
                    None => true,
                    // Every interval of the GPR starts at or before this one.
                    Some(&(last_lo, last_hi)) if last_lo <= lo[j] => last_hi < lo[j],
                    Some(_) => occupied[c]
                        .get(r)
                        .is_none_or(|ivs| ivs.iter().all(|&(a, z)| !(a <= hi[j] && lo[j] <= z))),
                }
            })
        };
        let r = match m.vregs[k].gpr {
            Some(g) => usize::from(g),
            None => {
                // Past the limit too, so that a refusal says how many the program needs
                // (what tells `crate::compile` whether spilling more helps).
                let mut r = 0;
                while !free(&occupied, r) {
                    r += 1;
                }
                r
            }
        };
        for &j in &group {
            let c = m.vregs[j].chan.unwrap_or(Chan::X).index();
            let regs = &mut occupied[c];
            if regs.len() <= r {
                regs.resize(r + 1, Vec::new());
            }
            regs[r].push((lo[j], hi[j]));
            let reach = &mut reach[c];
            if reach.len() <= r {
                reach.resize(r + 1, (0, 0));
            }
            reach[r] = (reach[r].0.max(lo[j]), reach[r].1.max(hi[j]));
            gpr[j] = r as u8;
            done[j] = true;
        }
        count = count.max(r as u32 + 1);
    }
    if count > MAX_GPRS {
        return Err(CompileError::OutOfRegisters {
            needed: count,
            available: MAX_GPRS,
        });
    }
    Ok(Alloc { gpr, count })
}
