//! The dispatch: work-groups, their waves, barriers, and the wave's initial state as
//! AMDHSA defines it for gfx9 (abi-facts §4.2; the conventions are written up in
//! `docs/abi.md`, section "GCN (gfx906)").

use backend_gcn::isa::{Inst, Opcode};

use super::code_object::KernelDescriptor;
use super::memory::GlobalMemory;
use super::program::{Program, Sem};
use super::salu::{self, Flow};
use super::valu::{self, ValuSem};
use super::vmem::{self, Mem, MemSem};
use super::wave::{unsupported, Fault, Status, Wave, R, WAVE};
use super::GcnLaunch;
use crate::runtime::{RunError, RunReport};

/// Bytes of scratch each wave gets, rounded up so that waves start on a 1 KiB boundary.
fn scratch_slot(private_per_lane: u32) -> u64 {
    (u64::from(private_per_lane) * WAVE as u64).div_ceil(1024) * 1024
}

/// The 64-byte `hsa_kernel_dispatch_packet_t` (abi-facts §4.3).
fn dispatch_packet(l: &GcnLaunch, kd: &KernelDescriptor, lds: u32, kernarg: u64) -> [u8; 64] {
    let mut p = [0u8; 64];
    let dims: u16 = if l.grid[2] > 1 || l.group[2] > 1 {
        3
    } else if l.grid[1] > 1 || l.group[1] > 1 {
        2
    } else {
        1
    };
    p[0..2].copy_from_slice(&2u16.to_le_bytes());
    p[2..4].copy_from_slice(&dims.to_le_bytes());
    for k in 0..3 {
        p[4 + 2 * k..6 + 2 * k].copy_from_slice(&(l.group[k] as u16).to_le_bytes());
        p[12 + 4 * k..16 + 4 * k].copy_from_slice(&l.grid[k].to_le_bytes());
    }
    p[24..28].copy_from_slice(&kd.private_segment_fixed_size.to_le_bytes());
    p[28..32].copy_from_slice(&lds.to_le_bytes());
    p[40..48].copy_from_slice(&kernarg.to_le_bytes());
    p
}

/// Runs `program` over the whole grid.
pub(crate) fn dispatch(
    prog: &Program,
    kd: &KernelDescriptor,
    mem: &mut GlobalMemory,
    l: &GcnLaunch,
) -> Result<RunReport, RunError> {
    let bad = |m: String| Err(RunError::BadLaunch(m));
    if l.group.contains(&0) {
        return bad(format!(
            "work-group size {:?} has a zero dimension",
            l.group
        ));
    }
    if l.group.iter().map(|&g| u64::from(g)).product::<u64>() > 1024
        || l.group.iter().any(|&g| g > 0xffff)
    {
        return bad(format!(
            "work-group size {:?}: at most 1024 work-items (16 waves) per group (vega L1962-1964)",
            l.group
        ));
    }
    let mut report = RunReport::default();
    if l.grid.contains(&0) {
        return Ok(report);
    }
    if (kd.kernarg_size as usize) > l.kernargs.len() {
        return bad(format!(
            "the kernel descriptor declares {} bytes of kernel arguments, the launch gives {}",
            kd.kernarg_size,
            l.kernargs.len()
        ));
    }
    let lds_bytes = kd.group_segment_fixed_size.saturating_add(l.dynamic_lds);
    if lds_bytes > 65536 {
        return bad(format!(
            "{lds_bytes} bytes of LDS per work-group; at most 64 KiB (vega L8023)"
        ));
    }
    let groups: [u32; 3] = [0, 1, 2].map(|k| l.grid[k].div_ceil(l.group[k]));
    let n_groups = groups.iter().map(|&g| u64::from(g)).product::<u64>();
    let waves_per_group = (l.group.iter().product::<u32>() as usize).div_ceil(WAVE) as u64;

    let kernarg = mem.alloc(&l.kernargs);
    let packet = mem.alloc(&dispatch_packet(l, kd, lds_bytes, kernarg));
    let queue = mem.alloc_zeroed(256);
    let slot = scratch_slot(kd.private_segment_fixed_size);
    let scratch_total = slot
        .saturating_mul(n_groups)
        .saturating_mul(waves_per_group);
    if scratch_total > 1 << 30 {
        return Err(RunError::Unsupported(format!(
            "{scratch_total} bytes of scratch for the whole grid (the model allocates at most 1 GiB)"
        )));
    }
    let scratch = mem.alloc_zeroed(scratch_total as usize);

    let vgprs = kd.vgpr_count() as usize;
    let mode = kd.initial_mode();
    let mut wave_index = 0u64;
    // The waves and the LDS of one group, reused by the next (reset to their initial
    // state).
    let mut waves: Vec<Wave> = Vec::new();
    let mut lds = vec![0u8; lds_bytes as usize];
    for gz in 0..groups[2] {
        for gy in 0..groups[1] {
            for gx in 0..groups[0] {
                let gid = [gx, gy, gz];
                // The last group of a dimension may be partial (HSA grids are in
                // work-items, abi-facts §4.3).
                let ext: [u32; 3] = [0, 1, 2].map(|k| {
                    let left = u64::from(l.grid[k]) - u64::from(gid[k]) * u64::from(l.group[k]);
                    left.min(u64::from(l.group[k])) as u32
                });
                let items = (ext[0] * ext[1] * ext[2]) as usize;
                let n_waves = items.div_ceil(WAVE);
                waves.truncate(n_waves);
                for w in waves.iter_mut() {
                    w.reset(vgprs, mode);
                }
                while waves.len() < n_waves {
                    waves.push(Wave::new(vgprs, mode));
                }
                for (wi, w) in waves.iter_mut().enumerate() {
                    let init = Init {
                        kd,
                        kernarg,
                        packet,
                        queue,
                        scratch,
                        scratch_offset: slot * wave_index,
                        gid,
                        group_waves: n_waves as u32,
                        first_wave: wi == 0,
                    };
                    init_wave(w, &init, wi, ext).map_err(|e| RunError::BadLaunch(e.to_string()))?;
                    wave_index += 1;
                }
                lds.fill(0);
                run_group(
                    prog,
                    &mut waves,
                    mem,
                    &mut lds,
                    &mut report,
                    l.step_limit,
                    gid,
                    lds_bytes,
                )?;
                report.groups += 1;
            }
        }
    }
    Ok(report)
}

struct Init<'a> {
    kd: &'a KernelDescriptor,
    kernarg: u64,
    packet: u64,
    queue: u64,
    scratch: u64,
    scratch_offset: u64,
    gid: [u32; 3],
    group_waves: u32,
    first_wave: bool,
}

/// The initial SGPRs, VGPRs and EXEC of wave `wi` of a group (abi-facts §4.2: user SGPRs
/// dense from s0 in the order private segment buffer, dispatch ptr, queue ptr, kernarg
/// ptr, dispatch id, flat scratch init, private segment size; then the system SGPRs from
/// s[USER_SGPR_COUNT]: work-group id X, Y, Z, work-group info, scratch wave offset).
fn init_wave(w: &mut Wave, init: &Init<'_>, wi: usize, ext: [u32; 3]) -> Result<(), String> {
    let kd = init.kd;
    let mut s: Vec<u32> = Vec::new();
    let pair = |s: &mut Vec<u32>, v: u64| {
        s.push(v as u32);
        s.push((v >> 32) as u32);
    };
    if kd.property(0) {
        // The private segment buffer V#: base, swizzled (element 4 bytes, index stride
        // 64), ADD_TID_ENABLE, no range limit (vega Table 33 L5651-5827).
        s.push(init.scratch as u32);
        s.push(((init.scratch >> 32) as u32 & 0xffff) | 1 << 31);
        s.push(u32::MAX);
        s.push(0x00E2_0FAC);
    }
    if kd.property(1) {
        pair(&mut s, init.packet);
    }
    if kd.property(2) {
        pair(&mut s, init.queue);
    }
    if kd.property(3) {
        pair(&mut s, init.kernarg);
    }
    if kd.property(4) {
        pair(&mut s, 0);
    }
    if kd.property(5) {
        pair(&mut s, init.scratch);
    }
    if kd.property(6) {
        s.push(kd.private_segment_fixed_size);
    }
    let user = kd.user_sgpr_count() as usize;
    if s.len() > user {
        return Err(format!(
            "the kernel descriptor enables {} user SGPRs but USER_SGPR_COUNT is {user}",
            s.len()
        ));
    }
    s.resize(user, 0);
    for (k, en) in kd.enable_workgroup_id().iter().enumerate() {
        if *en {
            s.push(init.gid[k]);
        }
    }
    if kd.enable_workgroup_info() {
        s.push(u32::from(init.first_wave) << 31 | (init.group_waves & 0x3f));
    }
    if kd.enable_private_segment() {
        s.push(init.scratch_offset as u32);
    }
    if s.len() > 102 {
        return Err("more than 102 initial SGPRs".into());
    }
    w.s[..s.len()].copy_from_slice(&s);
    // Work-item ids, x fastest (abi-facts §4.2: v0 = X, v1 = Y, v2 = Z when enabled).
    let ids = kd.vgpr_workitem_ids() as usize;
    if w.v.len() < ids + 1 {
        return Err(format!(
            "the kernel descriptor allocates {} VGPRs, fewer than its work-item ids",
            w.v.len()
        ));
    }
    let items = (ext[0] * ext[1] * ext[2]) as usize;
    let mut exec = 0u64;
    for l in 0..WAVE {
        let flat = wi * WAVE + l;
        if flat >= items {
            continue;
        }
        exec |= 1 << l;
        let f = flat as u32;
        let id = [f % ext[0], f / ext[0] % ext[1], f / (ext[0] * ext[1])];
        for (k, x) in id.iter().enumerate().take(ids + 1) {
            w.v[k][l] = *x;
        }
    }
    w.set_exec(exec);
    w.scratch_base = init.scratch + init.scratch_offset;
    w.scratch_per_lane = u64::from(kd.private_segment_fixed_size);
    Ok(())
}

/// Runs the waves of one work-group, each until it ends or reaches a barrier; a barrier
/// releases when every wave that has not ended reached it (vega L10745-10757: "terminated
/// waves don't count").
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_group(
    prog: &Program,
    waves: &mut [Wave],
    mem: &mut GlobalMemory,
    lds: &mut [u8],
    report: &mut RunReport,
    step_limit: u64,
    gid: [u32; 3],
    lds_bytes: u32,
) -> Result<(), RunError> {
    loop {
        for (wi, w) in waves.iter_mut().enumerate() {
            if w.status != Status::Running {
                continue;
            }
            run_wave(prog, w, mem, lds, report, step_limit, lds_bytes)
                .map_err(|(at, f)| to_error(prog, at, f, gid, wi))?;
        }
        if waves.iter().all(|w| w.status == Status::Done) {
            return Ok(());
        }
        for w in waves.iter_mut() {
            if w.status == Status::AtBarrier {
                w.status = Status::Running;
            }
        }
    }
}

pub(crate) fn to_error(prog: &Program, at: usize, f: Fault, gid: [u32; 3], wi: usize) -> RunError {
    let loc = prog.locate(at);
    let who = format!(
        "gfx906 work-group ({},{},{}) wave {wi}",
        gid[0], gid[1], gid[2]
    );
    match f {
        Fault::Msg(m) => RunError::Fault(format!("{who}: at {loc}: {m}")),
        Fault::StepLimit(limit) => RunError::StepLimit {
            limit,
            at: il_frontend::diag::Span::new(0, 0),
            location: format!("{who}, {loc}"),
        },
        Fault::Unsupported(m) => RunError::Unsupported(format!("{m} ({who}, at {loc})")),
        Fault::Pending { reg, producer, counter, write } => {
            let verb = if write { "overwrites" } else { "reads" };
            RunError::Fault(format!(
                "{who}: at {loc}: {verb} {reg} while the load {} that writes it is still in flight: \
                 no s_waitcnt {counter} has retired it (vega L1969-2047)",
                prog.locate(producer)
            ))
        }
        Fault::Hazard { what, producer, need, have, rule } => RunError::Fault(format!(
            "{who}: at {loc}: missing wait states: {what}: {need} required after {}, found {have} ({rule})",
            prog.locate(producer)
        )),
    }
}

fn run_wave(
    prog: &Program,
    w: &mut Wave,
    mem: &mut GlobalMemory,
    lds: &mut [u8],
    report: &mut RunReport,
    step_limit: u64,
    lds_bytes: u32,
) -> Result<(), (usize, Fault)> {
    let mut steps = 0u64;
    // EXEC and its number of lanes, recounted only when EXEC changes (the baseline x86-64
    // has no population-count instruction).
    let (mut counted_exec, mut lanes) = (0u64, 0u64);
    loop {
        let i = w.pc;
        let Some(inst) = prog.insts.get(i) else {
            return Err((
                i,
                Fault::Msg("ran past the end of the code without s_endpgm".into()),
            ));
        };
        steps += 1;
        if steps > step_limit {
            return Err((i, Fault::StepLimit(step_limit)));
        }
        w.at = i;
        w.cur_offset = prog.offsets[i];
        let exec = w.exec();
        report.wave_instructions += 1;
        if exec != counted_exec {
            counted_exec = exec;
            lanes = u64::from(exec.count_ones());
        }
        report.lane_instructions += lanes;
        let flow = step(prog, i, inst, w, mem, lds, report, lds_bytes).map_err(|f| (i, f))?;
        w.issue += match inst {
            Inst::Sopp(s) if s.op == Opcode::S_NOP => u64::from(s.simm16 & 0xf) + 1,
            _ => 1,
        };
        match flow {
            Flow::Next => w.pc = i + 1,
            Flow::Branch => match prog.targets[i] {
                Some(t) => w.pc = t,
                None => {
                    return Err((
                        i,
                        Fault::Msg("the branch target is not the start of an instruction".into()),
                    ))
                }
            },
            Flow::Jump(byte) => match u32::try_from(byte)
                .ok()
                .and_then(|b| prog.offsets.binary_search(&b).ok())
            {
                Some(t) => w.pc = t,
                None => {
                    return Err((
                        i,
                        Fault::Msg(format!(
                            "jump to byte 0x{byte:x}, not an instruction of the kernel"
                        )),
                    ))
                }
            },
            Flow::Barrier => {
                if let Some(p) = w.outstanding_write() {
                    return Err((
                        i,
                        Fault::Msg(format!(
                            "s_barrier while the memory write {} is still in flight: other waves may not see it \
                             (s_barrier does not wait for memory, vega L10745-10757; wait with s_waitcnt first)",
                            prog.locate(p)
                        )),
                    ));
                }
                w.pc = i + 1;
                w.status = Status::AtBarrier;
                return Ok(());
            }
            Flow::End => {
                w.status = Status::Done;
                return Ok(());
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn step(
    prog: &Program,
    i: usize,
    inst: &Inst,
    w: &mut Wave,
    global: &mut GlobalMemory,
    lds: &mut [u8],
    report: &mut RunReport,
    lds_bytes: u32,
) -> R<Flow> {
    let sem = &prog.sems[i];
    let mut mem = Mem {
        global,
        lds,
        oor: &mut report.out_of_range,
        hint: 0,
    };
    match inst {
        Inst::Salu(s) => salu::exec_salu(w, s),
        Inst::Sopk(s) => salu::exec_sopk(w, s, lds_bytes),
        Inst::Sopp(s) => salu::exec_sopp(w, s),
        Inst::Valu(v) => match sem {
            Sem::Vop32(f) => valu::exec_vop32(w, v, f),
            Sem::Valu(s) => valu::exec_valu(w, v, *s),
            _ => valu::exec_valu(w, v, ValuSem::Unsupported),
        }
        .map(|()| Flow::Next),
        Inst::Smem(s) => {
            vmem::exec_smem(w, s, mem_sem(sem), mem.global, mem.oor).map(|()| Flow::Next)
        }
        Inst::Ds(d) => vmem::exec_ds(w, d, mem_sem(sem), &mut mem).map(|()| Flow::Next),
        Inst::Buf(b) => vmem::exec_buf(w, b, mem_sem(sem), &mut mem).map(|()| Flow::Next),
        Inst::Flat(f) => vmem::exec_flat(w, f, mem_sem(sem), &mut mem).map(|()| Flow::Next),
        Inst::SetGprIdxOn { .. } => unsupported("VGPR indexing (s_set_gpr_idx_on)"),
        Inst::Mimg(m) => super::image::exec_mimg(w, m, mem.global).map(|()| Flow::Next),
        Inst::Exp(e) => super::export::exec_exp(w, e, mem.global),
        Inst::Vintrp(_) => unsupported(format!(
            "{} (graphics) in the gfx906 compute model",
            inst.opcode().name()
        )),
    }
}

fn mem_sem(s: &Sem) -> MemSem {
    match s {
        Sem::Mem(m) => *m,
        _ => MemSem::Unsupported,
    }
}
