//! If-conversion: a small diamond whose arms only compute (pure operations, no control
//! flow) becomes straight-line code with a select per merged value. Both targets pay for a
//! branch (a CF instruction and clause break on Cayman, exec-mask saving on GCN) more than
//! for a few extra operations, and every IL operation is total, so computing both arms is
//! safe.
//!
//! In the tree, `block B, if {T} else {E}, block M` becomes one block: B's instructions,
//! T's, E's, the selects for M's parameters, M's instructions and M's terminator. M is
//! reached only from T and E (a merge is never a jump target of anything else), so
//! nothing else needs rewriting.

use smallvec::SmallVec;

use crate::ir::{Block, Function, Node, Op, Region, Terminator, Type};

/// Arms with more instructions than this stay branches.
const MAX_ARM: usize = 8;

pub fn run(func: &mut Function) {
    func.resolve_aliases();
    let mut body = std::mem::take(&mut func.body);
    convert_region(func, &mut body);
    func.body = body;
    func.resolve_aliases();
}

fn convert_region(func: &mut Function, region: &mut Region) {
    for node in &mut region.nodes {
        match node {
            Node::Block(_) => {}
            Node::If(i) => {
                convert_region(func, &mut i.then_);
                convert_region(func, &mut i.else_);
            }
            Node::Loop(l) => convert_region(func, &mut l.body),
        }
    }
    let mut k = 1;
    while k + 1 < region.nodes.len() {
        let (Node::Block(b), Node::If(i), Node::Block(m)) =
            (&region.nodes[k - 1], &region.nodes[k], &region.nodes[k + 1])
        else {
            k += 1;
            continue;
        };
        let (b, m) = (*b, *m);
        let arms = (single_block(&i.then_), single_block(&i.else_));
        if let (Some(t), Some(e)) = arms {
            if convert(func, b, t, e, m) {
                // The block now stands for B, the if and M.
                region.nodes.drain(k..k + 2);
                continue;
            }
        }
        k += 1;
    }
}

fn single_block(region: &Region) -> Option<Block> {
    match region.nodes.as_slice() {
        [Node::Block(b)] => Some(*b),
        _ => None,
    }
}

/// Whether `arm` only computes and then jumps to `merge`; its jump's arguments.
fn simple_arm(
    func: &Function,
    arm: Block,
    merge: Block,
) -> Option<SmallVec<[crate::ir::Value; 2]>> {
    let data = &func.blocks[arm];
    if data.insts.len() > MAX_ARM || !data.params.is_empty() {
        return None;
    }
    if !data.insts.iter().all(|&i| func.insts[i].op.is_pure()) {
        return None;
    }
    match &data.term {
        Terminator::Jump(call) if call.block == merge => Some(call.args.clone()),
        _ => None,
    }
}

fn convert(func: &mut Function, b: Block, t: Block, e: Block, m: Block) -> bool {
    let Terminator::Branch { cond, then_, else_ } = func.blocks[b].term.clone() else {
        return false;
    };
    if then_.block != t || else_.block != e || !then_.args.is_empty() || !else_.args.is_empty() {
        return false;
    }
    let (Some(t_args), Some(e_args)) = (simple_arm(func, t, m), simple_arm(func, e, m)) else {
        return false;
    };
    let params = func.blocks[m].params.clone();
    if t_args.len() != params.len() || e_args.len() != params.len() {
        return false;
    }
    let mut insts = std::mem::take(&mut func.blocks[t].insts);
    insts.append(&mut func.blocks[e].insts);
    func.blocks[b].insts.append(&mut insts);
    for (k, &p) in params.iter().enumerate() {
        let (x, y) = (func.resolve(t_args[k]), func.resolve(e_args[k]));
        let v = if x == y {
            x
        } else {
            let ty: Type = func.ty(p);
            let sel = func.append(b, Op::Select, &[cond, x, y], &[ty], Default::default());
            func.insts[sel].results[0]
        };
        func.alias(p, v);
    }
    func.blocks[m].params.clear();
    let mut rest = std::mem::take(&mut func.blocks[m].insts);
    func.blocks[b].insts.append(&mut rest);
    func.blocks[b].term = std::mem::replace(&mut func.blocks[m].term, Terminator::Unreachable);
    func.blocks[t].term = Terminator::Unreachable;
    func.blocks[e].term = Terminator::Unreachable;
    true
}
