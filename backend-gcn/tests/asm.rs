//! The backend's assembly output: snapshots of `--emit asm` for small kernels, and the
//! oracle check that llvm-mc assembles that text to exactly the bytes the backend emitted.

mod common;
mod compile_helper;

use compile_helper::compile_il;

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// (name, IL, UAVs, constant buffers)
fn kernels() -> Vec<(&'static str, String, Vec<u32>, Vec<u32>)> {
    vec![
        (
            "vector_add",
            read("../examples/vector_add.il"),
            vec![11],
            vec![0, 1],
        ),
        ("saxpy", read("../examples/saxpy.il"), vec![11], vec![0, 1]),
        ("loop", read("tests/data/kernels/loop.il"), vec![11], vec![]),
        (
            "uniform",
            read("tests/data/kernels/uniform.il"),
            vec![11],
            vec![1],
        ),
    ]
}

#[test]
fn asm_snapshots() {
    for (name, il, uavs, cbs) in kernels() {
        let c = compile_il(&il, &uavs, &cbs).unwrap();
        let text = format!(
            "{}; instructions {} sgprs {} vgprs {} waitcnts {} nops {} bytes {}\n",
            c.asm,
            c.stats.instructions,
            c.stats.sgprs,
            c.stats.vgprs,
            c.stats.waitcnts,
            c.stats.nops,
            c.stats.code_bytes
        );
        insta::assert_snapshot!(name, text);
    }
}

#[test]
fn llvm_mc_assembles_the_asm_to_the_same_bytes() {
    let mc = common::llvm_mc();
    for (name, il, uavs, cbs) in kernels() {
        let c = compile_il(&il, &uavs, &cbs).unwrap();
        let (out, err) = common::run(&mc, &[], &c.asm);
        assert!(err.trim().is_empty(), "{name}: llvm-mc complains:\n{err}");
        let bytes: Vec<u8> = common::parse_mc_output(&out)
            .into_iter()
            .flat_map(|(_, b)| b)
            .collect();
        assert_eq!(bytes, c.code, "{name}: llvm-mc bytes differ from ours");
    }
}

#[test]
fn the_code_object_reads_back() {
    let (_, il, uavs, cbs) = kernels().remove(0);
    let c = compile_il(&il, &uavs, &cbs).unwrap();
    let k = runtime_sim::gcn::load_kernel(&c.elf, "main").unwrap();
    assert_eq!(k.code, c.code);
    assert_eq!(k.descriptor.kernarg_size, c.abi.kernarg_size);
    assert_eq!(k.descriptor.user_sgpr_count(), 2);
    assert!(k.descriptor.property(3));
    assert_eq!(k.descriptor.enable_workgroup_id(), [true, false, false]);
    // f32 denormals flushed, f64 kept, DX10 clamp, no IEEE mode.
    assert_eq!(k.descriptor.initial_mode() & 0x3F0, 0xC0 | 1 << 8);
}

#[test]
fn unsupported_ops_are_errors_not_panics() {
    // Shared registers (`sr#`): the backend has no `shared_load` (docs/coverage.md).
    let il = "il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_raw_uav_id(11)\ndcl_shared_temp sr1\nmov r0, vAbsTid.x\nmov r1, sr0\nuav_raw_store_id(11) mem.x___, r0.x, r1.x\nend\n";
    let e = compile_il(il, &[11], &[]).unwrap_err();
    assert!(e.to_string().contains("unsupported"), "{e}");
}

/// A pixel kernel with every MIMG form the texture lowering emits (and a kill): llvm-mc
/// must assemble its `--emit asm` to exactly our bytes.
#[test]
fn pixel_textures_assemble_to_the_same_bytes() {
    use backend_gcn::{compile, Decls, ResourceDecl};
    let il = read("tests/data/kernels/pixel_textures.il");
    let (program, diags, _) = il_frontend::read(il.as_bytes());
    let program = program.unwrap_or_else(|| panic!("IL does not parse: {diags:?}"));
    let func = midend::compile(&program, &midend::Options::default()).expect("midend");
    let decls = Decls {
        name: "main".into(),
        pixel: true,
        resources: vec![
            ResourceDecl {
                id: 0,
                ..ResourceDecl::default()
            },
            ResourceDecl {
                id: 1,
                array: true,
                unnormalized: true,
                ..ResourceDecl::default()
            },
        ],
        outputs: vec![0, 1],
        ..Decls::default()
    };
    let c = compile(&func, &decls).unwrap();
    for form in [
        "image_sample_lz",
        "image_load",
        "image_get_resinfo",
        "image_gather4_lz",
        // The kill leaves waves with no pixel: they end with a null export.
        "exp null off, off, off, off done vm",
        "done vm\ns_branch",
    ] {
        assert!(c.asm.contains(form), "no {form} in:\n{}", c.asm);
    }
    let (out, err) = common::run(&common::llvm_mc(), &[], &c.asm);
    assert!(err.trim().is_empty(), "llvm-mc complains:\n{err}");
    let bytes: Vec<u8> = common::parse_mc_output(&out)
        .into_iter()
        .flat_map(|(_, b)| b)
        .collect();
    assert_eq!(bytes, c.code, "llvm-mc bytes differ from ours");
}

/// A pixel kernel's code object is a pixel shader: `main.ps` carries the PS registers
/// (position inputs, 32_ABGR per render target, the register counts), the code ends with
/// the exports, and a kernel that kills ends its dead waves with a null export.
#[test]
fn pixel_code_object_carries_the_ps_registers() {
    use backend_gcn::{compile, Decls};
    let il = "il_ps_2_0\ndcl_input_position_interp(linear_noperspective) vWinCoord0.xy__\n\
              dcl_output_generic o0\ndcl_output_generic o2\nmov o0, vWinCoord0.xyxy\n\
              mov o2, vWinCoord0.yxyx\nend\n";
    let (program, diags, _) = il_frontend::read(il.as_bytes());
    let program = program.unwrap_or_else(|| panic!("IL does not parse: {diags:?}"));
    let func = midend::compile(&program, &midend::Options::default()).expect("midend");
    let decls = Decls {
        name: "main".into(),
        pixel: true,
        outputs: vec![0, 2],
        ..Decls::default()
    };
    let c = compile(&func, &decls).unwrap();
    let ps = runtime_sim::gcn::load_pixel_shader(&c.elf, "main").unwrap();
    assert_eq!(ps.code, c.code);
    let r = ps.registers;
    // PERSP_SAMPLE, POS_X_FLOAT, POS_Y_FLOAT (SPI_PS_INPUT_ENA bits 0, 8, 9).
    assert_eq!((r.input_ena, r.input_addr), (0x301, 0x301));
    // SPI_SHADER_32_ABGR (9) for MRT0 and MRT2.
    assert_eq!(r.col_format, 9 | 9 << 8);
    // USER_SGPR = 2 (the launch block pointer), no scratch.
    assert_eq!(r.pgm_rsrc2 & 0x3f, 2 << 1);
    assert!(runtime_sim::gcn::load_kernel(&c.elf, "main").is_err());
    let lines: Vec<&str> = c.asm.lines().collect();
    let n = lines.len();
    assert_eq!(lines[n - 1], "s_endpgm");
    assert!(lines[n - 2].starts_with("exp mrt2 ") && lines[n - 2].ends_with(" done vm"));
    assert!(lines[n - 3].starts_with("exp mrt0 ") && !lines[n - 3].contains("done"));
    assert!(!c.asm.contains("buffer_store"), "{}", c.asm);
    let (out, err) = common::run(&common::llvm_mc(), &[], &c.asm);
    assert!(err.trim().is_empty(), "llvm-mc complains:\n{err}");
    let bytes: Vec<u8> = common::parse_mc_output(&out)
        .into_iter()
        .flat_map(|(_, b)| b)
        .collect();
    assert_eq!(bytes, c.code, "llvm-mc bytes differ from ours");
}
