//! The memory a dispatch sees and the instructions that access it: UAVs (raw, structured,
//! arena, typed; loads, stores and every atomic), SRVs, LDS (the Evergreen random-access
//! model and the R7xx owner-compute model), GDS and append counters.
//!
//! Out-of-range accesses never fault: a read gives 0 and a write is dropped, as the
//! reference says for UAVs (L8826, L8841, L8756) and LDS (L8323, L8596); the interpreter
//! applies the same rule to GDS and SRVs, where the reference is silent, and counts every
//! such access in the run report (`docs/decisions.md`, "out-of-range accesses"). Byte
//! addresses of dword accesses are rounded down to a multiple of 4, as the hardware's
//! dword-addressed fetches do (abi-facts §1.3).
//!
//! Atomics of one instruction are applied lane by lane in lane order, which is one of the
//! orders the reference allows (L3295, L3350) and makes runs reproducible.

use std::collections::BTreeMap;

use il_frontend::enums::{ElementFormat, PixTexUsage};
use il_frontend::opcode::Opcode;

use il_semantics::memory::{atomic_of, Atomic, Space};

use super::kernel::{Decls, Inst, LdsAlloc, UavDecl, Vec4};
use super::taint::{Access, AccessKind, MemTaint, Region, ALL_COMPONENTS};
use super::wave::{active_lanes as lanes, Lanes, Lanes4, Operand, WAVE, ZERO4, ZERO_OPERAND};
use crate::runtime::{OutOfRange, Resource, UavSize};

/// Everything a dispatch reads and writes besides registers.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    /// Constant buffers by number, 16-byte elements.
    pub const_buffers: BTreeMap<u32, Vec<Vec4>>,
    pub immediate_cb: Vec<Vec4>,
    /// UAV memory, and for each UAV id the buffer it names (two ids may share one, see
    /// `docs/abi.md`).
    pub uav_buffers: Vec<Vec<u8>>,
    /// The id each buffer was bound as.
    pub uav_ids: Vec<u32>,
    pub uav_of: BTreeMap<u32, usize>,
    /// The dimensions of typed UAVs bound with them, by id.
    pub uav_sizes: BTreeMap<u32, UavSize>,
    pub resources: BTreeMap<u32, Resource>,
    pub global: Vec<Vec4>,
    /// The LDS of the running work-group.
    pub lds: Vec<u8>,
    pub gds: Vec<u8>,
    /// Shared registers: one set per lane slot, shared by every wavefront.
    pub shared: Vec<Lanes4>,
    /// Append-buffer counters by UAV id.
    pub append: BTreeMap<u32, u32>,
    pub out_of_range: OutOfRange,
    /// `cb0` was filled by the runtime, not bound by the caller.
    pub auto_cb0: bool,
    /// The taint shadow of a tainted run ([`super::taint`]); `None` in a normal run. While it
    /// is there, every dword access is recorded in its log.
    pub taint: Option<Box<MemTaint>>,
}

/// Records a dword access in a tainted run's log (nothing in a normal run).
#[inline]
fn note(
    t: &mut Option<Box<MemTaint>>,
    region: Region,
    addr: u64,
    lane: usize,
    comp: usize,
    kind: AccessKind,
) {
    if let Some(t) = t {
        t.log.push(Access {
            region,
            dword: (addr / 4) as usize,
            lane: lane as u8,
            comp: comp as u8,
            kind,
        });
    }
}

/// The kind of a store of `size` bytes.
fn store_kind(size: usize) -> AccessKind {
    if size < 4 {
        AccessKind::WritePart
    } else {
        AccessKind::Write
    }
}

/// What a memory instruction needs to know about the wavefront running it.
#[derive(Clone, Copy, Debug)]
pub struct LaneInfo<'a> {
    pub exec: u64,
    /// Flat id of each lane within its work-group.
    pub local_id: &'a Lanes,
    /// Index of the wavefront within its work-group.
    pub wave_index: u32,
}

fn read_u32(buf: &[u8], addr: u64) -> Option<u32> {
    let a = usize::try_from(addr).ok()?;
    let bytes = buf.get(a..a.checked_add(4)?)?;
    Some(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
}

fn write_u32(buf: &mut [u8], addr: u64, value: u32) -> bool {
    let Ok(a) = usize::try_from(addr) else {
        return false;
    };
    match a.checked_add(4).and_then(|end| buf.get_mut(a..end)) {
        Some(bytes) => {
            bytes.copy_from_slice(&value.to_le_bytes());
            true
        }
        None => false,
    }
}

/// Reads `size` (1, 2 or 4) bytes, little-endian, zero-extended.
fn read_sized(buf: &[u8], addr: u64, size: usize) -> Option<u32> {
    let a = usize::try_from(addr).ok()?;
    let bytes = buf.get(a..a.checked_add(size)?)?;
    Some(
        bytes
            .iter()
            .rev()
            .fold(0u32, |acc, &b| acc << 8 | u32::from(b)),
    )
}

fn write_sized(buf: &mut [u8], addr: u64, size: usize, value: u32) -> bool {
    let Ok(a) = usize::try_from(addr) else {
        return false;
    };
    match a.checked_add(size).and_then(|end| buf.get_mut(a..end)) {
        Some(bytes) => {
            bytes.copy_from_slice(&value.to_le_bytes()[..size]);
            true
        }
        None => false,
    }
}

fn sign_extend(value: u32, bits: u32) -> u32 {
    let shift = 32 - bits;
    (((value << shift) as i32) >> shift) as u32
}

/// The result of a memory instruction: the values for its destination, if it has one.
pub type Loaded = Option<Lanes4>;

impl Memory {
    /// Runs a memory instruction on the active lanes. `srcs` are the evaluated sources;
    /// `mask` the destination write mask (which dwords a store writes).
    pub fn execute(
        &mut self,
        decls: &Decls,
        inst: &Inst,
        srcs: &[Operand],
        mask: [bool; 4],
        who: LaneInfo<'_>,
    ) -> Loaded {
        use Opcode as O;
        let src = |i: usize| srcs.get(i).unwrap_or(&ZERO_OPERAND);
        // The id field's width differs by opcode (10, 14, 8 or 4 bits); the table knows.
        let id = inst.field("id").unwrap_or(0);
        if let Some((space, op, returns)) = atomic_of(inst.opcode) {
            let out = self.atomic(decls, inst, space, op, srcs, who.exec);
            return returns.then_some(out);
        }
        match inst.opcode {
            O::UavRawLoad | O::UavStructLoad => {
                let stride = uav_stride(decls, id);
                let a = src(0);
                Some(self.uav_load4(id, who.exec, |l| match stride {
                    Some(s) => u64::from(a[0][l]) * u64::from(s) + u64::from(a[1][l]),
                    None => u64::from(a[0][l]),
                }))
            }
            O::UavRawStore | O::UavStructStore => {
                let stride = uav_stride(decls, id);
                let (a, v) = (src(0), src(1));
                self.uav_store4(id, who.exec, mask, v, |l| match stride {
                    Some(s) => u64::from(a[0][l]) * u64::from(s) + u64::from(a[1][l]),
                    None => u64::from(a[0][l]),
                });
                None
            }
            O::UavArenaLoad | O::UavArenaStore => {
                // `IL_LOAD_STORE_DATA_SIZE` (App.B L11204): 0 dword, 1 short, 2 byte.
                let size = match inst.field("size").unwrap_or(0) {
                    2 => 1,
                    1 => 2,
                    _ => 4,
                };
                let a = src(0);
                let load = inst.opcode == O::UavArenaLoad;
                self.uav_sized(
                    id,
                    load,
                    size,
                    false,
                    |l| u64::from(a[0][l]),
                    src(1),
                    who.exec,
                )
            }
            O::UavByteLoad | O::UavUbyteLoad | O::UavShortLoad | O::UavUshortLoad => {
                let (size, signed) = match inst.opcode {
                    O::UavByteLoad => (1, true),
                    O::UavUbyteLoad => (1, false),
                    O::UavShortLoad => (2, true),
                    _ => (2, false),
                };
                let a = src(0);
                self.uav_sized(
                    id,
                    true,
                    size,
                    signed,
                    |l| u64::from(a[0][l]),
                    &ZERO_OPERAND,
                    who.exec,
                )
            }
            O::UavByteStore | O::UavShortStore => {
                let size = if inst.opcode == O::UavByteStore { 1 } else { 2 };
                let a = src(0);
                self.uav_sized(
                    id,
                    false,
                    size,
                    false,
                    |l| u64::from(a[0][l]),
                    src(1),
                    who.exec,
                )
            }
            O::UavLoad | O::UavStore => {
                // Typed UAVs of one 32-bit component: the element at the coordinates the
                // UAV's dimension uses (`typed_coordinates`), laid out as `UavSize` says.
                // A load returns (v, 0, 0, 1) as a one-channel format does; an address out
                // of range reads 0 (then 0, 0, 1) and writes nothing (L8771, L9087).
                let a = src(0);
                let addr = |l: usize| self.typed_byte_address(decls, id, a, l);
                if inst.opcode == O::UavStore {
                    let addrs: Vec<u64> = (0..WAVE).map(addr).collect();
                    return self.uav_sized(id, false, 4, false, |l| addrs[l], src(1), who.exec);
                }
                let addrs: Vec<u64> = (0..WAVE).map(addr).collect();
                let mut out =
                    self.uav_sized(id, true, 4, false, |l| addrs[l], &ZERO_OPERAND, who.exec)?;
                let one = if typed_format(decls, id) == ElementFormat::Float {
                    super::kernel::ONE_F32
                } else {
                    1
                };
                out[1] = [0; WAVE];
                out[2] = [0; WAVE];
                out[3] = [one; WAVE];
                Some(out)
            }
            O::SrvRawLoad | O::SrvStructLoad => {
                let stride = decls.srvs.get(&id).copied().flatten();
                let a = src(0);
                let data = self.resources.get(&id).map(|r| &r.data);
                let mut out = ZERO4;
                let mut oob = 0;
                for l in lanes(who.exec) {
                    let addr = match stride {
                        Some(s) => u64::from(a[0][l]) * u64::from(s) + u64::from(a[1][l]),
                        None => u64::from(a[0][l]),
                    } & !3;
                    let mut missed = false;
                    for (c, o) in out.iter_mut().enumerate() {
                        let word = (addr / 4).checked_add(c as u64);
                        match word.and_then(|w| data.and_then(|d| d.get(usize::try_from(w).ok()?)))
                        {
                            Some(&v) => o[l] = v,
                            None => missed = true,
                        }
                    }
                    oob += u64::from(missed);
                }
                self.out_of_range.resource_reads += oob;
                Some(out)
            }
            O::LdsLoad | O::LdsLoadByte | O::LdsLoadUbyte | O::LdsLoadShort | O::LdsLoadUshort => {
                let (size, signed) = match inst.opcode {
                    O::LdsLoadByte => (1, true),
                    O::LdsLoadUbyte => (1, false),
                    O::LdsLoadShort => (2, true),
                    O::LdsLoadUshort => (2, false),
                    _ => (4, false),
                };
                let alloc = lds_alloc(&decls.lds, id);
                let a = src(0);
                let mut out = ZERO4;
                for l in lanes(who.exec) {
                    let addr = alloc.map(|al| scalar_address(al, a, l, size));
                    let v = addr.and_then(|(base, off)| {
                        in_alloc(alloc?, off, size)
                            .then(|| read_sized(&self.lds, base + off, size))?
                    });
                    if let (Some(_), Some((base, off))) = (v, addr) {
                        note(
                            &mut self.taint,
                            Region::Lds,
                            base + off,
                            l,
                            ALL_COMPONENTS.into(),
                            AccessKind::Read,
                        );
                    }
                    match v {
                        Some(v) => {
                            out[0][l] = if signed {
                                sign_extend(v, size as u32 * 8)
                            } else {
                                v
                            }
                        }
                        None => self.out_of_range.lds_reads += 1,
                    }
                }
                Some(broadcast_x(out))
            }
            O::LdsStoreByte | O::LdsStoreShort => {
                let size = if inst.opcode == O::LdsStoreByte { 1 } else { 2 };
                let alloc = lds_alloc(&decls.lds, id);
                let (a, v) = (src(0), src(1));
                for l in lanes(who.exec) {
                    let ok = alloc.is_some_and(|al| {
                        let (base, off) = scalar_address(al, a, l, size);
                        let ok = in_alloc(al, off, size)
                            && write_sized(&mut self.lds, base + off, size, v[0][l]);
                        if ok {
                            note(
                                &mut self.taint,
                                Region::Lds,
                                base + off,
                                l,
                                0,
                                store_kind(size),
                            );
                        }
                        ok
                    });
                    if !ok {
                        self.out_of_range.lds_writes += 1;
                    }
                }
                None
            }
            O::LdsLoadVec | O::LdsStoreVec => {
                let alloc = lds_alloc(&decls.lds, id);
                let (a, b) = (src(0), src(1));
                let address = |l: usize| -> Option<(u64, u64)> {
                    let al = alloc?;
                    let off = match al.stride {
                        Some(s) => u64::from(a[0][l]) * u64::from(s) + u64::from(b[0][l]),
                        None => u64::from(a[0][l]),
                    } & !3;
                    Some((u64::from(al.offset), off))
                };
                if inst.opcode == O::LdsLoadVec {
                    let mut out = ZERO4;
                    for l in lanes(who.exec) {
                        let mut missed = false;
                        for (c, o) in out.iter_mut().enumerate() {
                            let at = address(l).map(|(base, off)| (base, off + 4 * c as u64));
                            let v = at.and_then(|(base, off)| {
                                in_alloc(alloc?, off, 4).then(|| read_u32(&self.lds, base + off))?
                            });
                            if let (Some(_), Some((base, off))) = (v, at) {
                                note(
                                    &mut self.taint,
                                    Region::Lds,
                                    base + off,
                                    l,
                                    c,
                                    AccessKind::Read,
                                );
                            }
                            match v {
                                Some(v) => o[l] = v,
                                None => missed |= mask[c],
                            }
                        }
                        self.out_of_range.lds_reads += u64::from(missed);
                    }
                    Some(out)
                } else {
                    let v = src(2);
                    for l in lanes(who.exec) {
                        let mut missed = false;
                        for c in (0..4).filter(|&c| mask[c]) {
                            let ok = address(l).is_some_and(|(base, off)| {
                                let off = off + 4 * c as u64;
                                let ok = alloc.is_some_and(|al| in_alloc(al, off, 4))
                                    && write_u32(&mut self.lds, base + off, v[c][l]);
                                if ok {
                                    note(
                                        &mut self.taint,
                                        Region::Lds,
                                        base + off,
                                        l,
                                        c,
                                        AccessKind::Write,
                                    );
                                }
                                ok
                            });
                            missed |= !ok;
                        }
                        self.out_of_range.lds_writes += u64::from(missed);
                    }
                    None
                }
            }
            O::LdsReadVec | O::LdsWriteVec => Some(self.owner_lds(decls, inst, src(0), mask, who)),
            O::GdsLoad => {
                let alloc = lds_alloc(&decls.gds, id);
                let a = src(0);
                let mut out = ZERO4;
                for l in lanes(who.exec) {
                    let at = alloc.map(|al| (al, scalar_address(al, a, l, 4)));
                    let v = at.and_then(|(al, (base, off))| {
                        in_alloc(al, off, 4).then(|| read_u32(&self.gds, base + off))?
                    });
                    if let (Some(_), Some((_, (base, off)))) = (v, at) {
                        note(
                            &mut self.taint,
                            Region::Gds,
                            base + off,
                            l,
                            ALL_COMPONENTS.into(),
                            AccessKind::Read,
                        );
                    }
                    match v {
                        Some(v) => out[0][l] = v,
                        None => self.out_of_range.gds_reads += 1,
                    }
                }
                Some(broadcast_x(out))
            }
            O::AppendBufAlloc | O::AppendBufConsume => {
                let counter = self.append.entry(id).or_insert(0);
                let mut out = ZERO4;
                for l in lanes(who.exec) {
                    out[0][l] = *counter;
                    *counter = if inst.opcode == O::AppendBufAlloc {
                        counter.wrapping_add(1)
                    } else {
                        counter.wrapping_sub(1)
                    };
                }
                Some(broadcast_x(out))
            }
            _ => None,
        }
    }

    /// The byte address of the element a typed access of lane `l` names, or `u64::MAX`
    /// (which no buffer reaches) when a coordinate is out of range. A buffer or 1D UAV
    /// bound without a size is addressed by `x` alone, bounded by its bytes.
    fn typed_byte_address(&self, decls: &Decls, id: u32, a: &Operand, l: usize) -> u64 {
        let ty = match decls.uavs.get(&id) {
            Some(UavDecl::Typed { ty, .. }) => *ty,
            _ => PixTexUsage::Buffer,
        };
        let [x, y, z, s] = typed_coordinates(ty, [a[0][l], a[1][l], a[2][l], a[3][l]]);
        match self.uav_sizes.get(&id) {
            Some(size) => size.element(x, y, z, s).map_or(u64::MAX, |e| e * 4),
            None => u64::from(x) * 4,
        }
    }

    /// Reads four consecutive dwords per lane from UAV `id` at the byte address `addr(l)`.
    fn uav_load4(&mut self, id: u32, exec: u64, addr: impl Fn(usize) -> u64) -> Lanes4 {
        let mut out = ZERO4;
        let mut oob = 0;
        let index = self.uav_of.get(&id).copied();
        let buf = index.and_then(|i| self.uav_buffers.get(i));
        let region = Region::Uav(index.unwrap_or(usize::MAX));
        for l in lanes(exec) {
            let base = addr(l) & !3;
            let mut missed = false;
            for (c, o) in out.iter_mut().enumerate() {
                match buf.and_then(|b| read_u32(b, base + 4 * c as u64)) {
                    Some(v) => {
                        o[l] = v;
                        note(
                            &mut self.taint,
                            region,
                            base + 4 * c as u64,
                            l,
                            c,
                            AccessKind::Read,
                        );
                    }
                    None => missed = true,
                }
            }
            oob += u64::from(missed);
        }
        self.out_of_range.uav_reads += oob;
        out
    }

    /// Writes the masked components of `v` per lane to UAV `id`, component c at
    /// `addr + 4c` (gaps in the mask leave their dword alone, L8841).
    fn uav_store4(
        &mut self,
        id: u32,
        exec: u64,
        mask: [bool; 4],
        v: &Operand,
        addr: impl Fn(usize) -> u64,
    ) {
        let mut oob = 0;
        let index = self.uav_of.get(&id).copied();
        let region = Region::Uav(index.unwrap_or(usize::MAX));
        match index.and_then(|i| self.uav_buffers.get_mut(i)) {
            Some(buf) => {
                for l in lanes(exec) {
                    let base = addr(l) & !3;
                    let mut missed = false;
                    for c in (0..4).filter(|&c| mask[c]) {
                        let at = base + 4 * c as u64;
                        let ok = write_u32(buf, at, v[c][l]);
                        if ok {
                            note(&mut self.taint, region, at, l, c, AccessKind::Write);
                        }
                        missed |= !ok;
                    }
                    oob += u64::from(missed);
                }
            }
            None => oob = u64::from(exec.count_ones()),
        }
        self.out_of_range.uav_writes += oob;
    }

    /// Byte, short and dword accesses (arena UAV, `uav_byte_load`, typed UAVs of 32-bit
    /// elements), naturally aligned: a load returns the value in every component, a store
    /// writes the low bytes of `data.x`.
    #[allow(clippy::too_many_arguments)]
    fn uav_sized(
        &mut self,
        id: u32,
        load: bool,
        size: usize,
        signed: bool,
        addr: impl Fn(usize) -> u64,
        data: &Operand,
        exec: u64,
    ) -> Loaded {
        let mut out = ZERO4;
        let mut oob = 0;
        let align = !(size as u64 - 1);
        let index = self.uav_of.get(&id).copied();
        let region = Region::Uav(index.unwrap_or(usize::MAX));
        match index.and_then(|i| self.uav_buffers.get_mut(i)) {
            Some(buf) => {
                for l in lanes(exec) {
                    let a = addr(l) & align;
                    if load {
                        match read_sized(buf, a, size) {
                            Some(v) => {
                                note(
                                    &mut self.taint,
                                    region,
                                    a,
                                    l,
                                    ALL_COMPONENTS.into(),
                                    AccessKind::Read,
                                );
                                out[0][l] = if signed {
                                    sign_extend(v, size as u32 * 8)
                                } else {
                                    v
                                }
                            }
                            None => oob += 1,
                        }
                    } else if write_sized(buf, a, size, data[0][l]) {
                        note(&mut self.taint, region, a, l, 0, store_kind(size));
                    } else {
                        oob += 1;
                    }
                }
            }
            None => oob = u64::from(exec.count_ones()),
        }
        if load {
            self.out_of_range.uav_reads += oob;
            Some(broadcast_x(out))
        } else {
            self.out_of_range.uav_writes += oob;
            None
        }
    }

    fn atomic(
        &mut self,
        decls: &Decls,
        inst: &Inst,
        space: Space,
        op: Atomic,
        srcs: &[Operand],
        exec: u64,
    ) -> Lanes4 {
        let src = |i: usize| srcs.get(i).unwrap_or(&ZERO_OPERAND);
        let (a, d1, d2) = (src(0), src(1), src(2));
        let mut out = ZERO4;
        let mut oob = 0u64;
        match space {
            Space::Uav => {
                let arena = inst.field("arena").unwrap_or(0) != 0;
                let mut id = inst.field("id").unwrap_or(0);
                if arena {
                    id = decls
                        .uavs
                        .iter()
                        .find(|(_, d)| **d == UavDecl::Arena)
                        .map_or(8, |(&i, _)| i);
                }
                let addressing = atomic_addressing(decls, id);
                let addrs: Vec<u64> = (0..WAVE)
                    .map(|l| match addressing {
                        AtomicAddressing::Element => self.typed_byte_address(decls, id, a, l),
                        _ => addressing.byte_address(a[0][l], a[1][l]) & !3,
                    })
                    .collect();
                let index = self.uav_of.get(&id).copied();
                let region = Region::Uav(index.unwrap_or(usize::MAX));
                let Some(buf) = index.and_then(|i| self.uav_buffers.get_mut(i)) else {
                    self.out_of_range.uav_writes += u64::from(exec.count_ones());
                    return out;
                };
                for l in lanes(exec) {
                    let addr = addrs[l];
                    // UAV compare: `if (uav == src2) uav = src1` (L8756): swap into
                    // (compare, new) order.
                    let (x, y) = if op == Atomic::CmpXchg {
                        (d2[0][l], d1[0][l])
                    } else {
                        (d1[0][l], d2[0][l])
                    };
                    match read_u32(buf, addr) {
                        Some(old) => {
                            write_u32(buf, addr, op.apply(old, x, y));
                            note(
                                &mut self.taint,
                                region,
                                addr,
                                l,
                                ALL_COMPONENTS.into(),
                                AccessKind::Read,
                            );
                            note(&mut self.taint, region, addr, l, 0, AccessKind::Write);
                            out[0][l] = old;
                        }
                        None => oob += 1,
                    }
                }
                self.out_of_range.uav_writes += oob;
            }
            Space::Lds | Space::Gds => {
                let (allocs, mem, region) = if space == Space::Lds {
                    (&decls.lds, &mut self.lds, Region::Lds)
                } else {
                    (&decls.gds, &mut self.gds, Region::Gds)
                };
                let id = inst.field("id").unwrap_or(0);
                let alloc = lds_alloc(allocs, id);
                for l in lanes(exec) {
                    let hit = alloc.and_then(|al| {
                        let (base, off) = scalar_address(al, a, l, 4);
                        in_alloc(al, off, 4).then_some(base + off)
                    });
                    match hit.and_then(|addr| Some((addr, read_u32(mem, addr)?))) {
                        Some((addr, old)) => {
                            write_u32(mem, addr, op.apply(old, d1[0][l], d2[0][l]));
                            note(
                                &mut self.taint,
                                region,
                                addr,
                                l,
                                ALL_COMPONENTS.into(),
                                AccessKind::Read,
                            );
                            note(&mut self.taint, region, addr, l, 0, AccessKind::Write);
                            out[0][l] = old;
                        }
                        None => oob += 1,
                    }
                }
                if space == Space::Lds {
                    self.out_of_range.lds_writes += oob;
                } else {
                    self.out_of_range.gds_writes += oob;
                }
            }
        }
        broadcast_x(out)
    }

    /// The R7xx owner-compute model (L3254-L3262, L4917-L4956): each work-item owns
    /// `dcl_lds_size_per_thread` dwords. In relative sharing mode every wavefront gets new
    /// space (owner ids count within the wavefront, after the space of the wavefronts before
    /// it); in absolute mode every wavefront maps to the same space from address 0, so lane
    /// i of every wavefront owns the same dwords and wavefronts can overwrite each other's
    /// data (L3258). Offsets (`_lOffset`, src0.y) count dwords, as the R700 ISA's
    /// `dst_index` does ("in dwords, 4, 8, ..., 60", and it must be below the size in dwords,
    /// L4937).
    fn owner_lds(
        &mut self,
        decls: &Decls,
        inst: &Inst,
        a: &Operand,
        mask: [bool; 4],
        who: LaneInfo<'_>,
    ) -> Lanes4 {
        let (dwords, default_abs) = decls.lds_per_thread.unwrap_or((0, false));
        let per_item = u64::from(dwords) * 4;
        // `_sharingMode(abs)` is 1; 0 is both "relative" and "not given" (L4917), and
        // reads as the declared default.
        let absolute = inst.field("sharingMode") == Some(1) || default_abs;
        let wave_base = if absolute {
            0
        } else {
            u64::from(who.wave_index) * WAVE as u64
        };
        let mut out = ZERO4;
        if inst.opcode == Opcode::LdsWriteVec {
            let offset = u64::from(inst.field("lOffset").unwrap_or(0)) * 4;
            for l in lanes(who.exec) {
                let area = (wave_base + l as u64) * per_item;
                let mut missed = false;
                for c in (0..4).filter(|&c| mask[c]) {
                    let at = offset + 4 * c as u64;
                    let ok = at + 4 <= per_item && write_u32(&mut self.lds, area + at, a[c][l]);
                    if ok {
                        note(
                            &mut self.taint,
                            Region::Lds,
                            area + at,
                            l,
                            c,
                            AccessKind::Write,
                        );
                    }
                    missed |= !ok;
                }
                self.out_of_range.lds_writes += u64::from(missed);
            }
            return out;
        }
        let exchange = inst.field("neighborExch").unwrap_or(0) != 0;
        for l in lanes(who.exec) {
            let owner = wave_base + u64::from(a[0][l]);
            let base = owner * per_item + u64::from(a[1][l]) * 4;
            let mut missed = false;
            for (c, o) in out.iter_mut().enumerate() {
                match read_u32(&self.lds, base + 4 * c as u64) {
                    Some(v) => {
                        o[l] = v;
                        // Where the neighbour exchange below puts this value.
                        let (lane, comp) = if exchange {
                            ((l & !3) + c, l & 3)
                        } else {
                            (l, c)
                        };
                        note(
                            &mut self.taint,
                            Region::Lds,
                            base + 4 * c as u64,
                            lane,
                            comp,
                            AccessKind::Read,
                        );
                    }
                    None => missed |= mask[c],
                }
            }
            self.out_of_range.lds_reads += u64::from(missed);
        }
        if exchange {
            // `_neighborExch`: within each group of four lanes, lane i receives component i
            // of every lane, so the first lane gets all x components (L4919).
            let read = out;
            for l in 0..WAVE {
                let quad = l & !3;
                for (c, o) in out.iter_mut().enumerate() {
                    o[l] = read[l & 3][quad + c];
                }
            }
        }
        out
    }
}

/// How a UAV atomic's `src0` gives its byte address (7.2.12, L3357-L3378).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AtomicAddressing {
    /// Raw and arena UAVs (and typeless ones of stride 4, which AMD's OpenCL compiler
    /// declared for plain global memory): `src0.x` is the byte address.
    Bytes,
    /// Structured UAVs: `src0.x * stride + src0.y` (L3375-L3378), for every stride.
    Struct(u32),
    /// Typed UAVs: `src0.x` is an element (dword) index (L3366-L3371).
    Element,
}

impl AtomicAddressing {
    /// The unaligned byte address of the dword the atomic updates, from `src0.x`, `src0.y`.
    fn byte_address(self, x: u32, y: u32) -> u64 {
        match self {
            AtomicAddressing::Bytes => u64::from(x),
            AtomicAddressing::Struct(s) => u64::from(x) * u64::from(s) + u64::from(y),
            AtomicAddressing::Element => u64::from(x) * 4,
        }
    }
}

/// The addressing of UAV `id`'s atomics. It follows [`uav_stride`], the rule of the
/// structured loads and stores, so that an atomic and a load of one structure element
/// reach the same dword: a structured UAV of stride 4 is addressed by (index, offset) like
/// any other stride (it was taken for a raw UAV once, putting element `e` at dword `e / 4`).
fn atomic_addressing(decls: &Decls, id: u32) -> AtomicAddressing {
    match (uav_stride(decls, id), decls.uavs.get(&id)) {
        (Some(s), _) => AtomicAddressing::Struct(s),
        (None, Some(UavDecl::Typed { .. })) => AtomicAddressing::Element,
        (None, _) => AtomicAddressing::Bytes,
    }
}

fn uav_stride(decls: &Decls, id: u32) -> Option<u32> {
    match decls.uavs.get(&id) {
        Some(UavDecl::Struct { stride }) => Some(*stride),
        Some(UavDecl::Typeless { stride }) if *stride != 4 => Some(*stride),
        _ => None,
    }
}

fn typed_format(decls: &Decls, id: u32) -> ElementFormat {
    match decls.uavs.get(&id) {
        Some(UavDecl::Typed { format, .. }) => *format,
        _ => ElementFormat::Uint,
    }
}

/// Whether a typed UAV declaration is one the runtime can bind: a buffer, 1D, 1D-array, 2D,
/// 2D-array, 3D, 2D MSAA or 2D MSAA-array surface of one 32-bit component (uint, sint or
/// float; `docs/abi.md`, "Typed UAVs").
pub fn typed_uav_supported(ty: PixTexUsage, format: ElementFormat) -> bool {
    typed_uav_dimensions(ty).is_some() && typed_uav_format_supported(format)
}

fn typed_uav_format_supported(format: ElementFormat) -> bool {
    matches!(
        format,
        ElementFormat::Uint | ElementFormat::Sint | ElementFormat::Float | ElementFormat::Unknown
    )
}

/// What a typed UAV's dimension uses of a size: (height, depth, samples), each `true` when
/// the dimension has it. `None` for a dimension the runtime does not bind (cube maps).
pub fn typed_uav_dimensions(ty: PixTexUsage) -> Option<(bool, bool, bool)> {
    use PixTexUsage as T;
    Some(match ty {
        T::Buffer | T::Tex1D | T::Unknown => (false, false, false),
        T::Tex1DArray | T::Tex2D => (true, false, false),
        T::Tex2DArray | T::Tex3D => (true, true, false),
        T::Tex2DMsaa => (true, false, true),
        T::Tex2DArrayMsaa => (true, true, true),
        _ => return None,
    })
}

/// The (x, y, z, sample) of a typed UAV's element from an access's `src0` (after swizzle),
/// by dimension (L8771, L9087: "src0.yzw is ignored for buffers and texture1D", "src0.zw
/// is ignored for texture1D arrays and texture 2D"): buffer and 1D x; 1D array x and the
/// slice in y; 2D x, y; 2D array x, y and the slice in z; 3D x, y, z; 2D MSAA x, y and the
/// sample in z; 2D MSAA array x, y, the slice in z and the sample in w (the order of the
/// address registers of GCN's MIMG loads; the reference names no component for the
/// sample, `docs/decisions.md`, "Typed UAVs of every dimension").
pub fn typed_coordinates(ty: PixTexUsage, a: [u32; 4]) -> [u32; 4] {
    typed_coordinate_sources(ty).map(|c| c.map_or(0, |c| a[usize::from(c)]))
}

/// The `src0` component giving each of (x, y, z, sample) of a typed UAV's element, `None`
/// for 0 (see [`typed_coordinates`]).
pub fn typed_coordinate_sources(ty: PixTexUsage) -> [Option<u8>; 4] {
    use PixTexUsage as T;
    match ty {
        T::Tex1DArray | T::Tex2D => [Some(0), Some(1), None, None],
        T::Tex2DArray | T::Tex3D => [Some(0), Some(1), Some(2), None],
        T::Tex2DMsaa => [Some(0), Some(1), None, Some(2)],
        T::Tex2DArrayMsaa => [Some(0), Some(1), Some(2), Some(3)],
        _ => [Some(0), None, None, None],
    }
}

/// Whether a size fits a typed UAV of dimension `ty` bound with `bytes` bytes; the reason
/// when not. A buffer or 1D UAV may go without a size; every other dimension needs one.
pub fn typed_uav_size_error(
    id: u32,
    ty: PixTexUsage,
    size: Option<&UavSize>,
    bytes: usize,
) -> Option<String> {
    let (h, d, s) = typed_uav_dimensions(ty)?;
    let Some(size) = size else {
        return (h || d || s).then(|| {
            format!(
                "typed UAV {id} is {ty}: bind it with its size (--uav {id}=PATH:W{}{}{})",
                if h { "xH" } else { "" },
                if d { "xD" } else { "" },
                if s { "@SAMPLES" } else { "" }
            )
        });
    };
    let unused = [
        ("a height", !h && size.height != 1),
        ("a depth", !d && size.depth != 1),
        ("samples", !s && size.samples != 1),
    ];
    if let Some((what, _)) = unused.iter().find(|(_, bad)| *bad) {
        return Some(format!(
            "typed UAV {id} is {ty}, which has no {}: it was bound as {size}",
            what.trim_start_matches("a ")
        ));
    }
    if size.elements() == 0 {
        return Some(format!("typed UAV {id} was bound as {size}: no elements"));
    }
    let want = size.elements().saturating_mul(4);
    (want != bytes as u64).then(|| {
        format!(
            "typed UAV {id} of {size} elements of 4 bytes needs {want} bytes, but its buffer has {bytes}"
        )
    })
}

fn lds_alloc(allocs: &BTreeMap<u32, LdsAlloc>, id: u32) -> Option<LdsAlloc> {
    allocs.get(&id).copied()
}

/// The byte address of a scalar LDS/GDS access: `src0.x` for a typeless allocation,
/// `src0.x * stride + src0.y` for a structured one (7.2.10), aligned to the access size.
/// Returns (allocation base, offset within it).
fn scalar_address(al: LdsAlloc, a: &Operand, l: usize, size: usize) -> (u64, u64) {
    let off = match al.stride {
        Some(s) => u64::from(a[0][l]) * u64::from(s) + u64::from(a[1][l]),
        None => u64::from(a[0][l]),
    };
    (u64::from(al.offset), off & !(size as u64 - 1))
}

fn in_alloc(al: LdsAlloc, off: u64, size: usize) -> bool {
    off + size as u64 <= u64::from(al.size)
}

/// A scalar result (in x) replicated to every component, so that any single-component
/// destination mask (`.x`, `.y`, ...) receives it.
fn broadcast_x(mut v: Lanes4) -> Lanes4 {
    let x = v[0];
    v[1] = x;
    v[2] = x;
    v[3] = x;
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_operations_follow_the_reference() {
        assert_eq!(Atomic::Add.apply(5, 3, 0), 8);
        assert_eq!(Atomic::Rsub.apply(5, 3, 0), 3u32.wrapping_sub(5));
        assert_eq!(Atomic::Min.apply(5, (-3i32) as u32, 0), (-3i32) as u32);
        assert_eq!(Atomic::Umin.apply(5, (-3i32) as u32, 0), 5);
        // L8251: M = (M >= src) ? 0 : M + 1.
        assert_eq!(Atomic::Inc.apply(7, 7, 0), 0);
        assert_eq!(Atomic::Inc.apply(6, 7, 0), 7);
        // L9303: M = (M == 0 || M > src) ? src : M - 1.
        assert_eq!(Atomic::Dec.apply(0, 9, 0), 9);
        assert_eq!(Atomic::Dec.apply(10, 9, 0), 9);
        assert_eq!(Atomic::Dec.apply(4, 9, 0), 3);
        assert_eq!(Atomic::CmpXchg.apply(4, 4, 11), 11);
        assert_eq!(Atomic::CmpXchg.apply(4, 5, 11), 4);
        assert_eq!(Atomic::Mskor.apply(0xFF, 0x0F, 0x100), 0x1F0);
    }

    /// Typed UAV elements: row-major, slice after slice, samples innermost; each
    /// coordinate bounded by its own size (docs/abi.md, "Typed UAVs").
    #[test]
    fn typed_uav_elements_and_sizes() {
        use PixTexUsage as T;
        let size = UavSize {
            width: 3,
            height: 2,
            depth: 2,
            samples: 4,
        };
        assert_eq!(size.elements(), 48);
        assert_eq!(size.element(0, 0, 0, 0), Some(0));
        assert_eq!(size.element(1, 0, 0, 2), Some(6));
        assert_eq!(size.element(2, 1, 1, 3), Some(((2 + 1) * 3 + 2) * 4 + 3));
        // Past a size, even where the linear element would still be inside.
        assert_eq!(size.element(3, 0, 0, 0), None);
        assert_eq!(size.element(0, 0, 0, 4), None);
        assert_eq!(size.element(0, 2, 0, 0), None);
        let a = [1, 2, 3, 4];
        assert_eq!(typed_coordinates(T::Buffer, a), [1, 0, 0, 0]);
        assert_eq!(typed_coordinates(T::Tex1DArray, a), [1, 2, 0, 0]);
        assert_eq!(typed_coordinates(T::Tex2D, a), [1, 2, 0, 0]);
        assert_eq!(typed_coordinates(T::Tex2DArray, a), [1, 2, 3, 0]);
        assert_eq!(typed_coordinates(T::Tex3D, a), [1, 2, 3, 0]);
        assert_eq!(typed_coordinates(T::Tex2DMsaa, a), [1, 2, 0, 3]);
        assert_eq!(typed_coordinates(T::Tex2DArrayMsaa, a), [1, 2, 3, 4]);
        let two_d = UavSize {
            width: 4,
            height: 3,
            depth: 1,
            samples: 1,
        };
        assert_eq!(typed_uav_size_error(1, T::Tex2D, Some(&two_d), 48), None);
        assert!(typed_uav_size_error(1, T::Tex2D, None, 48).is_some());
        assert!(typed_uav_size_error(1, T::Tex2D, Some(&two_d), 52).is_some());
        assert!(typed_uav_size_error(1, T::Tex1D, Some(&two_d), 48).is_some());
        assert_eq!(typed_uav_size_error(1, T::Buffer, None, 52), None);
        assert!(typed_uav_size_error(1, T::Tex2DMsaa, Some(&size), 192).is_some());
        assert_eq!(
            typed_uav_size_error(1, T::Tex2DArrayMsaa, Some(&size), 192),
            None
        );
        assert!(!typed_uav_supported(T::Cubemap, ElementFormat::Uint));
        assert!(!typed_uav_supported(T::Tex2D, ElementFormat::Unorm));
    }

    /// A structured UAV of stride 4 is addressed by (index, offset) like any other stride
    /// (L3375-L3378); only a typeless one of stride 4 is raw (byte addresses).
    #[test]
    fn atomic_addressing_of_each_declaration() {
        let mut decls = Decls::default();
        decls.uavs.insert(1, UavDecl::Struct { stride: 4 });
        decls.uavs.insert(2, UavDecl::Typeless { stride: 4 });
        decls.uavs.insert(3, UavDecl::Typeless { stride: 12 });
        decls.uavs.insert(4, UavDecl::Raw);
        decls.uavs.insert(
            5,
            UavDecl::Typed {
                ty: PixTexUsage::Buffer,
                format: ElementFormat::Uint,
            },
        );
        let at = |id: u32, x: u32, y: u32| atomic_addressing(&decls, id).byte_address(x, y);
        assert_eq!(at(1, 3, 0), 12);
        assert_eq!(at(2, 3, 0), 3);
        assert_eq!(at(3, 2, 8), 32);
        assert_eq!(at(4, 6, 99), 6);
        assert_eq!(at(5, 3, 99), 12);
    }

    #[test]
    fn sized_access_is_little_endian_and_bounded() {
        let mut buf = vec![0u8; 8];
        assert!(write_sized(&mut buf, 2, 2, 0xBEEF_1234));
        assert_eq!(read_sized(&buf, 2, 2), Some(0x1234));
        assert_eq!(read_u32(&buf, 0), Some(0x1234_0000));
        assert_eq!(read_u32(&buf, 5), None);
        assert!(!write_u32(&mut buf, u64::MAX, 1));
        assert_eq!(sign_extend(0x80, 8), 0xFFFF_FF80);
    }
}
