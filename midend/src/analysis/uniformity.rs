//! Which values are uniform across a wavefront: the same in every active lane.
//!
//! Backends want this twice: GCN keeps uniform values in scalar registers and lowers a
//! uniform branch to a scalar jump instead of an exec-mask dance; Cayman can skip the
//! predicate stack push for a uniform condition. A value wrongly called uniform breaks the
//! program, one wrongly called divergent only costs speed, so every rule below errs
//! towards divergent.
//!
//! # Rules
//!
//! An instruction's results are divergent when its operation reads something that differs
//! by lane, or when any argument is divergent, because:
//! - **Constants** are the same everywhere.
//! - **Pure operations** (ALU ops, modifiers, select, tests, boolean ops, pack/unpack) are
//!   functions of their arguments, so uniform arguments give a uniform result. `cu_id`
//!   takes no argument and is uniform: a wavefront runs on one compute unit.
//! - **Inputs**: the thread-group id (`vTGroupid` and its flat form) and the wavefront index
//!   are the same for the 64 lanes of a wavefront, which always belong to one group. Thread
//!   ids differ by lane; pixel inputs, positions, `vFace` and `vPrimId` differ because a
//!   wavefront can hold pixels of several primitives.
//! - **Constant buffers** (`cb`, `icb`) do not change during a launch: a uniform index
//!   reads the same element in every lane.
//! - **Read-only resources** (`srv_raw_load`, `srv_struct_load`, `load`, `resinfo`,
//!   `bufinfo`): nothing writes them during a launch (IL has no way to write a resource
//!   that a kernel reads as an SRV), so uniform addresses read equal data.
//! - **Everything else that reads memory is divergent**: private arrays (each lane has its
//!   own copy, with its own stores), the global buffer, UAVs, LDS and GDS (other lanes and
//!   wavefronts write them, and the lanes of one load need not see the same moment), and
//!   sampling (the level of detail comes from neighbouring lanes). Atomics that return the
//!   old value give every lane a different one. Unknown IL instructions are divergent.
//!
//! Block parameters are divergent when any incoming argument is divergent, or when the
//! block joins control flow that divided the lanes, so that lanes arrive from different
//! places with different values even when each place passes a uniform one:
//! - the **merge of an `if`** whose branch is divergent: some lanes come from each arm;
//! - the **header of a loop with a divergent `continue`** (a `continue` inside an `if` of
//!   the loop with a divergent branch): lanes that continued early arrive with other values
//!   than lanes that ran to the end of the body;
//! - the **exit of a loop with a divergent `break` or `continue`**: lanes leave in
//!   different iterations (or by different `break`s). A `continue` counts because the lanes
//!   that skipped the rest of the body also skip a `break` there, even a uniform one.
//!
//! Only `if` nodes inside the loop itself count for its `break`s and `continue`s: an `if`
//! around the whole loop lets all lanes that enter the loop agree, and an inner loop cannot
//! jump out of this one (the region rules allow no multi-level exits).
//!
//! **Temporal divergence**: lanes that leave a loop with a divergent exit do so in
//! different iterations, so a value defined inside that loop and used after it holds, in
//! each lane, the value of that lane's last iteration: divergent at those uses, even when
//! it is uniform inside the loop (all lanes still in the loop are in the same iteration).
//! So there are two answers: [`Uniformity::is_divergent`] for the value where it is
//! defined (which is what decides branches inside the loop and the values computed
//! there), and [`Uniformity::is_divergent_at`] for a use in a given block. Everything the
//! analysis derives from a use (an instruction's result, a block argument, a branch
//! condition) takes the answer at that use. A register allocator that gives a value one
//! register class for its whole life wants [`Uniformity::is_uniform_everywhere`].
//!
//! A branch is uniform iff its condition is. Conditions feed merges, merges feed values,
//! values feed conditions: everything is iterated to a fixed point (monotone: values only
//! ever become divergent).
//!
//! On a function whose region tree is malformed, or for values with no definition in the
//! tree (unresolved aliases included), everything unknown is divergent.

use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::{EntitySet, SecondaryMap};
use il_frontend::opcode::Opcode;

use super::loops::{Loop, LoopInfo};
use super::structure::{Next, Structure};
use crate::ir::{Block, Function, Input, Op, Terminator, Value};

#[derive(Clone, Debug, Default)]
pub struct Uniformity {
    divergent: EntitySet<Value>,
    divergent_branches: EntitySet<Block>,
    divergent_exit: SecondaryMap<Loop, bool>,
    divergent_continue: SecondaryMap<Loop, bool>,
    /// Values used outside a loop with a divergent exit that defines them.
    escaping: EntitySet<Value>,
    /// Where each value is defined, and the loops, for `is_divergent_at`.
    def_block: SecondaryMap<Value, PackedOption<Block>>,
    loops: LoopInfo,
    /// The tree was malformed: no answer can be trusted, so all are "divergent".
    all_divergent: bool,
}

/// Whether the results of `op` are divergent, given whether any argument is.
fn op_divergent(op: &Op, any_arg_divergent: bool) -> bool {
    match op {
        Op::Const(_) => false,
        Op::Alu(_)
        | Op::Modifier(_)
        | Op::Select
        | Op::Test(_)
        | Op::And
        | Op::Or
        | Op::Not
        | Op::Pack64
        | Op::Lo32
        | Op::Hi32 => any_arg_divergent,
        Op::Input(Input::ThreadGroupId(_) | Input::ThreadGroupIdFlat | Input::WaveId) => false,
        Op::Input(_) => true,
        Op::CbLoad { .. } | Op::IcbLoad { .. } => any_arg_divergent,
        Op::PrivateLoad { .. } | Op::GlobalLoad { .. } | Op::SharedLoad { .. } => true,
        Op::PrivateStore { .. }
        | Op::GlobalStore { .. }
        | Op::SharedStore { .. }
        | Op::Output { .. } => true,
        Op::Il(il) => {
            let read_only = matches!(
                il.opcode,
                Opcode::SrvRawLoad
                    | Opcode::SrvStructLoad
                    | Opcode::Load
                    | Opcode::Resinfo
                    | Opcode::Bufinfo
            );
            !read_only || any_arg_divergent
        }
    }
}

impl Uniformity {
    pub fn new(func: &Function) -> Uniformity {
        match Structure::new(func) {
            Ok(s) => Uniformity::with_structure(func, &s),
            Err(_) => Uniformity {
                all_divergent: true,
                ..Default::default()
            },
        }
    }

    pub fn with_structure(func: &Function, s: &Structure) -> Uniformity {
        let mut u = Uniformity::default();
        let valid = |v: Value| func.values.is_valid(v);

        // Where each value is defined, and every use (the block it is used in).
        let mut def_block: SecondaryMap<Value, PackedOption<Block>> = SecondaryMap::new();
        let mut uses: Vec<(Value, Block)> = Vec::new();
        for &b in &s.layout {
            let data = &func.blocks[b];
            for &p in data.params.iter().filter(|&&p| valid(p)) {
                def_block[p] = b.into();
            }
            for inst in data.insts.iter().filter_map(|&i| func.insts.get(i)) {
                for &r in inst.results.iter().filter(|&&r| valid(r)) {
                    def_block[r] = b.into();
                }
                uses.extend(inst.args.iter().filter(|&&a| valid(a)).map(|&a| (a, b)));
            }
            data.term.for_each_arg(&mut |a| {
                if valid(a) {
                    uses.push((a, b));
                }
            });
        }
        for v in func.values.keys() {
            if def_block[v].is_none() {
                u.divergent.insert(v);
            }
        }

        // The breaks and continues of each loop: jumps to its exit or header from a block
        // whose innermost loop it is (the preheader's innermost loop is the parent).
        let mut exits_and_continues: Vec<(Loop, Block, bool)> = Vec::new();
        for &b in &s.layout {
            let Some(place) = s.place(b) else { continue };
            let (Next::End(_), Some(l), Terminator::Jump(call)) =
                (place.next, place.loop_, &func.blocks[b].term)
            else {
                continue;
            };
            let Some(data) = s.loops.loops.get(l) else {
                continue;
            };
            if call.block == data.exit {
                exits_and_continues.push((l, b, false));
            } else if call.block == data.header {
                exits_and_continues.push((l, b, true));
            }
        }

        let mut loop_by_exit: SecondaryMap<Block, PackedOption<Loop>> = SecondaryMap::new();
        for (l, d) in s.loops.loops.iter() {
            loop_by_exit[d.exit] = l.into();
        }

        // Whether `v`, used in block `at`, comes out of a loop that lanes leave apart.
        let escapes = |u: &Uniformity, v: Value, at: Block| {
            def_block[v].expand().is_some_and(|d| {
                s.loops
                    .enclosing(d)
                    .into_iter()
                    .any(|l| u.divergent_exit[l] && !s.loops.contains(l, at))
            })
        };
        let div_at = |u: &Uniformity, v: Value, at: Block| {
            !valid(v) || u.divergent.contains(v) || escapes(u, v, at)
        };

        // Each round only adds divergence, and stops when a round adds none; there are
        // finitely many values, branches and loops, so it ends.
        loop {
            let mut changed = false;

            // Branches.
            for &b in &s.layout {
                if let Terminator::Branch { cond, .. } = &func.blocks[b].term {
                    if div_at(&u, *cond, b) {
                        changed |= u.divergent_branches.insert(b);
                    }
                }
            }

            // Loops whose breaks or continues are decided by a divergent branch of theirs.
            for &(l, b, is_continue) in &exits_and_continues {
                let controlled = s
                    .enclosing_ifs(b, Some(l))
                    .into_iter()
                    .filter_map(|i| s.ifs.get(i))
                    .any(|i| u.divergent_branches.contains(i.head));
                if controlled {
                    if is_continue && !u.divergent_continue[l] {
                        u.divergent_continue[l] = true;
                        changed = true;
                    }
                    if !u.divergent_exit[l] {
                        u.divergent_exit[l] = true;
                        changed = true;
                    }
                }
            }

            // Values, in program order.
            for &b in &s.layout {
                let data = &func.blocks[b];
                let joins_divergent = s
                    .if_before(b)
                    .and_then(|i| s.ifs.get(i))
                    .is_some_and(|i| u.divergent_branches.contains(i.head))
                    || s.loops
                        .header_of(b)
                        .is_some_and(|l| u.divergent_continue[l])
                    || loop_by_exit[b]
                        .expand()
                        .is_some_and(|l| u.divergent_exit[l]);
                if joins_divergent {
                    for &p in data.params.iter().filter(|&&p| valid(p)) {
                        changed |= u.divergent.insert(p);
                    }
                }
                for inst in data.insts.iter().filter_map(|&i| func.insts.get(i)) {
                    let any_arg = inst.args.iter().any(|&a| div_at(&u, a, b));
                    if op_divergent(&inst.op, any_arg) {
                        for &r in inst.results.iter().filter(|&&r| valid(r)) {
                            changed |= u.divergent.insert(r);
                        }
                    }
                }
                for call in data.term.successors() {
                    let Some(target) = func.blocks.get(call.block) else {
                        continue;
                    };
                    for (&a, &p) in call.args.iter().zip(&target.params) {
                        if valid(p) && div_at(&u, a, b) {
                            changed |= u.divergent.insert(p);
                        }
                    }
                }
            }

            if !changed {
                break;
            }
        }
        for &(v, at) in &uses {
            if escapes(&u, v, at) {
                u.escaping.insert(v);
            }
        }
        u.def_block = def_block;
        u.loops = s.loops.clone();
        u
    }

    pub fn is_divergent(&self, v: Value) -> bool {
        self.all_divergent || self.divergent.contains(v)
    }

    pub fn is_uniform(&self, v: Value) -> bool {
        !self.is_divergent(v)
    }

    /// Whether `v`, used in block `at`, may differ between the lanes active there: it is
    /// divergent, or it comes out of a loop with a divergent exit (temporal divergence).
    pub fn is_divergent_at(&self, v: Value, at: Block) -> bool {
        if self.is_divergent(v) {
            return true;
        }
        let Some(d) = self.def_block[v].expand() else {
            return true;
        };
        self.loops
            .enclosing(d)
            .into_iter()
            .any(|l| self.divergent_exit[l] && !self.loops.contains(l, at))
    }

    /// Whether `v` is uniform at every use: neither divergent nor used after a loop that
    /// defines it and that lanes leave apart. What a value needs to live in one scalar
    /// register for its whole life.
    pub fn is_uniform_everywhere(&self, v: Value) -> bool {
        !self.is_divergent(v) && !self.escaping.contains(v)
    }

    /// Whether `b`'s terminator sends all active lanes the same way: true for everything
    /// but a `Branch` on a divergent condition.
    pub fn branch_is_uniform(&self, b: Block) -> bool {
        !self.all_divergent && !self.divergent_branches.contains(b)
    }

    /// Whether lanes may leave loop `l` in different iterations or by different `break`s.
    pub fn loop_has_divergent_exit(&self, l: Loop) -> bool {
        self.all_divergent || self.divergent_exit[l]
    }

    /// Whether lanes may reach loop `l`'s header from different places (a divergent
    /// `continue`).
    pub fn loop_has_divergent_continue(&self, l: Loop) -> bool {
        self.all_divergent || self.divergent_continue[l]
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Write;

    use il_frontend::diag::Span;
    use il_frontend::opcode::Opcode;
    use smallvec::smallvec;

    use super::*;
    use crate::analysis::testutil::*;
    use crate::ir::{DstKind, IlOp, Type};

    /// Every value and branch of a function, `U` for uniform, `D` for divergent.
    fn table(f: &Function, u: &Uniformity) -> String {
        let mut out = String::new();
        for b in f.layout() {
            let data = &f.blocks[b];
            let params: Vec<String> = data
                .params
                .iter()
                .map(|&p| format!("{p}:{}", if u.is_uniform(p) { 'U' } else { 'D' }))
                .collect();
            writeln!(out, "{b}({})", params.join(", ")).unwrap();
            for &i in &data.insts {
                for &r in &f.insts[i].results {
                    let at_every_use = if u.is_uniform_everywhere(r) || u.is_divergent(r) {
                        ""
                    } else {
                        " (divergent after its loop)"
                    };
                    let ud = if u.is_uniform(r) { 'U' } else { 'D' };
                    writeln!(out, "  {r}: {ud}{at_every_use}").unwrap();
                }
            }
            if let Terminator::Branch { .. } = data.term {
                let ud = if u.branch_is_uniform(b) {
                    "uniform"
                } else {
                    "divergent"
                };
                writeln!(out, "  branch: {ud}").unwrap();
            }
        }
        out
    }

    #[test]
    fn thread_id_makes_the_branch_and_the_merge_divergent() {
        let e = if_else(true);
        let u = Uniformity::new(&e.f);
        assert!(u.is_divergent(e.cond));
        assert!(!u.branch_is_uniform(e.b[0]));
        // Both arms pass constants, but lanes arrive from both.
        assert!(u.is_divergent(e.merged));
    }

    #[test]
    fn cb_load_stays_uniform() {
        let e = if_else(false);
        let u = Uniformity::new(&e.f);
        assert!(u.is_uniform(e.cond));
        assert!(u.branch_is_uniform(e.b[0]));
        assert!(u.is_uniform(e.merged));
    }

    /// The loop's break depends on a thread id: lanes leave in different iterations. The
    /// counter stays uniform inside the loop (the lanes still in it agree), but the exit's
    /// parameter and the counter's value seen after the loop are divergent.
    #[test]
    fn divergent_break_makes_the_exit_divergent() {
        let l = counting_loop(true);
        let u = Uniformity::new(&l.f);
        let lp = crate::analysis::LoopInfo::new(&l.f)
            .loop_of(l.b[1])
            .unwrap();
        assert!(u.loop_has_divergent_exit(lp));
        assert!(!u.loop_has_divergent_continue(lp));
        assert!(u.is_uniform(l.i));
        assert!(u.is_uniform(l.next));
        assert!(!u.is_divergent_at(l.next, l.b[4]));
        assert!(u.is_divergent_at(l.next, l.b[7]));
        assert!(!u.is_uniform_everywhere(l.next));
        assert!(u.is_divergent(l.result));
        assert!(u.is_divergent(l.twice));
        assert!(!u.branch_is_uniform(l.b[1]));
        assert!(u.branch_is_uniform(l.b[4]));
        insta::assert_snapshot!(table(&l.f, &u), @r"
        block0()
          v0: D
          v1: U
        block1(v2:U)
          v3: U
          v4: U (divergent after its loop)
          v5: D
          v6: D
          branch: divergent
        block2()
        block3()
        block4()
          v7: U
          v8: U
          v9: U
          branch: uniform
        block5()
        block6()
        block8()
        block7(v10:D)
          v11: D
        ");
    }

    #[test]
    fn uniform_loop_stays_uniform() {
        let l = counting_loop(false);
        let u = Uniformity::new(&l.f);
        for v in l.f.values.keys() {
            assert!(u.is_uniform_everywhere(v), "{v}");
        }
        for b in l.f.layout() {
            assert!(u.branch_is_uniform(b), "{b}");
        }
    }

    /// A `continue` decided by a thread id: lanes reach the header from the continue and
    /// from the latch, so its parameter becomes divergent, and with it everything computed
    /// from the counter.
    #[test]
    fn divergent_continue_makes_the_header_divergent() {
        let mut l = counting_loop(false);
        let b4 = l.b[4];
        let t = tid(&mut l.f, b4);
        let c = nonzero(&mut l.f, b4, t);
        let Terminator::Branch { cond, .. } = &mut l.f.blocks[b4].term else {
            panic!("block4 branches");
        };
        *cond = c;
        crate::verify::verify(&l.f).unwrap();
        let u = Uniformity::new(&l.f);
        let lp = crate::analysis::LoopInfo::new(&l.f)
            .loop_of(l.b[1])
            .unwrap();
        assert!(u.loop_has_divergent_continue(lp));
        assert!(u.loop_has_divergent_exit(lp));
        assert!(u.is_divergent(l.i));
        assert!(u.is_divergent(l.next));
        assert!(!u.branch_is_uniform(l.b[1]));
        assert!(u.is_divergent(l.result));
    }

    /// An `if` around the loop does not make its exit divergent: the lanes that enter
    /// agree about everything inside.
    #[test]
    fn divergent_if_around_a_uniform_loop() {
        // block0: branch tid; if { block1; loop { block2: branch cb; if {block3: break}
        // else {block4} block5 } block6 } else { block7 } block8
        let mut f = Function::new();
        let b = blocks(&mut f, 9);
        let t = tid(&mut f, b[0]);
        let tc = nonzero(&mut f, b[0], t);
        branch(&mut f, b[0], tc, b[1], b[7]);
        jump(&mut f, b[1], b[2], &[]);
        let x = cb(&mut f, b[2], 0);
        let xc = nonzero(&mut f, b[2], x);
        branch(&mut f, b[2], xc, b[3], b[4]);
        jump(&mut f, b[3], b[6], &[x]);
        jump(&mut f, b[4], b[5], &[]);
        jump(&mut f, b[5], b[2], &[]);
        let p = f.add_param(b[6], Type::I32);
        jump(&mut f, b[6], b[8], &[]);
        jump(&mut f, b[7], b[8], &[]);
        f.blocks[b[8]].term = Terminator::Return;
        f.body = region(vec![
            bl(b[0]),
            if_(
                vec![
                    bl(b[1]),
                    loop_(vec![
                        bl(b[2]),
                        if_(vec![bl(b[3])], vec![bl(b[4])]),
                        bl(b[5]),
                    ]),
                    bl(b[6]),
                ],
                vec![bl(b[7])],
            ),
            bl(b[8]),
        ]);
        crate::verify::verify(&f).unwrap();
        let u = Uniformity::new(&f);
        assert!(!u.branch_is_uniform(b[0]));
        assert!(u.branch_is_uniform(b[2]));
        assert!(u.is_uniform(p));
    }

    fn il_load(opcode: Opcode, dst: DstKind) -> Op {
        Op::Il(IlOp {
            opcode,
            control: 0,
            extra: Default::default(),
            words: smallvec![],
            srcs: smallvec![0x1],
            dst,
            precise: 0,
        })
    }

    #[test]
    fn sources_of_divergence() {
        let mut f = Function::new();
        let b = f.create_block();
        f.blocks[b].term = Terminator::Return;
        f.body = crate::ir::Region::block(b);
        let group = one(
            &mut f,
            b,
            Op::Input(Input::ThreadGroupId(1)),
            &[],
            Type::I32,
        );
        let wave = one(&mut f, b, Op::Input(Input::WaveId), &[], Type::I32);
        let pixel = one(&mut f, b, Op::Input(Input::Position(0)), &[], Type::F32);
        let t = tid(&mut f, b);
        let cb_uniform = one(
            &mut f,
            b,
            Op::CbLoad {
                buffer: 1,
                offset: 2,
                comp: 3,
            },
            &[group],
            Type::I32,
        );
        let cb_divergent = one(
            &mut f,
            b,
            Op::CbLoad {
                buffer: 1,
                offset: 2,
                comp: 3,
            },
            &[t],
            Type::I32,
        );
        let srv = one(
            &mut f,
            b,
            il_load(Opcode::SrvRawLoad, DstKind::Values(1)),
            &[group],
            Type::I32,
        );
        let uav = one(
            &mut f,
            b,
            il_load(Opcode::UavRawLoad, DstKind::Values(1)),
            &[group],
            Type::I32,
        );
        let atomic = f.append(
            b,
            Op::Il(IlOp {
                opcode: Opcode::UavReadAdd,
                control: 0,
                extra: Default::default(),
                words: smallvec![],
                srcs: smallvec![0x1, 0x1],
                dst: DstKind::Values(1),
                precise: 0,
            }),
            &[group, group],
            &[Type::I32],
            Span::default(),
        );
        let atomic = f.insts[atomic].results[0];
        let private = one(
            &mut f,
            b,
            Op::PrivateLoad {
                array: 0,
                offset: 0,
                comp: 0,
            },
            &[group],
            Type::I32,
        );
        let mixed = alu(&mut f, b, Opcode::IAdd, &[group, t]);
        let pure = alu(&mut f, b, Opcode::IAdd, &[group, wave]);
        crate::verify::verify(&f).unwrap();
        let u = Uniformity::new(&f);
        for (v, uniform, what) in [
            (group, true, "thread-group id"),
            (wave, true, "wavefront id"),
            (pixel, false, "position"),
            (t, false, "thread id"),
            (cb_uniform, true, "cb load, uniform index"),
            (cb_divergent, false, "cb load, divergent index"),
            (srv, true, "srv load, uniform address"),
            (uav, false, "uav load"),
            (atomic, false, "atomic with result"),
            (private, false, "private load"),
            (mixed, false, "uniform + divergent"),
            (pure, true, "uniform + uniform"),
        ] {
            assert_eq!(u.is_uniform(v), uniform, "{what}");
        }
    }

    #[test]
    fn malformed_tree_is_all_divergent() {
        let mut e = if_else(false);
        e.f.body.nodes.pop();
        let u = Uniformity::new(&e.f);
        assert!(u.is_divergent(e.cond));
        assert!(!u.branch_is_uniform(e.b[0]));
    }
}
