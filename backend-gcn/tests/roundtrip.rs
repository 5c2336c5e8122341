//! Property tests of the ISA module.
//!
//! * For randomly generated valid instructions of every supported opcode:
//!   `decode(encode(i)) == i`, `encode(decode(encode(i))) == encode(i)`, and the printed
//!   text parses back to the same instruction.
//! * For random bytes: `decode` never panics, and whatever it accepts re-encodes to exactly
//!   the same bytes.

use backend_gcn::isa::decode::mimg_min_addr;
use backend_gcn::isa::opcodes::{
    BufKind, DsShape, FlatKind, MimgKind, SmemKind, SopkKind, SoppKind, ValuKind, MIX,
};
use backend_gcn::isa::*;
use proptest::prelude::*;

/// A small deterministic generator driven by proptest's seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn bool(&mut self) -> bool {
        self.next() & 1 == 1
    }
    fn pick<T: Copy>(&mut self, v: &[T]) -> T {
        v[self.below(v.len() as u64) as usize]
    }

    /// A valid SGPR range of `count` registers.
    fn sgpr(&mut self, count: u8) -> Operand {
        loop {
            let code = self.below(128) as u8;
            if backend_gcn::isa::operand::sgpr_range_ok(code, count) {
                return Operand::s_range(code, count);
            }
        }
    }
    fn vgpr(&mut self, count: u8) -> Operand {
        Operand::v_range(self.below(257 - u64::from(count)) as u8, count)
    }
    /// A literal no parser would fold into an inline constant.
    fn literal(&mut self) -> u32 {
        loop {
            let v = self.next() as u32;
            if (0x1_0000..0xffff_8000).contains(&v)
                && Operand::inline_for(u64::from(v), Ty::F32).is_none()
            {
                return v;
            }
        }
    }
    /// An inline constant or special source.
    fn constant(&mut self, allow_lds_direct: bool) -> Operand {
        match self.below(3) {
            0 => Operand::Int(self.below(81) as i8 - 16),
            1 => Operand::Float(self.pick(&InlineFloat::ALL)),
            _ => loop {
                let s = self.pick(&Special::ALL);
                if allow_lds_direct || s != Special::LdsDirect {
                    return Operand::Special(s);
                }
            },
        }
    }
    /// A scalar source of `width` registers; `lit` is the instruction's literal, if any.
    fn ssrc(&mut self, width: u8, lit: &mut Option<u32>) -> Operand {
        match self.below(4) {
            0 | 1 => self.sgpr(width),
            2 => self.constant(false),
            _ => Operand::Literal(*lit.get_or_insert_with(|| self.literal())),
        }
    }
}

fn gen_inst(op: Opcode, seed: u64) -> Option<Inst> {
    let mut r = Rng(seed | 1);
    let info = op.info();
    Some(match info.shape {
        Shape::Sop2 { d, s0, s1 } => salu(&mut r, op, d, s0, s1),
        Shape::Sop1 { d, s0 } => salu(&mut r, op, d, s0, 0),
        Shape::Sopc { s0, s1 } => salu(&mut r, op, 0, s0, s1),
        Shape::SopcGprIdxOn => {
            let mut lit = None;
            Inst::SetGprIdxOn {
                src0: r.ssrc(1, &mut lit),
                mode: r.below(16) as u8,
            }
        }
        Shape::Sopk(kind) => Inst::Sopk(Sopk {
            op,
            sdst: match kind {
                SopkKind::SetRegImm32 => None,
                SopkKind::BranchPair => Some(r.sgpr(2)),
                _ => Some(r.sgpr(1)),
            },
            simm16: r.next() as u16,
            imm32: (kind == SopkKind::SetRegImm32).then(|| r.next() as u32),
        }),
        Shape::Sopp(kind) => Inst::Sopp(Sopp {
            op,
            simm16: match kind {
                SoppKind::None => 0,
                // Bits 7 and 13:12 of s_waitcnt are not printed (LLVM drops them too).
                SoppKind::Waitcnt => r.next() as u16 & !0x3080,
                _ => r.next() as u16,
            },
        }),
        Shape::Smem { kind, data, base } => {
            let offset = Some(if r.bool() {
                smem_offset_imm(&mut r)
            } else {
                SmemOffset::Sgpr(r.sgpr(1))
            });
            let (sdata, sbase, offset) = match kind {
                SmemKind::NoOp => (None, None, None),
                SmemKind::Time => (Some(r.sgpr(2)), None, None),
                SmemKind::Discard => (None, Some(r.sgpr(base)), offset),
                SmemKind::Probe => (
                    Some(Operand::Int(r.below(128) as i8)),
                    Some(r.sgpr(base)),
                    offset,
                ),
                _ => (Some(r.sgpr(data)), Some(r.sgpr(base)), offset),
            };
            Inst::Smem(Smem {
                op,
                sdata,
                sbase,
                offset,
                glc: r.bool(),
            })
        }
        Shape::Valu(sh) => gen_valu(&mut r, op, sh)?,
        Shape::Vintrp(kind) => Inst::Vintrp(Vintrp {
            op,
            vdst: r.next() as u8,
            vsrc: if kind == opcodes::VintrpKind::Mov {
                r.below(3) as u8
            } else {
                r.next() as u8
            },
            attr: r.below(64) as u8,
            chan: r.below(4) as u8,
        }),
        Shape::Ds(DsShape {
            vdst,
            addr,
            data0,
            data1,
            two_offsets: _,
        }) => {
            let mut v = |w: u8| (w > 0).then(|| r.vgpr(w));
            let (vd, a, d0, d1) = (v(vdst), v(u8::from(addr)), v(data0), v(data1));
            Inst::Ds(Ds {
                op,
                vdst: vd,
                addr: a,
                data0: d0,
                data1: d1,
                offset: r.next() as u16,
                gds: r.bool(),
            })
        }
        Shape::Buf { kind, vdata } => {
            let mtbuf = op.format() == Format::Mtbuf;
            let (offen, idxen, tfe) = (r.bool(), r.bool(), r.bool());
            let naddr = u8::from(offen) + u8::from(idxen);
            let (vd, va, rsrc) = match kind {
                BufKind::NoOp => (None, None, false),
                BufKind::StoreLds => (None, None, true),
                BufKind::Load => (
                    Some(r.vgpr(vdata + u8::from(tfe))),
                    (naddr > 0).then(|| r.vgpr(naddr)),
                    true,
                ),
                _ => (
                    Some(r.vgpr(vdata)),
                    (naddr > 0).then(|| r.vgpr(naddr)),
                    true,
                ),
            };
            let none = matches!(kind, BufKind::NoOp | BufKind::StoreLds);
            let soffset = if r.bool() {
                r.sgpr(1)
            } else {
                r.constant(false)
            };
            Inst::Buf(Buf {
                op,
                vdata: vd,
                vaddr: va,
                srsrc: rsrc.then(|| r.sgpr(4)),
                soffset: rsrc.then_some(soffset),
                offset: r.below(4096) as u16,
                offen: offen && !none,
                idxen: idxen && !none,
                glc: r.bool(),
                slc: r.bool(),
                lds: !mtbuf && r.bool(),
                tfe,
                dfmt: if mtbuf { r.below(16) as u8 } else { 0 },
                nfmt: if mtbuf { r.below(8) as u8 } else { 0 },
            })
        }
        Shape::Flat { kind, dst, data } => {
            let glc = r.bool();
            let seg = op.format();
            let saddr = match seg {
                Format::Flat => None,
                Format::Global => r.bool().then(|| r.sgpr(2)),
                _ => r
                    .bool()
                    .then(|| r.sgpr(1))
                    .filter(|s| *s != Operand::s(127)),
            };
            let addr_w = match (seg, saddr.is_some()) {
                (Format::Flat, _) | (Format::Global, false) => 2,
                (Format::Global, true) | (Format::Scratch, false) => 1,
                _ => 0,
            };
            let vdst = match kind {
                FlatKind::Load => Some(r.vgpr(dst)),
                FlatKind::Atomic if glc => Some(r.vgpr(dst)),
                _ => None,
            };
            Inst::Flat(Flat {
                op,
                vdst,
                addr: (addr_w > 0).then(|| r.vgpr(addr_w)),
                data: (data > 0).then(|| r.vgpr(data)),
                saddr,
                offset: if seg == Format::Flat {
                    r.below(4096) as i16
                } else {
                    r.below(8192) as i16 - 4096
                },
                glc,
                slc: r.bool(),
            })
        }
        Shape::Mimg(kind) => {
            let dmask = r.below(16) as u8;
            let (tfe, d16) = (r.bool(), r.bool());
            let lanes = if op.name().starts_with("image_gather4") {
                4
            } else {
                dmask.count_ones().max(1) as u8
            };
            let w = if d16 { lanes.div_ceil(2) } else { lanes } + u8::from(tfe);
            Inst::Mimg(Mimg {
                op,
                vdata: r.vgpr(w),
                vaddr: r.vgpr(mimg_min_addr(op)),
                srsrc: Operand::s_range(4 * r.below(24) as u8, 8),
                ssamp: (kind == MimgKind::Sample)
                    .then(|| Operand::s_range(4 * r.below(25) as u8, 4)),
                dmask,
                unorm: r.bool(),
                glc: r.bool(),
                slc: r.bool(),
                a16: r.bool(),
                tfe,
                lwe: r.bool(),
                da: r.bool(),
                d16,
            })
        }
        Shape::Exp => {
            let compr = r.bool();
            let target = r.pick(&[0u8, 3, 7, 8, 9, 12, 15, 32, 40, 63]);
            let en = if compr {
                r.pick(&[0u8, 3, 12, 15])
            } else {
                r.below(16) as u8
            };
            let mut vsrc = [0u8; 4];
            for (k, v) in vsrc.iter_mut().enumerate() {
                let on = if compr {
                    k < 2 && en >> (2 * k) & 1 != 0
                } else {
                    en >> k & 1 != 0
                };
                if on {
                    *v = r.next() as u8;
                }
            }
            Inst::Exp(Exp {
                target,
                en,
                vsrc,
                done: r.bool(),
                compr,
                vm: r.bool(),
            })
        }
        Shape::Unsupported => return None,
    })
}

fn smem_offset_imm(r: &mut Rng) -> SmemOffset {
    SmemOffset::Imm(r.below(1 << 21) as i32 - (1 << 20))
}

fn salu(r: &mut Rng, op: Opcode, d: u8, s0: u8, s1: u8) -> Inst {
    let mut lit = None;
    let dst = (d > 0).then(|| r.sgpr(d));
    let src0 = (s0 > 0).then(|| r.ssrc(s0, &mut lit));
    let src1 = (s1 > 0).then(|| r.ssrc(s1, &mut lit));
    Inst::Salu(Salu {
        op,
        dst,
        src0,
        src1,
    })
}

fn gen_valu(r: &mut Rng, op: Opcode, sh: ValuShape) -> Option<Inst> {
    let fmt = op.format();
    let only64 = matches!(fmt, Format::Vop3 | Format::Vop3p);
    let has64 = only64 || op.info().vop3.is_some();
    // v_nop_e64 / v_clrexcp_e64 print like their e32 forms (LLVM); keep them e32 here.
    let vop3 = only64 || (has64 && !matches!(op, Opcode::V_NOP | Opcode::V_CLREXCP) && r.bool());
    let nsrc = sh.nsrc();
    let mut v = Valu::new(op, None, &[]);
    v.vop3 = vop3;
    if sh.dst != Ty::None {
        v.vdst = Some(if sh.sgpr_dst {
            r.sgpr(1)
        } else {
            r.vgpr(sh.dst.regs())
        });
    }
    let carry_out = matches!(
        sh.kind,
        ValuKind::Vopc | ValuKind::CarryOut | ValuKind::CarryInOut
    );
    let carry_in = matches!(sh.kind, ValuKind::CarryIn | ValuKind::CarryInOut);
    if carry_out {
        v.sdst = Some(if vop3 { r.sgpr(2) } else { Operand::VCC });
    }
    let mut lit = None;
    for k in 0..nsrc {
        let w = sh.srcs[k].regs();
        let o = if carry_in && k == 2 {
            if vop3 {
                r.sgpr(2)
            } else {
                Operand::VCC
            }
        } else if !vop3 && matches!((sh.kind, k), (ValuKind::MadMk, 1) | (ValuKind::MadAk, 2)) {
            Operand::Literal(r.next() as u32)
        } else if !vop3 && k > 0 {
            r.vgpr(w)
        } else {
            match r.below(4) {
                0 => r.vgpr(w),
                1 => r.sgpr(w),
                // An inline float on a 16-bit integer operand prints as its f16 pattern,
                // which reads back as a literal in the 32-bit encoding (as in LLVM).
                2 if !vop3 && sh.srcs[k] == Ty::B16 => Operand::Int(r.below(81) as i8 - 16),
                2 => r.constant(k == 0),
                _ if !vop3 && !matches!(sh.kind, ValuKind::MadMk | ValuKind::MadAk) => {
                    Operand::Literal(*lit.get_or_insert_with(|| r.literal()))
                }
                _ => r.vgpr(w),
            }
        };
        v.src[k] = Some(o);
    }
    if vop3 {
        let mask = ((1u16 << nsrc) - 1) as u8;
        v.clamp = r.bool();
        v.neg = r.next() as u8 & mask;
        if sh.is_vop3p() {
            v.op_sel = r.next() as u8 & mask;
            let pad = if sh.flags & MIX != 0 { 0 } else { 7 & !mask };
            v.op_sel_hi = (r.next() as u8 & mask) | pad;
            v.neg_hi = r.next() as u8 & mask;
        } else if !carry_out || sh.kind == ValuKind::Vopc {
            v.abs = r.next() as u8 & mask;
            v.omod = r.below(4) as u8;
            v.op_sel = (r.next() as u8 & mask) | (r.next() as u8 & 8);
        } else {
            v.omod = r.below(4) as u8;
        }
    }
    // SDWA / DPP on some 32-bit forms.
    let vop32 = matches!(fmt, Format::Vop1 | Format::Vop2 | Format::Vopc);
    let fits = !sh.sgpr_dst
        && sh.dst.regs() <= 1
        && sh.srcs.iter().take(2).all(|t| t.regs() <= 1)
        && !matches!(sh.kind, ValuKind::MadMk | ValuKind::MadAk)
        && !matches!(op, Opcode::V_NOP | Opcode::V_CLREXCP);
    if !vop3 && vop32 && fits && r.below(3) == 0 {
        let nfield = if fmt == Format::Vop1 { 1 } else { 2 }.min(nsrc);
        let is_float = |k: usize| matches!(sh.srcs[k], Ty::F16 | Ty::F32 | Ty::F64);
        let dpp = fmt != Format::Vopc && r.bool();
        v.neg = 0;
        v.abs = 0;
        let mut sext = 0;
        for k in 0..nfield {
            v.src[k] = Some(match r.below(3) {
                0 if !dpp => r.sgpr(1),
                1 if !dpp && sh.srcs[k] == Ty::B16 => Operand::Int(r.below(81) as i8 - 16),
                1 if !dpp => r.constant(false),
                _ => r.vgpr(1),
            });
            if is_float(k) || dpp {
                v.neg |= (r.bool() as u8) << k;
                v.abs |= (r.bool() as u8) << k;
            } else {
                sext |= (r.bool() as u8) << k;
            }
        }
        if dpp {
            let ctrl = loop {
                let c = r.below(0x144) as u16;
                if backend_gcn::isa::encode::dpp_ctrl_valid(c) {
                    break c;
                }
            };
            v.ext = ValuExt::Dpp(Dpp {
                ctrl,
                row_mask: r.below(16) as u8,
                bank_mask: r.below(16) as u8,
                bound_ctrl: r.bool(),
            });
        } else {
            let vopc = fmt == Format::Vopc;
            if vopc {
                v.sdst = Some(if r.bool() { Operand::VCC } else { r.sgpr(2) });
            } else {
                v.clamp = r.bool();
                v.omod = r.below(4) as u8;
            }
            let sel = |r: &mut Rng, on: bool| if on { r.below(7) as u8 } else { 0 };
            v.ext = ValuExt::Sdwa(Sdwa {
                dst_sel: if vopc { 6 } else { r.below(7) as u8 },
                dst_unused: if vopc { 0 } else { r.below(3) as u8 },
                src0_sel: sel(r, nfield >= 1),
                src1_sel: sel(r, nfield >= 2),
                sext,
            });
        }
    }
    Some(Inst::Valu(v))
}

fn check_inst(inst: &Inst) -> Result<(), TestCaseError> {
    let bytes = encode(std::slice::from_ref(inst))
        .map_err(|e| TestCaseError::fail(format!("{e}: {inst:?}")))?;
    let dec = decode(&bytes).map_err(|e| TestCaseError::fail(format!("{e}: {inst:?}")))?;
    prop_assert_eq!(dec.len(), 1);
    prop_assert_eq!(&dec[0].1, inst);
    let again = encode(&[dec[0].1.clone()]).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(&again, &bytes);
    // Text: the printed form parses back to the same instruction. ds_swizzle's
    // BITMASK_PERM text is lossy (as in LLVM), so there only the text must be stable.
    let text = inst.to_string();
    let parsed = parse_asm(&text).map_err(|e| TestCaseError::fail(format!("{e}: `{text}`")))?;
    prop_assert_eq!(parsed.len(), 1);
    if inst.opcode() == Opcode::DS_SWIZZLE_B32 {
        // One trip through the text canonicalizes the offset; after that it is stable.
        let t1 = parsed[0].to_string();
        let again = parse_asm(&t1).map_err(|e| TestCaseError::fail(format!("{e}: `{t1}`")))?;
        prop_assert_eq!(again[0].to_string(), t1);
    } else {
        prop_assert_eq!(&parsed[0], inst, "text `{}`", text);
    }
    Ok(())
}

fn arb_inst() -> impl Strategy<Value = Inst> {
    (0..TABLE.len(), any::<u64>()).prop_filter_map("unsupported opcode", |(k, seed)| {
        gen_inst(TABLE[k].op, seed)
    })
}

proptest! {
    // 4096 cases by default; PROPTEST_CASES raises it for longer runs.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(4096),
        ..ProptestConfig::default()
    })]

    #[test]
    fn encode_decode_encode_is_identity(inst in arb_inst()) {
        check_inst(&inst)?;
    }

    #[test]
    fn decode_never_panics_on_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        if let Ok(insts) = decode(&bytes) {
            let v: Vec<Inst> = insts.into_iter().map(|(_, i)| i).collect();
            prop_assert_eq!(encode(&v).ok(), Some(bytes));
        }
    }

    /// Random dwords with a valid format prefix, so that most reach the field decoders.
    #[test]
    fn accepted_encodings_re_encode_exactly(
        prefix in proptest::sample::select(vec![
            0x0u32, 0x3F, 0x3E, 0x17D, 0x17E, 0x17F, 0xB, 0x2, 0x30, 0x31, 0x34, 0x35, 0x36, 0x37, 0x38, 0x3A, 0x3C,
        ]),
        w0 in any::<u32>(),
        w1 in any::<u32>(),
        w2 in any::<u32>(),
    ) {
        let w0 = match prefix {
            0x0 => w0 & 0x7fff_ffff,
            0x3F | 0x3E => (prefix << 25) | (w0 & 0x1ff_ffff),
            0x17D..=0x17F => (prefix << 23) | (w0 & 0x7f_ffff),
            0xB => (0xB << 28) | (w0 & 0x0fff_ffff),
            0x2 => (0x2 << 30) | (w0 & 0x3fff_ffff),
            p => (p << 26) | (w0 & 0x3ff_ffff),
        };
        let bytes: Vec<u8> = [w0, w1, w2].iter().flat_map(|w| w.to_le_bytes()).collect();
        if let Ok(insts) = decode(&bytes) {
            let v: Vec<Inst> = insts.into_iter().map(|(_, i)| i).collect();
            prop_assert_eq!(encode(&v).ok(), Some(bytes));
            for i in &v {
                // The printer never panics and its text is accepted by our assembler.
                let t = i.to_string();
                prop_assert!(parse_asm(&t).is_ok(), "`{}` does not parse", t);
            }
        }
    }
}

proptest! {
    /// The assembler returns errors, never panics, on arbitrary text.
    #[test]
    fn parse_never_panics(text in "[a-z0-9_\\[\\]:,()|\\-+. \"&;/]{0,80}") {
        let _ = parse_asm(&text);
    }

    /// ... nor on valid instructions with a cut, a deleted or an inserted character.
    #[test]
    fn parse_never_panics_on_mutated_instructions(
        inst in arb_inst(),
        at in any::<usize>(),
        what in 0..3u8,
        c in proptest::char::range(' ', '~'),
    ) {
        let mut t: Vec<char> = inst.to_string().chars().collect();
        let k = at % (t.len() + 1);
        match what {
            0 => t.truncate(k),
            1 if k < t.len() => {
                t.remove(k);
            }
            _ => t.insert(k, c),
        }
        let text: String = t.into_iter().collect();
        if let Ok(insts) = parse_asm(&text) {
            // Whatever parses also encodes (the parser checks with the encoder).
            prop_assert!(encode(&insts).is_ok(), "`{}` parsed but does not encode", text);
        }
    }
}

/// Every opcode with a supported shape can be generated and round-trips.
#[test]
fn every_opcode_round_trips() {
    for info in TABLE {
        for seed in 1..40u64 {
            if let Some(inst) = gen_inst(info.op, seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)) {
                if let Err(e) = check_inst(&inst) {
                    panic!("{}: {e}", info.name);
                }
            }
        }
    }
}
