//! Which values are live at the start and the end of each block.
//!
//! Block parameters are handled the SSA way, with no phi copies to place: a parameter is
//! defined at the start of its block (so it is never live-in there), and the arguments of
//! a block call are used at the end of the calling block (so they are live-out of the
//! caller only through that use, not live-in at the target). A value is live-out of a
//! block iff it is live-in at a successor; live-in iff used in the block before (or without)
//! being defined there, or live-out and not defined there. Iterated to a fixed point over
//! the tree's blocks; unreachable blocks take part like the others, so their uses keep
//! their definitions alive (harmless: the verifier only lets them use defined values).
//!
//! Aliases are taken as values of their own: resolve them first
//! ([`Function::resolve_aliases`]), as the verifier demands.

use cranelift_entity::{EntityRef, SecondaryMap};

use super::cfg::Cfg;
use crate::ir::{Block, Function, Value};

/// A set of values as a bit vector (kernels have thousands of values and hundreds of
/// blocks: dense bits make the unions of the fixed point cheap).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ValueSet {
    words: Vec<u64>,
}

impl ValueSet {
    pub fn contains(&self, v: Value) -> bool {
        let i = v.index();
        self.words
            .get(i / 64)
            .is_some_and(|w| w >> (i % 64) & 1 != 0)
    }

    /// Adds `v`; whether it was new.
    pub fn insert(&mut self, v: Value) -> bool {
        let i = v.index();
        if self.words.len() <= i / 64 {
            self.words.resize(i / 64 + 1, 0);
        }
        let bit = 1u64 << (i % 64);
        let new = self.words[i / 64] & bit == 0;
        self.words[i / 64] |= bit;
        new
    }

    pub fn remove(&mut self, v: Value) {
        let i = v.index();
        if let Some(w) = self.words.get_mut(i / 64) {
            *w &= !(1u64 << (i % 64));
        }
    }

    /// Adds the values of `other` that are not in `minus`; whether anything was new.
    fn union_minus(&mut self, other: &ValueSet, minus: &ValueSet) -> bool {
        if self.words.len() < other.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        let mut changed = false;
        for (i, &w) in other.words.iter().enumerate() {
            let add = w & !minus.words.get(i).copied().unwrap_or(0);
            if add & !self.words[i] != 0 {
                self.words[i] |= add;
                changed = true;
            }
        }
        changed
    }

    pub fn iter(&self) -> impl Iterator<Item = Value> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            (0..64)
                .filter(move |b| w >> b & 1 != 0)
                .map(move |b| Value::new(i * 64 + b))
        })
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
}

#[derive(Clone, Debug, Default)]
pub struct Liveness {
    live_in: SecondaryMap<Block, ValueSet>,
    live_out: SecondaryMap<Block, ValueSet>,
}

impl Liveness {
    pub fn new(func: &Function) -> Liveness {
        Liveness::with_cfg(func, &Cfg::new(func))
    }

    pub fn with_cfg(func: &Function, cfg: &Cfg) -> Liveness {
        let valid = |v: Value| func.values.is_valid(v);
        // Upward-exposed uses and definitions of each block.
        let mut uses: SecondaryMap<Block, ValueSet> = SecondaryMap::new();
        let mut defs: SecondaryMap<Block, ValueSet> = SecondaryMap::new();
        for &b in &cfg.layout {
            let data = &func.blocks[b];
            let (mut u, mut d) = (ValueSet::default(), ValueSet::default());
            for &p in data.params.iter().filter(|&&p| valid(p)) {
                d.insert(p);
            }
            for &inst in &data.insts {
                let Some(inst) = func.insts.get(inst) else {
                    continue;
                };
                for &a in inst.args.iter().filter(|&&a| valid(a)) {
                    if !d.contains(a) {
                        u.insert(a);
                    }
                }
                for &r in inst.results.iter().filter(|&&r| valid(r)) {
                    d.insert(r);
                }
            }
            data.term.for_each_arg(&mut |a| {
                if valid(a) && !d.contains(a) {
                    u.insert(a);
                }
            });
            uses[b] = u;
            defs[b] = d;
        }
        let mut live = Liveness::default();
        for &b in &cfg.layout {
            live.live_in[b] = uses[b].clone();
        }
        // Backwards over the layout converges fastest (successors mostly come later).
        let mut changed = true;
        while changed {
            changed = false;
            for &b in cfg.layout.iter().rev() {
                let mut out = std::mem::take(&mut live.live_out[b]);
                for &s in &cfg.succs[b] {
                    out.union_minus(&live.live_in[s], &ValueSet::default());
                }
                let mut inn = std::mem::take(&mut live.live_in[b]);
                changed |= inn.union_minus(&out, &defs[b]);
                live.live_in[b] = inn;
                live.live_out[b] = out;
            }
        }
        live
    }

    pub fn live_in(&self, b: Block) -> &ValueSet {
        &self.live_in[b]
    }

    pub fn live_out(&self, b: Block) -> &ValueSet {
        &self.live_out[b]
    }

    pub fn is_live_in(&self, b: Block, v: Value) -> bool {
        self.live_in[b].contains(v)
    }

    pub fn is_live_out(&self, b: Block, v: Value) -> bool {
        self.live_out[b].contains(v)
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Write;

    use super::*;
    use crate::analysis::testutil::*;

    fn show(set: &ValueSet) -> String {
        set.iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The counting loop: the bound (v0) is live around the loop, the counter's next value
    /// (v4) from the header to the exit and the back edges; the header's parameter (v2)
    /// is live only until the break passes it; no parameter is live-in at its own block.
    #[test]
    fn counting_loop_liveness() {
        let l = counting_loop(false);
        let live = Liveness::new(&l.f);
        let mut out = String::new();
        for b in l.f.layout() {
            writeln!(
                out,
                "{b}: in [{}] out [{}]",
                show(live.live_in(b)),
                show(live.live_out(b))
            )
            .unwrap();
        }
        insta::assert_snapshot!(out, @r"
        block0: in [] out [v0]
        block1: in [v0] out [v0 v2 v4]
        block2: in [v0 v4] out [v0 v4]
        block3: in [v2 v4] out [v4]
        block4: in [v0 v4] out [v0 v4]
        block5: in [v0 v4] out [v0]
        block6: in [v0 v4] out [v0 v4]
        block8: in [v0 v4] out [v0]
        block7: in [v4] out []
        ");
        assert!(!live.is_live_in(l.b[1], l.i));
        assert!(!live.is_live_in(l.b[7], l.result));
        assert!(live.is_live_out(l.b[1], l.next));
    }

    #[test]
    fn value_set() {
        let mut s = ValueSet::default();
        assert!(s.is_empty());
        assert!(s.insert(Value::new(70)));
        assert!(!s.insert(Value::new(70)));
        assert!(s.insert(Value::new(3)));
        assert_eq!(s.len(), 2);
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![Value::new(3), Value::new(70)]
        );
        s.remove(Value::new(70));
        s.remove(Value::new(700));
        assert!(!s.contains(Value::new(70)));
        assert!(!s.contains(Value::new(7000)));
    }
}
