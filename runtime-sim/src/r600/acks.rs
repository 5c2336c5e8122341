//! Write acknowledgements: which RAT writes of a wavefront are known to be in memory, so
//! that a fetch reading what the wavefront wrote earlier can be refused when nothing
//! guarantees the write has landed.
//!
//! The rules, from the ISA text:
//! * RAT writes go out through the output (write-combining) caches while fetches read
//!   through the TC; a store "can be set up to return an acknowledgement ... upon write
//!   confirmation", which is what lets a work-item read memory back or fence (cayman
//!   L786-L791). Nothing else in the document orders a RAT write before a later fetch.
//! * A memory export asks for an ACK with TYPE WRITE_ACK (2) or WRITE_IND_ACK (3): "request
//!   an ACK when write is committed to memory. For UAV, ACK guarantees return value has been
//!   written to memory" (cayman L8199-L8204, L8302-L8308).
//! * MARK (word 1 bit 30): "Mark memory write to be acknowledged with the next write-ack"
//!   (cayman L8376-L8377): a marked write is covered by the ACK of the wavefront's next
//!   ACK-type write.
//! * WAIT_ACK: "wait for write ACKs ... Wait if the number of outstanding ACKs is greater
//!   than the value in the ADDR field" (cayman L3205-L3218, L8022). ACKs may come back in
//!   any order (L8022 for TC/VC), so only ADDR 0 tells which writes are done: all of them.
//!   With ADDR > 0 the model confirms nothing.
//! * Writes of one work-item to one memory channel stay in order (L791): a later write to
//!   the same dword, once acknowledged, also covers the earlier one. The model tracks
//!   dwords, so a dword's state is that of its latest write.
//!
//! A write without an ACK request (plain WRITE / WRITE_IND, no MARK) is never confirmed.
//! Each wavefront of a work-group has its own tracker (only the writer's WAIT_ACK confirms
//! its writes); a fetch is checked against all of the group's, so a wavefront reading what
//! another one wrote is refused unless the writer waited for the ACK. The model runs the
//! wavefronts in turn up to each barrier, so this check sees only the orders that turn
//! order produces; writes of earlier work-groups are not tracked.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A small multiplicative hasher for the (memory, dword) keys: the map is only looked up,
/// never iterated, so the hash decides no result; the default SipHash with a random key
/// cost more than the lookups (one insert per lane of every RAT write).
#[derive(Clone, Copy, Debug, Default)]
pub struct DwordHasher(u64);

impl DwordHasher {
    fn add(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
}

impl Hasher for DwordHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.add(v);
    }
    fn write_usize(&mut self, v: usize) {
        self.add(v as u64);
    }
}

/// How a tracked dword waits to be in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Written without an ACK request and without MARK: never confirmed.
    NoAck,
    /// Written with MARK: covered by the next ACK-type write's ACK.
    Marked,
    /// Its ACK is requested and has not been waited for (WAIT_ACK 0).
    Awaiting,
}

impl Pending {
    /// Why a read of such a dword is refused.
    pub fn reason(self) -> &'static str {
        match self {
            Pending::NoAck => "which requested no acknowledgement (TYPE WRITE/WRITE_IND, no MARK)",
            Pending::Marked => "a MARKed write no ACK-type write has followed",
            Pending::Awaiting => "whose ACK no WAIT_ACK 0 has waited for",
        }
    }
}

/// How one RAT write instruction asks to be acknowledged (its TYPE and MARK).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AckRequest {
    None,
    Mark,
    Ack,
}

impl AckRequest {
    /// From a memory export's TYPE (whether it is WRITE_ACK / WRITE_IND_ACK) and MARK bit.
    pub fn of(ack_type: bool, mark: bool) -> AckRequest {
        if ack_type {
            AckRequest::Ack
        } else if mark {
            AckRequest::Mark
        } else {
            AckRequest::None
        }
    }
}

/// The unconfirmed writes of one wavefront, per (memory buffer, dword).
#[derive(Clone, Debug, Default)]
pub struct Acks {
    pending: HashMap<(usize, u64), (Pending, u32), BuildHasherDefault<DwordHasher>>,
    /// Dwords that were put in the `Marked` / `Awaiting` state (some may have changed
    /// since); kept so that an ACK or a WAIT_ACK does not scan every tracked dword.
    marked: Vec<(usize, u64)>,
    awaiting: Vec<(usize, u64)>,
}

impl Acks {
    /// Back to the state of a new tracker, keeping the allocations (the next work-group's
    /// wavefront starts with nothing tracked).
    pub fn clear(&mut self) {
        self.pending.clear();
        self.marked.clear();
        self.awaiting.clear();
    }

    /// A RAT write instruction starts: an ACK-type write's ACK also
    /// covers the earlier MARKed writes.
    pub fn begin_write(&mut self, req: AckRequest) {
        if req != AckRequest::Ack {
            return;
        }
        for key in std::mem::take(&mut self.marked) {
            if let Some(e) = self.pending.get_mut(&key) {
                if e.0 == Pending::Marked {
                    e.0 = Pending::Awaiting;
                    self.awaiting.push(key);
                }
            }
        }
    }

    /// The write instruction at CF `cf` wrote dword `dword` of memory `mem`.
    pub fn wrote(&mut self, mem: usize, dword: u64, req: AckRequest, cf: u32) {
        let state = match req {
            AckRequest::None => Pending::NoAck,
            AckRequest::Mark => {
                self.marked.push((mem, dword));
                Pending::Marked
            }
            AckRequest::Ack => {
                self.awaiting.push((mem, dword));
                Pending::Awaiting
            }
        };
        self.pending.insert((mem, dword), (state, cf));
    }

    /// WAIT_ACK with ADDR `addr`: with 0 every requested ACK has returned.
    pub fn wait(&mut self, addr: u32) {
        if addr != 0 {
            return;
        }
        for key in std::mem::take(&mut self.awaiting) {
            if self
                .pending
                .get(&key)
                .is_some_and(|e| e.0 == Pending::Awaiting)
            {
                self.pending.remove(&key);
            }
        }
    }

    /// Whether nothing is tracked (the fast path of a fetch).
    pub fn is_clear(&self) -> bool {
        self.pending.is_empty()
    }

    /// The unconfirmed write of dword `dword` of memory `mem`, if any: its state and CF
    /// address.
    pub fn unconfirmed(&self, mem: usize, dword: u64) -> Option<(Pending, u32)> {
        self.pending.get(&(mem, dword)).copied()
    }

    /// The first unconfirmed dword among the bytes `[byte, byte + len)` of memory `mem`.
    pub fn unconfirmed_bytes(
        &self,
        mem: usize,
        byte: u64,
        len: u64,
    ) -> Option<(u64, Pending, u32)> {
        if self.pending.is_empty() || len == 0 {
            return None;
        }
        let last = byte.saturating_add(len - 1) / 4;
        (byte / 4..=last).find_map(|d| self.unconfirmed(mem, d).map(|(p, cf)| (d, p, cf)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // TYPE WRITE_ACK/WRITE_IND_ACK request an ACK; MARK rides on the next (cayman L8199-L8204,
    // L8376).
    #[test]
    fn request_from_type_and_mark() {
        assert_eq!(AckRequest::of(true, false), AckRequest::Ack);
        assert_eq!(AckRequest::of(true, true), AckRequest::Ack);
        assert_eq!(AckRequest::of(false, false), AckRequest::None);
        assert_eq!(AckRequest::of(false, true), AckRequest::Mark);
    }

    // WAIT_ACK 0 confirms every ACK-type write (cayman L8022); a plain write never is.
    #[test]
    fn wait_ack_zero_confirms_acked_writes_only() {
        let mut a = Acks::default();
        a.begin_write(AckRequest::Ack);
        a.wrote(1, 4, AckRequest::Ack, 3);
        a.wrote(1, 5, AckRequest::None, 4);
        assert_eq!(a.unconfirmed(1, 4), Some((Pending::Awaiting, 3)));
        a.wait(1);
        assert_eq!(a.unconfirmed(1, 4), Some((Pending::Awaiting, 3)));
        a.wait(0);
        assert_eq!(a.unconfirmed(1, 4), None);
        assert_eq!(a.unconfirmed(1, 5), Some((Pending::NoAck, 4)));
    }

    // MARK: "acknowledged with the next write-ack" (cayman L8376-L8377).
    #[test]
    fn marked_write_rides_on_the_next_ack() {
        let mut a = Acks::default();
        a.begin_write(AckRequest::Mark);
        a.wrote(0, 7, AckRequest::Mark, 2);
        a.wait(0);
        assert_eq!(a.unconfirmed(0, 7), Some((Pending::Marked, 2)));
        a.begin_write(AckRequest::Ack);
        a.wrote(0, 9, AckRequest::Ack, 5);
        a.wait(0);
        assert!(a.is_clear());
    }

    // A later acknowledged write of the same dword covers the earlier one (cayman L791).
    #[test]
    fn bytes_map_to_dwords() {
        let mut a = Acks::default();
        a.wrote(2, 3, AckRequest::None, 1);
        assert_eq!(a.unconfirmed_bytes(2, 8, 4), None);
        assert_eq!(a.unconfirmed_bytes(2, 10, 4), Some((3, Pending::NoAck, 1)));
        a.wrote(2, 3, AckRequest::Ack, 6);
        a.wait(0);
        assert_eq!(a.unconfirmed_bytes(2, 12, 4), None);
    }
}
