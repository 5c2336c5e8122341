//! Decoder: machine code to [`Inst`] values. Never panics; anything it cannot represent
//! exactly is an error naming the byte offset.
//!
//! The decoder is strict on purpose: a field the opcode does not use must be zero (as LLVM
//! requires, digest E9.1), so that every accepted encoding re-encodes to the same bytes.
//! The format is identified by its fixed high bits, longest prefix first (digest §4.1,
//! vega L24095-24259).

use super::inst::*;
use super::opcodes::*;
use super::operand::Operand;
use thiserror::Error;

/// Why the bytes at `offset` are not an instruction we can decode.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot decode at byte offset {offset}: {reason}")]
pub struct DecodeError {
    /// Byte offset of the instruction.
    pub offset: usize,
    /// What is wrong.
    pub reason: String,
}

/// Decode a whole buffer into (byte offset, instruction) pairs.
pub fn decode(bytes: &[u8]) -> Result<Vec<(usize, Inst)>, DecodeError> {
    if bytes.len() % 4 != 0 {
        return Err(DecodeError {
            offset: bytes.len() & !3,
            reason: "code size is not a multiple of 4 bytes".into(),
        });
    }
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < words.len() {
        let (inst, n) = decode_one(&words[pos..]).map_err(|reason| DecodeError {
            offset: pos * 4,
            reason,
        })?;
        out.push((pos * 4, inst));
        pos += n;
    }
    Ok(out)
}

/// Decode one instruction from the start of `words`; returns it and its size in dwords.
pub fn decode_one(words: &[u32]) -> Result<(Inst, usize), String> {
    let w = *words.first().ok_or("no instruction")?;
    let second = || {
        words
            .get(1)
            .copied()
            .ok_or_else(|| "truncated instruction".to_string())
    };
    if w >> 31 == 0 {
        return decode_vop32(words);
    }
    if w >> 30 == 0b10 {
        return decode_scalar(words);
    }
    let w1;
    let inst = match w >> 26 {
        0x30 => {
            w1 = second()?;
            decode_smem(w, w1)?
        }
        0x31 => {
            w1 = second()?;
            if (w >> 13) & 0x1fff != 0 {
                return Err("EXP reserved bits [25:13] set".into());
            }
            // Targets 10, 11 and 16-31 are not defined (vega Table 46 L8440-8457); LLVM's
            // disassembler has no name for them either.
            if matches!((w >> 4) & 0x3f, 10 | 11 | 16..=31) {
                return Err(format!("EXP target {} is reserved", (w >> 4) & 0x3f));
            }
            Inst::Exp(Exp {
                target: ((w >> 4) & 0x3f) as u8,
                en: (w & 0xf) as u8,
                vsrc: [
                    w1 as u8,
                    (w1 >> 8) as u8,
                    (w1 >> 16) as u8,
                    (w1 >> 24) as u8,
                ],
                done: bit(w, 11),
                compr: bit(w, 10),
                vm: bit(w, 12),
            })
        }
        0x34 => {
            w1 = second()?;
            decode_vop3(w, w1)?
        }
        0x35 => {
            let op = find(Format::Vintrp, ((w >> 16) & 3) as u16)?;
            return Ok((
                Inst::Vintrp(Vintrp {
                    op,
                    vdst: ((w >> 18) & 0xff) as u8,
                    vsrc: (w & 0xff) as u8,
                    attr: ((w >> 10) & 0x3f) as u8,
                    chan: ((w >> 8) & 3) as u8,
                }),
                1,
            ))
            .and_then(|r| {
                if op == Opcode::V_INTERP_MOV_F32 && (w & 0xff) > 2 {
                    Err("v_interp_mov_f32 source must be p10, p20 or p0".into())
                } else {
                    Ok(r)
                }
            });
        }
        0x36 => {
            w1 = second()?;
            decode_ds(w, w1)?
        }
        0x37 => {
            w1 = second()?;
            decode_flat(w, w1)?
        }
        0x38 | 0x3A => {
            w1 = second()?;
            decode_buf(w, w1)?
        }
        0x3C => {
            w1 = second()?;
            decode_mimg(w, w1)?
        }
        x => return Err(format!("unknown encoding prefix 0x{x:02x} in 0x{w:08x}")),
    };
    Ok((inst, 2))
}

fn bit(w: u32, n: u32) -> bool {
    (w >> n) & 1 != 0
}

fn find(format: Format, code: u16) -> Result<Opcode, String> {
    match lookup(format, code) {
        Some((op, _)) => Ok(op),
        None => Err(format!("unknown {format:?} opcode {code} (0x{code:x})")),
    }
}

/// An SGPR operand from a 7-bit code; `width` 0 means the field must be 0.
fn sgpr(code: u32, width: u8, what: &str) -> Result<Option<Operand>, String> {
    if width == 0 {
        return if code == 0 {
            Ok(None)
        } else {
            Err(format!("unused field {what} is not zero"))
        };
    }
    let c = code as u8;
    if code > 127 || !super::operand::sgpr_range_ok(c, width) {
        return Err(format!(
            "{what}: invalid or misaligned {width}-register SGPR range at code {code}"
        ));
    }
    Ok(Some(Operand::Sgpr {
        code: c,
        count: width,
    }))
}

/// A source operand from an 8/9-bit code; literal from `lit` (the next dword).
fn src(
    code: u32,
    width: u8,
    what: &str,
    lit: Option<u32>,
    allow_vgpr: bool,
) -> Result<Option<Operand>, String> {
    if width == 0 {
        return if code == 0 {
            Ok(None)
        } else {
            Err(format!("unused field {what} is not zero"))
        };
    }
    if code < 128 {
        return sgpr(code, width, what);
    }
    if code >= 256 && !allow_vgpr {
        return Err(format!("{what} cannot be a VGPR"));
    }
    if code == 254 && !allow_vgpr {
        return Err(format!(
            "{what}: LDS direct is a VALU source only (digest §9 #5)"
        ));
    }
    if code >= 256 && code - 256 + u32::from(width) > 256 {
        return Err(format!("{what}: VGPR range past v255"));
    }
    match Operand::from_src_code(code as u16, width, lit) {
        Some(o) => Ok(Some(o)),
        None if code == 255 => Err(format!("{what}: literal constant not allowed here")),
        None if code == 249 || code == 250 => Err(format!("{what}: SDWA/DPP is not supported")),
        None => Err(format!("{what}: reserved operand code {code}")),
    }
}

fn vgpr(code: u32, width: u8, what: &str) -> Result<Option<Operand>, String> {
    if width == 0 {
        return if code == 0 {
            Ok(None)
        } else {
            Err(format!("unused field {what} is not zero"))
        };
    }
    if code + u32::from(width) > 256 {
        return Err(format!("{what}: VGPR range past v255"));
    }
    Ok(Some(Operand::Vgpr {
        index: code as u8,
        count: width,
    }))
}

fn decode_scalar(words: &[u32]) -> Result<(Inst, usize), String> {
    let w = words[0];
    let next = words.get(1).copied();
    let uses_lit = |codes: &[u32]| codes.contains(&255);
    let need_lit = |codes: &[u32]| -> Result<(Option<u32>, usize), String> {
        if uses_lit(codes) {
            Ok((Some(next.ok_or("truncated literal constant")?), 2))
        } else {
            Ok((None, 1))
        }
    };
    match w >> 23 {
        0x17D => {
            let op = find(Format::Sop1, ((w >> 8) & 0xff) as u16)?;
            let Shape::Sop1 { d, s0 } = op.shape() else {
                return Err("bad SOP1 shape".into());
            };
            let a = w & 0xff;
            let (lit, n) = need_lit(&[a])?;
            Ok((
                Inst::Salu(Salu {
                    op,
                    dst: sgpr((w >> 16) & 0x7f, d, "sdst")?,
                    src0: src(a, s0, "ssrc0", lit, false)?,
                    src1: None,
                }),
                n,
            ))
        }
        0x17E => {
            let op = find(Format::Sopc, ((w >> 16) & 0x7f) as u16)?;
            let (a, b) = (w & 0xff, (w >> 8) & 0xff);
            let (lit, n) = need_lit(&[a, b])?;
            match op.shape() {
                Shape::SopcGprIdxOn => {
                    if b > 15 {
                        return Err("gpr_idx mode has 4 bits".into());
                    }
                    let src0 = src(a, 1, "ssrc0", lit, false)?.ok_or("missing ssrc0")?;
                    Ok((
                        Inst::SetGprIdxOn {
                            src0,
                            mode: b as u8,
                        },
                        n,
                    ))
                }
                Shape::Sopc { s0, s1 } => Ok((
                    Inst::Salu(Salu {
                        op,
                        dst: None,
                        src0: src(a, s0, "ssrc0", lit, false)?,
                        src1: src(b, s1, "ssrc1", lit, false)?,
                    }),
                    n,
                )),
                _ => Err("bad SOPC shape".into()),
            }
        }
        0x17F => {
            let op = find(Format::Sopp, ((w >> 16) & 0x7f) as u16)?;
            let simm16 = (w & 0xffff) as u16;
            if op.shape() == Shape::Sopp(SoppKind::None) && simm16 != 0 {
                return Err("unused SIMM16 is not zero".into());
            }
            Ok((Inst::Sopp(Sopp { op, simm16 }), 1))
        }
        _ if w >> 28 == 0b1011 => {
            let op = find(Format::Sopk, ((w >> 23) & 0x1f) as u16)?;
            let Shape::Sopk(kind) = op.shape() else {
                return Err("bad SOPK shape".into());
            };
            let f = (w >> 16) & 0x7f;
            let width = match kind {
                SopkKind::SetRegImm32 => 0,
                SopkKind::BranchPair => 2,
                _ => 1,
            };
            let sdst = sgpr(f, width, "sdst")?;
            let (imm32, n) = if kind == SopkKind::SetRegImm32 {
                (Some(next.ok_or("truncated 32-bit constant")?), 2)
            } else {
                (None, 1)
            };
            Ok((
                Inst::Sopk(Sopk {
                    op,
                    sdst,
                    simm16: (w & 0xffff) as u16,
                    imm32,
                }),
                n,
            ))
        }
        _ => {
            let op = find(Format::Sop2, ((w >> 23) & 0x7f) as u16)?;
            let Shape::Sop2 { d, s0, s1 } = op.shape() else {
                return Err("bad SOP2 shape".into());
            };
            let (a, b) = (w & 0xff, (w >> 8) & 0xff);
            let (lit, n) = need_lit(&[a, b])?;
            Ok((
                Inst::Salu(Salu {
                    op,
                    dst: sgpr((w >> 16) & 0x7f, d, "sdst")?,
                    src0: src(a, s0, "ssrc0", lit, false)?,
                    src1: src(b, s1, "ssrc1", lit, false)?,
                }),
                n,
            ))
        }
    }
}

fn decode_smem(w: u32, w1: u32) -> Result<Inst, String> {
    let op = find(Format::Smem, ((w >> 18) & 0xff) as u16)?;
    let Shape::Smem { kind, data, base } = op.shape() else {
        return Err("bad SMEM shape".into());
    };
    if bit(w, 15) || bit(w, 14) || bit(w, 13) {
        return Err("SMEM NV/SOE/reserved bits are not supported (digest D9)".into());
    }
    if w1 >> 21 != 0 {
        return Err("SMEM SOFFSET/reserved bits [63:53] are not supported (digest D9)".into());
    }
    let imm = bit(w, 17);
    let sd = (w >> 6) & 0x7f;
    let sdata = match kind {
        SmemKind::Probe => Some(Operand::Int(sd as i8)),
        SmemKind::Time => sgpr(sd, 2, "sdata")?,
        _ => sgpr(sd, data, "sdata")?,
    };
    let sbase = sgpr((w & 0x3f) << 1, base, "sbase")?;
    let offset = match kind {
        SmemKind::NoOp | SmemKind::Time => {
            if imm || w1 != 0 {
                return Err("unused offset is not zero".into());
            }
            None
        }
        _ if imm => Some(SmemOffset::Imm(((w1 << 11) as i32) >> 11)),
        _ => {
            if w1 > 0x7f {
                return Err("SGPR offset field out of range".into());
            }
            Some(SmemOffset::Sgpr(sgpr(w1, 1, "offset")?.ok_or("offset")?))
        }
    };
    Ok(Inst::Smem(Smem {
        op,
        sdata,
        sbase,
        offset,
        glc: bit(w, 16),
    }))
}

fn decode_vop32(words: &[u32]) -> Result<(Inst, usize), String> {
    let w = words[0];
    let (format, code, vdst_f, vsrc1_f) = match w >> 25 {
        0x3F => (Format::Vop1, (w >> 9) & 0xff, (w >> 17) & 0xff, 0),
        0x3E => (Format::Vopc, (w >> 17) & 0xff, 0, (w >> 9) & 0xff),
        op => (Format::Vop2, op, (w >> 17) & 0xff, (w >> 9) & 0xff),
    };
    let op = find(format, code as u16)?;
    let Shape::Valu(sh) = op.shape() else {
        return Err("bad VALU shape".into());
    };
    let s0 = w & 0x1ff;
    if s0 == 249 || s0 == 250 {
        let x = *words.get(1).ok_or("truncated SDWA/DPP dword")?;
        return Ok((
            decode_ext(op, sh, format, vdst_f, vsrc1_f, s0 == 249, x)?,
            2,
        ));
    }
    let (lit, n) = if s0 == 255 || matches!(sh.kind, ValuKind::MadMk | ValuKind::MadAk) {
        (Some(*words.get(1).ok_or("truncated literal constant")?), 2)
    } else {
        (None, 1)
    };
    let mut v = Valu::new(op, None, &[]);
    v.vop3 = false;
    v.vdst = if sh.dst == Ty::None {
        if vdst_f != 0 {
            return Err("unused vdst is not zero".into());
        }
        None
    } else if sh.sgpr_dst {
        sgpr(vdst_f, 1, "vdst")?
    } else {
        vgpr(vdst_f, sh.dst.regs(), "vdst")?
    };
    let nsrc = sh.nsrc();
    let (src0_lit, k) = match sh.kind {
        ValuKind::MadMk | ValuKind::MadAk => {
            if s0 == 255 {
                return Err("v_madmk/v_madak: src0 cannot be a literal too".into());
            }
            (None, lit.map(Operand::Literal))
        }
        _ => (lit, None),
    };
    v.src[0] = src(s0, sh.srcs[0].regs(), "src0", src0_lit, true)?;
    let vsrc1_ty = match sh.kind {
        ValuKind::MadMk => sh.srcs[2],
        _ => sh.srcs[1],
    };
    let vsrc1 = if format == Format::Vop1 || nsrc < 2 {
        vgpr(vsrc1_f, 0, "vsrc1")?
    } else {
        vgpr(vsrc1_f, vsrc1_ty.regs(), "vsrc1")?
    };
    match sh.kind {
        ValuKind::MadMk => {
            v.src[1] = k;
            v.src[2] = vsrc1;
        }
        ValuKind::MadAk => {
            v.src[1] = vsrc1;
            v.src[2] = k;
        }
        _ => {
            if nsrc >= 2 {
                v.src[1] = vsrc1;
            }
        }
    }
    if matches!(sh.kind, ValuKind::CarryIn | ValuKind::CarryInOut) {
        v.src[2] = Some(Operand::VCC);
    }
    if sh.has_sdst() {
        v.sdst = Some(Operand::VCC);
    }
    Ok((Inst::Valu(v), n))
}

fn decode_vop3(w: u32, w1: u32) -> Result<Inst, String> {
    let code = ((w >> 16) & 0x3ff) as u16;
    let (fmt, op) = if code >= 0x380 {
        (Format::Vop3p, find(Format::Vop3p, code)?)
    } else {
        (Format::Vop3, find(Format::Vop3, code)?)
    };
    let Shape::Valu(sh) = op.shape() else {
        return Err(format!(
            "{} in the VOP3 encoding is not supported",
            op.name()
        ));
    };
    let nsrc = sh.nsrc();
    let mut v = Valu::new(op, None, &[]);
    v.vop3 = true;
    let f = [w1 & 0x1ff, (w1 >> 9) & 0x1ff, (w1 >> 18) & 0x1ff];
    for (k, (slot, field)) in v.src.iter_mut().zip(f).enumerate() {
        let width = if k < nsrc { sh.srcs[k].regs() } else { 0 };
        *slot = src(field, width, &format!("src{k}"), None, true)?;
    }
    let vdst_f = w & 0xff;
    let d = |vf: u32| -> Result<Option<Operand>, String> {
        if sh.dst == Ty::None {
            if vf != 0 {
                return Err("unused vdst is not zero".into());
            }
            Ok(None)
        } else if sh.sgpr_dst {
            sgpr(vf, 1, "vdst")
        } else {
            vgpr(vf, sh.dst.regs(), "vdst")
        }
    };
    v.clamp = bit(w, 15);
    v.neg = (w1 >> 29) as u8;
    if fmt == Format::Vop3p {
        v.vdst = d(vdst_f)?;
        v.op_sel_hi = (((w1 >> 27) & 3) | (((w >> 14) & 1) << 2)) as u8;
        v.op_sel = ((w >> 11) & 7) as u8;
        v.neg_hi = ((w >> 8) & 7) as u8;
        return Ok(Inst::Valu(v));
    }
    v.omod = ((w1 >> 27) & 3) as u8;
    v.op_sel_hi = 0;
    if matches!(sh.kind, ValuKind::CarryOut | ValuKind::CarryInOut) {
        v.vdst = d(vdst_f)?;
        v.sdst = sgpr((w >> 8) & 0x7f, 2, "sdst")?;
    } else {
        v.op_sel = ((w >> 11) & 0xf) as u8;
        v.abs = ((w >> 8) & 7) as u8;
        if sh.kind == ValuKind::Vopc {
            v.sdst = sgpr(vdst_f, 2, "sdst")?;
        } else {
            v.vdst = d(vdst_f)?;
        }
    }
    Ok(Inst::Valu(v))
}

fn decode_ds(w: u32, w1: u32) -> Result<Inst, String> {
    if bit(w, 25) {
        return Err("DS reserved bit 25 set".into());
    }
    let op = find(Format::Ds, ((w >> 17) & 0xff) as u16)?;
    let Shape::Ds(s) = op.shape() else {
        return Err("bad DS shape".into());
    };
    Ok(Inst::Ds(Ds {
        op,
        vdst: vgpr(w1 >> 24, s.vdst, "vdst")?,
        addr: vgpr(w1 & 0xff, u8::from(s.addr), "addr")?,
        data0: vgpr((w1 >> 8) & 0xff, s.data0, "data0")?,
        data1: vgpr((w1 >> 16) & 0xff, s.data1, "data1")?,
        offset: (w & 0xffff) as u16,
        gds: bit(w, 16),
    }))
}

fn decode_buf(w: u32, w1: u32) -> Result<Inst, String> {
    let mtbuf = w >> 26 == 0x3A;
    let op = if mtbuf {
        find(Format::Mtbuf, ((w >> 15) & 0xf) as u16)?
    } else {
        if bit(w, 15) || bit(w, 25) {
            return Err("MUBUF reserved bits set".into());
        }
        find(Format::Mubuf, ((w >> 18) & 0x7f) as u16)?
    };
    if (w1 >> 21) & 3 != 0 && !mtbuf || (mtbuf && bit(w1, 21)) {
        return Err("reserved bits [54:53] set".into());
    }
    let Shape::Buf { kind, vdata } = op.shape() else {
        return Err("bad buffer shape".into());
    };
    let tfe = bit(w1, 23);
    let offen = bit(w, 12);
    let idxen = bit(w, 13);
    let (vdata_w, rsrc) = match kind {
        BufKind::NoOp => (0, false),
        BufKind::StoreLds => (0, true),
        BufKind::Load => (vdata + u8::from(tfe), true),
        _ => (vdata, true),
    };
    let (srsrc, soffset) = if rsrc {
        let so = (w1 >> 24) & 0xff;
        if so == 255 {
            return Err("soffset cannot be a literal".into());
        }
        (
            sgpr(((w1 >> 16) & 0x1f) << 2, 4, "srsrc")?,
            src(so, 1, "soffset", None, false)?,
        )
    } else {
        if (w1 >> 16) & 0xff7f != 0 {
            return Err("unused srsrc/soffset is not zero".into());
        }
        (None, None)
    };
    Ok(Inst::Buf(Buf {
        op,
        vdata: vgpr((w1 >> 8) & 0xff, vdata_w, "vdata")?,
        vaddr: vgpr(w1 & 0xff, u8::from(offen) + u8::from(idxen), "vaddr")?,
        srsrc,
        soffset,
        offset: (w & 0xfff) as u16,
        offen,
        idxen,
        glc: bit(w, 14),
        slc: if mtbuf { bit(w1, 22) } else { bit(w, 17) },
        lds: !mtbuf && bit(w, 16),
        tfe,
        dfmt: if mtbuf { ((w >> 19) & 0xf) as u8 } else { 0 },
        nfmt: if mtbuf { ((w >> 23) & 7) as u8 } else { 0 },
    }))
}

fn decode_flat(w: u32, w1: u32) -> Result<Inst, String> {
    if bit(w, 13) || bit(w1, 23) || bit(w, 25) {
        return Err("FLAT lds/nv/reserved bits are not supported (digest D11)".into());
    }
    let format = match (w >> 14) & 3 {
        0 => Format::Flat,
        1 => Format::Scratch,
        2 => Format::Global,
        _ => return Err("reserved FLAT segment 3".into()),
    };
    let op = find(format, ((w >> 18) & 0x7f) as u16)?;
    let Shape::Flat { kind, dst, data } = op.shape() else {
        return Err("bad FLAT shape".into());
    };
    let glc = bit(w, 16);
    let saddr_f = (w1 >> 16) & 0x7f;
    let (saddr, addr_w) = match format {
        Format::Flat => (
            sgpr(saddr_f, 0, "saddr (must be 0 for FLAT, digest D10)")?,
            2,
        ),
        Format::Global if saddr_f == 0x7f => (None, 2),
        Format::Global => (sgpr(saddr_f, 2, "saddr")?, 1),
        _ if saddr_f == 0x7f => (None, 1),
        _ => (sgpr(saddr_f, 1, "saddr")?, 0),
    };
    let raw = (w & 0x1fff) as i16;
    let offset = if format == Format::Flat {
        if raw > 0xfff {
            return Err("FLAT offset is 12 bits unsigned".into());
        }
        raw
    } else {
        (raw << 3) >> 3
    };
    let dst_w = if kind == FlatKind::Atomic && !glc {
        0
    } else {
        dst
    };
    Ok(Inst::Flat(Flat {
        op,
        vdst: vgpr(w1 >> 24, dst_w, "vdst")?,
        addr: vgpr(w1 & 0xff, addr_w, "addr")?,
        data: vgpr((w1 >> 8) & 0xff, data, "data")?,
        saddr,
        offset,
        glc,
        slc: bit(w, 17),
    }))
}

fn decode_mimg(w: u32, w1: u32) -> Result<Inst, String> {
    let code = (((w >> 18) & 0x7f) | ((w & 1) << 7)) as u16;
    if (w >> 1) & 0x7f != 0 || (w1 >> 26) & 0x1f != 0 {
        return Err("MIMG reserved bits set".into());
    }
    let op = find(Format::Mimg, code)?;
    let Shape::Mimg(kind) = op.shape() else {
        return Err("bad MIMG shape".into());
    };
    let dmask = ((w >> 8) & 0xf) as u8;
    let tfe = bit(w, 16);
    let d16 = bit(w1, 31);
    let lanes = dmask.count_ones() as u8;
    let data = match kind {
        _ if op.name().starts_with("image_gather4") => 4,
        _ => lanes.max(1),
    };
    let data = if d16 { data.div_ceil(2) } else { data } + u8::from(tfe);
    let vdata_f = (w1 >> 8) & 0xff;
    let ssamp = match kind {
        MimgKind::Sample => sgpr(((w1 >> 21) & 0x1f) << 2, 4, "ssamp")?,
        _ => {
            if (w1 >> 21) & 0x1f != 0 {
                return Err("unused ssamp is not zero".into());
            }
            None
        }
    };
    Ok(Inst::Mimg(Mimg {
        op,
        vdata: vgpr(vdata_f, data, "vdata")?.ok_or("vdata")?,
        vaddr: vgpr(w1 & 0xff, mimg_min_addr(op), "vaddr")?.ok_or("vaddr")?,
        srsrc: sgpr(((w1 >> 16) & 0x1f) << 2, 8, "srsrc")?.ok_or("srsrc")?,
        ssamp,
        dmask,
        unorm: bit(w, 12),
        glc: bit(w, 13),
        slc: bit(w, 25),
        a16: bit(w, 15),
        tfe,
        lwe: bit(w, 17),
        da: bit(w, 14),
        d16,
    }))
}

/// The VADDR width is not encoded (digest E9.5). Like LLVM 14's disassembler we give the
/// smallest address the opcode can have: one coordinate (two with derivatives, `_d`/`_cd`)
/// plus one register per extra argument in its name (`_o` offset, `_b` bias, `_c` compare);
/// lod, clamp and mip level are not counted (vega L5987-6108 lists the address layouts).
pub fn mimg_min_addr(op: Opcode) -> u8 {
    let name = op.name();
    let rest = name
        .strip_prefix("image_sample")
        .or_else(|| name.strip_prefix("image_gather4"))
        .unwrap_or("");
    let mut n = 1;
    for t in rest.split('_') {
        match t {
            "o" | "b" | "c" => n += 1,
            "d" | "cd" => n += 1,
            _ => {}
        }
    }
    n
}

/// VOP1/VOP2/VOPC with an SDWA (249) or DPP (250) dword (vega L29173-29654).
fn decode_ext(
    op: Opcode,
    sh: ValuShape,
    format: Format,
    vdst_f: u32,
    vsrc1_f: u32,
    sdwa: bool,
    x: u32,
) -> Result<Inst, String> {
    if matches!(sh.kind, ValuKind::MadMk | ValuKind::MadAk) {
        return Err("v_madmk/v_madak cannot use SDWA/DPP".into());
    }
    if sh.sgpr_dst || sh.dst.regs() > 1 || sh.srcs.iter().take(2).any(|t| t.regs() > 1) {
        return Err("SDWA/DPP need 32-bit VGPR operands".into());
    }
    let vop1 = format == Format::Vop1;
    let vopc = format == Format::Vopc;
    let nfield = if vop1 { 1 } else { 2 }.min(sh.nsrc());
    let mut v = Valu::new(op, None, &[]);
    v.vop3 = false;
    v.vdst = if sh.dst == Ty::None {
        if vdst_f != 0 {
            return Err("unused vdst is not zero".into());
        }
        None
    } else {
        vgpr(vdst_f, 1, "vdst")?
    };
    if !vop1 && nfield < 2 && vsrc1_f != 0 {
        return Err("unused vsrc1 is not zero".into());
    }
    let is_float = |k: usize| matches!(sh.srcs[k], Ty::F16 | Ty::F32 | Ty::F64);
    let fld = |k: usize| -> u32 {
        if k == 0 {
            x & 0xff
        } else {
            vsrc1_f
        }
    };
    if sdwa {
        let dst_sel = ((x >> 8) & 7) as u8;
        let dst_unused = ((x >> 11) & 3) as u8;
        let mut sel = [0u8; 2];
        let mut sext = 0u8;
        for (k, sel_k) in sel.iter_mut().enumerate() {
            let b = (x >> (16 + 8 * k)) & 0xff;
            let present = k < nfield;
            if !present {
                if b != 0 || (k == 0 && x & 0xff != 0) {
                    return Err("unused SDWA source fields are not zero".into());
                }
                continue;
            }
            if b & 0x40 != 0 {
                return Err("SDWA reserved bit set".into());
            }
            *sel_k = (b & 7) as u8;
            if *sel_k > 6 {
                return Err("reserved SDWA selection 7".into());
            }
            let (se, ng, ab) = ((b >> 3) & 1, (b >> 4) & 1, (b >> 5) & 1);
            if is_float(k) && se != 0 || !is_float(k) && (ng | ab) != 0 {
                return Err("SDWA modifier does not fit the operand type".into());
            }
            sext |= (se as u8) << k;
            v.neg |= (ng as u8) << k;
            v.abs |= (ab as u8) << k;
            v.src[k] = if b & 0x80 == 0 {
                vgpr(fld(k), 1, "SDWA source")?
            } else {
                src(fld(k), 1, "SDWA source", None, false)?
            };
        }
        if vopc {
            if x & 0x8000 != 0 {
                let sd = (x >> 8) & 0x7f;
                if sd == u32::from(super::operand::sreg::VCC_LO) {
                    return Err("SDWA VOPC: vcc must be encoded with SD=0".into());
                }
                v.sdst = sgpr(sd, 2, "sdst")?;
            } else {
                if (x >> 8) & 0x7f != 0 {
                    return Err("SDWA VOPC: SDST set without SD".into());
                }
                v.sdst = Some(Operand::VCC);
            }
            v.ext = ValuExt::Sdwa(Sdwa {
                dst_sel: 6,
                dst_unused: 0,
                src0_sel: sel[0],
                src1_sel: sel[1],
                sext,
            });
        } else {
            if dst_sel > 6 || dst_unused > 2 {
                return Err("reserved SDWA dst_sel/dst_unused".into());
            }
            v.clamp = (x >> 13) & 1 != 0;
            v.omod = ((x >> 14) & 3) as u8;
            v.ext = ValuExt::Sdwa(Sdwa {
                dst_sel,
                dst_unused,
                src0_sel: sel[0],
                src1_sel: sel[1],
                sext,
            });
        }
    } else {
        if vopc {
            return Err("VOPC with DPP is not supported on gfx9 (digest D5)".into());
        }
        let ctrl = ((x >> 8) & 0x1ff) as u16;
        if !super::encode::dpp_ctrl_valid(ctrl) || (x >> 17) & 3 != 0 {
            return Err(format!("invalid DPP control 0x{ctrl:x}"));
        }
        for k in 0..2 {
            let (ng, ab) = ((x >> (20 + 2 * k)) & 1, (x >> (21 + 2 * k)) & 1);
            if k >= nfield && (ng | ab) != 0 {
                return Err("DPP modifier on a missing source".into());
            }
            v.neg |= (ng as u8) << k;
            v.abs |= (ab as u8) << k;
        }
        if nfield == 0 && x & 0xff != 0 {
            return Err("unused DPP src0 is not zero".into());
        }
        if nfield >= 1 {
            v.src[0] = vgpr(x & 0xff, 1, "src0")?;
        }
        if nfield >= 2 {
            v.src[1] = vgpr(vsrc1_f, 1, "vsrc1")?;
        }
        v.ext = ValuExt::Dpp(Dpp {
            ctrl,
            row_mask: (x >> 28) as u8,
            bank_mask: ((x >> 24) & 0xf) as u8,
            bound_ctrl: (x >> 19) & 1 != 0,
        });
    }
    if matches!(sh.kind, ValuKind::CarryIn | ValuKind::CarryInOut) {
        v.src[2] = Some(Operand::VCC);
    }
    if sh.has_sdst() && !vopc {
        v.sdst = Some(Operand::VCC);
    }
    Ok(Inst::Valu(v))
}
