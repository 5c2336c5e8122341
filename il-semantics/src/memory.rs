//! What memory an IL instruction touches and how the atomic instructions combine values:
//! facts the reference interpreter, the midend's memory passes and the backends share.

use il_frontend::opcode::Opcode;

/// A read-modify-write operation of the atomic instructions (7.16, 7.17).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Atomic {
    Add,
    Sub,
    /// `M = src - M`.
    Rsub,
    Min,
    Max,
    Umin,
    Umax,
    And,
    Or,
    Xor,
    /// `M = src`.
    Xchg,
    /// `if M == cmp { M = new }`.
    CmpXchg,
    /// `M = M >= src ? 0 : M + 1`.
    Inc,
    /// `M = M == 0 || M > src ? src : M - 1`.
    Dec,
    /// `M = (M & !src1) | src2`.
    Mskor,
}

impl Atomic {
    /// The new memory value from the old one and the instruction's data (`a` = src1.x,
    /// `b` = src2.x; for [`Atomic::CmpXchg`] `a` is the compare value and `b` the new one).
    pub fn apply(self, old: u32, a: u32, b: u32) -> u32 {
        match self {
            Atomic::Add => old.wrapping_add(a),
            Atomic::Sub => old.wrapping_sub(a),
            Atomic::Rsub => a.wrapping_sub(old),
            Atomic::Min => (old as i32).min(a as i32) as u32,
            Atomic::Max => (old as i32).max(a as i32) as u32,
            Atomic::Umin => old.min(a),
            Atomic::Umax => old.max(a),
            Atomic::And => old & a,
            Atomic::Or => old | a,
            Atomic::Xor => old ^ a,
            Atomic::Xchg => a,
            Atomic::CmpXchg => {
                if old == a {
                    b
                } else {
                    old
                }
            }
            Atomic::Inc => {
                if old >= a {
                    0
                } else {
                    old + 1
                }
            }
            Atomic::Dec => {
                if old == 0 || old > a {
                    a
                } else {
                    old - 1
                }
            }
            Atomic::Mskor => (old & !a) | b,
        }
    }
}

/// The memory space of an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    Uav,
    Lds,
    Gds,
}

/// The atomic instructions: space, operation, whether the old value is returned.
pub fn atomic_of(op: Opcode) -> Option<(Space, Atomic, bool)> {
    use Atomic as A;
    use Opcode as O;
    use Space::{Gds, Lds, Uav};
    Some(match op {
        O::UavAdd => (Uav, A::Add, false),
        O::UavSub => (Uav, A::Sub, false),
        O::UavRsub => (Uav, A::Rsub, false),
        O::UavMin => (Uav, A::Min, false),
        O::UavMax => (Uav, A::Max, false),
        O::UavUmin => (Uav, A::Umin, false),
        O::UavUmax => (Uav, A::Umax, false),
        O::UavAnd => (Uav, A::And, false),
        O::UavOr => (Uav, A::Or, false),
        O::UavXor => (Uav, A::Xor, false),
        O::UavCmp => (Uav, A::CmpXchg, false),
        O::UavUinc => (Uav, A::Inc, false),
        O::UavUdec => (Uav, A::Dec, false),
        O::UavReadAdd => (Uav, A::Add, true),
        O::UavReadSub => (Uav, A::Sub, true),
        O::UavReadRsub => (Uav, A::Rsub, true),
        O::UavReadMin => (Uav, A::Min, true),
        O::UavReadMax => (Uav, A::Max, true),
        O::UavReadUmin => (Uav, A::Umin, true),
        O::UavReadUmax => (Uav, A::Umax, true),
        O::UavReadAnd => (Uav, A::And, true),
        O::UavReadOr => (Uav, A::Or, true),
        O::UavReadXor => (Uav, A::Xor, true),
        O::UavReadXchg => (Uav, A::Xchg, true),
        O::UavReadCmpXchg => (Uav, A::CmpXchg, true),
        O::UavReadUinc => (Uav, A::Inc, true),
        O::UavReadUdec => (Uav, A::Dec, true),
        O::LdsAdd => (Lds, A::Add, false),
        O::LdsSub => (Lds, A::Sub, false),
        O::LdsRsub => (Lds, A::Rsub, false),
        O::LdsMin => (Lds, A::Min, false),
        O::LdsMax => (Lds, A::Max, false),
        O::LdsUmin => (Lds, A::Umin, false),
        O::LdsUmax => (Lds, A::Umax, false),
        O::LdsAnd => (Lds, A::And, false),
        O::LdsOr => (Lds, A::Or, false),
        O::LdsXor => (Lds, A::Xor, false),
        O::LdsCmp => (Lds, A::CmpXchg, false),
        O::LdsInc => (Lds, A::Inc, false),
        O::LdsDec => (Lds, A::Dec, false),
        O::LdsMskor => (Lds, A::Mskor, false),
        O::LdsStore => (Lds, A::Xchg, false),
        O::LdsReadAdd => (Lds, A::Add, true),
        O::LdsReadSub => (Lds, A::Sub, true),
        O::LdsReadRsub => (Lds, A::Rsub, true),
        O::LdsReadMin => (Lds, A::Min, true),
        O::LdsReadMax => (Lds, A::Max, true),
        O::LdsReadUmin => (Lds, A::Umin, true),
        O::LdsReadUmax => (Lds, A::Umax, true),
        O::LdsReadAnd => (Lds, A::And, true),
        O::LdsReadOr => (Lds, A::Or, true),
        O::LdsReadXor => (Lds, A::Xor, true),
        O::LdsReadXchg => (Lds, A::Xchg, true),
        O::LdsReadCmpXchg => (Lds, A::CmpXchg, true),
        O::LdsReadInc => (Lds, A::Inc, true),
        O::LdsReadDec => (Lds, A::Dec, true),
        O::LdsReadMskor => (Lds, A::Mskor, true),
        O::GdsStore => (Gds, A::Xchg, false),
        O::GdsAdd => (Gds, A::Add, false),
        O::GdsSub => (Gds, A::Sub, false),
        O::GdsRsub => (Gds, A::Rsub, false),
        O::GdsInc => (Gds, A::Inc, false),
        O::GdsDec => (Gds, A::Dec, false),
        O::GdsMin => (Gds, A::Min, false),
        O::GdsMax => (Gds, A::Max, false),
        O::GdsUmin => (Gds, A::Umin, false),
        O::GdsUmax => (Gds, A::Umax, false),
        O::GdsAnd => (Gds, A::And, false),
        O::GdsOr => (Gds, A::Or, false),
        O::GdsXor => (Gds, A::Xor, false),
        O::GdsMskor => (Gds, A::Mskor, false),
        O::GdsCmpStore => (Gds, A::CmpXchg, false),
        O::GdsReadAdd => (Gds, A::Add, true),
        O::GdsReadSub => (Gds, A::Sub, true),
        O::GdsReadRsub => (Gds, A::Rsub, true),
        O::GdsReadInc => (Gds, A::Inc, true),
        O::GdsReadDec => (Gds, A::Dec, true),
        O::GdsReadMin => (Gds, A::Min, true),
        O::GdsReadMax => (Gds, A::Max, true),
        O::GdsReadUmin => (Gds, A::Umin, true),
        O::GdsReadUmax => (Gds, A::Umax, true),
        O::GdsReadAnd => (Gds, A::And, true),
        O::GdsReadOr => (Gds, A::Or, true),
        O::GdsReadXor => (Gds, A::Xor, true),
        O::GdsReadMskor => (Gds, A::Mskor, true),
        O::GdsReadXchg => (Gds, A::Xchg, true),
        O::GdsReadCmpXchg => (Gds, A::CmpXchg, true),
        _ => return None,
    })
}

/// Whether an opcode is a memory instruction that the reference interpreter runs as a memory access.
pub fn is_memory(op: Opcode) -> bool {
    use Opcode as O;
    atomic_of(op).is_some()
        || matches!(
            op,
            O::UavRawLoad
                | O::UavRawStore
                | O::UavStructLoad
                | O::UavStructStore
                | O::UavArenaLoad
                | O::UavArenaStore
                | O::UavLoad
                | O::UavStore
                | O::UavByteLoad
                | O::UavUbyteLoad
                | O::UavShortLoad
                | O::UavUshortLoad
                | O::UavByteStore
                | O::UavShortStore
                | O::SrvRawLoad
                | O::SrvStructLoad
                | O::LdsLoad
                | O::LdsLoadByte
                | O::LdsLoadUbyte
                | O::LdsLoadShort
                | O::LdsLoadUshort
                | O::LdsStoreByte
                | O::LdsStoreShort
                | O::LdsLoadVec
                | O::LdsStoreVec
                | O::LdsReadVec
                | O::LdsWriteVec
                | O::GdsLoad
                | O::AppendBufAlloc
                | O::AppendBufConsume
        )
}

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

/// The sampling and resource-query instructions (7.6).
pub fn is_texture(op: Opcode) -> bool {
    use Opcode as O;
    matches!(
        op,
        O::Sample
            | O::SampleB
            | O::SampleG
            | O::SampleL
            | O::SampleC
            | O::SampleCLz
            | O::SampleCL
            | O::SampleCG
            | O::SampleCB
            | O::Load
            | O::Resinfo
            | O::Bufinfo
            | O::Fetch4
            | O::Fetch4C
            | O::Fetch4Po
            | O::Fetch4PoC
            | O::Dsx
            | O::Dsy
            | O::Fwidth
    )
}
