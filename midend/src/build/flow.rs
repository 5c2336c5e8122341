//! IL control flow to the region tree.
//!
//! Every construct that a `break`, `continue` or `ret` can leave is an IR loop: `whileloop`
//! itself, a `switch` (a loop that runs once) and a subroutine with an early return (also
//! once). An exit that leaves only the innermost IR loop is a jump to its exit or header.
//! One that leaves more (`ret` from inside a loop, `continue` from inside a `switch`) sets a
//! flag variable for its target and breaks the innermost loop; where that loop ends, the
//! builder tests the flag and takes the next step outwards, resetting the flag when it
//! reaches its target. So the tree only ever has single-level `break` and `continue`.

use crate::analysis::structure::MAX_NESTING;
use il_frontend::ast::Instruction;
use il_frontend::enums::RelOp;
use il_frontend::opcode::{DataType, Flow, Opcode};

use super::{unsupported, BuildError, Builder, Scope, MAX_CALL_DEPTH, MAX_INLINED_INSTS};
use crate::ir::{
    AluOp, Block, BlockCall, IfNode, LoopNode, Node, Op, Region, Terminator, Test, Type, Value,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum ExitKind {
    Break,
    Continue,
}

#[derive(Debug)]
pub(super) enum LoopKind {
    While,
    /// A `switch`: its selector, its case values, and its `matched` flag.
    Switch {
        selector: Value,
        cases: Vec<u32>,
        matched: super::Var,
    },
    /// A subroutine (or the main program) with an early return.
    Function,
    /// A DX9 counted loop (`loop i#`): the iterations left and `aL`, both the same for every
    /// lane, stepped at the end of each iteration (L3741).
    Counted {
        remaining: super::Var,
        counter: super::Var,
        step: Value,
        repeat: bool,
    },
    /// The body of a counted loop, a loop that runs once inside it: `continue` leaves it,
    /// so that the counters are stepped before the next iteration.
    CountedBody,
}

#[derive(Debug)]
pub(super) enum Construct {
    If {
        else_block: Block,
        merge: Block,
        /// The finished `then` region once `else` is seen.
        then_region: Option<Region>,
        /// The `if` a `case` opened, closed by the next `case`, `default` or `endswitch`.
        case_guard: bool,
    },
    Loop {
        id: usize,
        header: Block,
        exit: Block,
        kind: LoopKind,
        /// Exits through this loop to constructs further out: tested where it ends.
        pending: Vec<(usize, ExitKind)>,
    },
}

impl Builder<'_> {
    /// Lowers a flow-control instruction. `rest` is the program from this instruction on,
    /// for the instructions that look ahead (`switch` collects its cases).
    pub(super) fn flow(&mut self, inst: &Instruction, scope: Scope) -> Result<(), BuildError> {
        use Opcode as O;
        let flow = inst.info().flow;
        if self.cur.is_none() {
            // Unreachable code: keep only the nesting.
            match flow {
                Flow::If | Flow::Loop | Flow::Switch => {
                    self.dead_depth += 1;
                    return Ok(());
                }
                Flow::EndIf | Flow::EndLoop | Flow::EndSwitch if self.dead_depth > 0 => {
                    self.dead_depth -= 1;
                    return Ok(());
                }
                _ if self.dead_depth > 0 => return Ok(()),
                Flow::Else | Flow::EndIf | Flow::EndLoop | Flow::EndSwitch => {}
                Flow::Case | Flow::Default => {}
                _ => return Ok(()),
            }
        }
        match flow {
            Flow::If => {
                let cond = self.condition(inst, scope)?;
                self.open_if(cond, false);
            }
            Flow::Else => self.else_(inst)?,
            Flow::EndIf => self.close_if(inst)?,
            Flow::Loop if inst.opcode == O::While => self.open_loop(LoopKind::While),
            Flow::Loop => self.open_counted_loop(inst, scope)?,
            Flow::EndLoop => {
                if matches!(
                    self.constructs.last(),
                    Some(Construct::Loop {
                        kind: LoopKind::CountedBody,
                        ..
                    })
                ) {
                    self.close_counted_loop(inst)?;
                } else {
                    self.close_loop(inst)?;
                }
            }
            Flow::Break | Flow::Continue => {
                let kind = if flow == Flow::Break {
                    ExitKind::Break
                } else {
                    ExitKind::Continue
                };
                let target = self
                    .constructs
                    .iter()
                    .rposition(|c| match c {
                        Construct::Loop { kind: k, .. } => match k {
                            LoopKind::While => true,
                            LoopKind::Counted { .. } | LoopKind::Switch { .. } => {
                                kind == ExitKind::Break
                            }
                            LoopKind::CountedBody => kind == ExitKind::Continue,
                            LoopKind::Function => false,
                        },
                        _ => false,
                    })
                    .ok_or_else(|| unsupported(inst, "outside a loop or switch"))?;
                // `continue` in a counted loop leaves its body, to the counter step.
                let kind = match &self.constructs[target] {
                    Construct::Loop {
                        kind: LoopKind::CountedBody,
                        ..
                    } => ExitKind::Break,
                    _ => kind,
                };
                self.conditional_exit(inst, scope, target, kind)?;
            }
            Flow::ReturnDynamic | Flow::Ret => {
                let target = self
                    .constructs
                    .iter()
                    .rposition(|c| {
                        matches!(
                            c,
                            Construct::Loop {
                                kind: LoopKind::Function,
                                ..
                            }
                        )
                    })
                    .ok_or_else(|| unsupported(inst, "a return the midend cannot place"))?;
                self.conditional_exit(inst, scope, target, ExitKind::Break)?;
            }
            Flow::Switch => {
                let selector = self.read_scalar(inst, scope, 0, DataType::Int)?;
                let cases = self.switch_cases(inst);
                let matched = self.ssa.new_var(Type::Bool);
                self.open_loop(LoopKind::Switch {
                    selector,
                    cases,
                    matched,
                });
                let f = self.constant(0, Type::Bool);
                self.def_var(matched, f);
            }
            Flow::Case | Flow::Default => self.case(inst, flow == Flow::Default)?,
            Flow::EndSwitch => {
                self.close_case_guard();
                self.close_loop(inst)?;
            }
            Flow::Call => {
                let label = inst.words.first().copied().unwrap_or(0);
                let Some(&range) = self.decls.functions.get(&label) else {
                    return Err(unsupported(
                        inst,
                        format!("function {label} is not defined"),
                    ));
                };
                // The return-address stack has 32 entries; a call beyond them is skipped
                // (L3498), which inlining to that depth reproduces exactly.
                if self.call_depth >= MAX_CALL_DEPTH {
                    return Ok(());
                }
                if self.func.insts.len() > MAX_INLINED_INSTS {
                    return Err(unsupported(
                        inst,
                        format!(
                            "inlining the calls gives more than {MAX_INLINED_INSTS} instructions \
                             (deep recursion?)"
                        ),
                    ));
                }
                let cond = match inst.opcode {
                    O::Call => None,
                    _ => Some(self.condition(inst, scope)?),
                };
                if let Some(c) = cond {
                    self.open_if(c, false);
                }
                self.call_depth += 1;
                self.body(range, scope, false)?;
                self.call_depth -= 1;
                if cond.is_some() {
                    self.close_if(inst)?;
                }
            }
            Flow::Func | Flow::EndFunc | Flow::EndMain | Flow::End => {}
            Flow::Phase | Flow::EndPhase => return Err(unsupported(inst, "hull-shader phases")),
            Flow::None => {}
        }
        // The region tree refuses deeper nesting (`analysis::structure`); refused here, at
        // the instruction that goes too deep, instead of failing verification later.
        // `regions` holds the program's own region and one per open level.
        let levels = self.regions.len().saturating_sub(1);
        if levels >= MAX_NESTING {
            return Err(unsupported(
                inst,
                format!(
                    "control flow nested more than {} levels deep (counting the loops and arms \
                     the midend makes of `switch`, calls and counted loops)",
                    MAX_NESTING - 1
                ),
            ));
        }
        Ok(())
    }

    /// The truth of a conditional instruction's test, or `None` for the unconditional
    /// forms.
    fn condition(&mut self, inst: &Instruction, scope: Scope) -> Result<Value, BuildError> {
        use Opcode as O;
        match inst.opcode {
            O::IfLogicalz
            | O::BreakLogicalz
            | O::ContinueLogicalz
            | O::CallLogicalz
            | O::RetLogicalz => {
                let v = self.read_scalar(inst, scope, 0, DataType::Int)?;
                Ok(self.emit(Op::Test(Test::Zero), &[v], Type::Bool))
            }
            O::Ifc | O::Breakc | O::Continuec => {
                let a = self.read_scalar(inst, scope, 0, DataType::Float)?;
                let b = self.read_scalar(inst, scope, 1, DataType::Float)?;
                let relop = inst
                    .field("relop")
                    .and_then(RelOp::from_u32)
                    .unwrap_or(RelOp::Eq);
                Ok(self.emit(Op::Test(Test::Float(relop)), &[a, b], Type::Bool))
            }
            _ => {
                let v = self.read_scalar(inst, scope, 0, DataType::Int)?;
                Ok(self.emit(Op::Test(Test::NonZero), &[v], Type::Bool))
            }
        }
    }

    fn is_conditional(op: Opcode) -> bool {
        use Opcode as O;
        !matches!(op, O::Break | O::Continue | O::Ret | O::RetDyn)
    }

    fn conditional_exit(
        &mut self,
        inst: &Instruction,
        scope: Scope,
        target: usize,
        kind: ExitKind,
    ) -> Result<(), BuildError> {
        if Self::is_conditional(inst.opcode) {
            let cond = self.condition(inst, scope)?;
            self.open_if(cond, false);
            self.exit(target, kind);
            self.close_if(inst)
        } else {
            self.exit(target, kind);
            Ok(())
        }
    }

    // ---- blocks and jumps -----------------------------------------------------------------

    fn set_term(&mut self, from: Block, term: Terminator) {
        for call in term.successors() {
            self.ssa.add_pred(call.block, from);
        }
        self.func.blocks[from].term = term;
    }

    fn jump(&mut self, to: Block) {
        if let Some(cur) = self.cur.take() {
            self.set_term(cur, Terminator::Jump(BlockCall::new(to)));
        }
    }

    fn push_node(&mut self, node: Node) {
        if let Some(r) = self.regions.last_mut() {
            r.nodes.push(node);
        }
    }

    /// Continues in `block` (sealed now) after a construct, or in no block if nothing
    /// reaches it.
    fn continue_at(&mut self, block: Block) {
        self.push_node(Node::Block(block));
        self.ssa.seal(&mut self.func, self.entry, block);
        self.cur = (!self.ssa.preds(block).is_empty()).then_some(block);
    }

    pub(super) fn open_if(&mut self, cond: Value, case_guard: bool) {
        let then_b = self.func.create_block();
        let else_b = self.func.create_block();
        let merge = self.func.create_block();
        let cur = self.block();
        self.set_term(
            cur,
            Terminator::Branch {
                cond,
                then_: BlockCall::new(then_b),
                else_: BlockCall::new(else_b),
            },
        );
        self.ssa.seal(&mut self.func, self.entry, then_b);
        self.ssa.seal(&mut self.func, self.entry, else_b);
        self.regions.push(Region::block(then_b));
        self.constructs.push(Construct::If {
            else_block: else_b,
            merge,
            then_region: None,
            case_guard,
        });
        self.cur = Some(then_b);
    }

    fn else_(&mut self, inst: &Instruction) -> Result<(), BuildError> {
        let Some(Construct::If {
            else_block,
            merge,
            then_region,
            ..
        }) = self.constructs.last_mut()
        else {
            return Err(unsupported(inst, "`else` without `if`"));
        };
        if then_region.is_some() {
            return Err(unsupported(inst, "a second `else`"));
        }
        let (else_b, merge) = (*else_block, *merge);
        self.jump(merge);
        let region = self.regions.pop().unwrap_or_default();
        if let Some(Construct::If { then_region, .. }) = self.constructs.last_mut() {
            *then_region = Some(region);
        }
        self.regions.push(Region::block(else_b));
        self.cur = Some(else_b);
        Ok(())
    }

    pub(super) fn close_if(&mut self, inst: &Instruction) -> Result<(), BuildError> {
        if matches!(
            self.constructs.last(),
            Some(Construct::If {
                then_region: None,
                ..
            })
        ) {
            self.else_(inst)?;
        }
        let Some(Construct::If {
            merge, then_region, ..
        }) = self.constructs.pop()
        else {
            return Err(unsupported(inst, "`endif` without `if`"));
        };
        self.jump(merge);
        let else_region = self.regions.pop().unwrap_or_default();
        self.push_node(Node::If(IfNode {
            then_: then_region.unwrap_or_default(),
            else_: else_region,
        }));
        self.continue_at(merge);
        Ok(())
    }

    fn open_loop(&mut self, kind: LoopKind) {
        let header = self.func.create_block();
        let exit = self.func.create_block();
        self.jump(header);
        self.regions.push(Region::block(header));
        let id = self.next_construct_id;
        self.next_construct_id += 1;
        self.constructs.push(Construct::Loop {
            id,
            header,
            exit,
            kind,
            pending: Vec::new(),
        });
        self.cur = Some(header);
    }

    fn close_loop(&mut self, inst: &Instruction) -> Result<(), BuildError> {
        let Some(Construct::Loop {
            header,
            exit,
            kind,
            pending,
            ..
        }) = self.constructs.pop()
        else {
            return Err(unsupported(
                inst,
                "the end of a loop or switch that is not open",
            ));
        };
        match kind {
            LoopKind::While | LoopKind::Counted { .. } => self.jump(header),
            LoopKind::Switch { .. } | LoopKind::Function | LoopKind::CountedBody => self.jump(exit),
        }
        self.ssa.seal(&mut self.func, self.entry, header);
        let body = self.regions.pop().unwrap_or_default();
        self.push_node(Node::Loop(LoopNode { body }));
        self.continue_at(exit);
        for (target_id, kind) in pending {
            if self.cur.is_none() {
                break;
            }
            let flag = self.flag(target_id, kind);
            let set = self.use_var(flag);
            self.open_if(set, false);
            let off = self.constant(0, Type::Bool);
            self.def_var(flag, off);
            if let Some(target) = self.construct_index(target_id) {
                self.exit(target, kind);
            }
            self.close_if(inst)?;
        }
        Ok(())
    }

    /// `loop [repeat] i#`: src0.x iterations (none if 0), `aL` from src0.y stepped by src0.z,
    /// each an unsigned 8-bit value (L3873-L3876). An `if` skips the loop when the count is 0;
    /// inside, an outer loop steps the counters and a once-loop holds the body.
    fn open_counted_loop(&mut self, inst: &Instruction, scope: Scope) -> Result<(), BuildError> {
        let Some(src) = inst.srcs.first() else {
            return Err(unsupported(inst, "a counted loop without its count"));
        };
        let c = self.read_src(src, inst, scope, DataType::Int, 0b0111)?;
        let byte = self.constant(0xFF, Type::I32);
        let mut bytes = [byte; 3];
        for (k, slot) in bytes.iter_mut().enumerate() {
            let v = c[k].ok_or_else(|| unsupported(inst, "an unreadable loop count"))?;
            *slot = self.emit(Op::Alu(alu(Opcode::And)), &[v, byte], Type::I32);
        }
        let [remaining, start, step] = bytes;
        let remaining_var = self.ssa.new_var(Type::I32);
        let counter_var = self.ssa.new_var(Type::I32);
        self.def_var(remaining_var, remaining);
        self.def_var(counter_var, start);
        let any = self.emit(Op::Test(Test::NonZero), &[remaining], Type::Bool);
        self.open_if(any, false);
        self.open_loop(LoopKind::Counted {
            remaining: remaining_var,
            counter: counter_var,
            step,
            repeat: inst.field("repeat").unwrap_or(0) != 0,
        });
        self.open_loop(LoopKind::CountedBody);
        Ok(())
    }

    /// The `endloop` of a counted loop: the body ends, the counters step (count - 1,
    /// `aL = max(aL + step, 0)` unless `repeat`, L3741), and the loop ends at count 0.
    fn close_counted_loop(&mut self, inst: &Instruction) -> Result<(), BuildError> {
        self.close_loop(inst)?;
        let counted = self
            .constructs
            .iter()
            .enumerate()
            .rev()
            .find_map(|(i, c)| match c {
                Construct::Loop {
                    kind:
                        LoopKind::Counted {
                            remaining,
                            counter,
                            step,
                            repeat,
                        },
                    ..
                } => Some((i, *remaining, *counter, *step, *repeat)),
                _ => None,
            });
        let Some((outer, remaining, counter, step, repeat)) = counted else {
            return Err(unsupported(
                inst,
                "`endloop` of a counted loop that is not open",
            ));
        };
        if self.cur.is_some() {
            let minus_one = self.constant(0xFFFF_FFFF, Type::I32);
            let left = self.use_var(remaining);
            let left = self.emit(Op::Alu(alu(Opcode::IAdd)), &[left, minus_one], Type::I32);
            self.def_var(remaining, left);
            if !repeat {
                let zero = self.constant(0, Type::I32);
                let al = self.use_var(counter);
                let al = self.emit(Op::Alu(alu(Opcode::IAdd)), &[al, step], Type::I32);
                let al = self.emit(Op::Alu(alu(Opcode::IMax)), &[al, zero], Type::I32);
                self.def_var(counter, al);
            }
            let done = self.emit(Op::Test(Test::Zero), &[left], Type::Bool);
            self.open_if(done, false);
            self.exit(outer, ExitKind::Break);
            self.close_if(inst)?;
        }
        self.close_loop(inst)?;
        self.close_if(inst)
    }

    /// `aL`, the counter of the innermost counted loop (0 outside any).
    pub(super) fn loop_counter(&mut self) -> Value {
        let counter = self.constructs.iter().rev().find_map(|c| match c {
            Construct::Loop {
                kind: LoopKind::Counted { counter, .. },
                ..
            } => Some(*counter),
            _ => None,
        });
        match counter {
            Some(var) => self.use_var(var),
            None => self.constant(0, Type::I32),
        }
    }

    pub(super) fn open_function_loop(&mut self) {
        self.open_loop(LoopKind::Function);
    }

    pub(super) fn close_function_loop(&mut self) -> Result<(), BuildError> {
        let inst = Instruction::new(Opcode::Endfunc);
        self.close_loop(&inst)
    }

    fn construct_index(&self, id: usize) -> Option<usize> {
        self.constructs
            .iter()
            .position(|c| matches!(c, Construct::Loop { id: i, .. } if *i == id))
    }

    fn flag(&mut self, target_id: usize, kind: ExitKind) -> super::Var {
        let ssa = &mut self.ssa;
        *self
            .flags
            .entry((target_id, kind))
            .or_insert_with(|| ssa.new_var(Type::Bool))
    }

    /// Leaves construct `target` (a loop) by `kind`.
    fn exit(&mut self, target: usize, kind: ExitKind) {
        if self.cur.is_none() {
            return;
        }
        let Some(innermost) = self
            .constructs
            .iter()
            .rposition(|c| matches!(c, Construct::Loop { .. }))
        else {
            return;
        };
        if innermost == target {
            if let Construct::Loop { header, exit, .. } = &self.constructs[target] {
                let to = match kind {
                    ExitKind::Break => *exit,
                    ExitKind::Continue => *header,
                };
                self.jump(to);
            }
            return;
        }
        let Construct::Loop { id: target_id, .. } = self.constructs[target] else {
            return;
        };
        let flag = self.flag(target_id, kind);
        let on = self.constant(1, Type::Bool);
        self.def_var(flag, on);
        if let Construct::Loop { exit, pending, .. } = &mut self.constructs[innermost] {
            if !pending.contains(&(target_id, kind)) {
                pending.push((target_id, kind));
            }
            let exit = *exit;
            self.jump(exit);
        }
    }

    // ---- switch ---------------------------------------------------------------------------

    /// The case values of the `switch` at `inst`, found by scanning forward to its
    /// `endswitch` at the same depth.
    fn switch_cases(&self, inst: &Instruction) -> Vec<u32> {
        let body = self.body_containing(inst);
        let start = body
            .iter()
            .position(|i| std::ptr::eq(i, inst))
            .map_or(body.len(), |p| p + 1);
        let mut depth = 0usize;
        let mut cases = Vec::new();
        for i in &body[start..] {
            match i.info().flow {
                Flow::If | Flow::Loop | Flow::Switch => depth += 1,
                Flow::EndIf | Flow::EndLoop => depth = depth.saturating_sub(1),
                Flow::EndSwitch if depth == 0 => break,
                Flow::EndSwitch => depth -= 1,
                Flow::Case if depth == 0 => cases.push(i.words.first().copied().unwrap_or(0)),
                _ => {}
            }
        }
        cases
    }

    fn close_case_guard(&mut self) {
        if matches!(
            self.constructs.last(),
            Some(Construct::If {
                case_guard: true,
                ..
            })
        ) {
            let inst = Instruction::new(Opcode::Endif);
            let _ = self.close_if(&inst);
        }
    }

    fn case(&mut self, inst: &Instruction, default: bool) -> Result<(), BuildError> {
        self.close_case_guard();
        let Some(Construct::Loop {
            kind:
                LoopKind::Switch {
                    selector,
                    cases,
                    matched,
                },
            ..
        }) = self.constructs.last()
        else {
            return Err(unsupported(inst, "outside a switch"));
        };
        let (selector, matched) = (*selector, *matched);
        let values: Vec<u32> = if default {
            cases.clone()
        } else {
            vec![inst.words.first().copied().unwrap_or(0)]
        };
        if self.cur.is_none() {
            // No lane reaches this case (an unconditional `break` before it, outside any
            // case): nothing more of the switch runs.
            return Ok(());
        }
        let mut any = self.constant(0, Type::Bool);
        for v in values {
            let k = self.constant(u64::from(v), Type::I32);
            let eq = self.emit(
                Op::Alu(AluOp {
                    opcode: Opcode::IEq,
                    control: 0,
                    comp: 0,
                }),
                &[selector, k],
                Type::I32,
            );
            let t = self.emit(Op::Test(Test::NonZero), &[eq], Type::Bool);
            any = self.emit(Op::Or, &[any, t], Type::Bool);
        }
        if default {
            any = self.emit(Op::Not, &[any], Type::Bool);
        }
        let before = self.use_var(matched);
        let now = self.emit(Op::Or, &[before, any], Type::Bool);
        self.def_var(matched, now);
        self.open_if(now, true);
        Ok(())
    }
}

/// An ALU operation with no control bits.
fn alu(opcode: Opcode) -> AluOp {
    AluOp {
        opcode,
        control: 0,
        comp: 0,
    }
}
