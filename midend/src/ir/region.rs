//! The structured region tree that both backends lower.
//!
//! A [`Region`] is a sequence that starts and ends with a block and alternates blocks with
//! control nodes: `block (if|loop block)*`. The rules that tie the tree to the CFG (the
//! verifier checks every one of them):
//!
//! - A block followed by an [`IfNode`] ends in a `Branch` whose targets are the first blocks
//!   of the `then_` and `else_` regions. The block after the `if` is its merge.
//! - A block followed by a [`LoopNode`] ends in a `Jump` to the loop's header, the first
//!   block of its body. The block after the loop is its exit.
//! - Every other block ends in one of:
//!   - a `Jump` to the next block of its own region: for the last block of an `if` arm,
//!     the `if`'s merge; for the last block of a loop body, the header (the back edge);
//!   - a `Jump` to the innermost enclosing loop's header (`continue`) or exit (`break`);
//!   - `Return`, only as the last block of the whole function;
//!   - `Unreachable`.
//!
//! So a loop is left only by `break`, multi-level exits never occur (the builder lowers
//! `ret` and `continue` across a `switch` to flags), and each target sees exactly the
//! structure its hardware has: Cayman's PUSH/ELSE/POP and LOOP_START/LOOP_BREAK/
//! LOOP_CONTINUE/LOOP_END, GCN's exec-mask save, invert and restore.

use super::Block;

/// A sequence of blocks and control nodes: `block (if|loop block)*`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Region {
    pub nodes: Vec<Node>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    Block(Block),
    If(IfNode),
    Loop(LoopNode),
}

/// A two-armed conditional; the condition is the `Branch` of the block before it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IfNode {
    pub then_: Region,
    pub else_: Region,
}

/// A loop; its header is the first block of `body`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoopNode {
    pub body: Region,
}

impl Region {
    pub fn block(b: Block) -> Region {
        Region {
            nodes: vec![Node::Block(b)],
        }
    }

    pub fn first_block(&self) -> Option<Block> {
        match self.nodes.first()? {
            Node::Block(b) => Some(*b),
            _ => None,
        }
    }

    pub fn last_block(&self) -> Option<Block> {
        match self.nodes.last()? {
            Node::Block(b) => Some(*b),
            _ => None,
        }
    }

    /// Appends the blocks of the region, nested ones included, in program order.
    pub fn blocks_into(&self, out: &mut Vec<Block>) {
        for node in &self.nodes {
            match node {
                Node::Block(b) => out.push(*b),
                Node::If(i) => {
                    i.then_.blocks_into(out);
                    i.else_.blocks_into(out);
                }
                Node::Loop(l) => l.body.blocks_into(out),
            }
        }
    }

    pub fn blocks(&self) -> Vec<Block> {
        let mut out = Vec::new();
        self.blocks_into(&mut out);
        out
    }

    /// Calls `f` on every region of the tree, innermost first, with the loop depth.
    pub fn for_each_region_mut(&mut self, f: &mut dyn FnMut(&mut Region)) {
        for node in &mut self.nodes {
            match node {
                Node::Block(_) => {}
                Node::If(i) => {
                    i.then_.for_each_region_mut(f);
                    i.else_.for_each_region_mut(f);
                }
                Node::Loop(l) => l.body.for_each_region_mut(f),
            }
        }
        f(self);
    }

    /// The number of `if` and loop nodes.
    pub fn control_nodes(&self) -> usize {
        self.nodes
            .iter()
            .map(|n| match n {
                Node::Block(_) => 0,
                Node::If(i) => 1 + i.then_.control_nodes() + i.else_.control_nodes(),
                Node::Loop(l) => 1 + l.body.control_nodes(),
            })
            .sum()
    }
}
