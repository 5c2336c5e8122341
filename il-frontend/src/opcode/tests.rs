use super::*;

#[test]
fn table_is_in_numeric_order_and_complete() {
    assert_eq!(table::TABLE.len(), 483);
    for (i, info) in table::TABLE.iter().enumerate() {
        assert_eq!(info.opcode as usize, i, "{}", info.enum_name);
    }
}

#[test]
fn mova_shifts_the_documented_numbering() {
    // App.B omits IL_OP_MOVA; AMD's driver-written streams use MUL = 73 (corpus/grvk-dx11).
    assert_eq!(Opcode::Mov as u16, 71);
    assert_eq!(Opcode::Mova as u16, 72);
    assert_eq!(Opcode::Mul as u16, 73);
    assert_eq!(Opcode::End as u16, 40);
    assert_eq!(Opcode::IAdd as u16, 145);
    assert_eq!(Opcode::UavRawStore as u16, 228);
    assert_eq!(Opcode::Fence as u16, 218);
    assert_eq!(Opcode::MqsadU8 as u16, 482);
}

#[test]
fn every_mnemonic_and_alias_is_unique() {
    let mut seen = std::collections::HashMap::new();
    for info in table::TABLE.iter().skip(1) {
        for name in std::iter::once(&info.mnemonic).chain(info.aliases) {
            if let Some(prev) = seen.insert(name.to_ascii_lowercase(), info.enum_name) {
                panic!("{name} names both {prev} and {}", info.enum_name);
            }
        }
    }
    assert_eq!(Opcode::from_mnemonic("IAND"), Some(Opcode::And));
    assert_eq!(Opcode::from_mnemonic("and"), Some(Opcode::And));
    assert_eq!(Opcode::from_mnemonic("whileloop"), Some(Opcode::While));
    assert_eq!(Opcode::from_mnemonic("nosuch"), None);
}

#[test]
fn fields_of_one_token_do_not_overlap() {
    for info in table::TABLE.iter() {
        let layout = u32::from(info.layout_control_bits());
        for (i, a) in info.fields.iter().enumerate() {
            if a.loc == FieldLoc::Control {
                assert_eq!(
                    a.mask() & layout,
                    0,
                    "{}: {} overlaps the layout bits",
                    info.enum_name,
                    a.name
                );
                assert_eq!(
                    a.mask() >> 16,
                    0,
                    "{}: {} leaves the control half",
                    info.enum_name,
                    a.name
                );
            }
            for b in &info.fields[i + 1..] {
                if a.loc == b.loc {
                    assert_eq!(
                        a.mask() & b.mask(),
                        0,
                        "{}: {} and {} overlap",
                        info.enum_name,
                        a.name,
                        b.name
                    );
                }
                assert!(
                    !a.is_named(b.name),
                    "{}: two fields named {}",
                    info.enum_name,
                    a.name
                );
            }
        }
    }
}

#[test]
fn documented_opcodes_count() {
    let documented = table::TABLE.iter().filter(|i| i.is_documented()).count();
    // 413 Chapter 7 entries (the digest's count) map to 412 opcodes, IAND and AND sharing
    // one, plus PREFIX; UNKNOWN and MOVA and the 68 App.B-only opcodes have no entry.
    assert_eq!(documented, 413);
    assert_eq!(table::TABLE.len() - documented, 70);
}

/// The absolute token bits `hi:lo` (as the reference prints them) of a control field.
fn token_bits(op: Opcode, name: &str) -> (u32, u32) {
    let f = op
        .info()
        .field(name)
        .unwrap_or_else(|| panic!("{op:?} has no field {name}"));
    assert_eq!(f.loc, FieldLoc::Control, "{op:?}.{name}");
    let lo = 16 + u32::from(f.lo);
    (lo + u32::from(f.width) - 1, lo)
}

#[test]
fn control_fields_sit_at_the_documented_token_bits() {
    // FENCE: threads 16, lds 17, memory 18, sr 19, mem_write_only 20, mem_read_only 21,
    // gds 22 (L4803-L4813; "Controls 29:20 must be zero" at L4814 is I-13).
    assert_eq!(token_bits(Opcode::Fence, "threads"), (16, 16));
    assert_eq!(token_bits(Opcode::Fence, "memory"), (18, 18));
    assert_eq!(token_bits(Opcode::Fence, "mem_read_only"), (21, 21));
    assert_eq!(token_bits(Opcode::Fence, "gds"), (22, 22));
    // DSX/DSY `_fine` is bit 23, not bit 16 (L6719, L6738).
    assert_eq!(token_bits(Opcode::Dsx, "fine"), (23, 23));
    assert_eq!(token_bits(Opcode::Dsy, "fine"), (23, 23));
    // CMP: relop 18:16, cmpval 23:21 (L6545-L6547).
    assert_eq!(token_bits(Opcode::Cmp, "relop"), (18, 16));
    assert_eq!(token_bits(Opcode::Cmp, "cmpval"), (23, 21));
    // DCL_UAV: a 4-bit id 19:16, fmtx 23:20, type 29:24 (L8190-L8192, I-12).
    assert_eq!(token_bits(Opcode::DclUav, "id"), (19, 16));
    assert_eq!(token_bits(Opcode::DclUav, "fmtx"), (23, 20));
    assert_eq!(token_bits(Opcode::DclUav, "type"), (29, 24));
    // UAV_RAW_LOAD: a 10-bit id 25:16 and `cached` 27:26 (L8832-L8833), while the raw
    // store keeps the 14-bit id of 29:16 (L8847).
    assert_eq!(token_bits(Opcode::UavRawLoad, "id"), (25, 16));
    assert_eq!(token_bits(Opcode::UavRawLoad, "cached"), (27, 26));
    assert_eq!(token_bits(Opcode::UavRawStore, "id"), (29, 16));
    // SRV loads: an 8-bit id 23:16 and the indexed-id flag at bit 28 (L8672-L8674).
    assert_eq!(token_bits(Opcode::SrvRawLoad, "id"), (23, 16));
    assert_eq!(token_bits(Opcode::SrvRawLoad, "ext"), (28, 28));
    // Scalar LDS operations have a 4-bit id 19:16 (L8209), the vector ones 29:16 (L8334).
    assert_eq!(token_bits(Opcode::LdsAdd, "id"), (19, 16));
    assert_eq!(token_bits(Opcode::LdsReadCmpXchg, "id"), (19, 16));
    assert_eq!(token_bits(Opcode::LdsLoadVec, "id"), (29, 16));
    // LDS_WRITE_VEC: sharingMode 17:16, lOffset 23:18 (L4945-L4946).
    assert_eq!(token_bits(Opcode::LdsWriteVec, "sharingMode"), (17, 16));
    assert_eq!(token_bits(Opcode::LdsWriteVec, "lOffset"), (23, 18));
    // DCL_INPUT: usage 20:16, interp 23:21 (L4025-L4026).
    assert_eq!(token_bits(Opcode::DclInput, "usage"), (20, 16));
    assert_eq!(token_bits(Opcode::DclInput, "interp"), (23, 21));
    // MEMEXPORT: exportStream 21:16, elemOffset 28:23 (L5077-L5079).
    assert_eq!(token_bits(Opcode::Memexport, "elemOffset"), (28, 23));
    // TEXLDB: `_absolute` is control bit 25 (L5558); `_qualitybias` is bit 25 of the
    // primary modifier (L5574), not of the opcode token.
    assert_eq!(token_bits(Opcode::Texldb, "absolute"), (25, 25));
    let qb = Opcode::Texldb.info().field("qualitybias").unwrap();
    assert_eq!((qb.loc, qb.lo), (FieldLoc::Primary, 25));
    // DCL_RESOURCE: id 23:16, type 27:24, unnorm 31 (L4289-L4292; "reserved 30:24" at L4291 is I-43).
    assert_eq!(token_bits(Opcode::DclResource, "type"), (27, 24));
    assert_eq!(token_bits(Opcode::DclResource, "unnorm"), (31, 31));
}

#[test]
fn values_that_must_be_printed_even_when_zero() {
    // relop `ne` and matrix `4x4` are value 0 (App.B L10934, L10867); `_id(0)` is a real id.
    for (op, name) in [
        (Opcode::Ifc, "relop"),
        (Opcode::Mmul, "matrix"),
        (Opcode::UavRawStore, "id"),
        (Opcode::LdsLoad, "id"),
        (Opcode::Sample, "sampler"),
        (Opcode::UavArenaLoad, "size"),
    ] {
        assert!(op.info().field(name).unwrap().always, "{op:?}.{name}");
    }
    // LOAD's sampler field is listed (L4985) but LOAD takes no sampler: not printed at 0.
    assert!(!Opcode::Load.info().field("sampler").unwrap().always);
}

#[test]
fn sampling_instructions_take_the_documented_sources() {
    use crate::ast::ExtraTokens;
    let plain = ExtraTokens::default();
    let indexed = ExtraTokens {
        resource_format: Some(0),
        ..ExtraTokens::default()
    };
    for (op, n, line) in [
        (Opcode::Sample, 1, 5156),
        (Opcode::SampleB, 2, 5187),
        (Opcode::SampleC, 2, 5206),
        (Opcode::SampleCLz, 2, 5290),
        (Opcode::SampleL, 2, 5328),
        (Opcode::SampleG, 3, 5309),
        (Opcode::SampleCL, 3, 5273),
        (Opcode::SampleCB, 3, 5226),
        (Opcode::SampleCG, 4, 5242),
        (Opcode::Fetch4, 1, 4828),
        (Opcode::Fetch4C, 2, 4864),
        (Opcode::Fetch4Po, 2, 4882),
        (Opcode::Fetch4PoC, 3, 4847),
        (Opcode::Load, 1, 4959),
        (Opcode::Resinfo, 1, 5140),
        (Opcode::Samplepos, 1, 5361),
        // The Formats row says 0-input (L5347); the Syntax row's `src0` is not counted.
        (Opcode::Sampleinfo, 0, 5347),
        (Opcode::Bufinfo, 0, 4625),
    ] {
        let info = op.info();
        assert!(info.dst, "{op:?} (L{line})");
        assert_eq!(info.source_count(0, &plain), n, "{op:?} (L{line})");
        // `_ext`: the resource and sampler indices are two more sources (L3113).
        assert_eq!(info.source_count(0, &indexed), n + 2, "{op:?} _ext");
    }
    // `srv_raw_load_ext_id(1) r1.x_z, r0.x, r2.y`: bit 28 adds one source (L8675).
    let ext = Opcode::SrvRawLoad.info().field("ext").unwrap().set(0, 1) as u16;
    assert_eq!(Opcode::SrvRawLoad.info().source_count(0, &plain), 1);
    assert_eq!(Opcode::SrvRawLoad.info().source_count(ext, &plain), 2);
}

#[test]
fn which_memory_instructions_have_a_destination() {
    // (opcode, dst, sources, line of the Syntax row)
    for (op, dst, srcs, line) in [
        // Raw and structured UAV stores write through `mem` (L8842, L9115); the typed
        // store has no destination (L9087).
        (Opcode::UavRawStore, true, 2, 8842),
        (Opcode::UavStructStore, true, 2, 9115),
        (Opcode::UavStore, false, 2, 9087),
        // Arena: the load has a destination although its Syntax row omits it (L8725); the
        // store has two sources, not `dst, src0` (L8741, I-15).
        (Opcode::UavArenaLoad, true, 1, 8725),
        (Opcode::UavArenaStore, false, 2, 8741),
        (Opcode::UavAdd, false, 2, 8697),
        (Opcode::UavReadAdd, true, 2, 8856),
        (Opcode::UavCmp, false, 3, 8757),
        (Opcode::UavReadCmpXchg, true, 3, 8884),
        (Opcode::LdsStore, false, 2, 8561),
        (Opcode::LdsLoadVec, true, 2, 8324),
        (Opcode::LdsStoreVec, true, 3, 8597),
        (Opcode::LdsReadCmpXchg, true, 3, 8418),
        (Opcode::GdsLoad, true, 1, 9335),
        (Opcode::GdsReadMskor, true, 3, 9544),
        (Opcode::AppendBufAlloc, true, 0, 8020),
        (Opcode::LdsWriteVec, true, 1, 4933),
        (Opcode::Fcall, false, 1, 9831),
    ] {
        let info = op.info();
        assert_eq!((info.dst, info.srcs), (dst, srcs), "{op:?} (L{line})");
    }
}

#[test]
fn trailing_words_follow_the_resolved_errata() {
    // CALL is opcode + label (L3498; I-9), as FUNC (L3797).
    assert_eq!(Opcode::Call.info().words, Words::Unsigned(1));
    assert_eq!(Opcode::Func.info().words, Words::Unsigned(1));
    // DCL_STRUCT_GDS and DCL_STRUCT_LDS: stride and count (L9239, L8102; I-45).
    assert_eq!(Opcode::DclStructGds.info().words, Words::Unsigned(2));
    assert_eq!(Opcode::DclStructLds.info().words, Words::Unsigned(2));
    // LDS_LOAD_VEC/LDS_STORE_VEC carry no word for `n` (I-14).
    assert_eq!(Opcode::LdsLoadVec.info().words, Words::None);
    assert_eq!(Opcode::LdsStoreVec.info().words, Words::None);
    // DCL_NUM_INSTANCES keeps n in control and in a word (L4185, L4188).
    assert_eq!(
        Opcode::DclNumInstances.info().words,
        Words::MirroredInControl
    );
    // CASE: one signed word (L3628).
    assert_eq!(Opcode::Case.info().words, Words::Signed);
}

#[test]
fn shader_model_restrictions_follow_appendix_c() {
    use crate::regs::ShaderModel;
    // Table C-3 (L11424-L11432) lists MEMEXPORT and MEMIMPORT (L11431-L11432).
    for op in [
        Opcode::Memexport,
        Opcode::Memimport,
        Opcode::Dist,
        Opcode::Texldms,
        Opcode::Dcldef,
    ] {
        assert_eq!(op.info().model, ShaderModel::Sm30Only, "{op:?}");
    }
    // Table C-1 (L11312-L11406): SM40 only, U_BIT_INSERT included (L11360).
    for op in [
        Opcode::UBitInsert,
        Opcode::Fence,
        Opcode::LdsWriteVec,
        Opcode::DclNumThreadPerGroup,
        Opcode::GdsStore,
    ] {
        assert_eq!(op.info().model, ShaderModel::Sm40Only, "{op:?}");
    }
    // In neither table: ordinary ALU and flow control; and TRANSPOSE, which Table C-3 lists
    // but its entry makes valid for all GPUs (L7520; docs/decisions.md, "`transpose`").
    for op in [
        Opcode::Lod,
        Opcode::Mov,
        Opcode::While,
        Opcode::IfLogicalnz,
        Opcode::Transpose,
    ] {
        assert_eq!(op.info().model, ShaderModel::Any, "{op:?}");
    }
}

#[test]
fn documented_misprints_are_accepted_as_aliases() {
    // I-19: `buifinfo` (L4623), `dmove` (L7765), `nt` (L7142), `write_lds` (L1608).
    assert_eq!(Opcode::from_mnemonic("buifinfo"), Some(Opcode::Bufinfo));
    assert_eq!(Opcode::from_mnemonic("dmove"), Some(Opcode::DMovc));
    assert_eq!(Opcode::from_mnemonic("nt"), Some(Opcode::Ne));
    assert_eq!(
        Opcode::from_mnemonic("write_lds"),
        Some(Opcode::LdsWriteVec)
    );
    // The canonical spellings stay those of the Syntax rows.
    assert_eq!(Opcode::Ne.mnemonic(), "ne");
    assert_eq!(Opcode::EmitThenCut.mnemonic(), "emitthencut"); // L4695
    assert_eq!(Opcode::EmitThenCutStream.mnemonic(), "emitcut_stream"); // L4706
    assert_eq!(Opcode::InvMov.mnemonic(), "invariant_move"); // L6929
    assert_eq!(Opcode::DMuladd.mnemonic(), "dmad"); // L7803
                                                    // `dcl_global_flags` flags in the example's camelCase (L3993) and the table's
                                                    // snake_case (L3995-L3999).
    let info = Opcode::DclGlobalFlags.info();
    assert_eq!(
        info.field("refactoring_allowed").map(|f| f.name),
        Some("refactoringAllowed")
    );
}
