//! Loop-invariant code motion: a pure operation inside a loop whose operands are all
//! defined outside it moves to the block before the loop (the preheader, which the region
//! tree always has: the block node before a loop node). Every IL operation is total (no
//! traps, `docs/decisions.md`), so computing one on a path that did not compute it is safe.
//! Inner loops go first, so that an operation can climb several levels.

use cranelift_entity::SecondaryMap;

use crate::ir::{Block, Function, Node, Region, Value, ValueDef};

pub fn run(func: &mut Function) {
    func.resolve_aliases();
    let mut body = std::mem::take(&mut func.body);
    hoist_in_region(func, &mut body);
    func.body = body;
}

fn hoist_in_region(func: &mut Function, region: &mut Region) {
    let mut preheader: Option<Block> = None;
    for node in &mut region.nodes {
        match node {
            Node::Block(b) => preheader = Some(*b),
            Node::If(i) => {
                hoist_in_region(func, &mut i.then_);
                hoist_in_region(func, &mut i.else_);
            }
            Node::Loop(l) => {
                hoist_in_region(func, &mut l.body);
                if let Some(pre) = preheader {
                    hoist_loop(func, &l.body, pre);
                }
            }
        }
    }
}

fn hoist_loop(func: &mut Function, body: &Region, preheader: Block) {
    let blocks = body.blocks();
    // Values defined in the loop; hoisted ones leave the set.
    let mut inside: SecondaryMap<Value, bool> = SecondaryMap::new();
    for &b in &blocks {
        for &p in &func.blocks[b].params {
            inside[p] = true;
        }
        for &i in &func.blocks[b].insts {
            for &r in &func.insts[i].results {
                inside[r] = true;
            }
        }
    }
    let is_inside = |inside: &SecondaryMap<Value, bool>, func: &Function, v: Value| {
        let v = func.resolve(v);
        inside[v] || matches!(func.values[v].def, ValueDef::Alias(_))
    };
    loop {
        let mut moved = false;
        for &b in &blocks {
            let insts = std::mem::take(&mut func.blocks[b].insts);
            let mut kept = Vec::with_capacity(insts.len());
            for i in insts {
                let data = &func.insts[i];
                let invariant = data.op.is_pure()
                    && !data.results.is_empty()
                    && data.args.iter().all(|&a| !is_inside(&inside, func, a));
                if invariant {
                    for &r in &func.insts[i].results {
                        inside[r] = false;
                    }
                    func.blocks[preheader].insts.push(i);
                    moved = true;
                } else {
                    kept.push(i);
                }
            }
            func.blocks[b].insts = kept;
        }
        if !moved {
            break;
        }
    }
}
