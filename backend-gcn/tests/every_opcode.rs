//! Every opcode of the table against llvm-mc 14.
//!
//! For each opcode (except the few LLVM 14 does not know, listed below) one canonical
//! instruction is built from the opcode's shape and printed with our printer; VOP1, VOP2
//! and VOPC opcodes also get their VOP3 (e64) form. llvm-mc must
//! accept that text and encode it to exactly our bytes; its disassembly of those bytes
//! must equal (after the normalization of `tests/common`) our printing of our decoding.
//! This checks every opcode number and mnemonic of the table against LLVM, both ways.

mod common;

use backend_gcn::isa::decode::mimg_min_addr;
use backend_gcn::isa::opcodes::{
    BufKind, FlatKind, MimgKind, SmemKind, SopkKind, SoppKind, ValuKind, VintrpKind,
};
use backend_gcn::isa::*;
use common::{llvm_mc, normalize, parse_mc_output, run};

/// Opcodes LLVM 14 rejects on gfx906 although the document lists them (digest D6).
const NOT_IN_LLVM: [Opcode; 3] = [
    Opcode::IMAGE_GATHER4H,
    Opcode::IMAGE_GATHER4H_PCK,
    Opcode::IMAGE_GATHER8H_PCK,
];

fn s(code: u8, n: u8) -> Operand {
    Operand::s_range(code, n)
}
fn v(i: u8, n: u8) -> Operand {
    Operand::v_range(i, n)
}
/// An SGPR range aligned for its width, starting at or after `base`.
fn sa(base: u8, n: u8) -> Operand {
    let align = match n {
        1 => 1,
        2 => 2,
        _ => 4,
    };
    s(base.div_ceil(align) * align, n)
}

fn canonical(op: Opcode) -> Option<Inst> {
    let info = op.info();
    let name = info.name;
    let opt = |n: u8, f: &dyn Fn(u8) -> Operand| (n > 0).then(|| f(n));
    Some(match info.shape {
        Shape::Sop2 { d, s0, s1 } => Inst::Salu(Salu {
            op,
            dst: opt(d, &|n| sa(8, n)),
            src0: opt(s0, &|n| sa(12, n)),
            src1: opt(s1, &|n| sa(16, n)),
        }),
        Shape::Sop1 { d, s0 } => Inst::Salu(Salu {
            op,
            dst: opt(d, &|n| sa(8, n)),
            src0: opt(s0, &|n| sa(12, n)),
            src1: None,
        }),
        Shape::Sopc { s0, s1 } => Inst::Salu(Salu {
            op,
            dst: None,
            src0: opt(s0, &|n| sa(12, n)),
            src1: opt(s1, &|n| sa(16, n)),
        }),
        Shape::SopcGprIdxOn => Inst::SetGprIdxOn {
            src0: s(2, 1),
            mode: 1,
        },
        Shape::Sopk(kind) => {
            let hw = 1 | (31 << 11); // hwreg(HW_REG_MODE)
            let (sdst, simm16, imm32) = match kind {
                SopkKind::Imm => (Some(s(3, 1)), 0x10, None),
                SopkKind::BranchPair => (Some(s(4, 2)), 4, None),
                SopkKind::GetReg | SopkKind::SetReg => (Some(s(3, 1)), hw, None),
                SopkKind::SetRegImm32 => (None, hw, Some(0x12)),
            };
            Inst::Sopk(Sopk {
                op,
                sdst,
                simm16,
                imm32,
            })
        }
        Shape::Sopp(kind) => Inst::Sopp(Sopp {
            op,
            simm16: match kind {
                SoppKind::None | SoppKind::Waitcnt => 0,
                SoppKind::Branch => 4,
                _ => 1,
            },
        }),
        Shape::Smem { kind, data, base } => {
            let off = Some(SmemOffset::Imm(0x10));
            let b = Some(sa(4, base.max(2)));
            let (sdata, sbase, offset) = match kind {
                SmemKind::NoOp => (None, None, None),
                SmemKind::Time => (Some(s(8, 2)), None, None),
                SmemKind::Probe => (Some(Operand::Int(1)), b, off),
                SmemKind::Discard => (None, b, off),
                _ => (Some(sa(16, data)), b, off),
            };
            Inst::Smem(Smem {
                op,
                sdata,
                sbase,
                offset,
                glc: false,
            })
        }
        Shape::Valu(sh) => {
            let only64 = matches!(info.format, Format::Vop3 | Format::Vop3p);
            let nsrc = sh.nsrc();
            let mut srcs: Vec<Operand> = (0..nsrc)
                .map(|k| v(10 * (k as u8 + 1), sh.srcs[k].regs()))
                .collect();
            match (op, sh.kind) {
                (Opcode::V_READLANE_B32, _) => srcs[1] = s(4, 1),
                // One SGPR per instruction (constant bus, vega L3490-3496).
                (Opcode::V_WRITELANE_B32, _) => srcs = vec![s(4, 1), Operand::Int(2)],
                (_, ValuKind::MadMk | ValuKind::MadAk) => {
                    let k = if sh.dst == Ty::F16 {
                        0x4800
                    } else {
                        0x4100_0000
                    };
                    srcs[if sh.kind == ValuKind::MadMk { 1 } else { 2 }] = Operand::Literal(k);
                }
                (_, ValuKind::CarryIn | ValuKind::CarryInOut) => {
                    srcs[2] = if only64 { s(12, 2) } else { Operand::VCC }
                }
                _ => {}
            }
            let vdst = match sh.dst {
                Ty::None => None,
                _ if sh.sgpr_dst => Some(s(3, 1)),
                t => Some(v(1, t.regs())),
            };
            let mut i = Valu::new(op, vdst, &srcs);
            if sh.has_sdst() {
                i.sdst = Some(if i.vop3 { s(6, 2) } else { Operand::VCC });
            }
            Inst::Valu(i)
        }
        Shape::Vintrp(kind) => Inst::Vintrp(Vintrp {
            op,
            vdst: 1,
            vsrc: if kind == VintrpKind::Mov { 0 } else { 2 },
            attr: 3,
            chan: 1,
        }),
        Shape::Ds(sh) => {
            let gds = name.starts_with("ds_gws") || op == Opcode::DS_ORDERED_COUNT;
            let offset = if op == Opcode::DS_NOP {
                0
            } else if op == Opcode::DS_SWIZZLE_B32 {
                0x201f
            } else if sh.two_offsets {
                0x0201
            } else {
                4
            };
            Inst::Ds(Ds {
                op,
                vdst: opt(sh.vdst, &|n| v(1, n)),
                addr: sh.addr.then(|| v(10, 1)),
                data0: opt(sh.data0, &|n| v(20, n)),
                data1: opt(sh.data1, &|n| v(30, n)),
                offset,
                gds,
            })
        }
        Shape::Buf { kind, vdata } => {
            let none = matches!(kind, BufKind::NoOp | BufKind::StoreLds);
            Inst::Buf(Buf {
                op,
                vdata: (!none).then(|| v(1, vdata)),
                vaddr: (!none).then(|| v(10, 1)),
                srsrc: (kind != BufKind::NoOp).then(|| s(4, 4)),
                soffset: (kind != BufKind::NoOp).then(|| s(1, 1)),
                offset: if kind == BufKind::NoOp { 0 } else { 4 },
                offen: !none,
                idxen: false,
                glc: kind == BufKind::Atomic,
                slc: false,
                lds: kind == BufKind::StoreLds,
                tfe: false,
                dfmt: if info.format == Format::Mtbuf { 1 } else { 0 },
                nfmt: 0,
            })
        }
        Shape::Flat { kind, dst, data } => {
            let addr = match info.format {
                Format::Scratch => v(10, 1),
                _ => v(10, 2),
            };
            Inst::Flat(Flat {
                op,
                vdst: (kind != FlatKind::Store).then(|| v(1, dst)),
                addr: Some(addr),
                data: (data > 0).then(|| v(20, data)),
                saddr: None,
                offset: 8,
                glc: kind == FlatKind::Atomic,
                slc: false,
            })
        }
        Shape::Mimg(kind) => {
            let gather = name.starts_with("image_gather4");
            let dmask: u8 = if name.contains("cmpswap") { 3 } else { 1 };
            let lanes = if gather { 4 } else { dmask.count_ones() as u8 };
            Inst::Mimg(Mimg {
                op,
                vdata: v(1, lanes),
                vaddr: v(10, mimg_min_addr(op)),
                srsrc: s(8, 8),
                ssamp: (kind == MimgKind::Sample).then(|| s(16, 4)),
                dmask,
                unorm: false,
                glc: kind == MimgKind::Atomic,
                slc: false,
                a16: false,
                tfe: false,
                lwe: false,
                da: false,
                d16: false,
            })
        }
        Shape::Exp => Inst::Exp(Exp {
            target: 0,
            en: 0xf,
            vsrc: [0, 1, 2, 3],
            done: true,
            compr: false,
            vm: false,
        }),
        Shape::Unsupported => return None,
    })
}

#[test]
fn every_opcode_agrees_with_llvm_mc() {
    let mc = llvm_mc();
    let mut cases = Vec::new();
    let mut skipped = Vec::new();
    for info in TABLE {
        if NOT_IN_LLVM.contains(&info.op) {
            continue;
        }
        match canonical(info.op) {
            Some(inst) => {
                // The VOP3 (e64) form of a VOP1/VOP2/VOPC opcode as well.
                // (Not v_nop/v_clrexcp: LLVM prints both forms without a suffix, so their
                // e64 text reads back as e32; the table test covers `v_nop_e64` bytes.)
                if let (Inst::Valu(v), Some(_)) = (&inst, info.vop3) {
                    if !v.vop3 && !matches!(info.op, Opcode::V_NOP | Opcode::V_CLREXCP) {
                        let mut e64 = v.clone();
                        e64.vop3 = true;
                        if e64.sdst.is_some() {
                            e64.sdst = Some(Operand::s_range(6, 2));
                        }
                        if e64.src[2] == Some(Operand::VCC) {
                            e64.src[2] = Some(Operand::s_range(12, 2));
                        }
                        cases.push(Inst::Valu(e64));
                    }
                }
                cases.push(inst);
            }
            None => skipped.push(info.name),
        }
    }
    // Only the VOP3 forms of the interpolation instructions have no canonical instance.
    assert!(
        skipped.iter().all(|n| n.starts_with("v_interp_")),
        "{skipped:?}"
    );

    let texts: Vec<String> = cases.iter().map(|i| i.to_string()).collect();
    let (out, err) = run(&mc, &[], &(texts.join("\n") + "\n"));
    let rejected: Vec<String> = err
        .lines()
        .filter(|l| l.contains("error"))
        .map(|l| {
            let n: usize = l
                .split(':')
                .nth(1)
                .and_then(|x| x.parse().ok())
                .unwrap_or(0);
            format!(
                "{}  <- {}",
                texts.get(n.wrapping_sub(1)).map_or("?", |s| s),
                l
            )
        })
        .collect();
    assert!(
        rejected.is_empty(),
        "llvm-mc rejects our printing of:\n{}",
        rejected.join("\n")
    );
    let expected = parse_mc_output(&out);
    assert_eq!(expected.len(), cases.len());

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
        !derr.contains("invalid"),
        "llvm-mc could not disassemble:\n{derr}"
    );
    let disasm = parse_mc_output(&dis);
    assert_eq!(disasm.len(), cases.len());

    let mut failures = Vec::new();
    for (k, inst) in cases.iter().enumerate() {
        let ours = encode(std::slice::from_ref(inst)).expect("canonical instruction encodes");
        if ours != expected[k].1 {
            failures.push(format!(
                "{}\n    ours {ours:02x?}\n    llvm {:02x?}",
                texts[k], expected[k].1
            ));
            continue;
        }
        match decode(&ours) {
            Ok(d) if d.len() == 1 && &d[0].1 == inst => {
                let t = normalize(&d[0].1.to_string());
                if t != disasm[k].0 {
                    failures.push(format!("text ours `{t}`\n     llvm `{}`", disasm[k].0));
                }
            }
            other => failures.push(format!("{}: decoded as {other:?}", texts[k])),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} opcodes disagree with llvm-mc:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    eprintln!("{} instructions checked against llvm-mc", cases.len());
}
