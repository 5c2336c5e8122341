//! Every complete program printed in the IL reference parses, validates, prints
//! canonically and round-trips through the token stream.
//!
//! The programs are read from `../shared/spec/amd-il-reference.txt` by line range. The text
//! is a PDF conversion, so a few lines are layout artifacts rather than IL; each one dropped
//! is named below (the digest calls for hand-corrected golden tests, I-77).

use il_frontend::{binary, text, Program};

fn reference_lines(first: usize, last: usize, dropped: &[usize]) -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/spec/amd-il-reference.txt"
    );
    let spec = std::fs::read_to_string(path).expect("the reference at ../shared/spec");
    let mut out = String::new();
    for (i, line) in spec
        .lines()
        .enumerate()
        .skip(first - 1)
        .take(last + 1 - first)
    {
        if !dropped.contains(&(i + 1)) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

fn check(name: &str, source: &str) -> Program {
    let (program, diags) = text::parse(source);
    assert!(!diags.has_errors(), "{name}: {diags:#?}");
    let mut program = program.unwrap();
    let report = il_frontend::validate::validate(&program);
    assert!(!report.has_errors(), "{name}: {report:#?}");
    program.clear_spans();
    let printed = text::print(&program);
    let (reparsed, _) = text::parse(&printed);
    let mut reparsed = reparsed.unwrap();
    reparsed.clear_spans();
    assert_eq!(reparsed, program, "{name}: parse(print(p)) != p");
    let (decoded, diags) = binary::decode(&binary::encode_bytes(&program));
    assert!(!diags.has_errors(), "{name}: {diags:#?}");
    let mut decoded = decoded.unwrap();
    decoded.clear_spans();
    assert_eq!(decoded, program, "{name}: decode(encode(p)) != p");
    program
}

#[test]
fn green_stripes_vertex_shader() {
    // L878-L890, Chapter 3's first example.
    let p = check("L880", &reference_lines(880, 890, &[]));
    assert_eq!(p.body.len(), 7);
}

#[test]
fn green_stripes_pixel_shader() {
    // L892-L908; L895 is the wrapped end of the comment on L894.
    let p = check("L892", &reference_lines(892, 908, &[895]));
    assert_eq!(p.body.len(), 11);
}

#[test]
fn checkerboard_vertex_shader() {
    // L1069-L1079.
    check("L1069", &reference_lines(1069, 1079, &[]));
}

#[test]
fn checkerboard_pixel_shader_with_a_subroutine() {
    // L1081-L1144; L1084 is the wrapped end of a comment, L1118 and L1120 the code fences of
    // a page break in the middle of the program.
    let p = check("L1081", &reference_lines(1081, 1144, &[1084, 1118, 1120]));
    let calls = p
        .body
        .iter()
        .filter(|i| i.opcode == il_frontend::Opcode::Call)
        .count();
    assert_eq!(calls, 2);
}

#[test]
fn shared_register_initialization_pre_shader() {
    // L4590 prints the example inline: `il_cs_2 init_shared_registers end`.
    let p = check("L4590", "il_cs_2\ninit_shared_registers\nend\n");
    assert_eq!((p.version.major, p.version.minor), (2, 0));
}

#[test]
fn macro_definition_and_calls() {
    // The macro of L9936-L9940, mixed-case mnemonics as printed, called in both spellings
    // the reference shows (L9954 and L9980).
    let source = "\
mdef (0) _out (1) _in (2)
INOT r1, in0
ULT r2, r1, in1
Dcl_literal l1, 1, 1, 1, 1
IAND out0, r2, l1
mend
il_cs_2_0
dcl_literal l0, 7, 9, 0, 0
mcall(0) (r5), (l0.x, l0.y)
mcall(0), r6, l0.y, l0.x
end
";
    let p = check("L9936", source);
    assert_eq!(p.macros.len(), 1);
    assert_eq!(p.macros[0].body.len(), 4);
}
