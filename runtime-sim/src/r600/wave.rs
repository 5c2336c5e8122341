//! A wavefront and its CF program: the per-lane state, the active-mask stack, and the
//! branch-loop instructions exactly as cayman Ch3 describes them (L1079-L1303), with the
//! digest's errata where the text contradicts itself:
//!
//! * **Per-lane state** (cayman L1084-L1089): Active, Inactive-branch, Inactive-continue,
//!   Inactive-break. Lanes past the end of a partial wavefront start inactive and invalid
//!   (L1091) and never execute.
//! * **JUMP / ELSE apply POP_COUNT only when they jump** (Table 3.7 L1224; digest D4: the Ch8
//!   prose "JUMP first pops" would unbalance every if/else LLVM and Mesa emit).
//! * **POP never jumps** (cayman L1247, L3133; digest Q5).
//! * **Break and continue are sticky across POP/ELSE inside a loop** (digest D5): a pop
//!   restores the pushed state except on lanes that are Inactive-break / -continue, which keep
//!   it until LOOP_END (continue) or the loop's exit (break), as L2829 ("the pixels remain
//!   disabled until the innermost loop exits") requires.
//! * **LOOP_BREAK / LOOP_CONTINUE jump when every lane that entered the loop is done**
//!   (broken or continued) and then unwind the stack to the loop's frame, ignoring POP_COUNT
//!   (cayman L2824, L2842; digest Q6).
//! * **ALU_PUSH_BEFORE pushes once, before the clause** (Table 3.7 L1229; digest Q3).
//! * **Stack accounting** is LLVM's for Cayman (digest D10): a loop takes an entry, a push or
//!   a call a subentry, four subentries to an entry, and `entries + ceil(subentries / 4)`
//!   must not exceed STACK_SIZE at any point (cayman L1190-L1192). Beyond it the model
//!   refuses: hardware would overwrite other state.

use backend_r600::isa::{CfAlu, CfAluOp, CfCond, CfInst, CfOp, CfWord};

use super::alu::ClauseState;
use super::{gpr_ok, Prepared, R600Launch, WAVE};
use crate::runtime::{RunError, RunReport};

pub use super::lane_states::{LaneStates, ACTIVE, BRANCH, BREAK, CONT};

/// One stack frame.
#[derive(Clone, Debug)]
pub enum Frame {
    /// PUSH / ALU_PUSH_BEFORE: the lane states before the push (one subentry).
    Push { saved: LaneStates },
    /// LOOP_START*: the lane states at entry and the loop state (one entry, cayman L1265).
    Loop {
        saved: LaneStates,
        /// Iterations left (`None`: a DX10 loop, left only by LOOP_BREAK).
        counter: Option<u32>,
        /// The enclosing loop's aL, restored at exit.
        outer_al: i32,
        step: i32,
        /// LOOP_START_NO_AL: aL is not touched (cayman L2905).
        no_al: bool,
    },
    /// CALL: the return CF index and the caller's nesting depth (one subentry).
    Call { ret: usize, depth: u32 },
}

/// Why `Wave::run` returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Can run (or is running).
    Running,
    /// Waits at a GROUP_BARRIER.
    Barrier,
    /// Executed END.
    Done,
}

/// What an executing wavefront may touch.
pub(crate) struct Ctx<'a> {
    pub prep: &'a Prepared,
    pub launch: &'a mut R600Launch,
    pub lds: &'a mut Vec<u8>,
    pub report: &'a mut RunReport,
    /// Each wavefront's RAT writes not known to be in memory yet (`acks.rs`), by wavefront.
    pub acks: &'a mut [super::acks::Acks],
}

/// A 64-lane wavefront.
#[derive(Clone, Debug)]
pub struct Wave {
    /// GPRs 0..=127, each four channels of 64 lanes.
    pub gpr: Vec<[[u32; WAVE]; 4]>,
    /// Per-lane state.
    pub state: LaneStates,
    /// Valid lanes (bit per lane).
    pub valid: u64,
    pub stack: Vec<Frame>,
    /// Index of the next CF instruction.
    pub pc: usize,
    /// The loop index aL.
    pub al: i32,
    /// CF_IDX0/1, written by MOVA_INT (cayman L694).
    pub cf_idx: [u32; 2],
    pub call_depth: u32,
    /// An ALU clause suspended at a GROUP_BARRIER.
    pub resume: Option<Box<ClauseState>>,
    /// The last finished clause's state, whose allocation the next clause reuses.
    pub spare: Option<Box<ClauseState>>,
    /// Index of this wavefront in its group, and the group's wavefront count.
    pub wave_id: u32,
    pub group_waves: u32,
    pub steps: u64,
    /// Pixel launches: the pixel of lane 0 (the tile's origin; lane l is at
    /// origin + (l % 8, l / 8)).
    pub pixel_origin: [u32; 2],
    /// The wavefront executed EXPORT_DONE (`export.rs`).
    pub export_done: bool,
}

impl Wave {
    /// A wavefront of group `gid` at launch: R0.xyz = work-item id, R1.xyz = group id
    /// (abi-facts §3.1), every other register 0.
    pub(crate) fn launch(l: &R600Launch, w: usize, nwaves: usize, gid: [u32; 3]) -> Wave {
        Wave::start(
            vec![[[0; WAVE]; 4]; 128],
            Vec::new(),
            None,
            l,
            w,
            nwaves,
            gid,
        )
    }

    /// This wavefront put in the state [`Wave::launch`] gives, for another work-group of
    /// the same launch, keeping its allocations. Only registers a wavefront of this launch
    /// can have written are zeroed: every GPR write of the model goes to a register
    /// [`gpr_ok`] accepts (ALU and fetch destinations are checked statically or, relative,
    /// at run time), except the pixel inputs the launch preloads; the others are still 0.
    pub(crate) fn relaunch(&mut self, l: &R600Launch, w: usize, nwaves: usize, gid: [u32; 3]) {
        let mut gpr = std::mem::take(&mut self.gpr);
        for (g, r) in gpr.iter_mut().enumerate() {
            if gpr_ok(l, g as u32) || l.pixel_inputs.contains_key(&(g as u8)) {
                *r = [[0; WAVE]; 4];
            }
        }
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        *self = Wave::start(gpr, stack, self.spare.take(), l, w, nwaves, gid);
    }

    /// The launch state on the register file `gpr` (all zero where it matters) and the
    /// empty `stack`.
    fn start(
        gpr: Vec<[[u32; WAVE]; 4]>,
        stack: Vec<Frame>,
        spare: Option<Box<ClauseState>>,
        l: &R600Launch,
        w: usize,
        nwaves: usize,
        gid: [u32; 3],
    ) -> Wave {
        let mut wave = Wave {
            gpr,
            state: LaneStates::default(),
            valid: 0,
            stack,
            pc: 0,
            al: 0,
            cf_idx: [0; 2],
            call_depth: 0,
            resume: None,
            spare,
            wave_id: w as u32,
            group_waves: nwaves as u32,
            steps: 0,
            pixel_origin: [gid[0] * 8, gid[1] * 8],
            export_done: false,
        };
        if let Some([w, h]) = l.pixel_domain {
            for lane in 0..WAVE {
                let x = gid[0] * 8 + (lane % 8) as u32;
                let y = gid[1] * 8 + (lane / 8) as u32;
                if x >= w || y >= h {
                    continue;
                }
                wave.valid |= 1 << lane;
                wave.state.set(1 << lane, ACTIVE);
                wave.gpr[0][0][lane] = (x as f32 + 0.5).to_bits();
                wave.gpr[0][1][lane] = (y as f32 + 0.5).to_bits();
                wave.gpr[0][3][lane] = 1.0f32.to_bits();
                let at = (y as usize * w as usize + x as usize) * 16;
                for (&g, &m) in &l.pixel_inputs {
                    let Some(buf) = l.memory.get(m) else { continue };
                    for c in 0..4 {
                        let word = buf
                            .get(at + 4 * c..at + 4 * c + 4)
                            .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
                        if let Some(r) = wave.gpr.get_mut(usize::from(g)) {
                            r[c][lane] = word;
                        }
                    }
                }
            }
            return wave;
        }
        let items = l.group.iter().product::<u32>() as usize;
        let (gx, gy) = (l.group[0].max(1) as usize, l.group[1].max(1) as usize);
        for lane in 0..WAVE {
            let t = w * WAVE + lane;
            if t >= items {
                continue;
            }
            wave.valid |= 1 << lane;
            wave.state.set(1 << lane, ACTIVE);
            wave.gpr[0][0][lane] = (t % gx) as u32;
            wave.gpr[0][1][lane] = ((t / gx) % gy) as u32;
            wave.gpr[0][2][lane] = (t / (gx * gy)) as u32;
            for d in 0..3 {
                wave.gpr[1][d][lane] = gid[d];
            }
        }
        wave
    }

    /// Lanes in the Active state.
    #[inline]
    pub fn active(&self) -> u64 {
        self.state.active()
    }

    /// After a pop with VALID_PIXEL_MODE: "invalid pixels are deactivated after the active
    /// mask is restored from the stack" (cayman L1120).
    fn deactivate_invalid(&mut self) {
        self.state.set(self.state.active() & !self.valid, BRANCH);
    }

    /// Lanes passing COND / VALID_PIXEL_MODE (Table 3.4, cayman L1138-L1144; NOT_BOOL reads
    /// "boolean is zero", digest Q8).
    fn test(&self, l: &R600Launch, w: &CfWord) -> u64 {
        let mut base = self.active();
        if w.valid_pixel_mode {
            base &= self.valid;
        }
        base & cond_mask(l, w.cond, w.cf_const)
    }

    fn fault(&self, p: &Prepared, m: impl std::fmt::Display) -> RunError {
        RunError::Fault(format!(
            "CF {}: {m}",
            p.addr.get(self.pc).copied().unwrap_or(0)
        ))
    }

    /// Pushes a frame, refusing to exceed STACK_SIZE.
    fn push(&mut self, p: &Prepared, l: &R600Launch, f: Frame) -> Result<(), RunError> {
        self.stack.push(f);
        let entries = self
            .stack
            .iter()
            .filter(|f| matches!(f, Frame::Loop { .. }))
            .count() as u32;
        let sub = self.stack.len() as u32 - entries;
        let need = entries + sub.div_ceil(4);
        if need > l.stack_size {
            return Err(self.fault(
                p,
                format!(
                    "stack overflow: {entries} loop entries and {sub} push/call subentries need {need} stack entries, the program declares STACK_SIZE {} (cayman L1190-L1192)",
                    l.stack_size
                ),
            ));
        }
        Ok(())
    }

    /// Pops `n` frames; the lane state becomes that of the last one popped (cayman L1157),
    /// break/continue states staying (module docs).
    fn pop(&mut self, p: &Prepared, n: u32) -> Result<(), RunError> {
        for _ in 0..n {
            let f = self
                .stack
                .pop()
                .ok_or_else(|| self.fault(p, "stack underflow: POP on an empty stack"))?;
            match f {
                // A lane keeps its state if it is BREAK or CONT.
                Frame::Push { saved } => self.state.restore(&saved),
                Frame::Loop {
                    saved, outer_al, ..
                } => {
                    self.state = saved;
                    self.al = outer_al;
                }
                Frame::Call { .. } => return Err(self.fault(
                    p,
                    "a pop reached a CALL frame: the subroutine's pushes and pops do not balance",
                )),
            }
        }
        Ok(())
    }

    /// ELSE: lanes Active at the last surviving PUSH and passing COND swap Active and
    /// Inactive-branch (cayman L1248, L2577).
    fn else_op(&mut self, p: &Prepared, cond: u64) -> Result<(), RunError> {
        let Some(Frame::Push { saved }) = self.stack.last() else {
            return Err(self.fault(p, "ELSE without a PUSH frame on top of the stack"));
        };
        // The lanes Active at the PUSH, passing COND and now Active or Inactive-branch flip
        // between the two.
        let saved = *saved;
        self.state.else_flip(&saved, cond);
        Ok(())
    }

    /// Index of the innermost loop frame.
    fn loop_frame(&self, p: &Prepared) -> Result<usize, RunError> {
        self.stack
            .iter()
            .rposition(|f| matches!(f, Frame::Loop { .. }))
            .ok_or_else(|| self.fault(p, "LOOP_BREAK/LOOP_CONTINUE/LOOP_END outside a loop"))
    }

    /// Runs until END or a GROUP_BARRIER.
    pub(crate) fn run(&mut self, ctx: &mut Ctx<'_>) -> Result<Status, RunError> {
        loop {
            if let Some(mut cs) = self.resume.take() {
                if self.run_clause(ctx, &mut cs)? {
                    self.resume = Some(cs);
                    return Ok(Status::Barrier);
                }
                self.finish_clause(ctx, &cs)?;
                self.spare = Some(cs);
                self.pc += 1;
                continue;
            }
            self.steps += 1;
            if self.steps > ctx.launch.step_limit {
                return Err(RunError::StepLimit {
                    limit: ctx.launch.step_limit,
                    at: il_frontend::diag::Span::new(0, 0),
                    location: format!(
                        "Cayman CF {}",
                        ctx.prep.addr.get(self.pc).copied().unwrap_or(0)
                    ),
                });
            }
            ctx.report.wave_instructions += 1;
            let p = ctx.prep;
            let inst = p.prog.cf.get(self.pc).ok_or_else(|| {
                RunError::Fault(format!(
                    "CF instruction {} is past the end of the CF program: it has no END",
                    self.pc
                ))
            })?;
            match inst {
                CfInst::Alu(a) => self.start_clause(ctx, a)?,
                CfInst::Word(w) => {
                    if self.cf_word(ctx, w)? {
                        if ctx.launch.pixel_domain.is_some() && !self.export_done {
                            return Err(RunError::Fault(format!(
                                "CF {}: a pixel program ends without EXPORT_DONE (the last export of a pixel shader, cayman L497, L968)",
                                p.addr.get(self.pc).copied().unwrap_or(0)
                            )));
                        }
                        return Ok(Status::Done);
                    }
                }
                CfInst::Mem(m) => {
                    if self.export_done {
                        return Err(RunError::Fault(format!(
                            "CF {}: {} after the wavefront's EXPORT_DONE: the pixel program has ended (cayman L497)",
                            p.addr.get(self.pc).copied().unwrap_or(0),
                            m.op.name()
                        )));
                    }
                    let exec = if m.valid_pixel_mode {
                        self.active() & self.valid
                    } else {
                        self.active()
                    };
                    self.mem_export(ctx, m, exec)?;
                    self.pc += 1;
                }
                CfInst::Export(e) => {
                    self.pixel_export(ctx, e)?;
                    self.pc += 1;
                }
                CfInst::Gws(_) => {
                    return Err(RunError::Unsupported(format!(
                        "CF {}: GLOBAL_WAVE_SYNC",
                        p.addr.get(self.pc).copied().unwrap_or(0)
                    )))
                }
            }
        }
    }

    fn start_clause(&mut self, ctx: &mut Ctx<'_>, a: &CfAlu) -> Result<(), RunError> {
        let p = ctx.prep;
        match a.op {
            CfAluOp::AluPushBefore => {
                let saved = self.state;
                self.push(p, ctx.launch, Frame::Push { saved })?;
            }
            CfAluOp::AluReactivateBefore => {
                return Err(RunError::Unsupported(format!(
                    "CF {}: ALU_REACTIVATE_BEFORE",
                    p.addr.get(self.pc).copied().unwrap_or(0)
                )))
            }
            _ => {}
        }
        let mut exec = self.active();
        if a.op == CfAluOp::AluValidPixelMode {
            exec &= self.valid;
        }
        if a.whole_quad_mode {
            exec = whole_quad(exec);
        }
        let cs = ClauseState::start(self.spare.take(), self, a, self.pc, exec);
        self.resume = Some(cs);
        Ok(())
    }

    /// The end of an ALU clause: exec-mask updates, then the CF instruction's stack action
    /// (Table 3.7, cayman L1228-L1234).
    fn finish_clause(&mut self, ctx: &mut Ctx<'_>, cs: &ClauseState) -> Result<(), RunError> {
        let p = ctx.prep;
        if !cs.oqa.is_empty() || !cs.oqb.is_empty() {
            return Err(self.fault(
                p,
                format!(
                    "ALU clause {}: data left in an LDS output queue at the end of the clause (cayman L2334)",
                    cs.clause_addr
                ),
            ));
        }
        if let Some((stay, off)) = cs.exec_update {
            // The clause's lanes: those in `stay` Active, the others in state `off`.
            self.state.set(cs.exec & stay, ACTIVE);
            self.state.set(cs.exec & !stay, off);
        }
        let Some(CfInst::Alu(a)) = p.prog.cf.get(cs.cf) else {
            return Ok(());
        };
        match a.op {
            CfAluOp::AluPopAfter => self.pop(p, 1)?,
            CfAluOp::AluPop2After => self.pop(p, 2)?,
            CfAluOp::AluElseAfter => self.else_op(p, u64::MAX)?,
            _ => {}
        }
        Ok(())
    }

    /// Executes a CF_WORD instruction; true on END.
    fn cf_word(&mut self, ctx: &mut Ctx<'_>, w: &CfWord) -> Result<bool, RunError> {
        let p = ctx.prep;
        let here = p.addr.get(self.pc).copied().unwrap_or(0);
        let unsupported = |what: &str| {
            Err(RunError::Unsupported(format!(
                "CF {here}: {} ({what})",
                w.op.name()
            )))
        };
        match w.op {
            CfOp::WaitAck => {
                if let Some(a) = ctx.acks.get_mut(self.wave_id as usize) {
                    a.wait(w.addr);
                }
                self.pc += 1;
            }
            CfOp::Nop | CfOp::LdsDealloc | CfOp::SetPriority => self.pc += 1,
            CfOp::End => return Ok(true),
            CfOp::Tc | CfOp::TcAck => {
                let exec = self.test(ctx.launch, w);
                let clause = p
                    .prog
                    .fetch_clauses
                    .get(&w.addr)
                    .ok_or_else(|| self.fault(p, format!("no fetch clause at {}", w.addr)))?;
                self.fetch_clause(ctx, clause, w.addr, exec)?;
                self.pc += 1;
            }
            CfOp::Jump => {
                if self.test(ctx.launch, w) == 0 {
                    self.pop(p, u32::from(w.pop_count))?;
                    self.pc = p.index(w.addr, self.pc)?;
                } else {
                    self.pc += 1;
                }
            }
            CfOp::Push => {
                let t = self.test(ctx.launch, w);
                if t == 0 {
                    self.pop(p, u32::from(w.pop_count))?;
                    self.pc = p.index(w.addr, self.pc)?;
                } else {
                    let saved = self.state;
                    self.push(p, ctx.launch, Frame::Push { saved })?;
                    self.state.set(self.state.active() & !t, BRANCH);
                    self.pc += 1;
                }
            }
            CfOp::Else => {
                let mut cond = cond_mask(ctx.launch, w.cond, w.cf_const);
                if w.valid_pixel_mode {
                    cond &= self.valid;
                }
                self.else_op(p, cond)?;
                if self.active() == 0 {
                    self.pop(p, u32::from(w.pop_count))?;
                    self.pc = p.index(w.addr, self.pc)?;
                } else {
                    self.pc += 1;
                }
            }
            CfOp::Pop => {
                self.pop(p, u32::from(w.pop_count))?;
                if w.valid_pixel_mode {
                    self.deactivate_invalid();
                }
                self.pc += 1;
            }
            CfOp::LoopStart | CfOp::LoopStartDx10 | CfOp::LoopStartNoAl => {
                let t = self.test(ctx.launch, w);
                let (counter, init, step) = if w.op == CfOp::LoopStartDx10 {
                    (None, 0, 0)
                } else {
                    let c = ctx
                        .launch
                        .loop_consts
                        .get(usize::from(w.cf_const))
                        .copied()
                        .unwrap_or(0);
                    (
                        Some(c & 0xFFF),
                        ((c >> 12) & 0xFFF) as i32,
                        i32::from((c >> 24) as u8 as i8),
                    )
                };
                if t == 0 || counter == Some(0) {
                    self.pop(p, u32::from(w.pop_count))?;
                    self.pc = p.index(w.addr, self.pc)?;
                } else {
                    let saved = self.state;
                    let no_al = w.op == CfOp::LoopStartNoAl;
                    self.push(
                        p,
                        ctx.launch,
                        Frame::Loop {
                            saved,
                            counter,
                            outer_al: self.al,
                            step,
                            no_al,
                        },
                    )?;
                    if !no_al && counter.is_some() {
                        self.al = init;
                    }
                    self.state.set(self.state.active() & !t, BREAK);
                    self.pc += 1;
                }
            }
            CfOp::LoopEnd => {
                let k = self.loop_frame(p)?;
                if k + 1 != self.stack.len() {
                    return Err(self.fault(
                        p,
                        "LOOP_END with pushes of the loop body still on the stack",
                    ));
                }
                let cond = cond_mask(ctx.launch, w.cond, w.cf_const) != 0;
                let Some(Frame::Loop {
                    saved,
                    counter,
                    step,
                    no_al,
                    ..
                }) = self.stack.get_mut(k)
                else {
                    return Err(self.fault(p, "LOOP_END outside a loop"));
                };
                if let Some(c) = counter.as_mut() {
                    *c = c.saturating_sub(1);
                }
                let more = *counter != Some(0);
                let (saved, step, no_al) = (*saved, *step, *no_al);
                let mut alive = saved.active() & !self.state.broken();
                if w.valid_pixel_mode {
                    // Invalid (killed) pixels count as inactive (cayman L1116): they do not
                    // go round again.
                    alive &= self.valid;
                }
                if more && cond && alive != 0 {
                    self.state.set(alive, ACTIVE);
                    if !no_al {
                        self.al = self.al.wrapping_add(step);
                    }
                    self.pc = p.index(w.addr, self.pc)?;
                } else {
                    self.pop(p, 1)?;
                    if w.valid_pixel_mode {
                        self.deactivate_invalid();
                    }
                    self.pc += 1;
                }
            }
            CfOp::LoopBreak | CfOp::LoopContinue => {
                let t = self.test(ctx.launch, w);
                let to = if w.op == CfOp::LoopBreak { BREAK } else { CONT };
                self.state.set(t, to);
                let k = self.loop_frame(p)?;
                let Some(Frame::Loop { saved, .. }) = self.stack.get(k) else {
                    return Err(self.fault(p, "no loop frame"));
                };
                // Active at entry and now Active or Inactive-branch.
                let busy = saved.active() & !self.state.looped_out() != 0;
                if busy {
                    self.pc += 1;
                } else {
                    self.stack.truncate(k + 1);
                    self.pc = p.index(w.addr, self.pc)?;
                }
            }
            CfOp::Call => {
                let t = self.test(ctx.launch, w);
                let count = u32::from(w.count);
                if t != 0 && self.call_depth + count <= 32 {
                    let f = Frame::Call {
                        ret: self.pc + 1,
                        depth: self.call_depth,
                    };
                    self.push(p, ctx.launch, f)?;
                    self.call_depth += count;
                    self.pc = p.index(w.addr, self.pc)?;
                } else {
                    self.pc += 1;
                }
            }
            CfOp::Return => match self.stack.pop() {
                Some(Frame::Call { ret, depth }) => {
                    self.call_depth = depth;
                    self.pc = ret;
                }
                _ => {
                    return Err(self.fault(
                        p,
                        "RETURN without a CALL frame on top of the stack (cayman L1227)",
                    ))
                }
            },
            CfOp::Gds => return unsupported("GDS clauses"),
            CfOp::Kill => return unsupported("KILL is for pixel shaders"),
            CfOp::CallFs => return unsupported("fetch subroutines are for vertex shaders"),
            CfOp::EmitVertex | CfOp::EmitCutVertex | CfOp::CutVertex => {
                return unsupported("geometry shaders")
            }
            CfOp::PushWqm | CfOp::PopWqm | CfOp::ElseWqm | CfOp::ReactivateWqm => {
                return unsupported("whole-quad mode is for pixel shaders")
            }
            CfOp::JumpAny => return unsupported("the ISA contradicts itself on it, digest Q7"),
            CfOp::Reactivate | CfOp::Jumptable | CfOp::Halt => return unsupported("not modelled"),
            CfOp::GlobalWaveSync | CfOp::Interrupt | CfOp::InterruptAndSleep => {
                return unsupported("not modelled")
            }
        }
        Ok(false)
    }
}

/// Lanes for which COND holds, before the active mask is applied.
fn cond_mask(l: &R600Launch, cond: CfCond, cf_const: u8) -> u64 {
    let b = l.bool_consts >> (cf_const & 31) & 1 == 1;
    match cond {
        CfCond::Active => u64::MAX,
        CfCond::False => 0,
        CfCond::Bool => {
            if b {
                u64::MAX
            } else {
                0
            }
        }
        CfCond::NotBool => {
            if b {
                0
            } else {
                u64::MAX
            }
        }
    }
}

/// Whole-quad mode: every lane of a quad (4 consecutive lanes, cayman L10450) with an active
/// lane (cayman L1105).
pub fn whole_quad(m: u64) -> u64 {
    let mut out = 0;
    for q in 0..16 {
        if (m >> (4 * q)) & 0xF != 0 {
            out |= 0xF << (4 * q);
        }
    }
    out
}
