//! Encoder: [`Inst`] values to little-endian machine code (vega Ch13, L24081-32379).
//!
//! Each instruction is checked against its opcode's [`Shape`]: operands the shape does not
//! have must be `None`, register widths and alignment must match, and constants must fit
//! their fields. Nothing is silently truncated.

use super::inst::*;
use super::opcodes::*;
use super::operand::Operand;
use thiserror::Error;

/// Why an instruction could not be encoded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot encode instruction {index} ({mnemonic}): {reason}")]
pub struct EncodeError {
    /// Position of the instruction in the input slice.
    pub index: usize,
    /// Its mnemonic.
    pub mnemonic: &'static str,
    /// What is wrong.
    pub reason: String,
}

/// Encode a sequence of instructions.
pub fn encode(insts: &[Inst]) -> Result<Vec<u8>, EncodeError> {
    let mut words = Vec::with_capacity(insts.len() * 2);
    for (index, inst) in insts.iter().enumerate() {
        encode_words(inst, &mut words).map_err(|reason| EncodeError {
            index,
            mnemonic: inst.opcode().name(),
            reason,
        })?;
    }
    Ok(words.iter().flat_map(|w| w.to_le_bytes()).collect())
}

/// Encode one instruction, appending its dwords.
pub fn encode_words(inst: &Inst, out: &mut Vec<u32>) -> Result<(), String> {
    let op = inst.opcode();
    let info = op.info();
    let expect_fmt = |want: &[Format]| {
        if want.contains(&info.format) {
            Ok(())
        } else {
            Err(format!(
                "opcode is {:?}, not usable in this instruction kind",
                info.format
            ))
        }
    };
    match inst {
        Inst::Salu(i) => {
            expect_fmt(&[Format::Sop1, Format::Sop2, Format::Sopc])?;
            let mut lit = Literal::default();
            let code = u32::from(info.code);
            let w = match info.shape {
                Shape::Sop2 { d, s0, s1 } => {
                    let sdst = sdst_field(i.dst, d, "sdst")?;
                    let a = ssrc_field(i.src0, s0, "ssrc0", &mut lit)?;
                    let b = ssrc_field(i.src1, s1, "ssrc1", &mut lit)?;
                    (0b10 << 30) | (code << 23) | (sdst << 16) | (b << 8) | a
                }
                Shape::Sop1 { d, s0 } => {
                    let sdst = sdst_field(i.dst, d, "sdst")?;
                    let a = ssrc_field(i.src0, s0, "ssrc0", &mut lit)?;
                    none(i.src1, "src1")?;
                    (0x17D << 23) | (sdst << 16) | (code << 8) | a
                }
                Shape::Sopc { s0, s1 } => {
                    none(i.dst, "dst")?;
                    let a = ssrc_field(i.src0, s0, "ssrc0", &mut lit)?;
                    let b = ssrc_field(i.src1, s1, "ssrc1", &mut lit)?;
                    (0x17E << 23) | (code << 16) | (b << 8) | a
                }
                _ => return Err("use Inst::SetGprIdxOn for s_set_gpr_idx_on".into()),
            };
            out.push(w);
            lit.push(out);
        }
        Inst::SetGprIdxOn { src0, mode } => {
            let mut lit = Literal::default();
            let a = ssrc_field(Some(*src0), 1, "ssrc0", &mut lit)?;
            if *mode > 15 {
                return Err("gpr_idx mode has 4 bits".into());
            }
            out.push((0x17E << 23) | (u32::from(info.code) << 16) | (u32::from(*mode) << 8) | a);
            lit.push(out);
        }
        Inst::Sopk(i) => {
            expect_fmt(&[Format::Sopk])?;
            let Shape::Sopk(kind) = info.shape else {
                return Err("not a SOPK opcode".into());
            };
            let sdst = match kind {
                SopkKind::SetRegImm32 => sdst_field(i.sdst, 0, "sdst")?,
                SopkKind::BranchPair => sdst_field(i.sdst, 2, "sdst")?,
                _ => sdst_field(i.sdst, 1, "sdst")?,
            };
            let w =
                (0b1011 << 28) | (u32::from(info.code) << 23) | (sdst << 16) | u32::from(i.simm16);
            out.push(w);
            match (kind, i.imm32) {
                (SopkKind::SetRegImm32, Some(v)) => out.push(v),
                (SopkKind::SetRegImm32, None) => return Err("missing 32-bit constant".into()),
                (_, Some(_)) => {
                    return Err("only s_setreg_imm32_b32 takes a 32-bit constant".into())
                }
                (_, None) => {}
            }
        }
        Inst::Sopp(i) => {
            expect_fmt(&[Format::Sopp])?;
            if info.shape == Shape::Sopp(SoppKind::None) && i.simm16 != 0 {
                return Err("this instruction has no immediate".into());
            }
            out.push((0x17F << 23) | (u32::from(info.code) << 16) | u32::from(i.simm16));
        }
        Inst::Smem(i) => encode_smem(i, info, out)?,
        Inst::Valu(i) => encode_valu(i, info, out)?,
        Inst::Vintrp(i) => {
            expect_fmt(&[Format::Vintrp])?;
            if i.attr > 63 || i.chan > 3 {
                return Err("attribute 0-63, channel 0-3".into());
            }
            if info.shape == Shape::Vintrp(VintrpKind::Mov) && i.vsrc > 2 {
                return Err("v_interp_mov_f32 source must be p10, p20 or p0".into());
            }
            out.push(
                (0x35 << 26)
                    | (u32::from(i.vdst) << 18)
                    | (u32::from(info.code) << 16)
                    | (u32::from(i.attr) << 10)
                    | (u32::from(i.chan) << 8)
                    | u32::from(i.vsrc),
            );
        }
        Inst::Ds(i) => {
            expect_fmt(&[Format::Ds])?;
            let Shape::Ds(s) = info.shape else {
                return Err("not a DS opcode".into());
            };
            let vdst = vgpr_field(i.vdst, s.vdst, "vdst")?;
            let addr = vgpr_field(i.addr, u8::from(s.addr), "addr")?;
            let d0 = vgpr_field(i.data0, s.data0, "data0")?;
            let d1 = vgpr_field(i.data1, s.data1, "data1")?;
            out.push(
                (0x36 << 26)
                    | (u32::from(info.code) << 17)
                    | (u32::from(i.gds) << 16)
                    | u32::from(i.offset),
            );
            out.push((vdst << 24) | (d1 << 16) | (d0 << 8) | addr);
        }
        Inst::Buf(i) => encode_buf(i, info, out)?,
        Inst::Flat(i) => encode_flat(i, info, out)?,
        Inst::Mimg(i) => {
            expect_fmt(&[Format::Mimg])?;
            let Shape::Mimg(kind) = info.shape else {
                return Err("not a MIMG opcode".into());
            };
            let vdata = vgpr_any(i.vdata, "vdata")?;
            let vaddr = vgpr_any(i.vaddr, "vaddr")?;
            let srsrc = quad_field(Some(i.srsrc), "srsrc", &[4, 8])?;
            let ssamp = match kind {
                MimgKind::Sample => quad_field(i.ssamp, "ssamp", &[4])?,
                _ => {
                    none(i.ssamp, "ssamp")?;
                    0
                }
            };
            if i.dmask > 15 {
                return Err("dmask has 4 bits".into());
            }
            let code = u32::from(info.code);
            out.push(
                (0x3C << 26)
                    | (u32::from(i.slc) << 25)
                    | ((code & 0x7f) << 18)
                    | (u32::from(i.lwe) << 17)
                    | (u32::from(i.tfe) << 16)
                    | (u32::from(i.a16) << 15)
                    | (u32::from(i.da) << 14)
                    | (u32::from(i.glc) << 13)
                    | (u32::from(i.unorm) << 12)
                    | (u32::from(i.dmask) << 8)
                    | (code >> 7),
            );
            out.push(
                (u32::from(i.d16) << 31) | (ssamp << 21) | (srsrc << 16) | (vdata << 8) | vaddr,
            );
        }
        Inst::Exp(i) => {
            if i.target > 63 || i.en > 15 {
                return Err("target 0-63, en 4 bits".into());
            }
            out.push(
                (0x31 << 26)
                    | (u32::from(i.vm) << 12)
                    | (u32::from(i.done) << 11)
                    | (u32::from(i.compr) << 10)
                    | (u32::from(i.target) << 4)
                    | u32::from(i.en),
            );
            let [a, b, c, d] = i.vsrc.map(u32::from);
            out.push((d << 24) | (c << 16) | (b << 8) | a);
        }
    }
    Ok(())
}

/// The (at most one) literal dword of an instruction.
#[derive(Default)]
struct Literal(Option<u32>);

impl Literal {
    fn set(&mut self, v: u32) -> Result<(), String> {
        match self.0 {
            Some(old) if old != v => Err("only one literal constant per instruction".into()),
            _ => {
                self.0 = Some(v);
                Ok(())
            }
        }
    }
    fn push(self, out: &mut Vec<u32>) {
        if let Some(v) = self.0 {
            out.push(v);
        }
    }
}

fn none(o: Option<Operand>, what: &str) -> Result<(), String> {
    match o {
        None => Ok(()),
        Some(x) => Err(format!("{what} ({x}) is not an operand of this opcode")),
    }
}

fn check_sgpr(code: u8, count: u8, width: u8, what: &str) -> Result<(), String> {
    if count != width {
        return Err(format!(
            "{what} must be {width} register(s) wide, got {count}"
        ));
    }
    if !super::operand::sgpr_range_ok(code, count) {
        return Err(format!(
            "{what}: invalid or misaligned {count}-register SGPR range at code {code}"
        ));
    }
    Ok(())
}

/// A 7-bit SDST field.
fn sdst_field(o: Option<Operand>, width: u8, what: &str) -> Result<u32, String> {
    match (o, width) {
        (None, 0) => Ok(0),
        (None, _) => Err(format!("missing {what}")),
        (Some(x), 0) => Err(format!("{what} ({x}) is not an operand of this opcode")),
        (Some(Operand::Sgpr { code, count }), w) => {
            check_sgpr(code, count, w, what)?;
            Ok(u32::from(code))
        }
        (Some(x), _) => Err(format!("{what} must be a scalar register, got {x}")),
    }
}

/// An 8-bit SSRC field (with literal).
fn ssrc_field(o: Option<Operand>, width: u8, what: &str, lit: &mut Literal) -> Result<u32, String> {
    match (o, width) {
        (None, 0) => Ok(0),
        (None, _) => Err(format!("missing {what}")),
        (Some(x), 0) => Err(format!("{what} ({x}) is not an operand of this opcode")),
        (Some(Operand::Sgpr { code, count }), w) => {
            check_sgpr(code, count, w, what)?;
            Ok(u32::from(code))
        }
        (Some(Operand::Vgpr { .. }), _) => Err(format!("{what} cannot be a VGPR")),
        (Some(Operand::Special(super::Special::LdsDirect)), _) => {
            Err(format!("{what} cannot be src_lds_direct"))
        }
        (Some(Operand::Literal(v)), _) => {
            lit.set(v)?;
            Ok(255)
        }
        (Some(x), _) => Ok(u32::from(x.src_code())),
    }
}

/// A 9-bit VALU source field. `reg_width` is the register count the type needs.
fn vsrc9(o: Operand, reg_width: u8, what: &str, lit: Option<&mut Literal>) -> Result<u32, String> {
    match o {
        Operand::Sgpr { code, count } => {
            check_sgpr(code, count, reg_width, what)?;
            Ok(u32::from(code))
        }
        Operand::Vgpr { index, count } => {
            if count != reg_width {
                return Err(format!(
                    "{what} must be {reg_width} VGPR(s) wide, got {count}"
                ));
            }
            if u16::from(index) + u16::from(count) > 256 {
                return Err(format!("{what}: VGPR range past v255"));
            }
            Ok(256 + u32::from(index))
        }
        Operand::Literal(v) => match lit {
            Some(l) => {
                l.set(v)?;
                Ok(255)
            }
            None => Err(format!(
                "{what} cannot be a literal constant (VOP3, vega L3455)"
            )),
        },
        x => Ok(u32::from(x.src_code())),
    }
}

/// A plain VGPR field (8 bits) of the given width (0 = unused).
fn vgpr_field(o: Option<Operand>, width: u8, what: &str) -> Result<u32, String> {
    match (o, width) {
        (None, 0) => Ok(0),
        (None, _) => Err(format!("missing {what}")),
        (Some(x), 0) => Err(format!("{what} ({x}) is not an operand of this opcode")),
        (Some(Operand::Vgpr { index, count }), w) => {
            if count != w {
                return Err(format!("{what} must be {w} VGPR(s) wide, got {count}"));
            }
            if u16::from(index) + u16::from(count) > 256 {
                return Err(format!("{what}: VGPR range past v255"));
            }
            Ok(u32::from(index))
        }
        (Some(x), _) => Err(format!("{what} must be a VGPR, got {x}")),
    }
}

/// A VGPR field whose width is not checked against the shape (MIMG).
fn vgpr_any(o: Operand, what: &str) -> Result<u32, String> {
    match o {
        Operand::Vgpr { index, count } if u16::from(index) + u16::from(count) <= 256 => {
            Ok(u32::from(index))
        }
        x => Err(format!("{what} must be a VGPR range, got {x}")),
    }
}

/// An SGPR field that stores the register number / 4 (SRSRC, SSAMP).
fn quad_field(o: Option<Operand>, what: &str, widths: &[u8]) -> Result<u32, String> {
    match o {
        Some(Operand::Sgpr { code, count }) if widths.contains(&count) => {
            if !super::operand::sgpr_range_ok(code, count) {
                return Err(format!(
                    "{what}: invalid or misaligned SGPR range at {code}"
                ));
            }
            Ok(u32::from(code) >> 2)
        }
        Some(x) => Err(format!(
            "{what} must be an SGPR range of {widths:?} registers, got {x}"
        )),
        None => Err(format!("missing {what}")),
    }
}

fn encode_smem(i: &Smem, info: &OpInfo, out: &mut Vec<u32>) -> Result<(), String> {
    let Shape::Smem { kind, data, base } = info.shape else {
        return Err("not an SMEM opcode".into());
    };
    let sdata = match kind {
        SmemKind::Probe => match i.sdata {
            Some(Operand::Int(v)) if (0..=127).contains(&v) => v as u32,
            _ => return Err("s_atc_probe needs a 7-bit immediate".into()),
        },
        SmemKind::Time => sdst_field(i.sdata, 2, "sdata")?,
        _ => sdst_field(i.sdata, data, "sdata")?,
    };
    let sbase = match base {
        0 => {
            none(i.sbase, "sbase")?;
            0
        }
        w => sdst_field(i.sbase, w, "sbase")? >> 1,
    };
    let has_offset = !matches!(kind, SmemKind::NoOp | SmemKind::Time);
    let (imm, off) = match (i.offset, has_offset) {
        (None, false) => (0, 0),
        (None, true) => return Err("missing offset".into()),
        (Some(_), false) => return Err("this opcode has no offset".into()),
        (Some(SmemOffset::Imm(v)), true) => {
            if !(-(1 << 20)..(1 << 20)).contains(&v) {
                return Err("offset must fit 21 bits signed (vega L25654-25659)".into());
            }
            (1, (v as u32) & 0x1f_ffff)
        }
        (Some(SmemOffset::Sgpr(o)), true) => (0, sdst_field(Some(o), 1, "offset")?),
    };
    out.push(
        (0x30 << 26)
            | (u32::from(info.code) << 18)
            | (imm << 17)
            | (u32::from(i.glc) << 16)
            | (sdata << 6)
            | sbase,
    );
    out.push(off);
    Ok(())
}

fn encode_valu(i: &Valu, info: &OpInfo, out: &mut Vec<u32>) -> Result<(), String> {
    let Shape::Valu(sh) = info.shape else {
        return Err("not a VALU opcode".into());
    };
    let nsrc = sh.nsrc();
    for (k, s) in i.src.iter().enumerate() {
        if (k < nsrc) != s.is_some() {
            return Err(format!("expected {nsrc} source(s)"));
        }
    }
    // Destination.
    let vdst_code = match (i.vdst, sh.dst, sh.sgpr_dst) {
        (None, Ty::None, _) => 0,
        (Some(Operand::Sgpr { code, count }), t, true) if t != Ty::None => {
            check_sgpr(code, count, 1, "vdst")?;
            u32::from(code)
        }
        (Some(o @ Operand::Vgpr { .. }), t, false) if t != Ty::None => {
            vgpr_field(Some(o), t.regs(), "vdst")?
        }
        (o, _, _) => return Err(format!("bad destination {o:?}")),
    };
    let native = info.format;
    let is_vop3_only = matches!(native, Format::Vop3 | Format::Vop3p);
    if !i.vop3 && is_vop3_only {
        return Err("this opcode exists only in the VOP3 encoding".into());
    }
    if i.vop3 && !is_vop3_only && info.vop3.is_none() {
        return Err("this opcode has no VOP3 form (digest D3)".into());
    }
    if !i.vop3 {
        return encode_vop32(i, info, sh, vdst_code, out);
    }
    if i.ext != ValuExt::None {
        return Err("SDWA/DPP extend the 32-bit encoding, not VOP3".into());
    }
    // VOP3A / VOP3B / VOP3P.
    let code = u32::from(if is_vop3_only {
        info.code
    } else {
        info.vop3.unwrap_or(0)
    });
    let mut f = [0u32; 3];
    for (k, (field, src)) in f.iter_mut().zip(i.src).enumerate().take(nsrc) {
        if let Some(o) = src {
            *field = vsrc9(o, sh.srcs[k].regs(), &format!("src{k}"), None)?;
        }
    }
    if i.omod > 3 || i.op_sel > 15 || i.neg > 7 || i.abs > 7 || i.neg_hi > 7 || i.op_sel_hi > 7 {
        return Err("modifier out of range".into());
    }
    let dw1_common = (f[2] << 18) | (f[1] << 9) | f[0];
    let clamp = u32::from(i.clamp) << 15;
    if sh.is_vop3p() {
        none(i.sdst, "sdst")?;
        if i.abs != 0 || i.omod != 0 {
            return Err("VOP3P has no abs/omod (vega L4506-4507)".into());
        }
        if i.op_sel > 7 {
            return Err("VOP3P op_sel has 3 bits".into());
        }
        let w0 = (0x34 << 26)
            | (code << 16)
            | clamp
            | (u32::from(i.op_sel_hi >> 2) << 14)
            | (u32::from(i.op_sel) << 11)
            | (u32::from(i.neg_hi) << 8)
            | vdst_code;
        let w1 = (u32::from(i.neg) << 29) | (u32::from(i.op_sel_hi & 3) << 27) | dw1_common;
        out.extend([w0, w1]);
        return Ok(());
    }
    if i.neg_hi != 0 || i.op_sel_hi != 0 {
        return Err("neg_hi/op_sel_hi exist only in VOP3P".into());
    }
    let dw1 = (u32::from(i.neg) << 29) | (u32::from(i.omod) << 27) | dw1_common;
    let vop3b = matches!(sh.kind, ValuKind::CarryOut | ValuKind::CarryInOut);
    let w0 = if vop3b {
        // VOP3B: SDST in [14:8], no abs/op_sel (vega L28657-28836).
        let sdst = sdst_field(i.sdst, 2, "sdst")?;
        if i.abs != 0 || i.op_sel != 0 {
            return Err("VOP3B has no abs/op_sel".into());
        }
        (0x34 << 26) | (code << 16) | clamp | (sdst << 8) | vdst_code
    } else {
        let d = if sh.kind == ValuKind::Vopc {
            // VOPC in VOP3: the SGPR-pair result goes in VDST (digest §4.4).
            if i.vdst.is_some() {
                return Err("a compare writes sdst, not vdst".into());
            }
            sdst_field(i.sdst, 2, "sdst")?
        } else {
            none(i.sdst, "sdst")?;
            vdst_code
        };
        (0x34 << 26)
            | (code << 16)
            | clamp
            | (u32::from(i.op_sel) << 11)
            | (u32::from(i.abs) << 8)
            | d
    };
    out.extend([w0, dw1]);
    Ok(())
}

/// VOP1 / VOP2 / VOPC (32-bit, plus an optional literal).
fn encode_vop32(
    i: &Valu,
    info: &OpInfo,
    sh: ValuShape,
    vdst: u32,
    out: &mut Vec<u32>,
) -> Result<(), String> {
    if i.ext != ValuExt::None {
        return encode_ext(i, info, sh, vdst, out);
    }
    if i.neg != 0
        || i.abs != 0
        || i.clamp
        || i.omod != 0
        || i.op_sel != 0
        || i.op_sel_hi != 0
        || i.neg_hi != 0
    {
        return Err("modifiers need the VOP3 (_e64) encoding".into());
    }
    let is_vcc = |o: Option<Operand>| o == Some(Operand::VCC);
    match sh.kind {
        ValuKind::Vopc | ValuKind::CarryOut | ValuKind::CarryInOut if !is_vcc(i.sdst) => {
            return Err("the 32-bit encoding writes vcc".into());
        }
        ValuKind::Plain | ValuKind::CarryIn | ValuKind::MadMk | ValuKind::MadAk => {
            none(i.sdst, "sdst")?;
        }
        _ => {}
    }
    if matches!(sh.kind, ValuKind::CarryIn | ValuKind::CarryInOut) && !is_vcc(i.src[2]) {
        return Err("the 32-bit encoding reads vcc as its last source".into());
    }
    let mut lit = Literal::default();
    let code = u32::from(info.code);
    let src0 = match i.src[0] {
        Some(o) => vsrc9(o, sh.srcs[0].regs(), "src0", Some(&mut lit))?,
        None => 0,
    };
    // VSRC1 (8-bit VGPR) position and the madmk/madak K.
    let (vsrc1_op, k) = match sh.kind {
        ValuKind::MadMk => (i.src[2], i.src[1]),
        ValuKind::MadAk => (i.src[1], i.src[2]),
        _ => (i.src[1], None),
    };
    if let Some(k) = k {
        match k {
            Operand::Literal(v) => {
                if lit.0.is_some() {
                    return Err("v_madmk/v_madak: only K may be a literal".into());
                }
                lit.set(v)?;
            }
            _ => return Err("v_madmk/v_madak: K must be a literal".into()),
        }
    }
    let vsrc1 = match (info.format, vsrc1_op) {
        (Format::Vop1, None) => 0,
        (_, Some(o)) => {
            let t = match sh.kind {
                ValuKind::MadMk => sh.srcs[2],
                _ => sh.srcs[1],
            };
            vgpr_field(
                Some(o),
                t.regs(),
                "vsrc1 (the 32-bit encoding needs a VGPR)",
            )?
        }
        (_, None) => return Err("missing vsrc1".into()),
    };
    let w = match info.format {
        Format::Vop2 => (code << 25) | (vdst << 17) | (vsrc1 << 9) | src0,
        Format::Vop1 => (0x3F << 25) | (vdst << 17) | (code << 9) | src0,
        Format::Vopc => (0x3E << 25) | (code << 17) | (vsrc1 << 9) | src0,
        f => return Err(format!("{f:?} has no 32-bit VALU form")),
    };
    out.push(w);
    lit.push(out);
    Ok(())
}

fn encode_buf(i: &Buf, info: &OpInfo, out: &mut Vec<u32>) -> Result<(), String> {
    let Shape::Buf { kind, vdata } = info.shape else {
        return Err("not a MUBUF/MTBUF opcode".into());
    };
    let mtbuf = info.format == Format::Mtbuf;
    let (vdata_w, need_rsrc) = match kind {
        BufKind::NoOp => (0, false),
        BufKind::StoreLds => (0, true),
        BufKind::Load => (vdata + u8::from(i.tfe), true),
        _ => (vdata, true),
    };
    let vd = vgpr_field(i.vdata, vdata_w, "vdata")?;
    let addr_w = u8::from(i.offen) + u8::from(i.idxen);
    let va = vgpr_field(i.vaddr, addr_w, "vaddr")?;
    let (srsrc, soffset) = if need_rsrc {
        let r = quad_field(i.srsrc, "srsrc", &[4])?;
        let mut lit = Literal::default();
        let so = ssrc_field(i.soffset, 1, "soffset", &mut lit)?;
        if lit.0.is_some() {
            return Err("soffset cannot be a literal".into());
        }
        (r, so)
    } else {
        none(i.srsrc, "srsrc")?;
        none(i.soffset, "soffset")?;
        (0, 0)
    };
    if i.offset > 0xfff {
        return Err("offset is 12 bits unsigned (vega L4962-5099)".into());
    }
    let common = (u32::from(i.glc) << 14)
        | (u32::from(i.idxen) << 13)
        | (u32::from(i.offen) << 12)
        | u32::from(i.offset);
    if mtbuf {
        if i.lds {
            return Err("MTBUF has no lds bit".into());
        }
        if i.dfmt > 15 || i.nfmt > 7 {
            return Err("dfmt 4 bits, nfmt 3 bits".into());
        }
        out.push(
            (0x3A << 26)
                | (u32::from(i.nfmt) << 23)
                | (u32::from(i.dfmt) << 19)
                | (u32::from(info.code) << 15)
                | common,
        );
        out.push(
            (soffset << 24)
                | (u32::from(i.tfe) << 23)
                | (u32::from(i.slc) << 22)
                | (srsrc << 16)
                | (vd << 8)
                | va,
        );
    } else {
        if i.dfmt != 0 || i.nfmt != 0 {
            return Err("MUBUF has no format".into());
        }
        out.push(
            (0x38 << 26)
                | (u32::from(info.code) << 18)
                | (u32::from(i.slc) << 17)
                | (u32::from(i.lds) << 16)
                | common,
        );
        out.push((soffset << 24) | (u32::from(i.tfe) << 23) | (srsrc << 16) | (vd << 8) | va);
    }
    Ok(())
}

fn encode_flat(i: &Flat, info: &OpInfo, out: &mut Vec<u32>) -> Result<(), String> {
    let Shape::Flat { kind, dst, data } = info.shape else {
        return Err("not a FLAT opcode".into());
    };
    let dst_w = match kind {
        FlatKind::Atomic if !i.glc => 0,
        _ => dst,
    };
    let vdst = vgpr_field(i.vdst, dst_w, "vdst")?;
    let vdata = vgpr_field(i.data, data, "data")?;
    let (seg, saddr, addr_w, range) = match info.format {
        Format::Flat => {
            none(i.saddr, "saddr")?;
            (0u32, 0u32, 2u8, 0..=4095)
        }
        Format::Global => match i.saddr {
            None => (2, 0x7f, 2, -4096..=4095),
            Some(o) => (2, sdst_field(Some(o), 2, "saddr")?, 1, -4096..=4095),
        },
        _ => match i.saddr {
            None => (1, 0x7f, 1, -4096..=4095),
            // SADDR 0x7F means "off" (vega L31737-31745), so exec_hi cannot be named.
            Some(o) if o == Operand::s(super::operand::sreg::EXEC_HI) => {
                return Err("saddr cannot be exec_hi (0x7F means off)".into());
            }
            Some(o) => (1, sdst_field(Some(o), 1, "saddr")?, 0, -4096..=4095),
        },
    };
    let addr = vgpr_field(i.addr, addr_w, "addr")?;
    if !range.contains(&i.offset) {
        return Err(format!(
            "offset {} out of range (vega L7573-7577)",
            i.offset
        ));
    }
    out.push(
        (0x37 << 26)
            | (u32::from(info.code) << 18)
            | (u32::from(i.slc) << 17)
            | (u32::from(i.glc) << 16)
            | (seg << 14)
            | (u32::from(i.offset as u16) & 0x1fff),
    );
    out.push((vdst << 24) | (saddr << 16) | (vdata << 8) | addr);
    Ok(())
}

/// Whether a DPP_CTRL value is defined (vega Table 81, L29500-29654).
pub fn dpp_ctrl_valid(c: u16) -> bool {
    matches!(c, 0..=0xff | 0x101..=0x10f | 0x111..=0x11f | 0x121..=0x12f)
        || matches!(c, 0x130 | 0x134 | 0x138 | 0x13c | 0x140..=0x143)
}

/// An SDWA source: a VGPR (S=0) or a scalar operand code (S=1; digest D8).
fn sdwa_src(o: Option<Operand>, what: &str) -> Result<(u32, u32), String> {
    match o {
        None => Ok((0, 0)),
        Some(Operand::Vgpr { index, count: 1 }) => Ok((u32::from(index), 0)),
        Some(Operand::Literal(_)) => Err(format!("{what}: SDWA cannot take a literal")),
        Some(Operand::Special(super::Special::LdsDirect)) => {
            Err(format!("{what}: SDWA cannot read LDS direct"))
        }
        Some(Operand::Sgpr { code, count: 1 }) => Ok((u32::from(code), 1)),
        Some(x @ (Operand::Int(_) | Operand::Float(_) | Operand::Special(_))) => {
            Ok((u32::from(x.src_code()), 1))
        }
        Some(x) => Err(format!("{what}: {x} is not a 32-bit SDWA source")),
    }
}

/// VOP1/VOP2/VOPC followed by an SDWA or DPP dword (vega L29173-29654).
fn encode_ext(
    i: &Valu,
    info: &OpInfo,
    sh: ValuShape,
    vdst: u32,
    out: &mut Vec<u32>,
) -> Result<(), String> {
    if matches!(sh.kind, ValuKind::MadMk | ValuKind::MadAk) {
        return Err("v_madmk/v_madak cannot use SDWA/DPP (vega L23979-24073)".into());
    }
    if sh.sgpr_dst || sh.dst.regs() > 1 || sh.srcs.iter().take(2).any(|t| t.regs() > 1) {
        return Err("SDWA/DPP need 32-bit VGPR operands".into());
    }
    if i.op_sel != 0 || i.op_sel_hi != 0 || i.neg_hi != 0 {
        return Err("op_sel/neg_hi are VOP3 modifiers".into());
    }
    let is_vcc = |o: Option<Operand>| o == Some(Operand::VCC);
    if matches!(sh.kind, ValuKind::CarryIn | ValuKind::CarryInOut) && !is_vcc(i.src[2]) {
        return Err("the 32-bit encoding reads vcc as its last source".into());
    }
    if matches!(sh.kind, ValuKind::CarryOut | ValuKind::CarryInOut) && !is_vcc(i.sdst) {
        return Err("the 32-bit encoding writes vcc".into());
    }
    let vop1 = info.format == Format::Vop1;
    let vopc = info.format == Format::Vopc;
    let nfield = if vop1 { 1 } else { 2 }.min(sh.nsrc());
    let srcmask = (1u8 << nfield) - 1;
    if i.neg & !srcmask != 0 || i.abs & !srcmask != 0 {
        return Err("neg/abs apply to src0/src1 only".into());
    }
    let code = u32::from(info.code);
    let (ext_dword, src0_code, vsrc1) = match i.ext {
        ValuExt::None => return Err("no extension".into()),
        ValuExt::Sdwa(x) => {
            if x.dst_sel > 6 || x.src0_sel > 6 || x.src1_sel > 6 || x.dst_unused > 2 {
                return Err("SDWA selection out of range (vega L29211-29229)".into());
            }
            if x.sext & !srcmask != 0
                || (vop1 && x.src1_sel != 0)
                || (nfield == 0 && x.src0_sel != 0)
            {
                return Err("VOP1 SDWA has no src1".into());
            }
            let (s0, s0s) = sdwa_src(i.src[0], "src0")?;
            let (s1, s1s) = if nfield > 1 {
                sdwa_src(i.src[1], "src1")?
            } else {
                (0, 0)
            };
            let bit = |m: u8, k: u32| u32::from((m >> k) & 1);
            let sel = |sel: u8, k: u32, s: u32| {
                u32::from(sel)
                    | bit(x.sext, k) << 3
                    | bit(i.neg, k) << 4
                    | bit(i.abs, k) << 5
                    | s << 7
            };
            let hi = sel(x.src0_sel, 0, s0s) | sel(x.src1_sel, 1, s1s) << 8;
            let lo = if vopc {
                if i.clamp || i.omod != 0 || x.dst_sel != 6 || x.dst_unused != 0 {
                    return Err("VOPC SDWA has no clamp/omod/dst_sel/dst_unused".into());
                }
                match i.sdst {
                    Some(Operand::VCC) => 0,
                    o => 0x80 | sdst_field(o, 2, "sdst")?,
                }
            } else {
                if i.omod > 3 {
                    return Err("omod out of range".into());
                }
                u32::from(x.dst_sel)
                    | u32::from(x.dst_unused) << 3
                    | u32::from(i.clamp) << 5
                    | u32::from(i.omod) << 6
            };
            (s0 | lo << 8 | hi << 16, 249, s1)
        }
        ValuExt::Dpp(d) => {
            if vopc {
                return Err("VOPC cannot use DPP on gfx9 (digest D5)".into());
            }
            if i.clamp || i.omod != 0 {
                return Err("DPP has no clamp/omod".into());
            }
            if !dpp_ctrl_valid(d.ctrl) || d.row_mask > 15 || d.bank_mask > 15 {
                return Err("invalid DPP control (vega Table 81)".into());
            }
            let s0 = match i.src[0] {
                None => 0,
                Some(Operand::Vgpr { index, count: 1 }) => u32::from(index),
                Some(x) => return Err(format!("DPP src0 must be a VGPR, got {x}")),
            };
            let s1 = if nfield > 1 {
                vgpr_field(i.src[1], 1, "vsrc1")?
            } else {
                0
            };
            let bit = |m: u8, k: u32| u32::from((m >> k) & 1);
            let dword = s0
                | u32::from(d.ctrl) << 8
                | u32::from(d.bound_ctrl) << 19
                | bit(i.neg, 0) << 20
                | bit(i.abs, 0) << 21
                | bit(i.neg, 1) << 22
                | bit(i.abs, 1) << 23
                | u32::from(d.bank_mask) << 24
                | u32::from(d.row_mask) << 28;
            (dword, 250, s1)
        }
    };
    if !vopc {
        none(if sh.has_sdst() { None } else { i.sdst }, "sdst")?;
    }
    let w = match info.format {
        Format::Vop2 => (code << 25) | (vdst << 17) | (vsrc1 << 9) | src0_code,
        Format::Vop1 => (0x3F << 25) | (vdst << 17) | (code << 9) | src0_code,
        _ => (0x3E << 25) | (code << 17) | (vsrc1 << 9) | src0_code,
    };
    out.extend([w, ext_dword]);
    Ok(())
}
