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
