//! Declarations before use, duplicates, and declared sizes and limits.
//!
//! "Any declaration of an object must appear before all uses of the object" (L458).

use std::collections::HashMap;

use crate::ast::{Instruction, Program, Register};
use crate::diag::{Diagnostic, Diagnostics, Span};
use crate::enums::ShaderType;
use crate::opcode::Opcode;
use crate::regs::RegType;

/// The kinds of UAV declaration (7.15).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum UavKind {
    Raw,
    Struct,
    Typed,
    Arena,
    Typeless,
}

/// How an instruction uses a numbered resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Use {
    Resource,
    Uav(&'static [UavKind]),
    Srv {
        structured: bool,
    },
    Lds,
    /// R7xx owner-compute LDS (`lds_read_vec`, `lds_write_vec`).
    LdsOwner,
    Gds,
}

const ANY_UAV: &[UavKind] = &[
    UavKind::Raw,
    UavKind::Struct,
    UavKind::Typed,
    UavKind::Typeless,
];

fn use_of(op: Opcode) -> Option<Use> {
    use Opcode::*;
    Some(match op {
        Load | Resinfo | Sample | SampleB | SampleG | SampleL | SampleC | SampleCLz | SampleCL
        | SampleCG | SampleCB | Fetch4 | Fetch4C | Fetch4Po | Fetch4PoC | Sampleinfo
        | Samplepos | LoadFptr | Getlod | Bufinfo => Use::Resource,
        UavRawLoad | UavRawStore | UavByteLoad | UavShortLoad | UavUbyteLoad | UavUshortLoad
        | UavByteStore | UavShortStore => Use::Uav(&[UavKind::Raw, UavKind::Typeless]),
        UavStructLoad | UavStructStore => Use::Uav(&[UavKind::Struct, UavKind::Typeless]),
        UavLoad | UavStore => Use::Uav(&[UavKind::Typed]),
        UavArenaLoad | UavArenaStore => Use::Uav(&[UavKind::Arena]),
        AppendBufAlloc | AppendBufConsume => {
            Use::Uav(&[UavKind::Raw, UavKind::Struct, UavKind::Typeless])
        }
        UavAdd | UavSub | UavRsub | UavMin | UavMax | UavUmin | UavUmax | UavAnd | UavOr
        | UavXor | UavCmp | UavUinc | UavUdec | UavReadAdd | UavReadSub | UavReadRsub
        | UavReadMin | UavReadMax | UavReadUmin | UavReadUmax | UavReadAnd | UavReadOr
        | UavReadXor | UavReadXchg | UavReadCmpXchg | UavReadUinc | UavReadUdec => {
            Use::Uav(ANY_UAV)
        }
        SrvRawLoad => Use::Srv { structured: false },
        SrvStructLoad => Use::Srv { structured: true },
        LdsLoad | LdsStore | LdsAdd | LdsSub | LdsRsub | LdsMin | LdsMax | LdsUmin | LdsUmax
        | LdsAnd | LdsOr | LdsXor | LdsCmp | LdsInc | LdsDec | LdsMskor | LdsReadAdd
        | LdsReadSub | LdsReadRsub | LdsReadMin | LdsReadMax | LdsReadUmin | LdsReadUmax
        | LdsReadAnd | LdsReadOr | LdsReadXor | LdsReadXchg | LdsReadCmpXchg | LdsReadInc
        | LdsReadDec | LdsReadMskor | LdsLoadByte | LdsLoadShort | LdsLoadUbyte | LdsLoadUshort
        | LdsStoreByte | LdsStoreShort | LdsLoadVec | LdsStoreVec => Use::Lds,
        LdsReadVec | LdsWriteVec => Use::LdsOwner,
        GdsLoad | GdsStore | GdsAdd | GdsSub | GdsRsub | GdsInc | GdsDec | GdsMin | GdsMax
        | GdsUmin | GdsUmax | GdsAnd | GdsOr | GdsXor | GdsMskor | GdsCmpStore | GdsReadAdd
        | GdsReadSub | GdsReadRsub | GdsReadInc | GdsReadDec | GdsReadMin | GdsReadMax
        | GdsReadUmin | GdsReadUmax | GdsReadAnd | GdsReadOr | GdsReadXor | GdsReadMskor
        | GdsReadXchg | GdsReadCmpXchg => Use::Gds,
        _ => return None,
    })
}

/// Total LDS per work-group on Evergreen (L8061).
const LDS_LIMIT: u64 = 32 * 1024;
/// Work-items per group (L4212).
const GROUP_LIMIT: u64 = 1024;

#[derive(Default)]
struct Scope {
    literals: HashMap<u32, Span>,
    const_buffers: HashMap<u32, (u32, Span)>,
    immediate_cb: Option<(u32, Span)>,
    indexed_temps: HashMap<u32, (u32, Span)>,
    /// Declared inputs by register type and number: `vObjIndex0` and `vWinCoord0` are not
    /// `v0`, so declaring them beside it is no duplicate.
    inputs: HashMap<(RegType, u32), ([bool; 4], Span)>,
    outputs: HashMap<u32, Span>,
    vertex_inputs: HashMap<u32, Span>,
    resources: HashMap<u32, Span>,
    uavs: HashMap<u32, (UavKind, Span)>,
    srvs: HashMap<u32, (bool, Span)>,
    lds: HashMap<u32, Span>,
    gds: HashMap<u32, Span>,
    lds_bytes: u64,
    shared_temps: Option<u32>,
    num_threads: Option<Span>,
    max_threads: Option<Span>,
    lds_per_thread: Option<Span>,
    first_uav_use: Option<Span>,
    first_global_use: Option<Span>,
    first_lds_use: Option<Span>,
}

pub(super) fn check(program: &Program, diags: &mut Diagnostics) {
    let mut macro_ids: HashMap<u16, Span> = HashMap::new();
    for m in &program.macros {
        if let Some(first) = macro_ids.insert(m.id, m.span) {
            diags.push(
                Diagnostic::error(m.span, format!("macro {} is defined twice", m.id))
                    .expected("unique macro numbers (L9923)")
                    .related(first, "first defined here"),
            );
        }
        // Temporaries and literals are scoped to the macro (L9925).
        let mut scope = Scope::default();
        for inst in &m.body {
            check_instruction(
                inst,
                &mut scope,
                program,
                Some((m.inputs, m.outputs)),
                diags,
            );
        }
    }
    let mut scope = Scope::default();
    for inst in &program.body {
        check_instruction(inst, &mut scope, program, None, diags);
    }
    if let (Some(global), Some(uav)) = (scope.first_global_use, scope.first_uav_use) {
        diags.push(
            Diagnostic::error(
                global.to(uav).max_start(global),
                "the global buffer `g[]` and UAVs in one program",
            )
            .expected(
                "either scatter through `g[]` or UAV operations: they cannot be combined (L11456)",
            )
            .note(format!("the first UAV operation is at byte {}", uav.start)),
        );
    }
    if let Some(lds) = scope.first_lds_use {
        if scope.num_threads.is_none() {
            diags.push(
                Diagnostic::error(lds, "LDS is used but the group size is not declared").expected(
                    "`dcl_num_thread_per_group` before the first LDS instruction (L3287, L3406)",
                ),
            );
        }
    }
}

trait MaxStart {
    fn max_start(self, other: Span) -> Span;
}

impl MaxStart for Span {
    /// Points a diagnostic that involves two places at the later one.
    fn max_start(self, other: Span) -> Span {
        if other.start >= self.start {
            other
        } else {
            self
        }
    }
}

fn error(diags: &mut Diagnostics, span: Span, message: String, expected: impl Into<String>) {
    diags.push(Diagnostic::error(span, message).expected(expected));
}

/// Reports a constant index at or beyond the declared size of its array.
fn outside(
    diags: &mut Diagnostics,
    span: Span,
    index: Option<u32>,
    size: u32,
    message: impl Fn(u32) -> String,
) {
    if let Some(i) = index.filter(|&i| i >= size) {
        error(diags, span, message(i), format!("an index below {size}"));
    }
}

fn duplicate(diags: &mut Diagnostics, span: Span, what: String, first: Span) {
    diags.push(
        Diagnostic::error(span, format!("{what} is declared twice"))
            .expected("one declaration")
            .related(first, "first declared here"),
    );
}

fn id_of(inst: &Instruction, name: &str) -> Option<u32> {
    inst.field(name)
}

fn check_instruction(
    inst: &Instruction,
    scope: &mut Scope,
    program: &Program,
    macro_args: Option<(u8, u8)>,
    diags: &mut Diagnostics,
) {
    let span = inst.span;
    if declare(inst, scope, diags) {
        return;
    }
    if inst.opcode == Opcode::Macrocall {
        let id = u32::from(inst.control);
        match program.macros.iter().find(|m| u32::from(m.id) == id) {
            None => error(
                diags,
                span,
                format!("macro {id} is not defined"),
                "an `mdef` before the version line (L9913)",
            ),
            Some(m)
                if usize::from(m.outputs) != inst.macro_outputs.len()
                    || usize::from(m.inputs) != inst.srcs.len() =>
            {
                error(
                    diags,
                    span,
                    format!(
                        "macro {id} takes {} outputs and {} inputs, the call passes {} and {}",
                        m.outputs,
                        m.inputs,
                        inst.macro_outputs.len(),
                        inst.srcs.len()
                    ),
                    "the operand counts of the macro definition",
                )
            }
            Some(_) => {}
        }
    }
    for d in inst.dst.iter().chain(&inst.macro_outputs) {
        check_register(&d.reg, scope, program, macro_args, diags);
    }
    for s in &inst.srcs {
        check_register(&s.reg, scope, program, macro_args, diags);
    }
    let Some(use_) = use_of(inst.opcode) else {
        return;
    };
    let indexed = inst.extra.resource_format.is_some() || id_of(inst, "ext") == Some(1);
    match use_ {
        Use::Resource => {
            if id_of(inst, "uav") == Some(1) {
                let id = id_of(inst, "resource").unwrap_or(0);
                if !scope.uavs.contains_key(&id) {
                    error(
                        diags,
                        span,
                        format!("UAV {id} is not declared"),
                        "a `dcl_*uav_id(n)` before its use (L458)",
                    );
                }
            } else if !indexed {
                let id = id_of(inst, "resource").unwrap_or(0);
                if !scope.resources.contains_key(&id) {
                    error(
                        diags,
                        span,
                        format!("resource {id} is not declared"),
                        "`dcl_resource_id(n)` before its use (L458)",
                    );
                }
            }
        }
        Use::Uav(kinds) => {
            scope.first_uav_use.get_or_insert(span);
            let id = id_of(inst, "id").unwrap_or(0);
            // `_arena` atomics address the arena UAV (L3383).
            let kinds: &[UavKind] = if id_of(inst, "arena") == Some(1) {
                &[UavKind::Arena]
            } else {
                kinds
            };
            match scope.uavs.get(&id) {
                None => error(diags, span, format!("UAV {id} is not declared"), "a `dcl_raw_uav`, `dcl_struct_uav`, `dcl_uav` or `dcl_arena_uav` before its use (L458)"),
                Some((kind, _)) if !kinds.contains(kind) => error(
                    diags,
                    span,
                    format!("`{}` needs a {} UAV, but UAV {id} is declared {kind:?}", inst.info().mnemonic, kinds.iter().map(|k| format!("{k:?}")).collect::<Vec<_>>().join(" or ")),
                    "a UAV declared with the kind the instruction addresses (7.2.12)",
                ),
                Some(_) => {}
            }
        }
        Use::Srv { structured } => {
            if !indexed {
                let id = id_of(inst, "id").unwrap_or(0);
                match scope.srvs.get(&id) {
                    None => error(
                        diags,
                        span,
                        format!("SRV {id} is not declared"),
                        "`dcl_raw_srv` or `dcl_struct_srv` before its use (L458)",
                    ),
                    Some((s, _)) if *s != structured => error(
                        diags,
                        span,
                        format!(
                            "SRV {id} is declared {}",
                            if *s { "structured" } else { "raw" }
                        ),
                        format!(
                            "a {} SRV for `{}`",
                            if structured { "structured" } else { "raw" },
                            inst.info().mnemonic
                        ),
                    ),
                    Some(_) => {}
                }
            }
        }
        Use::Lds => {
            scope.first_lds_use.get_or_insert(span);
            let id = id_of(inst, "id").unwrap_or(0);
            if !scope.lds.contains_key(&id) {
                error(
                    diags,
                    span,
                    format!("LDS {id} is not declared"),
                    "`dcl_lds_id(n)` or `dcl_struct_lds_id(n)` before its use (L458)",
                );
            }
        }
        Use::LdsOwner => {
            scope.first_lds_use.get_or_insert(span);
            if scope.lds_per_thread.is_none() {
                error(diags, span, "owner-compute LDS without `dcl_lds_size_per_thread`".into(), "`dcl_lds_size_per_thread n` before the first `lds_read_vec`/`lds_write_vec` (L4073)");
            }
        }
        Use::Gds => {
            let id = id_of(inst, "id").unwrap_or(0);
            if !scope.gds.contains_key(&id) {
                error(
                    diags,
                    span,
                    format!("GDS {id} is not declared"),
                    "`dcl_gds_id(n)` or `dcl_struct_gds_id(n)` before its use (L458)",
                );
            }
        }
    }
}

/// Records a declaration; returns whether `inst` was one.
fn declare(inst: &Instruction, scope: &mut Scope, diags: &mut Diagnostics) -> bool {
    use Opcode::*;
    let span = inst.span;
    let src_reg = inst.srcs.first().map(|s| &s.reg);
    match inst.opcode {
        DclLiteral => {
            let Some(r) = src_reg else { return true };
            if r.ty != RegType::Literal || r.index.is_some() {
                error(
                    diags,
                    r.span,
                    "`dcl_literal` declares a literal register".into(),
                    "`l#` (L4093)",
                );
            } else if let Some(first) = scope.literals.insert(r.num, span) {
                // "A given literal can only be defined once" (L4099).
                duplicate(diags, span, format!("literal l{}", r.num), first);
            }
        }
        DclConstBuffer if inst.control & 0x8000 != 0 => {
            if let Some((_, first)) = scope.immediate_cb.replace((inst.words.len() as u32, span)) {
                duplicate(diags, span, "the immediate constant buffer".into(), first);
            }
        }
        DclConstBuffer => {
            let Some(r) = src_reg else { return true };
            let size = r
                .index
                .as_ref()
                .filter(|i| i.relative.is_none())
                .and_then(|i| i.offset);
            match (r.ty, size) {
                (RegType::ConstBuff, Some(n)) => {
                    if r.num > 14 {
                        error(
                            diags,
                            r.span,
                            format!("constant buffer cb{} is out of range", r.num),
                            "cb0 to cb14 (L3963)",
                        );
                    }
                    if n > 4096 {
                        error(
                            diags,
                            r.span,
                            format!("constant buffer of {n} elements"),
                            "at most 4096 elements (L3963)",
                        );
                    }
                    if let Some((_, first)) = scope.const_buffers.insert(r.num, (n, span)) {
                        duplicate(diags, span, format!("constant buffer cb{}", r.num), first);
                    }
                }
                _ => error(
                    diags,
                    r.span,
                    "`dcl_cb` needs a constant buffer and its size".into(),
                    "`cb<m>[<n>]` (L3959)",
                ),
            }
        }
        DclIndexedTempArray => {
            let Some(r) = src_reg else { return true };
            let size = r
                .index
                .as_ref()
                .filter(|i| i.relative.is_none())
                .and_then(|i| i.offset);
            match (r.ty, size) {
                (RegType::ITemp, Some(n)) => {
                    if n > 4096 {
                        error(
                            diags,
                            r.span,
                            format!("indexed temporary array of {n} elements"),
                            "at most 4096 registers (L4009)",
                        );
                    }
                    if let Some((_, first)) = scope.indexed_temps.insert(r.num, (n, span)) {
                        duplicate(
                            diags,
                            span,
                            format!("indexed temporary array x{}", r.num),
                            first,
                        );
                    }
                }
                _ => error(
                    diags,
                    r.span,
                    "`dcl_indexed_temp_array` needs an array and its size".into(),
                    "`x<k>[<n>]` (L4007)",
                ),
            }
        }
        DclInput => {
            let Some(d) = &inst.dst else { return true };
            let mask = d.mask().map(|c| c != crate::enums::DstComp::NoWrite);
            let num = d.reg.num;
            match scope.inputs.get_mut(&(d.reg.ty, num)) {
                // Parts of one input may be declared separately (`v3.xy__`, `v3.__z_`).
                Some((declared, first)) => {
                    if declared.iter().zip(mask).any(|(a, b)| *a && b) {
                        duplicate(
                            diags,
                            span,
                            format!(
                                "input {}{num} (the same components)",
                                d.reg.ty.name(ShaderType::Pixel)
                            ),
                            *first,
                        );
                    }
                    for (a, b) in declared.iter_mut().zip(mask) {
                        *a |= b;
                    }
                }
                None => {
                    scope.inputs.insert((d.reg.ty, num), (mask, span));
                }
            }
        }
        DclOutput => {
            let Some(d) = &inst.dst else { return true };
            scope.outputs.entry(d.reg.num).or_insert(span);
        }
        Dclv | Initv => {
            if let Some(d) = &inst.dst {
                scope.vertex_inputs.entry(d.reg.num).or_insert(span);
            }
            return inst.opcode == Dclv;
        }
        DclSharedTemp => {
            if let Some(r) = src_reg {
                scope.shared_temps = Some(r.num);
            }
        }
        DclResource => {
            let id = id_of(inst, "id").unwrap_or(0);
            if let Some(first) = scope.resources.insert(id, span) {
                duplicate(diags, span, format!("resource {id}"), first);
            }
        }
        DclRawUav | DclStructUav | DclUav | DclArenaUav | DclTypedUav | DclTypelessUav => {
            let kind = match inst.opcode {
                DclRawUav => UavKind::Raw,
                DclStructUav => UavKind::Struct,
                DclArenaUav => UavKind::Arena,
                DclTypelessUav => UavKind::Typeless,
                _ => UavKind::Typed,
            };
            let id = id_of(inst, "id").unwrap_or(0);
            if kind == UavKind::Arena && id != 8 {
                error(
                    diags,
                    span,
                    format!("arena UAV {id}"),
                    "the arena UAV is UAV 8 (L3383)",
                );
            }
            if let Some((_, first)) = scope.uavs.insert(id, (kind, span)) {
                duplicate(diags, span, format!("UAV {id}"), first);
            }
        }
        DclRawSrv | DclStructSrv => {
            let id = id_of(inst, "id").unwrap_or(0);
            if let Some((_, first)) = scope.srvs.insert(id, (inst.opcode == DclStructSrv, span)) {
                duplicate(diags, span, format!("SRV {id}"), first);
            }
        }
        DclLds | DclStructLds => {
            let id = id_of(inst, "id").unwrap_or(0);
            let bytes = match inst.words.as_slice() {
                [size] => u64::from(*size),
                [stride, count] => u64::from(*stride) * u64::from(*count),
                _ => 0,
            };
            // Two 32-bit factors fit in 64 bits; the running total saturates.
            if inst.opcode == DclLds && bytes % 4 != 0 {
                error(
                    diags,
                    span,
                    format!("LDS {id} of {bytes} bytes"),
                    "a size that is a multiple of 4 bytes (L8061)",
                );
            }
            scope.lds_bytes = scope.lds_bytes.saturating_add(bytes);
            if scope.lds_bytes > LDS_LIMIT {
                error(
                    diags,
                    span,
                    format!("the program declares {} bytes of LDS", scope.lds_bytes),
                    "at most 32 KiB of LDS in total (L8061)",
                );
            }
            if let Some(first) = scope.lds.insert(id, span) {
                duplicate(diags, span, format!("LDS {id}"), first);
            }
        }
        DclGds | DclStructGds => {
            let id = id_of(inst, "id").unwrap_or(0);
            if let Some(first) = scope.gds.insert(id, span) {
                duplicate(diags, span, format!("GDS {id}"), first);
            }
        }
        DclNumThreadPerGroup | DclMaxThreadPerGroup => {
            let (this, other) = if inst.opcode == DclNumThreadPerGroup {
                (&mut scope.num_threads, scope.max_threads)
            } else {
                (&mut scope.max_threads, scope.num_threads)
            };
            if let Some(first) = this.replace(span) {
                duplicate(diags, span, format!("`{}`", inst.info().mnemonic), first);
            }
            if other.is_some() {
                error(
                    diags,
                    span,
                    "`dcl_num_thread_per_group` and `dcl_max_thread_per_group` together".into(),
                    "one of them: they are mutually exclusive (L4152, L11454)",
                );
            }
            // Three 32-bit factors can exceed 64 bits: saturate.
            let product = inst
                .words
                .iter()
                .fold(1u64, |acc, &w| acc.saturating_mul(u64::from(w)));
            if inst.words.contains(&0) {
                error(
                    diags,
                    span,
                    "a work-group dimension of 0".into(),
                    "dimensions of at least 1",
                );
            } else if product > GROUP_LIMIT {
                error(
                    diags,
                    span,
                    format!("work-groups of {product} work-items"),
                    "at most 1024 work-items per group (L4212)",
                );
            }
        }
        DclLdsSizePerThread => {
            scope.lds_per_thread = Some(span);
            let n = u32::from(inst.control);
            if n > 64 || n % 4 != 0 {
                error(
                    diags,
                    span,
                    format!("`dcl_lds_size_per_thread {n}`"),
                    "at most 64 dwords, a multiple of 4 (L4079)",
                );
            }
        }
        _ => return false,
    }
    true
}

fn check_register(
    reg: &Register,
    scope: &mut Scope,
    program: &Program,
    macro_args: Option<(u8, u8)>,
    diags: &mut Diagnostics,
) {
    let span = reg.span;
    let constant_index = reg
        .index
        .as_ref()
        .filter(|i| i.relative.is_none())
        .and_then(|i| i.offset);
    match reg.ty {
        RegType::Literal if !scope.literals.contains_key(&reg.num) => error(
            diags,
            span,
            format!("literal l{} is used before it is declared", reg.num),
            "`dcl_literal` before the first use (L458, L4087)",
        ),
        RegType::ConstBuff => match scope.const_buffers.get(&reg.num) {
            None if reg.index.is_none() || !reg.dims.is_empty() => {}
            None => error(
                diags,
                span,
                format!("constant buffer cb{} is not declared", reg.num),
                "`dcl_cb` before the first use (L3961)",
            ),
            Some(&(size, _)) => outside(diags, span, constant_index, size, |i| {
                format!(
                    "cb{}[{i}] is outside the declared cb{}[{size}]",
                    reg.num, reg.num
                )
            }),
        },
        RegType::ImmedConstBuff => match scope.immediate_cb {
            None => error(
                diags,
                span,
                "the immediate constant buffer is not declared".into(),
                "`dcl_cb_immediate` before the first use",
            ),
            Some((size, _)) => outside(diags, span, constant_index, size, |i| {
                format!("icb[{i}] is outside the {size} declared elements")
            }),
        },
        RegType::ITemp => match scope.indexed_temps.get(&reg.num) {
            None => error(
                diags,
                span,
                format!("indexed temporary array x{} is not declared", reg.num),
                "`dcl_indexed_temp_array` before the first use (L4009)",
            ),
            Some(&(size, _)) => outside(diags, span, constant_index, size, |i| {
                format!(
                    "x{}[{i}] is outside the declared x{}[{size}]",
                    reg.num, reg.num
                )
            }),
        },
        RegType::Input
            if !scope.inputs.contains_key(&(RegType::Input, reg.num))
                && program.version.shader != ShaderType::Compute
                && reg.dims.is_empty() =>
        {
            error(
                diags,
                span,
                format!("input v{} is not declared", reg.num),
                "`dcl_input` for it before the first use (L4020)",
            )
        }
        RegType::Output if !scope.outputs.contains_key(&reg.num) && reg.index.is_none() => error(
            diags,
            span,
            format!("output o{} is not declared", reg.num),
            "`dcl_output` for it before the first use (L4236)",
        ),
        RegType::Vertex if !scope.vertex_inputs.contains_key(&reg.num) => error(
            diags,
            span,
            format!("vertex input v{} is not declared", reg.num),
            "`dclv` or `initv` for it before the first use (L4499)",
        ),
        RegType::SharedTemp => match scope.shared_temps {
            Some(n) if reg.num < n => {}
            Some(n) => error(
                diags,
                span,
                format!("shared register sr{} is beyond the {n} declared", reg.num),
                format!("sr0 to sr{}", n.saturating_sub(1)),
            ),
            None => error(
                diags,
                span,
                format!("shared register sr{} is not declared", reg.num),
                "`dcl_shared_temp` before the first use (L4304)",
            ),
        },
        RegType::Global => {
            scope.first_global_use.get_or_insert(span);
        }
        RegType::InputArg | RegType::OutputArg => {
            let limit = match (macro_args, reg.ty) {
                (Some((inputs, _)), RegType::InputArg) => Some(inputs),
                (Some((_, outputs)), RegType::OutputArg) => Some(outputs),
                _ => None,
            };
            let kind = if reg.ty == RegType::InputArg {
                "in"
            } else {
                "out"
            };
            match limit {
                None => error(
                    diags,
                    span,
                    format!("macro argument {kind}{} outside a macro", reg.num),
                    "`in#`/`out#` only inside `mdef` .. `mend` (L9920)",
                ),
                Some(n) if reg.num >= u32::from(n) => error(
                    diags,
                    span,
                    format!("macro argument {kind}{} beyond the {n} declared", reg.num),
                    format!("{kind}0 to {kind}{}", n.saturating_sub(1)),
                ),
                Some(_) => {}
            }
        }
        _ => {}
    }
    let indices = reg
        .index
        .iter()
        .chain(reg.dims.iter().filter_map(|d| d.index.as_ref()));
    for index in indices {
        if let Some(r) = &index.relative {
            check_register(&r.reg, scope, program, macro_args, diags);
        }
    }
}
