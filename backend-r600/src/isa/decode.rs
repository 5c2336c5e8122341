//! The decoder: Cayman microcode words to typed instructions (layouts in [`super::layout`]).
//!
//! Total over its input: every word either decodes to a value that re-encodes to the same
//! bits, or is rejected with a message (reserved opcode, reserved field value, reserved bit
//! set). Nothing here panics; [`super::program::Program::decode`] adds the byte address.

use super::alu::{
    AluDst, AluGroup, AluInst, AluSrc, BankSwizzle, Chan, ExecMaskOp, IndexMode, LdsFields, Omod,
    PredSel, SrcSel,
};
use super::cf::{
    CfAlu, CfAluExt, CfCond, CfExport, CfGws, CfInst, CfMem, CfWord, ExportType, Kcache,
    KcacheMode, MemTarget,
};
use super::fetch::{FetchDst, FetchInst, MemRdInst, TexInst, VtxInst};
use super::layout::{self as l, Field};
use super::opcodes::{
    cf_alu_op_by_code, cf_op_by_code, export_op_by_code, lds_op_by_code, rat_inst_by_code,
    tex_op_by_code, vtx_op_by_code, AluOp, CfArg, CfOp, ExportWord0, CF_ALU_EXTENDED,
    FETCH_INST_MEM,
};

type R<T> = Result<T, String>;

fn reserved(word: u32, defined: u32, what: &str) -> R<()> {
    let extra = word & !defined;
    if extra != 0 {
        Err(format!(
            "{what}: reserved bits {extra:#010x} set in {word:#010x}"
        ))
    } else {
        Ok(())
    }
}

fn g8(f: Field, w: u32) -> u8 {
    f.get(w) as u8
}

fn g16(f: Field, w: u32) -> u16 {
    f.get(w) as u16
}

/// True if CF word 1 belongs to the CF_ALU_WORD1 namespace: those opcodes (8..15 in a
/// 4-bit field at \[29:26\]) always have bit 29 set, the 8-bit CF_WORD1/export opcodes
/// (at most 92) never do (digest §2.1).
pub fn is_alu_cf(word1: u32) -> bool {
    (word1 >> 29) & 1 == 1
}

/// Decodes the CF instruction at the start of `words` (2 dwords, 4 for ALU_EXTENDED).
/// Returns the instruction and the number of dwords used.
pub fn decode_cf(words: &[u32]) -> R<(CfInst, usize)> {
    let (&w0, &w1) = match words {
        [a, b, ..] => (a, b),
        _ => return Err("truncated CF instruction".into()),
    };
    if is_alu_cf(w1) {
        let op = l::cf_alu_word1::CF_INST.get(w1) as u8;
        if op == CF_ALU_EXTENDED {
            let (&w2, &w3) = match words {
                [_, _, c, d, ..] => (c, d),
                _ => return Err("ALU_EXTENDED without the instruction it extends".into()),
            };
            reserved(w0, l::cf_alu_word0_ext::DEFINED, "CF_ALU_WORD0_EXT")?;
            reserved(w1, l::cf_alu_word1_ext::DEFINED, "CF_ALU_WORD1_EXT")?;
            if !is_alu_cf(w3) || l::cf_alu_word1::CF_INST.get(w3) as u8 == CF_ALU_EXTENDED {
                return Err("ALU_EXTENDED must be followed by an ALU clause instruction".into());
            }
            let mut alu = decode_cf_alu(w2, w3)?;
            use l::cf_alu_word0_ext as e0;
            use l::cf_alu_word1_ext as e1;
            alu.ext = Some(CfAluExt {
                bank_index_mode: [
                    g8(e0::KCACHE_BANK_INDEX_MODE0, w0),
                    g8(e0::KCACHE_BANK_INDEX_MODE1, w0),
                    g8(e0::KCACHE_BANK_INDEX_MODE2, w0),
                    g8(e0::KCACHE_BANK_INDEX_MODE3, w0),
                ],
                kcache: [
                    Kcache {
                        bank: g8(e0::KCACHE_BANK2, w0),
                        mode: KcacheMode::from_bits(e0::KCACHE_MODE2.get(w0)),
                        addr: g8(e1::KCACHE_ADDR2, w1),
                    },
                    Kcache {
                        bank: g8(e0::KCACHE_BANK3, w0),
                        mode: KcacheMode::from_bits(e1::KCACHE_MODE3.get(w1)),
                        addr: g8(e1::KCACHE_ADDR3, w1),
                    },
                ],
                barrier: e1::BARRIER.bit(w1),
            });
            return Ok((CfInst::Alu(alu), 4));
        }
        return Ok((CfInst::Alu(decode_cf_alu(w0, w1)?), 2));
    }
    let code = l::cf_word1::CF_INST.get(w1) as u8;
    if code >= 64 {
        return decode_export(w0, w1).map(|i| (i, 2));
    }
    let op = cf_op_by_code(code).ok_or_else(|| format!("reserved CF_INST {code}"))?;
    reserved(w1, l::cf_word1::DEFINED, op.name())?;
    let word1 = CfWord {
        op,
        addr: 0,
        jumptable_sel: 0,
        pop_count: g8(l::cf_word1::POP_COUNT, w1),
        cf_const: g8(l::cf_word1::CF_CONST, w1),
        cond: CfCond::from_bits(l::cf_word1::COND.get(w1)),
        count: g8(l::cf_word1::COUNT, w1),
        valid_pixel_mode: l::cf_word1::VALID_PIXEL_MODE.bit(w1),
        barrier: l::cf_word1::BARRIER.bit(w1),
    };
    if op.info().arg == CfArg::Gws {
        use l::cf_gws_word0 as f;
        reserved(w0, f::DEFINED, "CF_GWS_WORD0")?;
        return Ok((
            CfInst::Gws(CfGws {
                value: g16(f::VALUE, w0),
                resource: g8(f::RESOURCE, w0),
                sign: f::SIGN.bit(w0),
                val_index_mode: g8(f::VAL_INDEX_MODE, w0),
                rsrc_index_mode: g8(f::RSRC_INDEX_MODE, w0),
                gws_opcode: g8(f::GWS_OPCODE, w0),
                word1,
            }),
            2,
        ));
    }
    reserved(w0, l::cf_word0::DEFINED, op.name())?;
    Ok((
        CfInst::Word(CfWord {
            addr: l::cf_word0::ADDR.get(w0),
            jumptable_sel: g8(l::cf_word0::JUMPTABLE_SEL, w0),
            ..word1
        }),
        2,
    ))
}

fn decode_cf_alu(w0: u32, w1: u32) -> R<CfAlu> {
    use l::cf_alu_word0 as f0;
    use l::cf_alu_word1 as f1;
    let code = f1::CF_INST.get(w1) as u8;
    let op = cf_alu_op_by_code(code).ok_or_else(|| format!("reserved ALU CF_INST {code}"))?;
    Ok(CfAlu {
        op,
        addr: f0::ADDR.get(w0),
        count: g8(f1::COUNT, w1),
        kcache: [
            Kcache {
                bank: g8(f0::KCACHE_BANK0, w0),
                mode: KcacheMode::from_bits(f0::KCACHE_MODE0.get(w0)),
                addr: g8(f1::KCACHE_ADDR0, w1),
            },
            Kcache {
                bank: g8(f0::KCACHE_BANK1, w0),
                mode: KcacheMode::from_bits(f1::KCACHE_MODE1.get(w1)),
                addr: g8(f1::KCACHE_ADDR1, w1),
            },
        ],
        alt_const: f1::ALT_CONST.bit(w1),
        whole_quad_mode: f1::WHOLE_QUAD_MODE.bit(w1),
        barrier: f1::BARRIER.bit(w1),
        ext: None,
    })
}

fn decode_export(w0: u32, w1: u32) -> R<CfInst> {
    let code = l::cf_export_word1_buf::CF_INST.get(w1) as u8;
    let op = export_op_by_code(code).ok_or_else(|| format!("reserved CF_INST {code}"))?;
    let n = op.name();
    match op.info().word0 {
        ExportWord0::Swiz => {
            use l::cf_export_word0 as f0;
            use l::cf_export_word1_swiz as f1;
            reserved(w0, f0::DEFINED, n)?;
            reserved(w1, f1::DEFINED, n)?;
            Ok(CfInst::Export(CfExport {
                op,
                ty: ExportType::from_bits(f0::TYPE.get(w0)),
                array_base: g16(f0::ARRAY_BASE, w0),
                rw_gpr: g8(f0::RW_GPR, w0),
                rw_rel: f0::RW_REL.bit(w0),
                index_gpr: g8(f0::INDEX_GPR, w0),
                elem_size: g8(f0::ELEM_SIZE, w0),
                sel: [
                    g8(f1::SEL_X, w1),
                    g8(f1::SEL_Y, w1),
                    g8(f1::SEL_Z, w1),
                    g8(f1::SEL_W, w1),
                ],
                burst_count: g8(f1::BURST_COUNT, w1),
                valid_pixel_mode: f1::VALID_PIXEL_MODE.bit(w1),
                legacy_eop: f1::LEGACY_EOP.bit(w1),
                mark: f1::MARK.bit(w1),
                barrier: f1::BARRIER.bit(w1),
            }))
        }
        kind => {
            use l::cf_export_word1_buf as f1;
            reserved(w1, f1::DEFINED, n)?;
            let (target, ty, rw_gpr, rw_rel, index_gpr, elem_size) = if kind == ExportWord0::Rat {
                use l::cf_export_word0_rat as f;
                reserved(w0, f::DEFINED, n)?;
                let ic = g8(f::RAT_INST, w0);
                let inst =
                    rat_inst_by_code(ic).ok_or_else(|| format!("{n}: reserved RAT_INST {ic}"))?;
                (
                    MemTarget::Rat {
                        id: g8(f::RAT_ID, w0),
                        inst,
                        index_mode: g8(f::RAT_INDEX_MODE, w0),
                    },
                    f::TYPE.get(w0),
                    g8(f::RW_GPR, w0),
                    f::RW_REL.bit(w0),
                    g8(f::INDEX_GPR, w0),
                    g8(f::ELEM_SIZE, w0),
                )
            } else {
                use l::cf_export_word0 as f;
                reserved(w0, f::DEFINED, n)?;
                (
                    MemTarget::ArrayBase(g16(f::ARRAY_BASE, w0)),
                    f::TYPE.get(w0),
                    g8(f::RW_GPR, w0),
                    f::RW_REL.bit(w0),
                    g8(f::INDEX_GPR, w0),
                    g8(f::ELEM_SIZE, w0),
                )
            };
            Ok(CfInst::Mem(CfMem {
                op,
                target,
                ty: ExportType::from_bits(ty),
                rw_gpr,
                rw_rel,
                index_gpr,
                elem_size,
                array_size: g16(f1::ARRAY_SIZE, w1),
                comp_mask: g8(f1::COMP_MASK, w1),
                burst_count: g8(f1::BURST_COUNT, w1),
                valid_pixel_mode: f1::VALID_PIXEL_MODE.bit(w1),
                legacy_eop: f1::LEGACY_EOP.bit(w1),
                mark: f1::MARK.bit(w1),
                barrier: f1::BARRIER.bit(w1),
            }))
        }
    }
}

fn src(sel: u32, rel: bool, chan: u32, neg: bool, abs: bool) -> R<AluSrc> {
    let s = SrcSel::from_bits(sel as u16).ok_or_else(|| format!("reserved source select {sel}"))?;
    Ok(AluSrc {
        sel: s,
        chan: Chan::from_bits(chan),
        rel,
        neg,
        abs,
    })
}

/// Decodes one ALU instruction; returns it and its LAST bit.
pub fn decode_alu(w0: u32, w1: u32) -> R<(AluInst, bool)> {
    use l::alu_word0 as f0;
    let index_mode = IndexMode::from_bits(f0::INDEX_MODE.get(w0))
        .ok_or_else(|| format!("reserved INDEX_MODE {}", f0::INDEX_MODE.get(w0)))?;
    let pred_sel = PredSel::from_bits(f0::PRED_SEL.get(w0)).ok_or("reserved PRED_SEL 1")?;
    let last = f0::LAST.bit(w0);
    // OP2 iff word1[17:15] == 0 (digest §3.3, Q23).
    let op2 = (w1 >> 15) & 7 == 0;
    let bs_field = if op2 {
        l::alu_word1_op2::BANK_SWIZZLE
    } else {
        l::alu_word1_op3::BANK_SWIZZLE
    };
    let bank_swizzle = BankSwizzle::from_bits(bs_field.get(w1))
        .ok_or_else(|| format!("reserved BANK_SWIZZLE {}", bs_field.get(w1)))?;
    if op2 {
        use l::alu_word1_op2 as f;
        let code = f::ALU_INST.get(w1) as u8;
        let op = AluOp::from_op2(code).ok_or_else(|| format!("reserved OP2 ALU_INST {code}"))?;
        let uem = f::UPDATE_EXEC_MASK.bit(w1);
        let mods = f::OMOD.get(w1);
        let inst = AluInst {
            op,
            src: [
                src(
                    f0::SRC0_SEL.get(w0),
                    f0::SRC0_REL.bit(w0),
                    f0::SRC0_CHAN.get(w0),
                    f0::SRC0_NEG.bit(w0),
                    f::SRC0_ABS.bit(w1),
                )?,
                src(
                    f0::SRC1_SEL.get(w0),
                    f0::SRC1_REL.bit(w0),
                    f0::SRC1_CHAN.get(w0),
                    f0::SRC1_NEG.bit(w0),
                    f::SRC1_ABS.bit(w1),
                )?,
                AluSrc::default(),
            ],
            dst: AluDst {
                gpr: g8(f::DST_GPR, w1),
                rel: f::DST_REL.bit(w1),
                chan: Chan::from_bits(f::DST_CHAN.get(w1)),
                write: f::WRITE_MASK.bit(w1),
            },
            index_mode,
            pred_sel,
            bank_swizzle,
            update_exec_mask: uem,
            update_pred: f::UPDATE_PRED.bit(w1),
            omod: if uem {
                Omod::Off
            } else {
                Omod::from_bits(mods)
            },
            exec_mask_op: if uem {
                ExecMaskOp::from_bits(mods)
            } else {
                ExecMaskOp::Deactivate
            },
            clamp: f::CLAMP.bit(w1),
            lds: None,
        };
        return Ok((inst, last));
    }
    let code = l::alu_word1_op3::ALU_INST.get(w1) as u8;
    let op = AluOp::from_op3(code).ok_or_else(|| format!("reserved OP3 ALU_INST {code}"))?;
    if op == AluOp::LdsIdxOp {
        use l::lds_word0 as g0;
        use l::lds_word1 as g1;
        let lc = g8(g1::LDS_OP, w1);
        let lds_op = lds_op_by_code(lc).ok_or_else(|| format!("reserved LDS_OP {lc}"))?;
        let b = |f: Field, w: u32, k: u32| f.get(w) << k;
        let idx_offset = b(g1::IDX_OFFSET_0, w1, 0)
            | b(g1::IDX_OFFSET_1, w1, 1)
            | b(g1::IDX_OFFSET_2, w1, 2)
            | b(g1::IDX_OFFSET_3, w1, 3)
            | b(g0::IDX_OFFSET_4, w0, 4)
            | b(g0::IDX_OFFSET_5, w0, 5);
        let mut inst = AluInst::lds(
            lds_op,
            &[
                src(
                    g0::SRC0_SEL.get(w0),
                    g0::SRC0_REL.bit(w0),
                    g0::SRC0_CHAN.get(w0),
                    false,
                    false,
                )?,
                src(
                    g0::SRC1_SEL.get(w0),
                    g0::SRC1_REL.bit(w0),
                    g0::SRC1_CHAN.get(w0),
                    false,
                    false,
                )?,
                src(
                    g1::SRC2_SEL.get(w1),
                    g1::SRC2_REL.bit(w1),
                    g1::SRC2_CHAN.get(w1),
                    false,
                    false,
                )?,
            ],
        );
        inst.lds = Some(LdsFields {
            op: lds_op,
            idx_offset: idx_offset as u8,
        });
        inst.dst.chan = Chan::from_bits(g1::DST_CHAN.get(w1));
        inst.index_mode = index_mode;
        inst.pred_sel = pred_sel;
        inst.bank_swizzle = bank_swizzle;
        return Ok((inst, last));
    }
    use l::alu_word1_op3 as f;
    let inst = AluInst {
        op,
        src: [
            src(
                f0::SRC0_SEL.get(w0),
                f0::SRC0_REL.bit(w0),
                f0::SRC0_CHAN.get(w0),
                f0::SRC0_NEG.bit(w0),
                false,
            )?,
            src(
                f0::SRC1_SEL.get(w0),
                f0::SRC1_REL.bit(w0),
                f0::SRC1_CHAN.get(w0),
                f0::SRC1_NEG.bit(w0),
                false,
            )?,
            src(
                f::SRC2_SEL.get(w1),
                f::SRC2_REL.bit(w1),
                f::SRC2_CHAN.get(w1),
                f::SRC2_NEG.bit(w1),
                false,
            )?,
        ],
        dst: AluDst {
            gpr: g8(f::DST_GPR, w1),
            rel: f::DST_REL.bit(w1),
            chan: Chan::from_bits(f::DST_CHAN.get(w1)),
            write: true,
        },
        index_mode,
        pred_sel,
        bank_swizzle,
        update_exec_mask: false,
        update_pred: false,
        omod: Omod::Off,
        exec_mask_op: ExecMaskOp::Deactivate,
        clamp: f::CLAMP.bit(w1),
        lds: None,
    };
    Ok((inst, last))
}

/// Decodes one group from the start of `words` (which must not extend past the clause).
/// Returns the group and the number of dwords used (instructions and literal slots).
pub fn decode_group(words: &[u32]) -> R<(AluGroup, usize)> {
    let mut insts = Vec::new();
    let mut pos = 0;
    loop {
        let (w0, w1) = match words.get(pos..pos + 2) {
            Some(&[a, b]) => (a, b),
            _ => return Err("the clause ends inside a group (no LAST bit)".into()),
        };
        let (inst, last) = decode_alu(w0, w1).map_err(|e| format!("slot {}: {e}", insts.len()))?;
        if insts.len() == 4 {
            return Err("more than four instructions without a LAST bit".into());
        }
        insts.push(inst);
        pos += 2;
        if last {
            break;
        }
    }
    let mut group = AluGroup::new(insts);
    let n = group.literal_slots() * 2;
    let lits = words
        .get(pos..pos + n)
        .ok_or("the clause ends inside the group's literals")?;
    group.literals = lits.to_vec();
    Ok((group, pos + n))
}

fn fetch_dst(w: u32, gpr: Field, rel: Field, sels: [Field; 4]) -> FetchDst {
    FetchDst {
        gpr: g8(gpr, w),
        rel: rel.bit(w),
        sel: sels.map(|f| g8(f, w)),
    }
}

/// Decodes one fetch-clause instruction (four dwords, the last must be zero).
pub fn decode_fetch(w: [u32; 4]) -> R<FetchInst> {
    let [w0, w1, w2, w3] = w;
    if w3 != 0 {
        return Err(format!(
            "fetch padding dword is {w3:#010x}, must be 0 (cayman L9530)"
        ));
    }
    let code = (w0 & 0x1F) as u8;
    if code == FETCH_INST_MEM {
        use l::mem_rd_word0 as f0;
        use l::mem_rd_word1 as f1;
        use l::mem_rd_word2 as f2;
        reserved(w0, f0::DEFINED, "MEM_RD_WORD0")?;
        reserved(w1, f1::DEFINED, "MEM_RD_WORD1")?;
        reserved(w2, f2::DEFINED, "MEM_RD_WORD2")?;
        return Ok(FetchInst::MemRd(MemRdInst {
            elem_size: g8(f0::ELEM_SIZE, w0),
            fetch_whole_quad: f0::FETCH_WHOLE_QUAD.bit(w0),
            mem_op: g8(f0::MEM_OP, w0),
            uncached: f0::UNCACHED.bit(w0),
            indexed: f0::INDEXED.bit(w0),
            src_sel_y: g8(f0::SRC_SEL_Y, w0),
            src_gpr: g8(f0::SRC_GPR, w0),
            src_rel: f0::SRC_REL.bit(w0),
            src_sel_x: g8(f0::SRC_SEL_X, w0),
            burst_count: g8(f0::BURST_CNT, w0),
            lds_req: f0::LDS_REQ.bit(w0),
            coalesced_read: f0::COALESCED_READ.bit(w0),
            dst: fetch_dst(
                w1,
                f1::DST_GPR,
                f1::DST_REL,
                [f1::DST_SEL_X, f1::DST_SEL_Y, f1::DST_SEL_Z, f1::DST_SEL_W],
            ),
            data_format: g8(f1::DATA_FORMAT, w1),
            num_format_all: g8(f1::NUM_FORMAT_ALL, w1),
            format_comp_all: f1::FORMAT_COMP_ALL.bit(w1),
            srf_mode_all: f1::SRF_MODE_ALL.bit(w1),
            array_base: g16(f2::ARRAY_BASE, w2),
            endian_swap: g8(f2::ENDIAN_SWAP, w2),
            array_size: g16(f2::ARRAY_SIZE, w2),
        }));
    }
    if let Some(op) = vtx_op_by_code(code) {
        use l::vtx_word0 as f0;
        use l::vtx_word1 as f1;
        use l::vtx_word2 as f2;
        reserved(w0, f0::DEFINED, op.name())?;
        reserved(w1, f1::DEFINED, op.name())?;
        reserved(w2, f2::DEFINED, op.name())?;
        return Ok(FetchInst::Vtx(VtxInst {
            op,
            fetch_type: g8(f0::FETCH_TYPE, w0),
            fetch_whole_quad: f0::FETCH_WHOLE_QUAD.bit(w0),
            buffer_id: g8(f0::BUFFER_ID, w0),
            src_gpr: g8(f0::SRC_GPR, w0),
            src_rel: f0::SRC_REL.bit(w0),
            src_sel_x: g8(f0::SRC_SEL_X, w0),
            src_sel_y: g8(f0::SRC_SEL_Y, w0),
            structured_read: g8(f0::STRUCTURED_READ, w0),
            lds_req: f0::LDS_REQ.bit(w0),
            coalesced_read: f0::COALESCED_READ.bit(w0),
            dst: fetch_dst(
                w1,
                f1::DST_GPR,
                f1::DST_REL,
                [f1::DST_SEL_X, f1::DST_SEL_Y, f1::DST_SEL_Z, f1::DST_SEL_W],
            ),
            use_const_fields: f1::USE_CONST_FIELDS.bit(w1),
            data_format: g8(f1::DATA_FORMAT, w1),
            num_format_all: g8(f1::NUM_FORMAT_ALL, w1),
            format_comp_all: f1::FORMAT_COMP_ALL.bit(w1),
            srf_mode_all: f1::SRF_MODE_ALL.bit(w1),
            offset: g16(f2::OFFSET, w2),
            endian_swap: g8(f2::ENDIAN_SWAP, w2),
            const_buf_no_stride: f2::CONST_BUF_NO_STRIDE.bit(w2),
            alt_const: f2::ALT_CONST.bit(w2),
            buffer_index_mode: g8(f2::BUFFER_INDEX_MODE, w2),
        }));
    }
    let op = tex_op_by_code(code).ok_or_else(|| format!("reserved fetch instruction {code}"))?;
    use l::tex_word0 as f0;
    use l::tex_word1 as f1;
    use l::tex_word2 as f2;
    reserved(w0, f0::DEFINED, op.name())?;
    reserved(w1, f1::DEFINED, op.name())?;
    reserved(w2, f2::DEFINED, op.name())?;
    Ok(FetchInst::Tex(TexInst {
        op,
        inst_mod: g8(f0::INST_MOD, w0),
        fetch_whole_quad: f0::FETCH_WHOLE_QUAD.bit(w0),
        resource_id: g8(f0::RESOURCE_ID, w0),
        src_gpr: g8(f0::SRC_GPR, w0),
        src_rel: f0::SRC_REL.bit(w0),
        alt_const: f0::ALT_CONST.bit(w0),
        resource_index_mode: g8(f0::RESOURCE_INDEX_MODE, w0),
        sampler_index_mode: g8(f0::SAMPLER_INDEX_MODE, w0),
        dst: fetch_dst(
            w1,
            f1::DST_GPR,
            f1::DST_REL,
            [f1::DST_SEL_X, f1::DST_SEL_Y, f1::DST_SEL_Z, f1::DST_SEL_W],
        ),
        lod_bias: g8(f1::LOD_BIAS, w1),
        coord_type: [
            f1::COORD_TYPE_X.bit(w1),
            f1::COORD_TYPE_Y.bit(w1),
            f1::COORD_TYPE_Z.bit(w1),
            f1::COORD_TYPE_W.bit(w1),
        ],
        offset: [
            g8(f2::OFFSET_X, w2),
            g8(f2::OFFSET_Y, w2),
            g8(f2::OFFSET_Z, w2),
        ],
        sampler_id: g8(f2::SAMPLER_ID, w2),
        src_sel: [
            g8(f2::SRC_SEL_X, w2),
            g8(f2::SRC_SEL_Y, w2),
            g8(f2::SRC_SEL_Z, w2),
            g8(f2::SRC_SEL_W, w2),
        ],
    }))
}

/// `CfOp` of a decoded fetch clause starter, for callers that only have the opcode.
pub fn starts_fetch_clause(op: CfOp) -> bool {
    matches!(op, CfOp::Tc | CfOp::TcAck)
}
