//! Render targets of pixel kernels: CF `EXPORT` / `EXPORT_DONE` of TYPE PIXEL.
//!
//! The midend writes every output component once, in the block that ends the program
//! (`midend::build`, `finish`: the IL's writes to `oN` inside branches and loops become SSA
//! values merged there). Selection collects those final values and, at the `Return`, emits
//! one export per render target with its four components in one GPR (channel c for
//! component c), so the program's exports are its last CF instructions and run once under
//! the full mask: the hardware writes each pixel that is valid (not killed) and active
//! (cayman L8405-8408, "Pix/Pos/PC exports use the valid mask and active mask").
//!
//! A component the program never writes is the constant 0 and goes out as SEL_0: the
//! render target is zero before the run (`docs/abi.md`, "Pixel kernels"), so this equals
//! keeping its contents (`docs/decisions.md`, "Cayman pixel kernels export").
//!
//! A pixel program must end with EXPORT_DONE (cayman L497, L968): a kernel without outputs
//! exports render target 0 with every component masked (SEL_MASK), which writes nothing
//! (Mesa's r600 pixel shaders do the same when they have no colour output).

use super::*;
use crate::mir::ExportComp;

impl Isel<'_> {
    /// Records the final value of output `oN.c`.
    pub(super) fn output(&mut self, reg: u32, comp: u8, val: Operand) -> Result<(), CompileError> {
        let target = abi::render_target_mrt(reg)
            .ok_or_else(|| unsupported(format!("render target o{reg} (o0..o7)"), self.span))?;
        self.uses.render_targets.insert(u32::from(target));
        let slot = self
            .outputs
            .entry(reg)
            .or_default()
            .get_mut(usize::from(comp))
            .ok_or_else(|| CompileError::Internal(format!("o{reg} component {comp}")))?;
        *slot = Some(val);
        Ok(())
    }

    /// The exports at the end of a pixel program, in render-target order.
    pub(super) fn exports(&mut self) -> Result<(), CompileError> {
        self.kill_discarded();
        let outputs = std::mem::take(&mut self.outputs);
        if outputs.is_empty() {
            self.cur.push(MInst::Export {
                target: 0,
                comps: [ExportComp::Masked; 4],
            });
            return Ok(());
        }
        for (reg, vals) in outputs {
            let target = abi::render_target_mrt(reg)
                .ok_or_else(|| unsupported(format!("render target o{reg}"), self.span))?;
            // One register component needs no tie: it may stay where it is.
            let registers = vals
                .iter()
                .flatten()
                .filter(|v| !matches!(v.src, Src::Imm(0) | Src::Imm(0x3F80_0000)))
                .count();
            self.ties += 1;
            let tie = Some(self.ties);
            let mut comps = [ExportComp::Zero; 4];
            for (c, val) in vals.into_iter().enumerate() {
                let Some(val) = val else { continue };
                comps[c] = match val.src {
                    Src::Imm(0) => ExportComp::Zero,
                    Src::Imm(0x3F80_0000) => ExportComp::One,
                    _ if registers == 1 => {
                        ExportComp::Reg(self.in_chan(val, Chan::from_bits(c as u32)))
                    }
                    _ => {
                        let d = self.m.new_vreg(VRegInfo {
                            chan: Some(Chan::from_bits(c as u32)),
                            gpr: None,
                            tie,
                        });
                        self.push(MAlu::new(AluOp::Mov, d, vec![val]));
                        ExportComp::Reg(d)
                    }
                };
            }
            self.cur.push(MInst::Export { target, comps });
        }
        Ok(())
    }
}
