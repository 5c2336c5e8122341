//! Where each block sits in the region tree: the node after it (which fixes its
//! terminator), the innermost loop and `if` arm around it, and the `if` and loop nodes with
//! the blocks that play a role in them (head, arms, merge; preheader, header, latch, exit).
//!
//! [`Structure::new`] also checks the tree's shape (every region is
//! `block (if|loop block)*`, every block exists and appears once), so the verifier and the
//! analyses share one reading of the tree; on a malformed tree it says what is wrong
//! instead of guessing.

use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::{entity_impl, PrimaryMap, SecondaryMap};

use super::loops::{Loop, LoopData, LoopInfo};
use crate::ir::{Block, Function, Node, Region};

/// An `if` node of the region tree, numbered in program order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct If(u32);
entity_impl!(If, "if");

#[derive(Clone, Debug)]
pub struct IfData {
    /// The block before the `if`, whose `Branch` decides it.
    pub head: Block,
    /// The first blocks of the arms: the branch targets.
    pub then_: Block,
    pub else_: Block,
    /// The block after the `if`.
    pub merge: Block,
    /// The arm of the innermost `if` around this one.
    pub parent: Option<Arm>,
    /// The innermost loop around this `if`.
    pub loop_: Option<Loop>,
}

/// One arm of an `if`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arm {
    pub if_: If,
    /// `false` for `then_`, `true` for `else_`.
    pub else_: bool,
}

/// What follows a block in its region, which decides how the block may end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// An `if`: the block ends in its `Branch`.
    If(If),
    /// A loop: the block jumps to its header.
    Loop(Loop),
    /// Nothing: the block is the last of its region, and this is where the region falls
    /// through to: an `if` arm to the merge, a loop body to the header, the function body
    /// nowhere.
    End(Option<Block>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// Position in program order ([`Function::layout`]).
    pub index: u32,
    pub next: Next,
    /// The innermost loop containing the block.
    pub loop_: Option<Loop>,
    /// The innermost `if` arm containing the block (inside or outside `loop_`).
    pub arm: Option<Arm>,
}

/// The region tree, indexed.
#[derive(Clone, Debug, Default)]
pub struct Structure {
    pub places: SecondaryMap<Block, Option<Place>>,
    pub ifs: PrimaryMap<If, IfData>,
    pub loops: LoopInfo,
    /// The blocks in program order.
    pub layout: Vec<Block>,
    /// `ifs` by head block.
    pub if_by_head: SecondaryMap<Block, PackedOption<If>>,
    /// `ifs` by merge block.
    pub if_by_merge: SecondaryMap<Block, PackedOption<If>>,
}

/// Why a region tree is malformed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TreeError(pub String);

/// The grammar of a region, for messages.
const SHAPE: &str = "a region is `block (if|loop block)*`";

/// Nesting deeper than this is refused rather than risking the stack: real kernels nest a
/// few dozen levels at most (Cayman's control-flow stack holds far fewer).
pub const MAX_NESTING: usize = 256;

/// The context a region is walked in.
struct Ctx {
    /// "the then arm of the if after block3", for messages.
    desc: String,
    loop_: Option<Loop>,
    arm: Option<Arm>,
    /// Where the region's last block falls through to.
    end: Option<Block>,
    depth: usize,
}

impl Structure {
    pub fn new(func: &Function) -> Result<Structure, TreeError> {
        let mut walker = Walker {
            func,
            s: Structure::default(),
            seen_in: SecondaryMap::new(),
        };
        let ctx = Ctx {
            desc: "the function body".into(),
            loop_: None,
            arm: None,
            end: None,
            depth: 0,
        };
        walker.region(&func.body, &ctx)?;
        Ok(walker.s)
    }

    pub fn place(&self, b: Block) -> Option<Place> {
        self.places[b]
    }

    /// The `if` decided by `b`'s branch.
    pub fn if_after(&self, b: Block) -> Option<If> {
        self.if_by_head[b].expand()
    }

    /// The `if` whose merge `b` is.
    pub fn if_before(&self, b: Block) -> Option<If> {
        self.if_by_merge[b].expand()
    }

    /// The `if`s whose arms contain `b`, innermost first, up to (not including) the first
    /// one outside `within` (all of them when `within` is `None`).
    pub fn enclosing_ifs(&self, b: Block, within: Option<Loop>) -> Vec<If> {
        let mut out = Vec::new();
        let mut arm = self.place(b).and_then(|p| p.arm);
        while let Some(a) = arm {
            let Some(data) = self.ifs.get(a.if_) else {
                break;
            };
            if within.is_some() && data.loop_ != within {
                break;
            }
            if out.len() > self.ifs.len() {
                break;
            }
            out.push(a.if_);
            arm = data.parent;
        }
        out
    }
}

struct Walker<'a> {
    func: &'a Function,
    s: Structure,
    /// Where each block was first met, for the duplicate message.
    seen_in: SecondaryMap<Block, Option<String>>,
}

fn kind(node: &Node) -> &'static str {
    match node {
        Node::Block(_) => "block",
        Node::If(_) => "if",
        Node::Loop(_) => "loop",
    }
}

impl Walker<'_> {
    /// The shape of `r` alone (not of the regions nested in it).
    fn check_shape(&self, r: &Region, desc: &str) -> Result<(), TreeError> {
        let err = |m: String| Err(TreeError(m));
        if r.nodes.is_empty() {
            return err(format!("{} is empty; {SHAPE}", desc));
        }
        for (i, node) in r.nodes.iter().enumerate() {
            match (i % 2 == 0, node) {
                (true, Node::Block(_)) | (false, Node::If(_) | Node::Loop(_)) => {}
                (true, n) if i == 0 => {
                    return err(format!(
                        "{} starts with an {} instead of a block; {SHAPE}",
                        desc,
                        kind(n)
                    ))
                }
                (true, n) => {
                    return err(format!(
                        "{}: node {i} is an {} following an {}; {SHAPE}",
                        desc,
                        kind(n),
                        kind(&r.nodes[i - 1])
                    ))
                }
                (false, n) => {
                    let prev = match &r.nodes[i - 1] {
                        Node::Block(p) => p.to_string(),
                        other => kind(other).to_string(),
                    };
                    let this = match n {
                        Node::Block(b) => b.to_string(),
                        other => kind(other).to_string(),
                    };
                    return err(format!(
                        "{}: {this} follows {prev} directly; blocks of a region are separated by if or loop nodes",
                        desc
                    ));
                }
            }
        }
        if let Some(last) = r.nodes.last().filter(|n| !matches!(n, Node::Block(_))) {
            return err(format!(
                "{} ends with an {}; a region ends with a block",
                desc,
                kind(last)
            ));
        }
        Ok(())
    }

    fn region(&mut self, r: &Region, ctx: &Ctx) -> Result<(), TreeError> {
        if ctx.depth > MAX_NESTING {
            return Err(TreeError(format!(
                "{} is nested more than {MAX_NESTING} levels deep",
                ctx.desc
            )));
        }
        self.check_shape(r, &ctx.desc)?;
        // Blocks first, so that the nested regions can name their head and merge.
        for node in &r.nodes {
            if let Node::Block(b) = node {
                self.claim(*b, ctx)?;
            }
        }
        let block_at = |i: usize| match r.nodes.get(i) {
            Some(Node::Block(b)) => Some(*b),
            _ => None,
        };
        let mut i = 0;
        while let Some(b) = block_at(i) {
            let index = self.s.layout.len() as u32;
            self.s.layout.push(b);
            // By the shape check, node i + 1 (if any) is a control node and i + 2 a block.
            let after = block_at(i + 2);
            match (r.nodes.get(i + 1), after) {
                (Some(Node::If(node)), Some(merge)) => {
                    self.check_shape(&node.then_, &format!("the then arm of the if after {b}"))?;
                    self.check_shape(&node.else_, &format!("the else arm of the if after {b}"))?;
                    let (Some(then_), Some(else_)) =
                        (node.then_.first_block(), node.else_.first_block())
                    else {
                        return Err(TreeError(format!(
                            "the arms of the if after {b} are malformed"
                        )));
                    };
                    let id = self.s.ifs.push(IfData {
                        head: b,
                        then_,
                        else_,
                        merge,
                        parent: ctx.arm,
                        loop_: ctx.loop_,
                    });
                    self.s.if_by_head[b] = id.into();
                    self.s.if_by_merge[merge] = id.into();
                    self.place(b, index, Next::If(id), ctx);
                    for else_arm in [false, true] {
                        let (arm_region, name) = if else_arm {
                            (&node.else_, "else")
                        } else {
                            (&node.then_, "then")
                        };
                        let inner = Ctx {
                            desc: format!("the {name} arm of the if after {b}"),
                            loop_: ctx.loop_,
                            arm: Some(Arm {
                                if_: id,
                                else_: else_arm,
                            }),
                            end: Some(merge),
                            depth: ctx.depth + 1,
                        };
                        self.region(arm_region, &inner)?;
                    }
                }
                (Some(Node::Loop(node)), Some(exit)) => {
                    let desc = format!("the body of the loop after {b}");
                    self.check_shape(&node.body, &desc)?;
                    let (Some(header), Some(latch)) =
                        (node.body.first_block(), node.body.last_block())
                    else {
                        return Err(TreeError(format!("{desc} is malformed")));
                    };
                    let parent = ctx.loop_;
                    let depth = parent
                        .and_then(|p| self.s.loops.loops.get(p))
                        .map_or(1, |d| d.depth + 1);
                    let id = self.s.loops.loops.push(LoopData {
                        header,
                        exit,
                        preheader: b,
                        latch,
                        parent,
                        depth,
                    });
                    self.place(b, index, Next::Loop(id), ctx);
                    let inner = Ctx {
                        desc,
                        loop_: Some(id),
                        arm: ctx.arm,
                        end: Some(header),
                        depth: ctx.depth + 1,
                    };
                    self.region(&node.body, &inner)?;
                }
                _ => self.place(b, index, Next::End(ctx.end), ctx),
            }
            i += 2;
        }
        Ok(())
    }

    fn claim(&mut self, b: Block, ctx: &Ctx) -> Result<(), TreeError> {
        if !self.func.blocks.is_valid(b) {
            return Err(TreeError(format!(
                "{}: {b} does not exist (the function has {} blocks)",
                ctx.desc,
                self.func.blocks.len()
            )));
        }
        if let Some(first) = &self.seen_in[b] {
            return Err(TreeError(format!(
                "{b} appears twice in the region tree: in {first} and in {}",
                ctx.desc
            )));
        }
        self.seen_in[b] = Some(ctx.desc.clone());
        Ok(())
    }

    fn place(&mut self, b: Block, index: u32, next: Next, ctx: &Ctx) {
        self.s.places[b] = Some(Place {
            index,
            next,
            loop_: ctx.loop_,
            arm: ctx.arm,
        });
        self.s.loops.innermost[b] = ctx.loop_.into();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::testutil::*;

    #[test]
    fn counting_loop_places() {
        let l = counting_loop(false);
        let s = Structure::new(&l.f).unwrap();
        let b = &l.b;
        assert_eq!(s.layout, l.f.layout());
        let lp = s.loops.loop_of(b[1]).unwrap();
        let first = s.if_after(b[1]).unwrap();
        let second = s.if_after(b[4]).unwrap();
        let d = &s.ifs[first];
        assert_eq!(
            (d.head, d.then_, d.else_, d.merge),
            (b[1], b[2], b[3], b[4])
        );
        assert_eq!((d.parent, d.loop_), (None, Some(lp)));
        assert_eq!(s.if_before(b[8]), Some(second));
        assert_eq!(s.place(b[0]).unwrap().next, Next::Loop(lp));
        assert_eq!(s.place(b[1]).unwrap().next, Next::If(first));
        assert_eq!(s.place(b[3]).unwrap().next, Next::End(Some(b[4])));
        assert_eq!(s.place(b[8]).unwrap().next, Next::End(Some(b[1])));
        assert_eq!(s.place(b[7]).unwrap().next, Next::End(None));
        assert_eq!(
            s.place(b[5]).unwrap().arm,
            Some(Arm {
                if_: second,
                else_: false
            })
        );
        assert_eq!(s.enclosing_ifs(b[6], Some(lp)), vec![second]);
        assert_eq!(s.enclosing_ifs(b[8], Some(lp)), vec![]);
    }

    #[test]
    fn too_deep() {
        let mut f = Function::new();
        let mut r = region(vec![bl(f.create_block())]);
        for _ in 0..MAX_NESTING + 5 {
            let (a, c) = (f.create_block(), f.create_block());
            r = region(vec![bl(a), loop_(r.nodes), bl(c)]);
        }
        f.body = r;
        let e = Structure::new(&f).unwrap_err();
        assert!(e.0.contains("nested more than 256 levels deep"), "{e}");
        assert_eq!(
            crate::verify::verify(&f).unwrap_err().rule,
            crate::verify::Rule::Tree
        );
    }

    /// The deepest nest allowed verifies and analyses on a test thread's small stack.
    #[test]
    fn deepest_allowed_nest() {
        let mut f = Function::new();
        let x = f.create_block();
        jump(&mut f, x, x, &[]);
        let (mut r, mut header) = (region(vec![bl(x)]), x);
        for _ in 0..MAX_NESTING - 1 {
            let (a, c) = (f.create_block(), f.create_block());
            jump(&mut f, a, header, &[]);
            jump(&mut f, c, a, &[]);
            r = region(vec![bl(a), loop_(r.nodes), bl(c)]);
            header = a;
        }
        if let Some(Node::Block(last)) = r.nodes.last() {
            f.blocks[*last].term = crate::ir::Terminator::Return;
        }
        f.body = r;
        crate::verify::verify(&f).unwrap();
        let _ = crate::analysis::Uniformity::new(&f);
        let _ = crate::analysis::Liveness::new(&f);
        assert_eq!(
            crate::analysis::LoopInfo::new(&f).depth(x),
            MAX_NESTING as u32 - 1
        );
    }
}
