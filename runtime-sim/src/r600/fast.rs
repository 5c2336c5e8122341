//! Pre-decoded ALU groups: the groups made only of ordinary instructions (the opcodes
//! [`lanes::apply`] has a whole-wavefront loop for, plus NOPs) and PRED_SET*, with their
//! operands resolved once from the bytes at [`super::prepare`] time, so that executing one
//! is only the lane loops and the commit.
//!
//! Why this gives the same results as the general path (`alu.rs`, `exec_group`):
//! - every slot of the group reads before any slot writes (cayman §9.3 step 1): the slots'
//!   results go to pending buffers and are committed (GPR writes, PV, predicate, exec-mask
//!   update) after all slots have computed, and PV is read from the previous group's values;
//! - the operands read in place are exactly those the general path copies unchanged (a GPR
//!   or PV channel without ABS, NEG or REL); literals and inline constants, the same in
//!   every lane, are resolved to their value with ABS then NEG applied (cayman L1549);
//!   everything else (kcache, REL, hardware values) goes through the general path's
//!   operand reader;
//! - an ordinary opcode has no chain with another slot and no side effect, and a PRED_SET's
//!   predicate and exec-mask results take effect after the group, so the order of the slots
//!   does not matter; the lane functions are total, so every lane is computed and the
//!   commit takes the slot's lanes;
//! - a former trans-slot op replicated over its slots with identical operands is one scalar
//!   (digest §3.2): computed once, given to each of its slots;
//! - groups the fast form does not cover (64-bit pairs, DOT4, KILL, MOVA, LDS, SET_MODE,
//!   barriers, relative destinations, OMOD/CLAMP on an integer result, which is refused)
//!   take the general path, which refuses what it refuses.

use backend_r600::isa::legality;
use backend_r600::isa::opcodes::{AluEncoding, OpKind, SlotRule};
use backend_r600::isa::{
    AluClause, AluGroup, AluInst, AluOp, AluSrc, CfAlu, ExecMaskOp, Omod, PredSel, SpecialSel,
    SrcSel,
};

use super::alu::ClauseState;
use super::clause_checks::{clause_checks, Check};
use super::wave::{Ctx, Wave, BRANCH, BREAK, CONT};
use super::{gpr_ok, lanes, ops, WAVE};
use crate::runtime::RunError;

type Lanes = [u32; WAVE];

/// Zeros for the operands an opcode does not read (the general path passes zeros too).
pub(crate) static ZERO: Lanes = [0; WAVE];

/// Where a slot's operand comes from, resolved from the bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Operand {
    /// Not read by the opcode: zeros.
    Unused,
    /// A GPR channel as it is: read in place.
    Gpr { gpr: u8, chan: u8 },
    /// A GPR channel with ABS and/or NEG: `(v & and) ^ xor` (ABS clears the sign, then NEG
    /// flips it, cayman L1549).
    GprMod {
        gpr: u8,
        chan: u8,
        and: u32,
        xor: u32,
    },
    /// A PV channel (the previous group's result of that slot) as it is: read in place.
    Pv { chan: u8 },
    /// A PV channel with ABS and/or NEG.
    PvMod { chan: u8, and: u32, xor: u32 },
    /// The same value in every lane: a literal or an inline constant, modifiers applied;
    /// `at` indexes the group's lanes of it, filled at prepare time.
    Splat { value: u32, at: u8 },
    /// Read through the general operand reader (`read_src`): kcache, REL, hardware values.
    General,
}

/// One ordinary slot of a pre-decoded group.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FastSlot {
    /// Index of the instruction in the group (for the general operand reader).
    pub inst: u8,
    /// The slot (x, y, z, w as 0..=3): the PV channel it writes.
    pub slot: u8,
    pub op: AluOp,
    pub pred_sel: PredSel,
    pub srcs: [Operand; 3],
    /// OMOD (off when UPDATE_EXEC_MASK selects the other layout of the word) and CLAMP;
    /// only on float results.
    pub omod: Omod,
    pub clamp: bool,
    /// The GPR write (WRITE_MASK for OP2, always for OP3): (gpr, channel).
    pub write: Option<(u8, u8)>,
    /// A PRED_SET*: what it updates besides its destination.
    pub pred: Option<PredUpdate>,
    /// Some operand is read through a copy (modifiers, the general reader).
    pub copies: bool,
    /// A former trans-slot op (or a replicated integer multiply) whose slot `k` of this
    /// group computes the same opcode on the same operands with the same PRED_SEL and
    /// modifiers: the hardware computes that one scalar for all its slots (digest §3.2,
    /// "compute the scalar once from slot x's sources"), so the result of slot `k` is
    /// taken instead of computing it again.
    pub same_as: Option<u8>,
}

/// What a PRED_SET* slot updates (cayman L1956): the predicate (UPDATE_PRED) and the
/// pending exec-mask update (UPDATE_EXEC_MASK, with the state of the lanes it turns off).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PredUpdate {
    pub pred: bool,
    pub exec_off: Option<u8>,
}

/// A pre-decoded group: its ordinary slots (NOPs left out: they read and write nothing)
/// and the lanes of its constant operands.
#[derive(Clone, Debug, Default)]
pub(crate) struct FastGroup {
    pub slots: Vec<FastSlot>,
    pub splats: Vec<Lanes>,
}

/// An ALU clause as the executor needs it: its groups, each group's fast form where it has
/// one, and its static checks with the launch-independent ones decided.
#[derive(Clone, Debug)]
pub(crate) struct PreparedClause {
    pub clause: AluClause,
    pub fast: Vec<Option<FastGroup>>,
    /// The launch-dependent rest of the static checks (`clause_checks.rs`).
    pub checks: Vec<Check>,
}

impl PreparedClause {
    /// Clause `c` as the ALU CF instruction `a` at CF address `cf` runs it.
    pub(crate) fn new(cf: u32, a: &CfAlu, c: &AluClause) -> PreparedClause {
        PreparedClause {
            clause: c.clone(),
            fast: c.groups.iter().map(decode_group).collect(),
            checks: clause_checks(cf, a, c, &legality::check_clause(c)),
        }
    }
}

/// The fast form of `g`, or `None` if any of its instructions needs the general path.
pub(crate) fn decode_group(g: &AluGroup) -> Option<FastGroup> {
    let mut slots = Vec::with_capacity(g.insts.len());
    let mut keys: Vec<(&AluInst, SlotRule)> = Vec::with_capacity(g.insts.len());
    let mut used = 0u8;
    for (k, i) in g.insts.iter().enumerate() {
        let info = i.op.info();
        if info.kind == OpKind::Nop {
            continue;
        }
        let plain =
            info.kind == OpKind::Normal && i.op != AluOp::SetMode && lanes::COVERED.contains(&i.op);
        // A PRED_SET* the model implements (`ops::pred_set` answers for every operand or
        // for none); EXECUTE_MASK_OP kill is refused by the general path.
        let pred_set = info.kind == OpKind::PredSet
            && ops::pred_set(i.op, 0, 0).is_some()
            && !(i.update_exec_mask && i.exec_mask_op == ExecMaskOp::Kill);
        if !(plain || pred_set)
            || matches!(info.slots, SlotRule::Pair64 | SlotRule::Quad64)
            || i.dst.rel
        {
            return None;
        }
        let is_float = if pred_set { true } else { ops::scalar(i.op)?.1 };
        let omod = if i.update_exec_mask {
            Omod::Off
        } else {
            i.omod
        };
        if (omod != Omod::Off || i.clamp) && !is_float {
            return None;
        }
        // One instruction per slot (the legality rules say so; the general path handles
        // anything else).
        let bit = 1u8 << i.slot().index();
        if used & bit != 0 {
            return None;
        }
        used |= bit;
        let mut srcs = [Operand::Unused; 3];
        for (d, s) in srcs.iter_mut().zip(i.used_srcs()) {
            *d = operand(g, s)?;
        }
        let copies = srcs.iter().any(|o| {
            matches!(
                o,
                Operand::GprMod { .. } | Operand::PvMod { .. } | Operand::General
            )
        });
        let writes = match i.op.encoding() {
            AluEncoding::Op2 => i.dst.write,
            AluEncoding::Op3 => true,
        };
        slots.push(FastSlot {
            inst: k as u8,
            slot: i.slot().index() as u8,
            op: i.op,
            pred_sel: i.pred_sel,
            srcs,
            omod,
            clamp: i.clamp,
            write: writes.then_some((i.dst.gpr, i.dst.chan.index() as u8)),
            pred: pred_set.then_some(PredUpdate {
                pred: i.update_pred,
                exec_off: i.update_exec_mask.then_some(match i.exec_mask_op {
                    ExecMaskOp::Deactivate => BRANCH,
                    ExecMaskOp::Break => BREAK,
                    ExecMaskOp::Continue | ExecMaskOp::Kill => CONT,
                }),
            }),
            copies,
            same_as: None,
        });
        keys.push((i, info.slots));
    }
    // Slots of one replicated scalar op: identical but for the destination (and the bank
    // swizzle, which changes when operands are read, not their values).
    let same = |a: &AluInst, b: &AluInst| {
        a.op == b.op
            && a.used_srcs() == b.used_srcs()
            && a.index_mode == b.index_mode
            && a.pred_sel == b.pred_sel
            && a.omod == b.omod
            && a.clamp == b.clamp
            && a.update_exec_mask == b.update_exec_mask
    };
    for k in 1..keys.len() {
        let (i, rule) = keys[k];
        if matches!(rule, SlotRule::Trans | SlotRule::Replicated4) && slots[k].pred.is_none() {
            slots[k].same_as = (0..k)
                .find(|&e| same(keys[e].0, i) && slots[e].same_as.is_none())
                .map(|e| e as u8);
        }
    }
    // Each constant operand gets its 64 lanes once, here, rather than per execution.
    let mut splats = Vec::new();
    for fs in &mut slots {
        for o in &mut fs.srcs {
            if let Operand::Splat { value, at } = o {
                *at = splats.len() as u8;
                splats.push([*value; WAVE]);
            }
        }
    }
    Some(FastGroup { slots, splats })
}

/// A constant operand; its lanes are placed by [`decode_group`].
fn splat(value: u32) -> Operand {
    Operand::Splat { value, at: 0 }
}

/// The resolved form of one source; `None` for the LDS output queues (their pops are a
/// group-level side effect the general path handles).
fn operand(g: &AluGroup, s: &AluSrc) -> Option<Operand> {
    let and = if s.abs { 0x7FFF_FFFF } else { u32::MAX };
    let xor = if s.neg { 0x8000_0000 } else { 0 };
    let chan = s.chan.index() as u8;
    let plain = !s.abs && !s.neg;
    Some(match s.sel {
        SrcSel::Gpr(gpr) if !s.rel && plain => Operand::Gpr { gpr, chan },
        SrcSel::Gpr(gpr) if !s.rel => Operand::GprMod {
            gpr,
            chan,
            and,
            xor,
        },
        SrcSel::Pv if plain => Operand::Pv { chan },
        SrcSel::Pv => Operand::PvMod { chan, and, xor },
        SrcSel::Literal => splat((g.literal(s.chan) & and) ^ xor),
        SrcSel::Special(
            SpecialSel::LdsOqA | SpecialSel::LdsOqB | SpecialSel::LdsOqAPop | SpecialSel::LdsOqBPop,
        ) => return None,
        SrcSel::Special(sp) => match sp.constant_value() {
            Some(v) => splat((v & and) ^ xor),
            None => Operand::General,
        },
        _ => Operand::General,
    })
}

/// Scratch space of a clause for the fast groups: the pending results of the group's slots
/// and the operands that need a copy (nothing in them outlives a group, so they are never
/// cleared), and the per-lane select mask of the last partial lane set committed, which
/// most slots of a clause share.
#[derive(Clone, Debug)]
pub struct Scratch {
    results: [Box<Lanes>; 4],
    copies: [Lanes; 3],
    /// `mask == lanes::lane_masks(mask_of)`, always.
    mask_of: u64,
    mask: Lanes,
}

impl Default for Scratch {
    fn default() -> Scratch {
        Scratch {
            results: std::array::from_fn(|_| Box::new([0; WAVE])),
            copies: [[0; WAVE]; 3],
            mask_of: 0,
            mask: [0; WAVE],
        }
    }
}

impl Wave {
    /// Executes a pre-decoded group `fg` (group `gi` of the clause, `g` its instructions).
    pub(crate) fn exec_fast(
        &mut self,
        ctx: &Ctx<'_>,
        cs: &mut ClauseState,
        g: &AluGroup,
        gi: usize,
        fg: &FastGroup,
    ) -> Result<(), RunError> {
        let mut run = [0u64; 4];
        let mut exe = [0u64; 4];
        // 1-3: every slot reads and computes into its pending result.
        for (k, fs) in fg.slots.iter().enumerate() {
            let r = cs.pred_mask(fs.pred_sel);
            run[k] = r;
            if let Some(e) = fs.same_as {
                let (done, rest) = cs.scratch.results.split_at_mut(k);
                if let (Some(from), Some(to)) = (done.get(usize::from(e)), rest.first_mut()) {
                    **to = **from;
                }
                continue;
            }
            for (j, o) in fs.srcs.iter().enumerate().filter(|_| fs.copies) {
                match *o {
                    Operand::GprMod {
                        gpr,
                        chan,
                        and,
                        xor,
                    } => modified(
                        &mut cs.scratch.copies[j],
                        &self.gpr[usize::from(gpr)][usize::from(chan)],
                        and,
                        xor,
                    ),
                    Operand::PvMod { chan, and, xor } => {
                        let src = *cs.pv(usize::from(chan));
                        modified(&mut cs.scratch.copies[j], &src, and, xor);
                    }
                    Operand::General => {
                        let i = &g.insts[usize::from(fs.inst)];
                        let v = self.read_src(ctx, cs, g, gi, i, &i.src[j], r)?;
                        cs.scratch.copies[j] = v;
                    }
                    Operand::Unused
                    | Operand::Gpr { .. }
                    | Operand::Pv { .. }
                    | Operand::Splat { .. } => {}
                }
            }
            let ClauseState {
                pv,
                pv_live,
                scratch,
                ..
            } = &mut *cs;
            let Scratch {
                results, copies, ..
            } = scratch;
            let at = |j: usize| {
                lanes_of(
                    fs.srcs[j],
                    &self.gpr,
                    (pv, *pv_live),
                    &copies[j],
                    &fg.splats,
                )
            };
            let a = [at(0), at(1), at(2)];
            // Every lane is computed (the functions are total); the commit takes only the
            // lanes of the slot's run mask, so the others are never seen.
            let v = &mut *results[k];
            if fs.pred.is_some() {
                exe[k] = lanes::pred_set(fs.op, a[0], a[1], v);
            } else {
                lanes::apply(fs.op, a, u64::MAX, v);
            }
            if fs.omod != Omod::Off || fs.clamp {
                for x in v.iter_mut() {
                    *x = super::alu::output_modifiers(*x, fs.omod, fs.clamp);
                }
            }
        }
        // 4. commit: GPR writes and PV, then the predicate and the exec-mask update.
        for (k, fs) in fg.slots.iter().enumerate() {
            let r = run[k];
            let Scratch {
                results,
                mask_of,
                mask,
                ..
            } = &mut cs.scratch;
            if !lanes::is_prefix(r) && r != *mask_of {
                *mask = lanes::lane_masks(r);
                *mask_of = r;
            }
            let gpr = fs
                .write
                .filter(|&(g, _)| g < 128 && gpr_ok(ctx.launch, u32::from(g)))
                .and_then(|(g, c)| {
                    self.gpr
                        .get_mut(usize::from(g))
                        .map(|x| &mut x[usize::from(c)])
                });
            if let Some(g) = gpr {
                lanes::blend(g, &results[k], r, mask);
            }
            // PV lanes outside the clause's exec mask are never seen: every ALU operation
            // is lane by lane and only exec lanes compute, and PV ends with the clause. A
            // slot that runs for every exec lane hands its whole result over as PV (a swap
            // of boxes, no copy); one that runs for fewer (PRED_SEL) keeps the others.
            let slot = usize::from(fs.slot);
            if r == cs.exec {
                std::mem::swap(&mut cs.pv[slot & 3], &mut results[k]);
                cs.pv_live |= 1 << (slot & 3);
            } else {
                // `ClauseState::pv_mut`, spelt out beside the borrow of the results.
                if cs.pv_live >> slot & 1 == 0 {
                    *cs.pv[slot & 3] = [0; WAVE];
                    cs.pv_live |= 1 << (slot & 3);
                }
                lanes::blend(&mut cs.pv[slot & 3], &results[k], r, mask);
            }
            if let Some(u) = fs.pred {
                let e = exe[k] & r;
                if u.pred {
                    cs.pred = (cs.pred & !r) | e;
                }
                if let Some(off) = u.exec_off {
                    cs.exec_update = Some((e, off));
                }
            }
        }
        Ok(())
    }
}

/// The lanes operand `o` reads: in place (a GPR or PV channel, a constant's lanes), or the
/// copy made for it.
#[inline(always)]
fn lanes_of<'a>(
    o: Operand,
    gpr: &'a [[Lanes; 4]],
    (pv, pv_live): (&'a [Box<Lanes>; 4], u8),
    copy: &'a Lanes,
    splats: &'a [Lanes],
) -> &'a Lanes {
    match o {
        Operand::Unused => &ZERO,
        Operand::Gpr { gpr: g, chan } => gpr
            .get(usize::from(g))
            .map_or(&ZERO, |r| &r[usize::from(chan)]),
        Operand::Pv { chan } if pv_live >> chan & 1 == 1 => &pv[usize::from(chan & 3)],
        Operand::Pv { .. } => &ZERO,
        Operand::Splat { at, .. } => splats.get(usize::from(at)).unwrap_or(&ZERO),
        Operand::GprMod { .. } | Operand::PvMod { .. } | Operand::General => copy,
    }
}

/// `dst = (src & and) ^ xor` lane by lane: ABS then NEG.
#[inline]
fn modified(dst: &mut Lanes, src: &Lanes, and: u32, xor: u32) {
    for l in 0..WAVE {
        dst[l] = (src[l] & and) ^ xor;
    }
}
