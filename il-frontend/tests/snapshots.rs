//! Snapshots of the canonical text of the example programs and of spellings the printer
//! normalizes. Bless changes with `INSTA_UPDATE=always cargo test -p il-frontend --test
//! snapshots` (or `cargo insta review`) after checking the diff.

use il_frontend::{binary, text};

fn canonical(source: &str, name: &str) -> String {
    let (program, diags) = text::parse(source);
    assert!(!diags.has_errors(), "{name}: {diags:#?}");
    let program = program.unwrap();
    let report = il_frontend::validate::validate(&program);
    assert!(!report.has_errors(), "{name}: {report:#?}");
    let printed = text::print(&program);
    // The snapshot is only worth keeping if it is a fixed point of the printer and
    // survives the token stream.
    let (again, _) = text::parse(&printed);
    assert_eq!(text::print(&again.unwrap()), printed, "{name}");
    let (decoded, _) = binary::decode(&binary::encode_bytes(&program));
    assert_eq!(text::print(&decoded.unwrap()), printed, "{name}");
    printed
}

macro_rules! example_snapshots {
    ($($name:ident),+ $(,)?) => {$(
        #[test]
        fn $name() {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/", stringify!($name), ".il");
            let source = std::fs::read_to_string(path).unwrap();
            insta::assert_snapshot!(stringify!($name), canonical(&source, stringify!($name)));
        }
    )+};
}

example_snapshots!(
    vector_add,
    saxpy,
    reduce_lds,
    prefix_sum,
    matmul,
    bitonic_step,
    mandelbrot,
    black_scholes,
    gather_pixel,
    subroutines,
    switch,
    doubles,
    histogram,
);

/// Spellings the canonical printer normalizes: aliases, mixed case, bare usages, short
/// masks and swizzles, modifier order, numbers in several notations.
#[test]
fn normalized_spellings() {
    let source = "\
il_ps
dcl_input_generic_interp(centroid) v1.xy
dcl_output_usage(generic) o0
DCL_LITERAL l0, 1.0f, -1, 0x10, 2.5e-1
dcl_resource_id(3)_type(2d)_fmtx(float)_fmty(float)_fmtz(float)_fmtw(float)
ROUND_POSINF r0.zw, v1.yx
and r1, r0.y, l0.x
iadd r3, r0_neg(xyzw).y, l0.x
sample_c_lz_resource(3)_sampler(1)_aoffimmi(1,-0.5,0) r2.w, r0.xyxx, l0.z
mov_sat o0.xyz1, r1.1
end
";
    insta::assert_snapshot!("normalized_spellings", canonical(source, "normalized"));
}
