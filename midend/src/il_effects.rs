//! The side effects of the IL instructions the IR keeps whole ([`crate::ir::IlOp`]).

use il_frontend::opcode::Opcode;
use il_semantics::memory::{atomic_of, is_memory, is_texture};

use crate::ir::Effect;

/// Whether `op` only reads memory.
pub fn is_load(op: Opcode) -> bool {
    use Opcode as O;
    matches!(
        op,
        O::UavRawLoad
            | O::UavStructLoad
            | O::UavArenaLoad
            | O::UavLoad
            | O::UavByteLoad
            | O::UavUbyteLoad
            | O::UavShortLoad
            | O::UavUshortLoad
            | O::SrvRawLoad
            | O::SrvStructLoad
            | O::LdsLoad
            | O::LdsLoadByte
            | O::LdsLoadUbyte
            | O::LdsLoadShort
            | O::LdsLoadUshort
            | O::LdsLoadVec
            | O::LdsReadVec
            | O::GdsLoad
    )
}

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
