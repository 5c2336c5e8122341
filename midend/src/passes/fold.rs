//! Constant folding with exactly the IL's semantics: an operation whose operands are all
//! constants becomes the constant the reference interpreter would compute (the scalar
//! functions of `il-semantics`, through [`crate::alu::eval`] and [`eval`]).
//!
//! Only operations whose result the accuracy table fixes exactly are folded. A tolerated
//! operation (`div`, `rcp`, `sin`, ...: any [`accuracy::tolerance`] that allows an error)
//! is left for the target, which computes it with its own formula: folding it with the
//! ideal rule would give a `div` of two literals other bits than the same `div` of two
//! constant-buffer values (one instruction, one meaning; issue #15).

use std::collections::HashMap;

use il_semantics::accuracy::{self, Tolerance};
use il_semantics::modifiers;

use crate::ir::{Function, Inst, Modifier, Op, Test, Type, Value};

pub fn run(func: &mut Function) {
    func.resolve_aliases();
    let mut consts: HashMap<Value, u64> = HashMap::new();
    let mut pool: HashMap<(u64, Type), Value> = HashMap::new();
    for (_, inst) in func.placed_insts().collect::<Vec<_>>() {
        let data = &func.insts[inst];
        if let Op::Const(bits) = data.op {
            if let Some(&r) = data.results.first() {
                consts.insert(r, bits);
                pool.entry((bits, func.ty(r))).or_insert(r);
            }
        }
    }
    let entry = func.entry();
    for (_, inst) in func.placed_insts().collect::<Vec<_>>() {
        let Some(bits) = fold_inst(func, inst, &consts) else {
            continue;
        };
        let result = func.insts[inst].results[0];
        let ty = func.ty(result);
        let bits = match ty {
            Type::I32 | Type::F32 => bits & 0xFFFF_FFFF,
            Type::Bool => u64::from(bits != 0),
            Type::I64 | Type::F64 => bits,
        };
        let replacement = match pool.get(&(bits, ty)) {
            Some(&v) => v,
            None => {
                let Some(entry) = entry else { continue };
                let c = func.create_inst(Op::Const(bits), &[], &[ty], Default::default());
                func.blocks[entry].insts.insert(0, c);
                let v = func.insts[c].results[0];
                pool.insert((bits, ty), v);
                v
            }
        };
        consts.insert(result, bits);
        func.alias(result, replacement);
    }
    func.resolve_aliases();
    super::remove_dead_copies(func);
}

fn fold_inst(func: &Function, inst: Inst, consts: &HashMap<Value, u64>) -> Option<u64> {
    let data = &func.insts[inst];
    if data.results.len() != 1 || matches!(data.op, Op::Const(_)) || !data.op.is_pure() {
        return None;
    }
    let args: Option<Vec<u64>> = data
        .args
        .iter()
        .map(|a| consts.get(&func.resolve(*a)).copied())
        .collect();
    eval(&data.op, &args?)
}

/// Whether every target computes `opcode` to the same bits as the reference: the
/// accuracy table allows it no error.
fn exactly_defined(opcode: il_frontend::Opcode) -> bool {
    matches!(
        accuracy::tolerance(opcode),
        Tolerance::Bits | Tolerance::Exact | Tolerance::Half | Tolerance::DoubleExact
    )
}

/// The value of a pure operation on constant operands (32-bit values in the low bits),
/// or `None` if it has none at compile time.
pub fn eval(op: &Op, args: &[u64]) -> Option<u64> {
    let a = |i: usize| args.get(i).map(|&v| v as u32);
    Some(match op {
        Op::Alu(alu) if !exactly_defined(alu.opcode) => return None,
        Op::Alu(alu) => crate::alu::eval(alu, args)?,
        Op::Modifier(m) => {
            let x = a(0)?;
            u64::from(match m {
                Modifier::IntNeg => modifiers::int_neg(x),
                Modifier::IntAbs => modifiers::int_abs(x),
                Modifier::FloatNeg => modifiers::float_neg(x),
                Modifier::FloatAbs => modifiers::float_abs(x),
                Modifier::Invert => modifiers::invert(x),
                Modifier::Bias => modifiers::bias(x),
                Modifier::Times2 => modifiers::times2(x),
                Modifier::Sign => modifiers::sign(x),
                Modifier::DivComp => modifiers::divcomp(x, a(1)?),
                Modifier::Saturate => modifiers::saturate(x),
                Modifier::Shift(s) => modifiers::shift(x, *s),
                Modifier::DoubleNeg => return Some(args[0] ^ (1 << 63)),
                Modifier::DoubleAbs => return Some(args[0] & !(1 << 63)),
                Modifier::DoubleSaturate => return Some(modifiers::double_saturate(args[0])),
                Modifier::DoubleShift(s) => return Some(modifiers::double_shift(args[0], *s)),
            })
        }
        Op::Test(Test::NonZero) => u64::from(a(0)? != 0),
        Op::Test(Test::Zero) => u64::from(a(0)? == 0),
        Op::Test(Test::Float(r)) => u64::from(il_semantics::float::relop(*r, a(0)?, a(1)?)),
        Op::And => u64::from(*args.first()? != 0 && *args.get(1)? != 0),
        Op::Or => u64::from(*args.first()? != 0 || *args.get(1)? != 0),
        Op::Not => u64::from(*args.first()? == 0),
        Op::Select => {
            if *args.first()? != 0 {
                *args.get(1)?
            } else {
                *args.get(2)?
            }
        }
        Op::Pack64 => u64::from(a(0)?) | u64::from(a(1)?) << 32,
        Op::Lo32 => *args.first()? & 0xFFFF_FFFF,
        Op::Hi32 => *args.first()? >> 32,
        _ => return None,
    })
}
