//! The `ilc` command line as outside scripts use it: exit codes, outputs, diagnostics.
//! (A test target of the root package; the rest of `tests/` is the conformance crate.)

use std::path::Path;
use std::process::{Command, Output};

fn ilc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ilc"))
        .args(args)
        .output()
        .expect("ilc runs")
}

fn temp_file(name: &str, contents: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ilc-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn parse_prints_canonical_text_and_exits_0() {
    let out = ilc(&["parse", &example("vector_add.il")]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("il_cs_2_0\ndcl_num_thread_per_group 64, 1, 1\n"),
        "{text}"
    );
    assert!(out.stderr.is_empty());
}

#[test]
fn text_to_tokens_to_text_is_the_identity_through_the_cli() {
    let text = ilc(&["parse", &example("switch.il")]).stdout;
    let bin = temp_file("switch.bin", &[]);
    let status = ilc(&[
        "parse",
        &example("switch.il"),
        "--emit",
        "bin",
        "-o",
        bin.to_str().unwrap(),
    ]);
    assert_eq!(status.status.code(), Some(0));
    let back = ilc(&["parse", bin.to_str().unwrap()]);
    assert_eq!(back.status.code(), Some(0));
    assert_eq!(back.stdout, text);
}

#[test]
fn bad_input_exits_2_with_a_located_diagnostic() {
    let path = temp_file("bad.il", b"il_cs_2_0\nmuladd r0, r1, r2\nend\n");
    let out = ilc(&["parse", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("bad.il:2:1: error: unknown instruction `muladd`"),
        "{err}"
    );
    assert!(err.contains("^~~~~~"), "{err}");
    assert!(out.stdout.is_empty());
    // Not a terminal: no colour.
    assert!(!err.contains('\x1b'), "{err}");
}

#[test]
fn strict_refuses_what_amds_compiler_accepted() {
    let src = temp_file(
        "legacy.il",
        b"il_cs_2_0\ndcl_num_thread_per_blk 64\nmov r0, r1\nret\nend\n",
    );
    let src = src.to_str().unwrap();
    let lenient = ilc(&["parse", src]);
    assert_eq!(lenient.status.code(), Some(0));
    let warnings = String::from_utf8(lenient.stderr).unwrap();
    assert!(
        warnings.contains("legacy.il:2:1: warning: `dcl_num_thread_per_blk` is an older spelling [-Wlegacy-mnemonic]"),
        "{warnings}"
    );
    assert!(warnings.contains("[-Wret-ends-main]"), "{warnings}");
    assert_eq!(
        String::from_utf8(lenient.stdout).unwrap(),
        "il_cs_2_0\ndcl_num_thread_per_group 64\nmov r0, r1\nend\n"
    );
    // `--strict` is global: before or after the subcommand.
    for args in [["--strict", "parse", src], ["parse", src, "--strict"]] {
        let strict = ilc(&args);
        assert_eq!(strict.status.code(), Some(2));
        let errors = String::from_utf8(strict.stderr).unwrap();
        assert!(
            errors.contains("legacy.il:2:1: error: `dcl_num_thread_per_blk` is an older spelling [-Wlegacy-mnemonic]"),
            "{errors}"
        );
        assert!(errors.contains("legacy.il: 2 errors"), "{errors}");
    }
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(ilc(&["parse"]).status.code(), Some(2));
    assert_eq!(ilc(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(ilc(&["parse", "/no/such/file.il"]).status.code(), Some(2));
    let two = [example("saxpy.il"), example("switch.il")];
    assert_eq!(
        ilc(&["parse", &two[0], &two[1], "--emit", "bin"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn several_files_print_one_after_another() {
    let out = ilc(&["parse", &example("saxpy.il"), &example("switch.il")]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.matches("\nil_cs_2_0\n").count() + usize::from(text.starts_with("il_cs_2_0")),
        2
    );
    assert!(text.contains("saxpy.il\n"));
}

fn dwords_to_bytes(v: impl IntoIterator<Item = u32>) -> Vec<u8> {
    v.into_iter().flat_map(u32::to_le_bytes).collect()
}

/// vector_add's inputs: a = i/2, b = 1000 - i over n = 100 floats, then room for c; cb1 holds
/// the byte offsets of a, b, c and n (see the example's header comment).
fn vector_add_files(tag: &str) -> (std::path::PathBuf, std::path::PathBuf, Vec<f32>) {
    let n = 100u32;
    let a: Vec<f32> = (0..n).map(|i| i as f32 / 2.0).collect();
    let b: Vec<f32> = (0..n).map(|i| 1000.0 - i as f32).collect();
    let mut heap = dwords_to_bytes(a.iter().chain(&b).map(|x| x.to_bits()));
    heap.extend(vec![0u8; 4 * n as usize]);
    let cb1 = dwords_to_bytes([0, 0, 0, 0, 4 * n, 0, 0, 0, 8 * n, 0, 0, 0, n, 0, 0, 0]);
    let sums = a.iter().zip(&b).map(|(x, y)| x + y).collect();
    (
        temp_file(&format!("heap-{tag}.bin"), &heap),
        temp_file(&format!("cb1-{tag}.bin"), &cb1),
        sums,
    )
}

#[test]
fn run_on_the_interpreter_dumps_the_results() {
    let (heap, cb1, sums) = vector_add_files("ok");
    let dump = std::env::temp_dir().join(format!("ilc-cli-dump-{}", std::process::id()));
    let out = ilc(&[
        "run",
        &example("vector_add.il"),
        "--target",
        "il",
        "--grid",
        "128",
        "--uav",
        &format!("11={}", heap.display()),
        "--cb",
        &format!("1={}", cb1.display()),
        "--dump",
        dump.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = String::from_utf8(out.stdout).unwrap();
    assert!(report.contains("ran 2 work-groups on il"), "{report}");
    assert!(report.contains("out of range: none"), "{report}");
    let bytes = std::fs::read(dump.join("uav11.bin")).unwrap();
    let c: Vec<f32> = bytes[800..]
        .chunks(4)
        .map(|w| f32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect();
    assert_eq!(c, sums);
}

#[test]
fn bad_launches_exit_2_with_a_reason() {
    let (heap, cb1, _) = vector_add_files("bad");
    let small_cb = temp_file("cb1-small.bin", &[0u8; 32]);
    let ragged_cb = temp_file("cb1-ragged.bin", &[0u8; 20]);
    let uav = format!("11={}", heap.display());
    let cb = format!("1={}", cb1.display());
    let file = example("vector_add.il");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["--grid".into(), "128".into(), "--cb".into(), cb.clone()],
            "UAV 11 is declared but not bound",
        ),
        (
            vec!["--grid".into(), "128".into(), "--uav".into(), uav.clone()],
            "cb1 is declared",
        ),
        (
            vec![
                "--grid".into(),
                "128".into(),
                "--uav".into(),
                uav.clone(),
                "--cb".into(),
                format!("1={}", small_cb.display()),
            ],
            "cb1 needs 4 elements (64 bytes: its declaration, or the largest constant index the program reads) but the bound buffer has 2",
        ),
        (
            vec![
                "--grid".into(),
                "128".into(),
                "--uav".into(),
                uav.clone(),
                "--cb".into(),
                format!("1={}", ragged_cb.display()),
            ],
            "20 bytes is not a whole number of 16-byte elements",
        ),
        (
            vec![
                "--grid".into(),
                "128".into(),
                "--uav".into(),
                uav.clone(),
                "--cb".into(),
                cb.clone(),
                "--uav".into(),
                format!("3={}", heap.display()),
            ],
            "UAV 3 is bound but the program declares no UAV 3",
        ),
        (
            vec![
                "--grid".into(),
                "100".into(),
                "--uav".into(),
                uav.clone(),
                "--cb".into(),
                cb.clone(),
            ],
            "not a multiple of the group size 64",
        ),
        (
            vec![
                "--grid".into(),
                "0".into(),
                "--uav".into(),
                uav.clone(),
                "--cb".into(),
                cb.clone(),
            ],
            "sizes must be at least 1",
        ),
        (vec!["--grid".into(), "1,2,3,4".into()], "expected 1 to 3"),
        (
            vec![
                "--domain".into(),
                "8,8".into(),
                "--uav".into(),
                uav.clone(),
                "--cb".into(),
                cb.clone(),
            ],
            "runs on a grid",
        ),
        (
            vec![
                "--grid".into(),
                "64".into(),
                "--uav".into(),
                "11=/no/such/file".into(),
            ],
            "cannot read /no/such/file",
        ),
        (
            vec![
                "--grid".into(),
                "64".into(),
                "--uav".into(),
                "x=/tmp/a".into(),
            ],
            "`x` is not an id",
        ),
    ];
    for (args, message) in cases {
        let mut all = vec!["run", &file, "--target", "il"];
        all.extend(args.iter().map(String::as_str));
        let out = ilc(&all);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(message),
            "{args:?}: expected `{message}` in: {err}"
        );
    }
}

#[test]
fn an_endless_loop_stops_at_the_step_limit_with_its_location() {
    let path = temp_file(
        "endless.il",
        b"il_cs_2_0\ndcl_num_thread_per_group 1\nwhileloop\n    mov r0, r0\nendloop\nend\n",
    );
    let out = ilc(&[
        "run",
        path.to_str().unwrap(),
        "--target",
        "il",
        "--grid",
        "1",
        "--step-limit",
        "1000",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("endless.il:") && err.contains("step limit of 1000"),
        "{err}"
    );
}

#[test]
fn check_prints_pass_lines_and_a_summary() {
    let out = ilc(&[
        "check",
        &example("vector_add.il"),
        &example("switch.il"),
        "--target",
        "il",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!("PASS {}\n", example("vector_add.il"))),
        "{text}"
    );
    assert!(text.ends_with("2 passed, 0 failed\n"), "{text}");
    // A file that is not valid IL is bad input (exit 2), with its located diagnostic.
    let bad = temp_file("check-bad.il", b"il_cs_2_0\nmuladd r0, r1, r2\nend\n");
    let out = ilc(&["check", bad.to_str().unwrap(), "--target", "il"]);
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8(out.stdout).unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        text.contains("ERROR ") && text.ends_with("0 passed, 0 failed\n"),
        "{text}"
    );
    assert!(
        err.contains("check-bad.il:2:1: error: unknown instruction `muladd`"),
        "{err}"
    );
}

#[test]
fn check_skips_machine_code_in_directories_and_refuses_to_check_nothing() {
    let dir = temp_file("check-dir-keep", b"")
        .parent()
        .unwrap()
        .join("check-dir");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // An empty directory: nothing to check is a usage error.
    let out = ilc(&["check", dir.to_str().unwrap(), "--target", "il"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing to check"));
    // Machine code beside a program: skipped, said so, and the program checked.
    std::fs::copy(example("vector_add.il"), dir.join("a.il")).unwrap();
    let code = dir.join("a.gfx906.bin");
    let compiled = ilc(&[
        "compile",
        &example("vector_add.il"),
        "--target",
        "gfx906",
        "--emit",
        "bin",
        "-o",
        code.to_str().unwrap(),
    ]);
    assert_eq!(compiled.status.code(), Some(0));
    let out = ilc(&["check", dir.to_str().unwrap(), "--target", "il"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("SKIP ") && text.contains("a.gfx906.bin: not an IL token stream"),
        "{text}"
    );
    assert!(
        text.contains("1 skipped") && text.ends_with("1 passed, 0 failed\n"),
        "{text}"
    );
    // Named explicitly, the same file is bad input.
    let out = ilc(&["check", code.to_str().unwrap(), "--target", "il"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Many files: the lines come in input order although the work runs in parallel, and the
/// per-target table comes before the last line.
#[test]
fn check_prints_results_in_input_order_with_a_table() {
    let names = [
        "vector_add.il",
        "switch.il",
        "saxpy.il",
        "subroutines.il",
        "matmul.il",
        "mandelbrot.il",
    ];
    let mut args = vec!["check".to_string()];
    args.extend(names.iter().map(|n| example(n)));
    args.extend(["--target".to_string(), "il,cayman".to_string()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = ilc(&args);
    let text = String::from_utf8(out.stdout).unwrap();
    let order: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("PASS ") || l.starts_with("FAIL "))
        .collect();
    assert_eq!(order.len(), names.len(), "{text}");
    for (line, name) in order.iter().zip(names) {
        assert!(
            line.contains(&example(name)),
            "{line} is not {name}:\n{text}"
        );
    }
    assert!(text.contains("\ntarget "), "{text}");
    assert!(text.contains("\ncayman "), "{text}");
    assert!(
        text.ends_with(&format!("{} passed, 0 failed\n", names.len())),
        "{text}"
    );
}

#[test]
fn fuzz_runs_generated_programs_and_summarizes() {
    let out = ilc(&["fuzz", "--seed", "5", "--count", "12", "--target", "il"]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.ends_with("12 passed, 0 refused, 0 failed, 0 invalid\n"),
        "{text}"
    );
    let out = ilc(&["fuzz", "--count", "1", "--features", "int,bogus"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn compile_emit_ir_prints_the_midend_ir() {
    let out = ilc(&[
        "compile",
        &example("vector_add.il"),
        "--target",
        "cayman",
        "--emit",
        "ir",
        "--verify",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("kernel {\n"), "{text}");
    assert!(text.contains("uav_raw_store"), "{text}");
    assert!(text.trim_end().ends_with("return\n}"), "{text}");
    // The IR is target-independent: gfx906 prints the same.
    let other = ilc(&[
        "compile",
        &example("vector_add.il"),
        "--target",
        "gfx906",
        "--emit",
        "ir",
    ]);
    assert_eq!(String::from_utf8(other.stdout).unwrap(), text);
}

#[test]
fn compile_time_passes_reports_every_pass_on_stderr() {
    let out = ilc(&[
        "compile",
        &example("switch.il"),
        "--target",
        "cayman",
        "--emit",
        "ir",
        "--time-passes",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8(out.stderr).unwrap();
    for pass in [
        "build",
        "copy_prop",
        "fold",
        "gvn",
        "licm",
        "if_convert",
        "dce",
    ] {
        assert!(err.contains(pass), "{pass} missing in {err}");
    }
}

#[test]
fn compile_refuses_an_unsupported_program_with_a_located_error() {
    // A vertex shader: the midend compiles compute and pixel kernels.
    let path = temp_file("vs.il", b"il_vs_2_0\nmov r0, r1\nend\n");
    let out = ilc(&[
        "compile",
        path.to_str().unwrap(),
        "--target",
        "cayman",
        "--emit",
        "ir",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("vs.il:1:1: error:"), "{err}");
    assert!(err.contains("compute (il_cs) and pixel (il_ps)"), "{err}");
}

#[test]
fn a_typed_uav_the_targets_cannot_address_is_refused_not_miscompiled() {
    // A unorm format has a packed size no target converts: refused, with the reason, at the
    // declaration. A 2D multisampled uint UAV compiles on both.
    let msaa = temp_file(
        "msaa.il",
        b"il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_uav_id(1)_type(2dmsaa)_fmtx(uint)\nuav_store_id(1) vAbsTid.xyzz, vAbsTidFlat.xxxx\nend\n",
    );
    let unorm = temp_file(
        "unorm.il",
        b"il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_uav_id(1)_type(2d)_fmtx(unorm)\nuav_store_id(1) vAbsTid.xyzz, vAbsTidFlat.xxxx\nend\n",
    );
    for target in ["cayman", "gfx906"] {
        let out = ilc(&["compile", unorm.to_str().unwrap(), "--target", target]);
        assert_eq!(out.status.code(), Some(2), "{target}");
        assert!(
            out.stdout.is_empty(),
            "{target}: no code for a refused program"
        );
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains(
                "unorm.il:3:1: error: unsupported: typed UAV 1 of type 2d and format unorm"
            ),
            "{target}: {err}"
        );
        let out = ilc(&["compile", msaa.to_str().unwrap(), "--target", target]);
        assert_eq!(out.status.code(), Some(0), "{target}");
    }
}

#[test]
fn run_binds_a_sized_typed_uav() {
    // A 3 x 2 UAV of 2 samples: work-item (x, y) of a 3 x 2 grid, flat id t = 3y + x,
    // stores t + 1 at sample 1 of texel (x, y), element (3y + x)·2 + 1 = 2t + 1; sample 0
    // keeps its value (docs/abi.md, "Typed UAVs").
    let il = temp_file(
        "ms2.il",
        b"il_cs_2_0\ndcl_num_thread_per_group 3, 2\ndcl_uav_id(0)_type(2dmsaa)_fmtx(uint)\ndcl_literal l0, 1, 1, 1, 1\nmov r0.xy, vAbsTid.xy\nmov r0.z, l0.x\niadd r1.x, vAbsTidFlat.x, l0.x\nuav_store_id(0) r0.xyz, r1.x\nend\n",
    );
    let data: Vec<u8> = (0..12u32).flat_map(|_| 7u32.to_le_bytes()).collect();
    let uav = temp_file("ms2.bin", &data);
    let dir = uav.with_extension("out");
    for target in ["il", "cayman", "gfx906"] {
        let out = ilc(&[
            "run",
            il.to_str().unwrap(),
            "--target",
            target,
            "--grid",
            "3,2",
            "--uav",
            &format!("0={}:3x2@2", uav.to_str().unwrap()),
            "--dump",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{target}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let got = std::fs::read(dir.join("uav0.bin")).unwrap();
        let words: Vec<u32> = got
            .chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        assert_eq!(words, [7, 1, 7, 2, 7, 3, 7, 4, 7, 5, 7, 6], "{target}");
    }
    // Without its size the launch is refused with the reason.
    let out = ilc(&[
        "run",
        il.to_str().unwrap(),
        "--target",
        "il",
        "--grid",
        "3,2",
        "--uav",
        &format!("0={}", uav.to_str().unwrap()),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("bind it with its size"), "{err}");
}

/// `asm(disasm(bytes)) == bytes` through the CLI, starting from assembly text.
fn asm_disasm_round_trip(target: &str, text: &str) {
    let src = temp_file(&format!("{target}.s"), text.as_bytes());
    let bin = src.with_extension("bin");
    let out = ilc(&[
        "asm",
        src.to_str().unwrap(),
        "--target",
        target,
        "-o",
        bin.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let bytes = std::fs::read(&bin).unwrap();
    let dis = ilc(&["disasm", bin.to_str().unwrap(), "--target", target]);
    assert_eq!(dis.status.code(), Some(0), "{dis:?}");
    let again = temp_file(&format!("{target}-again.s"), &dis.stdout);
    let bin2 = again.with_extension("bin");
    let out = ilc(&[
        "asm",
        again.to_str().unwrap(),
        "--target",
        target,
        "-o",
        bin2.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(std::fs::read(&bin2).unwrap(), bytes);
}

#[test]
fn asm_and_disasm_round_trip_gfx906() {
    asm_disasm_round_trip(
        "gfx906",
        "s_load_dwordx2 s[0:1], s[4:5], 0x0\nv_add_u32_e32 v0, v1, v2\n\
         s_waitcnt lgkmcnt(0)\nglobal_store_dword v[0:1], v2, off\ns_endpgm\n",
    );
}

#[test]
fn asm_and_disasm_round_trip_cayman() {
    asm_disasm_round_trip(
        "cayman",
        "00 ALU: ADDR(4) CNT(4)\n\
         0 w: MUL_IEEE R0.w, R0.w, R1.w\n\
         1 z: MUL_IEEE R0.z, R0.z, R1.z\n\
         2 y: MUL_IEEE R0.y, R0.y, R1.y\n\
         3 x: MUL_IEEE R0.x, R0.x, R1.x\n\
         01 END\n",
    );
}

#[test]
fn asm_reports_line_and_column() {
    let src = temp_file("bad.s", b"s_endpgm\nv_bogus v0\n");
    let out = ilc(&["asm", src.to_str().unwrap(), "--target", "gfx906"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("bad.s:2:1: error:"), "{err}");
}

/// Runs `ilc` with `stdin` as its standard input.
fn ilc_with_stdin(args: &[&str], stdin: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_ilc"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("ilc runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().expect("ilc ends")
}

#[test]
fn diagnostics_cite_sections_and_instructions_not_reference_lines() {
    let path = temp_file(
        "both.il",
        b"il_cs_2_0\ndcl_num_thread_per_group 128\ndcl_max_thread_per_group 64\nmov r0, r1\n",
    );
    let out = ilc(&["parse", path.to_str().unwrap()]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("(IL reference 4.1 Shader Requirements)"),
        "{err}"
    );
    assert!(err.contains("DCL_MAX_THREAD_PER_GROUP"), "{err}");
    assert!(
        !err.split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| w.len() > 3
                && w.starts_with('L')
                && w[1..].bytes().all(|b| b.is_ascii_digit())),
        "a reference line is still cited: {err}"
    );
}

#[test]
fn dash_is_standard_input_and_output() {
    let text = std::fs::read(example("vector_add.il")).unwrap();
    // `parse -` reads standard input and prints what `parse FILE` prints.
    let from_stdin = ilc_with_stdin(&["parse", "-"], &text);
    assert_eq!(from_stdin.status.code(), Some(0));
    assert_eq!(
        from_stdin.stdout,
        ilc(&["parse", &example("vector_add.il")]).stdout
    );
    // `-o -` writes to standard output, not to a file named `-`.
    let dir = temp_file("dash-keep", b"").parent().unwrap().join("dash");
    std::fs::create_dir_all(&dir).unwrap();
    let bin = Command::new(env!("CARGO_BIN_EXE_ilc"))
        .current_dir(&dir)
        .args([
            "parse",
            &example("vector_add.il"),
            "--emit",
            "bin",
            "-o",
            "-",
        ])
        .output()
        .unwrap();
    assert_eq!(bin.status.code(), Some(0));
    assert!(!dir.join("-").exists(), "wrote a file named `-`");
    assert_eq!(
        &bin.stdout[..4],
        &ilc::encode(&ilc::parse(&text, "v").unwrap().program)[..4]
    );
    // A pipeline: compile to bytes on standard output, disassemble from standard input.
    let code = ilc_with_stdin(
        &[
            "compile", "-", "--target", "gfx906", "--emit", "bin", "-o", "-",
        ],
        &text,
    );
    assert_eq!(code.status.code(), Some(0));
    let listing = ilc_with_stdin(&["disasm", "-", "--target", "gfx906"], &code.stdout);
    assert_eq!(listing.status.code(), Some(0));
    let asm = String::from_utf8(
        ilc(&["compile", &example("vector_add.il"), "--target", "gfx906"]).stdout,
    )
    .unwrap();
    assert!(
        asm.contains("s_endpgm") && String::from_utf8_lossy(&listing.stdout).contains("s_endpgm")
    );
    // Diagnostics name standard input.
    let bad = ilc_with_stdin(&["parse", "-"], b"il_cs_2_0\nbogus\nend\n");
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8(bad.stderr).unwrap();
    assert!(
        err.contains("<stdin>:2:1: error: unknown instruction `bogus`"),
        "{err}"
    );
}

#[test]
fn help_lists_the_targets_and_emit_kinds_and_version_says_what_ilc_is() {
    let help = String::from_utf8(ilc(&["compile", "--help"]).stdout).unwrap();
    for t in [
        "il", "cayman", "gfx906", "Vega 20", "asm", "bin", "obj", "ir", "stats",
    ] {
        assert!(
            help.contains(t),
            "`compile --help` does not mention {t}:\n{help}"
        );
    }
    let short = String::from_utf8(ilc(&["check", "-h"]).stdout).unwrap();
    assert!(
        short.contains("[possible values: il, cayman, gfx906]"),
        "{short}"
    );
    let version = String::from_utf8(ilc(&["--version"]).stdout).unwrap();
    assert!(
        version.starts_with("ilc ") && version.contains("AMD IL compiler"),
        "{version}"
    );
    let unknown = ilc(&["run", "k.il", "--target", "r600", "--grid", "1"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8(unknown.stderr)
        .unwrap()
        .contains("possible values: il, cayman, gfx906"));
}

#[test]
fn a_step_limit_stop_reports_the_limit_the_user_set_on_every_target() {
    let path = temp_file(
        "endless.il",
        b"il_cs_2_0\ndcl_num_thread_per_group 64\nwhileloop\niadd r0.x, r0.x, r0.x\nendloop\nend\n",
    );
    for target in ["il", "cayman", "gfx906"] {
        let out = ilc(&[
            "run",
            path.to_str().unwrap(),
            "--target",
            target,
            "--grid",
            "64",
            "--step-limit",
            "1000",
        ]);
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("step limit of 1000 instructions per wavefront"),
            "{target}: {err}"
        );
        // Only the interpreter knows the IL line; the models do not claim line 1.
        assert_eq!(
            err.contains("endless.il:4:1:"),
            target == "il",
            "{target}: {err}"
        );
        assert!(!err.contains("endless.il:1:1:"), "{target}: {err}");
    }
}

#[test]
fn fuzz_takes_any_count_and_refuses_a_zero_step_limit() {
    let out = ilc(&["fuzz", "--count", "2", "--step-limit", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("--step-limit 0"));
    // The largest count starts work at once (it panicked with a capacity overflow, and 2^32
    // allocated 32 GiB up front); stopped after a moment.
    let mut child = Command::new(env!("CARGO_BIN_EXE_ilc"))
        .args(["fuzz", "--count", "18446744073709551615", "--target", "il"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let still_running = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    assert!(
        still_running,
        "ended early: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_grid_beyond_32_bit_ids_is_refused_on_every_target() {
    // It ran nothing on the interpreter ("ran 0 work-groups", exit 0) while the machine
    // targets started executing.
    for target in ["il", "cayman", "gfx906"] {
        let out = ilc(&[
            "run",
            &example("vector_add.il"),
            "--target",
            target,
            "--grid",
            "2147483648,2147483648,2147483648",
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{target}: {err}");
        assert!(
            err.contains("flat work-item ids are 32-bit"),
            "{target}: {err}"
        );
    }
}

#[test]
fn both_models_refuse_a_private_buffer_beyond_1_gib() {
    // Cayman allocated 4.2 GB at 2^26 work-items (and aborted at 2^31); gfx906 refused.
    let path = temp_file(
        "private.il",
        b"il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_indexed_temp_array x0[4]\ndcl_raw_uav_id(11)\n\
          dcl_literal l0, 3, 0, 0, 0\niand r0.x, vAbsTidFlat.x, l0.x\nmov x0[r0.x], r1\n\
          mov r2, x0[r0.x]\nuav_raw_store_id(11) mem.x, r0.x, r2.x\nend\n",
    );
    let uav = temp_file("private-uav.bin", &[0; 64]);
    for target in ["cayman", "gfx906"] {
        let out = ilc(&[
            "run",
            path.to_str().unwrap(),
            "--target",
            target,
            "--grid",
            "67108864",
            "--uav",
            &format!("11={}", uav.display()),
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{target}: {err}");
        assert!(
            err.contains("the model allocates at most 1 GiB"),
            "{target}: {err}"
        );
    }
}

#[test]
fn deep_nesting_is_refused_at_its_line_not_a_stack_overflow() {
    // 20,000 nested `if`s overflowed the stack in both backends; `parse` printed 2.4 GB.
    let n = 20_000;
    let mut src = String::from(
        "il_cs_2_0\ndcl_num_thread_per_group 64\ndcl_raw_uav_id(11)\nmov r0.x, vAbsTidFlat.x\n",
    );
    src += &"if_logicalnz r0.x\niadd r0.x, r0.x, r0.x\n".repeat(n);
    src += &"endif\n".repeat(n);
    src += "uav_raw_store_id(11) mem.x, r0.x, r0.x\nend\n";
    let path = temp_file("deep.il", src.as_bytes());
    for target in ["cayman", "gfx906"] {
        let out = ilc(&["compile", path.to_str().unwrap(), "--target", target]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{target}: {err}");
        // The 256th `if` (line 4 + 2 * 255 + 1) is the first one too deep.
        assert!(
            err.contains("deep.il:515:1: error: `if_logicalnz`: control flow nested more than 255 levels deep"),
            "{target}: {err}"
        );
    }
    let printed = ilc(&["parse", path.to_str().unwrap()]);
    assert_eq!(printed.status.code(), Some(0));
    assert!(
        printed.stdout.len() < 8 * src.len(),
        "{} bytes",
        printed.stdout.len()
    );
}

#[test]
fn disasm_reads_code_objects_and_prints_what_decodes_before_an_error() {
    let obj = temp_file("va.o", b"");
    let bin = temp_file("va.bin", b"");
    for (emit, path) in [("obj", &obj), ("bin", &bin)] {
        let out = ilc(&[
            "compile",
            &example("vector_add.il"),
            "--target",
            "gfx906",
            "--emit",
            emit,
            "-o",
            path.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0));
    }
    let from_obj = ilc(&["disasm", obj.to_str().unwrap(), "--target", "gfx906"]);
    let from_bin = ilc(&["disasm", bin.to_str().unwrap(), "--target", "gfx906"]);
    assert_eq!(from_obj.status.code(), Some(0));
    assert_eq!(from_obj.stdout, from_bin.stdout);
    // Three one-dword instructions, then the first dword of an SMEM load whose second
    // dword is made invalid: the three are printed, then the error.
    let code = std::fs::read(&bin).unwrap();
    let listing = String::from_utf8(from_bin.stdout).unwrap();
    let first_three: Vec<&str> = listing.lines().take(3).collect();
    assert!(
        listing.lines().nth(3).unwrap().starts_with("s_load"),
        "{listing}"
    );
    let mut bad = code[..16].to_vec();
    bad.extend([0xff; 4]);
    let bad = temp_file("bad.bin", &bad);
    let out = ilc(&["disasm", bad.to_str().unwrap(), "--target", "gfx906"]);
    assert_eq!(out.status.code(), Some(2));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        printed.lines().collect::<Vec<_>>(),
        first_three,
        "{printed}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("error: byte 0xc"));
}
