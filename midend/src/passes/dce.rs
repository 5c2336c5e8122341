//! Dead-code elimination: instructions whose results nobody uses and that change no
//! memory go, and so do block parameters nobody uses (with the arguments jumps pass them).
//! Loads count as removable: reading memory has no effect of its own.

use cranelift_entity::{EntitySet, SecondaryMap};

use crate::ir::{Block, Effect, Function, Value, ValueDef};

pub fn run(func: &mut Function) {
    func.resolve_aliases();
    loop {
        let live = live_values(func);
        let mut changed = false;
        let layout = func.layout();
        for &block in &layout {
            let before = func.blocks[block].insts.len();
            let insts = std::mem::take(&mut func.blocks[block].insts);
            let kept: Vec<_> = insts
                .into_iter()
                .filter(|&i| {
                    let data = &func.insts[i];
                    data.op.effect() >= Effect::Write
                        || data.results.iter().any(|&r| live.contains(r))
                })
                .collect();
            changed |= kept.len() != before;
            func.blocks[block].insts = kept;
        }
        let preds = func.predecessors();
        for &block in &layout {
            let mut i = func.blocks[block].params.len();
            while i > 0 {
                i -= 1;
                let p = func.blocks[block].params[i];
                if !live.contains(p) {
                    super::copy_prop::remove_param(func, &preds[block], block, i);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
}

/// Values some effectful instruction, branch or live value needs.
fn live_values(func: &Function) -> EntitySet<Value> {
    let mut live: EntitySet<Value> = EntitySet::new();
    let mut work: Vec<Value> = Vec::new();
    let layout = func.layout();
    // Which parameter each jump argument feeds, to follow liveness through them.
    let mut incoming: SecondaryMap<Value, Vec<Value>> = SecondaryMap::new();
    for &block in &layout {
        let data = &func.blocks[block];
        for &i in &data.insts {
            let inst = &func.insts[i];
            if inst.op.effect() >= Effect::Write {
                work.extend(inst.args.iter().copied());
            }
        }
        if let crate::ir::Terminator::Branch { cond, .. } = &data.term {
            work.push(*cond);
        }
        for call in data.term.successors() {
            let target: Block = call.block;
            for (k, &arg) in call.args.iter().enumerate() {
                if let Some(&param) = func.blocks[target].params.get(k) {
                    incoming[param].push(arg);
                }
            }
        }
    }
    while let Some(v) = work.pop() {
        if !live.insert(v) {
            continue;
        }
        match func.values[v].def {
            ValueDef::Result(inst, _) => work.extend(func.insts[inst].args.iter().copied()),
            ValueDef::Param(..) => work.extend(incoming[v].iter().copied()),
            ValueDef::Alias(to) => work.push(to),
        }
    }
    live
}
