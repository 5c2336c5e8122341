//! The AMDHSA kernel descriptor and the code object (ELF) that carries it.
//!
//! The ISA document defines no dispatch ABI (digest vega.md §1.8); we follow AMDHSA as
//! LLVM emits it for gfx906 (spec/digest/abi-facts.md §4): a 64-byte kernel descriptor
//! named `<kernel>.kd` in `.rodata`, whose enable bits say which SGPRs and VGPRs the wave
//! starts with. The layout is abi-facts §4.1 (LLVM AMDGPUUsage, kernel descriptor v3 table).

use object::{Object, ObjectSection, ObjectSymbol};

use crate::runtime::RunError;

/// The 64-byte AMDHSA kernel descriptor (abi-facts §4.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KernelDescriptor {
    /// Bytes 0-3: static LDS bytes per work-group.
    pub group_segment_fixed_size: u32,
    /// Bytes 4-7: scratch bytes per work-item.
    pub private_segment_fixed_size: u32,
    /// Bytes 8-11: kernarg segment bytes (0 = unspecified).
    pub kernarg_size: u32,
    /// Bytes 16-23: entry point, signed, relative to the descriptor's address (0 in a
    /// relocatable object before linking).
    pub kernel_code_entry_byte_offset: i64,
    /// Bytes 44-47 (reserved on gfx9).
    pub compute_pgm_rsrc3: u32,
    /// Bytes 48-51.
    pub compute_pgm_rsrc1: u32,
    /// Bytes 52-55.
    pub compute_pgm_rsrc2: u32,
    /// Bytes 56-57: which user SGPRs are set up.
    pub kernel_code_properties: u16,
    /// Bytes 58-59 (gfx90a+; 0 on gfx9).
    pub kernarg_preload: u16,
}

fn le32(b: &[u8], at: usize) -> u32 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&b[at..at + 4]);
    u32::from_le_bytes(w)
}

impl KernelDescriptor {
    /// Reads a descriptor from its 64 bytes.
    pub fn parse(bytes: &[u8]) -> Result<KernelDescriptor, RunError> {
        if bytes.len() < 64 {
            return Err(RunError::BadLaunch(format!(
                "a kernel descriptor is 64 bytes, got {}",
                bytes.len()
            )));
        }
        let entry = u64::from(le32(bytes, 16)) | u64::from(le32(bytes, 20)) << 32;
        let kd = KernelDescriptor {
            group_segment_fixed_size: le32(bytes, 0),
            private_segment_fixed_size: le32(bytes, 4),
            kernarg_size: le32(bytes, 8),
            kernel_code_entry_byte_offset: entry as i64,
            compute_pgm_rsrc3: le32(bytes, 44),
            compute_pgm_rsrc1: le32(bytes, 48),
            compute_pgm_rsrc2: le32(bytes, 52),
            kernel_code_properties: (le32(bytes, 56) & 0xffff) as u16,
            kernarg_preload: (le32(bytes, 56) >> 16) as u16,
        };
        if kd.kernel_code_properties & (1 << 10) != 0 {
            return Err(RunError::Unsupported(
                "the kernel descriptor asks for wave32 (KERNEL_CODE_PROPERTIES bit 10); gfx906 runs wave64".into(),
            ));
        }
        if kd.kernarg_preload != 0 {
            return Err(RunError::Unsupported(
                "kernarg preloading (gfx90a+) in a gfx906 kernel descriptor".into(),
            ));
        }
        Ok(kd)
    }

    /// The descriptor's 64 bytes (for tests and hand-made launches).
    pub fn to_bytes(&self) -> [u8; 64] {
        let mut b = [0u8; 64];
        b[0..4].copy_from_slice(&self.group_segment_fixed_size.to_le_bytes());
        b[4..8].copy_from_slice(&self.private_segment_fixed_size.to_le_bytes());
        b[8..12].copy_from_slice(&self.kernarg_size.to_le_bytes());
        b[16..24].copy_from_slice(&self.kernel_code_entry_byte_offset.to_le_bytes());
        b[44..48].copy_from_slice(&self.compute_pgm_rsrc3.to_le_bytes());
        b[48..52].copy_from_slice(&self.compute_pgm_rsrc1.to_le_bytes());
        b[52..56].copy_from_slice(&self.compute_pgm_rsrc2.to_le_bytes());
        b[56..58].copy_from_slice(&self.kernel_code_properties.to_le_bytes());
        b[58..60].copy_from_slice(&self.kernarg_preload.to_le_bytes());
        b
    }

    /// VGPRs allocated per lane: `RSRC1[5:0]` granules of 4 (abi-facts §4.1: granules =
    /// ceil(vgprs/4) - 1 on gfx6-9).
    pub fn vgpr_count(&self) -> u32 {
        ((self.compute_pgm_rsrc1 & 0x3f) + 1) * 4
    }

    /// SGPRs allocated: `RSRC1[9:6]` = 2 * (ceil(sgprs/16) - 1) on gfx9 (abi-facts §4.1).
    pub fn sgpr_count(&self) -> u32 {
        (((self.compute_pgm_rsrc1 >> 6) & 0xf) / 2 + 1) * 16
    }

    /// `RSRC2[5:1]`: user SGPRs the CP loads (the system SGPRs follow them).
    pub fn user_sgpr_count(&self) -> u32 {
        (self.compute_pgm_rsrc2 >> 1) & 0x1f
    }

    /// `RSRC2[0]`: scratch enabled, which also enables the scratch wave offset SGPR.
    pub fn enable_private_segment(&self) -> bool {
        self.compute_pgm_rsrc2 & 1 != 0
    }

    /// `RSRC2[7]`, `[8]`, `[9]`: work-group id X, Y, Z SGPRs.
    pub fn enable_workgroup_id(&self) -> [bool; 3] {
        [7, 8, 9].map(|b| self.compute_pgm_rsrc2 >> b & 1 != 0)
    }

    /// `RSRC2[10]`: work-group info SGPR.
    pub fn enable_workgroup_info(&self) -> bool {
        self.compute_pgm_rsrc2 >> 10 & 1 != 0
    }

    /// `RSRC2[12:11]`: 0 = v0 holds the X id, 1 = v0, v1 (X, Y), 2 = v0..v2.
    pub fn vgpr_workitem_ids(&self) -> u32 {
        (self.compute_pgm_rsrc2 >> 11) & 3
    }

    /// KERNEL_CODE_PROPERTIES bit `b` (0 private segment buffer, 1 dispatch ptr, 2 queue
    /// ptr, 3 kernarg segment ptr, 4 dispatch id, 5 flat scratch init, 6 private segment
    /// size).
    pub fn property(&self, b: u32) -> bool {
        self.kernel_code_properties >> b & 1 != 0
    }

    /// The initial MODE register from RSRC1: FP_ROUND `[13:12]`/`[15:14]` to `MODE[3:0]`,
    /// FP_DENORM `[17:16]`/`[19:18]` to `MODE[7:4]`, DX10_CLAMP `[21]` to `MODE[8]`, IEEE `[23]` to
    /// `MODE[9]` (vega L1290-1429; abi-facts §4.1).
    pub fn initial_mode(&self) -> u32 {
        let r = self.compute_pgm_rsrc1;
        ((r >> 12) & 0xff) | ((r >> 21) & 1) << 8 | ((r >> 23) & 1) << 9
    }
}

/// A kernel found in a code object: its code (from the entry point) and descriptor.
#[derive(Clone, Debug)]
pub struct Kernel {
    pub name: String,
    pub descriptor: KernelDescriptor,
    /// The machine code from the entry point to the end of the kernel's symbol (or of its
    /// section when the symbol has no size).
    pub code: Vec<u8>,
}

fn bad(msg: String) -> RunError {
    RunError::BadLaunch(msg)
}

/// Finds `kernel` and `kernel.kd` in an AMDGPU ELF code object (relocatable `.o` as
/// `llc -filetype=obj` writes it, or a linked `.hsaco`).
///
/// In a relocatable object the descriptor's entry offset is still 0 (a relocation fills it
/// at link time, abi-facts §4.4), so the entry is the kernel's function symbol; in a linked
/// object the entry is descriptor address + offset.
pub fn load_kernel(elf: &[u8], kernel: &str) -> Result<Kernel, RunError> {
    let file = object::File::parse(elf).map_err(|e| bad(format!("not an ELF code object: {e}")))?;
    // e_machine (ELF header bytes 18-19) must be EM_AMDGPU = 224.
    let machine = elf.get(18..20).map(|b| u16::from_le_bytes([b[0], b[1]]));
    if machine != Some(224) {
        return Err(bad(format!(
            "the code object is for ELF machine {machine:?}, not AMDGPU (224)"
        )));
    }
    let kd_name = format!("{kernel}.kd");
    let mut kd_sym = None;
    let mut fn_sym = None;
    for s in file.symbols() {
        match s.name() {
            Ok(n) if n == kd_name => kd_sym = Some(s),
            Ok(n) if n == kernel => fn_sym = Some(s),
            _ => {}
        }
    }
    let kd_sym = kd_sym.ok_or_else(|| bad(format!("no kernel descriptor symbol `{kd_name}`")))?;
    let sym_bytes = |sym: &object::Symbol<'_, '_>, len: Option<u64>| -> Result<Vec<u8>, RunError> {
        let idx = sym.section_index().ok_or_else(|| {
            bad(format!(
                "symbol `{}` has no section",
                sym.name().unwrap_or("?")
            ))
        })?;
        let sec = file
            .section_by_index(idx)
            .map_err(|e| bad(format!("bad section of a symbol: {e}")))?;
        let data = sec
            .data()
            .map_err(|e| bad(format!("cannot read section: {e}")))?;
        let start = sym
            .address()
            .checked_sub(sec.address())
            .ok_or_else(|| bad("symbol before its section".into()))?;
        let start = usize::try_from(start).map_err(|_| bad("symbol offset too large".into()))?;
        let end = match len {
            Some(n) if n > 0 => start.saturating_add(n as usize),
            _ => data.len(),
        };
        data.get(start..end.min(data.len()))
            .map(<[u8]>::to_vec)
            .ok_or_else(|| {
                bad(format!(
                    "symbol `{}` lies outside its section",
                    sym.name().unwrap_or("?")
                ))
            })
    };
    let kd_bytes = sym_bytes(&kd_sym, Some(64))?;
    let descriptor = KernelDescriptor::parse(&kd_bytes)?;

    let code = if descriptor.kernel_code_entry_byte_offset != 0 {
        let entry = kd_sym
            .address()
            .wrapping_add(descriptor.kernel_code_entry_byte_offset as u64);
        let sec = file
            .sections()
            .find(|s| s.address() <= entry && entry < s.address() + s.size())
            .ok_or_else(|| bad(format!("the entry point 0x{entry:x} is in no section")))?;
        let data = sec
            .data()
            .map_err(|e| bad(format!("cannot read the code section: {e}")))?;
        let start = (entry - sec.address()) as usize;
        let end = match &fn_sym {
            Some(f) if f.address() == entry && f.size() > 0 => {
                start.saturating_add(f.size() as usize)
            }
            _ => data.len(),
        };
        data.get(start..end.min(data.len()))
            .map(<[u8]>::to_vec)
            .ok_or_else(|| bad("the kernel's code lies outside its section".into()))?
    } else {
        let f = fn_sym.ok_or_else(|| {
            bad(format!(
                "the descriptor `{kd_name}` has no entry offset and there is no symbol `{kernel}`"
            ))
        })?;
        sym_bytes(&f, Some(f.size()))?
    };
    Ok(Kernel {
        name: kernel.to_string(),
        descriptor,
        code,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptor_round_trip_and_fields() {
        // The bytes LLVM 14 writes for a kernel with 6 user SGPRs, group ids X and Y and
        // work-item ids X, Y (abi-facts §4.4).
        let kd = KernelDescriptor {
            kernarg_size: 12,
            compute_pgm_rsrc1: 0x00AF_0000,
            compute_pgm_rsrc2: 0x0000_098C,
            kernel_code_properties: 0x0009,
            ..Default::default()
        };
        let back = KernelDescriptor::parse(&kd.to_bytes()).unwrap();
        assert_eq!(back, kd);
        assert_eq!(kd.user_sgpr_count(), 6);
        assert_eq!(kd.enable_workgroup_id(), [true, true, false]);
        assert_eq!(kd.vgpr_workitem_ids(), 1);
        assert_eq!(kd.vgpr_count(), 4);
        assert!(kd.property(0) && kd.property(3) && !kd.property(1));
        assert_eq!(kd.initial_mode() & 0x3ff, 0xf0 | 1 << 8 | 1 << 9);
        assert!(KernelDescriptor::parse(&[0; 10]).is_err());
        assert!(load_kernel(b"not an elf", "k").is_err());
    }
}
