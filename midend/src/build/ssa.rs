//! SSA construction while the CFG is being built (Braun, Buchwald, Hack, Leißa, Mallon and
//! Zwinkau, "Simple and Efficient Construction of Static Single Assignment Form", CC 2013):
//! the builder defines and uses variables (IL register components, structurization
//! flags) per block; a use looks backwards through the predecessors and creates block
//! parameters where paths meet. A block is *sealed* once all its predecessors are known;
//! before that, a use creates an incomplete parameter that sealing completes.
//!
//! Trivial parameters (every incoming value the same) are left in place here and removed
//! by `crate::passes::copy_prop`, which also resolves the aliases.

use std::collections::HashMap;

use cranelift_entity::{entity_impl, PrimaryMap, SecondaryMap};
use il_frontend::diag::Span;
use smallvec::SmallVec;

use crate::ir::{Block, Function, Op, Type, Value};

/// A variable: something the IL program assigns more than once.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var(u32);
entity_impl!(Var, "var");

#[derive(Debug, Default)]
pub struct Ssa {
    types: PrimaryMap<Var, Type>,
    defs: HashMap<(Var, Block), Value>,
    sealed: SecondaryMap<Block, bool>,
    incomplete: SecondaryMap<Block, Vec<(Var, Value)>>,
    preds: SecondaryMap<Block, SmallVec<[Block; 2]>>,
    /// The zero constants that stand for never-assigned variables, per type, in the entry.
    zeros: HashMap<u8, Value>,
}

impl Ssa {
    pub fn new_var(&mut self, ty: Type) -> Var {
        self.types.push(ty)
    }

    pub fn def_var(&mut self, var: Var, block: Block, value: Value) {
        self.defs.insert((var, block), value);
    }

    /// Records the edge `from -> to`; call it when `from`'s terminator is set.
    pub fn add_pred(&mut self, to: Block, from: Block) {
        self.preds[to].push(from);
    }

    pub fn preds(&self, block: Block) -> &[Block] {
        &self.preds[block]
    }

    pub fn use_var(&mut self, func: &mut Function, entry: Block, var: Var, block: Block) -> Value {
        // Walk single-predecessor chains iteratively; recursion happens only at merges.
        let mut chain = Vec::new();
        let mut b = block;
        let value = loop {
            if let Some(&v) = self.defs.get(&(var, b)) {
                break v;
            }
            if !self.sealed[b] {
                let param = func.add_param(b, self.types[var]);
                self.incomplete[b].push((var, param));
                self.defs.insert((var, b), param);
                break param;
            }
            match self.preds[b].len() {
                0 => break self.zero(func, entry, self.types[var]),
                1 => {
                    chain.push(b);
                    b = self.preds[b][0];
                }
                _ => {
                    let param = func.add_param(b, self.types[var]);
                    self.defs.insert((var, b), param);
                    self.add_incoming(func, entry, var, b);
                    break param;
                }
            }
        };
        for c in chain {
            self.defs.insert((var, c), value);
        }
        value
    }

    /// Declares that `block` has all its predecessors: completes its parameters.
    pub fn seal(&mut self, func: &mut Function, entry: Block, block: Block) {
        if self.sealed[block] {
            return;
        }
        self.sealed[block] = true;
        for (var, _param) in std::mem::take(&mut self.incomplete[block]) {
            self.add_incoming(func, entry, var, block);
        }
    }

    /// Appends the value of `var` at the end of each predecessor to the calls into
    /// `block` (the parameter just added is the last one, so the argument goes last).
    fn add_incoming(&mut self, func: &mut Function, entry: Block, var: Var, block: Block) {
        let preds = self.preds[block].clone();
        for pred in preds {
            let v = self.use_var(func, entry, var, pred);
            for call in func.blocks[pred].term.successors_mut() {
                if call.block == block {
                    call.args.push(v);
                }
            }
        }
    }

    fn zero(&mut self, func: &mut Function, entry: Block, ty: Type) -> Value {
        let key = ty as u8;
        if let Some(&v) = self.zeros.get(&key) {
            return v;
        }
        let inst = func.create_inst(Op::Const(0), &[], &[ty], Span::default());
        func.blocks[entry].insts.insert(0, inst);
        let v = func.insts[inst].results[0];
        self.zeros.insert(key, v);
        v
    }
}
