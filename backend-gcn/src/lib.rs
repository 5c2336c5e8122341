//! The GCN backend of ilc for Vega (gfx906).
//!
//! It will hold `isa/` (instruction tables, encoder, decoder, disassembler in LLVM AMDGPU
//! syntax, assembler, code object) and the compiler passes (uniformity-guided instruction
//! selection, register allocation, exec-mask control flow, `s_waitcnt` insertion, hazards).
//! The device model in `runtime-sim` may depend on `isa` only.
//!
//! This crate is filled by issue #6. [`isa`] is the instruction set module.

pub mod isa;
