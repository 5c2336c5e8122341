//! Property test of the front end's contract: random well-formed instructions of every
//! opcode in the table (every control field, opcode-specific token, operand and trailing
//! word its [`OpInfo`] describes) survive print -> parse and encode -> decode unchanged,
//! and the decoded program prints the same text.
//!
//! The generator makes only trees the decoder accepts (`binary/decode.rs`): enumerated
//! fields hold defined values, modifier tokens carry only defined bits, registers are
//! addressed as `text::printer::printable` allows. The validator need not pass.
//!
//! `ILC_PROPTEST_CASES` sets the number of random programs (default 256); each opcode on
//! its own gets a thirty-second of that (at least 8).

use il_frontend::ast::{
    Dim, Dst, DstMod, ExtraTokens, Index, Instruction, MacroDef, Program, Register, Src, SrcMod,
    Version,
};
use il_frontend::diag::Span;
use il_frontend::enums::{DivComp, DstComp, Language, ShaderType, ShiftScale, Swizzle};
use il_frontend::opcode::{
    DataType, Field, FieldKind, FieldLoc, FieldSyntax, Layout, OpInfo, Opcode, Words,
};
use il_frontend::regs::{RegStyle, RegType};
use il_frontend::{binary, text};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, TestRunner};

fn cases() -> u32 {
    std::env::var("ILC_PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
}

// ---- values --------------------------------------------------------------------------

/// Small values most of the time (they hit table edges), any 32-bit value otherwise.
fn number() -> BoxedStrategy<u32> {
    prop_oneof![3 => 0..4u32, 1 => any::<u32>()].boxed()
}

/// A value of one control field: within its width, and a defined one for enumerations.
fn field_value(f: &Field) -> BoxedStrategy<u32> {
    let max = f.max_value();
    match f.kind {
        FieldKind::Flag => (0..=1u32).boxed(),
        FieldKind::Enum(table) => (0..=(table.len() as u32 - 1).min(max)).boxed(),
        _ => prop_oneof![0..=max.min(3), 0..=max].boxed(),
    }
}

/// A token made of random values of `fields` (and zero in every other bit).
fn token(fields: Vec<&'static Field>) -> BoxedStrategy<u32> {
    let values: Vec<_> = fields.iter().map(|f| field_value(f)).collect();
    values
        .prop_map(move |values| {
            fields
                .iter()
                .zip(values)
                .fold(0, |word, (f, v)| f.set(word, v))
        })
        .boxed()
}

fn fields_at(info: &'static OpInfo, loc: FieldLoc) -> Vec<&'static Field> {
    info.fields.iter().filter(|f| f.loc == loc).collect()
}

/// An optional opcode-specific token, when the layout allows it and fields describe it.
/// Text cannot show an all-zero token whose fields are all flags (the decoder refuses it),
/// except the resource-format word of `_ext`.
fn extra_token(info: &'static OpInfo, loc: FieldLoc, allowed: bool) -> BoxedStrategy<Option<u32>> {
    let fields = fields_at(info, loc);
    let spells_zero = loc == FieldLoc::ResourceFormat
        || fields.iter().any(|f| {
            f.kind != FieldKind::Flag
                && matches!(f.syntax, FieldSyntax::Named | FieldSyntax::NamedOrBare)
        });
    if allowed && !fields.is_empty() {
        option::of(token(fields))
            .prop_filter("an all-zero token of flags", move |t| {
                spells_zero || *t != Some(0)
            })
            .boxed()
    } else {
        Just(None).boxed()
    }
}

// ---- operands ------------------------------------------------------------------------

fn src_mod() -> impl Strategy<Value = SrcMod> {
    let swizzle = [(); 4].map(|_| select(Swizzle::ALL));
    (
        swizzle,
        any::<[bool; 4]>(),
        any::<[bool; 5]>(),
        select(DivComp::ALL),
        any::<bool>(),
    )
        .prop_map(
            |(swizzle, negate, [invert, bias, x2, sign, abs], divcomp, clamp)| SrcMod {
                swizzle,
                negate,
                invert,
                bias,
                x2,
                sign,
                abs,
                divcomp,
                clamp,
            },
        )
}

/// A destination modifier. `_sat` and a shift scale are spelled on the instruction, so only
/// the one destination of an ordinary instruction has them, and the parser takes them only
/// where the operand type allows (`_sat` on float, a shift on float or double, L596-L598).
fn dst_mod(data: Option<DataType>) -> impl Strategy<Value = DstMod> {
    let mask = [(); 4].map(|_| select(DstComp::ALL));
    let sat_ok = data == Some(DataType::Float);
    let shift_ok = matches!(data, Some(DataType::Float | DataType::Double));
    (mask, any::<bool>(), select(ShiftScale::ALL)).prop_map(move |(mask, clamp, shift)| DstMod {
        mask,
        clamp: clamp && sat_ok,
        shift: if shift_ok { shift } else { ShiftScale::None },
    })
}

/// `[r1.x]`, `[4]` or `[r1.x+4]`, with an index register of any type (itself not indexed).
fn index() -> BoxedStrategy<Index> {
    let offset = prop_oneof![0..8u32, any::<u32>()];
    (option::of(src(1)), option::of(offset))
        .prop_filter_map("an index has a register or an immediate", |(r, o)| {
            (r.is_some() || o.is_some()).then(|| Index {
                relative: r.map(Box::new),
                offset: o,
            })
        })
        .boxed()
}

/// A register of any type, addressed as its style allows; `depth` 1 is an index register,
/// which cannot be indexed itself (L610).
fn register(depth: usize) -> BoxedStrategy<Register> {
    (select(RegType::ALL), number())
        .prop_flat_map(move |(ty, num)| match ty.style() {
            RegStyle::Indexed { .. } if depth == 0 => (option::of(index()), vec(index(), 0..=2))
                .prop_map(move |(index, dims)| {
                    let mut r = Register::new(ty, num);
                    if index.is_some() {
                        r.dims = dims
                            .into_iter()
                            .map(|i| Dim {
                                num: 0,
                                index: Some(i),
                            })
                            .collect();
                    }
                    r.index = index;
                    r
                })
                .boxed(),
            RegStyle::NumberInBrackets if depth == 0 => vec(number(), 0..=2)
                .prop_map(move |dims| {
                    let mut r = Register::new(ty, num);
                    r.dims = dims
                        .into_iter()
                        .map(|num| Dim { num, index: None })
                        .collect();
                    r
                })
                .boxed(),
            _ => Just(Register::new(ty, num)).boxed(),
        })
        .boxed()
}

fn src(depth: usize) -> BoxedStrategy<Src> {
    (register(depth), option::of(src_mod()))
        .prop_map(|(reg, modifier)| Src { reg, modifier })
        .boxed()
}

fn dst(data: Option<DataType>) -> BoxedStrategy<Dst> {
    (register(0), option::of(dst_mod(data)))
        .prop_map(|(reg, modifier)| Dst { reg, modifier })
        .boxed()
}

// ---- instructions --------------------------------------------------------------------

/// The trailing words of an instruction of `info`.
fn words(info: &'static OpInfo) -> BoxedStrategy<Vec<u32>> {
    let n = |n: u8| vec(any::<u32>(), n as usize).boxed();
    match info.words {
        Words::None => Just(Vec::new()).boxed(),
        Words::Unsigned(k) | Words::Def(k) => n(k),
        Words::Signed | Words::Float => n(1),
        Words::Literal => n(4),
        Words::PaddedTo3 => n(3),
        Words::CountInControl { max } => vec(any::<u32>(), 1..=max as usize).boxed(),
        Words::MirroredInControl => vec(0..=0x3fffu32, 1).boxed(),
        Words::FunctionTable => vec(number(), 0..4).boxed(),
        Words::InterfacePtr => vec(number(), 2..6).boxed(),
        // A null-terminated string padded with zeros to whole words (7.14).
        Words::Comment => vec(1..=255u8, 0..20)
            .prop_map(|mut bytes| {
                bytes.push(0);
                while bytes.len() % 4 != 0 {
                    bytes.push(0);
                }
                bytes
                    .chunks(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                    .collect()
            })
            .boxed(),
        Words::Fields(k) => (0..k)
            .map(|k| token(fields_at(info, FieldLoc::Word(k))))
            .collect::<Vec<_>>()
            .boxed(),
    }
}

/// The opcodes that are instructions of their own: not the macro brackets (which are
/// [`MacroDef`]s) nor `PREFIX` (which is [`Instruction::precise`]).
fn instruction_opcodes() -> Vec<Opcode> {
    Opcode::all()
        .filter(|op| {
            !matches!(
                op,
                Opcode::Unknown | Opcode::Macrodef | Opcode::Macroend | Opcode::Prefix
            )
        })
        .collect()
}

/// A random well-formed instruction of opcode `op`.
fn instruction(op: Opcode) -> BoxedStrategy<Instruction> {
    let info = op.info();
    let control = if op == Opcode::Macrocall {
        // The macro number (L9954).
        (0..1u16 << 14).boxed()
    } else if matches!(
        info.words,
        Words::CountInControl { .. } | Words::MirroredInControl
    ) {
        // The control field is the word count, which the AST derives from the words.
        Just(0).boxed()
    } else {
        token(fields_at(info, FieldLoc::Control))
            .prop_map(|v| v as u16)
            .boxed()
    };
    let (primary, secondary, resource_format, address_offset) = match info.layout {
        Layout::Standard { primary, secondary } => (
            extra_token(info, FieldLoc::Primary, primary),
            extra_token(info, FieldLoc::Secondary, secondary),
            Just(None).boxed(),
            Just(None).boxed(),
        ),
        Layout::Sample => (
            extra_token(info, FieldLoc::Primary, true),
            Just(None).boxed(),
            extra_token(info, FieldLoc::ResourceFormat, true),
            extra_token(info, FieldLoc::AddressOffset, true),
        ),
        Layout::ConstBuffer | Layout::MacroCall => (
            Just(None).boxed(),
            Just(None).boxed(),
            Just(None).boxed(),
            Just(None).boxed(),
        ),
    };
    // `mcall(k)` has no spelling for precise flags; the decoder refuses PREFIX before it.
    let precise = if op == Opcode::Macrocall {
        Just(None).boxed()
    } else {
        option::of(1..=15u8).boxed()
    };
    (
        control,
        (primary, secondary, resource_format, address_offset),
        precise,
    )
        .prop_flat_map(move |(control, (p, s, rf, ao), precise)| {
            let mut inst = Instruction::new(op);
            inst.control = control;
            inst.extra = ExtraTokens {
                primary: p,
                secondary: s,
                resource_format: rf,
                address_offset: ao,
            };
            inst.precise = precise;
            if op == Opcode::Macrocall {
                return (vec(dst(None), 0..3), vec(src(0), 0..3))
                    .prop_map(move |(outs, ins)| {
                        let mut inst = inst.clone();
                        inst.macro_outputs = outs;
                        inst.srcs = ins.into();
                        inst
                    })
                    .boxed();
            }
            let immediate_cb = info.layout == Layout::ConstBuffer && control & 0x8000 != 0;
            let (nsrc, words) = if immediate_cb {
                (0, vec(any::<u32>(), 0..6).boxed())
            } else {
                (info.source_count(control, &inst.extra), words(info))
            };
            let dst = if info.dst {
                dst(Some(info.data)).prop_map(Some).boxed()
            } else {
                Just(None).boxed()
            };
            (dst, vec(src(0), nsrc), words)
                .prop_map(move |(d, s, w)| {
                    let mut inst = inst.clone();
                    inst.dst = d;
                    inst.srcs = s.into();
                    inst.words = w.into();
                    inst
                })
                .boxed()
        })
        .boxed()
}

fn any_instruction() -> BoxedStrategy<Instruction> {
    select(instruction_opcodes())
        .prop_flat_map(instruction)
        .boxed()
}

// ---- programs ------------------------------------------------------------------------

/// Calls `f` on every register of `inst`, index registers included.
fn for_each_register(inst: &mut Instruction, f: &mut dyn FnMut(&mut Register)) {
    fn reg(r: &mut Register, f: &mut dyn FnMut(&mut Register)) {
        f(r);
        let indices = r
            .index
            .iter_mut()
            .chain(r.dims.iter_mut().filter_map(|d| d.index.as_mut()));
        for i in indices {
            if let Some(s) = &mut i.relative {
                reg(&mut s.reg, f);
            }
        }
    }
    for d in inst.dst.iter_mut().chain(inst.macro_outputs.iter_mut()) {
        reg(&mut d.reg, f);
    }
    for s in &mut inst.srcs {
        reg(&mut s.reg, f);
    }
}

/// `v#` is the SM30 vertex input (not indexed) in the main body of a vertex shader that
/// declares vertex inputs with `dclv`/`initv`, and the SM40 input everywhere else: text
/// has one spelling for both.
fn resolve_v_registers(p: &mut Program) {
    let vertex = p.version.shader == ShaderType::Vertex
        && p.body
            .iter()
            .any(|i| matches!(i.opcode, Opcode::Dclv | Opcode::Initv));
    let to_input = &mut |r: &mut Register| {
        if r.ty == RegType::Vertex {
            r.ty = RegType::Input;
        }
    };
    for m in &mut p.macros {
        m.body
            .iter_mut()
            .for_each(|i| for_each_register(i, to_input));
    }
    for inst in &mut p.body {
        if vertex {
            for_each_register(inst, &mut |r| {
                if r.ty == RegType::Input {
                    r.ty = RegType::Vertex;
                    r.index = None;
                    r.dims.clear();
                }
            });
        } else {
            for_each_register(inst, to_input);
        }
    }
}

fn macro_def() -> impl Strategy<Value = MacroDef> {
    (
        0..1u16 << 14,
        any::<u8>(),
        any::<u8>(),
        any::<bool>(),
        vec(any_instruction(), 0..3),
    )
        .prop_map(|(id, outputs, inputs, outline, body)| MacroDef {
            id,
            outputs,
            inputs,
            outline,
            body,
            span: Span::default(),
        })
}

/// A program around `body`, with a random header and macros.
fn program(body: BoxedStrategy<Vec<Instruction>>) -> impl Strategy<Value = Program> {
    (
        select(Language::ALL),
        select(ShaderType::ALL),
        any::<(u8, u8, bool, bool)>(),
        vec(macro_def(), 0..=1),
        body,
    )
        .prop_map(
            |(language, shader, (major, minor, multipass, realtime), macros, body)| {
                let mut p = Program {
                    macros,
                    language,
                    version: Version {
                        shader,
                        major,
                        minor,
                        multipass,
                        // Realtime is a pixel shader flag (L1202).
                        realtime: realtime && shader == ShaderType::Pixel,
                        span: Span::default(),
                    },
                    body,
                };
                resolve_v_registers(&mut p);
                p
            },
        )
}

// ---- the properties ------------------------------------------------------------------

fn without_spans(mut p: Program) -> Program {
    p.clear_spans();
    p
}

fn check(p: &Program) -> Result<(), TestCaseError> {
    let canonical = text::print(p);
    let (reparsed, diags) = text::parse(&canonical);
    let Some(reparsed) = reparsed else {
        return Err(TestCaseError::fail(format!(
            "the printed program does not parse:\n{canonical}\n{:#?}",
            diags.errors().collect::<Vec<_>>()
        )));
    };
    prop_assert_eq!(
        &without_spans(reparsed),
        p,
        "print -> parse:\n{}",
        canonical
    );

    let bytes = binary::encode_bytes(p);
    let (decoded, diags) = binary::decode(&bytes);
    let Some(decoded) = decoded else {
        return Err(TestCaseError::fail(format!(
            "the encoding does not decode:\n{canonical}\n{:#?}",
            diags.errors().collect::<Vec<_>>()
        )));
    };
    let decoded = without_spans(decoded);
    prop_assert_eq!(&decoded, p, "encode -> decode:\n{}", canonical);
    prop_assert_eq!(text::print(&decoded), canonical);
    Ok(())
}

proptest! {
    #![proptest_config(Config::with_cases(cases()))]

    /// Programs of a few random instructions of random opcodes, with an optional macro.
    #[test]
    fn random_programs_round_trip(p in program(vec(any_instruction(), 1..8).boxed())) {
        check(&p)?;
    }
}

/// Each opcode of the table on its own, so that none is left out by chance.
#[test]
fn every_opcode_round_trips() {
    let per_opcode = (cases() / 32).max(8);
    for op in instruction_opcodes() {
        let mut runner = TestRunner::new(Config {
            cases: per_opcode,
            failure_persistence: None,
            ..Config::default()
        });
        let body = vec(instruction(op), 1..=2).boxed();
        if let Err(e) = runner.run(&program(body), |p| check(&p)) {
            panic!("{} ({:?}): {e}", op.mnemonic(), op);
        }
    }
}
