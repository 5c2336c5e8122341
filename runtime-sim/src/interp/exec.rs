//! The executor: runs a wavefront's instructions until it finishes, reaches a barrier or
//! exceeds the step limit. Operands are read here (swizzles, source modifiers in the order
//! of L660-L674, relative addressing) and results written (shift scale, `_sat`, write masks
//! with forced 0/1 components, L575-L590), so that the arithmetic in [`super::alu`] and
//! [`super::memory`] sees plain values.

use il_frontend::enums::{DivComp, DstComp, ShiftScale};
use il_frontend::opcode::DataType;
use il_semantics::modifiers;
use smallvec::SmallVec;

use super::kernel::{
    Dst, DstLoc, Index, Inst, Kernel, Loc, Op, Src, SrcMods, Vec4, ONE_F32, SEL_ONE, SEL_ZERO,
};
use super::memory::{LaneInfo, Memory};
use super::wave::{active_lanes as lanes, test, Lanes, Lanes4, Status, Wave, WAVE, ZERO4};
use super::{alu, texture};
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
}

/// Copies `v` into `dst` on the lanes of `exec`, leaving the others.
#[inline]
fn blend(dst: &mut Lanes, v: &Lanes, exec: u64) {
    match exec {
        u64::MAX => *dst = *v,
        0 => {}
        _ => {
            // A select through a mask per lane vectorizes; a store under a branch does not.
            let mut m = [0u32; WAVE];
            for (l, x) in m.iter_mut().enumerate() {
                *x = 0u32.wrapping_sub((exec >> l) as u32 & 1);
            }
            for ((d, s), m) in dst.iter_mut().zip(v.iter()).zip(m) {
                *d = (*s & m) | (*d & !m);
            }
        }
    }
}

/// Runs `wave` until it is done or stops at a barrier.
pub fn run(wave: &mut Wave, ctx: &mut Ctx<'_>) -> Result<(), RunError> {
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
                compute(wave, inst, ctx)?;
                wave.pc += 1;
            }
            Op::Nop => wave.pc += 1,
            op => {
                let (taken, values, counter) = flow_inputs(wave, inst, op, ctx);
                wave.flow(kernel, taken, values.as_ref(), counter);
            }
        }
    }
    Ok(())
}

/// The lanes where a flow instruction's condition holds, and its other inputs.
fn flow_inputs(
    wave: &mut Wave,
    inst: &Inst,
    op: &Op,
    ctx: &mut Ctx<'_>,
) -> (u64, Option<Lanes>, Option<[u32; 4]>) {
    let cond = match op {
        Op::If(c)
        | Op::Break(c)
        | Op::Continue(c)
        | Op::Call(c)
        | Op::Return(c)
        | Op::Discard(c) => *c,
        Op::Switch(_) => {
            let v = read(wave, &inst.srcs[0], DataType::Int, ctx);
            return (wave.exec, Some(v[0]), None);
        }
        Op::Loop { counted: Some(_) } => {
            let v = inst.srcs.first().map(|s| read(wave, s, DataType::Int, ctx));
            return (
                wave.exec,
                None,
                v.map(|v| [v[0][0], v[1][0], v[2][0], v[3][0]]),
            );
        }
        Op::Kill => {
            let v = read(wave, &inst.srcs[0], DataType::Float, ctx);
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
    let a = read(wave, &inst.srcs[0], data, ctx);
    let b = match inst.srcs.get(1) {
        Some(s) => read(wave, s, data, ctx),
        None => ZERO4,
    };
    let mut taken = 0u64;
    for l in lanes(wave.exec) {
        if test(cond, a[0][l], b[0][l]) {
            taken |= 1 << l;
        }
    }
    (taken, None, None)
}

fn compute(wave: &mut Wave, inst: &Inst, ctx: &mut Ctx<'_>) -> Result<(), RunError> {
    let mut srcs: SmallVec<[Lanes4; 4]> = SmallVec::new();
    for s in &inst.srcs {
        let v = read(wave, s, inst.data, ctx);
        srcs.push(v);
    }
    let exec = wave.exec;
    if is_memory(inst.opcode) {
        let mask = inst
            .dst
            .as_ref()
            .map_or([true; 4], |d| [0, 1, 2, 3].map(|c| d.writes(c)));
        let who = LaneInfo {
            exec,
            local_id: &wave.local_id,
            wave_index: wave.index,
        };
        let loaded = ctx.mem.execute(&ctx.kernel.decls, inst, &srcs, mask, who);
        if let (Some(values), Some(dst)) = (loaded, &inst.dst) {
            if dst.loc != DstLoc::Memory {
                write(wave, dst, values, [exec; 4], DataType::Bits, ctx);
            }
        }
        return Ok(());
    }
    if is_texture(inst.opcode) {
        let values = texture::execute(inst, &srcs, exec, ctx)?;
        if let Some(dst) = &inst.dst {
            write(wave, dst, values, [exec; 4], DataType::Float, ctx);
        }
        return Ok(());
    }
    let special = alu::Special {
        wave_index: wave.index,
    };
    let Some(out) = alu::compute(inst, &srcs, special) else {
        return Err(RunError::Unsupported(format!(
            "`{}` is not implemented by the interpreter",
            inst.opcode.mnemonic()
        )));
    };
    if let Some(dst) = &inst.dst {
        // A forced 0 or 1 in the mask is written even where the instruction produces
        // nothing (`crs` .w, L6596; `sincos`, `mmul`).
        let enabled = [0, 1, 2, 3].map(|c| match dst.mask[c] {
            DstComp::Zero | DstComp::One => exec,
            _ => out.written[c] & exec,
        });
        write(wave, dst, out.values, enabled, inst.data, ctx);
    }
    Ok(())
}

/// The per-lane value of an index: the relative register's first selected component as a
/// signed integer plus the immediate.
fn index_values(wave: &mut Wave, index: &Index, ctx: &mut Ctx<'_>) -> [i64; WAVE] {
    let mut out = [i64::from(index.offset); WAVE];
    if let Some(rel) = &index.relative {
        let v = read(wave, rel, DataType::Int, ctx);
        for (o, r) in out.iter_mut().zip(v[0].iter()) {
            *o += i64::from(*r as i32);
        }
    }
    out
}

/// The element of the wavefront's indexed-temporary storage that each lane's index selects
/// in `array`, or `None` outside the array.
fn itemp_elements(
    wave: &mut Wave,
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

/// Reads element `index` (per lane) of a table of 16-byte elements.
fn gather(table: &[Vec4], index: &[i64; WAVE], exec: u64, oob: &mut u64) -> Lanes4 {
    let mut out = ZERO4;
    for (l, &i) in index.iter().enumerate() {
        let hit = usize::try_from(i).ok().and_then(|i| table.get(i));
        match hit {
            Some(v) => {
                for c in 0..4 {
                    out[c][l] = v[c];
                }
            }
            None => *oob += exec >> l & 1,
        }
    }
    out
}

/// The four components of a source location before the swizzle.
fn fetch(wave: &mut Wave, loc: &Loc, ctx: &mut Ctx<'_>) -> Lanes4 {
    let exec = wave.exec;
    match loc {
        Loc::Reg(slot) => wave.regs[*slot as usize],
        Loc::Imm(v) => [[v[0]; WAVE], [v[1]; WAVE], [v[2]; WAVE], [v[3]; WAVE]],
        Loc::Const { buffer, index } => {
            let idx = index_values(wave, index, ctx);
            let mem = &mut *ctx.mem;
            let table = mem.const_buffers.get(buffer).map_or(&[][..], |b| &b[..]);
            gather(table, &idx, exec, &mut mem.out_of_range.constant_reads)
        }
        Loc::ConstDynamic { buffer, index } => {
            let b = index_values(wave, buffer, ctx);
            let idx = index_values(wave, index, ctx);
            let mem = &mut *ctx.mem;
            let mut out = ZERO4;
            for l in 0..WAVE {
                let element = u32::try_from(b[l])
                    .ok()
                    .and_then(|b| mem.const_buffers.get(&b))
                    .zip(usize::try_from(idx[l]).ok())
                    .and_then(|(table, i)| table.get(i));
                match element {
                    Some(v) => {
                        for c in 0..4 {
                            out[c][l] = v[c];
                        }
                    }
                    None => mem.out_of_range.constant_reads += exec >> l & 1,
                }
            }
            out
        }
        Loc::ImmediateConst(index) => {
            let idx = index_values(wave, index, ctx);
            let mem = &mut *ctx.mem;
            gather(
                &mem.immediate_cb,
                &idx,
                exec,
                &mut mem.out_of_range.constant_reads,
            )
        }
        Loc::ITemp { array, index } => {
            let elements = itemp_elements(wave, *array, index, ctx);
            let mut out = ZERO4;
            for (l, element) in elements.iter().enumerate() {
                if let Some(e) = element {
                    let e = &wave.itemps[*e];
                    for c in 0..4 {
                        out[c][l] = e[c][l];
                    }
                } else {
                    ctx.mem.out_of_range.indexed_temp_reads += exec >> l & 1;
                }
            }
            out
        }
        Loc::Global(index) => {
            let idx = index_values(wave, index, ctx);
            let mem = &mut *ctx.mem;
            gather(&mem.global, &idx, exec, &mut mem.out_of_range.global_reads)
        }
        Loc::Shared(n) => ctx.mem.shared.get(*n as usize).copied().unwrap_or(ZERO4),
        Loc::LoopCounter => [[wave.loop_counter(); WAVE]; 4],
    }
}

/// Reads a source operand with its swizzle and modifiers applied for data type `data`.
pub fn read(wave: &mut Wave, src: &Src, data: DataType, ctx: &mut Ctx<'_>) -> Lanes4 {
    let mut out = ZERO4;
    let select = |raw: &Lanes4, out: &mut Lanes4| {
        for (o, &s) in out.iter_mut().zip(src.swizzle.iter()) {
            *o = match s {
                SEL_ZERO => [0; WAVE],
                SEL_ONE => [ONE_F32; WAVE],
                c => raw[c as usize & 3],
            };
        }
    };
    match &src.loc {
        Loc::Reg(slot) => select(&wave.regs[*slot as usize], &mut out),
        loc => {
            let raw = fetch(wave, loc, ctx);
            select(&raw, &mut out);
        }
    }
    if let Some(m) = &src.mods {
        apply_source_modifiers(&mut out, m, data);
    }
    out
}

/// Source modifiers in the order of L660-L674: invert, bias, x2, sign, divComp, abs, negate,
/// clamp. Integer sources know only negation (two's complement, L650); a double source's
/// negate and abs act on the high dwords (y and w) only (L648).
pub fn apply_source_modifiers(v: &mut Lanes4, m: &SrcMods, data: DataType) {
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
                    v[c][l] = modifiers::divcomp(v[c][l], v[by][l]);
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
pub fn write(
    wave: &mut Wave,
    dst: &Dst,
    mut values: Lanes4,
    enabled: [u64; 4],
    data: DataType,
    ctx: &mut Ctx<'_>,
) {
    apply_destination_modifiers(&mut values, dst, data);
    for (c, comp) in values.iter_mut().enumerate() {
        match dst.mask[c] {
            DstComp::Zero => *comp = [0; WAVE],
            DstComp::One => *comp = [ONE_F32; WAVE],
            DstComp::Write | DstComp::NoWrite => {}
        }
    }
    let writes = |c: usize| dst.mask[c] != DstComp::NoWrite;
    match &dst.loc {
        DstLoc::Reg(slot) => {
            let reg = &mut wave.regs[*slot as usize];
            for c in (0..4).filter(|&c| writes(c)) {
                blend(&mut reg[c], &values[c], enabled[c]);
            }
        }
        DstLoc::Shared(n) => {
            if let Some(reg) = ctx.mem.shared.get_mut(*n as usize) {
                for c in (0..4).filter(|&c| writes(c)) {
                    blend(&mut reg[c], &values[c], enabled[c]);
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
                        e[c][l] = values[c][l];
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
                            e[c] = values[c][l];
                        }
                    }
                    None => mem.out_of_range.global_writes += 1,
                }
            }
        }
        DstLoc::Memory => {}
    }
}
