//! The independent oracle: LLVM 14's AMDGPU assembler and disassembler.
//!
//! For every line of `tests/data/gfx906.s` (one instruction per line; `;` comments):
//! 1. `llvm-mc -arch=amdgcn -mcpu=gfx906 -show-encoding` must accept it; the bytes it
//!    prints are the expected encoding (never our own output);
//! 2. our `parse_asm` + `encode` must produce exactly those bytes;
//! 3. `llvm-mc -disassemble -show-encoding` is run on those bytes, and our `decode` of the
//!    same bytes, printed with `Display`, must equal LLVM's disassembly text after
//!    normalization.
//!
//! Normalization (applied to both texts): the `; encoding: [...]` comment is removed,
//! leading/trailing whitespace is trimmed and every run of whitespace becomes one space.
//! Nothing else: mnemonics, operand spelling, modifier order and number formats must match
//! exactly.
//!
//! If llvm-mc is not installed, the test fails with a message saying so.

mod common;

use backend_gcn::isa::{decode, encode, parse_asm};
use common::{llvm_mc, normalize, parse_mc_output, run};

fn table() -> Vec<String> {
    let src = include_str!("data/gfx906.s");
    src.lines()
        .map(|l| l.split(';').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

#[test]
fn table_agrees_with_llvm_mc() {
    let mc = llvm_mc();
    let lines = table();
    assert!(
        lines.len() >= 300,
        "the table must have at least 300 instructions"
    );

    // 1. LLVM's encoding of every line.
    let (out, err) = run(&mc, &[], &(lines.join("\n") + "\n"));
    assert!(
        !err.contains("error"),
        "llvm-mc rejected lines of tests/data/gfx906.s:\n{err}"
    );
    let expected = parse_mc_output(&out);
    assert_eq!(
        expected.len(),
        lines.len(),
        "one llvm-mc encoding per table line"
    );

    // 3a. LLVM's disassembly of its own bytes.
    let hex: Vec<String> = expected
        .iter()
        .map(|(_, b)| {
            b.iter()
                .map(|x| format!("0x{x:02x}"))
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let (dis, derr) = run(&mc, &["-disassemble"], &(hex.join("\n") + "\n"));
    assert!(
        !derr.contains("invalid") && !derr.contains("error"),
        "llvm-mc could not disassemble its own encodings:\n{derr}"
    );
    let disasm = parse_mc_output(&dis);
    assert_eq!(disasm.len(), lines.len(), "one disassembly per table line");

    let mut failures = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        let want = &expected[k].1;
        assert_eq!(&disasm[k].1, want, "disassembly order");
        // 2. Our assembler and encoder.
        match parse_asm(line).and_then(|insts| {
            encode(&insts).map_err(|e| backend_gcn::isa::AsmError {
                line: 1,
                col: 1,
                msg: e.to_string(),
            })
        }) {
            Ok(bytes) if &bytes == want => {}
            Ok(bytes) => failures.push(format!(
                "{line}\n    encode: ours {bytes:02x?}\n            llvm {want:02x?}"
            )),
            Err(e) => failures.push(format!("{line}\n    asm error: {e}")),
        }
        // 3b. Our decoder and printer.
        match decode(want) {
            Ok(insts) if insts.len() == 1 => {
                let ours = normalize(&insts[0].1.to_string());
                // The one deliberate difference: LLVM prints an `s_waitcnt` whose reserved
                // bits are set as its counters and loses the bits; we print the number, so
                // that assembling the text gives the bytes back. llvm-mc must agree that
                // our text is those bytes.
                let waitcnt_number = ours.starts_with("s_waitcnt 0x")
                    && parse_mc_output(&run(&mc, &[], &format!("{ours}\n")).0)
                        .first()
                        .is_some_and(|(_, bytes)| bytes == want);
                if ours != disasm[k].0 && !waitcnt_number {
                    failures.push(format!(
                        "{line}\n    text: ours `{ours}`\n          llvm `{}`",
                        disasm[k].0
                    ));
                }
                // And the decoded instruction re-encodes to the same bytes.
                let back = encode(&[insts[0].1.clone()]);
                if back.as_ref().ok() != Some(want) {
                    failures.push(format!("{line}\n    re-encode: {back:02x?}"));
                }
            }
            Ok(insts) => failures.push(format!(
                "{line}\n    decoded into {} instructions",
                insts.len()
            )),
            Err(e) => failures.push(format!("{line}\n    decode error: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} table lines disagree with llvm-mc:\n{}",
        failures.len(),
        lines.len(),
        failures.join("\n")
    );
}

/// Format-level coverage of the table: every required encoding appears.
#[test]
fn table_covers_every_encoding() {
    use backend_gcn::isa::{Format, Inst, ValuExt};
    let insts = parse_asm(&table().join("\n")).expect("table parses");
    let mut seen = std::collections::HashSet::new();
    for i in &insts {
        let f = i.opcode().format();
        let key = match i {
            Inst::Valu(v) if v.vop3 && f != Format::Vop3p => "VOP3".to_string(),
            Inst::Valu(v) if matches!(v.ext, ValuExt::Sdwa(_)) => "SDWA".to_string(),
            Inst::Valu(v) if matches!(v.ext, ValuExt::Dpp(_)) => "DPP".to_string(),
            _ => format!("{f:?}"),
        };
        seen.insert(key);
    }
    for want in [
        "Sop1", "Sop2", "Sopk", "Sopc", "Sopp", "Smem", "Vop1", "Vop2", "Vopc", "VOP3", "Vop3p",
        "Ds", "Mubuf", "Mtbuf", "Flat", "Global", "Scratch", "Mimg", "Exp", "Vintrp",
    ] {
        assert!(seen.contains(want), "no {want} instruction in the table");
    }
}

/// The bytes of `.text` of an object `llvm-mc` assembles from `text` (triple
/// amdgcn-amd-amdhsa), extracted by `llvm-objcopy`, and the whole object.
fn llvm_text_and_object(text: &str, name: &str) -> (Vec<u8>, Vec<u8>) {
    let mc = llvm_mc();
    let dir = std::env::temp_dir().join(format!("ilc-llvm-mc-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (src, obj, bin) = (dir.join("a.s"), dir.join("a.o"), dir.join("a.bin"));
    std::fs::write(&src, text).unwrap();
    let ok = std::process::Command::new(&mc)
        .args([
            "-triple=amdgcn-amd-amdhsa",
            "-mcpu=gfx906",
            "-filetype=obj",
            "-o",
        ])
        .arg(&obj)
        .arg(&src)
        .status()
        .unwrap()
        .success();
    assert!(ok, "llvm-mc rejected:\n{text}");
    let objcopy = if mc.ends_with("-14") {
        "llvm-objcopy-14"
    } else {
        "llvm-objcopy"
    };
    let ok = std::process::Command::new(objcopy)
        .args(["-O", "binary", "-j", ".text"])
        .arg(&obj)
        .arg(&bin)
        .status()
        .expect("llvm-objcopy (LLVM 14) is required for this test")
        .success();
    assert!(ok);
    (std::fs::read(&bin).unwrap(), std::fs::read(&obj).unwrap())
}

#[test]
fn labels_and_directives_assemble_as_llvm_mc_does() {
    // What llvm-mc and llc print: directives, labels (also `.L` local ones), branches to
    // labels backwards and forwards, comments after a label.
    let text = "\t.text\n\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx906\"\n\t.p2align 8\nmain:\n\
                \ts_mov_b32 s0, 0\nBB0_1:                 ; a loop\n\ts_add_u32 s0, s0, 1\n\
                \ts_cmp_lt_u32 s0, 10\n\ts_cbranch_scc1 BB0_1\n\ts_branch .LBB0_3\n\
                \ts_nop 0\n.LBB0_3:\n\ts_endpgm\n";
    let (expected, object) = llvm_text_and_object(text, "labels");
    assert_eq!(backend_gcn::isa::assemble(text).unwrap(), expected);
    // The code object's reader finds the same `.text` that llvm-objcopy extracts.
    assert_eq!(
        backend_gcn::code_object::text_section(&object),
        Some(&expected[..])
    );
    // An unknown label is an error at its column.
    let e = backend_gcn::isa::assemble("s_branch nowhere\n").unwrap_err();
    assert_eq!((e.line, e.col), (1, 10), "{}", e.msg);
    assert!(e.msg.contains("label"), "{}", e.msg);
}
