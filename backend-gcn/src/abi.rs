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
//! | after the UAVs, 16 j | 16 | V# of the j-th constant buffer, in id order |
//! | pixel kernels: then 96 k | 96 | the k-th resource: V# of its 16-byte texels (slice after slice), its width, height (u32) and width, height (f32), its slice count (u32) and 12 reserved bytes, then its image descriptor T# (32 bytes, [`crate::image_desc`]) and the IL sampler's S# (16 bytes) |
//! | then 16 n | 16 | V# of the n-th render target (`o#`, in register order; no longer read: pixel kernels export, `isel/pixel.rs`) |
//! | then 16 m | 16 | V# of the m-th interpolated input (`v#`, in register order), one 16-byte element per pixel |
//! | then 16 | 16 | V# of the global buffer `g[]`, when the program uses it |
//! | then 16 s | 16 | V# of the s-th raw or structured SRV, in id order |
//!
//! A pixel kernel's launch block holds the domain's width and height at offset 24. A pixel
//! kernel is a pixel-shader wave: the address of this segment is its user data in `s[0:1]`
//! (after the scratch V# in `s[0:3]` with a private segment), see `isel/pixel.rs`.
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
//! KERNEL_CODE_PROPERTIES bit 3). Then the work-group ids the program reads (X always, as
//! LLVM does; Y and Z when used), from `s2`. Work-item ids in `v0`, `v1`, `v2`
//! (ENABLE_VGPR_WORKITEM_ID covers the highest dimension read).
//!
//! A kernel with a private segment ([`KernelAbi::private_segment`]: indexed temporaries
//! kept in private memory, or registers spilled) gets scratch memory the AMDHSA way: the
//! private segment buffer V# is the first user SGPRs (`s[0:3]`, KERNEL_CODE_PROPERTIES
//! bit 0), the kernarg pointer follows in `s[4:5]` (USER_SGPR_COUNT 6), and the scratch
//! wave offset is the system SGPR after the work-group ids (COMPUTE_PGM_RSRC2 bit 0;
//! abi-facts §4.2). The indexed temporaries come first in each lane's private space, the
//! spill slots after them. A kernel without either keeps the short layout.

/// Bytes of a resource's kernarg entry: V#, width, height (u32 and f32), slices, T#, S#.
pub const RESOURCE_ENTRY: u32 = 96;
/// Offset of a resource's image descriptor (T#, 32 bytes) in its entry.
pub const RESOURCE_TSHARP: u32 = 48;
/// Offset of a resource's sampler descriptor (S#, 16 bytes) in its entry.
pub const RESOURCE_SSHARP: u32 = 80;
/// Offset of a resource's sizes (width, height as u32, then as f32) in its entry.
pub const RESOURCE_SIZES: u32 = 16;
/// Offset of a resource's slice count in its entry.
pub const RESOURCE_SLICES: u32 = 32;
/// Bytes of the launch block at the start of the kernarg segment.
pub const LAUNCH_BLOCK: u32 = 32;
/// Offset of the group size in the launch block.
pub const GROUP_SIZE_OFFSET: u32 = 0;
/// Offset of the group counts in the launch block.
pub const NUM_GROUPS_OFFSET: u32 = 12;
/// Offset of the pixel domain's width and height (pixel kernels).
pub const DOMAIN_OFFSET: u32 = 24;
/// A pixel kernel runs in 8 x 8 work-groups, one tile (one wave) each.
pub const TILE: u32 = 8;

/// Where a kernel with a private segment finds its scratch memory at entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScratchSgprs {
    /// First of the 4 SGPRs of the private segment buffer V#.
    pub buffer: u8,
    /// The SGPR holding the wave's byte offset into it.
    pub wave_offset: u8,
}

/// The binding layout of one compiled kernel, for the host that launches it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernelAbi {
    /// The kernel's symbol (its descriptor is `<name>.kd`).
    pub kernel_name: String,
    /// Bytes of kernel arguments.
    pub kernarg_size: u32,
    /// `(uav id, kernarg offset of its 16-byte V#)`, in id order.
    pub uavs: Vec<(u32, u32)>,
    /// `(cb id, kernarg offset of its 16-byte V#)`, in id order.
    pub const_buffers: Vec<(u32, u32)>,
    /// A pixel kernel (`il_ps`): dispatched in 8 x 8 groups over the domain.
    pub pixel: bool,
    /// `(resource id, kernarg offset of its 96-byte entry)`, in id order.
    pub resources: Vec<(u32, u32)>,
    /// The T# type of each resource (from its declaration; 2D when not given).
    pub image_types: std::collections::BTreeMap<u32, crate::image_desc::ImageType>,
    /// `(output register, kernarg offset of its render target's V#)`.
    pub render_targets: Vec<(u32, u32)>,
    /// `(input register, kernarg offset of its V#)`: interpolated pixel inputs `v#`.
    pub inputs: Vec<(u32, u32)>,
    /// Kernarg offset of the global buffer's V#.
    pub global: Option<u32>,
    /// Work-group id SGPRs enabled (X, Y, Z); they follow the user SGPRs from `s2`.
    pub workgroup_ids: [bool; 3],
    /// Work-item id VGPRs enabled: 1 (v0), 2 (v0, v1) or 3 (v0..v2).
    pub workitem_id_dims: u8,
    /// The kernel gets scratch memory (indexed temporaries, spilled registers): the private
    /// segment buffer in `s[0:3]` and the scratch wave offset SGPR.
    pub private_segment: bool,
    /// Scratch bytes per work-item, the descriptor's `private_segment_fixed_size`:
    /// `private_bytes` and the spill slots.
    pub private_segment_size: u32,
    /// Bytes of LDS per work-group: the descriptor's `group_segment_fixed_size`.
    pub lds_bytes: u32,
    /// `(srv id, kernarg offset of its 16-byte V#)`: raw and structured SRVs, whose
    /// bytes are addressed like a raw buffer.
    pub srvs: Vec<(u32, u32)>,
    /// Bytes per work-item of indexed temporaries in private memory (the start of the
    /// private segment; spill slots follow).
    pub private_bytes: u32,
    /// Typed UAVs addressed by a size (1D-array, 2D, 2D-array, 3D, MSAA): where their
    /// width, height, depth and samples (4 u32) are, by id.
    pub typed_uav_sizes: Vec<(u32, u32)>,
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
                at += 16;
                (id, at - 16)
            })
            .collect();
        KernelAbi {
            kernel_name: name.to_string(),
            kernarg_size: at,
            uavs,
            const_buffers,
            workgroup_ids: [true, false, false],
            workitem_id_dims: 1,
            pixel: false,
            resources: Vec::new(),
            image_types: Default::default(),
            render_targets: Vec::new(),
            inputs: Vec::new(),
            global: None,
            private_segment: false,
            private_segment_size: 0,
            lds_bytes: 0,
            srvs: Vec::new(),
            private_bytes: 0,
            typed_uav_sizes: Vec::new(),
        }
    }

    /// Adds the bindings of a pixel kernel after the UAVs and constant buffers.
    pub fn with_pixel(
        mut self,
        resources: &[u32],
        outputs: &[u32],
        inputs: &[u32],
        global: bool,
    ) -> KernelAbi {
        let mut inputs = inputs.to_vec();
        inputs.sort_unstable();
        inputs.dedup();
        let mut r = resources.to_vec();
        r.sort_unstable();
        r.dedup();
        let mut o = outputs.to_vec();
        o.sort_unstable();
        o.dedup();
        let mut at = self.kernarg_size;
        self.pixel = true;
        self.workgroup_ids = [true, true, false];
        self.workitem_id_dims = 2;
        for id in r {
            self.resources.push((id, at));
            at += RESOURCE_ENTRY;
        }
        for n in o {
            self.render_targets.push((n, at));
            at += 16;
        }
        for n in inputs {
            self.inputs.push((n, at));
            at += 16;
        }
        if global {
            self.global = Some(at);
            at += 16;
        }
        self.kernarg_size = at;
        self
    }

    /// Adds a V# per raw or structured SRV after the other bindings.
    pub fn with_srvs(mut self, srvs: &[u32]) -> KernelAbi {
        let mut ids = srvs.to_vec();
        ids.sort_unstable();
        ids.dedup();
        for id in ids {
            self.srvs.push((id, self.kernarg_size));
            self.kernarg_size += 16;
        }
        self
    }

    /// Adds the size (width, height, depth, samples as u32) of each sized typed UAV after
    /// the other bindings.
    pub fn with_typed_uav_sizes(mut self, ids: &[u32]) -> KernelAbi {
        let mut ids = ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        for id in ids {
            self.typed_uav_sizes.push((id, self.kernarg_size));
            self.kernarg_size += 16;
        }
        self
    }

    /// Writes the sizes of the sized typed UAVs into kernel arguments built by
    /// [`KernelAbi::kernargs`].
    pub fn put_typed_uav_sizes(&self, kernargs: &mut [u8], size: impl Fn(u32) -> [u32; 4]) {
        for &(id, off) in &self.typed_uav_sizes {
            for (k, w) in size(id).iter().enumerate() {
                let at = off as usize + 4 * k;
                if let Some(b) = kernargs.get_mut(at..at + 4) {
                    b.copy_from_slice(&w.to_le_bytes());
                }
            }
        }
    }

    pub fn resource_offset(&self, id: u32) -> Option<u32> {
        self.resources
            .iter()
            .find(|(c, _)| *c == id)
            .map(|(_, o)| *o)
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
        Some(self.user_sgpr_count() + before)
    }

    /// User SGPRs: the private segment buffer (when enabled) and the kernarg pointer.
    pub fn user_sgpr_count(&self) -> u8 {
        if self.private_segment {
            6
        } else {
            2
        }
    }

    /// The first of the two SGPRs holding the kernarg segment pointer at entry.
    pub fn kernarg_sgpr(&self) -> u8 {
        if self.private_segment {
            4
        } else {
            0
        }
    }

    /// The scratch registers at entry, when the kernel has a private segment: the private
    /// segment buffer V# (4 SGPRs from `s0`) and the scratch wave offset SGPR (after the
    /// work-group ids).
    pub fn scratch_sgprs(&self) -> Option<ScratchSgprs> {
        self.private_segment.then(|| ScratchSgprs {
            buffer: 0,
            wave_offset: self.user_sgpr_count()
                + self.workgroup_ids.iter().filter(|e| **e).count() as u8,
        })
    }

    /// Builds the kernarg segment: the launch block (with the pixel domain), then
    /// `buffer(b)` gives each buffer's device address and size in bytes and
    /// `dims(id)` each resource's width, height and slices.
    pub fn kernargs(
        &self,
        group_size: [u32; 3],
        num_groups: [u32; 3],
        domain: [u32; 2],
        buffer: impl Fn(Binding) -> (u64, u64),
        dims: impl Fn(u32) -> (u32, u32, u32),
    ) -> Vec<u8> {
        let mut out = vec![0u8; self.kernarg_size as usize];
        let mut put = |at: usize, w: u32| out[at..at + 4].copy_from_slice(&w.to_le_bytes());
        for k in 0..3 {
            put(GROUP_SIZE_OFFSET as usize + 4 * k, group_size[k]);
            put(NUM_GROUPS_OFFSET as usize + 4 * k, num_groups[k]);
        }
        if self.pixel {
            put(DOMAIN_OFFSET as usize, domain[0]);
            put(DOMAIN_OFFSET as usize + 4, domain[1]);
        }
        let entries = self
            .uavs
            .iter()
            .map(|&(id, off)| (Binding::Uav(id), off))
            .chain(
                self.const_buffers
                    .iter()
                    .map(|&(id, off)| (Binding::ConstBuffer(id), off)),
            )
            .chain(
                self.resources
                    .iter()
                    .map(|&(id, off)| (Binding::Resource(id), off)),
            )
            .chain(
                self.render_targets
                    .iter()
                    .map(|&(n, off)| (Binding::RenderTarget(n), off)),
            )
            .chain(self.inputs.iter().map(|&(n, off)| (Binding::Input(n), off)))
            .chain(self.global.map(|off| (Binding::Global, off)))
            .chain(self.srvs.iter().map(|&(id, off)| (Binding::Srv(id), off)));
        for (b, off) in entries {
            let (addr, size) = buffer(b);
            let off = off as usize;
            out[off..off + 16].copy_from_slice(&buffer_descriptor(addr, size));
            if let Binding::Resource(id) = b {
                let (w, h, slices) = dims(id);
                let words = [w, h, (w as f32).to_bits(), (h as f32).to_bits(), slices];
                for (k, word) in words.iter().enumerate() {
                    out[off + 16 + 4 * k..off + 20 + 4 * k].copy_from_slice(&word.to_le_bytes());
                }
                let ty = self.image_types.get(&id).copied().unwrap_or_default();
                let t = crate::image_desc::image_descriptor(addr, w, h, slices, ty);
                let at = off + RESOURCE_TSHARP as usize;
                out[at..at + 32].copy_from_slice(&t);
                let at = off + RESOURCE_SSHARP as usize;
                out[at..at + 16].copy_from_slice(&crate::image_desc::sampler_descriptor());
            }
        }
        out
    }
}

/// A buffer the kernel arguments point to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binding {
    Uav(u32),
    ConstBuffer(u32),
    /// A resource, stored as 16-byte texels (x, y, z, w; missing components 0, w 1.0).
    Resource(u32),
    /// The render target of output register `o<n>`: 16 bytes per pixel, row-major.
    RenderTarget(u32),
    /// Interpolated pixel input `v<n>`: 16 bytes per pixel, row-major.
    Input(u32),
    /// `g[]`: 16-byte elements.
    Global,
    /// A raw or structured SRV: the resource's bytes as they are.
    Srv(u32),
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
        assert_eq!(abi.const_buffers, vec![(0, 64), (1, 80)]);
        assert_eq!(abi.kernarg_size, 96);
        let args = abi.kernargs(
            [64, 1, 1],
            [2, 1, 1],
            [0, 0],
            |b| match b {
                Binding::Uav(id) => (0x1_0000_0000 + u64::from(id), 10),
                Binding::ConstBuffer(id) => (0x2_0000_0000 + u64::from(id), 32),
                _ => (0, 0),
            },
            |_| (0, 0, 0),
        );
        assert_eq!(&args[0..4], &64u32.to_le_bytes());
        assert_eq!(&args[12..16], &2u32.to_le_bytes());
        // UAV 3's V#: base low, base high, 8 records (10 rounded down to dwords).
        assert_eq!(&args[32..36], &3u32.to_le_bytes());
        assert_eq!(&args[36..40], &1u32.to_le_bytes());
        assert_eq!(&args[40..44], &8u32.to_le_bytes());
        // cb1's V#: its base address is the pointer an `s_load` uses.
        assert_eq!(&args[80..88], &0x2_0000_0001u64.to_le_bytes());
        assert_eq!(&args[88..92], &32u32.to_le_bytes());
    }

    #[test]
    fn pixel_bindings_follow_the_constant_buffers() {
        let abi = KernelAbi::new("k", &[], &[0]).with_pixel(&[1, 0], &[0], &[], true);
        assert_eq!(abi.resources, vec![(0, 48), (1, 144)]);
        assert_eq!(abi.render_targets, vec![(0, 240)]);
        assert_eq!(abi.global, Some(256));
        assert_eq!(abi.kernarg_size, 272);
        let args = abi.kernargs(
            [8, 8, 1],
            [2, 1, 1],
            [13, 5],
            |_| (0x1_0000_0000, 64),
            |id| (3 + id, 7, 2),
        );
        assert_eq!(&args[24..32], &[13, 0, 0, 0, 5, 0, 0, 0]);
        assert_eq!(&args[160..164], &4u32.to_le_bytes());
        assert_eq!(&args[164..168], &7u32.to_le_bytes());
        assert_eq!(&args[168..172], &4.0f32.to_bits().to_le_bytes());
        assert_eq!(&args[176..180], &2u32.to_le_bytes());
        // Its T#: the base address >> 8, width - 1 and height - 1.
        assert_eq!(&args[192..196], &0x0100_0000u32.to_le_bytes());
        assert_eq!(&args[200..204], &(3u32 | 6 << 14).to_le_bytes());
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
