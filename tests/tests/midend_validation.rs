//! The midend validated against the reference interpreter, without trusting the midend:
//! every known-answer spec (`tests/kat/`) and every real corpus program
//! (`../shared/corpus/`) is parsed, built into IR (`midend::build`), printed back as IL
//! (`midend::to_il`), and the original and the round-tripped program run on the IL
//! reference interpreter with the same inputs; every output must agree bit for bit.
//!
//! Each set runs twice: the IR as the builder makes it, and after the whole pass pipeline
//! (`midend::compile`, verifier on). A difference means the builder or a pass changed what
//! the program computes. Programs the midend does not lower fail, unless
//! `ILC_MIDEND_ALLOW_UNSUPPORTED=1` counts them as skipped; programs the reference cannot
//! run are always skipped (there is nothing to compare against). `ILC_MIDEND_FILTER=text`
//! keeps the files whose name contains the text.
//!
//! `hand_built_ir_computes_what_rust_computes` checks `to_il` on its own: IR built by hand,
//! printed as IL, run, and compared with the values plain Rust computes.

use il_frontend::diag::Span;
use il_frontend::enums::{RelOp, ShiftScale};
use il_frontend::opcode::Opcode;
use il_frontend::Program;
use ilc::{Bindings, Dispatch};
use ilc_tests::kat::{kat_dir, load_all};
use ilc_tests::{corpus_dir, files_with_extension};
use midend::alu::{self, Arg, Res};
use midend::build::BuildError;
use midend::ir::{
    AluOp, Block, BlockCall, DstKind, Function, IfNode, IlOp, Input, LoopNode, Modifier, Node, Op,
    Region, Terminator, Test, Type, Value,
};
use midend::to_il::{to_il, ToIlError};
use runtime_sim::interp::kernel;
use runtime_sim::{Device, Interpreter};

/// Seed of the generated corpus inputs (any fixed value: both runs get the same inputs).
const SEED: u64 = 1;

#[derive(Debug)]
enum Outcome {
    Pass,
    Skip(String),
    Fail(String),
}

fn allow_unsupported() -> bool {
    std::env::var("ILC_MIDEND_ALLOW_UNSUPPORTED").is_ok_and(|v| v == "1")
}

fn unsupported(what: String) -> Outcome {
    if allow_unsupported() {
        Outcome::Skip(format!("unsupported: {what}"))
    } else {
        Outcome::Fail(format!("unsupported: {what}"))
    }
}

/// How a program becomes IR: [`built`] or [`optimized`], or a stand-in in the tests of the harness
/// itself.
type Builder = fn(&Program) -> Result<Function, midend::Error>;

/// The IR as the builder makes it (before optimization).
fn built(program: &Program) -> Result<Function, midend::Error> {
    Ok(midend::build::build(program)?)
}

/// The IR after the whole pass pipeline (`midend::compile`, verifier on after every pass).
fn optimized(program: &Program) -> Result<Function, midend::Error> {
    let options = midend::Options {
        verify: true,
        ..Default::default()
    };
    midend::compile(program, &options)
}

/// The optimized IR with every value `midend::spill` would pick kept in a private array
/// (as the Cayman backend does when a program needs more registers than it has).
fn spilled(program: &Program) -> Result<Function, midend::Error> {
    let func = optimized(program)?;
    let array = program
        .body
        .iter()
        .filter(|i| i.opcode == Opcode::DclIndexedTempArray)
        .filter_map(|i| i.srcs.first().map(|s| s.reg.num + 1))
        .max()
        .unwrap_or(0);
    let victims = midend::spill::candidates(&func);
    let spilled = midend::spill::to_private(&func, &victims, array);
    midend::verify::verify(&spilled).map_err(|e| midend::Error::Verify {
        pass: "spill",
        message: e.to_string(),
    })?;
    Ok(spilled)
}

/// Original program to IR to IL text and back to a validated program.
fn round_trip(program: &Program, build: Builder) -> Result<Program, Outcome> {
    let func = build(program).map_err(|e| match e {
        midend::Error::Build(BuildError::Unsupported { message, .. }) => {
            unsupported(format!("build: {message}"))
        }
        other => Outcome::Fail(other.to_string()),
    })?;
    let il = to_il(&func, program).map_err(|e| match e {
        ToIlError::Unsupported { .. } => unsupported(format!("to_il: {e}")),
        ToIlError::Malformed(_) => Outcome::Fail(format!("to_il: {e}")),
    })?;
    let text = il_frontend::text::print(&il);
    let (parsed, diags) = il_frontend::text::parse(&text);
    let first = |d: &il_frontend::Diagnostics| {
        d.errors()
            .next()
            .map(|e| format!("{} ({:?})", e.message, e.expected))
            .unwrap_or_default()
    };
    let Some(parsed) = parsed.filter(|_| !diags.has_errors()) else {
        return Err(Outcome::Fail(format!(
            "the IL to_il wrote does not parse: {}",
            first(&diags)
        )));
    };
    let report = il_frontend::validate::validate(&parsed);
    if report.has_errors() {
        return Err(Outcome::Fail(format!(
            "the IL to_il wrote does not validate: {}",
            first(&report)
        )));
    }
    Ok(parsed)
}

/// Runs `original` and its round trip on the same inputs and compares every output.
fn differential(
    original: &Program,
    bindings: &Bindings,
    dispatch: Dispatch,
    build: Builder,
) -> Outcome {
    let round_tripped = match round_trip(original, build) {
        Ok(p) => p,
        Err(outcome) => return outcome,
    };
    let mut reference = bindings.clone();
    let report = match Interpreter::default().run(original, &mut reference, dispatch) {
        Ok(r) => r,
        Err(e) => return Outcome::Skip(format!("the reference cannot run the original: {e}")),
    };
    // The round trip executes more instructions (moves around every operation, up to ~40
    // for a dot product), but a wavefront never needs more than this: a round trip that
    // does not terminate fails quickly instead of running into the default limit.
    let step_limit = report
        .wave_instructions
        .saturating_mul(64)
        .clamp(1_000_000, runtime_sim::interp::DEFAULT_STEP_LIMIT);
    let mut got = bindings.clone();
    if let Err(e) = (Interpreter { step_limit }).run(&round_tripped, &mut got, dispatch) {
        return Outcome::Fail(format!("the round-tripped program does not run: {e}"));
    }
    // The midend's round trip must mean exactly what the original means: any bit differs.
    match ilc::mutate::first_difference(&reference, &got, &reference) {
        None => Outcome::Pass,
        Some(m) => Outcome::Fail(m),
    }
}

/// Prints one line per file and a summary; fails with the list of failures.
fn report(what: &str, outcomes: Vec<(String, Outcome)>) {
    let (mut pass, mut skip) = (0, 0);
    let mut failures = Vec::new();
    for (name, outcome) in &outcomes {
        match outcome {
            Outcome::Pass => {
                pass += 1;
                println!("PASS {name}");
            }
            Outcome::Skip(why) => {
                skip += 1;
                println!("SKIP {name}: {why}");
            }
            Outcome::Fail(why) => {
                println!("FAIL {name}: {why}");
                failures.push(format!("{name}: {why}"));
            }
        }
    }
    println!(
        "{what}: {pass} passed, {skip} skipped, {} failed",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{what}: {} of {} failed (ILC_MIDEND_ALLOW_UNSUPPORTED=1 skips what the midend does \
         not lower yet):\n{}",
        failures.len(),
        outcomes.len(),
        failures.join("\n")
    );
}

fn filter() -> String {
    std::env::var("ILC_MIDEND_FILTER").unwrap_or_default()
}

#[test]
fn known_answer_specs_survive_the_builder() {
    known_answer_specs(built, "known-answer specs, built");
}

#[test]
fn known_answer_specs_survive_the_optimizer() {
    known_answer_specs(optimized, "known-answer specs, optimized");
}

fn known_answer_specs(builder: Builder, what: &str) {
    let filter = filter();
    let mut outcomes = Vec::new();
    for (name, spec) in load_all(&kat_dir()) {
        if !name.contains(&filter) {
            continue;
        }
        let outcome = match spec {
            Err(e) => Outcome::Fail(format!("bad spec: {e}")),
            Ok(spec) => match ilc::parse(spec.source.as_bytes(), &name) {
                Err(e) => Outcome::Fail(format!("does not parse: {e}")),
                Ok(parsed) => differential(&parsed.program, &spec.bindings, spec.dispatch, builder),
            },
        };
        outcomes.push((format!("kat/{name}"), outcome));
    }
    assert!(!outcomes.is_empty() || !filter.is_empty(), "no spec found");
    report(what, outcomes);
}

#[test]
fn corpus_programs_survive_the_builder() {
    corpus_programs(&corpus_dir(), built, "corpus programs, built");
}

#[test]
fn corpus_programs_survive_the_optimizer() {
    corpus_programs(&corpus_dir(), optimized, "corpus programs, optimized");
}

#[test]
fn corpus_programs_survive_spilling() {
    corpus_programs(&corpus_dir(), spilled, "corpus programs, spilled");
}

#[test]
fn known_answer_specs_survive_spilling() {
    known_answer_specs(spilled, "known-answer specs, spilled");
}

/// The structurization cases of `tests/midend/` (break and continue at depth, returns from
/// inside loops, switch fall-through and default, switch inside a loop), whose IR
/// `midend/tests/structure.rs` shows.
#[test]
fn structurization_cases_compute_what_the_program_does() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("midend");
    corpus_programs(&dir, built, "structurization cases, built");
    corpus_programs(&dir, optimized, "structurization cases, optimized");
}

fn corpus_programs(dir: &std::path::Path, builder: Builder, what: &str) {
    let filter = filter();
    let mut files = files_with_extension(dir, "il");
    files.extend(files_with_extension(dir, "bin"));
    let mut outcomes = Vec::new();
    for path in files {
        let name = path
            .strip_prefix(dir)
            .unwrap_or(&path)
            .display()
            .to_string();
        if !name.contains(&filter) {
            continue;
        }
        let outcome = match std::fs::read(&path) {
            Err(e) => Outcome::Fail(format!("cannot read: {e}")),
            Ok(bytes) => match ilc::parse(&bytes, &name) {
                Err(e) => Outcome::Fail(format!("does not parse: {e}")),
                Ok(parsed) => {
                    let program = parsed.program;
                    match kernel::lower(&program) {
                        Err(e) => {
                            Outcome::Skip(format!("the reference cannot run the original: {e}"))
                        }
                        Ok(k) => {
                            let work = ilc::check::generate(&program, &k.decls, SEED);
                            differential(&program, &work.bindings, work.dispatch, builder)
                        }
                    }
                }
            },
        };
        outcomes.push((format!("corpus/{name}"), outcome));
    }
    assert!(
        !outcomes.is_empty() || !filter.is_empty(),
        "no corpus program found in {}",
        dir.display()
    );
    report(what, outcomes);
}

// ---- to_il on its own -------------------------------------------------------------------

/// Hand-built IR.
struct Ir {
    f: Function,
}

impl Ir {
    fn op(&mut self, b: Block, op: Op, args: &[Value], ty: Type) -> Value {
        let i = self.f.append(b, op, args, &[ty], Span::default());
        self.f.insts[i].results[0]
    }

    fn c32(&mut self, b: Block, v: u32) -> Value {
        self.op(b, Op::Const(u64::from(v)), &[], Type::I32)
    }

    fn alu(&mut self, b: Block, opcode: Opcode, args: &[Value], ty: Type) -> Value {
        let op = Op::Alu(AluOp {
            opcode,
            control: 0,
            comp: 0,
        });
        self.op(b, op, args, ty)
    }

    fn store(&mut self, b: Block, store: &IlOp, addr: Value, value: Value) {
        self.f.append(
            b,
            Op::Il(store.clone()),
            &[addr, value],
            &[],
            Span::default(),
        );
    }
}

fn call(b: Block, args: &[Value]) -> BlockCall {
    BlockCall {
        block: b,
        args: args.iter().copied().collect(),
    }
}

const KERNEL: &str = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(11)
uav_raw_store_id(11) mem.x, r0.x, r1.x
end
";

/// The raw store of [`KERNEL`] as an [`IlOp`] reading `[addr.x, value.x]`.
fn raw_store() -> IlOp {
    let program = parse(KERNEL);
    let i = &program.body[2];
    IlOp {
        opcode: i.opcode,
        control: i.control,
        extra: i.extra,
        words: i.words.iter().copied().collect(),
        srcs: [1, 1].into_iter().collect(),
        dst: DstKind::Memory(1),
        precise: 0,
    }
}

fn parse(text: &str) -> Program {
    let (program, diags) = il_frontend::text::parse(text);
    assert!(!diags.has_errors(), "{text}\n{diags:?}");
    program.expect("the program parses")
}

/// Per work-item: `a = fib(tid % 20)` by a loop whose back edge swaps two parameters and
/// whose `break` passes `a` out; then `x = tid odd ? factor * a : a >> 1`; stores `x` and
/// `float(x) * 0.5` at byte `8 tid`.
fn fib_ir(factor: u32) -> Function {
    let store = raw_store();
    let mut ir = Ir { f: Function::new() };
    let [entry, header, brk, other, merge, exit, odd, even, done] =
        [(); 9].map(|()| ir.f.create_block());
    let i = ir.f.add_param(header, Type::I32);
    let a = ir.f.add_param(header, Type::I32);
    let b = ir.f.add_param(header, Type::I32);
    let fib = ir.f.add_param(exit, Type::I32);
    let x = ir.f.add_param(done, Type::I32);

    let tid = ir.op(entry, Op::Input(Input::AbsoluteThreadId(0)), &[], Type::I32);
    let twenty = ir.c32(entry, 20);
    let n = ir.alu(entry, Opcode::UMod, &[tid, twenty], Type::I32);
    let zero = ir.c32(entry, 0);
    let one = ir.c32(entry, 1);
    ir.f.blocks[entry].term = Terminator::Jump(call(header, &[zero, zero, one]));

    let ge = ir.alu(header, Opcode::IGe, &[i, n], Type::I32);
    let cond = ir.op(header, Op::Test(Test::NonZero), &[ge], Type::Bool);
    ir.f.blocks[header].term = Terminator::Branch {
        cond,
        then_: call(brk, &[]),
        else_: call(other, &[]),
    };
    ir.f.blocks[brk].term = Terminator::Jump(call(exit, &[a]));
    ir.f.blocks[other].term = Terminator::Jump(call(merge, &[]));
    let i1 = ir.alu(merge, Opcode::IAdd, &[i, one], Type::I32);
    let s = ir.alu(merge, Opcode::IAdd, &[a, b], Type::I32);
    ir.f.blocks[merge].term = Terminator::Jump(call(header, &[i1, b, s]));

    let bit = ir.alu(exit, Opcode::And, &[tid, one], Type::I32);
    let is_odd = ir.op(exit, Op::Test(Test::NonZero), &[bit], Type::Bool);
    ir.f.blocks[exit].term = Terminator::Branch {
        cond: is_odd,
        then_: call(odd, &[]),
        else_: call(even, &[]),
    };
    let factor = ir.c32(odd, factor);
    let scaled = ir.alu(odd, Opcode::IMul, &[fib, factor], Type::I32);
    ir.f.blocks[odd].term = Terminator::Jump(call(done, &[scaled]));
    let halved = ir.alu(even, Opcode::UShr, &[fib, one], Type::I32);
    ir.f.blocks[even].term = Terminator::Jump(call(done, &[halved]));

    let eight = ir.c32(done, 8);
    let addr = ir.alu(done, Opcode::IMul, &[tid, eight], Type::I32);
    ir.store(done, &store, addr, x);
    let f = ir.alu(done, Opcode::Itof, &[x], Type::F32);
    let half = ir.op(done, Op::Const(0x3F00_0000), &[], Type::F32);
    let product = ir.alu(done, Opcode::Mul, &[f, half], Type::F32);
    let four = ir.c32(done, 4);
    let addr4 = ir.alu(done, Opcode::IAdd, &[addr, four], Type::I32);
    ir.store(done, &store, addr4, product);
    ir.f.blocks[done].term = Terminator::Return;

    ir.f.body = Region {
        nodes: vec![
            Node::Block(entry),
            Node::Loop(LoopNode {
                body: Region {
                    nodes: vec![
                        Node::Block(header),
                        Node::If(IfNode {
                            then_: Region::block(brk),
                            else_: Region::block(other),
                        }),
                        Node::Block(merge),
                    ],
                },
            }),
            Node::Block(exit),
            Node::If(IfNode {
                then_: Region::block(odd),
                else_: Region::block(even),
            }),
            Node::Block(done),
        ],
    };
    ir.f
}

/// [`fib_ir`]`(3)` written in IL by hand.
const FIB: &str = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(11)
dcl_literal l0, 0x14, 0x0, 0x1, 0x3
dcl_literal l1, 0x8, 0x4, 0x3F000000, 0x0
umod r0.x, vAbsTid.x, l0.x
mov r1.x, l0.y
mov r2.x, l0.y
mov r3.x, l0.z
whileloop
    ige r4.x, r1.x, r0.x
    break_logicalnz r4.x
    iadd r1.x, r1.x, l0.z
    iadd r5.x, r2.x, r3.x
    mov r2.x, r3.x
    mov r3.x, r5.x
endloop
iand r6.x, vAbsTid.x, l0.z
if_logicalnz r6.x
    imul r7.x, r2.x, l0.w
else
    ushr r7.x, r2.x, l0.z
endif
imul r8.x, vAbsTid.x, l1.x
uav_raw_store_id(11) mem.x, r8.x, r7.x
itof r9.x, r7.x
mul r9.x, r9.x, l1.z
iadd r8.x, r8.x, l1.y
uav_raw_store_id(11) mem.x, r8.x, r9.x
end
";

const ITEMS: u32 = 128;

fn fib_launch() -> (Bindings, Dispatch) {
    let mut bindings = Bindings::default();
    bindings.uavs.insert(11, vec![0; ITEMS as usize * 8]);
    let dispatch = Dispatch::Grid {
        global: [ITEMS, 1, 1],
        group: Some([64, 1, 1]),
        dims: 1,
    };
    (bindings, dispatch)
}

#[test]
fn hand_built_ir_computes_what_rust_computes() {
    let program = to_il(&fib_ir(3), &parse(KERNEL)).expect("to_il");
    let text = il_frontend::text::print(&program);
    let reparsed = parse(&text);
    let report = il_frontend::validate::validate(&reparsed);
    assert!(!report.has_errors(), "{text}\n{report:?}");

    let (mut bindings, dispatch) = fib_launch();
    Interpreter::default()
        .run(&reparsed, &mut bindings, dispatch)
        .unwrap_or_else(|e| panic!("{text}\n{e}"));

    let got = runtime_sim::runtime::dwords(&bindings.uavs[&11]);
    for tid in 0..ITEMS {
        let (mut a, mut b) = (0u32, 1u32);
        for _ in 0..tid % 20 {
            (a, b) = (b, a.wrapping_add(b));
        }
        let x = if tid & 1 != 0 { a * 3 } else { a >> 1 };
        let scaled = (x as i32 as f32 * 0.5).to_bits();
        let at = 2 * tid as usize;
        assert_eq!(
            (got[at], got[at + 1]),
            (x, scaled),
            "work-item {tid}\n{text}"
        );
    }
}

/// The harness itself: a "builder" that returns the right IR for [`FIB`] passes, one
/// that returns IR computing something else fails, and an unsupported program fails
/// unless `ILC_MIDEND_ALLOW_UNSUPPORTED=1`.
#[test]
fn the_differential_run_tells_right_from_wrong() {
    let original = parse(FIB);
    let (bindings, dispatch) = fib_launch();
    let right: Builder = |_| Ok(fib_ir(3));
    let wrong: Builder = |_| Ok(fib_ir(5));
    let refused: Builder = |_| {
        Err(midend::Error::Build(BuildError::Unsupported {
            message: "not today".into(),
            span: Span::default(),
        }))
    };
    let outcome = differential(&original, &bindings, dispatch, right);
    assert!(matches!(outcome, Outcome::Pass), "{outcome:?}");
    let outcome = differential(&original, &bindings, dispatch, wrong);
    assert!(
        matches!(&outcome, Outcome::Fail(m) if m.contains("uav11")),
        "{outcome:?}"
    );
    match differential(&original, &bindings, dispatch, refused) {
        Outcome::Skip(m) if allow_unsupported() => assert!(m.contains("not today")),
        Outcome::Fail(m) if !allow_unsupported() => assert!(m.contains("not today")),
        other => panic!("{other:?}"),
    }
}

/// Runs a one-block function whose stores write dwords 0, 1, 2, ... of UAV 11 (one
/// work-item's worth; every lane computes the same) and returns those dwords.
fn run_stores(f: &Function, dwords: usize) -> Result<Vec<u32>, String> {
    let program = to_il(f, &parse(KERNEL)).map_err(|e| e.to_string())?;
    let mut bindings = Bindings::default();
    bindings.uavs.insert(11, vec![0; dwords * 4]);
    let dispatch = Dispatch::Grid {
        global: [64, 1, 1],
        group: Some([64, 1, 1]),
        dims: 1,
    };
    Interpreter::default()
        .run(&program, &mut bindings, dispatch)
        .map_err(|e| format!("{e}\n{}", il_frontend::text::print(&program)))?;
    Ok(runtime_sim::runtime::dwords(&bindings.uavs[&11]))
}

/// Values that exercise signs, zeros, NaN, infinities, denormals, integer edges.
const WORDS32: [u32; 16] = [
    0,
    1,
    0xFFFF_FFFF,
    0x8000_0000,
    0x3F80_0000,
    0xC020_0000,
    0x3F00_0000,
    0x7FC0_0000,
    0x7F80_0000,
    0x0000_0001,
    3,
    31,
    0x1234_5678,
    0x4049_0FDB,
    0xBF80_0000,
    0x8000_0000 | 0x0040_0000,
];

const WORDS64: [u64; 10] = [
    0,
    0x3FF0_0000_0000_0000,
    0xC004_0000_0000_0000,
    0x7FF8_0000_0000_0000,
    0x7FF0_0000_0000_0000,
    0x8000_0000_0000_0000,
    3,
    u64::MAX,
    0x7E37_E43C_8800_759C,
    0x3FB9_9999_9999_999A,
];

/// Stores a result (both dwords of a 64-bit one) at the next dwords.
fn store_result(ir: &mut Ir, b: Block, store: &IlOp, v: Value, next: &mut u32) {
    let parts = if ir.f.ty(v) == Type::F64 || ir.f.ty(v) == Type::I64 {
        vec![
            ir.op(b, Op::Lo32, &[v], Type::I32),
            ir.op(b, Op::Hi32, &[v], Type::I32),
        ]
    } else {
        vec![v]
    };
    for part in parts {
        let addr = ir.c32(b, 4 * *next);
        ir.store(b, store, addr, part);
        *next += 1;
    }
}

/// Every ALU opcode the midend splits, on every component it computes, printed as IL and
/// run, gives what `midend::alu::eval` (the midend's own folding) says: `to_il` arranges
/// operands where the instruction reads them, and `alu::shape` agrees with the
/// interpreter.
///
/// A float result that is NaN in both runs agrees whatever its payload: Rust leaves NaN
/// payloads unspecified, and the optimizer may commute a float addition (which changes the
/// NaN that propagates) in one caller of a semantic function and not in another, so the
/// payload differs between a debug and a release build of the same function.
#[test]
fn every_alu_shape_runs_as_alu_eval_computes() {
    let store = raw_store();
    let mut rng = ilc::check::Rng::new(7);
    let mut failures = Vec::new();
    let mut checked = 0;
    for opcode in Opcode::all() {
        let Some(shape) = alu::shape(opcode) else {
            continue;
        };
        if opcode == Opcode::CuId {
            continue; // no compile-time value
        }
        let comps: Vec<u8> = match shape.result {
            Res::Vector(mask) => (0..4).filter(|c| mask >> c & 1 != 0).collect(),
            _ => vec![0],
        };
        let mut ir = Ir { f: Function::new() };
        let b = ir.f.create_block();
        let mut expected = Vec::new();
        let mut next = 0;
        for _ in 0..6 {
            let (mut values, mut bits) = (Vec::new(), Vec::new());
            let arg32 = |ir: &mut Ir,
                         rng: &mut ilc::check::Rng,
                         values: &mut Vec<Value>,
                         bits: &mut Vec<u64>| {
                let w = WORDS32[rng.below(WORDS32.len() as u32) as usize];
                values.push(ir.op(b, Op::Const(u64::from(w)), &[], Type::F32));
                bits.push(u64::from(w));
            };
            for arg in shape.args {
                match arg {
                    Arg::Pair => {
                        let w = WORDS64[rng.below(WORDS64.len() as u32) as usize];
                        values.push(ir.op(b, Op::Const(w), &[], Type::F64));
                        bits.push(w);
                    }
                    Arg::Vec4 => {
                        for _ in 0..4 {
                            arg32(&mut ir, &mut rng, &mut values, &mut bits);
                        }
                    }
                    Arg::Comp | Arg::W | Arg::X => arg32(&mut ir, &mut rng, &mut values, &mut bits),
                }
            }
            if shape.keeps_old {
                arg32(&mut ir, &mut rng, &mut values, &mut bits);
            }
            for &comp in &comps {
                let op = AluOp {
                    opcode,
                    control: 0,
                    comp,
                };
                let Some(want) = alu::eval(&op, &bits) else {
                    failures.push(format!("{}: eval gives nothing", opcode.mnemonic()));
                    continue;
                };
                let ty = alu::result_type(opcode, &shape);
                let r = ir.op(b, Op::Alu(op), &values, ty);
                store_result(&mut ir, b, &store, r, &mut next);
                let want_dwords = if shape.result == Res::Pair {
                    vec![want as u32, (want >> 32) as u32]
                } else {
                    vec![want as u32]
                };
                expected.push((comp, bits.clone(), want_dwords, ty));
            }
        }
        ir.f.blocks[b].term = Terminator::Return;
        ir.f.body = Region::block(b);
        checked += 1;
        let got = match run_stores(&ir.f, next as usize) {
            Ok(g) => g,
            Err(e) => {
                failures.push(format!("{}: {e}", opcode.mnemonic()));
                continue;
            }
        };
        let mut at = 0;
        for (comp, args, want, ty) in expected {
            let have = &got[at..at + want.len()];
            if have != want.as_slice() && !both_nan(ty, have, &want) {
                failures.push(format!(
                    "{}.{comp} {args:x?}: eval {want:08x?}, IL run {have:08x?}",
                    opcode.mnemonic()
                ));
            }
            at += want.len();
        }
    }
    assert!(checked > 100, "only {checked} opcodes checked");
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// What the interpreter does for each modifier and test (`runtime-sim`'s `exec.rs` and
/// `float::relop`), in plain Rust, against the IL `to_il` writes for them.
#[test]
fn modifiers_and_tests_run_as_the_interpreter_defines_them() {
    use runtime_sim::interp::semantics::float::{output, relop};
    let store = raw_store();
    let f = f32::from_bits;
    let saturate = move |x: u32| {
        let v = f(x);
        if v.is_nan() || v <= 0.0 {
            0
        } else if v >= 1.0 {
            0x3F80_0000
        } else {
            x
        }
    };
    let sign = move |x: u32| {
        let v = f(x);
        if v < 0.0 {
            (-1.0f32).to_bits()
        } else if v == 0.0 {
            0
        } else {
            1.0f32.to_bits()
        }
    };
    let divcomp = move |x: u32, d: u32| {
        if f(d) == 0.0 {
            f32::MAX.to_bits() | ((x ^ d) & 0x8000_0000)
        } else {
            (f(x) / f(d)).to_bits()
        }
    };
    let scale = |s: ShiftScale| match s {
        ShiftScale::X2 => 2.0,
        ShiftScale::X4 => 4.0,
        ShiftScale::X8 => 8.0,
        ShiftScale::D2 => 0.5,
        ShiftScale::D4 => 0.25,
        ShiftScale::D8 => 0.125,
        ShiftScale::None => 1.0,
    };
    let shifts = [
        ShiftScale::X2,
        ShiftScale::X4,
        ShiftScale::X8,
        ShiftScale::D2,
        ShiftScale::D4,
        ShiftScale::D8,
    ];

    let mut ir = Ir { f: Function::new() };
    let b = ir.f.create_block();
    let mut next = 0;
    let mut expected: Vec<(String, u32)> = Vec::new();
    type Expect = Box<dyn Fn(u32) -> u32>;
    let mut modifiers32: Vec<(Modifier, Expect)> = vec![
        (Modifier::IntNeg, Box::new(|x: u32| x.wrapping_neg())),
        (
            Modifier::IntAbs,
            Box::new(|x: u32| (x as i32).unsigned_abs()),
        ),
        (Modifier::FloatNeg, Box::new(|x| x ^ 0x8000_0000)),
        (Modifier::FloatAbs, Box::new(|x| x & 0x7FFF_FFFF)),
        (Modifier::Invert, Box::new(move |x| (1.0 - f(x)).to_bits())),
        (Modifier::Bias, Box::new(move |x| (f(x) - 0.5).to_bits())),
        (Modifier::Times2, Box::new(move |x| (2.0 * f(x)).to_bits())),
        (Modifier::Sign, Box::new(sign)),
        (Modifier::Saturate, Box::new(saturate)),
    ];
    for s in shifts {
        modifiers32.push((
            Modifier::Shift(s),
            Box::new(move |x| output(f(x) * scale(s) as f32)),
        ));
    }
    for &x in &WORDS32 {
        let v = ir.op(b, Op::Const(u64::from(x)), &[], Type::F32);
        for (m, want) in &modifiers32 {
            let r = ir.op(b, Op::Modifier(*m), &[v], Type::F32);
            store_result(&mut ir, b, &store, r, &mut next);
            expected.push((format!("{m:?} {x:08x}"), want(x)));
        }
        for &d in &WORDS32 {
            let dv = ir.op(b, Op::Const(u64::from(d)), &[], Type::F32);
            let r = ir.op(b, Op::Modifier(Modifier::DivComp), &[v, dv], Type::F32);
            store_result(&mut ir, b, &store, r, &mut next);
            expected.push((format!("DivComp {x:08x} {d:08x}"), divcomp(x, d)));
            for op in [
                RelOp::Ne,
                RelOp::Eq,
                RelOp::Ge,
                RelOp::Gt,
                RelOp::Le,
                RelOp::Lt,
            ] {
                let t = ir.op(b, Op::Test(Test::Float(op)), &[v, dv], Type::Bool);
                let one = ir.c32(b, 1);
                let zero = ir.c32(b, 0);
                let r = ir.op(b, Op::Select, &[t, one, zero], Type::I32);
                store_result(&mut ir, b, &store, r, &mut next);
                expected.push((
                    format!("Test {op:?} {x:08x} {d:08x}"),
                    u32::from(relop(op, x, d)),
                ));
            }
        }
        for (test, want) in [(Test::NonZero, x != 0), (Test::Zero, x == 0)] {
            let t = ir.op(b, Op::Test(test), &[v], Type::Bool);
            let n = ir.op(b, Op::Not, &[t], Type::Bool);
            let yes = ir.op(b, Op::Const(1), &[], Type::Bool);
            let both = ir.op(b, Op::And, &[t, yes], Type::Bool);
            let either = ir.op(b, Op::Or, &[both, n], Type::Bool);
            let seven = ir.c32(b, 7);
            let nine = ir.c32(b, 9);
            for (cond, w) in [(both, want), (n, !want), (either, true)] {
                let r = ir.op(b, Op::Select, &[cond, seven, nine], Type::I32);
                store_result(&mut ir, b, &store, r, &mut next);
                expected.push((format!("{test:?} {x:08x}"), if w { 7 } else { 9 }));
            }
        }
    }
    for &x in &WORDS64 {
        let d = |x: u64| f64::from_bits(x);
        let v = ir.op(b, Op::Const(x), &[], Type::F64);
        let mut cases: Vec<(Modifier, u64)> = vec![
            (Modifier::DoubleNeg, x ^ 1 << 63),
            (Modifier::DoubleAbs, x & !(1 << 63)),
            (
                Modifier::DoubleSaturate,
                if d(x).is_nan() {
                    0
                } else {
                    d(x).clamp(0.0, 1.0).to_bits()
                },
            ),
        ];
        for s in shifts {
            cases.push((Modifier::DoubleShift(s), (d(x) * scale(s)).to_bits()));
        }
        for (m, want) in cases {
            let r = ir.op(b, Op::Modifier(m), &[v], Type::F64);
            store_result(&mut ir, b, &store, r, &mut next);
            expected.push((format!("{m:?} {x:016x} lo"), want as u32));
            expected.push((format!("{m:?} {x:016x} hi"), (want >> 32) as u32));
        }
        let lo = ir.op(b, Op::Lo32, &[v], Type::I32);
        let hi = ir.op(b, Op::Hi32, &[v], Type::I32);
        let swapped = ir.op(b, Op::Pack64, &[hi, lo], Type::I64);
        store_result(&mut ir, b, &store, swapped, &mut next);
        expected.push((format!("Pack64 {x:016x} lo"), (x >> 32) as u32));
        expected.push((format!("Pack64 {x:016x} hi"), x as u32));
    }
    ir.f.blocks[b].term = Terminator::Return;
    ir.f.body = Region::block(b);
    let got = run_stores(&ir.f, next as usize).expect("the program runs");
    let failures: Vec<String> = expected
        .iter()
        .zip(&got)
        .filter(|((_, want), have)| want != *have)
        .map(|((what, want), have)| format!("{what}: want {want:08x}, IL run {have:08x}"))
        .collect();
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Whether a float result is NaN in both runs (see `every_alu_shape_runs_as_alu_eval_computes`).
fn both_nan(ty: Type, have: &[u32], want: &[u32]) -> bool {
    match (ty, have, want) {
        (Type::F32, [h], [w]) => f32::from_bits(*h).is_nan() && f32::from_bits(*w).is_nan(),
        (Type::F64, [hl, hh], [wl, wh]) => {
            let h = f64::from_bits(u64::from(*hl) | u64::from(*hh) << 32);
            let w = f64::from_bits(u64::from(*wl) | u64::from(*wh) << 32);
            h.is_nan() && w.is_nan()
        }
        _ => false,
    }
}
