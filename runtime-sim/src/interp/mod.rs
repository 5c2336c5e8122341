//! The IL reference interpreter (device `il`): the meaning of IL, executable, against which
//! every compiled target is judged. It runs the AST of the front end (pre-decoded by
//! [`kernel`]), independent of the compiler.
//!
//! Structure:
//! - [`kernel`]: AST to a flat, resolved instruction array;
//! - [`wave`]: 64-lane wavefront state and the structured control-flow stack;
//! - [`exec`]: the instruction loop, operand reads and result writes;
//! - [`alu`] over [`semantics`]: arithmetic, one scalar function per instruction;
//! - [`memory`]: UAVs, SRVs, LDS, GDS, atomics; [`texture`]: resources and derivatives;
//! - [`launch`]: checking a launch against the program and binding memory.
//!
//! Work-groups run one after another; the wavefronts of a group run in turn up to each
//! barrier, so a barrier has real work-group semantics (every wavefront of the group has
//! arrived or finished before any continues).

// Lane loops index several per-lane arrays at once (`out[c][l] = f(a[c][l], b[c][l])`);
// iterator chains over four arrays would hide that.
#![allow(clippy::needless_range_loop)]

pub mod alu;
pub mod exec;
pub mod formulas;
pub mod kernel;
pub mod launch;
pub mod memory;
pub use il_semantics as semantics;
pub mod taint;
pub mod texture;
pub mod tolerated;
pub mod wave;

use il_frontend::Program;

use self::exec::Ctx;
use self::kernel::{Kernel, SlotInit};
use self::launch::Shape;
use self::wave::{Lanes, Lanes4, Status, Wave, WAVE};
use crate::runtime::{Bindings, Device, Dispatch, RunError, RunReport};

/// Instructions a wavefront may execute before a run is stopped as endless.
pub const DEFAULT_STEP_LIMIT: u64 = 10_000_000;

/// The reference interpreter.
#[derive(Clone, Copy, Debug)]
pub struct Interpreter {
    /// Instructions one wavefront may execute (counted per wavefront, not per lane).
    pub step_limit: u64,
}

impl Default for Interpreter {
    fn default() -> Self {
        Interpreter {
            step_limit: DEFAULT_STEP_LIMIT,
        }
    }
}

impl Device for Interpreter {
    fn name(&self) -> &'static str {
        "il"
    }

    /// Runs `program` on `bindings`. The bound memory is updated in place; a pixel
    /// dispatch creates `bindings.render_targets` for every output the program declares
    /// or writes. A failed launch check leaves the bindings as they were.
    fn run(
        &self,
        program: &Program,
        bindings: &mut Bindings,
        dispatch: Dispatch,
    ) -> Result<RunReport, RunError> {
        let kernel = kernel::lower(program)?;
        self.run_kernel(&kernel, bindings, dispatch)
    }
}

impl Interpreter {
    /// Runs a pre-decoded kernel (to run one program many times without lowering it again).
    pub fn run_kernel(
        &self,
        kernel: &Kernel,
        bindings: &mut Bindings,
        dispatch: Dispatch,
    ) -> Result<RunReport, RunError> {
        self.run_inner(
            kernel,
            bindings,
            dispatch,
            false,
            tolerated::Tolerated::Ideal,
        )
        .map(|(report, _)| report)
    }

    /// [`Self::run_kernel`] with the tolerated instructions computed as `mode` says (a
    /// target's formulas, or perturbed within the accuracy table: [`tolerated`]).
    pub fn run_kernel_tolerated(
        &self,
        kernel: &Kernel,
        bindings: &mut Bindings,
        dispatch: Dispatch,
        mode: tolerated::Tolerated,
    ) -> Result<RunReport, RunError> {
        self.run_inner(kernel, bindings, dispatch, false, mode)
            .map(|(report, _)| report)
    }

    /// [`Interpreter::run_kernel`] that also records, per output dword, whether a tolerated
    /// value reached it and from which instruction ([`taint`]). The values are those of a
    /// normal run; the taint makes the run slower.
    pub fn run_kernel_tainted(
        &self,
        kernel: &Kernel,
        bindings: &mut Bindings,
        dispatch: Dispatch,
    ) -> Result<(RunReport, taint::OutputTaint), RunError> {
        self.run_inner(
            kernel,
            bindings,
            dispatch,
            true,
            tolerated::Tolerated::Ideal,
        )
        .map(|(report, t)| (report, t.unwrap_or_default()))
    }

    fn run_inner(
        &self,
        kernel: &Kernel,
        bindings: &mut Bindings,
        dispatch: Dispatch,
        tainted: bool,
        mode: tolerated::Tolerated,
    ) -> Result<(RunReport, Option<taint::OutputTaint>), RunError> {
        let shape = launch::shape(kernel, dispatch)?;
        let mut mem = launch::prepare(kernel, shape, bindings)?;
        if tainted {
            let bytes: Vec<usize> = mem.uav_buffers.iter().map(Vec::len).collect();
            mem.taint = Some(Box::new(taint::MemTaint::new(
                &bytes,
                mem.lds.len(),
                mem.gds.len(),
                mem.global.len(),
                mem.shared.len(),
            )));
        }
        let mut ctx = Ctx {
            kernel,
            mem: &mut mem,
            step_limit: self.step_limit,
            pixel: matches!(shape, Shape::Pixel { .. }).then_some(texture::PixelInfo),
            tolerated: tolerated::State::new(mode),
        };
        let mut report = RunReport::default();
        let result = match shape {
            Shape::Compute { groups, group, .. } => run_grid(&mut ctx, groups, group, &mut report),
            Shape::Pixel { width, height } => {
                run_domain(&mut ctx, bindings, width, height, &mut report)
            }
        };
        report.out_of_range = mem.out_of_range;
        let outputs = mem.taint.take().map(|t| output_taint(*t, &mem));
        launch::restore(&mut mem, kernel, bindings);
        result.map(|()| (report, outputs))
    }
}

/// The taint of every output dword at the end of a tainted run, with the taints of whole
/// buffers applied.
fn output_taint(t: taint::MemTaint, mem: &memory::Memory) -> taint::OutputTaint {
    let mut out = taint::OutputTaint::default();
    for (i, &id) in mem.uav_ids.iter().enumerate() {
        let whole = t.uav_whole.get(i).copied().unwrap_or(taint::CLEAN);
        let dwords = mem.uav_buffers.get(i).map_or(0, |b| b.len().div_ceil(4));
        let mut v = t.uav.get(i).cloned().unwrap_or_default();
        v.resize(dwords, taint::CLEAN);
        v.iter_mut().for_each(|x| *x = taint::merge(*x, whole));
        out.uavs.insert(id, v);
    }
    for (n, rt) in t.render_targets {
        out.render_targets
            .insert(n, rt.iter().flatten().copied().collect());
    }
    if !mem.global.is_empty() || !t.global.is_empty() {
        let mut g: Vec<taint::Origin> = t.global.iter().flatten().copied().collect();
        g.iter_mut()
            .for_each(|x| *x = taint::merge(*x, t.global_whole));
        out.global = Some(g);
    }
    out
}

/// A wavefront for `kernel`, with a taint shadow in a tainted run.
fn new_wave(kernel: &Kernel, ctx: &Ctx<'_>) -> Wave {
    let mut w = Wave::new(kernel);
    if ctx.mem.taint.is_some() {
        w.taint = Some(Box::new(taint::WaveTaint::new(kernel)));
    }
    w
}

fn splat(v: [u32; 4]) -> Lanes4 {
    [[v[0]; WAVE], [v[1]; WAVE], [v[2]; WAVE], [v[3]; WAVE]]
}

/// Runs every work-group of a compute grid.
fn run_grid(
    ctx: &mut Ctx<'_>,
    groups: [u32; 3],
    group: [u32; 3],
    report: &mut RunReport,
) -> Result<(), RunError> {
    let kernel = ctx.kernel;
    let threads = group[0] * group[1] * group[2];
    let waves_per_group = threads.div_ceil(WAVE as u32) as usize;
    let mut waves: Vec<Wave> = (0..waves_per_group)
        .map(|_| new_wave(kernel, ctx))
        .collect();
    let local: Vec<[Lanes; 3]> = (0..waves_per_group)
        .map(|i| local_coordinates(i, group))
        .collect();
    let scratch = &mut exec::Scratch::new(kernel);
    let total_groups = u64::from(groups[0]) * u64::from(groups[1]) * u64::from(groups[2]);
    for flat_group in 0..total_groups {
        let g = [
            (flat_group % u64::from(groups[0])) as u32,
            (flat_group / u64::from(groups[0]) % u64::from(groups[1])) as u32,
            (flat_group / (u64::from(groups[0]) * u64::from(groups[1]))) as u32,
        ];
        ctx.mem.lds.fill(0);
        if let Some(t) = &mut ctx.mem.taint {
            // A work-group's LDS starts fresh, and so does its taint.
            t.lds.fill(taint::CLEAN);
            t.lds_whole = taint::CLEAN;
        }
        for (i, w) in waves.iter_mut().enumerate() {
            let first = i as u32 * WAVE as u32;
            let count = (threads - first).min(WAVE as u32);
            let live = if count == 64 {
                u64::MAX
            } else {
                (1u64 << count) - 1
            };
            w.restart(live);
            w.index = i as u32;
            for l in 0..WAVE {
                w.local_id[l] = first + l as u32;
            }
            init_compute_slots(kernel, w, &local[i], g, groups, group);
        }
        // Wavefronts run in turn to the next barrier; a barrier releases when every
        // wavefront has reached it or finished.
        loop {
            for w in waves.iter_mut().filter(|w| w.status == Status::Running) {
                exec::run(w, ctx, scratch)?;
            }
            let mut waiting = false;
            for w in waves.iter_mut().filter(|w| w.status == Status::AtBarrier) {
                w.status = Status::Running;
                waiting = true;
            }
            if !waiting {
                break;
            }
        }
        for w in &waves {
            report.wave_instructions += w.steps;
            report.lane_instructions += w.lane_steps;
        }
        for w in &mut waves {
            w.lane_steps = 0;
        }
        report.groups += 1;
    }
    Ok(())
}

/// The (x, y, z) position in a work-group of size `d` of each lane of wavefront `index`
/// (flat id `64 * index + lane`), the same in every work-group.
fn local_coordinates(index: usize, d: [u32; 3]) -> [Lanes; 3] {
    let mut out = [[0; WAVE]; 3];
    for l in 0..WAVE {
        let f = (index * WAVE + l) as u32;
        let local = [f % d[0], f / d[0] % d[1], f / (d[0] * d[1])];
        for k in 0..3 {
            out[k][l] = local[k];
        }
    }
    out
}

/// Fills the ID registers of a compute wavefront (IL reference Ch5, `docs/abi.md`); `local`
/// are its lanes' [`local_coordinates`].
fn init_compute_slots(
    kernel: &Kernel,
    w: &mut Wave,
    local: &[Lanes; 3],
    g: [u32; 3],
    groups: [u32; 3],
    d: [u32; 3],
) {
    let group_flat = g[2] * groups[0] * groups[1] + g[1] * groups[0] + g[0];
    for (slot, init) in kernel.slots.iter().enumerate() {
        let reg = &mut w.regs[slot];
        match init {
            SlotInit::ThreadGroupId => *reg = splat([g[0], g[1], g[2], 0]),
            SlotInit::ThreadGroupIdFlat => *reg = splat([group_flat; 4]),
            SlotInit::ThreadIdInGroup => *reg = [local[0], local[1], local[2], [0; WAVE]],
            SlotInit::ThreadIdInGroupFlat => *reg = [w.local_id; 4],
            SlotInit::AbsoluteThreadId => {
                for k in 0..3 {
                    for l in 0..WAVE {
                        reg[k][l] = g[k].wrapping_mul(d[k]).wrapping_add(local[k][l]);
                    }
                }
                reg[3] = [0; WAVE];
            }
            SlotInit::AbsoluteThreadIdFlat => {
                let first = group_flat.wrapping_mul(d[0] * d[1] * d[2]);
                for l in 0..WAVE {
                    let v = first.wrapping_add(w.local_id[l]);
                    for comp in reg.iter_mut() {
                        comp[l] = v;
                    }
                }
            }
            _ => *reg = [[0; WAVE]; 4],
        }
    }
}

/// Element `i` of buffer `n` of a binding map, zero where there is none (lanes outside the
/// domain).
fn element(map: &std::collections::BTreeMap<u32, Vec<[u32; 4]>>, n: u32, i: usize) -> [u32; 4] {
    map.get(&n)
        .and_then(|v| v.get(i))
        .copied()
        .unwrap_or([0; 4])
}

/// The side of a pixel tile: one 8x8 tile per wavefront.
const TILE: u32 = 8;

/// `vObjIndex0.x` at pixel (x, y) of a domain `width` pixels wide: pixels are ordered
/// row-major, the order of the inputs and render targets (`docs/decisions.md`, "The ordered
/// pixel index"). Lanes outside the domain get a value too (wrapping, never used).
fn ordered_index(x: u32, y: u32, width: u32) -> u32 {
    y.wrapping_mul(width).wrapping_add(x)
}

/// Runs a pixel kernel over a domain, tile by tile.
fn run_domain(
    ctx: &mut Ctx<'_>,
    bindings: &mut Bindings,
    width: u32,
    height: u32,
    report: &mut RunReport,
) -> Result<(), RunError> {
    let kernel = ctx.kernel;
    let pixels = (width as usize) * (height as usize);
    for &n in &kernel.decls.outputs {
        let rt = bindings.render_targets.entry(n).or_default();
        rt.resize(pixels, [0; 4]);
    }
    let mut w = new_wave(kernel, ctx);
    if let Some(t) = &mut ctx.mem.taint {
        for &n in &kernel.decls.outputs {
            t.render_targets.insert(n, vec![[taint::CLEAN; 4]; pixels]);
        }
    }
    let scratch = &mut exec::Scratch::new(kernel);
    for ty in 0..height.div_ceil(TILE) {
        for tx in 0..width.div_ceil(TILE) {
            let mut live = 0u64;
            let mut pixel = [usize::MAX; WAVE];
            for l in 0..WAVE as u32 {
                let (x, y) = (tx * TILE + l % TILE, ty * TILE + l / TILE);
                if x < width && y < height {
                    live |= 1 << l;
                    pixel[l as usize] = (y * width + x) as usize;
                }
            }
            w.restart(live);
            w.index = ty * width.div_ceil(TILE) + tx;
            for l in 0..WAVE {
                w.local_id[l] = l as u32;
            }
            let (inputs, targets) = (&bindings.inputs, &bindings.render_targets);
            for (slot, init) in kernel.slots.iter().enumerate() {
                let reg = &mut w.regs[slot];
                // The per-pixel value of an input-like slot; temporaries start at zero.
                let per_pixel: Option<&dyn Fn(usize) -> [u32; 4]> = match *init {
                    SlotInit::Position => Some(&|l| {
                        let (x, y) = (tx * TILE + l as u32 % TILE, ty * TILE + l as u32 / TILE);
                        [
                            (x as f32 + 0.5).to_bits(),
                            (y as f32 + 0.5).to_bits(),
                            0,
                            1.0f32.to_bits(),
                        ]
                    }),
                    SlotInit::Face => Some(&|_| [1.0f32.to_bits(); 4]),
                    SlotInit::PixelIndex => Some(&|l| {
                        let (x, y) = (tx * TILE + l as u32 % TILE, ty * TILE + l as u32 / TILE);
                        [ordered_index(x, y, width), 0, 0, 0]
                    }),
                    SlotInit::Input(n) => Some(&move |l| element(inputs, n, pixel[l])),
                    SlotInit::Output(n) => Some(&move |l| element(targets, n, pixel[l])),
                    _ => None,
                };
                match per_pixel {
                    None => *reg = [[0; WAVE]; 4],
                    Some(value) => {
                        for l in 0..WAVE {
                            let v = value(l);
                            for c in 0..4 {
                                reg[c][l] = v[c];
                            }
                        }
                    }
                }
            }
            exec::run(&mut w, ctx, scratch)?;
            // A barrier in a pixel kernel has nobody to wait for.
            while w.status == Status::AtBarrier {
                exec::run(&mut w, ctx, scratch)?;
            }
            let written = live & !w.discarded;
            for (slot, init) in kernel.slots.iter().enumerate() {
                let SlotInit::Output(n) = *init else { continue };
                let Some(rt) = bindings.render_targets.get_mut(&n) else {
                    continue;
                };
                let reg = &w.regs[slot];
                for l in wave::active_lanes(written) {
                    rt[pixel[l]] = [reg[0][l], reg[1][l], reg[2][l], reg[3][l]];
                }
                if let (Some(wt), Some(mt)) = (&w.taint, &mut ctx.mem.taint) {
                    let Some(rt) = mt.render_targets.get_mut(&n) else {
                        continue;
                    };
                    // A control-tainted pixel's outputs are all tainted, written or
                    // discarded: another path might have written or kept them.
                    for l in wave::active_lanes(live) {
                        let control = wt.control[l];
                        let t = &mut rt[pixel[l]];
                        for c in 0..4 {
                            let value = if written >> l & 1 != 0 {
                                wt.regs[slot][c][l]
                            } else {
                                t[c]
                            };
                            t[c] = taint::merge(value, control);
                        }
                    }
                }
            }
            report.wave_instructions += w.steps;
            report.lane_instructions += w.lane_steps;
            w.lane_steps = 0;
            report.groups += 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_coordinates_follow_the_flat_order_x_fastest() {
        let d = [3, 5, 7];
        // Host enumeration of the group in flat order: x fastest, then y, then z.
        let mut order = Vec::new();
        for z in 0..d[2] {
            for y in 0..d[1] {
                for x in 0..d[0] {
                    order.push([x, y, z]);
                }
            }
        }
        for wave in 0..2 {
            let got = local_coordinates(wave, d);
            // The 105 work-items end in the second wavefront.
            for l in (0..WAVE).filter(|l| wave * WAVE + l < order.len()) {
                let expected = order[wave * WAVE + l];
                assert_eq!([got[0][l], got[1][l], got[2][l]], expected, "lane {l}");
            }
        }
    }

    /// `vObjIndex0` is the row-major pixel index in .x and 0 elsewhere, also in the
    /// partial tiles of a 10 x 3 domain.
    #[test]
    fn object_index_is_the_row_major_pixel_index() {
        let src = "il_ps_2_0\ndcl_output_generic o0\ndcl_input vObjIndex0\n\
                   mov o0, vObjIndex0\nend\n";
        let (program, diags, _) = il_frontend::read(src.as_bytes());
        let program = program.unwrap_or_else(|| panic!("{diags:?}"));
        let mut bindings = Bindings::default();
        let dispatch = Dispatch::Domain {
            width: 10,
            height: 3,
        };
        Interpreter::default()
            .run(&program, &mut bindings, dispatch)
            .expect("runs");
        let expected: Vec<[u32; 4]> = (0..30).map(|i| [i, 0, 0, 0]).collect();
        assert_eq!(bindings.render_targets[&0], expected);
    }
}
