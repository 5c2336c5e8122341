//! The region tree lowered to EXEC-mask control flow.
//!
//! Every `if` and loop runs the lanes that take it by narrowing EXEC; the wave itself walks
//! the code in layout order and only jumps to skip code no lane runs. The shapes
//! (`S`, `Em`, `Tf`, `E`, `B` are SGPR pairs):
//!
//! ```text
//! if:    s_and_saveexec_b64 S, cond        ; S = entry lanes, EXEC = then lanes
//!        s_andn2_b64 Em, S, exec           ; else lanes
//!        s_cbranch_execz ELSE
//!        <then>
//! ELSE:  s_andn2_saveexec_b64 Tf, Em       ; Tf = lanes that finished `then`, EXEC = Em
//!        s_cbranch_execz END
//!        <else>
//! END:   s_or_b64 exec, exec, Tf           ; the lanes that reach the merge
//!
//! loop:  s_mov_b64 E, exec ; s_mov_b64 B, 0
//! HEAD:  <body>
//! LATCH: s_andn2_b64 exec, E, B            ; every lane that has not left, SCC = EXEC != 0
//!        s_cbranch_scc1 HEAD
//!        s_mov_b64 exec, E                 ; at the exit every entering lane is back
//! break:    s_or_b64 B, B, exec ; s_mov_b64 exec, 0 ; s_branch <skip>
//! continue: s_mov_b64 exec, 0 ; s_branch <skip>
//! ```
//!
//! Why "lanes that finished" rather than the saved mask: a `break` or `continue` inside an
//! arm turns its lanes off for the rest of the iteration, so the merge must not turn them
//! back on. With an empty `else` the tail is just `s_or_b64 exec, exec, Em`.
//!
//! **Skipping.** SALU instructions run whatever EXEC says, so code that no lane runs must
//! not run at all (a uniform loop counter computed from garbage could loop forever): each
//! arm starts with `s_cbranch_execz` past it, and wherever EXEC may have become zero
//! (after `break`/`continue`, after a merge inside a loop) the code branches to the end of
//! the innermost enclosing arm or to the loop's latch, the "skip target".
//!
//! **Block parameters** are copies made on the edge, under the EXEC of the lanes taking
//! it, so a VGPR parameter at a divergent merge collects each lane's value. When an
//! argument is itself a parameter of the target (a swap on a back edge), the arguments go
//! through temporaries first (a parallel copy).

use midend::ir::{Block, BlockCall, IfNode, LoopNode, Node, Region, Terminator, Type, Value};
use smallvec::{smallvec, SmallVec};

use crate::isa::{Inst, Opcode, Operand, Salu};
use crate::isel::{Dst, Selector, Src};
use crate::mir::{File, Label, Reg, RegRef, Slot, VReg};
use crate::CompileError;

/// The innermost loop around the code being lowered.
#[derive(Clone, Copy, Debug)]
struct LoopCtx {
    header: Block,
    exit: Option<Block>,
    break_mask: VReg,
}

/// Where the code being lowered sits.
#[derive(Clone, Copy, Debug)]
struct Ctx {
    innermost: Option<LoopCtx>,
    /// Where to go when EXEC may be zero.
    skip: Label,
    /// The region is the body of `innermost` (not an arm inside it).
    loop_body: bool,
}

impl Selector<'_> {
    /// Lowers the whole function; the code ends with `s_endpgm`.
    pub fn lower_function(&mut self) -> Result<(), CompileError> {
        self.prologue()?;
        self.pixel_masks_prologue()?;
        let end = self.m.new_label();
        let body = self.func.body.clone();
        let ctx = Ctx {
            innermost: None,
            skip: end,
            loop_body: false,
        };
        self.region(&body, ctx)?;
        if self.abi.pixel {
            self.ps_exit(end);
        } else {
            self.label(end);
        }
        self.push(
            Inst::Sopp(crate::isa::Sopp {
                op: Opcode::S_ENDPGM,
                simm16: 0,
            }),
            SmallVec::new(),
        );
        Ok(())
    }

    /// An SALU instruction on whole 64-bit masks, with EXEC allowed on either side.
    pub(crate) fn mask_op(&mut self, op: Opcode, dst: Mask, srcs: &[Mask]) {
        let mut regs: SmallVec<[RegRef; 4]> = SmallVec::new();
        let operand = |m: Mask, slot: Slot, def: bool, regs: &mut SmallVec<[RegRef; 4]>| match m {
            Mask::Exec => Some(Operand::EXEC),
            Mask::Zero => Some(Operand::Int(0)),
            Mask::Ones => Some(Operand::Int(-1)),
            Mask::R(r) => {
                regs.push(RegRef {
                    slot,
                    reg: Reg::Virt(r),
                    offset: 0,
                    count: 2,
                    def,
                });
                Some(Operand::s_range(0, 2))
            }
        };
        let src0 = srcs
            .first()
            .and_then(|&m| operand(m, Slot::Src(0), false, &mut regs));
        let src1 = srcs
            .get(1)
            .and_then(|&m| operand(m, Slot::Src(1), false, &mut regs));
        let dst = operand(dst, Slot::Dst, true, &mut regs);
        self.push(
            Inst::Salu(Salu {
                op,
                dst,
                src0,
                src1,
            }),
            regs,
        );
    }

    pub(crate) fn new_mask(&mut self) -> VReg {
        self.m.new_vreg(File::S, 2)
    }

    fn region(&mut self, region: &Region, ctx: Ctx) -> Result<(), CompileError> {
        let nodes = &region.nodes;
        for (i, node) in nodes.iter().enumerate() {
            let Node::Block(b) = node else { continue };
            self.pixel_masks.skip = Some(ctx.skip);
            self.block_body(*b)?;
            let term = self.func.blocks[*b].term.clone();
            let last = i + 1 == nodes.len();
            match nodes.get(i + 1) {
                Some(Node::If(ifn)) => {
                    let Terminator::Branch { cond, then_, else_ } = term else {
                        return Err(CompileError::Internal(format!(
                            "{b} before an if does not branch"
                        )));
                    };
                    let merge = match nodes.get(i + 2) {
                        Some(Node::Block(m)) => Some(*m),
                        _ => None,
                    };
                    self.lower_if(ifn, cond, &then_, &else_, merge, ctx)?;
                }
                Some(Node::Loop(l)) => {
                    let Terminator::Jump(call) = term else {
                        return Err(CompileError::Internal(format!(
                            "{b} before a loop does not jump"
                        )));
                    };
                    self.edge_copies(&call)?;
                    let exit = match nodes.get(i + 2) {
                        Some(Node::Block(x)) => Some(*x),
                        _ => None,
                    };
                    self.lower_loop(l, exit, ctx)?;
                }
                Some(Node::Block(_)) => {
                    return Err(CompileError::Internal(
                        "two blocks in a row in a region".into(),
                    ))
                }
                None => {
                    debug_assert!(last);
                    self.region_end(*b, &term, ctx)?;
                }
            }
        }
        Ok(())
    }

    fn block_body(&mut self, b: Block) -> Result<(), CompileError> {
        let insts = self.func.blocks[b].insts.clone();
        for inst in insts {
            self.inst(inst)?;
        }
        Ok(())
    }

    /// The terminator of the last block of a region: to the merge or the next iteration
    /// (copies only), `continue`, `break`, `return`.
    fn region_end(&mut self, b: Block, term: &Terminator, ctx: Ctx) -> Result<(), CompileError> {
        match term {
            Terminator::Return | Terminator::Unreachable => Ok(()),
            Terminator::Branch { .. } => Err(CompileError::Internal(format!(
                "{b} branches without an if"
            ))),
            Terminator::Jump(call) => {
                self.edge_copies(call)?;
                let Some(l) = ctx.innermost else {
                    return Ok(());
                };
                let is_back_edge = call.block == l.header && ctx.loop_body;
                if call.block == l.header && !is_back_edge {
                    // continue
                    self.mask_op(Opcode::S_MOV_B64, Mask::Exec, &[Mask::Zero]);
                    self.branch(Opcode::S_BRANCH, ctx.skip);
                } else if Some(call.block) == l.exit {
                    // break
                    self.mask_op(
                        Opcode::S_OR_B64,
                        Mask::R(l.break_mask),
                        &[Mask::R(l.break_mask), Mask::Exec],
                    );
                    self.mask_op(Opcode::S_MOV_B64, Mask::Exec, &[Mask::Zero]);
                    self.branch(Opcode::S_BRANCH, ctx.skip);
                }
                Ok(())
            }
        }
    }

    fn lower_if(
        &mut self,
        ifn: &IfNode,
        cond: Value,
        then_: &BlockCall,
        else_: &BlockCall,
        merge: Option<Block>,
        ctx: Ctx,
    ) -> Result<(), CompileError> {
        let cond_mask = match self.constant(cond) {
            Some(c) => {
                let m = self.new_mask();
                let all = if c != 0 { u32::MAX } else { 0 };
                self.salu(Opcode::S_MOV_B64, Some(Dst(m, 0, 2)), &[Src::Imm(all)]);
                m
            }
            None => self.vreg(cond),
        };
        let saved = self.new_mask();
        let else_lanes = self.new_mask();
        let l_else = self.m.new_label();
        let l_end = self.m.new_label();
        self.mask_op(
            Opcode::S_AND_SAVEEXEC_B64,
            Mask::R(saved),
            &[Mask::R(cond_mask)],
        );
        self.mask_op(
            Opcode::S_ANDN2_B64,
            Mask::R(else_lanes),
            &[Mask::R(saved), Mask::Exec],
        );
        self.branch(Opcode::S_CBRANCH_EXECZ, l_else);
        self.edge_copies(then_)?;
        let arm = Ctx {
            skip: l_else,
            loop_body: false,
            ..ctx
        };
        self.region(&ifn.then_, arm)?;
        self.label(l_else);
        if self.falls_to_merge(&ifn.else_, merge) && else_.args.is_empty() {
            self.mask_op(
                Opcode::S_OR_B64,
                Mask::Exec,
                &[Mask::Exec, Mask::R(else_lanes)],
            );
        } else {
            let then_done = self.new_mask();
            self.mask_op(
                Opcode::S_ANDN2_SAVEEXEC_B64,
                Mask::R(then_done),
                &[Mask::R(else_lanes)],
            );
            self.branch(Opcode::S_CBRANCH_EXECZ, l_end);
            self.edge_copies(else_)?;
            let arm = Ctx {
                skip: l_end,
                loop_body: false,
                ..ctx
            };
            self.region(&ifn.else_, arm)?;
            self.label(l_end);
            self.mask_op(
                Opcode::S_OR_B64,
                Mask::Exec,
                &[Mask::Exec, Mask::R(then_done)],
            );
        }
        if ctx.innermost.is_some() || self.pixel_masks.alive.is_some() {
            // Lanes may have left the loop, or been killed, inside the arms.
            self.branch(Opcode::S_CBRANCH_EXECZ, ctx.skip);
        }
        Ok(())
    }

    /// An arm with nothing to run: one block without instructions that jumps to the merge
    /// without passing values. (A jump to anywhere else is a `break`, `continue` or a
    /// jump to the loop's exit, which is work: it must take its lanes away.)
    fn falls_to_merge(&self, region: &Region, merge: Option<Block>) -> bool {
        match region.nodes.as_slice() {
            [Node::Block(b)] => {
                let data = &self.func.blocks[*b];
                data.insts.is_empty()
                    && match &data.term {
                        Terminator::Jump(c) => c.args.is_empty() && Some(c.block) == merge,
                        _ => false,
                    }
            }
            _ => false,
        }
    }

    fn lower_loop(
        &mut self,
        l: &LoopNode,
        exit: Option<Block>,
        ctx: Ctx,
    ) -> Result<(), CompileError> {
        let header = l
            .body
            .first_block()
            .ok_or_else(|| CompileError::Internal("a loop without a header".into()))?;
        let entry_mask = self.new_mask();
        let break_mask = self.new_mask();
        self.mask_op(Opcode::S_MOV_B64, Mask::R(entry_mask), &[Mask::Exec]);
        self.mask_op(Opcode::S_MOV_B64, Mask::R(break_mask), &[Mask::Zero]);
        let head = self.m.new_label();
        let latch = self.m.new_label();
        self.label(head);
        let inner = Ctx {
            innermost: Some(LoopCtx {
                header,
                exit,
                break_mask,
            }),
            skip: latch,
            loop_body: true,
        };
        self.region(&l.body, inner)?;
        self.label(latch);
        self.mask_op(
            Opcode::S_ANDN2_B64,
            Mask::Exec,
            &[Mask::R(entry_mask), Mask::R(break_mask)],
        );
        self.exec_and_alive();
        self.branch(Opcode::S_CBRANCH_SCC1, head);
        self.mask_op(Opcode::S_MOV_B64, Mask::Exec, &[Mask::R(entry_mask)]);
        self.exec_and_alive();
        if self.pixel_masks.alive.is_some() {
            // Every lane may have been killed inside the loop.
            self.branch(Opcode::S_CBRANCH_EXECZ, ctx.skip);
        }
        Ok(())
    }

    /// The copies of a jump's arguments into its target's parameters, in parallel.
    fn edge_copies(&mut self, call: &BlockCall) -> Result<(), CompileError> {
        let params = self.func.blocks[call.block].params.clone();
        if params.len() != call.args.len() {
            return Err(CompileError::Internal(format!(
                "a jump to {} passes {} values for {} parameters",
                call.block,
                call.args.len(),
                params.len()
            )));
        }
        let args: SmallVec<[Value; 4]> = call.args.iter().map(|&a| self.func.resolve(a)).collect();
        let params: SmallVec<[Value; 4]> = params.iter().map(|&p| self.func.resolve(p)).collect();
        let clash = args.iter().any(|a| params.contains(a));
        if !clash {
            for (&p, &a) in params.iter().zip(&args) {
                if p == a {
                    continue;
                }
                let d = self.vreg(p);
                if self.func.ty(p) == Type::Bool {
                    let src = self.mask_of(a);
                    self.merge_lane_mask(d, src);
                } else {
                    self.copy_value(d, a);
                }
            }
            return Ok(());
        }
        let mut temps: SmallVec<[(VReg, Value); 4]> = smallvec![];
        for (&p, &a) in params.iter().zip(&args) {
            let pr = self.vreg(p);
            let info = self.m.info(pr);
            let t = self.m.new_vreg(info.file, info.size);
            self.copy_value(t, a);
            temps.push((t, p));
        }
        for (t, p) in temps {
            let d = self.vreg(p);
            let size = self.m.info(d).size;
            if self.func.ty(p) == Type::Bool {
                self.merge_lane_mask(d, Mask::R(t));
            } else if self.m.info(d).file == File::S && size == 2 {
                self.salu(Opcode::S_MOV_B64, Some(Dst(d, 0, 2)), &[Src::R(t, 0, 2)]);
            } else {
                for k in 0..size {
                    self.mov32(Dst(d, k, 1), Src::R(t, k, 1));
                }
            }
        }
        Ok(())
    }
}

impl Selector<'_> {
    /// A boolean value as a lane mask operand (constants need no register).
    fn mask_of(&mut self, v: Value) -> Mask {
        match self.constant(v) {
            Some(0) => Mask::Zero,
            Some(_) => Mask::Ones,
            None => Mask::R(self.vreg(v)),
        }
    }

    /// `dst = src` in the lanes of EXEC, `dst` unchanged in the others.
    ///
    /// A boolean is a lane mask in an SGPR pair, and SALU writes all 64 bits whatever EXEC
    /// says. A block parameter copied on a divergent edge (a `break` that passes a flag,
    /// an `if` arm) must only set the bits of the lanes that take the edge: the lanes that
    /// took another edge earlier, or will take one later, keep the value they got there.
    fn merge_lane_mask(&mut self, dst: VReg, src: Mask) {
        let d = Mask::R(dst);
        match src {
            Mask::Zero => self.mask_op(Opcode::S_ANDN2_B64, d, &[d, Mask::Exec]),
            Mask::Ones | Mask::Exec => self.mask_op(Opcode::S_OR_B64, d, &[d, Mask::Exec]),
            Mask::R(_) => {
                let taken = Mask::R(self.new_mask());
                self.mask_op(Opcode::S_AND_B64, taken, &[src, Mask::Exec]);
                self.mask_op(Opcode::S_ANDN2_B64, d, &[d, Mask::Exec]);
                self.mask_op(Opcode::S_OR_B64, d, &[d, taken]);
            }
        }
    }
}

/// A 64-bit mask operand.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Mask {
    Exec,
    Zero,
    /// Every lane (-1).
    Ones,
    R(VReg),
}
