//! The IL text parser: version line, instructions with their control specifiers, operands
//! and trailing words, macro definitions.
//!
//! An instruction is one word (the mnemonic and its `_specifiers`) followed by operands.
//! Mnemonics themselves contain underscores (`if_logicalnz`, `uav_raw_load`), so the word is
//! split at top-level underscores and the longest run of leading segments that names an
//! opcode is the mnemonic; the remaining segments are control specifiers, matched against
//! the opcode's fields in the table (`_relop(lt)`, `_id(3)`, `_ieee`, `_generic`) or the
//! destination modifiers (`_sat`, `_x2`) and `_prec`. Mnemonics and register names are
//! matched ignoring ASCII case (the doc mixes cases: `Dcl_lds_id`, `INOT`).
//!
//! Errors are reported with their location and parsing resumes at the next line, so one
//! file yields every error that does not depend on an earlier one.

use smallvec::SmallVec;

use super::cursor::{float_bits, integer_bits, is_float_token, number_bits, Cursor};
use super::operand::{destination, paren_args, source, OperandResult};
use crate::ast::{Instruction, MacroDef, Program, Version};
use crate::compat::{self, Leniency};
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::enums::{Language, ShaderType, ShiftScale};
use crate::opcode::{
    DataType, Field, FieldKind, FieldLoc, FieldSyntax, Layout, OpInfo, Opcode, Words,
};
use crate::regs::RegType;

/// Parses IL text. The program is returned when there are no errors; the diagnostics hold
/// every error and warning found.
pub fn parse(text: &str) -> (Option<Program>, Diagnostics) {
    let mut p = Parser {
        c: Cursor::new(text),
        diags: Diagnostics::default(),
        macros: Vec::new(),
    };
    let program = p.program();
    let ok = !p.diags.has_errors();
    (program.filter(|_| ok), p.diags)
}

struct Parser<'a> {
    c: Cursor<'a>,
    diags: Diagnostics,
    macros: Vec<MacroDef>,
}

/// One `_name` or `_name(args)` segment of an instruction word.
#[derive(Clone, Copy, Debug)]
struct Segment<'a> {
    name: &'a str,
    args: Option<&'a str>,
    span: Span,
}

impl<'a> Parser<'a> {
    fn error(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// Skips space and comments on the current line; reports an unterminated block comment.
    fn space(&mut self) {
        if let Err(span) = self.c.skip_inline_space() {
            self.error(Diagnostic::error(span, "unterminated `/*` comment").expected("`*/`"));
        }
    }

    /// Skips blank lines, space and comments.
    fn skip_blank(&mut self) {
        loop {
            self.space();
            if self.c.peek() == Some(b'\n') {
                self.c.bump();
            } else {
                return;
            }
        }
    }

    /// After a statement: the rest of the line must be empty.
    fn end_of_line(&mut self, what: &str) {
        self.space();
        if self.c.at_line_end() {
            return;
        }
        let start = self.c.pos;
        let mut probe = self.c.clone();
        if let Some(word) = probe.ident() {
            if mnemonic_of(word).is_some() {
                self.error(
                    Diagnostic::lenient(
                        Span::new(start as u32, probe.pos as u32),
                        Leniency::InstructionsOnOneLine,
                        format!("`{word}` starts a new instruction on the line of `{what}`"),
                    )
                    .note("the instruction is read as if it began a new line"),
                );
                return;
            }
        }
        self.c.skip_to_line_end();
        self.error(
            Diagnostic::error(
                self.c.span_from(start),
                format!("unexpected text after `{what}`"),
            )
            .expected("end of line"),
        );
    }

    fn program(&mut self) -> Option<Program> {
        self.skip_blank();
        let mut macros = Vec::new();
        while self.peek_word_is("mdef") {
            if let Some(m) = self.macro_def() {
                self.macros.push(m.clone());
                macros.push(m);
            }
            self.skip_blank();
        }
        let mut language = Language::Generic;
        let mut probe = self.c.clone();
        if let Some(word) = probe.ident() {
            if let Some(lang) = Language::from_name(word) {
                let start = self.c.pos;
                self.c = probe;
                language = lang;
                self.end_of_line(word);
                let _ = start;
                self.skip_blank();
            }
        }
        let version = self.version()?;
        let mut body = Vec::new();
        self.statements(&mut body, None);
        let mut program = Program {
            macros,
            language,
            version,
            body,
        };
        resolve_vertex_inputs(&mut program, &mut self.diags);
        Some(program)
    }

    fn peek_word_is(&self, word: &str) -> bool {
        let mut probe = self.c.clone();
        probe.ident().is_some_and(|w| {
            w.len() >= word.len()
                && w[..word.len()].eq_ignore_ascii_case(word)
                && w[word.len()..]
                    .bytes()
                    .all(|b| b == b'_' || b.is_ascii_digit())
        }) && (probe.at_eof() || !probe.peek().is_some_and(|b| b.is_ascii_alphanumeric()))
    }

    /// `il_cs_2_0`, `il_ps`, `il_vs_2_0_mp_rt` (L493-L498, L911-L920).
    fn version(&mut self) -> Option<Version> {
        let start = self.c.pos;
        let word = self.c.ident().unwrap_or("");
        let span = self.c.span_from(start);
        let parsed = parse_version_word(word);
        let Some((shader, major, minor, multipass, realtime)) = parsed else {
            self.error(
                Diagnostic::error(
                    if word.is_empty() { self.c.here() } else { span },
                    if word.is_empty() {
                        "expected the version line".to_string()
                    } else {
                        format!("`{word}` is not a version line")
                    },
                )
                .expected("a version line such as `il_cs_2_0`, `il_ps_2_0` or `il_vs`"),
            );
            return None;
        };
        if realtime && shader != ShaderType::Pixel {
            self.error(Diagnostic::error(
                span,
                "`_rt` (realtime) is only for pixel shaders (L1202)",
            ));
        }
        self.end_of_line(word);
        Some(Version {
            shader,
            major,
            minor,
            multipass,
            realtime,
            span,
        })
    }

    /// Parses statements until the end of input or, inside a macro, until `mend`.
    fn statements(&mut self, out: &mut Vec<Instruction>, in_macro: Option<usize>) -> bool {
        loop {
            self.skip_blank();
            if self.c.at_eof() {
                return false;
            }
            if in_macro.is_some() && self.peek_word_is("mend") {
                let start = self.c.pos;
                self.c.ident();
                self.end_of_line("mend");
                let _ = start;
                return true;
            }
            if self.peek_word_is("mdef") {
                let start = self.c.pos;
                self.c.skip_to_line_end();
                self.error(
                    Diagnostic::error(
                        self.c.span_from(start),
                        if in_macro.is_some() {
                            "macro definitions cannot be nested (L9923)"
                        } else {
                            "macro definitions must precede the version line (L9913)"
                        },
                    )
                    .expected("an instruction"),
                );
                continue;
            }
            if in_macro.is_none() {
                let mut probe = self.c.clone();
                if probe.ident().is_some_and(|w| {
                    parse_version_word(w).is_some() || Language::from_name(w).is_some()
                }) {
                    let start = self.c.pos;
                    self.c.skip_to_line_end();
                    self.error(
                        Diagnostic::error(
                            self.c.span_from(start),
                            "a second version line: a file holds one program",
                        )
                        .expected("an instruction"),
                    );
                    continue;
                }
            }
            match self.statement() {
                Ok(Some(inst)) => out.push(inst),
                Ok(None) => {}
                Err(d) => {
                    self.error(d);
                    self.c.skip_to_line_end();
                }
            }
        }
    }

    /// `mdef(k)_out(m)_in(n)[_outline]` .. `mend` (L9923-L9952).
    fn macro_def(&mut self) -> Option<MacroDef> {
        let start = self.c.pos;
        let line_start = self.c.pos;
        self.c.skip_to_line_end();
        let line = &self.c.text[line_start..self.c.pos];
        let code = line.split([';']).next().unwrap_or("");
        let code = code.split("//").next().unwrap_or("");
        let compact: String = code.chars().filter(|c| !c.is_whitespace()).collect();
        let span = self.c.span_from(start);
        let header = parse_macro_header(&compact);
        let mut body = Vec::new();
        let closed = self.statements(&mut body, Some(0));
        let Some((id, outputs, inputs, outline)) = header else {
            self.error(
                Diagnostic::error(span, format!("malformed macro header `{}`", code.trim()))
                    .expected("`mdef(k)_out(m)_in(n)` with an optional `_outline`"),
            );
            return None;
        };
        if !closed {
            self.error(
                Diagnostic::error(span, format!("macro {id} has no `mend`"))
                    .expected("`mend` closing the macro"),
            );
            return None;
        }
        Some(MacroDef {
            id,
            outputs,
            inputs,
            outline,
            body,
            span: Span::new(start as u32, self.c.pos as u32),
        })
    }

    /// One instruction (or a `_prec`-prefixed one). `Ok(None)` for nothing to record.
    fn statement(&mut self) -> OperandResult<Option<Instruction>> {
        let start = self.c.pos;
        let word = self.instruction_word()?;
        let word_span = self.c.span_from(start);
        let segments = split_segments(word, start);
        let first = segments[0];
        if first.name.eq_ignore_ascii_case("mcall") {
            return self.macro_call(&segments, start).map(Some);
        }
        let Some((opcode, used, legacy)) = find_mnemonic(&segments) else {
            return Err(Diagnostic::error(
                first.span,
                format!("unknown instruction `{}`", first.name),
            )
            .expected("an IL instruction mnemonic (Chapter 7)"));
        };
        if legacy {
            let name = Span::new(first.span.start, segments[used - 1].span.end);
            let spelled = &self.c.text[name.start as usize..name.end as usize];
            self.error(
                Diagnostic::lenient(
                    name,
                    Leniency::LegacyMnemonic,
                    format!("`{spelled}` is an older spelling"),
                )
                .note(format!("read as `{}`", opcode.mnemonic())),
            );
        }
        if matches!(
            opcode,
            Opcode::Macrodef
                | Opcode::Macroend
                | Opcode::Macrocall
                | Opcode::Prefix
                | Opcode::Comment
        ) && opcode != Opcode::Comment
        {
            return Err(Diagnostic::error(
                word_span,
                format!("`{}` cannot appear here", opcode.mnemonic()),
            )
            .expected("an instruction; macros are defined before the version line"));
        }
        let info = opcode.info();
        let segments = join_field_names(info, word, start, &segments[used..]);
        let mut inst = Instruction::new(opcode);
        let mut dst_clamp = false;
        let mut dst_shift = ShiftScale::None;
        let mut seen: SmallVec<[&'static str; 4]> = SmallVec::new();
        for seg in &segments {
            self.specifier(&mut inst, seg, &mut dst_clamp, &mut dst_shift, &mut seen)?;
        }
        if opcode == Opcode::Comment {
            self.space();
            inst.words = self.comment_string()?;
            inst.span = self.c.span_from(start);
            self.end_of_line(info.mnemonic);
            return Ok(Some(inst));
        }
        self.operand_fields(&mut inst)?;
        let immediate_cb = info.layout == Layout::ConstBuffer && inst.control & 0x8000 != 0;
        let mut count = 0usize;
        if info.dst {
            self.separator(count, info.mnemonic)?;
            let dst = destination(&mut self.c)?;
            count += 1;
            inst.dst = Some(dst);
        }
        let nsrc = if immediate_cb {
            0
        } else {
            info.source_count(inst.control, &inst.extra)
        };
        for _ in 0..nsrc {
            self.separator(count, info.mnemonic)?;
            inst.srcs.push(source(&mut self.c)?);
            count += 1;
        }
        if dst_clamp || dst_shift != ShiftScale::None {
            let Some(dst) = &mut inst.dst else {
                return Err(Diagnostic::error(
                    word_span,
                    format!(
                        "`{}` has no destination for `_sat` or a shift scale",
                        info.mnemonic
                    ),
                ));
            };
            let m = dst.modifier.get_or_insert(crate::ast::DstMod::WRITE_ALL);
            m.clamp = dst_clamp;
            m.shift = dst_shift;
        }
        if immediate_cb {
            inst.words = self.word_list(count, info.mnemonic, 0, usize::MAX, Self::value_word)?;
        } else {
            self.words(&mut inst, count)?;
        }
        inst.span = self.c.span_from(start);
        self.end_of_line(info.mnemonic);
        Ok(Some(inst))
    }

    /// Reads the instruction word: identifier characters and attached `(...)` groups.
    fn instruction_word(&mut self) -> OperandResult<&'a str> {
        let start = self.c.pos;
        if !matches!(self.c.peek(), Some(b) if b.is_ascii_alphabetic()) {
            return Err(Diagnostic::error(self.c.here(), "expected an instruction")
                .expected("an IL instruction mnemonic"));
        }
        loop {
            match self.c.peek() {
                Some(b) if b.is_ascii_alphanumeric() || b == b'_' => self.c.bump(),
                Some(b'(') => {
                    paren_args(&mut self.c)?;
                }
                _ => break,
            }
        }
        Ok(&self.c.text[start..self.c.pos])
    }

    /// Applies one `_name` / `_name(args)` specifier.
    fn specifier(
        &mut self,
        inst: &mut Instruction,
        seg: &Segment<'_>,
        clamp: &mut bool,
        shift: &mut ShiftScale,
        seen: &mut SmallVec<[&'static str; 4]>,
    ) -> OperandResult<()> {
        let info = inst.info();
        let lname = seg.name.to_ascii_lowercase();
        let twice = |what: &str| Diagnostic::error(seg.span, format!("`_{what}` is given twice"));
        let mark =
            |seen: &mut SmallVec<[&'static str; 4]>, key: &'static str| -> OperandResult<()> {
                if seen.contains(&key) {
                    return Err(twice(key));
                }
                seen.push(key);
                Ok(())
            };
        // A value written bare may be spelled like its field (`uav_raw_load_cached`: the
        // `cached` field's value `cached`); without arguments it is the value.
        let bare = seg.args.is_none()
            && info.fields.iter().any(|f| {
                matches!(f.syntax, FieldSyntax::Bare | FieldSyntax::NamedOrBare)
                    && f.bare_value(&lname).is_some()
            });
        if let Some(field) = info.field(&lname).filter(|_| !bare) {
            if !matches!(field.syntax, FieldSyntax::Operand | FieldSyntax::ArgOf(_)) {
                mark(seen, field.name)?;
                let value = match (field.kind, seg.args) {
                    (FieldKind::Flag, None) => 1,
                    (FieldKind::Flag, Some(_)) => {
                        return Err(Diagnostic::error(
                            seg.span,
                            format!("`_{}` takes no value", field.name),
                        )
                        .expected(format!("`_{}`", field.name)))
                    }
                    (_, None) => {
                        return Err(Diagnostic::error(
                            seg.span,
                            format!("`_{}` needs a value", field.name),
                        )
                        .expected(format!("`_{}(..)`", field.name)))
                    }
                    (_, Some(args)) => {
                        let mut parts: SmallVec<[&str; 4]> =
                            args.split(',').map(str::trim).collect();
                        // Arguments that name flags of this field (`_type(2d,unnorm)`).
                        let mut flags = Vec::new();
                        parts.retain(|a| {
                            match info.fields.iter().find(|f| {
                                f.syntax == FieldSyntax::ArgOf(field.name) && f.is_named(a)
                            }) {
                                Some(f) => {
                                    flags.push(f);
                                    false
                                }
                                None => true,
                            }
                        });
                        for f in flags {
                            set_field(inst, f, 1);
                        }
                        field.parse_value(&parts).map_err(|e| {
                            Diagnostic::error(seg.span, format!("invalid `_{}` value", field.name))
                                .expected(e)
                        })?
                    }
                };
                set_field(inst, field, value);
                return Ok(());
            }
        }
        if seg.args.is_none() {
            for field in info.fields {
                if let Some(value) = field.bare_value(&lname) {
                    if matches!(field.syntax, FieldSyntax::Bare | FieldSyntax::NamedOrBare) {
                        mark(seen, field.name)?;
                        set_field(inst, field, value);
                        return Ok(());
                    }
                }
            }
        }
        match (lname.as_str(), seg.args) {
            ("sat", None) if info.dst => {
                if *clamp {
                    return Err(twice("sat"));
                }
                // Checked here as well as in the validator, so that text points at `_sat`.
                if info.data != DataType::Float {
                    return Err(Diagnostic::error(
                        seg.span,
                        format!("`_sat` on `{}`", info.mnemonic),
                    )
                    .expected("`_sat` only on float instructions (L598)"));
                }
                *clamp = true;
                Ok(())
            }
            ("x2" | "x4" | "x8" | "d2" | "d4" | "d8", None) if info.dst => {
                if *shift != ShiftScale::None {
                    return Err(Diagnostic::error(seg.span, "more than one shift scale"));
                }
                if !matches!(info.data, DataType::Float | DataType::Double) {
                    return Err(Diagnostic::error(
                        seg.span,
                        format!("shift scale `_{lname}` on `{}`", info.mnemonic),
                    )
                    .expected("shift scales only on float or double instructions (L596)"));
                }
                *shift = ShiftScale::from_name(&lname).unwrap_or(ShiftScale::None);
                Ok(())
            }
            ("prec", args) => {
                if inst.precise.is_some() {
                    return Err(twice("prec"));
                }
                let mask = match args {
                    None => 0xf,
                    // At least one component: PREFIX with no flag is not defined (7.3).
                    Some(comps) => component_mask(comps.trim())
                        .filter(|&m| m != 0)
                        .ok_or_else(|| {
                            Diagnostic::error(seg.span, format!("invalid `_prec({comps})`"))
                                .expected("components such as `_prec(y)` or `_prec(xw)`")
                        })?,
                };
                inst.precise = Some(mask);
                Ok(())
            }
            ("ext", None) if info.layout == Layout::Sample => {
                if inst.extra.resource_format.is_some() {
                    return Err(twice("ext"));
                }
                inst.extra.resource_format = Some(0);
                Ok(())
            }
            // `ddiv_zeroop(zero)`: AMD's assembler took a zero-op control on instructions
            // whose token has no field for it ("control: must be zero", L7607), so it can
            // only have dropped it. The value must still be one `div` knows.
            ("zeroop", Some(args))
                if Opcode::Div
                    .info()
                    .field("zeroop")
                    .is_some_and(|f| f.parse_value(&[args.trim()]).is_ok()) =>
            {
                self.error(
                    Diagnostic::lenient(
                        seg.span,
                        Leniency::IgnoredSpecifier,
                        format!("`{}` has no zero-op control", info.mnemonic),
                    )
                    .note(format!(
                        "`_zeroop({args})` is dropped: the token of `{}` has no field for it",
                        info.mnemonic
                    )),
                );
                Ok(())
            }
            _ => {
                let mut known: Vec<String> = info
                    .fields
                    .iter()
                    .filter(|f| !matches!(f.syntax, FieldSyntax::Operand | FieldSyntax::ArgOf(_)))
                    .map(|f| match f.kind {
                        FieldKind::Flag => format!("`_{}`", f.name),
                        _ => format!("`_{}(..)`", f.name),
                    })
                    .collect();
                if info.dst {
                    known.push("`_sat`".into());
                    known.push("`_x2`..`_d8`".into());
                }
                if info.layout == Layout::Sample {
                    known.push("`_ext`".into());
                }
                known.push("`_prec`".into());
                Err(Diagnostic::error(
                    seg.span,
                    format!("`{}` has no specifier `_{}`", info.mnemonic, seg.name),
                )
                .expected(known.join(", ")))
            }
        }
    }

    /// Fields written as operands after the mnemonic (`dcl_lds_sharing_mode _wavefrontRel`,
    /// `hs_fork_phase 3`, `dcl_global_flags refactoringAllowed|forceEarlyDepthStencil`).
    fn operand_fields(&mut self, inst: &mut Instruction) -> OperandResult<()> {
        let info = inst.info();
        let fields: SmallVec<[&Field; 4]> = info
            .fields
            .iter()
            .filter(|f| f.syntax == FieldSyntax::Operand)
            .collect();
        if fields.is_empty() {
            return Ok(());
        }
        let mut any = false;
        loop {
            self.space();
            if any && matches!(self.c.peek(), Some(b'|' | b',')) {
                self.c.bump();
                self.space();
            }
            if self.c.at_line_end() {
                break;
            }
            let start = self.c.pos;
            if let Some(word) = self.c.ident() {
                let span = self.c.span_from(start);
                let field = fields.iter().find(|f| {
                    (f.kind == FieldKind::Flag && f.is_named(word)) || f.bare_value(word).is_some()
                });
                let Some(field) = field else {
                    // `loop repeat i0`: the words end where the register operands begin.
                    if info.dst || info.srcs > 0 {
                        self.c.pos = start;
                        break;
                    }
                    return Err(Diagnostic::error(
                        span,
                        format!("`{}` does not take `{word}`", info.mnemonic),
                    )
                    .expected(operand_field_choices(&fields)));
                };
                let value = if field.kind == FieldKind::Flag {
                    1
                } else {
                    field.bare_value(word).unwrap_or(0)
                };
                set_field(inst, field, value);
            } else if let Some(token) = self.c.number_token() {
                let span = self.c.span_from(start);
                let field = fields.iter().find(|f| f.kind == FieldKind::Uint);
                let (Some(field), Some(value)) = (field, integer_bits(token)) else {
                    return Err(Diagnostic::error(
                        span,
                        format!("`{}` does not take `{token}`", info.mnemonic),
                    )
                    .expected(operand_field_choices(&fields)));
                };
                if value > field.max_value() {
                    return Err(Diagnostic::error(
                        span,
                        format!("`{token}` does not fit `{}`", info.mnemonic),
                    )
                    .expected(format!("a value of at most {}", field.max_value())));
                }
                set_field(inst, field, value);
            } else {
                return Err(Diagnostic::error(
                    self.c.here(),
                    format!("unexpected text after `{}`", info.mnemonic),
                )
                .expected(operand_field_choices(&fields)));
            }
            any = true;
            if fields.iter().all(|f| f.kind != FieldKind::Flag) {
                break;
            }
        }
        if !any && fields.iter().any(|f| f.kind != FieldKind::Flag) {
            return Err(Diagnostic::error(
                self.c.here(),
                format!("`{}` needs an argument", info.mnemonic),
            )
            .expected(operand_field_choices(&fields)));
        }
        Ok(())
    }

    /// Before the operand with index `count`: space (first operand) or a comma. A missing
    /// comma between operands is tolerated with a warning (the doc writes `mov r0.y r1`).
    fn separator(&mut self, count: usize, mnemonic: &str) -> OperandResult<()> {
        let before = self.c.pos;
        self.space();
        if self.c.eat(b',') {
            if count == 0 {
                self.error(Diagnostic::lenient(
                    Span::new(self.c.pos as u32 - 1, self.c.pos as u32),
                    Leniency::Commas,
                    format!("stray `,` after `{mnemonic}`"),
                ));
            }
            self.space();
            return Ok(());
        }
        if self.c.at_line_end() {
            return Err(Diagnostic::error(
                self.c.here(),
                format!("`{mnemonic}` expects more operands"),
            )
            .expected(if count == 0 {
                "an operand"
            } else {
                "`,` and another operand"
            }));
        }
        if count > 0 {
            if self.c.pos == before {
                return Err(Diagnostic::error(
                    self.c.here(),
                    format!("unexpected character in the operands of `{mnemonic}`"),
                )
                .expected("`,` between operands"));
            }
            self.error(
                Diagnostic::lenient(
                    self.c.here(),
                    Leniency::Commas,
                    "missing `,` between operands",
                )
                .note("read as if the comma were there"),
            );
        }
        Ok(())
    }

    /// Trailing words of `inst` after `count` operands.
    fn words(&mut self, inst: &mut Instruction, count: usize) -> OperandResult<()> {
        let info = inst.info();
        let m = info.mnemonic;
        match info.words {
            Words::None => {}
            Words::Unsigned(n) => {
                inst.words =
                    self.word_list(count, m, n as usize, n as usize, Self::unsigned_word)?
            }
            Words::Signed => inst.words = self.word_list(count, m, 1, 1, Self::signed_word)?,
            Words::Literal => inst.words = self.word_list(count, m, 4, 4, Self::value_word)?,
            Words::Def(n) => {
                let float = inst
                    .dst
                    .as_ref()
                    .is_some_and(|d| d.reg.ty == RegType::ConstFloat);
                inst.words = if float {
                    self.word_list(count, m, n as usize, n as usize, Self::float_word)?
                } else {
                    self.word_list(count, m, n as usize, n as usize, Self::value_word)?
                };
            }
            Words::CountInControl { max } => {
                inst.words = self.word_list(count, m, 1, max as usize, Self::unsigned_word)?;
            }
            Words::PaddedTo3 => {
                let mut w = self.word_list(count, m, 1, 3, Self::unsigned_word)?;
                while w.len() < 3 {
                    w.push(1);
                }
                inst.words = w;
            }
            Words::Float => inst.words = self.word_list(count, m, 1, 1, Self::float_word)?,
            Words::Fields(n) => {
                while inst.words.len() < n as usize {
                    inst.words.push(0);
                }
            }
            Words::MirroredInControl => {
                inst.words = self.word_list(count, m, 1, 1, Self::unsigned_word)?;
                if inst.words[0] > 0x3fff {
                    return Err(Diagnostic::error(
                        self.c.here(),
                        format!("`{m}` takes at most 16383"),
                    )
                    .expected("a count below 16384 (it is repeated in the 14-bit control field)"));
                }
            }
            Words::Comment => unreachable!("comments are parsed before operands"),
            Words::FunctionTable => inst.words = self.braced_list(m, SmallVec::new())?,
            Words::InterfacePtr => {
                let mut dims = SmallVec::new();
                for _ in 0..2 {
                    self.space();
                    let open = self.c.pos;
                    if !self.c.eat(b'[') {
                        return Err(Diagnostic::error(
                            self.c.here(),
                            format!("`{m}` needs `[size][length]`"),
                        )
                        .expected("`[array size][length] = {table ids}`"));
                    }
                    self.space();
                    dims.push(self.unsigned_word()?);
                    self.space();
                    if !self.c.eat(b']') {
                        return Err(Diagnostic::error(self.c.span_from(open), "expected `]`"));
                    }
                }
                inst.words = self.braced_list(m, dims)?;
            }
        }
        Ok(())
    }

    /// `= {a, b, c}` appended to `prefix`.
    fn braced_list(
        &mut self,
        m: &str,
        mut out: SmallVec<[u32; 4]>,
    ) -> OperandResult<SmallVec<[u32; 4]>> {
        self.space();
        if !self.c.eat(b'=') {
            return Err(
                Diagnostic::error(self.c.here(), format!("`{m}` needs `= {{..}}`"))
                    .expected("`= {` and a list of labels"),
            );
        }
        self.space();
        if !self.c.eat(b'{') {
            return Err(Diagnostic::error(self.c.here(), "expected `{`").expected("`{`"));
        }
        loop {
            self.space();
            if self.c.eat(b'}') {
                return Ok(out);
            }
            if !out.is_empty() && !self.c.eat(b',') && self.c.peek() != Some(b'}') {
                // Tolerate whitespace-separated lists.
            }
            self.space();
            if self.c.eat(b'}') {
                return Ok(out);
            }
            if self.c.at_line_end() {
                return Err(Diagnostic::error(self.c.here(), "unclosed `{`").expected("`}`"));
            }
            out.push(self.unsigned_word()?);
        }
    }

    /// A comma-separated list of `min..=max` words after `count` operands.
    fn word_list(
        &mut self,
        count: usize,
        m: &str,
        min: usize,
        max: usize,
        word: fn(&mut Self) -> OperandResult<u32>,
    ) -> OperandResult<SmallVec<[u32; 4]>> {
        let mut out = SmallVec::new();
        let mut operands = count;
        while out.len() < max {
            let before = self.c.pos;
            self.space();
            let comma = self.c.eat(b',');
            self.space();
            if self.c.at_line_end() {
                if comma {
                    return Err(
                        Diagnostic::error(self.c.here(), "expected a value after `,`")
                            .expected("a number"),
                    );
                }
                break;
            }
            if operands > 0 && !comma {
                if out.len() >= min {
                    self.c.pos = before;
                    break;
                }
                if self.c.pos == before {
                    return Err(Diagnostic::error(
                        self.c.here(),
                        format!("unexpected character in `{m}`"),
                    )
                    .expected("`,` and a number"));
                }
                self.error(Diagnostic::lenient(
                    self.c.here(),
                    Leniency::Commas,
                    "missing `,` between values",
                ));
            }
            out.push(word(self)?);
            operands += 1;
        }
        if out.len() < min {
            return Err(Diagnostic::error(
                self.c.here(),
                format!(
                    "`{m}` expects {min} value{}",
                    if min == 1 { "" } else { "s" }
                ),
            )
            .expected("a number"));
        }
        Ok(out)
    }

    fn number(&mut self) -> OperandResult<(&'a str, Span)> {
        let start = self.c.pos;
        match self.c.number_token() {
            Some(t) => Ok((t, self.c.span_from(start))),
            None => Err(Diagnostic::error(self.c.here(), "expected a number")
                .expected("a decimal, hexadecimal (0x..) or float number")),
        }
    }

    fn unsigned_word(&mut self) -> OperandResult<u32> {
        let (t, span) = self.number()?;
        match integer_bits(t) {
            Some(v) if !t.starts_with('-') => Ok(v),
            _ => Err(
                Diagnostic::error(span, format!("`{t}` is not an unsigned 32-bit integer"))
                    .expected("an unsigned integer"),
            ),
        }
    }

    fn signed_word(&mut self) -> OperandResult<u32> {
        let (t, span) = self.number()?;
        if is_float_token(t) {
            return Err(Diagnostic::error(span, format!("`{t}` is not an integer"))
                .expected("a 32-bit integer"));
        }
        integer_bits(t).ok_or_else(|| {
            Diagnostic::error(span, format!("`{t}` does not fit in 32 bits"))
                .expected("a 32-bit integer")
        })
    }

    /// A 32-bit value: integers as two's complement, floats as IEEE single bits.
    fn value_word(&mut self) -> OperandResult<u32> {
        let (t, span) = self.number()?;
        number_bits(t).ok_or_else(|| {
            Diagnostic::error(span, format!("`{t}` does not fit in 32 bits"))
                .expected("a 32-bit integer, hexadecimal bit pattern or float")
        })
    }

    /// A float value; integers are converted (`def c0, 0.5, 1, 0, 0`), hexadecimal is taken
    /// as the raw bit pattern.
    fn float_word(&mut self) -> OperandResult<u32> {
        let (t, span) = self.number()?;
        let body = t.trim_start_matches(['-', '+']);
        let bits = if body.starts_with("0x") || body.starts_with("0X") {
            integer_bits(t)
        } else {
            float_bits(t)
        };
        bits.ok_or_else(|| {
            Diagnostic::error(span, format!("`{t}` is not a float")).expected("a float")
        })
    }

    /// `"text"` of a COMMENT packet, as null-terminated words.
    fn comment_string(&mut self) -> OperandResult<SmallVec<[u32; 4]>> {
        let start = self.c.pos;
        if !self.c.eat(b'"') {
            return Err(Diagnostic::error(self.c.here(), "expected a string")
                .expected("a quoted string such as `comment \"text\"`"));
        }
        let mut bytes = Vec::new();
        loop {
            match self.c.peek() {
                None | Some(b'\n') => {
                    return Err(
                        Diagnostic::error(self.c.span_from(start), "unterminated string")
                            .expected("`\"`"),
                    )
                }
                Some(b'"') => {
                    self.c.bump();
                    break;
                }
                Some(b'\\') => {
                    self.c.bump();
                    let esc = self.c.peek();
                    self.c.bump();
                    match esc {
                        Some(b'\\') => bytes.push(b'\\'),
                        Some(b'"') => bytes.push(b'"'),
                        Some(b'n') => bytes.push(b'\n'),
                        Some(b't') => bytes.push(b'\t'),
                        Some(b'x') => {
                            let hex = self.c.text.get(self.c.pos..self.c.pos + 2).unwrap_or("");
                            let Ok(v) = u8::from_str_radix(hex, 16) else {
                                return Err(Diagnostic::error(
                                    self.c.here(),
                                    "invalid `\\x` escape",
                                )
                                .expected("two hexadecimal digits"));
                            };
                            if v == 0 {
                                return Err(Diagnostic::error(
                                    self.c.here(),
                                    "a comment cannot contain a null byte",
                                ));
                            }
                            self.c.pos += 2;
                            bytes.push(v);
                        }
                        _ => {
                            return Err(Diagnostic::error(self.c.here(), "unknown escape")
                                .expected("`\\\\`, `\\\"`, `\\n`, `\\t` or `\\xNN`"))
                        }
                    }
                }
                // A null byte would end the text early (the printer stops at the first).
                Some(0) => {
                    return Err(Diagnostic::error(
                        self.c.here(),
                        "a comment cannot contain a null byte",
                    ))
                }
                Some(b) => {
                    bytes.push(b);
                    self.c.bump();
                }
            }
        }
        bytes.push(0);
        while bytes.len() % 4 != 0 {
            bytes.push(0);
        }
        // The packet's length word holds at most 65535 dwords (7.14).
        if bytes.len() > 4 * 0xffff {
            return Err(Diagnostic::error(
                self.c.span_from(start),
                "comment too long for one COMMENT packet",
            )
            .expected("at most 262139 bytes of text (65535 dwords)"));
        }
        Ok(bytes
            .chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }

    /// `mcall(k) (outs), (ins)` or, for a macro defined above, `mcall(k) outs.., ins..`.
    fn macro_call(&mut self, segments: &[Segment<'_>], start: usize) -> OperandResult<Instruction> {
        let head = segments[0];
        let id = head
            .args
            .and_then(|a| integer_bits(a.trim()))
            .filter(|&v| v < 1 << 14 && segments.len() == 1)
            .ok_or_else(|| {
                Diagnostic::error(head.span, "malformed macro call")
                    .expected("`mcall(k)` with a macro number below 16384")
            })?;
        let mut inst = Instruction::new(Opcode::Macrocall);
        inst.control = id as u16;
        self.space();
        self.c.eat(b',');
        self.space();
        if self.c.peek() == Some(b'(') {
            self.c.bump();
            self.space();
            while self.c.peek() != Some(b')') {
                if !inst.macro_outputs.is_empty() && !self.c.eat(b',') {
                    return Err(Diagnostic::error(self.c.here(), "expected `,` or `)`")
                        .expected("`,` or `)`"));
                }
                self.space();
                inst.macro_outputs.push(destination(&mut self.c)?);
                self.space();
            }
            self.c.bump();
            self.space();
            if !self.c.eat(b',') {
                return Err(
                    Diagnostic::error(self.c.here(), "expected `,` before the inputs")
                        .expected("`, (inputs)`"),
                );
            }
            self.space();
            if !self.c.eat(b'(') {
                return Err(Diagnostic::error(self.c.here(), "expected `(`").expected("`(inputs)`"));
            }
            self.space();
            while self.c.peek() != Some(b')') {
                if !inst.srcs.is_empty() && !self.c.eat(b',') {
                    return Err(Diagnostic::error(self.c.here(), "expected `,` or `)`")
                        .expected("`,` or `)`"));
                }
                self.space();
                inst.srcs.push(source(&mut self.c)?);
                self.space();
            }
            self.c.bump();
        } else {
            let Some(def) = self.macros.iter().find(|m| u32::from(m.id) == id) else {
                return Err(Diagnostic::error(
                    head.span,
                    format!("macro {id} is not defined above"),
                )
                .expected(
                    "`mcall(k) (outputs), (inputs)` or a macro defined before the version line",
                ));
            };
            let (outs, ins) = (def.outputs, def.inputs);
            for i in 0..usize::from(outs) + usize::from(ins) {
                if i > 0 {
                    self.space();
                    if !self.c.eat(b',') {
                        return Err(Diagnostic::error(
                            self.c.here(),
                            format!("macro {id} takes {outs} outputs and {ins} inputs"),
                        )
                        .expected("`,` and another operand"));
                    }
                    self.space();
                }
                if i < usize::from(outs) {
                    inst.macro_outputs.push(destination(&mut self.c)?);
                } else {
                    inst.srcs.push(source(&mut self.c)?);
                }
            }
        }
        // The token stream counts outputs and inputs in 16 bits each (L9954).
        if inst.macro_outputs.len() > 0xffff || inst.srcs.len() > 0xffff {
            return Err(Diagnostic::error(
                self.c.span_from(start),
                "a macro call with more than 65535 outputs or inputs",
            ));
        }
        inst.span = self.c.span_from(start);
        self.end_of_line("mcall");
        Ok(inst)
    }
}

fn operand_field_choices(fields: &[&Field]) -> String {
    fields
        .iter()
        .map(|f| match f.kind {
            FieldKind::Enum(t) => t.choices(),
            FieldKind::Uint => format!("a number ({})", f.name),
            _ => f.name.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" or ")
}

/// Stores a field value into the part of the instruction the field lives in.
pub(crate) fn set_field(inst: &mut Instruction, field: &Field, value: u32) {
    let slot = |o: &mut Option<u32>| {
        *o = Some(field.set(o.unwrap_or(0), value));
    };
    match field.loc {
        FieldLoc::Control => inst.control = field.set(u32::from(inst.control), value) as u16,
        FieldLoc::Primary => slot(&mut inst.extra.primary),
        FieldLoc::Secondary => slot(&mut inst.extra.secondary),
        FieldLoc::ResourceFormat => slot(&mut inst.extra.resource_format),
        FieldLoc::AddressOffset => slot(&mut inst.extra.address_offset),
        FieldLoc::Word(k) => {
            let k = k as usize;
            while inst.words.len() <= k {
                inst.words.push(0);
            }
            inst.words[k] = field.set(inst.words[k], value);
        }
    }
}

fn component_mask(comps: &str) -> Option<u8> {
    let mut mask = 0u8;
    for b in comps.bytes() {
        let bit = match b.to_ascii_lowercase() {
            b'x' | b'r' => 1,
            b'y' | b'g' => 2,
            b'z' | b'b' => 4,
            b'w' | b'a' => 8,
            _ => return None,
        };
        if mask & bit != 0 {
            return None;
        }
        mask |= bit;
    }
    Some(mask)
}

/// Splits an instruction word at top-level underscores.
fn split_segments<'w>(word: &'w str, offset: usize) -> SmallVec<[Segment<'w>; 6]> {
    let mut out = SmallVec::new();
    let bytes = word.as_bytes();
    let mut depth = 0usize;
    let mut seg_start = 0usize;
    let push = |from: usize, to: usize, out: &mut SmallVec<[Segment<'w>; 6]>| {
        if from >= to {
            return;
        }
        let text = &word[from..to];
        let (name, args) = match text.find('(') {
            Some(i) => (
                &text[..i],
                Some(text[i + 1..].strip_suffix(')').unwrap_or(&text[i + 1..])),
            ),
            None => (text, None),
        };
        out.push(Segment {
            name,
            args,
            span: Span::new((offset + from) as u32, (offset + to) as u32),
        });
    };
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => depth = depth.saturating_sub(1),
            b'_' if depth == 0 => {
                push(seg_start, i, &mut out);
                seg_start = i + 1;
            }
            _ => {}
        }
    }
    push(seg_start, bytes.len(), &mut out);
    if out.is_empty() {
        out.push(Segment {
            name: word,
            args: None,
            span: Span::new(offset as u32, (offset + word.len()) as u32),
        });
    }
    out
}

/// Joins runs of segments that spell one field name with underscores (`fence`'s
/// `_mem_read_only`), which the split at underscores cut apart. The longest run wins, and
/// only its last segment may carry arguments.
fn join_field_names<'w>(
    info: &OpInfo,
    word: &'w str,
    offset: usize,
    segments: &[Segment<'w>],
) -> SmallVec<[Segment<'w>; 6]> {
    let mut out = SmallVec::new();
    let mut i = 0;
    while i < segments.len() {
        let first = segments[i];
        let run = (i + 2..=segments.len())
            .rev()
            .filter(|&end| segments[i..end - 1].iter().all(|s| s.args.is_none()))
            .find_map(|end| {
                let last = segments[end - 1];
                let from = first.span.start as usize - offset;
                let to = last.span.start as usize - offset + last.name.len();
                let name = word.get(from..to)?;
                info.field(name).map(|_| (end, name, last))
            });
        match run {
            Some((end, name, last)) => {
                out.push(Segment {
                    name,
                    args: last.args,
                    span: first.span.to(last.span),
                });
                i = end;
            }
            None => {
                out.push(first);
                i += 1;
            }
        }
    }
    out
}

/// The opcode named by the longest run of leading segments, how many segments it took,
/// and whether the name is an older spelling ([`compat::legacy_mnemonic`]).
fn find_mnemonic(segments: &[Segment<'_>]) -> Option<(Opcode, usize, bool)> {
    let mut name = String::with_capacity(32);
    let mut best = None;
    for (i, seg) in segments.iter().enumerate() {
        if i > 0 {
            name.push('_');
        }
        name.push_str(seg.name);
        if seg.args.is_none() {
            if let Some(op) = Opcode::from_mnemonic(&name) {
                best = Some((op, i + 1, false));
            } else if let Some(op) = compat::legacy_mnemonic(&name) {
                best = Some((op, i + 1, true));
            }
        } else {
            break;
        }
    }
    best
}

/// Whether `word` (an identifier) begins an instruction.
pub(crate) fn mnemonic_of(word: &str) -> Option<Opcode> {
    let segments = split_segments(word, 0);
    find_mnemonic(&segments).map(|(op, _, _)| op)
}

/// `il_<type>[_<major>[_<minor>]][_mp][_rt]`. Without numbers the version is 2.0 (App.B
/// `IL_MAJOR_VERSION`/`IL_MINOR_VERSION`, L10228).
fn parse_version_word(word: &str) -> Option<(ShaderType, u8, u8, bool, bool)> {
    let lower = word.to_ascii_lowercase();
    let rest = lower.strip_prefix("il_")?;
    let mut parts = rest.split('_');
    let shader = ShaderType::from_name(parts.next()?)?;
    let mut numbers = Vec::new();
    let (mut mp, mut rt) = (false, false);
    for part in parts {
        match part {
            "mp" if !mp && !rt => mp = true,
            "rt" if !rt => rt = true,
            n if !mp
                && !rt
                && numbers.len() < 2
                && !n.is_empty()
                && n.bytes().all(|b| b.is_ascii_digit()) =>
            {
                numbers.push(n.parse::<u8>().ok()?)
            }
            _ => return None,
        }
    }
    let major = numbers.first().copied().unwrap_or(2);
    let minor = numbers.get(1).copied().unwrap_or(0);
    Some((shader, major, minor, mp, rt))
}

/// `mdef(k)_out(m)_in(n)[_outline]`, already stripped of whitespace.
fn parse_macro_header(compact: &str) -> Option<(u16, u8, u8, bool)> {
    let lower = compact.to_ascii_lowercase();
    let rest = lower.strip_prefix("mdef(")?;
    let (k, rest) = rest.split_once(')')?;
    let rest = rest.strip_prefix("_out(")?;
    let (m, rest) = rest.split_once(')')?;
    let rest = rest.strip_prefix("_in(")?;
    let (n, rest) = rest.split_once(')')?;
    let outline = match rest {
        "" => false,
        "_outline" => true,
        _ => return None,
    };
    let k: u16 = k.parse().ok().filter(|&k| k < 1 << 14)?;
    Some((k, m.parse().ok()?, n.parse().ok()?, outline))
}

/// `v#` names the SM40 input register (33) except in the main body of SM30 vertex shaders,
/// which declare their vertex inputs (5) with `dclv`/`initv` (`docs/decisions.md`,
/// "Registers"). A vertex input is a numbered register: brackets on it cannot be kept.
fn resolve_vertex_inputs(program: &mut Program, diags: &mut Diagnostics) {
    if !program.v_is_vertex_input() {
        return;
    }
    for inst in &mut program.body {
        inst.for_each_register_mut(&mut |r| {
            if r.ty != RegType::Input {
                return;
            }
            r.ty = RegType::Vertex;
            if r.index.is_some() || !r.dims.is_empty() {
                diags.push(
                    Diagnostic::error(r.span, "a vertex input `v#` cannot be indexed")
                        .expected("`v#` without brackets in a shader with `dclv`/`initv`"),
                );
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_words() {
        assert_eq!(
            parse_version_word("il_cs_2_0"),
            Some((ShaderType::Compute, 2, 0, false, false))
        );
        assert_eq!(
            parse_version_word("il_ps"),
            Some((ShaderType::Pixel, 2, 0, false, false))
        );
        assert_eq!(
            parse_version_word("il_cs_2"),
            Some((ShaderType::Compute, 2, 0, false, false))
        );
        assert_eq!(
            parse_version_word("il_ps_3_1_mp_rt"),
            Some((ShaderType::Pixel, 3, 1, true, true))
        );
        assert_eq!(
            parse_version_word("IL_VS_2_0"),
            Some((ShaderType::Vertex, 2, 0, false, false))
        );
        assert_eq!(parse_version_word("il_xs_2_0"), None);
        assert_eq!(parse_version_word("il_cs_2_0_1"), None);
        assert_eq!(parse_version_word("il_cs_999"), None);
    }

    #[test]
    fn segments_split_outside_parentheses() {
        let s = split_segments("dcl_resource_id(0)_type(2d,unnorm)", 0);
        let names: Vec<_> = s.iter().map(|s| (s.name, s.args)).collect();
        assert_eq!(
            names,
            [
                ("dcl", None),
                ("resource", None),
                ("id", Some("0")),
                ("type", Some("2d,unnorm"))
            ]
        );
    }

    #[test]
    fn macro_headers() {
        assert_eq!(
            parse_macro_header("mdef(0)_out(1)_in(2)"),
            Some((0, 1, 2, false))
        );
        assert_eq!(
            parse_macro_header("mdef(5)_out(1)_in(2)_outline"),
            Some((5, 1, 2, true))
        );
        assert_eq!(parse_macro_header("mdef(2)_out(1),in(3)"), None);
    }
}
