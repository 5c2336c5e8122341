//! Loop nesting, read off the region tree (loops never have to be discovered from the CFG:
//! every loop is a [`LoopNode`](crate::ir::LoopNode), its header the first block of its body,
//! its exit the block after it).

use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::{entity_impl, PrimaryMap, SecondaryMap};

use super::structure::Structure;
use crate::ir::{Block, Function};

/// A loop of the region tree, numbered in program order (outer loops before the loops they
/// contain).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loop(u32);
entity_impl!(Loop, "loop");

#[derive(Clone, Debug)]
pub struct LoopData {
    /// The first block of the body: the target of the back edge and of `continue`.
    pub header: Block,
    /// The block after the loop node: the target of `break`.
    pub exit: Block,
    /// The block before the loop node, which jumps to the header.
    pub preheader: Block,
    /// The last block of the body (at the body's top level).
    pub latch: Block,
    /// The innermost loop containing this one.
    pub parent: Option<Loop>,
    /// 1 for an outermost loop.
    pub depth: u32,
}

/// Which loop each block is in.
#[derive(Clone, Debug, Default)]
pub struct LoopInfo {
    pub loops: PrimaryMap<Loop, LoopData>,
    /// The innermost loop containing each block (the header is inside its loop, the exit
    /// and the preheader are not).
    pub innermost: SecondaryMap<Block, PackedOption<Loop>>,
}

impl LoopInfo {
    /// The loops of `func`; none when its region tree is malformed (the verifier says why).
    pub fn new(func: &Function) -> LoopInfo {
        Structure::new(func).map(|s| s.loops).unwrap_or_default()
    }

    pub fn loop_of(&self, b: Block) -> Option<Loop> {
        self.innermost[b].expand()
    }

    /// How many loops contain `b` (0 outside every loop).
    pub fn depth(&self, b: Block) -> u32 {
        self.loop_of(b)
            .and_then(|l| self.loops.get(l))
            .map_or(0, |d| d.depth)
    }

    pub fn parent(&self, l: Loop) -> Option<Loop> {
        self.loops.get(l).and_then(|d| d.parent)
    }

    /// Whether `b` is in `l` or in a loop nested in it.
    pub fn contains(&self, l: Loop, b: Block) -> bool {
        let mut cur = self.loop_of(b);
        // The parent chain strictly decreases in depth, so it ends; bound it anyway.
        for _ in 0..=self.loops.len() {
            match cur {
                Some(c) if c == l => return true,
                Some(c) => cur = self.parent(c),
                None => return false,
            }
        }
        false
    }

    /// The loop whose header `b` is.
    pub fn header_of(&self, b: Block) -> Option<Loop> {
        self.loop_of(b)
            .filter(|&l| self.loops.get(l).is_some_and(|d| d.header == b))
    }

    /// The loops from the innermost one containing `b` outwards.
    pub fn enclosing(&self, b: Block) -> Vec<Loop> {
        let mut out = Vec::new();
        let mut cur = self.loop_of(b);
        while let Some(l) = cur {
            if out.len() > self.loops.len() {
                break;
            }
            out.push(l);
            cur = self.parent(l);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::testutil::*;

    #[test]
    fn counting_loop_nesting() {
        let l = counting_loop(false);
        let info = LoopInfo::new(&l.f);
        let b = &l.b;
        assert_eq!(info.loops.len(), 1);
        let lp = info.loop_of(b[1]).expect("the header is in its loop");
        let data = &info.loops[lp];
        assert_eq!(
            (data.preheader, data.header, data.latch, data.exit),
            (b[0], b[1], b[8], b[7])
        );
        assert_eq!((data.parent, data.depth), (None, 1));
        for &inner in &[b[1], b[2], b[3], b[4], b[5], b[6], b[8]] {
            assert_eq!(info.loop_of(inner), Some(lp));
            assert_eq!(info.depth(inner), 1);
            assert!(info.contains(lp, inner));
        }
        for &outer in &[b[0], b[7]] {
            assert_eq!(info.loop_of(outer), None);
            assert_eq!(info.depth(outer), 0);
            assert!(!info.contains(lp, outer));
        }
        assert_eq!(info.header_of(b[1]), Some(lp));
        assert_eq!(info.header_of(b[4]), None);
        assert_eq!(info.enclosing(b[5]), vec![lp]);
    }

    #[test]
    fn nested_loops() {
        // block0; loop { block1; loop { block2 } block3 } block4
        let mut f = Function::new();
        let b = blocks(&mut f, 5);
        f.body = region(vec![
            bl(b[0]),
            loop_(vec![bl(b[1]), loop_(vec![bl(b[2])]), bl(b[3])]),
            bl(b[4]),
        ]);
        let info = LoopInfo::new(&f);
        let outer = info.loop_of(b[1]).unwrap();
        let inner = info.loop_of(b[2]).unwrap();
        assert_eq!(info.parent(inner), Some(outer));
        assert_eq!(info.depth(b[2]), 2);
        assert_eq!(info.depth(b[3]), 1);
        assert_eq!(info.loops[inner].exit, b[3]);
        assert_eq!(info.loops[inner].preheader, b[1]);
        assert!(info.contains(outer, b[2]));
        assert!(!info.contains(inner, b[3]));
        assert_eq!(info.enclosing(b[2]), vec![inner, outer]);
    }

    #[test]
    fn malformed_tree_has_no_loops() {
        let mut f = Function::new();
        let b = blocks(&mut f, 2);
        f.body = region(vec![bl(b[0]), loop_(vec![])]);
        let info = LoopInfo::new(&f);
        assert!(info.loops.is_empty());
        assert_eq!(info.depth(b[0]), 0);
    }
}
