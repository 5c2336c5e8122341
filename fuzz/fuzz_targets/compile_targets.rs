//! Any program the front end accepts goes through the whole compiler for both machine
//! targets (`ilc::compile`): it compiles or is refused with a reason, never a panic, and
//! what compiles disassembles and reassembles to the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (Some(program), _, _) = il_frontend::read(data) else {
        return;
    };
    for target in [ilc::Target::Cayman, ilc::Target::Gfx906] {
        if let Ok(compiled) = ilc::compile(&program, target, &Default::default()) {
            let text = ilc::disassemble(compiled.bytes(), target)
                .unwrap_or_else(|e| panic!("{target}: our bytes do not disassemble: {e}"));
            let bytes = ilc::assemble(&text, target)
                .unwrap_or_else(|e| panic!("{target}: our listing does not assemble: {e}"));
            assert_eq!(bytes, compiled.bytes(), "{target}: asm(disasm(bytes)) != bytes");
        }
    }
});
