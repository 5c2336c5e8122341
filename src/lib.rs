//! ilc: an open compiler backend for AMD IL.
//!
//! This crate is the driver API that the `ilc` command line and driver stacks use. It
//! reads IL (text or binary token stream), and will compile it for Cayman (VLIW4) and GCN
//! Vega (gfx906) and run it on device models.
//!
//! ```
//! let text = "il_cs_2_0\ndcl_num_thread_per_group 64\nmov r0, r1\nend\n";
//! let parsed = ilc::parse(text.as_bytes(), "kernel.il").unwrap();
//! assert_eq!(ilc::print(&parsed), "il_cs_2_0\ndcl_num_thread_per_group 64\nmov r0, r1\nend\n");
//! ```

pub use il_frontend::{self as frontend, ast, Diagnostics, InputKind, Program};

/// A failed read: the rendered diagnostics and the raw ones.
#[derive(Debug, thiserror::Error)]
#[error("{rendered}")]
pub struct ReadError {
    /// The diagnostics as a compiler prints them (`file:line:col: error: ...`).
    pub rendered: String,
    pub diagnostics: Diagnostics,
}

/// A program read from text or tokens, with its warnings.
#[derive(Debug)]
pub struct Parsed {
    pub program: Program,
    pub kind: InputKind,
    /// Warnings, rendered; empty if there were none.
    pub warnings: String,
}

/// Reads IL text or a token stream (detected), validates it and returns the program, or
/// located diagnostics. `name` is used in messages.
pub fn parse(bytes: &[u8], name: &str) -> Result<Parsed, ReadError> {
    let (program, diags, kind) = il_frontend::read(bytes);
    let file = il_frontend::SourceFile {
        name,
        kind: match (kind, std::str::from_utf8(bytes)) {
            (InputKind::Text, Ok(text)) => il_frontend::SourceKind::Text(text),
            _ => il_frontend::SourceKind::Binary,
        },
    };
    let rendered = file.render_all(&diags);
    match program {
        Some(program) => Ok(Parsed {
            program,
            kind,
            warnings: rendered,
        }),
        None => Err(ReadError {
            rendered,
            diagnostics: diags,
        }),
    }
}

/// Canonical IL text of a program.
pub fn print(parsed: &Parsed) -> String {
    il_frontend::text::print(&parsed.program)
}

/// The binary token stream of a program, as little-endian bytes.
pub fn encode(program: &Program) -> Vec<u8> {
    il_frontend::binary::encode_bytes(program)
}
