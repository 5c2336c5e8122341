//! The table itself: every `ILOpCode` of App.B (L10266-L10778) in numeric order, with
//! `IL_OP_MOVA` at 72.
//!
//! Shapes and control fields come from the Chapter 7 entries (the line of each is kept in
//! [`OpInfo::line`]). The 68 opcodes that only App.B lists have no documented syntax: their
//! spelling follows AMD's naming pattern (`i64mul` like `i64add`, `uav_byte_load` like
//! `uav_raw_load`) and their operands are inferred from the name; `docs/decisions.md`
//! ("undocumented opcodes") lists them, and the validator warns when a program uses one.

use super::fields::{Field, FieldLoc, FieldSyntax};
use super::{DataType, Flow, Layout, OpInfo, Words};
use crate::enums::{
    tables, ElementFormat, ImportUsage, InterpMode, NameTable, PixTexUsage, RelOp, ZeroOp,
};

use DataType::{Bits, Double, Float, Int, Logical, Uint};

// ---- shorthands -------------------------------------------------------------------------

const fn op(mnemonic: &'static str, line: u32) -> OpInfo {
    OpInfo::new(mnemonic, line)
}

/// `mnemonic dst, src0..src{n-1}` on values of type `data`.
const fn alu(mnemonic: &'static str, line: u32, srcs: u8, data: DataType) -> OpInfo {
    OpInfo::alu(mnemonic, line, srcs, data)
}

/// No destination, `srcs` sources.
const fn sink(mnemonic: &'static str, line: u32, srcs: u8, data: DataType) -> OpInfo {
    OpInfo::new(mnemonic, line).srcs(srcs).data(data)
}

const fn flow(mnemonic: &'static str, line: u32, role: Flow) -> OpInfo {
    OpInfo::new(mnemonic, line).flow(role)
}

/// A resource-sampling instruction (7.2.3): `_resource(n)_sampler(m)`, `_coordtype(..)`,
/// `_ext` with two index sources, `_aoffimmi(u,v,w)`.
const fn sampling(mnemonic: &'static str, line: u32, srcs: u8) -> OpInfo {
    OpInfo::alu(mnemonic, line, srcs, Float)
        .layout(Layout::Sample)
        .fields(&[RESOURCE, SAMPLER, COORDTYPE, RESOURCETYPE, AOFFIMMI])
}

/// A gather (`fetch4*`): sampling plus `_compselect(..)`.
const fn gather(mnemonic: &'static str, line: u32, srcs: u8) -> OpInfo {
    OpInfo::alu(mnemonic, line, srcs, Float)
        .layout(Layout::Sample)
        .fields(&[
            RESOURCE,
            SAMPLER,
            COMPSELECT,
            COORDTYPE,
            RESOURCETYPE,
            AOFFIMMI,
        ])
}

/// A UAV atomic without return: `uav_<op>_id(n)[_arena] addr, value..`.
const fn uav_atomic(mnemonic: &'static str, line: u32, srcs: u8) -> OpInfo {
    sink(mnemonic, line, srcs, Int).fields(&[UAV_ID, ARENA])
}

/// A UAV atomic returning the old value: `uav_read_<op>_id(n) dst.c, addr, value..`.
const fn uav_read(mnemonic: &'static str, line: u32, srcs: u8) -> OpInfo {
    alu(mnemonic, line, srcs, Int).fields(&[UAV_ID, ARENA])
}

/// An LDS atomic without return (`lds_<op>_id(n) addr, value..`), 4-bit id (L8203).
const fn lds_atomic(mnemonic: &'static str, line: u32, srcs: u8) -> OpInfo {
    sink(mnemonic, line, srcs, Int).fields(&[LDS_ID])
}

/// An LDS atomic returning the old value (`lds_read_<op>_id(n) dst, addr, value..`).
const fn lds_read(mnemonic: &'static str, line: u32, srcs: u8) -> OpInfo {
    alu(mnemonic, line, srcs, Int).fields(&[LDS_ID])
}

/// A GDS operation, 14-bit id (L9264).
const fn gds(mnemonic: &'static str, line: u32, dst: bool, srcs: u8) -> OpInfo {
    let op = sink(mnemonic, line, srcs, Int).fields(&[UAV_ID]);
    if dst {
        op.dst()
    } else {
        op
    }
}

/// A declaration whose only control field is a 14-bit id (`dcl_raw_uav_id(n)`).
const fn dcl_id(mnemonic: &'static str, line: u32) -> OpInfo {
    op(mnemonic, line).fields(&[UAV_ID]).sm40()
}

// ---- control fields (bit positions count from token bit 16) --------------------------------

const IEEE: Field = Field::flag("ieee", 0);
const ZEROOP: Field = Field::enumerated("zeroop", 0, 2, ZeroOp::NAMES);
const RELOP: Field = Field::enumerated("relop", 0, 3, RelOp::NAMES).always();
const CMPVAL: Field = Field::enumerated("cmpval", 5, 3, tables::CMP_VAL);
const MATRIX: Field = Field::enumerated("matrix", 0, 3, tables::MATRIX).always();
const FINE: Field = Field::flag("fine", 7);
const STAGE: Field = Field::uint("stage", 0, 8).always();
const STREAM: Field = Field::uint("stream", 0, 14).syntax(FieldSyntax::Operand);
/// `loop [repeat] src0` (L3874): written as a word before the operand.
const REPEAT: Field = Field::flag("repeat", 0).syntax(FieldSyntax::Operand);

const RESOURCE: Field = Field::uint("resource", 0, 8).always();
const SAMPLER: Field = Field::uint("sampler", 8, 4).always();
const SAMPLER_UNUSED: Field = Field::uint("sampler", 8, 4);
const COMPSELECT: Field = Field::enumerated("compselect", 0, 2, XYZW).at(FieldLoc::Primary);
const COORDTYPE: Field = Field::enumerated("coordtype", 2, 2, tables::TEX_COORD_MODE)
    .at(FieldLoc::Primary)
    .aliases(&["coordtyped", "coordmode"]);
const IS_UAV: Field = Field::flag("uav", 4).at(FieldLoc::Primary);
const RESOURCETYPE: Field =
    Field::enumerated("resourcetype", 0, 4, PixTexUsage::NAMES).at(FieldLoc::ResourceFormat);
const AOFFIMMI: Field = Field::offsets("aoffimmi").aliases(&["addroffimmi"]);
const RETURN_UINT: Field = Field::flag("uint", 8);

const XYZW: NameTable = NameTable(&[&["x", "r"], &["y", "g"], &["z", "b"], &["w", "a"]]);

/// 14-bit resource id of UAV, SRV, GDS, append-buffer and most declarations (29:16).
const UAV_ID: Field = Field::uint("id", 0, 14).always();
/// 4-bit LDS id (19:16, L8203); the returning forms are printed `_resource(n)` in the doc
/// (I-26), which is accepted.
const LDS_ID: Field = Field::uint("id", 0, 4).always().aliases(&["resource"]);
/// `_arena` on UAV atomics (L3383) has no documented bit; ilc uses bit 31, which
/// `uav_raw_load` names `reserved_arena_atomic` (L8826). See `docs/decisions.md`.
const ARENA: Field = Field::flag("arena", 15);
/// 10-bit id of the arena and raw-load instructions (25:16).
const ID10: Field = Field::uint("id", 0, 10).always();
/// `_cached` / `_uncached`: `IL_UAV_READ_TYPE` at 27:26 (L8826, L11271).
const CACHED: Field =
    Field::enumerated("cached", 10, 2, tables::UAV_READ).syntax(FieldSyntax::Bare);
const ARENA_CACHED: Field =
    Field::enumerated("cached", 12, 2, tables::UAV_READ).syntax(FieldSyntax::Bare);
const DATA_SIZE: Field = Field::enumerated("size", 10, 2, tables::DATA_SIZE).always();
/// Indexed resource id of `srv_*_load` (bit 28, L8666): one more source.
const SRV_EXT: Field = Field::flag("ext", 12);

const USAGE: Field = Field::enumerated("usage", 0, 5, ImportUsage::NAMES)
    .syntax(FieldSyntax::NamedOrBare)
    .always();
const USAGE_INDEX: Field = Field::uint("usageIndex", 5, 8);
const COMP_X: Field = Field::enumerated("x", 0, 2, tables::IMPORT_COMP);
const COMP_Y: Field = Field::enumerated("y", 2, 2, tables::IMPORT_COMP);
const COMP_Z: Field = Field::enumerated("z", 4, 2, tables::IMPORT_COMP);
const COMP_W: Field = Field::enumerated("w", 6, 2, tables::IMPORT_COMP);
const PRI_X: Field = COMP_X.at(FieldLoc::Primary);
const PRI_Y: Field = COMP_Y.at(FieldLoc::Primary);
const PRI_Z: Field = COMP_Z.at(FieldLoc::Primary);
const PRI_W: Field = COMP_W.at(FieldLoc::Primary);

const TEX_FIELDS: [Field; 11] = [
    STAGE,
    Field::flag("centroid", 8),
    Field::enumerated("shadowmode", 10, 2, tables::SHADOW_MODE),
    Field::enumerated("mag", 0, 3, tables::TEX_FILTER).at(FieldLoc::Primary),
    Field::enumerated("min", 3, 3, tables::TEX_FILTER).at(FieldLoc::Primary),
    Field::enumerated("volmag", 6, 3, tables::TEX_FILTER).at(FieldLoc::Primary),
    Field::enumerated("volmin", 9, 3, tables::TEX_FILTER).at(FieldLoc::Primary),
    Field::enumerated("mip", 12, 3, tables::MIP_FILTER).at(FieldLoc::Primary),
    Field::enumerated("aniso", 15, 3, tables::ANISO).at(FieldLoc::Primary),
    Field::fixed("lodbias", 18, 7, 4).at(FieldLoc::Primary),
    Field::fixed("xoffset", 0, 8, 1).at(FieldLoc::Secondary),
];
const TEX_OFFSETS_YZ: [Field; 2] = [
    Field::fixed("yoffset", 8, 8, 1).at(FieldLoc::Secondary),
    Field::fixed("zoffset", 16, 8, 1).at(FieldLoc::Secondary),
];
const TEXLD: [Field; 13] = concat_fields(&TEX_FIELDS, &TEX_OFFSETS_YZ);
const TEXLDB: [Field; 15] = concat_fields(
    &TEXLD,
    &[
        Field::flag("absolute", 9),
        Field::flag("qualitybias", 25).at(FieldLoc::Primary),
    ],
);

/// Concatenates two field arrays at compile time.
const fn concat_fields<const A: usize, const B: usize, const C: usize>(
    a: &[Field; A],
    b: &[Field; B],
) -> [Field; C] {
    let mut out = [a[0]; C];
    let mut i = 0;
    while i < A {
        out[i] = a[i];
        i += 1;
    }
    while i < C {
        out[i] = b[i - A];
        i += 1;
    }
    out
}

const FENCE: [Field; 7] = [
    Field::flag("threads", 0),
    Field::flag("lds", 1),
    Field::flag("memory", 2),
    Field::flag("sr", 3),
    Field::flag("mem_write_only", 4),
    Field::flag("mem_read_only", 5),
    Field::flag("gds", 6),
];

/// `dcl_global_flags` (L3991-L4005): control bits 0-3 (token bits 16-19). The example
/// (L3993) spells them in camelCase; the prose and the bit table name them in snake_case
/// (`refactoring_allowed`, ..), which the reader accepts as well.
const GLOBAL_FLAGS: [Field; 4] = [
    Field::flag("refactoringAllowed", 0)
        .syntax(FieldSyntax::Operand)
        .aliases(&["refactoring_allowed"]),
    Field::flag("forceEarlyDepthStencil", 1)
        .syntax(FieldSyntax::Operand)
        .aliases(&["force_early_depth_stencil"]),
    Field::flag("enableRawStructuredBuffers", 2)
        .syntax(FieldSyntax::Operand)
        .aliases(&["enable_raw_structured_buffers"]),
    Field::flag("enableDoublePrecisionFloatOps", 3)
        .syntax(FieldSyntax::Operand)
        .aliases(&["enable_double_precision_float_ops"]),
];

const DCL_RESOURCE: [Field; 7] = [
    Field::uint("id", 0, 8).always(),
    Field::enumerated("type", 8, 4, PixTexUsage::NAMES).always(),
    Field::flag("unnorm", 15).syntax(FieldSyntax::ArgOf("type")),
    Field::enumerated("fmtx", 20, 3, ElementFormat::NAMES)
        .at(FieldLoc::Word(0))
        .always(),
    Field::enumerated("fmty", 23, 3, ElementFormat::NAMES)
        .at(FieldLoc::Word(0))
        .always(),
    Field::enumerated("fmtz", 26, 3, ElementFormat::NAMES)
        .at(FieldLoc::Word(0))
        .always(),
    Field::enumerated("fmtw", 29, 3, ElementFormat::NAMES)
        .at(FieldLoc::Word(0))
        .always(),
];

const DCL_INPUT: [Field; 6] = [
    USAGE,
    Field::enumerated("interp", 5, 3, InterpMode::NAMES),
    Field::flag("center", 8),
    Field::flag("bias", 9),
    Field::flag("invert", 10),
    Field::flag("centered", 11),
];

// ---- the table ---------------------------------------------------------------------------

macro_rules! opcode_table {
    ($( $variant:ident = $value:literal $enum_name:literal => $info:expr; )+) => {
        /// An IL opcode (`ILOpCode`, App.B with `IL_OP_MOVA` at 72). The discriminant is the
        /// value in the `code` field of the opcode token.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u16)]
        pub enum Opcode {
            $( $variant = $value ),+
        }

        pub(super) static TABLE: [OpInfo; 483] = [
            $( OpInfo { opcode: Opcode::$variant, enum_name: $enum_name, ..$info } ),+
        ];
    };
}

opcode_table! {
    Unknown = 0 "IL_OP_UNKNOWN" => op("unknown", 0);
    Abs = 1 "IL_OP_ABS" => alu("abs", 6419, 1, Float);
    Acos = 2 "IL_OP_ACOS" => alu("acos", 6433, 1, Float);
    Add = 3 "IL_OP_ADD" => alu("add", 6447, 2, Float);
    Asin = 4 "IL_OP_ASIN" => alu("asin", 6473, 1, Float);
    Atan = 5 "IL_OP_ATAN" => alu("atan", 6486, 1, Float);
    Break = 6 "IL_OP_BREAK" => flow("break", 3460, Flow::Break);
    Breakc = 7 "IL_OP_BREAKC" => flow("breakc", 3471, Flow::Break).srcs(2).data(Float).fields(&[RELOP]);
    Call = 8 "IL_OP_CALL" => flow("call", 3496, Flow::Call).words(Words::Unsigned(1));
    Callnz = 9 "IL_OP_CALLNZ" => flow("callnz", 3513, Flow::Call).srcs(1).data(Int).words(Words::Unsigned(1)).sm30();
    Clamp = 10 "IL_OP_CLAMP" => alu("clamp", 6499, 3, Float);
    Clg = 11 "IL_OP_CLG" => alu("clg", 0, 1, Float);
    Cmov = 12 "IL_OP_CMOV" => alu("cmov", 6512, 2, Float);
    Cmp = 13 "IL_OP_CMP" => alu("cmp", 6538, 3, Float).fields(&[RELOP, CMPVAL]);
    Colorclamp = 14 "IL_OP_COLORCLAMP" => alu("colorclamp", 6555, 1, Float).sm30();
    Comment = 15 "IL_OP_COMMENT" => op("comment", 7993).words(Words::Comment);
    Continue = 16 "IL_OP_CONTINUE" => flow("continue", 3639, Flow::Continue);
    Continuec = 17 "IL_OP_CONTINUEC" => flow("continuec", 3650, Flow::Continue).srcs(2).data(Float).fields(&[RELOP]);
    Cos = 18 "IL_OP_COS" => alu("cos", 6568, 1, Float);
    Crs = 19 "IL_OP_CRS" => alu("crs", 6594, 2, Float);
    Dclarray = 20 "IL_OP_DCLARRAY" => sink("dclarray", 4391, 2, DataType::None).sm30();
    Dcldef = 21 "IL_OP_DCLDEF" => op("dcldef", 4404).dst().sm30().fields(&[
        Field::enumerated("x", 0, 2, tables::DEFAULT_VAL),
        Field::enumerated("y", 2, 2, tables::DEFAULT_VAL),
        Field::enumerated("z", 4, 2, tables::DEFAULT_VAL),
        Field::enumerated("w", 6, 2, tables::DEFAULT_VAL),
    ]);
    Dclpi = 22 "IL_OP_DCLPI" => op("dclpi", 4423).dst().sm30().fields(&[
        COMP_X, COMP_Y, COMP_Z, COMP_W,
        Field::flag("center", 8),
        Field::flag("bias", 9),
        Field::flag("invert", 10),
        Field::flag("centered", 11),
    ]);
    Dclpin = 23 "IL_OP_DCLPIN" => op("dclpin", 4445).dst().sm30().primary().fields(&[
        Field::enumerated("usage", 0, 5, ImportUsage::NAMES).always(),
        USAGE_INDEX,
        PRI_X, PRI_Y, PRI_Z, PRI_W,
        Field::flag("centroid", 8).at(FieldLoc::Primary),
        Field::flag("constant", 9).at(FieldLoc::Primary),
        Field::flag("noperspective", 10).at(FieldLoc::Primary),
    ]);
    Dclpp = 24 "IL_OP_DCLPP" => op("dclpp", 4473).dst().sm30().fields(&[Field::uint("param", 0, 8).always()]);
    Dclpt = 25 "IL_OP_DCLPT" => op("dclpt", 4485).sm30().fields(&[
        STAGE,
        Field::enumerated("type", 8, 3, PixTexUsage::NAMES),
        Field::enumerated("coordmode", 11, 2, tables::TEX_COORD_MODE),
        Field::flag("cleartype", 13),
    ]);
    Dclv = 26 "IL_OP_DCLV" => op("dclv", 4499).dst().sm30().primary().fields(&[
        Field::uint("elem", 0, 6).always(),
        PRI_X, PRI_Y, PRI_Z, PRI_W,
    ]);
    Dclvout = 27 "IL_OP_DCLVOUT" => op("dclvout", 4521).dst().sm30().primary().fields(&[
        Field::enumerated("usage", 0, 5, ImportUsage::NAMES).always(),
        USAGE_INDEX,
        PRI_X, PRI_Y, PRI_Z, PRI_W,
    ]);
    Def = 28 "IL_OP_DEF" => op("def", 4553).dst().words(Words::Def(4)).sm30();
    Defb = 29 "IL_OP_DEFB" => op("defb", 4572).dst().words(Words::Def(1)).sm30();
    Det = 30 "IL_OP_DET" => alu("det", 6607, 1, Float).sm30();
    Dist = 31 "IL_OP_DIST" => alu("dist", 6620, 2, Float).sm30();
    Div = 32 "IL_OP_DIV" => alu("div", 6633, 2, Float).fields(&[ZEROOP]);
    Dp2add = 33 "IL_OP_DP2ADD" => alu("dp2add", 6659, 3, Float).fields(&[IEEE]);
    Dp3 = 34 "IL_OP_DP3" => alu("dp3", 6672, 2, Float).fields(&[IEEE]);
    Dp4 = 35 "IL_OP_DP4" => alu("dp4", 6685, 2, Float).fields(&[IEEE]);
    Dst = 36 "IL_OP_DST" => alu("dst", 6698, 2, Float);
    Dsx = 37 "IL_OP_DSX" => alu("dsx", 6711, 1, Float).fields(&[FINE]);
    Dsy = 38 "IL_OP_DSY" => alu("dsy", 6727, 1, Float).fields(&[FINE]);
    Else = 39 "IL_OP_ELSE" => flow("else", 3691, Flow::Else);
    End = 40 "IL_OP_END" => flow("end", 3702, Flow::End);
    Endif = 41 "IL_OP_ENDIF" => flow("endif", 3728, Flow::EndIf);
    Endloop = 42 "IL_OP_ENDLOOP" => flow("endloop", 3739, Flow::EndLoop);
    Endmain = 43 "IL_OP_ENDMAIN" => flow("endmain", 3752, Flow::EndMain);
    Exn = 44 "IL_OP_EXN" => alu("exn", 6797, 1, Float);
    Exp = 45 "IL_OP_EXP" => alu("exp", 6810, 1, Float);
    Expp = 46 "IL_OP_EXPP" => alu("expp", 6836, 1, Float);
    Faceforward = 47 "IL_OP_FACEFORWARD" => alu("faceforward", 6849, 3, Float);
    Flr = 48 "IL_OP_FLR" => alu("flr", 6862, 1, Float);
    Frc = 49 "IL_OP_FRC" => alu("frc", 6889, 1, Float);
    Func = 50 "IL_OP_FUNC" => flow("func", 3788, Flow::Func).words(Words::Unsigned(1));
    Fwidth = 51 "IL_OP_FWIDTH" => alu("fwidth", 6902, 1, Float);
    Ifc = 52 "IL_OP_IFC" => flow("ifc", 3850, Flow::If).srcs(2).data(Float).fields(&[RELOP]);
    Ifnz = 53 "IL_OP_IFNZ" => flow("ifnz", 3862, Flow::If).srcs(1).data(Int).sm30();
    Initv = 54 "IL_OP_INITV" => alu("initv", 4599, 1, DataType::Bits).sm30();
    Kill = 55 "IL_OP_KILL" => sink("kill", 4900, 1, Float).fields(&[
        Field::uint("stage", 0, 8),
        Field::flag("sample", 8),
    ]);
    Len = 56 "IL_OP_LEN" => alu("len", 6942, 1, Float);
    Lit = 57 "IL_OP_LIT" => alu("lit", 6958, 1, Float);
    Ln = 58 "IL_OP_LN" => alu("ln", 6971, 1, Float).fields(&[ZEROOP]);
    Lod = 59 "IL_OP_LOD" => alu("lod", 5044, 1, Float).fields(&[STAGE]);
    Log = 60 "IL_OP_LOG" => alu("log", 6984, 1, Float).fields(&[ZEROOP]);
    Logp = 61 "IL_OP_LOGP" => alu("logp", 7010, 1, Float).fields(&[ZEROOP]);
    Loop = 62 "IL_OP_LOOP" => flow("loop", 3873, Flow::Loop).srcs(1).data(Int).fields(&[REPEAT]).sm30();
    Lrp = 63 "IL_OP_LRP" => alu("lrp", 7023, 3, Float);
    Mad = 64 "IL_OP_MAD" => alu("mad", 7049, 3, Float).fields(&[IEEE]);
    Max = 65 "IL_OP_MAX" => alu("max", 7062, 2, Float).fields(&[IEEE]);
    // MEMEXPORT and MEMIMPORT are SM30-only: App.C Table C-3 (L11431-L11432).
    Memexport = 66 "IL_OP_MEMEXPORT" => sink("memexport", 5067, 2, Bits).sm30().fields(&[
        Field::uint("exportStream", 0, 6).always(),
        Field::uint("elemOffset", 7, 6),
    ]);
    Memimport = 67 "IL_OP_MEMIMPORT" => alu("memimport", 5092, 1, Float).sm30()
        .fields(&[Field::uint("elem", 0, 6).always()]);
    Min = 68 "IL_OP_MIN" => alu("min", 7076, 2, Float).fields(&[IEEE]);
    Mmul = 69 "IL_OP_MMUL" => alu("mmul", 7089, 2, Float).fields(&[MATRIX]);
    Mod = 70 "IL_OP_MOD" => alu("mod", 7102, 2, Float);
    Mov = 71 "IL_OP_MOV" => alu("mov", 7115, 1, Float);
    Mova = 72 "IL_OP_MOVA" => alu("mova", 0, 1, Float).sm30();
    Mul = 73 "IL_OP_MUL" => alu("mul", 7128, 2, Float).fields(&[IEEE]);
    Noise = 74 "IL_OP_NOISE" => alu("noise", 7154, 1, Float).sm30().fields(&[
        Field::enumerated("type", 0, 4, tables::NOISE).always(),
    ]);
    Nop = 75 "IL_OP_NOP" => op("nop", 8006);
    Nrm = 76 "IL_OP_NRM" => alu("nrm", 7169, 1, Float).fields(&[
        Field::enumerated("nrm", 2, 1, NameTable(&[&["nrm3"], &["nrm4"]])).syntax(FieldSyntax::Bare),
        ZEROOP,
    ]);
    Pireduce = 77 "IL_OP_PIREDUCE" => alu("pireduce", 7226, 1, Float);
    Pow = 78 "IL_OP_POW" => alu("pow", 7250, 2, Float);
    Precomp = 79 "IL_OP_PRECOMP" => alu("precomp", 0, 1, Float);
    Project = 80 "IL_OP_PROJECT" => alu("project", 7239, 1, Float).sm30().fields(&[STAGE]);
    Rcp = 81 "IL_OP_RCP" => alu("rcp", 7263, 1, Float).fields(&[ZEROOP]);
    Reflect = 82 "IL_OP_REFLECT" => alu("reflect", 7277, 2, Float).fields(&[Field::flag("normalize", 0)]);
    Ret = 83 "IL_OP_RET" => flow("ret", 3890, Flow::Ret);
    Rnd = 84 "IL_OP_RND" => alu("rnd", 7291, 1, Float);
    Rsq = 85 "IL_OP_RSQ" => alu("rsq", 7356, 1, Float).fields(&[ZEROOP]);
    Set = 86 "IL_OP_SET" => alu("set", 7382, 2, Float).fields(&[RELOP]);
    Sgn = 87 "IL_OP_SGN" => alu("sgn", 7395, 1, Float);
    Sin = 88 "IL_OP_SIN" => alu("sin", 7408, 1, Float);
    Sincos = 89 "IL_OP_SINCOS" => alu("sincos", 7421, 1, Float);
    Sqrt = 90 "IL_OP_SQRT" => alu("sqrt", 7447, 1, Float);
    Sub = 91 "IL_OP_SUB" => alu("sub", 7473, 2, Float);
    Tan = 92 "IL_OP_TAN" => alu("tan", 7506, 1, Float);
    Texld = 93 "IL_OP_TEXLD" => alu("texld", 5387, 1, Float).sm30().primary_secondary().fields(&TEXLD);
    Texldb = 94 "IL_OP_TEXLDB" => alu("texldb", 5480, 2, Float).sm30().primary_secondary().fields(&TEXLDB);
    Texldd = 95 "IL_OP_TEXLDD" => alu("texldd", 5598, 3, Float).sm30().primary_secondary().fields(&TEXLD);
    Texldms = 96 "IL_OP_TEXLDMS" => alu("texldms", 5655, 1, Float).sm30().primary_secondary().fields(&[
        STAGE,
        Field::enumerated("mag", 0, 3, tables::TEX_FILTER).at(FieldLoc::Primary),
        Field::enumerated("min", 3, 3, tables::TEX_FILTER).at(FieldLoc::Primary),
        Field::enumerated("aniso", 15, 3, tables::ANISO).at(FieldLoc::Primary),
        Field::fixed("xoffset", 0, 8, 1).at(FieldLoc::Secondary),
        Field::fixed("yoffset", 8, 8, 1).at(FieldLoc::Secondary),
    ]);
    Texweight = 97 "IL_OP_TEXWEIGHT" => alu("texweight", 5686, 1, Float).sm30().fields(&[STAGE]);
    // Table C-3 (L11432) lists TRANSPOSE as SM30-only, its entry says "Valid for all GPUs"
    // (L7520) and AMD's compiler took it in compute and pixel programs: any model
    // (docs/decisions.md, "`transpose`").
    Transpose = 98 "IL_OP_TRANSPOSE" => alu("transpose", 7517, 1, Float);
    Trc = 99 "IL_OP_TRC" => alu("trc", 0, 1, Float);
    Dxsincos = 100 "IL_OP_DXSINCOS" => alu("dxsincos", 6746, 3, Float);
    BreakLogicalz = 101 "IL_OP_BREAK_LOGICALZ" => flow("break_logicalz", 3483, Flow::Break).srcs(1).data(Int);
    BreakLogicalnz = 102 "IL_OP_BREAK_LOGICALNZ" => flow("break_logicalnz", 3483, Flow::Break).srcs(1).data(Int);
    CallLogicalz = 103 "IL_OP_CALL_LOGICALZ" => flow("call_logicalz", 3589, Flow::Call).srcs(1).data(Int).words(Words::Unsigned(1));
    CallLogicalnz = 104 "IL_OP_CALL_LOGICALNZ" => flow("call_logicalnz", 3549, Flow::Call).srcs(1).data(Int).words(Words::Unsigned(1));
    Case = 105 "IL_OP_CASE" => flow("case", 3626, Flow::Case).words(Words::Signed);
    ContinueLogicalz = 106 "IL_OP_CONTINUE_LOGICALZ" => flow("continue_logicalz", 3662, Flow::Continue).srcs(1).data(Int);
    ContinueLogicalnz = 107 "IL_OP_CONTINUE_LOGICALNZ" => flow("continue_logicalnz", 3662, Flow::Continue).srcs(1).data(Int);
    Default = 108 "IL_OP_DEFAULT" => flow("default", 3675, Flow::Default);
    Endswitch = 109 "IL_OP_ENDSWITCH" => flow("endswitch", 3775, Flow::EndSwitch);
    Endfunc = 110 "IL_OP_ENDFUNC" => flow("endfunc", 3715, Flow::EndFunc);
    IfLogicalz = 111 "IL_OP_IF_LOGICALZ" => flow("if_logicalz", 3837, Flow::If).srcs(1).data(Int);
    IfLogicalnz = 112 "IL_OP_IF_LOGICALNZ" => flow("if_logicalnz", 3837, Flow::If).srcs(1).data(Int);
    While = 113 "IL_OP_WHILE" => flow("whileloop", 3944, Flow::Loop);
    Switch = 114 "IL_OP_SWITCH" => flow("switch", 3931, Flow::Switch).srcs(1).data(Int);
    RetDyn = 115 "IL_OP_RET_DYN" => flow("ret_dyn", 3903, Flow::ReturnDynamic);
    RetLogicalz = 116 "IL_OP_RET_LOGICALZ" => flow("ret_logicalz", 3916, Flow::ReturnDynamic).srcs(1).data(Int);
    RetLogicalnz = 117 "IL_OP_RET_LOGICALNZ" => flow("ret_logicalnz", 3916, Flow::ReturnDynamic).srcs(1).data(Int);
    DclConstBuffer = 118 "IL_DCL_CONST_BUFFER" => op("dcl_cb", 3959).srcs(1).layout(Layout::ConstBuffer).sm40()
        .fields(&[Field::flag("immediate", 15)]);
    DclIndexedTempArray = 119 "IL_DCL_INDEXED_TEMP_ARRAY" => op("dcl_indexed_temp_array", 4007).srcs(1).sm40();
    DclInputPrimitive = 120 "IL_DCL_INPUT_PRIMITIVE" => op("dcl_input_primitive", 4041).sm40().fields(&[
        Field::enumerated("primitive", 0, 6, tables::TOPOLOGY).syntax(FieldSyntax::Operand),
    ]);
    DclLiteral = 121 "IL_DCL_LITERAL" => op("dcl_literal", 4087).srcs(1).words(Words::Literal).sm40();
    DclMaxOutputVertexCount = 122 "IL_DCL_MAX_OUTPUT_VERTEX_COUNT" => op("dcl_max_output_vertex_count", 4124).sm40()
        .fields(&[Field::uint("count", 0, 14).syntax(FieldSyntax::Operand)]);
    DclOdepth = 123 "IL_DCL_ODEPTH" => op("dcl_odepth", 4223).sm40();
    DclOutputTopology = 124 "IL_DCL_OUTPUT_TOPOLOGY" => op("dcl_output_topology", 4260).sm40().fields(&[
        Field::enumerated("topology", 0, 2, tables::OUTPUT_TOPOLOGY).syntax(FieldSyntax::Operand),
    ]);
    DclOutput = 125 "IL_DCL_OUTPUT" => op("dcl_output", 4236).dst().sm40().fields(&[USAGE]);
    DclInput = 126 "IL_DCL_INPUT" => op("dcl_input", 4020).dst().sm40().fields(&DCL_INPUT);
    DclVprim = 127 "IL_DCL_VPRIM" => op("dcl_vprim", 4378).sm40();
    DclResource = 128 "IL_DCL_RESOURCE" => op("dcl_resource", 4284).words(Words::Fields(1)).sm40().fields(&DCL_RESOURCE);
    Cut = 129 "IL_OP_CUT" => op("cut", 4634).sm40();
    DiscardLogicalz = 130 "IL_OP_DISCARD_LOGICALZ" => sink("discard_logicalz", 4657, 1, Int).sm40();
    DiscardLogicalnz = 131 "IL_OP_DISCARD_LOGICALNZ" => sink("discard_logicalnz", 4657, 1, Int).sm40();
    Emit = 132 "IL_OP_EMIT" => op("emit", 4672).sm40();
    EmitThenCut = 133 "IL_OP_EMIT_THEN_CUT" => op("emitthencut", 4694).aliases(&["emit_then_cut", "emitcut"]).sm40();
    Load = 134 "IL_OP_LOAD" => alu("load", 4958, 1, Int).layout(Layout::Sample).sm40()
        .fields(&[RESOURCE, SAMPLER_UNUSED, RESOURCETYPE, AOFFIMMI]);
    Resinfo = 135 "IL_OP_RESINFO" => alu("resinfo", 5139, 1, Int).layout(Layout::Sample).sm40()
        .fields(&[RESOURCE, RETURN_UINT, IS_UAV, RESOURCETYPE]);
    Sample = 136 "IL_OP_SAMPLE" => sampling("sample", 5155, 1).sm40();
    SampleB = 137 "IL_OP_SAMPLE_B" => sampling("sample_b", 5186, 2).sm40();
    SampleG = 138 "IL_OP_SAMPLE_G" => sampling("sample_g", 5308, 3).sm40();
    SampleL = 139 "IL_OP_SAMPLE_L" => sampling("sample_l", 5327, 2).sm40();
    SampleC = 140 "IL_OP_SAMPLE_C" => sampling("sample_c", 5205, 2).sm40();
    SampleCLz = 141 "IL_OP_SAMPLE_C_LZ" => sampling("sample_c_lz", 5289, 2).sm40();
    INot = 142 "IL_OP_I_NOT" => alu("inot", 5976, 1, Logical);
    IOr = 143 "IL_OP_I_OR" => alu("ior", 5989, 2, Logical);
    IXor = 144 "IL_OP_I_XOR" => alu("ixor", 5989, 2, Logical);
    IAdd = 145 "IL_OP_I_ADD" => alu("iadd", 5804, 2, Int);
    IMad = 146 "IL_OP_I_MAD" => alu("imad", 5870, 3, Int);
    IMax = 147 "IL_OP_I_MAX" => alu("imax", 5896, 2, Int);
    IMin = 148 "IL_OP_I_MIN" => alu("imin", 5896, 2, Int);
    IMul = 149 "IL_OP_I_MUL" => alu("imul", 5911, 2, Int);
    IMulHigh = 150 "IL_OP_I_MUL_HIGH" => alu("imul_high", 5924, 2, Int);
    IEq = 151 "IL_OP_I_EQ" => alu("ieq", 5848, 2, Int);
    IGe = 152 "IL_OP_I_GE" => alu("ige", 5848, 2, Int);
    ILt = 153 "IL_OP_I_LT" => alu("ilt", 5848, 2, Int);
    INegate = 154 "IL_OP_I_NEGATE" => alu("inegate", 5963, 1, Int);
    INe = 155 "IL_OP_I_NE" => alu("ine", 5848, 2, Int);
    IShl = 156 "IL_OP_I_SHL" => alu("ishl", 6004, 2, Int);
    IShr = 157 "IL_OP_I_SHR" => alu("ishr", 6004, 2, Int);
    UShr = 158 "IL_OP_U_SHR" => alu("ushr", 6224, 2, Uint);
    UDiv = 159 "IL_OP_U_DIV" => alu("udiv", 6039, 2, Uint);
    UMod = 160 "IL_OP_U_MOD" => alu("umod", 6143, 2, Uint);
    UMad = 161 "IL_OP_U_MAD" => alu("umad", 6093, 3, Uint);
    UMax = 162 "IL_OP_U_MAX" => alu("umax", 6117, 2, Uint);
    UMin = 163 "IL_OP_U_MIN" => alu("umin", 6117, 2, Uint);
    ULt = 164 "IL_OP_U_LT" => alu("ult", 6078, 2, Uint);
    UGe = 165 "IL_OP_U_GE" => alu("uge", 6078, 2, Uint);
    UMul = 166 "IL_OP_U_MUL" => alu("umul", 6156, 2, Uint);
    UMulHigh = 167 "IL_OP_U_MUL_HIGH" => alu("umul_high", 6169, 2, Uint);
    Ftoi = 168 "IL_OP_FTOI" => alu("ftoi", 6365, 1, Float);
    Ftou = 169 "IL_OP_FTOU" => alu("ftou", 6378, 1, Float);
    Itof = 170 "IL_OP_ITOF" => alu("itof", 6391, 1, Int);
    Utof = 171 "IL_OP_UTOF" => alu("utof", 6404, 1, Uint);
    And = 172 "IL_OP_AND" => alu("iand", 5817, 2, Logical).aliases(&["and"]);
    CmovLogical = 173 "IL_OP_CMOV_LOGICAL" => alu("cmov_logical", 6525, 3, Bits);
    Eq = 174 "IL_OP_EQ" => alu("eq", 6784, 2, Float);
    ExpVec = 175 "IL_OP_EXP_VEC" => alu("exp_vec", 6823, 1, Float);
    Ge = 176 "IL_OP_GE" => alu("ge", 6915, 2, Float);
    LogVec = 177 "IL_OP_LOG_VEC" => alu("log_vec", 6997, 1, Float);
    Lt = 178 "IL_OP_LT" => alu("lt", 7036, 2, Float);
    // The Syntax row prints `nt` (L7142); accepted as a misprint (I-19).
    Ne = 179 "IL_OP_NE" => alu("ne", 7141, 2, Float).aliases(&["nt"]);
    RoundNear = 180 "IL_OP_ROUND_NEAR" => alu("round_nearest", 7304, 1, Float);
    RoundNegInf = 181 "IL_OP_ROUND_NEG_INF" => alu("round_neginf", 7317, 1, Float);
    RoundPlusInf = 182 "IL_OP_ROUND_PLUS_INF" => alu("round_plusinf", 7330, 1, Float).aliases(&["round_posinf"]);
    RoundZero = 183 "IL_OP_ROUND_ZERO" => alu("round_z", 7343, 1, Float);
    RsqVec = 184 "IL_OP_RSQ_VEC" => alu("rsq_vec", 7369, 1, Float);
    SinVec = 185 "IL_OP_SIN_VEC" => alu("sin_vec", 7434, 1, Float);
    CosVec = 186 "IL_OP_COS_VEC" => alu("cos_vec", 6581, 1, Float);
    SqrtVec = 187 "IL_OP_SQRT_VEC" => alu("sqrt_vec", 7460, 1, Float);
    Dp2 = 188 "IL_OP_DP2" => alu("dp2", 6646, 2, Float).fields(&[IEEE]);
    InvMov = 189 "IL_OP_INV_MOV" => alu("invariant_move", 6928, 1, Float);
    Scatter = 190 "IL_OP_SCATTER" => sink("scatter", 5376, 1, Float).fields(&[
        Field::enumerated("mode", 0, 1, NameTable(&[&["pixel"], &["quad"]])).syntax(FieldSyntax::Bare),
    ]);
    DFrexp = 191 "IL_OP_D_FREXP" => alu("dfrexp", 7642, 1, Double);
    DAdd = 192 "IL_OP_D_ADD" => alu("dadd", 7571, 2, Double).aliases(&["d_add"]);
    DMul = 193 "IL_OP_D_MUL" => alu("dmul", 7773, 2, Double);
    D2F = 194 "IL_OP_D_2_F" => alu("d2f", 6313, 1, Double);
    F2D = 195 "IL_OP_F_2_D" => alu("f2d", 6326, 1, Float);
    DLdexp = 196 "IL_OP_D_LDEXP" => alu("dldexp", 7687, 2, Double);
    DFrac = 197 "IL_OP_D_FRAC" => alu("dfrac", 7626, 1, Double);
    DMuladd = 198 "IL_OP_D_MULADD" => alu("dmad", 7802, 3, Double);
    Fetch4 = 199 "IL_OP_FETCH4" => gather("fetch4", 4827, 1).sm40();
    Sampleinfo = 200 "IL_OP_SAMPLEINFO" => alu("sampleinfo", 5344, 0, Float).layout(Layout::Sample).sm40()
        .fields(&[RESOURCE, RETURN_UINT, RESOURCETYPE]);
    Getlod = 201 "IL_OP_GETLOD" => sampling("getlod", 0, 1).sm40();
    DclPersist = 202 "IL_DCL_PERSIST" => op("dcl_persistent", 4273).srcs(1);
    Dne = 203 "IL_OP_DNE" => alu("dne", 7815, 2, Double);
    Deq = 204 "IL_OP_DEQ" => alu("deq", 7613, 2, Double);
    Dge = 205 "IL_OP_DGE" => alu("dge", 7657, 2, Double);
    Dlt = 206 "IL_OP_DLT" => alu("dlt", 7698, 2, Double);
    Samplepos = 207 "IL_OP_SAMPLEPOS" => alu("samplepos", 5360, 1, Float).layout(Layout::Sample).sm40()
        .fields(&[RESOURCE, RETURN_UINT, RESOURCETYPE]);
    DDiv = 208 "IL_OP_D_DIV" => alu("ddiv", 7600, 2, Double);
    DclSharedTemp = 209 "IL_OP_DCL_SHARED_TEMP" => op("dcl_shared_temp", 4304).srcs(1).sm40();
    InitSr = 210 "IL_OP_INIT_SR" => op("init_shared_registers", 4587).sm40();
    InitSrHelper = 211 "IL_OP_INIT_SR_HELPER" => op("init_sr_helper", 0).sm40();
    DclNumThreadPerGroup = 212 "IL_OP_DCL_NUM_THREAD_PER_GROUP" => op("dcl_num_thread_per_group", 4209)
        .words(Words::CountInControl { max: 3 }).sm40();
    DclTotalNumThreadGroup = 213 "IL_OP_DCL_TOTAL_NUM_THREAD_GROUP" => op("dcl_total_num_thread_group", 4330)
        .words(Words::PaddedTo3).sm40();
    DclLdsSizePerThread = 214 "IL_OP_DCL_LDS_SIZE_PER_THREAD" => op("dcl_lds_size_per_thread", 4073).sm40()
        .fields(&[Field::uint("size", 0, 14).syntax(FieldSyntax::Operand)]);
    DclLdsSharingMode = 215 "IL_OP_DCL_LDS_SHARING_MODE" => op("dcl_lds_sharing_mode", 4059).sm40().fields(&[
        Field::enumerated("mode", 0, 1, tables::LDS_SHARING).syntax(FieldSyntax::Operand),
    ]);
    LdsReadVec = 216 "IL_OP_LDS_READ_VEC" => alu("lds_read_vec", 4917, 1, Int).sm40().fields(&[
        Field::flag("neighborExch", 2),
        Field::enumerated("sharingMode", 0, 2, NameTable(&[&["rel"], &["abs"]])),
    ]);
    // Chapter 5's GENERIC_MEM example writes it `write_lds mem.x_z_, r0.xyzw` (L1608, I-19).
    LdsWriteVec = 217 "IL_OP_LDS_WRITE_VEC" => alu("lds_write_vec", 4933, 1, Bits).sm40()
        .aliases(&["write_lds"]).fields(&[
        Field::uint("lOffset", 2, 6),
        Field::enumerated("sharingMode", 0, 2, NameTable(&[&["rel"], &["abs"]])),
    ]);
    Fence = 218 "IL_OP_FENCE" => op("fence", 4750).fields(&FENCE).sm40();
    LdsLoadVec = 219 "IL_OP_LDS_LOAD_VEC" => alu("lds_load_vec", 8323, 2, Int).fields(&[UAV_ID]).sm40();
    LdsStoreVec = 220 "IL_OP_LDS_STORE_VEC" => alu("lds_store_vec", 8596, 3, Int).fields(&[UAV_ID]).sm40();
    DclUav = 221 "IL_OP_DCL_UAV" => op("dcl_uav", 8184).sm40().fields(&[
        Field::uint("id", 0, 4).always(),
        Field::enumerated("type", 8, 6, PixTexUsage::NAMES).always(),
        Field::enumerated("fmtx", 4, 4, ElementFormat::NAMES).always(),
    ]);
    DclRawUav = 222 "IL_OP_DCL_RAW_UAV" => dcl_id("dcl_raw_uav", 8087);
    DclStructUav = 223 "IL_OP_DCL_STRUCT_UAV" => dcl_id("dcl_struct_uav", 8155).words(Words::Unsigned(1));
    UavLoad = 224 "IL_OP_UAV_LOAD" => alu("uav_load", 8770, 1, Int).fields(&[UAV_ID]).sm40();
    UavRawLoad = 225 "IL_OP_UAV_RAW_LOAD" => alu("uav_raw_load", 8826, 1, Int).fields(&[ID10, CACHED]).sm40();
    UavStructLoad = 226 "IL_OP_UAV_STRUCT_LOAD" => alu("uav_struct_load", 9100, 1, Int).fields(&[UAV_ID]).sm40();
    UavStore = 227 "IL_OP_UAV_STORE" => sink("uav_store", 9086, 2, Int).fields(&[UAV_ID]).sm40();
    UavRawStore = 228 "IL_OP_UAV_RAW_STORE" => alu("uav_raw_store", 8841, 2, Int).fields(&[UAV_ID]).sm40();
    UavStructStore = 229 "IL_OP_UAV_STRUCT_STORE" => alu("uav_struct_store", 9114, 2, Int).fields(&[UAV_ID]).sm40();
    DclArenaUav = 230 "IL_OP_DCL_arena_UAV" => op("dcl_arena_uav", 8047).fields(&[ID10]).sm40();
    UavArenaLoad = 231 "IL_OP_UAV_arena_LOAD" => alu("uav_arena_load", 8724, 1, Int)
        .fields(&[ID10, DATA_SIZE, ARENA_CACHED]).sm40();
    UavArenaStore = 232 "IL_OP_UAV_arena_STORE" => sink("uav_arena_store", 8740, 2, Int)
        .fields(&[ID10, DATA_SIZE]).sm40();
    UavAdd = 233 "IL_OP_UAV_ADD" => uav_atomic("uav_add", 8696, 2).sm40();
    UavSub = 234 "IL_OP_UAV_SUB" => uav_atomic("uav_sub", 9128, 2).sm40();
    UavRsub = 235 "IL_OP_UAV_RSUB" => uav_atomic("uav_rsub", 9072, 2).sm40();
    UavMin = 236 "IL_OP_UAV_MIN" => uav_atomic("uav_min", 8798, 2).sm40();
    UavMax = 237 "IL_OP_UAV_MAX" => uav_atomic("uav_max", 8784, 2).sm40();
    UavUmin = 238 "IL_OP_UAV_UMIN" => uav_atomic("uav_umin", 9182, 2).sm40();
    UavUmax = 239 "IL_OP_UAV_UMAX" => uav_atomic("uav_umax", 9168, 2).sm40();
    UavAnd = 240 "IL_OP_UAV_AND" => uav_atomic("uav_and", 8710, 2).sm40();
    UavOr = 241 "IL_OP_UAV_OR" => uav_atomic("uav_or", 8812, 2).sm40();
    UavXor = 242 "IL_OP_UAV_XOR" => uav_atomic("uav_xor", 9196, 2).sm40();
    UavCmp = 243 "IL_OP_UAV_CMP" => uav_atomic("uav_cmp", 8756, 3).sm40();
    UavReadAdd = 244 "IL_OP_UAV_READ_ADD" => uav_read("uav_read_add", 8855, 2).sm40();
    UavReadSub = 245 "IL_OP_UAV_READ_SUB" => uav_read("uav_read_sub", 8953, 2).sm40();
    UavReadRsub = 246 "IL_OP_UAV_READ_RSUB" => uav_read("uav_read_rsub", 8939, 2).sm40();
    UavReadMin = 247 "IL_OP_UAV_READ_MIN" => uav_read("uav_read_min", 8911, 2).sm40();
    UavReadMax = 248 "IL_OP_UAV_READ_MAX" => uav_read("uav_read_max", 8897, 2).sm40();
    UavReadUmin = 249 "IL_OP_UAV_READ_UMIN" => uav_read("uav_read_umin", 9030, 2).sm40();
    UavReadUmax = 250 "IL_OP_UAV_READ_UMAX" => uav_read("uav_read_umax", 9016, 2).sm40();
    UavReadAnd = 251 "IL_OP_UAV_READ_AND" => uav_read("uav_read_and", 8869, 2).sm40();
    UavReadOr = 252 "IL_OP_UAV_READ_OR" => uav_read("uav_read_or", 8925, 2).sm40();
    UavReadXor = 253 "IL_OP_UAV_READ_XOR" => uav_read("uav_read_xor", 9058, 2).sm40();
    UavReadXchg = 254 "IL_OP_UAV_READ_XCHG" => uav_read("uav_read_xchg", 9044, 2).sm40();
    UavReadCmpXchg = 255 "IL_OP_UAV_READ_CMP_XCHG" => uav_read("uav_read_cmp_xchg", 8883, 3).sm40();
    AppendBufAlloc = 256 "IL_OP_APPEND_BUF_ALLOC" => alu("append_buf_alloc", 8019, 0, Int).fields(&[UAV_ID]).sm40();
    AppendBufConsume = 257 "IL_OP_APPEND_BUF_CONSUME" => alu("append_buf_consume", 8033, 0, Int).fields(&[UAV_ID]).sm40();
    DclRawSrv = 258 "IL_OP_DCL_RAW_SRV" => dcl_id("dcl_raw_srv", 8073);
    DclStructSrv = 259 "IL_OP_DCL_STRUCT_SRV" => dcl_id("dcl_struct_srv", 8114).words(Words::Unsigned(1));
    SrvRawLoad = 260 "IL_OP_SRV_RAW_LOAD" => alu("srv_raw_load", 8666, 1, Int).sm40()
        .fields(&[Field::uint("id", 0, 8).always(), SRV_EXT]);
    SrvStructLoad = 261 "IL_OP_SRV_STRUCT_LOAD" => alu("srv_struct_load", 8681, 1, Int).sm40()
        .fields(&[Field::uint("id", 0, 8).always(), SRV_EXT]);
    DclLds = 262 "IL_DCL_LDS" => dcl_id("dcl_lds", 8059).words(Words::Unsigned(1));
    DclStructLds = 263 "IL_DCL_STRUCT_LDS" => dcl_id("dcl_struct_lds", 8100).words(Words::Unsigned(2));
    LdsLoad = 264 "IL_OP_LDS_LOAD" => lds_read("lds_load", 8263, 1).sm40();
    LdsStore = 265 "IL_OP_LDS_STORE" => lds_atomic("lds_store", 8560, 2).sm40();
    LdsAdd = 266 "IL_OP_LDS_ADD" => lds_atomic("lds_add", 8203, 2).sm40();
    LdsSub = 267 "IL_OP_LDS_SUB" => lds_atomic("lds_sub", 8618, 2).sm40();
    LdsRsub = 268 "IL_OP_LDS_RSUB" => lds_atomic("lds_rsub", 8548, 2).sm40();
    LdsMin = 269 "IL_OP_LDS_MIN" => lds_atomic("lds_min", 8356, 2).sm40();
    LdsMax = 270 "IL_OP_LDS_MAX" => lds_atomic("lds_max", 8343, 2).sm40();
    LdsUmin = 271 "IL_OP_LDS_UMIN" => lds_atomic("lds_umin", 8642, 2).sm40();
    LdsUmax = 272 "IL_OP_LDS_UMAX" => lds_atomic("lds_umax", 8630, 2).sm40();
    LdsAnd = 273 "IL_OP_LDS_AND" => lds_atomic("lds_and", 8215, 2).sm40();
    LdsOr = 274 "IL_OP_LDS_OR" => lds_atomic("lds_or", 8381, 2).sm40();
    LdsXor = 275 "IL_OP_LDS_XOR" => lds_atomic("lds_xor", 8654, 2).sm40();
    LdsCmp = 276 "IL_OP_LDS_CMP" => lds_atomic("lds_cmp", 8227, 3).sm40();
    LdsReadAdd = 277 "IL_OP_LDS_READ_ADD" => lds_read("lds_read_add", 8393, 2).sm40();
    LdsReadSub = 278 "IL_OP_LDS_READ_SUB" => lds_read("lds_read_sub", 8477, 2).sm40();
    LdsReadRsub = 279 "IL_OP_LDS_READ_RSUB" => lds_read("lds_read_rsub", 8465, 2).sm40();
    LdsReadMin = 280 "IL_OP_LDS_READ_MIN" => lds_read("lds_read_min", 8441, 2).sm40();
    LdsReadMax = 281 "IL_OP_LDS_READ_MAX" => lds_read("lds_read_max", 8429, 2).sm40();
    LdsReadUmin = 282 "IL_OP_LDS_READ_UMIN" => lds_read("lds_read_umin", 8501, 2).sm40();
    LdsReadUmax = 283 "IL_OP_LDS_READ_UMAX" => lds_read("lds_read_umax", 8489, 2).sm40();
    LdsReadAnd = 284 "IL_OP_LDS_READ_AND" => lds_read("lds_read_and", 8405, 2).sm40();
    LdsReadOr = 285 "IL_OP_LDS_READ_OR" => lds_read("lds_read_or", 8453, 2).sm40();
    LdsReadXor = 286 "IL_OP_LDS_READ_XOR" => lds_read("lds_read_xor", 8536, 2).sm40();
    LdsReadXchg = 287 "IL_OP_LDS_READ_XCHG" => lds_read("lds_read_xchg", 8513, 2).sm40();
    LdsReadCmpXchg = 288 "IL_OP_LDS_READ_CMP_XCHG" => lds_read("lds_read_cmp_xchg", 8417, 3).sm40();
    CutStream = 289 "IL_OP_CUT_STREAM" => op("cut_stream", 4646).fields(&[STREAM]).sm40();
    EmitStream = 290 "IL_OP_EMIT_STREAM" => op("emit_stream", 4683).fields(&[STREAM]).sm40();
    EmitThenCutStream = 291 "IL_OP_EMIT_THEN_CUT_STREAM" => op("emitcut_stream", 4705)
        .aliases(&["emit_then_cut_stream", "emitthencut_stream"]).fields(&[STREAM]).sm40();
    SampleCL = 292 "IL_OP_SAMPLE_C_L" => sampling("sample_c_l", 5272, 3).sm40();
    SampleCG = 293 "IL_OP_SAMPLE_C_G" => sampling("sample_c_g", 5240, 4).sm40();
    SampleCB = 294 "IL_OP_SAMPLE_C_B" => sampling("sample_c_b", 5225, 3).sm40();
    ICountbits = 295 "IL_OP_I_COUNTBITS" => alu("icbits", 6250, 1, Int);
    IFirstbit = 296 "IL_OP_I_FIRSTBIT" => alu("ffb", 6261, 1, Int).fields(&[
        Field::enumerated("type", 0, 2, tables::FIRSTBIT).syntax(FieldSyntax::Bare).always(),
    ]);
    ICarry = 297 "IL_OP_I_CARRY" => alu("icarry", 5839, 2, Uint);
    IBorrow = 298 "IL_OP_I_BORROW" => alu("iborrow", 5828, 2, Uint);
    IBitExtract = 299 "IL_OP_I_BIT_EXTRACT" => alu("ibit_extract", 6237, 3, Int);
    UBitExtract = 300 "IL_OP_U_BIT_EXTRACT" => alu("ubit_extract", 6272, 3, Uint);
    UBitReverse = 301 "IL_OP_U_BIT_REVERSE" => alu("ubit_reverse", 6298, 1, Uint);
    DclNumIcp = 302 "IL_DCL_NUM_ICP" => op("dcl_num_icp", 4164).words(Words::Unsigned(1)).sm40();
    DclNumOcp = 303 "IL_DCL_NUM_OCP" => op("dcl_num_ocp", 4194).words(Words::Unsigned(1)).sm40();
    DclNumInstances = 304 "IL_DCL_NUM_INSTANCES" => op("dcl_num_instance", 4179).aliases(&["dcl_num_instances"])
        .words(Words::MirroredInControl).sm40();
    HsCpPhase = 305 "IL_OP_HS_CP_PHASE" => flow("hs_cp_phase", 3802, Flow::Phase).sm40();
    HsForkPhase = 306 "IL_OP_HS_FORK_PHASE" => flow("hs_fork_phase", 3813, Flow::Phase).sm40()
        .fields(&[Field::uint("instances", 0, 14).syntax(FieldSyntax::Operand)]);
    HsJoinPhase = 307 "IL_OP_HS_JOIN_PHASE" => flow("hs_join_phase", 3826, Flow::Phase).sm40()
        .fields(&[Field::uint("instances", 0, 14).syntax(FieldSyntax::Operand)]);
    Endphase = 308 "IL_OP_ENDPHASE" => flow("endphase", 3765, Flow::EndPhase).sm40();
    DclTsDomain = 309 "IL_DCL_TS_DOMAIN" => op("dcl_ts_domain", 4345).sm40().fields(&[
        Field::enumerated("domain", 0, 2, tables::TS_DOMAIN).syntax(FieldSyntax::Operand),
    ]);
    DclTsPartition = 310 "IL_DCL_TS_PARTITION" => op("dcl_ts_partition", 4367).sm40().fields(&[
        Field::enumerated("partition", 0, 2, tables::TS_PARTITION).syntax(FieldSyntax::Operand),
    ]);
    DclTsOutputPrimitive = 311 "IL_DCL_TS_OUTPUT_PRIMITIVE" => op("dcl_ts_output_primitive", 4356).sm40().fields(&[
        Field::enumerated("primitive", 0, 2, tables::TS_OUTPUT).syntax(FieldSyntax::Operand),
    ]);
    DclMaxTessfactor = 312 "IL_DCL_MAX_TESSFACTOR" => op("dcl_max_tessfactor", 4137).words(Words::Float).sm40();
    DclFunctionBody = 313 "IL_OP_DCL_FUNCTION_BODY" => op("dcl_function_body", 9740).words(Words::Unsigned(1)).sm40();
    DclFunctionTable = 314 "IL_OP_DCL_FUNCTION_TABLE" => dcl_id("dcl_function_table", 9751).words(Words::FunctionTable);
    DclInterfacePtr = 315 "IL_OP_DCL_INTERFACE_PTR" => op("dcl_interface_ptr", 9785).sm40()
        .words(Words::InterfacePtr)
        .fields(&[Field::uint("id", 0, 13).always(), Field::uint("dynamic", 13, 1).always()]);
    Fcall = 316 "IL_OP_FCALL" => sink("fcall", 9830, 1, Uint).fields(&[UAV_ID]).words(Words::Unsigned(1)).sm40();
    UBitInsert = 317 "IL_OP_U_BIT_INSERT" => alu("ubit_insert", 6285, 4, Uint).sm40();
    Bufinfo = 318 "IL_OP_BUFINFO" => alu("bufinfo", 4622, 0, Int).layout(Layout::Sample).sm40()
        .aliases(&["buifinfo"]).fields(&[RESOURCE, IS_UAV, RESOURCETYPE]);
    Fetch4C = 319 "IL_OP_FETCH4_C" => gather("fetch4c", 4863, 2).sm40();
    Fetch4Po = 320 "IL_OP_FETCH4_PO" => gather("fetch4po", 4881, 2).sm40();
    Fetch4PoC = 321 "IL_OP_FETCH4_PO_C" => gather("fetch4poc", 4846, 3).sm40();
    DMax = 322 "IL_OP_D_MAX" => alu("dmax", 7731, 2, Double);
    DMin = 323 "IL_OP_D_MIN" => alu("dmin", 7742, 2, Double);
    F2F16 = 324 "IL_OP_F_2_F16" => alu("f2f16", 6343, 1, Float);
    F162F = 325 "IL_OP_F16_2_F" => alu("f162f", 6354, 1, Uint);
    Unpack0 = 326 "IL_OP_UNPACK0" => alu("unpack0", 7942, 1, Logical);
    Unpack1 = 327 "IL_OP_UNPACK1" => alu("unpack1", 7953, 1, Logical);
    Unpack2 = 328 "IL_OP_UNPACK2" => alu("unpack2", 7964, 1, Logical);
    Unpack3 = 329 "IL_OP_UNPACK3" => alu("unpack3", 7975, 1, Logical);
    BitAlign = 330 "IL_OP_BIT_ALIGN" => alu("bitalign", 7863, 3, Logical);
    ByteAlign = 331 "IL_OP_BYTE_ALIGN" => alu("bytealign", 7876, 3, Logical);
    U4lerp = 332 "IL_OP_U4LERP" => alu("u4lerp", 7931, 3, Logical);
    Sad = 333 "IL_OP_SAD" => alu("sad", 7898, 3, Logical);
    SadHi = 334 "IL_OP_SAD_HI" => alu("sadhi", 7909, 3, Logical);
    Sad4 = 335 "IL_OP_SAD_4" => alu("sad4", 7920, 3, Logical);
    F2U4 = 336 "IL_OP_F_2_U4" => alu("f_2_u4", 7887, 1, Logical).aliases(&["f2u4"]);
    EvalSnapped = 337 "IL_OP_EVAL_SNAPPED" => alu("eval_snapped", 4738, 2, Float).sm40();
    EvalSampleIndex = 338 "IL_OP_EVAL_SAMPLE_INDEX" => alu("eval_sample_index", 4727, 2, Float).sm40();
    EvalCentroid = 339 "IL_OP_EVAL_CENTROID" => alu("eval_centroid", 4716, 1, Float).sm40();
    DMov = 340 "IL_OP_D_MOV" => alu("dmov", 7753, 1, Double);
    DMovc = 341 "IL_OP_D_MOVC" => alu("dmovc", 7764, 3, Double).aliases(&["dmove"]);
    DSqrt = 342 "IL_OP_D_SQRT" => alu("dsqrt", 7850, 1, Double);
    DRcp = 343 "IL_OP_D_RCP" => alu("drcp", 7828, 1, Double).fields(&[ZEROOP]);
    DRsq = 344 "IL_OP_D_RSQ" => alu("drsq", 7839, 1, Double).fields(&[ZEROOP]);
    Macrodef = 345 "IL_OP_MACRODEF" => op("mdef", 9923);
    Macroend = 346 "IL_OP_MACROEND" => op("mend", 9941);
    Macrocall = 347 "IL_OP_MACROCALL" => op("mcall", 9954).layout(Layout::MacroCall);
    DclStream = 348 "IL_DCL_STREAM" => op("dcl_stream", 4317).fields(&[STREAM]).sm40();
    DclGlobalFlags = 349 "IL_DCL_GLOBAL_FLAGS" => op("dcl_global_flags", 3991).fields(&GLOBAL_FLAGS).sm40();
    RcpVec = 350 "IL_OP_RCP_VEC" => alu("rcp_vec", 0, 1, Float);
    LoadFptr = 351 "IL_OP_LOAD_FPTR" => alu("load_fptr", 4995, 1, Int).layout(Layout::Sample).sm40()
        .fields(&[RESOURCE, SAMPLER_UNUSED, RESOURCETYPE, AOFFIMMI]);
    DclMaxThreadPerGroup = 352 "IL_DCL_MAX_THREAD_PER_GROUP" => op("dcl_max_thread_per_group", 4150)
        .words(Words::Unsigned(1)).sm40();
    Prefix = 353 "IL_OP_PREFIX" => op("prefix", 3408);
    DclGds = 354 "IL_DCL_GDS" => dcl_id("dcl_gds", 9212).words(Words::Unsigned(1));
    DclStructGds = 355 "IL_DCL_STRUCT_GDS" => dcl_id("dcl_struct_gds", 9227).words(Words::Unsigned(2));
    GdsLoad = 356 "IL_OP_GDS_LOAD" => gds("gds_load", 9329, true, 1).sm40();
    GdsStore = 357 "IL_OP_GDS_STORE" => gds("gds_store", 9666, false, 2).sm40();
    GdsAdd = 358 "IL_OP_GDS_ADD" => gds("gds_add", 9264, false, 2).sm40();
    GdsSub = 359 "IL_OP_GDS_SUB" => gds("gds_sub", 9680, false, 2).sm40();
    GdsRsub = 360 "IL_OP_GDS_RSUB" => gds("gds_rsub", 9653, false, 2).sm40();
    GdsInc = 361 "IL_OP_GDS_INC" => gds("gds_inc", 9316, false, 2).sm40();
    GdsDec = 362 "IL_OP_GDS_DEC" => gds("gds_dec", 9303, false, 2).sm40();
    GdsMin = 363 "IL_OP_GDS_MIN" => gds("gds_min", 9413, false, 2).sm40();
    GdsMax = 364 "IL_OP_GDS_MAX" => gds("gds_max", 9365, false, 2).sm40();
    GdsUmin = 365 "IL_OP_GDS_UMIN" => gds("gds_umin", 9712, false, 2).sm40();
    GdsUmax = 366 "IL_OP_GDS_UMAX" => gds("gds_umax", 9699, false, 2).sm40();
    GdsAnd = 367 "IL_OP_GDS_AND" => gds("gds_and", 9277, false, 2).sm40();
    GdsOr = 368 "IL_OP_GDS_OR" => gds("gds_or", 9439, false, 2).sm40();
    GdsXor = 369 "IL_OP_GDS_XOR" => gds("gds_xor", 9725, false, 2).sm40();
    GdsMskor = 370 "IL_OP_GDS_MSKOR" => gds("gds_mskor", 9426, false, 3).sm40();
    GdsCmpStore = 371 "IL_OP_GDS_CMP_STORE" => gds("gds_cmp_store", 9290, false, 3).sm40();
    GdsReadAdd = 372 "IL_OP_GDS_READ_ADD" => gds("gds_read_add", 9452, true, 2).sm40();
    GdsReadSub = 373 "IL_OP_GDS_READ_SUB" => gds("gds_read_sub", 9582, true, 2).sm40();
    GdsReadRsub = 374 "IL_OP_GDS_READ_RSUB" => gds("gds_read_rsub", 9569, true, 2).sm40();
    GdsReadInc = 375 "IL_OP_GDS_READ_INC" => gds("gds_read_inc", 9504, true, 2).sm40();
    GdsReadDec = 376 "IL_OP_GDS_READ_DEC" => gds("gds_read_dec", 9491, true, 2).sm40();
    GdsReadMin = 377 "IL_OP_GDS_READ_MIN" => gds("gds_read_min", 9530, true, 2).sm40();
    GdsReadMax = 378 "IL_OP_GDS_READ_MAX" => gds("gds_read_max", 9517, true, 2).sm40();
    GdsReadUmin = 379 "IL_OP_GDS_READ_UMIN" => gds("gds_read_umin", 9608, true, 2).sm40();
    GdsReadUmax = 380 "IL_OP_GDS_READ_UMAX" => gds("gds_read_umax", 9595, true, 2).sm40();
    GdsReadAnd = 381 "IL_OP_GDS_READ_AND" => gds("gds_read_and", 9465, true, 2).sm40();
    GdsReadOr = 382 "IL_OP_GDS_READ_OR" => gds("gds_read_or", 9556, true, 2).sm40();
    GdsReadXor = 383 "IL_OP_GDS_READ_XOR" => gds("gds_read_xor", 9640, true, 2).sm40();
    GdsReadMskor = 384 "IL_OP_GDS_READ_MSKOR" => gds("gds_read_mskor", 9543, true, 3).sm40();
    GdsReadXchg = 385 "IL_OP_GDS_READ_XCHG" => gds("gds_read_xchg", 0, true, 2).sm40();
    GdsReadCmpXchg = 386 "IL_OP_GDS_READ_CMP_XCHG" => gds("gds_read_cmp_xchg", 9478, true, 3).sm40();
    UMad24 = 387 "IL_OP_U_MAD24" => alu("umad24", 6106, 3, Uint);
    UMul24 = 388 "IL_OP_U_MUL24" => alu("umul24", 6189, 2, Uint);
    Fma = 389 "IL_OP_FMA" => alu("fma", 6876, 3, Float);
    UavUinc = 390 "IL_OP_UAV_UINC" => uav_atomic("uav_uinc", 9155, 2).sm40();
    UavUdec = 391 "IL_OP_UAV_UDEC" => uav_atomic("uav_udec", 9142, 2).sm40();
    IMad24 = 392 "IL_OP_I_MAD24" => alu("imad24", 5883, 3, Int);
    IMul24 = 393 "IL_OP_I_MUL24" => alu("imul24", 5937, 2, Int);
    UavReadUinc = 394 "IL_OP_UAV_READ_UINC" => uav_read("uav_read_uinc", 8978, 2).sm40();
    UavReadUdec = 395 "IL_OP_UAV_READ_UDEC" => uav_read("uav_read_udec", 8967, 2).sm40();
    LdsLoadByte = 396 "IL_OP_LDS_LOAD_BYTE" => lds_read("lds_load_byte", 8275, 1).sm40();
    LdsLoadShort = 397 "IL_OP_LDS_LOAD_SHORT" => lds_read("lds_load_short", 8287, 1).sm40();
    LdsLoadUbyte = 398 "IL_OP_LDS_LOAD_UBYTE" => lds_read("lds_load_ubyte", 8299, 1).sm40();
    LdsLoadUshort = 399 "IL_OP_LDS_LOAD_USHORT" => lds_read("lds_load_ushort", 8311, 1).sm40();
    LdsStoreByte = 400 "IL_OP_LDS_STORE_BYTE" => lds_atomic("lds_store_byte", 8572, 2).sm40();
    LdsStoreShort = 401 "IL_OP_LDS_STORE_SHORT" => lds_atomic("lds_store_short", 8584, 2).sm40();
    UavByteLoad = 402 "IL_OP_UAV_BYTE_LOAD" => alu("uav_byte_load", 0, 1, Int).fields(&[UAV_ID]).sm40();
    UavShortLoad = 403 "IL_OP_UAV_SHORT_LOAD" => alu("uav_short_load", 0, 1, Int).fields(&[UAV_ID]).sm40();
    UavUbyteLoad = 404 "IL_OP_UAV_UBYTE_LOAD" => alu("uav_ubyte_load", 0, 1, Int).fields(&[UAV_ID]).sm40();
    UavUshortLoad = 405 "IL_OP_UAV_USHORT_LOAD" => alu("uav_ushort_load", 0, 1, Int).fields(&[UAV_ID]).sm40();
    UavByteStore = 406 "IL_OP_UAV_BYTE_STORE" => sink("uav_byte_store", 0, 2, Int).fields(&[UAV_ID]).sm40();
    UavShortStore = 407 "IL_OP_UAV_SHORT_STORE" => sink("uav_short_store", 0, 2, Int).fields(&[UAV_ID]).sm40();
    I64Add = 408 "IL_OP_I64_ADD" => alu("i64add", 5728, 2, Int);
    I64Eq = 409 "IL_OP_I64_EQ" => alu("i64eq", 5741, 2, Int);
    I64Ge = 410 "IL_OP_I64_GE" => alu("i64ge", 5741, 2, Int);
    I64Lt = 411 "IL_OP_I64_LT" => alu("i64lt", 5741, 2, Int);
    I64Max = 412 "IL_OP_I64_MAX" => alu("i64max", 5760, 2, Int);
    I64Min = 413 "IL_OP_I64_MIN" => alu("i64min", 5760, 2, Int);
    I64Ne = 414 "IL_OP_I64_NE" => alu("i64ne", 5741, 2, Int);
    I64Negate = 415 "IL_OP_I64_NEGATE" => alu("i64negate", 5775, 1, Int);
    I64Shl = 416 "IL_OP_I64_SHL" => alu("i64shl", 5786, 2, Int);
    I64Shr = 417 "IL_OP_I64_SHR" => alu("i64shr", 5786, 2, Int);
    U64Ge = 418 "IL_OP_U64_GE" => alu("u64ge", 6052, 2, Uint);
    U64Lt = 419 "IL_OP_U64_LT" => alu("u64lt", 6052, 2, Uint);
    U64Max = 420 "IL_OP_U64_MAX" => alu("u64max", 6024, 2, Uint);
    U64Min = 421 "IL_OP_U64_MIN" => alu("u64min", 6024, 2, Uint);
    U64Shr = 422 "IL_OP_U64_SHR" => alu("u64shr", 6067, 2, Uint);
    DclTypedUav = 423 "IL_OP_DCL_TYPED_UAV" => op("dcl_typed_uav", 0).words(Words::Fields(1)).sm40().fields(&[
        UAV_ID,
        Field::enumerated("type", 4, 4, PixTexUsage::NAMES).at(FieldLoc::Word(0)).always(),
        Field::enumerated("fmtx", 0, 4, ElementFormat::NAMES).at(FieldLoc::Word(0)).always(),
    ]);
    DclTypelessUav = 424 "IL_OP_DCL_TYPELESS_UAV" => op("dcl_typeless_uav", 0).words(Words::Fields(3)).sm40().fields(&[
        UAV_ID,
        Field::uint("stride", 0, 32).at(FieldLoc::Word(0)).always(),
        Field::uint("length", 0, 32).at(FieldLoc::Word(1)).always(),
        Field::enumerated("access", 0, 2, tables::UAV_ACCESS).at(FieldLoc::Word(2)).always(),
    ]);
    IMul24High = 425 "IL_OP_I_MUL24_HIGH" => alu("imul24_high", 5950, 2, Int);
    UMul24High = 426 "IL_OP_U_MUL24_HIGH" => alu("umul24_high", 6211, 2, Uint);
    LdsInc = 427 "IL_OP_LDS_INC" => lds_atomic("lds_inc", 8251, 2).sm40();
    LdsDec = 428 "IL_OP_LDS_DEC" => lds_atomic("lds_dec", 8239, 2).sm40();
    LdsReadInc = 429 "IL_OP_LDS_READ_INC" => lds_read("lds_read_inc", 0, 2).sm40();
    LdsReadDec = 430 "IL_OP_LDS_READ_DEC" => lds_read("lds_read_dec", 0, 2).sm40();
    LdsMskor = 431 "IL_OP_LDS_MSKOR" => lds_atomic("lds_mskor", 8369, 3).sm40();
    LdsReadMskor = 432 "IL_OP_LDS_READ_MSKOR" => lds_read("lds_read_mskor", 0, 3).sm40();
    F2F16Near = 433 "IL_OP_F_2_F16_NEAR" => alu("f2f16_near", 0, 1, Float);
    F2F16NegInf = 434 "IL_OP_F_2_F16_NEG_INF" => alu("f2f16_neg_inf", 0, 1, Float);
    F2F16PlusInf = 435 "IL_OP_F_2_F16_PLUS_INF" => alu("f2f16_plus_inf", 0, 1, Float);
    I64Mul = 436 "IL_OP_I64_MUL" => alu("i64mul", 0, 2, Int);
    U64Mul = 437 "IL_OP_U64_MUL" => alu("u64mul", 0, 2, Uint);
    Ldexp = 438 "IL_OP_LDEXP" => alu("ldexp", 0, 2, Float);
    FrexpExp = 439 "IL_OP_FREXP_EXP" => alu("frexp_exp", 0, 1, Float);
    FrexpMant = 440 "IL_OP_FREXP_MANT" => alu("frexp_mant", 0, 1, Float);
    DFrexpExp = 441 "IL_OP_D_FREXP_EXP" => alu("dfrexp_exp", 0, 1, Double);
    DFrexpMant = 442 "IL_OP_D_FREXP_MANT" => alu("dfrexp_mant", 0, 1, Double);
    Dtoi = 443 "IL_OP_DTOI" => alu("dtoi", 0, 1, Double);
    Dtou = 444 "IL_OP_DTOU" => alu("dtou", 0, 1, Double);
    Itod = 445 "IL_OP_ITOD" => alu("itod", 0, 1, Int);
    Utod = 446 "IL_OP_UTOD" => alu("utod", 0, 1, Uint);
    FtoiRpi = 447 "IL_OP_FTOI_RPI" => alu("ftoi_rpi", 0, 1, Float);
    FtoiFlr = 448 "IL_OP_FTOI_FLR" => alu("ftoi_flr", 0, 1, Float);
    Min3 = 449 "IL_OP_MIN3" => alu("min3", 0, 3, Float);
    Med3 = 450 "IL_OP_MED3" => alu("med3", 0, 3, Float);
    Max3 = 451 "IL_OP_MAX3" => alu("max3", 0, 3, Float);
    IMin3 = 452 "IL_OP_I_MIN3" => alu("imin3", 0, 3, Int);
    IMed3 = 453 "IL_OP_I_MED3" => alu("imed3", 0, 3, Int);
    IMax3 = 454 "IL_OP_I_MAX3" => alu("imax3", 0, 3, Int);
    UMin3 = 455 "IL_OP_U_MIN3" => alu("umin3", 0, 3, Uint);
    UMed3 = 456 "IL_OP_U_MED3" => alu("umed3", 0, 3, Uint);
    UMax3 = 457 "IL_OP_U_MAX3" => alu("umax3", 0, 3, Uint);
    Class = 458 "IL_OP_CLASS" => alu("class", 0, 2, Float);
    DClass = 459 "IL_OP_D_CLASS" => alu("dclass", 0, 2, Double);
    SampleReturnCode = 460 "IL_OP_SAMPLE_RETURN_CODE" => alu("sample_return_code", 0, 1, Int);
    CuId = 461 "IL_OP_CU_ID" => alu("cu_id", 0, 0, Int);
    WaveId = 462 "IL_OP_WAVE_ID" => alu("wave_id", 0, 0, Int);
    I64Sub = 463 "IL_OP_I64_SUB" => alu("i64sub", 0, 2, Int);
    I64Div = 464 "IL_OP_I64_DIV" => alu("i64div", 0, 2, Int);
    U64Div = 465 "IL_OP_U64_DIV" => alu("u64div", 0, 2, Uint);
    I64Mod = 466 "IL_OP_I64_MOD" => alu("i64mod", 0, 2, Int);
    U64Mod = 467 "IL_OP_U64_MOD" => alu("u64mod", 0, 2, Uint);
    DclGwsThreadCount = 468 "IL_DCL_GWS_THREAD_COUNT" => op("dcl_gws_thread_count", 0).words(Words::Unsigned(1)).sm40();
    DclSemaphore = 469 "IL_DCL_SEMAPHORE" => dcl_id("dcl_semaphore", 0);
    SemaphoreInit = 470 "IL_OP_SEMAPHORE_INIT" => sink("semaphore_init", 0, 1, Uint).fields(&[UAV_ID]).sm40();
    SemaphoreSignal = 471 "IL_OP_SEMAPHORE_SIGNAL" => op("semaphore_signal", 0).fields(&[UAV_ID]).sm40();
    SemaphoreWait = 472 "IL_OP_SEMAPHORE_WAIT" => op("semaphore_wait", 0).fields(&[UAV_ID]).sm40();
    DivScale = 473 "IL_OP_DIV_SCALE" => alu("div_scale", 0, 3, Float);
    DivFmas = 474 "IL_OP_DIV_FMAS" => alu("div_fmas", 0, 3, Float);
    DivFixup = 475 "IL_OP_DIV_FIXUP" => alu("div_fixup", 0, 3, Float);
    DDivScale = 476 "IL_OP_D_DIV_SCALE" => alu("ddiv_scale", 0, 3, Double);
    DDivFmas = 477 "IL_OP_D_DIV_FMAS" => alu("ddiv_fmas", 0, 3, Double);
    DDivFixup = 478 "IL_OP_D_DIV_FIXUP" => alu("ddiv_fixup", 0, 3, Double);
    DTrigPreop = 479 "IL_OP_D_TRIG_PREOP" => alu("dtrig_preop", 0, 2, Double);
    MsadU8 = 480 "IL_OP_MSAD_U8" => alu("msad_u8", 0, 3, Logical);
    QsadU8 = 481 "IL_OP_QSAD_U8" => alu("qsad_u8", 0, 3, Logical);
    MqsadU8 = 482 "IL_OP_MQSAD_U8" => alu("mqsad_u8", 0, 3, Logical);
}
