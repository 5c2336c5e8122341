//! Printer: [`Inst`] in LLVM AMDGPU syntax, exactly as `llvm-mc -arch=amdgcn -mcpu=gfx906`
//! prints it (one space after the mnemonic, `, ` between operands, modifiers after).

use super::inst::*;
use super::opcodes::*;
use super::operand::Operand;
use std::fmt::{self, Display, Write};

impl Display for Inst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut p = Printer::default();
        print_inst(self, &mut p);
        f.write_str(&p.finish())
    }
}

/// Builds `mnemonic op, op, op mod mod`.
#[derive(Default)]
struct Printer {
    name: String,
    ops: Vec<String>,
    mods: Vec<String>,
}

impl Printer {
    fn op(&mut self, s: impl Into<String>) {
        self.ops.push(s.into());
    }
    fn flag(&mut self, on: bool, s: &str) {
        if on {
            self.mods.push(s.into());
        }
    }
    fn m(&mut self, s: impl Into<String>) {
        self.mods.push(s.into());
    }
    fn finish(self) -> String {
        let mut s = self.name;
        if !self.ops.is_empty() {
            s.push(' ');
            s.push_str(&self.ops.join(", "));
        }
        for m in self.mods {
            s.push(' ');
            s.push_str(&m);
        }
        s
    }
}

fn opt(o: Option<Operand>) -> String {
    o.map_or_else(|| "off".to_string(), |o| o.to_string())
}

fn print_inst(inst: &Inst, p: &mut Printer) {
    let op = inst.opcode();
    p.name = op.name().to_string();
    match inst {
        Inst::Salu(i) => {
            for o in [i.dst, i.src0, i.src1].into_iter().flatten() {
                p.op(o.to_string());
            }
        }
        Inst::SetGprIdxOn { src0, mode } => {
            p.op(src0.to_string());
            p.op(gpr_idx(u16::from(*mode)));
        }
        Inst::Sopk(i) => {
            let Shape::Sopk(kind) = op.shape() else {
                return;
            };
            let sd = opt(i.sdst);
            match kind {
                SopkKind::Imm => {
                    p.op(sd);
                    p.op(format!("0x{:x}", i.simm16));
                }
                SopkKind::BranchPair => {
                    // LLVM's disassembler prints the raw (unsigned) SIMM16 of branches.
                    p.op(sd);
                    p.op(i.simm16.to_string());
                }
                SopkKind::GetReg => {
                    p.op(sd);
                    p.op(hwreg(i.simm16));
                }
                SopkKind::SetReg => {
                    p.op(hwreg(i.simm16));
                    p.op(sd);
                }
                SopkKind::SetRegImm32 => {
                    p.op(hwreg(i.simm16));
                    // LLVM: decimal when it is an inline integer (-16..=64), else hex.
                    let v = i.imm32.unwrap_or(0);
                    if (-16..=64).contains(&(v as i32)) {
                        p.op((v as i32).to_string());
                    } else {
                        p.op(format!("0x{v:x}"));
                    }
                }
            }
        }
        Inst::Sopp(i) => {
            let Shape::Sopp(kind) = op.shape() else {
                return;
            };
            match kind {
                SoppKind::None => {}
                // LLVM: decimal up to 64 (the inline integer range), hex above.
                SoppKind::Imm if i.simm16 <= 64 => p.op(i.simm16.to_string()),
                SoppKind::Imm => p.op(format!("0x{:x}", i.simm16)),
                // LLVM's disassembler prints the raw (unsigned) SIMM16 of branches.
                SoppKind::Branch => p.op(i.simm16.to_string()),
                SoppKind::Waitcnt => p.op(waitcnt(i.simm16)),
                SoppKind::Sendmsg => p.op(sendmsg(i.simm16)),
                SoppKind::GprIdxMode => p.op(gpr_idx(i.simm16)),
            }
        }
        Inst::Smem(i) => {
            let Shape::Smem { kind, .. } = op.shape() else {
                return;
            };
            match (kind, i.sdata) {
                (SmemKind::Probe, Some(Operand::Int(v))) => p.op(v.to_string()),
                (_, Some(o)) => p.op(o.to_string()),
                _ => {}
            }
            if let Some(b) = i.sbase {
                p.op(b.to_string());
            }
            match i.offset {
                Some(SmemOffset::Imm(v)) if v < 0 => p.op(format!("-0x{:x}", -i64::from(v))),
                Some(SmemOffset::Imm(v)) => p.op(format!("0x{v:x}")),
                Some(SmemOffset::Sgpr(o)) => p.op(o.to_string()),
                None => {}
            }
            p.flag(i.glc, "glc");
        }
        Inst::Valu(i) => print_valu(i, p),
        Inst::Vintrp(i) => {
            p.name.push_str("_e32");
            p.op(format!("v{}", i.vdst));
            if op == Opcode::V_INTERP_MOV_F32 {
                p.op(["p10", "p20", "p0"]
                    .get(usize::from(i.vsrc))
                    .copied()
                    .unwrap_or("p?"));
            } else {
                p.op(format!("v{}", i.vsrc));
            }
            p.op(format!(
                "attr{}.{}",
                i.attr,
                ["x", "y", "z", "w"][usize::from(i.chan & 3)]
            ));
        }
        Inst::Ds(i) => {
            let Shape::Ds(s) = op.shape() else { return };
            for o in [i.vdst, i.addr, i.data0, i.data1].into_iter().flatten() {
                p.op(o.to_string());
            }
            if s.two_offsets {
                let (o0, o1) = (i.offset & 0xff, i.offset >> 8);
                if o0 != 0 {
                    p.m(format!("offset0:{o0}"));
                }
                if o1 != 0 {
                    p.m(format!("offset1:{o1}"));
                }
            } else if op == Opcode::DS_SWIZZLE_B32 {
                if i.offset != 0 {
                    p.m(format!("offset:{}", swizzle(i.offset)));
                }
            } else if i.offset != 0 {
                p.m(format!("offset:{}", i.offset));
            }
            p.flag(i.gds, "gds");
        }
        Inst::Buf(i) => {
            let Shape::Buf { kind, .. } = op.shape() else {
                return;
            };
            match kind {
                BufKind::NoOp => {}
                BufKind::StoreLds => {
                    p.op(opt(i.srsrc));
                    p.op(opt(i.soffset));
                }
                _ => {
                    p.op(opt(i.vdata));
                    p.op(opt(i.vaddr));
                    p.op(opt(i.srsrc));
                    p.op(opt(i.soffset));
                }
            }
            if op.format() == Format::Mtbuf && (i.dfmt, i.nfmt) != (1, 0) {
                p.m(buf_format(i.dfmt, i.nfmt));
            }
            p.flag(i.idxen, "idxen");
            p.flag(i.offen, "offen");
            if i.offset != 0 {
                p.m(format!("offset:{}", i.offset));
            }
            p.flag(i.glc, "glc");
            p.flag(i.slc, "slc");
            p.flag(i.lds, "lds");
            p.flag(i.tfe, "tfe");
        }
        Inst::Flat(i) => {
            if let Some(d) = i.vdst {
                p.op(d.to_string());
            }
            p.op(opt(i.addr));
            if let Some(d) = i.data {
                p.op(d.to_string());
            }
            if op.format() != Format::Flat {
                p.op(opt(i.saddr));
            }
            if i.offset != 0 {
                p.m(format!("offset:{}", i.offset));
            }
            p.flag(i.glc, "glc");
            p.flag(i.slc, "slc");
        }
        Inst::Mimg(i) => {
            p.op(i.vdata.to_string());
            p.op(i.vaddr.to_string());
            p.op(i.srsrc.to_string());
            if let Some(s) = i.ssamp {
                p.op(s.to_string());
            }
            if i.dmask != 0 {
                p.m(format!("dmask:0x{:x}", i.dmask));
            }
            p.flag(i.unorm, "unorm");
            p.flag(i.glc, "glc");
            p.flag(i.slc, "slc");
            p.flag(i.a16, "a16");
            p.flag(i.tfe, "tfe");
            p.flag(i.lwe, "lwe");
            p.flag(i.da, "da");
            p.flag(i.d16, "d16");
        }
        Inst::Exp(i) => {
            p.name = format!("exp {}", exp_target(i.target));
            for n in 0..4 {
                // With compr the printed sources are vsrc0, vsrc0, vsrc1, vsrc1 (LLVM).
                let field = if i.compr { n / 2 } else { n };
                if i.en & (1 << n) != 0 {
                    p.op(format!("v{}", i.vsrc[field]));
                } else {
                    p.op("off");
                }
            }
            p.flag(i.done, "done");
            p.flag(i.compr, "compr");
            p.flag(i.vm, "vm");
        }
    }
}

/// Text of a VALU source (inline constants, literals and registers).
fn src_text(o: Operand) -> String {
    o.to_string()
}

fn print_valu(i: &Valu, p: &mut Printer) {
    let Some(sh) = i.op.valu_shape() else { return };
    let fmt = i.op.format();
    let has_both = matches!(fmt, Format::Vop1 | Format::Vop2 | Format::Vopc)
        && i.op.info().vop3.is_some()
        && !matches!(i.op, Opcode::V_NOP | Opcode::V_CLREXCP);
    let plain_name = matches!(i.op, Opcode::V_NOP | Opcode::V_CLREXCP);
    match i.ext {
        ValuExt::Sdwa(_) if !plain_name => p.name.push_str("_sdwa"),
        ValuExt::Dpp(_) if !plain_name => p.name.push_str("_dpp"),
        ValuExt::None if has_both => p.name.push_str(if i.vop3 { "_e64" } else { "_e32" }),
        _ => {}
    }
    let sext = match i.ext {
        ValuExt::Sdwa(x) => x.sext,
        _ => 0,
    };
    let vop3p = sh.is_vop3p();
    let mix = sh.flags & MIX != 0;
    if let Some(d) = i.vdst {
        p.op(d.to_string());
    }
    if let Some(d) = i.sdst {
        p.op(d.to_string());
    }
    let nsrc = sh.nsrc();
    for (k, s) in i.src.iter().enumerate().take(nsrc) {
        let Some(s) = s else { continue };
        let mut t = match (s, sh.srcs[k]) {
            // LLVM prints inline floats on 16-bit integer operands as the f16 pattern.
            (Operand::Float(f), Ty::B16) => format!("0x{:x}", f.f16_bits()),
            _ => src_text(*s),
        };
        let (neg, abs) = if vop3p && !mix {
            (false, false)
        } else if mix {
            (i.neg >> k & 1 != 0, i.neg_hi >> k & 1 != 0)
        } else {
            (i.neg >> k & 1 != 0, i.abs >> k & 1 != 0)
        };
        if sext >> k & 1 != 0 {
            t = format!("sext({t})");
        }
        if abs {
            t = format!("|{t}|");
        }
        if neg {
            // LLVM writes `neg(...)` around constants, where `-` would read as the sign.
            let imm =
                !abs && matches!(s, Operand::Int(_) | Operand::Float(_) | Operand::Literal(_));
            t = if imm {
                format!("neg({t})")
            } else {
                format!("-{t}")
            };
        }
        p.op(t);
    }
    let arr = |bits: u8, n: usize| {
        let v: Vec<String> = (0..n).map(|k| ((bits >> k) & 1).to_string()).collect();
        format!("[{}]", v.join(","))
    };
    if vop3p {
        let n = nsrc;
        let full = (1u8 << n) - 1;
        if i.op_sel & full != 0 {
            p.m(format!("op_sel:{}", arr(i.op_sel, n)));
        }
        let default_hi = if mix { 0 } else { full };
        if i.op_sel_hi & full != default_hi {
            p.m(format!("op_sel_hi:{}", arr(i.op_sel_hi, n)));
        }
        if !mix {
            if i.neg & full != 0 {
                p.m(format!("neg_lo:{}", arr(i.neg, n)));
            }
            if i.neg_hi & full != 0 {
                p.m(format!("neg_hi:{}", arr(i.neg_hi, n)));
            }
        }
        p.flag(i.clamp, "clamp");
        return;
    }
    p.flag(i.clamp, "clamp");
    match i.omod {
        1 => p.m("mul:2"),
        2 => p.m("mul:4"),
        3 => p.m("div:2"),
        _ => {}
    }
    match i.ext {
        ValuExt::Sdwa(x) => {
            if fmt != Format::Vopc {
                p.m(format!(
                    "dst_sel:{}",
                    SDWA_SEL[usize::from(x.dst_sel.min(6))]
                ));
                p.m(format!(
                    "dst_unused:{}",
                    SDWA_UNUSED[usize::from(x.dst_unused.min(2))]
                ));
            }
            if nsrc >= 1 {
                p.m(format!(
                    "src0_sel:{}",
                    SDWA_SEL[usize::from(x.src0_sel.min(6))]
                ));
            }
            if nsrc >= 2 && fmt != Format::Vop1 {
                p.m(format!(
                    "src1_sel:{}",
                    SDWA_SEL[usize::from(x.src1_sel.min(6))]
                ));
            }
        }
        ValuExt::Dpp(d) => {
            p.m(dpp_ctrl(d.ctrl));
            p.m(format!("row_mask:0x{:x}", d.row_mask));
            p.m(format!("bank_mask:0x{:x}", d.bank_mask));
            // LLVM 14 prints a set BOUND_CTRL bit as `bound_ctrl:1` (digest D12).
            p.flag(d.bound_ctrl, "bound_ctrl:1");
        }
        ValuExt::None => {}
    }
    if i.op_sel != 0 {
        // Sources first, the destination (bit 3) last.
        let bits = (i.op_sel & ((1 << nsrc) - 1)) | ((i.op_sel >> 3) & 1) << nsrc;
        p.m(format!("op_sel:{}", arr(bits, nsrc + 1)));
    }
}

/// The bits of `s_waitcnt`'s immediate that no counter uses (7, 13:12).
const WAITCNT_RESERVED: u16 = 0x3080;

/// `s_waitcnt` operand (vega L10777-10795; vmcnt is split over bits 3:0 and 15:14). An
/// immediate with reserved bits set is printed as the number, so that the assembler gives
/// the same bytes back (LLVM's disassembler prints the counters and loses the bits).
pub fn waitcnt(s: u16) -> String {
    if s & WAITCNT_RESERVED != 0 {
        return format!("{s:#06x}");
    }
    let vm = (s & 0xf) | ((s >> 14) & 3) << 4;
    let exp = (s >> 4) & 7;
    let lgkm = (s >> 8) & 0xf;
    let all = vm == 63 && exp == 7 && lgkm == 15;
    let mut parts = Vec::new();
    if vm != 63 || all {
        parts.push(format!("vmcnt({vm})"));
    }
    if exp != 7 || all {
        parts.push(format!("expcnt({exp})"));
    }
    if lgkm != 15 || all {
        parts.push(format!("lgkmcnt({lgkm})"));
    }
    parts.join(" ")
}

/// gfx9 hardware register names (LLVM; vega Tables 15-18 L3244-3407, digest D12 for 15).
pub const HWREG_NAMES: [(u16, &str); 8] = [
    (1, "HW_REG_MODE"),
    (2, "HW_REG_STATUS"),
    (3, "HW_REG_TRAPSTS"),
    (4, "HW_REG_HW_ID"),
    (5, "HW_REG_GPR_ALLOC"),
    (6, "HW_REG_LDS_ALLOC"),
    (7, "HW_REG_IB_STS"),
    (15, "HW_REG_SH_MEM_BASES"),
];

/// `hwreg(id[, offset, size])`: id in bits 5:0, offset 10:6, size-1 15:11 (digest §9 #24).
pub fn hwreg(s: u16) -> String {
    let id = s & 0x3f;
    let off = (s >> 6) & 0x1f;
    let size = (s >> 11) + 1;
    let mut t = String::from("hwreg(");
    match HWREG_NAMES.iter().find(|(n, _)| *n == id) {
        Some((_, name)) => t.push_str(name),
        None => {
            let _ = write!(t, "{id}");
        }
    }
    if off != 0 || size != 32 {
        let _ = write!(t, ", {off}, {size}");
    }
    t.push(')');
    t
}

/// Message names valid on gfx9 (LLVM 14).
pub const MSG_NAMES: [(u16, &str); 11] = [
    (1, "MSG_INTERRUPT"),
    (2, "MSG_GS"),
    (3, "MSG_GS_DONE"),
    (4, "MSG_SAVEWAVE"),
    (5, "MSG_STALL_WAVE_GEN"),
    (6, "MSG_HALT_WAVES"),
    (7, "MSG_ORDERED_PS_DONE"),
    (8, "MSG_EARLY_PRIM_DEALLOC"),
    (9, "MSG_GS_ALLOC_REQ"),
    (10, "MSG_GET_DOORBELL"),
    (15, "MSG_SYSMSG"),
];
/// GS operation names.
pub const GS_OPS: [&str; 4] = ["GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"];
/// System message operation names (1-4).
pub const SYS_OPS: [&str; 4] = [
    "SYSMSG_OP_ECC_ERR_INTERRUPT",
    "SYSMSG_OP_REG_RD",
    "SYSMSG_OP_HOST_TRAP_ACK",
    "SYSMSG_OP_TTRACE_PC",
];

/// `sendmsg(...)`: id in bits 3:0, op 6:4, stream 9:8 (vega L11040-11122), printed as LLVM
/// does; encodings LLVM would not print symbolically come out as the raw number.
pub fn sendmsg(s: u16) -> String {
    let id = s & 0xf;
    let op = (s >> 4) & 7;
    let stream = (s >> 8) & 3;
    if id | op << 4 | stream << 8 != s {
        // Bits outside id/op/stream: print the number so that nothing is lost.
        return s.to_string();
    }
    let name = MSG_NAMES.iter().find(|(n, _)| *n == id).map(|x| x.1);
    let is_gs = id == 2 || id == 3;
    let valid_op = match id {
        2 => (1..4).contains(&op),
        3 => op < 4,
        15 => (1..5).contains(&op),
        _ => op == 0,
    };
    let valid_stream = match id {
        2 => true,
        3 if op == 0 => stream == 0,
        3 => true,
        _ => stream == 0,
    };
    match name {
        Some(n) if valid_op && valid_stream => {
            let mut t = format!("sendmsg({n}");
            if is_gs {
                let _ = write!(t, ", {}", GS_OPS[usize::from(op)]);
                if op != 0 {
                    let _ = write!(t, ", {stream}");
                }
            } else if id == 15 {
                let _ = write!(t, ", {}", SYS_OPS[usize::from(op - 1)]);
            }
            t.push(')');
            t
        }
        _ => format!("sendmsg({id}, {op}, {stream})"),
    }
}

/// `gpr_idx(SRC0,SRC1,SRC2,DST)` (vega L4282-4320), or hex for out-of-range values.
pub fn gpr_idx(v: u16) -> String {
    if v & !0xf != 0 {
        return format!("0x{v:x}");
    }
    let names = ["SRC0", "SRC1", "SRC2", "DST"];
    let set: Vec<&str> = (0..4)
        .filter(|k| v >> k & 1 != 0)
        .map(|k| names[k])
        .collect();
    format!("gpr_idx({})", set.join(","))
}

/// Data format names (vega L5008-5024).
pub const DFMT_NAMES: [&str; 16] = [
    "BUF_DATA_FORMAT_INVALID",
    "BUF_DATA_FORMAT_8",
    "BUF_DATA_FORMAT_16",
    "BUF_DATA_FORMAT_8_8",
    "BUF_DATA_FORMAT_32",
    "BUF_DATA_FORMAT_16_16",
    "BUF_DATA_FORMAT_10_11_11",
    "BUF_DATA_FORMAT_11_11_10",
    "BUF_DATA_FORMAT_10_10_10_2",
    "BUF_DATA_FORMAT_2_10_10_10",
    "BUF_DATA_FORMAT_8_8_8_8",
    "BUF_DATA_FORMAT_32_32",
    "BUF_DATA_FORMAT_16_16_16_16",
    "BUF_DATA_FORMAT_32_32_32",
    "BUF_DATA_FORMAT_32_32_32_32",
    "BUF_DATA_FORMAT_RESERVED_15",
];
/// Number format names (vega L5026-5034).
pub const NFMT_NAMES: [&str; 8] = [
    "BUF_NUM_FORMAT_UNORM",
    "BUF_NUM_FORMAT_SNORM",
    "BUF_NUM_FORMAT_USCALED",
    "BUF_NUM_FORMAT_SSCALED",
    "BUF_NUM_FORMAT_UINT",
    "BUF_NUM_FORMAT_SINT",
    "BUF_NUM_FORMAT_RESERVED_6",
    "BUF_NUM_FORMAT_FLOAT",
];

/// `format:[dfmt,nfmt]`, leaving out the defaults (dfmt 1, nfmt 0) like LLVM.
pub fn buf_format(dfmt: u8, nfmt: u8) -> String {
    let mut parts = Vec::new();
    if dfmt != 1 {
        parts.push(DFMT_NAMES[usize::from(dfmt & 15)]);
    }
    if nfmt != 0 {
        parts.push(NFMT_NAMES[usize::from(nfmt & 7)]);
    }
    format!("format:[{}]", parts.join(","))
}

/// Export target name (vega L8440-8457).
pub fn exp_target(t: u8) -> String {
    match t {
        0..=7 => format!("mrt{t}"),
        8 => "mrtz".into(),
        9 => "null".into(),
        12..=15 => format!("pos{}", t - 12),
        32..=63 => format!("param{}", t - 32),
        _ => format!("invalid_target_{t}"),
    }
}

/// ds_swizzle_b32 offset as LLVM prints it (vega L20890-20918).
pub fn swizzle(imm: u16) -> String {
    if imm & 0x8000 != 0 {
        if imm & 0xff00 != 0x8000 {
            return imm.to_string();
        }
        let lanes: Vec<String> = (0..4).map(|k| ((imm >> (2 * k)) & 3).to_string()).collect();
        return format!("swizzle(QUAD_PERM,{})", lanes.join(","));
    }
    let and = imm & 0x1f;
    let or = (imm >> 5) & 0x1f;
    let xor = (imm >> 10) & 0x1f;
    if and == 0x1f && or == 0 && xor.count_ones() == 1 {
        return format!("swizzle(SWAP,{xor})");
    }
    if and == 0x1f && or == 0 && xor > 0 && (xor + 1).is_power_of_two() {
        return format!("swizzle(REVERSE,{})", xor + 1);
    }
    let group = 0x1f - and + 1;
    if group > 1 && group.is_power_of_two() && or < group && xor == 0 {
        return format!("swizzle(BROADCAST,{group},{or})");
    }
    let mut mask = String::new();
    let p0 = or ^ xor;
    let p1 = (and | or) ^ xor;
    for k in (0..5).rev() {
        let m = 1 << k;
        mask.push(match (p0 & m != 0, p1 & m != 0) {
            (true, true) => '1',
            (false, false) => '0',
            (false, true) => 'p',
            (true, false) => 'i',
        });
    }
    format!("swizzle(BITMASK_PERM,\"{mask}\")")
}

/// SDWA selection names (vega L29211-29219).
pub const SDWA_SEL: [&str; 7] = [
    "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0", "WORD_1", "DWORD",
];
/// SDWA dst_unused names (vega L29225-29229).
pub const SDWA_UNUSED: [&str; 3] = ["UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE"];

/// DPP_CTRL as LLVM prints it (vega Table 81, L29500-29654).
pub fn dpp_ctrl(c: u16) -> String {
    match c {
        0..=0xff => {
            let l: Vec<String> = (0..4).map(|k| ((c >> (2 * k)) & 3).to_string()).collect();
            format!("quad_perm:[{}]", l.join(","))
        }
        0x101..=0x10f => format!("row_shl:{}", c & 0xf),
        0x111..=0x11f => format!("row_shr:{}", c & 0xf),
        0x121..=0x12f => format!("row_ror:{}", c & 0xf),
        0x130 => "wave_shl:1".into(),
        0x134 => "wave_rol:1".into(),
        0x138 => "wave_shr:1".into(),
        0x13c => "wave_ror:1".into(),
        0x140 => "row_mirror".into(),
        0x141 => "row_half_mirror".into(),
        0x142 => "row_bcast:15".into(),
        0x143 => "row_bcast:31".into(),
        _ => format!("/* invalid dpp_ctrl 0x{c:x} */"),
    }
}
