//! The reference interpreter's target formulas (`runtime-sim/src/interp/formulas.rs`) held
//! to the compiled code: for every covered opcode and target, a one-instruction kernel
//! compiled by the real pipeline and run on the device model over thousands of inputs
//! (random patterns and special values) must give the bits the interpreter gives in that
//! target's formula mode; and each formula must be within the accuracy table of the ideal
//! result over the input ranges the IL defines.

use ilc::runtime::accuracy::{self, Tolerance};
use ilc::{Bindings, Dispatch, RunOptions, Target};
use runtime_sim::interp::formulas::{formula_covered, FormulaTarget};
use runtime_sim::interp::kernel;
use runtime_sim::interp::tolerated::Tolerated;
use runtime_sim::Interpreter;

/// Work-items per run (four dwords of every source each).
#[cfg(debug_assertions)]
const ITEMS: u32 = 1024;
#[cfg(not(debug_assertions))]
const ITEMS: u32 = 16384;

const PI: f32 = std::f32::consts::PI;
const PI_IN: f32 = 3.141_592_5;
const SMALL: f32 = 8.673_617e-19;
const LARGE: f32 = 1.152_921_5e18;

/// Where a source's values come from in the accuracy check.
#[derive(Clone, Copy, Debug)]
enum Dom {
    /// Uniform in [lo, hi].
    Signed(f32, f32),
    /// Magnitudes log-uniform in [lo, hi], positive.
    Pos(f32, f32),
    /// Magnitudes log-uniform in [lo, hi], either sign.
    Mag(f32, f32),
}

struct Case {
    /// The instruction as written (mnemonic with its control fields).
    inst: &'static str,
    /// Source registers loaded (r1, r2, ...); the instruction names the first `srcs` of
    /// them, or fewer where it reads consecutive registers (`det`, `mmul`).
    srcs: usize,
    /// The IL's input range of each source (the last one repeats).
    dom: &'static [Dom],
}

const TRIG: &[Dom] = &[Dom::Signed(-PI_IN, PI_IN)];
const TRIG_VEC: &[Dom] = &[Dom::Signed(-100.0 * PI, 100.0 * PI)];
const POS: &[Dom] = &[Dom::Pos(1.2e-38, f32::MAX)];
const RCP: &[Dom] = &[Dom::Mag(1.2e-38, 4.253_53e37)];
const QUOT: &[Dom] = &[Dom::Mag(SMALL, LARGE)];
const MODERATE: &[Dom] = &[Dom::Signed(-1000.0, 1000.0)];
const EXP: &[Dom] = &[Dom::Signed(-125.0, 126.0)];

const CASES: &[Case] = &[
    Case {
        inst: "div",
        srcs: 2,
        dom: QUOT,
    },
    Case {
        inst: "div_zeroop(infinity)",
        srcs: 2,
        dom: QUOT,
    },
    Case {
        inst: "div_zeroop(zero)",
        srcs: 2,
        dom: QUOT,
    },
    Case {
        inst: "rcp",
        srcs: 1,
        dom: RCP,
    },
    Case {
        inst: "rcp_zeroop(infinity)",
        srcs: 1,
        dom: RCP,
    },
    Case {
        inst: "rcp_vec",
        srcs: 1,
        dom: RCP,
    },
    Case {
        inst: "rsq",
        srcs: 1,
        dom: POS,
    },
    Case {
        inst: "rsq_zeroop(zero)",
        srcs: 1,
        dom: POS,
    },
    Case {
        inst: "rsq_vec",
        srcs: 1,
        dom: POS,
    },
    Case {
        inst: "sqrt",
        srcs: 1,
        dom: POS,
    },
    Case {
        inst: "sqrt_vec",
        srcs: 1,
        dom: POS,
    },
    Case {
        inst: "exp",
        srcs: 1,
        dom: EXP,
    },
    Case {
        inst: "exp_vec",
        srcs: 1,
        dom: EXP,
    },
    Case {
        inst: "exn",
        srcs: 1,
        dom: &[Dom::Signed(-86.0, 87.0)],
    },
    Case {
        inst: "log",
        srcs: 1,
        dom: POS,
    },
    Case {
        inst: "log_zeroop(infinity)",
        srcs: 1,
        dom: POS,
    },
    Case {
        inst: "log_vec",
        srcs: 1,
        dom: POS,
    },
    Case {
        inst: "ln",
        srcs: 1,
        dom: POS,
    },
    Case {
        inst: "ln_zeroop(zero)",
        srcs: 1,
        dom: POS,
    },
    Case {
        inst: "pow",
        srcs: 2,
        dom: &[Dom::Pos(0.003_906_25, 256.0), Dom::Signed(-15.0, 15.0)],
    },
    Case {
        inst: "sin",
        srcs: 1,
        dom: TRIG,
    },
    Case {
        inst: "cos",
        srcs: 1,
        dom: TRIG,
    },
    Case {
        inst: "sincos",
        srcs: 1,
        dom: TRIG,
    },
    Case {
        inst: "sin_vec",
        srcs: 1,
        dom: TRIG_VEC,
    },
    Case {
        inst: "cos_vec",
        srcs: 1,
        dom: TRIG_VEC,
    },
    Case {
        inst: "tan",
        srcs: 1,
        dom: &[Dom::Signed(-0.78, 0.78)],
    },
    Case {
        inst: "dp2",
        srcs: 2,
        dom: MODERATE,
    },
    Case {
        inst: "dp3",
        srcs: 2,
        dom: MODERATE,
    },
    Case {
        inst: "dp4",
        srcs: 2,
        dom: MODERATE,
    },
    Case {
        inst: "dp4_ieee",
        srcs: 2,
        dom: MODERATE,
    },
    Case {
        inst: "dp2add",
        srcs: 3,
        dom: MODERATE,
    },
    Case {
        inst: "len",
        srcs: 1,
        dom: MODERATE,
    },
    Case {
        inst: "dist",
        srcs: 2,
        dom: MODERATE,
    },
    Case {
        inst: "nrm",
        srcs: 1,
        dom: MODERATE,
    },
    Case {
        inst: "nrm_nrm4",
        srcs: 1,
        dom: MODERATE,
    },
    Case {
        inst: "expp",
        srcs: 1,
        dom: EXP,
    },
    Case {
        inst: "mod",
        srcs: 2,
        dom: &[Dom::Mag(1.0e-30, LARGE), Dom::Mag(SMALL, LARGE)],
    },
    Case {
        inst: "lrp",
        srcs: 3,
        dom: MODERATE,
    },
    Case {
        inst: "crs",
        srcs: 2,
        dom: MODERATE,
    },
    Case {
        inst: "det",
        srcs: 4,
        dom: &[Dom::Signed(-30.0, 30.0)],
    },
    Case {
        inst: "reflect",
        srcs: 2,
        dom: MODERATE,
    },
    Case {
        inst: "reflect_normalize",
        srcs: 2,
        dom: MODERATE,
    },
    Case {
        inst: "faceforward",
        srcs: 3,
        dom: MODERATE,
    },
    Case {
        inst: "mmul_matrix(4x4)",
        srcs: 5,
        dom: MODERATE,
    },
    Case {
        inst: "mmul_matrix(3x2)",
        srcs: 5,
        dom: MODERATE,
    },
    Case {
        inst: "lit",
        srcs: 1,
        dom: &[Dom::Signed(-2.0, 2.0)],
    },
    Case {
        inst: "logp",
        srcs: 1,
        dom: &[Dom::Pos(1.0e-30, 1.0e30)],
    },
    Case {
        inst: "atan",
        srcs: 1,
        dom: &[Dom::Signed(-1.0e4, 1.0e4)],
    },
    Case {
        inst: "asin",
        srcs: 1,
        dom: &[Dom::Signed(-1.0, 1.0)],
    },
    Case {
        inst: "acos",
        srcs: 1,
        dom: &[Dom::Signed(-1.0, 1.0)],
    },
    Case {
        inst: "pireduce",
        srcs: 1,
        dom: TRIG_VEC,
    },
    Case {
        inst: "dxsincos",
        srcs: 3,
        dom: TRIG,
    },
    Case {
        inst: "dsqrt",
        srcs: 1,
        dom: POS,
    },
    Case {
        inst: "drcp",
        srcs: 1,
        dom: RCP,
    },
    Case {
        inst: "drsq",
        srcs: 1,
        dom: POS,
    },
    Case {
        inst: "drcp_zeroop(infinity)",
        srcs: 1,
        dom: RCP,
    },
];

/// The registers an instruction names.
fn operands(case: &Case) -> usize {
    match case.inst {
        i if i.starts_with("det") => 1,
        i if i.starts_with("mmul") => 2,
        _ => case.srcs,
    }
}

/// The raw UAV of the result.
const OUT: u32 = 7;

/// A one-instruction compute kernel: sources from raw UAVs 0..n (16 bytes per work-item),
/// the result to raw UAV [`OUT`].
fn program(case: &Case) -> ilc::Program {
    let srcs: Vec<String> = (1..=operands(case)).map(|i| format!("r{i}")).collect();
    let mut text = String::from("il_cs_2_0\ndcl_num_thread_per_group 64\n");
    for u in (0..case.srcs as u32).chain([OUT]) {
        text += &format!("dcl_raw_uav_id({u})\n");
    }
    text += "dcl_literal l0, 16, 0, 0, 0\nimul r0.x, vAbsTidFlat.x, l0.x\n";
    for i in 0..case.srcs {
        text += &format!("uav_raw_load_id({i}) r{}, r0.x\n", i + 1);
    }
    text += &format!("{} r9, {}\n", case.inst, srcs.join(", "));
    text += &format!("uav_raw_store_id({OUT}) mem.xyzw, r0.x, r9\nend\n");
    match ilc::parse(text.as_bytes(), case.inst) {
        Ok(p) => p.program,
        Err(e) => panic!("{}: {e}\n{text}", case.inst),
    }
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn f(&mut self, lo: f32, hi: f32) -> f32 {
        (f64::from(lo) + self.unit() * (f64::from(hi) - f64::from(lo))) as f32
    }
    fn log_uniform(&mut self, lo: f32, hi: f32) -> f32 {
        let (a, b) = (f64::from(lo).ln(), f64::from(hi).ln());
        ((a + self.unit() * (b - a)).exp() as f32).clamp(lo, hi)
    }
}

/// Special values: zeros, denormals, infinities, NaNs, ones, extremes, multiples of π/2
/// and their neighbours, the divide's scaling thresholds.
fn specials() -> Vec<u32> {
    let mut v = vec![
        0,
        0x8000_0000,
        1,
        0x8000_0001,
        0x007F_FFFF,
        0x807F_FFFF,
        0x0080_0000,
        0x8080_0000,
        0x7F80_0000,
        0xFF80_0000,
        0x7FC0_0000,
        0xFFC0_0000,
        0x7F80_0001,
        0x7F7F_FFFF,
        0xFF7F_FFFF,
        0x3F80_0000,
        0xBF80_0000,
        0x3F00_0000,
        0x4000_0000,
        0x6F80_0000,
        0x6F80_0001,
        0x0F80_0000,
        0x0F7F_FFFF,
        0x4300_0000,
        0xC300_0000,
        0x42FE_0000,
        0x4F80_0000,
        0x2F80_0000,
        256f32.to_bits(),
        1.0e-30f32.to_bits(),
        1.0e30f32.to_bits(),
    ];
    for k in -16i32..=16 {
        let x = (k as f32) * PI / 2.0;
        for d in -2i32..=2 {
            v.push((x.to_bits() as i32 + d) as u32);
        }
    }
    for big in [1.0e4f32, 1.0e5, 1.0e6, 3.0e7] {
        v.push((big * PI).to_bits());
        v.push((-big * PI).to_bits());
    }
    v
}

/// Inputs for the bit-exact comparison: specials, random bit patterns, moderate values,
/// values in the trigonometric range.
fn any_inputs(rng: &mut Rng, n: usize, specials: &[u32]) -> Vec<u32> {
    (0..n)
        .map(|_| match rng.next() % 8 {
            0 | 1 => specials[(rng.next() % specials.len() as u64) as usize],
            2 | 3 => rng.next() as u32,
            4 => rng.f(-4.0, 4.0).to_bits(),
            5 => rng.f(-1000.0, 1000.0).to_bits(),
            6 => rng.f(-100.0 * PI, 100.0 * PI).to_bits(),
            _ => {
                let e = (rng.next() % 60) as i32 - 30;
                (rng.f(-1.0, 1.0) * 2f32.powi(e)).to_bits()
            }
        })
        .collect()
}

fn domain_inputs(rng: &mut Rng, n: usize, d: Dom) -> Vec<u32> {
    (0..n)
        .map(|_| match d {
            Dom::Signed(lo, hi) => rng.f(lo, hi).to_bits(),
            Dom::Pos(lo, hi) => rng.log_uniform(lo, hi).to_bits(),
            Dom::Mag(lo, hi) => {
                let m = rng.log_uniform(lo, hi);
                (if rng.next() & 1 == 0 { m } else { -m }).to_bits()
            }
        })
        .collect()
}

fn bytes(d: &[u32]) -> Vec<u8> {
    d.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn bindings(inputs: &[Vec<u32>]) -> Bindings {
    let mut b = Bindings::default();
    for (i, v) in inputs.iter().enumerate() {
        b.uavs.insert(i as u32, bytes(v));
    }
    b.uavs.insert(OUT, vec![0; ITEMS as usize * 16]);
    b
}

fn dispatch() -> Dispatch {
    Dispatch::Grid {
        global: [ITEMS, 1, 1],
        group: None,
        dims: 1,
    }
}

fn output(b: &Bindings) -> Vec<u32> {
    runtime_sim::runtime::dwords(&b.uavs[&OUT])
}

fn interp(program: &ilc::Program, inputs: &[Vec<u32>], mode: Tolerated) -> Vec<u32> {
    let k = kernel::lower(program).expect("lowers");
    let mut b = bindings(inputs);
    Interpreter::default()
        .run_kernel_tolerated(&k, &mut b, dispatch(), mode)
        .expect("the interpreter runs");
    output(&b)
}

fn device(program: &ilc::Program, inputs: &[Vec<u32>], target: Target) -> Vec<u32> {
    let mut b = bindings(inputs);
    ilc::run(program, target, &mut b, dispatch(), &RunOptions::default())
        .unwrap_or_else(|e| panic!("{target}: {e}"));
    output(&b)
}

fn formula_target(t: Target) -> FormulaTarget {
    match t {
        Target::Cayman => FormulaTarget::Cayman,
        _ => FormulaTarget::Gfx906,
    }
}

fn opcode(program: &ilc::Program) -> il_frontend::Opcode {
    let k = kernel::lower(program).expect("lowers");
    k.code
        .iter()
        .map(|i| i.opcode)
        .find(|o| accuracy::tolerance(*o) != Tolerance::Bits)
        .expect("a tolerated instruction")
}

/// Describes the inputs of output dword `i`.
fn describe(inputs: &[Vec<u32>], i: usize) -> String {
    let item = i / 4;
    inputs
        .iter()
        .map(|v| {
            let c: Vec<String> = v[item * 4..item * 4 + 4]
                .iter()
                .map(|x| format!("{x:#010x} ({})", f32::from_bits(*x)))
                .collect();
            format!("[{}]", c.join(", "))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn each_formula_gives_the_bits_of_the_compiled_instruction() {
    let specials = specials();
    let mut failures = Vec::new();
    let mut count = 0;
    let mut differing = 0;
    let mut tested = std::collections::BTreeSet::new();
    for (n, case) in CASES.iter().enumerate() {
        let p = program(case);
        let op = opcode(&p);
        tested.insert(format!("{op:?}"));
        let mut rng = Rng(0x5EED_0000 + n as u64);
        let inputs: Vec<Vec<u32>> = (0..case.srcs)
            .map(|_| any_inputs(&mut rng, ITEMS as usize * 4, &specials))
            .collect();
        for target in [Target::Cayman, Target::Gfx906] {
            let ft = formula_target(target);
            assert!(
                formula_covered(ft, op),
                "{} [{target}] has no formula",
                case.inst
            );
            let want = device(&p, &inputs, target);
            let got = interp(&p, &inputs, Tolerated::Target(ft));
            count += want.len();
            let ideal = interp(&p, &inputs, Tolerated::Ideal);
            let differ = (0..want.len()).filter(|&i| want[i] != ideal[i]).count();
            differing += usize::from(differ > 0);
            eprintln!(
                "{} [{target}]: {} dwords, {differ} of them not the ideal result",
                case.inst,
                want.len()
            );
            let bad: Vec<usize> = (0..want.len()).filter(|&i| want[i] != got[i]).collect();
            if let Some(&i) = bad.first() {
                failures.push(format!(
                    "{} [{target}]: {} of {} dwords differ; dword {i} (component {}): \
                     device {:#010x} ({}), formula {:#010x} ({}); inputs {}",
                    case.inst,
                    bad.len(),
                    want.len(),
                    i % 4,
                    want[i],
                    f32::from_bits(want[i]),
                    got[i],
                    f32::from_bits(got[i]),
                    describe(&inputs, i)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(count >= CASES.len() * 2 * 4 * ITEMS as usize);
    // Every formula is tested here.
    for op in il_frontend::Opcode::all() {
        if formula_covered(FormulaTarget::Cayman, op) || formula_covered(FormulaTarget::Gfx906, op)
        {
            assert!(tested.contains(&format!("{op:?}")), "{op:?} has no case");
        }
    }
    // The formulas matter: most instructions differ from the ideal somewhere.
    assert!(
        differing > CASES.len(),
        "{differing} of {} runs differ",
        2 * CASES.len()
    );
}

#[test]
fn each_formula_is_within_the_accuracy_table_over_the_defined_inputs() {
    let mut failures = Vec::new();
    for (n, case) in CASES.iter().enumerate() {
        let p = program(case);
        let op = opcode(&p);
        let tol = accuracy::tolerance(op);
        let mut rng = Rng(0xACC0_0000 + n as u64);
        let inputs: Vec<Vec<u32>> = (0..case.srcs)
            .map(|i| {
                let d = case.dom[i.min(case.dom.len() - 1)];
                domain_inputs(&mut rng, ITEMS as usize * 4, d)
            })
            .collect();
        let ideal = interp(&p, &inputs, Tolerated::Ideal);
        for ft in [FormulaTarget::Cayman, FormulaTarget::Gfx906] {
            if !formula_covered(ft, op) {
                continue;
            }
            let got = interp(&p, &inputs, Tolerated::Target(ft));
            // A double tolerance compares the packed pairs.
            let pair = |v: &[u32], i: usize| u64::from(v[i & !1]) | u64::from(v[i | 1]) << 32;
            let bad: Vec<usize> = (0..got.len())
                .filter(|&i| {
                    if tol.is_double() {
                        !accuracy::agrees_u64(tol, pair(&ideal, i), pair(&got, i))
                    } else {
                        !accuracy::agrees(tol, ideal[i], got[i])
                    }
                })
                .collect();
            if let Some(&i) = bad.first() {
                failures.push(format!(
                    "{} [{ft:?}]: {} of {} dwords outside {tol:?}; dword {i}: ideal {:#010x} \
                     ({}), formula {:#010x} ({}); inputs {}",
                    case.inst,
                    bad.len(),
                    got.len(),
                    ideal[i],
                    f32::from_bits(ideal[i]),
                    got[i],
                    f32::from_bits(got[i]),
                    describe(&inputs, i)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The minimal case: `x/y*y - x` turns the division's allowed error into many ulp
/// at the output. The ideal run differs from both targets; the target-formula run gives
/// each target's bits exactly.
#[test]
fn a_cancelling_division_is_bit_exact_with_the_target_formula() {
    let text = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(0)
dcl_raw_uav_id(1)
dcl_raw_uav_id(7)
dcl_literal l0, 16, 0, 0, 0
imul r0.x, vAbsTidFlat.x, l0.x
uav_raw_load_id(0) r1, r0.x
uav_raw_load_id(1) r2, r0.x
div r3, r1, r2
mul r3, r3, r2
sub r9, r3, r1
uav_raw_store_id(7) mem.xyzw, r0.x, r9
end
";
    let p = ilc::parse(text.as_bytes(), "cancel.il")
        .expect("parses")
        .program;
    let mut rng = Rng(42);
    let inputs: Vec<Vec<u32>> = (0..2)
        .map(|_| domain_inputs(&mut rng, ITEMS as usize * 4, Dom::Mag(1.0e-6, 1.0e6)))
        .collect();
    let ideal = interp(&p, &inputs, Tolerated::Ideal);
    for target in [Target::Cayman, Target::Gfx906] {
        let want = device(&p, &inputs, target);
        let got = interp(&p, &inputs, Tolerated::Target(formula_target(target)));
        let off_ideal = (0..want.len()).filter(|&i| want[i] != ideal[i]).count();
        let worst = (0..want.len())
            .map(|i| (ord(want[i]) - ord(ideal[i])).abs())
            .max()
            .unwrap_or(0);
        assert!(
            off_ideal > want.len() / 10 && worst > 3,
            "{target}: {off_ideal} dwords off the ideal, at most {worst} ulp"
        );
        assert_eq!(want, got, "{target}");
    }
}

fn ord(x: u32) -> i64 {
    let m = i64::from(x & 0x7FFF_FFFF);
    if x & 0x8000_0000 != 0 {
        -m
    } else {
        m
    }
}

/// Not a check: where the formulas leave the accuracy table outside the input ranges the IL
/// defines (`cargo test -p ilc-tests --test target_formulas explore -- --ignored
/// --nocapture` prints a line per instruction and target).
#[test]
#[ignore]
fn explore_outside_the_domains() {
    let specials = specials();
    for (n, case) in CASES.iter().enumerate() {
        let p = program(case);
        let op = opcode(&p);
        let tol = accuracy::tolerance(op);
        let mut rng = Rng(0xE0_0000 + n as u64);
        let inputs: Vec<Vec<u32>> = (0..case.srcs)
            .map(|_| any_inputs(&mut rng, ITEMS as usize * 4, &specials))
            .collect();
        let ideal = interp(&p, &inputs, Tolerated::Ideal);
        for ft in [FormulaTarget::Cayman, FormulaTarget::Gfx906] {
            let got = interp(&p, &inputs, Tolerated::Target(ft));
            let pair = |v: &[u32], i: usize| u64::from(v[i & !1]) | u64::from(v[i | 1]) << 32;
            let bad: Vec<usize> = (0..got.len())
                .filter(|&i| {
                    if tol.is_double() {
                        !accuracy::agrees_u64(tol, pair(&ideal, i), pair(&got, i))
                    } else {
                        !accuracy::agrees(tol, ideal[i], got[i])
                    }
                })
                .collect();
            if let Some(&i) = bad.first() {
                eprintln!(
                    "{} [{ft:?}]: {} of {} outside; e.g. ideal {:#010x} ({}), formula {:#010x} ({}); inputs {}",
                    case.inst, bad.len(), got.len(), ideal[i], f32::from_bits(ideal[i]), got[i], f32::from_bits(got[i]), describe(&inputs, i)
                );
            }
        }
    }
}

/// The `_divComp` source modifier divides (x / y here): a tolerated operation with `div`'s
/// bound. Its formula gives the compiled code's bits on both targets, and stays within the
/// bound over the IL's quotient range.
#[test]
fn the_divcomp_modifier_has_formulas_too() {
    let text = format!(
        "il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_raw_uav_id(0)\ndcl_raw_uav_id({OUT})\n\
         dcl_literal l0, 16, 0, 0, 0\nimul r0.x, vAbsTidFlat.x, l0.x\n\
         uav_raw_load_id(0) r1, r0.x\nadd r9, r1_divcomp(y), l0.y\n\
         uav_raw_store_id({OUT}) mem.xyzw, r0.x, r9\nend\n"
    );
    let p = ilc::parse(text.as_bytes(), "divcomp")
        .expect("parses")
        .program;
    let mut rng = Rng(0xD1C0);
    let inputs = vec![any_inputs(&mut rng, ITEMS as usize * 4, &specials())];
    let ideal = interp(&p, &inputs, Tolerated::Ideal);
    for target in [Target::Cayman, Target::Gfx906] {
        let want = device(&p, &inputs, target);
        let got = interp(&p, &inputs, Tolerated::Target(formula_target(target)));
        let bad: Vec<usize> = (0..want.len()).filter(|&i| want[i] != got[i]).collect();
        assert!(
            bad.is_empty(),
            "{target}: {} dwords differ, first {}: device {:#010x}, formula {:#010x}; {}",
            bad.len(),
            bad[0],
            want[bad[0]],
            got[bad[0]],
            describe(&inputs, bad[0])
        );
        let differ = (0..want.len()).filter(|&i| want[i] != ideal[i]).count();
        eprintln!(
            "divcomp [{target}]: {differ} of {} dwords not the ideal",
            want.len()
        );
    }
    // Within `div`'s bound over the quotient range.
    let tol = accuracy::tolerance(il_frontend::Opcode::Div);
    let inputs = vec![domain_inputs(&mut rng, ITEMS as usize * 4, QUOT[0])];
    let ideal = interp(&p, &inputs, Tolerated::Ideal);
    for ft in [FormulaTarget::Cayman, FormulaTarget::Gfx906] {
        let got = interp(&p, &inputs, Tolerated::Target(ft));
        for i in 0..got.len() {
            assert!(
                accuracy::agrees(tol, ideal[i], got[i]),
                "{ft:?}: dword {i}: {:#010x} against {:#010x}",
                got[i],
                ideal[i]
            );
        }
    }
}
