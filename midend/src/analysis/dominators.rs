//! The dominator tree of the blocks in the region tree (Cooper, Harvey and Kennedy, "A
//! Simple, Fast Dominance Algorithm": iterate `idom` over reverse postorder until stable,
//! intersecting by postorder number; for the near-reducible, tiny CFGs of kernels it
//! converges in two passes).
//!
//! Unreachable blocks (a merge that both arms leave by `break`, code after a `break`) are
//! in the tree but on no path from the entry. They have no immediate dominator, and
//! `dominates(a, b)` is true for every `a` when `b` is unreachable: "every path from the
//! entry to `b` passes `a`" holds vacuously. That is what lets a pass leave dead code as it
//! is (the verifier accepts any use there that has a definition) while a use in live code
//! is never justified by a definition in dead code.

use cranelift_entity::SecondaryMap;

use super::cfg::Cfg;
use crate::ir::{Block, Function};

#[derive(Clone, Debug, Default)]
pub struct Dominators {
    idom: SecondaryMap<Block, Option<Block>>,
    children: SecondaryMap<Block, Vec<Block>>,
    /// Preorder and postorder numbers in the dominator tree, for O(1) queries; only
    /// reachable blocks have them.
    pre: SecondaryMap<Block, Option<u32>>,
    post: SecondaryMap<Block, u32>,
    cfg: Cfg,
}

impl Dominators {
    pub fn new(func: &Function) -> Dominators {
        Dominators::with_cfg(Cfg::new(func))
    }

    pub fn with_cfg(cfg: Cfg) -> Dominators {
        let mut dom = Dominators {
            cfg,
            ..Default::default()
        };
        dom.compute_idoms();
        dom.number();
        dom
    }

    fn compute_idoms(&mut self) {
        let cfg = &self.cfg;
        if cfg.rpo.is_empty() {
            return;
        }
        // Working idoms by rpo index; `u32::MAX` is "not yet known".
        const UNKNOWN: u32 = u32::MAX;
        let n = cfg.rpo.len();
        let mut idom = vec![UNKNOWN; n];
        idom[0] = 0;
        let intersect = |idom: &[u32], mut a: u32, mut b: u32| {
            // Each step moves to a strictly smaller rpo index, so this ends.
            while a != b {
                while a > b {
                    a = idom[a as usize];
                }
                while b > a {
                    b = idom[b as usize];
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for (i, &b) in cfg.rpo.iter().enumerate().skip(1) {
                let mut new = UNKNOWN;
                for &p in &cfg.preds[b] {
                    let Some(pi) = cfg.rpo_index[p] else {
                        continue; // an unreachable predecessor says nothing
                    };
                    if idom[pi as usize] == UNKNOWN {
                        continue;
                    }
                    new = if new == UNKNOWN {
                        pi
                    } else {
                        intersect(&idom, pi, new)
                    };
                }
                if new != UNKNOWN && idom[i] != new {
                    idom[i] = new;
                    changed = true;
                }
            }
        }
        for (i, &b) in cfg.rpo.iter().enumerate().skip(1) {
            if let Some(&d) = cfg.rpo.get(idom[i] as usize) {
                self.idom[b] = Some(d);
                self.children[d].push(b);
            }
        }
    }

    /// Pre- and postorder numbers of the dominator tree, iteratively.
    fn number(&mut self) {
        let Some(&entry) = self.cfg.rpo.first() else {
            return;
        };
        let mut counter_pre = 0;
        let mut counter_post = 0;
        let mut stack = vec![(entry, 0usize)];
        self.pre[entry] = Some(counter_pre);
        counter_pre += 1;
        while let Some(top) = stack.last_mut() {
            let (b, i) = *top;
            if let Some(&c) = self.children[b].get(i) {
                top.1 += 1;
                self.pre[c] = Some(counter_pre);
                counter_pre += 1;
                stack.push((c, 0));
            } else {
                self.post[b] = counter_post;
                counter_post += 1;
                stack.pop();
            }
        }
    }

    /// The graph the tree was computed on.
    pub fn cfg(&self) -> &Cfg {
        &self.cfg
    }

    /// The immediate dominator; `None` for the entry and for unreachable blocks.
    pub fn idom(&self, b: Block) -> Option<Block> {
        self.idom[b]
    }

    /// The blocks `b` immediately dominates, in reverse postorder.
    pub fn children(&self, b: Block) -> &[Block] {
        &self.children[b]
    }

    pub fn is_reachable(&self, b: Block) -> bool {
        self.pre[b].is_some()
    }

    /// Whether every path from the entry to `b` passes `a` (reflexive; vacuously true when
    /// `b` is unreachable, false when only `a` is).
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        match (self.pre[a], self.pre[b]) {
            (_, None) => true,
            (None, Some(_)) => false,
            (Some(pa), Some(pb)) => pa <= pb && self.post[b] <= self.post[a],
        }
    }

    /// `dominates(a, b) && a != b`.
    pub fn strictly_dominates(&self, a: Block, b: Block) -> bool {
        a != b && self.dominates(a, b)
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Write;

    use super::*;
    use crate::analysis::testutil::*;
    use crate::ir::Terminator;

    #[test]
    fn loop_with_break_and_continue() {
        let l = counting_loop(false);
        let dom = Dominators::new(&l.f);
        let mut out = String::new();
        for b in l.f.layout() {
            let idom = dom.idom(b).map_or("-".to_string(), |d| d.to_string());
            writeln!(out, "{b}: idom {idom}").unwrap();
        }
        insta::assert_snapshot!(out, @r"
        block0: idom -
        block1: idom block0
        block2: idom block1
        block3: idom block1
        block4: idom block2
        block5: idom block4
        block6: idom block4
        block8: idom block6
        block7: idom block3
        ");
        let b = &l.b;
        assert!(dom.dominates(b[1], b[8]));
        assert!(dom.dominates(b[4], b[4]));
        assert!(!dom.strictly_dominates(b[4], b[4]));
        assert!(!dom.dominates(b[2], b[7]));
        assert!(!dom.dominates(b[8], b[1]));
        assert!(dom.dominates(b[0], b[7]));
    }

    /// A merge both arms leave by `break` is unreachable: no idom, dominated by everything,
    /// dominating no reachable block.
    #[test]
    fn unreachable_blocks() {
        let mut f = Function::new();
        let b = blocks(&mut f, 6);
        jump(&mut f, b[0], b[1], &[]);
        let c = cb(&mut f, b[1], 0);
        let t = nonzero(&mut f, b[1], c);
        branch(&mut f, b[1], t, b[2], b[3]);
        jump(&mut f, b[2], b[5], &[]);
        jump(&mut f, b[3], b[5], &[]);
        jump(&mut f, b[4], b[1], &[]);
        f.blocks[b[5]].term = Terminator::Return;
        f.body = region(vec![
            bl(b[0]),
            loop_(vec![
                bl(b[1]),
                if_(vec![bl(b[2])], vec![bl(b[3])]),
                bl(b[4]),
            ]),
            bl(b[5]),
        ]);
        let dom = Dominators::new(&f);
        assert!(!dom.is_reachable(b[4]));
        assert_eq!(dom.idom(b[4]), None);
        assert!(dom.dominates(b[3], b[4]));
        assert!(!dom.dominates(b[4], b[1]));
        // The back edge from the dead block does not disturb the header's idom.
        assert_eq!(dom.idom(b[1]), Some(b[0]));
        assert_eq!(dom.idom(b[5]), Some(b[1]));
    }

    #[test]
    fn empty_function() {
        let dom = Dominators::new(&Function::new());
        assert!(dom.dominates(Block::from_u32(0), Block::from_u32(1)));
        assert_eq!(dom.idom(Block::from_u32(3)), None);
    }
}
