//! The side effects of the IL instructions the IR keeps whole ([`crate::ir::IlOp`]).

use il_frontend::opcode::Opcode;
use il_semantics::memory::{atomic_of, is_load, is_memory, is_texture};

use crate::ir::Effect;

/// The effect of an IL instruction kept whole: loads and sampling read, stores, atomics
/// and append counters write, fences, barriers and pixel discards order everything.
/// Anything else is taken to write, which no pass may move or delete.
pub fn effect(op: Opcode) -> Effect {
    use Opcode as O;
    if is_load(op) || is_texture(op) {
        Effect::Read
    } else if atomic_of(op).is_some() || is_memory(op) {
        Effect::Write
    } else if matches!(
        op,
        O::Fence | O::Kill | O::DiscardLogicalz | O::DiscardLogicalnz
    ) {
        Effect::Barrier
    } else {
        Effect::Write
    }
}
