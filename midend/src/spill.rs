//! Spilling in the IR, for a backend whose register allocator cannot spill by itself
//! (Cayman, whose registers are packed into VLIW groups before they are allocated).
//!
//! A spilled value is stored to a private array right after its definition and loaded
//! again before the uses that are far from it: in another block, or more than
//! [`NEAR`] instructions later in its own block. Loads are shared by the uses that follow
//! one closely. The value then lives only around its definition and around each reload,
//! which is what frees registers where the pressure is. The private array is an
//! ordinary indexed-temporary array the backend already keeps in memory (one 32-bit
//! component per spilled value), so nothing new is needed below the IR.
//!
//! Only 32-bit instruction results are spilled: block parameters have no single
//! definition to store after, and booleans and 64-bit values would need converting.

use std::collections::HashMap;

use cranelift_entity::SecondaryMap;

use crate::analysis::liveness::Liveness;
use crate::ir::{Block, Function, Inst, Op, Type, Value, ValueDef};

/// Uses within this many instructions of a definition (or of an earlier reload) read the
/// register rather than memory.
pub const NEAR: usize = 16;

/// The values worth spilling, best first: 32-bit instruction results live over more than
/// `2 * NEAR` instruction positions, ordered by those positions per use.
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
    let mut out: Vec<(usize, Value)> = first
        .iter()
        .filter(|(&v, _)| spillable(func, v))
        .filter_map(|(&v, &f)| {
            let span = last.get(&v).copied().unwrap_or(f) - f;
            (span > 2 * NEAR).then(|| (span / (1 + uses.get(&v).copied().unwrap_or(0)), v))
        })
        .collect();
    out.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    out.into_iter().map(|(_, v)| v).collect()
}

fn spillable(func: &Function, v: Value) -> bool {
    matches!(func.ty(v), Type::I32 | Type::F32)
        && matches!(func.values[v].def, ValueDef::Result(inst, _)
            if !matches!(func.insts[inst].op, Op::Const(_)))
}

/// `func` with every value of `victims` kept in component `k % 4` of element `k / 4` of
/// private array `array` (which must not be used otherwise). Values that cannot be
/// spilled are left alone. Needs `victims.len().div_ceil(4)` elements.
pub fn to_private(func: &Function, victims: &[Value], array: u32) -> Function {
    let mut f = func.clone();
    let slot: HashMap<Value, usize> = victims
        .iter()
        .copied()
        .filter(|&v| spillable(func, v))
        .enumerate()
        .map(|(k, v)| (v, k))
        .collect();
    if slot.is_empty() {
        return f;
    }
    let Some(entry) = f.entry() else { return f };
    // The private accesses take an index; spill slots are constant elements.
    let zero_inst = f.create_inst(Op::Const(0), &[], &[Type::I32], Default::default());
    let zero = f.insts[zero_inst].results[0];
    f.blocks[entry].insts.insert(0, zero_inst);
    let place = |k: usize| (k as i32 / 4, (k % 4) as u8);
    for b in f.layout() {
        let old = std::mem::take(&mut f.blocks[b].insts);
        let mut insts = Vec::with_capacity(old.len());
        // Per spilled value: the register that holds it here, and where it was set.
        let mut here: HashMap<Value, (Value, usize)> = HashMap::new();
        for inst in old {
            let span = f.insts[inst].span;
            let mut args = f.insts[inst].args.clone();
            for a in args.iter_mut() {
                let v = f.resolve(*a);
                let Some(&k) = slot.get(&v) else { continue };
                let at = Slot { k, array, zero };
                *a = reload(&mut f, &mut insts, &mut here, v, at, span);
            }
            f.insts[inst].args = args;
            let results = f.insts[inst].results.clone();
            insts.push(inst);
            for r in results {
                if let Some(&k) = slot.get(&r) {
                    let (offset, comp) = place(k);
                    let store = f.create_inst(
                        Op::PrivateStore {
                            array,
                            offset,
                            comp,
                        },
                        &[zero, r],
                        &[],
                        span,
                    );
                    insts.push(store);
                    here.insert(r, (r, insts.len()));
                }
            }
        }
        let mut term = f.blocks[b].term.clone();
        term.for_each_arg_mut(&mut |a| {
            let v = f.resolve(*a);
            if let Some(&k) = slot.get(&v) {
                let at = Slot { k, array, zero };
                *a = reload(&mut f, &mut insts, &mut here, v, at, Default::default());
            }
        });
        f.blocks[b].term = term;
        f.blocks[b].insts = insts;
    }
    f
}

/// Where a spilled value lives: component `k % 4` of element `k / 4` of `array`, read
/// with the constant index `zero`.
#[derive(Clone, Copy)]
struct Slot {
    k: usize,
    array: u32,
    zero: Value,
}

/// The register to read spilled value `v` from at the end of `insts`: the one set
/// nearby, or a fresh load.
fn reload(
    f: &mut Function,
    insts: &mut Vec<Inst>,
    here: &mut HashMap<Value, (Value, usize)>,
    v: Value,
    at: Slot,
    span: il_frontend::diag::Span,
) -> Value {
    if let Some(&(r, set)) = here.get(&v) {
        if insts.len() - set <= NEAR {
            return r;
        }
    }
    let load = f.create_inst(
        Op::PrivateLoad {
            array: at.array,
            offset: at.k as i32 / 4,
            comp: (at.k % 4) as u8,
        },
        &[at.zero],
        &[f.ty(v)],
        span,
    );
    insts.push(load);
    let r = f.insts[load].results[0];
    here.insert(v, (r, insts.len()));
    r
}
