//! The VLIW legality rules of Cayman instruction groups: the one place they live.
//!
//! The packer, the register allocator, the final emitter and the device model's decoder all
//! call [`check_group`] (and [`check_clause`] for the rules that span groups); the packer
//! calls [`assign_bank_swizzles`] to find BANK_SWIZZLE values.
//!
//! Rules (cayman Ch4; digest §3):
//! * Structure: 1-4 instructions, slots (= DST_CHAN) strictly increasing (cayman L1379-1400).
//! * Slot rules per opcode ([`SlotRule`]): replicated former-trans ops, four-slot reductions,
//!   64-bit pairs, PREV chains, x-only LDS, w-only flags (digest §3.2, §3.8).
//! * GPR read ports: per element (x/y/z/w bank) one GPR address per cycle, three cycles; the
//!   cycle of each GPR source comes from BANK_SWIZZLE; src1 equal to src0 shares src0's port;
//!   only the opcode's real operands count (cayman L1560-1576, L1587-1635, algorithm
//!   L1660-1736).
//! * Constant ports: kcache reads use at most two (constant, channel pair) reservations
//!   (cayman L1564, reserve_cbuffer L1700-1712). Literals, inline constants and PV are free.
//! * Literals: at most four dwords, implied by the operands (cayman L1492, L1568).
//! * Once per group: one PRED_SET* (cayman L1914, L1978), one KILL and not beside a PRED_SET
//!   (L1912, L1914; digest Q45), one MOVA_INT and no AR-relative operand beside it (L1930,
//!   L1964), one LDS_IDX_OP (L7797), LDS queue reads all popping or all peeking (L2334).
//! * UPDATE_EXEC_MASK / UPDATE_PRED only on PRED_SET*/KILL* (cayman L1956, L1978).
//! * \[EXT\] LLVM: LDS output queue A is read only on cycle 0 (digest §3.7).
//!
//! What depends on neighbouring groups (AR set by an earlier MOVA_INT, PV validity) is in
//! [`check_clause`]. The adjacent-group aliasing cases of cayman L1982-2028 depend on run-time
//! index values the compiler guarantees, so they are not checked.

use super::alu::{AluClause, AluGroup, AluInst, AluSrc, BankSwizzle, Chan, IndexMode, SrcSel};
use super::opcodes::{AluOp, OpKind, SlotRule, SpecialSel};

/// Why a group (or clause) is illegal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// Not 1..=4 instructions.
    #[error("a group holds 1 to 4 instructions, not {0} (cayman L1379)")]
    Size(usize),
    /// Slots out of order or repeated.
    #[error("instruction {index} is in slot {slot:?}, not after the previous one: slots are x, y, z, w in order, one each (cayman L1383, L1400)")]
    SlotOrder {
        /// Position in the group.
        index: usize,
        /// Its slot.
        slot: Chan,
    },
    /// An opcode in a slot its rule forbids, or without the partners its rule needs.
    #[error("{op} in slot {slot:?}: {why}")]
    SlotRule {
        /// The opcode.
        op: &'static str,
        /// Its slot.
        slot: Chan,
        /// The rule broken.
        why: &'static str,
    },
    /// Two different GPR addresses of one element on one cycle.
    #[error("slot {slot:?} src{src}: R{gpr}.{chan} needs the {chan}-bank read port of cycle {cycle}, already used for another GPR (cayman L1617)", chan = chan.letter())]
    GprPort {
        /// Slot of the instruction.
        slot: Chan,
        /// Source index.
        src: usize,
        /// GPR.
        gpr: u8,
        /// Element.
        chan: Chan,
        /// Cycle.
        cycle: usize,
    },
    /// More than two kcache (constant, channel pair) reservations.
    #[error("slot {slot:?} src{src}: a third kcache constant pair; a group reads at most two (cayman L1564)")]
    ConstPorts {
        /// Slot.
        slot: Chan,
        /// Source index.
        src: usize,
    },
    /// LDS output queue A read on a cycle other than 0.
    #[error("slot {slot:?} src{src}: LDS output queue A can only be read on cycle 0 ([EXT] LLVM R600InstrInfo)")]
    QueueCycle {
        /// Slot.
        slot: Chan,
        /// Source index.
        src: usize,
    },
    /// A once-per-group rule.
    #[error("{0}")]
    OncePerGroup(&'static str),
    /// UPDATE_EXEC_MASK / UPDATE_PRED on an instruction that is not PRED_SET*/KILL*.
    #[error("slot {0:?}: UPDATE_EXEC_MASK/UPDATE_PRED only on PRED_SET* or KILL* (cayman L1956)")]
    UpdateOnNonPredicate(Chan),
    /// A rule spanning groups (from [`check_clause`]).
    #[error("{0}")]
    Clause(String),
}

/// Identity of a GPR read after relative addressing, as far as it is known statically: a
/// relative read is identified by its base and index mode.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct GprKey {
    gpr: u8,
    rel: Option<IndexMode>,
}

fn gpr_key(i: &AluInst, s: &AluSrc) -> Option<GprKey> {
    match s.sel {
        SrcSel::Gpr(g) => Some(GprKey {
            gpr: g,
            rel: s.rel.then_some(i.index_mode),
        }),
        _ => None,
    }
}

/// The port reservations of a (partial) group: `HW_GPR[cycle][elem]` and `HW_CBUFFER[0..1]`
/// of the algorithm at cayman L1660-1736.
#[derive(Clone, Copy, Default, Debug)]
struct Ports {
    gpr: [[Option<GprKey>; 4]; 3],
    konst: [Option<(u16, bool, usize)>; 2],
}

impl Ports {
    /// Reserves the GPR ports of one instruction under swizzle `bs`.
    fn reserve_gpr(&mut self, i: &AluInst, bs: BankSwizzle) -> Result<(), Illegal> {
        let srcs = i.used_srcs();
        for (k, s) in srcs.iter().enumerate() {
            if let SrcSel::Special(sp) = s.sel {
                if matches!(sp, SpecialSel::LdsOqA | SpecialSel::LdsOqAPop) && bs.cycle(k) != 0 {
                    return Err(Illegal::QueueCycle {
                        slot: i.slot(),
                        src: k,
                    });
                }
            }
            let Some(key) = gpr_key(i, s) else { continue };
            if k == 1 {
                if let Some(s0) = srcs.first() {
                    if gpr_key(i, s0) == Some(key) && s0.chan == s.chan {
                        continue; // src1 == src0 shares src0's port (cayman L1596-1605)
                    }
                }
            }
            let cycle = bs.cycle(k);
            let port = &mut self.gpr[cycle][s.chan.index()];
            match port {
                None => *port = Some(key),
                Some(held) if *held == key => {}
                Some(_) => {
                    return Err(Illegal::GprPort {
                        slot: i.slot(),
                        src: k,
                        gpr: key.gpr,
                        chan: s.chan,
                        cycle,
                    })
                }
            }
        }
        Ok(())
    }

    /// Reserves the constant-file ports of one instruction (reserve_cbuffer, cayman L1700).
    fn reserve_const(&mut self, i: &AluInst) -> Result<(), Illegal> {
        for (k, s) in i.used_srcs().iter().enumerate() {
            let Some(sel) = (match s.sel {
                SrcSel::Kcache { .. } => s.sel.to_bits(),
                _ => None,
            }) else {
                continue;
            };
            let key = (sel, s.rel, s.chan.index() / 2);
            if self.konst.contains(&Some(key)) {
                continue;
            }
            match self.konst.iter_mut().find(|r| r.is_none()) {
                Some(r) => *r = Some(key),
                None => {
                    return Err(Illegal::ConstPorts {
                        slot: i.slot(),
                        src: k,
                    })
                }
            }
        }
        Ok(())
    }
}

fn same_sources(a: &AluInst, b: &AluInst) -> bool {
    a.used_srcs() == b.used_srcs()
        && (a.index_mode == b.index_mode || !a.used_srcs().iter().any(|s| s.rel))
}

/// The rules that do not depend on BANK_SWIZZLE.
fn check_structure(g: &AluGroup) -> Result<(), Illegal> {
    let n = g.insts.len();
    if n == 0 || n > 4 {
        return Err(Illegal::Size(n));
    }
    let mut by_slot: [Option<&AluInst>; 4] = [None; 4];
    let mut prev: Option<usize> = None;
    for (k, i) in g.insts.iter().enumerate() {
        let s = i.slot().index();
        if prev.is_some_and(|p| s <= p) {
            return Err(Illegal::SlotOrder {
                index: k,
                slot: i.slot(),
            });
        }
        prev = Some(s);
        by_slot[s] = Some(i);
    }
    let at = |c: usize| by_slot.get(c).copied().flatten();
    let same_op = |c: usize, op: AluOp| at(c).is_some_and(|i| i.op == op);
    for i in &g.insts {
        let slot = i.slot();
        let s = slot.index();
        let err = |why| {
            Err(Illegal::SlotRule {
                op: i.op.name(),
                slot,
                why,
            })
        };
        match i.op.info().slots {
            SlotRule::Any => {}
            SlotRule::Trans | SlotRule::Replicated4 => {
                // Mesa issues these in x, y, z (+w), LLVM 14 in any three or all four slots
                // (e.g. x, z, w once a dead slot is removed); both run on hardware, so the
                // rule is: at least three slots, identical opcode and sources, and no slot
                // holding the op with different sources.
                let same = g
                    .insts
                    .iter()
                    .filter(|o| o.op == i.op && same_sources(o, i))
                    .count();
                let any = g.insts.iter().filter(|o| o.op == i.op).count();
                if same < 3 || any != same {
                    return err("a former trans-slot op runs replicated in at least three slots with identical sources (digest §3.2, F11)");
                }
            }
            SlotRule::Reduction4 | SlotRule::Quad64 => {
                if !(0..4).all(|c| same_op(c, i.op)) {
                    return err("must occupy all four slots of the group (cayman L1916, L5213)");
                }
                if let Some(x) = at(0) {
                    if x.omod != i.omod || x.clamp != i.clamp {
                        return err(
                            "all four slots must use the same OMOD and CLAMP (cayman L1918)",
                        );
                    }
                }
            }
            SlotRule::Pair64 => {
                let partner = s ^ 1;
                if !same_op(partner, i.op) {
                    return err(
                        "a 64-bit op occupies the slot pair (x, y) or (z, w) (cayman L2030-2034)",
                    );
                }
            }
            SlotRule::PrevXY => {
                if s > 1 {
                    return err("only in x or y (cayman L3331)");
                }
            }
            SlotRule::NotW => {
                if s == 3 {
                    return err("not in w (cayman L3740)");
                }
            }
            SlotRule::PairXY => {
                if s > 1 || !same_op(s ^ 1, i.op) {
                    return err("INTERP_X occupies slots x and y (cayman L4462)");
                }
            }
            SlotRule::PairZW => {
                if s < 2 || !same_op(s ^ 1, i.op) {
                    return err("INTERP_Z occupies slots z and w (cayman L4502)");
                }
            }
            SlotRule::WOnly => {
                if s != 3 {
                    return err("only in w (cayman L4817, L6956)");
                }
            }
            SlotRule::XOnly => {
                if s != 0 {
                    return err("only in x (cayman L7797)");
                }
            }
        }
        if (i.update_exec_mask || i.update_pred) && !i.op.may_update_exec_mask() {
            return Err(Illegal::UpdateOnNonPredicate(slot));
        }
    }
    // Once-per-group rules. A 64-bit PRED_SET pair counts once.
    let pred = g
        .insts
        .iter()
        .filter(|i| i.op.info().kind == OpKind::PredSet)
        .filter(|i| i.op.info().slots != SlotRule::Pair64 || i.slot().index() % 2 == 0)
        .count();
    let kill = g
        .insts
        .iter()
        .filter(|i| i.op.info().kind == OpKind::Kill)
        .count();
    if pred > 1 {
        return Err(Illegal::OncePerGroup(
            "at most one PRED_SET* per group (cayman L1914, L1978)",
        ));
    }
    if kill > 1 || (kill == 1 && pred == 1) {
        return Err(Illegal::OncePerGroup(
            "at most one KILL per group, and not beside a PRED_SET* (cayman L1912-1914)",
        ));
    }
    let mova = g
        .insts
        .iter()
        .filter(|i| i.op.info().kind == OpKind::Mova)
        .count();
    if mova > 1 {
        return Err(Illegal::OncePerGroup(
            "at most one MOVA_INT per group (cayman L1964)",
        ));
    }
    if mova == 1 && g.insts.iter().any(uses_ar) {
        return Err(Illegal::OncePerGroup(
            "a group with MOVA_INT may not use AR-relative addressing (cayman L1930)",
        ));
    }
    let mut pops = 0;
    let mut peeks = 0;
    for i in &g.insts {
        for s in i.used_srcs() {
            if let SrcSel::Special(sp) = s.sel {
                match sp {
                    SpecialSel::LdsOqAPop | SpecialSel::LdsOqBPop => pops += 1,
                    SpecialSel::LdsOqA | SpecialSel::LdsOqB => peeks += 1,
                    _ => {}
                }
            }
        }
    }
    if pops > 0 && peeks > 0 {
        return Err(Illegal::OncePerGroup(
            "LDS queue reads of a group must all pop or all peek (cayman L2334)",
        ));
    }
    Ok(())
}

/// True if the instruction reads or writes through AR.X.
fn uses_ar(i: &AluInst) -> bool {
    let ar = matches!(i.index_mode, IndexMode::ArX | IndexMode::GlobalArX);
    let dst_rel = i.dst.rel && i.op.info().kind != OpKind::Mova && i.op != AluOp::LdsIdxOp;
    ar && (i.used_srcs().iter().any(|s| s.rel) || dst_rel)
}

/// Checks one group against every group-local rule, with the BANK_SWIZZLE values it holds.
pub fn check_group(g: &AluGroup) -> Result<(), Illegal> {
    check_structure(g)?;
    let mut p = Ports::default();
    for i in &g.insts {
        p.reserve_gpr(i, i.bank_swizzle)?;
        p.reserve_const(i)?;
    }
    Ok(())
}

/// Finds BANK_SWIZZLE values (one per instruction, in group order; entries past the group's
/// length are `Vec012`) that make the group legal, or `None` if none exist.
///
/// Depth-first search over the 6^n assignments, reserving ports instruction by instruction
/// and cutting a branch as soon as a port clashes; complete, so it finds an assignment
/// whenever one exists. Swizzles already in the group are tried first.
pub fn assign_bank_swizzles(g: &AluGroup) -> Option<[BankSwizzle; 4]> {
    check_structure(g).ok()?;
    let mut konst = Ports::default();
    for i in &g.insts {
        konst.reserve_const(i).ok()?;
    }
    let mut out = [BankSwizzle::Vec012; 4];
    if search(&g.insts, 0, Ports::default(), &mut out) {
        Some(out)
    } else {
        None
    }
}

fn search(insts: &[AluInst], k: usize, ports: Ports, out: &mut [BankSwizzle; 4]) -> bool {
    let Some(i) = insts.get(k) else { return true };
    let first = i.bank_swizzle;
    let order = std::iter::once(first).chain(BankSwizzle::ALL.into_iter().filter(|b| *b != first));
    for bs in order {
        let mut p = ports;
        if p.reserve_gpr(i, bs).is_ok() {
            if let Some(slot) = out.get_mut(k) {
                *slot = bs;
            }
            if search(insts, k + 1, p, out) {
                return true;
            }
        }
    }
    false
}

/// Applies [`assign_bank_swizzles`] to a group in place; false if no legal assignment exists.
pub fn fix_bank_swizzles(g: &mut AluGroup) -> bool {
    match assign_bank_swizzles(g) {
        Some(bs) => {
            for (i, b) in g.insts.iter_mut().zip(bs) {
                i.bank_swizzle = b;
            }
            true
        }
        None => false,
    }
}

/// Checks every group of a clause and the rules that span groups:
/// * AR-relative addressing needs a MOVA_INT (to AR.X) in an earlier group of the same
///   clause (cayman L1448);
/// * PV is clause-local: not in the first group, and PV.c only if the previous group had an
///   instruction in slot c that is neither NOP nor MOVA_INT (cayman L1456-1458, L1960, L1926).
///
/// Returns the index of the offending group with the reason.
pub fn check_clause(c: &AluClause) -> Result<(), (usize, Illegal)> {
    let mut ar_set = false;
    let mut pv_valid = [false; 4];
    for (k, g) in c.groups.iter().enumerate() {
        check_group(g).map_err(|e| (k, e))?;
        for i in &g.insts {
            if uses_ar(i) && !ar_set {
                return Err((k, Illegal::Clause(format!(
                    "slot {:?}: AR-relative addressing before any MOVA_INT of this clause (cayman L1448)",
                    i.slot()
                ))));
            }
            for s in i.used_srcs() {
                if s.sel == SrcSel::Pv && !pv_valid[s.chan.index()] {
                    return Err((k, Illegal::Clause(format!(
                        "slot {:?}: PV.{} is not produced by the previous group of this clause (cayman L1456, L1960)",
                        i.slot(),
                        s.chan.letter()
                    ))));
                }
            }
        }
        pv_valid = [false; 4];
        for i in &g.insts {
            let kind = i.op.info().kind;
            if i.op == AluOp::MovaInt && i.dst.gpr == 0 {
                ar_set = true;
            }
            pv_valid[i.slot().index()] = !matches!(
                kind,
                OpKind::Nop | OpKind::Mova | OpKind::Lds | OpKind::Barrier
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
