//! Program-level rules of the reference, checked on the AST.
//!
//! The parser and the decoder guarantee that every instruction is well formed on its own
//! (operand counts, control fields); the validator checks what needs context:
//!
//! - `flow`: structured control flow (balanced blocks, `else`/`case`/`default`/`break`/
//!   `continue` in the right blocks, `endmain`/`func`/`ret`/`end` layout, call targets,
//!   barriers in control flow);
//! - `decls`: declarations before use (literals, constant buffers, indexed temporaries,
//!   inputs and outputs, resources, UAVs, SRVs, LDS, GDS, shared registers, macros),
//!   duplicates, declared sizes and limits;
//! - `operands`: operands of each instruction in context (register direction, modifiers
//!   legal for the operand type, write masks the instruction requires, index registers).
//!
//! Each rule cites the lines of `amd-il-reference.txt` it comes from; where the reference
//! contradicts itself or real programs, the choice is in `docs/decisions.md`.

mod decls;
mod flow;
mod operands;

use crate::ast::Program;
use crate::diag::Diagnostics;

/// Checks the rules the reference states about whole programs.
pub fn validate(program: &Program) -> Diagnostics {
    let mut diags = Diagnostics::default();
    flow::check(program, &mut diags);
    decls::check(program, &mut diags);
    operands::check(program, &mut diags);
    diags.0.sort_by_key(|d| d.span.start);
    diags
}
