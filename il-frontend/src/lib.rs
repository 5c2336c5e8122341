//! The AMD IL front end of ilc: everything about reading and writing IL, for the whole
//! language of the *AMD Intermediate Language Reference* v2.4.
//!
//! - [`text`]: the text syntax (parser and canonical printer);
//! - [`binary`]: the token stream of Chapter 2 (decoder and encoder);
//! - [`ast`]: the tree both produce, lossless in both directions;
//! - [`opcode`]: the opcode table (mnemonics, numeric values, packet shapes, control
//!   fields) that drives all of the above;
//! - [`validate`]: the rules the reference states about whole programs;
//! - [`compat`]: what AMD's compiler accepted beyond those rules, each with a warning
//!   and a documented meaning (and an error when reading strictly);
//! - [`diag`]: located diagnostics.
//!
//! [`read`] is the front door for a driver: it detects text or tokens, parses and
//! validates.

pub mod ast;
pub mod binary;
pub mod compat;
pub mod diag;
pub mod enums;
pub mod opcode;
pub mod regs;
pub mod spec_index;
mod spec_index_table;
pub mod text;
pub mod validate;

pub use ast::Program;
pub use compat::{Leniency, ReadOptions};
pub use diag::{Diagnostic, Diagnostics, Severity, SourceFile, SourceKind, Span};
pub use opcode::Opcode;

/// What an input turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    Text,
    TokenStream,
}

/// Reads a program from bytes that are either IL text or a binary token stream, and
/// validates it, accepting what AMD's compiler accepted ([`compat`]). The program is
/// returned only when there are no errors; the diagnostics hold every error and warning
/// found.
pub fn read(bytes: &[u8]) -> (Option<Program>, Diagnostics, InputKind) {
    read_with(bytes, &ReadOptions::default())
}

/// [`read`] with options: `strict` refuses every [`Leniency`].
pub fn read_with(bytes: &[u8], options: &ReadOptions) -> (Option<Program>, Diagnostics, InputKind) {
    let (program, mut diags, kind) = if binary::is_token_stream(bytes) {
        let (p, d) = binary::decode(bytes);
        (p, d, InputKind::TokenStream)
    } else {
        match std::str::from_utf8(bytes) {
            Ok(text) if text.contains('\0') => {
                let at = text.find('\0').unwrap_or(0) as u32;
                let mut d = Diagnostics::default();
                d.push(
                    Diagnostic::error(Span::new(at, at + 1), "a NUL byte in IL text")
                        .expected("IL text without NUL bytes (or a whole token stream)"),
                );
                (None, d, InputKind::Text)
            }
            Ok(text) => {
                let (p, d) = text::parse(text);
                (p, d, InputKind::Text)
            }
            Err(e) => {
                let at = e.valid_up_to() as u32;
                let mut d = Diagnostics::default();
                d.push(
                    Diagnostic::error(
                        Span::new(at, at + 1),
                        "the input is neither UTF-8 text nor a token stream",
                    )
                    .expected("IL text (UTF-8) or a little-endian token stream"),
                );
                (None, d, InputKind::Text)
            }
        }
    };
    let program = match program {
        Some(mut p) => {
            compat::normalize(&mut p, &mut diags);
            diags.extend(validate::validate(&p));
            diags.0.sort_by_key(|d| d.span.start);
            compat::apply(options, &mut diags);
            (!diags.has_errors()).then_some(p)
        }
        None => {
            compat::apply(options, &mut diags);
            None
        }
    };
    (program, diags, kind)
}
