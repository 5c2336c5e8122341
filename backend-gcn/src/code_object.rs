//! The AMDHSA code object: a small linked ELF (like an `.hsaco`) with the kernel's code in
//! `.text` and its 64-byte kernel descriptor `<name>.kd` in `.rodata` (abi-facts §4.1).
//!
//! Layout: ELF header, two `PT_LOAD` program headers, `.rodata` at 0xC0 (64-byte aligned,
//! the descriptor), `.text` at 0x100 (the entry must be 256-byte aligned), then `.symtab`,
//! `.strtab`, `.shstrtab` and the section headers. Addresses equal file offsets, and the
//! descriptor's entry offset is filled in (0x40, from the descriptor to the code), so no
//! relocation is left. There is no metadata note (`amdhsa.kernels`) yet: the launch layout
//! is returned to the caller as [`crate::abi::KernelAbi`] instead.
//!
//! FP mode in COMPUTE_PGM_RSRC1: f32 denormals flushed on input and output (IL flushes,
//! `il-semantics` `float::ftz`), f64/f16 denormals kept, DX10_CLAMP on (the clamp bit turns
//! NaN into 0, as `_sat` wants), IEEE mode off (`min`/`max` return the other operand for a
//! NaN, as IL's do).

use crate::abi::KernelAbi;

const TEXT_OFFSET: usize = 0x100;
const KD_OFFSET: usize = 0xC0;
/// `EF_AMDGPU_MACH_AMDGCN_GFX906 | XNACK_ANY_V4 | SRAMECC_ANY_V4`, as LLVM 14 writes it.
const E_FLAGS: u32 = 0x52F;
const EM_AMDGPU: u16 = 224;
const ELFOSABI_AMDGPU_HSA: u8 = 64;
/// Code object V4.
const ABI_VERSION: u8 = 2;

/// COMPUTE_PGM_RSRC1 for this many registers (granule rules of abi-facts §4.1; SGPRs
/// count VCC, FLAT_SCRATCH and XNACK_MASK as LLVM does for gfx9).
pub fn rsrc1(sgprs: u16, vgprs: u16) -> u32 {
    let vgpr_gran = u32::from(vgprs.max(1)).div_ceil(4) - 1;
    let sgpr_gran = 2 * (u32::from(sgprs + 6).div_ceil(16) - 1);
    vgpr_gran | sgpr_gran << 6 | 3 << 18 | 1 << 21
}

/// COMPUTE_PGM_RSRC2 for the ABI's register set-up.
pub fn rsrc2(abi: &KernelAbi) -> u32 {
    // USER_SGPR_COUNT; ENABLE_PRIVATE_SEGMENT (the scratch wave offset SGPR).
    let mut r = u32::from(abi.user_sgpr_count()) << 1 | u32::from(abi.private_segment);
    for (k, en) in abi.workgroup_ids.iter().enumerate() {
        if *en {
            r |= 1 << (7 + k);
        }
    }
    r | u32::from(abi.workitem_id_dims.clamp(1, 3) - 1) << 11
}

/// The 64 descriptor bytes.
pub fn kernel_descriptor(abi: &KernelAbi, sgprs: u16, vgprs: u16) -> [u8; 64] {
    let mut kd = [0u8; 64];
    // GROUP_SEGMENT_FIXED_SIZE (abi-facts §4.1): the kernel's LDS bytes.
    kd[0..4].copy_from_slice(&abi.lds_bytes.to_le_bytes());
    // PRIVATE_SEGMENT_FIXED_SIZE: scratch bytes per work-item.
    kd[4..8].copy_from_slice(&abi.private_segment_size.to_le_bytes());
    kd[8..12].copy_from_slice(&abi.kernarg_size.to_le_bytes());
    let entry = (TEXT_OFFSET - KD_OFFSET) as i64;
    kd[16..24].copy_from_slice(&entry.to_le_bytes());
    kd[48..52].copy_from_slice(&rsrc1(sgprs, vgprs).to_le_bytes());
    kd[52..56].copy_from_slice(&rsrc2(abi).to_le_bytes());
    // KERNEL_CODE_PROPERTIES: ENABLE_SGPR_KERNARG_SEGMENT_PTR, and
    // ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER with scratch.
    let properties = 1u16 << 3 | u16::from(abi.private_segment);
    kd[56..58].copy_from_slice(&properties.to_le_bytes());
    kd
}

fn align(v: &mut Vec<u8>, to: usize) {
    while v.len() % to != 0 {
        v.push(0);
    }
}

/// The contents of the `.text` section of an ELF64 little-endian file (a code object `ilc
/// compile --emit obj` or `llc` wrote), or `None` if `elf` is not one or has no `.text`.
/// Every offset is checked: any bytes give an answer, never a panic.
pub fn text_section(elf: &[u8]) -> Option<&[u8]> {
    let u16_at = |o: usize| Some(u16::from_le_bytes(elf.get(o..o + 2)?.try_into().ok()?));
    let u32_at = |o: usize| Some(u32::from_le_bytes(elf.get(o..o + 4)?.try_into().ok()?));
    let u64_at = |o: usize| Some(u64::from_le_bytes(elf.get(o..o + 8)?.try_into().ok()?));
    // ELFCLASS64, ELFDATA2LSB.
    if elf.get(..6)? != b"\x7fELF\x02\x01" {
        return None;
    }
    let shoff = usize::try_from(u64_at(0x28)?).ok()?;
    let shentsize = usize::from(u16_at(0x3A)?);
    let shnum = usize::from(u16_at(0x3C)?);
    let shstrndx = usize::from(u16_at(0x3E)?);
    let section = |i: usize| -> Option<(u32, &[u8])> {
        let h = shoff.checked_add(i.checked_mul(shentsize)?)?;
        let name = u32_at(h)?;
        let offset = usize::try_from(u64_at(h + 0x18)?).ok()?;
        let size = usize::try_from(u64_at(h + 0x20)?).ok()?;
        Some((name, elf.get(offset..offset.checked_add(size)?)?))
    };
    let (_, names) = section(shstrndx)?;
    (0..shnum).find_map(|i| {
        let (name, data) = section(i)?;
        let name = names.get(name as usize..)?;
        name.starts_with(b".text\0").then_some(data)
    })
}

/// Writes the code object for one kernel.
pub fn write(name: &str, code: &[u8], kd: &[u8; 64]) -> Vec<u8> {
    write_with(name, code, kd, ".kd")
}

/// Writes the code object of a pixel shader: the PS register block ([`ps_registers`]) in
/// place of the kernel descriptor, named `<name>.ps`.
pub fn write_pixel(name: &str, code: &[u8], regs: &[u8; 64]) -> Vec<u8> {
    write_with(name, code, regs, ".ps")
}

/// SPI register dword offsets (LLVM SIDefines `R_xxxxxx` byte addresses / 4, the keys PAL
/// metadata uses): SPI_SHADER_PGM_RSRC1_PS, SPI_SHADER_PGM_RSRC2_PS, SPI_PS_INPUT_ENA,
/// SPI_PS_INPUT_ADDR, SPI_SHADER_COL_FORMAT, SPI_TMPRING_SIZE.
pub const PS_REGISTER_OFFSETS: [u32; 6] = [
    0xB028 / 4,
    0xB02C / 4,
    0x286CC / 4,
    0x286D0 / 4,
    0x28714 / 4,
    0x286E8 / 4,
];

/// Scratch bytes of one pixel-shader wave: 64 lanes' private segments, in whole KiB (the
/// unit of SPI_TMPRING_SIZE.WAVESIZE).
pub fn ps_scratch_wave_bytes(abi: &KernelAbi) -> u32 {
    if !abi.private_segment {
        return 0;
    }
    (abi.private_segment_size.max(1) * 64).div_ceil(1024) * 1024
}

/// The PS register block (`docs/abi.md`, "gfx906 pixel shaders"): `ILPS`, the count 6,
/// then (register, value) pairs, zero-padded to 64 bytes. PGM_RSRC1_PS has the fields and
/// FP mode of COMPUTE_PGM_RSRC1 ([`rsrc1`]); PGM_RSRC2_PS has SCRATCH_EN and USER_SGPR;
/// SPI_TMPRING_SIZE has WAVESIZE `[24:12]` in KiB.
pub fn ps_registers(
    abi: &KernelAbi,
    sgprs: u16,
    vgprs: u16,
    input_ena: u32,
    col_format: u32,
) -> [u8; 64] {
    let rsrc2 = u32::from(abi.user_sgpr_count()) << 1 | u32::from(abi.private_segment);
    let tmpring = (ps_scratch_wave_bytes(abi) / 1024) << 12;
    let vals = [
        rsrc1(sgprs, vgprs),
        rsrc2,
        input_ena,
        input_ena,
        col_format,
        tmpring,
    ];
    let mut b = [0u8; 64];
    b[0..4].copy_from_slice(b"ILPS");
    b[4..8].copy_from_slice(&6u32.to_le_bytes());
    for (k, (r, v)) in PS_REGISTER_OFFSETS.iter().zip(vals).enumerate() {
        b[8 + 8 * k..12 + 8 * k].copy_from_slice(&r.to_le_bytes());
        b[12 + 8 * k..16 + 8 * k].copy_from_slice(&v.to_le_bytes());
    }
    b
}

fn write_with(name: &str, code: &[u8], kd: &[u8; 64], suffix: &str) -> Vec<u8> {
    let mut f = vec![0u8; KD_OFFSET];
    f.extend_from_slice(kd);
    debug_assert_eq!(f.len(), TEXT_OFFSET);
    f.extend_from_slice(code);
    let text_end = f.len();
    // .strtab: "\0name\0name.kd\0"
    let mut strtab = vec![0u8];
    let name_at = strtab.len() as u32;
    strtab.extend_from_slice(name.as_bytes());
    strtab.push(0);
    let kd_at = strtab.len() as u32;
    strtab.extend_from_slice(name.as_bytes());
    strtab.extend_from_slice(suffix.as_bytes());
    strtab.push(0);
    // .shstrtab
    let mut shstr = vec![0u8];
    let sh_name = |s: &str, shstr: &mut Vec<u8>| {
        let at = shstr.len() as u32;
        shstr.extend_from_slice(s.as_bytes());
        shstr.push(0);
        at
    };
    let n_rodata = sh_name(".rodata", &mut shstr);
    let n_text = sh_name(".text", &mut shstr);
    let n_symtab = sh_name(".symtab", &mut shstr);
    let n_strtab = sh_name(".strtab", &mut shstr);
    let n_shstrtab = sh_name(".shstrtab", &mut shstr);
    // .symtab: null, the kernel (FUNC, GLOBAL, protected, in .text), the descriptor
    // (OBJECT, GLOBAL, in .rodata).
    align(&mut f, 8);
    let symtab_at = f.len();
    let sym =
        |f: &mut Vec<u8>, name: u32, info: u8, other: u8, shndx: u16, value: u64, size: u64| {
            f.extend_from_slice(&name.to_le_bytes());
            f.push(info);
            f.push(other);
            f.extend_from_slice(&shndx.to_le_bytes());
            f.extend_from_slice(&value.to_le_bytes());
            f.extend_from_slice(&size.to_le_bytes());
        };
    sym(&mut f, 0, 0, 0, 0, 0, 0);
    sym(
        &mut f,
        name_at,
        0x12,
        3,
        2,
        TEXT_OFFSET as u64,
        code.len() as u64,
    );
    sym(&mut f, kd_at, 0x11, 0, 1, KD_OFFSET as u64, 64);
    let symtab_size = f.len() - symtab_at;
    let strtab_at = f.len();
    f.extend_from_slice(&strtab);
    let shstr_at = f.len();
    f.extend_from_slice(&shstr);
    align(&mut f, 8);
    let shoff = f.len();
    let sh = |f: &mut Vec<u8>,
              name: u32,
              ty: u32,
              flags: u64,
              addr: u64,
              off: usize,
              size: usize,
              link: u32,
              info: u32,
              align: u64,
              entsize: u64| {
        f.extend_from_slice(&name.to_le_bytes());
        f.extend_from_slice(&ty.to_le_bytes());
        f.extend_from_slice(&flags.to_le_bytes());
        f.extend_from_slice(&addr.to_le_bytes());
        f.extend_from_slice(&(off as u64).to_le_bytes());
        f.extend_from_slice(&(size as u64).to_le_bytes());
        f.extend_from_slice(&link.to_le_bytes());
        f.extend_from_slice(&info.to_le_bytes());
        f.extend_from_slice(&align.to_le_bytes());
        f.extend_from_slice(&entsize.to_le_bytes());
    };
    const ALLOC: u64 = 2;
    const EXEC: u64 = 4;
    sh(&mut f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    sh(
        &mut f,
        n_rodata,
        1,
        ALLOC,
        KD_OFFSET as u64,
        KD_OFFSET,
        64,
        0,
        0,
        64,
        0,
    );
    let text_size = text_end - TEXT_OFFSET;
    sh(
        &mut f,
        n_text,
        1,
        ALLOC | EXEC,
        TEXT_OFFSET as u64,
        TEXT_OFFSET,
        text_size,
        0,
        0,
        256,
        0,
    );
    sh(
        &mut f,
        n_symtab,
        2,
        0,
        0,
        symtab_at,
        symtab_size,
        4,
        1,
        8,
        24,
    );
    sh(
        &mut f,
        n_strtab,
        3,
        0,
        0,
        strtab_at,
        strtab.len(),
        0,
        0,
        1,
        0,
    );
    sh(
        &mut f,
        n_shstrtab,
        3,
        0,
        0,
        shstr_at,
        shstr.len(),
        0,
        0,
        1,
        0,
    );
    // Program headers: .rodata (R), .text (R X).
    let mut ph = Vec::new();
    let phdr = |ph: &mut Vec<u8>, flags: u32, off: usize, size: usize, align: u64| {
        ph.extend_from_slice(&1u32.to_le_bytes()); // PT_LOAD
        ph.extend_from_slice(&flags.to_le_bytes());
        ph.extend_from_slice(&(off as u64).to_le_bytes());
        ph.extend_from_slice(&(off as u64).to_le_bytes());
        ph.extend_from_slice(&(off as u64).to_le_bytes());
        ph.extend_from_slice(&(size as u64).to_le_bytes());
        ph.extend_from_slice(&(size as u64).to_le_bytes());
        ph.extend_from_slice(&align.to_le_bytes());
    };
    phdr(&mut ph, 4, KD_OFFSET, 64, 64);
    phdr(&mut ph, 5, TEXT_OFFSET, text_size, 256);
    f[64..64 + ph.len()].copy_from_slice(&ph);
    // ELF header.
    let mut h = Vec::with_capacity(64);
    h.extend_from_slice(&[
        0x7f,
        b'E',
        b'L',
        b'F',
        2,
        1,
        1,
        ELFOSABI_AMDGPU_HSA,
        ABI_VERSION,
    ]);
    h.resize(16, 0);
    h.extend_from_slice(&3u16.to_le_bytes()); // ET_DYN
    h.extend_from_slice(&EM_AMDGPU.to_le_bytes());
    h.extend_from_slice(&1u32.to_le_bytes());
    h.extend_from_slice(&0u64.to_le_bytes()); // e_entry
    h.extend_from_slice(&64u64.to_le_bytes()); // e_phoff
    h.extend_from_slice(&(shoff as u64).to_le_bytes());
    h.extend_from_slice(&E_FLAGS.to_le_bytes());
    h.extend_from_slice(&64u16.to_le_bytes()); // e_ehsize
    h.extend_from_slice(&56u16.to_le_bytes()); // e_phentsize
    h.extend_from_slice(&2u16.to_le_bytes()); // e_phnum
    h.extend_from_slice(&64u16.to_le_bytes()); // e_shentsize
    h.extend_from_slice(&6u16.to_le_bytes()); // e_shnum
    h.extend_from_slice(&5u16.to_le_bytes()); // e_shstrndx
    f[..64].copy_from_slice(&h);
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rsrc_fields() {
        // 4 VGPRs, 10 SGPRs: granules 0 and 2*(ceil(16/16)-1) = 0.
        assert_eq!(rsrc1(10, 4), 3 << 18 | 1 << 21);
        assert_eq!(rsrc1(11, 5) & 0x3FF, 1 | 2 << 6);
        let mut abi = KernelAbi::new("k", &[], &[]);
        abi.workgroup_ids = [true, true, false];
        abi.workitem_id_dims = 2;
        assert_eq!(rsrc2(&abi), 4 | 1 << 7 | 1 << 8 | 1 << 11);
    }

    /// abi-facts §4.1: GROUP_SEGMENT_FIXED_SIZE at bytes 0-3, PRIVATE_SEGMENT_FIXED_SIZE at
    /// 4-7; scratch enables the private segment buffer (properties bit 0), USER_SGPR_COUNT 6
    /// and ENABLE_PRIVATE_SEGMENT (RSRC2 bit 0), and moves the group ids after s5.
    #[test]
    fn lds_and_scratch_in_the_descriptor() {
        let mut abi = KernelAbi::new("k", &[], &[]);
        abi.lds_bytes = 256;
        abi.private_segment = true;
        abi.private_segment_size = 48;
        let kd = kernel_descriptor(&abi, 8, 4);
        assert_eq!(&kd[0..4], &256u32.to_le_bytes());
        assert_eq!(&kd[4..8], &48u32.to_le_bytes());
        assert_eq!(u16::from_le_bytes([kd[56], kd[57]]), 1 << 3 | 1);
        assert_eq!(rsrc2(&abi), 1 | 6 << 1 | 1 << 7);
        assert_eq!(abi.kernarg_sgpr(), 4);
        assert_eq!(abi.workgroup_id_sgpr(0), Some(6));
        let scratch = abi.scratch_sgprs().unwrap();
        assert_eq!((scratch.buffer, scratch.wave_offset), (0, 7));
    }

    #[test]
    fn elf_has_the_symbols_at_their_places() {
        let abi = KernelAbi::new("k", &[], &[]);
        let kd = kernel_descriptor(&abi, 8, 4);
        let elf = write("k", &[0, 0, 0x81, 0xbf], &kd);
        assert_eq!(&elf[..4], b"\x7fELF");
        assert_eq!(&elf[TEXT_OFFSET..TEXT_OFFSET + 4], &[0, 0, 0x81, 0xbf]);
        assert_eq!(&elf[KD_OFFSET + 16..KD_OFFSET + 24], &0x40i64.to_le_bytes());
    }
}
