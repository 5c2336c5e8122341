//! The launch ABI of IL programs compiled for gfx906 (`docs/abi.md`, "IL programs on
//! gfx906"): what the kernel argument segment holds and which registers the kernel
//! descriptor enables.
//!
//! # The kernarg segment
//!
//! | offset | bytes | contents |
//! |---|---|---|
//! | 0 | 12 | work-group size X, Y, Z (u32) |
//! | 12 | 12 | number of work-groups X, Y, Z (u32) |
//! | 24 | 8 | reserved, 0 |
//! | 32 + 16 i | 16 | buffer resource descriptor (V#) of the i-th UAV, in id order |
//! | after the UAVs, 8 j | 8 | 64-bit address of the j-th constant buffer, in id order |
//!
//! Why V#s for UAVs and not plain pointers: IL gives raw UAV accesses bounds ("out of
//! range reads return 0, writes are dropped", `docs/decisions.md`), and MUBUF range checking
//! does exactly that when `num_records` is the UAV's size rounded down to whole dwords
//! (an access at the dword-aligned offset `a` is in range iff `a + 4 <= size`), so the host
//! decides the bounds once and the kernel needs no compare per access. Constant buffers are
//! read with scalar loads at constant offsets, for which a pointer is enough.
//!
//! The launch block at offset 0 carries what the IL's ID registers need that AMDHSA does
//! not give a kernel in registers: the group size (for `vAbsTid`, `vTidInGrpFlat`) and the
//! group counts (for `vThreadGrpIdFlat`). `cb0` (the AMD-OpenCL launch values) is an
//! ordinary constant buffer that the host fills (`docs/abi.md`, "cb0 for AMD-OpenCL-style
//! kernels").
//!
//! # Registers at entry
//!
//! Only the kernarg segment pointer is a user SGPR (`s[0:1]`, USER_SGPR_COUNT 2,
//! KERNEL_CODE_PROPERTIES bit 3); no private segment (the kernels use no scratch). Then
//! the work-group ids the program reads (X always, as LLVM does; Y and Z when used), from
//! `s2`. Work-item ids in `v0`, `v1`, `v2` (ENABLE_VGPR_WORKITEM_ID covers the highest
//! dimension read).

/// Bytes of the launch block at the start of the kernarg segment.
pub const LAUNCH_BLOCK: u32 = 32;
/// Offset of the group size in the launch block.
pub const GROUP_SIZE_OFFSET: u32 = 0;
/// Offset of the group counts in the launch block.
pub const NUM_GROUPS_OFFSET: u32 = 12;
/// The kernarg pointer's SGPRs.
pub const KERNARG_SGPR: u8 = 0;

/// The binding layout of one compiled kernel, for the host that launches it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernelAbi {
    /// The kernel's symbol (its descriptor is `<name>.kd`).
    pub kernel_name: String,
    /// Bytes of kernel arguments.
    pub kernarg_size: u32,
    /// `(uav id, kernarg offset of its 16-byte V#)`, in id order.
    pub uavs: Vec<(u32, u32)>,
    /// `(cb id, kernarg offset of its 8-byte address)`, in id order.
    pub const_buffers: Vec<(u32, u32)>,
    /// Work-group id SGPRs enabled (X, Y, Z); they follow the user SGPRs from `s2`.
    pub workgroup_ids: [bool; 3],
    /// Work-item id VGPRs enabled: 1 (v0), 2 (v0, v1) or 3 (v0..v2).
    pub workitem_id_dims: u8,
}

impl KernelAbi {
    /// The layout for these UAV and constant-buffer ids (duplicates and order do not
    /// matter).
    pub fn new(name: &str, uavs: &[u32], const_buffers: &[u32]) -> KernelAbi {
        let mut u = uavs.to_vec();
        u.sort_unstable();
        u.dedup();
        let mut c = const_buffers.to_vec();
        c.sort_unstable();
        c.dedup();
        let mut at = LAUNCH_BLOCK;
        let uavs = u
            .into_iter()
            .map(|id| {
                at += 16;
                (id, at - 16)
            })
            .collect();
        let const_buffers = c
            .into_iter()
            .map(|id| {
                at += 8;
                (id, at - 8)
            })
            .collect();
        KernelAbi {
            kernel_name: name.to_string(),
            kernarg_size: at,
            uavs,
            const_buffers,
            workgroup_ids: [true, false, false],
            workitem_id_dims: 1,
        }
    }

    pub fn uav_offset(&self, id: u32) -> Option<u32> {
        self.uavs.iter().find(|(u, _)| *u == id).map(|(_, o)| *o)
    }

    pub fn cb_offset(&self, id: u32) -> Option<u32> {
        self.const_buffers
            .iter()
            .find(|(c, _)| *c == id)
            .map(|(_, o)| *o)
    }

    /// The SGPR holding work-group id `dim` at entry, if enabled.
    pub fn workgroup_id_sgpr(&self, dim: usize) -> Option<u8> {
        if !self.workgroup_ids.get(dim).copied().unwrap_or(false) {
            return None;
        }
        let before = self.workgroup_ids[..dim].iter().filter(|e| **e).count() as u8;
        Some(2 + before)
    }

    /// Builds the kernarg segment: the launch block, then `uav(id)` and `cb(id)` give each
    /// buffer's device address and size in bytes.
    pub fn kernargs(
        &self,
        group_size: [u32; 3],
        num_groups: [u32; 3],
        uav: impl Fn(u32) -> (u64, u64),
        cb: impl Fn(u32) -> u64,
    ) -> Vec<u8> {
        let mut out = vec![0u8; self.kernarg_size as usize];
        for k in 0..3 {
            let g = (GROUP_SIZE_OFFSET as usize) + 4 * k;
            out[g..g + 4].copy_from_slice(&group_size[k].to_le_bytes());
            let n = (NUM_GROUPS_OFFSET as usize) + 4 * k;
            out[n..n + 4].copy_from_slice(&num_groups[k].to_le_bytes());
        }
        for &(id, off) in &self.uavs {
            let (addr, size) = uav(id);
            let off = off as usize;
            out[off..off + 16].copy_from_slice(&buffer_descriptor(addr, size));
        }
        for &(id, off) in &self.const_buffers {
            let off = off as usize;
            out[off..off + 8].copy_from_slice(&cb(id).to_le_bytes());
        }
        out
    }
}

/// A raw buffer V# (vega Table 33) for `size` bytes at `addr`: stride 0, no swizzle,
/// `num_records` the size rounded down to whole dwords (capped at 4 GiB - 4), DST_SEL
/// XYZW, format 32 float (only read by format instructions, which the backend does not
/// use).
pub fn buffer_descriptor(addr: u64, size: u64) -> [u8; 16] {
    let num_records = (size.min(0xFFFF_FFFC) & !3) as u32;
    let words = [
        addr as u32,
        (addr >> 32) as u32 & 0xFFFF,
        num_records,
        // dst_sel x=4 y=5 z=6 w=7, num_format 7 (float), data_format 4 (32).
        4 | 5 << 3 | 6 << 6 | 7 << 9 | 7 << 12 | 4 << 15,
    ];
    let mut out = [0u8; 16];
    for (k, w) in words.iter().enumerate() {
        out[4 * k..4 * k + 4].copy_from_slice(&w.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_is_in_id_order_after_the_launch_block() {
        let abi = KernelAbi::new("k", &[11, 3], &[1, 0, 1]);
        assert_eq!(abi.uavs, vec![(3, 32), (11, 48)]);
        assert_eq!(abi.const_buffers, vec![(0, 64), (1, 72)]);
        assert_eq!(abi.kernarg_size, 80);
        let args = abi.kernargs(
            [64, 1, 1],
            [2, 1, 1],
            |id| (0x1_0000_0000 + u64::from(id), 10),
            |id| 0x2_0000_0000 + u64::from(id),
        );
        assert_eq!(&args[0..4], &64u32.to_le_bytes());
        assert_eq!(&args[12..16], &2u32.to_le_bytes());
        // UAV 3's V#: base low, base high, 8 records (10 rounded down to dwords).
        assert_eq!(&args[32..36], &3u32.to_le_bytes());
        assert_eq!(&args[36..40], &1u32.to_le_bytes());
        assert_eq!(&args[40..44], &8u32.to_le_bytes());
        assert_eq!(&args[72..80], &0x2_0000_0001u64.to_le_bytes());
    }

    #[test]
    fn workgroup_id_sgprs_are_dense_after_the_kernarg_pointer() {
        let mut abi = KernelAbi::new("k", &[], &[]);
        abi.workgroup_ids = [true, false, true];
        assert_eq!(abi.workgroup_id_sgpr(0), Some(2));
        assert_eq!(abi.workgroup_id_sgpr(1), None);
        assert_eq!(abi.workgroup_id_sgpr(2), Some(3));
    }
}
