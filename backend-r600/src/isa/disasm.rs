//! The disassembler: a [`Program`] as the listing format of `r600-evergreen-asm-format.txt`,
//! adapted to Cayman. [`super::asm`] reads it back exactly.
//!
//! Conventions (asm-format digest §2-§3; choices for what the seed leaves open are marked):
//! * CF lines start with the CF slot index, zero-padded (`00`), which is the unit of every
//!   jump ADDR; each clause body is printed right after the first CF instruction that runs it.
//! * ALU groups and fetch instructions carry a program-wide counter (asm-format L35-45).
//! * ALU slots print as `x: MUL*2 R0.x, -|R1.y|, KC0[3].z, (0x3F800000, 1.0f).x CLAMP VEC_021`;
//!   `____` is a masked destination; PV is `PVn.c` with n the producing group (parsed and
//!   ignored, asm-format L409); literals print their hex value (authoritative) and a float
//!   comment (asm-format L396).
//! * Choices: relative operands print `[AR.x]`, `[AL]`, `[G]`, `[G+AR.x]` (INDEX_MODE 0/4/5/6);
//!   `PRED_SEL_ZERO`/`PRED_SEL_ONE`; integer −1 prints `-1` and a negated integer 1 prints
//!   `NEG(1)`; a non-default field without a listing spelling prints as `NAME(value)`.
//! * Cayman has no END_OF_PROGRAM bit: programs end with the `END` CF instruction (cayman
//!   L297). Bit 21 of an export word (LLVM 14 sets it, digest D8) prints as `EOP_BIT`.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::alu::{
    AluGroup, AluInst, AluSrc, BankSwizzle, Chan, ExecMaskOp, IndexMode, Omod, PredSel, SrcSel,
};
use super::cf::{CfAlu, CfCond, CfExport, CfInst, CfMem, CfWord, Kcache, KcacheMode, MemTarget};
use super::fetch::{FetchDst, FetchInst, MemRdInst, TexInst, VtxInst};
use super::opcodes::{AluOp, CfArg, SpecialSel};
use super::Program;

/// Prints the whole program.
pub fn disassemble(p: &Program) -> String {
    let mut out = String::new();
    let mut counter = 0usize;
    let mut printed_alu = BTreeSet::new();
    let mut printed_fetch = BTreeSet::new();
    let addrs = p.cf_addresses();
    let width = p.cf_slots().max(1).to_string().len().max(2);
    for (inst, at) in p.cf.iter().zip(addrs) {
        let _ = writeln!(out, "{at:0width$} {}", format_cf(inst));
        if let Some((addr, _)) = inst.alu_clause() {
            if printed_alu.insert(addr) {
                if let Some(c) = p.alu_clauses.get(&addr) {
                    let mut prev_group = None;
                    for g in &c.groups {
                        out.push_str(&format_group(g, counter, prev_group));
                        prev_group = Some(counter);
                        counter += 1;
                    }
                }
            }
        }
        if let Some((addr, _)) = inst.fetch_clause() {
            if printed_fetch.insert(addr) {
                if let Some(c) = p.fetch_clauses.get(&addr) {
                    for f in &c.insts {
                        let _ = writeln!(out, "{counter} {}", format_fetch(f));
                        counter += 1;
                    }
                }
            }
        }
    }
    out
}

fn props(list: &[String]) -> String {
    list.iter().map(|p| format!(" {p}")).collect()
}

/// One CF instruction (without its index and clause body).
pub fn format_cf(inst: &CfInst) -> String {
    match inst {
        CfInst::Word(w) => format_cf_word(w),
        CfInst::Gws(g) => {
            let mut p = vec![
                format!("GWS_OP({})", g.gws_opcode),
                format!("VALUE({})", g.value),
                format!("RESOURCE({})", g.resource),
            ];
            if g.sign {
                p.push("SIGN".into());
            }
            if g.val_index_mode != 0 {
                p.push(format!("VAL_INDEX_MODE({})", g.val_index_mode));
            }
            if g.rsrc_index_mode != 0 {
                p.push(format!("RSRC_INDEX_MODE({})", g.rsrc_index_mode));
            }
            p.extend(word1_props(&g.word1));
            format!("GLOBAL_WAVE_SYNC{}", props(&p))
        }
        CfInst::Alu(a) => format_cf_alu(a),
        CfInst::Export(e) => format_export(e),
        CfInst::Mem(m) => format_mem(m),
    }
}

fn word1_props(w: &CfWord) -> Vec<String> {
    let mut p = Vec::new();
    if w.pop_count != 0 {
        p.push(format!("POP_CNT({})", w.pop_count));
    }
    if w.cf_const != 0 {
        p.push(format!("CF_CONST({})", w.cf_const));
    }
    if w.cond != CfCond::Active {
        p.push(format!("CND({})", w.cond.name()));
    }
    if w.valid_pixel_mode {
        p.push("VALID_PIX".into());
    }
    if !w.barrier {
        p.push("NO_BARRIER".into());
    }
    p
}

fn format_cf_word(w: &CfWord) -> String {
    let name = w.op.name();
    let mut p = Vec::new();
    match w.op.info().arg {
        CfArg::Clause => {
            p.push(format!("ADDR({})", w.addr));
            p.push(format!("CNT({})", u32::from(w.count) + 1));
        }
        CfArg::Addr => p.push(format!("ADDR({})", w.addr)),
        CfArg::None | CfArg::Gws => {
            if w.addr != 0 {
                p.push(format!("ADDR({})", w.addr));
            }
        }
    }
    if w.op.info().arg != CfArg::Clause && w.count != 0 {
        p.push(format!("COUNT({})", w.count));
    }
    if w.jumptable_sel != 0 {
        p.push(format!("JTS({})", w.jumptable_sel));
    }
    p.extend(word1_props(w));
    if w.op.info().arg == CfArg::Clause {
        let mut s = format!("{name}:");
        s.push_str(&props(&p));
        s
    } else {
        format!("{name}{}", props(&p))
    }
}

fn kcache_prop(set: usize, k: &Kcache) -> Option<String> {
    let lo = u32::from(k.addr) * 16;
    match k.mode {
        KcacheMode::Nop if k.bank == 0 && k.addr == 0 => None,
        KcacheMode::Nop => Some(format!("KCACHE{set}_NOP(CB{}:{lo})", k.bank)),
        KcacheMode::Lock1 => Some(format!("KCACHE{set}(CB{}:{lo}-{})", k.bank, lo + 15)),
        KcacheMode::Lock2 => Some(format!("KCACHE{set}(CB{}:{lo}-{})", k.bank, lo + 31)),
        KcacheMode::LockLoopIndex => Some(format!("KCACHE{set}(CB{}:AL+{lo}-{})", k.bank, lo + 31)),
    }
}

fn format_cf_alu(a: &CfAlu) -> String {
    let mut p = vec![
        format!("ADDR({})", a.addr),
        format!("CNT({})", u32::from(a.count) + 1),
    ];
    for (s, k) in a.kcache.iter().enumerate() {
        p.extend(kcache_prop(s, k));
    }
    if let Some(ext) = &a.ext {
        p.push("EXTENDED".into());
        for (s, k) in ext.kcache.iter().enumerate() {
            p.extend(kcache_prop(s + 2, k));
        }
        if ext.bank_index_mode != [0; 4] {
            let [a0, a1, a2, a3] = ext.bank_index_mode;
            p.push(format!("KCACHE_INDEX_MODE({a0},{a1},{a2},{a3})"));
        }
        if !ext.barrier {
            p.push("EXT_NO_BARRIER".into());
        }
    }
    if a.alt_const {
        p.push("ALT_CONST".into());
    }
    if a.whole_quad_mode {
        p.push("WHOLE_QUAD_MODE".into());
    }
    if !a.barrier {
        p.push("NO_BARRIER".into());
    }
    format!("{}:{}", a.op.name(), props(&p))
}

fn sel_char(s: u8) -> char {
    match s {
        0 => 'x',
        1 => 'y',
        2 => 'z',
        3 => 'w',
        4 => '0',
        5 => '1',
        6 => '?',
        _ => '_',
    }
}

fn sels(s: &[u8]) -> String {
    s.iter().map(|&c| sel_char(c)).collect()
}

fn rel_str(rel: bool, suffix: &str) -> &str {
    if rel {
        suffix
    } else {
        ""
    }
}

fn export_tail(
    p: &mut Vec<String>,
    burst: u8,
    elem_size: u8,
    vpm: bool,
    eop: bool,
    mark: bool,
    barrier: bool,
) {
    if burst != 0 {
        p.push(format!("BURSTCNT({})", u32::from(burst) + 1));
    }
    if elem_size != 0 {
        p.push(format!("ELEM_SIZE({elem_size})"));
    }
    if vpm {
        p.push("VPM".into());
    }
    if eop {
        p.push("EOP_BIT".into());
    }
    if mark {
        p.push("MARK".into());
    }
    if !barrier {
        p.push("NO_BARRIER".into());
    }
}

fn format_export(e: &CfExport) -> String {
    let name = if e.op == super::ExportOp::ExportDone {
        "EXP_DONE"
    } else {
        "EXP"
    };
    let target = match (e.ty.bits(), e.array_base) {
        (0, b) => format!("PIX{b}"),
        (1, b) if b >= 60 => format!("POS{}", b - 60),
        (2, b) => format!("PARAM{b}"),
        (t, b) => format!("TYPE{t}[{b}]"),
    };
    let mut p = Vec::new();
    if e.index_gpr != 0 {
        p.push(format!("INDEX_GPR({})", e.index_gpr));
    }
    export_tail(
        &mut p,
        e.burst_count,
        e.elem_size,
        e.valid_pixel_mode,
        e.legacy_eop,
        e.mark,
        e.barrier,
    );
    format!(
        "{name}: {target}, R{}{}.{}{}",
        e.rw_gpr,
        rel_str(e.rw_rel, "[AL]"),
        sels(&e.sel),
        props(&p)
    )
}

fn mask_str(m: u8) -> String {
    (0..4)
        .map(|k| {
            if m >> k & 1 == 1 {
                ['x', 'y', 'z', 'w'][k]
            } else {
                '_'
            }
        })
        .collect()
}

fn format_mem(m: &CfMem) -> String {
    let mut p = Vec::new();
    let head = match m.target {
        MemTarget::Rat {
            id,
            inst,
            index_mode,
        } => {
            if index_mode != 0 {
                p.push(format!("RAT_INDEX_MODE({index_mode})"));
            }
            format!("{} RAT{id}[R{}]", inst.name(), m.index_gpr)
        }
        MemTarget::ArrayBase(b) => format!("DWORD_PTR[{b}+R{}.x]", m.index_gpr),
    };
    if m.array_size != 0 {
        p.push(format!("ARRAY_SIZE({})", m.array_size));
    }
    export_tail(
        &mut p,
        m.burst_count,
        m.elem_size,
        m.valid_pixel_mode,
        m.legacy_eop,
        m.mark,
        m.barrier,
    );
    format!(
        "{}_{}: {head}, R{}{}.{}{}",
        m.op.name(),
        m.ty.mem_name(),
        m.rw_gpr,
        rel_str(m.rw_rel, "[AL]"),
        mask_str(m.comp_mask),
        props(&p)
    )
}

/// The index suffix REL adds to an operand under `mode`.
pub fn index_suffix(mode: IndexMode) -> &'static str {
    match mode {
        IndexMode::ArX => "[AR.x]",
        IndexMode::Loop => "[AL]",
        IndexMode::Global => "[G]",
        IndexMode::GlobalArX => "[G+AR.x]",
    }
}

fn float_comment(v: u32) -> String {
    let f = f32::from_bits(v);
    if f.is_nan() {
        "1.#QNANf".into()
    } else if f.is_infinite() {
        if f < 0.0 { "-1.#INFf" } else { "1.#INFf" }.into()
    } else {
        format!("{f:?}f")
    }
}

/// One source operand.
pub fn format_src(
    s: &AluSrc,
    mode: IndexMode,
    literals: &[u32],
    pv_group: Option<usize>,
) -> String {
    let rel = if s.rel { index_suffix(mode) } else { "" };
    let c = s.chan.letter();
    let body = match s.sel {
        SrcSel::Gpr(g) => format!("R{g}{rel}.{c}"),
        SrcSel::Kcache { set, index } => format!("KC{set}[{index}]{rel}.{c}"),
        SrcSel::Literal => {
            let v = literals.get(s.chan.index()).copied().unwrap_or(0);
            format!("({v:#010X}, {}){rel}.{c}", float_comment(v)).replacen("0X", "0x", 1)
        }
        SrcSel::Pv => match pv_group {
            Some(n) => format!("PV{n}{rel}.{c}"),
            None => format!("PV{rel}.{c}"),
        },
        SrcSel::Special(sp) => {
            let chan = if s.chan == Chan::X {
                String::new()
            } else {
                format!(".{c}")
            };
            if sp == SpecialSel::OneInt && s.neg {
                let inner = if s.abs {
                    format!("|1{rel}{chan}|")
                } else {
                    format!("1{rel}{chan}")
                };
                return format!("NEG({inner})");
            }
            format!("{}{rel}{chan}", sp.name())
        }
    };
    let body = if s.abs { format!("|{body}|") } else { body };
    if s.neg {
        format!("-{body}")
    } else {
        body
    }
}

/// How many source fields to print: the real operands, plus any further encoded field that
/// is not all-zero (so nothing is lost).
fn printed_srcs(i: &AluInst) -> usize {
    let real = i.used_srcs().len();
    let fields = i.encoded_srcs();
    let last_nonzero = fields
        .iter()
        .rposition(|s| *s != AluSrc::default())
        .map_or(0, |k| k + 1);
    real.max(last_nonzero)
}

fn mova_dst(g: u8) -> String {
    match g {
        0 => "AR.x".into(),
        1 => "CF_PC".into(),
        2 => "CF_IDX0".into(),
        3 => "CF_IDX1".into(),
        4..=7 => format!("CLAUSE_GLOBAL.b{}", g - 4),
        _ => format!("MOVA_DST({g})"),
    }
}

/// One ALU instruction without its slot prefix.
pub fn format_alu(i: &AluInst, literals: &[u32], pv_group: Option<usize>) -> String {
    let mut s = String::new();
    let omod = match i.omod {
        Omod::Off => "",
        Omod::M2 => "*2",
        Omod::M4 => "*4",
        Omod::D2 => "/2",
    };
    let mut p = Vec::new();
    let any_rel = i.src.iter().any(|s| s.rel) || i.dst.rel;
    let mut operands = Vec::new();
    match i.lds {
        Some(l) => {
            s.push_str(l.op.name());
            if l.idx_offset != 0 {
                p.push(format!("IDX_OFFSET({})", l.idx_offset));
            }
        }
        None => {
            s.push_str(i.op.name());
            s.push_str(omod);
            let rel = if i.dst.rel {
                index_suffix(i.index_mode)
            } else {
                ""
            };
            if i.op == AluOp::MovaInt {
                operands.push(format!("{}{rel}", mova_dst(i.dst.gpr)));
                if i.dst.write {
                    p.push("WRITE".into());
                }
            } else if i.dst.write {
                operands.push(format!("R{}{rel}.{}", i.dst.gpr, i.dst.chan.letter()));
            } else if i.dst.gpr == 0 && !i.dst.rel {
                operands.push("____".into());
            } else {
                operands.push(format!("____(R{}{rel})", i.dst.gpr));
            }
        }
    }
    for src in i.src.iter().take(printed_srcs(i)) {
        operands.push(format_src(src, i.index_mode, literals, pv_group));
    }
    if !operands.is_empty() {
        s.push(' ');
        s.push_str(&operands.join(", "));
    }
    if !any_rel && i.index_mode != IndexMode::ArX {
        p.push(format!(
            "INDEX_MODE({})",
            &index_suffix(i.index_mode)[1..index_suffix(i.index_mode).len() - 1]
        ));
    }
    if i.clamp {
        p.push("CLAMP".into());
    }
    if i.update_exec_mask {
        p.push(match i.exec_mask_op {
            ExecMaskOp::Deactivate => "UPDATE_EXEC_MASK".into(),
            ExecMaskOp::Break => "UPDATE_EXEC_MASK(BREAK)".into(),
            ExecMaskOp::Continue => "UPDATE_EXEC_MASK(CONTINUE)".into(),
            ExecMaskOp::Kill => "UPDATE_EXEC_MASK(KILL)".into(),
        });
    }
    if i.update_pred {
        p.push("UPDATE_PRED".into());
    }
    match i.pred_sel {
        PredSel::Off => {}
        PredSel::Zero => p.push("PRED_SEL_ZERO".into()),
        PredSel::One => p.push("PRED_SEL_ONE".into()),
    }
    if i.bank_swizzle != BankSwizzle::Vec012 {
        p.push(i.bank_swizzle.name().into());
    }
    s.push_str(&props(&p));
    s
}

/// One group: the first slot prefixed by the group counter, the rest indented.
pub fn format_group(g: &AluGroup, counter: usize, pv_group: Option<usize>) -> String {
    let mut out = String::new();
    let referenced: Vec<bool> = (0..4)
        .map(|c| {
            g.insts.iter().any(|i| {
                i.encoded_srcs()
                    .iter()
                    .any(|s| s.sel == SrcSel::Literal && s.chan.index() == c)
            })
        })
        .collect();
    let hidden = g
        .literals
        .iter()
        .enumerate()
        .any(|(k, &v)| v != 0 && !referenced.get(k).copied().unwrap_or(false));
    for (k, i) in g.insts.iter().enumerate() {
        let prefix = if k == 0 {
            counter.to_string()
        } else {
            String::new()
        };
        let pad = counter.to_string().len();
        let _ = write!(
            out,
            "{prefix:>pad$} {}: {}",
            i.slot().letter(),
            format_alu(i, &g.literals, pv_group)
        );
        if hidden && k + 1 == g.insts.len() {
            let lits: Vec<String> = g.literals.iter().map(|v| format!("{v:#010x}")).collect();
            let _ = write!(out, " LITERALS({})", lits.join(","));
        }
        out.push('\n');
    }
    out
}

fn dst_str(d: &FetchDst) -> String {
    format!("R{}{}.{}", d.gpr, rel_str(d.rel, "[AL]"), sels(&d.sel))
}

fn fmt_common(
    p: &mut Vec<String>,
    data_format: u8,
    num_format_all: u8,
    format_comp_all: bool,
    srf_mode_all: bool,
) {
    p.push(format!("FORMAT({data_format})"));
    if num_format_all != 0 {
        p.push(format!(
            "NUM_FORMAT_ALL({})",
            ["NORM", "INT", "SCALED", "3"]
                .get(usize::from(num_format_all))
                .copied()
                .unwrap_or("3")
        ));
    }
    if format_comp_all {
        p.push("FORMAT_COMP_ALL(SIGNED)".into());
    }
    if srf_mode_all {
        p.push("OGL".into());
    }
}

fn format_vtx(v: &VtxInst) -> String {
    let mut p = Vec::new();
    let dst = if v.op == super::VtxOp::Semantic {
        format!(
            "SemId{}.{}",
            u32::from(v.dst.gpr) | u32::from(v.dst.rel) << 7,
            sels(&v.dst.sel)
        )
    } else {
        dst_str(&v.dst)
    };
    if v.fetch_type != 0 {
        p.push(format!("FETCH_TYPE({})", v.fetch_type));
    }
    if v.fetch_whole_quad {
        p.push("WHOLE_QUAD".into());
    }
    if v.src_sel_y != 0 {
        p.push(format!("SRC_SEL_Y({})", v.src_sel_y));
    }
    if v.structured_read != 0 {
        p.push(format!("STRUCTURED_READ({})", v.structured_read));
    }
    if v.lds_req {
        p.push("LDS_REQ".into());
    }
    if v.coalesced_read {
        p.push("COALESCED".into());
    }
    if v.use_const_fields {
        p.push("USE_CONST_FIELDS".into());
    }
    fmt_common(
        &mut p,
        v.data_format,
        v.num_format_all,
        v.format_comp_all,
        v.srf_mode_all,
    );
    if v.offset != 0 {
        p.push(format!("OFFSET({})", v.offset));
    }
    if v.endian_swap != 0 {
        p.push(format!("ENDIAN({})", v.endian_swap));
    }
    if v.const_buf_no_stride {
        p.push("CONST_BUF_NO_STRIDE".into());
    }
    if v.alt_const {
        p.push("ALT_CONST".into());
    }
    if v.buffer_index_mode != 0 {
        p.push(format!("BUFFER_INDEX_MODE({})", v.buffer_index_mode));
    }
    format!(
        "{} {dst}, R{}{}.{}, f{}{}",
        v.op.name(),
        v.src_gpr,
        rel_str(v.src_rel, "[AL]"),
        Chan::from_bits(u32::from(v.src_sel_x)).letter(),
        v.buffer_id,
        props(&p)
    )
}

fn format_tex(t: &TexInst) -> String {
    let mut p = Vec::new();
    if t.inst_mod != 0 {
        p.push(format!("INST_MOD({})", t.inst_mod));
    }
    if t.fetch_whole_quad {
        p.push("WHOLE_QUAD".into());
    }
    if t.alt_const {
        p.push("ALT_CONST".into());
    }
    if t.resource_index_mode != 0 {
        p.push(format!("RESOURCE_INDEX_MODE({})", t.resource_index_mode));
    }
    if t.sampler_index_mode != 0 {
        p.push(format!("SAMPLER_INDEX_MODE({})", t.sampler_index_mode));
    }
    if t.lod_bias != 0 {
        p.push(format!("LOD_BIAS({})", t.lod_bias));
    }
    if t.coord_type.iter().any(|&b| b) {
        let axes: String = t
            .coord_type
            .iter()
            .zip("XYZW".chars())
            .filter(|(b, _)| **b)
            .map(|(_, c)| c)
            .collect();
        p.push(format!("NORM({axes})"));
    }
    if t.offset != [0; 3] {
        let [x, y, z] = t.offset;
        p.push(format!("OFFSET({x},{y},{z})"));
    }
    format!(
        "{} {}, R{}{}.{}, t{}, s{}{}",
        t.op.name(),
        dst_str(&t.dst),
        t.src_gpr,
        rel_str(t.src_rel, "[AL]"),
        sels(&t.src_sel),
        t.resource_id,
        t.sampler_id,
        props(&p)
    )
}

fn format_mem_rd(m: &MemRdInst) -> String {
    let mut p = vec![format!("MEM_OP({})", m.mem_op)];
    if m.elem_size != 0 {
        p.push(format!("ELEM_SIZE({})", m.elem_size));
    }
    if m.fetch_whole_quad {
        p.push("WHOLE_QUAD".into());
    }
    if m.uncached {
        p.push("UNCACHED".into());
    }
    if m.indexed {
        p.push("INDEXED".into());
    }
    if m.src_sel_y != 0 {
        p.push(format!("SRC_SEL_Y({})", m.src_sel_y));
    }
    if m.burst_count != 0 {
        p.push(format!("BURSTCNT({})", u32::from(m.burst_count) + 1));
    }
    if m.lds_req {
        p.push("LDS_REQ".into());
    }
    if m.coalesced_read {
        p.push("COALESCED".into());
    }
    fmt_common(
        &mut p,
        m.data_format,
        m.num_format_all,
        m.format_comp_all,
        m.srf_mode_all,
    );
    if m.array_base != 0 {
        p.push(format!("ARRAY_BASE({})", m.array_base));
    }
    if m.endian_swap != 0 {
        p.push(format!("ENDIAN({})", m.endian_swap));
    }
    if m.array_size != 0 {
        p.push(format!("ARRAY_SIZE({})", m.array_size));
    }
    format!(
        "MEM_RD {}, R{}{}.{}{}",
        dst_str(&m.dst),
        m.src_gpr,
        rel_str(m.src_rel, "[AL]"),
        Chan::from_bits(u32::from(m.src_sel_x)).letter(),
        props(&p)
    )
}

/// One fetch instruction without its counter.
pub fn format_fetch(f: &FetchInst) -> String {
    match f {
        FetchInst::Vtx(v) => format_vtx(v),
        FetchInst::Tex(t) => format_tex(t),
        FetchInst::MemRd(m) => format_mem_rd(m),
    }
}
