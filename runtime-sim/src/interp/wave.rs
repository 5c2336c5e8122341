//! A wavefront: 64 lanes that execute one instruction at a time under an execution mask,
//! with the structured control flow of 7.4 kept as a stack of frames.
//!
//! The model: `exec` holds the lanes that execute the current instruction. Each open
//! construct remembers the lanes it must give back when it closes (`saved`), so lanes that
//! leave a construct early (`break`, `continue`, `ret_dyn`) are removed from `exec` and from
//! every frame between them and their target. Lanes that finish the program are removed
//! from everything. An instruction with no active lane is skipped to the kernel's
//! precomputed skip address; the markers (`else`, `endif`, `endloop`, `case`, ...) always
//! run, since they give lanes back.

use super::kernel::{Cond, Kernel, Op};

/// Lanes of a wavefront (L1431 of the reference: compute waves have 64 work-items).
pub const WAVE: usize = 64;

/// One 32-bit value per lane.
pub type Lanes = [u32; WAVE];
/// A four-component register of a wavefront, component-major: `r[c][lane]`.
pub type Lanes4 = [Lanes; 4];

pub const ZERO4: Lanes4 = [[0; WAVE]; 4];

/// Zero in every lane: what the `0` swizzle selects and a missing source reads.
pub static ZERO_LANES: Lanes = [0; WAVE];
/// `1.0f` in every lane: what the `1` swizzle selects (L660).
pub static ONE_LANES: Lanes = [super::kernel::ONE_F32; WAVE];

/// A source operand as the instruction sees it: its four components after the swizzle, each
/// a reference to 64 lanes. A swizzle only chooses which lanes array each component is, so
/// a register read without modifiers points into the register file and copies nothing.
pub type Operand<'a> = [&'a Lanes; 4];

/// The operand that reads zero everywhere (a source the instruction does not have).
pub const ZERO_OPERAND: Operand<'static> = [&ZERO_LANES; 4];

/// The identity view of a whole register.
#[inline]
pub fn operand(v: &Lanes4) -> Operand<'_> {
    [&v[0], &v[1], &v[2], &v[3]]
}

/// The lanes set in an execution mask, in lane order.
pub fn active_lanes(exec: u64) -> impl Iterator<Item = usize> {
    (0..WAVE).filter(move |l| exec >> l & 1 != 0)
}

/// The deepest call nesting; a deeper call is skipped (L3498: "if the stack is full, the
/// call is skipped").
pub const MAX_CALL_DEPTH: usize = 32;

/// One open control-flow construct.
#[derive(Clone, Debug)]
pub enum Frame {
    If {
        saved: u64,
        /// Lanes waiting for the `else`.
        otherwise: u64,
    },
    Loop {
        saved: u64,
        /// Lanes still iterating: not broken out, not returned.
        live: u64,
        counter: Option<Counter>,
    },
    Switch {
        saved: u64,
        /// Lanes whose case label has not come yet.
        pending: u64,
        /// Lanes whose value matches no `case`.
        default: u64,
        values: Box<Lanes>,
    },
    Call {
        saved: u64,
        return_to: u32,
    },
}

/// The state of a DX9 counted loop (`loop i#`, L3873).
#[derive(Clone, Copy, Debug)]
pub struct Counter {
    pub remaining: u32,
    pub al: i32,
    pub step: i32,
    pub repeat: bool,
}

/// Where a wavefront stands after running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Running,
    /// Stopped at a work-group barrier; `pc` is the instruction after it.
    AtBarrier,
    Done,
}

/// A wavefront's registers and control state.
#[derive(Clone, Debug)]
pub struct Wave {
    pub regs: Vec<Lanes4>,
    pub itemps: Vec<Lanes4>,
    pub exec: u64,
    /// Lanes that hold a work-item (a partial wavefront has fewer than 64).
    pub lanes: u64,
    pub pc: u32,
    pub frames: Vec<Frame>,
    pub calls: usize,
    /// Pixels whose outputs are dropped (`discard_*`, `kill`).
    pub discarded: u64,
    pub status: Status,
    /// Instructions executed, for the step limit and the report.
    pub steps: u64,
    pub lane_steps: u64,
    /// The flat id of each lane within its work-group (compute) or tile (pixel).
    pub local_id: Lanes,
    /// The wavefront's index within its work-group.
    pub index: u32,
    /// The taint shadow of a tainted run ([`super::taint`]); `None` in a normal run.
    pub taint: Option<Box<super::taint::WaveTaint>>,
}

impl Wave {
    pub fn new(kernel: &Kernel) -> Wave {
        Wave {
            regs: vec![ZERO4; kernel.slots.len()],
            itemps: vec![ZERO4; kernel.decls.itemp_elements as usize],
            exec: 0,
            lanes: 0,
            pc: 0,
            frames: Vec::new(),
            calls: 0,
            discarded: 0,
            status: Status::Running,
            steps: 0,
            lane_steps: 0,
            local_id: [0; WAVE],
            index: 0,
            taint: None,
        }
    }

    /// Resets the control state for a new wavefront with `lanes` live lanes; registers are
    /// set by the caller.
    pub fn restart(&mut self, lanes: u64) {
        self.exec = lanes;
        self.lanes = lanes;
        self.pc = 0;
        self.frames.clear();
        self.calls = 0;
        self.discarded = 0;
        self.status = Status::Running;
        self.steps = 0;
        for it in &mut self.itemps {
            *it = ZERO4;
        }
        if let Some(t) = &mut self.taint {
            t.clear();
        }
    }

    /// Removes `lanes` from every frame above the innermost frame that `stop` accepts (and
    /// from that frame too if `include_target`), returning that frame's index.
    fn remove_lanes(&mut self, lanes: u64, stop: impl Fn(&Frame) -> bool) -> Option<usize> {
        for i in (0..self.frames.len()).rev() {
            if stop(&self.frames[i]) {
                return Some(i);
            }
            match &mut self.frames[i] {
                Frame::If { saved, otherwise } => {
                    *saved &= !lanes;
                    *otherwise &= !lanes;
                }
                Frame::Loop { saved, live, .. } => {
                    *saved &= !lanes;
                    *live &= !lanes;
                }
                Frame::Switch { saved, pending, .. } => {
                    *saved &= !lanes;
                    *pending &= !lanes;
                }
                Frame::Call { saved, .. } => *saved &= !lanes,
            }
        }
        None
    }

    /// `break`: the lanes leave the innermost loop or switch and resume after it.
    pub fn break_lanes(&mut self, lanes: u64) {
        self.exec &= !lanes;
        let stop = |f: &Frame| {
            matches!(
                f,
                Frame::Loop { .. } | Frame::Switch { .. } | Frame::Call { .. }
            )
        };
        if let Some(i) = self.remove_lanes(lanes, stop) {
            if let Frame::Loop { live, .. } = &mut self.frames[i] {
                *live &= !lanes;
            }
        }
    }

    /// `continue`: the lanes wait for the next iteration of the innermost loop.
    pub fn continue_lanes(&mut self, lanes: u64) {
        self.exec &= !lanes;
        let stop = |f: &Frame| matches!(f, Frame::Loop { .. } | Frame::Call { .. });
        self.remove_lanes(lanes, stop);
    }

    /// `ret_dyn`: the lanes return to the caller, or finish the program in the main body.
    pub fn return_lanes(&mut self, lanes: u64) {
        self.exec &= !lanes;
        let stop = |f: &Frame| matches!(f, Frame::Call { .. });
        if self.remove_lanes(lanes, stop).is_none() {
            self.lanes &= !lanes;
        }
    }

    /// `kill`: the lanes end for good, in every frame.
    pub fn end_lanes(&mut self, lanes: u64) {
        self.exec &= !lanes;
        self.remove_lanes(lanes, |_| false);
        self.lanes &= !lanes;
    }

    /// The counter `aL` of the innermost counted loop (0 outside one).
    pub fn loop_counter(&self) -> u32 {
        self.frames
            .iter()
            .rev()
            .find_map(|f| match f {
                Frame::Loop {
                    counter: Some(c), ..
                } => Some(c.al as u32),
                _ => None,
            })
            .unwrap_or(0)
    }

    /// Runs one control-flow instruction whose per-lane test is `taken` (the lanes of
    /// `exec` where its condition holds) and moves the program counter. `values` are the
    /// switch values, `counter` the `loop i#` operand.
    pub fn flow(
        &mut self,
        kernel: &Kernel,
        taken: u64,
        values: Option<&Lanes>,
        counter: Option<[u32; 4]>,
    ) {
        let pc = self.pc as usize;
        let inst = &kernel.code[pc];
        let next = self.pc + 1;
        self.pc = next;
        match &inst.op {
            Op::If(_) => {
                self.frames.push(Frame::If {
                    saved: self.exec,
                    otherwise: self.exec & !taken,
                });
                self.exec = taken;
                if taken == 0 {
                    self.pc = inst.target;
                }
            }
            Op::Else => {
                if let Some(Frame::If { otherwise, .. }) = self.frames.last_mut() {
                    self.exec = std::mem::take(otherwise);
                }
                if self.exec == 0 {
                    self.pc = inst.target;
                }
            }
            Op::EndIf => {
                if let Some(Frame::If { saved, .. }) = self.frames.pop() {
                    self.exec = saved;
                }
            }
            Op::Loop { counted } => {
                let counter = counted.map(|repeat| {
                    let c = counter.unwrap_or([0; 4]);
                    // The count and the start are unsigned 8-bit values (L3876), the step too
                    // unless `repeat`; `repeat` never steps `aL`.
                    Counter {
                        remaining: c[0] & 0xFF,
                        al: (c[1] & 0xFF) as i32,
                        step: (c[2] & 0xFF) as i32,
                        repeat,
                    }
                });
                if counter.is_some_and(|c| c.remaining == 0) {
                    self.pc = inst.target + 1;
                    return;
                }
                self.frames.push(Frame::Loop {
                    saved: self.exec,
                    live: self.exec,
                    counter,
                });
            }
            Op::EndLoop => {
                let Some(Frame::Loop {
                    saved,
                    live,
                    counter,
                }) = self.frames.last_mut()
                else {
                    return;
                };
                let mut again = *live != 0;
                if let Some(c) = counter {
                    // L3741: count--, aL += step, aL = max(aL, 0), loop while count > 0.
                    c.remaining = c.remaining.saturating_sub(1);
                    if !c.repeat {
                        c.al = c.al.wrapping_add(c.step).max(0);
                    }
                    again &= c.remaining > 0;
                }
                if again {
                    self.exec = *live;
                    self.pc = inst.target;
                } else {
                    self.exec = *saved;
                    self.frames.pop();
                }
            }
            Op::Break(_) => {
                self.break_lanes(taken);
            }
            Op::Continue(_) => {
                self.continue_lanes(taken);
            }
            Op::Switch(cases) => {
                let values = values.copied().unwrap_or([0; WAVE]);
                let mut default = 0u64;
                for (lane, v) in values.iter().enumerate() {
                    if !cases.contains(v) {
                        default |= 1 << lane;
                    }
                }
                self.frames.push(Frame::Switch {
                    saved: self.exec,
                    pending: self.exec,
                    default: default & self.exec,
                    values: Box::new(values),
                });
                self.exec = 0;
            }
            Op::Case(v) => {
                if let Some(Frame::Switch {
                    pending, values, ..
                }) = self.frames.last_mut()
                {
                    let mut matched = 0u64;
                    for (lane, value) in values.iter().enumerate() {
                        if value == v {
                            matched |= 1 << lane;
                        }
                    }
                    matched &= *pending;
                    *pending &= !matched;
                    self.exec |= matched;
                }
            }
            Op::Default => {
                if let Some(Frame::Switch {
                    pending, default, ..
                }) = self.frames.last_mut()
                {
                    let matched = *pending & *default;
                    *pending &= !matched;
                    self.exec |= matched;
                }
            }
            Op::EndSwitch => {
                if let Some(Frame::Switch { saved, .. }) = self.frames.pop() {
                    self.exec = saved;
                }
            }
            Op::Call(_) => {
                if taken != 0 && self.calls < MAX_CALL_DEPTH {
                    self.frames.push(Frame::Call {
                        saved: self.exec,
                        return_to: next,
                    });
                    self.calls += 1;
                    self.exec = taken;
                    self.pc = inst.target;
                }
            }
            Op::Return(_) => self.return_lanes(taken),
            Op::FunctionEnd => {
                // Frames a function left open (only after an error the validator reports)
                // are dropped with it.
                while let Some(f) = self.frames.pop() {
                    if let Frame::Call { saved, return_to } = f {
                        self.exec = saved;
                        self.pc = return_to;
                        self.calls -= 1;
                        return;
                    }
                }
                self.status = Status::Done;
            }
            Op::End => self.status = Status::Done,
            Op::Discard(_) => self.discarded |= taken,
            Op::Kill => {
                self.discarded |= taken;
                self.end_lanes(taken);
            }
            Op::Barrier => self.status = Status::AtBarrier,
            Op::Nop | Op::Compute => {}
        }
    }
}

/// Whether the condition of a flow instruction holds for a lane, from the first selected
/// component of its sources.
#[inline]
pub fn test(cond: Cond, a: u32, b: u32) -> bool {
    match cond {
        Cond::Always => true,
        Cond::NonZero => a != 0,
        Cond::Zero => a == 0,
        Cond::Float(op) => super::semantics::float::relop(op, a, b),
    }
}
