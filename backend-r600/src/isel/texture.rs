//! The coordinates array resources and comparison sampling add to a TEX instruction, in
//! channels z and w of the coordinate GPR (`docs/abi.md`, "IL programs on Cayman"):
//!
//! * **Array slice → z.** The TEX instruction has no slice field: the resource's dimension
//!   (2D_ARRAY / 1D_ARRAY in its descriptor) makes the texture unit read the slice from the
//!   source's z with COORD_TYPE_Z unnormalized. Mesa's r600 TGSI translator does exactly
//!   this for both array kinds (`coord_type_z = 0`, and a 1D array's slice copied from y to
//!   z). The IL's slice is `src0.y` of a 1D array and `src0.z` of a 2D array (IL reference
//!   L5155); for a sample it is a float rounded to nearest even (L5155), which the program
//!   does itself with `RNDNE` so that the result does not depend on how the texture unit
//!   rounds; `load` takes it as an integer.
//! * **Reference → w.** SAMPLE_C / SAMPLE_C_LZ compare "the reference value in src0.W with
//!   the sampled value" and put 1.0 (pass) or 0.0 in X (cayman L7400); the IL's reference is
//!   `src1.x` (IL reference L5205). The comparison function is sampler state: the launch
//!   gives sampler 0 LESS_EQUAL, the IL's meaning (`docs/decisions.md`, "comparison
//!   sampling").
//! * **Texel offsets** of a sample (`_aoffimmi`) go to OFFSET_X/Y in half texels
//!   ([`Isel::texel_offsets`]).

use midend::ir::{IlOp, Value};

use super::{Isel, ResourceInfo};
use crate::isa::{AluOp, Chan};
use crate::mir::{MAlu, Operand, TexExtra, VRegInfo};
use crate::CompileError;

impl Isel<'_> {
    /// The slice and reference channels of a TEX instruction whose u and v are tied by
    /// `tie`.
    pub(super) fn texture_extra(
        &mut self,
        il: &IlOp,
        args: &[Value],
        info: ResourceInfo,
        ld: bool,
        compare: bool,
        tie: Option<u32>,
    ) -> Result<TexExtra, CompileError> {
        let mut extra = TexExtra {
            // Resources have one mip level (`docs/abi.md`), so the forms that choose a level
            // (an LOD, a bias, gradients) all read level 0: SAMPLE_LZ / SAMPLE_C_LZ, as
            // gfx906 compiles them to `image_sample_lz`.
            level_zero: {
                use il_frontend::opcode::Opcode as O;
                matches!(
                    il.opcode,
                    O::SampleCLz
                        | O::SampleL
                        | O::SampleB
                        | O::SampleG
                        | O::SampleCL
                        | O::SampleCB
                        | O::SampleCG
                )
            },
            ..TexExtra::default()
        };
        if !ld {
            if let Some(word) = il.extra.address_offset {
                extra.offset = self.texel_offsets(il, word, info)?;
            }
        }
        if info.array {
            let k = if info.one_d { 1 } else { 2 };
            let s = match Self::il_arg(il, args, 0, k) {
                Some(v) => self.operand(v)?,
                None => Operand::imm(0),
            };
            let s = if ld {
                s
            } else {
                self.alu_op(AluOp::Rndne, vec![s])
            };
            extra.slice = Some(self.tied(Chan::Z, tie, s));
        }
        if compare {
            self.uses.depth_compare = true;
            let r = match Self::il_arg(il, args, 1, 0) {
                Some(v) => self.operand(v)?,
                None => Operand::imm(0),
            };
            extra.reference = Some(self.tied(Chan::W, tie, r));
        }
        Ok(extra)
    }

    /// OFFSET_X/Y of a sample from `_aoffimmi(u,v,w)`: the IL's offsets are signed 7.1
    /// fixed point (half texels, IL reference L4960) and the TEX fields 5-bit two's
    /// complement "in texel space, [-8, 8)" (cayman TEX_WORD2), i.e. half texels as well, so
    /// the byte goes in unchanged; one outside [-16, 15] does not fit. The w offset of a
    /// 1D/2D resource and the v offset of a 1D one move nothing.
    fn texel_offsets(
        &self,
        il: &IlOp,
        word: u32,
        info: ResourceInfo,
    ) -> Result<[u8; 3], CompileError> {
        let mut out = [0u8; 3];
        let axes = if info.one_d { 1 } else { 2 };
        for (k, o) in out.iter_mut().enumerate().take(axes) {
            let v = (word >> (8 * k)) as u8 as i8;
            if !(-16..=15).contains(&v) {
                return Err(super::unsupported(
                    format!(
                        "{}: a texel offset of {} (TEX offsets span [-8, 8) texels)",
                        il.opcode.mnemonic(),
                        f32::from(v) / 2.0
                    ),
                    self.span,
                ));
            }
            *o = v as u8 & 0x1F;
        }
        Ok(out)
    }

    /// A copy of `value` in channel `chan` of the GPR `tie` names (TEX coordinates, RAT
    /// data with its compare value), or of a GPR of its own without a tie.
    pub(super) fn tied(
        &mut self,
        chan: Chan,
        tie: Option<u32>,
        value: Operand,
    ) -> crate::mir::VReg {
        let r = self.m.new_vreg(VRegInfo {
            chan: Some(chan),
            gpr: None,
            tie,
        });
        self.push(MAlu::new(AluOp::Mov, r, vec![value]));
        r
    }

    /// `fetch4` (L4827) is GATHER4 of the `_compselect` component (x without it; INST_MOD,
    /// cayman L9590): TEX result component c is the c-th texel of the footprint, the order
    /// IL gives ((-,+), (+,+), (+,-), (-,-) half a texel away) and the device model follows.
    pub(super) fn gather_component(&self, il: &IlOp) -> Option<u8> {
        use il_frontend::opcode::Opcode as O;
        matches!(
            il.opcode,
            O::Fetch4 | O::Fetch4C | O::Fetch4Po | O::Fetch4PoC
        )
        .then(|| (il.field("compselect").unwrap_or(0) & 3) as u8)
    }
}

/// `fetch4po`/`fetch4poc` (IL L4881, L4846): the fetch4 footprint moved by src1.xy, signed
/// integer texels. GATHER4 has no per-lane offsets short of GATHER4_O with
/// SET_TEXTURE_OFFSETS, so the kernel moves the coordinates itself, as the gfx906 backend
/// does: a normalized coordinate is scaled to texel space by the size GET_TEXTURE_RESINFO
/// reports for level 0 (the runtime's resources have one level), the offsets converted
/// with INT_TO_FLT are added, and the TEX instruction takes unnormalized coordinates. The
/// interpreter computes `u * width + offset` the same way (`interp/texture.rs`).
/// `fetch4_c`/`fetch4poc` gather the texels and compare in the kernel (below).
impl Isel<'_> {
    /// `(u, v)` in texel space with the programmable offsets added when `il` is
    /// `fetch4po*`; None for every other opcode (the coordinates stay as they are).
    pub(super) fn programmable_offset_coords(
        &mut self,
        il: &IlOp,
        args: &[Value],
        id: u32,
        info: ResourceInfo,
        normalized: bool,
        coords: [Operand; 2],
    ) -> Result<Option<[Operand; 2]>, CompileError> {
        use il_frontend::opcode::Opcode;
        if !matches!(il.opcode, Opcode::Fetch4Po | Opcode::Fetch4PoC) {
            return Ok(None);
        }
        let axes = if info.one_d { 1 } else { 2 };
        let level = if normalized {
            self.ties += 1;
            Some(self.tied(Chan::X, Some(self.ties), Operand::imm(0)))
        } else {
            None
        };
        let mut out = coords;
        for (axis, t) in out.iter_mut().enumerate().take(axes) {
            if let Some(level) = level {
                // GET_TEXTURE_RESINFO: X width, Y height, as integers (cayman L7321).
                let size = self.m.new_vreg(VRegInfo::default());
                self.cur.push(crate::mir::MInst::Tex {
                    resource: id as u8,
                    ld: false,
                    normalized: false,
                    comp: axis as u8,
                    dst: size,
                    u: level,
                    v: None,
                    extra: TexExtra {
                        resinfo: true,
                        ..TexExtra::default()
                    },
                });
                let size = self.alu_op(AluOp::UintToFlt, vec![Operand::reg(size)]);
                *t = self.alu_op(AluOp::MulIeee, vec![*t, size]);
            }
            // src1.xy for `fetch4po` (L4881), src2.xy for `fetch4poc` (L4848).
            let from = if il.opcode == Opcode::Fetch4PoC { 2 } else { 1 };
            let offset = match Self::il_arg(il, args, from, axis as u32) {
                Some(v) => self.operand(v)?,
                None => Operand::imm(0),
            };
            let offset = self.alu_op(AluOp::IntToFlt, vec![offset]);
            *t = self.alu_op(AluOp::Add, vec![*t, offset]);
        }
        Ok(Some(out))
    }

    /// The reference of a comparison gather: src1.x of `fetch4_c` and of `fetch4poc` ("Src1.x
    /// is the value to compare against; src2.xy are offsets", IL L4848); None otherwise.
    pub(super) fn gather_reference(
        &self,
        il: &IlOp,
        args: &[Value],
    ) -> Result<Option<Operand>, CompileError> {
        use il_frontend::opcode::Opcode;
        let src = match il.opcode {
            Opcode::Fetch4C | Opcode::Fetch4PoC => 1,
            _ => return Ok(None),
        };
        Ok(Some(match Self::il_arg(il, args, src, 0) {
            Some(v) => self.operand(v)?,
            None => Operand::imm(0),
        }))
    }

    /// 1.0 where `reference <= texel`, else 0.0: SETGE (cayman: 1.0 if src0 >= src1, else
    /// 0.0, a NaN comparing false) with the texel first. The comparison happens in the
    /// kernel rather than through GATHER4_C because IL's `le` flushes denormals on both sides
    /// and the ALU does the same, while the ISA says nothing of the texture unit's compare
    /// and denormals (the gfx906 backend decided likewise).
    pub(super) fn gather_compare(&mut self, reference: Operand, texel: Operand) -> Operand {
        self.alu_op(AluOp::Setge, vec![texel, reference])
    }
}
