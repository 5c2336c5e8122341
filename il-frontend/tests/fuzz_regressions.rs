//! Inputs the fuzz targets in `fuzz/` found (minimized with `cargo fuzz tmin`), each with
//! the contract it broke: no panic, and every accepted program survives
//! print -> parse and encode -> decode unchanged.

use il_frontend::{binary, text, Program};

fn without_spans(mut p: Program) -> Program {
    p.clear_spans();
    p
}

/// The round trips of the fuzz targets, for a program the parser or decoder accepted.
#[track_caller]
fn check_round_trips(program: &Program) {
    let program = without_spans(program.clone());
    let canonical = text::print(&program);
    let (reparsed, diags) = text::parse(&canonical);
    let reparsed = reparsed
        .unwrap_or_else(|| panic!("canonical text does not parse:\n{canonical}\n{diags:#?}"));
    assert_eq!(
        without_spans(reparsed),
        program,
        "parse(print(p)):\n{canonical}"
    );
    let (decoded, diags) = binary::decode(&binary::encode_bytes(&program));
    let decoded = decoded.unwrap_or_else(|| panic!("encoding does not decode: {diags:#?}"));
    let decoded = without_spans(decoded);
    assert_eq!(decoded, program, "decode(encode(p)):\n{canonical}");
    assert_eq!(text::print(&decoded), canonical);
}

/// Decodes little-endian tokens that must be accepted, and checks the round trips.
#[track_caller]
fn decoded(tokens: &[u32]) -> Program {
    let bytes: Vec<u8> = tokens.iter().flat_map(|t| t.to_le_bytes()).collect();
    let (program, diags) = binary::decode(&bytes);
    let program = program.unwrap_or_else(|| panic!("not decoded: {diags:#?}"));
    check_round_trips(&program);
    program
}

/// Parses text that must be accepted, and checks the round trips.
#[track_caller]
fn parsed(source: &str) -> Program {
    let (program, diags) = text::parse(source);
    let program = program.unwrap_or_else(|| panic!("not parsed: {diags:#?}"));
    check_round_trips(&program);
    program
}

/// `_x2_divcomp(z)`: the printer chains source modifiers with `_`, and the parser read
/// `x2_divcomp` as one modifier name.
#[test]
fn chained_source_modifiers_parse_back() {
    decoded(&[
        0x0000_0009, // dx11_ps
        0x0001_0200, // il_ps_2_0
        0x0000_017d, // gds_read_and_id(0)
        0x0000_0079, // b121
        0x0044_0000, // r0 with a modifier
        0x0044_0003, // .wxxx_x2_divcomp(z)
        0x0000_0010, // b16
    ]);
    let p =
        parsed("il_ps_2_0\nmov r0, r1_abs_sat\nmad r0, r1.x_x2_sign, r2_bias_invert, r3_bx2_abs\n");
    assert!(p.body[0].srcs[0].modifier.is_some_and(|m| m.abs && m.clamp));
}

/// A register of type 5 (the SM30 vertex input) in a pixel shader printed as `v8`, which
/// text reads as the SM40 input (33). The decoder now refuses the type that text would
/// not read back; the parser resolves `v#` in index registers of nested dimensions too.
#[test]
fn v_registers_have_one_type_per_program() {
    let mov = |dst: u32| {
        [
            0x0000_0009, // dx11_ps
            0x0001_0200, // il_ps_2_0
            0x0000_0047, // mov
            dst,
            0x0016_0000, // vWinCoord
        ]
    };
    let (p, _) = binary::decode(&bytes(&mov(0x0005_0008))); // v8 as a vertex input
    assert!(
        p.is_none(),
        "a vertex input outside a vertex shader decoded"
    );
    decoded(&mov(0x0021_0008)); // v8 as the SM40 input

    let vs = "il_vs_2_0\ndclv_elem(0) v0\nmov r0, x0[r1.x][v2.x]\n";
    let p = parsed(vs);
    let reg = &p.body[1].srcs[0].reg.dims[0]
        .index
        .as_ref()
        .unwrap()
        .relative
        .as_ref()
        .unwrap()
        .reg;
    assert_eq!(reg.ty, il_frontend::regs::RegType::Vertex);
    let (p, _) = text::parse("il_vs_2_0\ndclv_elem(0) v0\nmov r0, v0[1]\n");
    assert!(p.is_none(), "an indexed vertex input parsed");
}

fn bytes(tokens: &[u32]) -> Vec<u8> {
    tokens.iter().flat_map(|t| t.to_le_bytes()).collect()
}

/// `fence_mem_read_only`: field names with underscores were split into unknown specifiers.
#[test]
fn field_names_with_underscores_parse() {
    let p = parsed("il_cs_2_0\nfence_threads_mem_write_only_mem_read_only\n");
    assert_eq!(p.body[0].control, 0b11_0001);
}

/// `uav_raw_load_cached`: the bare value `cached` is spelled like its field, and was read
/// as the field name without a value.
#[test]
fn bare_value_spelled_like_its_field() {
    let p = parsed(
        "il_cs_2_0\nuav_raw_load_cached_id(3) r0.x, r1.x\nuav_raw_load_id(3)_uncached r0.x, r1.x\n",
    );
    assert_eq!(p.body[0].control, 3 | 1 << 10);
    assert_eq!(p.body[1].control, 3 | 2 << 10);
}

/// `mcall(5)`: the decoder refused any macro number but 0 as undefined control bits, and a
/// PREFIX before MACROCALL printed as `mcall_prec(x)(5)`, which does not parse.
#[test]
fn macro_call_numbers_and_prefix() {
    let p = decoded(&[0, 0x0003_0200, 347 | 5 << 16, 0]);
    assert_eq!(p.body[0].control, 5);
    let (p, _) = binary::decode(&bytes(&[0, 0x0003_0200, 353 | 1 << 16, 347 | 5 << 16, 0]));
    assert!(p.is_none(), "PREFIX before MACROCALL decoded");
}

/// An all-zero primary token of `resinfo` printed as its only field, the flag `_uav`, which
/// reads back as 1: the decoder refuses it. `texldb`'s all-zero primary token printed its
/// last field, the flag `_qualitybias`; it now prints the last field that can spell 0.
#[test]
fn all_zero_modifier_tokens() {
    let resinfo = [0, 0x0003_0200, 135 | 1 << 31, 0, 0x0004_0000, 0x0004_0001];
    let (p, _) = binary::decode(&bytes(&resinfo));
    assert!(
        p.is_none(),
        "resinfo with an all-zero primary token decoded"
    );
    let p = decoded(&[
        0,
        0x0000_0200,
        94 | 1 << 31,
        0,
        0x0004_0000,
        0x0004_0001,
        0x0004_0002,
    ]);
    let line = text::print_instruction(&p.body[0], p.version.shader);
    assert!(
        line.contains("_lodbias(0)") && !line.contains("qualitybias"),
        "{line}"
    );
}

/// `l,Ї̾d`: the `inf`/`nan` check sliced three bytes of text that ended inside a multi-byte
/// character, and panicked.
#[test]
fn number_followed_by_multibyte_text() {
    let (p, _) = text::parse("il_ps dcl_literal l,\u{407}\u{33e}d");
    assert!(p.is_none());
    let _ = il_frontend::read("il_ps_2_0\ndcl_literal l0, \u{407}\u{33e}, 1, 2, 3\n".as_bytes());
}

/// `cb0[x1[5].x]`: the decoder accepted an immediate (or nested dimensions) on an index
/// register, which text cannot write inside brackets.
#[test]
fn index_registers_are_not_indexed() {
    let mov = [
        0,
        0x0003_0200,
        0x47,
        0x0004_0000,
        0x011f_0000,
        0x041e_0001,
        5,
    ];
    let (p, _) = binary::decode(&bytes(&mov));
    assert!(p.is_none(), "an indexed index register decoded");
    // The same with a nested dimension on the index register: `cb0[vicp[1][2].x]`.
    let nested = [
        0,
        0x0003_0200,
        0x47,
        0x0004_0000,
        0x011f_0000,
        0x0230_0001,
        0x0030_0002,
    ];
    let (p, _) = binary::decode(&bytes(&nested));
    assert!(
        p.is_none(),
        "an index register with a nested dimension decoded"
    );
}

/// An `IL_Version` token with the realtime bit in a compute shader printed as
/// `il_cs_2_0_rt`, which the parser refuses (L1202): the decoder refuses it too.
#[test]
fn realtime_only_in_pixel_shaders() {
    let (p, _) = binary::decode(&bytes(&[0, 0x0203_0200]));
    assert!(p.is_none(), "a realtime compute shader decoded");
    let p = decoded(&[0, 0x0201_0200]);
    assert!(p.version.realtime);
}

/// `comment "\0..."`: a raw null byte in a comment's text was kept, and the printer stops
/// at the first null.
#[test]
fn comments_cannot_hold_raw_null_bytes() {
    let (p, _) = text::parse("il_ps_2_0\ncomment \"a\0b\"\n");
    assert!(p.is_none(), "a comment with a null byte parsed");
    parsed("il_ps_2_0\ncomment \"a\\x01\\\"b\\\\\"\n");
}

/// `mcall(0) (vicp[0]._____d2)`: a shift scale (or `_sat`) on a macro call's output has no
/// spelling (text writes them on the mnemonic, for an ordinary destination) and was lost.
#[test]
fn macro_call_outputs_have_no_scale() {
    // mcall(0) with one output r0 whose modifier token has shift d2 and writes nothing.
    let scaled = [0, 0x0003_0200, 347, 1, 0x0044_0000, 4 << 9];
    let (p, _) = binary::decode(&bytes(&scaled));
    assert!(p.is_none(), "a scaled macro output decoded");
    decoded(&[
        0,
        0x0003_0200,
        347,
        1 | 1 << 16,
        0x0044_0000,
        0,
        0x0004_0001,
    ]);
}

/// `fetch4_prec()`: empty precise flags parsed to a PREFIX with no flag, which the
/// decoder (rightly) refuses.
#[test]
fn precise_flags_name_a_component() {
    let (p, _) = text::parse("il_ps_2_0\nmov_prec() r0, r1\n");
    assert!(p.is_none(), "`_prec()` parsed");
    parsed("il_ps_2_0\nmov_prec r0, r1\nmov_prec(yw) r0, r1\n");
}

/// Inputs too long for the fuzzers, found by reading the encoder: a comment of more than
/// 65535 dwords and a macro call with more than 65535 inputs parsed, and encoded to length
/// words that overflow their 16-bit fields.
#[test]
fn counts_that_overflow_their_token_fields() {
    let long = format!("il_ps_2_0\ncomment \"{}\"\n", "a".repeat(4 * 0xffff));
    assert!(
        text::parse(&long).0.is_none(),
        "an oversized comment parsed"
    );
    let fits = format!("il_ps_2_0\ncomment \"{}\"\n", "a".repeat(4 * 0xffff - 1));
    parsed(&fits);
    let inputs = vec!["r0"; 0x10000].join(", ");
    let call = format!("il_ps_2_0\nmcall(1) (), ({inputs})\n");
    assert!(
        text::parse(&call).0.is_none(),
        "a macro call with 65536 inputs parsed"
    );
}
