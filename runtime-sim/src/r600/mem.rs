//! Memory: VTX fetch clauses (cayman Ch5/Ch6, VTX_WORD* L9291-L9524) and RAT (UAV) stores
//! and atomics issued from the CF program (MEM_RAT, MEM_RAT_CACHELESS, cayman L2961-L2996,
//! CF_ALLOC_EXPORT_WORD0_RAT L8221-L8324). LDS operations are ALU instructions (`alu.rs`).
//!
//! Decisions:
//! * **VTX addresses are bytes**: `GPR[SRC_GPR].SRC_SEL_X + OFFSET` into the bound buffer
//!   (stride 1, as Mesa binds compute buffers, abi-facts §3.4; the ISA leaves the resource
//!   layout to the host, digest Q36). Bytes outside the buffer read 0 and are counted.
//! * **RAT indices are elements of 32 bits**: INDEX_GPR.X × (ELEM_SIZE + 1) is a dword index
//!   ("in elements of the UAV surface format", cayman L8320; Mesa binds the global pool as an
//!   R32_UINT surface). A store writes component c of RW_GPR at index + c for every bit c of
//!   COMP_MASK (LLVM's 32/64/128-bit stores: COMP_MASK 0x1/0x3/0xF, digest D9).
//! * **Atomics** follow the ISA's RAT_INST numbering (cayman L8231-L8285; digest D1): both the
//!   no-return codes and the `_RTN` ones perform the operation; the returned pre-op value goes
//!   to a "return buffer" read back through the TC (cayman L2195), a protocol the ISA does not
//!   describe, so it is not delivered. CMPXCHG compares with RW_GPR.Z (cayman L2965-L2968;
//!   digest D2: LLVM puts it in .W). MEM_RAT_CACHELESS does no atomics (cayman L2981).
//! * Lanes execute a memory instruction in lane order, so atomics are sequential.
//! * **Write acknowledgements**: a RAT write is performed at once, but it is remembered
//!   (per wavefront and dword, `acks.rs`) until an ACK the program waited for covers it; a
//!   VTX or TEX fetch of such a dword is refused (cayman L786-L791, L8022, L8203-L8204,
//!   L8376).

use backend_r600::isa::{
    CfMem, ExportOp, ExportType, FetchClause, FetchInst, MemTarget, RatInst, TexInst, TexOp, VtxOp,
};

use super::acks::AckRequest;
use super::wave::{Ctx, Wave};
use super::WAVE;
use crate::runtime::RunError;

/// (bytes per component, components, float) of a VTX DATA_FORMAT (cayman L9390-L9424).
fn vtx_format(f: u8) -> Option<(usize, usize, bool)> {
    Some(match f {
        1 => (1, 1, false),
        5 => (2, 1, false),
        6 => (2, 1, true),
        7 => (1, 2, false),
        13 => (4, 1, false),
        14 => (4, 1, true),
        15 => (2, 2, false),
        16 => (2, 2, true),
        26 => (1, 4, false),
        29 => (4, 2, false),
        30 => (4, 2, true),
        31 => (2, 4, false),
        32 => (2, 4, true),
        34 => (4, 4, false),
        35 => (4, 4, true),
        44 => (1, 3, false),
        45 => (2, 3, false),
        46 => (2, 3, true),
        47 => (4, 3, false),
        48 => (4, 3, true),
        _ => return None,
    })
}

/// Where a fetch instruction is, for messages: formatted only when one is written (a
/// fetch clause runs many instructions, most of which report nothing).
struct FetchAt {
    cf: u32,
    addr: u32,
    k: usize,
}

impl std::fmt::Display for FetchAt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let FetchAt { cf, addr, k } = self;
        write!(f, "CF {cf}, fetch clause {addr} instruction {k}")
    }
}

/// The texture bound as resource `id`.
pub(crate) fn bound_texture(
    ctx: &Ctx<'_>,
    id: u8,
    here: &dyn std::fmt::Display,
) -> Result<super::Texture, RunError> {
    ctx.launch
        .textures
        .get(&id)
        .copied()
        .ok_or_else(|| RunError::BadLaunch(format!("{here}: texture resource {id} is not bound")))
}

/// OFFSET_X/Y: 5-bit two's complement "in texel space", range [-8, 8): half texels
/// (TEX_WORD2, cayman L9653-L9658; `docs/decisions.md`).
pub(crate) fn texel_offsets(t: &TexInst) -> [f32; 2] {
    let half_texels = |f: u8| f32::from(((f << 3) as i8) >> 3) / 2.0;
    [half_texels(t.offset[0]), half_texels(t.offset[1])]
}

impl Wave {
    /// Source component `k` of a TEX instruction in lane `l`, by SRC_SEL_k: X..W of the
    /// source GPR `sg`, 4 zero, 5 one (cayman L9638-L9650).
    pub(crate) fn tex_src(&self, t: &TexInst, sg: usize, k: usize, l: usize) -> u32 {
        match t.src_sel[k] {
            s @ 0..=3 => self.gpr.get(sg).map_or(0, |r| r[usize::from(s)][l]),
            5 => 1.0f32.to_bits(),
            _ => 0,
        }
    }
}

impl Wave {
    /// Runs a fetch clause for the lanes in `exec` (fetches are not predicated one by one,
    /// cayman L2096).
    pub(crate) fn fetch_clause(
        &mut self,
        ctx: &mut Ctx<'_>,
        clause: &FetchClause,
        addr: u32,
        exec: u64,
    ) -> Result<(), RunError> {
        let cf = ctx.prep.addr.get(self.pc).copied().unwrap_or(0);
        for (k, f) in clause.insts.iter().enumerate() {
            let here = FetchAt { cf, addr, k };
            self.steps += 1;
            ctx.report.wave_instructions += 1;
            ctx.report.lane_instructions += u64::from(exec.count_ones());
            let v = match f {
                FetchInst::Vtx(v) => v,
                FetchInst::Tex(t) => {
                    self.tex(ctx, t, exec, &here)?;
                    continue;
                }
                FetchInst::MemRd(_) => {
                    return Err(RunError::Unsupported(format!(
                        "{here}: MEM_RD (scratch/scatter reads)"
                    )))
                }
            };
            if v.op != VtxOp::Fetch {
                return Err(RunError::Unsupported(format!("{here}: {}", v.op.name())));
            }
            if v.use_const_fields || v.endian_swap != 0 || v.structured_read != 0 || v.lds_req {
                return Err(RunError::Unsupported(format!(
                    "{here}: USE_CONST_FIELDS, ENDIAN_SWAP, STRUCTURED_READ and LDS_REQ are not modelled"
                )));
            }
            let (size, n, float) = vtx_format(v.data_format).ok_or_else(|| {
                RunError::Unsupported(format!("{here}: DATA_FORMAT {}", v.data_format))
            })?;
            let buf_id = v.buffer_id;
            let mem = *ctx.launch.vtx_buffers.get(&buf_id).ok_or_else(|| {
                RunError::BadLaunch(format!("{here}: VTX buffer {buf_id} is not bound"))
            })?;
            let mut res = [[0u32; WAVE]; 4];
            for l in 0..WAVE {
                if exec >> l & 1 == 0 {
                    continue;
                }
                let sg = if v.src_rel {
                    rel_gpr(ctx, v.src_gpr, self.al)
                } else {
                    usize::from(v.src_gpr)
                };
                let a =
                    u64::from(self.gpr[sg][usize::from(v.src_sel_x & 3)][l]) + u64::from(v.offset);
                self.check_acked(ctx.acks, mem, a, (n * size) as u64, l, &here)?;
                let buf = ctx.launch.memory.get(mem).map(Vec::as_slice).unwrap_or(&[]);
                let mut comps = [0u32; 4];
                let mut oor = false;
                for c in 0..n {
                    let at = a + (c * size) as u64;
                    let mut raw = 0u32;
                    for b in 0..size {
                        let byte = usize::try_from(at + b as u64)
                            .ok()
                            .and_then(|i| buf.get(i).copied());
                        match byte {
                            Some(x) => raw |= u32::from(x) << (8 * b),
                            None => oor = true,
                        }
                    }
                    comps[c] = convert(raw, size, float, v.num_format_all, v.format_comp_all);
                }
                if oor {
                    ctx.report.out_of_range.uav_reads += 1;
                }
                let int = v.num_format_all == 1 && !float;
                let one = if int { 1 } else { 0x3F80_0000 };
                for c in 0..4 {
                    res[c][l] = match v.dst.sel[c] {
                        s @ 0..=3 => {
                            let s = usize::from(s);
                            if s < n {
                                comps[s]
                            } else if s == 3 {
                                one
                            } else {
                                0
                            }
                        }
                        4 => 0,
                        5 => one,
                        _ => 0,
                    };
                }
            }
            let dg = if v.dst.rel {
                rel_gpr(ctx, v.dst.gpr, self.al)
            } else {
                usize::from(v.dst.gpr)
            };
            self.write_fetch_result(&here, dg, v.dst.sel, &res, exec)?;
        }
        Ok(())
    }

    /// Writes a fetch's result: channel c of GPR `dg` takes `res[c]` in the lanes of `exec`,
    /// unless its DST_SEL is 7 (masked); DST_SEL 6 is reserved (cayman L9374).
    pub(crate) fn write_fetch_result(
        &mut self,
        here: &dyn std::fmt::Display,
        dg: usize,
        dst_sel: [u8; 4],
        res: &[[u32; WAVE]; 4],
        exec: u64,
    ) -> Result<(), RunError> {
        for c in 0..4 {
            match dst_sel[c] {
                7 => continue,
                6 => {
                    return Err(RunError::Fault(format!(
                        "{here}: DST_SEL 6 is reserved (cayman L9374)"
                    )))
                }
                _ => {}
            }
            let Some(r) = self.gpr.get_mut(dg) else {
                return Err(RunError::Fault(format!("{here}: R{dg} does not exist")));
            };
            super::lanes::select(&mut r[c], &res[c], exec);
        }
        Ok(())
    }

    /// A TEX instruction (cayman L9532-L9675) for the lanes in `exec`: SAMPLE (point
    /// filtering, clamp-to-edge, COORD_TYPE 1 = normalized), SAMPLE_C / SAMPLE_C_LZ (the
    /// same texel's x compared with the reference in the source's w, cayman L7400; one
    /// level, so both read level 0) and LD (integer texel coordinates, 0 outside the
    /// texture) on a 1D/2D texture or array of 32-bit components; an array's slice is the
    /// source's z.
    fn tex(
        &mut self,
        ctx: &mut Ctx<'_>,
        t: &TexInst,
        exec: u64,
        here: &dyn std::fmt::Display,
    ) -> Result<(), RunError> {
        if t.op == TexOp::GetTextureResinfo {
            return self.tex_resinfo(ctx, t, exec, here);
        }
        if t.op == TexOp::Gather4 {
            return self.tex_gather4(ctx, t, exec, here);
        }
        if !matches!(
            t.op,
            TexOp::Sample | TexOp::SampleLz | TexOp::Ld | TexOp::SampleC | TexOp::SampleCLz
        ) {
            return Err(RunError::Unsupported(format!(
                "{here}: texture instruction {}",
                t.op.name()
            )));
        }
        if t.resource_index_mode != 0
            || t.sampler_index_mode != 0
            || t.offset[2] != 0
            || (t.op == TexOp::Ld && t.offset != [0; 3])
        {
            return Err(RunError::Unsupported(format!(
                "{here}: indexed resources/samplers, OFFSET_Z and LD's texel offsets are not modelled"
            )));
        }
        let offset = texel_offsets(t);
        let tex = bound_texture(ctx, t.resource_id, here)?;
        let sg = if t.src_rel {
            rel_gpr(ctx, t.src_gpr, self.al)
        } else {
            usize::from(t.src_gpr)
        };
        let buf = ctx
            .launch
            .memory
            .get(tex.memory)
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        let comps = tex.comps.clamp(1, 4) as usize;
        let compare = matches!(t.op, TexOp::SampleC | TexOp::SampleCLz);
        let func = if compare {
            // Only X of a comparison is defined (cayman L7400).
            if t.dst.sel.iter().any(|&s| (1..=3).contains(&s)) {
                return Err(RunError::Unsupported(format!(
                    "{here}: {} writes Y, Z or W of the comparison; the ISA defines only X (cayman L7400)",
                    t.op.name()
                )));
            }
            Some(*ctx.launch.depth_compare.get(&t.sampler_id).ok_or_else(|| {
                RunError::BadLaunch(format!(
                    "{here}: {} through sampler {}, which has no depth comparison function",
                    t.op.name(),
                    t.sampler_id
                ))
            })?)
        } else {
            None
        };
        let mut res = [[0u32; WAVE]; 4];
        for l in 0..WAVE {
            if exec >> l & 1 == 0 {
                continue;
            }
            let coord = |k: usize| self.tex_src(t, sg, k, l);
            let texel: Option<(u32, u32, u32)> = if t.op == TexOp::Ld {
                let (x, y) = (coord(0) as i32, coord(1) as i32);
                let y = if tex.height <= 1 { 0 } else { y };
                let z = if tex.array { coord(2) as i32 } else { 0 };
                (x >= 0
                    && y >= 0
                    && z >= 0
                    && (x as u32) < tex.width
                    && (y as u32) < tex.height.max(1)
                    && (z as u32) < tex.slices.max(1))
                .then_some((x as u32, y as u32, z as u32))
            } else {
                let axis = |k: usize, size: u32| -> u32 {
                    let mut v = f32::from_bits(coord(k));
                    if t.coord_type[k] {
                        v *= size as f32;
                    }
                    v += offset[k];
                    if v.is_nan() || v < 0.0 {
                        0
                    } else {
                        // v >= 0: the conversion's truncation is the floor, and it
                        // saturates at u32::MAX, above any size - 1 (also for +inf): the
                        // floor clamped to size - 1 without floorf or a 64-bit conversion.
                        (v as u32).min(size.saturating_sub(1))
                    }
                };
                let y = if tex.height <= 1 {
                    0
                } else {
                    axis(1, tex.height)
                };
                let z = if tex.array {
                    array_slice(f32::from_bits(coord(2)), t.coord_type[2], tex.slices)
                } else {
                    0
                };
                Some((axis(0, tex.width), y, z))
            };
            let mut comp = [0u32, 0, 0, 1.0f32.to_bits()];
            match texel {
                Some((x, y, z)) => {
                    let row = u64::from(z) * u64::from(tex.height.max(1)) + u64::from(y);
                    let base = (row * u64::from(tex.width) + u64::from(x)) * comps as u64;
                    self.check_acked(ctx.acks, tex.memory, base * 4, comps as u64 * 4, l, here)?;
                    for (c, v) in comp.iter_mut().enumerate().take(comps) {
                        match read_dword(buf, base + c as u64) {
                            Some(d) => *v = d,
                            None => ctx.report.out_of_range.resource_reads += 1,
                        }
                    }
                }
                None => {
                    comp = [0; 4];
                    ctx.report.out_of_range.resource_reads += 1;
                }
            }
            if let Some(func) = func {
                comp[0] = depth_compare(func, f32::from_bits(coord(3)), f32::from_bits(comp[0]));
            }
            for c in 0..4 {
                res[c][l] = match t.dst.sel[c] {
                    s @ 0..=3 => comp[usize::from(s)],
                    5 => 1.0f32.to_bits(),
                    _ => 0,
                };
            }
        }
        let dg = if t.dst.rel {
            rel_gpr(ctx, t.dst.gpr, self.al)
        } else {
            usize::from(t.dst.gpr)
        };
        self.write_fetch_result(here, dg, t.dst.sel, &res, exec)
    }

    /// A CF_ALLOC_EXPORT memory instruction for the lanes in `exec`.
    pub(crate) fn mem_export(
        &mut self,
        ctx: &mut Ctx<'_>,
        m: &CfMem,
        exec: u64,
    ) -> Result<(), RunError> {
        let cf = ctx.prep.addr.get(self.pc).copied().unwrap_or(0);
        let here = format!("CF {cf}: {}", m.op.name());
        let MemTarget::Rat {
            id,
            inst,
            index_mode,
        } = m.target
        else {
            return Err(RunError::Unsupported(format!(
                "{here} (only RAT memory operations are modelled)"
            )));
        };
        if !matches!(m.op, ExportOp::MemRat | ExportOp::MemRatCacheless) {
            return Err(RunError::Unsupported(here));
        }
        if !matches!(m.ty, ExportType::T1 | ExportType::T3) {
            return Err(RunError::Unsupported(format!(
                "{here}: TYPE {} (only the indexed forms WRITE_IND / WRITE_IND_ACK)",
                m.ty.mem_name()
            )));
        }
        if m.burst_count != 0 {
            return Err(RunError::Unsupported(format!("{here}: burst exports")));
        }
        let rat = if index_mode == 0 {
            u32::from(id)
        } else {
            let ix = self
                .cf_idx
                .get(usize::from(index_mode) - 1)
                .copied()
                .unwrap_or(0);
            (u32::from(id) + ix) & 0xF
        };
        let mem = *ctx
            .launch
            .rats
            .get(&(rat as u8))
            .ok_or_else(|| RunError::BadLaunch(format!("{here}: RAT {rat} is not bound")))?;
        let store = matches!(inst, RatInst::StoreDword);
        if m.op == ExportOp::MemRatCacheless && !store && inst != RatInst::Nop {
            return Err(RunError::Fault(format!(
                "{here}: RAT_INST {} through MEM_RAT_CACHELESS, which only stores and reads (cayman L2981)",
                inst.name()
            )));
        }
        let rw = if m.rw_rel {
            rel_gpr(ctx, m.rw_gpr, self.al)
        } else {
            usize::from(m.rw_gpr)
        };
        let ig = usize::from(m.index_gpr);
        let scale = u64::from(m.elem_size) + 1;
        // `_RTN` operations (RAT_INST 32 and up) copy the value before the operation to the
        // RAT's return buffer at dword RW_GPR.y (cayman L2195, L8257-8285).
        let returns = inst.code() >= 32 && inst != RatInst::NopRtn;
        let ret_mem = if returns {
            if m.op != ExportOp::MemRat {
                return Err(RunError::Fault(format!(
                    "{here}: RAT_INST {} returns data, which only MEM_RAT does (cayman L2981)",
                    inst.name()
                )));
            }
            match ctx.launch.rat_returns.get(&(rat as u8)) {
                Some(&b) => Some(b),
                // LLVM 14 issues its no-return atomics with the `_RTN` codes, TYPE WRITE_IND
                // and no return address (digest D1): performed, nothing delivered.
                None if m.ty != ExportType::T3 => None,
                None => {
                    return Err(RunError::BadLaunch(format!(
                        "{here}: RAT {rat} has no return buffer bound for the value its WRITE_IND_ACK asks for"
                    )))
                }
            }
        } else {
            None
        };
        let req = AckRequest::of(matches!(m.ty, ExportType::T2 | ExportType::T3), m.mark);
        let me = self.wave_id as usize;
        if let Some(a) = ctx.acks.get_mut(me) {
            a.begin_write(req);
        }
        for l in 0..WAVE {
            if exec >> l & 1 == 0 {
                continue;
            }
            let index = u64::from(self.gpr[ig][0][l]) * scale;
            let data = [
                self.gpr[rw][0][l],
                self.gpr[rw][1][l],
                self.gpr[rw][2][l],
                self.gpr[rw][3][l],
            ];
            let buf = ctx
                .launch
                .memory
                .get_mut(mem)
                .ok_or_else(|| RunError::BadLaunch(format!("{here}: no memory {mem}")))?;
            let oor = &mut ctx.report.out_of_range;
            if store {
                for c in 0..4 {
                    if m.comp_mask >> c & 1 == 0 {
                        continue;
                    }
                    if write_dword(buf, index + c as u64, data[c]) {
                        if let Some(a) = ctx.acks.get_mut(me) {
                            a.wrote(mem, index + c as u64, req, cf);
                        }
                    } else {
                        oor.uav_writes += 1;
                    }
                }
                continue;
            }
            let (x, cmp, mask) = (data[0], data[2], data[3]);
            use RatInst as R;
            let f: fn(u32, u32, u32, u32) -> u32 = match inst {
                R::Nop | R::NopRtn => continue,
                R::Add | R::AddRtn => |o, x, _, _| o.wrapping_add(x),
                R::Sub | R::SubRtn => |o, x, _, _| o.wrapping_sub(x),
                R::Rsub | R::RsubRtn => |o, x, _, _| x.wrapping_sub(o),
                R::MinInt | R::MinIntRtn => |o, x, _, _| (o as i32).min(x as i32) as u32,
                R::MaxInt | R::MaxIntRtn => |o, x, _, _| (o as i32).max(x as i32) as u32,
                R::MinUint | R::MinUintRtn => |o, x, _, _| o.min(x),
                R::MaxUint | R::MaxUintRtn => |o, x, _, _| o.max(x),
                R::And | R::AndRtn => |o, x, _, _| o & x,
                R::Or | R::OrRtn => |o, x, _, _| o | x,
                R::Xor | R::XorRtn => |o, x, _, _| o ^ x,
                R::IncUint | R::IncUintRtn => |o, x, _, _| if o >= x { 0 } else { o + 1 },
                R::DecUint | R::DecUintRtn => |o, x, _, _| if o == 0 || o > x { x } else { o - 1 },
                R::CmpxchgInt | R::CmpxchgIntRtn => |o, x, c, _| if o == c { x } else { o },
                R::XchgRtn => |_, x, _, _| x,
                // Reserved on Cayman (cayman L8250); LLVM's byte/short stores: X holds the
                // shifted value, W the mask (digest D3).
                R::Mskor => |o, x, _, m| (o & !m) | x,
                R::StoreTyped | R::StoreShort | R::StoreByte | R::StoreDword => {
                    return Err(RunError::Unsupported(format!(
                        "{here}: RAT_INST {}",
                        inst.name()
                    )))
                }
            };
            let old = match read_dword(buf, index) {
                Some(o) => {
                    write_dword(buf, index, f(o, x, cmp, mask));
                    if let Some(a) = ctx.acks.get_mut(me) {
                        a.wrote(mem, index, req, cf);
                    }
                    o
                }
                None => {
                    oor.uav_writes += 1;
                    // Outside the surface nothing is read: the model returns 0, as a VTX
                    // fetch outside its buffer does.
                    0
                }
            };
            if let Some(rm) = ret_mem {
                let at = u64::from(data[1]);
                let rb = ctx.launch.memory.get_mut(rm).ok_or_else(|| {
                    RunError::BadLaunch(format!("{here}: no memory {rm} for the return buffer"))
                })?;
                if !write_dword(rb, at, old) {
                    return Err(RunError::Fault(format!(
                        "{here}: return address {at} (RW_GPR.y) is outside RAT {rat}'s return buffer"
                    )));
                }
                if let Some(a) = ctx.acks.get_mut(me) {
                    a.wrote(rm, at, req, cf);
                }
            }
        }
        Ok(())
    }
}

impl Wave {
    /// Refuses a fetch by lane `lane` of the bytes `[byte, byte + len)` of memory `mem` when
    /// a wavefront of the group wrote one of their dwords through a RAT and nothing
    /// guarantees the write is in memory yet (`acks.rs`; cayman L786-L791, L8022, L8203).
    /// The writer's own WAIT_ACK is what makes a write visible, to it and to the others.
    #[inline]
    fn check_acked(
        &self,
        acks: &[super::acks::Acks],
        mem: usize,
        byte: u64,
        len: u64,
        lane: usize,
        here: &dyn std::fmt::Display,
    ) -> Result<(), RunError> {
        // The common case, per lane of every fetch: nothing is tracked.
        if acks.iter().all(super::acks::Acks::is_clear) {
            return Ok(());
        }
        self.check_tracked(acks, mem, byte, len, lane, here)
    }

    /// [`Wave::check_acked`] when some write is tracked.
    #[inline(never)]
    fn check_tracked(
        &self,
        acks: &[super::acks::Acks],
        mem: usize,
        byte: u64,
        len: u64,
        lane: usize,
        here: &dyn std::fmt::Display,
    ) -> Result<(), RunError> {
        for (w, a) in acks.iter().enumerate() {
            let Some((dword, why, cf)) = a.unconfirmed_bytes(mem, byte, len) else {
                continue;
            };
            let by = if w == self.wave_id as usize {
                "this wavefront".to_string()
            } else {
                format!("wavefront {w} of the group")
            };
            return Err(RunError::Fault(format!(
                "{here}: lane {lane} reads dword {dword} of memory {mem}, which {by} wrote with the RAT write at CF {cf}, {}: the fetch may return the old value; a write that is read back needs TYPE WRITE_ACK/WRITE_IND_ACK and a WAIT_ACK 0 by its writer before the fetch (cayman L786-L791, L8022, L8203)",
                why.reason()
            )));
        }
        Ok(())
    }
}

/// The slice a SAMPLE reads of an array of `slices` (`coord` the source's z; normalized
/// with COORD_TYPE_Z 1). The ISA gives no rule: the model takes D3D10's, which DX10-class
/// texture units implement and the IL repeats (IL reference L5155): round to nearest even,
/// clamp to the slices there are; NaN selects slice 0.
fn array_slice(coord: f32, normalized: bool, slices: u32) -> u32 {
    let z = if normalized {
        coord * slices as f32
    } else {
        coord
    };
    if z.is_nan() || z <= 0.0 {
        0
    } else {
        (z.round_ties_even() as u64).min(u64::from(slices.saturating_sub(1))) as u32
    }
}

/// SAMPLE_C's comparison: 1.0 when `reference FUNC texel` holds, else 0.0 (cayman L7400:
/// "A passing compare puts a 1.0 in the src0.X element"; NaNs are honored, so an ordered
/// comparison with a NaN fails and NOT_EQUAL passes).
fn depth_compare(func: super::DepthCompare, reference: f32, texel: f32) -> u32 {
    use super::DepthCompare as D;
    let pass = match func {
        D::Never => false,
        D::Less => reference < texel,
        D::Equal => reference == texel,
        D::LessEqual => reference <= texel,
        D::Greater => reference > texel,
        D::NotEqual => reference != texel,
        D::GreaterEqual => reference >= texel,
        D::Always => true,
    };
    if pass {
        1.0f32.to_bits()
    } else {
        0
    }
}

/// A GPR relative to aL; outside the registers R0 (cayman L1466).
fn rel_gpr(ctx: &Ctx<'_>, base: u8, al: i32) -> usize {
    let a = i64::from(base) + i64::from(al);
    if (0..128).contains(&a) && super::gpr_ok(ctx.launch, a as u32) {
        a as usize
    } else {
        0
    }
}

fn read_dword(buf: &[u8], index: u64) -> Option<u32> {
    let at = usize::try_from(index.checked_mul(4)?).ok()?;
    match buf.get(at..at.checked_add(4)?) {
        Some(&[a, b, c, d]) => Some(u32::from_le_bytes([a, b, c, d])),
        _ => None,
    }
}

fn write_dword(buf: &mut [u8], index: u64, v: u32) -> bool {
    let Some(at) = index.checked_mul(4).and_then(|a| usize::try_from(a).ok()) else {
        return false;
    };
    match buf.get_mut(at..at.saturating_add(4)) {
        Some(d) if d.len() == 4 => {
            d.copy_from_slice(&v.to_le_bytes());
            true
        }
        _ => false,
    }
}

/// One fetched component: NUM_FORMAT_ALL 0 NORM, 1 INT, 2 SCALED; FORMAT_COMP_ALL signed
/// (cayman L9430-L9443).
fn convert(raw: u32, size: usize, float: bool, num: u8, signed: bool) -> u32 {
    if float {
        return if size == 2 {
            super::ops::fout(super::ops::f16_to_f32(raw as u16))
        } else {
            raw
        };
    }
    let bits = 8 * size as u32;
    let sval = if bits < 32 {
        ((raw << (32 - bits)) as i32) >> (32 - bits)
    } else {
        raw as i32
    };
    match num {
        1 => {
            if signed {
                sval as u32
            } else {
                raw
            }
        }
        2 => {
            if signed {
                (sval as f32).to_bits()
            } else {
                (raw as f32).to_bits()
            }
        }
        _ => {
            if bits == 32 {
                return raw;
            }
            if signed {
                let max = ((1i64 << (bits - 1)) - 1) as f32;
                (sval as f32 / max).max(-1.0).to_bits()
            } else {
                let max = ((1u64 << bits) - 1) as f32;
                (raw as f32 / max).to_bits()
            }
        }
    }
}

#[path = "gather.rs"]
mod gather;

#[cfg(test)]
#[path = "mem_tests.rs"]
mod tests;
