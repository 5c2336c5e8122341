//! What AMD's compiler accepted beyond the reference.
//!
//! Real CAL-era programs break rules of the IL reference that AMD's compiler never
//! enforced: an older spelling of a declaration, a `ret` where `endmain` belongs, a write to
//! an output nobody declared. A compiler for a legacy language must take them. Each such
//! rule is a [`Leniency`]: the program is read with the meaning `docs/decisions.md` gives
//! it, a warning names the rule (`[-Wret-ends-main]`), and [`ReadOptions::strict`] (the
//! command line's `--strict`) turns every such warning back into the reference's error,
//! for people who generate IL and want to know they follow the reference.
//!
//! The rewrites happen here, on the AST, before validation ([`normalize`]), so that the
//! validator, the interpreter and the compilers all see a program that follows the
//! reference and none of them needs to know about old habits. Leniencies that need no
//! rewrite (a spelling, a diagnostic that is only a warning) are reported where they are
//! found, with [`Diagnostic::lenient`].

use crate::ast::{Dst, Instruction, Program, Register};
use crate::diag::{Diagnostic, Diagnostics, Severity, Span};
use crate::enums::{ImportUsage, ShaderType};
use crate::opcode::{Flow, Opcode};
use crate::regs::RegType;

/// How a program is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Refuse what the reference forbids even where AMD's compiler accepted it: every
    /// [`Leniency`] is an error.
    pub strict: bool,
}

macro_rules! leniencies {
    ($( $(#[$doc:meta])* $variant:ident => $name:literal, $quiet:literal; )+) => {
        /// A rule of the reference that AMD's compiler did not enforce, and that ilc
        /// accepts with a warning unless reading strictly. Each has a section in
        /// `docs/decisions.md` ("Leniencies") with the meaning ilc gives it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Leniency {
            $( $(#[$doc])* $variant, )+
        }

        impl Leniency {
            pub const ALL: &'static [Leniency] = &[$(Leniency::$variant),+];

            /// The rule's name, as warnings show it (`[-Wname]`).
            pub fn name(self) -> &'static str {
                match self { $( Leniency::$variant => $name ),+ }
            }

            /// Whether the warning is shown only when reading strictly: the program is
            /// ordinary and a warning would only be noise.
            pub fn quiet(self) -> bool {
                match self { $( Leniency::$variant => $quiet ),+ }
            }
        }
    };
}

leniencies! {
    /// An older spelling of an instruction (`dcl_num_thread_per_blk`).
    LegacyMnemonic => "legacy-mnemonic", false;
    /// A specifier the instruction's token has no field for (`ddiv_zeroop(zero)`): dropped.
    IgnoredSpecifier => "ignored-specifier", false;
    /// `ret` at the end of the main program, where `endmain` (before functions) or
    /// nothing (before `end`) belongs.
    RetEndsMain => "ret-ends-main", false;
    /// More than one `end`: the later ones are dropped.
    RepeatedEnd => "repeated-end", false;
    /// A write to an output register without a `dcl_output`: declared as a generic output.
    UndeclaredOutput => "undeclared-output", false;
    /// `fence_threads` where there is no work-group (a pixel shader): a memory fence.
    BarrierWithoutGroup => "barrier-without-group", false;
    /// A barrier in a loop: legal only if every work-item runs the loop equally often.
    BarrierInLoop => "barrier-in-loop", false;
    /// A constant-buffer element past the declared size: the bound buffer is read.
    ConstantPastDeclaration => "cb-past-declaration", false;
    /// Several instructions on one line.
    InstructionsOnOneLine => "instructions-on-one-line", false;
    /// A missing or stray `,` between operands.
    Commas => "commas", false;
    /// `ret` inside `if`, a loop or a `switch`: a return from where it stands, `ret_dyn`.
    RetInFlowControl => "ret-in-flow-control", false;
    /// A literal used before its `dcl_literal`: literals are constants of the whole
    /// program, so the declaration is moved to its start.
    LiteralBeforeDeclaration => "literal-before-declaration", false;
    /// A declaration repeated word for word: the repetition is dropped.
    RepeatedDeclaration => "repeated-declaration", false;
    /// `dcl_max_thread_per_group` beside a `dcl_num_thread_per_group` that respects it: the
    /// limit says nothing more and is dropped.
    GroupSizeAndLimit => "group-size-and-limit", false;
    /// SM30-only and SM40-only features in one program (App.C L11306): ordinary in CAL
    /// programs (`vWinCoord0` with `dcl_output_generic`), so reported only when strict.
    MixedShaderModels => "mixed-shader-models", true;
}

impl Diagnostic {
    /// A warning for a leniency: the program is accepted with the meaning
    /// `docs/decisions.md` gives it; [`ReadOptions::strict`] makes it an error.
    pub fn lenient(span: Span, rule: Leniency, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            rule: Some(rule),
            ..Diagnostic::warning(span, message)
        }
    }
}

/// Applies `options` to the diagnostics of a read: strict reading makes every leniency an
/// error; otherwise the quiet ones are dropped.
pub fn apply(options: &ReadOptions, diags: &mut Diagnostics) {
    if options.strict {
        for d in &mut diags.0 {
            if d.rule.is_some() {
                d.severity = Severity::Error;
            }
        }
    } else {
        diags.0.retain(|d| !d.rule.is_some_and(Leniency::quiet));
    }
}

/// Older spellings of instructions that AMD's compiler read, and what they are now.
const LEGACY_MNEMONICS: &[(&str, Opcode)] =
    &[("dcl_num_thread_per_blk", Opcode::DclNumThreadPerGroup)];

/// The instruction an older spelling names (ASCII case-insensitive).
pub fn legacy_mnemonic(name: &str) -> Option<Opcode> {
    LEGACY_MNEMONICS
        .iter()
        .find(|(old, _)| old.eq_ignore_ascii_case(name))
        .map(|&(_, op)| op)
}

/// Rewrites the leniencies that change a program's structure into what the reference
/// says, reporting each. Runs before validation.
pub fn normalize(program: &mut Program, diags: &mut Diagnostics) {
    repeated_declarations(program, diags);
    literals_before_declaration(program, diags);
    group_size_and_limit(program, diags);
    ret_ends_main(program, diags);
    ret_in_flow_control(program, diags);
    repeated_end(program, diags);
    undeclared_outputs(program, diags);
    barrier_without_group(program, diags);
}

/// `ret` at nesting depth 0 in the main program, directly before the first `func` (AMD's
/// compiler read it as `endmain`) or directly before `end` (a return from the main
/// program, which `end` already is). A `ret` anywhere else is left to the validator.
fn ret_ends_main(program: &mut Program, diags: &mut Diagnostics) {
    let mut depth = 0usize;
    let mut at = None;
    for (i, inst) in program.body.iter().enumerate() {
        match inst.info().flow {
            Flow::If | Flow::Loop | Flow::Switch => depth += 1,
            Flow::EndIf | Flow::EndLoop | Flow::EndSwitch => depth = depth.saturating_sub(1),
            Flow::EndMain | Flow::Func | Flow::End => break,
            Flow::Ret if depth == 0 => {
                at = Some(i);
                break;
            }
            _ => {}
        }
    }
    let Some(i) = at else { return };
    let span = program.body[i].span;
    match program.body.get(i + 1).map(|next| next.info().flow) {
        Some(Flow::Func) => {
            diags.push(
                Diagnostic::lenient(span, Leniency::RetEndsMain, "`ret` ends the main program")
                    .note("read as `endmain`: the functions follow it (L1162)"),
            );
            let mut endmain = Instruction::new(Opcode::Endmain);
            endmain.span = span;
            program.body[i] = endmain;
        }
        Some(Flow::End) => {
            diags.push(
                Diagnostic::lenient(span, Leniency::RetEndsMain, "`ret` ends the main program")
                    .note("dropped: `end` ends the main program (L1160)"),
            );
            program.body.remove(i);
        }
        _ => {}
    }
}

/// `ret` inside a block of the main program or of a function, where the reference wants
/// `ret_dyn` (L3892): the program meant to return from there, which is what `ret_dyn`
/// does (L3903). A `ret` at depth 0 is left to [`ret_ends_main`] and the validator.
fn ret_in_flow_control(program: &mut Program, diags: &mut Diagnostics) {
    let mut depth = 0usize;
    for inst in &mut program.body {
        match inst.info().flow {
            Flow::If | Flow::Loop | Flow::Switch => depth += 1,
            Flow::EndIf | Flow::EndLoop | Flow::EndSwitch => depth = depth.saturating_sub(1),
            // A function starts at depth 0 even after unbalanced code: the validator
            // reports that, and no `ret` of the function is misread because of it.
            Flow::EndMain | Flow::Func => depth = 0,
            Flow::Ret if depth > 0 => {
                diags.push(
                    Diagnostic::lenient(
                        inst.span,
                        Leniency::RetInFlowControl,
                        "`ret` inside flow control",
                    )
                    .note("read as `ret_dyn`, a return from here (L3892, L3903)"),
                );
                let mut ret_dyn = Instruction::new(Opcode::RetDyn);
                ret_dyn.span = inst.span;
                *inst = ret_dyn;
            }
            _ => {}
        }
    }
}

/// The literal registers an instruction reads, directly or as an index.
fn literals_read(inst: &Instruction) -> impl Iterator<Item = (u32, Span)> + '_ {
    fn walk(reg: &Register, out: &mut Vec<(u32, Span)>) {
        if reg.ty == RegType::Literal {
            out.push((reg.num, reg.span));
        }
        let dims = reg.dims.iter().filter_map(|d| d.index.as_ref());
        for index in reg.index.iter().chain(dims) {
            if let Some(rel) = &index.relative {
                walk(&rel.reg, out);
            }
        }
    }
    let mut out = Vec::new();
    for s in &inst.srcs {
        walk(&s.reg, &mut out);
    }
    if let Some(d) = &inst.dst {
        walk(&d.reg, &mut out);
    }
    out.into_iter()
}

/// `dcl_literal lN` after an instruction that reads `lN`: moved to the start of the
/// program. A literal is a constant of the whole program (L4093-L4099), so where its
/// declaration stands changes nothing else. Macros keep their own literals (L9925) and are
/// left alone.
fn literals_before_declaration(program: &mut Program, diags: &mut Diagnostics) {
    let mut first_use: std::collections::HashMap<u32, Span> = Default::default();
    let mut late = Vec::new();
    for (i, inst) in program.body.iter().enumerate() {
        if inst.opcode == Opcode::DclLiteral {
            let Some(reg) = inst.srcs.first().map(|s| &s.reg) else {
                continue;
            };
            if let Some(&used) = first_use.get(&reg.num) {
                diags.push(
                    Diagnostic::lenient(
                        inst.span,
                        Leniency::LiteralBeforeDeclaration,
                        format!("literal l{} is declared after its first use", reg.num),
                    )
                    .note("moved to the start of the program: a literal is a constant (L4099)")
                    .related(used, "first used here"),
                );
                late.push(i);
            }
            continue;
        }
        for (num, span) in literals_read(inst) {
            first_use.entry(num).or_insert(span);
        }
    }
    for (moved, &i) in late.iter().enumerate() {
        let inst = program.body.remove(i);
        program.body.insert(moved, inst);
    }
}

/// A declaration that repeats an earlier one word for word (the same canonical text): it
/// declares nothing new and is dropped. A declaration that differs stays an error.
fn repeated_declarations(program: &mut Program, diags: &mut Diagnostics) {
    let shader = program.version.shader;
    let mut seen: std::collections::HashMap<String, Span> = Default::default();
    let mut keep = Vec::with_capacity(program.body.len());
    for inst in std::mem::take(&mut program.body) {
        let declaration = inst.opcode.mnemonic().starts_with("dcl");
        if declaration {
            let text = crate::text::print_instruction(&inst, shader);
            if let Some(&first) = seen.get(&text) {
                diags.push(
                    Diagnostic::lenient(
                        inst.span,
                        Leniency::RepeatedDeclaration,
                        format!("`{text}` is declared twice"),
                    )
                    .note("dropped: it repeats the first declaration word for word")
                    .related(first, "first declared here"),
                );
                continue;
            }
            seen.insert(text, inst.span);
        }
        keep.push(inst);
    }
    program.body = keep;
}

/// `dcl_num_thread_per_group` and `dcl_max_thread_per_group` together (the reference makes
/// them exclusive, L4152, L11454): where the group the first declares has at most the
/// work-items the second allows, the limit is already met and is dropped. A group larger
/// than its limit stays an error.
fn group_size_and_limit(program: &mut Program, diags: &mut Diagnostics) {
    let find = |op| program.body.iter().position(|i| i.opcode == op);
    let (Some(num), Some(max)) = (
        find(Opcode::DclNumThreadPerGroup),
        find(Opcode::DclMaxThreadPerGroup),
    ) else {
        return;
    };
    let product = |i: usize| {
        program.body[i]
            .words
            .iter()
            .fold(1u64, |acc, &w| acc.saturating_mul(u64::from(w)))
    };
    if product(num) > product(max) {
        return;
    }
    diags.push(
        Diagnostic::lenient(
            program.body[max].span,
            Leniency::GroupSizeAndLimit,
            "`dcl_max_thread_per_group` beside `dcl_num_thread_per_group`",
        )
        .note(format!(
            "dropped: the declared group of {} work-items is within the limit of {}",
            product(num),
            product(max)
        ))
        .related(program.body[num].span, "the group size is declared here"),
    );
    program.body.remove(max);
}

/// Every instruction after the first `end` is another `end`: they are dropped.
fn repeated_end(program: &mut Program, diags: &mut Diagnostics) {
    let Some(first) = program.body.iter().position(|i| i.info().flow == Flow::End) else {
        return;
    };
    let rest = &program.body[first + 1..];
    if rest.is_empty() || rest.iter().any(|i| i.info().flow != Flow::End) {
        return;
    }
    diags.push(
        Diagnostic::lenient(rest[0].span, Leniency::RepeatedEnd, "a second `end`")
            .note("dropped: the first `end` ends the program (L1160)")
            .related(program.body[first].span, "the program ends here"),
    );
    program.body.truncate(first + 1);
}

/// Outputs written or read without a `dcl_output` in a shader that has outputs: each is
/// declared `dcl_output_generic oN` at the start of the program.
fn undeclared_outputs(program: &mut Program, diags: &mut Diagnostics) {
    if program.version.shader == ShaderType::Compute {
        return;
    }
    let mut declared = std::collections::BTreeSet::new();
    let mut first_use: std::collections::BTreeMap<u32, Span> = Default::default();
    for inst in &program.body {
        if inst.opcode == Opcode::DclOutput {
            if let Some(d) = inst.dst.as_ref().filter(|d| d.reg.ty == RegType::Output) {
                declared.insert(d.reg.num);
            }
            continue;
        }
        let regs = inst
            .dst
            .iter()
            .map(|d| &d.reg)
            .chain(inst.srcs.iter().map(|s| &s.reg));
        for r in regs {
            if r.ty == RegType::Output && r.index.is_none() && !declared.contains(&r.num) {
                first_use.entry(r.num).or_insert(r.span);
            }
        }
    }
    for (&num, &span) in first_use.iter().rev() {
        diags.push(
            Diagnostic::lenient(
                span,
                Leniency::UndeclaredOutput,
                format!("output o{num} is not declared"),
            )
            .note(format!("declared as `dcl_output_generic o{num}` (L4236)")),
        );
        let mut decl = Instruction::new(Opcode::DclOutput);
        decl.control = ImportUsage::Generic as u16;
        let mut reg = Register::new(RegType::Output, num);
        reg.span = span;
        decl.dst = Some(Dst {
            reg,
            modifier: None,
        });
        decl.span = span;
        program.body.insert(0, decl);
    }
}

/// `fence_threads` in a shader without work-groups: the barrier has no one to wait for,
/// and what remains is the ordering of memory the fence also gives (`_memory` when it
/// names nothing else).
fn barrier_without_group(program: &mut Program, diags: &mut Diagnostics) {
    if matches!(
        program.version.shader,
        ShaderType::Compute | ShaderType::Hull
    ) {
        return;
    }
    const THREADS: u16 = 1;
    const MEMORY: u16 = 1 << 2;
    for inst in &mut program.body {
        if inst.opcode != Opcode::Fence || inst.control & THREADS == 0 {
            continue;
        }
        inst.control &= !THREADS;
        if inst.control == 0 {
            inst.control = MEMORY;
        }
        diags.push(
            Diagnostic::lenient(
                inst.span,
                Leniency::BarrierWithoutGroup,
                format!("a barrier in a {} shader", program.version.shader),
            )
            .note("there is no work-group to wait for: read as a memory fence (L4760)"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text;

    /// Reads `source` as a driver does, leniently or strictly, and returns the canonical
    /// text (if accepted) and each diagnostic as `severity rule: message`.
    fn read(source: &str, strict: bool) -> (Option<String>, Vec<String>) {
        let (program, diags, _) = crate::read_with(source.as_bytes(), &ReadOptions { strict });
        let lines = diags
            .iter()
            .map(|d| {
                let rule = d.rule.map_or(String::new(), |r| format!(" {}", r.name()));
                format!("{}{rule}: {}", d.severity, d.message)
            })
            .collect();
        (program.map(|p| text::print(&p)), lines)
    }

    /// The canonical text of a program that follows the reference (no diagnostics).
    fn conforming(source: &str) -> Option<String> {
        let (text, diags) = read(source, true);
        assert!(diags.is_empty(), "{diags:?}");
        text
    }

    #[test]
    fn every_rule_has_a_distinct_name_and_a_decision() {
        let decisions = include_str!("../../docs/decisions.md");
        let mut names = std::collections::HashSet::new();
        for rule in Leniency::ALL {
            assert!(names.insert(rule.name()), "{rule:?}");
            assert!(
                decisions.contains(&format!("`-W{}`", rule.name())),
                "docs/decisions.md has no entry for -W{}",
                rule.name()
            );
        }
    }

    #[test]
    fn ret_before_the_first_function_is_endmain() {
        let src =
            "il_cs_2_0\ndcl_num_thread_per_group 64\ncall 0\nret\nfunc 0\nmov r0, r1\nret\nend\n";
        let (text, diags) = read(src, false);
        assert_eq!(
            text, conforming("il_cs_2_0\ndcl_num_thread_per_group 64\ncall 0\nendmain\nfunc 0\nmov r0, r1\nret\nend\n")
        );
        assert_eq!(
            diags,
            ["warning ret-ends-main: `ret` ends the main program"]
        );
        let (text, diags) = read(src, true);
        assert!(text.is_none());
        assert_eq!(diags, ["error ret-ends-main: `ret` ends the main program"]);
    }

    #[test]
    fn ret_before_end_is_dropped_and_other_rets_stay_errors() {
        let (text, _) = read(
            "il_cs_2_0\ndcl_num_thread_per_group 64\nmov r0, r1\nret\nend\n",
            false,
        );
        assert_eq!(
            text,
            conforming("il_cs_2_0\ndcl_num_thread_per_group 64\nmov r0, r1\nend\n")
        );
        // A `ret` followed by more of the main program has no meaning the compiler took.
        let (text, diags) = read("il_cs_2_0\nret\nmov r0, r1\nend\n", false);
        assert!(text.is_none());
        assert!(
            diags.iter().any(|d| d.starts_with("error: `ret` outside")),
            "{diags:?}"
        );
    }

    #[test]
    fn ret_inside_a_block_is_ret_dyn() {
        let src = "il_cs_2_0\ndcl_num_thread_per_group 64\nif_logicalnz r0.x\nret\nendif\ncall 0\nendmain\nfunc 0\nwhileloop\nbreak_logicalz r1.x\nret\nendloop\nret\nend\n";
        let (text, diags) = read(src, false);
        assert_eq!(
            text,
            conforming("il_cs_2_0\ndcl_num_thread_per_group 64\nif_logicalnz r0.x\nret_dyn\nendif\ncall 0\nendmain\nfunc 0\nwhileloop\nbreak_logicalz r1.x\nret_dyn\nendloop\nret\nend\n")
        );
        assert_eq!(
            diags,
            [
                "warning ret-in-flow-control: `ret` inside flow control",
                "warning ret-in-flow-control: `ret` inside flow control"
            ]
        );
        assert!(read(src, true).0.is_none());
    }

    #[test]
    fn a_literal_declared_after_its_use_is_moved_to_the_start() {
        let src = "il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_cb cb1[4]\nmov r0, l0\niadd r1, r0, r1\ndcl_literal l0, 1, 2, 3, 4\nmov r2, cb1[l0.x]\nend\n";
        let (text, diags) = read(src, false);
        assert_eq!(
            text,
            conforming("il_cs_2_0\ndcl_literal l0, 1, 2, 3, 4\ndcl_num_thread_per_group 64\ndcl_cb cb1[4]\nmov r0, l0\niadd r1, r0, r1\nmov r2, cb1[l0.x]\nend\n")
        );
        assert_eq!(
            diags,
            ["warning literal-before-declaration: literal l0 is declared after its first use"]
        );
        assert!(read(src, true).0.is_none());
        // A literal never declared stays an error.
        let (text, diags) = read("il_cs_2_0\nmov r0, l3\nend\n", false);
        assert!(text.is_none());
        assert!(
            diags[0].contains("l3 is used before it is declared"),
            "{diags:?}"
        );
    }

    #[test]
    fn a_declaration_repeated_word_for_word_is_dropped() {
        let src =
            "il_ps_2_0\ndcl_cb cb0[4]\ndcl_output_generic o0\ndcl_cb cb0[4]\nmov o0, cb0[1]\nend\n";
        let (text, diags) = read(src, false);
        assert_eq!(
            text,
            conforming("il_ps_2_0\ndcl_cb cb0[4]\ndcl_output_generic o0\nmov o0, cb0[1]\nend\n")
        );
        assert_eq!(
            diags,
            ["warning repeated-declaration: `dcl_cb cb0[4]` is declared twice"]
        );
        assert!(read(src, true).0.is_none());
        // Two different declarations of one buffer, or one literal with two values, have
        // no single meaning: errors.
        for src in [
            "il_ps_2_0\ndcl_cb cb0[4]\ndcl_cb cb0[8]\nend\n",
            "il_ps_2_0\ndcl_literal l0, 1, 2, 3, 4\ndcl_literal l0, 1, 2, 3, 5\nend\n",
        ] {
            let (text, diags) = read(src, false);
            assert!(text.is_none(), "{src}");
            assert!(diags[0].contains("is declared twice"), "{diags:?}");
        }
    }

    #[test]
    fn a_group_size_within_its_limit_drops_the_limit() {
        let src = "il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_max_thread_per_group 256\nend\n";
        let (text, diags) = read(src, false);
        assert_eq!(
            text,
            conforming("il_cs_2_0\ndcl_num_thread_per_group 64\nend\n")
        );
        assert_eq!(
            diags,
            ["warning group-size-and-limit: `dcl_max_thread_per_group` beside `dcl_num_thread_per_group`"]
        );
        assert!(read(src, true).0.is_none());
        let (text, _) = read(
            "il_cs_2_0\ndcl_num_thread_per_group 128\ndcl_max_thread_per_group 64\nend\n",
            false,
        );
        assert!(
            text.is_none(),
            "a group larger than its limit stays an error"
        );
    }

    #[test]
    fn a_second_end_is_dropped() {
        let (text, diags) = read("il_ps_2_0\nend\nend\n", false);
        assert_eq!(text, conforming("il_ps_2_0\nend\n"));
        assert_eq!(diags, ["warning repeated-end: a second `end`"]);
        let (text, _) = read("il_ps_2_0\nend\nmov r0, r1\nend\n", false);
        assert!(text.is_none(), "an instruction after `end` stays an error");
    }

    #[test]
    fn an_undeclared_output_is_a_generic_one() {
        let src = "il_ps_2_0\nmov o1, r0\nmov o0, o1\nend\n";
        let (text, diags) = read(src, false);
        assert_eq!(
            text, conforming("il_ps_2_0\ndcl_output_generic o0\ndcl_output_generic o1\nmov o1, r0\nmov o0, o1\nend\n")
        );
        assert_eq!(diags.len(), 2, "{diags:?}");
        assert!(read(src, true).0.is_none());
    }

    #[test]
    fn a_pixel_barrier_is_a_memory_fence() {
        let (text, diags) = read("il_ps_2_0\nfence_threads\nfence_threads_lds\nend\n", false);
        assert_eq!(
            text,
            conforming("il_ps_2_0\nfence_memory\nfence_lds\nend\n")
        );
        assert_eq!(diags.len(), 2, "{diags:?}");
        // In a compute shader it is a barrier.
        let (text, diags) = read(
            "il_cs_2_0\ndcl_num_thread_per_group 64\nfence_threads\nend\n",
            false,
        );
        assert!(text.unwrap().contains("fence_threads"));
        assert!(diags.is_empty());
    }

    #[test]
    fn the_older_group_size_spelling_is_read() {
        let (text, diags) = read("il_cs_2_0\ndcl_num_thread_per_blk 64\nend\n", false);
        assert_eq!(
            text,
            conforming("il_cs_2_0\ndcl_num_thread_per_group 64\nend\n")
        );
        assert_eq!(
            diags,
            ["warning legacy-mnemonic: `dcl_num_thread_per_blk` is an older spelling"]
        );
    }

    #[test]
    fn a_zeroop_on_ddiv_is_dropped() {
        let src = "il_cs_2_0\nddiv_zeroop(zero) r0.xy, r1.xy, r2.xy\nend\n";
        let (text, diags) = read(src, false);
        assert_eq!(
            text,
            conforming("il_cs_2_0\nddiv r0.xy, r1.xy, r2.xy\nend\n")
        );
        assert_eq!(diags.len(), 1, "{diags:?}");
        assert!(diags[0].starts_with("warning ignored-specifier:"));
        // An unknown specifier is still an error.
        assert!(
            read("il_cs_2_0\nddiv_frob r0.xy, r1.xy, r2.xy\nend\n", false)
                .0
                .is_none()
        );
    }

    #[test]
    fn mixed_shader_models_are_reported_only_when_strict() {
        let src = "il_ps_2_0\ndcl_input_position_interp(linear_noperspective) vWinCoord0.xy__\ndcl_cb cb0[1]\nadd r0, vWinCoord0, cb0[0]\nend\n";
        let (text, diags) = read(src, false);
        assert!(text.is_some());
        assert!(diags.is_empty(), "{diags:?}");
        let (text, diags) = read(src, true);
        assert!(text.is_none());
        assert_eq!(
            diags,
            ["error mixed-shader-models: SM30-only and SM40-only features in one program"]
        );
    }

    /// Not a leniency but found with them (issue #14): `vObjIndex0` is its own register
    /// type, not input `v0`, so it does not clash with `vWinCoord0`.
    #[test]
    fn register_types_of_one_number_are_separate_inputs() {
        let src = "il_ps_2_0\ndcl_input vObjIndex0\ndcl_input_position_interp(linear_noperspective) vWinCoord0.xy__\ndcl_input_generic_interp(linear) v0.xy__\nend\n";
        let (text, diags) = read(src, false);
        assert!(text.is_some(), "{diags:?}");
        assert!(diags.is_empty(), "{diags:?}");
        let (text, diags) = read(
            "il_ps_2_0\ndcl_input vObjIndex0\ndcl_input_generic_interp(linear) vObjIndex0.x___\nend\n",
            false,
        );
        assert!(text.is_none());
        assert_eq!(
            diags,
            ["error: input vObjIndex0 (the same components) is declared twice"]
        );
    }

    #[test]
    fn a_constant_past_the_declared_size_is_read() {
        let src = "il_ps_2_0\ndcl_cb cb0[1]\ndcl_output_generic o0\nmov o0, cb0[3]\nend\n";
        let (text, diags) = read(src, false);
        assert!(text.is_some());
        assert_eq!(
            diags,
            ["warning cb-past-declaration: cb0[3] is outside the declared cb0[1]"]
        );
        assert!(read(src, true).0.is_none());
    }
}
