//! Program-level rules of the reference (filled in below).

use crate::ast::Program;
use crate::diag::Diagnostics;

/// Checks the rules the reference states about whole programs.
pub fn validate(_program: &Program) -> Diagnostics {
    Diagnostics::default()
}
