//! The Cayman (HD 6900, VLIW4) instruction set, described once and used everywhere.
//!
//! * [`opcodes`]: the opcode tables (ALU OP2/OP3, LDS_OP, CF, export/memory, RAT, TEX, VTX,
//!   special source selects), each one macro invocation generating the typed enum and its
//!   data row.
//! * [`layout`]: the bit layout of every microcode word (cayman Ch9 L7878).
//! * [`alu`], [`cf`], [`fetch`]: the typed instructions, holding every encoded field, so a
//!   decoded program can be executed (the device model) or built (the compiler) without
//!   strings.
//! * [`encode`] / [`decode`]: words ⇄ typed instructions; [`Program`] adds the byte layout of
//!   a whole program (CF program + clauses by address) and is total on arbitrary bytes.
//! * [`disasm`] / [`asm`]: the listing format of `r600-evergreen-asm-format.txt`, adapted to
//!   Cayman; `asm(disasm(bytes)) == bytes` for every program [`Program::decode`] accepts.
//! * [`legality`]: the one place the VLIW group rules live (slots, read ports, bank swizzle,
//!   kcache ports, literals, once-per-group ops, replicated transcendentals, AR).
//!
//! Where the ISA text and LLVM 14 disagree the choices are those of the Cayman digest's
//! errata (digest D1-D11); see the items' docs.

pub mod alu;
pub mod asm;
pub mod cf;
pub mod decode;
pub mod disasm;
pub mod encode;
pub mod fetch;
pub mod layout;
pub mod legality;
pub mod opcodes;
pub mod program;

pub use alu::{
    AluClause, AluDst, AluGroup, AluInst, AluSrc, BankSwizzle, Chan, ExecMaskOp, IndexMode,
    LdsFields, Omod, PredSel, SrcSel,
};
pub use asm::{assemble, parse_program, AsmError};
pub use cf::{
    CfAlu, CfAluExt, CfCond, CfExport, CfGws, CfInst, CfMem, CfWord, ExportType, Kcache,
    KcacheMode, MemTarget,
};
pub use disasm::disassemble;
pub use fetch::{FetchClause, FetchDst, FetchInst, MemRdInst, TexInst, VtxInst};
pub use legality::{assign_bank_swizzles, check_group, Illegal};
pub use opcodes::{AluOp, CfAluOp, CfOp, ExportOp, LdsOp, RatInst, SpecialSel, TexOp, VtxOp};
pub use program::Program;

/// An instruction or program that cannot be encoded, with what and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{msg}")]
pub struct EncodeError {
    /// The message, prefixed with the location when known.
    pub msg: String,
}

impl EncodeError {
    /// A new error.
    pub fn new(msg: impl Into<String>) -> EncodeError {
        EncodeError { msg: msg.into() }
    }
    /// The same error with a location prefix.
    pub fn at(self, place: impl std::fmt::Display) -> EncodeError {
        EncodeError {
            msg: format!("{place}: {}", self.msg),
        }
    }
}

/// Bytes that do not decode, with the byte offset of the offending word.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("byte {byte:#x}: {msg}")]
pub struct DecodeError {
    /// Byte offset in the program.
    pub byte: usize,
    /// What is wrong.
    pub msg: String,
}

impl DecodeError {
    /// A new error at `byte`.
    pub fn new(byte: usize, msg: impl Into<String>) -> DecodeError {
        DecodeError {
            byte,
            msg: msg.into(),
        }
    }
}
