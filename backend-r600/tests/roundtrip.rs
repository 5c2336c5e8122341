//! Encoder/decoder/disassembler/assembler round trips: the digest's hand-computed vectors
//! (cayman digest §9.1, computed from the Ch9 tables), and property tests over arbitrary
//! words: decoding never panics, and whatever decodes re-encodes to the same bytes and
//! survives `asm(disasm(bytes)) == bytes`.

use backend_r600::isa::decode::{decode_alu, decode_cf, decode_fetch};
use backend_r600::isa::encode::{encode_alu, encode_cf, encode_fetch, encode_group};
use backend_r600::isa::*;
use proptest::prelude::*;

fn le(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Digest §9.1 vectors (word0, word1).
#[test]
fn digest_vectors() {
    use Chan::*;
    let mov = AluInst::new(AluOp::Mov, 1, X, &[AluSrc::gpr(0, X)]);
    assert_eq!(encode_alu(&mov, true).unwrap(), [0x8000_0000, 0x0020_0C90]);
    let add = AluInst::new(AluOp::Add, 2, Y, &[AluSrc::gpr(0, X), AluSrc::literal(X)]);
    let mut g = AluGroup::new(vec![add]);
    g.literals = vec![0x3F80_0000];
    let mut w = Vec::new();
    encode_group(&g, &mut w).unwrap();
    assert_eq!(w, [0x801F_A000, 0x2040_0010, 0x3F80_0000, 0]);
    let muladd = AluInst::new(
        AluOp::Muladd,
        3,
        Z,
        &[AluSrc::gpr(0, X), AluSrc::gpr(1, Y), AluSrc::gpr(2, Z)],
    );
    assert_eq!(
        encode_alu(&muladd, true).unwrap(),
        [0x8080_2000, 0x4062_8802]
    );
    let mova = AluInst::new(AluOp::MovaInt, 0, X, &[AluSrc::gpr(0, X)]).masked();
    assert_eq!(encode_alu(&mova, true).unwrap(), [0x8000_0000, 0x0000_6600]);
    let mut p = AluInst::new(
        AluOp::PredSetneInt,
        0,
        X,
        &[AluSrc::gpr(0, X), AluSrc::special(SpecialSel::Zero)],
    )
    .masked();
    p.update_exec_mask = true;
    p.update_pred = true;
    assert_eq!(encode_alu(&p, true).unwrap(), [0x801F_0000, 0x0000_228C]);
    let cf = |c: CfInst| {
        let mut w = Vec::new();
        encode_cf(&c, &mut w).unwrap();
        w
    };
    assert_eq!(
        cf(CfInst::Alu(CfAlu::new(CfAluOp::Alu, 2, 2))),
        [2, 0xA004_0000]
    );
    assert_eq!(
        cf(CfInst::Alu(CfAlu::new(CfAluOp::AluPushBefore, 2, 1))),
        [2, 0xA400_0000]
    );
    let mut tc = CfWord::new(CfOp::Tc, 4);
    tc.count = 1;
    assert_eq!(cf(CfInst::Word(tc)), [4, 0x8040_0400]);
    assert_eq!(
        cf(CfInst::Word(CfWord::new(CfOp::Jump, 5).pop(1))),
        [5, 0x8280_0001]
    );
    assert_eq!(
        cf(CfInst::Word(CfWord::new(CfOp::Else, 7).pop(1))),
        [7, 0x8340_0001]
    );
    assert_eq!(
        cf(CfInst::Word(CfWord::new(CfOp::Pop, 8).pop(1))),
        [8, 0x8380_0001]
    );
    assert_eq!(
        cf(CfInst::Word(CfWord::new(CfOp::LoopStartDx10, 9))),
        [9, 0x8180_0000]
    );
    assert_eq!(
        cf(CfInst::Word(CfWord::new(CfOp::LoopEnd, 3))),
        [3, 0x8140_0000]
    );
    assert_eq!(
        cf(CfInst::Word(CfWord::new(CfOp::LoopBreak, 8))),
        [8, 0x8240_0000]
    );
    assert_eq!(
        cf(CfInst::Word(CfWord::new(CfOp::End, 0))),
        [0, 0x8800_0000]
    );
    let rat = CfMem::rat(ExportOp::MemRatCacheless, 0, RatInst::StoreDword, 1, 2, 1);
    assert_eq!(cf(CfInst::Mem(rat)), [0x0100_A140, 0x95C0_1000]);
    let v = VtxInst::buffer_read(1, 1, [0, 7, 7, 7], 0, 13, 0);
    assert_eq!(
        encode_fetch(&FetchInst::Vtx(v)).unwrap(),
        [0x0000_0140, 0x135F_F001, 0, 0]
    );
}

/// A small program built with the types: encode, decode, disassemble, assemble.
#[test]
fn program_round_trip() {
    use Chan::*;
    let mut p = Program::default();
    let mut alu = CfAlu::new(CfAluOp::Alu, 4, 3);
    alu.kcache[0] = Kcache::lock2(0, 0);
    let mut tc = CfWord::new(CfOp::Tc, 8);
    tc.count = 0;
    p.cf = vec![
        CfInst::Alu(alu),
        CfInst::Word(tc),
        CfInst::Mem(CfMem::rat(
            ExportOp::MemRatCacheless,
            0,
            RatInst::StoreDword,
            1,
            0,
            1,
        )),
        CfInst::Word(CfWord::new(CfOp::End, 0)),
    ];
    let mut a = AluInst::new(
        AluOp::Add,
        0,
        X,
        &[AluSrc::kcache(0, 2, Y), AluSrc::literal(Z).negated()],
    );
    a.clamp = true;
    a.omod = Omod::M2;
    let b = AluInst::new(
        AluOp::MulIeee,
        0,
        W,
        &[
            AluSrc::gpr(1, W).absolute(),
            AluSrc::special(SpecialSel::Half),
        ],
    );
    let mut g = AluGroup::new(vec![a, b]);
    g.literals = vec![0, 0, 0x4000_0000, 0];
    let c = AluInst::new(
        AluOp::Cnde,
        1,
        X,
        &[
            AluSrc::pv(X),
            AluSrc::gpr(3, Y),
            AluSrc::special(SpecialSel::MinusOneInt),
        ],
    );
    let g2 = AluGroup::new(vec![c]);
    p.alu_clauses.insert(
        4,
        AluClause {
            groups: vec![g, g2],
        },
    );
    assert_eq!(p.alu_clauses[&4].slots(), 5);
    if let CfInst::Alu(a) = &mut p.cf[0] {
        a.count = 4;
    }
    let v = VtxInst::buffer_read(1, 2, [0, 1, 7, 7], 0, 29, 16);
    p.fetch_clauses.insert(
        10,
        FetchClause {
            insts: vec![FetchInst::Vtx(v)],
        },
    );
    if let CfInst::Word(w) = &mut p.cf[1] {
        w.addr = 10;
    }
    let bytes = p.encode().unwrap();
    let q = Program::decode(&bytes).unwrap();
    assert_eq!(q, p);
    let text = disassemble(&p);
    assert_eq!(assemble(&text).unwrap(), bytes, "{text}");
    assert!(
        text.contains("ADD*2 R0.x, KC0[2].y, -(0x40000000, 2.0f).z CLAMP"),
        "{text}"
    );
}

#[test]
fn decode_errors_name_the_byte() {
    // A reserved CF opcode (2) at the second CF slot.
    let bytes = le(&[0, 0x8800_0000, 0, 2 << 22]);
    let e = Program::decode(&bytes).unwrap_err();
    assert_eq!(e.byte, 8, "{e}");
    // Truncated length.
    assert!(Program::decode(&[0, 0, 0]).is_err());
    // An ALU clause running past the end.
    let bytes = le(&[0x0000_0002, 0xA0FC_0000, 0, 0x8800_0000]);
    assert!(Program::decode(&bytes).is_err());
}

#[test]
fn assembler_errors_are_located() {
    let e = assemble("00 ALU: ADDR(2) CNT(1)\n0 x: FROB R0.x, R1.x\n").unwrap_err();
    assert_eq!((e.line, e.col), (2, 6), "{e}");
    let e = parse_program("00 END\n05 END\n").unwrap_err();
    assert_eq!(e.line, 2);
    let e = parse_program("00 ALU: ADDR(2) CNT(1)\n0 y: MOV R0.x, R1.x\n").unwrap_err();
    assert!(e.msg.contains("slot"), "{e}");
}

/// Wraps one ALU group's words in a program: ALU clause at 2, END at 1.
fn alu_program(words: &[u32]) -> Vec<u8> {
    let slots = words.len() / 2;
    let mut w = vec![2, 0xA000_0000 | ((slots as u32 - 1) << 18), 0, 0x8800_0000];
    w.extend_from_slice(words);
    le(&w)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn decode_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..256)) {
        if let Ok(p) = Program::decode(&bytes) {
            prop_assert_eq!(p.encode().unwrap(), bytes.clone());
            let text = disassemble(&p);
            prop_assert_eq!(assemble(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?, bytes);
        }
    }

    /// Any ALU instruction word pair that decodes re-encodes exactly, and the program around
    /// it survives the listing.
    #[test]
    fn alu_words_round_trip(w0 in any::<u32>(), w1 in any::<u32>(), lits in any::<[u32; 4]>()) {
        let w0 = w0 | 0x8000_0000;
        if let Ok((inst, last)) = decode_alu(w0, w1) {
            prop_assert!(last);
            prop_assert_eq!(encode_alu(&inst, true).unwrap(), [w0, w1]);
            let g = AluGroup::new(vec![inst]);
            let mut words = vec![w0, w1];
            words.extend_from_slice(&lits[..g.literal_slots() * 2]);
            let bytes = alu_program(&words);
            let p = Program::decode(&bytes).unwrap();
            let text = disassemble(&p);
            prop_assert_eq!(assemble(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?, bytes);
        }
    }

    #[test]
    fn cf_words_round_trip(w in any::<[u32; 4]>()) {
        if let Ok((inst, used)) = decode_cf(&w) {
            let mut out = Vec::new();
            encode_cf(&inst, &mut out).unwrap();
            prop_assert_eq!(&out[..], &w[..used]);
            if inst.alu_clause().is_none() && inst.fetch_clause().is_none() {
                let p = Program { cf: vec![inst], ..Program::default() };
                let text = disassemble(&p);
                let q = parse_program(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
                prop_assert_eq!(q, p);
            }
        }
    }

    #[test]
    fn fetch_words_round_trip(w in any::<[u32; 3]>()) {
        let words = [w[0], w[1], w[2], 0];
        if let Ok(f) = decode_fetch(words) {
            prop_assert_eq!(encode_fetch(&f).unwrap(), words);
            let mut all = vec![2, 0x8000_0000 | (1 << 22), 0, 0x8800_0000];
            all.extend_from_slice(&words);
            let bytes = le(&all);
            let p = Program::decode(&bytes).unwrap();
            let text = disassemble(&p);
            prop_assert_eq!(assemble(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?, bytes);
        }
    }
}

/// The forms the compiler emits for returning RAT atomics, which LLVM 14 cannot select
/// (`Cannot select: AtomicCmpSwap` / a returning `atomicrmw` has no pattern, digest D1): the
/// words computed by hand from the Ch9 tables. CF_ALLOC_EXPORT_WORD0_RAT (cayman L8221):
/// RAT_ID \[3:0\], RAT_INST \[9:4\], TYPE \[14:13\], RW_GPR \[21:15\], INDEX_GPR \[29:23\];
/// CF_ALLOC_EXPORT_WORD1_BUF: COMP_MASK \[15:12\], CF_INST \[29:22\] (MEM_RAT 86), BARRIER 31.
/// CF_WORD1: CF_INST \[29:22\] (WAIT_ACK 26, cayman L3218), BARRIER 31.
#[test]
fn returning_rat_atomic_and_wait_ack_words() {
    let mut m = CfMem::rat(ExportOp::MemRat, 11, RatInst::AddRtn, 7, 2, 0xF);
    m.ty = ExportType::T3;
    let mut w = Vec::new();
    encode_cf(&CfInst::Mem(m), &mut w).unwrap();
    let w0 = 11 | 39 << 4 | 3 << 13 | 7 << 15 | 2 << 23;
    let w1 = 0xF << 12 | 86 << 22 | 1 << 31;
    assert_eq!(w, [w0, w1]);
    assert_eq!(decode_cf(&w).unwrap().0, CfInst::Mem(m));
    let mut w = Vec::new();
    encode_cf(&CfInst::Word(CfWord::new(CfOp::WaitAck, 0)), &mut w).unwrap();
    assert_eq!(w, [0, 26 << 22 | 1 << 31]);
}

/// SET_MODE, which LLVM 14 does not define (no R600 instruction of that name): the words
/// from the ISA's layout as docs/decisions.md "SET_MODE" reads it. OP2 ALU_INST 87
/// (cayman L6616, L8599) in ALU_WORD1_OP2 bits 17:7; the single-precision mode in bits 3:0
/// of SRC0_SEL (ALU_WORD0 bits 8:0), the double-precision mode in bits 3:0 of SRC1_SEL
/// (bits 21:13); no write (WRITE_MASK, bit 4, clear). The compiler's mode: single round to
/// nearest with denormals flushed (0), double round to nearest with denormals kept (0b1100).
#[test]
fn set_mode_carries_its_modes_in_the_select_fields() {
    let i = AluInst::new(
        AluOp::SetMode,
        0,
        Chan::Z,
        &[AluSrc::gpr(0, Chan::X), AluSrc::gpr(12, Chan::X)],
    )
    .masked();
    let [w0, w1] = encode_alu(&i, true).unwrap();
    assert_eq!(w0 & 0x1FF, 0, "SRC0_SEL");
    assert_eq!(w0 >> 13 & 0x1FF, 0b1100, "SRC1_SEL");
    assert_eq!(w1 >> 7 & 0x7FF, 87, "ALU_INST");
    assert_eq!(w1 >> 4 & 1, 0, "WRITE_MASK");
    // No operand is read: the select fields are not GPR reads.
    assert!(i.used_srcs().is_empty());
    // It prints and assembles back.
    let add = |c: Chan| AluInst::new(AluOp::Add64, 4, c, &[AluSrc::gpr(1, c), AluSrc::gpr(2, c)]);
    let mut w = Vec::new();
    encode_group(&AluGroup::new(vec![add(Chan::X), add(Chan::Y), i]), &mut w).unwrap();
    let bytes = alu_program(&w);
    let prog = Program::decode(&bytes).unwrap();
    let text = disassemble(&prog);
    assert!(text.contains("SET_MODE"), "{text}");
    assert_eq!(assemble(&text).unwrap(), bytes, "{text}");
}

/// A store that a later fetch reads back asks for an ACK: `MEM_RAT_CACHELESS STORE_DWORD`
/// with TYPE WRITE_IND_ACK (3), which LLVM 14 never emits (it has no WAIT_ACK, Cayman digest
/// E7). Words from the Ch9 tables: CF_ALLOC_EXPORT_WORD0_RAT (cayman L8221) RAT_ID \[3:0\],
/// RAT_INST \[9:4\] (STORE_DWORD 20), TYPE \[14:13\], RW_GPR \[21:15\], INDEX_GPR \[29:23\];
/// CF_ALLOC_EXPORT_WORD1_BUF COMP_MASK \[15:12\], CF_INST \[29:22\] (MEM_RAT_CACHELESS 87),
/// BARRIER 31.
#[test]
fn acknowledged_store_dword_words() {
    let mut m = CfMem::rat(
        ExportOp::MemRatCacheless,
        15,
        RatInst::StoreDword,
        5,
        4,
        0x1,
    );
    m.ty = ExportType::T3;
    let mut w = Vec::new();
    encode_cf(&CfInst::Mem(m), &mut w).unwrap();
    let w0 = 15 | 20 << 4 | 3 << 13 | 5 << 15 | 4 << 23;
    let w1 = 0x1 << 12 | 87 << 22 | 1 << 31;
    assert_eq!(w, [w0, w1]);
    assert_eq!(decode_cf(&w).unwrap().0, CfInst::Mem(m));
    let text = disassemble(&Program::decode(&le(&[w0, w1, 0, 32 << 22 | 1 << 31])).unwrap());
    assert!(text.contains("WRITE_IND_ACK"), "{text}");
}

/// SAMPLE_C_LZ with the slice in z and the reference in w, the form the compiler emits for
/// `sample_c_lz` of a 2D array; LLVM 14 has no intrinsic for SAMPLE_C_LZ. TEX_WORD0 (cayman
/// L9532): TEX_INST \[4:0\] (SAMPLE_C_LZ 27, L7501), RESOURCE_ID \[15:8\], SRC_GPR \[22:16\];
/// TEX_WORD1: DST_GPR \[6:0\], DST_SEL_X..W \[20:9\], COORD_TYPE_X..W bits 28-31 (L9639);
/// TEX_WORD2: SAMPLER_ID \[19:15\], SRC_SEL_X..W \[31:20\] (3 bits each).
#[test]
fn sample_c_lz_array_words() {
    let t = TexInst {
        op: TexOp::SampleCLz,
        inst_mod: 0,
        fetch_whole_quad: false,
        resource_id: 7,
        src_gpr: 3,
        src_rel: false,
        alt_const: false,
        resource_index_mode: 0,
        sampler_index_mode: 0,
        dst: FetchDst {
            gpr: 5,
            rel: false,
            sel: [7, 0, 7, 7],
        },
        lod_bias: 0,
        coord_type: [true, true, false, false],
        offset: [0; 3],
        sampler_id: 0,
        src_sel: [0, 1, 2, 3],
    };
    let w = encode_fetch(&FetchInst::Tex(t)).unwrap();
    let w0 = 27 | 7 << 8 | 3 << 16;
    // DST_SEL_Y [14:12] = 0 (X).
    let w1 = 5 | 7 << 9 | 7 << 15 | 7 << 18 | 1 << 28 | 1 << 29;
    let w2 = 1 << 23 | 2 << 26 | 3 << 29;
    assert_eq!(&w[..3], &[w0, w1, w2]);
}

/// SAMPLE with texel offsets, the form `sample_aoffimmi` compiles to: TEX_WORD2 OFFSET_X
/// \[4:0\], OFFSET_Y \[9:5\], 5-bit two's complement (cayman L9653-L9656); +1 texel is 2 and
/// -1 texel 0x1E in half texels.
#[test]
fn sample_offset_words() {
    let t = TexInst {
        op: TexOp::Sample,
        inst_mod: 0,
        fetch_whole_quad: false,
        resource_id: 0,
        src_gpr: 1,
        src_rel: false,
        alt_const: false,
        resource_index_mode: 0,
        sampler_index_mode: 0,
        dst: FetchDst {
            gpr: 2,
            rel: false,
            sel: [0, 7, 7, 7],
        },
        lod_bias: 0,
        coord_type: [false, false, false, false],
        offset: [2, 0x1E, 0],
        sampler_id: 0,
        src_sel: [0, 1, 4, 4],
    };
    let w = encode_fetch(&FetchInst::Tex(t)).unwrap();
    assert_eq!(w[2], 2 | 0x1E << 5 | 1 << 23 | 4 << 26 | 4 << 29);
    let words = [w[0], w[1], w[2], w[3]];
    let all: Vec<u32> = [2, 0x8000_0000 | (1 << 22), 0, 0x8800_0000]
        .into_iter()
        .chain(words)
        .collect();
    let bytes = le(&all);
    let text = disassemble(&Program::decode(&bytes).unwrap());
    assert_eq!(assemble(&text).unwrap(), bytes, "{text}");
}

/// The integer pixel kills `discard_logical*` selects, which LLVM 14 never emits (its
/// `llvm.r600.kill` is KILLGT, covered by `llc_encoding`): ALU_WORD1_OP2 ALU_INST \[17:7\] is
/// KILLE_INT 70 / KILLNE_INT 73 (cayman L4573, Table 8.x), WRITE_MASK [4] clear.
#[test]
fn integer_kill_words() {
    for (op, code) in [(AluOp::KilleInt, 70), (AluOp::KillneInt, 73)] {
        let i = AluInst::new(
            op,
            0,
            Chan::X,
            &[AluSrc::gpr(2, Chan::Y), AluSrc::gpr(0, Chan::X)],
        )
        .masked();
        let [w0, w1] = encode_alu(&i, true).unwrap();
        assert_eq!(w0 & 0x1FF, 2, "SRC0_SEL");
        assert_eq!(w0 >> 10 & 3, 1, "SRC0_CHAN");
        assert_eq!(w1 >> 7 & 0x7FF, code, "ALU_INST");
        assert_eq!(w1 >> 4 & 1, 0, "WRITE_MASK");
    }
}

/// The pixel export the compiler emits: LLVM's `EXPORT_DONE` PIXEL MRT0 of T2.XYZW
/// (`C0010000 95200688`, `tests/data/ps_tex_kill.ll`) without the reserved bit 21
/// (cayman L8409, digest D8), and a plain EXPORT to MRT 3 of R5 with SEL 0/1/mask.
#[test]
fn pixel_export_words() {
    let mut e = CfExport {
        op: ExportOp::ExportDone,
        ty: ExportType::T0,
        array_base: 0,
        rw_gpr: 2,
        rw_rel: false,
        index_gpr: 0,
        elem_size: 3,
        sel: [0, 1, 2, 3],
        burst_count: 0,
        valid_pixel_mode: false,
        legacy_eop: false,
        mark: false,
        barrier: true,
    };
    let words = |e: CfExport| {
        let mut w = Vec::new();
        encode_cf(&CfInst::Export(e), &mut w).unwrap();
        w
    };
    assert_eq!(words(e), [0xC001_0000, 0x9500_0688]);
    e.op = ExportOp::Export;
    e.array_base = 3;
    e.rw_gpr = 5;
    e.sel = [0, 4, 5, 7];
    // SEL_X 0, SEL_Y 4, SEL_Z 5, SEL_W 7: 0b111_101_100_000 = 0xF60; CF_INST 83.
    assert_eq!(words(e), [0xC002_8003, 0x94C0_0F60]);
}

/// GET_TEXTURE_RESINFO as `resinfo` compiles it (LLVM 14's `llvm.r600.txq` is not in the
/// oracle's data): TEX_WORD0 TEX_INST \[4:0\] = 4 (cayman L7335), RESOURCE_ID \[15:8\],
/// SRC_GPR \[22:16\]; TEX_WORD1 DST_GPR \[6:0\], DST_SEL_X..W \[11:9\]..\[20:18\] (W only here),
/// COORD_TYPE 0; TEX_WORD2 SRC_SEL_X \[22:20\] = X, SRC_SEL_Y..W \[25:23\], \[28:26\], \[31:29\]
/// = 4 (0.0).
#[test]
fn get_texture_resinfo_words() {
    let t = TexInst {
        op: TexOp::GetTextureResinfo,
        inst_mod: 0,
        fetch_whole_quad: false,
        resource_id: 2,
        src_gpr: 1,
        src_rel: false,
        alt_const: false,
        resource_index_mode: 0,
        sampler_index_mode: 0,
        dst: FetchDst {
            gpr: 4,
            rel: false,
            sel: [7, 7, 7, 3],
        },
        lod_bias: 0,
        coord_type: [false; 4],
        offset: [0; 3],
        sampler_id: 0,
        src_sel: [0, 4, 4, 4],
    };
    let w = encode_fetch(&FetchInst::Tex(t)).unwrap();
    let w0 = 4 | 2 << 8 | 1 << 16;
    let w1 = 4 | 7 << 9 | 7 << 12 | 7 << 15 | 3 << 18;
    let w2 = 4 << 23 | 4 << 26 | 4 << 29;
    assert_eq!(&w[..3], &[w0, w1, w2]);
}

/// GATHER4 as `fetch4_compselect(z)` compiles it: TEX_INST 21 (cayman L7181), INST_MOD
/// \[6:5\] = 2 (the Z element, L9590-9593), COORD_TYPE_X/Y 1 (TEX_WORD1 bits 28, 29).
#[test]
fn gather4_words() {
    let t = TexInst {
        op: TexOp::Gather4,
        inst_mod: 2,
        fetch_whole_quad: false,
        resource_id: 0,
        src_gpr: 1,
        src_rel: false,
        alt_const: false,
        resource_index_mode: 0,
        sampler_index_mode: 0,
        dst: FetchDst {
            gpr: 2,
            rel: false,
            sel: [7, 1, 7, 7],
        },
        lod_bias: 0,
        coord_type: [true, true, false, false],
        offset: [0; 3],
        sampler_id: 0,
        src_sel: [0, 1, 4, 4],
    };
    let w = encode_fetch(&FetchInst::Tex(t)).unwrap();
    let w0 = 21 | 2 << 5 | 1 << 16;
    let w1 = 2 | 7 << 9 | 1 << 12 | 7 << 15 | 7 << 18 | 1 << 28 | 1 << 29;
    let w2 = 1 << 23 | 4 << 26 | 4 << 29;
    assert_eq!(&w[..3], &[w0, w1, w2]);
}
