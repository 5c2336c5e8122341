//! `ilc check`: differential runs without expected outputs. For each program, inputs are
//! generated from its declarations (seeded, reproducible), the reference interpreter runs
//! it, each target runs it, and every output (UAVs, render targets, the global buffer) is
//! compared dword by dword. The reference run is a tainted one
//! ([`Interpreter::run_kernel_tainted`]): an output dword that no tolerated instruction
//! reached must have the same bits as the reference's; one that a tolerated value reached
//! is compared within the accuracy table ([`tainted_agrees`]).
//!
//! For the target `il` itself the "target" side runs the program after a round trip
//! through the binary token stream (encode, decode), so that the check says something: the
//! two forms of the program must mean the same.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use il_frontend::ast::{Program, Src};
use il_frontend::enums::ElementFormat;
use il_frontend::opcode::{DataType, Opcode};
use il_frontend::regs::RegType;
use runtime_sim::accuracy::{self, Tolerance};
use runtime_sim::interp::formulas::FormulaTarget;
use runtime_sim::interp::kernel::{self, Decls, Kernel, UavDecl};
use runtime_sim::interp::taint::{self, Origin, OutputTaint, CLEAN};
use runtime_sim::interp::tolerated::Tolerated;
use runtime_sim::runtime::flatten;
use runtime_sim::{
    Bindings, Device, Dispatch, Interpreter, Resource, RunError, RunReport, UavSize,
};

use crate::envelope::{Envelope, Output};
use crate::Target;

/// Pixel domain of generated workloads: 3 x 2 tiles of 8 x 8, the last ones partial.
pub const DOMAIN: (u32, u32) = (20, 12);
/// Work-groups of generated compute workloads (along x).
pub const GROUPS: u32 = 2;
/// Elements of a generated global buffer `g[]`.
const GLOBAL_ELEMENTS: usize = 4096;

/// A small deterministic generator (SplitMix64): the same seed gives the same inputs on
/// every machine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A float in [lo, hi), with 16 bits of randomness (exactly representable steps).
    pub fn float(&mut self, lo: f32, hi: f32) -> f32 {
        let t = (self.next_u64() >> 48) as f32 / 65536.0;
        lo + (hi - lo) * t
    }

    pub fn below(&mut self, n: u32) -> u32 {
        (self.next_u64() % u64::from(n.max(1))) as u32
    }
}

/// What a generated constant-buffer component holds, inferred from the instructions that
/// read it (components no float or double instruction reads get small integers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Float,
    Double,
}

/// Inputs and launch shape for one program.
#[derive(Clone, Debug)]
pub struct Workload {
    pub bindings: Bindings,
    pub dispatch: Dispatch,
}

/// The kind of each constant-buffer component read with a constant index: float if a float
/// instruction reads it, double if a double one does, an integer otherwise.
fn constant_kinds(program: &Program) -> BTreeMap<(u32, u32, usize), Kind> {
    let mut kinds = BTreeMap::new();
    let mut note = |s: &Src, data: DataType| {
        let r = &s.reg;
        if r.ty != RegType::ConstBuff || !r.dims.is_empty() {
            return;
        }
        let Some(index) = r
            .index
            .as_ref()
            .filter(|i| i.relative.is_none())
            .and_then(|i| i.offset)
        else {
            return;
        };
        let kind = match data {
            DataType::Float => Kind::Float,
            DataType::Double => Kind::Double,
            _ => return,
        };
        for (c, sel) in s.swizzle().iter().enumerate() {
            let comp = *sel as usize;
            if comp < 4 && (kind != Kind::Double || c < 2) {
                kinds.insert((r.num, index, comp), kind);
            }
        }
    };
    for inst in program
        .body
        .iter()
        .chain(program.macros.iter().flat_map(|m| &m.body))
    {
        // Moves and selects copy bits of any type: they say nothing.
        let untyped = matches!(
            inst.opcode,
            Opcode::Mov | Opcode::InvMov | Opcode::DMov | Opcode::Cmov | Opcode::CmovLogical
        );
        if !untyped {
            for s in &inst.srcs {
                note(s, inst.info().data);
            }
        }
    }
    kinds
}

/// The size `generate` binds a typed UAV of dimension `ty` with, or `None` for a buffer or
/// 1D UAV (bound by its bytes as the other UAVs): the launch's extent in each dimension the
/// UAV has (the grid's global size, or the pixel domain), at least 16 x 16 x 4, so that a
/// kernel addressing it by its work-item or pixel coordinates stays in range; MSAA ones get
/// 4 samples, arrays (and the slices of 1D arrays) 4 slices.
fn typed_uav_size(ty: il_frontend::enums::PixTexUsage, dispatch: Dispatch) -> Option<UavSize> {
    let (h, d, s) = runtime_sim::interp::memory::typed_uav_dimensions(ty)?;
    if !(h || d || s) {
        return None;
    }
    let extent = match dispatch {
        Dispatch::Grid { global, .. } => global,
        Dispatch::Domain { width, height } => [width, height, 1],
    };
    let one_d_array = ty == il_frontend::enums::PixTexUsage::Tex1DArray;
    Some(UavSize {
        width: extent[0].max(16),
        height: if one_d_array { 4 } else { extent[1].max(16) },
        depth: if d { extent[2].max(4) } else { 1 },
        samples: if s { 4 } else { 1 },
    })
}

/// Generates inputs for `program` from its declarations. Constant buffers get small
/// integers (so that loops bounded by them end) or floats in [0.5, 4) where a float
/// instruction reads them; UAVs, resources, interpolated inputs and the global buffer get
/// floats in [0.25, 4).
pub fn generate(program: &Program, decls: &Decls, seed: u64) -> Workload {
    let mut rng = Rng::new(seed);
    let mut b = Bindings::default();
    let compute = program.version.shader == il_frontend::enums::ShaderType::Compute;
    let group = decls.default_group_size();
    let dispatch = if compute {
        Dispatch::Grid {
            global: [group[0] * GROUPS, group[1], group[2]],
            group: Some(group),
            dims: if group[2] > 1 {
                3
            } else if group[1] > 1 {
                2
            } else {
                1
            },
        }
    } else {
        Dispatch::Domain {
            width: DOMAIN.0,
            height: DOMAIN.1,
        }
    };
    let threads = match dispatch {
        Dispatch::Grid { global, .. } => global[0] * global[1] * global[2],
        Dispatch::Domain { width, height } => width * height,
    };
    let kinds = constant_kinds(program);
    for (&id, &len) in &decls.const_buffers {
        if compute && id == 0 {
            continue; // filled by the runtime as AMD's OpenCL runtime did (docs/abi.md)
        }
        let mut cb = vec![[0u32; 4]; len.max(1) as usize];
        for (e, elem) in cb.iter_mut().enumerate() {
            for c in 0..4 {
                elem[c] = match kinds.get(&(id, e as u32, c)) {
                    Some(Kind::Float) => rng.float(0.5, 4.0).to_bits(),
                    Some(Kind::Double) if c % 2 == 0 => {
                        let v = f64::from(rng.float(0.5, 4.0)).to_bits();
                        elem[c + 1] = (v >> 32) as u32;
                        v as u32
                    }
                    Some(Kind::Double) => elem[c],
                    _ => rng.below(9),
                };
            }
        }
        b.const_buffers.insert(id, cb);
    }
    let uav_bytes = (threads as usize * 64).max(16 * 1024);
    for (&id, decl) in &decls.uavs {
        // Arena UAV 8 shares the heap of raw UAV 11 when both are declared.
        if id == 8 && *decl == UavDecl::Arena && decls.uavs.contains_key(&11) {
            continue;
        }
        let mut elements = uav_bytes / 4;
        if let UavDecl::Typed { ty, .. } = *decl {
            if let Some(size) = typed_uav_size(ty, dispatch) {
                elements = size.elements() as usize;
                b.uav_sizes.insert(id, size);
            }
        }
        let bytes = (0..elements)
            .flat_map(|_| rng.float(0.25, 4.0).to_bits().to_le_bytes())
            .collect();
        b.uavs.insert(id, bytes);
    }
    let (rw, rh) = if compute { (16, 16) } else { DOMAIN };
    for (&id, decl) in &decls.resources {
        use il_frontend::enums::PixTexUsage as T;
        let one_d = matches!(decl.ty, T::Tex1D | T::Buffer | T::Tex1DArray);
        let height = if one_d { 1 } else { rh };
        let width = if one_d { rw * rh } else { rw };
        let slices = if matches!(decl.ty, T::Tex1DArray | T::Tex2DArray) {
            2
        } else {
            1
        };
        let components = decl
            .formats
            .iter()
            .filter(|f| **f != ElementFormat::Unknown)
            .count()
            .clamp(1, 4) as u32;
        let data = (0..width * height * slices * components)
            .map(|_| rng.float(0.25, 4.0).to_bits())
            .collect();
        b.resources.insert(
            id,
            Resource {
                width,
                height,
                slices,
                components,
                data,
            },
        );
    }
    for &id in decls.srvs.keys() {
        let data = (0..4096).map(|_| rng.float(0.25, 4.0).to_bits()).collect();
        b.resources.insert(
            id,
            Resource {
                width: 4096,
                height: 1,
                slices: 1,
                components: 1,
                data,
            },
        );
    }
    if !compute {
        let pixels = (DOMAIN.0 * DOMAIN.1) as usize;
        for &n in &decls.inputs {
            let v = (0..pixels)
                .map(|_| [0; 4].map(|_: u32| rng.float(0.0, 1.0).to_bits()))
                .collect();
            b.inputs.insert(n, v);
        }
    }
    if decls.uses_global {
        let g = (0..GLOBAL_ELEMENTS.max(threads as usize))
            .map(|_| [0; 4].map(|_: u32| rng.float(0.25, 4.0).to_bits()))
            .collect();
        b.global = Some(g);
    }
    Workload {
        bindings: b,
        dispatch,
    }
}

/// The loosest single-precision tolerance among a program's instructions, and whether it
/// has double instructions with a tolerance: outputs are compared with it, since which
/// instruction produced an output dword is not known after the run.
pub fn program_tolerance(program: &Program) -> (Tolerance, Tolerance) {
    tolerance_of(
        program
            .body
            .iter()
            .chain(program.macros.iter().flat_map(|m| &m.body)),
    )
}

/// The loosest single-precision and double tolerances among `insts` (see
/// [`program_tolerance`]).
pub fn tolerance_of<'a>(
    insts: impl Iterator<Item = &'a il_frontend::ast::Instruction>,
) -> (Tolerance, Tolerance) {
    let mut ulp = 0u32;
    let mut abs = 0f32;
    let mut exact = true;
    let mut double = Tolerance::Bits;
    for inst in insts {
        match accuracy::tolerance(inst.opcode) {
            Tolerance::Bits | Tolerance::Unchecked => {}
            Tolerance::Exact | Tolerance::Half => exact = false,
            Tolerance::Ulp(n) => {
                exact = false;
                ulp = ulp.max(n);
            }
            Tolerance::Abs(e) => {
                exact = false;
                abs = abs.max(e);
            }
            Tolerance::AbsOrUlp { abs: e, ulp: n } => {
                exact = false;
                abs = abs.max(e);
                ulp = ulp.max(n);
            }
            Tolerance::DoubleExact => {
                if double == Tolerance::Bits {
                    double = Tolerance::DoubleExact;
                }
            }
            Tolerance::DoubleUlp(n) => {
                let prev = match double {
                    Tolerance::DoubleUlp(m) => m,
                    _ => 0,
                };
                double = Tolerance::DoubleUlp(n.max(prev));
            }
        }
    }
    let single = if exact {
        Tolerance::Bits
    } else if ulp == 0 && abs == 0.0 {
        Tolerance::Exact
    } else {
        Tolerance::AbsOrUlp { abs, ulp }
    };
    (single, double)
}

/// Whether a dword no tolerated value reached agrees: the same bits. Two NaNs agree too when
/// the program computes with floats (`nan_ok`), as float NaNs or as the doubles of their
/// 8-byte pair when it computes with doubles (`double_nan_ok`): a NaN's payload is not part
/// of a float operation's meaning (the targets produce their own quiet NaN), and the
/// accuracy table treats any two NaNs as equal for every float tolerance. A program without
/// float instructions is compared on bits alone.
fn exact_agrees(
    reference: &[u32],
    got: &[u32],
    i: usize,
    nan_ok: bool,
    double_nan_ok: bool,
) -> bool {
    let (r, g) = (reference[i], got[i]);
    if r == g {
        return true;
    }
    let nan32 = |x: u32| x & 0x7FFF_FFFF > 0x7F80_0000;
    if nan_ok && nan32(r) && nan32(g) {
        return true;
    }
    let pair = i & !1;
    let nan64 = |x: u64| x & 0x7FFF_FFFF_FFFF_FFFF > 0x7FF0_0000_0000_0000;
    double_nan_ok
        && pair + 1 < reference.len()
        && nan64(u64::from(reference[pair]) | u64::from(reference[pair + 1]) << 32)
        && nan64(u64::from(got[pair]) | u64::from(got[pair + 1]) << 32)
}

/// Names an origin in a message: "`sin` at 12:5" (line:column of the IL text when known,
/// else the byte offset).
pub fn origin_name(kernel: &Kernel, text: Option<&str>, origin: Origin) -> String {
    match taint::describe(kernel, origin) {
        None => format!("instruction {origin}"),
        Some((m, span)) => match text {
            Some(t) => {
                let lc = il_frontend::diag::line_col(t, span.start);
                format!("`{m}` at {}:{}", lc.line, lc.col)
            }
            None => format!("`{m}` at byte {}", span.start),
        },
    }
}

/// Perturbed runs in a program's error envelope ([`crate::envelope`]: half at random values
/// within the tolerances, half at their ends). The envelope is made only for a program whose
/// target output is, somewhere a tolerated value reaches, neither the ideal value nor what the
/// target's formulas give.
pub const ENVELOPE_RUNS: usize = 8;

/// The reference side of the check of one program, and its verdict on a target's outputs.
///
/// The reference run is the ideal one, tainted ([`Interpreter::run_kernel_tainted`]). An
/// output dword is then judged by what reaches it:
/// 1. **no tolerated value** (untainted): the reference's bits ([`exact_agrees`]);
/// 2. **a tolerated value**: the ideal bits, or the bits of a reference run that computes
///    each tolerated instruction with the formula the target uses
///    ([`Tolerated::Target`](runtime_sim::interp::tolerated::Tolerated), each formula tested
///    bit for bit against the compiled code and within the accuracy table), or a value
///    inside the error envelope ([`crate::envelope`]: every tolerated result moved within its
///    bound, [`ENVELOPE_RUNS`] times). Outside all three, the verdict names the output, the
///    first tolerated instruction on its path, and the values.
///
/// The formula runs and the envelope are made once, when first needed (most programs need
/// neither), and shared by every target and mutant judged.
#[derive(Debug)]
pub struct Judge {
    pub kernel: Kernel,
    /// The generated inputs and launch.
    pub work: Workload,
    /// The ideal reference run's outputs.
    pub reference: Bindings,
    /// The same, as the dwords `judge` compares (made once: a mutation score judges many
    /// runs against them).
    reference_dwords: BTreeMap<Output, Vec<u32>>,
    pub report: RunReport,
    taint: OutputTaint,
    /// The program computes with floats: an untainted NaN equals any NaN.
    floats: bool,
    /// The program computes with doubles: dword pairs are also judged as doubles.
    doubles: bool,
    text: Option<String>,
    seed: u64,
    step_limit: u64,
    /// The formula runs of Cayman and gfx906.
    formulas: [OnceLock<Result<Bindings, String>>; 2],
    envelope: OnceLock<Result<Envelope, String>>,
}

impl Judge {
    /// Lowers `program`, generates its inputs from `seed` and runs the reference with taint;
    /// `Err` with the verdict when the lowering or the reference run fails or stops. `text`,
    /// the program's IL text when it has one, lets messages give lines and columns.
    pub fn new(
        program: &Program,
        text: Option<&str>,
        seed: u64,
        step_limit: u64,
    ) -> Result<Judge, Verdict> {
        let kernel = kernel::lower(program).map_err(|e| Verdict::Fault(e.to_string()))?;
        let work = generate(program, &kernel.decls, seed);
        Judge::with_work(program, kernel, work, text, seed, step_limit)
    }

    /// [`Judge::new`] on given inputs and launch (`seed` seeds the envelope's runs).
    pub fn with_work(
        program: &Program,
        kernel: Kernel,
        work: Workload,
        text: Option<&str>,
        seed: u64,
        step_limit: u64,
    ) -> Result<Judge, Verdict> {
        let mut reference = work.bindings.clone();
        let (report, taint) = Interpreter { step_limit }
            .run_kernel_tainted(&kernel, &mut reference, work.dispatch)
            .map_err(|e| match e {
                RunError::StepLimit { .. } => Verdict::Stopped(e.to_string()),
                e => Verdict::Fault(format!("reference run: {e}")),
            })?;
        let (single, double) = program_tolerance(program);
        Ok(Judge {
            kernel,
            work,
            reference_dwords: outputs_of(&reference),
            reference,
            report,
            taint,
            floats: single != Tolerance::Bits,
            doubles: double.is_double(),
            text: text.map(str::to_string),
            seed,
            step_limit,
            formulas: Default::default(),
            envelope: OnceLock::new(),
        })
    }

    /// The outputs of the reference run with `target`'s formulas (for `il`, the ideal run).
    fn formula_run(&self, target: Target) -> Result<&Bindings, &str> {
        let (slot, formulas) = match target {
            Target::Il => return Ok(&self.reference),
            Target::Cayman => (0, FormulaTarget::Cayman),
            Target::Gfx906 => (1, FormulaTarget::Gfx906),
        };
        self.formulas[slot]
            .get_or_init(|| {
                let mut b = self.work.bindings.clone();
                Interpreter {
                    step_limit: self.step_limit,
                }
                .run_kernel_tolerated(
                    &self.kernel,
                    &mut b,
                    self.work.dispatch,
                    Tolerated::Target(formulas),
                )
                .map(|_| b)
                .map_err(|e| format!("the run with {target}'s formulas: {e}"))
            })
            .as_ref()
            .map_err(String::as_str)
    }

    /// The program's error envelope.
    fn envelope(&self) -> Result<&Envelope, &str> {
        self.envelope
            .get_or_init(|| {
                crate::envelope::envelope(
                    &self.kernel,
                    &self.work.bindings,
                    self.work.dispatch,
                    ENVELOPE_RUNS,
                    self.seed,
                    self.step_limit,
                )
                .map_err(|e| format!("the envelope's runs: {e}"))
            })
            .as_ref()
            .map_err(String::as_str)
    }

    /// Names an origin: "`sin` at 12:5".
    fn origin(&self, origin: Origin) -> String {
        origin_name(&self.kernel, self.text.as_deref(), origin)
    }

    /// The check's verdict on `target`'s outputs `got`: `Err` with the first dword outside
    /// what the IL allows.
    pub fn judge(&self, target: Target, got: &Bindings) -> Result<(), String> {
        let got = outputs_of(got);
        for (output, r) in &self.reference_dwords {
            let g = got.get(output).map(Vec::as_slice).unwrap_or_default();
            let taint = match output {
                Output::Uav(id) => self.taint.uavs.get(id),
                Output::RenderTarget(n) => self.taint.render_targets.get(n),
                Output::Global => self.taint.global.as_ref(),
            };
            self.judge_output(target, *output, r, g, taint.map(Vec::as_slice))?;
        }
        Ok(())
    }

    fn judge_output(
        &self,
        target: Target,
        output: Output,
        r: &[u32],
        g: &[u32],
        taint: Option<&[Origin]>,
    ) -> Result<(), String> {
        if r.len() != g.len() {
            return Err(format!(
                "{output}: {} dwords against the reference's {}",
                g.len(),
                r.len()
            ));
        }
        let mut formula: Option<Result<Vec<u32>, String>> = None;
        for i in 0..r.len() {
            // An output the taint does not cover is judged as tainted.
            let origin = taint.map_or(UNKNOWN, |t| t.get(i).copied().unwrap_or(UNKNOWN));
            let values = |how: String| {
                format!(
                    "{output} dword {i} (byte {}): expected 0x{:08X} ({}), got 0x{:08X} ({}); {how}",
                    i * 4,
                    r[i],
                    f32::from_bits(r[i]),
                    g[i],
                    f32::from_bits(g[i])
                )
            };
            if origin == CLEAN {
                if !exact_agrees(r, g, i, self.floats, self.doubles) {
                    return Err(values(
                        "no tolerated value reaches it: compared exactly".into(),
                    ));
                }
                continue;
            }
            if exact_agrees(r, g, i, true, self.doubles) {
                continue;
            }
            let f = formula.get_or_insert_with(|| {
                self.formula_run(target)
                    .map(|b| outputs_of(b).remove(&output).unwrap_or_default())
                    .map_err(str::to_string)
            });
            if let Ok(f) = f {
                if f.len() == g.len() && exact_agrees(f, g, i, true, self.doubles) {
                    continue;
                }
            }
            let envelope = self.envelope();
            if let Ok(e) = envelope {
                let pair = i & !1;
                let as_double =
                    || u64::from(g[pair]) | u64::from(g.get(pair + 1).copied().unwrap_or(0)) << 32;
                if e.contains(output, i, g[i])
                    || (self.doubles
                        && pair + 1 < g.len()
                        && e.contains_u64(output, i, as_double()))
                {
                    continue;
                }
            }
            let reached = if origin == UNKNOWN {
                "a tolerated value may reach it".to_string()
            } else {
                format!("reached by {}", self.origin(origin))
            };
            let by_formula = match f {
                Ok(f) => match f.get(i) {
                    Some(&v) => {
                        format!("{target}'s formulas give 0x{v:08X} ({})", f32::from_bits(v))
                    }
                    None => format!("{target}'s formulas give no such dword"),
                },
                Err(e) => e.clone(),
            };
            let outside = match envelope {
                Ok(e) => e.describe(output, i, g[i]),
                Err(e) => e.to_string(),
            };
            return Err(values(format!("{reached}; {by_formula}; {outside}")));
        }
        Ok(())
    }
}

/// The taint of a dword the reference run did not record: judged as tainted.
const UNKNOWN: Origin = Origin::MAX;

/// The dwords of every output of a run, as `judge` compares them.
fn outputs_of(b: &Bindings) -> BTreeMap<Output, Vec<u32>> {
    let mut m = BTreeMap::new();
    for (id, bytes) in &b.uavs {
        m.insert(Output::Uav(*id), runtime_sim::runtime::dwords(bytes));
    }
    for (n, elements) in &b.render_targets {
        m.insert(Output::RenderTarget(*n), flatten(elements));
    }
    if let Some(g) = &b.global {
        m.insert(Output::Global, flatten(g));
    }
    m
}

/// The outcome of checking one program.
#[derive(Debug)]
pub enum Outcome {
    /// Every target agreed with the reference; the reference run's report.
    Pass(RunReport),
    Fail(String),
    /// A run (the reference's or a target's) stopped at the step limit before anything
    /// failed: the program was not checked, but nothing was found wrong either.
    Stopped(String),
}

/// How one target did on one program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    /// Refused with a reason containing "unsupported" or "out of registers": a missing
    /// feature, not a wrong answer (the rule CI applies to the corpus).
    Refused(String),
    /// Ran and computed something else than the reference.
    Mismatch(String),
    /// Refused by the device model, or any other run failure (a bug).
    Fault(String),
    /// Stopped at the step limit (`--step-limit`): a long or endless loop, not checked.
    Stopped(String),
}

impl Verdict {
    fn of_run_error(e: &RunError) -> Verdict {
        let text = e.to_string();
        if matches!(e, RunError::StepLimit { .. }) {
            Verdict::Stopped(text)
        } else if text.contains("unsupported") || text.contains("out of registers") {
            Verdict::Refused(text)
        } else {
            Verdict::Fault(text)
        }
    }

    /// The message of a failure.
    pub fn message(&self) -> Option<&str> {
        match self {
            Verdict::Pass => None,
            Verdict::Refused(m)
            | Verdict::Mismatch(m)
            | Verdict::Fault(m)
            | Verdict::Stopped(m) => Some(m),
        }
    }
}

/// Compile statistics of a machine target.
#[derive(Clone, Copy, Debug, Default)]
pub struct CodeStats {
    pub compile_ms: f64,
    pub code_bytes: usize,
    /// Cayman: GPRs; gfx906: VGPRs.
    pub registers: u32,
    /// gfx906: SGPRs (Cayman has none).
    pub scalar_registers: u32,
}

/// One target's run of one program.
#[derive(Clone, Debug)]
pub struct TargetRun {
    pub target: Target,
    pub verdict: Verdict,
    /// `None` when the program did not compile (or for the target `il`).
    pub code: Option<CodeStats>,
    /// The device run: for a machine target, the launch (bindings laid out with the ABI),
    /// the model run and the copies back; its compilation is in `code`.
    pub run_ms: f64,
}

/// Every target's run of one program after the reference's.
#[derive(Debug)]
pub struct Detailed {
    /// The reference run, or why it (or the lowering) failed: a [`Verdict::Fault`], or
    /// [`Verdict::Stopped`] at the step limit.
    pub reference: Result<RunReport, Verdict>,
    pub reference_ms: f64,
    pub targets: Vec<TargetRun>,
}

impl Detailed {
    /// The first failure in target order, as `ilc check` prints it; a stop at the step
    /// limit only if nothing failed.
    pub fn outcome(self) -> Outcome {
        let report = match self.reference {
            Ok(r) => r,
            Err(Verdict::Stopped(m)) => return Outcome::Stopped(format!("reference run: {m}")),
            Err(v) => return Outcome::Fail(v.message().unwrap_or("failed").to_string()),
        };
        let mut stopped = None;
        for t in &self.targets {
            match &t.verdict {
                Verdict::Pass => {}
                Verdict::Stopped(m) => {
                    stopped.get_or_insert_with(|| format!("[{}] {m}", t.target));
                }
                v => {
                    let m = v.message().unwrap_or("failed");
                    return Outcome::Fail(format!("[{}] {m}", t.target));
                }
            }
        }
        match stopped {
            Some(m) => Outcome::Stopped(m),
            None => Outcome::Pass(report),
        }
    }
}

fn millis(start: std::time::Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1000.0
}

/// Checks one program on `targets` with inputs from `seed`.
pub fn check_program(program: &Program, targets: &[Target], seed: u64, step_limit: u64) -> Outcome {
    check_detailed(program, targets, seed, step_limit).outcome()
}

/// Checks one program on every target of `targets` (a failing target does not stop the
/// others) with inputs from `seed`, timing each.
pub fn check_detailed(
    program: &Program,
    targets: &[Target],
    seed: u64,
    step_limit: u64,
) -> Detailed {
    check_detailed_in(program, None, targets, seed, step_limit)
}

/// [`check_detailed`] for a program read from `text` (when it was IL text), so that a
/// message names an instruction by line and column.
pub fn check_detailed_in(
    program: &Program,
    text: Option<&str>,
    targets: &[Target],
    seed: u64,
    step_limit: u64,
) -> Detailed {
    let start = std::time::Instant::now();
    let judge = match Judge::new(program, text, seed, step_limit) {
        Ok(j) => j,
        Err(v) => {
            return Detailed {
                reference: Err(v),
                reference_ms: millis(start),
                targets: Vec::new(),
            }
        }
    };
    let reference_ms = millis(start);
    let work = &judge.work;
    let device = Interpreter { step_limit };
    let mut runs = Vec::new();
    for &target in targets {
        // A machine target compiles once (timed: the compiler and the model's decoding),
        // then runs the prepared program.
        let mut code = None;
        let prepared = match target {
            Target::Il => None,
            t => {
                let start = std::time::Instant::now();
                let p =
                    crate::targets::Prepared::new(program, t, &crate::RunOptions { step_limit });
                let compile_ms = millis(start);
                if let Ok(p) = &p {
                    let s = p.shape();
                    code = Some(CodeStats {
                        compile_ms,
                        code_bytes: s.code_bytes,
                        registers: s.registers,
                        scalar_registers: s.scalar_registers,
                    });
                }
                Some(p)
            }
        };
        let start = std::time::Instant::now();
        let mut got = work.bindings.clone();
        let run = match prepared {
            Some(p) => p.and_then(|p| p.run(&mut got, work.dispatch)),
            // The reference interpreter runs the program after a round trip through the
            // token stream: the two forms must mean the same.
            None => {
                let tokens = il_frontend::binary::encode_bytes(program);
                match il_frontend::binary::decode(&tokens) {
                    (Some(p), d) if !d.has_errors() => device.run(&p, &mut got, work.dispatch),
                    (_, d) => Err(RunError::Fault(format!(
                        "the token stream of the program does not decode: {:?}",
                        d.errors().next().map(|e| &e.message)
                    ))),
                }
            }
        };
        let run_ms = millis(start);
        let verdict = match run {
            Err(e) => Verdict::of_run_error(&e),
            Ok(_) => match judge.judge(target, &got) {
                Ok(()) => Verdict::Pass,
                Err(m) => Verdict::Mismatch(m),
            },
        };
        runs.push(TargetRun {
            target,
            verdict,
            code,
            run_ms,
        });
    }
    Detailed {
        reference: Ok(judge.report.clone()),
        reference_ms,
        targets: runs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `sin` of an input in .x, an integer computed without it in .y, per work-item.
    const SIN_BESIDE_INT: &str = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(11)
dcl_literal l0, 16, 5, 0, 0
imul r1.x, vAbsTidFlat.x, l0.x
uav_raw_load_id(11) r0.x, r1.x
sin r2.x, r0.x
iadd r2.y, vAbsTidFlat.x, l0.y
uav_raw_store_id(11) mem.xy__, r1.x, r2
end
";

    /// A wrong integer next to a `sin` is flagged (the program-wide tolerance let it
    /// pass); the `sin` itself may still differ within its bound.
    #[test]
    fn an_integer_next_to_a_sin_is_compared_exactly() {
        let (program, diags, _) = il_frontend::read(SIN_BESIDE_INT.as_bytes());
        let program = program.unwrap_or_else(|| panic!("{diags:?}"));
        let judge = Judge::new(&program, Some(SIN_BESIDE_INT), 1, 1_000_000).expect("runs");
        let reference = &judge.reference;
        let check = |got: &Bindings| judge.judge(Target::Il, got);
        let with_dword = |i: usize, f: &dyn Fn(u32) -> u32| {
            let mut got = reference.clone();
            let bytes = got.uavs.get_mut(&11).unwrap();
            let old = u32::from_le_bytes(bytes[4 * i..4 * i + 4].try_into().unwrap());
            bytes[4 * i..4 * i + 4].copy_from_slice(&f(old).to_le_bytes());
            got
        };
        assert_eq!(check(reference), Ok(()));
        // Work-item 3: .x (dword 12) is the sine, .y (dword 13) is 3 + 5.
        let dwords = runtime_sim::runtime::dwords(&reference.uavs[&11]);
        assert_eq!(dwords[13], 8);
        let wrong_int = with_dword(13, &|x| x + 1);
        let err = check(&wrong_int).expect_err("a wrong integer is flagged");
        assert!(err.contains("uav11 dword 13"), "{err}");
        assert!(err.contains("compared exactly"), "{err}");
        // The program-wide tolerance alone let 9 pass for 8 (two tiny denormals).
        assert!(accuracy::agrees(program_tolerance(&program).0, 8, 9));
        // The sine within sin's 0.002 passes (the envelope reaches the bound's ends); 0.01
        // off does not, and the verdict names the `sin` and the envelope.
        let near = with_dword(12, &|x| (f32::from_bits(x) + 0.0015).to_bits());
        assert_eq!(check(&near), Ok(()));
        let far = with_dword(12, &|x| (f32::from_bits(x) + 0.01).to_bits());
        let err = check(&far).expect_err("a sine 0.01 off is flagged");
        assert!(err.contains("reached by `sin` at 7:1"), "{err}");
        assert!(err.contains("outside the error the IL allows"), "{err}");
    }

    /// `x/y*y - x` (issue #15's minimal case): both targets compute `div` as x·rcp(y), and
    /// the cancelling subtraction turns its 1 ulp into many; their outputs differ from the
    /// ideal run's, and pass because they are the bits the targets' formulas give.
    #[test]
    fn x_over_y_times_y_minus_x_passes_on_both_targets() {
        const PROGRAM: &str = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(11)
dcl_literal l0, 16, 0, 0, 0
imul r1.x, vAbsTidFlat.x, l0.x
uav_raw_load_id(11) r0, r1.x
div r2, r0, r0.yzwx
mul r2, r2, r0.yzwx
sub r2, r2, r0
uav_raw_store_id(11) mem, r1.x, r2
end
";
        let (program, diags, _) = il_frontend::read(PROGRAM.as_bytes());
        let program = program.unwrap_or_else(|| panic!("{diags:?}"));
        let judge = Judge::new(&program, Some(PROGRAM), 1, 1_000_000).expect("runs");
        for target in [Target::Cayman, Target::Gfx906] {
            let options = crate::RunOptions::default();
            let prepared = crate::targets::Prepared::new(&program, target, &options).unwrap();
            let mut got = judge.work.bindings.clone();
            prepared.run(&mut got, judge.work.dispatch).unwrap();
            let (r, g) = (
                runtime_sim::runtime::dwords(&judge.reference.uavs[&11]),
                runtime_sim::runtime::dwords(&got.uavs[&11]),
            );
            let differing = r.iter().zip(&g).filter(|(a, b)| a != b).count();
            assert!(
                differing > 0,
                "{target}: no output differs from the ideal run"
            );
            assert_eq!(judge.judge(target, &got), Ok(()), "{target}");
            // A wrong bit in one of them is still caught.
            let i = r.iter().zip(&g).position(|(a, b)| a != b).unwrap();
            let bytes = got.uavs.get_mut(&11).unwrap();
            bytes[4 * i + 3] ^= 0x40;
            assert!(judge.judge(target, &got).is_err(), "{target}");
        }
    }

    /// Untainted dwords: bits, or two NaNs when the program computes with floats.
    #[test]
    fn untainted_nans_agree_only_in_float_programs() {
        let (a, b) = ([0x7FC0_0000u32], [0x7FC0_0001u32]);
        assert!(exact_agrees(&a, &b, 0, true, false));
        assert!(!exact_agrees(&a, &b, 0, false, false));
        assert!(!exact_agrees(&[5], &[6], 0, true, true));
        // A double NaN whose low dwords differ.
        let (a, b) = ([1u32, 0x7FF8_0000], [2u32, 0x7FF8_0000]);
        assert!(exact_agrees(&a, &b, 0, true, true));
        assert!(!exact_agrees(&a, &b, 0, true, false));
    }
}
