//! Memory instructions: scalar memory (SMEM, vega Ch7 L4563-4841), LDS (DS, Ch10
//! L8003-8392), buffers (MUBUF, Ch8 L4845-5866) and FLAT/GLOBAL/SCRATCH (Ch9 L7489-7999).
//!
//! Memory is read and written when the instruction issues; the registers a load writes
//! become pending until the matching `s_waitcnt` (see `wave.rs`). Addresses that reach no
//! allocation are refused (a memory violation, vega L1796-1827); buffer range checking
//! (L5427-5460) and LDS bounds (L1471-1483) return 0 / drop the write as the document
//! says, and are counted in the run report.
//!
//! Decisions where the document and LLVM's gfx9 code differ:
//! * DS instructions do not read M0 (the document requires M0 as an LDS size clamp,
//!   L8262-8264; LLVM does not initialise M0 for LDS on gfx9, abi-facts §4.2 "M0 need not
//!   be initialized on gfx9"). The clamp is the work-group's LDS size.
//! * GDS instructions (GDS=1) do read M0, `{ base[15:0], size[15:0] }` in bytes (L1579-1581):
//!   the access sees the window `[base, base + size)` of the device's 64 KiB GDS, with
//!   addresses relative to base and the LDS rules for addresses past the window (read 0,
//!   write dropped). M0 written by the SALU needs one wait state first (Table 8 row 10,
//!   L2138-2141). GWS, ordered count and append/consume are not modelled.
//! * Swizzled buffers use an element size of 4 bytes: the V# of gfx9 has no element-size
//!   field (digest §9 #10), and LLVM's private segment buffer relies on dword interleaving.

use backend_gcn::isa::{Buf, Ds, Flat, Format, Inst, Opcode, Operand, Smem, SmemOffset};

use super::memory::{
    load_le, store_le, GlobalMemory, APERTURE_SIZE, PRIVATE_APERTURE, SHARED_APERTURE,
};
use super::wave::{fault, unsupported, Class, Regs, Wave, R, WAVE};
use crate::runtime::OutOfRange;

/// Read-modify-write operations of the atomics (vega L18418-18916, L21367-21750).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rmw {
    Swap,
    /// DS_CMPST: compare value in DATA0, new value in DATA1 (vega L18632-18670).
    CmpSt,
    /// BUFFER/FLAT CMPSWAP: new value in `DATA[0]`, compare in `DATA[1]` (L21367ff).
    CmpSwap,
    Add,
    Sub,
    Rsub,
    Smin,
    Umin,
    Smax,
    Umax,
    And,
    Or,
    Xor,
    Inc,
    Dec,
    Mskor,
    FAdd,
    FMin,
    FMax,
}

/// What a memory instruction does, resolved at pre-decode time from its name.
#[derive(Clone, Copy, Debug)]
pub(crate) enum MemSem {
    /// s_load_dword*/s_buffer_load_dword*: `dwords` into SDATA.
    SLoad {
        dwords: u8,
        buffer: bool,
    },
    SStore {
        dwords: u8,
    },
    /// Cache maintenance without registers.
    SNop,
    STime,
    /// A vector or LDS load of `bytes` per element (1, 2 or 4) and `dwords` dwords.
    Load {
        bytes: u8,
        dwords: u8,
        signed: bool,
    },
    /// Two-address LDS load/store: element of `dwords` (1 or 2), offsets scaled by
    /// `scale` bytes.
    Load2 {
        dwords: u8,
        scale: u32,
    },
    Store {
        bytes: u8,
        dwords: u8,
        high: bool,
    },
    Store2 {
        dwords: u8,
        scale: u32,
    },
    Atomic {
        rmw: Rmw,
        wide: bool,
        ret: Option<bool>,
    },
    Permute {
        backward: bool,
    },
    /// No memory access (ds_nop, buffer_wbinvl1*): counts like a memory op.
    VNop,
    Unsupported,
}

fn rmw_of(name: &str) -> Option<Rmw> {
    Some(match name {
        "swap" | "wrxchg" => Rmw::Swap,
        "cmpst" => Rmw::CmpSt,
        "cmpswap" => Rmw::CmpSwap,
        "add" => Rmw::Add,
        "sub" => Rmw::Sub,
        "rsub" => Rmw::Rsub,
        "smin" => Rmw::Smin,
        "umin" => Rmw::Umin,
        "smax" => Rmw::Smax,
        "umax" => Rmw::Umax,
        "and" => Rmw::And,
        "or" => Rmw::Or,
        "xor" => Rmw::Xor,
        "inc" => Rmw::Inc,
        "dec" => Rmw::Dec,
        "mskor" => Rmw::Mskor,
        _ => return None,
    })
}

fn load_store(kind: &str) -> Option<MemSem> {
    // kind: ubyte, sbyte, ushort, sshort, dword, dwordx2..x4, byte, short, byte_d16_hi,
    // short_d16_hi (MUBUF/FLAT names) or b32, b64, b96, b128, u8, i8, u16, i16, b8, b16 (DS).
    Some(match kind {
        "ubyte" | "u8" => MemSem::Load {
            bytes: 1,
            dwords: 1,
            signed: false,
        },
        "sbyte" | "i8" => MemSem::Load {
            bytes: 1,
            dwords: 1,
            signed: true,
        },
        "ushort" | "u16" => MemSem::Load {
            bytes: 2,
            dwords: 1,
            signed: false,
        },
        "sshort" | "i16" => MemSem::Load {
            bytes: 2,
            dwords: 1,
            signed: true,
        },
        "dword" | "b32" => MemSem::Load {
            bytes: 4,
            dwords: 1,
            signed: false,
        },
        "dwordx2" | "b64" => MemSem::Load {
            bytes: 4,
            dwords: 2,
            signed: false,
        },
        "dwordx3" | "b96" => MemSem::Load {
            bytes: 4,
            dwords: 3,
            signed: false,
        },
        "dwordx4" | "b128" => MemSem::Load {
            bytes: 4,
            dwords: 4,
            signed: false,
        },
        _ => return None,
    })
}

fn store_of(kind: &str) -> Option<MemSem> {
    Some(match kind {
        "byte" | "b8" => MemSem::Store {
            bytes: 1,
            dwords: 1,
            high: false,
        },
        "byte_d16_hi" | "b8_d16_hi" => MemSem::Store {
            bytes: 1,
            dwords: 1,
            high: true,
        },
        "short" | "b16" => MemSem::Store {
            bytes: 2,
            dwords: 1,
            high: false,
        },
        "short_d16_hi" | "b16_d16_hi" => MemSem::Store {
            bytes: 2,
            dwords: 1,
            high: true,
        },
        "dword" | "b32" => MemSem::Store {
            bytes: 4,
            dwords: 1,
            high: false,
        },
        "dwordx2" | "b64" => MemSem::Store {
            bytes: 4,
            dwords: 2,
            high: false,
        },
        "dwordx3" | "b96" => MemSem::Store {
            bytes: 4,
            dwords: 3,
            high: false,
        },
        "dwordx4" | "b128" => MemSem::Store {
            bytes: 4,
            dwords: 4,
            high: false,
        },
        _ => return None,
    })
}

/// Resolves a memory instruction's semantics from its LLVM name.
pub(crate) fn resolve(inst: &Inst) -> MemSem {
    let op = inst.opcode();
    let name = op.name();
    match inst {
        Inst::Smem(_) => {
            if let Some(k) = name
                .strip_prefix("s_load_dword")
                .or(name.strip_prefix("s_buffer_load_dword"))
            {
                let dwords = match k {
                    "" => 1,
                    "x2" => 2,
                    "x4" => 4,
                    "x8" => 8,
                    "x16" => 16,
                    _ => return MemSem::Unsupported,
                };
                return MemSem::SLoad {
                    dwords,
                    buffer: name.starts_with("s_buffer"),
                };
            }
            if let Some(k) = name.strip_prefix("s_store_dword") {
                let dwords = match k {
                    "" => 1,
                    "x2" => 2,
                    "x4" => 4,
                    _ => return MemSem::Unsupported,
                };
                return MemSem::SStore { dwords };
            }
            match op {
                Opcode::S_DCACHE_INV
                | Opcode::S_DCACHE_WB
                | Opcode::S_DCACHE_INV_VOL
                | Opcode::S_DCACHE_WB_VOL => MemSem::SNop,
                Opcode::S_MEMTIME | Opcode::S_MEMREALTIME => MemSem::STime,
                _ => MemSem::Unsupported,
            }
        }
        Inst::Ds(_) => {
            let Some(rest) = name.strip_prefix("ds_") else {
                return MemSem::Unsupported;
            };
            match rest {
                "nop" => return MemSem::VNop,
                "permute_b32" => return MemSem::Permute { backward: false },
                "bpermute_b32" => return MemSem::Permute { backward: true },
                _ => {}
            }
            for (pre, st64) in [("write2st64_", true), ("write2_", false)] {
                if let Some(t) = rest.strip_prefix(pre) {
                    let dwords = if t == "b64" { 2 } else { 1 };
                    let scale = 4 * u32::from(dwords) * if st64 { 64 } else { 1 };
                    return MemSem::Store2 { dwords, scale };
                }
            }
            for (pre, st64) in [("read2st64_", true), ("read2_", false)] {
                if let Some(t) = rest.strip_prefix(pre) {
                    let dwords = if t == "b64" { 2 } else { 1 };
                    let scale = 4 * u32::from(dwords) * if st64 { 64 } else { 1 };
                    return MemSem::Load2 { dwords, scale };
                }
            }
            if let Some(t) = rest.strip_prefix("write_") {
                return store_of(t).unwrap_or(MemSem::Unsupported);
            }
            if let Some(t) = rest.strip_prefix("read_") {
                return load_store(t).unwrap_or(MemSem::Unsupported);
            }
            // Atomics: <op>[_rtn]_<type>.
            let (body, ty) = match rest.rsplit_once('_') {
                Some(x) => x,
                None => return MemSem::Unsupported,
            };
            let (base, ret) = match body.strip_suffix("_rtn") {
                Some(b) => (b, true),
                None => (body, false),
            };
            let wide = ty.ends_with("64");
            let rmw = match (base, ty) {
                ("min", "i32" | "i64") => Rmw::Smin,
                ("max", "i32" | "i64") => Rmw::Smax,
                ("min", "u32" | "u64") => Rmw::Umin,
                ("max", "u32" | "u64") => Rmw::Umax,
                ("min", "f32") => Rmw::FMin,
                ("max", "f32") => Rmw::FMax,
                ("add", "f32") => Rmw::FAdd,
                (_, "f32" | "f64") if base != "cmpst" => return MemSem::Unsupported,
                (b, _) => match rmw_of(b) {
                    Some(r) => r,
                    None => return MemSem::Unsupported,
                },
            };
            if matches!(rmw, Rmw::FMin | Rmw::FMax | Rmw::FAdd | Rmw::CmpSt) && wide {
                return MemSem::Unsupported;
            }
            MemSem::Atomic {
                rmw,
                wide,
                ret: Some(ret),
            }
        }
        Inst::Buf(_) | Inst::Flat(_) => {
            let rest = name
                .strip_prefix("buffer_")
                .or(name.strip_prefix("global_"))
                .or(name.strip_prefix("flat_"))
                .or(name.strip_prefix("scratch_"));
            let Some(rest) = rest else {
                return MemSem::Unsupported;
            };
            if rest == "wbinvl1" || rest == "wbinvl1_vol" {
                return MemSem::VNop;
            }
            if let Some(t) = rest.strip_prefix("load_") {
                return load_store(t).unwrap_or(MemSem::Unsupported);
            }
            if let Some(t) = rest.strip_prefix("store_") {
                return store_of(t).unwrap_or(MemSem::Unsupported);
            }
            if let Some(t) = rest.strip_prefix("atomic_") {
                let (b, wide) = match t.strip_suffix("_x2") {
                    Some(b) => (b, true),
                    None => (t, false),
                };
                return match rmw_of(b) {
                    Some(rmw) if !matches!(rmw, Rmw::CmpSt | Rmw::Rsub | Rmw::Mskor) => {
                        MemSem::Atomic {
                            rmw,
                            wide,
                            ret: None,
                        }
                    }
                    _ => MemSem::Unsupported,
                };
            }
            MemSem::Unsupported
        }
        _ => MemSem::Unsupported,
    }
}

/// The new memory value of an atomic (vega L18418-18916; INC/DEC wrap at DATA).
fn rmw_apply(rmw: Rmw, old: u64, d0: u64, d1: u64, wide: bool) -> u64 {
    let m = if wide { u64::MAX } else { 0xffff_ffff };
    let (o, a) = (old & m, d0 & m);
    let sx = |x: u64| {
        if wide {
            x as i64
        } else {
            i64::from(x as u32 as i32)
        }
    };
    let r = match rmw {
        Rmw::Swap => a,
        Rmw::CmpSt => {
            if o == a {
                d1
            } else {
                o
            }
        }
        Rmw::CmpSwap => {
            if o == d1 & m {
                a
            } else {
                o
            }
        }
        Rmw::Add => o.wrapping_add(a),
        Rmw::Sub => o.wrapping_sub(a),
        Rmw::Rsub => a.wrapping_sub(o),
        Rmw::Smin => {
            if sx(a) < sx(o) {
                a
            } else {
                o
            }
        }
        Rmw::Smax => {
            if sx(a) > sx(o) {
                a
            } else {
                o
            }
        }
        Rmw::Umin => o.min(a),
        Rmw::Umax => o.max(a),
        Rmw::And => o & a,
        Rmw::Or => o | a,
        Rmw::Xor => o ^ a,
        Rmw::Inc => {
            if o >= a {
                0
            } else {
                o + 1
            }
        }
        Rmw::Dec => {
            if o == 0 || o > a {
                a
            } else {
                o - 1
            }
        }
        Rmw::Mskor => (o & !a) | (d1 & m),
        Rmw::FAdd => u64::from((f32::from_bits(o as u32) + f32::from_bits(a as u32)).to_bits()),
        Rmw::FMin => {
            let (x, y) = (f32::from_bits(o as u32), f32::from_bits(a as u32));
            u64::from(if y < x || x.is_nan() { y } else { x }.to_bits())
        }
        Rmw::FMax => {
            let (x, y) = (f32::from_bits(o as u32), f32::from_bits(a as u32));
            u64::from(if y > x || x.is_nan() { y } else { x }.to_bits())
        }
    };
    r & m
}

/// The memories an instruction can reach.
pub(crate) struct Mem<'a> {
    pub global: &'a mut GlobalMemory,
    pub lds: &'a mut [u8],
    pub oor: &'a mut OutOfRange,
    /// The allocation the last global access reached, tried first by the next one.
    pub hint: usize,
}

fn vgpr_of(op: Option<Operand>, what: &str) -> R<(u8, u8)> {
    match op {
        Some(Operand::Vgpr { index, count }) => Ok((index, count)),
        _ => fault(format!("{what} must be a VGPR")),
    }
}

fn lds_read(lds: &[u8], addr: u64, n: usize, oor: &mut OutOfRange) -> u64 {
    let a = addr as usize;
    if addr > lds.len() as u64 || a + n > lds.len() {
        oor.lds_reads += 1;
        return 0;
    }
    load_le(&lds[a..a + n])
}

fn lds_write(lds: &mut [u8], addr: u64, n: usize, v: u64, oor: &mut OutOfRange) {
    let a = addr as usize;
    if addr > lds.len() as u64 || a + n > lds.len() {
        oor.lds_writes += 1;
        return;
    }
    store_le(&mut lds[a..a + n], v);
}

fn gread(g: &GlobalMemory, addr: u64, n: usize) -> R<u64> {
    gread_near(g, addr, n, &mut 0)
}

fn gread_near(g: &GlobalMemory, addr: u64, n: usize, hint: &mut usize) -> R<u64> {
    match g.read_le_near(addr, n, hint) {
        Some(v) => Ok(v),
        None => fault(format!(
            "reads {n} bytes at 0x{addr:x}, which is not in any allocation (memory violation)"
        )),
    }
}

fn gwrite(g: &mut GlobalMemory, addr: u64, n: usize, v: u64) -> R<()> {
    gwrite_near(g, addr, n, v, &mut 0)
}

fn gwrite_near(g: &mut GlobalMemory, addr: u64, n: usize, v: u64, hint: &mut usize) -> R<()> {
    if !g.write_le_near(addr, n, v, hint) {
        return fault(format!(
            "writes {n} bytes at 0x{addr:x}, which is not in any allocation (memory violation)"
        ));
    }
    Ok(())
}

/// SMEM (vega L4663-4708, 12.6 L11124-12194).
pub(crate) fn exec_smem(
    w: &mut Wave,
    i: &Smem,
    sem: MemSem,
    g: &mut GlobalMemory,
    oor: &mut OutOfRange,
) -> R<()> {
    let base_op = i.sbase;
    let offset = match i.offset {
        Some(SmemOffset::Imm(k)) => i64::from(k) as u64,
        Some(SmemOffset::Sgpr(o)) => u64::from(w.sread(o)?),
        None => 0,
    };
    match sem {
        MemSem::SNop => {
            w.issue_mem(Class::Smem, None, false);
            Ok(())
        }
        MemSem::STime => {
            let Some(Operand::Sgpr { code, .. }) = i.sdata else {
                return fault("s_memtime needs an SGPR pair");
            };
            w.check_load_dest(Regs::S(code, 2), Class::Smem)?;
            let t = w.issue;
            w.swrite(code, 2, t)?;
            w.issue_mem(Class::Smem, Some(Regs::S(code, 2)), false);
            Ok(())
        }
        MemSem::SLoad { dwords, buffer } => {
            let Some(Operand::Sgpr { code, .. }) = i.sdata else {
                return fault("SMEM load destination must be SGPRs");
            };
            let Some(Operand::Sgpr { code: b, .. }) = base_op else {
                return fault("SMEM base must be SGPRs");
            };
            let vals = if buffer {
                w.check_read(Regs::S(b, 4))?;
                let s = |k: u8| w.s[usize::from(b + k) & 127];
                let base = u64::from(s(0)) | u64::from(s(1) & 0xffff) << 32;
                let num_records = u64::from(s(2));
                let mut vals = Vec::with_capacity(usize::from(dwords));
                for k in 0..u64::from(dwords) {
                    let off = (offset & !3) + 4 * k;
                    if off >= num_records {
                        oor.global_reads += 1;
                        vals.push(0);
                    } else {
                        vals.push(gread(g, base.wrapping_add(off), 4)? as u32);
                    }
                }
                vals
            } else {
                w.check_read(Regs::S(b, 2))?;
                let base =
                    u64::from(w.s[usize::from(b)]) | u64::from(w.s[usize::from(b + 1) & 127]) << 32;
                let addr = base.wrapping_add(offset) & !3;
                let mut vals = Vec::with_capacity(usize::from(dwords));
                for k in 0..u64::from(dwords) {
                    vals.push(gread(g, addr.wrapping_add(4 * k), 4)? as u32);
                }
                vals
            };
            w.check_load_dest(Regs::S(code, dwords), Class::Smem)?;
            for (k, v) in vals.into_iter().enumerate() {
                w.swrite(code + k as u8, 1, u64::from(v))?;
            }
            w.issue_mem(Class::Smem, Some(Regs::S(code, dwords)), false);
            Ok(())
        }
        MemSem::SStore { dwords } => {
            let Some(Operand::Sgpr { code, .. }) = i.sdata else {
                return fault("SMEM store data must be SGPRs");
            };
            let Some(Operand::Sgpr { code: b, .. }) = base_op else {
                return fault("SMEM base must be SGPRs");
            };
            w.check_read(Regs::S(b, 2))?;
            w.check_read(Regs::S(code, dwords))?;
            let base =
                u64::from(w.s[usize::from(b)]) | u64::from(w.s[usize::from(b + 1) & 127]) << 32;
            let addr = base.wrapping_add(offset) & !3;
            for k in 0..dwords {
                let v = w.s[usize::from(code + k) & 127];
                gwrite(g, addr + 4 * u64::from(k), 4, u64::from(v))?;
            }
            w.issue_mem(Class::Smem, None, true);
            Ok(())
        }
        _ => unsupported(format!("{} in the gfx906 model", i.op.name())),
    }
}

/// Per-lane addresses of an access and the lanes that access (EXEC at issue); the
/// addresses of the other lanes are unused.
struct Addrs {
    lanes: u64,
    a: [u64; WAVE],
}

impl Addrs {
    fn new(lanes: u64) -> Addrs {
        Addrs {
            lanes,
            a: [0; WAVE],
        }
    }

    /// The accessing lanes with their addresses, in lane order.
    fn each(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        lanes_of(self.lanes).map(|l| (l, self.a[l]))
    }
}

/// The set bits of `mask`, lowest first.
fn lanes_of(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let l = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            l
        })
    })
}

/// Where an access goes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Space {
    Lds,
    Global,
}

/// Loads/stores/atomics shared by DS, MUBUF and FLAT once the per-lane addresses are
/// known. `oor_lanes[l]` marks dwords beyond a buffer's range (per dword, bit k).
#[allow(clippy::too_many_arguments)]
fn access(
    w: &mut Wave,
    mem: &mut Mem<'_>,
    sem: MemSem,
    class: Class,
    addrs: &Addrs,
    spaces: &[Space; WAVE],
    oor_mask: &[u8; WAVE],
    vdst: Option<Operand>,
    data0: Option<Operand>,
    data1: Option<Operand>,
    glc: bool,
) -> R<()> {
    let exec = addrs.lanes;
    let read_elem = |mem: &mut Mem<'_>, sp: Space, addr: u64, n: usize| -> R<u64> {
        match sp {
            Space::Lds => Ok(lds_read(mem.lds, addr, n, mem.oor)),
            Space::Global => gread_near(mem.global, addr, n, &mut mem.hint),
        }
    };
    let write_elem = |mem: &mut Mem<'_>, sp: Space, addr: u64, n: usize, v: u64| -> R<()> {
        match sp {
            Space::Lds => {
                lds_write(mem.lds, addr, n, v, mem.oor);
                Ok(())
            }
            Space::Global => gwrite_near(mem.global, addr, n, v, &mut mem.hint),
        }
    };
    // The first of `n` data VGPRs, checked: readable and allocated.
    let data_regs = |w: &Wave, op: Option<Operand>, n: u8| -> R<usize> {
        let (idx, _) = vgpr_of(op, "store data")?;
        w.check_read(Regs::V(idx, n))?;
        if usize::from(idx) + usize::from(n) > w.v.len() {
            return fault(format!("store data v{idx} beyond the allocated VGPRs"));
        }
        Ok(usize::from(idx))
    };
    let data_lanes = |w: &Wave, op: Option<Operand>, n: u8| -> R<Vec<[u32; WAVE]>> {
        let first = data_regs(w, op, n)?;
        Ok(w.v[first..first + usize::from(n)].to_vec())
    };
    match sem {
        MemSem::Load {
            bytes,
            dwords,
            signed,
        } => {
            let (d, _) = vgpr_of(vdst, "load destination")?;
            w.check_load_dest(Regs::V(d, dwords), class)?;
            // Straight into the destination (allocated: checked above); the addresses
            // were computed before, so a destination that is also an address register is
            // read first. A faulting lane ends the run, so no partial result is seen.
            let n = usize::from(bytes);
            for (l, a) in addrs.each() {
                for k in 0..usize::from(dwords) {
                    let v = if oor_mask[l] >> k & 1 != 0 {
                        mem.oor.global_reads += 1;
                        0
                    } else {
                        let v = read_elem(mem, spaces[l], a + 4 * k as u64, n)?;
                        match (bytes, signed) {
                            (1, true) => v as u8 as i8 as i32 as u32,
                            (2, true) => v as u16 as i16 as i32 as u32,
                            _ => v as u32,
                        }
                    };
                    w.v[usize::from(d) + k][l] = v;
                }
            }
            w.issue_mem(class, Some(Regs::V(d, dwords)), false);
        }
        MemSem::Store {
            bytes,
            dwords,
            high,
        } => {
            let first = data_regs(w, data0, dwords)?;
            let data = &w.v[first..first + usize::from(dwords)];
            for (l, a) in addrs.each() {
                for (k, dk) in data.iter().enumerate() {
                    if oor_mask[l] >> k & 1 != 0 {
                        mem.oor.global_writes += 1;
                        continue;
                    }
                    let v = dk[l];
                    let v = match (bytes, high) {
                        (1, true) => v >> 16,
                        (2, true) => v >> 16,
                        _ => v,
                    };
                    write_elem(
                        mem,
                        spaces[l],
                        a + 4 * k as u64,
                        usize::from(bytes),
                        u64::from(v),
                    )?;
                }
            }
            w.issue_mem(class, None, true);
        }
        MemSem::Atomic { rmw, wide, ret } => {
            let n = if wide { 2 } else { 1 };
            // CMPSWAP's data holds the new value and the compare value (twice as wide).
            let dn = if rmw == Rmw::CmpSwap { 2 * n } else { n };
            let d0 = data_lanes(w, data0, dn)?;
            let d1 = match (rmw, data1) {
                (Rmw::CmpSt | Rmw::Mskor, Some(_)) => Some(data_lanes(w, data1, n)?),
                _ => None,
            };
            let returns = ret.unwrap_or(glc);
            let dest = if returns {
                let (d, _) = vgpr_of(vdst, "atomic return")?;
                w.check_load_dest(Regs::V(d, n), class)?;
                Some(d)
            } else {
                None
            };
            let lane = |v: &[[u32; WAVE]], k: usize, l: usize| -> u64 {
                v.get(k).map_or(0, |r| u64::from(r[l]))
            };
            let mut out = vec![[0u32; WAVE]; usize::from(n)];
            for (l, a) in addrs.each() {
                if oor_mask[l] != 0 {
                    mem.oor.global_writes += 1;
                    continue;
                }
                let nb = if wide { 8 } else { 4 };
                let x0 = lane(&d0, 0, l) | if wide { lane(&d0, 1, l) << 32 } else { 0 };
                let x1 = match (&d1, rmw) {
                    (Some(v), _) => lane(v, 0, l) | if wide { lane(v, 1, l) << 32 } else { 0 },
                    (None, Rmw::CmpSwap) => {
                        let k = usize::from(n);
                        lane(&d0, k, l) | if wide { lane(&d0, k + 1, l) << 32 } else { 0 }
                    }
                    _ => 0,
                };
                let old = read_elem(mem, spaces[l], a, nb)?;
                let new = rmw_apply(rmw, old, x0, x1, wide);
                write_elem(mem, spaces[l], a, nb, new)?;
                out[0][l] = old as u32;
                if wide {
                    out[1][l] = (old >> 32) as u32;
                }
            }
            if let Some(d) = dest {
                for (k, o) in out.iter().enumerate() {
                    let r = &mut w.v[usize::from(d) + k];
                    for l in 0..WAVE {
                        if exec >> l & 1 != 0 {
                            r[l] = o[l];
                        }
                    }
                }
            }
            w.issue_mem(class, dest.map(|d| Regs::V(d, n)), true);
        }
        _ => return unsupported("this memory instruction in the gfx906 model"),
    }
    Ok(())
}

/// DS (vega 10.3, L8185-8388).
pub(crate) fn exec_ds(w: &mut Wave, i: &Ds, sem: MemSem, mem: &mut Mem<'_>) -> R<()> {
    if i.gds {
        return exec_gds(w, i, sem, mem);
    }
    let exec = w.exec();
    if matches!(sem, MemSem::VNop) {
        w.issue_mem(Class::Lds, None, false);
        return Ok(());
    }
    if matches!(sem, MemSem::Unsupported) {
        return unsupported(format!("{} in the gfx906 model", i.op.name()));
    }
    let (a, _) = vgpr_of(i.addr, "DS address")?;
    w.check_read(Regs::V(a, 1))?;
    let base = w.v[usize::from(a)];
    match sem {
        MemSem::Permute { backward } => {
            let (d, _) = vgpr_of(i.data0, "ds_permute data")?;
            w.check_read(Regs::V(d, 1))?;
            let (dst, _) = vgpr_of(i.vdst, "ds_permute destination")?;
            w.check_load_dest(Regs::V(dst, 1), Class::Lds)?;
            let src = w.v[usize::from(d)];
            let off = u32::from(i.offset);
            let mut out = [0u32; WAVE];
            for l in 0..WAVE {
                if exec >> l & 1 == 0 {
                    continue;
                }
                let sel = (base[l].wrapping_add(off) / 4) as usize % WAVE;
                if backward {
                    // Inactive source lanes read 0 (vega L19294-19310).
                    out[l] = if exec >> sel & 1 != 0 { src[sel] } else { 0 };
                } else {
                    out[sel] = src[l];
                }
            }
            let r = &mut w.v[usize::from(dst)];
            for l in 0..WAVE {
                if exec >> l & 1 != 0 {
                    r[l] = out[l];
                }
            }
            w.issue_mem(Class::Lds, Some(Regs::V(dst, 1)), false);
            Ok(())
        }
        MemSem::Load2 { dwords, scale } | MemSem::Store2 { dwords, scale } => {
            let o0 = u64::from(i.offset & 0xff) * u64::from(scale);
            let o1 = u64::from(i.offset >> 8) * u64::from(scale);
            let nb = usize::from(dwords) * 4;
            if let MemSem::Load2 { .. } = sem {
                let (d, _) = vgpr_of(i.vdst, "ds_read2 destination")?;
                w.check_load_dest(Regs::V(d, 2 * dwords), Class::Lds)?;
                let mut vals = vec![[0u64; 2]; WAVE];
                for (l, v) in vals.iter_mut().enumerate() {
                    if exec >> l & 1 != 0 {
                        let b = u64::from(base[l]);
                        v[0] = lds_read(mem.lds, b + o0, nb, mem.oor);
                        v[1] = lds_read(mem.lds, b + o1, nb, mem.oor);
                    }
                }
                for (l, v) in vals.iter().enumerate() {
                    if exec >> l & 1 == 0 {
                        continue;
                    }
                    for (e, x) in v.iter().enumerate() {
                        for k in 0..usize::from(dwords) {
                            w.v[usize::from(d) + e * usize::from(dwords) + k][l] =
                                (x >> (32 * k)) as u32;
                        }
                    }
                }
                w.issue_mem(Class::Lds, Some(Regs::V(d, 2 * dwords)), false);
            } else {
                let (d0, _) = vgpr_of(i.data0, "ds_write2 data0")?;
                let (d1, _) = vgpr_of(i.data1, "ds_write2 data1")?;
                w.check_read(Regs::V(d0, dwords))?;
                w.check_read(Regs::V(d1, dwords))?;
                for (l, &bl) in base.iter().enumerate() {
                    if exec >> l & 1 == 0 {
                        continue;
                    }
                    let b = u64::from(bl);
                    for (dr, o) in [(d0, o0), (d1, o1)] {
                        let mut v = 0u64;
                        for k in 0..usize::from(dwords) {
                            v |= u64::from(w.v[usize::from(dr) + k][l]) << (32 * k);
                        }
                        lds_write(mem.lds, b + o, nb, v, mem.oor);
                    }
                }
                w.issue_mem(Class::Lds, None, true);
            }
            Ok(())
        }
        _ => {
            let mut addrs = Addrs::new(exec);
            for (a, b) in addrs.a.iter_mut().zip(base) {
                *a = u64::from(b) + u64::from(i.offset);
            }
            access(
                w,
                mem,
                sem,
                Class::Lds,
                &addrs,
                &[Space::Lds; WAVE],
                &[0; WAVE],
                i.vdst,
                i.data0,
                i.data1,
                false,
            )
        }
    }
}

/// A DS instruction with GDS=1: the LDS semantics on the GDS window that M0 selects.
fn exec_gds(w: &mut Wave, i: &Ds, sem: MemSem, mem: &mut Mem<'_>) -> R<()> {
    if matches!(
        sem,
        MemSem::Permute { .. } | MemSem::VNop | MemSem::Unsupported
    ) {
        return unsupported(format!("{} with gds in the gfx906 model", i.op.name()));
    }
    w.need_after_m0(
        &format!("{} reads M0", i.op.name()),
        "vega Table 8 row 10 (L2138-2141)",
    )?;
    let m0 = w.s[usize::from(super::wave::M0)];
    let mut gds = std::mem::take(&mut mem.global.gds);
    let end = ((m0 >> 16) as usize + (m0 & 0xffff) as usize).min(gds.len());
    let start = ((m0 >> 16) as usize).min(end);
    let local = Ds {
        gds: false,
        ..i.clone()
    };
    let r = {
        let mut window = Mem {
            global: &mut *mem.global,
            lds: &mut gds[start..end],
            oor: &mut *mem.oor,
            hint: 0,
        };
        exec_ds(w, &local, sem, &mut window)
    };
    mem.global.gds = gds;
    r
}

/// Dword interleaving of private memory: `(offset / 4) * 64 * 4 + lane * 4 + offset % 4`
/// (vega L5481-5497 with index = lane, index_stride 64, element size 4).
fn swizzle(offset: u64, lane: usize) -> u64 {
    (offset / 4) * 4 * WAVE as u64 + lane as u64 * 4 + offset % 4
}

/// MUBUF (vega 8.1.3-8.1.5, L5101-5633).
pub(crate) fn exec_buf(w: &mut Wave, i: &Buf, sem: MemSem, mem: &mut Mem<'_>) -> R<()> {
    if i.op.format() == Format::Mtbuf {
        return unsupported("MTBUF (typed buffer) instructions in the gfx906 model");
    }
    if i.lds || i.tfe {
        return unsupported("buffer instructions with lds or tfe");
    }
    if matches!(sem, MemSem::VNop) {
        w.issue_mem(Class::Vmem, None, false);
        return Ok(());
    }
    if matches!(sem, MemSem::Unsupported) {
        return unsupported(format!("{} in the gfx906 model", i.op.name()));
    }
    let hz = "vega Table 8 row 9 (L2134-2136, L2217-2221)";
    w.need_after_valu_op(
        i.srsrc,
        5,
        "a VMEM instruction reads an SGPR a VALU wrote",
        hz,
    )?;
    w.need_after_valu_op(
        i.soffset,
        5,
        "a VMEM instruction reads an SGPR a VALU wrote",
        hz,
    )?;
    let Some(Operand::Sgpr { code: rs, .. }) = i.srsrc else {
        return fault("buffer resource must be 4 SGPRs");
    };
    w.check_read(Regs::S(rs, 4))?;
    let d = |k: u8| w.s[usize::from(rs + k) & 127];
    let (d0, d1, d2, d3) = (d(0), d(1), d(2), d(3));
    let base = u64::from(d0) | u64::from(d1 & 0xffff) << 32;
    let stride = u64::from(d1 >> 16 & 0x3fff);
    let swizzle_en = d1 >> 31 != 0;
    let num_records = u64::from(d2);
    let add_tid = d3 >> 23 & 1 != 0;
    let stride_shift = 3 + (d3 >> 21 & 3);
    let index_stride = 1u64 << stride_shift;
    let soffset = match i.soffset {
        Some(o) => u64::from(w.sread(o)?),
        None => 0,
    };
    let vaddr = match i.vaddr {
        Some(Operand::Vgpr { index, count }) => {
            w.check_read(Regs::V(index, count))?;
            Some(index)
        }
        Some(_) => return fault("VADDR must be a VGPR"),
        None => None,
    };
    let exec = w.exec();
    let dwords = match sem {
        MemSem::Load { dwords, .. } | MemSem::Store { dwords, .. } => dwords,
        MemSem::Atomic { wide: true, .. } => 2,
        _ => 1,
    };
    let mut addrs = Addrs::new(exec);
    let mut oor = [0u8; WAVE];
    // VADDR's registers (a missing one reads 0, as the per-lane lookup did): the index and
    // the offset per lane.
    let zero = [0u32; WAVE];
    let vreg = |k: usize| {
        vaddr
            .and_then(|a| w.v.get(usize::from(a) + k))
            .unwrap_or(&zero)
    };
    let (vindex, voffset) = match (i.idxen, i.offen) {
        (true, true) => (vreg(0), vreg(1)),
        (true, false) => (vreg(0), &zero),
        (false, true) => (&zero, vreg(0)),
        (false, false) => (&zero, &zero),
    };
    // Every lane's address, without a branch per lane (the arithmetic cannot overflow:
    // 32-bit registers, a 14-bit stride, an index stride of at most 64); only the lanes of
    // EXEC access memory.
    for l in 0..WAVE {
        let index = u64::from(vindex[l]) + if add_tid { l as u64 } else { 0 };
        let offset = u64::from(voffset[l]) + u64::from(i.offset);
        let buffer_offset = if swizzle_en {
            // index_stride is a power of two (8 << n): a shift and a mask, not a division.
            let (imsb, ilsb) = (index >> stride_shift, index & (index_stride - 1));
            let (omsb, olsb) = (offset / 4, offset % 4);
            (imsb * stride + omsb * 4) * index_stride + ilsb * 4 + olsb
        } else {
            index * stride + offset
        };
        // Range checking (vega L5427-5460).
        for k in 0..dwords {
            let out = if add_tid && !i.idxen {
                false
            } else if i.idxen && stride != 0 {
                index >= num_records
            } else {
                offset + 4 * u64::from(k) >= num_records
            };
            oor[l] |= u8::from(out) << k;
        }
        addrs.a[l] = base.wrapping_add(soffset).wrapping_add(buffer_offset);
    }
    if swizzle_en && dwords > 1 {
        // Consecutive dwords of one lane are 64 dwords apart in swizzled memory: split
        // the access into dword accesses.
        return swizzled_multi(w, i, sem, mem, &addrs, &oor);
    }
    if dwords > 2
        && matches!(sem, MemSem::Store { .. })
        && !matches!(i.soffset, Some(Operand::Sgpr { .. }))
    {
        if let Some(Operand::Vgpr { index, .. }) = i.vdata {
            w.note_wide_store(Regs::V(index, dwords));
        }
    }
    let (vdst, data0) = match sem {
        MemSem::Load { .. } => (i.vdata, None),
        MemSem::Store { .. } => (None, i.vdata),
        _ => (i.vdata, i.vdata),
    };
    access(
        w,
        mem,
        sem,
        Class::Vmem,
        &addrs,
        &[Space::Global; WAVE],
        &oor,
        vdst,
        data0,
        None,
        i.glc,
    )
}

fn swizzled_multi(
    w: &mut Wave,
    i: &Buf,
    sem: MemSem,
    mem: &mut Mem<'_>,
    addrs: &Addrs,
    oor: &[u8; WAVE],
) -> R<()> {
    let (dwords, load) = match sem {
        MemSem::Load {
            bytes: 4, dwords, ..
        } => (dwords, true),
        MemSem::Store {
            bytes: 4, dwords, ..
        } => (dwords, false),
        _ => return unsupported("multi-dword atomics on swizzled buffers"),
    };
    let Some(Operand::Vgpr { index: v, .. }) = i.vdata else {
        return fault("VDATA must be VGPRs");
    };
    let exec = w.exec();
    if load {
        w.check_load_dest(Regs::V(v, dwords), Class::Vmem)?;
    } else {
        w.check_read(Regs::V(v, dwords))?;
    }
    if usize::from(v) + usize::from(dwords) > w.v.len() {
        return fault("VDATA beyond the allocated VGPRs");
    }
    for (l, a) in addrs.each() {
        for k in 0..usize::from(dwords) {
            let addr = a + 4 * WAVE as u64 * k as u64;
            if oor[l] >> k & 1 != 0 {
                continue;
            }
            if load {
                let x = gread_near(mem.global, addr, 4, &mut mem.hint)? as u32;
                if exec >> l & 1 != 0 {
                    w.v[usize::from(v) + k][l] = x;
                }
            } else {
                let x = w.v[usize::from(v) + k][l];
                gwrite_near(mem.global, addr, 4, u64::from(x), &mut mem.hint)?;
            }
        }
    }
    if load {
        w.issue_mem(Class::Vmem, Some(Regs::V(v, dwords)), false);
    } else {
        w.issue_mem(Class::Vmem, None, true);
    }
    Ok(())
}

/// FLAT, GLOBAL and SCRATCH (vega Ch9, L7888-7945).
pub(crate) fn exec_flat(w: &mut Wave, i: &Flat, sem: MemSem, mem: &mut Mem<'_>) -> R<()> {
    if matches!(sem, MemSem::Unsupported) {
        return unsupported(format!("{} in the gfx906 model", i.op.name()));
    }
    let fmt = i.op.format();
    let exec = w.exec();
    let hz = "vega Table 8 row 9 (L2134-2136, L2217-2221)";
    w.need_after_valu_op(
        i.saddr,
        5,
        "a VMEM instruction reads an SGPR a VALU wrote",
        hz,
    )?;
    let saddr = match i.saddr {
        Some(Operand::Sgpr { code, count }) => {
            w.check_read(Regs::S(code, count))?;
            Some(if count >= 2 {
                u64::from(w.s[usize::from(code)])
                    | u64::from(w.s[usize::from(code + 1) & 127]) << 32
            } else {
                u64::from(w.s[usize::from(code)])
            })
        }
        Some(_) => return fault("SADDR must be SGPRs"),
        None => None,
    };
    let vaddr = match i.addr {
        Some(Operand::Vgpr { index, count }) => {
            w.check_read(Regs::V(index, count))?;
            Some((index, count))
        }
        Some(_) => return fault("ADDR must be VGPRs"),
        None => None,
    };
    let flat_scratch = u64::from(w.s[102]) | u64::from(w.s[103]) << 32;
    let mut addrs = Addrs::new(exec);
    let mut spaces = [Space::Global; WAVE];
    let mut private_lanes = false;
    let off = i64::from(i.offset) as u64;
    // ADDR's registers (a missing one reads 0, as the per-lane lookup did).
    let vreg = |k: usize| vaddr.and_then(|(a, _)| w.v.get(usize::from(a) + k));
    let (v0, v1) = (vreg(0), vreg(1));
    for l in lanes_of(exec) {
        let v = |k: u8| -> u64 { u64::from((if k == 0 { v0 } else { v1 }).map_or(0, |r| r[l])) };
        let a = match fmt {
            Format::Global => match saddr {
                Some(s) => s.wrapping_add(v(0)).wrapping_add(off),
                None => (v(0) | v(1) << 32).wrapping_add(off),
            },
            Format::Scratch => {
                let o = saddr.unwrap_or(0).wrapping_add(v(0)).wrapping_add(off) & 0xffff_ffff;
                flat_scratch.wrapping_add(swizzle(o, l))
            }
            _ => {
                let a = (v(0) | v(1) << 32).wrapping_add(off);
                if (SHARED_APERTURE..SHARED_APERTURE + APERTURE_SIZE).contains(&a) {
                    spaces[l] = Space::Lds;
                    a - SHARED_APERTURE
                } else if (PRIVATE_APERTURE..PRIVATE_APERTURE + APERTURE_SIZE).contains(&a) {
                    private_lanes = true;
                    flat_scratch.wrapping_add(swizzle(a - PRIVATE_APERTURE, l))
                } else {
                    a
                }
            }
        };
        addrs.a[l] = a;
    }
    let class = if fmt == Format::Flat {
        Class::Flat
    } else {
        Class::Vmem
    };
    let dwords = match sem {
        MemSem::Load { dwords, .. } | MemSem::Store { dwords, .. } => dwords,
        _ => 1,
    };
    if fmt == Format::Scratch && dwords > 1 {
        // Private memory is dword-interleaved: split multi-dword accesses.
        return scratch_multi(w, i, sem, mem, &addrs, class);
    }
    if fmt == Format::Flat && dwords > 1 && private_lanes {
        return unsupported("multi-dword FLAT accesses to the private aperture");
    }
    if dwords > 2 && matches!(sem, MemSem::Store { .. }) {
        if let Some(Operand::Vgpr { index, .. }) = i.data {
            w.note_wide_store(Regs::V(index, dwords));
        }
    }
    if let MemSem::Atomic {
        rmw: Rmw::CmpSwap,
        wide: true,
        ..
    } = sem
    {
        if let Some(Operand::Vgpr { index, .. }) = i.data {
            w.note_wide_store(Regs::V(index, 4));
        }
    }
    access(
        w, mem, sem, class, &addrs, &spaces, &[0; WAVE], i.vdst, i.data, None, i.glc,
    )
}

fn scratch_multi(
    w: &mut Wave,
    i: &Flat,
    sem: MemSem,
    mem: &mut Mem<'_>,
    addrs: &Addrs,
    class: Class,
) -> R<()> {
    let (dwords, load) = match sem {
        MemSem::Load {
            bytes: 4, dwords, ..
        } => (dwords, true),
        MemSem::Store {
            bytes: 4, dwords, ..
        } => (dwords, false),
        _ => return unsupported("this scratch access"),
    };
    let reg = if load { i.vdst } else { i.data };
    let Some(Operand::Vgpr { index: v, .. }) = reg else {
        return fault("data must be VGPRs");
    };
    if load {
        w.check_load_dest(Regs::V(v, dwords), class)?;
    } else {
        w.check_read(Regs::V(v, dwords))?;
    }
    if usize::from(v) + usize::from(dwords) > w.v.len() {
        return fault("data beyond the allocated VGPRs");
    }
    for (l, a) in addrs.each() {
        for k in 0..usize::from(dwords) {
            let addr = a + 4 * WAVE as u64 * k as u64;
            if load {
                w.v[usize::from(v) + k][l] = gread_near(mem.global, addr, 4, &mut mem.hint)? as u32;
            } else {
                let x = u64::from(w.v[usize::from(v) + k][l]);
                gwrite_near(mem.global, addr, 4, x, &mut mem.hint)?;
            }
        }
    }
    if load {
        w.issue_mem(class, Some(Regs::V(v, dwords)), false);
    } else {
        w.issue_mem(class, None, true);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use backend_gcn::isa::{assemble, decode};

    fn sem(text: &str) -> MemSem {
        let b = assemble(text).unwrap();
        let (_, i) = decode(&b).unwrap().remove(0);
        resolve(&i)
    }

    #[test]
    fn names_resolve() {
        assert!(matches!(
            sem("global_load_dwordx4 v[0:3], v[4:5], off"),
            MemSem::Load {
                dwords: 4,
                bytes: 4,
                ..
            }
        ));
        assert!(matches!(
            sem("ds_read2_b32 v[0:1], v2 offset1:1"),
            MemSem::Load2 {
                dwords: 1,
                scale: 4
            }
        ));
        assert!(matches!(
            sem("ds_add_rtn_u32 v0, v1, v2"),
            MemSem::Atomic {
                rmw: Rmw::Add,
                ret: Some(true),
                ..
            }
        ));
        assert!(matches!(
            sem("ds_max_u32 v1, v2"),
            MemSem::Atomic {
                rmw: Rmw::Umax,
                ret: Some(false),
                ..
            }
        ));
        assert!(matches!(
            sem("global_atomic_cmpswap_x2 v[0:1], v[2:3], v[4:7], off glc"),
            MemSem::Atomic {
                rmw: Rmw::CmpSwap,
                wide: true,
                ret: None
            }
        ));
        assert!(matches!(
            sem("buffer_load_sbyte v0, off, s[0:3], 0"),
            MemSem::Load {
                bytes: 1,
                signed: true,
                ..
            }
        ));
        assert!(matches!(
            sem("s_load_dwordx8 s[0:7], s[4:5], 0x0"),
            MemSem::SLoad {
                dwords: 8,
                buffer: false
            }
        ));
    }

    #[test]
    fn atomics_follow_the_document() {
        assert_eq!(rmw_apply(Rmw::Inc, 5, 5, 0, false), 0);
        assert_eq!(rmw_apply(Rmw::Inc, 4, 5, 0, false), 5);
        assert_eq!(rmw_apply(Rmw::Dec, 0, 7, 0, false), 7);
        assert_eq!(rmw_apply(Rmw::CmpSwap, 3, 9, 3, false), 9);
        assert_eq!(rmw_apply(Rmw::CmpSt, 3, 3, 9, false), 9);
        assert_eq!(rmw_apply(Rmw::Smin, 0xffff_fffe, 1, 0, false), 0xffff_fffe);
        assert_eq!(swizzle(4, 1), 256 + 4);
    }
}
