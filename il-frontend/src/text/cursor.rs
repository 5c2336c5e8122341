//! A byte cursor over IL text: whitespace and comment skipping, identifiers, numbers.
//!
//! IL text is line oriented: an instruction ends at the end of its line. Comments are `;`
//! or `//` to the end of the line and `/* .. */` anywhere (L1019-L1028 and the macro
//! example's `//`); a block comment that spans lines joins them.

use crate::diag::Span;

#[derive(Clone, Debug)]
pub(crate) struct Cursor<'a> {
    pub text: &'a str,
    pub bytes: &'a [u8],
    pub pos: usize,
}

impl<'a> Cursor<'a> {
    pub fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            text,
            bytes: text.as_bytes(),
            pos: 0,
        }
    }

    pub fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    pub fn peek_at(&self, offset: usize) -> Option<u8> {
        self.bytes.get(self.pos + offset).copied()
    }

    pub fn at_eof(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    pub fn bump(&mut self) {
        if self.pos < self.bytes.len() {
            self.pos += 1;
        }
    }

    pub fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub fn span_from(&self, start: usize) -> Span {
        Span::new(start as u32, self.pos as u32)
    }

    /// A span of one character at the cursor (or an empty span at the end).
    pub fn here(&self) -> Span {
        let end = if self.at_eof() {
            self.pos
        } else {
            let mut e = self.pos + 1;
            while e < self.bytes.len() && !self.text.is_char_boundary(e) {
                e += 1;
            }
            e
        };
        Span::new(self.pos as u32, end as u32)
    }

    /// Skips spaces, tabs, carriage returns and comments, but not line breaks (except inside
    /// a block comment). Returns an error span for an unterminated block comment.
    pub fn skip_inline_space(&mut self) -> Result<(), Span> {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\r' | 0x0c | 0x0b) => self.pos += 1,
                Some(b';') => self.skip_to_line_end(),
                Some(b'/') if self.peek_at(1) == Some(b'/') => self.skip_to_line_end(),
                Some(b'/') if self.peek_at(1) == Some(b'*') => {
                    let start = self.pos;
                    match self.text[self.pos + 2..].find("*/") {
                        Some(i) => self.pos += 2 + i + 2,
                        None => {
                            self.pos = self.bytes.len();
                            return Err(Span::new(start as u32, start as u32 + 2));
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    /// Moves to the line break that ends the current line (not past it).
    pub fn skip_to_line_end(&mut self) {
        match self.bytes[self.pos..].iter().position(|&b| b == b'\n') {
            Some(i) => self.pos += i,
            None => self.pos = self.bytes.len(),
        }
    }

    /// Whether only space and comments remain on this line.
    pub fn at_line_end(&self) -> bool {
        matches!(self.peek(), None | Some(b'\n'))
    }

    /// Reads `[A-Za-z_][A-Za-z0-9_]*`.
    pub fn ident(&mut self) -> Option<&'a str> {
        let start = self.pos;
        match self.peek() {
            Some(b) if b.is_ascii_alphabetic() || b == b'_' => self.pos += 1,
            _ => return None,
        }
        while matches!(self.peek(), Some(b) if b.is_ascii_alphanumeric() || b == b'_') {
            self.pos += 1;
        }
        Some(&self.text[start..self.pos])
    }

    /// Reads a run of ASCII letters.
    pub fn letters(&mut self) -> &'a str {
        let start = self.pos;
        while matches!(self.peek(), Some(b) if b.is_ascii_alphabetic()) {
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }

    /// Reads a run of ASCII letters and digits.
    pub fn alphanumerics(&mut self) -> &'a str {
        let start = self.pos;
        while matches!(self.peek(), Some(b) if b.is_ascii_alphanumeric()) {
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }

    /// Reads a run of ASCII digits.
    pub fn digits(&mut self) -> &'a str {
        let start = self.pos;
        while matches!(self.peek(), Some(b) if b.is_ascii_digit()) {
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }

    /// Reads a number token: an optional sign, then hex (`0x..`), or decimal digits with an
    /// optional fraction, exponent and `f` suffix, or `inf`/`nan`.
    pub fn number_token(&mut self) -> Option<&'a str> {
        let start = self.pos;
        if matches!(self.peek(), Some(b'-' | b'+')) {
            self.pos += 1;
        }
        let body = self.pos;
        if self.peek() == Some(b'0') && matches!(self.peek_at(1), Some(b'x' | b'X')) {
            self.pos += 2;
            while matches!(self.peek(), Some(b) if b.is_ascii_hexdigit()) {
                self.pos += 1;
            }
        } else {
            self.digits();
            if self.peek() == Some(b'.') {
                self.pos += 1;
                self.digits();
            }
            if self.pos > body && matches!(self.peek(), Some(b'e' | b'E')) {
                let save = self.pos;
                self.pos += 1;
                if matches!(self.peek(), Some(b'-' | b'+')) {
                    self.pos += 1;
                }
                if self.digits().is_empty() {
                    self.pos = save;
                }
            }
            if self.pos > body && matches!(self.peek(), Some(b'f' | b'F')) {
                self.pos += 1;
            }
            if self.pos == body {
                // Compared as bytes: the three bytes may end inside a multi-byte character.
                let rest = &self.bytes[self.pos..];
                for word in ["inf", "nan"] {
                    if rest.len() >= 3 && rest[..3].eq_ignore_ascii_case(word.as_bytes()) {
                        self.pos += 3;
                        break;
                    }
                }
            }
        }
        if self.pos == body {
            self.pos = start;
            return None;
        }
        // A number must not run into letters or digits (`12ab`).
        if matches!(self.peek(), Some(b) if b.is_ascii_alphanumeric() || b == b'_') {
            self.pos = start;
            return None;
        }
        Some(&self.text[start..self.pos])
    }
}

/// The value of a number token as 32 bits: integers in two's complement (they must fit in
/// 32 bits, signed or unsigned), numbers with a fraction, exponent, `f` suffix, `inf` or
/// `nan` as IEEE single precision.
pub(crate) fn number_bits(token: &str) -> Option<u32> {
    if is_float_token(token) {
        return float_bits(token);
    }
    integer_bits(token)
}

/// Whether a number token is written as a float.
pub(crate) fn is_float_token(token: &str) -> bool {
    let body = token.trim_start_matches(['-', '+']);
    if body.starts_with("0x") || body.starts_with("0X") {
        return false;
    }
    body.contains(['.', 'e', 'E', 'f', 'F', 'n', 'N', 'i', 'I'])
}

pub(crate) fn integer_bits(token: &str) -> Option<u32> {
    let (negative, body) = match token.as_bytes().first() {
        Some(b'-') => (true, &token[1..]),
        Some(b'+') => (false, &token[1..]),
        _ => (false, token),
    };
    let magnitude: u64 =
        if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
            if hex.is_empty() || hex.len() > 8 {
                return None;
            }
            u64::from_str_radix(hex, 16).ok()?
        } else {
            if body.is_empty() || body.len() > 10 {
                return None;
            }
            body.parse().ok()?
        };
    if negative {
        if magnitude > 1 << 31 {
            return None;
        }
        Some((magnitude as u32).wrapping_neg())
    } else {
        u32::try_from(magnitude).ok()
    }
}

pub(crate) fn float_bits(token: &str) -> Option<u32> {
    let t = token.trim_end_matches(['f', 'F']);
    let (negative, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let v: f32 = if body.eq_ignore_ascii_case("inf") {
        f32::INFINITY
    } else if body.eq_ignore_ascii_case("nan") {
        f32::NAN
    } else {
        body.parse().ok()?
    };
    Some(if negative { -v } else { v }.to_bits())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(text: &str) -> Option<&str> {
        Cursor::new(text).number_token()
    }

    #[test]
    fn number_tokens() {
        assert_eq!(token("0x3F800000,"), Some("0x3F800000"));
        assert_eq!(token("-1, 2"), Some("-1"));
        assert_eq!(token("1.0f "), Some("1.0f"));
        assert_eq!(token("2.5e-3"), Some("2.5e-3"));
        assert_eq!(token("-inf"), Some("-inf"));
        assert_eq!(token("12ab"), None);
        assert_eq!(token("r0"), None);
    }

    #[test]
    fn number_values() {
        assert_eq!(number_bits("0x3F800000"), Some(0x3F80_0000));
        assert_eq!(number_bits("1.0"), Some(0x3F80_0000));
        assert_eq!(number_bits("1.0f"), Some(0x3F80_0000));
        assert_eq!(number_bits("1"), Some(1));
        assert_eq!(number_bits("-1"), Some(0xFFFF_FFFF));
        assert_eq!(number_bits("4294967295"), Some(u32::MAX));
        assert_eq!(number_bits("4294967296"), None);
        assert_eq!(number_bits("-2147483648"), Some(0x8000_0000));
        assert_eq!(number_bits("-2147483649"), None);
        assert_eq!(number_bits("0x123456789"), None);
        assert_eq!(number_bits("-0.0"), Some(0x8000_0000));
    }

    #[test]
    fn comments_and_space_are_skipped_but_not_line_breaks() {
        let mut c = Cursor::new("  ; comment\nx");
        c.skip_inline_space().unwrap();
        assert!(c.at_line_end());
        let mut c = Cursor::new(" /* a\n b */ x");
        c.skip_inline_space().unwrap();
        assert_eq!(c.peek(), Some(b'x'));
        let mut c = Cursor::new(" /* open");
        assert!(c.skip_inline_space().is_err());
    }
}
