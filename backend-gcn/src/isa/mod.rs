//! The Vega (gfx906) instruction set, described once as data and used four ways.
//!
//! * [`opcodes`]: the table — every opcode of the Ch13 opcode tables with its format,
//!   number and operand [`Shape`] (vega L24081-32379, checked against LLVM 14).
//! * [`Inst`]: the decoded, typed instruction the compiler emits and the device model runs.
//! * [`encode()`] / [`decode()`]: bytes, little-endian (vega L24086-24090); the decoder never
//!   panics and refuses what it cannot represent exactly, naming the byte offset.
//! * `Display for Inst` / [`parse_asm`]: LLVM AMDGPU syntax, as `llvm-mc -arch=amdgcn
//!   -mcpu=gfx906` prints and accepts it.
//!
//! Invariants the tests hold: `decode(encode(i)) == i` for valid instructions,
//! `encode(decode(b)) == b` for every byte string the decoder accepts, and agreement with
//! llvm-mc on bytes and on text (`tests/llvm_mc.rs`).
//!
//! Also covered: SDWA and DPP (the extension dword of VOP1/VOP2/VOPC, vega
//! L29173-29654; DPP on VOPC is refused as LLVM does, digest D5).
//!
//! Not covered yet: the VOP3 forms of the interpolation instructions (0x270-0x277, decoded
//! as an error), SMEM SOE/NV and FLAT LDS/NV bits (digest D9, D11: refused by the decoder),
//! labels in branch operands (branch offsets are numbers, in dwords, printed unsigned as
//! LLVM's disassembler does).
//!
//! Known places where LLVM's text is lossy, and ours therefore too: `v_nop_e64` and
//! `v_clrexcp_e64` print without the suffix; MIMG VADDR width is not encoded (the decoder
//! gives the smallest address, like LLVM); an inline float on a 16-bit integer operand
//! prints as its f16 pattern, which reads back as a literal in the 32-bit encoding;
//! ds_swizzle BITMASK_PERM text does not determine the and/or/xor masks uniquely.

pub mod asm;
pub mod decode;
pub mod disasm;
pub mod encode;
pub mod inst;
pub mod opcodes;
pub mod operand;

pub use asm::{parse_asm, AsmError};
pub use decode::{decode, decode_one, DecodeError};
pub use encode::{encode, EncodeError};
pub use inst::*;
pub use opcodes::{by_name, lookup, Format, OpInfo, Opcode, Shape, Ty, ValuKind, ValuShape, TABLE};
pub use operand::{InlineFloat, Operand, Special};

/// Assemble LLVM-syntax text (one instruction per line) to machine code.
pub fn assemble(text: &str) -> Result<Vec<u8>, AsmError> {
    let insts = parse_asm(text)?;
    // parse_asm already encodes every instruction once, so this cannot fail in practice.
    encode(&insts).map_err(|e| AsmError {
        line: 0,
        col: 0,
        msg: e.to_string(),
    })
}

/// Disassemble machine code to LLVM-syntax text, one instruction per line.
pub fn disassemble(bytes: &[u8]) -> Result<String, DecodeError> {
    let mut out = String::new();
    for (_, inst) in decode(bytes)? {
        out.push_str(&inst.to_string());
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assemble_disassemble_round_trip() {
        let text = "s_load_dwordx2 s[0:1], s[4:5], 0x0\n\
                    v_add_u32_e32 v1, s0, v0\n\
                    global_store_dword v[2:3], v1, off\n\
                    s_cbranch_execz 2\n\
                    s_endpgm\n";
        let bytes = assemble(text).unwrap();
        assert_eq!(disassemble(&bytes).unwrap(), text);
        let insts = decode(&bytes).unwrap();
        let (at, Inst::Sopp(b)) = &insts[3] else {
            panic!("not a branch")
        };
        assert_eq!(b.branch_target(*at as u64), *at as u64 + 12);
    }
}
