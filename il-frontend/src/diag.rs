//! Diagnostics in the style of a C compiler: `file:line:col: error: message`, the source line
//! with a caret under the offending text, and what was expected.
//!
//! Every stage that reads untrusted input (the text parser, the token decoder, the validator)
//! reports through [`Diagnostic`]s instead of panicking, so that one bad file yields as many
//! located errors as recovery allows and a driver can show all of them at once.

use std::fmt::{self, Write as _};

use crate::compat::Leniency;

/// A half-open byte range `[start, end)` into the input. For a binary token stream the range
/// covers the bytes of the token(s) at fault.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub const fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }

    /// The span from the start of `self` to the end of `other`.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Warning,
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// One located message about the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub span: Span,
    pub message: String,
    /// What the reader was looking for when it failed ("a register", "`,` or end of line").
    pub expected: Option<String>,
    /// Further context without a place of its own.
    pub notes: Vec<String>,
    /// Other places that explain this one ("first declared here"), rendered as `note:`
    /// lines with their own location.
    pub related: Vec<(Span, String)>,
    /// The leniency this diagnostic reports, if it is one: a rule of the reference that
    /// AMD's compiler did not enforce (shown as `[-Wname]`).
    pub rule: Option<Leniency>,
}

impl Diagnostic {
    pub fn error(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            span,
            message: message.into(),
            expected: None,
            notes: Vec::new(),
            related: Vec::new(),
            rule: None,
        }
    }

    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message)
        }
    }

    pub fn expected(mut self, what: impl Into<String>) -> Diagnostic {
        self.expected = Some(what.into());
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    /// Adds another place that explains this diagnostic.
    pub fn related(mut self, span: Span, note: impl Into<String>) -> Diagnostic {
        self.related.push((span, note.into()));
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The message with the name of its rule, if any (`a second end [-Wrepeated-end]`).
    fn headline(&self) -> String {
        match self.rule {
            Some(rule) => format!("{} [-W{}]", self.message, rule.name()),
            None => self.message.clone(),
        }
    }
}

/// The diagnostics of one input, in the order they were found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.0.push(diagnostic);
    }

    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter().filter(|d| d.is_error())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl Extend<Diagnostic> for Diagnostics {
    fn extend<T: IntoIterator<Item = Diagnostic>>(&mut self, iter: T) {
        self.0.extend(iter)
    }
}

/// A named input, text or binary, that diagnostics point into.
#[derive(Clone, Debug)]
pub struct SourceFile<'a> {
    pub name: &'a str,
    pub kind: SourceKind<'a>,
}

#[derive(Clone, Copy, Debug)]
pub enum SourceKind<'a> {
    Text(&'a str),
    Binary,
}

/// A 1-based line and column (the column counts characters, not bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    pub line: u32,
    pub col: u32,
}

/// Finds the line and column of a byte offset in `text`; offsets past the end map to the end.
pub fn line_col(text: &str, offset: u32) -> LineCol {
    let offset = floor_char_boundary(text, offset as usize);
    let before = &text[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() as u32 + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = text[line_start..offset].chars().count() as u32 + 1;
    LineCol { line, col }
}

fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Rendered diagnostics (what [`SourceFile::render`] prints) with ANSI colours, for a
/// terminal: the severity words in bold colour and the caret line in green, as C compilers
/// show them. The words are unchanged, so colouring can be chosen after rendering.
pub fn colorize(rendered: &str) -> String {
    const RESET: &str = "\x1b[0m";
    let mut out = String::with_capacity(rendered.len() + rendered.len() / 4);
    for line in rendered.split_inclusive('\n') {
        let body = line.trim_end_matches('\n');
        let newline = &line[body.len()..];
        let caret = body.trim_start().starts_with('|')
            && body.contains('^')
            && body
                .split('|')
                .nth(1)
                .is_some_and(|c| c.trim().starts_with('^'));
        let mut coloured = body.to_string();
        if caret {
            if let Some(bar) = body.find('|') {
                coloured = format!("{}\x1b[1;32m{}{RESET}", &body[..=bar], &body[bar + 1..]);
            }
        } else {
            for (word, colour) in [("error", "1;31"), ("warning", "1;35"), ("note", "1;36")] {
                let label = format!(": {word}: ");
                if let Some(at) = body.find(&label) {
                    coloured = format!(
                        "{}: \x1b[{colour}m{word}{RESET}: {}",
                        &body[..at],
                        &body[at + label.len()..]
                    );
                    break;
                }
            }
        }
        out.push_str(&coloured);
        out.push_str(newline);
    }
    out
}

impl SourceFile<'_> {
    /// Renders one diagnostic the way C compilers do, with the source line and a caret for
    /// text inputs and the byte and token offset for binary ones.
    pub fn render(&self, d: &Diagnostic) -> String {
        // Reference lines (`L4209`) become the section and instruction a reader can look up.
        let cited = Diagnostic {
            message: crate::spec_index::cite_lines(&d.message),
            expected: d.expected.as_deref().map(crate::spec_index::cite_lines),
            notes: d
                .notes
                .iter()
                .map(|n| crate::spec_index::cite_lines(n))
                .collect(),
            related: d
                .related
                .iter()
                .map(|(s, n)| (*s, crate::spec_index::cite_lines(n)))
                .collect(),
            ..d.clone()
        };
        let d = &cited;
        let mut out = String::new();
        match self.kind {
            SourceKind::Text(text) => {
                self.located(
                    &mut out,
                    text,
                    d.span,
                    &d.severity.to_string(),
                    &d.headline(),
                );
                let pad = " ".repeat(line_col(text, d.span.start).line.to_string().len());
                if let Some(e) = &d.expected {
                    let _ = writeln!(out, " {pad} = expected {e}");
                }
                for n in &d.notes {
                    let _ = writeln!(out, " {pad} = note: {n}");
                }
                for (span, note) in &d.related {
                    self.located(&mut out, text, *span, "note", note);
                }
            }
            SourceKind::Binary => {
                let _ = writeln!(
                    out,
                    "{}: byte {:#x} (token {}): {}: {}",
                    self.name,
                    d.span.start,
                    d.span.start / 4,
                    d.severity,
                    d.headline()
                );
                if let Some(e) = &d.expected {
                    let _ = writeln!(out, "  = expected {e}");
                }
                for n in &d.notes {
                    let _ = writeln!(out, "  = note: {n}");
                }
                for (span, note) in &d.related {
                    let _ = writeln!(
                        out,
                        "{}: byte {:#x} (token {}): note: {note}",
                        self.name,
                        span.start,
                        span.start / 4
                    );
                }
            }
        }
        out
    }

    /// `file:line:col: kind: message`, the source line and a caret under the span.
    fn located(&self, out: &mut String, text: &str, span: Span, kind: &str, message: &str) {
        let lc = line_col(text, span.start);
        let _ = writeln!(
            out,
            "{}:{}:{}: {kind}: {message}",
            self.name, lc.line, lc.col
        );
        let start = floor_char_boundary(text, span.start as usize);
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let line = text[line_start..line_end].trim_end_matches('\r');
        let gutter = lc.line.to_string();
        let _ = writeln!(out, " {gutter} | {}", line.replace('\t', " "));
        let end = floor_char_boundary(text, (span.end as usize).max(start));
        let width = text[start..end.min(line_end).max(start)]
            .chars()
            .count()
            .max(1);
        let pad = " ".repeat(gutter.len());
        let _ = writeln!(
            out,
            " {pad} | {}^{}",
            " ".repeat(lc.col as usize - 1),
            "~".repeat(width - 1)
        );
    }

    /// Renders all diagnostics, followed by a summary line when there are errors.
    pub fn render_all(&self, diagnostics: &Diagnostics) -> String {
        let mut out = String::new();
        for d in diagnostics.iter() {
            out.push_str(&self.render(d));
        }
        let errors = diagnostics.errors().count();
        if errors > 0 {
            let _ = writeln!(
                out,
                "{}: {errors} error{}",
                self.name,
                if errors == 1 { "" } else { "s" }
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_mark_the_severity_and_the_caret_only() {
        let plain = "k.il:2:1: error: unknown instruction `x`\n 2 | x\n   | ^\n   = expected a mnemonic\nk.il: 1 error\n";
        let coloured = colorize(plain);
        assert!(coloured.starts_with("k.il:2:1: \x1b[1;31merror\x1b[0m: unknown"));
        assert!(coloured.contains("   |\x1b[1;32m ^\x1b[0m\n"));
        // Without the escapes it is the same text.
        let stripped = coloured
            .replace("\x1b[1;31m", "")
            .replace("\x1b[1;32m", "")
            .replace("\x1b[0m", "");
        assert_eq!(stripped, plain);
    }

    #[test]
    fn line_and_column_are_one_based_and_count_characters() {
        let text = "ab\ncdé f\n";
        assert_eq!(line_col(text, 0), LineCol { line: 1, col: 1 });
        assert_eq!(line_col(text, 3), LineCol { line: 2, col: 1 });
        // 'f' is after the two-byte 'é': byte 8, character column 5.
        assert_eq!(line_col(text, 8), LineCol { line: 2, col: 5 });
        assert_eq!(line_col(text, 100), LineCol { line: 3, col: 1 });
    }

    #[test]
    fn text_rendering_has_location_line_caret_and_expectation() {
        let text = "il_cs_2_0\nmuladd r0, r1\nend\n";
        let file = SourceFile {
            name: "k.il",
            kind: SourceKind::Text(text),
        };
        let d = Diagnostic::error(Span::new(10, 16), "unknown instruction `muladd`")
            .expected("an IL instruction mnemonic");
        assert_eq!(
            file.render(&d),
            "k.il:2:1: error: unknown instruction `muladd`\n \
             2 | muladd r0, r1\n   \
             | ^~~~~~\n   \
             = expected an IL instruction mnemonic\n"
        );
    }

    #[test]
    fn binary_rendering_names_byte_and_token() {
        let file = SourceFile {
            name: "k.bin",
            kind: SourceKind::Binary,
        };
        let d = Diagnostic::error(Span::new(8, 12), "unknown opcode 999");
        assert_eq!(
            file.render(&d),
            "k.bin: byte 0x8 (token 2): error: unknown opcode 999\n"
        );
    }
}
