//! Copy propagation: `mov` and its kin become the value they copy, and block parameters
//! that receive the same value on every edge (or themselves, around a loop) become that
//! value. The SSA builder leaves such parameters behind on purpose (`build::ssa`).

use cranelift_entity::SecondaryMap;
use il_frontend::opcode::Opcode;

use crate::ir::{Block, Function, Op, Value, ValueDef};

pub fn run(func: &mut Function) {
    func.resolve_aliases();
    // `mov`, `invariant_move` and `dmov` copy bits unchanged (the reference's `Mov`).
    for (_, inst) in func.placed_insts().collect::<Vec<_>>() {
        let data = &func.insts[inst];
        if let Op::Alu(a) = &data.op {
            if matches!(a.opcode, Opcode::Mov | Opcode::InvMov | Opcode::DMov)
                && data.args.len() == 1
                && data.results.len() == 1
            {
                let (from, to) = (data.results[0], data.args[0]);
                func.alias(from, to);
            }
        }
    }
    remove_trivial_params(func);
    func.resolve_aliases();
    super::remove_dead_copies(func);
}

/// Removes parameters whose incoming values are all one value (or the parameter itself),
/// until none is left.
fn remove_trivial_params(func: &mut Function) {
    loop {
        let preds = func.predecessors();
        let mut changed = false;
        for block in func.layout() {
            let mut i = func.blocks[block].params.len();
            while i > 0 {
                i -= 1;
                let param = func.blocks[block].params[i];
                if let Some(only) = single_incoming(func, &preds[block], block, i, param) {
                    func.alias(param, only);
                    remove_param(func, &preds[block], block, i);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
}

/// The one value parameter `index` of `block` receives, if there is exactly one besides
/// the parameter itself.
fn single_incoming(
    func: &Function,
    preds: &[Block],
    block: Block,
    index: usize,
    param: Value,
) -> Option<Value> {
    let mut only = None;
    for &p in preds {
        for call in func.blocks[p].term.successors() {
            if call.block != block {
                continue;
            }
            let v = func.resolve(*call.args.get(index)?);
            if v == param || Some(v) == only {
                continue;
            }
            if only.is_some() {
                return None;
            }
            only = Some(v);
        }
    }
    // A parameter with no incoming value at all is unreachable; leave it.
    only
}

/// Deletes parameter `index` of `block` and the matching argument of every jump to it.
pub(crate) fn remove_param(func: &mut Function, preds: &[Block], block: Block, index: usize) {
    func.blocks[block].params.remove(index);
    for (k, &p) in func.blocks[block].params.clone().iter().enumerate() {
        func.values[p].def = ValueDef::Param(block, k as u16);
    }
    let mut seen: SecondaryMap<Block, bool> = SecondaryMap::new();
    for &p in preds {
        if std::mem::replace(&mut seen[p], true) {
            continue;
        }
        for call in func.blocks[p].term.successors_mut() {
            if call.block == block && index < call.args.len() {
                call.args.remove(index);
            }
        }
    }
}
