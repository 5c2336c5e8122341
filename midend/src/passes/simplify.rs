//! Algebraic simplification that is exact for every input, IL's float rules included.
//!
//! IL's single-precision instructions flush denormal inputs and outputs (L3063), so
//! `x + 0.0`, `x * 1.0` and `x - 0.0` are *not* identities (a denormal `x` becomes zero):
//! no float arithmetic identity is applied. What remains are bit-exact identities of the
//! integer and bitwise instructions, the boolean operations, the 64-bit pack and split,
//! and the sign-bit modifiers.

use il_frontend::opcode::Opcode;

use crate::ir::{Function, Modifier, Op, Value, ValueDef};

pub fn run(func: &mut Function) {
    func.resolve_aliases();
    for (_, inst) in func.placed_insts().collect::<Vec<_>>() {
        if let Some(v) = simplify(func, inst) {
            if let Some(&r) = func.insts[inst].results.first() {
                func.alias(r, v);
            }
        }
    }
    func.resolve_aliases();
    super::remove_dead_copies(func);
}

fn const_of(func: &Function, v: Value) -> Option<u64> {
    match func.values[func.resolve(v)].def {
        ValueDef::Result(i, 0) => match func.insts[i].op {
            Op::Const(bits) => Some(bits),
            _ => None,
        },
        _ => None,
    }
}

/// The instruction that defines `v`, if any, with its operation and arguments.
fn def_of(func: &Function, v: Value) -> Option<(&Op, &[Value])> {
    match func.values[func.resolve(v)].def {
        ValueDef::Result(i, _) => Some((&func.insts[i].op, &func.insts[i].args[..])),
        _ => None,
    }
}

/// The value an instruction always equals, if it equals one of its operands (or one of
/// theirs).
fn simplify(func: &Function, inst: crate::ir::Inst) -> Option<Value> {
    let data = &func.insts[inst];
    let args: Vec<Value> = data.args.iter().map(|&a| func.resolve(a)).collect();
    let c = |i: usize| args.get(i).and_then(|&a| const_of(func, a));
    match &data.op {
        Op::Or | Op::And => {
            let (absorbing, neutral) = if data.op == Op::Or { (1, 0) } else { (0, 1) };
            let (a, b) = (*args.first()?, *args.get(1)?);
            if a == b {
                return Some(a);
            }
            for (x, other) in [(0, b), (1, a)] {
                match c(x) {
                    Some(k) if k == neutral => return Some(other),
                    Some(k) if k == absorbing => return Some(args[x]),
                    _ => {}
                }
            }
            None
        }
        Op::Not => match def_of(func, *args.first()?)? {
            (Op::Not, inner) => inner.first().copied(),
            _ => None,
        },
        Op::Select => {
            let (a, b) = (*args.get(1)?, *args.get(2)?);
            (a == b).then_some(a)
        }
        Op::Lo32 | Op::Hi32 => match def_of(func, *args.first()?)? {
            (Op::Pack64, parts) if parts.len() == 2 => {
                Some(parts[usize::from(data.op == Op::Hi32)])
            }
            _ => None,
        },
        Op::Pack64 => {
            let (lo, hi) = (*args.first()?, *args.get(1)?);
            match (def_of(func, lo)?, def_of(func, hi)?) {
                ((Op::Lo32, [x]), (Op::Hi32, [y])) if x == y => {
                    // Only if the 64-bit value has the pack's width (it always has: Lo32
                    // takes a 64-bit value).
                    Some(*x)
                }
                _ => None,
            }
        }
        Op::Modifier(Modifier::FloatNeg) | Op::Modifier(Modifier::IntNeg) => {
            match def_of(func, *args.first()?)? {
                (op, inner) if *op == data.op => inner.first().copied(),
                _ => None,
            }
        }
        Op::Modifier(Modifier::FloatAbs) => match def_of(func, *args.first()?)? {
            (Op::Modifier(Modifier::FloatAbs), _) => args.first().copied(),
            _ => None,
        },
        Op::Alu(alu) => {
            use Opcode as O;
            let (a, b) = (*args.first()?, args.get(1).copied());
            match alu.opcode {
                // x op 0 = x, 0 op x = x
                O::IAdd | O::IOr | O::IXor => {
                    let b = b?;
                    if c(1) == Some(0) {
                        Some(a)
                    } else if c(0) == Some(0) {
                        Some(b)
                    } else {
                        None
                    }
                }
                O::IShl | O::IShr | O::UShr => (c(1).map(|k| k & 31) == Some(0)).then_some(a),
                O::IMul | O::UMul => {
                    let b = b?;
                    if c(1) == Some(1) {
                        Some(a)
                    } else if c(0) == Some(1) {
                        Some(b)
                    } else {
                        None
                    }
                }
                O::And => {
                    let b = b?;
                    if a == b || c(1) == Some(0xFFFF_FFFF) {
                        Some(a)
                    } else if c(0) == Some(0xFFFF_FFFF) {
                        Some(b)
                    } else {
                        None
                    }
                }
                O::CmovLogical => {
                    let (x, y) = (*args.get(1)?, *args.get(2)?);
                    (x == y).then_some(x)
                }
                _ => None,
            }
        }
        _ => None,
    }
}
