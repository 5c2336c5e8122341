//! Arbitrary bytes as a token stream: decoding never panics, and every decoded program
//! survives the text and token round trips.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let (Some(p), _) = il_frontend::binary::decode(data) {
        il_frontend_fuzz::check_round_trips(&p);
    }
});
