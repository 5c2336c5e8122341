//! An IL pixel kernel as a real pixel-shader wave (`docs/abi.md`, "gfx906 pixel shaders").
//!
//! Entry: the SPI loads the pixel centre as POS_X_FLOAT / POS_Y_FLOAT into `v2`, `v3`
//! (SPI_PS_INPUT_ENA = ADDR = 0x301: PERSP_SAMPLE in `v0`, `v1` is enabled only because the
//! SPI requires one interpolation input, as LLVM's SIISelLowering does for `amdgpu_ps`) and
//! the user data into `s0..` (the launch block pointer, [`crate::abi`]). The pixel's integer
//! coordinates are `v_cvt_u32_f32` of the centres (x + 0.5 truncates to x).
//!
//! Exit: each `oN` component the program writes is kept in a VGPR and exported at the end
//! with `exp mrtN` (EN = the written components), under EXEC & KEEP so that discarded and
//! killed pixels export nothing; the last export carries `done vm` (vega Chapter 11: the
//! last export must have DONE, VM sends EXEC as the valid mask). A wave that exports no
//! colour, or that is branched to the end because every pixel was killed, ends with
//! `exp null off, off, off, off done vm`, as LLVM ends a pixel shader.

use std::collections::BTreeMap;

use smallvec::SmallVec;

use super::{unsupported, Selector, Src};
use crate::abi;
use crate::isa::{Exp, Inst, Opcode};
use crate::mir::{File, Label, RegRef, Slot, VReg};
use crate::CompileError;

/// SPI_PS_INPUT_ENA / SPI_PS_INPUT_ADDR of every IL pixel kernel: PERSP_SAMPLE (bit 0),
/// POS_X_FLOAT (8), POS_Y_FLOAT (9).
pub const PS_INPUT_ENA: u32 = 1 | 1 << 8 | 1 << 9;
/// The VGPRs holding POS_X_FLOAT and POS_Y_FLOAT under [`PS_INPUT_ENA`] (PERSP_SAMPLE takes
/// two VGPRs before them).
pub const POS_VGPRS: [u8; 2] = [2, 3];
/// Export target numbers (vega Table 46).
const TARGET_NULL: u8 = 9;

/// What the pixel-shader entry and exit need.
#[derive(Clone, Debug, Default)]
pub struct PsState {
    /// The pixel-centre VGPRs copied at entry.
    pub position: Option<[VReg; 2]>,
    /// The value of each written output component, by (register, component).
    pub outputs: BTreeMap<(u32, u8), VReg>,
}

impl Selector<'_> {
    /// Copies the position VGPRs at entry.
    pub(crate) fn ps_entry(&mut self) {
        let mut pos = [VReg(0); 2];
        for (k, &v) in POS_VGPRS.iter().enumerate() {
            self.m.inputs.push((File::V, v));
            let r = self.m.new_vreg(File::V, 1);
            let regs: SmallVec<[RegRef; 4]> = SmallVec::from_iter([
                RegRef {
                    slot: Slot::Src(0),
                    reg: crate::mir::Reg::Phys(File::V, v),
                    offset: 0,
                    count: 1,
                    def: false,
                },
                self.reg_ref(Slot::Dst, r, 0, 1, true),
            ]);
            self.push(
                Inst::Valu(crate::isa::Valu::new(
                    Opcode::V_MOV_B32,
                    Some(crate::isa::Operand::v(0)),
                    &[crate::isa::Operand::v(v)],
                )),
                regs,
            );
            pos[k] = r;
        }
        self.ps.position = Some(pos);
    }

    /// The pixel's integer coordinates from the pixel centres.
    pub(crate) fn ps_coordinates(&mut self) -> Result<[VReg; 2], CompileError> {
        let pos = self
            .ps
            .position
            .ok_or_else(|| CompileError::Internal("pixel position VGPRs".into()))?;
        Ok(pos.map(|p| self.vop(Opcode::V_CVT_U32_F32, &[Src::r(p)])))
    }

    /// The row-major index `y * W + x` of pixel (x, y), W from the launch block: the
    /// element of the interpolated inputs and the ordered pixel index `vObjIndex0.x`
    /// (`docs/decisions.md`, "The ordered pixel index").
    pub(crate) fn ps_index_of(&mut self, x: VReg, y: VReg) -> Result<VReg, CompileError> {
        let w = self.launch_dword(abi::DOMAIN_OFFSET)?;
        let row = self.vop(Opcode::V_MUL_LO_U32, &[Src::r(y), w]);
        Ok(self.vop(Opcode::V_ADD_U32, &[Src::r(row), Src::r(x)]))
    }

    /// `vObjIndex0.x`: the pixel's row-major index, computed where it is read from the
    /// position VGPRs (live through the whole program).
    pub(crate) fn ps_index(&mut self) -> Result<VReg, CompileError> {
        let [x, y] = self.ps_coordinates()?;
        self.ps_index_of(x, y)
    }

    /// `oN.c = value`: kept for the export at the end.
    pub(crate) fn ps_output(
        &mut self,
        reg: u32,
        comp: u8,
        value: VReg,
    ) -> Result<(), CompileError> {
        if reg >= 8 {
            return Err(unsupported(format!(
                "o{reg}: a pixel shader exports colour to MRT0-7 only"
            )));
        }
        if comp >= 4 {
            return Err(CompileError::Internal(format!("output component {comp}")));
        }
        self.ps.outputs.insert((reg, comp), value);
        Ok(())
    }

    /// The exports and the end: `end` is where waves with no pixel left branch to.
    pub(crate) fn ps_exit(&mut self, end: Label) {
        let mut targets: BTreeMap<u32, [Option<VReg>; 4]> = BTreeMap::new();
        for (&(reg, comp), &v) in &self.ps.outputs {
            targets.entry(reg).or_default()[usize::from(comp)] = Some(v);
        }
        if targets.is_empty() {
            self.label(end);
            self.exp_null();
            return;
        }
        self.mask_outputs();
        let n = targets.len();
        for (k, (reg, comps)) in targets.into_iter().enumerate() {
            let last = k + 1 == n;
            let mut e = Exp {
                target: reg as u8,
                en: 0,
                vsrc: [0; 4],
                done: last,
                compr: false,
                vm: last,
            };
            let mut regs: SmallVec<[RegRef; 4]> = SmallVec::new();
            for (c, v) in comps.iter().enumerate() {
                if let Some(v) = v {
                    e.en |= 1 << c;
                    regs.push(self.reg_ref(Slot::Src(c as u8), *v, 0, 1, false));
                }
            }
            self.push(Inst::Exp(e), regs);
        }
        // Waves whose pixels were all killed branch to `end`: they still owe the SPI a
        // DONE export.
        let end_is_target = self
            .m
            .insts
            .iter()
            .any(|i| matches!(i, crate::mir::MInst::Branch { target, .. } if *target == end));
        if end_is_target {
            let done = self.m.new_label();
            self.branch(Opcode::S_BRANCH, done);
            self.label(end);
            self.exp_null();
            self.label(done);
        }
    }

    /// POS_X_FLOAT or POS_Y_FLOAT as it came in (the pixel centre), if this is a PS wave.
    pub(crate) fn ps_position(&self, c: u8) -> Option<VReg> {
        self.ps
            .position
            .and_then(|p| p.get(usize::from(c)).copied())
    }

    fn exp_null(&mut self) {
        self.push(
            Inst::Exp(Exp {
                target: TARGET_NULL,
                en: 0,
                vsrc: [0; 4],
                done: true,
                compr: false,
                vm: true,
            }),
            SmallVec::new(),
        );
    }
}

/// SPI_SHADER_COL_FORMAT for the render targets: 32_ABGR (9) for each MRT.
pub fn col_format(abi: &abi::KernelAbi) -> u32 {
    abi.render_targets
        .iter()
        .filter(|(n, _)| *n < 8)
        .fold(0, |f, (n, _)| f | 9 << (4 * n))
}
