//! The executor: runs a wavefront's instructions until it finishes, reaches a barrier or
//! exceeds the step limit. Operands are read here (swizzles, source modifiers in the order
//! of L660-L674, relative addressing) and results written (shift scale, `_sat`, write masks
//! with forced 0/1 components, L575-L590), so that the arithmetic in [`super::alu`] and
//! [`super::memory`] sees plain values.
//!
//! Nothing 1 KiB-sized is copied that need not be: a source is an [`Operand`], four
//! references to 64-lane arrays, which for a register without modifiers point straight into
//! the register file (the swizzle only picks the arrays); other sources and the result use
//! buffers of a [`Scratch`] made once per launch.

use il_frontend::enums::{DivComp, DstComp, ShiftScale};
use il_frontend::opcode::DataType;
use il_semantics::modifiers;
use smallvec::SmallVec;

use super::kernel::{
    Dst, DstLoc, Index, Inst, Kernel, Loc, Op, Src, SrcMods, Vec4, SEL_ONE, SEL_ZERO,
};
use super::memory::{LaneInfo, Memory};
use super::taint::{self, merge, merge_lanes, AccessKind, CLEAN};
use super::wave::{
    active_lanes as lanes, operand, test, Lanes, Lanes4, Operand, Status, Wave, ONE_LANES, WAVE,
    ZERO4, ZERO_LANES, ZERO_OPERAND,
};
use super::{alu, texture};
use crate::lane_bits::LANE_BITS;
use crate::runtime::RunError;
use il_semantics::memory::{is_memory, is_texture};

/// What instructions need besides the wavefront: the program and the memory.
#[derive(Debug)]
pub struct Ctx<'a> {
    pub kernel: &'a Kernel,
    pub mem: &'a mut Memory,
    /// Instructions one wavefront may execute before the run is stopped.
    pub step_limit: u64,
    /// Pixel-shader data for sampling (domain size for `vWinCoord`-style inputs).
    pub pixel: Option<texture::PixelInfo>,
    /// How tolerated instructions are computed (ideal by default).
    pub tolerated: super::tolerated::State,
}

/// Copies `v` into `dst` on the lanes of `exec`, leaving the others.
#[inline]
fn blend(dst: &mut Lanes, v: &Lanes, exec: u64) {
    match exec {
        u64::MAX => *dst = *v,
        0 => {}
        _ => {
            // A select through a mask per lane vectorizes; a store under a branch does not.
            // Each lane's mask comes from testing its bit against a constant, which needs
            // no per-lane shift (baseline x86-64 has no vector shift by a vector).
            let halves = [exec as u32, (exec >> 32) as u32];
            let (dst, v) = (dst.chunks_exact_mut(32), v.chunks_exact(32));
            for ((d, s), half) in dst.zip(v).zip(halves) {
                for ((d, &s), bit) in d.iter_mut().zip(s).zip(LANE_BITS) {
                    let m = 0u32.wrapping_sub(u32::from(half & bit != 0));
                    *d = (s & m) | (*d & !m);
                }
            }
        }
    }
}

/// Operand buffers reused by every instruction of a launch, so that executing an
/// instruction allocates nothing and copies only what needs copying: a source that is not a
/// plain register read (a swizzle with modifiers, a constant, an indexed location) is
/// evaluated into `srcs[i]`, and a result is computed into `out` before the write mask
/// blends it into its destination.
#[derive(Debug)]
pub struct Scratch {
    srcs: Vec<Lanes4>,
    out: Box<Lanes4>,
}

impl Scratch {
    /// Buffers for the instruction of `kernel` with the most sources, and at least the two
    /// that a flow condition reads.
    pub fn new(kernel: &Kernel) -> Scratch {
        let most = kernel.code.iter().map(|i| i.srcs.len()).max().unwrap_or(0);
        Scratch {
            srcs: vec![ZERO4; most.max(2)],
            out: Box::new(ZERO4),
        }
    }
}

/// Runs `wave` until it is done or stops at a barrier.
pub fn run(wave: &mut Wave, ctx: &mut Ctx<'_>, scratch: &mut Scratch) -> Result<(), RunError> {
    let kernel = ctx.kernel;
    let code = &kernel.code;
    wave.status = Status::Running;
    while wave.status == Status::Running {
        let pc = wave.pc as usize;
        let Some(inst) = code.get(pc) else {
            wave.status = Status::Done;
            break;
        };
        if wave.exec == 0 && !inst.op.is_marker() {
            wave.pc = kernel.skip[pc];
            continue;
        }
        wave.steps += 1;
        wave.lane_steps += u64::from(wave.exec.count_ones());
        if wave.steps > ctx.step_limit {
            return Err(RunError::StepLimit {
                limit: ctx.step_limit,
                at: inst.span,
                location: format!("`{}`", inst.opcode.mnemonic()),
            });
        }
        match &inst.op {
            Op::Compute => {
                compute(wave, inst, ctx, scratch)?;
                wave.pc += 1;
            }
            Op::Nop => wave.pc += 1,
            op => {
                if wave.taint.is_some() {
                    condition_taint(wave, inst, op, ctx);
                }
                let (taken, values, counter) = flow_inputs(wave, inst, op, ctx, scratch);
                wave.flow(kernel, taken, values.as_ref(), counter);
            }
        }
    }
    Ok(())
}

/// The lanes where a flow instruction's condition holds, and its other inputs.
fn flow_inputs(
    wave: &Wave,
    inst: &Inst,
    op: &Op,
    ctx: &mut Ctx<'_>,
    scratch: &mut Scratch,
) -> (u64, Option<Lanes>, Option<[u32; 4]>) {
    let [buf_a, buf_b, ..] = &mut scratch.srcs[..] else {
        unreachable!("Scratch::new makes at least two source buffers")
    };
    let cond = match op {
        Op::If(c)
        | Op::Break(c)
        | Op::Continue(c)
        | Op::Call(c)
        | Op::Return(c)
        | Op::Discard(c) => *c,
        Op::Switch(_) => {
            let v = view(wave, &inst.srcs[0], DataType::Int, ctx, buf_a);
            return (wave.exec, Some(*v[0]), None);
        }
        Op::Loop { counted: Some(_) } => {
            let v = inst
                .srcs
                .first()
                .map(|s| view(wave, s, DataType::Int, ctx, buf_a));
            return (
                wave.exec,
                None,
                v.map(|v| [v[0][0], v[1][0], v[2][0], v[3][0]]),
            );
        }
        Op::Kill => {
            let v = view(wave, &inst.srcs[0], DataType::Float, ctx, buf_a);
            let mut taken = 0u64;
            for l in lanes(wave.exec) {
                if (0..4).any(|c| super::semantics::float::input(v[c][l]) < 0.0) {
                    taken |= 1 << l;
                }
            }
            return (taken, None, None);
        }
        _ => return (wave.exec, None, None),
    };
    if cond == super::kernel::Cond::Always {
        return (wave.exec, None, None);
    }
    let data = if matches!(cond, super::kernel::Cond::Float(_)) {
        DataType::Float
    } else {
        DataType::Int
    };
    let a = view(wave, &inst.srcs[0], data, ctx, buf_a);
    let b = match inst.srcs.get(1) {
        Some(s) => view(wave, s, data, ctx, buf_b),
        None => ZERO_OPERAND,
    };
    // The test is total, so it runs on every lane without a branch and the inactive lanes
    // are masked off afterwards.
    let mut taken = 0u64;
    for (l, (&x, &y)) in a[0].iter().zip(b[0]).enumerate() {
        taken |= u64::from(test(cond, x, y)) << l;
    }
    (taken & wave.exec, None, None)
}

fn compute(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx<'_>,
    scratch: &mut Scratch,
) -> Result<(), RunError> {
    if wave.taint.is_some() {
        return compute_tainted(wave, inst, ctx, scratch);
    }
    compute_values(wave, inst, ctx, scratch).map(|_| ())
}

/// Runs an instruction; returns, when it wrote a register-like destination, per component
/// the lanes that wrote it.
fn compute_values(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx<'_>,
    scratch: &mut Scratch,
) -> Result<Option<[u64; 4]>, RunError> {
    if !inst.more_dsts.is_empty() {
        transpose(wave, inst, ctx, scratch);
        return Ok(Some([wave.exec; 4]));
    }
    let Scratch { srcs: bufs, out } = scratch;
    let out = &mut **out;
    let exec = wave.exec;
    let kernel = ctx.kernel;
    // The sources borrow the register file; the result goes to `out` and reaches the
    // destination only after every source has been read, as one instruction's must.
    let enabled = {
        let regs: &Wave = wave;
        let mut srcs: SmallVec<[Operand; 5]> = SmallVec::new();
        for (s, buf) in inst.srcs.iter().zip(bufs.iter_mut()) {
            srcs.push(view(regs, s, inst.data, ctx, buf));
        }
        if is_memory(inst.opcode) {
            let mask = inst
                .dst
                .as_ref()
                .map_or([true; 4], |d| [0, 1, 2, 3].map(|c| d.writes(c)));
            let who = LaneInfo {
                exec,
                local_id: &regs.local_id,
                wave_index: regs.index,
            };
            let loaded = ctx.mem.execute(&kernel.decls, inst, &srcs, mask, who);
            drop(srcs);
            let (Some(values), Some(dst)) = (loaded, &inst.dst) else {
                return Ok(None);
            };
            if dst.loc == DstLoc::Memory {
                return Ok(None);
            }
            *out = values;
            write(wave, dst, out, [exec; 4], DataType::Bits, ctx);
            return Ok(Some([exec; 4]));
        }
        if is_texture(inst.opcode) {
            *out = texture::execute(inst, &srcs, exec, ctx)?;
            drop(srcs);
            if let Some(dst) = &inst.dst {
                write(wave, dst, out, [exec; 4], DataType::Float, ctx);
                return Ok(Some([exec; 4]));
            }
            return Ok(None);
        }
        let special = alu::Special {
            wave_index: regs.index,
        };
        let Some(written) = alu::compute(inst, &srcs, special, out) else {
            return Err(RunError::Unsupported(format!(
                "`{}` is not implemented by the interpreter",
                inst.opcode.mnemonic()
            )));
        };
        if !ctx.tolerated.mode.is_ideal() {
            super::tolerated::apply(&mut ctx.tolerated, inst, &srcs, out, written, regs);
        }
        written
    };
    if let Some(dst) = &inst.dst {
        // A forced 0 or 1 in the mask is written even where the instruction produces
        // nothing (`crs` .w, L6596; `sincos`, `mmul`).
        let enabled = [0, 1, 2, 3].map(|c| match dst.mask[c] {
            DstComp::Zero | DstComp::One => exec,
            _ => enabled[c] & exec,
        });
        write(wave, dst, out, enabled, inst.data, ctx);
        return Ok(Some(enabled));
    }
    Ok(None)
}

/// `transpose` (L7517-L7560): row k of the result is component k of the four sources
/// `src0`..`src0+3` (each read with the source's swizzle and modifiers), written to `dst+k`
/// with the destination's mask and modifiers. Every source is read before any destination
/// is written, as the entry's pseudo-code does, so that `transpose r30, r30` is right.
fn transpose(wave: &mut Wave, inst: &Inst, ctx: &mut Ctx<'_>, scratch: &mut Scratch) {
    let exec = wave.exec;
    let mut rows = [ZERO4; 4];
    {
        let regs: &Wave = wave;
        let srcs = inst.srcs.iter().zip(scratch.srcs.iter_mut()).take(4);
        for (r, (s, buf)) in srcs.enumerate() {
            let v = view(regs, s, inst.data, ctx, buf);
            for (row, comp) in rows.iter_mut().zip(v) {
                row[r] = *comp;
            }
        }
    }
    let dsts = inst.dst.iter().chain(&inst.more_dsts);
    for (dst, row) in dsts.zip(rows.iter_mut()) {
        write(wave, dst, row, [exec; 4], inst.data, ctx);
    }
}

/// The per-lane value of an index: the relative register's first selected component as a
/// signed integer plus the immediate.
fn index_values(wave: &Wave, index: &Index, ctx: &mut Ctx<'_>) -> [i64; WAVE] {
    let mut out = [i64::from(index.offset); WAVE];
    if let Some(rel) = &index.relative {
        let mut buf = ZERO4;
        let v = view(wave, rel, DataType::Int, ctx, &mut buf);
        for (o, r) in out.iter_mut().zip(v[0].iter()) {
            *o += i64::from(*r as i32);
        }
    }
    out
}

/// The element of the wavefront's indexed-temporary storage that each lane's index selects
/// in `array`, or `None` outside the array.
fn itemp_elements(
    wave: &Wave,
    array: u32,
    index: &Index,
    ctx: &mut Ctx<'_>,
) -> [Option<usize>; WAVE] {
    let idx = index_values(wave, index, ctx);
    let (first, len) = ctx
        .kernel
        .decls
        .itemp_arrays
        .get(&array)
        .copied()
        .unwrap_or((0, 0));
    idx.map(|i| {
        (0..i64::from(len))
            .contains(&i)
            .then(|| (i64::from(first) + i) as usize)
    })
}

/// Reads element `index` (per lane) of a table of 16-byte elements into `out` (zero where
/// there is none).
fn gather(table: &[Vec4], index: &[i64; WAVE], exec: u64, oob: &mut u64, out: &mut Lanes4) {
    for (l, &i) in index.iter().enumerate() {
        let hit = usize::try_from(i).ok().and_then(|i| table.get(i));
        let v = match hit {
            Some(v) => *v,
            None => {
                *oob += exec >> l & 1;
                [0; 4]
            }
        };
        for c in 0..4 {
            out[c][l] = v[c];
        }
    }
}

/// The four components of a source location that is not a register, before the swizzle,
/// into `out`.
fn fetch(wave: &Wave, loc: &Loc, ctx: &mut Ctx<'_>, out: &mut Lanes4) {
    let exec = wave.exec;
    match loc {
        Loc::Reg(slot) => *out = wave.regs[*slot as usize],
        Loc::Imm(v) => *out = [[v[0]; WAVE], [v[1]; WAVE], [v[2]; WAVE], [v[3]; WAVE]],
        Loc::Const { buffer, index } => {
            let idx = index_values(wave, index, ctx);
            let mem = &mut *ctx.mem;
            let table = mem.const_buffers.get(buffer).map_or(&[][..], |b| &b[..]);
            gather(table, &idx, exec, &mut mem.out_of_range.constant_reads, out)
        }
        Loc::ConstDynamic { buffer, index } => {
            let b = index_values(wave, buffer, ctx);
            let idx = index_values(wave, index, ctx);
            let mem = &mut *ctx.mem;
            for l in 0..WAVE {
                let element = u32::try_from(b[l])
                    .ok()
                    .and_then(|b| mem.const_buffers.get(&b))
                    .zip(usize::try_from(idx[l]).ok())
                    .and_then(|(table, i)| table.get(i));
                let v = match element {
                    Some(v) => *v,
                    None => {
                        mem.out_of_range.constant_reads += exec >> l & 1;
                        [0; 4]
                    }
                };
                for c in 0..4 {
                    out[c][l] = v[c];
                }
            }
        }
        Loc::ImmediateConst(index) => {
            let idx = index_values(wave, index, ctx);
            let mem = &mut *ctx.mem;
            gather(
                &mem.immediate_cb,
                &idx,
                exec,
                &mut mem.out_of_range.constant_reads,
                out,
            )
        }
        Loc::ITemp { array, index } => {
            let elements = itemp_elements(wave, *array, index, ctx);
            for (l, element) in elements.iter().enumerate() {
                let e = match element {
                    Some(e) => &wave.itemps[*e],
                    None => {
                        ctx.mem.out_of_range.indexed_temp_reads += exec >> l & 1;
                        &ZERO4
                    }
                };
                for c in 0..4 {
                    out[c][l] = e[c][l];
                }
            }
        }
        Loc::Global(index) => {
            let idx = index_values(wave, index, ctx);
            let mem = &mut *ctx.mem;
            gather(
                &mem.global,
                &idx,
                exec,
                &mut mem.out_of_range.global_reads,
                out,
            )
        }
        Loc::Shared(n) => *out = ctx.mem.shared.get(*n as usize).copied().unwrap_or(ZERO4),
        Loc::LoopCounter => *out = [[wave.loop_counter(); WAVE]; 4],
    }
}

/// What the swizzle of a source selects from the four components `raw`.
fn select(raw: &Lanes4, swizzle: [u8; 4]) -> Operand<'_> {
    swizzle.map(|s| match s {
        SEL_ZERO => &ZERO_LANES,
        SEL_ONE => &ONE_LANES,
        c => &raw[c as usize & 3],
    })
}

/// A source operand with its swizzle and modifiers applied for data type `data`.
///
/// A register without modifiers is read in place: the swizzle picks which register
/// component (or the constant 0 or 1 lanes) each operand component is. That is the common
/// case, inlined into the instruction loop; anything else is evaluated into `buf` (`evaluate`).
#[inline]
pub fn view<'a>(
    wave: &'a Wave,
    src: &Src,
    data: DataType,
    ctx: &mut Ctx<'_>,
    buf: &'a mut Lanes4,
) -> Operand<'a> {
    match (&src.loc, &src.mods) {
        (Loc::Reg(slot), None) => select(&wave.regs[*slot as usize], src.swizzle),
        _ => evaluate(wave, src, data, ctx, buf),
    }
}

/// A source operand that is not a plain register read, evaluated into `buf`: other
/// locations are fetched there and then viewed through the swizzle as registers are; with
/// modifiers, the swizzled components are copied into `buf` and modified there (a modifier
/// acts per operand component, and two components may select the same register component).
fn evaluate<'a>(
    wave: &'a Wave,
    src: &Src,
    data: DataType,
    ctx: &mut Ctx<'_>,
    buf: &'a mut Lanes4,
) -> Operand<'a> {
    match (&src.loc, &src.mods) {
        (Loc::Reg(slot), None) => select(&wave.regs[*slot as usize], src.swizzle),
        (loc, None) => {
            fetch(wave, loc, ctx, buf);
            select(buf, src.swizzle)
        }
        (loc, Some(m)) => {
            let fetched;
            let raw = match loc {
                Loc::Reg(slot) => &wave.regs[*slot as usize],
                _ => {
                    fetch(wave, loc, ctx, buf);
                    fetched = *buf;
                    &fetched
                }
            };
            for (o, comp) in buf.iter_mut().zip(select(raw, src.swizzle)) {
                *o = *comp;
            }
            // `_divComp` divides: a tolerated operation (`tolerated::divcomp`).
            let pc = wave.pc;
            let state = &mut ctx.tolerated;
            let divide = &mut |x: u32, d: u32, lane: usize, comp: usize| {
                super::tolerated::divcomp(state, pc, lane, comp, x, d)
            };
            apply_source_modifiers(buf, m, data, divide);
            operand(buf)
        }
    }
}

/// Source modifiers in the order of L660-L674: invert, bias, x2, sign, divComp, abs, negate,
/// clamp. Integer sources know only negation (two's complement, L650); a double source's
/// negate and abs act on the high dwords (y and w) only (L648).
pub fn apply_source_modifiers(
    v: &mut Lanes4,
    m: &SrcMods,
    data: DataType,
    divide: &mut dyn FnMut(u32, u32, usize, usize) -> u32,
) {
    let each = |comp: &mut Lanes, f: fn(u32) -> u32| comp.iter_mut().for_each(|x| *x = f(*x));
    match data {
        DataType::Int | DataType::Uint | DataType::Logical | DataType::None => {
            for (c, comp) in v.iter_mut().enumerate() {
                if m.abs {
                    each(comp, modifiers::int_abs);
                }
                if m.negate[c] {
                    each(comp, modifiers::int_neg);
                }
            }
        }
        DataType::Double => {
            for c in [1, 3] {
                if m.abs {
                    each(&mut v[c], modifiers::float_abs);
                }
                if m.negate[c] {
                    each(&mut v[c], modifiers::float_neg);
                }
            }
        }
        DataType::Float | DataType::Bits => {
            for comp in v.iter_mut() {
                for (on, f) in [
                    (m.invert, modifiers::invert as fn(u32) -> u32),
                    (m.bias, modifiers::bias),
                    (m.x2, modifiers::times2),
                    (m.sign, modifiers::sign),
                ] {
                    if on {
                        each(comp, f);
                    }
                }
            }
            // The divisor component and the components before it (Table 6.6).
            let by = match m.divcomp {
                DivComp::Y => 1,
                DivComp::Z => 2,
                DivComp::W => 3,
                DivComp::None | DivComp::Unknown => 0,
            };
            for c in 0..by {
                for l in 0..WAVE {
                    v[c][l] = divide(v[c][l], v[by][l], l, c);
                }
            }
            for (c, comp) in v.iter_mut().enumerate() {
                if m.abs {
                    each(comp, modifiers::float_abs);
                }
                if m.negate[c] {
                    each(comp, modifiers::float_neg);
                }
                if m.clamp {
                    each(comp, modifiers::saturate);
                }
            }
        }
    }
}

/// The destination modifiers, `clamp(shift_scale(x))` (L575), for floats and doubles.
fn apply_destination_modifiers(v: &mut Lanes4, dst: &Dst, data: DataType) {
    if dst.shift == ShiftScale::None && !dst.clamp {
        return;
    }
    if data == DataType::Double {
        for pair in [0usize, 2] {
            for l in 0..WAVE {
                let mut x = u64::from(v[pair][l]) | u64::from(v[pair + 1][l]) << 32;
                x = modifiers::double_shift(x, dst.shift);
                if dst.clamp {
                    x = modifiers::double_saturate(x);
                }
                v[pair][l] = x as u32;
                v[pair + 1][l] = (x >> 32) as u32;
            }
        }
        return;
    }
    if !matches!(data, DataType::Float | DataType::Bits) {
        return;
    }
    for comp in v.iter_mut() {
        for x in comp.iter_mut() {
            *x = modifiers::shift(*x, dst.shift);
            if dst.clamp {
                *x = modifiers::saturate(*x);
            }
        }
    }
}

/// Writes `values` to a destination: modifiers, then per component either the value, a
/// forced 0 or 1.0, or nothing; `enabled[c]` are the lanes that write component c.
/// `values` is a result buffer, and the destination modifiers are applied in it.
pub fn write(
    wave: &mut Wave,
    dst: &Dst,
    values: &mut Lanes4,
    enabled: [u64; 4],
    data: DataType,
    ctx: &mut Ctx<'_>,
) {
    apply_destination_modifiers(values, dst, data);
    let values: &Lanes4 = values;
    let comps: Operand = [0, 1, 2, 3].map(|c| match dst.mask[c] {
        DstComp::Zero => &ZERO_LANES,
        DstComp::One => &ONE_LANES,
        DstComp::Write | DstComp::NoWrite => &values[c],
    });
    let writes = |c: usize| dst.mask[c] != DstComp::NoWrite;
    match &dst.loc {
        DstLoc::Reg(slot) => {
            let reg = &mut wave.regs[*slot as usize];
            for c in (0..4).filter(|&c| writes(c)) {
                blend(&mut reg[c], comps[c], enabled[c]);
            }
        }
        DstLoc::Shared(n) => {
            if let Some(reg) = ctx.mem.shared.get_mut(*n as usize) {
                for c in (0..4).filter(|&c| writes(c)) {
                    blend(&mut reg[c], comps[c], enabled[c]);
                }
            }
        }
        DstLoc::ITemp { array, index } => {
            let elements = itemp_elements(wave, *array, index, ctx);
            let any = enabled.iter().fold(0, |a, e| a | e);
            for l in lanes(any) {
                if let Some(e) = elements[l] {
                    let e = &mut wave.itemps[e];
                    for c in (0..4).filter(|&c| writes(c) && enabled[c] >> l & 1 != 0) {
                        e[c][l] = comps[c][l];
                    }
                } else {
                    ctx.mem.out_of_range.indexed_temp_writes += 1;
                }
            }
        }
        DstLoc::Global(index) => {
            let idx = index_values(wave, index, ctx);
            let any = enabled.iter().fold(0, |a, e| a | e);
            let mem = &mut *ctx.mem;
            for l in lanes(any) {
                match usize::try_from(idx[l])
                    .ok()
                    .and_then(|i| mem.global.get_mut(i))
                {
                    Some(e) => {
                        for c in (0..4).filter(|&c| writes(c) && enabled[c] >> l & 1 != 0) {
                            e[c] = comps[c][l];
                        }
                    }
                    None => mem.out_of_range.global_writes += 1,
                }
            }
        }
        DstLoc::Memory => {}
    }
}

// ---- taint (a tainted run: see `super::taint`) ------------------------------------------

/// The wavefront's taint shadow; only called in a tainted run.
fn shadow(wave: &Wave) -> &taint::WaveTaint {
    wave.taint
        .as_deref()
        .expect("a tainted run has a wavefront shadow")
}

/// The taint of an index: its relative register's first selected component (the value
/// [`index_values`] adds), clean for an immediate index.
fn index_taint(wave: &Wave, index: &Index, ctx: &mut Ctx<'_>) -> Lanes {
    match &index.relative {
        Some(rel) => src_taint(wave, rel, ctx)[0],
        None => [CLEAN; WAVE],
    }
}

/// The taint of a source operand, per operand component: the location's taint (with the
/// taint of its index) through the swizzle. Modifiers act per component and keep the taint,
/// except `divComp`, which divides components by another one and so merges them.
fn src_taint(wave: &Wave, src: &Src, ctx: &mut Ctx<'_>) -> Lanes4 {
    let mut raw = ZERO4;
    match &src.loc {
        Loc::Reg(slot) => raw = shadow(wave).regs[*slot as usize],
        Loc::Imm(_) | Loc::LoopCounter => {}
        Loc::Const { index, .. } | Loc::ImmediateConst(index) => {
            raw = [index_taint(wave, index, ctx); 4];
        }
        Loc::ConstDynamic { buffer, index } => {
            let mut t = index_taint(wave, buffer, ctx);
            merge_lanes(&mut t, &index_taint(wave, index, ctx));
            raw = [t; 4];
        }
        Loc::ITemp { array, index } => {
            let t = index_taint(wave, index, ctx);
            let elements = itemp_elements(wave, *array, index, ctx);
            let itemps = &shadow(wave).itemps;
            for (l, element) in elements.iter().enumerate() {
                for c in 0..4 {
                    let e = element.map_or(CLEAN, |e| itemps[e][c][l]);
                    raw[c][l] = merge(e, t[l]);
                }
            }
        }
        Loc::Global(index) => {
            let t = index_taint(wave, index, ctx);
            let idx = index_values(wave, index, ctx);
            if let Some(mt) = ctx.mem.taint.as_deref() {
                for l in 0..WAVE {
                    let e = usize::try_from(idx[l])
                        .ok()
                        .and_then(|i| mt.global.get(i))
                        .copied()
                        .unwrap_or([CLEAN; 4]);
                    for c in 0..4 {
                        raw[c][l] = merge(merge(e[c], t[l]), mt.global_whole);
                    }
                }
            }
        }
        Loc::Shared(n) => {
            if let Some(r) = ctx
                .mem
                .taint
                .as_deref()
                .and_then(|t| t.shared.get(*n as usize))
            {
                raw = *r;
            }
        }
    }
    let mut out = ZERO4;
    for (o, &sel) in out.iter_mut().zip(&src.swizzle) {
        if sel != SEL_ZERO && sel != SEL_ONE {
            *o = raw[sel as usize & 3];
        }
    }
    if let Some(m) = &src.mods {
        let by = match m.divcomp {
            DivComp::Y => 1,
            DivComp::Z => 2,
            DivComp::W => 3,
            DivComp::None | DivComp::Unknown => 0,
        };
        let divisor = out[by];
        // The division is a tolerated operation of this instruction (`tolerated::divcomp`).
        let own = [taint::origin_of(wave.pc as usize); WAVE];
        for o in &mut out[..by] {
            merge_lanes(o, &divisor);
            merge_lanes(o, &own);
        }
    }
    out
}

/// A control-flow instruction in a tainted run: a lane that evaluates a tainted condition
/// becomes control-tainted, and with it every memory (see `super::taint`). Every flow
/// instruction's inputs are read here, in the one place, with the sources
/// [`flow_inputs`] reads.
fn condition_taint(wave: &mut Wave, inst: &Inst, op: &Op, ctx: &mut Ctx<'_>) {
    // (source, components read)
    let read: &[(usize, &[usize])] = match op {
        Op::If(c)
        | Op::Break(c)
        | Op::Continue(c)
        | Op::Call(c)
        | Op::Return(c)
        | Op::Discard(c) => {
            if *c == super::kernel::Cond::Always {
                return;
            }
            &[(0, &[0]), (1, &[0])]
        }
        Op::Switch(_) => &[(0, &[0])],
        Op::Loop { counted: Some(_) } | Op::Kill => &[(0, &[0, 1, 2, 3])],
        _ => return,
    };
    let saved = ctx.mem.out_of_range;
    let mut t = [CLEAN; WAVE];
    for &(i, comps) in read {
        if let Some(s) = inst.srcs.get(i) {
            let st = src_taint(wave, s, ctx);
            for &c in comps {
                merge_lanes(&mut t, &st[c]);
            }
        }
    }
    ctx.mem.out_of_range = saved;
    let exec = wave.exec;
    let Some(wt) = wave.taint.as_deref_mut() else {
        return;
    };
    let mut worst = CLEAN;
    for l in lanes(exec) {
        wt.control[l] = merge(wt.control[l], t[l]);
        worst = merge(worst, t[l]);
    }
    if worst != CLEAN {
        if let Some(mt) = ctx.mem.taint.as_deref_mut() {
            mt.taint_all(worst);
        }
    }
}

/// Merges every component of every source into one taint per lane.
fn merge_all(srcs: &[Lanes4], comps: std::ops::Range<usize>) -> Lanes {
    let mut t = [CLEAN; WAVE];
    for s in srcs {
        for c in comps.clone() {
            merge_lanes(&mut t, &s[c]);
        }
    }
    t
}

/// The taint of an ALU result from its sources' ([`alu::reads`]).
fn alu_taint(op: il_frontend::opcode::Opcode, srcs: &[Lanes4], out: &mut Lanes4) {
    let scalar = match alu::reads(op) {
        alu::Reads::ComponentWise => {
            for (c, o) in out.iter_mut().enumerate() {
                for s in srcs {
                    merge_lanes(o, &s[c]);
                }
            }
            return;
        }
        alu::Reads::ScalarW => merge_all(srcs, 3..4),
        alu::Reads::ScalarX => merge_all(srcs, 0..1),
        alu::Reads::Pair => merge_all(srcs, 0..2),
        alu::Reads::All => merge_all(srcs, 0..4),
    };
    *out = [scalar; 4];
}

/// Runs an instruction in a tainted run: the sources' taints are read first (as the values
/// are), the instruction runs, and the result's taint follows it to the destination.
fn compute_tainted(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx<'_>,
    scratch: &mut Scratch,
) -> Result<(), RunError> {
    // Reading the taints re-evaluates indices; the run's out-of-range counts are the
    // values' alone.
    let saved = ctx.mem.out_of_range;
    let srcs: SmallVec<[Lanes4; 4]> = inst.srcs.iter().map(|s| src_taint(wave, s, ctx)).collect();
    ctx.mem.out_of_range = saved;
    let exec = wave.exec;
    let origin = taint::origin_of(wave.pc as usize);
    let memory = is_memory(inst.opcode);
    if memory {
        if let Some(t) = ctx.mem.taint.as_deref_mut() {
            t.log.clear();
        }
    }
    let enabled = compute_values(wave, inst, ctx, scratch)?;
    let saved = ctx.mem.out_of_range;
    let mut result = Box::new(ZERO4);
    if !inst.more_dsts.is_empty() {
        // `transpose`: row k, component r is component k of source r.
        let dsts = inst.dst.iter().chain(&inst.more_dsts);
        for (k, dst) in dsts.enumerate() {
            for (r, comp) in result.iter_mut().enumerate() {
                *comp = srcs.get(r).map_or([CLEAN; WAVE], |s| s[k]);
            }
            write_taint(wave, dst, &mut result, [exec; 4], ctx);
        }
        ctx.mem.out_of_range = saved;
        return Ok(());
    }
    if memory {
        memory_taint(wave, inst, &srcs, ctx, &mut result);
    } else if is_texture(inst.opcode) {
        // Resources are inputs: a sample's taint is its coordinates' and offsets'.
        *result = [merge_all(&srcs, 0..4); 4];
    } else {
        alu_taint(inst.opcode, &srcs, &mut result);
    }
    if taint::is_source(inst.opcode) {
        for comp in result.iter_mut() {
            for x in comp.iter_mut() {
                *x = merge(*x, origin);
            }
        }
    }
    if let (Some(dst), Some(enabled)) = (&inst.dst, enabled) {
        write_taint(wave, dst, &mut result, enabled, ctx);
    }
    ctx.mem.out_of_range = saved;
    Ok(())
}

/// The taint of a memory instruction's result and of the dwords it wrote, from the accesses
/// the memory recorded (`taint::Access`). A load merges the address's taint with the
/// dwords'; a store writes its data's taint (and its address's); an atomic merges address,
/// data and the old value (a plain exchange does not keep the old value). A store whose
/// address is tainted might have written anywhere in its target: the whole target is
/// tainted.
fn memory_taint(wave: &Wave, inst: &Inst, srcs: &[Lanes4], ctx: &mut Ctx<'_>, result: &mut Lanes4) {
    use il_frontend::opcode::Opcode as O;
    use il_semantics::memory::{atomic_of, is_load, Atomic};
    let op = inst.opcode;
    let atomic = atomic_of(op).map(|(_, a, _)| a);
    let load = is_load(op);
    // The source that holds the stored data; the others give the address.
    let data = match () {
        _ if load || atomic.is_some() || srcs.is_empty() => None,
        _ if op == O::LdsWriteVec => Some(0),
        _ if matches!(op, O::AppendBufAlloc | O::AppendBufConsume) => None,
        _ => Some(srcs.len() - 1),
    };
    let address = match atomic {
        Some(_) => merge_all(&srcs[..srcs.len().min(1)], 0..4),
        None => {
            let others: SmallVec<[Lanes4; 4]> = srcs
                .iter()
                .enumerate()
                .filter(|(i, _)| Some(*i) != data)
                .map(|(_, s)| *s)
                .collect();
            merge_all(&others, 0..4)
        }
    };
    let atomic_data = merge_all(srcs.get(1..).unwrap_or(&[]), 0..4);
    let control = shadow(wave).control;
    let Some(mt) = ctx.mem.taint.as_deref_mut() else {
        return;
    };
    *result = [address; 4];
    if matches!(op, O::AppendBufAlloc | O::AppendBufConsume) {
        for comp in result.iter_mut() {
            comp.iter_mut().for_each(|x| *x = merge(*x, mt.counters));
        }
    }
    let mut old = [CLEAN; WAVE];
    let log = std::mem::take(&mut mt.log);
    for a in &log {
        let l = a.lane as usize;
        if l >= WAVE {
            continue;
        }
        match a.kind {
            AccessKind::Read => {
                let stored = mt.dwords(a.region).get(a.dword).copied().unwrap_or(CLEAN);
                let v = merge(stored, mt.whole(a.region));
                old[l] = v;
                let comps = if a.comp == taint::ALL_COMPONENTS {
                    0..4
                } else {
                    let c = usize::from(a.comp & 3);
                    c..c + 1
                };
                for c in comps {
                    result[c][l] = merge(result[c][l], v);
                }
            }
            AccessKind::Write | AccessKind::WritePart => {
                let mut v = merge(address[l], control[l]);
                match (atomic, data) {
                    (Some(op), _) => {
                        v = merge(v, atomic_data[l]);
                        if op != Atomic::Xchg {
                            v = merge(v, old[l]);
                        }
                    }
                    (None, Some(d)) => v = merge(v, srcs[d][usize::from(a.comp & 3)][l]),
                    (None, None) => {}
                }
                if let Some(x) = mt.dwords(a.region).get_mut(a.dword) {
                    *x = if a.kind == AccessKind::Write {
                        v
                    } else {
                        merge(*x, v)
                    };
                }
            }
        }
    }
    mt.log = log;
    if !load {
        let mut t = CLEAN;
        for l in lanes(wave.exec) {
            t = merge(t, address[l]);
        }
        if t != CLEAN {
            let name = op.mnemonic();
            if name.starts_with("lds") {
                mt.taint_region(taint::Region::Lds, t);
            } else if name.starts_with("gds") {
                mt.taint_region(taint::Region::Gds, t);
            } else {
                // Which buffer a UAV id names (arena, shared heaps) is the memory's
                // business: every UAV, to be sure.
                for i in 0..mt.uav_whole.len() {
                    mt.taint_region(taint::Region::Uav(i), t);
                }
            }
        }
    }
}

/// Writes a result's taint to a destination as [`write`] writes the values, merged with the
/// lane's control taint; a forced 0 or 1 carries only the control taint. A write through a
/// tainted index taints the whole indexed temporary array (for the lane) or the whole
/// global buffer: the value might have gone to any element.
fn write_taint(wave: &mut Wave, dst: &Dst, t: &mut Lanes4, enabled: [u64; 4], ctx: &mut Ctx<'_>) {
    let control = shadow(wave).control;
    for (c, comp) in t.iter_mut().enumerate() {
        match dst.mask[c] {
            DstComp::Zero | DstComp::One => *comp = control,
            _ => merge_lanes(comp, &control),
        }
    }
    let writes = |c: usize| dst.mask[c] != DstComp::NoWrite;
    let any = enabled.iter().fold(0, |a, e| a | e);
    match &dst.loc {
        DstLoc::Reg(slot) => {
            if let Some(wt) = wave.taint.as_deref_mut() {
                let reg = &mut wt.regs[*slot as usize];
                for c in (0..4).filter(|&c| writes(c)) {
                    blend(&mut reg[c], &t[c], enabled[c]);
                }
            }
        }
        DstLoc::Shared(n) => {
            let shared = ctx
                .mem
                .taint
                .as_deref_mut()
                .and_then(|m| m.shared.get_mut(*n as usize));
            if let Some(reg) = shared {
                for c in (0..4).filter(|&c| writes(c)) {
                    blend(&mut reg[c], &t[c], enabled[c]);
                }
            }
        }
        DstLoc::ITemp { array, index } => {
            let elements = itemp_elements(wave, *array, index, ctx);
            let it = index_taint(wave, index, ctx);
            let (first, len) = ctx
                .kernel
                .decls
                .itemp_arrays
                .get(array)
                .copied()
                .unwrap_or((0, 0));
            let Some(wt) = wave.taint.as_deref_mut() else {
                return;
            };
            for l in lanes(any) {
                if let Some(e) = elements[l] {
                    for c in (0..4).filter(|&c| writes(c) && enabled[c] >> l & 1 != 0) {
                        wt.itemps[e][c][l] = merge(t[c][l], it[l]);
                    }
                }
                if it[l] != CLEAN {
                    let all = first as usize..(first as usize + len as usize).min(wt.itemps.len());
                    for e in &mut wt.itemps[all] {
                        for comp in e.iter_mut() {
                            comp[l] = merge(comp[l], it[l]);
                        }
                    }
                }
            }
        }
        DstLoc::Global(index) => {
            let idx = index_values(wave, index, ctx);
            let it = index_taint(wave, index, ctx);
            let Some(mt) = ctx.mem.taint.as_deref_mut() else {
                return;
            };
            for l in lanes(any) {
                if let Some(e) = usize::try_from(idx[l])
                    .ok()
                    .and_then(|i| mt.global.get_mut(i))
                {
                    for c in (0..4).filter(|&c| writes(c) && enabled[c] >> l & 1 != 0) {
                        e[c] = merge(t[c][l], it[l]);
                    }
                }
                if it[l] != CLEAN {
                    mt.global_whole = merge(mt.global_whole, it[l]);
                }
            }
        }
        DstLoc::Memory => {}
    }
}

#[cfg(test)]
mod tests {
    use il_frontend::ast::SrcMod;
    use il_frontend::enums::ShaderType;
    use il_frontend::opcode::Opcode;

    use super::*;
    use crate::interp::kernel::{Cond, Decls, SlotInit};

    fn kernel(slots: usize) -> Kernel {
        Kernel {
            shader: ShaderType::Compute,
            code: Vec::new(),
            skip: Vec::new(),
            slots: vec![SlotInit::Temp; slots],
            decls: Decls::default(),
        }
    }

    /// A register whose component `c` holds `1000 * c + lane` in each lane.
    fn numbered() -> Lanes4 {
        std::array::from_fn(|c| std::array::from_fn(|l| (1000 * c + l) as u32))
    }

    fn src(loc: Loc, swizzle: [u8; 4], mods: Option<SrcMods>) -> Src {
        Src { loc, swizzle, mods }
    }

    /// Runs `f` with a wavefront whose register 0 is [`numbered`] and a context around it.
    fn with_wave(f: impl FnOnce(&mut Wave, &mut Ctx<'_>)) {
        let k = kernel(2);
        let mut mem = Memory::default();
        let mut ctx = Ctx {
            kernel: &k,
            mem: &mut mem,
            step_limit: 100,
            pixel: None,
            tolerated: Default::default(),
        };
        let mut wave = Wave::new(&k);
        wave.regs[0] = numbered();
        wave.exec = u64::MAX;
        f(&mut wave, &mut ctx);
    }

    #[test]
    fn blend_writes_exactly_the_lanes_of_the_mask() {
        let v: Lanes = std::array::from_fn(|l| 100 + l as u32);
        for exec in [
            0,
            u64::MAX,
            1,
            1 << 31,
            1 << 32,
            1 << 63,
            0x0123_4567_89AB_CDEF,
        ] {
            let mut dst = [7u32; WAVE];
            blend(&mut dst, &v, exec);
            for l in 0..WAVE {
                let expected = if exec >> l & 1 == 1 {
                    100 + l as u32
                } else {
                    7
                };
                assert_eq!(dst[l], expected, "exec {exec:#x}, lane {l}");
            }
        }
    }

    #[test]
    fn a_register_without_modifiers_is_read_in_place() {
        with_wave(|wave, ctx| {
            let s = src(Loc::Reg(0), [3, 0, SEL_ZERO, SEL_ONE], None);
            let mut buf = ZERO4;
            let v = view(wave, &s, DataType::Float, ctx, &mut buf);
            assert!(std::ptr::eq(v[0], &wave.regs[0][3]));
            assert!(std::ptr::eq(v[1], &wave.regs[0][0]));
            assert_eq!(*v[2], [0; WAVE]);
            assert_eq!(*v[3], [0x3F80_0000; WAVE]);
        });
    }

    #[test]
    fn modifiers_act_per_operand_component_and_leave_the_register_alone() {
        with_wave(|wave, ctx| {
            // `r0.xxxx` with only the second component negated (two's complement).
            let mods = SrcMod {
                negate: [false, true, false, false],
                ..SrcMod::IDENTITY
            };
            let s = src(Loc::Reg(0), [0; 4], Some(mods));
            let mut buf = ZERO4;
            let v = view(wave, &s, DataType::Int, ctx, &mut buf);
            let x = numbered()[0];
            assert_eq!(*v[0], x);
            assert_eq!(*v[1], x.map(|x| x.wrapping_neg()));
            assert_eq!(*v[2], x);
            assert_eq!(wave.regs[0], numbered());
        });
    }

    /// `transpose r0, r0` over the slots 0..3: every source row is read before a row is
    /// written, so the in-place form gives the transpose (L7523-L7554).
    #[test]
    fn transpose_in_place_reads_every_row_first() {
        let mut k = kernel(4);
        let dst = |slot: u32| Dst {
            loc: DstLoc::Reg(slot),
            mask: [DstComp::Write; 4],
            clamp: false,
            shift: ShiftScale::None,
        };
        let mut inst = Inst::probe(Opcode::Transpose);
        inst.dst = Some(dst(0));
        inst.more_dsts = (1..4).map(dst).collect();
        inst.srcs = (0..4)
            .map(|r| src(Loc::Reg(r), [0, 1, 2, 3], None))
            .collect();
        k.code.push(inst);
        let mut mem = Memory::default();
        let mut ctx = Ctx {
            kernel: &k,
            mem: &mut mem,
            step_limit: 100,
            pixel: None,
            tolerated: Default::default(),
        };
        let mut wave = Wave::new(&k);
        // Register r, component c holds 16 * r + c + 1000 * lane.
        let start: Vec<Lanes4> = (0..4)
            .map(|r| {
                std::array::from_fn(|c| std::array::from_fn(|l| (16 * r + c + 1000 * l) as u32))
            })
            .collect();
        wave.regs[..4].copy_from_slice(&start);
        wave.exec = u64::MAX;
        let mut scratch = Scratch::new(&k);
        compute(&mut wave, &k.code[0], &mut ctx, &mut scratch).unwrap();
        for r in 0..4 {
            for c in 0..4 {
                assert_eq!(wave.regs[r][c], start[c][r], "r{r}.{c}");
            }
        }
    }

    #[test]
    fn an_immediate_is_swizzled_like_a_register() {
        with_wave(|wave, ctx| {
            let s = src(Loc::Imm([1, 2, 3, 4]), [2, 2, 1, SEL_ZERO], None);
            let mut buf = ZERO4;
            let v = view(wave, &s, DataType::Int, ctx, &mut buf);
            let got = [0, 1, 2, 3].map(|c| *v[c]);
            assert_eq!(got, [[3; WAVE], [3; WAVE], [2; WAVE], [0; WAVE]]);
        });
    }

    #[test]
    fn a_condition_holds_only_on_executing_lanes() {
        with_wave(|wave, ctx| {
            // r1.x is nonzero on the even lanes; lanes 0-7 and 60-63 execute.
            for l in (0..WAVE).step_by(2) {
                wave.regs[1][0][l] = 5;
            }
            wave.exec = 0xF000_0000_0000_00FF;
            let mut inst = Inst::probe(Opcode::Mov);
            inst.op = Op::If(Cond::NonZero);
            inst.srcs.push(src(Loc::Reg(1), [0, 1, 2, 3], None));
            let mut scratch = Scratch::new(ctx.kernel);
            let (taken, ..) = flow_inputs(wave, &inst, &inst.op, ctx, &mut scratch);
            assert_eq!(taken, 0x5000_0000_0000_0055);
        });
    }
}
