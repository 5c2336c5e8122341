//! Control flow: the region tree to the CF program, with Cayman's stack instructions.
//!
//! ```text
//! if:    ALU_PUSH_BEFORE {.. PRED_SET*(exec)} ; JUMP @else POP:0 ; then ;
//!        ELSE @after POP:1 ; else ; POP:1 (or the last ALU clause becomes ALU_POP_AFTER)
//!        (no else code: JUMP @after POP:1 ; then ; POP:1)
//! loop:  LOOP_START_DX10 @after_end ; body ; LOOP_END @start+1
//! break: LOOP_BREAK @LOOP_END        continue: LOOP_CONTINUE @LOOP_END
//! end:   END
//! ```
//!
//! These are the conventions LLVM and Mesa emit and the device model runs (digest D4, F4):
//! JUMP and ELSE pop only when they jump; the block before an `if` ends in the ALU clause
//! holding its PRED_SET, which becomes ALU_PUSH_BEFORE. A jump in the IR is a `break` when it
//! targets the innermost loop's exit, a `continue` when it targets the loop's header from
//! anywhere but the end of the body, and otherwise falls through.
//!
//! Not done: Cayman's hardware workaround for ALU_PUSH_BEFORE inside loops nested more than
//! one deep (LLVM and Mesa emit PUSH + ALU there, digest F5); the device model runs both
//! forms alike.

use cranelift_entity::EntityRef;
use midend::ir::{Block, Function, Node, Region, Terminator};

use crate::isa::CfAluOp;
use crate::mir::ExportComp;
use crate::pack::ClauseDraft;
use crate::schedule::{ExportDraft, FetchDraft, Item, SBlock, StoreDraft};
use crate::CompileError;

/// A symbolic CF address.
pub type Label = usize;

/// A CF instruction before addresses are known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CfOp {
    Alu {
        op: CfAluOp,
        clause: ClauseDraft,
    },
    Fetch(Vec<FetchDraft>),
    Store(StoreDraft),
    /// A pixel EXPORT, or EXPORT_DONE when `done` (the program's last export).
    Export(ExportDraft),
    /// WAIT_ACK 0: waits until every ACK of the wavefront's earlier `_ACK` exports has
    /// returned (cayman L3218, L8022), i.e. a returning RAT atomic's value is in its
    /// return buffer.
    WaitAck,
    Jump {
        to: Label,
        pop: u8,
    },
    Else {
        to: Label,
        pop: u8,
    },
    Pop {
        pop: u8,
    },
    LoopStart {
        to: Label,
    },
    LoopEnd {
        to: Label,
    },
    Break {
        to: Label,
    },
    Continue {
        to: Label,
    },
    End,
    /// Not an instruction: the address of the next one.
    Mark(Label),
}

/// The CF program and its stack needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CfProgram {
    pub ops: Vec<CfOp>,
    pub labels: usize,
    /// STACK_SIZE in entries.
    pub stack_size: u32,
}

struct LoopCtx {
    header: Option<Block>,
    exit: Option<Block>,
    end: Label,
}

struct Lower<'a> {
    f: &'a Function,
    blocks: Vec<Option<SBlock>>,
    labels: usize,
    loops: Vec<LoopCtx>,
    pushes: u32,
    stack: u32,
}

/// Lowers the region tree of `f` with its scheduled blocks (taken by block index); `pixel`
/// for a pixel program, which must end with EXPORT_DONE.
pub fn lower(f: &Function, blocks: Vec<SBlock>, pixel: bool) -> Result<CfProgram, CompileError> {
    let mut l = Lower {
        f,
        blocks: blocks.into_iter().map(Some).collect(),
        labels: 0,
        loops: Vec::new(),
        pushes: 0,
        stack: 0,
    };
    let mut ops = Vec::new();
    l.region(&f.body, false, &mut ops)?;
    // The last export of the (pixel) type is EXPORT_DONE (cayman L968); Cayman has no
    // END_OF_PROGRAM bit, the program ends with END (digest D8).
    if let Some(CfOp::Export(e)) = ops.iter_mut().rev().find(|o| matches!(o, CfOp::Export(_))) {
        e.done = true;
    } else if pixel {
        // No export: the program's end is unreachable in IL (a loop left only by `kill`),
        // so when the wave gets here every pixel is killed. An EXPORT_DONE with every
        // component masked writes nothing and still ends the pixel shader as L968 asks
        // (`isel/export.rs` does the same for a kernel without outputs).
        ops.push(CfOp::Export(ExportDraft {
            target: 0,
            comps: [ExportComp::Masked; 4],
            done: true,
        }));
    }
    ops.push(CfOp::End);
    Ok(CfProgram {
        ops,
        labels: l.labels,
        stack_size: l.stack,
    })
}

impl Lower<'_> {
    fn label(&mut self) -> Label {
        self.labels += 1;
        self.labels - 1
    }

    /// Records a stack push: LLVM's accounting (a loop one entry, a push a quarter, digest
    /// D10) and the digest's more conservative Mesa formula, whichever is larger.
    fn note_stack(&mut self) {
        let loops = self.loops.len() as u32;
        let llvm = loops + self.pushes.div_ceil(4);
        let mesa = (loops * 4 + self.pushes + 2).div_ceil(4);
        self.stack = self.stack.max(llvm).max(mesa);
    }

    fn region(
        &mut self,
        r: &Region,
        loop_body: bool,
        out: &mut Vec<CfOp>,
    ) -> Result<(), CompileError> {
        let n = r.nodes.len();
        for (k, node) in r.nodes.iter().enumerate() {
            match node {
                Node::Block(b) => {
                    let last = k + 1 == n;
                    self.block(*b, loop_body && last, out)?;
                }
                Node::If(i) => {
                    let mut then_ops = Vec::new();
                    let mut else_ops = Vec::new();
                    self.pushes += 1;
                    self.note_stack();
                    self.region(&i.then_, false, &mut then_ops)?;
                    self.region(&i.else_, false, &mut else_ops)?;
                    self.pushes -= 1;
                    let after = self.label();
                    let has_else = else_ops.iter().any(|o| !matches!(o, CfOp::Mark(_)));
                    if has_else {
                        let else_at = self.label();
                        out.push(CfOp::Jump {
                            to: else_at,
                            pop: 0,
                        });
                        out.extend(then_ops);
                        out.push(CfOp::Mark(else_at));
                        out.push(CfOp::Else { to: after, pop: 1 });
                        out.extend(else_ops);
                    } else {
                        out.push(CfOp::Jump { to: after, pop: 1 });
                        out.extend(then_ops);
                    }
                    // The closing pop folds into a plain ALU clause right before it.
                    match out.last_mut() {
                        Some(CfOp::Alu { op, .. }) if *op == CfAluOp::Alu => {
                            *op = CfAluOp::AluPopAfter;
                        }
                        _ => out.push(CfOp::Pop { pop: 1 }),
                    }
                    out.push(CfOp::Mark(after));
                }
                Node::Loop(lp) => {
                    let exit = match r.nodes.get(k + 1) {
                        Some(Node::Block(b)) => Some(*b),
                        _ => None,
                    };
                    let start = self.label();
                    let end = self.label();
                    let after = self.label();
                    out.push(CfOp::LoopStart { to: after });
                    out.push(CfOp::Mark(start));
                    self.loops.push(LoopCtx {
                        header: lp.body.first_block(),
                        exit,
                        end,
                    });
                    self.note_stack();
                    let res = self.region(&lp.body, true, out);
                    self.loops.pop();
                    res?;
                    out.push(CfOp::Mark(end));
                    out.push(CfOp::LoopEnd { to: start });
                    out.push(CfOp::Mark(after));
                }
            }
        }
        Ok(())
    }

    fn block(
        &mut self,
        b: Block,
        back_edge: bool,
        out: &mut Vec<CfOp>,
    ) -> Result<(), CompileError> {
        let sb = self
            .blocks
            .get_mut(b.index())
            .and_then(Option::take)
            .unwrap_or_default();
        let n = sb.items.len();
        for (k, item) in sb.items.into_iter().enumerate() {
            if let Item::Store(s) = &item {
                if s.ret.is_some() {
                    out.push(CfOp::Store(*s));
                    out.push(CfOp::WaitAck);
                    continue;
                }
            }
            out.push(match item {
                Item::Alu(clause) => {
                    let op = if sb.has_cond && k + 1 == n {
                        CfAluOp::AluPushBefore
                    } else {
                        CfAluOp::Alu
                    };
                    CfOp::Alu { op, clause }
                }
                Item::Fetch(f) => CfOp::Fetch(f),
                Item::Store(s) => CfOp::Store(s),
                Item::Export(e) => {
                    // An export runs once, at the end, under the full mask: never inside a
                    // branch or a loop.
                    if self.pushes > 0 || !self.loops.is_empty() {
                        return Err(CompileError::Unsupported {
                            what: "a render-target export inside control flow".into(),
                            span: Default::default(),
                        });
                    }
                    CfOp::Export(e)
                }
            });
        }
        let term = &self.f.blocks[b].term;
        match term {
            Terminator::Branch { .. } if !sb.has_cond => {
                return Err(CompileError::Internal(format!(
                    "{b} ends in a branch without its condition"
                )))
            }
            Terminator::Jump(call) => {
                if let Some(l) = self.loops.last() {
                    if Some(call.block) == l.exit {
                        out.push(CfOp::Break { to: l.end });
                    } else if Some(call.block) == l.header && !back_edge {
                        out.push(CfOp::Continue { to: l.end });
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
}
