//! Spilling: kernels that keep more values live than a register file holds compile with a
//! private segment, and what they emit is what LLVM assembles. (That they compute the
//! right values is checked by running the same programs, the known-answer specs
//! `memory/register_pressure_*`, on the device model.)

mod common;
mod compile_helper;

use compile_helper::compile_il;

/// The IL of a known-answer spec.
fn spec_il(name: &str) -> String {
    let path = format!("{}/../tests/kat/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let spec: toml::Table = toml::from_str(&text).expect("a TOML spec");
    spec["il"].as_str().expect("an `il` string").to_string()
}

#[test]
fn vgpr_pressure_spills_to_scratch() {
    let c = compile_il(&spec_il("memory/register_pressure_vector.toml"), &[11], &[]).unwrap();
    let k = runtime_sim::gcn::load_kernel(&c.elf, "main").unwrap();
    let d = &k.descriptor;
    // The private segment buffer V# in s[0:3], the kernarg pointer after it, the wave's
    // scratch offset enabled, and scratch for the spilled dwords.
    assert!(d.property(0) && d.property(3));
    assert_eq!(d.user_sgpr_count(), 6);
    assert!(d.enable_private_segment());
    assert!(c.abi.private_segment);
    assert!(d.private_segment_fixed_size >= 4 * (288 - 256));
    assert_eq!(d.private_segment_fixed_size, c.abi.private_segment_size);
    assert!(c.stats.vgprs <= 256);
    let stores = c
        .asm
        .lines()
        .filter(|l| l.starts_with("buffer_store_dword") && l.contains("off, s[0:3]"))
        .count();
    let loads = c
        .asm
        .lines()
        .filter(|l| l.starts_with("buffer_load_dword") && l.contains("off, s[0:3]"))
        .count();
    assert!(stores > 0 && loads > 0, "no scratch traffic:\n{}", c.asm);
}

#[test]
fn sgpr_pressure_spills_to_vgpr_lanes() {
    let c = compile_il(
        &spec_il("memory/register_pressure_scalar.toml"),
        &[11],
        &[1],
    )
    .unwrap();
    assert!(c.stats.sgprs <= 102);
    assert!(c.asm.contains("v_writelane_b32") && c.asm.contains("v_readlane_b32"));
    // Lanes of a VGPR need no scratch memory.
    assert_eq!(c.abi.private_segment_size, 0);
}

#[test]
fn kernels_that_fit_keep_the_short_entry_layout() {
    let il = "il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_raw_uav_id(11)\nmov r0, vAbsTid.x\nuav_raw_store_id(11) mem.x___, r0.x, r0.x\nend\n";
    let c = compile_il(il, &[11], &[]).unwrap();
    assert!(!c.abi.private_segment);
    let k = runtime_sim::gcn::load_kernel(&c.elf, "main").unwrap();
    assert_eq!(k.descriptor.user_sgpr_count(), 2);
    assert!(!k.descriptor.property(0) && !k.descriptor.enable_private_segment());
}

#[test]
fn llvm_mc_assembles_spill_code_to_the_same_bytes() {
    let mc = common::llvm_mc();
    for (name, cbs) in [
        ("memory/register_pressure_vector.toml", vec![]),
        ("memory/register_pressure_scalar.toml", vec![1]),
    ] {
        let c = compile_il(&spec_il(name), &[11], &cbs).unwrap();
        let (out, err) = common::run(&mc, &[], &c.asm);
        assert!(err.trim().is_empty(), "{name}: llvm-mc complains:\n{err}");
        let bytes: Vec<u8> = common::parse_mc_output(&out)
            .into_iter()
            .flat_map(|(_, b)| b)
            .collect();
        assert_eq!(bytes, c.code, "{name}: llvm-mc bytes differ from ours");
    }
}
