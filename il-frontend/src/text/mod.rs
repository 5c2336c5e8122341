//! IL text (Chapter 3 and the syntax rows of Chapter 7): parser and canonical printer.

mod cursor;
mod operand;
mod parser;
pub(crate) mod printer;

pub use parser::parse;
pub use printer::print;

/// Prints one instruction (without a line break) as it appears in canonical text.
pub fn print_instruction(
    inst: &crate::ast::Instruction,
    shader: crate::enums::ShaderType,
) -> String {
    let mut out = String::new();
    printer::instruction(&mut out, inst, shader);
    out
}
