//! Shared checks of the fuzz targets: the contract of il-frontend for any program its
//! parser or decoder accepts.

use il_frontend::{binary, text, Program};

fn without_spans(mut p: Program) -> Program {
    p.clear_spans();
    p
}

/// Panics with the first instruction where `got` differs from `want` (whole trees are too
/// big to read).
fn assert_same(got: &Program, want: &Program, what: &str) {
    if got == want {
        return;
    }
    let shader = want.version.shader;
    let pairs = want
        .macros
        .iter()
        .zip(&got.macros)
        .flat_map(|(a, b)| a.body.iter().zip(&b.body))
        .chain(want.body.iter().zip(&got.body));
    for (a, b) in pairs {
        if a != b {
            panic!(
                "{what}: instruction differs\n  want {}\n  got  {}\n{a:#?}\n{b:#?}",
                text::print_instruction(a, shader),
                text::print_instruction(b, got.version.shader),
            );
        }
    }
    panic!(
        "{what}: programs differ outside their instructions\nwant:\n{}\ngot:\n{}",
        text::print(want),
        text::print(got)
    );
}

/// Every accepted program prints to text that parses back to the same AST, encodes to
/// tokens that decode back to the same AST, and the decoded program prints the same text.
pub fn check_round_trips(program: &Program) {
    let program = without_spans(program.clone());
    let canonical = text::print(&program);
    let (reparsed, diags) = text::parse(&canonical);
    let reparsed = match reparsed {
        Some(p) => without_spans(p),
        None => panic!(
            "canonical text does not parse: {:#?}\n{canonical}",
            diags.errors().collect::<Vec<_>>()
        ),
    };
    assert_same(&reparsed, &program, "parse(print(p)) != p");

    let bytes = binary::encode_bytes(&program);
    let (decoded, diags) = binary::decode(&bytes);
    let decoded = match decoded {
        Some(p) => without_spans(p),
        None => panic!(
            "our own encoding does not decode: {:#?}\n{canonical}",
            diags.errors().collect::<Vec<_>>()
        ),
    };
    assert_same(&decoded, &program, "decode(encode(p)) != p");
    assert_eq!(
        text::print(&decoded),
        canonical,
        "text -> tokens -> text differs"
    );
}
