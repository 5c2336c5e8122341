//! The encoder: typed instructions to Cayman microcode words (layouts in [`super::layout`]).
//!
//! Every value is range-checked against its field; an out-of-range value or a combination the
//! format cannot express is an [`EncodeError`], never a silently truncated field.

use super::alu::{AluGroup, AluInst, AluSrc};
use super::cf::{CfAlu, CfExport, CfGws, CfInst, CfMem, CfWord, Kcache, MemTarget};
use super::fetch::{FetchDst, FetchInst, MemRdInst, TexInst, VtxInst};
use super::layout::{self as l, Field};
use super::opcodes::{
    AluEncoding, AluOp, CfArg, CfOp, ExportWord0, CF_ALU_EXTENDED, FETCH_INST_MEM,
};
use super::EncodeError;

/// Packs `value` into `field`, naming the field in the error.
fn put(field: Field, value: impl Into<u32>, what: &str) -> Result<u32, EncodeError> {
    let v = value.into();
    field
        .put(v)
        .map_err(|max| EncodeError::new(format!("{what}: {} = {v} exceeds {max}", field.name)))
}

fn flag(field: Field, b: bool) -> u32 {
    u32::from(b) << field.lo
}

/// Encodes one CF instruction: two dwords, or four for ALU_EXTENDED (cayman L2466-2470).
pub fn encode_cf(inst: &CfInst, out: &mut Vec<u32>) -> Result<(), EncodeError> {
    match inst {
        CfInst::Word(w) => {
            if w.op.info().arg == CfArg::Gws {
                return Err(EncodeError::new("GLOBAL_WAVE_SYNC must be a CfInst::Gws"));
            }
            let w0 = put(l::cf_word0::ADDR, w.addr, w.op.name())?
                | put(l::cf_word0::JUMPTABLE_SEL, w.jumptable_sel, w.op.name())?;
            out.extend([w0, cf_word1(w)?]);
        }
        CfInst::Gws(g) => out.extend(encode_gws(g)?),
        CfInst::Alu(a) => encode_cf_alu(a, out)?,
        CfInst::Export(e) => out.extend(encode_export(e)?),
        CfInst::Mem(m) => out.extend(encode_mem(m)?),
    }
    Ok(())
}

fn cf_word1(w: &CfWord) -> Result<u32, EncodeError> {
    use l::cf_word1 as f;
    let n = w.op.name();
    Ok(put(f::POP_COUNT, w.pop_count, n)?
        | put(f::CF_CONST, w.cf_const, n)?
        | put(f::COND, w.cond.bits(), n)?
        | put(f::COUNT, w.count, n)?
        | flag(f::VALID_PIXEL_MODE, w.valid_pixel_mode)
        | put(f::CF_INST, w.op.code(), n)?
        | flag(f::BARRIER, w.barrier))
}

fn encode_gws(g: &CfGws) -> Result<[u32; 2], EncodeError> {
    use l::cf_gws_word0 as f;
    let n = "GLOBAL_WAVE_SYNC";
    if g.word1.op != CfOp::GlobalWaveSync || g.word1.addr != 0 || g.word1.jumptable_sel != 0 {
        return Err(EncodeError::new(
            "GLOBAL_WAVE_SYNC: word1 must have that op and no ADDR",
        ));
    }
    let w0 = put(f::VALUE, g.value, n)?
        | put(f::RESOURCE, g.resource, n)?
        | flag(f::SIGN, g.sign)
        | put(f::VAL_INDEX_MODE, g.val_index_mode, n)?
        | put(f::RSRC_INDEX_MODE, g.rsrc_index_mode, n)?
        | put(f::GWS_OPCODE, g.gws_opcode, n)?;
    Ok([w0, cf_word1(&g.word1)?])
}

fn kcache_bank(k: &Kcache, f: Field) -> Result<u32, EncodeError> {
    put(f, k.bank, "kcache")
}

fn encode_cf_alu(a: &CfAlu, out: &mut Vec<u32>) -> Result<(), EncodeError> {
    let n = a.op.name();
    if let Some(ext) = &a.ext {
        use l::cf_alu_word0_ext as e0;
        use l::cf_alu_word1_ext as e1;
        let [k2, k3] = &ext.kcache;
        let [m0, m1, m2, m3] = ext.bank_index_mode;
        let w0 = put(e0::KCACHE_BANK_INDEX_MODE0, m0, n)?
            | put(e0::KCACHE_BANK_INDEX_MODE1, m1, n)?
            | put(e0::KCACHE_BANK_INDEX_MODE2, m2, n)?
            | put(e0::KCACHE_BANK_INDEX_MODE3, m3, n)?
            | kcache_bank(k2, e0::KCACHE_BANK2)?
            | kcache_bank(k3, e0::KCACHE_BANK3)?
            | put(e0::KCACHE_MODE2, k2.mode.bits(), n)?;
        let w1 = put(e1::KCACHE_MODE3, k3.mode.bits(), n)?
            | put(e1::KCACHE_ADDR2, k2.addr, n)?
            | put(e1::KCACHE_ADDR3, k3.addr, n)?
            | put(e1::CF_INST, CF_ALU_EXTENDED, n)?
            | flag(e1::BARRIER, ext.barrier);
        out.extend([w0, w1]);
    }
    use l::cf_alu_word0 as f0;
    use l::cf_alu_word1 as f1;
    let [k0, k1] = &a.kcache;
    let w0 = put(f0::ADDR, a.addr, n)?
        | kcache_bank(k0, f0::KCACHE_BANK0)?
        | kcache_bank(k1, f0::KCACHE_BANK1)?
        | put(f0::KCACHE_MODE0, k0.mode.bits(), n)?;
    let w1 = put(f1::KCACHE_MODE1, k1.mode.bits(), n)?
        | put(f1::KCACHE_ADDR0, k0.addr, n)?
        | put(f1::KCACHE_ADDR1, k1.addr, n)?
        | put(f1::COUNT, a.count, n)?
        | flag(f1::ALT_CONST, a.alt_const)
        | put(f1::CF_INST, a.op.code(), n)?
        | flag(f1::WHOLE_QUAD_MODE, a.whole_quad_mode)
        | flag(f1::BARRIER, a.barrier);
    out.extend([w0, w1]);
    Ok(())
}

fn encode_export(e: &CfExport) -> Result<[u32; 2], EncodeError> {
    let n = e.op.name();
    if e.op.info().word0 != ExportWord0::Swiz {
        return Err(EncodeError::new(format!(
            "{n} is a memory instruction, not an export"
        )));
    }
    use l::cf_export_word0 as f0;
    use l::cf_export_word1_swiz as f1;
    let w0 = put(f0::ARRAY_BASE, e.array_base, n)?
        | put(f0::TYPE, e.ty.bits(), n)?
        | put(f0::RW_GPR, e.rw_gpr, n)?
        | flag(f0::RW_REL, e.rw_rel)
        | put(f0::INDEX_GPR, e.index_gpr, n)?
        | put(f0::ELEM_SIZE, e.elem_size, n)?;
    let [x, y, z, w] = e.sel;
    let w1 = put(f1::SEL_X, x, n)?
        | put(f1::SEL_Y, y, n)?
        | put(f1::SEL_Z, z, n)?
        | put(f1::SEL_W, w, n)?
        | put(f1::BURST_COUNT, e.burst_count, n)?
        | flag(f1::VALID_PIXEL_MODE, e.valid_pixel_mode)
        | flag(f1::LEGACY_EOP, e.legacy_eop)
        | put(f1::CF_INST, e.op.code(), n)?
        | flag(f1::MARK, e.mark)
        | flag(f1::BARRIER, e.barrier);
    Ok([w0, w1])
}

fn encode_mem(m: &CfMem) -> Result<[u32; 2], EncodeError> {
    let n = m.op.name();
    let w0 = match (m.op.info().word0, &m.target) {
        (ExportWord0::Buf, MemTarget::ArrayBase(base)) => {
            use l::cf_export_word0 as f;
            put(f::ARRAY_BASE, *base, n)?
                | put(f::TYPE, m.ty.bits(), n)?
                | put(f::RW_GPR, m.rw_gpr, n)?
                | flag(f::RW_REL, m.rw_rel)
                | put(f::INDEX_GPR, m.index_gpr, n)?
                | put(f::ELEM_SIZE, m.elem_size, n)?
        }
        (
            ExportWord0::Rat,
            MemTarget::Rat {
                id,
                inst,
                index_mode,
            },
        ) => {
            use l::cf_export_word0_rat as f;
            put(f::RAT_ID, *id, n)?
                | put(f::RAT_INST, inst.code(), n)?
                | put(f::RAT_INDEX_MODE, *index_mode, n)?
                | put(f::TYPE, m.ty.bits(), n)?
                | put(f::RW_GPR, m.rw_gpr, n)?
                | flag(f::RW_REL, m.rw_rel)
                | put(f::INDEX_GPR, m.index_gpr, n)?
                | put(f::ELEM_SIZE, m.elem_size, n)?
        }
        _ => {
            return Err(EncodeError::new(format!(
                "{n}: word 0 must be {} for this opcode",
                if m.op.info().word0 == ExportWord0::Rat {
                    "RAT fields"
                } else {
                    "ARRAY_BASE"
                }
            )))
        }
    };
    use l::cf_export_word1_buf as f1;
    let w1 = put(f1::ARRAY_SIZE, m.array_size, n)?
        | put(f1::COMP_MASK, m.comp_mask, n)?
        | put(f1::BURST_COUNT, m.burst_count, n)?
        | flag(f1::VALID_PIXEL_MODE, m.valid_pixel_mode)
        | flag(f1::LEGACY_EOP, m.legacy_eop)
        | put(f1::CF_INST, m.op.code(), n)?
        | flag(f1::MARK, m.mark)
        | flag(f1::BARRIER, m.barrier);
    Ok([w0, w1])
}

fn src_bits(s: &AluSrc, what: &str) -> Result<u32, EncodeError> {
    s.sel
        .to_bits()
        .map(u32::from)
        .ok_or_else(|| EncodeError::new(format!("{what}: source select {:?} out of range", s.sel)))
}

/// Encodes one ALU instruction; `last` sets the LAST bit (cayman L8497).
pub fn encode_alu(i: &AluInst, last: bool) -> Result<[u32; 2], EncodeError> {
    let n = i.op.name();
    let [s0, s1, s2] = &i.src;
    if i.op == AluOp::LdsIdxOp {
        return encode_lds(i, last);
    }
    if i.lds.is_some() {
        return Err(EncodeError::new(format!(
            "{n}: LDS fields on a non-LDS instruction"
        )));
    }
    use l::alu_word0 as f0;
    let w0 = put(f0::SRC0_SEL, src_bits(s0, n)?, n)?
        | flag(f0::SRC0_REL, s0.rel)
        | put(f0::SRC0_CHAN, s0.chan.index() as u32, n)?
        | flag(f0::SRC0_NEG, s0.neg)
        | put(f0::SRC1_SEL, src_bits(s1, n)?, n)?
        | flag(f0::SRC1_REL, s1.rel)
        | put(f0::SRC1_CHAN, s1.chan.index() as u32, n)?
        | flag(f0::SRC1_NEG, s1.neg)
        | put(f0::INDEX_MODE, i.index_mode.bits(), n)?
        | put(f0::PRED_SEL, i.pred_sel.bits(), n)?
        | flag(f0::LAST, last);
    let w1 = match i.op.encoding() {
        AluEncoding::Op2 => {
            use l::alu_word1_op2 as f;
            if s2.sel.to_bits() != Some(0) || s2.chan.index() != 0 || s2.rel || s2.neg || s2.abs {
                return Err(EncodeError::new(format!("{n}: OP2 has no third source")));
            }
            let mods = if i.update_exec_mask {
                if i.omod.bits() != 0 {
                    return Err(EncodeError::new(format!(
                        "{n}: OMOD and UPDATE_EXEC_MASK share bits [6:5] (cayman L8911)"
                    )));
                }
                i.exec_mask_op.bits()
            } else {
                if i.exec_mask_op.bits() != 0 {
                    return Err(EncodeError::new(format!(
                        "{n}: EXECUTE_MASK_OP needs UPDATE_EXEC_MASK (cayman L8893)"
                    )));
                }
                i.omod.bits()
            };
            flag(f::SRC0_ABS, s0.abs)
                | flag(f::SRC1_ABS, s1.abs)
                | flag(f::UPDATE_EXEC_MASK, i.update_exec_mask)
                | flag(f::UPDATE_PRED, i.update_pred)
                | flag(f::WRITE_MASK, i.dst.write)
                | put(f::OMOD, mods, n)?
                | put(f::ALU_INST, i.op.field_value(), n)?
                | put(f::BANK_SWIZZLE, i.bank_swizzle.bits(), n)?
                | put(f::DST_GPR, i.dst.gpr, n)?
                | flag(f::DST_REL, i.dst.rel)
                | put(f::DST_CHAN, i.dst.chan.index() as u32, n)?
                | flag(f::CLAMP, i.clamp)
        }
        AluEncoding::Op3 => {
            use l::alu_word1_op3 as f;
            if s0.abs || s1.abs || s2.abs {
                return Err(EncodeError::new(format!(
                    "{n}: OP3 has no ABS modifiers (cayman L1549)"
                )));
            }
            if i.update_exec_mask
                || i.update_pred
                || i.omod.bits() != 0
                || i.exec_mask_op.bits() != 0
            {
                return Err(EncodeError::new(format!(
                    "{n}: OP3 has no UPDATE_EXEC_MASK/UPDATE_PRED/OMOD fields"
                )));
            }
            if !i.dst.write {
                return Err(EncodeError::new(format!(
                    "{n}: OP3 has no WRITE_MASK; use an out-of-range DST_GPR (cayman L1950)"
                )));
            }
            put(f::SRC2_SEL, src_bits(s2, n)?, n)?
                | flag(f::SRC2_REL, s2.rel)
                | put(f::SRC2_CHAN, s2.chan.index() as u32, n)?
                | flag(f::SRC2_NEG, s2.neg)
                | put(f::ALU_INST, i.op.field_value(), n)?
                | put(f::BANK_SWIZZLE, i.bank_swizzle.bits(), n)?
                | put(f::DST_GPR, i.dst.gpr, n)?
                | flag(f::DST_REL, i.dst.rel)
                | put(f::DST_CHAN, i.dst.chan.index() as u32, n)?
                | flag(f::CLAMP, i.clamp)
        }
    };
    Ok([w0, w1])
}

/// ALU_WORD0_LDS_IDX_OP + ALU_WORD1_LDS_IDX_OP (cayman L8990-9247): no destination GPR, no
/// modifiers; IDX_OFFSET is scattered over the modifier bits.
fn encode_lds(i: &AluInst, last: bool) -> Result<[u32; 2], EncodeError> {
    let n = "LDS_IDX_OP";
    let lds = i
        .lds
        .ok_or_else(|| EncodeError::new("LDS_IDX_OP without LDS fields"))?;
    let [s0, s1, s2] = &i.src;
    if i.src.iter().any(|s| s.neg || s.abs)
        || i.dst.gpr != 0
        || i.dst.rel
        || i.dst.write
        || i.clamp
        || i.update_exec_mask
        || i.update_pred
        || i.omod.bits() != 0
        || i.exec_mask_op.bits() != 0
    {
        return Err(EncodeError::new(format!(
            "{}: LDS_IDX_OP has no destination GPR, write mask or modifiers",
            lds.op.name()
        )));
    }
    let off = u32::from(lds.idx_offset);
    if off > 63 {
        return Err(EncodeError::new(format!(
            "{}: IDX_OFFSET {off} exceeds 63",
            lds.op.name()
        )));
    }
    let bit = |b: u32| (off >> b) & 1;
    use l::lds_word0 as f0;
    use l::lds_word1 as f1;
    let w0 = put(f0::SRC0_SEL, src_bits(s0, n)?, n)?
        | flag(f0::SRC0_REL, s0.rel)
        | put(f0::SRC0_CHAN, s0.chan.index() as u32, n)?
        | (bit(4) << f0::IDX_OFFSET_4.lo)
        | put(f0::SRC1_SEL, src_bits(s1, n)?, n)?
        | flag(f0::SRC1_REL, s1.rel)
        | put(f0::SRC1_CHAN, s1.chan.index() as u32, n)?
        | (bit(5) << f0::IDX_OFFSET_5.lo)
        | put(f0::INDEX_MODE, i.index_mode.bits(), n)?
        | put(f0::PRED_SEL, i.pred_sel.bits(), n)?
        | flag(f0::LAST, last);
    let w1 = put(f1::SRC2_SEL, src_bits(s2, n)?, n)?
        | flag(f1::SRC2_REL, s2.rel)
        | put(f1::SRC2_CHAN, s2.chan.index() as u32, n)?
        | (bit(1) << f1::IDX_OFFSET_1.lo)
        | put(f1::ALU_INST, AluOp::LdsIdxOp.field_value(), n)?
        | put(f1::BANK_SWIZZLE, i.bank_swizzle.bits(), n)?
        | put(f1::LDS_OP, lds.op.code(), n)?
        | (bit(0) << f1::IDX_OFFSET_0.lo)
        | (bit(2) << f1::IDX_OFFSET_2.lo)
        | put(f1::DST_CHAN, i.dst.chan.index() as u32, n)?
        | (bit(3) << f1::IDX_OFFSET_3.lo);
    Ok([w0, w1])
}

/// Encodes a group: the instructions (LAST on the final one) then 0, 1 or 2 literal slots
/// (cayman L1379-1392). Structural rules are checked here because the bytes could not
/// express anything else; the read-port rules are [`super::legality`]'s business.
pub fn encode_group(g: &AluGroup, out: &mut Vec<u32>) -> Result<(), EncodeError> {
    if g.insts.is_empty() || g.insts.len() > 4 {
        return Err(EncodeError::new(format!(
            "a group holds 1 to 4 instructions, not {}",
            g.insts.len()
        )));
    }
    for (k, i) in g.insts.iter().enumerate() {
        out.extend(encode_alu(i, k + 1 == g.insts.len())?);
    }
    let slots = g.literal_slots();
    if g.literals.len() > slots * 2
        && g.literals
            .get(slots * 2..)
            .is_some_and(|r| r.iter().any(|&v| v != 0))
    {
        return Err(EncodeError::new(format!(
            "the group's literal dwords beyond {} are not referenced by any operand",
            slots * 2
        )));
    }
    for k in 0..slots * 2 {
        out.push(g.literals.get(k).copied().unwrap_or(0));
    }
    Ok(())
}

fn fetch_dst(
    d: &FetchDst,
    gpr: Field,
    rel: Field,
    sels: [Field; 4],
    n: &str,
) -> Result<u32, EncodeError> {
    let mut w = put(gpr, d.gpr, n)? | flag(rel, d.rel);
    for (f, s) in sels.iter().zip(d.sel) {
        w |= put(*f, s, n)?;
    }
    Ok(w)
}

/// Encodes one fetch-clause instruction: three dwords and the zero pad (cayman L9530).
pub fn encode_fetch(f: &FetchInst) -> Result<[u32; 4], EncodeError> {
    match f {
        FetchInst::Vtx(v) => encode_vtx(v),
        FetchInst::Tex(t) => encode_tex(t),
        FetchInst::MemRd(m) => encode_mem_rd(m),
    }
}

fn encode_vtx(v: &VtxInst) -> Result<[u32; 4], EncodeError> {
    use l::vtx_word0 as f0;
    use l::vtx_word1 as f1;
    use l::vtx_word2 as f2;
    let n = v.op.name();
    let w0 = put(f0::VC_INST, v.op.code(), n)?
        | put(f0::FETCH_TYPE, v.fetch_type, n)?
        | flag(f0::FETCH_WHOLE_QUAD, v.fetch_whole_quad)
        | put(f0::BUFFER_ID, v.buffer_id, n)?
        | put(f0::SRC_GPR, v.src_gpr, n)?
        | flag(f0::SRC_REL, v.src_rel)
        | put(f0::SRC_SEL_X, v.src_sel_x, n)?
        | put(f0::SRC_SEL_Y, v.src_sel_y, n)?
        | put(f0::STRUCTURED_READ, v.structured_read, n)?
        | flag(f0::LDS_REQ, v.lds_req)
        | flag(f0::COALESCED_READ, v.coalesced_read);
    let w1 = fetch_dst(
        &v.dst,
        f1::DST_GPR,
        f1::DST_REL,
        [f1::DST_SEL_X, f1::DST_SEL_Y, f1::DST_SEL_Z, f1::DST_SEL_W],
        n,
    )? | flag(f1::USE_CONST_FIELDS, v.use_const_fields)
        | put(f1::DATA_FORMAT, v.data_format, n)?
        | put(f1::NUM_FORMAT_ALL, v.num_format_all, n)?
        | flag(f1::FORMAT_COMP_ALL, v.format_comp_all)
        | flag(f1::SRF_MODE_ALL, v.srf_mode_all);
    let w2 = put(f2::OFFSET, v.offset, n)?
        | put(f2::ENDIAN_SWAP, v.endian_swap, n)?
        | flag(f2::CONST_BUF_NO_STRIDE, v.const_buf_no_stride)
        | flag(f2::ALT_CONST, v.alt_const)
        | put(f2::BUFFER_INDEX_MODE, v.buffer_index_mode, n)?;
    Ok([w0, w1, w2, 0])
}

fn encode_tex(t: &TexInst) -> Result<[u32; 4], EncodeError> {
    use l::tex_word0 as f0;
    use l::tex_word1 as f1;
    use l::tex_word2 as f2;
    let n = t.op.name();
    let w0 = put(f0::TEX_INST, t.op.code(), n)?
        | put(f0::INST_MOD, t.inst_mod, n)?
        | flag(f0::FETCH_WHOLE_QUAD, t.fetch_whole_quad)
        | put(f0::RESOURCE_ID, t.resource_id, n)?
        | put(f0::SRC_GPR, t.src_gpr, n)?
        | flag(f0::SRC_REL, t.src_rel)
        | flag(f0::ALT_CONST, t.alt_const)
        | put(f0::RESOURCE_INDEX_MODE, t.resource_index_mode, n)?
        | put(f0::SAMPLER_INDEX_MODE, t.sampler_index_mode, n)?;
    let [cx, cy, cz, cw] = t.coord_type;
    let w1 = fetch_dst(
        &t.dst,
        f1::DST_GPR,
        f1::DST_REL,
        [f1::DST_SEL_X, f1::DST_SEL_Y, f1::DST_SEL_Z, f1::DST_SEL_W],
        n,
    )? | put(f1::LOD_BIAS, t.lod_bias, n)?
        | flag(f1::COORD_TYPE_X, cx)
        | flag(f1::COORD_TYPE_Y, cy)
        | flag(f1::COORD_TYPE_Z, cz)
        | flag(f1::COORD_TYPE_W, cw);
    let [ox, oy, oz] = t.offset;
    let [sx, sy, sz, sw] = t.src_sel;
    let w2 = put(f2::OFFSET_X, ox, n)?
        | put(f2::OFFSET_Y, oy, n)?
        | put(f2::OFFSET_Z, oz, n)?
        | put(f2::SAMPLER_ID, t.sampler_id, n)?
        | put(f2::SRC_SEL_X, sx, n)?
        | put(f2::SRC_SEL_Y, sy, n)?
        | put(f2::SRC_SEL_Z, sz, n)?
        | put(f2::SRC_SEL_W, sw, n)?;
    Ok([w0, w1, w2, 0])
}

fn encode_mem_rd(m: &MemRdInst) -> Result<[u32; 4], EncodeError> {
    use l::mem_rd_word0 as f0;
    use l::mem_rd_word1 as f1;
    use l::mem_rd_word2 as f2;
    let n = "MEM_RD";
    let w0 = put(f0::MEM_INST, FETCH_INST_MEM, n)?
        | put(f0::ELEM_SIZE, m.elem_size, n)?
        | flag(f0::FETCH_WHOLE_QUAD, m.fetch_whole_quad)
        | put(f0::MEM_OP, m.mem_op, n)?
        | flag(f0::UNCACHED, m.uncached)
        | flag(f0::INDEXED, m.indexed)
        | put(f0::SRC_SEL_Y, m.src_sel_y, n)?
        | put(f0::SRC_GPR, m.src_gpr, n)?
        | flag(f0::SRC_REL, m.src_rel)
        | put(f0::SRC_SEL_X, m.src_sel_x, n)?
        | put(f0::BURST_CNT, m.burst_count, n)?
        | flag(f0::LDS_REQ, m.lds_req)
        | flag(f0::COALESCED_READ, m.coalesced_read);
    let w1 = fetch_dst(
        &m.dst,
        f1::DST_GPR,
        f1::DST_REL,
        [f1::DST_SEL_X, f1::DST_SEL_Y, f1::DST_SEL_Z, f1::DST_SEL_W],
        n,
    )? | put(f1::DATA_FORMAT, m.data_format, n)?
        | put(f1::NUM_FORMAT_ALL, m.num_format_all, n)?
        | flag(f1::FORMAT_COMP_ALL, m.format_comp_all)
        | flag(f1::SRF_MODE_ALL, m.srf_mode_all);
    let w2 = put(f2::ARRAY_BASE, m.array_base, n)?
        | put(f2::ENDIAN_SWAP, m.endian_swap, n)?
        | put(f2::ARRAY_SIZE, m.array_size, n)?;
    Ok([w0, w1, w2, 0])
}
