//! The control-flow graph of the blocks in the region tree, read off the terminators.
//!
//! The tree's blocks are the function: blocks outside it are dead storage (a `PrimaryMap`
//! cannot drop entries, so passes that delete blocks leave them behind), and so are the
//! edges to them. Every analysis takes its graph from here so that none of them indexes a
//! block that does not exist, even on a function the verifier would reject.

use cranelift_entity::{EntitySet, SecondaryMap};
use smallvec::SmallVec;

use crate::ir::{Block, Function};

/// Successors, predecessors and orders of the tree's blocks.
#[derive(Clone, Debug, Default)]
pub struct Cfg {
    /// The tree's blocks in program order; each once, only blocks that exist.
    pub layout: Vec<Block>,
    /// Membership of `layout`.
    pub in_tree: EntitySet<Block>,
    /// Successors in terminator order (a branch's `then` first); a block called twice by one
    /// terminator is listed twice, so that edges can be counted.
    pub succs: SecondaryMap<Block, SmallVec<[Block; 2]>>,
    pub preds: SecondaryMap<Block, SmallVec<[Block; 2]>>,
    /// The blocks reachable from the entry in reverse postorder.
    pub rpo: Vec<Block>,
    /// Position in `rpo`, for reachable blocks.
    pub rpo_index: SecondaryMap<Block, Option<u32>>,
}

impl Cfg {
    pub fn new(func: &Function) -> Cfg {
        let mut cfg = Cfg::default();
        for b in func.body.blocks() {
            if func.blocks.is_valid(b) && cfg.in_tree.insert(b) {
                cfg.layout.push(b);
            }
        }
        for &b in &cfg.layout {
            for call in func.blocks[b].term.successors() {
                if cfg.in_tree.contains(call.block) {
                    cfg.succs[b].push(call.block);
                    cfg.preds[call.block].push(b);
                }
            }
        }
        cfg.compute_rpo(func.entry());
        cfg
    }

    /// Depth-first postorder from the entry, iterative (kernels can be deep enough to make
    /// recursion a risk), then reversed.
    fn compute_rpo(&mut self, entry: Option<Block>) {
        let Some(entry) = entry.filter(|&e| self.in_tree.contains(e)) else {
            return;
        };
        let mut visited: EntitySet<Block> = EntitySet::new();
        let mut post = Vec::with_capacity(self.layout.len());
        // (block, index of the next successor to visit)
        let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
        visited.insert(entry);
        while let Some(top) = stack.last_mut() {
            let (b, i) = *top;
            if let Some(&s) = self.succs[b].get(i) {
                top.1 += 1;
                if visited.insert(s) {
                    stack.push((s, 0));
                }
            } else {
                post.push(b);
                stack.pop();
            }
        }
        post.reverse();
        for (i, &b) in post.iter().enumerate() {
            self.rpo_index[b] = Some(i as u32);
        }
        self.rpo = post;
    }

    /// Whether a path leads from the entry to `b`.
    pub fn is_reachable(&self, b: Block) -> bool {
        self.rpo_index[b].is_some()
    }
}
