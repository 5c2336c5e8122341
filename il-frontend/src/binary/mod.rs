//! The binary token stream of Chapter 2: 32-bit little-endian tokens, `IL_Lang` and
//! `IL_Version` first, then instruction packets.

mod decode;
mod encode;
mod token;

pub use decode::decode;
pub use encode::{encode, encode_bytes};

/// Whether `bytes` look like a token stream rather than text: IL text never contains a NUL
/// byte, and every token stream does (the `IL_Lang` token's upper three bytes are zero).
pub fn is_token_stream(bytes: &[u8]) -> bool {
    bytes.contains(&0)
}
