//! The container: values, instructions, blocks and the region tree of one kernel.

use cranelift_entity::{PrimaryMap, SecondaryMap};
use il_frontend::diag::Span;
use smallvec::SmallVec;

use super::{Block, Inst, Op, Region, Type, Value};

/// Where a value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Result `index` of an instruction.
    Result(Inst, u16),
    /// Parameter `index` of a block.
    Param(Block, u16),
    /// Replaced by another value; [`Function::resolve`] follows the chain. Passes leave
    /// aliases behind instead of rewriting every use, and [`Function::resolve_aliases`]
    /// removes them.
    Alias(Value),
}

#[derive(Clone, Copy, Debug)]
pub struct ValueData {
    pub ty: Type,
    pub def: ValueDef,
}

#[derive(Clone, Debug)]
pub struct InstData {
    pub op: Op,
    pub args: SmallVec<[Value; 4]>,
    pub results: SmallVec<[Value; 1]>,
    /// The IL instruction it came from, for diagnostics.
    pub span: Span,
}

/// A jump target with the values it passes to the target's parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockCall {
    pub block: Block,
    pub args: SmallVec<[Value; 2]>,
}

impl BlockCall {
    pub fn new(block: Block) -> BlockCall {
        BlockCall {
            block,
            args: SmallVec::new(),
        }
    }
}

/// How a block ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Terminator {
    /// To the next block of the region, a loop's header (continue) or a loop's exit (break):
    /// [`super::region`] says which jumps the tree allows.
    Jump(BlockCall),
    /// On a `bool`: into an `if`'s two arms.
    Branch {
        cond: Value,
        then_: BlockCall,
        else_: BlockCall,
    },
    /// The end of the kernel.
    Return,
    /// A block no lane reaches (after a `break` whose remaining code was dropped).
    Unreachable,
}

impl Terminator {
    pub fn successors(&self) -> SmallVec<[&BlockCall; 2]> {
        match self {
            Terminator::Jump(c) => smallvec::smallvec![c],
            Terminator::Branch { then_, else_, .. } => smallvec::smallvec![then_, else_],
            Terminator::Return | Terminator::Unreachable => SmallVec::new(),
        }
    }

    pub fn successors_mut(&mut self) -> SmallVec<[&mut BlockCall; 2]> {
        match self {
            Terminator::Jump(c) => smallvec::smallvec![c],
            Terminator::Branch { then_, else_, .. } => smallvec::smallvec![then_, else_],
            Terminator::Return | Terminator::Unreachable => SmallVec::new(),
        }
    }

    /// Every value the terminator reads: the branch condition, then the call arguments.
    pub fn for_each_arg(&self, f: &mut dyn FnMut(Value)) {
        if let Terminator::Branch { cond, .. } = self {
            f(*cond);
        }
        for call in self.successors() {
            call.args.iter().for_each(|&v| f(v));
        }
    }

    /// Every value the terminator reads.
    pub fn for_each_arg_mut(&mut self, f: &mut dyn FnMut(&mut Value)) {
        if let Terminator::Branch { cond, .. } = self {
            f(cond);
        }
        for call in self.successors_mut() {
            call.args.iter_mut().for_each(&mut *f);
        }
    }
}

#[derive(Clone, Debug)]
pub struct BlockData {
    pub params: SmallVec<[Value; 2]>,
    pub insts: Vec<Inst>,
    pub term: Terminator,
}

/// One kernel in SSA form.
#[derive(Clone, Debug)]
pub struct Function {
    pub values: PrimaryMap<Value, ValueData>,
    pub insts: PrimaryMap<Inst, InstData>,
    pub blocks: PrimaryMap<Block, BlockData>,
    /// The structured shape of the CFG; its first block is the entry.
    pub body: Region,
    /// `dcl_global_flags refactoringAllowed`: memory accesses may be forwarded and merged
    /// (L3437), which the memory passes need.
    pub refactoring_allowed: bool,
}

impl Default for Function {
    fn default() -> Self {
        Function::new()
    }
}

impl Function {
    pub fn new() -> Function {
        Function {
            values: PrimaryMap::new(),
            insts: PrimaryMap::new(),
            blocks: PrimaryMap::new(),
            body: Region::default(),
            refactoring_allowed: false,
        }
    }

    pub fn entry(&self) -> Option<Block> {
        self.body.first_block()
    }

    pub fn create_block(&mut self) -> Block {
        self.blocks.push(BlockData {
            params: SmallVec::new(),
            insts: Vec::new(),
            term: Terminator::Unreachable,
        })
    }

    pub fn add_param(&mut self, block: Block, ty: Type) -> Value {
        let index = self.blocks[block].params.len() as u16;
        let v = self.values.push(ValueData {
            ty,
            def: ValueDef::Param(block, index),
        });
        self.blocks[block].params.push(v);
        v
    }

    /// Creates an instruction with one result per entry of `result_types`, not yet placed in
    /// a block.
    pub fn create_inst(
        &mut self,
        op: Op,
        args: &[Value],
        result_types: &[Type],
        span: Span,
    ) -> Inst {
        let inst = self.insts.push(InstData {
            op,
            args: args.iter().copied().collect(),
            results: SmallVec::new(),
            span,
        });
        for (i, &ty) in result_types.iter().enumerate() {
            let v = self.values.push(ValueData {
                ty,
                def: ValueDef::Result(inst, i as u16),
            });
            self.insts[inst].results.push(v);
        }
        inst
    }

    /// Appends a new instruction to `block` and returns it.
    pub fn append(
        &mut self,
        block: Block,
        op: Op,
        args: &[Value],
        result_types: &[Type],
        span: Span,
    ) -> Inst {
        let inst = self.create_inst(op, args, result_types, span);
        self.blocks[block].insts.push(inst);
        inst
    }

    pub fn ty(&self, v: Value) -> Type {
        self.values[v].ty
    }

    /// The value `v` stands for, following aliases.
    pub fn resolve(&self, mut v: Value) -> Value {
        // Alias chains are acyclic (an alias always points at an older or fresh value), but
        // bound the walk anyway so that a bug cannot hang the compiler.
        for _ in 0..self.values.len() {
            match self.values[v].def {
                ValueDef::Alias(to) => v = to,
                _ => return v,
            }
        }
        v
    }

    /// Makes `from` stand for `to` everywhere.
    pub fn alias(&mut self, from: Value, to: Value) {
        let to = self.resolve(to);
        if from != to {
            self.values[from].def = ValueDef::Alias(to);
        }
    }

    /// Rewrites every operand that is an alias to the value it stands for.
    pub fn resolve_aliases(&mut self) {
        let mut resolved: SecondaryMap<Value, Option<Value>> = SecondaryMap::new();
        for v in self.values.keys() {
            if matches!(self.values[v].def, ValueDef::Alias(_)) {
                resolved[v] = Some(self.resolve(v));
            }
        }
        let map = |v: &mut Value| {
            if let Some(to) = resolved[*v] {
                *v = to;
            }
        };
        for inst in self.insts.values_mut() {
            inst.args.iter_mut().for_each(map);
        }
        for block in self.blocks.values_mut() {
            block.term.for_each_arg_mut(&mut { map });
        }
    }

    /// The blocks of the region tree in program order.
    pub fn layout(&self) -> Vec<Block> {
        let mut out = Vec::new();
        self.body.blocks_into(&mut out);
        out
    }

    /// Instructions placed in the tree's blocks, in program order.
    pub fn placed_insts(&self) -> impl Iterator<Item = (Block, Inst)> + '_ {
        self.layout()
            .into_iter()
            .flat_map(move |b| self.blocks[b].insts.iter().map(move |&i| (b, i)))
    }

    /// The predecessors of every block of the tree.
    pub fn predecessors(&self) -> SecondaryMap<Block, SmallVec<[Block; 2]>> {
        let mut preds: SecondaryMap<Block, SmallVec<[Block; 2]>> = SecondaryMap::new();
        for b in self.layout() {
            for call in self.blocks[b].term.successors() {
                preds[call.block].push(b);
            }
        }
        preds
    }

    /// The number of instructions placed in the tree (the figure `--emit stats` reports).
    pub fn inst_count(&self) -> usize {
        self.layout()
            .iter()
            .map(|&b| self.blocks[b].insts.len())
            .sum()
    }
}
