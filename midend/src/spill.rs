//! Spilling in the IR, for a backend whose register allocator cannot spill by itself
//! (Cayman, whose registers are packed into VLIW groups before they are allocated).
//!
//! A spilled value is stored to a private array right after its definition and loaded
//! again before the uses that are far from it: in another block, or more than
//! [`NEAR`] instructions later in its own block. Loads are shared by the uses that follow
//! one closely. The value then lives only around its definition and around each reload,
//! which is what frees registers where the pressure is. The private array is an
//! ordinary indexed-temporary array the backend already keeps in memory (32-bit
//! components), so nothing new is needed below the IR.
//!
//! - A 64-bit value takes two consecutive dword slots: its `Lo32` and `Hi32` are stored,
//!   and a reload packs the two loaded halves again (`Pack64`). On Cayman the three
//!   operations cost nothing (a 64-bit value already is a pair of 32-bit registers).
//! - A block parameter (a value carried around a loop, or merged after an `if`) has no
//!   instruction to store after: each jump to its block stores the argument to the slot
//!   instead of passing it, and the parameter is removed from the block. Its uses reload
//!   it like any other. Only blocks that every predecessor enters by a `Jump` qualify (a
//!   `Branch` would store on both of its ways), which includes every loop header.
//! - Booleans (predicates on Cayman) and constants are never spilled.
use std::collections::HashMap;

use cranelift_entity::SecondaryMap;

use il_frontend::diag::Span;
use smallvec::SmallVec;

use crate::analysis::liveness::Liveness;
use crate::ir::{Block, BlockCall, Function, Inst, Op, Terminator, Type, Value, ValueDef, Width};

/// Uses within this many instructions of a definition (or of an earlier reload) read the
/// register rather than memory.
pub const NEAR: usize = 16;

/// The values worth spilling, best first: the [spillable](spillable) values live over more
/// than `2 * NEAR` instruction positions, ordered by those positions per use.
pub fn candidates(func: &Function) -> Vec<Value> {
    let live = Liveness::new(func);
    let layout = func.layout();
    // Position of each block's first instruction in the linear order, and of each inst.
    let mut block_start: SecondaryMap<Block, usize> = SecondaryMap::new();
    let mut block_end: SecondaryMap<Block, usize> = SecondaryMap::new();
    let mut pos: SecondaryMap<Inst, usize> = SecondaryMap::new();
    let mut at = 0usize;
    for &b in &layout {
        block_start[b] = at;
        for &i in &func.blocks[b].insts {
            pos[i] = at;
            at += 1;
        }
        block_end[b] = at;
        at += 1; // the terminator
    }
    let mut first: HashMap<Value, usize> = HashMap::new();
    let mut last: HashMap<Value, usize> = HashMap::new();
    let mut uses: HashMap<Value, usize> = HashMap::new();
    let mut touch = |v: Value, p: usize| {
        let f = first.entry(v).or_insert(p);
        *f = (*f).min(p);
        let l = last.entry(v).or_insert(p);
        *l = (*l).max(p);
    };
    for &b in &layout {
        // A parameter is defined where its block starts (it is never live-in there).
        for &p in &func.blocks[b].params {
            touch(p, block_start[b]);
        }
        for v in live.live_in(b).iter() {
            touch(v, block_start[b]);
        }
        for v in live.live_out(b).iter() {
            touch(v, block_end[b]);
        }
        for &i in &func.blocks[b].insts {
            for &a in &func.insts[i].args {
                touch(func.resolve(a), pos[i]);
                *uses.entry(func.resolve(a)).or_default() += 1;
            }
            for &r in &func.insts[i].results {
                touch(r, pos[i]);
            }
        }
        func.blocks[b].term.for_each_arg(&mut |a| {
            touch(func.resolve(a), block_end[b]);
            *uses.entry(func.resolve(a)).or_default() += 1;
        });
    }
    let jump_only = entered_by_jumps(func);
    let mut out: Vec<(usize, Value)> = first
        .iter()
        .filter(|(&v, _)| spillable(func, &jump_only, v))
        .filter_map(|(&v, &f)| {
            let span = last.get(&v).copied().unwrap_or(f) - f;
            (span > 2 * NEAR).then(|| (span / (1 + uses.get(&v).copied().unwrap_or(0)), v))
        })
        .collect();
    out.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    out.into_iter().map(|(_, v)| v).collect()
}

/// The blocks that every predecessor (at least one) enters by a `Jump`: a parameter of one
/// can be passed through memory, stored just before each jump.
fn entered_by_jumps(func: &Function) -> SecondaryMap<Block, bool> {
    let mut jumps: SecondaryMap<Block, bool> = SecondaryMap::new();
    let mut branches: SecondaryMap<Block, bool> = SecondaryMap::new();
    for b in func.layout() {
        match &func.blocks[b].term {
            Terminator::Jump(call) => jumps[call.block] = true,
            term => {
                for call in term.successors() {
                    branches[call.block] = true;
                }
            }
        }
    }
    for (b, only) in jumps.iter_mut() {
        *only &= !branches[b];
    }
    jumps
}

/// Whether `v` can live in spill slots: a 32- or 64-bit value that is neither a constant
/// (rematerializing it is cheaper) nor a parameter of a block some `Branch` enters.
fn spillable(func: &Function, jump_only: &SecondaryMap<Block, bool>, v: Value) -> bool {
    slots_of(func.ty(v)) > 0
        && match func.values[v].def {
            ValueDef::Result(inst, _) => !matches!(func.insts[inst].op, Op::Const(_)),
            ValueDef::Param(b, _) => jump_only[b],
            ValueDef::Alias(_) => false,
        }
}

/// The dword slots a value of type `ty` takes: 1 for 32 bits, 2 for 64, 0 for a boolean.
fn slots_of(ty: Type) -> usize {
    match ty.width() {
        Width::W32 => 1,
        Width::W64 => 2,
        Width::Bool => 0,
    }
}

/// The first dword slot of each spillable value of `victims`, in order, and the number of
/// slots they take.
fn assign_slots(func: &Function, victims: &[Value]) -> (HashMap<Value, usize>, usize) {
    let jump_only = entered_by_jumps(func);
    let mut slot = HashMap::new();
    let mut next = 0;
    for &v in victims {
        if spillable(func, &jump_only, v) && !slot.contains_key(&v) {
            slot.insert(v, next);
            next += slots_of(func.ty(v));
        }
    }
    (slot, next)
}

/// The elements (four dwords each) of the private array that [`to_private`] needs for
/// `victims`.
pub fn elements(func: &Function, victims: &[Value]) -> u32 {
    assign_slots(func, victims).1.div_ceil(4) as u32
}

/// `func` with every value of `victims` kept in the private array `array` (which must not
/// be used otherwise), dword slot `k` being component `k % 4` of element `k / 4`. Values
/// that cannot be spilled are left alone. Needs [`elements`] elements.
pub fn to_private(func: &Function, victims: &[Value], array: u32) -> Function {
    let mut f = func.clone();
    let (slot, _) = assign_slots(func, victims);
    if slot.is_empty() {
        return f;
    }
    let Some(entry) = f.entry() else { return f };
    // The private accesses take an index; spill slots are constant elements.
    let zero_inst = f.create_inst(Op::Const(0), &[], &[Type::I32], Default::default());
    let zero = f.insts[zero_inst].results[0];
    f.blocks[entry].insts.insert(0, zero_inst);
    let mut s = Spiller {
        f,
        slot,
        array,
        zero,
    };
    // The spilled parameters of each block, by their index before any is removed.
    let mut params: HashMap<Block, Vec<(usize, Value)>> = HashMap::new();
    for b in func.layout() {
        for (i, &p) in func.blocks[b].params.iter().enumerate() {
            if s.slot.contains_key(&p) {
                params.entry(b).or_default().push((i, p));
            }
        }
    }
    for b in func.layout() {
        s.rewrite_block(b, &params);
    }
    let mut f = s.f;
    for (b, spilled) in params {
        f.blocks[b]
            .params
            .retain(|p| !spilled.iter().any(|&(_, q)| q == *p));
        for (k, &p) in f.blocks[b].params.clone().iter().enumerate() {
            f.values[p].def = ValueDef::Param(b, k as u16);
        }
    }
    f
}

/// The rewriting state of [`to_private`].
struct Spiller {
    f: Function,
    /// The first dword slot of each spilled value.
    slot: HashMap<Value, usize>,
    array: u32,
    /// The constant index of every private access.
    zero: Value,
}

/// How a jump passes one argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    /// In a register, to a parameter that is not spilled.
    Register,
    /// To the slot (first dword `k`) of a spilled parameter, stored before the jump.
    Store(usize),
    /// Like `Store`, but the argument is itself a spilled parameter of a target, whose
    /// slot another store of the jump may overwrite: read before any of them.
    ReadEarly(usize),
    /// Nothing to do: the parameter is passed itself, its slot holds it already.
    Unchanged,
}

/// Per spilled value, the register that holds it in the block being rewritten and the
/// length the block had when it was set.
type Here = HashMap<Value, (Value, usize)>;

impl Spiller {
    /// Reloads before far uses, stores after definitions and before the jumps that pass a
    /// spilled parameter (whose argument is then dropped).
    fn rewrite_block(&mut self, b: Block, params: &HashMap<Block, Vec<(usize, Value)>>) {
        let old = std::mem::take(&mut self.f.blocks[b].insts);
        let mut insts = Vec::with_capacity(old.len());
        let mut here = Here::new();
        for inst in old {
            let span = self.f.insts[inst].span;
            let mut args = self.f.insts[inst].args.clone();
            for a in args.iter_mut() {
                *a = self.read(&mut insts, &mut here, *a, span);
            }
            self.f.insts[inst].args = args;
            let results = self.f.insts[inst].results.clone();
            insts.push(inst);
            for r in results {
                if let Some(&k) = self.slot.get(&r) {
                    self.store(&mut insts, k, r, span);
                    here.insert(r, (r, insts.len()));
                }
            }
        }
        let mut term = self.f.blocks[b].term.clone();
        if let Terminator::Branch { cond, .. } = &mut term {
            *cond = self.read(&mut insts, &mut here, *cond, Default::default());
        }
        let plans: Vec<Vec<Pass>> = term
            .successors()
            .iter()
            .map(|call| self.plan(&term, call, params))
            .collect();
        // The arguments kept in registers first, with every reload of a spilled parameter
        // that a store below could overwrite.
        for (call, plan) in term.successors_mut().into_iter().zip(&plans) {
            for (a, pass) in call.args.iter_mut().zip(plan) {
                if matches!(pass, Pass::Register | Pass::ReadEarly(_)) {
                    *a = self.read(&mut insts, &mut here, *a, Default::default());
                }
            }
        }
        // Then each argument of a spilled parameter goes to its slot, read just before
        // (so that no more of them are live at once than necessary), and is dropped.
        for (call, plan) in term.successors_mut().into_iter().zip(&plans) {
            for (i, pass) in plan.iter().enumerate() {
                let (Pass::Store(k) | Pass::ReadEarly(k)) = *pass else {
                    continue;
                };
                let v = self.read(&mut insts, &mut here, call.args[i], Default::default());
                self.store(&mut insts, k, v, Default::default());
            }
            for (i, pass) in plan.iter().enumerate().rev() {
                if !matches!(pass, Pass::Register) {
                    call.args.remove(i);
                }
            }
        }
        self.f.blocks[b].term = term;
        self.f.blocks[b].insts = insts;
    }

    /// How `call`, one of the targets of `term`, passes each of its arguments.
    fn plan(
        &self,
        term: &Terminator,
        call: &BlockCall,
        params: &HashMap<Block, Vec<(usize, Value)>>,
    ) -> Vec<Pass> {
        let spilled_param = |v: Value| {
            term.successors().iter().any(|c| {
                params
                    .get(&c.block)
                    .is_some_and(|ps| ps.iter().any(|p| p.1 == v))
            })
        };
        let spilled = params.get(&call.block);
        call.args
            .iter()
            .enumerate()
            .map(|(i, &a)| {
                let a = self.f.resolve(a);
                let param = spilled.and_then(|ps| ps.iter().find(|p| p.0 == i));
                match param.and_then(|&(_, p)| Some((p, *self.slot.get(&p)?))) {
                    None => Pass::Register,
                    Some((p, _)) if p == a => Pass::Unchanged,
                    Some((_, k)) if spilled_param(a) => Pass::ReadEarly(k),
                    Some((_, k)) => Pass::Store(k),
                }
            })
            .collect()
    }

    /// The register to read value `a` from at the end of `insts`: `a` itself unless it is
    /// spilled, then the one set nearby, or a fresh reload.
    fn read(&mut self, insts: &mut Vec<Inst>, here: &mut Here, a: Value, span: Span) -> Value {
        let v = self.f.resolve(a);
        let Some(&k) = self.slot.get(&v) else {
            return a;
        };
        if let Some(&(r, set)) = here.get(&v) {
            if insts.len() - set <= NEAR {
                return r;
            }
        }
        let r = match self.f.ty(v).width() {
            Width::W64 => {
                let lo = self.load(insts, k, span);
                let hi = self.load(insts, k + 1, span);
                let ty = self.f.ty(v);
                let pack = self.f.create_inst(Op::Pack64, &[lo, hi], &[ty], span);
                insts.push(pack);
                self.f.insts[pack].results[0]
            }
            _ => {
                let r = self.load(insts, k, span);
                // The reload has the spilled value's own type (f32 or i32).
                let ty = self.f.ty(v);
                self.f.values[r].ty = ty;
                r
            }
        };
        here.insert(v, (r, insts.len()));
        r
    }

    /// Appends the stores of `v` (a 64-bit value as its two halves) to slot `k` on.
    fn store(&mut self, insts: &mut Vec<Inst>, k: usize, v: Value, span: Span) {
        let halves: SmallVec<[Value; 2]> = if self.f.ty(v).width() == Width::W64 {
            [Op::Lo32, Op::Hi32]
                .into_iter()
                .map(|op| {
                    let half = self.f.create_inst(op, &[v], &[Type::I32], span);
                    insts.push(half);
                    self.f.insts[half].results[0]
                })
                .collect()
        } else {
            smallvec::smallvec![v]
        };
        for (j, h) in halves.into_iter().enumerate() {
            let (offset, comp) = place(k + j);
            let store = self.f.create_inst(
                Op::PrivateStore {
                    array: self.array,
                    offset,
                    comp,
                },
                &[self.zero, h],
                &[],
                span,
            );
            insts.push(store);
        }
    }

    /// Appends a 32-bit load of slot `k` and returns its result.
    fn load(&mut self, insts: &mut Vec<Inst>, k: usize, span: Span) -> Value {
        let (offset, comp) = place(k);
        let load = self.f.create_inst(
            Op::PrivateLoad {
                array: self.array,
                offset,
                comp,
            },
            &[self.zero],
            &[Type::I32],
            span,
        );
        insts.push(load);
        self.f.insts[load].results[0]
    }
}

/// Element and component of dword slot `k`.
fn place(k: usize) -> (i32, u8) {
    ((k / 4) as i32, (k % 4) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Doubles made from loaded integers, one carried around a loop with an integer.
    const DOUBLES_IN_A_LOOP: &str = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(11)
dcl_literal l0, 0, 1, 2, 16
ishl r0.x, vTidInGrpFlat.x, l0.w
uav_raw_load_id(11) r1, r0.x
itof r1, r1
f2d r2.xy, r1.x
f2d r5.xy, r1.y
mov r6.x, r1.z
mov r10.x, l0.x
whileloop
ige r9.x, r10.x, l0.z
break_logicalnz r9.x
dadd r5.xy, r5.xy, r2.xy
iadd r6.x, r6.x, r10.x
iadd r10.x, r10.x, l0.y
endloop
dmul r3.xy, r5.xy, r2.xy
mov r3.z, r6.x
uav_raw_store_id(11) mem, r0.x, r3
end
";

    fn optimized(text: &str) -> Function {
        let (p, d) = il_frontend::text::parse(text);
        assert!(!d.has_errors(), "{d:?}");
        crate::compile(&p.expect("a program"), &Default::default()).expect("it compiles")
    }

    /// Every value of `func`, for spilling all that can be.
    fn everything(func: &Function) -> Vec<Value> {
        func.values.keys().collect()
    }

    fn count(func: &Function, pred: impl Fn(&Op) -> bool) -> usize {
        func.placed_insts()
            .filter(|&(_, i)| pred(&func.insts[i].op))
            .count()
    }

    #[test]
    fn a_double_is_stored_and_reloaded_as_two_halves() {
        let func = optimized(DOUBLES_IN_A_LOOP);
        let spilled = to_private(&func, &everything(&func), 7);
        crate::verify::verify(&spilled).expect("the spilled function verifies");
        assert!(count(&spilled, |op| *op == Op::Lo32) > 0);
        assert!(count(&spilled, |op| *op == Op::Hi32) > 0);
        assert!(count(&spilled, |op| *op == Op::Pack64) > 0);
        // Two slots per double: more dwords than values.
        let values = assign_slots(&func, &everything(&func)).0.len();
        assert!(elements(&func, &everything(&func)) as usize * 4 > values);
    }

    #[test]
    fn a_loop_header_passes_its_parameters_through_memory() {
        let func = optimized(DOUBLES_IN_A_LOOP);
        let carried: usize = func
            .layout()
            .iter()
            .map(|&b| func.blocks[b].params.len())
            .sum();
        assert!(carried >= 3, "the loop carries r5, r6 and r10");
        let spilled = to_private(&func, &everything(&func), 7);
        crate::verify::verify(&spilled).expect("the spilled function verifies");
        let jump_only = entered_by_jumps(&spilled);
        for b in spilled.layout() {
            for &p in &spilled.blocks[b].params {
                assert!(
                    !spillable(&spilled, &jump_only, p),
                    "{p} of {b} is still a parameter"
                );
            }
        }
        // Before the loop and at its back edge.
        let stores = |f: &Function| count(f, |op| matches!(op, Op::PrivateStore { .. }));
        assert!(stores(&spilled) > stores(&func) + 2 * carried);
    }

    #[test]
    fn rotated_parameters_are_read_before_any_is_stored() {
        // r1 and r2 swap every iteration.
        let text = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(11)
dcl_literal l0, 0, 1, 2, 16
ishl r0.x, vTidInGrpFlat.x, l0.w
uav_raw_load_id(11) r1, r0.x
mov r10.x, l0.x
whileloop
ige r9.x, r10.x, l0.z
break_logicalnz r9.x
mov r3.x, r1.x
mov r1.x, r1.y
mov r1.y, r3.x
iadd r10.x, r10.x, l0.y
endloop
uav_raw_store_id(11) mem, r0.x, r1
end
";
        let func = optimized(text);
        let spilled = to_private(&func, &everything(&func), 7);
        crate::verify::verify(&spilled).expect("the spilled function verifies");
        // In each block, no load follows a store to the slot it reads.
        for b in spilled.layout() {
            let mut stored = Vec::new();
            for &i in &spilled.blocks[b].insts {
                match spilled.insts[i].op {
                    Op::PrivateStore { offset, comp, .. } => stored.push((offset, comp)),
                    Op::PrivateLoad { offset, comp, .. } => {
                        assert!(
                            !stored.contains(&(offset, comp)),
                            "{b} reads a slot it wrote"
                        )
                    }
                    _ => {}
                }
            }
        }
    }
}
