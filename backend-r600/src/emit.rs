//! Emission: CF instructions and clauses with allocated registers to an [`isa::Program`]
//! with real addresses, checked once more by the legality module, then encoded.
//!
//! Layout (digest F2: clauses may sit anywhere after the CF program): the CF program from
//! address 0, then the ALU clauses, then the fetch clauses (each at an even address, 128-bit
//! aligned, cayman L936). Every CF instruction has BARRIER set (cayman L921: "if in doubt, set this bit").

use std::collections::BTreeMap;

use crate::cf::{CfOp, CfProgram, Label};
use crate::group;
use crate::isa::fetch::SEL_MASKED;
use crate::isa::{
    self, legality, AluClause, CfAlu, CfInst, CfMem, CfWord, Chan, ExportOp, FetchClause, FetchDst,
    FetchInst, Kcache, RatInst, TexInst, TexOp, VtxInst,
};
use crate::mir::{MFunc, VReg};
use crate::regalloc::Alloc;
use crate::CompileError;

/// DATA_FORMAT FMT_32 (digest §5.3).
const FMT_32: u8 = 13;

/// Builds the program.
pub fn emit(cf: &CfProgram, m: &MFunc, alloc: &Alloc) -> Result<isa::Program, CompileError> {
    let gpr = |v: VReg| alloc.gpr.get(v.index()).copied().unwrap_or(0);
    let chan = |v: VReg| m.chan(v);
    // Label addresses.
    let mut at: BTreeMap<Label, u32> = BTreeMap::new();
    let mut n = 0u32;
    for op in &cf.ops {
        match op {
            CfOp::Mark(l) => {
                at.insert(*l, n);
            }
            _ => n += 1,
        }
    }
    let addr = |l: &Label| {
        at.get(l)
            .copied()
            .ok_or_else(|| CompileError::Internal(format!("CF label {l} is never placed")))
    };
    // Clause addresses: ALU clauses right after the CF program, then the fetch clauses at
    // even addresses, so that no padding slot sits between the CF program and the first
    // clause (it would decode as a CF NOP).
    let alu_total: u32 = cf
        .ops
        .iter()
        .map(|op| match op {
            CfOp::Alu { clause, .. } => clause.slots as u32,
            _ => 0,
        })
        .sum();
    let mut next = n + alu_total;
    next += next % 2;
    let mut fetch_at = Vec::new();
    for op in &cf.ops {
        if let CfOp::Fetch(f) = op {
            fetch_at.push(next);
            next += 2 * f.len() as u32;
        }
    }
    let mut prog = isa::Program::default();
    let mut fetch_k = 0;
    let mut alu_next = n;
    let mut index = 0u32;
    for op in &cf.ops {
        let inst = match op {
            CfOp::Mark(_) => continue,
            CfOp::Alu { op, clause } => {
                let mut groups = Vec::with_capacity(clause.groups.len());
                for (k, g) in clause.groups.iter().enumerate() {
                    let built = group::build(g, &gpr, &chan, &clause.kcache).map_err(|e| {
                        CompileError::Internal(format!(
                            "ALU clause at CF {index}, group {k} is illegal after register allocation: {e:?}"
                        ))
                    })?;
                    groups.push(built);
                }
                let c = AluClause { groups };
                legality::check_clause(&c).map_err(|(g, e)| {
                    CompileError::Internal(format!("ALU clause at CF {index}, group {g}: {e}"))
                })?;
                let slots = c.slots();
                if slots != clause.slots {
                    return Err(CompileError::Internal(format!(
                        "ALU clause at CF {index}: {slots} slots, the packer counted {}",
                        clause.slots
                    )));
                }
                let mut a = CfAlu::new(*op, alu_next, slots);
                for (k, l) in clause.kcache.iter().enumerate() {
                    let line = u8::try_from(l.line).map_err(|_| {
                        CompileError::Internal(format!("kcache line {} out of range", l.line))
                    })?;
                    if let Some(s) = a.kcache.get_mut(k) {
                        *s = Kcache::lock2(l.bank, line);
                    }
                }
                prog.alu_clauses.insert(alu_next, c);
                alu_next += slots as u32;
                CfInst::Alu(a)
            }
            CfOp::Fetch(fs) => {
                let start = fetch_at.get(fetch_k).copied().unwrap_or(0);
                fetch_k += 1;
                let mut insts = Vec::new();
                for f in fs {
                    if let Some(t) = f.tex {
                        let mut sel = [SEL_MASKED; 4];
                        sel[chan(f.dst).index()] = t.comp;
                        let beside = |r: Option<VReg>, c: Chan| {
                            r.is_some_and(|r| chan(r) != c || gpr(r) != gpr(f.addr))
                        };
                        if chan(f.addr) != Chan::X
                            || beside(t.v, Chan::Y)
                            || beside(t.extra.slice, Chan::Z)
                            || beside(t.extra.reference, Chan::W)
                        {
                            return Err(CompileError::Internal(
                                "a TEX instruction's coordinates are not in .xyzw of one GPR"
                                    .into(),
                            ));
                        }
                        // SRC_SEL: u, v, slice, reference; 0.0 where there is none.
                        let sel_of = |r: Option<VReg>, c: u8| if r.is_some() { c } else { 4 };
                        let op = match (t.ld, t.extra.reference, t.extra.level_zero) {
                            _ if t.extra.resinfo => TexOp::GetTextureResinfo,
                            _ if t.extra.gather.is_some() => TexOp::Gather4,
                            (true, ..) => TexOp::Ld,
                            (false, None, false) => TexOp::Sample,
                            (false, None, true) => TexOp::SampleLz,
                            (false, Some(_), false) => TexOp::SampleC,
                            (false, Some(_), true) => TexOp::SampleCLz,
                        };
                        insts.push(FetchInst::Tex(TexInst {
                            op,
                            // GATHER4: the texel component it gathers (cayman L9590).
                            inst_mod: t.extra.gather.unwrap_or(0),
                            fetch_whole_quad: false,
                            resource_id: f.buffer,
                            src_gpr: gpr(f.addr),
                            src_rel: false,
                            alt_const: false,
                            resource_index_mode: 0,
                            sampler_index_mode: 0,
                            dst: FetchDst {
                                gpr: gpr(f.dst),
                                rel: false,
                                sel,
                            },
                            lod_bias: 0,
                            coord_type: [t.normalized, t.normalized, false, false],
                            offset: t.extra.offset,
                            sampler_id: 0,
                            src_sel: [
                                0,
                                sel_of(t.v, 1),
                                sel_of(t.extra.slice, 2),
                                sel_of(t.extra.reference, 3),
                            ],
                        }));
                        continue;
                    }
                    let mut sel = [SEL_MASKED; 4];
                    sel[chan(f.dst).index()] = 0;
                    let mut v = VtxInst::buffer_read(
                        f.buffer,
                        gpr(f.dst),
                        sel,
                        gpr(f.addr),
                        FMT_32,
                        f.offset,
                    );
                    v.src_sel_x = chan(f.addr).index() as u8;
                    insts.push(FetchInst::Vtx(v));
                }
                let count = insts.len();
                prog.fetch_clauses.insert(start, FetchClause { insts });
                let mut w = CfWord::new(isa::CfOp::Tc, start);
                w.count = (count - 1) as u8;
                CfInst::Word(w)
            }
            CfOp::Store(s) => {
                if chan(s.data) != Chan::X || chan(s.index) != Chan::X {
                    return Err(CompileError::Internal(
                        "a RAT store's data or index is not in channel x".into(),
                    ));
                }
                if s.cmp
                    .is_some_and(|c| chan(c) != Chan::Z || gpr(c) != gpr(s.data))
                    || s.ret
                        .is_some_and(|r| chan(r) != Chan::Y || gpr(r) != gpr(s.data))
                {
                    return Err(CompileError::Internal(
                        "a CMPXCHG's compare value is not in .z of the data GPR".into(),
                    ));
                }
                let mut m = CfMem::rat(
                    if s.inst == RatInst::StoreDword {
                        ExportOp::MemRatCacheless
                    } else {
                        ExportOp::MemRat
                    },
                    s.rat,
                    s.inst,
                    gpr(s.data),
                    gpr(s.index),
                    // COMP_MASK covers the data components read (cayman L8338).
                    if s.cmp.is_some() || s.ret.is_some() {
                        0xF
                    } else {
                        0x1
                    },
                );
                if s.ret.is_some() || s.ack {
                    // WRITE_IND_ACK: the ACK says the return value is written (cayman L8303),
                    // or that the store is in memory for a later fetch (`crate::acks`).
                    m.ty = isa::ExportType::T3;
                }
                CfInst::Mem(m)
            }
            CfOp::Export(e) => CfInst::Export(pixel_export(e, &gpr, &chan)?),
            CfOp::Jump { to, pop } => {
                CfInst::Word(CfWord::new(isa::CfOp::Jump, addr(to)?).pop(*pop))
            }
            CfOp::Else { to, pop } => {
                CfInst::Word(CfWord::new(isa::CfOp::Else, addr(to)?).pop(*pop))
            }
            CfOp::Pop { pop } => CfInst::Word(CfWord::new(isa::CfOp::Pop, index + 1).pop(*pop)),
            CfOp::LoopStart { to } => {
                CfInst::Word(CfWord::new(isa::CfOp::LoopStartDx10, addr(to)?))
            }
            CfOp::LoopEnd { to } => CfInst::Word(CfWord::new(isa::CfOp::LoopEnd, addr(to)?)),
            CfOp::Break { to } => CfInst::Word(CfWord::new(isa::CfOp::LoopBreak, addr(to)?)),
            CfOp::Continue { to } => CfInst::Word(CfWord::new(isa::CfOp::LoopContinue, addr(to)?)),
            CfOp::End => CfInst::Word(CfWord::new(isa::CfOp::End, 0)),
            CfOp::WaitAck => CfInst::Word(CfWord::new(isa::CfOp::WaitAck, 0)),
        };
        prog.cf.push(inst);
        index += 1;
    }
    Ok(prog)
}

/// A pixel EXPORT / EXPORT_DONE (CF_ALLOC_EXPORT_WORD0 + WORD1_SWIZ, cayman L8188-8219,
/// L8385-8420) in the form LLVM 14 emits for `llvm.r600.store.swizzle` (ELEM_SIZE 3,
/// BARRIER 1, VALID_PIXEL_MODE 0), without LLVM's Evergreen END_OF_PROGRAM bit (digest D8).
fn pixel_export(
    e: &crate::schedule::ExportDraft,
    gpr: &dyn Fn(VReg) -> u8,
    chan: &dyn Fn(VReg) -> Chan,
) -> Result<isa::CfExport, CompileError> {
    use crate::mir::ExportComp;
    let mut rw_gpr = None;
    let mut sel = [7u8; 4];
    for (c, comp) in e.comps.iter().enumerate() {
        sel[c] = match comp {
            ExportComp::Reg(v) => {
                if rw_gpr.is_some_and(|g| g != gpr(*v)) {
                    return Err(CompileError::Internal(
                        "an export's components are not in one GPR".into(),
                    ));
                }
                rw_gpr = Some(gpr(*v));
                chan(*v).index() as u8
            }
            ExportComp::Zero => 4,
            ExportComp::One => 5,
            ExportComp::Masked => 7,
        };
    }
    Ok(isa::CfExport {
        op: if e.done {
            ExportOp::ExportDone
        } else {
            ExportOp::Export
        },
        ty: isa::ExportType::T0,
        array_base: u16::from(e.target),
        rw_gpr: rw_gpr.unwrap_or(0),
        rw_rel: false,
        index_gpr: 0,
        elem_size: 3,
        sel,
        burst_count: 0,
        valid_pixel_mode: false,
        legacy_eop: false,
        mark: false,
        barrier: true,
    })
}
