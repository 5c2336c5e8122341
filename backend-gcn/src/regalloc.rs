//! Register allocation: liveness over the machine code's control flow, one interval per
//! virtual register, linear scan per register file.
//!
//! # Why this is enough
//!
//! The wave executes the machine code exactly as laid out, branching only to skip code, so
//! the machine CFG (labels, branches, fall-through) is the wave's control flow and classic
//! liveness over it is right for SGPRs. For VGPRs it is right too because every VGPR write
//! is masked by EXEC: lanes that are off keep their register contents, so a register that
//! is "dead" on the wave's path is also dead for every lane that could still read it (a
//! lane that left a loop early and reads a value after the loop keeps it in the lanes the
//! later iterations do not write).
//!
//! Liveness is computed per dword (a 64-bit value built one half at a time is not live
//! before it is built); the interval of a register is the hull of the positions where any
//! of its dwords is live, so no two registers whose intervals touch share a physical
//! register, not even at the instruction where one dies and the other is born (which also
//! keeps an SMEM destination off its own address, as XNACK replay wants).
//!
//! Pairs and quads are aligned (SGPR pairs even and wider ranges to 4, as the encoding
//! requires; VGPR pairs even by choice). When a file runs out, registers are spilled
//! (`crate::spill`) if the kernel has scratch memory; otherwise the allocator returns
//! [`CompileError::OutOfRegisters`].

use crate::mir::{phys_operand, set_slot, File, MFunc, MInst, Reg};
use crate::spill::Spiller;
use crate::CompileError;

/// Allocatable SGPRs: s0..s101 (VCC, EXEC and M0 are never allocated).
pub const SGPR_LIMIT: u16 = 102;
/// Allocatable VGPRs.
pub const VGPR_LIMIT: u16 = 256;

/// What allocation used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// Highest SGPR used + 1.
    pub sgprs: u16,
    /// Highest VGPR used + 1.
    pub vgprs: u16,
}

#[derive(Clone, Debug)]
struct BitSet(Vec<u64>);

impl BitSet {
    fn new(n: usize) -> BitSet {
        BitSet(vec![0; n.div_ceil(64)])
    }
    fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn clear(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    /// self |= other; whether anything changed.
    fn union(&mut self, other: &BitSet) -> bool {
        let mut changed = false;
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            let n = *a | *b;
            changed |= n != *a;
            *a = n;
        }
        changed
    }
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            (0..64)
                .filter(move |b| bits >> b & 1 != 0)
                .map(move |b| w * 64 + b)
        })
    }
}

/// A straight-line piece of the machine code.
#[derive(Clone, Debug)]
pub struct MBlock {
    pub start: usize,
    /// One past the last instruction.
    pub end: usize,
    pub succs: Vec<usize>,
}

/// Splits the code into blocks at labels and after branches and `s_endpgm`.
pub fn blocks(f: &MFunc) -> Vec<MBlock> {
    let mut starts = vec![0usize];
    for (i, inst) in f.insts.iter().enumerate() {
        match inst {
            MInst::Label(_) if i > 0 => starts.push(i),
            MInst::Branch { .. } => starts.push(i + 1),
            _ if inst.is_barrier() => starts.push(i + 1),
            _ => {}
        }
    }
    starts.push(f.insts.len());
    starts.sort_unstable();
    starts.dedup();
    let mut out: Vec<MBlock> = starts
        .windows(2)
        .map(|w| MBlock {
            start: w[0],
            end: w[1],
            succs: Vec::new(),
        })
        .collect();
    let block_at = |pos: usize, out: &[MBlock]| out.iter().position(|b| b.start == pos);
    let mut label_block = std::collections::HashMap::new();
    for (bi, b) in out.iter().enumerate() {
        if let Some(MInst::Label(l)) = f.insts.get(b.start) {
            label_block.insert(*l, bi);
        }
    }
    for bi in 0..out.len() {
        let (start, end) = (out[bi].start, out[bi].end);
        let mut succs = Vec::new();
        let last = if end > start {
            f.insts.get(end - 1)
        } else {
            None
        };
        let falls = !last.is_some_and(MInst::is_barrier);
        if let Some(MInst::Branch { target, .. }) = last {
            if let Some(&t) = label_block.get(target) {
                succs.push(t);
            }
        }
        if falls {
            if let Some(n) = block_at(end, &out) {
                succs.push(n);
            }
        }
        out[bi].succs = succs;
    }
    out
}

/// Allocates every virtual register and rewrites the code to physical registers.
///
/// When a file runs out and the kernel has scratch memory (`f.scratch`), the scan picks
/// registers to spill, [`Spiller`] rewrites the code, and allocation starts again; without
/// scratch it returns [`CompileError::OutOfRegisters`] (the caller then compiles again with
/// a private segment, `crate::compile`).
pub fn allocate(f: &mut MFunc) -> Result<Allocation, CompileError> {
    let mut spiller = Spiller::new(f);
    loop {
        let (mut start, mut end) = intervals(f);
        // Lane stores are written one lane at a time: live everywhere.
        for r in &spiller.lane_stores {
            start[r.0 as usize] = 0;
            end[r.0 as usize] = f.insts.len();
        }
        let may_spill = f.scratch.is_some();
        match scan(f, &start, &end, may_spill.then_some(&spiller)) {
            Ok((assigned, usage)) => {
                rewrite(f, &assigned);
                return Ok(Allocation {
                    usage,
                    scratch_bytes_per_lane: spiller.vgpr_slots * 4,
                });
            }
            Err(Scan::Full(e)) => return Err(e),
            Err(Scan::Spill(victims)) => {
                let scratch = f
                    .scratch
                    .ok_or_else(|| CompileError::Internal("spilling without scratch".into()))?;
                spiller.spill(f, &victims, scratch)?;
            }
        }
    }
}

/// What allocation produced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Allocation {
    pub usage: Usage,
    /// Scratch each lane needs for spilled VGPRs (the private segment size).
    pub scratch_bytes_per_lane: u32,
}

/// Per virtual register, the first and last positions where it is live (`usize::MAX` as
/// the start of a register that never occurs).
fn intervals(f: &MFunc) -> (Vec<usize>, Vec<usize>) {
    let n = f.vregs.len();
    // Dword units: unit of (vreg, k) = base[vreg] + k.
    let mut base = Vec::with_capacity(n);
    let mut units = 0usize;
    for v in &f.vregs {
        base.push(units);
        units += usize::from(v.size);
    }
    let unit_owner: Vec<usize> = (0..n)
        .flat_map(|v| std::iter::repeat_n(v, usize::from(f.vregs[v].size)))
        .collect();
    let blocks = blocks(f);
    // Per block: units used before defined (gen) and defined (kill).
    let mut gen = vec![BitSet::new(units); blocks.len()];
    let mut kill = vec![BitSet::new(units); blocks.len()];
    for (bi, b) in blocks.iter().enumerate() {
        for inst in &f.insts[b.start..b.end] {
            for r in inst.regs().iter().filter(|r| !r.def) {
                if let Reg::Virt(v) = r.reg {
                    for k in r.offset..r.offset + r.count {
                        let u = base[v.0 as usize] + usize::from(k);
                        if u < units && !kill[bi].get(u) {
                            gen[bi].set(u);
                        }
                    }
                }
            }
            for r in inst.regs().iter().filter(|r| r.def) {
                if let Reg::Virt(v) = r.reg {
                    for k in r.offset..r.offset + r.count {
                        let u = base[v.0 as usize] + usize::from(k);
                        if u < units {
                            kill[bi].set(u);
                        }
                    }
                }
            }
        }
    }
    let mut live_in = vec![BitSet::new(units); blocks.len()];
    let mut live_out = vec![BitSet::new(units); blocks.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for bi in (0..blocks.len()).rev() {
            let mut out = BitSet::new(units);
            for &s in &blocks[bi].succs {
                out.union(&live_in[s]);
            }
            let mut inn = out.clone();
            for u in kill[bi].iter() {
                inn.clear(u);
            }
            inn.union(&gen[bi]);
            changed |= live_out[bi].union(&out);
            changed |= live_in[bi].union(&inn);
        }
    }
    // Intervals: hull of occurrences and block boundaries where live.
    let mut start = vec![usize::MAX; n];
    let mut end = vec![0usize; n];
    let touch = |v: usize, pos: usize, start: &mut Vec<usize>, end: &mut Vec<usize>| {
        start[v] = start[v].min(pos);
        end[v] = end[v].max(pos);
    };
    for (pos, inst) in f.insts.iter().enumerate() {
        for r in inst.regs() {
            if let Reg::Virt(v) = r.reg {
                touch(v.0 as usize, pos, &mut start, &mut end);
            }
        }
    }
    for (bi, b) in blocks.iter().enumerate() {
        for u in live_in[bi].iter() {
            touch(unit_owner[u], b.start, &mut start, &mut end);
        }
        for u in live_out[bi].iter() {
            touch(
                unit_owner[u],
                b.end.saturating_sub(1).max(b.start),
                &mut start,
                &mut end,
            );
        }
    }
    (start, end)
}

/// Why a scan did not assign every register.
enum Scan {
    /// Registers to spill before the next round.
    Spill(Vec<usize>),
    Full(CompileError),
}

/// Linear scan in order of interval start. With a spiller, a register that finds no room
/// takes it from the live register that ends last (itself, if it ends last of all): that
/// one is spilled, which frees the most positions per spilled register. Everything chosen
/// this way is returned together, so one round spills all that the scan had to.
fn scan(
    f: &MFunc,
    start: &[usize],
    end: &[usize],
    spiller: Option<&Spiller>,
) -> Result<(Vec<Option<u8>>, Usage), Scan> {
    let n = f.vregs.len();
    // Entry registers stay busy until their last read.
    let mut busy_s = vec![-1i64; usize::from(SGPR_LIMIT)];
    let mut busy_v = vec![-1i64; usize::from(VGPR_LIMIT)];
    for (pos, inst) in f.insts.iter().enumerate() {
        for r in inst.regs() {
            if let Reg::Phys(file, idx) = r.reg {
                let busy = match file {
                    File::S => &mut busy_s,
                    File::V => &mut busy_v,
                };
                for k in 0..r.count {
                    if let Some(b) = busy.get_mut(usize::from(idx) + usize::from(k)) {
                        *b = (*b).max(pos as i64);
                    }
                }
            }
        }
    }
    // Which virtual register holds each physical one (none for entry registers).
    let mut owner_s: Vec<Option<usize>> = vec![None; busy_s.len()];
    let mut owner_v: Vec<Option<usize>> = vec![None; busy_v.len()];
    let mut order: Vec<usize> = (0..n).filter(|&v| start[v] != usize::MAX).collect();
    order.sort_by_key(|&v| (start[v], v));
    let mut assigned: Vec<Option<u8>> = vec![None; n];
    let mut victims = Vec::new();
    let full = |file: File| {
        Scan::Full(CompileError::OutOfRegisters {
            file: match file {
                File::S => "SGPRs",
                File::V => "VGPRs",
            },
            limit: match file {
                File::S => SGPR_LIMIT.into(),
                File::V => VGPR_LIMIT.into(),
            },
        })
    };
    for v in order {
        let info = f.vregs[v];
        let size = usize::from(info.size);
        let align = match (info.file, size) {
            (_, 1) => 1,
            (_, 2) => 2,
            (File::S, _) => 4,
            (File::V, _) => 2,
        };
        let (busy, owner) = match info.file {
            File::S => (&mut busy_s, &mut owner_s),
            File::V => (&mut busy_v, &mut owner_v),
        };
        let s = start[v] as i64;
        let reg = loop {
            let found = (0..busy.len())
                .step_by(align)
                .find(|&r| r + size <= busy.len() && busy[r..r + size].iter().all(|&b| b < s));
            if let Some(r) = found {
                break Some(r);
            }
            let Some(spiller) = spiller else {
                return Err(full(info.file));
            };
            // The live register that ends last, among those that may be spilled.
            let mut candidates: Vec<usize> = owner
                .iter()
                .enumerate()
                .filter_map(|(r, o)| o.filter(|_| busy[r] >= s))
                .filter(|&w| spiller.may_spill(w))
                .collect();
            candidates.sort_unstable();
            candidates.dedup();
            let victim = candidates
                .into_iter()
                .chain(spiller.may_spill(v).then_some(v))
                .max_by_key(|&w| (end[w], w));
            match victim {
                None => return Err(full(info.file)),
                Some(w) if w == v => break None,
                Some(w) => {
                    for r in 0..busy.len() {
                        if owner[r] == Some(w) {
                            owner[r] = None;
                            busy[r] = s - 1;
                        }
                    }
                    assigned[w] = None;
                    victims.push(w);
                }
            }
        };
        let Some(r) = reg else {
            victims.push(v);
            continue;
        };
        for k in r..r + size {
            busy[k] = end[v] as i64;
            owner[k] = Some(v);
        }
        assigned[v] = Some(r as u8);
    }
    if !victims.is_empty() {
        return Err(Scan::Spill(victims));
    }
    let mut usage = Usage::default();
    for (v, a) in assigned.iter().enumerate() {
        if let Some(r) = a {
            let top = u16::from(*r) + u16::from(f.vregs[v].size);
            match f.vregs[v].file {
                File::S => usage.sgprs = usage.sgprs.max(top),
                File::V => usage.vgprs = usage.vgprs.max(top),
            }
        }
    }
    // Entry registers count as used.
    for &(file, idx) in &f.inputs {
        match file {
            File::S => usage.sgprs = usage.sgprs.max(u16::from(idx) + 1),
            File::V => usage.vgprs = usage.vgprs.max(u16::from(idx) + 1),
        }
    }
    Ok((assigned, usage))
}

/// Puts the physical registers into the instructions and drops the copies that became
/// no-ops.
fn rewrite(f: &mut MFunc, assigned: &[Option<u8>]) {
    for inst in &mut f.insts {
        let MInst::Op { inst, regs } = inst else {
            continue;
        };
        for r in regs.iter_mut() {
            let (file, index) = match r.reg {
                Reg::Virt(v) => {
                    let info = f.vregs[v.0 as usize];
                    let Some(b) = assigned[v.0 as usize] else {
                        continue;
                    };
                    (info.file, b + r.offset)
                }
                Reg::Phys(file, idx) => (file, idx),
            };
            r.reg = Reg::Phys(file, index);
            r.offset = 0;
            set_slot(inst, r.slot, phys_operand(file, index, r.count));
        }
    }
    f.insts.retain(|i| !is_noop_move(i));
}

fn is_noop_move(i: &MInst) -> bool {
    use crate::isa::{Inst, Opcode};
    let MInst::Op { inst, .. } = i else {
        return false;
    };
    match inst {
        Inst::Salu(s) if matches!(s.op, Opcode::S_MOV_B32 | Opcode::S_MOV_B64) => {
            s.dst.is_some() && s.dst == s.src0
        }
        Inst::Valu(v) if v.op == Opcode::V_MOV_B32 && !v.vop3 => {
            v.vdst.is_some() && v.vdst == v.src[0]
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isa::{Inst, Opcode, Operand, Salu};
    use crate::mir::{RegRef, Slot, VReg};
    use smallvec::smallvec;

    fn mov(f: &mut MFunc, dst: VReg, src: Option<VReg>, size: u8) {
        let op = if size == 2 {
            Opcode::S_MOV_B64
        } else {
            Opcode::S_MOV_B32
        };
        let mut regs = smallvec![RegRef {
            slot: Slot::Dst,
            reg: Reg::Virt(dst),
            offset: 0,
            count: size,
            def: true
        }];
        if let Some(s) = src {
            regs.push(RegRef {
                slot: Slot::Src(0),
                reg: Reg::Virt(s),
                offset: 0,
                count: size,
                def: false,
            });
        }
        f.insts.push(MInst::Op {
            inst: Inst::Salu(Salu {
                op,
                dst: Some(Operand::s_range(0, size)),
                src0: Some(if src.is_some() {
                    Operand::s_range(0, size)
                } else {
                    Operand::Int(1)
                }),
                src1: None,
            }),
            regs,
        });
    }

    #[test]
    fn overlapping_values_get_different_registers_and_pairs_are_aligned() {
        let mut f = MFunc::default();
        let a = f.new_vreg(File::S, 1);
        let b = f.new_vreg(File::S, 2);
        let c = f.new_vreg(File::S, 2);
        mov(&mut f, a, None, 1);
        mov(&mut f, b, None, 2);
        mov(&mut f, c, Some(b), 2);
        let d = f.new_vreg(File::S, 1);
        mov(&mut f, d, Some(a), 1);
        let usage = allocate(&mut f).unwrap().usage;
        let regs: Vec<(u8, u8)> = f
            .insts
            .iter()
            .flat_map(|i| i.regs().to_vec())
            .filter_map(|r| match r.reg {
                Reg::Phys(File::S, i) => Some((i, r.count)),
                _ => None,
            })
            .collect();
        // a = s0 (live to the end), b = s[2:3], c = s[4:5] (b still read there), d = s1.
        assert_eq!(regs, vec![(0, 1), (2, 2), (4, 2), (2, 2), (1, 1), (0, 1)]);
        assert_eq!(usage.sgprs, 6);
    }

    #[test]
    fn with_scratch_running_out_spills_to_lanes() {
        let mut f = MFunc {
            scratch: Some(crate::abi::ScratchSgprs {
                buffer: 0,
                wave_offset: 6,
            }),
            ..MFunc::default()
        };
        let vs: Vec<VReg> = (0..60).map(|_| f.new_vreg(File::S, 2)).collect();
        for &v in &vs {
            mov(&mut f, v, None, 2);
        }
        let sink = f.new_vreg(File::S, 2);
        for &v in &vs {
            mov(&mut f, sink, Some(v), 2);
        }
        let a = allocate(&mut f).unwrap();
        assert!(a.usage.sgprs <= SGPR_LIMIT);
        // 120 dwords live at once in 102 SGPRs: some go to lanes of one VGPR.
        let lanes = |op: Opcode| {
            f.insts
                .iter()
                .filter(|i| matches!(i, MInst::Op { inst: Inst::Valu(v), .. } if v.op == op))
                .count()
        };
        assert!(lanes(Opcode::V_WRITELANE_B32) > 0);
        assert!(lanes(Opcode::V_READLANE_B32) > 0);
        assert_eq!(a.usage.vgprs, 1);
        assert_eq!(a.scratch_bytes_per_lane, 0);
        // Every register is physical now.
        assert!(f
            .insts
            .iter()
            .flat_map(|i| i.regs())
            .all(|r| matches!(r.reg, Reg::Phys(..))));
    }

    #[test]
    fn running_out_is_an_error() {
        let mut f = MFunc::default();
        let vs: Vec<VReg> = (0..60).map(|_| f.new_vreg(File::S, 2)).collect();
        for &v in &vs {
            mov(&mut f, v, None, 2);
        }
        let sink = f.new_vreg(File::S, 2);
        for &v in &vs {
            mov(&mut f, sink, Some(v), 2);
        }
        assert!(matches!(
            allocate(&mut f),
            Err(CompileError::OutOfRegisters { .. })
        ));
    }
}
