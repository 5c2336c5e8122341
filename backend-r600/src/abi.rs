//! The launch ABI of IL compute kernels compiled for Cayman (`docs/abi.md`, "IL programs on
//! Cayman"): where each IL resource lives on the hardware, decided once here and returned
//! with every compiled program as [`LaunchAbi`].
//!
//! * IL `cbN` (N = 0..=14, IL reference L3963) is kcache bank N: the constant buffer the
//!   runtime binds as N. A constant index reads it through the kcache lines the ALU clause
//!   locks.
//! * Kcache bank 15, which IL cannot name, is the **launch buffer**, laid out as LLVM's R600
//!   parameter buffer (abi-facts §3.2): dwords 0-2 the number of groups, 3-5 the global size,
//!   6-8 the group size. The compiler reads it only for sizes it does not know at compile
//!   time (a kernel without `dcl_num_thread_per_group`, and flat group ids).
//! * Raw UAV `n` (n = 0..=15) is RAT `n` for stores (an R32 surface indexed in dwords) and
//!   VTX buffer `16 + n` for loads (byte addresses, stride 1): the same memory bound twice,
//!   as LLVM binds its global pool as RAT 0 and VTX buffer 1.
//! * Thread ids come as LLVM and Mesa launch compute shaders: R0.xyz the id in the group,
//!   R1.xyz the group id (abi-facts §3.1).
//! * Pixel kernels: R0 = the position (x + 0.5, y + 0.5, 0, 1), R(1 + N) = input `vN`;
//!   render target `oN` is colour buffer N (a pixel EXPORT to MRT N at the end of the
//!   program, `isel/export.rs`), `g[]` RAT 8 for stores and VTX
//!   buffer 15 for loads, resource N TEX resource N (point sampling, clamp to edge); a
//!   constant buffer read with a register index goes through VTX buffer N.

use std::collections::BTreeMap;

/// The kcache bank of the launch buffer.
pub const LAUNCH_BANK: u8 = 15;
/// Dword of the launch buffer holding the number of groups in x (then y, z).
pub const LAUNCH_NUM_GROUPS: u32 = 0;
/// Dword of the launch buffer holding the global size in x (then y, z).
pub const LAUNCH_GLOBAL_SIZE: u32 = 3;
/// Dword of the launch buffer holding the group size in x (then y, z).
pub const LAUNCH_GROUP_SIZE: u32 = 6;
/// The first VTX buffer id of the raw UAVs.
pub const UAV_VTX_BASE: u8 = 16;
/// The number of RATs (RAT_ID is 4 bits, cayman L8221).
pub const MAX_RATS: u32 = 16;

/// The RAT of the global buffer `g[]` in pixel kernels (render targets take RATs 0..7).
pub const GLOBAL_RAT: u8 = 8;
/// The VTX buffer of the global buffer `g[]` (loads, byte addresses).
pub const GLOBAL_VTX: u8 = 15;

/// The colour buffer (EXPORT ARRAY_BASE, MRT 0-7, cayman Table 3.3 L978-990) render target
/// `oN` of a pixel kernel is exported to (N = 0..7).
pub fn render_target_mrt(n: u32) -> Option<u8> {
    (n < 8).then_some(n as u8)
}

/// The VTX buffer constant buffer `cbN` (N = 0..14) is also bound as, for reads with a
/// register index (byte addresses, 16 bytes per element).
pub fn cb_vtx_buffer(n: u32) -> u8 {
    n as u8
}

/// The GPR the launch preloads with interpolated pixel input `vN` (N = 0..63): R(1 + N).
pub fn pixel_input_gpr(n: u32) -> Option<u8> {
    (n < 64).then(|| 1 + n as u8)
}

/// The VTX buffer id loads from raw UAV `uav` use.
pub fn uav_vtx_buffer(uav: u32) -> Option<u8> {
    (uav < MAX_RATS).then(|| UAV_VTX_BASE + uav as u8)
}

/// The RAT id stores to raw UAV `uav` use.
pub fn uav_rat(uav: u32) -> Option<u8> {
    (uav < MAX_RATS).then_some(uav as u8)
}

/// How a compiled program expects to be launched: what the runtime binds where, and the
/// program resources (SQ_PGM_RESOURCES NUM_GPRS and STACK_SIZE, cayman L1190).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LaunchAbi {
    /// GPRs per work-item (R0 and R1 always, for the thread ids).
    pub gprs: u32,
    /// Clause temporaries the program assumes configured (it uses none; 4 as Mesa sets).
    pub clause_temps: u32,
    /// Stack entries.
    pub stack_size: u32,
    /// IL constant buffer number → kcache bank.
    pub const_buffers: BTreeMap<u32, u8>,
    /// The kcache bank of the launch buffer, if the program reads it.
    pub launch_bank: Option<u8>,
    /// IL raw UAV id → RAT id, for the UAVs the program stores to.
    pub rats: BTreeMap<u32, u8>,
    /// IL raw UAV id → VTX buffer id, for the UAVs the program loads from.
    pub vtx_buffers: BTreeMap<u32, u8>,
    /// The group size the program was compiled for, if it was fixed at compile time.
    pub group_size: Option<[u32; 3]>,
    /// Pixel kernels: render target N → the colour buffer (EXPORT ARRAY_BASE, MRT) the
    /// program exports it to; the launch binds the target there (16 bytes per pixel,
    /// row-major over the domain).
    pub render_targets: BTreeMap<u32, u8>,
    /// The global buffer `g[]`: (RAT for stores, VTX buffer for loads), when used.
    pub global: Option<(u8, u8)>,
    /// Pixel kernels: interpolated input `vN` → the GPR the launch preloads with it.
    pub pixel_inputs: BTreeMap<u32, u8>,
    /// IL constant buffer → VTX buffer, for the constant buffers read with a register index.
    pub cb_vtx_buffers: BTreeMap<u32, u8>,
    /// IL resource id → TEX resource id (and sampler: point filter, clamp to edge).
    pub textures: BTreeMap<u32, u8>,
    /// The TEX resources whose dimension is 1D_ARRAY / 2D_ARRAY (slice in z).
    pub texture_arrays: std::collections::BTreeSet<u8>,
    /// Sampler 0 needs its depth comparison function LESS_EQUAL (`sample_c*`).
    pub depth_compare: bool,
    /// The GDS buffer (GDS allocations, then the append counters), when the program uses
    /// GDS or append buffers: zero before the run, bound as [`GDS_RAT`] and [`GDS_VTX`].
    pub gds: Option<GdsBuffer>,
    /// LDS bytes per work-group the program's `dcl_lds_id` allocations take (laid out one
    /// after the other in id order, each rounded up to dwords): see [`lds_bytes`].
    pub lds_bytes: u32,
    /// `dcl_lds_size_per_thread`: dwords each work-item owns (R7xx owner-compute model).
    pub lds_owner_dwords: Option<u32>,
    /// `lds_read_vec_neighborExch` is used: one scratch dword per work-item (of the group
    /// rounded up to wavefronts) follows the LDS the program declares ([`lds_bytes`]).
    pub lds_exchange: bool,
    /// IL SRV id → VTX buffer id (byte addresses), for the SRVs the program reads.
    pub srv_buffers: BTreeMap<u32, u8>,
    /// IL UAV id → (RAT id, VTX buffer id) of the return buffer its returning atomics use:
    /// one dword per work-item of the dispatch, zero before the run.
    pub rat_returns: BTreeMap<u32, (u8, u8)>,
    /// The private buffer of the indexed temporaries: (RAT, VTX buffer, 16-byte elements
    /// per work-item); work-item i (flat absolute id) owns elements `i·E ..< (i+1)·E`, zero
    /// before the run.
    pub private: Option<(u8, u8, u32)>,
}

/// One `dcl_lds_id(n) size` (or `dcl_struct_lds_id(n) stride, count`) allocation: where it
/// sits in the group's LDS, its size in bytes and its struct stride.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LdsAlloc {
    pub offset: u32,
    pub size: u32,
    pub stride: Option<u32>,
}

/// The program's LDS declarations, as the compiler needs them (`docs/abi.md`, "LDS").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LdsLayout {
    /// Allocations by id.
    pub allocs: BTreeMap<u32, LdsAlloc>,
    /// Bytes the allocations take.
    pub bytes: u32,
    /// Owner-compute LDS: dwords per work-item and whether the default sharing mode is
    /// wavefront-absolute.
    pub per_thread: Option<(u32, bool)>,
}

/// How a UAV is declared: what its addresses mean (IL 7.15-7.16).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UavKind {
    /// `dcl_raw_uav_id` (or undeclared): byte addresses.
    Raw,
    /// `dcl_arena_uav_id`: byte addresses; the UAV `_arena` atomics go to.
    Arena,
    /// `dcl_struct_uav_id` (or a typeless UAV with a stride other than 4): element
    /// `src0.x` of `stride` bytes, byte `src0.y` in it.
    Struct(u32),
    /// `dcl_uav_id ... _fmtx(f)`: element addresses of one 32-bit component; a load returns
    /// (v, 0, 0, 1), 1 being 1.0f for a float format. `coords`: `None` for a buffer or 1D
    /// UAV (element `src0.x`); else the `src0` component giving each of x, y, z and the
    /// sample (`None` for 0), addressed against the size in the launch buffer
    /// ([`typed_uav_size_dword`], `docs/abi.md`, "Typed UAVs").
    Typed {
        float: bool,
        coords: Option<[Option<u8>; 4]>,
    },
}

/// Dword of the launch buffer holding the first sized typed UAV's width, height, depth and
/// samples (the next ones follow, 4 dwords each, in id order).
pub const LAUNCH_TYPED_UAV_SIZES: u32 = 12;

/// The launch-buffer dword of sized typed UAV `id`'s size, among `uavs`.
pub fn typed_uav_size_dword(uavs: &BTreeMap<u32, UavKind>, id: u32) -> Option<u32> {
    let sized = |k: &UavKind| {
        matches!(
            k,
            UavKind::Typed {
                coords: Some(_),
                ..
            }
        )
    };
    if !uavs.get(&id).is_some_and(sized) {
        return None;
    }
    let rank = uavs.range(..id).filter(|(_, k)| sized(k)).count() as u32;
    Some(LAUNCH_TYPED_UAV_SIZES + 4 * rank)
}

/// The dword of the launch buffer that holds UAV `id`'s size in elements (what `bufinfo`
/// of the UAV returns): after the sized typed UAVs' sizes, one dword per declared UAV in id
/// order; `None` for an undeclared UAV.
pub fn uav_elements_dword(uavs: &BTreeMap<u32, UavKind>, id: u32) -> Option<u32> {
    if !uavs.contains_key(&id) {
        return None;
    }
    let sized = uavs
        .values()
        .filter(|k| {
            matches!(
                k,
                UavKind::Typed {
                    coords: Some(_),
                    ..
                }
            )
        })
        .count() as u32;
    let rank = uavs.range(..id).count() as u32;
    Some(LAUNCH_TYPED_UAV_SIZES + 4 * sized + rank)
}

/// The memory declarations the compiler needs besides the IR.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoryDecls {
    pub lds: LdsLayout,
    /// The `dcl_gds_id` allocations, laid out as LDS ones (`per_thread` unused).
    pub gds: LdsLayout,
    /// UAVs by id (undeclared ones are raw).
    pub uavs: BTreeMap<u32, UavKind>,
    /// Raw (`None`) and structured (`Some(stride)`) SRVs by id.
    pub srvs: BTreeMap<u32, Option<u32>>,
    /// The indexed temporary arrays.
    pub itemps: ITemps,
}

/// The indexed temporary arrays `x#[n]` of a program, laid out one after the other.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ITemps {
    /// Array number → (first element, length).
    pub arrays: BTreeMap<u32, (u32, u32)>,
    /// 16-byte elements per work-item.
    pub elements: u32,
}

/// The RAT of the private buffer (indexed temporaries); UAV 15 cannot be used with it.
pub const PRIVATE_RAT: u8 = 15;
/// The VTX buffer of the private buffer.
pub const PRIVATE_VTX: u8 = 112;

/// The RAT of the GDS buffer (`docs/abi.md`, "GDS and append buffers"); UAV 14 cannot be
/// used with it.
pub const GDS_RAT: u8 = 14;
/// The VTX buffer GDS loads read (UAV 14's, byte addresses).
pub const GDS_VTX: u8 = UAV_VTX_BASE + GDS_RAT;
/// Append counters: one dword per UAV id below this, after the GDS allocations.
pub const APPEND_COUNTERS: u32 = 1024;

/// The GDS buffer of a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GdsBuffer {
    /// Bytes: the allocations rounded up to dwords, then [`APPEND_COUNTERS`] dwords.
    pub bytes: u32,
    pub rat: u8,
    pub vtx: u8,
}

/// The dword of the GDS buffer holding UAV `uav`'s append counter.
pub fn append_counter_dword(gds: &LdsLayout, uav: u32) -> Option<u32> {
    (uav < APPEND_COUNTERS).then(|| gds.bytes.div_ceil(4) + uav)
}

/// The GDS buffer of a program whose GDS allocations are `gds`.
pub fn gds_buffer(gds: &LdsLayout) -> GdsBuffer {
    GdsBuffer {
        bytes: 4 * (gds.bytes.div_ceil(4) + APPEND_COUNTERS),
        rat: GDS_RAT,
        vtx: GDS_VTX,
    }
}

/// The first VTX buffer id of the SRVs (`srv_raw_load`, `srv_struct_load`): SRV n is VTX
/// buffer 32 + n, n = 0..=63 (the UAVs take 16..31).
pub const SRV_VTX_BASE: u8 = 32;

/// The VTX buffer id SRV `n` is read through.
pub fn srv_vtx_buffer(n: u32) -> Option<u8> {
    (n < 64).then(|| SRV_VTX_BASE + n as u8)
}

/// The first VTX buffer id of the RAT return buffers: RAT n's is VTX buffer 96 + n.
pub const RETURN_VTX_BASE: u8 = 96;

/// The VTX buffer the return buffer of UAV `uav`'s RAT is read through. The return buffer
/// holds one dword per work-item of the dispatch: a returning atomic of the work-item with
/// flat absolute id i returns its value in dword i (RW_GPR.y = i).
pub fn return_vtx_buffer(uav: u32) -> Option<u8> {
    (uav < MAX_RATS).then(|| RETURN_VTX_BASE + uav as u8)
}

/// The LDS bytes a work-group of `items` work-items gets (SQ_LDS_ALLOC): the allocations,
/// or the owner-compute space of every wavefront of the group if that is more (the
/// reference's LDS, [`declared_lds_bytes`]), then the neighbour-exchange scratch if the
/// program has one.
pub fn lds_bytes(abi: &LaunchAbi, items: u32) -> u32 {
    let scratch = if abi.lds_exchange {
        exchange_scratch_bytes(items)
    } else {
        0
    };
    declared_lds_bytes(abi.lds_bytes, abi.lds_owner_dwords, items).saturating_add(scratch)
}

/// The LDS a group of `items` work-items has in the IL reference: the `dcl_lds_id`
/// allocations (`alloc_bytes`) or, if more, `owner_dwords` for every work-item of the
/// group rounded up to wavefronts. The neighbour-exchange scratch starts here.
pub fn declared_lds_bytes(alloc_bytes: u32, owner_dwords: Option<u32>, items: u32) -> u32 {
    let owner = owner_dwords.map_or(0, |d| {
        d.saturating_mul(4)
            .saturating_mul(items.next_multiple_of(64))
    });
    alloc_bytes.max(owner)
}

/// The scratch `lds_read_vec_neighborExch` uses: a dword per work-item of the group
/// rounded up to wavefronts (`isel/lds.rs`).
pub fn exchange_scratch_bytes(items: u32) -> u32 {
    items.next_multiple_of(64).saturating_mul(4)
}

/// The address an LDS access outside its allocation is sent to: past the end of any LDS
/// (32 KB at most, cayman L703), where a read returns 0 and a write is dropped (SET_LDS_SIZE,
/// cayman L6585-6601), as the IL reference does for an access outside its allocation.
pub const LDS_OUT_OF_RANGE: u32 = 0x0010_0000;

/// The launch buffer's contents for `groups` groups of `group` work-items, then the sizes
/// (width, height, depth, samples) of the sized typed UAVs in id order.
pub fn launch_buffer_with_sizes(
    groups: [u32; 3],
    group: [u32; 3],
    sizes: &[[u32; 4]],
    uav_elements: &[u32],
) -> Vec<[u32; 4]> {
    let mut out = launch_buffer(groups, group);
    out.extend_from_slice(sizes);
    // One dword per declared UAV, four to an element ([`uav_elements_dword`]).
    for chunk in uav_elements.chunks(4) {
        let mut e = [0; 4];
        e[..chunk.len()].copy_from_slice(chunk);
        out.push(e);
    }
    out
}

/// The launch buffer's contents for `groups` groups of `group` work-items.
pub fn launch_buffer(groups: [u32; 3], group: [u32; 3]) -> Vec<[u32; 4]> {
    let mut d = [0u32; 12];
    for k in 0..3 {
        d[LAUNCH_NUM_GROUPS as usize + k] = groups[k];
        d[LAUNCH_GLOBAL_SIZE as usize + k] = groups[k].wrapping_mul(group[k]);
        d[LAUNCH_GROUP_SIZE as usize + k] = group[k];
    }
    vec![
        [d[0], d[1], d[2], d[3]],
        [d[4], d[5], d[6], d[7]],
        [d[8], d[9], d[10], d[11]],
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exchange_scratch_follows_the_reference_lds() {
        let mut abi = LaunchAbi {
            lds_bytes: 100,
            lds_owner_dwords: Some(8),
            ..LaunchAbi::default()
        };
        // 96 work-items round up to two wavefronts: 8 dwords each is 4096 bytes.
        assert_eq!(declared_lds_bytes(100, Some(8), 96), 4096);
        assert_eq!(lds_bytes(&abi, 96), 4096);
        abi.lds_exchange = true;
        assert_eq!(lds_bytes(&abi, 96), 4096 + 4 * 128);
        // Allocations larger than the owner space come first.
        assert_eq!(declared_lds_bytes(8192, Some(8), 64), 8192);
    }
}
