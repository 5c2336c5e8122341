//! Any program the front end accepts goes through the midend: building, every pass with the
//! verifier after each, and printing back as IL. Nothing may panic; refusing a program as
//! unsupported is fine, but IR that fails the verifier or cannot be printed back is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (Some(program), _, _) = il_frontend::read(data) else {
        return;
    };
    let options = midend::Options {
        verify: true,
        time_passes: false,
    };
    match midend::compile(&program, &options) {
        Ok(func) => {
            let _ = func.to_string();
            if let Err(e) = midend::to_il::to_il(&func, &program) {
                panic!("optimized IR does not print back as IL: {e}");
            }
        }
        Err(e @ midend::Error::Verify { .. }) => panic!("{e}"),
        Err(midend::Error::Build(_)) => {}
    }
});
