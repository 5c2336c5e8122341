//! Shared checks of the fuzz targets: the contract of il-frontend for any program its
//! parser or decoder accepts.

use il_frontend::{binary, text, Program};

fn without_spans(mut p: Program) -> Program {
    p.clear_spans();
    p
}

/// Every accepted program prints to text that parses back to the same AST, encodes to
/// tokens that decode back to the same AST, and the decoded program prints the same text.
pub fn check_round_trips(program: &Program) {
    let program = without_spans(program.clone());
    let canonical = text::print(&program);
    let (reparsed, diags) = text::parse(&canonical);
    let reparsed = match reparsed {
        Some(p) => without_spans(p),
        None => panic!("canonical text does not parse:\n{canonical}\n{diags:#?}"),
    };
    assert_eq!(
        reparsed, program,
        "parse(print(p)) != p; canonical text:\n{canonical}"
    );

    let bytes = binary::encode_bytes(&program);
    let (decoded, diags) = binary::decode(&bytes);
    let decoded = match decoded {
        Some(p) => without_spans(p),
        None => panic!("our own encoding does not decode:\n{canonical}\n{diags:#?}"),
    };
    assert_eq!(
        decoded, program,
        "decode(encode(p)) != p; canonical text:\n{canonical}"
    );
    assert_eq!(text::print(&decoded), canonical, "text -> tokens -> text differs");
}
