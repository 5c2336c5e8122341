//! ALU clauses (cayman Ch4 L1315): instruction groups of up to four slots x, y, z, w
//! executed together, one group after another.
//!
//! One group, in the order of the digest's §9.3 (every step from the ISA):
//! 1. every slot reads its operands from the state **before** the group — GPRs (after
//!    relative addressing: AR.X, aL; a relative read outside the GPRs reads R0, cayman
//!    L1466), PV (the previous group's results, L1456), kcache constants of the lines the CF
//!    instruction locked (L1474), literals (L1545), inline constants and hardware values
//!    (L8739-L8785), the LDS output queues (L2332); ABS, then NEG (L1549);
//! 2. slots compute for the lanes that execute: active at clause start (the active mask does
//!    not change inside a clause, L1132) and selected by PRED_SEL (L1970-L1976);
//!    former trans-slot ops compute the same scalar in each of their slots (digest §3.2);
//!    DOT4/MAX4 reduce over the four slots and replicate (L1850); DOT and the
//!    *_ACCUM_PREV ops chain with the next higher slot (L3740, L3394, L5014);
//! 3. OMOD, then CLAMP, on float results (L1938-L1944);
//! 4. commit: GPR writes (WRITE_MASK; OP3 always, unless the destination is outside the
//!    GPRs, L1948-L1950), PV (not for lanes predicated off, L1976), the predicate
//!    (UPDATE_PRED, visible from the next group, L1956), the pending exec-mask update
//!    (UPDATE_EXEC_MASK, applied at the end of the clause, L1956), AR / CF_IDX /
//!    CLAUSE_GLOBAL from MOVA_INT (L8864-L8877), LDS queue pops and pushes (L2334);
//! 5. a group with GROUP_BARRIER suspends the wavefront until its whole work-group arrives
//!    (L2036-L2042, L4377).

use std::collections::VecDeque;

use backend_r600::isa::opcodes::{AluEncoding, OpKind, SlotRule};
use backend_r600::isa::{
    AluGroup, AluInst, AluOp, AluSrc, CfAlu, ExecMaskOp, IndexMode, KcacheMode, LdsOp, Omod,
    PredSel, SpecialSel, SrcSel,
};

use super::fast::{Scratch, ZERO};
use super::mode::AluMode;
use super::wave::{Ctx, Wave, BRANCH, BREAK, CONT};
use super::{gpr_ok, lanes, ops, WAVE};
use crate::runtime::RunError;

type Lanes = [u32; WAVE];

/// One locked kcache set: constant buffer, first constant (line × 16), lines.
#[derive(Clone, Copy, Debug)]
pub struct KcLock {
    bank: u8,
    first: u32,
    lines: u32,
}

/// The state an ALU clause keeps from group to group (dropped at its end, cayman L1454-L1458).
#[derive(Clone, Debug)]
pub struct ClauseState {
    /// Index of the CF instruction that runs the clause.
    pub cf: usize,
    /// ADDR of the clause.
    pub clause_addr: u32,
    /// The next group.
    pub next: usize,
    /// Lanes that execute (active at clause start).
    pub exec: u64,
    /// The predicate bit per lane, initialised from the active mask (cayman L1968).
    pub pred: u64,
    /// PV per slot, read through `ClauseState::pv`: 0 until a group of the clause
    /// writes it (`pv_live`), so a clause starts without clearing it. Boxed so that a
    /// pre-decoded group can hand a slot's result over by swapping the box with its
    /// pending buffer (`fast.rs`).
    pub pv: [Box<Lanes>; 4],
    /// The slots whose `pv` holds their value (bit per slot).
    pub pv_live: u8,
    /// AR.X per lane (MOVA_INT, cayman L8868); 0 in every lane until the clause's first
    /// MOVA_INT to AR (`ar_live`).
    pub ar: [i32; WAVE],
    pub ar_live: bool,
    pub clause_global: u32,
    pub oqa: VecDeque<Lanes>,
    pub oqb: VecDeque<Lanes>,
    /// The last UPDATE_EXEC_MASK of the clause, applied at its end: the lanes of `exec`
    /// that stay Active, and the state the others of `exec` take (each update sets every
    /// lane of `exec`, which does not change in a clause, so the last one decides).
    pub exec_update: Option<(u64, u8)>,
    pub kc: [Option<KcLock>; 4],
    /// The rounding and denormal modes: the launch default at clause start, then what the
    /// last SET_MODE set (cayman L2046).
    pub mode: AluMode,
    /// Working space of the pre-decoded groups (`fast.rs`).
    pub scratch: Scratch,
}

impl ClauseState {
    /// The state at the start of the clause `a` (CF instruction `cf`) for the lanes `exec`,
    /// in `old`'s allocation if there is one (a wavefront starts many clauses: reusing the
    /// box saves an allocation and the scratch space per clause).
    pub(crate) fn start(
        old: Option<Box<ClauseState>>,
        w: &Wave,
        a: &CfAlu,
        cf: usize,
        exec: u64,
    ) -> Box<ClauseState> {
        let mut kc = [None; 4];
        let sets = a
            .kcache
            .iter()
            .chain(a.ext.iter().flat_map(|e| e.kcache.iter()));
        for (k, s) in sets.enumerate() {
            let mut bank = s.bank;
            if let Some(e) = &a.ext {
                let mode = e.bank_index_mode.get(k).copied().unwrap_or(0);
                if mode != 0 && bank < 14 {
                    let idx = w.cf_idx.get(usize::from(mode) - 1).copied().unwrap_or(0);
                    bank = ((u32::from(bank) + idx) & 0xF) as u8;
                }
            }
            let lock = match s.mode {
                KcacheMode::Nop => None,
                KcacheMode::Lock1 => Some((u32::from(s.addr), 1)),
                KcacheMode::Lock2 => Some((u32::from(s.addr), 2)),
                KcacheMode::LockLoopIndex => {
                    Some((u32::from(s.addr).wrapping_add((w.al / 16) as u32), 2))
                }
            };
            if let (Some(slot), Some((line, lines))) = (kc.get_mut(k), lock) {
                *slot = Some(KcLock {
                    bank,
                    first: line.wrapping_mul(16),
                    lines,
                });
            }
        }
        let Some(mut cs) = old else {
            return Box::new(ClauseState {
                cf,
                clause_addr: a.addr,
                next: 0,
                exec,
                pred: exec,
                pv: std::array::from_fn(|_| Box::new([0; WAVE])),
                pv_live: 0,
                ar: [0; WAVE],
                ar_live: false,
                clause_global: 0,
                oqa: VecDeque::new(),
                oqb: VecDeque::new(),
                exec_update: None,
                kc,
                mode: AluMode::LAUNCH_DEFAULT,
                scratch: Scratch::default(),
            });
        };
        // Every field but the scratch space (never read before it is written) as above.
        cs.cf = cf;
        cs.clause_addr = a.addr;
        cs.next = 0;
        cs.exec = exec;
        cs.pred = exec;
        cs.pv_live = 0;
        cs.ar_live = false;
        cs.clause_global = 0;
        cs.oqa.clear();
        cs.oqb.clear();
        cs.exec_update = None;
        cs.kc = kc;
        cs.mode = AluMode::LAUNCH_DEFAULT;
        cs
    }
}

fn pred_mask(cs: &ClauseState, p: PredSel) -> u64 {
    cs.pred_mask(p)
}

impl ClauseState {
    /// PV of slot `c` (0 before the clause writes it).
    #[inline]
    pub(crate) fn pv(&self, c: usize) -> &Lanes {
        match self.pv.get(c) {
            Some(p) if self.pv_live >> c & 1 == 1 => p,
            _ => &ZERO,
        }
    }

    /// PV of slot `c` for a write of some lanes: cleared first if the clause has not
    /// written it yet.
    #[inline]
    pub(crate) fn pv_mut(&mut self, c: usize) -> &mut Lanes {
        let c = c & 3;
        if self.pv_live >> c & 1 == 0 {
            *self.pv[c] = [0; WAVE];
            self.pv_live |= 1 << c;
        }
        &mut self.pv[c]
    }

    /// The lanes a slot with PRED_SEL `p` computes for (cayman L1970-L1976).
    #[inline]
    pub(crate) fn pred_mask(&self, p: PredSel) -> u64 {
        match p {
            PredSel::Off => self.exec,
            PredSel::Zero => self.exec & !self.pred,
            PredSel::One => self.exec & self.pred,
        }
    }
}

/// OMOD then CLAMP (cayman L1938-L1944).
pub(crate) fn output_modifiers(v: u32, omod: Omod, clamp: bool) -> u32 {
    let mut x = ops::fin(v);
    match omod {
        Omod::Off => {}
        Omod::M2 => x *= 2.0,
        Omod::M4 => x *= 4.0,
        Omod::D2 => x *= 0.5,
    }
    if clamp {
        // NaN clamps to 0 (DX10 saturate).
        x = if x >= 1.0 {
            1.0
        } else if x > 0.0 {
            x
        } else {
            0.0
        };
    }
    ops::fout(x)
}

/// What a slot produced: `None` for NOP, MOVA, LDS and the barrier, whose PV is invalid.
type Out = Option<Lanes>;

impl Wave {
    fn where_(&self, ctx: &Ctx<'_>, cs: &ClauseState, g: usize) -> String {
        format!(
            "CF {}, ALU clause {} group {g}",
            ctx.prep.addr.get(cs.cf).copied().unwrap_or(0),
            cs.clause_addr
        )
    }

    /// The per-lane index a REL operand adds.
    fn rel_index(&self, cs: &ClauseState, mode: IndexMode, lane: usize) -> Option<i32> {
        match mode {
            IndexMode::ArX => Some(if cs.ar_live { cs.ar[lane] } else { 0 }),
            IndexMode::Loop => Some(self.al),
            IndexMode::Global | IndexMode::GlobalArX => None,
        }
    }

    /// Reads one source operand for the lanes in `run` (others read 0).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn read_src(
        &self,
        ctx: &Ctx<'_>,
        cs: &ClauseState,
        g: &AluGroup,
        gi: usize,
        i: &AluInst,
        s: &AluSrc,
        run: u64,
    ) -> Result<Lanes, RunError> {
        let mut out = [0u32; WAVE];
        let c = s.chan.index();
        let unsupported =
            |m: String| RunError::Unsupported(format!("{}: {m}", self.where_(ctx, cs, gi)));
        match s.sel {
            SrcSel::Gpr(r) => {
                if s.rel {
                    for l in 0..WAVE {
                        if run >> l & 1 == 0 {
                            continue;
                        }
                        let Some(ix) = self.rel_index(cs, i.index_mode, l) else {
                            return Err(unsupported("global (absolute) GPR indexing".into()));
                        };
                        let a = i64::from(r) + i64::from(ix);
                        // Outside the GPRs a relative read gets R0 (cayman L1466).
                        let a = if a >= 0 && gpr_ok(ctx.launch, a as u32) && a < 128 {
                            a as usize
                        } else {
                            0
                        };
                        out[l] = self.gpr[a][c][l];
                    }
                } else {
                    out = self.gpr[usize::from(r)][c];
                }
            }
            SrcSel::Kcache { set, index } => {
                let lock = cs
                    .kc
                    .get(usize::from(set))
                    .copied()
                    .flatten()
                    .ok_or_else(|| {
                        RunError::Fault(format!(
                            "{}: kcache set {set} is not locked",
                            self.where_(ctx, cs, gi)
                        ))
                    })?;
                if s.rel && i.index_mode != IndexMode::Loop {
                    return Err(RunError::Fault(format!(
                        "{}: a kcache operand indexed by AR; only the loop index can index kcache (cayman L1452)",
                        self.where_(ctx, cs, gi)
                    )));
                }
                let idx = i64::from(index) + if s.rel { i64::from(self.al) } else { 0 };
                let v = if idx < 0 || idx >= i64::from(lock.lines * 16) {
                    // Outside the locked lines through the loop index: NaN (cayman L1474).
                    0x7FFF_FFFF
                } else {
                    let k = u64::from(lock.first) + idx as u64;
                    self.const_dword(ctx, lock.bank, k, c)
                };
                out = [v; WAVE];
            }
            SrcSel::Literal => out = [g.literal(s.chan); WAVE],
            SrcSel::Pv => out = *cs.pv(c),
            SrcSel::Special(sp) => {
                if let Some(v) = sp.constant_value() {
                    out = [v; WAVE];
                } else {
                    let v = match sp {
                        SpecialSel::LdsOqA | SpecialSel::LdsOqAPop => {
                            return cs.oqa.front().copied().ok_or_else(|| {
                                RunError::Fault(format!(
                                    "{}: LDS output queue A read while empty",
                                    self.where_(ctx, cs, gi)
                                ))
                            })
                        }
                        SpecialSel::LdsOqB | SpecialSel::LdsOqBPop => {
                            return cs.oqb.front().copied().ok_or_else(|| {
                                RunError::Fault(format!(
                                    "{}: LDS output queue B read while empty",
                                    self.where_(ctx, cs, gi)
                                ))
                            })
                        }
                        SpecialSel::LoopIdx => self.al as u32,
                        SpecialSel::MaskLo => cs.exec as u32,
                        SpecialSel::MaskHi => (cs.exec >> 32) as u32,
                        SpecialSel::WaveIdInGrp => self.wave_id,
                        SpecialSel::NumThreadgrpWaves => self.group_waves,
                        SpecialSel::LdsSize => ctx.launch.lds_bytes,
                        SpecialSel::LdsBaseAddr
                        | SpecialSel::HwWaveId
                        | SpecialSel::SimdId
                        | SpecialSel::SeId
                        | SpecialSel::HwThreadgrpId
                        | SpecialSel::HwAluOdd
                        | SpecialSel::TimeHi => 0,
                        SpecialSel::TimeLo => self.steps as u32,
                        SpecialSel::ClauseGlobal => cs.clause_global,
                        other => {
                            return Err(unsupported(format!("source {}", other.name())));
                        }
                    };
                    out = [v; WAVE];
                }
            }
        }
        if s.abs {
            for v in out.iter_mut() {
                *v &= 0x7FFF_FFFF;
            }
        }
        if s.neg {
            for v in out.iter_mut() {
                *v ^= 0x8000_0000;
            }
        }
        Ok(out)
    }

    /// Dword `chan` of constant `k` of constant buffer `bank` (16 bytes per constant);
    /// outside the buffer 0, counted.
    fn const_dword(&self, ctx: &Ctx<'_>, bank: u8, k: u64, chan: usize) -> u32 {
        let Some(&m) = ctx.launch.const_buffers.get(&bank) else {
            return 0;
        };
        let Some(buf) = ctx.launch.memory.get(m) else {
            return 0;
        };
        let at = k * 16 + chan as u64 * 4;
        let at = usize::try_from(at).unwrap_or(usize::MAX);
        match buf.get(at..at.saturating_add(4)) {
            Some(&[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]),
            _ => 0,
        }
    }

    /// Runs groups from `cs.next`; true if suspended at a barrier.
    pub(crate) fn run_clause(
        &mut self,
        ctx: &mut Ctx<'_>,
        cs: &mut ClauseState,
    ) -> Result<bool, RunError> {
        let p = ctx.prep;
        let pc = p
            .alu
            .get(cs.cf)
            .and_then(Option::as_ref)
            .ok_or_else(|| RunError::Fault(format!("no ALU clause at {}", cs.clause_addr)))?;
        let (clause, fast) = (&pc.clause, &pc.fast);
        while let Some(g) = clause.groups.get(cs.next) {
            let gi = cs.next;
            cs.next += 1;
            self.steps += 1;
            if self.steps > ctx.launch.step_limit {
                return Err(RunError::StepLimit {
                    limit: ctx.launch.step_limit,
                    at: il_frontend::diag::Span::new(0, 0),
                    location: self.where_(ctx, cs, gi),
                });
            }
            ctx.report.wave_instructions += 1;
            ctx.report.lane_instructions += u64::from(cs.exec.count_ones());
            if let Some(Some(fg)) = fast.get(gi) {
                self.exec_fast(ctx, cs, g, gi, fg)?;
                continue;
            }
            if self.exec_group(ctx, cs, g, gi)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// One instruction group; true if it holds a GROUP_BARRIER.
    fn exec_group(
        &mut self,
        ctx: &mut Ctx<'_>,
        cs: &mut ClauseState,
        g: &AluGroup,
        gi: usize,
    ) -> Result<bool, RunError> {
        let (cf_addr, clause_addr) = (
            ctx.prep.addr.get(cs.cf).copied().unwrap_or(0),
            cs.clause_addr,
        );
        let here = move || format!("CF {cf_addr}, ALU clause {clause_addr} group {gi}");
        // 1. operands
        let mut srcs: [[Lanes; 3]; 4] = [[[0; WAVE]; 3]; 4];
        let mut run = [0u64; 4];
        let mut inst_at: [Option<&AluInst>; 4] = [None; 4];
        for i in &g.insts {
            let s = i.slot().index();
            inst_at[s] = Some(i);
            run[s] = pred_mask(cs, i.pred_sel);
            for (k, src) in i.used_srcs().iter().enumerate() {
                // The common operand, a GPR read as it is: one copy, straight in.
                match (src.sel, src.rel || src.abs || src.neg) {
                    (SrcSel::Gpr(r), false) => {
                        srcs[s][k] = self.gpr[usize::from(r)][src.chan.index()];
                    }
                    _ => srcs[s][k] = self.read_src(ctx, cs, g, gi, i, src, run[s])?,
                }
            }
        }
        // SET_MODE rules its own group already (cayman L2046): its select fields are the
        // modes, not operands.
        for i in g.insts.iter().filter(|i| i.op == AluOp::SetMode) {
            let sel = |k: usize| i.src[k].sel.to_bits().unwrap_or(0);
            let mode = AluMode::from_set_mode(sel(0), sel(1));
            if let Some(why) = mode.unmodelled() {
                return Err(RunError::Unsupported(format!("{}: {why}", here())));
            }
            cs.mode = mode;
        }
        // 64-bit ops: a slot pair (x, y) / (z, w), or all four slots (cayman L2030-L2034).
        let mut pre: [Out; 4] = [None; 4];
        for b in [0usize, 2] {
            let (Some(i0), Some(i1)) = (inst_at[b], inst_at[b + 1]) else {
                continue;
            };
            let rule = i0.op.info().slots;
            let quad = rule == SlotRule::Quad64;
            if i0.op != i1.op
                || i0.op.info().kind == OpKind::PredSet
                || !(rule == SlotRule::Pair64 || (quad && b == 0))
            {
                continue;
            }
            // MUL_64 / FMA_64: the high dwords from slot x, the low ones from slot w; results
            // low in x and z, high in y and w (cayman L5229-L5239).
            let (hi, lo) = if quad { (0, 3) } else { (b, b + 1) };
            let r = run[b] & run[b + 1];
            let (mut rl, mut rh) = ([0u32; WAVE], [0u32; WAVE]);
            for l in 0..WAVE {
                if r >> l & 1 == 0 {
                    continue;
                }
                let d = |k: usize| u64::from(srcs[hi][k][l]) << 32 | u64::from(srcs[lo][k][l]);
                let (x, y) =
                    ops::op64(i0.op, d(0), d(1), d(2), cs.mode.double).ok_or_else(|| {
                        RunError::Unsupported(format!("{}: {}", here(), i0.op.name()))
                    })?;
                rl[l] = x;
                rh[l] = y;
            }
            pre[b] = Some(rl);
            pre[b + 1] = Some(rh);
            if quad {
                pre[2] = Some(rl);
                pre[3] = Some(rh);
            }
        }
        // 2. compute, slots w down to x so that chains see the next higher slot
        let mut out: [Out; 4] = [None; 4];
        let mut pred_result: Option<(usize, Lanes)> = None;
        let mut barrier = false;
        let mut lds_push: Option<(Lanes, Option<Lanes>)> = None;
        let mut mova: Option<(usize, Lanes)> = None;
        for s in (0..4).rev() {
            let Some(i) = inst_at[s] else { continue };
            if i.op == AluOp::SetMode {
                continue;
            }
            if let Some(v) = pre[s] {
                if i.clamp || (!i.update_exec_mask && i.omod != Omod::Off) {
                    return Err(RunError::Unsupported(format!(
                        "{}: output modifiers on {}",
                        here(),
                        i.op.name()
                    )));
                }
                out[s] = Some(v);
                continue;
            }
            let r = run[s];
            let a = &srcs[s];
            let is_float;
            let mut v = [0u32; WAVE];
            match i.op.info().kind {
                OpKind::Nop => continue,
                OpKind::Barrier => {
                    barrier = true;
                    continue;
                }
                OpKind::Mova => {
                    mova = Some((s, a[0]));
                    continue;
                }
                OpKind::Lds => {
                    lds_push = self.lds_op(ctx, cs, gi, i, a, r)?;
                    continue;
                }
                OpKind::Kill if ctx.launch.pixel_domain.is_some() => {
                    v = self.alu_kill(i.op, &a[0], &a[1], r).ok_or_else(|| {
                        RunError::Unsupported(format!("{}: {}", here(), i.op.name()))
                    })?;
                    is_float = true;
                }
                OpKind::Kill => {
                    return Err(RunError::Unsupported(format!(
                        "{}: {} (KILL is for pixel shaders, cayman L1912)",
                        here(),
                        i.op.name()
                    )))
                }
                OpKind::PredSet => {
                    let mut exe = [0u32; WAVE];
                    for l in 0..WAVE {
                        if r >> l & 1 == 1 {
                            let (d, e) =
                                ops::pred_set(i.op, a[0][l], a[1][l]).ok_or_else(|| {
                                    RunError::Unsupported(format!("{}: {}", here(), i.op.name()))
                                })?;
                            v[l] = d;
                            exe[l] = u32::from(e);
                        }
                    }
                    pred_result = Some((s, exe));
                    is_float = true;
                }
                OpKind::Normal => match i.op {
                    AluOp::Dot4 | AluOp::Dot4Ieee | AluOp::Max4 => {
                        let mut acc = [0u32; WAVE];
                        for l in 0..WAVE {
                            if r >> l & 1 == 0 {
                                continue;
                            }
                            let mut x: f32 = 0.0;
                            for q in 0..4 {
                                let (p0, p1) = (ops::fin(srcs[q][0][l]), ops::fin(srcs[q][1][l]));
                                x = match i.op {
                                    AluOp::Max4 => {
                                        if q == 0 || p0 > x {
                                            p0
                                        } else {
                                            x
                                        }
                                    }
                                    AluOp::Dot4 => {
                                        f32::from_bits(ops::fout(x + ops::mul_dx9(p0, p1)))
                                    }
                                    _ => f32::from_bits(ops::fout(x + p0 * p1)),
                                };
                            }
                            acc[l] = ops::fout(x);
                        }
                        v = acc;
                        is_float = true;
                    }
                    AluOp::Dot | AluOp::DotIeee => {
                        let prev = match out.get(s + 1) {
                            Some(Some(p)) => *p,
                            _ => [0; WAVE],
                        };
                        for l in 0..WAVE {
                            if r >> l & 1 == 1 {
                                let (x, y) = (ops::fin(a[0][l]), ops::fin(a[1][l]));
                                let m = if i.op == AluOp::Dot {
                                    ops::mul_dx9(x, y)
                                } else {
                                    x * y
                                };
                                v[l] = ops::fout(f32::from_bits(ops::fout(m)) + ops::fin(prev[l]));
                            }
                        }
                        is_float = true;
                    }
                    AluOp::BcntAccumPrevInt
                    | AluOp::Mbcnt32loAccumPrevInt
                    | AluOp::Mbcnt32hiInt => {
                        let prev = match out.get(s + 1) {
                            Some(Some(p)) => *p,
                            _ => [0; WAVE],
                        };
                        for l in 0..WAVE {
                            if r >> l & 1 == 1 {
                                let below = (1u64 << l) - 1;
                                v[l] = match i.op {
                                    AluOp::BcntAccumPrevInt => {
                                        a[0][l].count_ones().wrapping_add(prev[l])
                                    }
                                    AluOp::Mbcnt32hiInt => {
                                        (a[0][l] & (below >> 32) as u32).count_ones()
                                    }
                                    _ => {
                                        (a[0][l] & below as u32).count_ones().wrapping_add(prev[l])
                                    }
                                };
                            }
                        }
                        is_float = false;
                    }
                    op => {
                        let (f, fl) = ops::scalar(op).ok_or_else(|| {
                            RunError::Unsupported(format!(
                                "{}: ALU instruction {} is not modelled",
                                here(),
                                op.name()
                            ))
                        })?;
                        if !lanes::apply(op, [&a[0], &a[1], &a[2]], r, &mut v) {
                            for l in 0..WAVE {
                                if r >> l & 1 == 1 {
                                    v[l] = f(a[0][l], a[1][l], a[2][l]);
                                }
                            }
                        }
                        is_float = fl;
                    }
                },
            }
            // 3. output modifiers
            let omod = if i.update_exec_mask {
                Omod::Off
            } else {
                i.omod
            };
            if omod != Omod::Off || i.clamp {
                if !is_float {
                    return Err(RunError::Fault(format!(
                        "{}: OMOD/CLAMP on {}, an integer result (cayman L1942-L1944)",
                        here(),
                        i.op.name()
                    )));
                }
                for l in 0..WAVE {
                    if r >> l & 1 == 1 {
                        v[l] = output_modifiers(v[l], omod, i.clamp);
                    }
                }
            }
            out[s] = Some(v);
        }
        // 4. commit
        let mut pops = false;
        for i in &g.insts {
            for src in i.used_srcs() {
                if let SrcSel::Special(SpecialSel::LdsOqAPop | SpecialSel::LdsOqBPop) = src.sel {
                    pops = true;
                }
            }
        }
        for s in 0..4 {
            let (Some(i), Some(v)) = (inst_at[s], out[s].as_ref()) else {
                continue;
            };
            let r = run[s];
            let writes = match i.op.encoding() {
                AluEncoding::Op2 => i.dst.write,
                AluEncoding::Op3 => true,
            };
            if writes && !i.dst.rel {
                lanes::commit(
                    &mut self.gpr,
                    i.dst.gpr,
                    i.dst.chan.index(),
                    v,
                    r,
                    ctx.launch,
                );
            } else if writes {
                let c = i.dst.chan.index();
                for l in 0..WAVE {
                    if r >> l & 1 == 0 {
                        continue;
                    }
                    let mut d = i64::from(i.dst.gpr);
                    if i.dst.rel {
                        match self.rel_index(cs, i.index_mode, l) {
                            Some(ix) => d += i64::from(ix),
                            None => {
                                return Err(RunError::Unsupported(format!(
                                    "{}: global (absolute) GPR indexing",
                                    here()
                                )))
                            }
                        }
                    }
                    // A destination outside the GPRs is not written (cayman L1948, L1470).
                    if (0..128).contains(&d) && gpr_ok(ctx.launch, d as u32) {
                        self.gpr[d as usize][c][l] = v[l];
                    }
                }
            }
            lanes::select(cs.pv_mut(s), v, r);
        }
        if let Some((s, exe)) = pred_result {
            let Some(i) = inst_at[s] else {
                return Ok(barrier);
            };
            let r = run[s];
            if i.update_pred {
                for l in 0..WAVE {
                    if r >> l & 1 == 1 {
                        if exe[l] != 0 {
                            cs.pred |= 1 << l;
                        } else {
                            cs.pred &= !(1 << l);
                        }
                    }
                }
            }
            if i.update_exec_mask {
                let off = match i.exec_mask_op {
                    ExecMaskOp::Deactivate => BRANCH,
                    ExecMaskOp::Break => BREAK,
                    ExecMaskOp::Continue => CONT,
                    ExecMaskOp::Kill => {
                        return Err(RunError::Unsupported(format!(
                            "{}: EXECUTE_MASK_OP 3 (kill)",
                            here()
                        )))
                    }
                };
                let mut stay = 0u64;
                for l in 0..WAVE {
                    if r >> l & 1 == 1 && exe[l] != 0 {
                        stay |= 1 << l;
                    }
                }
                cs.exec_update = Some((stay, off));
            }
        }
        if let Some((s, v)) = mova {
            let Some(i) = inst_at[s] else {
                return Ok(barrier);
            };
            let r = run[s];
            // MOVA_INT: clamp to [-256, 255] (cayman L5134, digest Q30).
            let clamp = |x: u32| (x as i32).clamp(-256, 255);
            match i.dst.gpr {
                0 => {
                    if !cs.ar_live {
                        cs.ar = [0; WAVE];
                        cs.ar_live = true;
                    }
                    for l in 0..WAVE {
                        if r >> l & 1 == 1 {
                            cs.ar[l] = clamp(v[l]);
                        }
                    }
                }
                2 | 3 => {
                    if let Some(l) = (0..WAVE).find(|l| r >> l & 1 == 1) {
                        if let Some(x) = self.cf_idx.get_mut(usize::from(i.dst.gpr) - 2) {
                            *x = (clamp(v[l]) as u32) & 0x1FF;
                        }
                    }
                }
                4..=7 => {
                    if let Some(l) = (0..WAVE).find(|l| r >> l & 1 == 1) {
                        let sh = 8 * (u32::from(i.dst.gpr) - 4);
                        cs.clause_global =
                            (cs.clause_global & !(0xFF << sh)) | ((v[l] & 0xFF) << sh);
                    }
                }
                d => {
                    return Err(RunError::Unsupported(format!(
                        "{}: MOVA_INT to MOVA_DST {d}",
                        here()
                    )))
                }
            }
        }
        if pops {
            cs.oqa.pop_front();
            cs.oqb.pop_front();
        }
        if let Some((a, b)) = lds_push {
            cs.oqa.push_back(a);
            if let Some(b) = b {
                cs.oqb.push_back(b);
            }
        }
        Ok(barrier)
    }

    /// An LDS_IDX_OP (cayman L7793, Table 8.11 L7813): src0 the byte address, src1 and src2
    /// the data; lanes in lane order. Returns what it queues on OQA (and OQB).
    fn lds_op(
        &mut self,
        ctx: &mut Ctx<'_>,
        cs: &ClauseState,
        gi: usize,
        i: &AluInst,
        a: &[Lanes; 3],
        run: u64,
    ) -> Result<Option<(Lanes, Option<Lanes>)>, RunError> {
        let Some(f) = i.lds else {
            return Ok(None);
        };
        let mut qa = [0u32; WAVE];
        let mut qb = [0u32; WAVE];
        let ret = f.op.code() >= 32;
        let mut two = false;
        let off = u32::from(f.idx_offset) * 4;
        for l in 0..WAVE {
            if run >> l & 1 == 0 {
                continue;
            }
            let (addr, d0, d1) = (a[0][l], a[1][l], a[2][l]);
            let lds = &mut *ctx.lds;
            let oor = &mut ctx.report.out_of_range;
            let mut rd = |at: u32| -> u32 {
                let at = at as usize;
                match lds.get(at..at.saturating_add(4)) {
                    Some(&[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]),
                    _ => {
                        oor.lds_reads += 1;
                        0
                    }
                }
            };
            let no_read = matches!(
                f.op,
                LdsOp::Write
                    | LdsOp::ByteReadRet
                    | LdsOp::UbyteReadRet
                    | LdsOp::ShortReadRet
                    | LdsOp::UshortReadRet
                    | LdsOp::ByteWrite
                    | LdsOp::ShortWrite
            );
            let old = if no_read { 0 } else { rd(addr) };
            let mut new: Option<u32> = None;
            let mut second: Option<(u32, u32)> = None;
            use LdsOp as L;
            match f.op {
                L::Add | L::AddRet => new = Some(old.wrapping_add(d0)),
                L::Sub | L::SubRet => new = Some(old.wrapping_sub(d0)),
                L::Rsub | L::RsubRet => new = Some(d0.wrapping_sub(old)),
                L::Inc | L::IncRet => new = Some(if old >= d0 { 0 } else { old + 1 }),
                L::Dec | L::DecRet => new = Some(if old == 0 || old > d0 { d0 } else { old - 1 }),
                L::MinInt | L::MinIntRet => new = Some((old as i32).min(d0 as i32) as u32),
                L::MaxInt | L::MaxIntRet => new = Some((old as i32).max(d0 as i32) as u32),
                L::MinUint | L::MinUintRet => new = Some(old.min(d0)),
                L::MaxUint | L::MaxUintRet => new = Some(old.max(d0)),
                L::And | L::AndRet => new = Some(old & d0),
                L::Or | L::OrRet => new = Some(old | d0),
                L::Xor | L::XorRet => new = Some(old ^ d0),
                L::Mskor | L::MskorRet => new = Some((old & !d0) | d1),
                L::Write | L::XchgRet => new = Some(d0),
                L::WriteRel | L::XchgRelRet => {
                    new = Some(d0);
                    second = Some((addr.wrapping_add(off), d1));
                }
                L::Write2 | L::Xchg2Ret => {
                    new = Some(d0);
                    second = Some((addr.wrapping_add(off * 64), d1));
                }
                L::CmpStore | L::CmpXchgRet => {
                    new = Some(if old == d0 { d1 } else { old });
                }
                L::CmpStoreSpf | L::CmpXchgSpfRet => {
                    new = Some(if ops::fin(old) == ops::fin(d0) {
                        d1
                    } else {
                        old
                    });
                }
                L::ByteWrite | L::ShortWrite => {
                    let (bytes, mask) = if f.op == L::ByteWrite {
                        (1, 0xFF)
                    } else {
                        (2, 0xFFFF)
                    };
                    let at = addr as usize;
                    let v = (d0 & mask).to_le_bytes();
                    match ctx.lds.get_mut(at..at.saturating_add(bytes)) {
                        Some(dst) => dst.copy_from_slice(&v[..bytes]),
                        None => ctx.report.out_of_range.lds_writes += 1,
                    }
                }
                L::ReadRet => {}
                L::ReadRelRet => {
                    two = true;
                    qb[l] = self.lds_read(ctx, addr.wrapping_add(off));
                }
                L::Read2Ret => {
                    two = true;
                    qb[l] = self.lds_read(ctx, d0);
                }
                L::ReadwriteRet => {
                    second = Some((d0, d1));
                }
                // Byte and short reads touch only their own bytes (an access at the last
                // byte of the LDS is inside it).
                L::ByteReadRet => qa[l] = self.lds_read_sized(ctx, addr, 1) as u8 as i8 as u32,
                L::UbyteReadRet => qa[l] = self.lds_read_sized(ctx, addr, 1),
                L::ShortReadRet => {
                    qa[l] = self.lds_read_sized(ctx, addr, 2) as u16 as i16 as u32;
                }
                L::UshortReadRet => qa[l] = self.lds_read_sized(ctx, addr, 2),
                L::AtomicOrderedAllocRet => {
                    return Err(RunError::Unsupported(format!(
                        "{}: {} (GDS only)",
                        self.where_(ctx, cs, gi),
                        f.op.name()
                    )))
                }
            }
            if !matches!(
                f.op,
                L::ByteReadRet | L::UbyteReadRet | L::ShortReadRet | L::UshortReadRet
            ) {
                qa[l] = old;
            }
            if let Some(n) = new {
                self.lds_write(ctx, addr, n);
            }
            if let Some((at, v)) = second {
                self.lds_write(ctx, at, v);
            }
        }
        if !ret {
            return Ok(None);
        }
        let two = two
            || matches!(
                f.op,
                LdsOp::XchgRelRet | LdsOp::Xchg2Ret | LdsOp::ReadRelRet | LdsOp::Read2Ret
            );
        Ok(Some((qa, two.then_some(qb))))
    }

    fn lds_read(&self, ctx: &mut Ctx<'_>, at: u32) -> u32 {
        let at = at as usize;
        match ctx.lds.get(at..at.saturating_add(4)) {
            Some(&[a, b, c, d]) => u32::from_le_bytes([a, b, c, d]),
            _ => {
                ctx.report.out_of_range.lds_reads += 1;
                0
            }
        }
    }

    /// `size` bytes (1 or 2) at byte address `at`, zero-extended; 0 (and counted) outside
    /// the LDS.
    fn lds_read_sized(&self, ctx: &mut Ctx<'_>, at: u32, size: usize) -> u32 {
        let at = at as usize;
        match ctx.lds.get(at..at.saturating_add(size)) {
            Some(b) if b.len() == size => b
                .iter()
                .rev()
                .fold(0u32, |acc, &x| (acc << 8) | u32::from(x)),
            _ => {
                ctx.report.out_of_range.lds_reads += 1;
                0
            }
        }
    }

    fn lds_write(&self, ctx: &mut Ctx<'_>, at: u32, v: u32) {
        let at = at as usize;
        match ctx.lds.get_mut(at..at.saturating_add(4)) {
            Some(dst) => dst.copy_from_slice(&v.to_le_bytes()),
            None => ctx.report.out_of_range.lds_writes += 1,
        }
    }
}
