//! Checking a launch against the program and preparing the dispatch's memory: every
//! declared buffer bound and large enough, every bound buffer declared, the grid a whole
//! number of groups, `cb0` filled for AMD-OpenCL-style kernels (`docs/abi.md`).

use il_frontend::enums::{PixTexUsage, ShaderType};

use super::kernel::{Kernel, UavDecl, Vec4};
use super::memory::{typed_uav_size_error, typed_uav_supported, Memory};
use super::wave::{WAVE, ZERO4};
use crate::runtime::{
    supported_resource_format, supported_resource_type, Bindings, Dispatch, RunError,
};

/// The most work-items a group may have.
pub const MAX_GROUP: u32 = 1024;

/// Rows of the `cb0` the runtime fills: at least 15 (abi-facts §1.1).
const ABI_CB0_ROWS: u32 = 15;

/// The shape of a checked launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Compute {
        groups: [u32; 3],
        group: [u32; 3],
        dims: u32,
    },
    Pixel {
        width: u32,
        height: u32,
    },
}

fn bad(message: impl Into<String>) -> RunError {
    RunError::BadLaunch(message.into())
}

/// The most pixels a domain may have: its render targets take 16 bytes per pixel each.
pub const MAX_PIXELS: u64 = 1 << 24;
/// The most LDS or GDS bytes a program may declare (Evergreen has 32 KiB of each, L8061).
pub const MAX_SHARED_BYTES: u32 = 64 * 1024;
/// The most indexed-temporary elements a program may declare (1 KiB of lane data each).
pub const MAX_ITEMP_ELEMENTS: u32 = 1 << 16;

/// Refuses programs whose declared storage the interpreter will not allocate.
fn check_sizes(kernel: &Kernel) -> Result<(), RunError> {
    let d = &kernel.decls;
    let too_big = |what: &str, n: u64, max: u64| {
        RunError::Unsupported(format!(
            "{what} of {n} declared; the interpreter allows {max}"
        ))
    };
    if d.lds_bytes > MAX_SHARED_BYTES {
        return Err(too_big(
            "LDS bytes",
            d.lds_bytes.into(),
            MAX_SHARED_BYTES.into(),
        ));
    }
    if d.gds_bytes > MAX_SHARED_BYTES {
        return Err(too_big(
            "GDS bytes",
            d.gds_bytes.into(),
            MAX_SHARED_BYTES.into(),
        ));
    }
    if d.itemp_elements > MAX_ITEMP_ELEMENTS {
        return Err(too_big(
            "indexed temporary elements",
            d.itemp_elements.into(),
            MAX_ITEMP_ELEMENTS.into(),
        ));
    }
    if let Some((dwords, _)) = d.lds_per_thread {
        if dwords > 64 {
            return Err(too_big("LDS dwords per work-item", dwords.into(), 64));
        }
    }
    Ok(())
}

/// Checks the dispatch shape against the kernel.
pub fn shape(kernel: &Kernel, dispatch: Dispatch) -> Result<Shape, RunError> {
    check_sizes(kernel)?;
    match (kernel.shader, dispatch) {
        (
            ShaderType::Compute,
            Dispatch::Grid {
                global,
                group,
                dims,
            },
        ) => {
            if !(1..=3).contains(&dims) {
                return Err(bad(format!("a grid of {dims} dimensions; 1 to 3")));
            }
            if global.contains(&0) {
                return Err(bad(format!(
                    "the grid {}x{}x{} is empty",
                    global[0], global[1], global[2]
                )));
            }
            // Flat ids (`vAbsTidFlat`, `vTGroupIdFlat`) are 32-bit: a larger grid has work-items
            // no register can name (and its group count overflowed, so nothing ran).
            let items = global.iter().map(|&g| u128::from(g)).product::<u128>();
            if items > u128::from(u32::MAX) {
                return Err(bad(format!(
                    "a grid of {}x{}x{} = {items} work-items; flat work-item ids are 32-bit, so at most 2^32 - 1",
                    global[0], global[1], global[2]
                )));
            }
            let group = match (group, kernel.decls.group_size) {
                (Some(g), Some(d)) if g != d => {
                    return Err(bad(format!(
                        "the group size {}x{}x{} differs from the kernel's dcl_num_thread_per_group {}, {}, {}",
                        g[0], g[1], g[2], d[0], d[1], d[2]
                    )))
                }
                (Some(g), _) => g,
                (None, _) => kernel.decls.default_group_size(),
            };
            if group.contains(&0) {
                return Err(bad("a group dimension of 0"));
            }
            let threads = u64::from(group[0]) * u64::from(group[1]) * u64::from(group[2]);
            if threads > u64::from(MAX_GROUP) {
                return Err(bad(format!(
                    "a group of {threads} work-items; at most {MAX_GROUP}"
                )));
            }
            if let Some(max) = kernel.decls.max_group_size {
                if threads > u64::from(max) {
                    return Err(bad(format!(
                        "a group of {threads} work-items exceeds the kernel's dcl_max_thread_per_group {max}"
                    )));
                }
            }
            let mut groups = [0u32; 3];
            for d in 0..3 {
                if global[d] % group[d] != 0 {
                    return Err(bad(format!(
                        "the grid size {} in dimension {} is not a multiple of the group size {}",
                        global[d],
                        ["x", "y", "z"][d],
                        group[d]
                    )));
                }
                groups[d] = global[d] / group[d];
            }
            Ok(Shape::Compute {
                groups,
                group,
                dims,
            })
        }
        (ShaderType::Pixel, Dispatch::Domain { width, height }) => {
            if width == 0 || height == 0 {
                return Err(bad(format!("the domain {width}x{height} is empty")));
            }
            if u64::from(width) * u64::from(height) > MAX_PIXELS {
                return Err(bad(format!(
                    "the domain {width}x{height} has more than {MAX_PIXELS} pixels"
                )));
            }
            Ok(Shape::Pixel { width, height })
        }
        (ShaderType::Compute, Dispatch::Domain { .. }) => Err(bad(
            "a compute kernel (il_cs) runs on a grid (--grid), not a domain",
        )),
        (ShaderType::Pixel, Dispatch::Grid { .. }) => Err(bad(
            "a pixel kernel (il_ps) runs on a domain (--domain), not a grid",
        )),
        (other, _) => Err(RunError::Unsupported(format!(
            "{} shaders: the interpreter runs compute and pixel kernels",
            other.name()
        ))),
    }
}

/// `cb0` as AMD's OpenCL runtime filled it for Evergreen and Cayman (abi-facts §1.2).
pub fn abi_cb0(groups: [u32; 3], group: [u32; 3], work_dim: u32, rows: u32) -> Vec<Vec4> {
    let global = [0, 1, 2].map(|d| groups[d] * group[d]);
    let mut cb = vec![[0u32; 4]; rows.max(ABI_CB0_ROWS) as usize];
    cb[0] = [global[0], global[1], global[2], work_dim];
    cb[1] = [group[0], group[1], group[2], 0];
    cb[2] = [groups[0], groups[1], groups[2], 0];
    cb[5] = [0.0f32, 0.5, 1.0, 2.0].map(f32::to_bits);
    cb
}

/// Checks the bindings against the declarations, then moves the bound memory into a
/// [`Memory`]; [`restore`] gives it back after the run.
pub fn prepare(kernel: &Kernel, shape: Shape, bindings: &mut Bindings) -> Result<Memory, RunError> {
    check(kernel, shape, bindings)?;
    let d = &kernel.decls;
    let mut mem = Memory::default();
    if let (
        Shape::Compute {
            groups,
            group,
            dims,
        },
        Some(&len),
    ) = (shape, d.const_buffers.get(&0))
    {
        if !bindings.const_buffers.contains_key(&0) {
            mem.const_buffers
                .insert(0, abi_cb0(groups, group, dims, len));
            mem.auto_cb0 = true;
        }
    }
    mem.const_buffers
        .extend(std::mem::take(&mut bindings.const_buffers));
    mem.immediate_cb = d.immediate_cb.clone().unwrap_or_default();
    mem.uav_sizes = bindings.uav_sizes.clone();
    for (id, bytes) in std::mem::take(&mut bindings.uavs) {
        mem.uav_of.insert(id, mem.uav_buffers.len());
        mem.uav_ids.push(id);
        mem.uav_buffers.push(bytes);
    }
    // Raw UAV 11 and arena UAV 8 name one heap when only one of them is bound.
    for &id in d.uavs.keys() {
        if !mem.uav_of.contains_key(&id) {
            if let Some(i) = heap_partner(kernel, id).and_then(|p| mem.uav_of.get(&p).copied()) {
                mem.uav_of.insert(id, i);
            }
        }
    }
    mem.resources = std::mem::take(&mut bindings.resources);
    if d.uses_global {
        mem.global = bindings.global.take().unwrap_or_default();
    }
    let threads = match shape {
        Shape::Compute { group, .. } => group[0] * group[1] * group[2],
        Shape::Pixel { .. } => WAVE as u32,
    };
    let owner_bytes = d.lds_per_thread.map_or(0, |(dwords, _)| {
        dwords * 4 * threads.next_multiple_of(WAVE as u32)
    });
    mem.lds = vec![0; d.lds_bytes.max(owner_bytes) as usize];
    mem.gds = vec![0; d.gds_bytes as usize];
    mem.shared = vec![ZERO4; d.shared_regs as usize];
    Ok(mem)
}

/// What `bufinfo` of UAV `id` reports at a launch with `b`: the bytes of the buffer bound to
/// it (or to its heap partner) over its element size: the stride of a structured UAV (or
/// of a typeless one with a stride), 4 bytes otherwise. The interpreter and the Cayman
/// launch buffer both use it.
pub fn uav_elements(kernel: &Kernel, b: &Bindings, id: u32) -> u32 {
    let bytes = b
        .uavs
        .get(&id)
        .or_else(|| heap_partner(kernel, id).and_then(|p| b.uavs.get(&p)))
        .map_or(0, Vec::len);
    elements_of(kernel.decls.uavs.get(&id), bytes)
}

/// `bytes` of a UAV declared `decl` in elements (see [`uav_elements`]).
pub fn elements_of(decl: Option<&UavDecl>, bytes: usize) -> u32 {
    let size = match decl {
        Some(UavDecl::Struct { stride }) | Some(UavDecl::Typeless { stride }) if *stride > 0 => {
            *stride as usize
        }
        _ => 4,
    };
    (bytes / size) as u32
}

/// The UAV that shares memory with `id` when `id` itself is not bound: the arena UAV 8 and
/// the raw UAV 11 (abi-facts §1.4).
fn heap_partner(kernel: &Kernel, id: u32) -> Option<u32> {
    let d = &kernel.decls;
    match (id, d.uavs.get(&id)?) {
        (8, UavDecl::Arena) => d.uavs.contains_key(&11).then_some(11),
        (11, _) => d.uavs.get(&8).filter(|k| **k == UavDecl::Arena).map(|_| 8),
        _ => None,
    }
}

/// Every declared buffer bound (and large enough), every bound buffer declared: the checks
/// every device makes before a launch, so that all refuse the same launches.
pub fn check(kernel: &Kernel, shape: Shape, b: &Bindings) -> Result<(), RunError> {
    let d = &kernel.decls;
    for (&id, &len) in &d.const_buffers {
        match b.const_buffers.get(&id) {
            Some(cb) if (cb.len() as u64) < u64::from(len) => {
                return Err(bad(format!(
                    "cb{id} needs {len} elements ({} bytes: its declaration, or the largest constant index the program reads) but the bound buffer has {} ({} bytes)",
                    u64::from(len) * 16,
                    cb.len(),
                    cb.len() * 16
                )))
            }
            Some(_) => {}
            None if id == 0 && matches!(shape, Shape::Compute { .. }) => {}
            None => {
                return Err(bad(format!(
                    "cb{id} is declared (dcl_cb cb{id}[{len}]) but no constant buffer {id} is bound"
                )))
            }
        }
    }
    if let Some(id) = b
        .const_buffers
        .keys()
        .find(|id| !d.const_buffers.contains_key(id))
    {
        return Err(bad(format!(
            "constant buffer {id} is bound but the program does not declare cb{id}"
        )));
    }
    for (&id, decl) in &d.uavs {
        if let UavDecl::Typed { ty, format } = *decl {
            if !typed_uav_supported(ty, format) {
                return Err(RunError::Unsupported(format!(
                    "typed UAV {id} of type {ty} and format {format}: the runtime binds buffer, 1D, 1D-array, 2D, 2D-array, 3D and 2D MSAA (array) UAVs of 32-bit uint, sint or float elements"
                )));
            }
            if let Some(bytes) = b.uavs.get(&id) {
                if let Some(e) = typed_uav_size_error(id, ty, b.uav_sizes.get(&id), bytes.len()) {
                    return Err(bad(e));
                }
            }
        }
        let partner_bound = heap_partner(kernel, id).is_some_and(|p| b.uavs.contains_key(&p));
        if !b.uavs.contains_key(&id) && !partner_bound {
            return Err(bad(format!("UAV {id} is declared but not bound")));
        }
    }
    if let Some(id) = b.uavs.keys().find(|id| !d.uavs.contains_key(id)) {
        return Err(bad(format!(
            "UAV {id} is bound but the program declares no UAV {id}"
        )));
    }
    if let Some((id, size)) = b
        .uav_sizes
        .iter()
        .find(|(id, _)| !matches!(d.uavs.get(id), Some(UavDecl::Typed { .. })))
    {
        return Err(bad(format!(
            "UAV {id} is bound with a size ({size}) but is not a typed UAV: its size is its buffer's"
        )));
    }
    for (&id, decl) in &d.resources {
        if !supported_resource_type(decl.ty) {
            return Err(RunError::Unsupported(format!(
                "resource {id} of type {}: the runtime binds 1D and 2D resources and buffers",
                decl.ty
            )));
        }
        if let Some(f) = decl
            .formats
            .iter()
            .find(|f| !supported_resource_format(**f))
        {
            return Err(RunError::Unsupported(format!(
                "resource {id} with {f} components: the runtime binds 32-bit float, uint and sint components"
            )));
        }
        if let Some(r) = b.resources.get(&id) {
            let one_d = matches!(
                decl.ty,
                PixTexUsage::Tex1D | PixTexUsage::Buffer | PixTexUsage::Tex1DArray
            );
            if one_d && r.height != 1 {
                return Err(bad(format!(
                    "resource {id} is declared {} but bound with height {}",
                    decl.ty, r.height
                )));
            }
            let array = matches!(decl.ty, PixTexUsage::Tex1DArray | PixTexUsage::Tex2DArray);
            if !array && r.slices != 1 {
                return Err(bad(format!(
                    "resource {id} is declared {} but bound with {} slices",
                    decl.ty, r.slices
                )));
            }
        }
    }
    if let Some(id) = d
        .resources
        .keys()
        .chain(d.srvs.keys())
        .find(|id| !b.resources.contains_key(id))
    {
        return Err(bad(format!("resource {id} is declared but not bound")));
    }
    let declared = |id: &&u32| d.resources.contains_key(id) || d.srvs.contains_key(id);
    if let Some(id) = b.resources.keys().find(|id| !declared(id)) {
        return Err(bad(format!(
            "resource {id} is bound but the program declares no resource {id}"
        )));
    }
    if let Shape::Pixel { width, height } = shape {
        let pixels = u64::from(width) * u64::from(height);
        for &n in &d.inputs {
            match b.inputs.get(&n) {
                None => {
                    return Err(bad(format!(
                        "input v{n} is read but not bound (one 16-byte element per pixel)"
                    )))
                }
                Some(v) if v.len() as u64 != pixels => {
                    return Err(bad(format!(
                        "input v{n} has {} elements; the {width}x{height} domain needs {pixels}",
                        v.len()
                    )))
                }
                Some(_) => {}
            }
        }
    }
    if d.uses_global && b.global.is_none() {
        return Err(bad(
            "the program uses the global buffer g[] but none is bound",
        ));
    }
    Ok(())
}

/// Hands the memory back to the bindings after a run.
pub fn restore(mem: &mut Memory, kernel: &Kernel, bindings: &mut Bindings) {
    let mut cbs = std::mem::take(&mut mem.const_buffers);
    if mem.auto_cb0 {
        // The filled-in cb0 was never the caller's.
        cbs.remove(&0);
    }
    bindings.const_buffers.extend(cbs);
    let buffers = std::mem::take(&mut mem.uav_buffers);
    for (id, bytes) in std::mem::take(&mut mem.uav_ids).into_iter().zip(buffers) {
        bindings.uavs.insert(id, bytes);
    }
    mem.uav_of.clear();
    bindings
        .resources
        .extend(std::mem::take(&mut mem.resources));
    if kernel.decls.uses_global {
        bindings.global = Some(std::mem::take(&mut mem.global));
    }
}
