//! Hand-built functions for the tests of the analyses and the verifier.

use il_frontend::diag::Span;
use il_frontend::opcode::Opcode;

use crate::ir::{
    AluOp, Block, BlockCall, Function, IfNode, Input, LoopNode, Node, Op, Region, Terminator, Test,
    Type, Value,
};

pub fn one(f: &mut Function, b: Block, op: Op, args: &[Value], ty: Type) -> Value {
    let inst = f.append(b, op, args, &[ty], Span::default());
    f.insts[inst].results[0]
}

pub fn iconst(f: &mut Function, b: Block, x: u32) -> Value {
    one(f, b, Op::Const(u64::from(x)), &[], Type::I32)
}

pub fn alu(f: &mut Function, b: Block, opcode: Opcode, args: &[Value]) -> Value {
    let op = Op::Alu(AluOp {
        opcode,
        control: 0,
        comp: 0,
    });
    one(f, b, op, args, Type::I32)
}

pub fn nonzero(f: &mut Function, b: Block, v: Value) -> Value {
    one(f, b, Op::Test(Test::NonZero), &[v], Type::Bool)
}

pub fn tid(f: &mut Function, b: Block) -> Value {
    one(f, b, Op::Input(Input::ThreadIdInGroup(0)), &[], Type::I32)
}

pub fn cb(f: &mut Function, b: Block, offset: i32) -> Value {
    let op = Op::CbLoad {
        buffer: 0,
        offset,
        comp: 0,
    };
    one(f, b, op, &[], Type::I32)
}

pub fn output(f: &mut Function, b: Block, v: Value) {
    f.append(
        b,
        Op::Output { reg: 0, comp: 0 },
        &[v],
        &[],
        Span::default(),
    );
}

pub fn call(b: Block, args: &[Value]) -> BlockCall {
    BlockCall {
        block: b,
        args: args.iter().copied().collect(),
    }
}

pub fn jump(f: &mut Function, from: Block, to: Block, args: &[Value]) {
    f.blocks[from].term = Terminator::Jump(call(to, args));
}

pub fn branch(f: &mut Function, from: Block, cond: Value, then_: Block, else_: Block) {
    f.blocks[from].term = Terminator::Branch {
        cond,
        then_: call(then_, &[]),
        else_: call(else_, &[]),
    };
}

pub fn blocks(f: &mut Function, n: usize) -> Vec<Block> {
    (0..n).map(|_| f.create_block()).collect()
}

/// A region from a list of nodes.
pub fn region(nodes: Vec<Node>) -> Region {
    Region { nodes }
}

pub fn bl(b: Block) -> Node {
    Node::Block(b)
}

pub fn if_(then_: Vec<Node>, else_: Vec<Node>) -> Node {
    Node::If(IfNode {
        then_: region(then_),
        else_: region(else_),
    })
}

pub fn loop_(body: Vec<Node>) -> Node {
    Node::Loop(LoopNode { body: region(body) })
}

/// The values of the if/else example, for the tests to refer to.
pub struct IfElse {
    pub f: Function,
    pub b: Vec<Block>,
    pub cond: Value,
    pub merged: Value,
}

/// ```text
/// block0: v0 = <x>; v1 = nonzero v0; branch v1, block1, block2
/// if { block1: v2 = const 1; jump block3(v2) }
/// else { block2: v3 = const 2; jump block3(v3) }
/// block3(v4): output o0.x, v4; return
/// ```
/// where `<x>` is a thread id (`divergent`) or a cb load.
pub fn if_else(divergent: bool) -> IfElse {
    let mut f = Function::new();
    let b = blocks(&mut f, 4);
    let x = if divergent {
        tid(&mut f, b[0])
    } else {
        cb(&mut f, b[0], 0)
    };
    let cond = nonzero(&mut f, b[0], x);
    branch(&mut f, b[0], cond, b[1], b[2]);
    let one = iconst(&mut f, b[1], 1);
    jump(&mut f, b[1], b[3], &[one]);
    let two = iconst(&mut f, b[2], 2);
    jump(&mut f, b[2], b[3], &[two]);
    let merged = f.add_param(b[3], Type::I32);
    output(&mut f, b[3], merged);
    f.blocks[b[3]].term = Terminator::Return;
    f.body = region(vec![
        bl(b[0]),
        if_(vec![bl(b[1])], vec![bl(b[2])]),
        bl(b[3]),
    ]);
    IfElse { f, b, cond, merged }
}

pub struct LoopFn {
    pub f: Function,
    pub b: Vec<Block>,
    /// The counter (header parameter).
    pub i: Value,
    /// `i + 1`, computed in the header.
    pub next: Value,
    /// The exit's parameter.
    pub result: Value,
    /// `next + next`, computed at the exit.
    pub twice: Value,
}

/// A counting loop with a `break` and a `continue`; the bound is a thread id
/// (`divergent`) or a cb load.
///
/// ```text
/// block0: n = <bound>; z = const 0; jump block1(z)
/// loop {
///   block1(i): next = iadd i, one; c = ilt next, n; t = nonzero c; branch t, block2, block3
///   if { block2: jump block4 } else { block3: jump block7(i) }     -- break
///   block4: e = ieq next, five; t2 = nonzero e; branch t2, block5, block6
///   if { block5: jump block1(next) }                              -- continue
///   else { block6: jump block8 }
///   block8: jump block1(next)                                     -- latch
/// }
/// block7(r): output o0.x, r; w = iadd next, next; output o0.x, w; return
/// ```
pub fn counting_loop(divergent: bool) -> LoopFn {
    let mut f = Function::new();
    let b = blocks(&mut f, 9);
    let n = if divergent {
        tid(&mut f, b[0])
    } else {
        cb(&mut f, b[0], 0)
    };
    let z = iconst(&mut f, b[0], 0);
    jump(&mut f, b[0], b[1], &[z]);
    let i = f.add_param(b[1], Type::I32);
    let one = iconst(&mut f, b[1], 1);
    let next = alu(&mut f, b[1], Opcode::IAdd, &[i, one]);
    let c = alu(&mut f, b[1], Opcode::ILt, &[next, n]);
    let t = nonzero(&mut f, b[1], c);
    branch(&mut f, b[1], t, b[2], b[3]);
    jump(&mut f, b[2], b[4], &[]);
    jump(&mut f, b[3], b[7], &[i]);
    let five = iconst(&mut f, b[4], 5);
    let e = alu(&mut f, b[4], Opcode::IEq, &[next, five]);
    let t2 = nonzero(&mut f, b[4], e);
    branch(&mut f, b[4], t2, b[5], b[6]);
    jump(&mut f, b[5], b[1], &[next]);
    jump(&mut f, b[6], b[8], &[]);
    jump(&mut f, b[8], b[1], &[next]);
    let result = f.add_param(b[7], Type::I32);
    output(&mut f, b[7], result);
    let twice = alu(&mut f, b[7], Opcode::IAdd, &[next, next]);
    output(&mut f, b[7], twice);
    f.blocks[b[7]].term = Terminator::Return;
    f.body = region(vec![
        bl(b[0]),
        loop_(vec![
            bl(b[1]),
            if_(vec![bl(b[2])], vec![bl(b[3])]),
            bl(b[4]),
            if_(vec![bl(b[5])], vec![bl(b[6])]),
            bl(b[8]),
        ]),
        bl(b[7]),
    ]);
    LoopFn {
        f,
        b,
        i,
        next,
        result,
        twice,
    }
}
