//! Arbitrary bytes through the driver's front door (`il_frontend::read`: text or tokens,
//! then validation), and as text through the parser alone: nothing may panic, and every
//! program accepted (validated or not) survives the text and token round trips.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (program, _, _) = il_frontend::read(data);
    if let Some(p) = &program {
        il_frontend_fuzz::check_round_trips(p);
    }
    if let Ok(text) = std::str::from_utf8(data) {
        if let (Some(p), _) = il_frontend::text::parse(text) {
            il_frontend_fuzz::check_round_trips(&p);
        }
    }
});
