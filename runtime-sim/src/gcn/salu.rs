//! Scalar ALU and program control: SOP1, SOP2, SOPC, SOPK, SOPP (vega Ch5 L2348-3411,
//! semantics 12.1-12.5 L8589-11033).
//!
//! SCC follows L2668-2684: compares set it to the result, arithmetic to the carry (signed
//! add/sub: the overflow), logical and bit operations to "result != 0", moves leave it.

use backend_gcn::isa::{Opcode, Operand, Salu, Shape, Sopk, Sopp};

use super::memory::{PRIVATE_APERTURE, SHARED_APERTURE};
use super::wave::{fault, unsupported, Wave, EXEC_LO, M0, R};

/// What happens after an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    Next,
    /// Continue at this byte offset from the entry point.
    Jump(u64),
    /// Branch to the pre-resolved target of this instruction.
    Branch,
    Barrier,
    End,
}

/// Byte address of the entry point as `s_getpc_b64` reports it. Code is not in the
/// global address space of the model; only PC-relative arithmetic on it is meaningful.
pub(crate) const CODE_BASE: u64 = 0x0000_7f00_0000_0000;

fn widths(op: Opcode) -> (u8, u8, u8) {
    match op.shape() {
        Shape::Sop2 { d, s0, s1 } => (d, s0, s1),
        Shape::Sop1 { d, s0 } => (d, s0, 0),
        Shape::Sopc { s0, s1 } => (0, s0, s1),
        _ => (0, 0, 0),
    }
}

fn read(w: &Wave, op: Option<Operand>, width: u8) -> R<u64> {
    match (op, width) {
        (None, _) | (_, 0) => Ok(0),
        (Some(o), 1) => w.sread(o).map(u64::from),
        (Some(o), _) => w.sread64(o, false),
    }
}

fn dst_code(i: &Salu) -> Option<u8> {
    match i.dst {
        Some(Operand::Sgpr { code, .. }) => Some(code),
        _ => None,
    }
}

/// Notes SALU writes that the wait-state table cares about (M0, rows 10/15/16).
fn note_dst(w: &mut Wave, code: u8, count: u8) {
    if (code..code.saturating_add(count)).contains(&M0) {
        w.note_salu_m0();
    }
}

fn write(w: &mut Wave, i: &Salu, width: u8, value: u64) -> R<()> {
    match i.dst {
        Some(Operand::Sgpr { code, .. }) => {
            w.swrite(code, width.max(1), value)?;
            note_dst(w, code, width.max(1));
            Ok(())
        }
        _ => fault("SALU instruction without a destination register"),
    }
}

fn bfe(x: u64, ctl: u64, bits: u32, signed: bool) -> u64 {
    let off = (ctl & u64::from(bits - 1)) as u32;
    let width = ((ctl >> 16) & 0x7f) as u32;
    if width == 0 {
        return 0;
    }
    let v = x >> off;
    let width = width.min(bits);
    let masked = if width >= 64 {
        v
    } else {
        v & ((1u64 << width) - 1)
    };
    if signed && width < 64 && masked >> (width - 1) & 1 != 0 {
        let ext = masked | !((1u64 << width) - 1);
        if bits == 32 {
            ext & 0xffff_ffff
        } else {
            ext
        }
    } else {
        masked
    }
}

/// SOP1, SOP2, SOPC.
pub(crate) fn exec_salu(w: &mut Wave, i: &Salu) -> R<Flow> {
    use Opcode::*;
    let (dw, w0, w1) = widths(i.op);
    let a = read(w, i.src0, w0)?;
    let b = read(w, i.src1, w1)?;
    let (a32, b32) = (a as u32, b as u32);
    let scc = u64::from(w.scc);
    // (result, new SCC); None leaves SCC alone.
    let (r, c): (u64, Option<bool>) = match i.op {
        S_ADD_U32 => {
            let s = a + b;
            (s, Some(s >> 32 != 0))
        }
        S_SUB_U32 => (u64::from(a32.wrapping_sub(b32)), Some(b32 > a32)),
        S_ADD_I32 => {
            let (r, o) = (a32 as i32).overflowing_add(b32 as i32);
            (u64::from(r as u32), Some(o))
        }
        S_SUB_I32 => {
            let (r, o) = (a32 as i32).overflowing_sub(b32 as i32);
            (u64::from(r as u32), Some(o))
        }
        S_ADDC_U32 => {
            let s = a + b + scc;
            (s, Some(s >> 32 != 0))
        }
        S_SUBB_U32 => (
            u64::from(a32.wrapping_sub(b32).wrapping_sub(scc as u32)),
            Some(b + scc > a),
        ),
        S_MIN_I32 => {
            let lt = (a32 as i32) < (b32 as i32);
            (if lt { a } else { b }, Some(lt))
        }
        S_MIN_U32 => (a.min(b), Some(a32 < b32)),
        S_MAX_I32 => {
            let gt = (a32 as i32) > (b32 as i32);
            (if gt { a } else { b }, Some(gt))
        }
        S_MAX_U32 => (a.max(b), Some(a32 > b32)),
        S_CSELECT_B32 | S_CSELECT_B64 => (if w.scc { a } else { b }, None),
        S_AND_B32 | S_AND_B64 => logic(a & b),
        S_OR_B32 | S_OR_B64 => logic(a | b),
        S_XOR_B32 | S_XOR_B64 => logic(a ^ b),
        S_ANDN2_B32 | S_ANDN2_B64 => logic(a & !b),
        S_ORN2_B32 | S_ORN2_B64 => logic(a | !b),
        S_NAND_B32 | S_NAND_B64 => logic(!(a & b)),
        S_NOR_B32 | S_NOR_B64 => logic(!(a | b)),
        S_XNOR_B32 | S_XNOR_B64 => logic(!(a ^ b)),
        S_LSHL_B32 => logic(u64::from(a32 << (b32 & 31))),
        S_LSHL_B64 => logic(a << (b & 63)),
        S_LSHR_B32 => logic(u64::from(a32 >> (b32 & 31))),
        S_LSHR_B64 => logic(a >> (b & 63)),
        S_ASHR_I32 => logic(u64::from(((a32 as i32) >> (b32 & 31)) as u32)),
        S_ASHR_I64 => logic(((a as i64) >> (b & 63)) as u64),
        S_BFM_B32 => (
            u64::from((1u32.checked_shl(a32 & 31).unwrap_or(0)).wrapping_sub(1) << (b32 & 31)),
            None,
        ),
        S_BFM_B64 => (((1u64 << (a & 63)).wrapping_sub(1)) << (b & 63), None),
        S_MUL_I32 => (u64::from(a32.wrapping_mul(b32)), None),
        S_MUL_HI_U32 => ((a * b) >> 32, None),
        S_MUL_HI_I32 => (
            ((i64::from(a32 as i32) * i64::from(b32 as i32)) >> 32) as u64,
            None,
        ),
        S_BFE_U32 => logic(bfe(a & 0xffff_ffff, b, 32, false)),
        S_BFE_I32 => logic(bfe(a & 0xffff_ffff, b, 32, true)),
        S_BFE_U64 => logic(bfe(a, b, 64, false)),
        S_BFE_I64 => logic(bfe(a, b, 64, true)),
        S_ABSDIFF_I32 => logic(u64::from(
            (i64::from(a32 as i32) - i64::from(b32 as i32)).unsigned_abs() as u32,
        )),
        S_LSHL1_ADD_U32 | S_LSHL2_ADD_U32 | S_LSHL3_ADD_U32 | S_LSHL4_ADD_U32 => {
            let n = match i.op {
                S_LSHL1_ADD_U32 => 1,
                S_LSHL2_ADD_U32 => 2,
                S_LSHL3_ADD_U32 => 3,
                _ => 4,
            };
            let s = (a << n) + b;
            (s, Some(s >> 32 != 0))
        }
        S_PACK_LL_B32_B16 => (u64::from(a32 & 0xffff | (b32 & 0xffff) << 16), None),
        S_PACK_LH_B32_B16 => (u64::from(a32 & 0xffff | (b32 & 0xffff_0000)), None),
        S_PACK_HH_B32_B16 => (u64::from(a32 >> 16 | (b32 & 0xffff_0000)), None),
        // SOP1
        S_MOV_B32 | S_MOV_B64 => (a, None),
        S_CMOV_B32 | S_CMOV_B64 => {
            if !w.scc {
                return Ok(Flow::Next);
            }
            (a, None)
        }
        S_NOT_B32 | S_NOT_B64 => logic(!a),
        S_BREV_B32 => (u64::from(a32.reverse_bits()), None),
        S_BREV_B64 => (a.reverse_bits(), None),
        S_BCNT0_I32_B32 => logic(u64::from(a32.count_zeros())),
        S_BCNT0_I32_B64 => logic(u64::from(a.count_zeros())),
        S_BCNT1_I32_B32 => logic(u64::from(a32.count_ones())),
        S_BCNT1_I32_B64 => logic(u64::from(a.count_ones())),
        S_FF0_I32_B32 => (first_bit(u64::from(!a32), 32), None),
        S_FF0_I32_B64 => (first_bit(!a, 64), None),
        S_FF1_I32_B32 => (first_bit(u64::from(a32), 32), None),
        S_FF1_I32_B64 => (first_bit(a, 64), None),
        S_FLBIT_I32_B32 => (
            if a32 == 0 {
                u64::from(u32::MAX)
            } else {
                u64::from(a32.leading_zeros())
            },
            None,
        ),
        S_FLBIT_I32_B64 => (
            if a == 0 {
                u64::from(u32::MAX)
            } else {
                u64::from(a.leading_zeros())
            },
            None,
        ),
        S_FLBIT_I32 => {
            let x = if (a32 as i32) < 0 { !a32 } else { a32 };
            (
                if a32 == 0 || a32 == u32::MAX {
                    u64::from(u32::MAX)
                } else {
                    u64::from(x.leading_zeros())
                },
                None,
            )
        }
        S_FLBIT_I32_I64 => {
            let x = if (a as i64) < 0 { !a } else { a };
            (
                if a == 0 || a == u64::MAX {
                    u64::from(u32::MAX)
                } else {
                    u64::from(x.leading_zeros())
                },
                None,
            )
        }
        S_SEXT_I32_I8 => (u64::from(a32 as u8 as i8 as i32 as u32), None),
        S_SEXT_I32_I16 => (u64::from(a32 as u16 as i16 as i32 as u32), None),
        S_BITSET0_B32 | S_BITSET1_B32 | S_BITSET0_B64 | S_BITSET1_B64 => {
            // D.u[S0.u[4:0]] = 0/1: the destination is also read.
            let wide = matches!(i.op, S_BITSET0_B64 | S_BITSET1_B64);
            let d = read(w, i.dst, if wide { 2 } else { 1 })?;
            let bit = 1u64 << (a & if wide { 63 } else { 31 });
            let set = matches!(i.op, S_BITSET1_B32 | S_BITSET1_B64);
            (if set { d | bit } else { d & !bit }, None)
        }
        S_ABS_I32 => logic(u64::from((a32 as i32).unsigned_abs())),
        S_GETPC_B64 => (pc_after(w), None),
        S_SETPC_B64 => return Ok(Flow::Jump(a.wrapping_sub(CODE_BASE))),
        S_SWAPPC_B64 => {
            write(w, i, 2, pc_after(w))?;
            return Ok(Flow::Jump(a.wrapping_sub(CODE_BASE)));
        }
        S_AND_SAVEEXEC_B64 | S_OR_SAVEEXEC_B64 | S_XOR_SAVEEXEC_B64 | S_ANDN2_SAVEEXEC_B64
        | S_ORN2_SAVEEXEC_B64 | S_NAND_SAVEEXEC_B64 | S_NOR_SAVEEXEC_B64 | S_XNOR_SAVEEXEC_B64
        | S_ANDN1_SAVEEXEC_B64 | S_ORN1_SAVEEXEC_B64 | S_ANDN1_WREXEC_B64 | S_ANDN2_WREXEC_B64 => {
            // D = EXEC (the old one; the new one for the WREXEC forms), EXEC = f(S0,
            // EXEC), SCC = EXEC != 0 (vega L10062-10148, L10333-10370).
            let e = w.exec();
            let n = match i.op {
                S_AND_SAVEEXEC_B64 => a & e,
                S_OR_SAVEEXEC_B64 => a | e,
                S_XOR_SAVEEXEC_B64 => a ^ e,
                S_ANDN2_SAVEEXEC_B64 | S_ANDN2_WREXEC_B64 => a & !e,
                S_ORN2_SAVEEXEC_B64 => a | !e,
                S_NAND_SAVEEXEC_B64 => !(a & e),
                S_NOR_SAVEEXEC_B64 => !(a | e),
                S_XNOR_SAVEEXEC_B64 => !(a ^ e),
                S_ANDN1_SAVEEXEC_B64 | S_ANDN1_WREXEC_B64 => !a & e,
                _ => !a | e,
            };
            let d = if matches!(i.op, S_ANDN1_WREXEC_B64 | S_ANDN2_WREXEC_B64) {
                n
            } else {
                e
            };
            w.swrite(EXEC_LO, 2, n)?;
            w.scc = n != 0;
            write(w, i, 2, d)?;
            return Ok(Flow::Next);
        }
        S_MOVRELS_B32 | S_MOVRELS_B64 | S_MOVRELD_B32 | S_MOVRELD_B64 => {
            w.need_after_m0(
                "S_MOVREL after an SALU write of M0",
                "vega Table 8 row 16 (L2174-2176)",
            )?;
            let m0 = w.s[usize::from(M0)];
            let wide = matches!(i.op, S_MOVRELS_B64 | S_MOVRELD_B64);
            let n = if wide { 2 } else { 1 };
            let rel = |code: u8| -> R<u8> {
                let c = u32::from(code) + m0;
                if c + u32::from(n) > 102 {
                    return fault(format!("S_MOVREL index s{c} beyond s101"));
                }
                Ok(c as u8)
            };
            if matches!(i.op, S_MOVRELS_B32 | S_MOVRELS_B64) {
                let Some(Operand::Sgpr { code, .. }) = i.src0 else {
                    return fault("S_MOVRELS needs an SGPR source");
                };
                let src = rel(code)?;
                let v = read(w, Some(Operand::s_range(src, n)), n)?;
                (v, None)
            } else {
                let Some(dc) = dst_code(i) else {
                    return fault("S_MOVRELD needs an SGPR destination");
                };
                let d = rel(dc)?;
                w.swrite(d, n, a)?;
                return Ok(Flow::Next);
            }
        }
        // SOPC
        S_CMP_EQ_I32 | S_CMP_EQ_U32 => return cmp(w, a32 == b32),
        S_CMP_LG_I32 | S_CMP_LG_U32 => return cmp(w, a32 != b32),
        S_CMP_GT_I32 => return cmp(w, (a32 as i32) > (b32 as i32)),
        S_CMP_GE_I32 => return cmp(w, (a32 as i32) >= (b32 as i32)),
        S_CMP_LT_I32 => return cmp(w, (a32 as i32) < (b32 as i32)),
        S_CMP_LE_I32 => return cmp(w, (a32 as i32) <= (b32 as i32)),
        S_CMP_GT_U32 => return cmp(w, a32 > b32),
        S_CMP_GE_U32 => return cmp(w, a32 >= b32),
        S_CMP_LT_U32 => return cmp(w, a32 < b32),
        S_CMP_LE_U32 => return cmp(w, a32 <= b32),
        S_CMP_EQ_U64 => return cmp(w, a == b),
        S_CMP_LG_U64 => return cmp(w, a != b),
        S_BITCMP0_B32 => return cmp(w, a32 >> (b32 & 31) & 1 == 0),
        S_BITCMP1_B32 => return cmp(w, a32 >> (b32 & 31) & 1 == 1),
        S_BITCMP0_B64 => return cmp(w, a >> (b & 63) & 1 == 0),
        S_BITCMP1_B64 => return cmp(w, a >> (b & 63) & 1 == 1),
        other => return unsupported(format!("{} in the gfx906 model", other.name())),
    };
    if let Some(c) = c {
        w.scc = c;
    }
    let r = if dw == 1 { r & 0xffff_ffff } else { r };
    write(w, i, dw, r)?;
    Ok(Flow::Next)
}

fn logic(r: u64) -> (u64, Option<bool>) {
    (r, Some(r != 0))
}

fn cmp(w: &mut Wave, c: bool) -> R<Flow> {
    w.scc = c;
    Ok(Flow::Next)
}

fn first_bit(x: u64, _bits: u32) -> u64 {
    if x == 0 {
        u64::from(u32::MAX)
    } else {
        u64::from(x.trailing_zeros())
    }
}

/// PC of the next instruction as a byte address (vega L1076-1079: relative to the next
/// instruction; S_GETPC is 4 bytes long).
fn pc_after(w: &Wave) -> u64 {
    CODE_BASE + u64::from(w_offset(w)) + 4
}

fn w_offset(w: &Wave) -> u32 {
    w.cur_offset
}

/// A hardware register (s_getreg/s_setreg) field: SIMM16 = {size-`1[15:11]`, `offset[10:6]`,
/// `id[5:0]`} (vega L3248, L9358-9360; digest §9 #24).
fn hwreg(simm16: u16) -> (u8, u32, u32) {
    let id = (simm16 & 0x3f) as u8;
    let offset = u32::from(simm16 >> 6) & 31;
    let size = u32::from(simm16 >> 11) + 1;
    (id, offset, size)
}

fn read_hwreg(w: &Wave, id: u8, lds_bytes: u32) -> R<u32> {
    Ok(match id {
        1 => w.mode,
        // STATUS (vega L1105-1288): SCC [0], EXECZ [9], VCCZ [10], VALID [16].
        2 => {
            u32::from(w.scc)
                | u32::from(w.exec() == 0) << 9
                | u32::from(w.vcc() == 0) << 10
                | 1 << 16
        }
        3 => w.trapsts,
        4 => 0,
        // GPR_ALLOC: VGPR_SIZE [13:8] in units of 4 minus one (L3371-3391).
        5 => ((w.v.len() as u32 / 4).saturating_sub(1) & 0x3f) << 8,
        // LDS_ALLOC: LDS_SIZE [20:12] in units of 64 dwords (L3397-3407).
        6 => (lds_bytes.div_ceil(256) & 0x1ff) << 12,
        7 => 0,
        // HW_REG_SH_MEM_BASES (hwreg 15, LLVM's name on gfx9): the aperture bases' bits
        // 63:48, private in [15:0], shared in [31:16].
        15 => ((SHARED_APERTURE >> 48) as u32) << 16 | (PRIVATE_APERTURE >> 48) as u32,
        _ => return unsupported(format!("s_getreg of hardware register {id}")),
    })
}

/// SOPK.
pub(crate) fn exec_sopk(w: &mut Wave, i: &Sopk, lds_bytes: u32) -> R<Flow> {
    use Opcode::*;
    let simm = i.simm16;
    let sext = i64::from(simm as i16) as u64 & 0xffff_ffff;
    let zext = u64::from(simm);
    let dcode = match i.sdst {
        Some(Operand::Sgpr { code, .. }) => Some(code),
        _ => None,
    };
    let d = || -> R<u32> {
        match i.sdst {
            Some(o) => w.sread(o),
            None => fault("SOPK without SDST"),
        }
    };
    let set = |w: &mut Wave, v: u64| -> R<Flow> {
        let Some(c) = dcode else {
            return fault("SOPK without an SGPR destination");
        };
        w.swrite(c, 1, v)?;
        note_dst(w, c, 1);
        Ok(Flow::Next)
    };
    match i.op {
        S_MOVK_I32 => set(w, sext),
        S_CMOVK_I32 => {
            if w.scc {
                set(w, sext)
            } else {
                Ok(Flow::Next)
            }
        }
        S_CMPK_EQ_I32 => cmp(w, d()? as i32 == simm as i16 as i32),
        S_CMPK_LG_I32 => cmp(w, d()? as i32 != simm as i16 as i32),
        S_CMPK_GT_I32 => cmp(w, d()? as i32 > simm as i16 as i32),
        S_CMPK_GE_I32 => cmp(w, d()? as i32 >= simm as i16 as i32),
        S_CMPK_LT_I32 => cmp(w, (d()? as i32) < simm as i16 as i32),
        S_CMPK_LE_I32 => cmp(w, d()? as i32 <= simm as i16 as i32),
        S_CMPK_EQ_U32 => cmp(w, u64::from(d()?) == zext),
        S_CMPK_LG_U32 => cmp(w, u64::from(d()?) != zext),
        S_CMPK_GT_U32 => cmp(w, u64::from(d()?) > zext),
        S_CMPK_GE_U32 => cmp(w, u64::from(d()?) >= zext),
        S_CMPK_LT_U32 => cmp(w, u64::from(d()?) < zext),
        S_CMPK_LE_U32 => cmp(w, u64::from(d()?) <= zext),
        S_ADDK_I32 => {
            let (r, o) = (d()? as i32).overflowing_add(simm as i16 as i32);
            w.scc = o;
            set(w, u64::from(r as u32))
        }
        S_MULK_I32 => {
            let r = (d()? as i32).wrapping_mul(simm as i16 as i32);
            set(w, u64::from(r as u32))
        }
        S_GETREG_B32 => {
            let (id, off, size) = hwreg(simm);
            w.need_after_setreg(id, "S_GETREG after S_SETREG of the same register")?;
            let v = read_hwreg(w, id, lds_bytes)? >> off;
            let mask = if size >= 32 {
                u32::MAX
            } else {
                (1u32 << size) - 1
            };
            set(w, u64::from(v & mask))
        }
        S_SETREG_B32 | S_SETREG_IMM32_B32 => {
            let (id, off, size) = hwreg(simm);
            w.need_after_setreg(id, "S_SETREG after S_SETREG of the same register")?;
            let v = match i.imm32 {
                Some(k) if i.op == S_SETREG_IMM32_B32 => k,
                _ => d()?,
            };
            let mask = if size >= 32 {
                u32::MAX
            } else {
                (1u32 << size) - 1
            } << off;
            let merge = |old: u32| (old & !mask) | ((v << off) & mask);
            match id {
                1 => w.mode = merge(w.mode),
                3 => w.trapsts = merge(w.trapsts),
                _ => return unsupported(format!("s_setreg of hardware register {id}")),
            }
            w.note_setreg(id);
            Ok(Flow::Next)
        }
        S_CALL_B64 => {
            let ret = pc_after(w);
            let Some(c) = dcode else {
                return fault("s_call_b64 without a destination pair");
            };
            w.swrite(c, 2, ret)?;
            Ok(Flow::Branch)
        }
        other => unsupported(format!("{} in the gfx906 model", other.name())),
    }
}

/// `s_waitcnt` SIMM16 fields (vega L10785-10795): vmcnt {`[15:14]`,`[3:0]`}, expcnt `[6:4]`,
/// lgkmcnt `[11:8]`.
pub(crate) fn waitcnt_fields(simm: u16) -> (u32, u32, u32) {
    let vm = u32::from(simm & 0xf) | u32::from(simm >> 14 & 3) << 4;
    let exp = u32::from(simm >> 4 & 7);
    let lgkm = u32::from(simm >> 8 & 0xf);
    (vm, exp, lgkm)
}

/// SOPP.
pub(crate) fn exec_sopp(w: &mut Wave, i: &Sopp) -> R<Flow> {
    use Opcode::*;
    let taken = |c: bool| Ok(if c { Flow::Branch } else { Flow::Next });
    match i.op {
        S_NOP | S_SLEEP | S_SETPRIO | S_ICACHE_INV | S_INCPERFLEVEL | S_DECPERFLEVEL
        | S_TTRACEDATA | S_WAKEUP | S_SETKILL => Ok(Flow::Next),
        S_ENDPGM | S_ENDPGM_SAVED | S_ENDPGM_ORDERED_PS_DONE => {
            if let Some(ps) = &mut w.ps {
                ps.end()?;
            }
            w.wait_all();
            Ok(Flow::End)
        }
        S_BRANCH => Ok(Flow::Branch),
        S_CBRANCH_SCC0 => taken(!w.scc),
        S_CBRANCH_SCC1 => taken(w.scc),
        S_CBRANCH_VCCZ => taken(w.vcc() == 0),
        S_CBRANCH_VCCNZ => taken(w.vcc() != 0),
        S_CBRANCH_EXECZ => taken(w.exec() == 0),
        S_CBRANCH_EXECNZ => taken(w.exec() != 0),
        // Debug-conditional branches: no debugger, never taken.
        S_CBRANCH_CDBGSYS
        | S_CBRANCH_CDBGUSER
        | S_CBRANCH_CDBGSYS_OR_USER
        | S_CBRANCH_CDBGSYS_AND_USER => Ok(Flow::Next),
        S_BARRIER => Ok(Flow::Barrier),
        S_WAITCNT => {
            let (vm, exp, lgkm) = waitcnt_fields(i.simm16);
            w.waitcnt(vm, lgkm);
            if let Some(ps) = &mut w.ps {
                ps.waitcnt(exp);
            }
            Ok(Flow::Next)
        }
        S_SENDMSG | S_SENDMSGHALT => {
            w.need_after_m0(
                "S_SENDMSG after an SALU write of M0",
                "vega Table 8 row 10 (L2138-2141)",
            )?;
            unsupported("s_sendmsg (no messages are defined for compute on this model)")
        }
        S_TRAP => fault(format!(
            "s_trap {} executed (the kernel aborted)",
            i.simm16 & 0xff
        )),
        S_SET_GPR_IDX_OFF => {
            w.mode &= !(1 << 27);
            Ok(Flow::Next)
        }
        other => unsupported(format!("{} in the gfx906 model", other.name())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use backend_gcn::isa::{assemble, decode, Inst};

    fn run(w: &mut Wave, text: &str) {
        let code = assemble(text).unwrap();
        for (_, inst) in decode(&code).unwrap() {
            match inst {
                Inst::Salu(s) => {
                    exec_salu(w, &s).unwrap();
                }
                Inst::Sopk(s) => {
                    exec_sopk(w, &s, 0).unwrap();
                }
                other => panic!("{other}"),
            }
        }
    }

    #[test]
    fn scc_from_carry_compare_and_logic() {
        let mut w = Wave::new(4, 0);
        run(&mut w, "s_mov_b32 s0, -1\ns_add_u32 s1, s0, 2");
        assert_eq!(w.s[1], 1);
        assert!(w.scc, "carry out");
        run(&mut w, "s_addc_u32 s2, 0, 0");
        assert_eq!(w.s[2], 1, "carry in");
        run(&mut w, "s_cmp_lt_i32 s0, 0");
        assert!(w.scc);
        run(&mut w, "s_cmp_lt_u32 s0, 0");
        assert!(!w.scc);
        run(&mut w, "s_and_b32 s3, s0, 0");
        assert!(!w.scc, "logical result zero");
        run(&mut w, "s_mov_b32 s3, 5");
        assert!(!w.scc, "moves leave SCC");
        run(&mut w, "s_cmpk_gt_u32 s3, 0x4");
        assert!(w.scc);
        run(&mut w, "s_cselect_b32 s4, 7, 9");
        assert_eq!(w.s[4], 7);
        run(&mut w, "s_sub_u32 s5, 1, 2");
        assert!(w.scc, "borrow");
        assert_eq!(w.s[5], u32::MAX);
        run(&mut w, "s_mov_b32 s7, 0x40004\ns_bfe_i32 s6, 0xf0, s7");
        assert_eq!(w.s[6], u32::MAX, "4-bit field 0xf sign-extends");
    }

    #[test]
    fn saveexec_masks_and_branch_conditions() {
        let mut w = Wave::new(4, 0);
        w.set_exec(0xff);
        w.s[106] = 0x0f; // vcc
        run(&mut w, "s_and_saveexec_b64 s[2:3], vcc");
        assert_eq!(w.exec(), 0x0f);
        assert_eq!(w.s[2], 0xff);
        assert!(w.scc);
        run(&mut w, "s_andn2_saveexec_b64 s[4:5], s[2:3]");
        assert_eq!(w.exec(), 0xf0, "else lanes");
        run(&mut w, "s_mov_b64 exec, 0");
        let br = decode(&assemble("s_cbranch_execz 3").unwrap()).unwrap();
        let Inst::Sopp(b) = &br[0].1 else { panic!() };
        assert_eq!(exec_sopp(&mut w, b).unwrap(), Flow::Branch);
        w.set_exec(1);
        assert_eq!(exec_sopp(&mut w, b).unwrap(), Flow::Next);
    }
}
