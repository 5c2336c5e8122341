//! Snapshots of the Cayman code for small kernels, and `asm(disasm(bytes)) == bytes` for
//! everything the backend compiles from `examples/`.

use ilc::targets::cayman;

use backend_r600::isa;

fn compile(text: &str) -> Result<backend_r600::Compiled, String> {
    let (p, diags, _) = il_frontend::read(text.as_bytes());
    let p = p.ok_or_else(|| format!("{diags:?}"))?;
    cayman::compile(&p, &midend::Options::default()).map_err(|e| e.to_string())
}

fn listing(text: &str) -> String {
    let c = compile(text).expect("compiles");
    format!("{}\n{}", c.asm, c.stats.to_text())
}

#[test]
fn vector_add() {
    insta::assert_snapshot!(listing(include_str!("../../examples/vector_add.il")));
}

#[test]
fn saxpy() {
    insta::assert_snapshot!(listing(include_str!("../../examples/saxpy.il")));
}

#[test]
fn matmul_loop() {
    insta::assert_snapshot!(listing(include_str!("../../examples/matmul.il")));
}

#[test]
fn switch_with_loop_and_breaks() {
    insta::assert_snapshot!(listing(include_str!("../../examples/switch.il")));
}

#[test]
fn compiled_examples_round_trip_through_the_assembler() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples");
    let mut compiled = 0;
    for e in std::fs::read_dir(dir).expect("examples") {
        let path = e.expect("entry").path();
        if path.extension().is_none_or(|x| x != "il") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read");
        let Ok(c) = compile(&text) else { continue };
        compiled += 1;
        let prog = isa::Program::decode(&c.bytes).expect("decodes");
        assert_eq!(isa::disassemble(&prog), c.asm, "{}", path.display());
        let again = isa::assemble(&c.asm).expect("assembles");
        assert_eq!(again, c.bytes, "{}", path.display());
    }
    assert!(compiled >= 6, "only {compiled} examples compiled");
}

#[test]
fn unsupported_ir_is_an_error_naming_the_op() {
    let text = "il_cs_2_0
dcl_num_thread_per_group 64
dcl_raw_uav_id(11)
mov r0.x, vAbsTidFlat.x
mov r0.y, vAbsTidFlat.x
dtrig_preop r1.xy, r0.xy, r0.x
uav_raw_store_id(11) mem.x, r0.x, r1.x
end
";
    let e = compile(text).unwrap_err();
    assert!(e.contains("dtrig_preop"), "{e}");
}

/// Every IL file at hand compiles or is refused with an error; nothing panics.
#[test]
fn nothing_panics_on_the_examples_and_the_corpus() {
    let mut dirs = vec![std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples"
    ))];
    let corpus = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus"));
    if let Ok(rd) = std::fs::read_dir(corpus) {
        dirs.extend(rd.flatten().map(|e| e.path()).filter(|p| p.is_dir()));
    }
    for d in dirs {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let path = e.path();
            if path.extension().is_none_or(|x| x != "il") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let _ = compile(&text);
        }
    }
}

/// `asm(disasm(bytes)) == bytes` for the memory known-answer programs too: LDS operations
/// and queue pops, GROUP_BARRIER, returning RAT atomics with WAIT_ACK, narrow stores.
#[test]
fn memory_programs_round_trip_through_the_assembler() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/kat/memory");
    let mut compiled = 0;
    for e in std::fs::read_dir(dir).expect("kat/memory") {
        let path = e.expect("entry").path();
        if path.extension().is_none_or(|x| x != "toml") {
            continue;
        }
        let spec = std::fs::read_to_string(&path).expect("read");
        let Some(text) = spec
            .split_once("il = \"\"\"")
            .and_then(|(_, rest)| rest.split_once("\"\"\""))
            .map(|(il, _)| il)
        else {
            continue;
        };
        let Ok(c) = compile(text) else { continue };
        compiled += 1;
        let prog = isa::Program::decode(&c.bytes).expect("decodes");
        assert_eq!(isa::disassemble(&prog), c.asm, "{}", path.display());
        let again = isa::assemble(&c.asm).expect("assembles");
        assert_eq!(again, c.bytes, "{}", path.display());
    }
    assert!(compiled >= 30, "only {compiled} memory programs compiled");
}
