//! Global value numbering of pure operations: an operation equal to one computed where it
//! is available (same operation, same operands) becomes that value.
//!
//! Availability follows the region tree, which *is* the dominator tree's shape for
//! structured code: a block dominates everything after it in its own region (the region is
//! entered only at its first block, and every later node is reached through it), and
//! nothing outside the region. So one scoped table per region is exact, and no dominator
//! analysis is needed.
//!
//! Operands of the commutative integer instructions are ordered first. Float additions and
//! multiplications are not: with two NaN operands the result's payload depends on the
//! order, and the IR must compute exactly what the reference does.

use std::collections::HashMap;

use il_frontend::opcode::Opcode;
use smallvec::SmallVec;

use crate::ir::{Function, Node, Op, Region, Value};

type Key = (Op, SmallVec<[Value; 4]>);

pub fn run(func: &mut Function) {
    func.resolve_aliases();
    let body = std::mem::take(&mut func.body);
    let mut scopes: Vec<HashMap<Key, Value>> = Vec::new();
    number_region(func, &body, &mut scopes);
    func.body = body;
    func.resolve_aliases();
    super::remove_dead_copies(func);
}

fn is_commutative(op: &Op) -> bool {
    use Opcode as O;
    match op {
        Op::Alu(a) => matches!(
            a.opcode,
            O::IAdd
                | O::IMul
                | O::UMul
                | O::And
                | O::IOr
                | O::IXor
                | O::IMax
                | O::IMin
                | O::UMax
                | O::UMin
                | O::IEq
                | O::INe
                | O::IMulHigh
                | O::UMulHigh
        ),
        Op::And | Op::Or => true,
        _ => false,
    }
}

fn number_region(func: &mut Function, region: &Region, scopes: &mut Vec<HashMap<Key, Value>>) {
    scopes.push(HashMap::new());
    for node in &region.nodes {
        match node {
            Node::Block(b) => {
                for inst in func.blocks[*b].insts.clone() {
                    let data = &func.insts[inst];
                    if data.results.len() != 1 || !data.op.is_pure() {
                        continue;
                    }
                    let mut args: SmallVec<[Value; 4]> =
                        data.args.iter().map(|&a| func.resolve(a)).collect();
                    if is_commutative(&data.op) && args.len() == 2 && args[1] < args[0] {
                        args.swap(0, 1);
                    }
                    let result = data.results[0];
                    let key = (data.op.clone(), args);
                    let found = scopes.iter().rev().find_map(|s| s.get(&key)).copied();
                    match found {
                        Some(v) if func.ty(v) == func.ty(result) => func.alias(result, v),
                        _ => {
                            if let Some(top) = scopes.last_mut() {
                                top.insert(key, result);
                            }
                        }
                    }
                }
            }
            Node::If(i) => {
                number_region(func, &i.then_, scopes);
                number_region(func, &i.else_, scopes);
            }
            Node::Loop(l) => number_region(func, &l.body, scopes),
        }
    }
    scopes.pop();
}
