//! The R600-family backend of ilc: Cayman (HD 6900, VLIW4) first, Evergreen (VLIW5) later.
//!
//! It will hold `isa/` (the instruction tables, encoder, decoder, disassembler and assembler,
//! and the one VLIW legality module: read ports, bank swizzle, kcache, literal slots) and the
//! compiler passes (instruction selection, VLIW packing, register allocation, clause
//! formation, control flow). The device model in `runtime-sim` may depend on `isa` only.
//!
//! This crate is filled by issue #5.

pub mod isa;
