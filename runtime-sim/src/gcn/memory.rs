//! Device memory of the gfx906 model: one flat 64-bit address space in which buffers are
//! allocated, the way an HSA runtime hands a kernel 64-bit pointers (abi-facts §4.2-4.3).
//!
//! Allocations are page aligned (4 KiB) and separated by an unmapped guard page, so that an
//! access past the end of a buffer reaches no other buffer: the model refuses it as the
//! hardware would fault on an unmapped page (vega L1796-1827, memory violation), naming the
//! instruction, instead of silently reading another allocation.

/// Base of the first allocation. Low addresses stay unmapped so that a null or small
/// integer used as a pointer faults.
pub const HEAP_BASE: u64 = 0x0000_0001_0000_0000;
const PAGE: u64 = 4096;

/// The flat aperture that maps to LDS: a FLAT access with an address in
/// `[SHARED_APERTURE, SHARED_APERTURE + 4 GiB)` goes to the work-group's LDS (vega
/// L7491-7499). Its bits 63:48 are what `s_getreg_b32 hwreg(HW_REG_SH_MEM_BASES, 16, 16)`
/// and `src_shared_base` give LLVM.
pub const SHARED_APERTURE: u64 = 0x0001_0000_0000_0000;
/// The flat aperture that maps to scratch (private memory), likewise.
pub const PRIVATE_APERTURE: u64 = 0x0002_0000_0000_0000;
/// Size of each aperture.
pub const APERTURE_SIZE: u64 = 1 << 32;

#[derive(Clone, Debug)]
struct Region {
    base: u64,
    data: Vec<u8>,
}

/// Bytes of the global data share (vega L795-807: "a 64 kB global data share").
pub const GDS_SIZE: usize = 65536;

/// The global address space: allocations made by the caller (buffers, kernargs) and by
/// the dispatch (the AQL packet, scratch); and the device's GDS, which is outside the
/// address space (DS instructions with GDS=1 reach it).
#[derive(Clone, Debug)]
pub struct GlobalMemory {
    regions: Vec<Region>,
    next: u64,
    /// The global data share, zero when the memory is created.
    pub gds: Vec<u8>,
}

impl Default for GlobalMemory {
    fn default() -> Self {
        GlobalMemory::new()
    }
}

impl GlobalMemory {
    pub fn new() -> GlobalMemory {
        GlobalMemory {
            regions: Vec::new(),
            next: HEAP_BASE,
            gds: vec![0; GDS_SIZE],
        }
    }

    /// Allocates a buffer holding `bytes` and returns its device address.
    pub fn alloc(&mut self, bytes: &[u8]) -> u64 {
        self.alloc_vec(bytes.to_vec())
    }

    /// Allocates `len` zero bytes.
    pub fn alloc_zeroed(&mut self, len: usize) -> u64 {
        self.alloc_vec(vec![0; len])
    }

    /// Allocates a buffer holding `data` (moved in, not copied) and returns its address.
    pub fn alloc_vec(&mut self, data: Vec<u8>) -> u64 {
        let base = self.next;
        let len = data.len() as u64;
        // One guard page after every allocation (also after empty ones).
        self.next = base + len.div_ceil(PAGE).max(1) * PAGE + PAGE;
        self.regions.push(Region { base, data });
        base
    }

    /// The allocation that starts at `addr`, whole.
    pub fn buffer(&self, addr: u64) -> Option<&[u8]> {
        self.regions
            .iter()
            .find(|r| r.base == addr)
            .map(|r| r.data.as_slice())
    }

    /// Mutable access to the allocation that starts at `addr`.
    pub fn buffer_mut(&mut self, addr: u64) -> Option<&mut Vec<u8>> {
        self.regions
            .iter_mut()
            .find(|r| r.base == addr)
            .map(|r| &mut r.data)
    }

    fn region(&self, addr: u64, len: u64) -> Option<(usize, usize)> {
        // Regions are allocated in increasing address order.
        let i = self
            .regions
            .partition_point(|r| r.base <= addr)
            .checked_sub(1)?;
        let r = &self.regions[i];
        let off = addr - r.base;
        (off.checked_add(len)? <= r.data.len() as u64).then_some((i, off as usize))
    }

    /// Whether `len` bytes at `addr` are mapped.
    pub fn mapped(&self, addr: u64, len: u64) -> bool {
        self.region(addr, len).is_some()
    }

    /// Reads `out.len()` bytes; `false` if any is unmapped (nothing is read then).
    pub fn read(&self, addr: u64, out: &mut [u8]) -> bool {
        match self.region(addr, out.len() as u64) {
            Some((i, off)) => {
                out.copy_from_slice(&self.regions[i].data[off..off + out.len()]);
                true
            }
            None => false,
        }
    }

    /// Writes `data`; `false` if any byte is unmapped (nothing is written then).
    pub fn write(&mut self, addr: u64, data: &[u8]) -> bool {
        match self.region(addr, data.len() as u64) {
            Some((i, off)) => {
                self.regions[i].data[off..off + data.len()].copy_from_slice(data);
                true
            }
            None => false,
        }
    }

    /// [`region`](Self::region), trying allocation `*hint` first and leaving the one found
    /// in it: the lanes of one memory instruction mostly reach the same buffer. Regions do
    /// not overlap, so a hit on the hint is the region the search would find.
    #[inline]
    fn region_near(&self, addr: u64, len: u64, hint: &mut usize) -> Option<(usize, usize)> {
        if let Some(r) = self.regions.get(*hint) {
            if let Some(off) = addr.checked_sub(r.base) {
                if off
                    .checked_add(len)
                    .is_some_and(|end| end <= r.data.len() as u64)
                {
                    return Some((*hint, off as usize));
                }
            }
        }
        let found = self.region(addr, len)?;
        *hint = found.0;
        Some(found)
    }

    /// Reads `n` bytes (at most 8) as a little-endian integer; `None` if any is unmapped.
    /// The memory instructions' per-lane accesses go through here: the common sizes copy a
    /// fixed number of bytes instead of calling `memcpy` for a few bytes.
    #[inline]
    pub fn read_le(&self, addr: u64, n: usize) -> Option<u64> {
        self.read_le_near(addr, n, &mut 0)
    }

    /// [`read_le`](Self::read_le) looking in allocation `*hint` first (see `region_near`).
    #[inline]
    pub(crate) fn read_le_near(&self, addr: u64, n: usize, hint: &mut usize) -> Option<u64> {
        let (i, off) = self.region_near(addr, n as u64, hint)?;
        Some(load_le(self.regions[i].data.get(off..off + n)?))
    }

    /// Writes the low `n` bytes (at most 8) of `v`, little-endian; `false` if any byte is
    /// unmapped (nothing is written then).
    #[inline]
    pub fn write_le(&mut self, addr: u64, n: usize, v: u64) -> bool {
        self.write_le_near(addr, n, v, &mut 0)
    }

    /// [`write_le`](Self::write_le) looking in allocation `*hint` first.
    #[inline]
    pub(crate) fn write_le_near(&mut self, addr: u64, n: usize, v: u64, hint: &mut usize) -> bool {
        match self.region_near(addr, n as u64, hint) {
            Some((i, off)) => match self.regions[i].data.get_mut(off..off + n) {
                Some(d) => {
                    store_le(d, v);
                    true
                }
                None => false,
            },
            None => false,
        }
    }

    /// Reads a dword (`None` if unmapped).
    pub fn read_u32(&self, addr: u64) -> Option<u32> {
        let mut b = [0u8; 4];
        self.read(addr, &mut b).then(|| u32::from_le_bytes(b))
    }

    /// Writes a dword (`false` if unmapped).
    pub fn write_u32(&mut self, addr: u64, v: u32) -> bool {
        self.write(addr, &v.to_le_bytes())
    }
}

/// `d` (at most 8 bytes) as a little-endian integer.
#[inline]
pub(crate) fn load_le(d: &[u8]) -> u64 {
    match *d {
        [a, b, c, e] => u64::from(u32::from_le_bytes([a, b, c, e])),
        [a] => u64::from(a),
        [a, b] => u64::from(u16::from_le_bytes([a, b])),
        _ => d.iter().rev().fold(0, |x, &b| x << 8 | u64::from(b)),
    }
}

/// The low `d.len()` bytes of `v` into `d`, little-endian (bytes past the eighth are left
/// alone).
#[inline]
pub(crate) fn store_le(d: &mut [u8], v: u64) {
    match d.len() {
        4 => d.copy_from_slice(&(v as u32).to_le_bytes()),
        8 => d.copy_from_slice(&v.to_le_bytes()),
        n => {
            let k = n.min(8);
            d[..k].copy_from_slice(&v.to_le_bytes()[..k]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocations_are_separated_by_unmapped_pages() {
        let mut m = GlobalMemory::new();
        let a = m.alloc(&[1, 2, 3, 4]);
        let b = m.alloc_zeroed(8);
        assert!(b > a + 4096);
        assert_eq!(m.read_u32(a), Some(0x0403_0201));
        assert_eq!(m.read_u32(a + 2), None, "straddles the end");
        assert_eq!(m.read_u32(a + 4096), None, "guard page");
        assert!(m.write_u32(b + 4, 7));
        assert_eq!(m.buffer(b).unwrap(), &[0, 0, 0, 0, 7, 0, 0, 0]);
        assert_eq!(m.read_u32(0), None);
        assert_eq!(m.read_u32(u64::MAX - 1), None);
        // The fixed-size accessors agree with the byte copies.
        assert!(m.write_le(b, 2, 0xabcd_1234));
        assert_eq!(m.buffer(b).unwrap(), &[0x34, 0x12, 0, 0, 7, 0, 0, 0]);
        assert_eq!(m.read_le(b, 8), Some(0x0000_0007_0000_1234));
        assert_eq!(m.read_le(b + 4, 1), Some(7));
        assert_eq!(m.read_le(b + 6, 4), None);
        assert!(!m.write_le(b + 6, 4, 0));
        assert_eq!(load_le(&[1, 2, 3]), 0x03_0201);
        let mut wide = [0xffu8; 10];
        store_le(&mut wide, 0x0102_0304_0506_0708);
        assert_eq!(wide, [8, 7, 6, 5, 4, 3, 2, 1, 0xff, 0xff]);
        // A hint that misses, hits or is out of range finds what the search finds.
        for hint in [0, 1, 5] {
            let mut h = hint;
            assert_eq!(m.read_le_near(a, 4, &mut h), Some(0x0403_0201));
            assert_eq!(h, 0);
            assert_eq!(m.read_le_near(b + 4, 4, &mut h), Some(7));
            assert_eq!(h, 1);
            assert_eq!(m.read_le_near(a + 2, 4, &mut h), None);
        }
    }
}
