//! Single-fault mutants of Cayman program bytes, made on the decoded program
//! (`backend_r600::isa::Program`) and encoded again.
//!
//! Sites: every ALU instruction, every fetch instruction, and the memory-write and export
//! CF instructions. Operators (see [`Operator`]):
//! - register: an ALU source GPR changed to another (GPR, channel) of the program's GPRs, a
//!   kcache constant to another of the same locked line; a fetch's source GPR; a memory
//!   write's data or address GPR; an export's GPR;
//! - opcode: an ALU opcode swapped for another of its class in the opcode table (the same
//!   encoding, operand count, slot rule and kind: ADD, MUL, MAX, SETGT, AND_INT, ... for a
//!   two-source vector op);
//! - drop: an ALU instruction replaced by a NOP in its slot (the group, its literal slots and
//!   the clause keep their size); a fetch with every destination component masked; a memory
//!   write or export replaced by a CF NOP;
//! - offset: a literal dword ±1, a fetch's byte offset ±4 (one dword: a byte offset off by
//!   one is refused as misaligned), a texel offset ±1, a memory write's ARRAY_BASE ±1;
//! - modifier: an ALU source's neg or abs (abs on OP2 only: OP3 has no abs bits), or the
//!   instruction's clamp, flipped.
//!
//! Operations issued over several slots (the former trans-slot operations, the replicated
//! integer multiplies) are mutated in every slot at once, so that the group stays legal; a
//! group the legality rules refuse, or bytes that do not encode, make an invalid mutant.

use backend_r600::isa::opcodes::{OpKind, SlotRule};
use backend_r600::isa::{
    AluInst, AluOp, AluSrc, CfInst, CfOp, CfWord, FetchInst, MemTarget, Program, SrcSel,
};

use super::{Mutant, Operator};
use crate::check::Rng;

/// Where a mutation applies.
#[derive(Clone, Copy, Debug)]
enum Site {
    Alu {
        clause: u32,
        group: usize,
        inst: usize,
    },
    Fetch {
        clause: u32,
        inst: usize,
    },
    Cf(usize),
}

fn sites(p: &Program) -> Vec<Site> {
    let mut out = Vec::new();
    for (&clause, c) in &p.alu_clauses {
        for (group, g) in c.groups.iter().enumerate() {
            for inst in 0..g.insts.len() {
                out.push(Site::Alu {
                    clause,
                    group,
                    inst,
                });
            }
        }
    }
    for (&clause, c) in &p.fetch_clauses {
        for inst in 0..c.insts.len() {
            out.push(Site::Fetch { clause, inst });
        }
    }
    for (k, c) in p.cf.iter().enumerate() {
        if matches!(c, CfInst::Mem(_) | CfInst::Export(_)) {
            out.push(Site::Cf(k));
        }
    }
    out
}

/// `n` mutants of `bytes` (a Cayman program with `gprs` GPRs), sites and operators drawn
/// from `rng`.
pub fn mutants(bytes: &[u8], gprs: u32, n: usize, rng: &mut Rng) -> Vec<Mutant> {
    let prog = match Program::decode(bytes) {
        Ok(p) => p,
        Err(e) => return super::undecodable(n, &e.to_string()),
    };
    let sites = sites(&prog);
    (0..n)
        .map(|_| {
            super::draw(&sites, rng, |&site, op, rng| {
                mutate(&prog, site, op, gprs, rng)
            })
        })
        .map(|m| m.map_code(|p: Program| finish(bytes, &p)))
        .collect()
}

/// The bytes of a mutated program, or why it is invalid.
fn finish(original: &[u8], p: &Program) -> Result<Vec<u8>, String> {
    for (addr, c) in &p.alu_clauses {
        backend_r600::isa::legality::check_clause(c)
            .map_err(|(g, e)| format!("ALU clause {addr}, group {g} is illegal: {e}"))?;
    }
    let bytes = p.encode().map_err(|e| format!("does not encode: {e}"))?;
    if bytes == original {
        return Err("encodes to the same bytes".into());
    }
    if bytes.len() != original.len() {
        return Err("changes the program's size".into());
    }
    Ok(bytes)
}

/// A register of the file of `gprs` GPRs other than (`gpr`, `chan`).
fn other_gpr(gpr: u8, chan: usize, gprs: u32, rng: &mut Rng) -> (u8, usize) {
    let total = gprs.clamp(1, 124) * 4;
    loop {
        let r = rng.below(total);
        let (g, c) = ((r / 4) as u8, (r % 4) as usize);
        if (g, c) != (gpr, chan) {
            return (g, c);
        }
    }
}

/// A GPR of the file of `gprs` other than `gpr` (`None` with one GPR).
fn other_gpr_index(gpr: u8, gprs: u32, rng: &mut Rng) -> Option<u8> {
    let gprs = gprs.clamp(1, 124);
    (gprs > 1).then(|| {
        let r = rng.below(gprs - 1) as u8;
        if r >= gpr {
            r + 1
        } else {
            r
        }
    })
}

fn pm(rng: &mut Rng) -> i64 {
    if rng.below(2) == 0 {
        1
    } else {
        -1
    }
}

/// The instructions of the group that must change together with instruction `k`: every
/// instance of its operation when the operation spans slots, else `k` alone. With
/// `same_sources`, only the trans-like rules (identical sources in every slot) count.
fn peers(insts: &[AluInst], k: usize, same_sources: bool) -> Vec<usize> {
    let me = insts[k];
    let spans = match me.op.info().slots {
        SlotRule::Any | SlotRule::NotW | SlotRule::WOnly | SlotRule::XOnly | SlotRule::PrevXY => {
            false
        }
        SlotRule::Trans | SlotRule::Replicated4 => true,
        _ => !same_sources,
    };
    if !spans {
        return vec![k];
    }
    (0..insts.len())
        .filter(|&i| insts[i].op == me.op && (!same_sources || insts[i].src == me.src))
        .collect()
}

/// The ALU opcodes of `op`'s class: the same encoding, operand count, slot rule and kind.
pub fn alu_class(op: AluOp) -> Vec<AluOp> {
    let i = op.info();
    if !matches!(i.kind, OpKind::Normal | OpKind::PredSet | OpKind::Kill) || op == AluOp::SetMode {
        return Vec::new();
    }
    AluOp::all()
        .filter(|&o| {
            let j = o.info();
            o != op
                && o != AluOp::SetMode
                && j.encoding == i.encoding
                && j.nsrc == i.nsrc
                && j.slots == i.slots
                && j.kind == i.kind
        })
        .collect()
}

fn mutate(
    prog: &Program,
    site: Site,
    op: Operator,
    gprs: u32,
    rng: &mut Rng,
) -> Option<(Program, String)> {
    let mut p = prog.clone();
    let desc = match site {
        Site::Alu {
            clause,
            group,
            inst,
        } => {
            let g = p.alu_clauses.get_mut(&clause)?.groups.get_mut(group)?;
            let where_ = format!("ALU clause {clause} group {group}");
            let d = mutate_alu(g, inst, op, gprs, rng)?;
            format!("{where_}: {d}")
        }
        Site::Fetch { clause, inst } => {
            let f = p.fetch_clauses.get_mut(&clause)?.insts.get_mut(inst)?;
            let d = mutate_fetch(f, op, gprs, rng)?;
            format!("fetch clause {clause} inst {inst}: {d}")
        }
        Site::Cf(k) => {
            let c = p.cf.get_mut(k)?;
            let d = mutate_cf(c, op, gprs, rng)?;
            format!("CF {k}: {d}")
        }
    };
    Some((p, desc))
}

fn mutate_alu(
    g: &mut backend_r600::isa::AluGroup,
    k: usize,
    op: Operator,
    gprs: u32,
    rng: &mut Rng,
) -> Option<String> {
    let me = g.insts[k];
    let name = format!("{}.{}", me.op.name(), me.dst.chan.letter());
    if me.op == AluOp::LdsIdxOp && op != Operator::Register {
        return None;
    }
    match op {
        Operator::Register => {
            let cands: Vec<usize> = (0..me.used_srcs().len())
                .filter(|&i| matches!(me.src[i].sel, SrcSel::Gpr(_) | SrcSel::Kcache { .. }))
                .collect();
            let i = *cands.get(rng.below(cands.len() as u32) as usize)?;
            let old = me.src[i];
            let mut new = old;
            match old.sel {
                SrcSel::Gpr(r) => {
                    let (r2, c2) = other_gpr(r, old.chan.index(), gprs, rng);
                    new.sel = SrcSel::Gpr(r2);
                    new.chan = backend_r600::isa::Chan::ALL[c2];
                }
                SrcSel::Kcache { set, index } => {
                    let mut j = index;
                    while j == index {
                        j = (index & 16) | rng.below(16) as u8;
                    }
                    new.sel = SrcSel::Kcache { set, index: j };
                }
                _ => return None,
            }
            for q in peers(&g.insts, k, true) {
                g.insts[q].src[i] = new;
            }
            Some(format!(
                "{name} src{i} {} -> {}",
                src_text(old),
                src_text(new)
            ))
        }
        Operator::Opcode => {
            let class = alu_class(me.op);
            let to = *class.get(rng.below(class.len() as u32) as usize)?;
            for q in peers(&g.insts, k, false) {
                g.insts[q].op = to;
                if !to.may_update_exec_mask() {
                    g.insts[q].update_exec_mask = false;
                }
            }
            Some(format!("{name} -> {}", to.name()))
        }
        Operator::Drop => {
            if me.op == AluOp::Nop {
                return None;
            }
            let before = g.literal_slots();
            for q in peers(&g.insts, k, false) {
                let i = g.insts[q];
                let mut nop =
                    AluInst::new(AluOp::Nop, i.dst.gpr, i.dst.chan, &[i.src[0], i.src[1]]);
                nop.dst.write = false;
                nop.bank_swizzle = i.bank_swizzle;
                // A literal only the third source named keeps its slot through the second.
                if let Some(lit) = i
                    .encoded_srcs()
                    .iter()
                    .filter(|s| s.sel == SrcSel::Literal)
                    .max_by_key(|s| s.chan.index())
                {
                    nop.src[1] = *lit;
                }
                g.insts[q] = nop;
            }
            if g.literal_slots() != before {
                return None;
            }
            Some(format!("{name} dropped (NOP)"))
        }
        Operator::Offset => {
            let lits: Vec<usize> = me
                .used_srcs()
                .iter()
                .filter(|s| s.sel == SrcSel::Literal)
                .map(|s| s.chan.index())
                .collect();
            let c = *lits.get(rng.below(lits.len() as u32) as usize)?;
            let v = g.literals.get_mut(c)?;
            let old = *v;
            *v = (i64::from(old) + pm(rng)) as u32;
            Some(format!("{name} literal {old:#x} -> {:#x}", *v))
        }
        Operator::Modifier => {
            let n = me.used_srcs().len();
            let op3 = me.op.encoding() == backend_r600::isa::opcodes::AluEncoding::Op3;
            // 0..n: neg of src i; n..2n: abs of src i (OP2); 2n: clamp.
            let mut options: Vec<usize> = (0..n).collect();
            if !op3 {
                options.extend(n..2 * n);
            }
            options.push(2 * n);
            let o = options[rng.below(options.len() as u32) as usize];
            let same = o < 2 * n;
            let what;
            let peer_list = peers(&g.insts, k, same);
            if o < n {
                for q in &peer_list {
                    g.insts[*q].src[o].neg ^= true;
                }
                what = format!("neg of src{o}");
            } else if o < 2 * n {
                for q in &peer_list {
                    g.insts[*q].src[o - n].abs ^= true;
                }
                what = format!("abs of src{}", o - n);
            } else {
                for q in &peer_list {
                    g.insts[*q].clamp ^= true;
                }
                what = "clamp".into();
            }
            Some(format!("{name} {what} flipped"))
        }
    }
}

fn src_text(s: AluSrc) -> String {
    match s.sel {
        SrcSel::Gpr(g) => format!("R{g}.{}", s.chan.letter()),
        SrcSel::Kcache { set, index } => format!("KC{set}[{index}].{}", s.chan.letter()),
        other => format!("{other:?}"),
    }
}

fn mutate_fetch(f: &mut FetchInst, op: Operator, gprs: u32, rng: &mut Rng) -> Option<String> {
    let (src_gpr, dst) = match f {
        FetchInst::Vtx(v) => (&mut v.src_gpr, &mut v.dst),
        FetchInst::Tex(t) => (&mut t.src_gpr, &mut t.dst),
        FetchInst::MemRd(m) => (&mut m.src_gpr, &mut m.dst),
    };
    match op {
        Operator::Register => {
            let old = *src_gpr;
            *src_gpr = other_gpr_index(old, gprs, rng)?;
            Some(format!("source R{old} -> R{}", *src_gpr))
        }
        Operator::Drop => {
            if dst.sel == [backend_r600::isa::fetch::SEL_MASKED; 4] {
                return None;
            }
            dst.sel = [backend_r600::isa::fetch::SEL_MASKED; 4];
            Some("dropped (every component masked)".into())
        }
        Operator::Offset => match f {
            FetchInst::Vtx(v) => {
                let old = v.offset;
                v.offset = if old < 4 || rng.below(2) == 0 {
                    old.checked_add(4)?
                } else {
                    old - 4
                };
                Some(format!("byte offset {old} -> {}", v.offset))
            }
            FetchInst::Tex(t) => {
                let c = rng.below(3) as usize;
                let old = t.offset[c];
                t.offset[c] = ((i64::from(old) + pm(rng)) & 31) as u8;
                Some(format!("texel offset {c} {old} -> {}", t.offset[c]))
            }
            FetchInst::MemRd(m) => {
                let old = m.array_base;
                m.array_base = ((i64::from(old) + pm(rng)) & 0x1fff) as u16;
                Some(format!("ARRAY_BASE {old} -> {}", m.array_base))
            }
        },
        Operator::Opcode | Operator::Modifier => None,
    }
}

fn mutate_cf(c: &mut CfInst, op: Operator, gprs: u32, rng: &mut Rng) -> Option<String> {
    let name = match c {
        CfInst::Mem(m) => m.op.name(),
        CfInst::Export(e) => e.op.name(),
        _ => return None,
    };
    match op {
        Operator::Drop => {
            let mut nop = CfWord::new(CfOp::Nop, 0);
            nop.barrier = true;
            *c = CfInst::Word(nop);
            Some(format!("{name} dropped (CF NOP)"))
        }
        Operator::Register => match c {
            CfInst::Mem(m) => {
                let index = matches!(m.target, MemTarget::Rat { .. }) && rng.below(2) == 0;
                let r = if index {
                    &mut m.index_gpr
                } else {
                    &mut m.rw_gpr
                };
                let old = *r;
                *r = other_gpr_index(old, gprs, rng)?;
                let which = if index { "address" } else { "data" };
                Some(format!("{name} {which} R{old} -> R{}", *r))
            }
            CfInst::Export(e) => {
                let old = e.rw_gpr;
                e.rw_gpr =
                    other_gpr_index(old, gprs.saturating_sub(u32::from(e.burst_count)), rng)?;
                Some(format!("{name} R{old} -> R{}", e.rw_gpr))
            }
            _ => None,
        },
        Operator::Offset => match c {
            CfInst::Mem(m) => match &mut m.target {
                MemTarget::ArrayBase(b) => {
                    let old = *b;
                    *b = ((i64::from(old) + pm(rng)) & 0x1fff) as u16;
                    Some(format!("{name} ARRAY_BASE {old} -> {}", *b))
                }
                MemTarget::Rat { .. } => None,
            },
            _ => None,
        },
        Operator::Opcode | Operator::Modifier => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use backend_r600::isa::{AluClause, AluGroup, CfAlu, CfAluOp, Chan};

    /// One ALU clause of two groups: ADD R1.x = R0.x + literal; MUL R1.y = R0.y * KC0[1].y
    /// with neg; then a RAT store.
    fn program() -> Program {
        let mut add = AluInst::new(
            AluOp::Add,
            1,
            Chan::X,
            &[AluSrc::gpr(0, Chan::X), AluSrc::literal(Chan::X)],
        );
        add.clamp = false;
        let mul = AluInst::new(
            AluOp::Mul,
            1,
            Chan::Y,
            &[AluSrc::gpr(0, Chan::Y), AluSrc::kcache(0, 1, Chan::Y)],
        );
        let mut g0 = AluGroup::new(vec![add]);
        g0.literals = vec![0x3f80_0000, 0];
        let g1 = AluGroup::new(vec![mul]);
        let clause = AluClause {
            groups: vec![g0, g1],
        };
        let mut p = Program::default();
        let mut cf_alu = CfAlu::new(CfAluOp::Alu, 4, clause.slots());
        cf_alu.kcache[0] = backend_r600::isa::Kcache::lock2(0, 0);
        p.cf.push(CfInst::Alu(cf_alu));
        p.cf.push(CfInst::Mem(backend_r600::isa::CfMem::rat(
            backend_r600::isa::ExportOp::MemRatCacheless,
            1,
            backend_r600::isa::RatInst::StoreTyped,
            1,
            0,
            1,
        )));
        let mut end = CfWord::new(CfOp::Nop, 0);
        end.barrier = true;
        p.cf.push(CfInst::Word(end));
        p.alu_clauses.insert(4, clause);
        p
    }

    #[test]
    fn every_operator_makes_a_different_decodable_program() {
        let p = program();
        let bytes = p.encode().unwrap();
        let sites = sites(&p);
        for op in Operator::ALL {
            let mut made = 0;
            for (s, &site) in sites.iter().enumerate() {
                for seed in 0..8 {
                    let mut rng = Rng::new(seed * 31 + s as u64);
                    let Some((m, desc)) = mutate(&p, site, op, 4, &mut rng) else {
                        continue;
                    };
                    let out = finish(&bytes, &m).unwrap_or_else(|e| panic!("{desc}: {e}"));
                    assert_ne!(out, bytes, "{desc}");
                    // The decoder pads the CF program to an even slot count.
                    let back = Program::decode(&out).unwrap();
                    assert_eq!(back.alu_clauses, m.alu_clauses, "{desc}");
                    assert_eq!(back.fetch_clauses, m.fetch_clauses, "{desc}");
                    assert_eq!(back.cf[..m.cf.len()], m.cf[..], "{desc}");
                    assert_ne!(back, Program::decode(&bytes).unwrap(), "{desc}");
                    made += 1;
                }
            }
            assert!(made > 0, "{op:?} never applied");
        }
    }

    #[test]
    fn classes_come_from_the_table() {
        let add = alu_class(AluOp::Add);
        assert!(add.contains(&AluOp::Mul) && add.contains(&AluOp::Max));
        assert!(add.contains(&AluOp::AddInt) && !add.contains(&AluOp::Add));
        assert!(alu_class(AluOp::Sin).contains(&AluOp::Cos));
        assert!(alu_class(AluOp::Nop).is_empty());
        let m = mutants(&program().encode().unwrap(), 4, 50, &mut Rng::new(7));
        assert_eq!(m.len(), 50);
        assert!(m.iter().filter(|m| m.code.is_ok()).count() > 25);
    }
}
