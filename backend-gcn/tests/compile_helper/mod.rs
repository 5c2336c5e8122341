//! Shared helper of the compile tests: IL text to a compiled gfx906 kernel.

#![allow(dead_code)]

use backend_gcn::{compile, Compiled, Decls};

/// Parses and optimizes `il`, then compiles it with the declared UAVs and constant buffers
/// of the program (found in its declarations by the caller).
pub fn compile_il(
    il: &str,
    uavs: &[u32],
    cbs: &[u32],
) -> Result<Compiled, backend_gcn::CompileError> {
    let (program, diags, _) = il_frontend::read(il.as_bytes());
    let program = program.unwrap_or_else(|| panic!("IL does not parse: {diags:?}"));
    let func = midend::compile(&program, &midend::Options::default()).expect("midend");
    compile(
        &func,
        &Decls {
            name: "main".into(),
            uavs: uavs.to_vec(),
            const_buffers: cbs.to_vec(),
            ..Decls::default()
        },
    )
}
