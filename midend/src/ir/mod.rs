//! The midend's intermediate representation: scalar SSA over a control-flow graph whose
//! shape is kept as a structured region tree.
//!
//! # Why it looks like this
//!
//! - **Scalar.** IL registers have four components, but both targets compute on scalars per
//!   lane (Cayman packs independent scalars into VLIW slots; GCN has no vector ALU), so the
//!   builder splits every instruction into one IR instruction per written component. A
//!   64-bit value (a double, a 64-bit integer) is one SSA value of a 64-bit type; the
//!   builder packs it from and splits it into the register pair it occupies in IL.
//! - **The IL's own operations.** An ALU instruction is an IL opcode computing one
//!   component ([`AluOp`]), so its meaning is exactly the reference's scalar semantics
//!   (`il-semantics`): constant folding calls those functions, and the IR can be printed
//!   back as IL and run on the reference interpreter (the route that validates the midend
//!   without trusting it, `crate::to_il`). The few operations IL spells as operand
//!   modifiers (`_neg`, `_abs`, `_sat`, `_x2`, ...) are IR operations of their own
//!   ([`Modifier`]); backends fold them back into their own modifier bits.
//! - **Memory and effects as IL instructions.** Loads, stores, atomics, sampling and the
//!   other effectful instructions keep their IL opcode and control bits ([`IlOp`]); their
//!   operands are the scalar components they read. Passes that understand a space (raw UAV,
//!   LDS) look inside; the others treat the instruction as an opaque effect.
//! - **Types** say how wide a value is and how its producer thinks of it: `I32`/`F32`
//!   (one 32-bit component; IL registers are untyped, so an operation accepts either as a
//!   32-bit operand and the verifier checks widths, not interpretations), `I64`/`F64`, and
//!   `Bool`, the per-lane truth of a branch or select condition. Comparisons produce IL's
//!   `0`/`0xFFFFFFFF` masks (`I32`); [`Op::Test`] turns a mask into a `Bool`, so GCN can keep
//!   conditions in lane masks and Cayman in predicates.
//! - **Block parameters** instead of phi instructions (as in Cranelift): a jump passes the
//!   values, a block receives them.
//! - **A region tree beside the CFG** (as Mesa's NIR keeps it): IL's control flow is
//!   structured, both targets need it structured (Cayman's CF stack, GCN's exec masks), and
//!   keeping the tree means it never has to be rediscovered. See [`region`] for the rules
//!   that tie the tree to the terminators; the verifier checks them after every pass.

mod function;
mod op;
pub mod print;
pub mod region;

use cranelift_entity::entity_impl;

pub use function::{BlockCall, BlockData, Function, InstData, Terminator, ValueData, ValueDef};
pub use op::{AluOp, DstKind, Effect, IlOp, Input, Modifier, Op, Test};
pub use region::{IfNode, LoopNode, Node, Region};

/// An SSA value: an instruction result or a block parameter.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(u32);
entity_impl!(Value, "v");

/// An instruction inside a block (terminators are not instructions).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Inst(u32);
entity_impl!(Inst, "inst");

/// A basic block.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Block(u32);
entity_impl!(Block, "block");

/// The type of an SSA value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    I32,
    F32,
    I64,
    F64,
    Bool,
}

/// How many bits a value occupies, which is what operands must agree on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Width {
    W32,
    W64,
    Bool,
}

impl Type {
    pub fn width(self) -> Width {
        match self {
            Type::I32 | Type::F32 => Width::W32,
            Type::I64 | Type::F64 => Width::W64,
            Type::Bool => Width::Bool,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Type::I32 => "i32",
            Type::F32 => "f32",
            Type::I64 => "i64",
            Type::F64 => "f64",
            Type::Bool => "bool",
        }
    }
}

impl std::fmt::Display for Type {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
