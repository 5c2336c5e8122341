//! Memory instructions beyond raw UAV dword accesses: LDS (DS instructions), fences and
//! barriers, UAV atomics (MUBUF atomics), structured, byte/short, arena and typed UAV
//! accesses.
//!
//! # LDS addressing
//!
//! IL LDS allocations (`dcl_lds_id`, `dcl_struct_lds_id`) are laid out one after the
//! other from byte 0 of the work-group's LDS, each rounded up to dwords (the reference
//! interpreter's layout, `runtime-sim/src/interp/kernel.rs`). An access is in range when it
//! lies inside its allocation (`il-semantics`), which is stricter than the hardware's
//! bounds check against the whole LDS (vega L1471-1483). So every access whose offset is
//! not a compile-time constant computes `in = off <= size - bytes` and uses the address
//! `0xFFFF_FFFF` when it is out of the allocation: the hardware then returns 0 for reads
//! and drops writes and atomics, which is the IL's meaning (lds_load_vec "return 0",
//! L8323; lds_store_vec "write nothing", L8596). The allocation base is added to the
//! address, never put in the DS offset field, so that the out-of-range address cannot
//! wrap back into the LDS.
//!
//! # GDS
//!
//! GDS allocations (`dcl_gds_id`) are laid out the same way in the device's global data
//! share; each GDS instruction is the LDS one with GDS=1, preceded by
//! `s_mov_b32 m0, gds_bytes` (the window `{base 0, size}`, vega L1579-1581) and the one
//! wait state an M0 write needs before GDS (vega Table 8 row 10). The same per-allocation
//! bounds apply.
//!
//! Append buffer counters (`append_buf_alloc` / `append_buf_consume`) are GDS dwords after
//! the GDS allocations, one per UAV id: a wave adds (subtracts) its number of active lanes
//! with one returning GDS atomic issued by its first active lane, and each lane's value is
//! the old counter plus (minus) the number of active lanes below it (`v_mbcnt`), which is
//! the reference's lane order. The counters start at 0 (the model's GDS does; a driver
//! would clear them).
//!
//! # Owner-compute LDS
//!
//! `lds_write_vec` / `lds_read_vec` (R7xx owner model): work-item `o` owns the
//! `dcl_lds_size_per_thread` dwords from byte `o * 4 * size`, where `o` is the flat id in
//! the group (relative sharing: each wave gets its own space) or the lane (absolute: all
//! waves share lanes' space), as `runtime-sim/src/interp/memory.rs::owner_lds`.

use std::collections::BTreeMap;

use il_frontend::opcode::Opcode as IlOpcode;
use il_semantics::memory::{atomic_of, Atomic, Space};
use midend::ir::{DstKind, IlOp, Value};
use smallvec::{smallvec, SmallVec};

use super::{il_id, il_src, unsupported, written, Dst, Mods, Selector, Src};
use crate::isa::{Buf, Ds, Inst, Opcode, Operand, Sopp};
use crate::mir::{File, RegRef, Slot, VReg};
use crate::CompileError;

/// Append counters kept in GDS (UAV ids below this).
const APPEND_COUNTERS: u32 = 1024;

/// The address that is out of every LDS (and cannot wrap back in: DS offsets stay 0).
const LDS_NOWHERE: u32 = 0xFFFF_FFFF;

/// One LDS allocation: byte offset in the group's LDS, size in bytes, struct stride.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LdsAlloc {
    pub offset: u32,
    pub size: u32,
    pub stride: Option<u32>,
}

/// How a UAV is declared: it decides how an address operand becomes a byte offset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum UavKind {
    /// Byte addresses (`dcl_raw_uav_id`).
    #[default]
    Raw,
    /// `dcl_struct_uav_id(n) stride`: `x * stride + y`.
    Struct { stride: u32 },
    /// `dcl_arena_uav_id(n)`: byte addresses.
    Arena,
    /// Typed, 32-bit elements: a load of a float format returns w = 1.0.
    Typed { float: bool, shape: TypedShape },
}

/// How a typed UAV's `src0` gives the byte offset of its element (`docs/abi.md`, "Typed
/// UAVs").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TypedShape {
    /// A buffer or 1D UAV: element `x` at byte `4x`, bounded by the buffer.
    #[default]
    Linear,
    /// (x, y, z, sample), each from the `src0` component given (0 for `None`), against the
    /// width, height, depth and samples the launch passes in the kernel arguments
    /// (`KernelAbi::typed_uav_sizes`): element `((z·H + y)·W + x)·S + sample` at 4 bytes
    /// each, or an offset past any buffer when a coordinate is out of range.
    Sized([Option<u8>; 4]),
}

/// What selection needs to know about the program's memory declarations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemLayout {
    pub lds: BTreeMap<u32, LdsAlloc>,
    /// `dcl_lds_size_per_thread` dwords and whether sharing is absolute.
    pub lds_per_thread: Option<(u32, bool)>,
    pub uavs: BTreeMap<u32, UavKind>,
    /// GDS allocations by id (laid out like LDS) and their total bytes.
    pub gds: BTreeMap<u32, LdsAlloc>,
    pub gds_bytes: u32,
    /// Raw (`None`) and structured (`Some(stride)`) SRVs.
    pub srvs: BTreeMap<u32, Option<u32>>,
    /// Indexed-temporary arrays: number to (first element, length).
    pub private_arrays: BTreeMap<u32, (u32, u32)>,
    /// Elements of all indexed-temporary arrays.
    pub private_elements: u32,
}

/// Whether the owner-compute instructions need the flat thread id in the group.
pub fn needs_flat_tid(il: &IlOp) -> bool {
    matches!(il.opcode, IlOpcode::LdsWriteVec | IlOpcode::LdsReadVec)
}

/// Whether [`Selector::memory_il`] selects `op`.
pub fn handles(op: IlOpcode) -> bool {
    use IlOpcode as O;
    atomic_of(op).is_some()
        || matches!(
            op,
            O::AppendBufAlloc
                | O::AppendBufConsume
                | O::GdsLoad
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
                | O::Fence
                | O::UavStructLoad
                | O::UavStructStore
                | O::UavByteLoad
                | O::UavUbyteLoad
                | O::UavShortLoad
                | O::UavUshortLoad
                | O::UavByteStore
                | O::UavShortStore
                | O::UavArenaLoad
                | O::UavArenaStore
                | O::UavLoad
                | O::UavStore
                | O::SrvRawLoad
                | O::SrvStructLoad
        )
}

/// The DS opcode of an LDS atomic (vega 12.13; data0 = src1.x, data1 = src2.x).
fn ds_atomic(op: Atomic, ret: bool) -> Opcode {
    use Opcode as M;
    let (plain, rtn) = match op {
        Atomic::Add => (M::DS_ADD_U32, M::DS_ADD_RTN_U32),
        Atomic::Sub => (M::DS_SUB_U32, M::DS_SUB_RTN_U32),
        Atomic::Rsub => (M::DS_RSUB_U32, M::DS_RSUB_RTN_U32),
        Atomic::Min => (M::DS_MIN_I32, M::DS_MIN_RTN_I32),
        Atomic::Max => (M::DS_MAX_I32, M::DS_MAX_RTN_I32),
        Atomic::Umin => (M::DS_MIN_U32, M::DS_MIN_RTN_U32),
        Atomic::Umax => (M::DS_MAX_U32, M::DS_MAX_RTN_U32),
        Atomic::And => (M::DS_AND_B32, M::DS_AND_RTN_B32),
        Atomic::Or => (M::DS_OR_B32, M::DS_OR_RTN_B32),
        Atomic::Xor => (M::DS_XOR_B32, M::DS_XOR_RTN_B32),
        Atomic::Xchg => (M::DS_WRITE_B32, M::DS_WRXCHG_RTN_B32),
        // ds_cmpst: MEM = (MEM == DATA) ? DATA2 : MEM, the IL's (compare, new) order.
        Atomic::CmpXchg => (M::DS_CMPST_B32, M::DS_CMPST_RTN_B32),
        Atomic::Inc => (M::DS_INC_U32, M::DS_INC_RTN_U32),
        Atomic::Dec => (M::DS_DEC_U32, M::DS_DEC_RTN_U32),
        Atomic::Mskor => (M::DS_MSKOR_B32, M::DS_MSKOR_RTN_B32),
    };
    if ret {
        rtn
    } else {
        plain
    }
}

/// The MUBUF atomic of a UAV atomic; gfx9 has no reverse subtract (vega 12.16).
fn buf_atomic(op: Atomic) -> Option<Opcode> {
    use Opcode as M;
    Some(match op {
        Atomic::Add => M::BUFFER_ATOMIC_ADD,
        Atomic::Sub => M::BUFFER_ATOMIC_SUB,
        Atomic::Min => M::BUFFER_ATOMIC_SMIN,
        Atomic::Max => M::BUFFER_ATOMIC_SMAX,
        Atomic::Umin => M::BUFFER_ATOMIC_UMIN,
        Atomic::Umax => M::BUFFER_ATOMIC_UMAX,
        Atomic::And => M::BUFFER_ATOMIC_AND,
        Atomic::Or => M::BUFFER_ATOMIC_OR,
        Atomic::Xor => M::BUFFER_ATOMIC_XOR,
        Atomic::Xchg => M::BUFFER_ATOMIC_SWAP,
        Atomic::CmpXchg => M::BUFFER_ATOMIC_CMPSWAP,
        Atomic::Inc => M::BUFFER_ATOMIC_INC,
        Atomic::Dec => M::BUFFER_ATOMIC_DEC,
        Atomic::Rsub | Atomic::Mskor => return None,
    })
}

impl Selector<'_> {
    /// The memory instructions of this module (see [`handles`]).
    pub(crate) fn memory_il(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
    ) -> Result<(), CompileError> {
        use IlOpcode as O;
        if let Some((space, op, ret)) = atomic_of(il.opcode) {
            return match space {
                Space::Lds => self.lds_atomic(il, args, results, op, ret, false),
                Space::Gds => self.lds_atomic(il, args, results, op, ret, true),
                Space::Uav => self.uav_atomic(il, args, results, op, ret),
            };
        }
        let mask = match il.dst {
            DstKind::Values(m) | DstKind::Memory(m) => m,
            DstKind::None => 0,
        };
        match il.opcode {
            O::Fence => {
                self.fence(il.control & 1 != 0);
                Ok(())
            }
            O::AppendBufAlloc | O::AppendBufConsume => {
                self.append_counter(il, results, il.opcode == O::AppendBufAlloc)
            }
            O::GdsLoad => {
                let al = self.shared_alloc(il, true)?;
                let off = self.lds_scalar_offset(il, args, al, 4);
                let addr = self.lds_checked(off, al, 0, 4);
                let t = self.m.new_vreg(File::V, 1);
                self.ds_on(true, Opcode::DS_READ_B32, Some(t), addr, None, None);
                self.broadcast(t, results);
                Ok(())
            }
            O::LdsLoad | O::LdsLoadByte | O::LdsLoadUbyte | O::LdsLoadShort | O::LdsLoadUshort => {
                let (size, op) = match il.opcode {
                    O::LdsLoadByte => (1, Opcode::DS_READ_I8),
                    O::LdsLoadUbyte => (1, Opcode::DS_READ_U8),
                    O::LdsLoadShort => (2, Opcode::DS_READ_I16),
                    O::LdsLoadUshort => (2, Opcode::DS_READ_U16),
                    _ => (4, Opcode::DS_READ_B32),
                };
                let al = self.lds_alloc(il)?;
                let off = self.lds_scalar_offset(il, args, al, size);
                let addr = self.lds_checked(off, al, 0, size);
                let t = self.m.new_vreg(File::V, 1);
                self.ds(op, Some(t), addr, None, None);
                self.broadcast(t, results);
                Ok(())
            }
            O::LdsStoreByte | O::LdsStoreShort => {
                let size = if il.opcode == O::LdsStoreByte { 1 } else { 2 };
                let op = if size == 1 {
                    Opcode::DS_WRITE_B8
                } else {
                    Opcode::DS_WRITE_B16
                };
                let al = self.lds_alloc(il)?;
                let off = self.lds_scalar_offset(il, args, al, size);
                let addr = self.lds_checked(off, al, 0, size);
                let data = self.operand_v(il, args, 1, 0);
                self.ds(op, None, addr, Some(data), None);
                Ok(())
            }
            O::LdsLoadVec | O::LdsStoreVec => {
                let al = self.lds_alloc(il)?;
                let x = self.operand(il, args, 0, 0);
                let off = match al.stride {
                    Some(s) => {
                        let y = self.operand(il, args, 1, 0);
                        self.mad(x, s, y)
                    }
                    None => x,
                };
                let off = self.and_imm(off, !3);
                let mut k = 0;
                for c in 0..4u8 {
                    if mask >> c & 1 == 0 {
                        continue;
                    }
                    let addr = self.lds_checked(off, al, 4 * u32::from(c), 4);
                    if il.opcode == O::LdsLoadVec {
                        let Some(&r) = results.get(k) else { break };
                        k += 1;
                        let t = self.m.new_vreg(File::V, 1);
                        self.ds(Opcode::DS_READ_B32, Some(t), addr, None, None);
                        self.broadcast(t, &[r]);
                    } else {
                        let data = self.operand_v(il, args, 2, c);
                        self.ds(Opcode::DS_WRITE_B32, None, addr, Some(data), None);
                    }
                }
                Ok(())
            }
            O::LdsWriteVec | O::LdsReadVec => self.owner_lds(il, args, results, mask),
            O::UavStructLoad | O::UavStructStore => {
                let (rsrc, kind) = self.uav(il_id(il))?;
                let x = self.operand(il, args, 0, 0);
                let off = match kind {
                    UavKind::Struct { stride } => {
                        let y = self.operand(il, args, 0, 1);
                        self.mad(x, stride, y)
                    }
                    _ => x,
                };
                let off = self.and_imm(off, !3);
                let addr = self.in_vgpr(off);
                let mut k = 0;
                for c in 0..4u8 {
                    if mask >> c & 1 == 0 {
                        continue;
                    }
                    if il.opcode == O::UavStructLoad {
                        let Some(&r) = results.get(k) else { break };
                        k += 1;
                        self.load_dword(r, addr, rsrc, 4 * u16::from(c));
                    } else {
                        let data = self.operand_v(il, args, 1, c);
                        self.buf(
                            Opcode::BUFFER_STORE_DWORD,
                            data,
                            addr,
                            rsrc,
                            4 * u16::from(c),
                            false,
                        );
                    }
                }
                Ok(())
            }
            O::SrvRawLoad | O::SrvStructLoad => {
                // Four dwords from byte `x` (raw) or `x * stride + y` (structured), each 0
                // past the end (L8666).
                let id = il_id(il);
                let rsrc = *self
                    .srv_rsrc
                    .get(&id)
                    .ok_or_else(|| unsupported(format!("SRV {id} has no binding")))?;
                let x = self.operand(il, args, 0, 0);
                let off = match self.mem.srvs.get(&id).copied().flatten() {
                    Some(stride) => {
                        let y = self.operand(il, args, 0, 1);
                        self.mad(x, stride, y)
                    }
                    None => x,
                };
                let off = self.and_imm(off, !3);
                let addr = self.in_vgpr(off);
                self.load_components(results, mask, addr, rsrc);
                Ok(())
            }
            O::UavByteLoad | O::UavUbyteLoad | O::UavShortLoad | O::UavUshortLoad => {
                let (size, op) = match il.opcode {
                    O::UavByteLoad => (1, Opcode::BUFFER_LOAD_SBYTE),
                    O::UavUbyteLoad => (1, Opcode::BUFFER_LOAD_UBYTE),
                    O::UavShortLoad => (2, Opcode::BUFFER_LOAD_SSHORT),
                    _ => (2, Opcode::BUFFER_LOAD_USHORT),
                };
                self.uav_sized_load(il, args, results, size, op, false)
            }
            O::UavByteStore | O::UavShortStore => {
                let (size, op) = if il.opcode == O::UavByteStore {
                    (1, Opcode::BUFFER_STORE_BYTE)
                } else {
                    (2, Opcode::BUFFER_STORE_SHORT)
                };
                self.uav_sized_store(il, args, size, op, false)
            }
            O::UavArenaLoad | O::UavArenaStore => {
                // IL_LOAD_STORE_DATA_SIZE (App.B L11204): 0 dword, 1 short, 2 byte.
                let size = match il.field("size").unwrap_or(0) {
                    2 => 1,
                    1 => 2,
                    _ => 4,
                };
                if il.opcode == O::UavArenaLoad {
                    let op = match size {
                        1 => Opcode::BUFFER_LOAD_UBYTE,
                        2 => Opcode::BUFFER_LOAD_USHORT,
                        _ => Opcode::BUFFER_LOAD_DWORD,
                    };
                    self.uav_sized_load(il, args, results, size, op, false)
                } else {
                    let op = match size {
                        1 => Opcode::BUFFER_STORE_BYTE,
                        2 => Opcode::BUFFER_STORE_SHORT,
                        _ => Opcode::BUFFER_STORE_DWORD,
                    };
                    self.uav_sized_store(il, args, size, op, false)
                }
            }
            O::UavLoad => {
                let (_, kind) = self.uav(il_id(il))?;
                let UavKind::Typed { float, .. } = kind else {
                    return Err(unsupported("uav_load of a UAV that is not typed"));
                };
                // (v, 0, 0, 1): the first result component gets the element, the others
                // the constants of a one-channel format.
                let mut k = 0;
                let mut loaded = None;
                for c in 0..4u8 {
                    if mask >> c & 1 == 0 {
                        continue;
                    }
                    let Some(&r) = results.get(k) else { break };
                    k += 1;
                    let d = self.vreg(r);
                    match c {
                        0 => loaded = Some(r),
                        3 => {
                            self.mov32(Dst::r(d), Src::Imm(if float { 1f32.to_bits() } else { 1 }))
                        }
                        _ => self.mov32(Dst::r(d), Src::Imm(0)),
                    }
                }
                if let Some(r) = loaded {
                    self.uav_sized_load(il, args, &[r], 4, Opcode::BUFFER_LOAD_DWORD, true)?;
                }
                Ok(())
            }
            O::UavStore => {
                let (_, kind) = self.uav(il_id(il))?;
                if !matches!(kind, UavKind::Typed { .. }) {
                    return Err(unsupported("uav_store to a UAV that is not typed"));
                }
                self.uav_sized_store(il, args, 4, Opcode::BUFFER_STORE_DWORD, true)
            }
            other => Err(unsupported(format!(
                "the IL instruction `{}`",
                other.mnemonic()
            ))),
        }
    }

    // ---- operands ------------------------------------------------------------------------

    /// Component `comp` of source `src` (0 when the instruction does not read it).
    fn operand(&mut self, il: &IlOp, args: &[Value], src: usize, comp: u8) -> Src {
        match il_src(il, args, src, comp) {
            Some(v) => self.src(v),
            None => Src::Imm(0),
        }
    }

    /// Component `comp` of source `src` in a VGPR (DS and MUBUF data).
    fn operand_v(&mut self, il: &IlOp, args: &[Value], src: usize, comp: u8) -> VReg {
        let s = self.operand(il, args, src, comp);
        self.in_vgpr(s)
    }

    /// A source in a VGPR of its own size 1.
    fn in_vgpr(&mut self, s: Src) -> VReg {
        match s {
            Src::R(r, 0, 1) if self.m.info(r).file == File::V && self.m.info(r).size == 1 => r,
            _ => {
                let t = self.m.new_vreg(File::V, 1);
                self.mov32(Dst::r(t), s);
                t
            }
        }
    }

    /// `x * k + y` in 32 bits (constants folded).
    fn mad(&mut self, x: Src, k: u32, y: Src) -> Src {
        if let (Src::Imm(a), Src::Imm(b)) = (x, y) {
            return Src::Imm(a.wrapping_mul(k).wrapping_add(b));
        }
        let p = self.vop(Opcode::V_MUL_LO_U32, &[x, Src::Imm(k)]);
        if y == Src::Imm(0) {
            return Src::r(p);
        }
        let s = self.vop(Opcode::V_ADD_U32, &[y, Src::r(p)]);
        Src::r(s)
    }

    /// `x & m` (constants folded; a full mask is free).
    fn and_imm(&mut self, x: Src, m: u32) -> Src {
        if m == u32::MAX {
            return x;
        }
        if let Src::Imm(a) = x {
            return Src::Imm(a & m);
        }
        let t = self.vop(Opcode::V_AND_B32, &[Src::Imm(m), x]);
        Src::r(t)
    }

    /// Copies a loaded VGPR to every result (scalar loads fill each component).
    fn broadcast(&mut self, t: VReg, results: &[Value]) {
        for &r in results {
            let d = self.vreg(r);
            if d == t {
                continue;
            }
            if self.m.info(d).file == File::V {
                self.mov32(Dst::r(d), Src::r(t));
            } else {
                self.readfirstlane(Dst::r(d), Src::r(t));
            }
        }
    }

    // ---- LDS -----------------------------------------------------------------------------

    fn lds_alloc(&self, il: &IlOp) -> Result<LdsAlloc, CompileError> {
        self.shared_alloc(il, false)
    }

    /// The LDS (or GDS) allocation an instruction names.
    fn shared_alloc(&self, il: &IlOp, gds: bool) -> Result<LdsAlloc, CompileError> {
        let id = il_id(il);
        let (map, what) = if gds {
            (&self.mem.gds, "GDS")
        } else {
            (&self.mem.lds, "LDS")
        };
        map.get(&id)
            .copied()
            .ok_or_else(|| unsupported(format!("{what} id {id} is not declared")))
    }

    /// The offset in the allocation of a scalar access: `src0.x` (typeless) or
    /// `src0.x * stride + src0.y` (structured), aligned to the access size.
    fn lds_scalar_offset(&mut self, il: &IlOp, args: &[Value], al: LdsAlloc, size: u32) -> Src {
        let x = self.operand(il, args, 0, 0);
        let off = match al.stride {
            Some(s) => {
                let y = self.operand(il, args, 0, 1);
                self.mad(x, s, y)
            }
            None => {
                // A typeless address that is a multiple of 4 by construction needs no
                // alignment (the common `4 * index`).
                if il_src(il, args, 0, 0).is_some_and(|v| self.known_aligned(v, 4)) {
                    return x;
                }
                x
            }
        };
        self.and_imm(off, !(size - 1))
    }

    /// The LDS byte address of `bytes` at `extra` past offset `off` of allocation `al`, or
    /// [`LDS_NOWHERE`] where that is outside the allocation.
    fn lds_checked(&mut self, off: Src, al: LdsAlloc, extra: u32, bytes: u32) -> VReg {
        let addr = self.m.new_vreg(File::V, 1);
        let limit = i64::from(al.size) - i64::from(extra) - i64::from(bytes);
        let base = al.offset.wrapping_add(extra);
        match off {
            _ if limit < 0 => self.mov32(Dst::r(addr), Src::Imm(LDS_NOWHERE)),
            Src::Imm(o) => {
                let a = if i64::from(o) <= limit {
                    base.wrapping_add(o)
                } else {
                    LDS_NOWHERE
                };
                self.mov32(Dst::r(addr), Src::Imm(a));
            }
            Src::R(..) => {
                let m = self.m.new_vreg(File::S, 2);
                self.valu(
                    Opcode::V_CMP_LE_U32,
                    None,
                    Some(Dst(m, 0, 2)),
                    &[off, Src::Imm(limit as u32)],
                    Mods::default(),
                );
                let inside = if base != 0 {
                    let t = self.vop(Opcode::V_ADD_U32, &[Src::Imm(base), off]);
                    Src::r(t)
                } else {
                    off
                };
                self.valu(
                    Opcode::V_CNDMASK_B32,
                    Some(Dst::r(addr)),
                    None,
                    &[Src::Imm(LDS_NOWHERE), inside, Src::R(m, 0, 2)],
                    Mods::default(),
                );
            }
        }
        addr
    }

    /// One DS instruction with offset 0 on the LDS.
    pub(super) fn ds(
        &mut self,
        op: Opcode,
        vdst: Option<VReg>,
        addr: VReg,
        data0: Option<VReg>,
        data1: Option<VReg>,
    ) {
        self.ds_on(false, op, vdst, addr, data0, data1);
    }

    /// One DS instruction with offset 0 on the LDS or (with `gds`) the GDS, whose window
    /// M0 sets first.
    fn ds_on(
        &mut self,
        gds: bool,
        op: Opcode,
        vdst: Option<VReg>,
        addr: VReg,
        data0: Option<VReg>,
        data1: Option<VReg>,
    ) {
        if gds {
            let window = self.gds_window();
            self.push(
                Inst::Salu(crate::isa::Salu {
                    op: Opcode::S_MOV_B32,
                    dst: Some(Operand::M0),
                    src0: Some(super::imm_operand(window, crate::isa::Ty::B32)),
                    src1: None,
                }),
                SmallVec::new(),
            );
            self.push(
                Inst::Sopp(Sopp {
                    op: Opcode::S_NOP,
                    simm16: 0,
                }),
                SmallVec::new(),
            );
        }
        let mut regs: SmallVec<[RegRef; 4]> =
            smallvec![self.reg_ref(Slot::Vaddr, addr, 0, 1, false)];
        let mut slot = |this: &Self, r: Option<VReg>, s: Slot, def: bool| {
            r.map(|r| {
                regs.push(this.reg_ref(s, r, 0, 1, def));
                Operand::v(0)
            })
        };
        let data0 = slot(self, data0, Slot::Src(0), false);
        let data1 = slot(self, data1, Slot::Src(1), false);
        let vdst = slot(self, vdst, Slot::Dst, true);
        self.push(
            Inst::Ds(Ds {
                op,
                vdst,
                addr: Some(Operand::v(0)),
                data0,
                data1,
                offset: 0,
                gds,
            }),
            regs,
        );
    }

    /// The GDS bytes M0 opens: the allocations and the append counters.
    fn gds_window(&self) -> u32 {
        self.counters_start()
            .saturating_add(4 * APPEND_COUNTERS)
            .min(0xFFFF)
    }

    /// The GDS byte of the first append counter: after the GDS allocations.
    fn counters_start(&self) -> u32 {
        self.mem.gds_bytes.saturating_add(3) & !3
    }

    /// `append_buf_alloc` (`alloc`) / `append_buf_consume` of UAV `id`'s counter.
    fn append_counter(
        &mut self,
        il: &IlOp,
        results: &[Value],
        alloc: bool,
    ) -> Result<(), CompileError> {
        let id = il_id(il);
        if id >= APPEND_COUNTERS {
            return Err(unsupported(format!("the append counter of UAV {id}")));
        }
        let none = Mods::default();
        let counter = self.counters_start().saturating_add(4 * id);
        let saved = self.m.new_vreg(File::S, 2);
        self.exec_op(Opcode::S_MOV_B64, Some(saved), &[]);
        let lanes = self.m.new_vreg(File::S, 1);
        self.salu(
            Opcode::S_BCNT1_I32_B64,
            Some(Dst::r(lanes)),
            &[Src::R(saved, 0, 2)],
        );
        let first = self.m.new_vreg(File::S, 1);
        self.salu(
            Opcode::S_FF1_I32_B64,
            Some(Dst::r(first)),
            &[Src::R(saved, 0, 2)],
        );
        // EXEC = the first active lane alone.
        self.push(
            Inst::Salu(crate::isa::Salu {
                op: Opcode::S_LSHL_B64,
                dst: Some(Operand::EXEC),
                src0: Some(Operand::Int(1)),
                src1: Some(Operand::s(0)),
            }),
            smallvec![self.reg_ref(Slot::Src(1), first, 0, 1, false)],
        );
        let addr = self.m.new_vreg(File::V, 1);
        self.mov32(Dst::r(addr), Src::Imm(counter));
        let count = self.m.new_vreg(File::V, 1);
        self.mov32(Dst::r(count), Src::r(lanes));
        let old = self.m.new_vreg(File::V, 1);
        let op = if alloc {
            Opcode::DS_ADD_RTN_U32
        } else {
            Opcode::DS_SUB_RTN_U32
        };
        self.ds_on(true, op, Some(old), addr, Some(count), None);
        self.exec_op(Opcode::S_MOV_B64, None, &[saved]);
        let base = self.m.new_vreg(File::S, 1);
        self.readfirstlane(Dst::r(base), Src::r(old));
        let below_lo = self.vop(
            Opcode::V_MBCNT_LO_U32_B32,
            &[Src::R(saved, 0, 1), Src::Imm(0)],
        );
        let below = self.vop(
            Opcode::V_MBCNT_HI_U32_B32,
            &[Src::R(saved, 1, 1), Src::r(below_lo)],
        );
        let value = self.m.new_vreg(File::V, 1);
        let op = if alloc {
            Opcode::V_ADD_U32
        } else {
            Opcode::V_SUB_U32
        };
        self.valu(
            op,
            Some(Dst::r(value)),
            None,
            &[Src::r(base), Src::r(below)],
            none,
        );
        self.broadcast(value, results);
        Ok(())
    }

    fn lds_atomic(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
        op: Atomic,
        ret: bool,
        gds: bool,
    ) -> Result<(), CompileError> {
        let al = self.shared_alloc(il, gds)?;
        let off = self.lds_scalar_offset(il, args, al, 4);
        let addr = self.lds_checked(off, al, 0, 4);
        let d0 = self.operand_v(il, args, 1, 0);
        let d1 =
            matches!(op, Atomic::CmpXchg | Atomic::Mskor).then(|| self.operand_v(il, args, 2, 0));
        let t = ret.then(|| self.m.new_vreg(File::V, 1));
        self.ds_on(gds, ds_atomic(op, ret), t, addr, Some(d0), d1);
        if let Some(t) = t {
            self.broadcast(t, results);
        }
        Ok(())
    }

    /// `lds_write_vec` / `lds_read_vec` of the owner-compute model.
    fn owner_lds(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
        mask: u8,
    ) -> Result<(), CompileError> {
        let (dwords, default_abs) = self.mem.lds_per_thread.unwrap_or((0, false));
        if dwords > 64 {
            return Err(unsupported(format!(
                "{dwords} LDS dwords per work-item (at most 64)"
            )));
        }
        let per_item = dwords * 4;
        let absolute = il.field("sharingMode") == Some(1) || default_abs;
        let tid = self.flat_tid()?;
        if il.opcode == IlOpcode::LdsWriteVec {
            // area = owner * per_item, owner = flat id (relative) or lane (absolute).
            let owner = if absolute {
                Src::r(self.vop_and(tid, 63))
            } else {
                Src::r(tid)
            };
            let offset = il.field("lOffset").unwrap_or(0).saturating_mul(4);
            let area = self.mad(owner, per_item, Src::Imm(0));
            for c in 0..4u8 {
                if mask >> c & 1 == 0 {
                    continue;
                }
                let at = offset.saturating_add(4 * u32::from(c));
                if at.saturating_add(4) > per_item {
                    continue;
                }
                let addr = self.vop(Opcode::V_ADD_U32, &[Src::Imm(at), area]);
                let data = self.operand_v(il, args, 0, c);
                self.ds(Opcode::DS_WRITE_B32, None, addr, Some(data), None);
            }
            return Ok(());
        }
        // owner = wave base + src0.x; base = owner * per_item + src0.y * 4.
        let x = self.operand(il, args, 0, 0);
        let owner = if absolute {
            x
        } else {
            let wave = self.vop_and(tid, !63);
            let t = self.vop(Opcode::V_ADD_U32, &[x, Src::r(wave)]);
            Src::r(t)
        };
        let y = self.operand(il, args, 0, 1);
        let y4 = self.mad(y, 4, Src::Imm(0));
        let base = self.mad(owner, per_item, y4);
        let base = self.in_vgpr(base);
        if il.field("neighborExch").unwrap_or(0) != 0 {
            self.neighbor_exchange(tid, base, results, mask);
            return Ok(());
        }
        for (c, r) in written(mask, results) {
            let addr = if c == 0 {
                base
            } else {
                self.vop(
                    Opcode::V_ADD_U32,
                    &[Src::Imm(4 * u32::from(c)), Src::r(base)],
                )
            };
            let t = self.m.new_vreg(File::V, 1);
            self.ds(Opcode::DS_READ_B32, Some(t), addr, None, None);
            self.broadcast(t, &[r]);
        }
        Ok(())
    }

    /// `lds_read_vec_neighborExch` (L4919): lane `4q + i` receives, in component `c`,
    /// component `i` of what lane `4q + c` reads, i.e. the dword at `base(4q + c) + 4i`;
    /// a lane that is inactive reads nothing and gives 0 (the reference interpreter,
    /// `owner_lds`; `docs/decisions.md`). So rather than reading four dwords and
    /// shuffling sixteen values, each lane fetches the base address of the quad lane of
    /// its component with `ds_bpermute_b32` (which reads 0 from an inactive lane, vega
    /// L19294-19310) and reads one dword there. The base travels as `base + 1`, so 0 means
    /// "no active lane"; such a component reads [`LDS_NOWHERE`], i.e. 0.
    fn neighbor_exchange(&mut self, tid: VReg, base: VReg, results: &[Value], mask: u8) {
        let sent = self.vop(Opcode::V_ADD_U32, &[Src::Imm(1), Src::r(base)]);
        // Waves hold 64 consecutive flat ids, so the lane is tid mod 64; bpermute takes a
        // lane's byte address (4 * lane, bits 7:2).
        let tid4 = self.vop(Opcode::V_LSHLREV_B32, &[Src::Imm(2), Src::r(tid)]);
        let quad4 = self.vop_and(tid4, 0xF0);
        let own4 = self.vop_and(tid4, 0xC);
        // base + 1 + (4i - 1) = base + 4i.
        let own4m1 = self.vop(Opcode::V_ADD_U32, &[Src::Imm(u32::MAX), Src::r(own4)]);
        for (c, r) in written(mask, results) {
            let lane4 = if c == 0 {
                quad4
            } else {
                self.vop(
                    Opcode::V_OR_B32,
                    &[Src::Imm(4 * u32::from(c)), Src::r(quad4)],
                )
            };
            let theirs = self.m.new_vreg(File::V, 1);
            self.ds(
                Opcode::DS_BPERMUTE_B32,
                Some(theirs),
                lane4,
                Some(sent),
                None,
            );
            let active = self.cmp_mask(
                Opcode::V_CMP_NE_U32,
                Src::Imm(0),
                Src::r(theirs),
                Mods::default(),
            );
            let at = self.vop(Opcode::V_ADD_U32, &[Src::r(own4m1), Src::r(theirs)]);
            let addr = self.sel(Src::Imm(LDS_NOWHERE), Src::r(at), active);
            let t = self.m.new_vreg(File::V, 1);
            self.ds(Opcode::DS_READ_B32, Some(t), addr, None, None);
            self.broadcast(t, &[r]);
        }
    }

    fn vop_and(&mut self, v: VReg, m: u32) -> VReg {
        self.vop(Opcode::V_AND_B32, &[Src::Imm(m), Src::r(v)])
    }

    /// A fence: every memory access of the wave completes (`s_waitcnt vmcnt(0)
    /// lgkmcnt(0)`); with `_threads`, the waves of the group then meet at `s_barrier`.
    pub(crate) fn fence(&mut self, threads: bool) {
        self.push(
            Inst::Sopp(Sopp {
                op: Opcode::S_WAITCNT,
                simm16: crate::waitcnt::waitcnt_simm16(Some(0), Some(0)),
            }),
            SmallVec::new(),
        );
        if threads {
            self.push(
                Inst::Sopp(Sopp {
                    op: Opcode::S_BARRIER,
                    simm16: 0,
                }),
                SmallVec::new(),
            );
        }
    }

    // ---- UAVs ----------------------------------------------------------------------------

    fn uav(&self, id: u32) -> Result<(VReg, UavKind), CompileError> {
        let rsrc = *self
            .uav_rsrc
            .get(&id)
            .ok_or_else(|| unsupported(format!("UAV {id} has no binding")))?;
        Ok((rsrc, self.mem.uavs.get(&id).copied().unwrap_or_default()))
    }

    /// The byte offset of a byte/short/dword access: `x` (or `4x` for typed UAVs),
    /// aligned to the size.
    fn sized_offset(
        &mut self,
        il: &IlOp,
        args: &[Value],
        size: u32,
        typed: bool,
    ) -> Result<VReg, CompileError> {
        let off = if typed {
            let id = il_id(il);
            let shape = match self.uav(id)?.1 {
                UavKind::Typed { shape, .. } => shape,
                _ => TypedShape::Linear,
            };
            self.typed_offset(il, args, id, shape)?
        } else {
            let x = self.operand(il, args, 0, 0);
            self.and_imm(x, !(size - 1))
        };
        Ok(self.in_vgpr(off))
    }

    /// The byte offset of a typed UAV's element (`TypedShape`): `4x` for a linear one; for
    /// a sized one `4·(((z·H + y)·W + x)·S + s)` when every coordinate is below its size,
    /// else 0xFFFF_FFFC, which MUBUF range checking takes as out of range for every buffer
    /// (`num_records` is at most 0xFFFF_FFFC), so a load reads 0 and a store or atomic
    /// writes nothing, as the interpreter does.
    fn typed_offset(
        &mut self,
        il: &IlOp,
        args: &[Value],
        id: u32,
        shape: TypedShape,
    ) -> Result<Src, CompileError> {
        let TypedShape::Sized(sources) = shape else {
            let x = self.operand(il, args, 0, 0);
            return Ok(self.mad(x, 4, Src::Imm(0)));
        };
        let dims = *self.uav_dims.get(&id).ok_or_else(|| {
            unsupported(format!(
                "typed UAV {id} has no size in the kernel arguments"
            ))
        })?;
        let coords: Vec<Src> = sources
            .iter()
            .map(|c| c.map_or(Src::Imm(0), |c| self.operand(il, args, 0, c)))
            .collect();
        // In range: every coordinate unsigned-below its size (a coordinate the dimension
        // does not have is 0 against a size of 1).
        let mut inside: Option<VReg> = None;
        for (k, &c) in coords.iter().enumerate() {
            if sources[k].is_none() {
                continue;
            }
            let c = Src::r(self.in_vgpr(c));
            // size > c: the SGPR in src0, as VOPC's 32-bit form wants.
            let m = self.cmp_mask(
                Opcode::V_CMP_GT_U32,
                Src::R(dims, k as u8, 1),
                c,
                Default::default(),
            );
            inside = Some(match inside {
                None => m,
                Some(prev) => {
                    let t = self.m.new_vreg(File::S, 2);
                    self.salu(
                        Opcode::S_AND_B64,
                        Some(Dst(t, 0, 2)),
                        &[Src::R(prev, 0, 2), Src::R(m, 0, 2)],
                    );
                    t
                }
            });
        }
        // ((z·H + y)·W + x)·S + s, then bytes; a dimension the UAV does not have has size
        // 1 (the launch checks it) and adds nothing.
        let dim = |k: u8| Src::R(dims, k, 1);
        let mut e = coords[1];
        if sources[2].is_some() {
            let p = self.vop(Opcode::V_MUL_LO_U32, &[coords[2], dim(1)]);
            e = Src::r(self.vop(Opcode::V_ADD_U32, &[coords[1], Src::r(p)]));
        }
        let p = self.vop(Opcode::V_MUL_LO_U32, &[e, dim(0)]);
        let mut e = Src::r(self.vop(Opcode::V_ADD_U32, &[coords[0], Src::r(p)]));
        if sources[3].is_some() {
            let p = self.vop(Opcode::V_MUL_LO_U32, &[e, dim(3)]);
            e = Src::r(self.vop(Opcode::V_ADD_U32, &[coords[3], Src::r(p)]));
        }
        let bytes = Src::r(self.vop(Opcode::V_LSHLREV_B32, &[Src::Imm(2), e]));
        Ok(match inside {
            Some(m) => Src::r(self.sel(Src::Imm(0xFFFF_FFFC), bytes, m)),
            None => bytes,
        })
    }

    fn uav_sized_load(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
        size: u32,
        op: Opcode,
        typed: bool,
    ) -> Result<(), CompileError> {
        let (rsrc, _) = self.uav(il_id(il))?;
        let addr = self.sized_offset(il, args, size, typed)?;
        let t = self.m.new_vreg(File::V, 1);
        self.buf(op, t, addr, rsrc, 0, true);
        self.broadcast(t, results);
        Ok(())
    }

    fn uav_sized_store(
        &mut self,
        il: &IlOp,
        args: &[Value],
        size: u32,
        op: Opcode,
        typed: bool,
    ) -> Result<(), CompileError> {
        let (rsrc, _) = self.uav(il_id(il))?;
        let addr = self.sized_offset(il, args, size, typed)?;
        let data = self.operand_v(il, args, 1, 0);
        self.buf(op, data, addr, rsrc, 0, false);
        Ok(())
    }

    fn uav_atomic(
        &mut self,
        il: &IlOp,
        args: &[Value],
        results: &[Value],
        op: Atomic,
        ret: bool,
    ) -> Result<(), CompileError> {
        let opcode = match buf_atomic(op) {
            Some(o) => o,
            None if op == Atomic::Rsub => Opcode::BUFFER_ATOMIC_CMPSWAP,
            None => {
                return Err(unsupported(format!(
                    "the IL instruction `{}` (gfx9 has no buffer atomic for it)",
                    il.opcode.mnemonic()
                )))
            }
        };
        let mut id = il_id(il);
        if il.field("arena").unwrap_or(0) != 0 {
            id = self
                .mem
                .uavs
                .iter()
                .find(|(_, k)| **k == UavKind::Arena)
                .map_or(8, |(&i, _)| i);
        }
        let (rsrc, kind) = self.uav(id)?;
        let x = self.operand(il, args, 0, 0);
        // A structured UAV is (index, offset) for every stride, 4 included (L3375-L3378);
        // the typeless declarations of stride 4 are `UavKind::Raw` already.
        let off = match kind {
            UavKind::Struct { stride } => {
                let y = self.operand(il, args, 0, 1);
                self.mad(x, stride, y)
            }
            UavKind::Typed { shape, .. } => self.typed_offset(il, args, id, shape)?,
            _ => x,
        };
        let off = self.and_imm(off, !3);
        let addr = self.in_vgpr(off);
        let a = self.operand(il, args, 1, 0);
        if op == Atomic::Rsub {
            let old = self.rsub_loop(addr, rsrc, a);
            self.broadcast(old, if ret { results } else { &[] });
            return Ok(());
        }
        let wide = op == Atomic::CmpXchg;
        let data = self.m.new_vreg(File::V, if wide { 2 } else { 1 });
        self.mov32(Dst(data, 0, 1), a);
        if wide {
            // DATA[0] = new value (src1.x), DATA[1] = compare value (src2.x): the UAV
            // compare is `if (uav == src2) uav = src1` (L8756).
            let b = self.operand(il, args, 2, 0);
            self.mov32(Dst(data, 1, 1), b);
        }
        self.buf_atomic_inst(opcode, data, addr, rsrc, ret);
        if ret {
            let t = if wide {
                let t = self.m.new_vreg(File::V, 1);
                self.mov32(Dst::r(t), Src::R(data, 0, 1));
                t
            } else {
                data
            };
            self.broadcast(t, results);
        }
        Ok(())
    }

    /// A MUBUF atomic at `addr` (offen) with data `data` (2 dwords for CMPSWAP); with
    /// `ret` (glc) the old value comes back in the first dword of `data`.
    fn buf_atomic_inst(&mut self, opcode: Opcode, data: VReg, addr: VReg, rsrc: VReg, ret: bool) {
        let n = self.m.info(data).size;
        let mut regs: SmallVec<[RegRef; 4]> = smallvec![
            self.reg_ref(Slot::Dst, data, 0, n, false),
            self.reg_ref(Slot::Vaddr, addr, 0, 1, false),
            self.reg_ref(Slot::Srsrc, rsrc, 0, 4, false)
        ];
        if ret {
            // The whole operand is named (the allocator rewrites the slot from each
            // reference); only its first dword is written back.
            regs.push(self.reg_ref(Slot::Dst, data, 0, n, true));
        }
        self.push(
            Inst::Buf(Buf {
                op: opcode,
                vdata: Some(self.placeholder(data, n)),
                vaddr: Some(Operand::v(0)),
                srsrc: Some(Operand::s_range(0, 4)),
                soffset: Some(Operand::Int(0)),
                offset: 0,
                offen: true,
                idxen: false,
                glc: ret,
                slc: false,
                lds: false,
                tfe: false,
                dfmt: 0,
                nfmt: 0,
            }),
            regs,
        );
    }

    /// `M = a - M` by compare-and-swap, as gfx9 has no `buffer_atomic_rsub`: read M, then
    /// until every lane's swap succeeded, swap in `a - old` where M still holds `old`
    /// (lanes whose swap failed retry with the value the swap returned). Returns the
    /// value M held before each lane's update. Out-of-range lanes read 0 and their swap
    /// returns 0, so they leave at once with 0, as the reference's out-of-range atomics.
    fn rsub_loop(&mut self, addr: VReg, rsrc: VReg, a: Src) -> VReg {
        let none = Mods::default();
        let old = self.m.new_vreg(File::V, 1);
        self.buf(Opcode::BUFFER_LOAD_DWORD, old, addr, rsrc, 0, true);
        let saved = self.m.new_vreg(File::S, 2);
        self.exec_op(Opcode::S_MOV_B64, Some(saved), &[]);
        let top = self.m.new_label();
        self.label(top);
        let pair = self.m.new_vreg(File::V, 2);
        self.valu(
            Opcode::V_SUB_U32,
            Some(Dst(pair, 0, 1)),
            None,
            &[a, Src::r(old)],
            none,
        );
        self.mov32(Dst(pair, 1, 1), Src::r(old));
        self.buf_atomic_inst(Opcode::BUFFER_ATOMIC_CMPSWAP, pair, addr, rsrc, true);
        let failed = self.m.new_vreg(File::S, 2);
        self.valu(
            Opcode::V_CMP_NE_U32,
            None,
            Some(Dst(failed, 0, 2)),
            &[Src::R(pair, 0, 1), Src::r(old)],
            none,
        );
        self.mov32(Dst::r(old), Src::R(pair, 0, 1));
        self.exec_op(Opcode::S_AND_B64, None, &[failed]);
        self.branch(Opcode::S_CBRANCH_EXECNZ, top);
        self.exec_op(Opcode::S_MOV_B64, None, &[saved]);
        old
    }

    /// `dst = op(EXEC, srcs)` with `dst` EXEC when `None`; `S_MOV_B64` with a `dst` saves
    /// EXEC, without one restores it from `srcs[0]`.
    fn exec_op(&mut self, op: Opcode, dst: Option<VReg>, srcs: &[VReg]) {
        let mut regs: SmallVec<[RegRef; 4]> = SmallVec::new();
        let dst_op = match dst {
            Some(d) => {
                regs.push(self.reg_ref(Slot::Dst, d, 0, 2, true));
                Operand::s_range(0, 2)
            }
            None => Operand::EXEC,
        };
        let (src0, src1) = match (op, srcs) {
            (Opcode::S_MOV_B64, [s]) => {
                regs.push(self.reg_ref(Slot::Src(0), *s, 0, 2, false));
                (Some(Operand::s_range(0, 2)), None)
            }
            (Opcode::S_MOV_B64, _) => (Some(Operand::EXEC), None),
            (_, [s]) => {
                regs.push(self.reg_ref(Slot::Src(1), *s, 0, 2, false));
                (Some(Operand::EXEC), Some(Operand::s_range(0, 2)))
            }
            _ => (Some(Operand::EXEC), None),
        };
        self.push(
            Inst::Salu(crate::isa::Salu {
                op,
                dst: Some(dst_op),
                src0,
                src1,
            }),
            regs,
        );
    }
}
