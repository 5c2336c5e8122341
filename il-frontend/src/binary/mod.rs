//! The binary token stream of Chapter 2: 32-bit little-endian tokens, `IL_Lang` and
//! `IL_Version` first, then instruction packets.

mod decode;
mod encode;
mod token;

pub use decode::decode;
pub use encode::{encode, encode_bytes};

/// Whether `bytes` look like a token stream rather than text. Every token stream starts
/// with a token that has non-text bytes in its first four (the `IL_Lang` token's upper three
/// bytes are zero; a `MACRODEF` token is `59 01 ..`), and IL text starts with printable
/// characters or white space. Text with a stray NUL byte further on stays text, so that the
/// error points at the NUL.
pub fn is_token_stream(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(4)];
    let starts_like_text = head
        .iter()
        .all(|&b| b.is_ascii_graphic() || b.is_ascii_whitespace())
        || std::str::from_utf8(bytes)
            .is_ok_and(|t| t.chars().next().is_some_and(|c| !c.is_control()));
    bytes.contains(&0) && !starts_like_text
}
