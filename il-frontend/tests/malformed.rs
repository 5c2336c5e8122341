//! Malformed inputs: every one must be refused (or warned about) with a diagnostic that
//! points at the character at fault and says what is wrong, and none may panic.
//!
//! Text locations are 1-based line and column (`diag::line_col`); token-stream locations
//! are byte offsets. The expected location of each test was chosen by looking at the
//! input, not by copying what the reader printed. Where the reader does worse than a good
//! compiler would, the test states the good behaviour, is marked `// Was a bug:` and is ignored.

use il_frontend::diag::line_col;
use il_frontend::{Diagnostic, Diagnostics, InputKind, Opcode, Severity, SourceFile, SourceKind};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

fn render_text(src: &str, diags: &Diagnostics) -> String {
    SourceFile {
        name: "k.il",
        kind: SourceKind::Text(src),
    }
    .render_all(diags)
}

fn render_binary(diags: &Diagnostics) -> String {
    SourceFile {
        name: "k.bin",
        kind: SourceKind::Binary,
    }
    .render_all(diags)
}

/// Reads text, requires it to fail and returns the diagnostics with their rendering.
#[track_caller]
fn fails_text(src: &str) -> (Diagnostics, String) {
    let (program, diags, kind) = il_frontend::read(src.as_bytes());
    let rendered = render_text(src, &diags);
    assert_eq!(kind, InputKind::Text, "not read as text:\n{rendered}");
    assert!(
        program.is_none(),
        "the read should fail, but it produced a program; diagnostics:\n{rendered}"
    );
    assert!(diags.has_errors(), "no error reported:\n{rendered}");
    (diags, rendered)
}

/// The first diagnostic of `severity` whose message contains `message`.
#[track_caller]
fn find<'d>(
    diags: &'d Diagnostics,
    severity: Severity,
    message: &str,
    rendered: &str,
) -> &'d Diagnostic {
    diags
        .iter()
        .find(|d| d.severity == severity && d.message.contains(message))
        .unwrap_or_else(|| panic!("no {severity} containing {message:?}; got:\n{rendered}"))
}

#[track_caller]
fn assert_at(src: &str, d: &Diagnostic, line: u32, col: u32, rendered: &str) {
    let lc = line_col(src, d.span.start);
    assert_eq!(
        (lc.line, lc.col),
        (line, col),
        "`{}` is reported at {}:{}, expected {line}:{col}; got:\n{rendered}",
        d.message,
        lc.line,
        lc.col
    );
}

#[track_caller]
fn assert_expected(d: &Diagnostic, expected: &str, rendered: &str) {
    let e = d.expected.as_deref().unwrap_or("");
    assert!(
        e.contains(expected),
        "`{}` expects {e:?}, which does not contain {expected:?}; got:\n{rendered}",
        d.message
    );
}

/// The text fails with exactly one error, at `line:col`, whose message contains `message`.
#[track_caller]
fn text_error(src: &str, line: u32, col: u32, message: &str) -> Diagnostic {
    let (diags, rendered) = fails_text(src);
    let d = find(&diags, Severity::Error, message, &rendered);
    assert_at(src, d, line, col, &rendered);
    assert_eq!(
        diags.errors().count(),
        1,
        "expected one error only; got:\n{rendered}"
    );
    d.clone()
}

/// Like [`text_error`], with a substring of `expected` too.
#[track_caller]
fn text_error_expecting(src: &str, line: u32, col: u32, message: &str, expected: &str) {
    let d = text_error(src, line, col, message);
    let rendered = render_text(src, &Diagnostics(vec![d.clone()]));
    assert_expected(&d, expected, &rendered);
}

/// The text fails and, among possibly several errors, one at `line:col` contains `message`.
#[track_caller]
fn text_error_among(src: &str, line: u32, col: u32, message: &str) -> Diagnostics {
    let (diags, rendered) = fails_text(src);
    let d = find(&diags, Severity::Error, message, &rendered);
    assert_at(src, d, line, col, &rendered);
    diags
}

/// Read with `--strict`, the text fails with exactly one error, at `line:col`, whose
/// message contains `message`: a leniency's warning is the reference's error again.
#[track_caller]
fn strict_text_error(src: &str, line: u32, col: u32, message: &str) {
    let strict = il_frontend::ReadOptions { strict: true };
    let (program, diags, _) = il_frontend::read_with(src.as_bytes(), &strict);
    let rendered = render_text(src, &diags);
    assert!(
        program.is_none(),
        "read strictly, it should fail:\n{rendered}"
    );
    let d = find(&diags, Severity::Error, message, &rendered);
    assert_at(src, d, line, col, &rendered);
    assert_eq!(
        diags.errors().count(),
        1,
        "one error only; got:\n{rendered}"
    );
}

/// The text is read (no error) with a warning at `line:col` containing `message`.
#[track_caller]
fn text_warning(src: &str, line: u32, col: u32, message: &str) {
    let (program, diags, kind) = il_frontend::read(src.as_bytes());
    let rendered = render_text(src, &diags);
    assert_eq!(kind, InputKind::Text);
    assert!(
        !diags.has_errors() && program.is_some(),
        "a warning should not stop the read; got:\n{rendered}"
    );
    let d = find(&diags, Severity::Warning, message, &rendered);
    assert_at(src, d, line, col, &rendered);
}

/// The tokens of a valid text program.
#[track_caller]
fn tokens_of(src: &str) -> Vec<u32> {
    let (program, diags) = il_frontend::text::parse(src);
    let program =
        program.unwrap_or_else(|| panic!("base program invalid:\n{}", render_text(src, &diags)));
    il_frontend::binary::encode(&program)
}

fn bytes_of(tokens: &[u32]) -> Vec<u8> {
    tokens.iter().flat_map(|t| t.to_le_bytes()).collect()
}

/// The token stream fails with one error at byte `offset` whose message contains `message`.
#[track_caller]
fn binary_error(bytes: &[u8], offset: u32, message: &str) -> Diagnostic {
    let (program, diags, kind) = il_frontend::read(bytes);
    let rendered = render_binary(&diags);
    assert_eq!(
        kind,
        InputKind::TokenStream,
        "not read as tokens:\n{rendered}"
    );
    assert!(program.is_none(), "the read should fail:\n{rendered}");
    let d = find(&diags, Severity::Error, message, &rendered);
    assert_eq!(
        d.span.start, offset,
        "`{}` is reported at byte {:#x}, expected {offset:#x}; got:\n{rendered}",
        d.message, d.span.start
    );
    assert_eq!(
        diags.errors().count(),
        1,
        "expected one error only:\n{rendered}"
    );
    d.clone()
}

/// `il_cs_2_0`, `mov r0.x, r1.y`, `end`: tokens
/// 0 IL_Lang, 1 IL_Version, 2 MOV, 3 IL_Dst r0, 4 IL_Dst_Mod, 5 IL_Src r1, 6 IL_Src_Mod, 7 END.
const BASE: &str = "il_cs_2_0\nmov r0.x, r1.y\nend\n";

fn base_tokens() -> Vec<u32> {
    tokens_of(BASE)
}

// Opcode values (App.B with IL_OP_MOVA inserted at 72).
const OP_END: u32 = 40;
const OP_MOV: u32 = 71;
const OP_MUL: u32 = 73;
/// IL_Lang: IL_LANG_GENERIC; IL_Version: IL_SHADER_COMPUTE (3), version 2.0.
const LANG_GENERIC: u32 = 0;
const VERSION_CS_2_0: u32 = 3 << 16 | 2 << 8;
/// IL_Src/IL_Dst of a temporary `r<n>` (IL_REGTYPE_TEMP = 4).
const fn temp(n: u32) -> u32 {
    4 << 16 | n
}

// ---------------------------------------------------------------------------------------
// Whole-file errors
// ---------------------------------------------------------------------------------------

#[test]
fn empty_file() {
    text_error_expecting("", 1, 1, "expected the version line", "il_cs_2_0");
}

#[test]
fn blank_and_comment_only_file() {
    text_error("\n; nothing\n  \n", 4, 1, "expected the version line");
}

#[test]
fn truncated_file_without_end() {
    // The `end` is missing: reported right after the last instruction.
    text_error_expecting("il_cs_2_0\nmov r0, r1\n", 2, 11, "has no `end`", "`end`");
}

#[test]
fn missing_version_line() {
    text_error_expecting(
        "mov r0, r1\nend\n",
        1,
        1,
        "`mov` is not a version line",
        "a version line",
    );
}

#[test]
fn bad_version_line_unknown_shader_type() {
    text_error(
        "il_zz_2_0\nmov r0, r1\nend\n",
        1,
        1,
        "`il_zz_2_0` is not a version line",
    );
}

#[test]
fn bad_version_line_bad_number() {
    text_error(
        "il_cs_2_x\nmov r0, r1\nend\n",
        1,
        1,
        "`il_cs_2_x` is not a version line",
    );
}

#[test]
fn text_after_the_version_line() {
    text_error_expecting(
        "il_cs_2_0 foo\nend\n",
        1,
        11,
        "unexpected text after `il_cs_2_0`",
        "end of line",
    );
}

#[test]
fn second_version_line() {
    text_error("il_cs_2_0\nil_ps_2_0\nend\n", 2, 1, "a second version line");
}

#[test]
fn instruction_after_end() {
    let src = "il_cs_2_0\nmov r0, r1\nend\nmov r0, r1\n";
    let diags = text_error_among(src, 4, 1, "instruction after `end`");
    let d = diags
        .iter()
        .find(|d| d.message.contains("after `end`"))
        .unwrap();
    assert!(
        d.expected
            .as_deref()
            .unwrap_or("")
            .contains("`end` as the last"),
        "{d:?}"
    );
}

#[test]
fn instruction_after_end_is_one_error() {
    // Was a bug: besides "instruction after `end`" (4:1), the reader says "the program has no
    // `end`" at 4:11, although `end` is on line 3.
    text_error(
        "il_cs_2_0\nmov r0, r1\nend\nmov r0, r1\n",
        4,
        1,
        "instruction after `end`",
    );
}

#[test]
fn unterminated_block_comment() {
    text_error_expecting(
        "il_cs_2_0\nmov r0, r1 /* not closed\nend\n",
        2,
        12,
        "unterminated `/*` comment",
        "`*/`",
    );
}

#[test]
fn non_utf8_text() {
    // `\xff` is at byte 19: line 2, column 9.
    let bytes = b"il_cs_2_0\nmov r0, r\xff1\nend\n";
    let (program, diags, kind) = il_frontend::read(bytes);
    assert!(program.is_none());
    assert_eq!(kind, InputKind::Text);
    assert_eq!(diags.errors().count(), 1, "{diags:?}");
    let d = diags.errors().next().unwrap();
    assert_eq!(d.span.start, 19, "{d:?}");
    assert!(
        d.message.contains("neither UTF-8 text nor a token stream"),
        "{d:?}"
    );
    assert!(
        d.expected.as_deref().unwrap_or("").contains("UTF-8"),
        "{d:?}"
    );
}

#[test]
fn garbage_bytes_without_nul_are_not_text() {
    let (program, diags, _) = il_frontend::read(b"\xde\xad\xbe\xef\xca\xfe");
    assert!(program.is_none());
    let d = diags.errors().next().expect("an error");
    // 0xde 0xad is U+07AD; 0xbe, a continuation byte without a lead, is byte 2.
    assert_eq!(d.span.start, 2, "{d:?}");
    assert!(d.message.contains("neither UTF-8"), "{d:?}");
}

// ---------------------------------------------------------------------------------------
// Instructions and specifiers
// ---------------------------------------------------------------------------------------

#[test]
fn unknown_opcode() {
    text_error_expecting(
        "il_cs_2_0\nmuladd r0, r1, r2\nend\n",
        2,
        1,
        "unknown instruction `muladd`",
        "mnemonic",
    );
}

#[test]
fn line_starting_with_a_non_letter() {
    text_error(
        "il_cs_2_0\n42 r0, r1\nend\n",
        2,
        1,
        "expected an instruction",
    );
}

#[test]
fn unknown_specifier() {
    // `mov_foo`: the specifier `foo` starts at column 5.
    text_error_expecting(
        "il_cs_2_0\nmov_foo r0, r1\nend\n",
        2,
        5,
        "`mov` has no specifier `_foo`",
        "`_sat`",
    );
}

#[test]
fn invalid_specifier_value() {
    // `ifc_relop(foo)`: the specifier starts at column 5.
    text_error_expecting(
        "il_cs_2_0\nifc_relop(foo) r0.x, r1.x\nendif\nend\n",
        2,
        5,
        "invalid `_relop` value",
        "lt",
    );
}

#[test]
fn specifier_given_twice() {
    // The second `sat` starts at column 9 (`add_sat_sat`: a1 d2 d3 _4 s5 a6 t7 _8 s9).
    text_error(
        "il_cs_2_0\nadd_sat_sat r0, r1, r2\nend\n",
        2,
        9,
        "`_sat` is given twice",
    );
}

#[test]
fn field_specifier_given_twice() {
    let src = "il_ps_2_0\n\
               dcl_resource_id(0)_type(2d)_fmtx(float)_fmty(float)_fmtz(float)_fmtw(float)\n\
               sample_resource(0)_resource(1)_sampler(0) r0, r1\n\
               end\n";
    // The second `resource` starts at column 20, after the `_` at column 19.
    text_error(src, 3, 20, "`_resource` is given twice");
}

#[test]
fn too_few_operands() {
    // `mov r0` ends at column 7: the second operand is missing there.
    text_error_expecting(
        "il_cs_2_0\nmov r0\nend\n",
        2,
        7,
        "`mov` expects more operands",
        "`,` and another operand",
    );
}

#[test]
fn no_operands_at_all() {
    text_error_expecting(
        "il_cs_2_0\nadd\nend\n",
        2,
        4,
        "`add` expects more operands",
        "an operand",
    );
}

#[test]
fn too_many_operands() {
    // The extra operand starts with the `,` at column 11.
    text_error_expecting(
        "il_cs_2_0\nmov r0, r1, r2\nend\n",
        2,
        11,
        "unexpected text after `mov`",
        "end of line",
    );
}

#[test]
fn trailing_comma() {
    text_error(
        "il_cs_2_0\nmov r0, r1,\nend\n",
        2,
        11,
        "unexpected text after `mov`",
    );
}

#[test]
fn missing_comma_is_a_warning() {
    // `mov r0 r1`: the comma is missing before `r1` at column 8.
    text_warning(
        "il_cs_2_0\nmov r0 r1\nend\n",
        2,
        8,
        "missing `,` between operands",
    );
}

#[test]
fn too_few_literal_values() {
    // `dcl_literal l0, 1, 2` ends at column 21, where the third value should be.
    text_error_expecting(
        "il_cs_2_0\ndcl_literal l0, 1, 2\nend\n",
        2,
        21,
        "`dcl_literal` expects 4 values",
        "a number",
    );
}

// ---------------------------------------------------------------------------------------
// Operands
// ---------------------------------------------------------------------------------------

#[test]
fn write_mask_out_of_order() {
    // `r0.yx`: the `x` after `y` (column 9) is at fault.
    text_error_expecting(
        "il_cs_2_0\nmov r0.yx, r1\nend\n",
        2,
        9,
        "write mask component `x` is out of order",
        "x, y, z, w order",
    );
}

#[test]
fn write_mask_out_of_order_after_a_constant() {
    // `r0.x1y`: `1` fills slot y, so the `y` at column 10 comes too late.
    text_error("il_cs_2_0\nmov r0.x1y, r1\nend\n", 2, 10, "out of order");
}

#[test]
fn write_mask_too_long() {
    // `r0.xyzw_`: the fifth component `_` is at column 12.
    text_error_expecting(
        "il_cs_2_0\nmov r0.xyzw_, r1\nend\n",
        2,
        12,
        "more than four components",
        "at most four",
    );
}

#[test]
fn write_mask_bad_character() {
    // `r0.xq`: the mask `xq` starts at column 8 (the span covers the bad `q`).
    let d = text_error(
        "il_cs_2_0\nmov r0.xq, r1\nend\n",
        2,
        8,
        "invalid write mask `xq`",
    );
    assert_eq!(d.span.end, 10 + 9, "the span should end after the `q`");
}

#[test]
fn write_mask_empty() {
    text_error(
        "il_cs_2_0\nmov r0., r1\nend\n",
        2,
        8,
        "expected a write mask after `.`",
    );
}

#[test]
fn bad_swizzle_character() {
    // `r1.q`: `q` at column 12 is not a component.
    text_error_expecting(
        "il_cs_2_0\nmov r0, r1.q\nend\n",
        2,
        12,
        "expected a swizzle after `.`",
        "`.x`",
    );
}

#[test]
fn empty_swizzle() {
    text_error(
        "il_cs_2_0\nmov r0, r1.\nend\n",
        2,
        12,
        "expected a swizzle after `.`",
    );
}

#[test]
fn bad_swizzle_character_after_valid_ones() {
    // `r1.xq`: the swizzle is invalid at the `q` (column 13); `r1.xyzwx` likewise.
    let src = "il_cs_2_0\nmov r0, r1.xq\nend\n";
    let d = text_error(src, 2, 13, "swizzle");
    assert!(d.message.contains("xq") || d.message.contains('q'), "{d:?}");
}

#[test]
fn unknown_source_modifier() {
    // `r1_foo`: the modifier starts at column 11.
    text_error_expecting(
        "il_cs_2_0\nmov r0, r1_foo\nend\n",
        2,
        11,
        "unknown source modifier `_foo`",
        "`_abs`",
    );
}

#[test]
fn empty_neg() {
    text_error_expecting(
        "il_cs_2_0\nmov r0, r1_neg()\nend\n",
        2,
        11,
        "`_neg()` names no component",
        "`_neg(xw)`",
    );
}

#[test]
fn neg_with_an_unknown_component() {
    text_error(
        "il_cs_2_0\nmov r0, r1_neg(xq)\nend\n",
        2,
        11,
        "names an unknown component",
    );
}

#[test]
fn unclosed_neg_parenthesis() {
    text_error("il_cs_2_0\nmov r0, r1_neg(x\nend\n", 2, 15, "unclosed `(`");
}

#[test]
fn source_modifier_given_twice() {
    // Found while writing these tests: the modifier reader took `abs_abs` as one word
    // ("unknown source modifier `_abs_abs`"), which also refused valid chains such as
    // `r1_invert_abs` that the printer writes (fixed in the working tree meanwhile).
    // The second `_abs` starts at column 15.
    text_error(
        "il_ps_2_0\nmov r0, r1_abs_abs\nend\n",
        2,
        15,
        "`_abs` given twice",
    );
}

#[test]
fn unknown_register_name() {
    text_error_expecting(
        "il_cs_2_0\nmov r0, q1\nend\n",
        2,
        9,
        "unknown register `q`",
        "Table 5.8",
    );
}

#[test]
fn register_number_too_large() {
    // The number starts after `r`, at column 10.
    text_error_expecting(
        "il_cs_2_0\nmov r0, r99999999999\nend\n",
        2,
        10,
        "register number 99999999999 is too large",
        "2^32",
    );
}

#[test]
fn indexing_a_register_that_is_not_indexable() {
    // `r1[2]`: the bracket at column 11.
    text_error_expecting(
        "il_cs_2_0\nmov r0, r1[2]\nend\n",
        2,
        11,
        "register `r1` cannot be indexed",
        "no brackets",
    );
}

#[test]
fn unclosed_bracket() {
    // `x0[r1.x`: the `]` is missing at the end of the line, column 16.
    text_error_expecting(
        "il_cs_2_0\ndcl_indexed_temp_array x0[4]\nmov r0, x0[r1.x\nend\n",
        3,
        16,
        "expected `]`",
        "`]` closing the index",
    );
}

#[test]
fn huge_index() {
    // The index starts at column 12.
    text_error_expecting(
        "il_cs_2_0\ndcl_indexed_temp_array x0[4]\nmov r0, x0[99999999999]\nend\n",
        3,
        12,
        "index `99999999999` is not a 32-bit integer",
        "an integer index",
    );
}

#[test]
fn negative_constant_index() {
    text_error(
        "il_cs_2_0\ndcl_indexed_temp_array x0[4]\nmov r0, x0[-1]\nend\n",
        3,
        9,
        "is outside the declared x0[4]",
    );
}

#[test]
fn relative_offset_out_of_range() {
    // The offset is a signed 32-bit value: `x0[r1.x - 4294967295]` is refused at the number
    // (column 19), and so is the double sign of `x0[r1.x - -3]`.
    text_error(
        "il_cs_2_0\ndcl_indexed_temp_array x0[4]\nmov r0, x0[r1.x - 4294967295]\nend\n",
        3,
        19,
        "offset",
    );
}

#[test]
fn index_out_of_the_declared_range() {
    text_error(
        "il_cs_2_0\ndcl_indexed_temp_array x0[4]\nmov r0, x0[4]\nend\n",
        3,
        9,
        "x0[4] is outside the declared x0[4]",
    );
}

#[test]
fn writing_a_literal_register() {
    text_error_expecting(
        "il_cs_2_0\ndcl_literal l0, 1, 2, 3, 4\nmov l0, r1\nend\n",
        3,
        5,
        "`l` registers are read-only",
        "a writable register",
    );
}

#[test]
fn mem_as_a_source() {
    text_error_expecting(
        "il_cs_2_0\nmov r0, mem\nend\n",
        2,
        9,
        "`mem` registers are write-only",
        "readable",
    );
}

#[test]
fn mem_as_the_destination_of_an_alu_instruction() {
    text_error(
        "il_cs_2_0\nmov mem.x, r1\nend\n",
        2,
        5,
        "`mov` cannot write `mem`",
    );
}

#[test]
fn sat_on_an_integer_instruction_is_refused() {
    text_error_among(
        "il_cs_2_0\niadd_sat r0, r1, r2\nend\n",
        2,
        6,
        "`_sat` on `iadd`",
    );
}

#[test]
fn sat_on_an_integer_instruction_points_at_sat() {
    // The fault is the `_sat` specifier (column 5, or 6 for its name as `_foo` specifiers
    // are reported), not the destination.
    let (diags, rendered) = fails_text("il_cs_2_0\niadd_sat r0, r1, r2\nend\n");
    let d = find(&diags, Severity::Error, "`_sat`", &rendered);
    let col = line_col("il_cs_2_0\niadd_sat r0, r1, r2\nend\n", d.span.start).col;
    assert!(
        col == 5 || col == 6,
        "`_sat` error at column {col}:\n{rendered}"
    );
}

#[test]
fn abs_on_an_integer_instruction() {
    // The operand `r1_abs` starts at column 10.
    text_error_expecting(
        "il_cs_2_0\niadd r0, r1_abs, r2\nend\n",
        2,
        10,
        "source modifier `_abs` on the integer instruction `iadd`",
        "`_neg`",
    );
}

// ---------------------------------------------------------------------------------------
// Declarations
// ---------------------------------------------------------------------------------------

#[test]
fn undeclared_literal() {
    text_error_expecting(
        "il_cs_2_0\nmov r0, l0\nend\n",
        2,
        9,
        "literal l0 is used before it is declared",
        "`dcl_literal`",
    );
}

#[test]
fn literal_declared_after_use() {
    // A leniency (`-Wliteral-before-declaration`): reported at the late declaration; with
    // `--strict` the error it was.
    let src = "il_cs_2_0\nmov r0, l3.x\ndcl_literal l3, 1, 2, 3, 4\nend\n";
    text_warning(src, 3, 1, "literal l3 is declared after its first use");
    strict_text_error(src, 3, 1, "literal l3 is declared after its first use");
}

#[test]
fn literal_declared_twice() {
    let src = "il_cs_2_0\n\
               dcl_literal l0, 1, 2, 3, 4\n\
               dcl_literal l0, 5, 6, 7, 8\n\
               mov r0, l0\n\
               end\n";
    let d = text_error(src, 3, 1, "literal l0 is declared twice");
    let (first, note) = &d.related[0];
    assert!(note.contains("first declared"), "{d:?}");
    assert_eq!(first.start, 10, "points at the first `dcl_literal l0`");
}

#[test]
fn input_components_declared_twice() {
    let src = "il_ps_2_0\n\
               dcl_input_generic_interp(linear) v1.xy__\n\
               dcl_input_generic_interp(linear) v1._y__\n\
               mov r0, v1\n\
               end\n";
    text_error(
        src,
        3,
        1,
        "input v1 (the same components) is declared twice",
    );
}

/// `vObjIndex0` and `vWinCoord0` are registers of their own types, not `v0`: declaring
/// them side by side (as CAL's pixel kernels do) is no duplicate.
#[test]
fn object_index_beside_window_coordinate_is_no_duplicate() {
    let src = "il_ps_2_0\n\
               dcl_output_generic o0\n\
               dcl_input vObjIndex0\n\
               dcl_input_position_interp(linear_noperspective) vWinCoord0.xy__\n\
               itof r0.x, vObjIndex0.x\n\
               add o0, r0.x, vWinCoord0.x\n\
               end\n";
    let (program, diags, _) = il_frontend::read(src.as_bytes());
    let rendered = render_text(src, &diags);
    assert!(program.is_some() && !diags.has_errors(), "{rendered}");
}

#[test]
fn undeclared_constant_buffer() {
    text_error_expecting(
        "il_cs_2_0\nmov r0, cb0[1]\nend\n",
        2,
        9,
        "constant buffer cb0 is not declared",
        "`dcl_cb`",
    );
}

#[test]
fn constant_buffer_index_beyond_its_declaration() {
    // The host may bind a larger buffer: a warning (`-Wcb-past-declaration`).
    text_warning(
        "il_cs_2_0\ndcl_cb cb0[2]\nmov r0, cb0[2]\nend\n",
        3,
        9,
        "cb0[2] is outside the declared cb0[2]",
    );
}

#[test]
fn undeclared_indexed_temp_array() {
    text_error_expecting(
        "il_cs_2_0\nmov r0, x0[1]\nend\n",
        2,
        9,
        "indexed temporary array x0 is not declared",
        "`dcl_indexed_temp_array`",
    );
}

#[test]
fn undeclared_resource() {
    text_error_expecting(
        "il_ps_2_0\nsample_resource(0)_sampler(0) r0, r1\nend\n",
        2,
        1,
        "resource 0 is not declared",
        "`dcl_resource_id(n)`",
    );
}

#[test]
fn undeclared_uav() {
    text_error_expecting(
        "il_cs_2_0\nuav_raw_load_id(1) r0, r1.x\nend\n",
        2,
        1,
        "UAV 1 is not declared",
        "`dcl_raw_uav`",
    );
}

#[test]
fn undeclared_lds() {
    text_error_expecting(
        "il_cs_2_0\ndcl_num_thread_per_group 64\nlds_load_id(0) r0, r1.x\nend\n",
        3,
        1,
        "LDS 0 is not declared",
        "`dcl_lds_id(n)`",
    );
}

#[test]
fn lds_without_dcl_num_thread_per_group() {
    text_error_expecting(
        "il_cs_2_0\ndcl_lds_id(0) 256\nlds_load_id(0) r0, r1.x\nend\n",
        3,
        1,
        "LDS is used but the group size is not declared",
        "`dcl_num_thread_per_group`",
    );
}

#[test]
fn num_and_max_thread_per_group_together() {
    // Reported at the second of the two declarations. A group within its limit is a
    // leniency (`-Wgroup-size-and-limit`); one beyond it has no meaning.
    text_error_expecting(
        "il_cs_2_0\ndcl_num_thread_per_group 128\ndcl_max_thread_per_group 64\nend\n",
        3,
        1,
        "`dcl_num_thread_per_group` and `dcl_max_thread_per_group` together",
        "mutually exclusive",
    );
    let src = "il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_max_thread_per_group 64\nend\n";
    text_warning(src, 3, 1, "`dcl_max_thread_per_group` beside");
    strict_text_error(src, 3, 1, "`dcl_max_thread_per_group` beside");
}

#[test]
fn group_larger_than_1024() {
    text_error(
        "il_cs_2_0\ndcl_num_thread_per_group 64, 32\nend\n",
        2,
        1,
        "work-groups of 2048 work-items",
    );
}

#[test]
fn huge_group_size_does_not_overflow() {
    // Was a bug: the validator multiplies the three dimensions in u64: 2^31 * 2^31 * 4 overflows.
    // In a debug build `read` panics ("attempt to multiply with overflow",
    // validate/decls.rs); in release the product wraps to 0 and the program is ACCEPTED.
    // (4294967295, 4294967295, 4294967295 panics too.)
    let src = "il_cs_2_0\ndcl_num_thread_per_group 2147483648, 2147483648, 4\nend\n";
    let result = std::panic::catch_unwind(|| il_frontend::read(src.as_bytes()));
    assert!(result.is_ok(), "`read` panicked");
    text_error(src, 2, 1, "work-items");
}

#[test]
fn huge_lds_declarations_do_not_overflow() {
    // Was a bug: `scope.lds_bytes += stride * count` overflows on the second declaration
    // ("attempt to add with overflow", validate/decls.rs). Both are too large: each should
    // be refused without a panic.
    let src = "il_cs_2_0\n\
               dcl_num_thread_per_group 64\n\
               dcl_struct_lds_id(0) 4294967295, 4294967295\n\
               dcl_struct_lds_id(1) 4294967295, 4294967295\n\
               end\n";
    let result = std::panic::catch_unwind(|| il_frontend::read(src.as_bytes()));
    assert!(result.is_ok(), "`read` panicked");
    text_error_among(src, 3, 1, "bytes of LDS");
}

#[test]
fn global_buffer_together_with_a_uav() {
    let src = "il_cs_2_0\n\
               dcl_raw_uav_id(0)\n\
               mov g[0], r1\n\
               uav_raw_store_id(0) mem.x, r0.x, r1.x\n\
               end\n";
    text_error_expecting(
        src,
        3,
        5,
        "the global buffer `g[]` and UAVs in one program",
        "cannot be combined",
    );
}

// ---------------------------------------------------------------------------------------
// Control flow
// ---------------------------------------------------------------------------------------

#[test]
fn else_without_if() {
    text_error_expecting(
        "il_cs_2_0\nmov r0, r1\nelse\nend\n",
        3,
        1,
        "`else` without an open `if`",
        "if_logicalnz",
    );
}

#[test]
fn missing_endif() {
    // Reported at the `if` that is never closed.
    text_error_expecting(
        "il_cs_2_0\nif_logicalnz r0.x\nmov r0, r1\nend\n",
        2,
        1,
        "this if is never closed",
        "`endif`",
    );
}

#[test]
fn double_else() {
    text_error_expecting(
        "il_cs_2_0\nif_logicalnz r0.x\nelse\nelse\nendif\nend\n",
        4,
        1,
        "a second `else` for the same `if`",
        "`endif`",
    );
}

#[test]
fn endif_without_if() {
    text_error(
        "il_cs_2_0\nendif\nend\n",
        2,
        1,
        "`endif` without an open block",
    );
}

#[test]
fn missing_endloop() {
    text_error_expecting(
        "il_cs_2_0\nwhileloop\nmov r0, r1\nend\n",
        2,
        1,
        "this loop is never closed",
        "`endloop`",
    );
}

#[test]
fn endloop_without_loop() {
    text_error(
        "il_cs_2_0\nmov r0, r1\nendloop\nend\n",
        3,
        1,
        "`endloop` without an open block",
    );
}

#[test]
fn endloop_closing_an_if() {
    let diags = text_error_among(
        "il_cs_2_0\nif_logicalnz r0.x\nendloop\nend\n",
        3,
        1,
        "`endloop` cannot close the open if block",
    );
    assert_eq!(diags.errors().count(), 2, "{diags:?}");
}

#[test]
fn endloop_closing_an_if_names_the_right_closer() {
    // Was a bug: the message is "`endloop` closes a If block", built from the Debug form of the
    // block kind. It should name the open block as written (`if`) and expect `endif`.
    let src = "il_cs_2_0\nif_logicalnz r0.x\nendloop\nend\n";
    let (diags, rendered) = fails_text(src);
    let d = find(&diags, Severity::Error, "endloop", &rendered);
    assert_at(src, d, 3, 1, &rendered);
    assert!(!d.message.contains(" If "), "{rendered}");
    let all = format!("{} {}", d.message, d.expected.as_deref().unwrap_or(""));
    assert!(all.contains("`endif`"), "{rendered}");
}

#[test]
fn switch_with_two_defaults() {
    text_error_expecting(
        "il_cs_2_0\nswitch r0.x\ndefault\nbreak\ndefault\nbreak\nendswitch\nend\n",
        5,
        1,
        "a second `default` in the same switch",
        "at most one `default`",
    );
}

#[test]
fn switch_with_a_duplicate_case() {
    text_error_expecting(
        "il_cs_2_0\nswitch r0.x\ncase 1\nbreak\ncase 1\nbreak\nendswitch\nend\n",
        5,
        1,
        "`case 1` appears twice in this switch",
        "distinct case values",
    );
}

#[test]
fn case_outside_switch() {
    text_error_expecting(
        "il_cs_2_0\ncase 1\nend\n",
        2,
        1,
        "`case` outside a switch",
        "`switch`",
    );
}

#[test]
fn missing_endswitch() {
    text_error(
        "il_cs_2_0\nswitch r0.x\ndefault\nbreak\nend\n",
        2,
        1,
        "this switch is never closed",
    );
}

#[test]
fn break_outside_loops() {
    text_error_expecting(
        "il_cs_2_0\nbreak\nend\n",
        2,
        1,
        "`break` outside a loop or switch",
        "`whileloop`",
    );
}

#[test]
fn continue_outside_loops() {
    text_error_expecting(
        "il_cs_2_0\ncontinue\nend\n",
        2,
        1,
        "`continue` outside a loop",
        "`whileloop`",
    );
}

#[test]
fn continue_in_a_switch_outside_loops() {
    text_error(
        "il_cs_2_0\nswitch r0.x\ndefault\ncontinue\nendswitch\nend\n",
        4,
        1,
        "`continue` outside a loop",
    );
}

#[test]
fn fence_threads_inside_an_if_is_an_error() {
    text_error_expecting(
        "il_cs_2_0\ndcl_num_thread_per_group 64\nif_logicalnz r0.x\nfence_threads\nendif\nend\n",
        4,
        1,
        "a barrier (`fence_threads`) inside a conditional block",
        "outside if/switch",
    );
}

#[test]
fn fence_threads_inside_a_loop_is_a_warning() {
    text_warning(
        "il_cs_2_0\ndcl_num_thread_per_group 64\nwhileloop\nfence_threads\nbreak\nendloop\nend\n",
        4,
        1,
        "a barrier (`fence_threads`) inside a loop",
    );
}

// ---------------------------------------------------------------------------------------
// Functions
// ---------------------------------------------------------------------------------------

#[test]
fn func_before_endmain_is_refused() {
    text_error_among(
        "il_cs_2_0\ncall 1\nfunc 1\nret\nendmain\nend\n",
        3,
        1,
        "`func 1` before `endmain`",
    );
}

#[test]
fn func_before_endmain_is_one_error() {
    // Was a bug: besides "`func 1` before `endmain`" the reader says "function 1 is defined but
    // the program has no `endmain`" (there is one, on line 5), "instruction after the `ret`
    // that ends function 1" and "`endmain` after the main program", all for one mistake.
    let src = "il_cs_2_0\ncall 1\nfunc 1\nret\nendmain\nend\n";
    let (diags, rendered) = fails_text(src);
    assert!(
        !diags.iter().any(|d| d.message.contains("has no `endmain`")),
        "the program has an `endmain`:\n{rendered}"
    );
    text_error(src, 3, 1, "`func 1` before `endmain`");
}

#[test]
fn functions_without_endmain() {
    text_error_among(
        "il_cs_2_0\ncall 1\nfunc 1\nret\nend\n",
        3,
        1,
        "`func 1` before `endmain`",
    );
}

#[test]
fn functions_without_endmain_is_one_error() {
    // Was a bug: both "`func 1` before `endmain`" and "function 1 is defined but the program has
    // no `endmain`" are reported at the same `func 1`: one error suffices.
    text_error("il_cs_2_0\ncall 1\nfunc 1\nret\nend\n", 3, 1, "endmain");
}

#[test]
fn call_to_an_undefined_function() {
    text_error_expecting(
        "il_cs_2_0\ncall 2\nendmain\nfunc 1\nret\nend\n",
        2,
        1,
        "call to function 2, which is not defined",
        "`func 2`",
    );
}

#[test]
fn duplicate_function_label() {
    let d = text_error(
        "il_cs_2_0\ncall 1\nendmain\nfunc 1\nret\nfunc 1\nret\nend\n",
        6,
        1,
        "function 1 is defined twice",
    );
    let (first, note) = &d.related[0];
    assert!(note.contains("first defined"), "{d:?}");
    assert_eq!(first.start, 25, "points at the first `func 1`");
}

#[test]
fn ret_inside_an_if() {
    // A leniency (`-Wret-in-flow-control`: read as `ret_dyn`).
    text_warning(
        "il_cs_2_0\ncall 1\nendmain\nfunc 1\nif_logicalnz r0.x\nret\nendif\nret\nend\n",
        6,
        1,
        "`ret` inside flow control",
    );
}

#[test]
fn ret_inside_an_if_is_one_error() {
    // Was a bug: after the misplaced `ret`, the function is taken as ended, so the `endif` (line
    // 7) and the function's real `ret` (line 8) are reported as "instruction after the
    // `ret` that ends function 1".
    // Read strictly, the one error is the leniency's.
    strict_text_error(
        "il_cs_2_0\ncall 1\nendmain\nfunc 1\nif_logicalnz r0.x\nret\nendif\nret\nend\n",
        6,
        1,
        "`ret` inside flow control",
    );
}

#[test]
fn ret_outside_a_function() {
    // A `ret` directly before `end` is dropped (compat, `-Wret-ends-main`); one with more
    // of the main program after it has no meaning.
    text_error(
        "il_cs_2_0\nret\nmov r0, r1\nend\n",
        2,
        1,
        "`ret` outside a function",
    );
}

// ---------------------------------------------------------------------------------------
// Locations in unusual text
// ---------------------------------------------------------------------------------------

#[test]
fn columns_count_characters_not_bytes() {
    // `é` is two bytes; `foo` is the 9th character of its line.
    text_error(
        "il_cs_2_0\n/* é */ foo r0, r1\nend\n",
        2,
        9,
        "unknown instruction `foo`",
    );
}

#[test]
fn crlf_line_endings() {
    let src = "il_cs_2_0\r\nmov r0, r1\r\nfoo r0, r1\r\nend\r\n";
    text_error(src, 3, 1, "unknown instruction `foo`");
    let (diags, rendered) = fails_text(src);
    assert_eq!(diags.len(), 1);
    assert!(!rendered.contains('\r'), "{rendered:?}");
}

#[test]
fn error_on_a_tab_indented_line() {
    text_error(
        "il_cs_2_0\n\tmov r0, q1\nend\n",
        2,
        10,
        "unknown register `q`",
    );
}

#[test]
fn stray_nul_in_text() {
    // Text that starts like text stays text when a NUL byte turns up later (here at byte
    // 24, line 3 column 4): the error is about the NUL, at its byte.
    let bytes = b"il_cs_2_0\nmov r0, r1\nend\0\n";
    let (program, diags, kind) = il_frontend::read(bytes);
    assert!(program.is_none());
    assert_eq!(kind, InputKind::Text, "{diags:?}");
    let d = diags.errors().next().expect("an error");
    assert_eq!(d.span.start, 24, "{d:?}");
    assert!(d.message.to_lowercase().contains("nul"), "{d:?}");
}

// ---------------------------------------------------------------------------------------
// Recovery
// ---------------------------------------------------------------------------------------

#[test]
fn several_syntax_errors_are_all_reported() {
    let src = "il_cs_2_0\n\
               muladd r0, r1, r2\n\
               mov r0.yx, r1\n\
               mov r0, r1\n\
               mov r0, q1\n\
               add_bar r0, r1, r2\n\
               mov r0, r1_neg()\n\
               end\n";
    let (diags, rendered) = fails_text(src);
    let expected = [
        (2, 1, "unknown instruction `muladd`"),
        (3, 9, "out of order"),
        (5, 9, "unknown register `q`"),
        (6, 5, "no specifier `_bar`"),
        (7, 11, "`_neg()` names no component"),
    ];
    for (line, col, message) in expected {
        let d = find(&diags, Severity::Error, message, &rendered);
        assert_at(src, d, line, col, &rendered);
    }
    assert_eq!(diags.errors().count(), expected.len(), "{rendered}");
}

#[test]
fn several_program_errors_are_all_reported() {
    let src = "il_cs_2_0\n\
               mov r0, l0\n\
               else\n\
               break\n\
               mov r1, x0[0]\n\
               case 3\n\
               end\n";
    let (diags, rendered) = fails_text(src);
    let expected = [
        (2, 9, "literal l0 is used before it is declared"),
        (3, 1, "`else` without an open `if`"),
        (4, 1, "`break` outside a loop or switch"),
        (5, 9, "indexed temporary array x0 is not declared"),
        (6, 1, "`case` outside a switch"),
    ];
    for (line, col, message) in expected {
        let d = find(&diags, Severity::Error, message, &rendered);
        assert_at(src, d, line, col, &rendered);
    }
    assert_eq!(diags.errors().count(), expected.len(), "{rendered}");
    // In source order.
    let starts: Vec<u32> = diags.iter().map(|d| d.span.start).collect();
    assert!(starts.windows(2).all(|w| w[0] <= w[1]), "{starts:?}");
}

// ---------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------

#[test]
fn render_all_text_error() {
    let src = "il_cs_2_0\nmov r0.yx, r1\nend\n";
    let (diags, rendered) = fails_text(src);
    assert_eq!(diags.len(), 1);
    assert_eq!(
        rendered,
        "k.il:2:9: error: write mask component `x` is out of order\n \
         2 | mov r0.yx, r1\n   \
         |         ^\n   \
         = expected components in x, y, z, w order\n\
         k.il: 1 error\n"
    );
}

#[test]
fn render_all_text_errors_with_span_and_note() {
    let src = "il_cs_2_0\nfoo r0\ndcl_literal l0, 1, 2\nend\n";
    let (_, rendered) = fails_text(src);
    assert_eq!(
        rendered,
        "k.il:2:1: error: unknown instruction `foo`\n \
         2 | foo r0\n   \
         | ^~~\n   \
         = expected an IL instruction mnemonic (Chapter 7)\n\
         k.il:3:21: error: `dcl_literal` expects 4 values\n \
         3 | dcl_literal l0, 1, 2\n   \
         |                     ^\n   \
         = expected a number\n\
         k.il: 2 errors\n"
    );
}

#[test]
fn render_all_text_warning_has_no_summary() {
    let src = "il_cs_2_0\nmov r0 r1\nend\n";
    let (program, diags, _) = il_frontend::read(src.as_bytes());
    assert!(program.is_some());
    assert_eq!(
        render_text(src, &diags),
        "k.il:2:8: warning: missing `,` between operands [-Wcommas]\n \
         2 | mov r0 r1\n   \
         |        ^\n   \
         = note: read as if the comma were there\n"
    );
}

#[test]
fn render_all_binary_error() {
    let mut t = base_tokens();
    t[2] = (t[2] & !0xffff) | 999;
    let (_, diags, _) = il_frontend::read(&bytes_of(&t));
    assert_eq!(
        render_binary(&diags),
        "k.bin: byte 0x8 (token 2): error: unknown opcode 999\n  \
         = expected an ILOpCode value 1..=482 (App.B, with IL_OP_MOVA at 72)\n\
         k.bin: 1 error\n"
    );
}

#[test]
fn text_notes_give_lines_not_bytes() {
    // Was a bug: "= note: first declared at byte 10", "= expected `endif` before byte 36", "= note:
    // the index starts at byte 48": a reader of a text file needs a line (and column).
    let src = "il_cs_2_0\ndcl_literal l0, 1, 2, 3, 4\ndcl_literal l0, 1, 2, 3, 5\nend\n";
    let (_, rendered) = fails_text(src);
    assert!(!rendered.contains("byte"), "{rendered}");
    assert!(
        rendered.contains("2:1") || rendered.contains("line 2"),
        "{rendered}"
    );
}

// ---------------------------------------------------------------------------------------
// Token streams
// ---------------------------------------------------------------------------------------

#[test]
fn binary_base_is_valid_and_laid_out_as_expected() {
    let t = base_tokens();
    assert_eq!(t.len(), 8, "{t:#x?}");
    assert_eq!(t[0], LANG_GENERIC);
    assert_eq!(t[1], VERSION_CS_2_0);
    assert_eq!(t[2], OP_MOV);
    assert_eq!(t[2], Opcode::Mov as u32);
    assert_eq!(t[3], temp(0) | 1 << 22, "r0 with a modifier");
    assert_eq!(t[5], temp(1) | 1 << 22, "r1 with a modifier");
    assert_eq!(t[7], OP_END);
    let (program, diags, kind) = il_frontend::read(&bytes_of(&t));
    assert_eq!(kind, InputKind::TokenStream);
    assert!(program.is_some() && diags.is_empty(), "{diags:?}");
}

#[test]
fn hand_written_stream_is_valid() {
    // mul r0, r1, r2 ; end — MUL is 73 because IL_OP_MOVA sits at 72.
    let t = [
        LANG_GENERIC,
        VERSION_CS_2_0,
        OP_MUL,
        temp(0),
        temp(1),
        temp(2),
        OP_END,
    ];
    let (program, diags, _) = il_frontend::read(&bytes_of(&t));
    let program = program.unwrap_or_else(|| panic!("{diags:?}"));
    assert_eq!(program.body[0].opcode, Opcode::Mul);
}

#[test]
fn binary_garbage() {
    // Garbage with a NUL is taken as tokens; its first token is no IL_Lang.
    let d = binary_error(
        b"\xde\xad\xbe\xef\x00\x11\x22\x33",
        0,
        "invalid IL_Lang token",
    );
    assert!(
        d.expected.as_deref().unwrap_or("").contains("Table 2.2"),
        "{d:?}"
    );
}

#[test]
fn binary_length_not_a_multiple_of_four() {
    let mut bytes = bytes_of(&base_tokens());
    bytes.extend([0, 0]);
    // The partial token starts at byte 32.
    let d = binary_error(&bytes, 32, "not a whole number of 32-bit tokens");
    assert_eq!(d.span.end, 34);
}

#[test]
fn binary_cut_inside_a_token() {
    let bytes = bytes_of(&base_tokens());
    binary_error(&bytes[..18], 16, "not a whole number of 32-bit tokens");
}

#[test]
fn binary_truncated_inside_an_instruction() {
    // Cut after the destination token of `mov`: its modifier (byte 16) is missing.
    let t = base_tokens();
    let d = binary_error(
        &bytes_of(&t[..4]),
        16,
        "the stream ends inside the destination modifier",
    );
    assert!(
        d.expected.as_deref().unwrap_or("").contains("truncated"),
        "{d:?}"
    );
}

#[test]
fn binary_truncated_before_a_source() {
    // Hand-written `mul r0, r1, r2` cut after its first source: the second (byte 20) is missing.
    let t = [LANG_GENERIC, VERSION_CS_2_0, OP_MUL, temp(0), temp(1)];
    binary_error(&bytes_of(&t), 20, "the stream ends inside a source operand");
}

#[test]
fn binary_truncated_after_il_lang() {
    binary_error(
        &bytes_of(&[LANG_GENERIC]),
        4,
        "the stream ends inside the IL_Version token",
    );
}

#[test]
fn binary_unknown_opcode_number() {
    let mut t = base_tokens();
    t[2] = (t[2] & !0xffff) | 999;
    binary_error(&bytes_of(&t), 8, "unknown opcode 999");
}

#[test]
fn binary_undefined_control_bits() {
    let mut t = base_tokens();
    t[2] |= 1 << 16;
    binary_error(&bytes_of(&t), 8, "`mov` has undefined control bits");
}

#[test]
fn binary_reserved_bits_in_a_destination_token() {
    let mut t = base_tokens();
    t[3] |= 1 << 27;
    binary_error(&bytes_of(&t), 12, "reserved bits 30:27");
}

#[test]
fn binary_reserved_bits_in_a_source_token() {
    let mut t = base_tokens();
    t[5] |= 1 << 30;
    binary_error(&bytes_of(&t), 20, "reserved bits 30:27");
}

#[test]
fn binary_reserved_bits_in_a_destination_modifier() {
    let mut t = base_tokens();
    t[4] |= 1 << 13;
    binary_error(&bytes_of(&t), 16, "invalid destination modifier");
}

#[test]
fn binary_reserved_bits_in_a_source_modifier() {
    let mut t = base_tokens();
    t[6] |= 1 << 25;
    binary_error(&bytes_of(&t), 24, "invalid source modifier");
}

#[test]
fn binary_undefined_register_type() {
    let mut t = base_tokens();
    t[5] = (t[5] & !(0x3f << 16)) | 63 << 16;
    binary_error(&bytes_of(&t), 20, "register type 63 is not defined");
}

#[test]
fn binary_il_rel_addr_relative_addressing() {
    // relative_address = 1 (bits 24:23) on the source r1.
    let mut t = base_tokens();
    t[5] |= 1 << 23;
    let d = binary_error(&bytes_of(&t), 20, "IL_Rel_Addr");
    assert!(
        d.expected
            .as_deref()
            .unwrap_or("")
            .contains("register-relative"),
        "{d:?}"
    );
}

#[test]
fn binary_relative_address_value_three() {
    let mut t = base_tokens();
    t[5] |= 3 << 23;
    binary_error(&bytes_of(&t), 20, "relative_address value 3");
}

#[test]
fn binary_invalid_il_lang_reserved_bits() {
    let mut t = base_tokens();
    t[0] |= 1 << 8;
    binary_error(&bytes_of(&t), 0, "invalid IL_Lang token 0x00000100");
}

#[test]
fn binary_invalid_il_lang_client_type() {
    let mut t = base_tokens();
    t[0] = 15;
    binary_error(&bytes_of(&t), 0, "invalid IL_Lang token");
}

#[test]
fn binary_invalid_il_version_shader_type() {
    let mut t = base_tokens();
    t[1] = 6 << 16 | 2 << 8;
    let d = binary_error(&bytes_of(&t), 4, "invalid IL_Version token");
    assert!(
        d.expected.as_deref().unwrap_or("").contains("Table 2.3"),
        "{d:?}"
    );
}

#[test]
fn binary_invalid_il_version_reserved_bits() {
    let mut t = base_tokens();
    t[1] |= 1 << 26;
    binary_error(&bytes_of(&t), 4, "invalid IL_Version token");
}

#[test]
fn binary_macroend_outside_a_macro() {
    let mut t = base_tokens();
    let macroend = Opcode::Macroend as u32;
    t.insert(2, macroend);
    binary_error(&bytes_of(&t), 8, "outside a macro header");
}

#[test]
fn binary_without_end() {
    // The END token is missing: reported after the last packet (mov ends at byte 28).
    let t = base_tokens();
    binary_error(&bytes_of(&t[..7]), 28, "the program has no `end`");
}

#[test]
fn binary_program_error_points_at_its_packet() {
    // `else` (a packet of its own) at token 2 with no `if`.
    let mut t = tokens_of("il_cs_2_0\nmov r0, r1\nend\n");
    let else_token = tokens_of("il_cs_2_0\nif_logicalnz r0.x\nelse\nendif\nend\n");
    let else_op = Opcode::Else as u32;
    assert!(else_token.contains(&else_op));
    t.insert(2, else_op);
    binary_error(&bytes_of(&t), 8, "`else` without an open `if`");
}

// ---------------------------------------------------------------------------------------
// No panics
// ---------------------------------------------------------------------------------------

/// Every prefix and many single-bit flips of a valid stream are refused or read, never a panic.
#[test]
fn corrupted_streams_do_not_panic() {
    let src = "il_cs_2_0\n\
               dcl_num_thread_per_group 64\n\
               dcl_indexed_temp_array x0[4]\n\
               dcl_literal l0, 1, 2, 3, 4\n\
               dcl_cb cb0[4]\n\
               add r2.xy, cb0[r1.x + 1].yx, x0[2]_neg(x)\n\
               if_logicalnz r0.x\n\
               mov r0, l0\n\
               endif\n\
               end\n";
    let t = tokens_of(src);
    let bytes = bytes_of(&t);
    for cut in 0..bytes.len() {
        let _ = il_frontend::read(&bytes[..cut]);
    }
    for i in 0..t.len() {
        for bit in 0..32 {
            let mut c = t.clone();
            c[i] ^= 1 << bit;
            let _ = il_frontend::read(&bytes_of(&c));
        }
    }
}

/// Every prefix of a text program with every construct is refused or read, never a panic.
#[test]
fn truncated_texts_do_not_panic() {
    let src = "il_cs_2_0\n\
               dcl_num_thread_per_group 64\n\
               dcl_literal l0, 1, 2, 3, 4\n\
               dcl_indexed_temp_array x0[4]\n\
               comment \"a \\x41\"\n\
               add_sat r2.x_z1, r1.xy01_neg(xw)_abs, x0[r1.x + 1] /* é */\n\
               ifc_relop(lt) r0.x, l0.y\n\
               mov r0, r1 ; tail\n\
               endif\n\
               end\n";
    for (i, _) in src.char_indices() {
        let prefix = &src[..i];
        let (_, diags, _) = il_frontend::read(prefix.as_bytes());
        let _ = render_text(prefix, &diags);
    }
}

/// `transpose` names its rows by register number (L7523-L7554): only four consecutive
/// temporaries are taken (docs/decisions.md, "`transpose`"), in a compute program without an
/// SM30 warning (L7520, "Valid for all GPUs").
#[test]
fn transpose_needs_plain_temporaries() {
    text_error_expecting(
        "il_cs_2_0\ndcl_indexed_temp_array x0[8]\ntranspose x0[1], r0\nend\n",
        3,
        11,
        "`transpose` dst is not a plain temporary",
        "a temporary `r#` without an index",
    );
    text_error_expecting(
        "il_cs_2_0\ndcl_cb cb1[4]\ntranspose r4, cb1[0]\nend\n",
        3,
        15,
        "`transpose` src0 is not a plain temporary",
        "src0..src0+3",
    );
    let ok = "il_cs_2_0\ndcl_num_thread_per_group 64\ntranspose r30, r30\nend\n";
    let (program, diags, _) = il_frontend::read(ok.as_bytes());
    let rendered = render_text(ok, &diags);
    assert!(program.is_some(), "refused:\n{rendered}");
    assert!(diags.iter().next().is_none(), "diagnostics:\n{rendered}");
}
