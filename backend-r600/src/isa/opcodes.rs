//! The Cayman opcode tables: every opcode namespace of the ISA, described once.
//!
//! Each table is one macro invocation that generates the typed enum (what the compiler and
//! the device model match on) *and* the data row (code, printed name, operand count, slot
//! rule) that the encoder, decoder, disassembler, assembler and legality checker read. Adding
//! an opcode is one line here; nothing else lists opcodes.
//!
//! Numbers come from the Ch9 microcode tables of the Cayman ISA (cayman L7995-8046 CF,
//! L8086-8095 CF_ALU, L8344-8375 export/memory, L8507-8699 OP2, L8804-8832 OP3, L9177-9234
//! LDS_OP, L8231-8285 RAT_INST, L9305-9310 VTX, L9536-9572 TEX), with the corrections of the
//! Cayman digest §8 and its LLVM errata (D1-D11): JUMP = 10, SIN = 0x8D, MUL_64 = 202,
//! FLT64_TO_FLT32 = 205, FLT32_TO_FLT64 = 206, ALU CF 13/14 = REACTIVATE_BEFORE /
//! VALID_PIXEL_MODE (no ALU_BREAK/ALU_CONTINUE on Cayman).

/// Generates a `Copy` enum plus a parallel `[Info; N]` table and the lookups between them.
macro_rules! table {
    (
        $(#[$meta:meta])*
        enum $Enum:ident : $Info:ident, $TABLE:ident, $by_code:ident, $code_ty:ty, $lut:literal {
            $( $(#[$vmeta:meta])* $Var:ident = $code:literal, $name:literal $(, $extra:expr)* ; )*
        }
        row $fields:tt
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $Enum { $( $(#[$vmeta])* $Var ),* }

        table!(@info $Info, $Enum, $code_ty, $fields);

        /// The table, in enum order.
        pub static $TABLE: [$Info; [$($code),*].len()] = [
            $( table!(@row $Info, $Enum::$Var, $code, $name, $fields, ($($extra),*)) ),*
        ];

        impl $Enum {
            /// This opcode's table row.
            pub fn info(self) -> &'static $Info {
                // The table is generated in enum order, so the discriminant is the index.
                &$TABLE[self as usize]
            }
            /// The printed mnemonic.
            pub fn name(self) -> &'static str {
                self.info().name
            }
            /// The value of the opcode field.
            pub fn code(self) -> $code_ty {
                self.info().code
            }
            /// Every opcode of this namespace, in table order.
            pub fn all() -> impl Iterator<Item = $Enum> {
                $TABLE.iter().map(|i| i.op)
            }
            /// Looks a mnemonic up (case-insensitive).
            pub fn from_name(name: &str) -> Option<$Enum> {
                $TABLE.iter().find(|i| i.name.eq_ignore_ascii_case(name)).map(|i| i.op)
            }
        }

        /// Looks an opcode-field value up; `None` for reserved values.
        pub fn $by_code(code: $code_ty) -> Option<$Enum> {
            const LUT: [Option<$Enum>; $lut] = {
                let mut lut = [None; $lut];
                let mut i = 0;
                while i < $TABLE.len() {
                    lut[$TABLE[i].code as usize] = Some($TABLE[i].op);
                    i += 1;
                }
                lut
            };
            LUT.get(code as usize).copied().flatten()
        }
    };
    (@row $Info:ident, $op:expr, $code:expr, $name:expr, ($($field:ident : $fty:ty),*), ($($extra:expr),*)) => {
        $Info { op: $op, code: $code, name: $name, $($field: $extra),* }
    };
    (@info $Info:ident, $Enum:ident, $code_ty:ty, ($($field:ident : $fty:ty),*)) => {
        /// One row of the table: the encoding and what the tools need to know about it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $Info {
            /// The enum value this row describes.
            pub op: $Enum,
            /// The value of the opcode field.
            pub code: $code_ty,
            /// The printed mnemonic (the ISA name without its format prefix).
            pub name: &'static str,
            $( #[allow(missing_docs)] pub $field: $fty, )*
        }
    };
}

/// Which encoding of ALU_WORD1 an ALU opcode uses (cayman L8505, L8730, L8990).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AluEncoding {
    /// ALU_WORD1_OP2: two sources, opcode in \[17:7\] with \[17:15\] = 0 (cayman L8505-8728).
    Op2,
    /// ALU_WORD1_OP3: three sources, opcode in \[17:13\], never < 4 (cayman L8730-8860).
    Op3,
}

/// Where an ALU opcode may sit in a Cayman instruction group and what must sit beside it.
///
/// Cayman has four slots x, y, z, w, the slot being the destination channel (cayman L1400);
/// the former trans-slot operations run replicated over the vector slots (digest §3.2, Q1,
/// F11) and several operations span slot pairs or the whole group (digest §3.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SlotRule {
    /// Any slot.
    Any,
    /// Former trans-slot op: the same op with identical sources in at least three slots; one
    /// scalar result. \[EXT\] Mesa AF_S (x, y, z), LLVM `isVector` (digest §3.2; LLVM 14 also
    /// emits x, z, w).
    Trans,
    /// Integer multiplies issued like [`SlotRule::Trans`]: Mesa uses all four slots, LLVM 14
    /// three or four (digest §4.1, D6).
    Replicated4,
    /// A reduction over all four slots: the same op in x, y, z, w, sources differ
    /// (DOT4, CUBE, MAX4, INTERP_XY/ZW; cayman L1916-1918, L4478).
    Reduction4,
    /// A 64-bit op that needs all four slots (MUL_64, FREXP_64, FMA_64; cayman L5213, L4357).
    Quad64,
    /// A 64-bit op on a slot pair, (x, y) or (z, w), the same op in both (cayman L2030-2034).
    Pair64,
    /// Uses the result of the slot two to the right (y takes w, x takes z): x or y only
    /// (cayman L3331-3334, L5263-5267).
    PrevXY,
    /// Chains with the next-higher slot: not in w (cayman L3740, L3394, L5014, L6557).
    NotW,
    /// INTERP_X: slots x and y together (cayman L4462).
    PairXY,
    /// INTERP_Z: slots z and w together (cayman L4502).
    PairZW,
    /// Only in the w slot (STORE_FLAGS, LOAD_STORE_FLAGS; cayman L4817, L6956).
    WOnly,
    /// Only in the x slot (LDS_IDX_OP; cayman L7797).
    XOnly,
}

/// What an ALU opcode does to state shared by the group, for the once-per-group rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpKind {
    /// Plain computation.
    Normal,
    /// PRED_SET* (incl. the 64-bit ones): may update predicate and exec mask; at most one per
    /// group (cayman L1914, L1978).
    PredSet,
    /// KILL*: at most one per group, not beside a PRED_SET (cayman L1912, L1914).
    Kill,
    /// MOVA_INT: writes AR/CF_IDX/CLAUSE_GLOBAL; at most one per group and no AR-relative
    /// operand in its group (cayman L1930, L1964).
    Mova,
    /// LDS_IDX_OP: one per group (cayman L7797; \[EXT\] Mesa "once per group").
    Lds,
    /// GROUP_BARRIER (cayman L4377).
    Barrier,
    /// NOP: writes nothing (cayman L5569).
    Nop,
}

table! {
    /// An ALU opcode (OP2 and OP3 namespaces together; the encoding is in the table).
    enum AluOp : AluOpInfo, ALU_OPS, alu_op_by_code, u16, 512 {
        Add = 0, "ADD", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        Mul = 1, "MUL", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        MulIeee = 2, "MUL_IEEE", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        Max = 3, "MAX", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        Min = 4, "MIN", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        MaxDx10 = 5, "MAX_DX10", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        MinDx10 = 6, "MIN_DX10", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        Sete = 8, "SETE", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        Setgt = 9, "SETGT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        Setge = 10, "SETGE", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        Setne = 11, "SETNE", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        SeteDx10 = 12, "SETE_DX10", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        SetgtDx10 = 13, "SETGT_DX10", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        SetgeDx10 = 14, "SETGE_DX10", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        SetneDx10 = 15, "SETNE_DX10", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        Fract = 16, "FRACT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        Trunc = 17, "TRUNC", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        Ceil = 18, "CEIL", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        Rndne = 19, "RNDNE", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        Floor = 20, "FLOOR", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        AshrInt = 21, "ASHR_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        LshrInt = 22, "LSHR_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        LshlInt = 23, "LSHL_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        Mov = 25, "MOV", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        Nop = 26, "NOP", AluEncoding::Op2, 0, SlotRule::Any, OpKind::Nop;
        PredSetgtUint = 30, "PRED_SETGT_UINT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetgeUint = 31, "PRED_SETGE_UINT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSete = 32, "PRED_SETE", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetgt = 33, "PRED_SETGT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetge = 34, "PRED_SETGE", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetne = 35, "PRED_SETNE", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetInv = 36, "PRED_SET_INV", AluEncoding::Op2, 1, SlotRule::Any, OpKind::PredSet;
        PredSetPop = 37, "PRED_SET_POP", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetClr = 38, "PRED_SET_CLR", AluEncoding::Op2, 0, SlotRule::Any, OpKind::PredSet;
        PredSetRestore = 39, "PRED_SET_RESTORE", AluEncoding::Op2, 1, SlotRule::Any, OpKind::PredSet;
        PredSetePush = 40, "PRED_SETE_PUSH", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetgtPush = 41, "PRED_SETGT_PUSH", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetgePush = 42, "PRED_SETGE_PUSH", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetnePush = 43, "PRED_SETNE_PUSH", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        Kille = 44, "KILLE", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Kill;
        Killgt = 45, "KILLGT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Kill;
        Killge = 46, "KILLGE", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Kill;
        Killne = 47, "KILLNE", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Kill;
        AndInt = 48, "AND_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        OrInt = 49, "OR_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        XorInt = 50, "XOR_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        NotInt = 51, "NOT_INT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        AddInt = 52, "ADD_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        SubInt = 53, "SUB_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        MaxInt = 54, "MAX_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        MinInt = 55, "MIN_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        MaxUint = 56, "MAX_UINT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        MinUint = 57, "MIN_UINT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        SeteInt = 58, "SETE_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        SetgtInt = 59, "SETGT_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        SetgeInt = 60, "SETGE_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        SetneInt = 61, "SETNE_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        SetgtUint = 62, "SETGT_UINT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        SetgeUint = 63, "SETGE_UINT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        KillgtUint = 64, "KILLGT_UINT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Kill;
        KillgeUint = 65, "KILLGE_UINT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Kill;
        PredSeteInt = 66, "PRED_SETE_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetgtInt = 67, "PRED_SETGT_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetgeInt = 68, "PRED_SETGE_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetneInt = 69, "PRED_SETNE_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        KilleInt = 70, "KILLE_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Kill;
        KillgtInt = 71, "KILLGT_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Kill;
        KillgeInt = 72, "KILLGE_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Kill;
        KillneInt = 73, "KILLNE_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Kill;
        PredSetePushInt = 74, "PRED_SETE_PUSH_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetgtPushInt = 75, "PRED_SETGT_PUSH_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetgePushInt = 76, "PRED_SETGE_PUSH_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetnePushInt = 77, "PRED_SETNE_PUSH_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetltPushInt = 78, "PRED_SETLT_PUSH_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        PredSetlePushInt = 79, "PRED_SETLE_PUSH_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::PredSet;
        FltToInt = 80, "FLT_TO_INT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        BfrevInt = 81, "BFREV_INT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        AddcUint = 82, "ADDC_UINT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        SubbUint = 83, "SUBB_UINT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        GroupBarrier = 84, "GROUP_BARRIER", AluEncoding::Op2, 0, SlotRule::Any, OpKind::Barrier;
        /// Its SRC0_SEL / SRC1_SEL fields hold the single / double mode bits themselves
        /// (cayman L6606-L6612, docs/decisions.md "SET_MODE"): no operand is read.
        SetMode = 87, "SET_MODE", AluEncoding::Op2, 0, SlotRule::Any, OpKind::Normal;
        SetLdsSize = 90, "SET_LDS_SIZE", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        MulInt24 = 91, "MUL_INT24", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        /// Digest D6: LLVM issues it over all four slots; replicated until tested.
        MulhiInt24 = 92, "MULHI_INT24", AluEncoding::Op2, 2, SlotRule::Replicated4, OpKind::Normal;
        ExpIeee = 129, "EXP_IEEE", AluEncoding::Op2, 1, SlotRule::Trans, OpKind::Normal;
        LogClamped = 130, "LOG_CLAMPED", AluEncoding::Op2, 1, SlotRule::Trans, OpKind::Normal;
        LogIeee = 131, "LOG_IEEE", AluEncoding::Op2, 1, SlotRule::Trans, OpKind::Normal;
        RecipClamped = 132, "RECIP_CLAMPED", AluEncoding::Op2, 1, SlotRule::Trans, OpKind::Normal;
        RecipFf = 133, "RECIP_FF", AluEncoding::Op2, 1, SlotRule::Trans, OpKind::Normal;
        RecipIeee = 134, "RECIP_IEEE", AluEncoding::Op2, 1, SlotRule::Trans, OpKind::Normal;
        RecipsqrtClamped = 135, "RECIPSQRT_CLAMPED", AluEncoding::Op2, 1, SlotRule::Trans, OpKind::Normal;
        RecipsqrtFf = 136, "RECIPSQRT_FF", AluEncoding::Op2, 1, SlotRule::Trans, OpKind::Normal;
        RecipsqrtIeee = 137, "RECIPSQRT_IEEE", AluEncoding::Op2, 1, SlotRule::Trans, OpKind::Normal;
        SqrtIeee = 138, "SQRT_IEEE", AluEncoding::Op2, 1, SlotRule::Trans, OpKind::Normal;
        Sin = 141, "SIN", AluEncoding::Op2, 1, SlotRule::Trans, OpKind::Normal;
        Cos = 142, "COS", AluEncoding::Op2, 1, SlotRule::Trans, OpKind::Normal;
        MulloInt = 143, "MULLO_INT", AluEncoding::Op2, 2, SlotRule::Replicated4, OpKind::Normal;
        MulhiInt = 144, "MULHI_INT", AluEncoding::Op2, 2, SlotRule::Replicated4, OpKind::Normal;
        MulloUint = 145, "MULLO_UINT", AluEncoding::Op2, 2, SlotRule::Replicated4, OpKind::Normal;
        MulhiUint = 146, "MULHI_UINT", AluEncoding::Op2, 2, SlotRule::Replicated4, OpKind::Normal;
        Recip64 = 149, "RECIP_64", AluEncoding::Op2, 2, SlotRule::Trans, OpKind::Normal;
        RecipClamped64 = 150, "RECIP_CLAMPED_64", AluEncoding::Op2, 2, SlotRule::Trans, OpKind::Normal;
        Recipsqrt64 = 151, "RECIPSQRT_64", AluEncoding::Op2, 2, SlotRule::Trans, OpKind::Normal;
        RecipsqrtClamped64 = 152, "RECIPSQRT_CLAMPED_64", AluEncoding::Op2, 2, SlotRule::Trans, OpKind::Normal;
        Sqrt64 = 153, "SQRT_64", AluEncoding::Op2, 2, SlotRule::Trans, OpKind::Normal;
        FltToUint = 154, "FLT_TO_UINT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        IntToFlt = 155, "INT_TO_FLT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        UintToFlt = 156, "UINT_TO_FLT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        BfmInt = 160, "BFM_INT", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        Flt32ToFlt16 = 162, "FLT32_TO_FLT16", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        Flt16ToFlt32 = 163, "FLT16_TO_FLT32", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        Ubyte0Flt = 164, "UBYTE0_FLT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        Ubyte1Flt = 165, "UBYTE1_FLT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        Ubyte2Flt = 166, "UBYTE2_FLT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        Ubyte3Flt = 167, "UBYTE3_FLT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        BcntInt = 170, "BCNT_INT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        FfbhUint = 171, "FFBH_UINT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        FfblInt = 172, "FFBL_INT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        FfbhInt = 173, "FFBH_INT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        FltToUint4 = 174, "FLT_TO_UINT4", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        DotIeee = 175, "DOT_IEEE", AluEncoding::Op2, 2, SlotRule::NotW, OpKind::Normal;
        FltToIntRpi = 176, "FLT_TO_INT_RPI", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        FltToIntFloor = 177, "FLT_TO_INT_FLOOR", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        /// Digest D6: LLVM issues it over all four slots; replicated until tested.
        MulhiUint24 = 178, "MULHI_UINT24", AluEncoding::Op2, 2, SlotRule::Replicated4, OpKind::Normal;
        Mbcnt32hiInt = 179, "MBCNT_32HI_INT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        OffsetToFlt = 180, "OFFSET_TO_FLT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        MulUint24 = 181, "MUL_UINT24", AluEncoding::Op2, 2, SlotRule::Any, OpKind::Normal;
        BcntAccumPrevInt = 182, "BCNT_ACCUM_PREV_INT", AluEncoding::Op2, 1, SlotRule::NotW, OpKind::Normal;
        Mbcnt32loAccumPrevInt = 183, "MBCNT_32LO_ACCUM_PREV_INT", AluEncoding::Op2, 1, SlotRule::NotW, OpKind::Normal;
        Sete64 = 184, "SETE_64", AluEncoding::Op2, 2, SlotRule::Pair64, OpKind::Normal;
        Setne64 = 185, "SETNE_64", AluEncoding::Op2, 2, SlotRule::Pair64, OpKind::Normal;
        Setgt64 = 186, "SETGT_64", AluEncoding::Op2, 2, SlotRule::Pair64, OpKind::Normal;
        Setge64 = 187, "SETGE_64", AluEncoding::Op2, 2, SlotRule::Pair64, OpKind::Normal;
        Min64 = 188, "MIN_64", AluEncoding::Op2, 2, SlotRule::Pair64, OpKind::Normal;
        Max64 = 189, "MAX_64", AluEncoding::Op2, 2, SlotRule::Pair64, OpKind::Normal;
        Dot4 = 190, "DOT4", AluEncoding::Op2, 2, SlotRule::Reduction4, OpKind::Normal;
        Dot4Ieee = 191, "DOT4_IEEE", AluEncoding::Op2, 2, SlotRule::Reduction4, OpKind::Normal;
        Cube = 192, "CUBE", AluEncoding::Op2, 2, SlotRule::Reduction4, OpKind::Normal;
        Max4 = 193, "MAX4", AluEncoding::Op2, 1, SlotRule::Reduction4, OpKind::Normal;
        Frexp64 = 196, "FREXP_64", AluEncoding::Op2, 1, SlotRule::Quad64, OpKind::Normal;
        Ldexp64 = 197, "LDEXP_64", AluEncoding::Op2, 2, SlotRule::Pair64, OpKind::Normal;
        Fract64 = 198, "FRACT_64", AluEncoding::Op2, 1, SlotRule::Pair64, OpKind::Normal;
        PredSetgt64 = 199, "PRED_SETGT_64", AluEncoding::Op2, 2, SlotRule::Pair64, OpKind::PredSet;
        PredSete64 = 200, "PRED_SETE_64", AluEncoding::Op2, 2, SlotRule::Pair64, OpKind::PredSet;
        PredSetge64 = 201, "PRED_SETGE_64", AluEncoding::Op2, 2, SlotRule::Pair64, OpKind::PredSet;
        Mul64 = 202, "MUL_64", AluEncoding::Op2, 2, SlotRule::Quad64, OpKind::Normal;
        Add64 = 203, "ADD_64", AluEncoding::Op2, 2, SlotRule::Pair64, OpKind::Normal;
        MovaInt = 204, "MOVA_INT", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Mova;
        Flt64ToFlt32 = 205, "FLT64_TO_FLT32", AluEncoding::Op2, 1, SlotRule::Pair64, OpKind::Normal;
        Flt32ToFlt64 = 206, "FLT32_TO_FLT64", AluEncoding::Op2, 1, SlotRule::Pair64, OpKind::Normal;
        SadAccumPrevUint = 207, "SAD_ACCUM_PREV_UINT", AluEncoding::Op2, 2, SlotRule::NotW, OpKind::Normal;
        Dot = 208, "DOT", AluEncoding::Op2, 2, SlotRule::NotW, OpKind::Normal;
        MulPrev = 209, "MUL_PREV", AluEncoding::Op2, 2, SlotRule::PrevXY, OpKind::Normal;
        MulIeeePrev = 210, "MUL_IEEE_PREV", AluEncoding::Op2, 2, SlotRule::PrevXY, OpKind::Normal;
        AddPrev = 211, "ADD_PREV", AluEncoding::Op2, 1, SlotRule::PrevXY, OpKind::Normal;
        MuladdPrev = 212, "MULADD_PREV", AluEncoding::Op2, 2, SlotRule::PrevXY, OpKind::Normal;
        MuladdIeeePrev = 213, "MULADD_IEEE_PREV", AluEncoding::Op2, 2, SlotRule::PrevXY, OpKind::Normal;
        InterpXy = 214, "INTERP_XY", AluEncoding::Op2, 2, SlotRule::Reduction4, OpKind::Normal;
        InterpZw = 215, "INTERP_ZW", AluEncoding::Op2, 2, SlotRule::Reduction4, OpKind::Normal;
        InterpX = 216, "INTERP_X", AluEncoding::Op2, 2, SlotRule::PairXY, OpKind::Normal;
        InterpZ = 217, "INTERP_Z", AluEncoding::Op2, 2, SlotRule::PairZW, OpKind::Normal;
        StoreFlags = 218, "STORE_FLAGS", AluEncoding::Op2, 0, SlotRule::WOnly, OpKind::Normal;
        LoadStoreFlags = 219, "LOAD_STORE_FLAGS", AluEncoding::Op2, 1, SlotRule::WOnly, OpKind::Normal;
        InterpLoadP0 = 224, "INTERP_LOAD_P0", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        InterpLoadP10 = 225, "INTERP_LOAD_P10", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        InterpLoadP20 = 226, "INTERP_LOAD_P20", AluEncoding::Op2, 1, SlotRule::Any, OpKind::Normal;
        // OP3 (ALU_WORD1_OP3.ALU_INST[17:13]); the code is stored +256 to keep one code space.
        BfeUint = 260, "BFE_UINT", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        BfeInt = 261, "BFE_INT", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        BfiInt = 262, "BFI_INT", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        Fma = 263, "FMA", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        MuladdInt24 = 264, "MULADD_INT24", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        Cndne64 = 265, "CNDNE_64", AluEncoding::Op3, 3, SlotRule::Pair64, OpKind::Normal;
        Fma64 = 266, "FMA_64", AluEncoding::Op3, 3, SlotRule::Quad64, OpKind::Normal;
        LerpUint = 267, "LERP_UINT", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        BitAlignInt = 268, "BIT_ALIGN_INT", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        ByteAlignInt = 269, "BYTE_ALIGN_INT", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        SadAccumUint = 270, "SAD_ACCUM_UINT", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        SadAccumHiUint = 271, "SAD_ACCUM_HI_UINT", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        MuladdUint24 = 272, "MULADD_UINT24", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        /// ALU_WORD*_LDS_IDX_OP (cayman L8990): the LDS operation is in `AluInst::lds`.
        LdsIdxOp = 273, "LDS_IDX_OP", AluEncoding::Op3, 3, SlotRule::XOnly, OpKind::Lds;
        Muladd = 276, "MULADD", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        MuladdM2 = 277, "MULADD_M2", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        MuladdM4 = 278, "MULADD_M4", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        MuladdD2 = 279, "MULADD_D2", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        MuladdIeee = 280, "MULADD_IEEE", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        Cnde = 281, "CNDE", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        Cndgt = 282, "CNDGT", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        Cndge = 283, "CNDGE", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        CndeInt = 284, "CNDE_INT", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        CndgtInt = 285, "CNDGT_INT", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        CndgeInt = 286, "CNDGE_INT", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
        MulLit = 287, "MUL_LIT", AluEncoding::Op3, 3, SlotRule::Any, OpKind::Normal;
    }
    row(encoding: AluEncoding, nsrc: u8, slots: SlotRule, kind: OpKind)
}

impl AluOp {
    /// The value of the ALU_INST field in its own encoding (OP2: 0..=255, OP3: 4..=31).
    pub fn field_value(self) -> u16 {
        self.code() & 0xFF
    }
    /// OP2 or OP3 encoding.
    pub fn encoding(self) -> AluEncoding {
        self.info().encoding
    }
    /// Number of real source operands (the legality rules count only these, cayman L1719).
    pub fn nsrc(self) -> usize {
        usize::from(self.info().nsrc)
    }
    /// Looks an OP2 opcode (ALU_WORD1_OP2.ALU_INST) up.
    pub fn from_op2(code: u8) -> Option<AluOp> {
        alu_op_by_code(u16::from(code)).filter(|op| op.encoding() == AluEncoding::Op2)
    }
    /// Looks an OP3 opcode (ALU_WORD1_OP3.ALU_INST, 5 bits) up.
    pub fn from_op3(code: u8) -> Option<AluOp> {
        alu_op_by_code(256 + u16::from(code)).filter(|op| op.encoding() == AluEncoding::Op3)
    }
    /// True for the ops whose ALU_WORD1 may use the EXECUTE_MASK layout (UPDATE_EXEC_MASK = 1,
    /// cayman L8919-8961).
    pub fn may_update_exec_mask(self) -> bool {
        matches!(self.info().kind, OpKind::PredSet | OpKind::Kill)
    }
}

table! {
    /// A CF_WORD1-namespace control-flow instruction (CF_WORD1.CF_INST\[29:22\], cayman L7995-8046).
    enum CfOp : CfOpInfo, CF_OPS, cf_op_by_code, u8, 256 {
        Nop = 0, "NOP", CfArg::None;
        /// Start a fetch (texture/vertex/memory-read) clause (cayman L3172).
        Tc = 1, "TEX", CfArg::Clause;
        /// Start a GDS clause (cayman L2678).
        Gds = 3, "GDS", CfArg::Clause;
        LoopStart = 4, "LOOP_START", CfArg::Addr;
        LoopEnd = 5, "LOOP_END", CfArg::Addr;
        LoopStartDx10 = 6, "LOOP_START_DX10", CfArg::Addr;
        LoopStartNoAl = 7, "LOOP_START_NO_AL", CfArg::Addr;
        LoopContinue = 8, "LOOP_CONTINUE", CfArg::Addr;
        LoopBreak = 9, "LOOP_BREAK", CfArg::Addr;
        Jump = 10, "JUMP", CfArg::Addr;
        Push = 11, "PUSH", CfArg::Addr;
        Else = 13, "ELSE", CfArg::Addr;
        Pop = 14, "POP", CfArg::Addr;
        Call = 18, "CALL", CfArg::Addr;
        CallFs = 19, "CALL_FS", CfArg::Addr;
        Return = 20, "RETURN", CfArg::Addr;
        EmitVertex = 21, "EMIT_VERTEX", CfArg::None;
        EmitCutVertex = 22, "EMIT_CUT_VERTEX", CfArg::None;
        CutVertex = 23, "CUT_VERTEX", CfArg::None;
        Kill = 24, "KILL", CfArg::Addr;
        /// Wait until at most ADDR write/fetch acks are outstanding (cayman L3205).
        WaitAck = 26, "WAIT_ACK", CfArg::Addr;
        /// A fetch clause that acks when its data is in the GPRs (cayman L3189).
        TcAck = 27, "TEX_ACK", CfArg::Clause;
        Jumptable = 29, "JUMPTABLE", CfArg::Addr;
        /// Uses CF_GWS_WORD0 instead of CF_WORD0 (cayman L7945).
        GlobalWaveSync = 30, "GLOBAL_WAVE_SYNC", CfArg::Gws;
        Halt = 31, "HALT", CfArg::None;
        /// End of the CF program; Cayman has no END_OF_PROGRAM bit (cayman L297, L2627).
        End = 32, "END", CfArg::None;
        LdsDealloc = 33, "LDS_DEALLOC", CfArg::None;
        PushWqm = 34, "PUSH_WQM", CfArg::Addr;
        PopWqm = 35, "POP_WQM", CfArg::Addr;
        ElseWqm = 36, "ELSE_WQM", CfArg::Addr;
        JumpAny = 37, "JUMP_ANY", CfArg::Addr;
        Reactivate = 38, "REACTIVATE", CfArg::None;
        ReactivateWqm = 39, "REACTIVATE_WQM", CfArg::None;
        Interrupt = 40, "INTERRUPT", CfArg::None;
        InterruptAndSleep = 41, "INTERRUPT_AND_SLEEP", CfArg::None;
        SetPriority = 42, "SET_PRIORITY", CfArg::None;
    }
    row(arg: CfArg)
}

/// What the ADDR field of a CF_WORD0 instruction means, for printing and parsing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CfArg {
    /// ADDR is ignored (printed only when nonzero).
    None,
    /// ADDR is a jump target / count (printed `ADDR(n)`).
    Addr,
    /// ADDR and COUNT describe a clause (printed `ADDR(n) CNT(n)`).
    Clause,
    /// Word 0 is CF_GWS_WORD0.
    Gws,
}

table! {
    /// An ALU-clause CF instruction (CF_ALU_WORD1.CF_INST\[29:26\], cayman L8086-8095).
    /// ALU_EXTENDED (12) is not listed: it is the `ext` prefix of a [`crate::isa::CfAlu`].
    enum CfAluOp : CfAluOpInfo, CF_ALU_OPS, cf_alu_op_by_code, u8, 16 {
        Alu = 8, "ALU";
        AluPushBefore = 9, "ALU_PUSH_BEFORE";
        AluPopAfter = 10, "ALU_POP_AFTER";
        AluPop2After = 11, "ALU_POP2_AFTER";
        /// Cayman Ch9 (cayman L8093); Ch8's ALU_CONTINUE is an Evergreen leftover (digest Q2).
        AluReactivateBefore = 13, "ALU_REACTIVATE_BEFORE";
        /// Cayman Ch9 (cayman L8094); Ch8's ALU_BREAK is an Evergreen leftover (digest Q2).
        AluValidPixelMode = 14, "ALU_VALID_PIXEL_MODE";
        AluElseAfter = 15, "ALU_ELSE_AFTER";
    }
    row()
}

/// CF_ALU_WORD1.CF_INST value of the ALU_EXTENDED prefix (cayman L8092, L8172-8178).
pub const CF_ALU_EXTENDED: u8 = 12;

table! {
    /// A CF_ALLOC_EXPORT instruction (CF_ALLOC_EXPORT_WORD1.CF_INST, cayman L8344-8375, L8410).
    enum ExportOp : ExportOpInfo, EXPORT_OPS, export_op_by_code, u8, 256 {
        MemStream0Buf0 = 64, "MEM_STREAM0_BUF0", ExportWord0::Buf;
        MemStream0Buf1 = 65, "MEM_STREAM0_BUF1", ExportWord0::Buf;
        MemStream0Buf2 = 66, "MEM_STREAM0_BUF2", ExportWord0::Buf;
        MemStream0Buf3 = 67, "MEM_STREAM0_BUF3", ExportWord0::Buf;
        MemStream1Buf0 = 68, "MEM_STREAM1_BUF0", ExportWord0::Buf;
        MemStream1Buf1 = 69, "MEM_STREAM1_BUF1", ExportWord0::Buf;
        MemStream1Buf2 = 70, "MEM_STREAM1_BUF2", ExportWord0::Buf;
        MemStream1Buf3 = 71, "MEM_STREAM1_BUF3", ExportWord0::Buf;
        MemStream2Buf0 = 72, "MEM_STREAM2_BUF0", ExportWord0::Buf;
        MemStream2Buf1 = 73, "MEM_STREAM2_BUF1", ExportWord0::Buf;
        MemStream2Buf2 = 74, "MEM_STREAM2_BUF2", ExportWord0::Buf;
        MemStream2Buf3 = 75, "MEM_STREAM2_BUF3", ExportWord0::Buf;
        MemStream3Buf0 = 76, "MEM_STREAM3_BUF0", ExportWord0::Buf;
        MemStream3Buf1 = 77, "MEM_STREAM3_BUF1", ExportWord0::Buf;
        MemStream3Buf2 = 78, "MEM_STREAM3_BUF2", ExportWord0::Buf;
        MemStream3Buf3 = 79, "MEM_STREAM3_BUF3", ExportWord0::Buf;
        MemWrScratch = 80, "MEM_WR_SCRATCH", ExportWord0::Buf;
        MemRing = 82, "MEM_RING", ExportWord0::Buf;
        /// Pixel/position/parameter export, SWIZ word 1 (cayman L2644).
        Export = 83, "EXPORT", ExportWord0::Swiz;
        ExportDone = 84, "EXPORT_DONE", ExportWord0::Swiz;
        MemExport = 85, "MEM_EXPORT", ExportWord0::Buf;
        /// UAV access through the CB (all RAT_INST incl. atomics; cayman L2961).
        MemRat = 86, "MEM_RAT", ExportWord0::Rat;
        /// UAV access through the DB: stores and reads only (cayman L2981).
        MemRatCacheless = 87, "MEM_RAT_CACHELESS", ExportWord0::Rat;
        MemRing1 = 88, "MEM_RING1", ExportWord0::Buf;
        MemRing2 = 89, "MEM_RING2", ExportWord0::Buf;
        MemRing3 = 90, "MEM_RING3", ExportWord0::Buf;
        MemExportCombined = 91, "MEM_EXPORT_COMBINED", ExportWord0::Buf;
        MemRatCombinedCacheless = 92, "MEM_RAT_COMBINED_CACHELESS", ExportWord0::Rat;
    }
    row(word0: ExportWord0)
}

/// Which word-0 / word-1 layout a CF_ALLOC_EXPORT instruction uses (cayman L8188-8420).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExportWord0 {
    /// CF_ALLOC_EXPORT_WORD0 + WORD1_SWIZ (exports).
    Swiz,
    /// CF_ALLOC_EXPORT_WORD0 + WORD1_BUF (memory writes with ARRAY_BASE).
    Buf,
    /// CF_ALLOC_EXPORT_WORD0_RAT + WORD1_BUF (UAV).
    Rat,
}

table! {
    /// A RAT (UAV) operation: CF_ALLOC_EXPORT_WORD0_RAT.RAT_INST (cayman L8231-8285).
    enum RatInst : RatInstInfo, RAT_INSTS, rat_inst_by_code, u8, 64 {
        Nop = 0, "NOP";
        StoreTyped = 1, "STORE_TYPED";
        CmpxchgInt = 4, "CMPXCHG_INT";
        Add = 7, "ADD";
        Sub = 8, "SUB";
        Rsub = 9, "RSUB";
        MinInt = 10, "MIN_INT";
        MinUint = 11, "MIN_UINT";
        MaxInt = 12, "MAX_INT";
        MaxUint = 13, "MAX_UINT";
        And = 14, "AND";
        Or = 15, "OR";
        Xor = 16, "XOR";
        /// Reserved in the Cayman ISA (cayman L8250), but LLVM 14 emits it for byte stores on
        /// Cayman (digest D3). Decoded so LLVM's programs load; our compiler never emits it.
        Mskor = 17, "MSKOR";
        IncUint = 18, "INC_UINT";
        DecUint = 19, "DEC_UINT";
        StoreDword = 20, "STORE_DWORD";
        StoreShort = 21, "STORE_SHORT";
        StoreByte = 22, "STORE_BYTE";
        NopRtn = 32, "NOP_RTN";
        XchgRtn = 34, "XCHG_RTN";
        CmpxchgIntRtn = 36, "CMPXCHG_INT_RTN";
        AddRtn = 39, "ADD_RTN";
        SubRtn = 40, "SUB_RTN";
        RsubRtn = 41, "RSUB_RTN";
        MinIntRtn = 42, "MIN_INT_RTN";
        MinUintRtn = 43, "MIN_UINT_RTN";
        MaxIntRtn = 44, "MAX_INT_RTN";
        MaxUintRtn = 45, "MAX_UINT_RTN";
        AndRtn = 46, "AND_RTN";
        OrRtn = 47, "OR_RTN";
        XorRtn = 48, "XOR_RTN";
        IncUintRtn = 50, "INC_UINT_RTN";
        DecUintRtn = 51, "DEC_UINT_RTN";
    }
    row()
}

table! {
    /// An LDS operation: ALU_WORD1_LDS_IDX_OP.LDS_OP\[26:21\] (cayman L9177-9234).
    enum LdsOp : LdsOpInfo, LDS_OPS, lds_op_by_code, u8, 64 {
        Add = 0, "LDS_ADD", 2;
        Sub = 1, "LDS_SUB", 2;
        Rsub = 2, "LDS_RSUB", 2;
        Inc = 3, "LDS_INC", 2;
        Dec = 4, "LDS_DEC", 2;
        MinInt = 5, "LDS_MIN_INT", 2;
        MaxInt = 6, "LDS_MAX_INT", 2;
        MinUint = 7, "LDS_MIN_UINT", 2;
        MaxUint = 8, "LDS_MAX_UINT", 2;
        And = 9, "LDS_AND", 2;
        Or = 10, "LDS_OR", 2;
        Xor = 11, "LDS_XOR", 2;
        Mskor = 12, "LDS_MSKOR", 3;
        Write = 13, "LDS_WRITE", 2;
        WriteRel = 14, "LDS_WRITE_REL", 3;
        Write2 = 15, "LDS_WRITE2", 3;
        CmpStore = 16, "LDS_CMP_STORE", 3;
        CmpStoreSpf = 17, "LDS_CMP_STORE_SPF", 3;
        ByteWrite = 18, "LDS_BYTE_WRITE", 2;
        ShortWrite = 19, "LDS_SHORT_WRITE", 2;
        AddRet = 32, "LDS_ADD_RET", 2;
        SubRet = 33, "LDS_SUB_RET", 2;
        RsubRet = 34, "LDS_RSUB_RET", 2;
        IncRet = 35, "LDS_INC_RET", 2;
        DecRet = 36, "LDS_DEC_RET", 2;
        MinIntRet = 37, "LDS_MIN_INT_RET", 2;
        MaxIntRet = 38, "LDS_MAX_INT_RET", 2;
        MinUintRet = 39, "LDS_MIN_UINT_RET", 2;
        MaxUintRet = 40, "LDS_MAX_UINT_RET", 2;
        AndRet = 41, "LDS_AND_RET", 2;
        OrRet = 42, "LDS_OR_RET", 2;
        XorRet = 43, "LDS_XOR_RET", 2;
        MskorRet = 44, "LDS_MSKOR_RET", 3;
        XchgRet = 45, "LDS_XCHG_RET", 2;
        XchgRelRet = 46, "LDS_XCHG_REL_RET", 3;
        Xchg2Ret = 47, "LDS_XCHG2_RET", 3;
        CmpXchgRet = 48, "LDS_CMP_XCHG_RET", 3;
        CmpXchgSpfRet = 49, "LDS_CMP_XCHG_SPF_RET", 3;
        ReadRet = 50, "LDS_READ_RET", 1;
        ReadRelRet = 51, "LDS_READ_REL_RET", 1;
        Read2Ret = 52, "LDS_READ2_RET", 2;
        ReadwriteRet = 53, "LDS_READWRITE_RET", 3;
        ByteReadRet = 54, "LDS_BYTE_READ_RET", 1;
        UbyteReadRet = 55, "LDS_UBYTE_READ_RET", 1;
        ShortReadRet = 56, "LDS_SHORT_READ_RET", 1;
        UshortReadRet = 57, "LDS_USHORT_READ_RET", 1;
        AtomicOrderedAllocRet = 63, "LDS_ATOMIC_ORDERED_ALLOC_RET", 1;
    }
    row(nsrc: u8)
}

table! {
    /// A vertex-fetch instruction: VTX_WORD0.VC_INST\[4:0\] (cayman L9305-9310).
    enum VtxOp : VtxOpInfo, VTX_OPS, vtx_op_by_code, u8, 32 {
        Fetch = 0, "VFETCH";
        Semantic = 1, "VSEMANTIC";
        GetBufferResinfo = 14, "RESINFO_BUFFER";
    }
    row()
}

table! {
    /// A texture instruction: TEX_WORD0.TEX_INST\[4:0\] (cayman L9536-9572).
    enum TexOp : TexOpInfo, TEX_OPS, tex_op_by_code, u8, 32 {
        Ld = 3, "LD";
        GetTextureResinfo = 4, "GET_TEXTURE_RESINFO";
        GetNumberOfSamples = 5, "GET_NUMBER_OF_SAMPLES";
        GetCompTexLod = 6, "GET_COMP_TEX_LOD";
        GetGradientsH = 7, "GET_GRADIENTS_H";
        GetGradientsV = 8, "GET_GRADIENTS_V";
        SetTextureOffsets = 9, "SET_TEXTURE_OFFSETS";
        KeepGradients = 10, "KEEP_GRADIENTS";
        SetGradientsH = 11, "SET_GRADIENTS_H";
        SetGradientsV = 12, "SET_GRADIENTS_V";
        Sample = 16, "SAMPLE";
        SampleL = 17, "SAMPLE_L";
        SampleLb = 18, "SAMPLE_LB";
        SampleLz = 19, "SAMPLE_LZ";
        SampleG = 20, "SAMPLE_G";
        Gather4 = 21, "GATHER4";
        SampleGLb = 22, "SAMPLE_G_LB";
        Gather4O = 23, "GATHER4_O";
        SampleC = 24, "SAMPLE_C";
        SampleCL = 25, "SAMPLE_C_L";
        SampleCLb = 26, "SAMPLE_C_LB";
        SampleCLz = 27, "SAMPLE_C_LZ";
        SampleCG = 28, "SAMPLE_C_G";
        Gather4C = 29, "GATHER4_C";
        SampleCGLb = 30, "SAMPLE_C_G_LB";
        Gather4CO = 31, "GATHER4_C_O";
    }
    row()
}

/// MEM_RD_WORD0.MEM_INST / VTX_WORD0.VC_INST value that marks a memory-read fetch (cayman L9691).
pub const FETCH_INST_MEM: u8 = 2;

table! {
    /// A named special source select (SRC*_SEL 217..=252, cayman L8739-8785).
    enum SpecialSel : SpecialSelInfo, SPECIAL_SELS, special_sel_by_code, u16, 256 {
        LdsBaseAddr = 217, "LDS_BASE_ADDR";
        LdsSize = 218, "LDS_SIZE";
        LdsOqA = 219, "LDS_OQ_A";
        LdsOqB = 220, "LDS_OQ_B";
        LdsOqAPop = 221, "LDS_OQ_A_POP";
        LdsOqBPop = 222, "LDS_OQ_B_POP";
        LdsDirectA = 223, "LDS_DIRECT_A";
        LdsDirectB = 224, "LDS_DIRECT_B";
        ClauseGlobal = 225, "CLAUSE_GLOBAL";
        TimeHi = 227, "TIME_HI";
        TimeLo = 228, "TIME_LO";
        MaskHi = 229, "MASK_HI";
        MaskLo = 230, "MASK_LO";
        HwWaveId = 231, "HW_WAVE_ID";
        SimdId = 232, "SIMD_ID";
        SeId = 233, "SE_ID";
        HwThreadgrpId = 234, "HW_THREADGRP_ID";
        WaveIdInGrp = 235, "WAVE_ID_IN_GRP";
        NumThreadgrpWaves = 236, "NUM_THREADGRP_WAVES";
        HwAluOdd = 237, "HW_ALU_ODD";
        LoopIdx = 238, "LOOP_IDX";
        ParamBaseAddr = 240, "PARAM_BASE_ADDR";
        NewPrimMask = 241, "NEW_PRIM_MASK";
        PrimMaskHi = 242, "PRIM_MASK_HI";
        PrimMaskLo = 243, "PRIM_MASK_LO";
        /// 1.0 double, low dword (cayman L8779).
        OneDblL = 244, "1.0_DBL_L";
        OneDblM = 245, "1.0_DBL_M";
        HalfDblL = 246, "0.5_DBL_L";
        HalfDblM = 247, "0.5_DBL_M";
        /// The inline constants the listing format spells as numbers (asm-format L401).
        Zero = 248, "0.0f";
        One = 249, "1.0f";
        OneInt = 250, "1";
        MinusOneInt = 251, "-1";
        Half = 252, "0.5f";
    }
    row()
}

impl SpecialSel {
    /// The 32-bit value an inline constant supplies, `None` for the non-constant specials
    /// (cayman L8775-8783).
    pub fn constant_value(self) -> Option<u32> {
        Some(match self {
            SpecialSel::OneDblL | SpecialSel::HalfDblL => 0,
            SpecialSel::OneDblM => 0x3FF0_0000,
            SpecialSel::HalfDblM => 0x3FE0_0000,
            SpecialSel::Zero => 0,
            SpecialSel::One => 0x3F80_0000,
            SpecialSel::OneInt => 1,
            SpecialSel::MinusOneInt => 0xFFFF_FFFF,
            SpecialSel::Half => 0x3F00_0000,
            _ => return None,
        })
    }
    /// True for the LDS output-queue reads (cayman L8748-8751).
    pub fn is_lds_queue(self) -> bool {
        matches!(
            self,
            SpecialSel::LdsOqA | SpecialSel::LdsOqB | SpecialSel::LdsOqAPop | SpecialSel::LdsOqBPop
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_consistent() {
        for (i, row) in ALU_OPS.iter().enumerate() {
            assert_eq!(row.op as usize, i);
            match row.encoding {
                AluEncoding::Op2 => {
                    assert!(row.code < 256);
                    assert_eq!(AluOp::from_op2(row.code as u8), Some(row.op));
                }
                AluEncoding::Op3 => {
                    assert!((260..288).contains(&row.code));
                    assert_eq!(AluOp::from_op3((row.code - 256) as u8), Some(row.op));
                }
            }
            assert_eq!(AluOp::from_name(row.name), Some(row.op));
        }
        // The digest counts 166 OP2 + 26 OP3 opcodes (digest §4.1-4.2); MULADD_INT24 and
        // LDS_IDX_OP included.
        let op2 = ALU_OPS
            .iter()
            .filter(|r| r.encoding == AluEncoding::Op2)
            .count();
        let op3 = ALU_OPS
            .iter()
            .filter(|r| r.encoding == AluEncoding::Op3)
            .count();
        assert_eq!((op2, op3), (166, 26));
        assert_eq!(LDS_OPS.len(), 47);
        for row in CF_OPS.iter() {
            assert_eq!(cf_op_by_code(row.code), Some(row.op));
        }
        assert_eq!(cf_op_by_code(2), None);
        assert_eq!(AluOp::Sin.code(), 0x8D);
        assert_eq!(CfOp::Jump.code(), 10);
        assert_eq!(AluOp::from_op2(27), None);
    }
}
