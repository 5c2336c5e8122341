//! Integer and multimedia IL instructions beyond the one-to-one ones: 24-bit multiplies,
//! bit-field insert, first-bit search, carries, byte SAD/lerp/unpack and three-operand
//! min/max/median. Each gives the bits `il-semantics` computes.

use il_frontend::opcode::Opcode;
use midend::ir;

use super::Isel;
use crate::isa::AluOp as A;
use crate::mir::Operand;
use crate::CompileError;

impl Isel<'_> {
    /// The integer instructions selected here, `None` for the others.
    pub(super) fn int_alu(
        &mut self,
        op: &ir::AluOp,
        a: &[Operand],
    ) -> Result<Option<Operand>, CompileError> {
        use Opcode as O;
        let n = |k: usize| -> Result<Operand, CompileError> {
            a.get(k).copied().ok_or_else(|| {
                CompileError::Internal(format!("{} lacks operand {k}", op.opcode.mnemonic()))
            })
        };
        let imm = Operand::imm;
        // The IL's 24-bit multiplies read bits 23:0 exactly as the Cayman ones do
        // (il-semantics `int::umul24` .. `imad24`; cayman L5320, L5520, L8603, L1811-L1812).
        let two = |s: &mut Self, hw: A| -> Result<Operand, CompileError> {
            Ok(s.alu_op(hw, vec![n(0)?, n(1)?]))
        };
        Ok(Some(match op.opcode {
            O::UMul24 => two(self, A::MulUint24)?,
            O::UMul24High => two(self, A::MulhiUint24)?,
            O::IMul24 => two(self, A::MulInt24)?,
            O::IMul24High => two(self, A::MulhiInt24)?,
            O::UMad24 => self.alu_op(A::MuladdUint24, vec![n(0)?, n(1)?, n(2)?]),
            O::IMad24 => self.alu_op(A::MuladdInt24, vec![n(0)?, n(1)?, n(2)?]),
            // ADDC_UINT / SUBB_UINT give 1 or 0 (cayman L3345, L6987), as the IL.
            O::ICarry => two(self, A::AddcUint)?,
            O::IBorrow => self.alu_op(A::SubbUint, vec![n(0)?, n(1)?]),
            O::IFirstbit => {
                let kind = op
                    .opcode
                    .info()
                    .field("type")
                    .and_then(|f| f.value_in(op.control, &Default::default(), &[]))
                    .unwrap_or(0);
                // FFBL_INT / FFBH_UINT / FFBH_INT count as ffb_lo / ffb_hi / ffb_shi and
                // give -1 where there is no bit (cayman L3833-L3878).
                let hw = match kind {
                    0 => A::FfblInt,
                    1 => A::FfbhUint,
                    _ => A::FfbhInt,
                };
                self.alu_op(hw, vec![n(0)?])
            }
            O::UBitInsert => {
                // mask = BFM(width, offset); BFI(mask, insert << offset, base).
                let (w, o, ins, base) = (n(0)?, n(1)?, n(2)?, n(3)?);
                let m = self.alu_op(A::BfmInt, vec![w, o]);
                let s = self.alu_op(A::LshlInt, vec![ins, o]);
                self.alu_op(A::BfiInt, vec![m, s, base])
            }
            O::BitAlign => self.alu_op(A::BitAlignInt, vec![n(0)?, n(1)?, n(2)?]),
            O::ByteAlign => self.alu_op(A::ByteAlignInt, vec![n(0)?, n(1)?, n(2)?]),
            O::Sad => self.alu_op(A::SadAccumUint, vec![n(0)?, n(1)?, n(2)?]),
            O::SadHi => self.alu_op(A::SadAccumHiUint, vec![n(0)?, n(1)?, n(2)?]),
            // Cayman has no masked SAD: the src0 bytes whose src1 byte is zero are cleared
            // first, so that those pairs add |0 - 0| (decision "msad_u8, qsad_u8, mqsad_u8").
            O::MsadU8 => {
                let m = self.nonzero_bytes(n(1)?);
                let x = self.alu_op(A::AndInt, vec![n(0)?, m]);
                self.alu_op(A::SadAccumUint, vec![x, n(1)?, n(2)?])
            }
            O::Sad4 => {
                let mut acc = n(8)?;
                for k in 0..4 {
                    acc = self.alu_op(A::SadAccumUint, vec![n(k)?, n(4 + k)?, acc]);
                }
                acc
            }
            O::U4lerp => self.alu_op(A::LerpUint, vec![n(0)?, n(1)?, n(2)?]),
            O::Unpack0 => self.alu_op(A::Ubyte0Flt, vec![n(0)?]),
            O::Unpack1 => self.alu_op(A::Ubyte1Flt, vec![n(0)?]),
            O::Unpack2 => self.alu_op(A::Ubyte2Flt, vec![n(0)?]),
            O::Unpack3 => self.alu_op(A::Ubyte3Flt, vec![n(0)?]),
            O::F2U4 => {
                let mut acc = None;
                for k in 0..4u32 {
                    let u = self.alu_op(A::FltToUint, vec![n(k as usize)?]);
                    let b = self.alu_op(A::AndInt, vec![u, imm(0xFF)]);
                    let b = if k == 0 {
                        b
                    } else {
                        self.alu_op(A::LshlInt, vec![b, imm(8 * k)])
                    };
                    acc = Some(match acc {
                        None => b,
                        Some(x) => self.alu_op(A::OrInt, vec![x, b]),
                    });
                }
                acc.unwrap_or(imm(0))
            }
            O::IMin3 | O::IMax3 | O::IMed3 => self.three(A::MinInt, A::MaxInt, op.opcode, a)?,
            O::UMin3 | O::UMax3 | O::UMed3 => self.three(A::MinUint, A::MaxUint, op.opcode, a)?,
            _ => return Ok(None),
        }))
    }

    /// 0xFF in each byte of `b` that is not zero, 0 elsewhere: bit 7 of each byte of
    /// `t = ((b & 0x7F..) + 0x7F..) | b` says whether the byte is non-zero (no carry leaves a
    /// byte), and `(t - (t >> 7)) | t` spreads it over the byte (0x80 - 0x01 = 0x7F, no
    /// borrow leaves a byte).
    pub(super) fn nonzero_bytes(&mut self, b: Operand) -> Operand {
        let imm = Operand::imm;
        let t = self.alu_op(A::AndInt, vec![b, imm(0x7F7F_7F7F)]);
        let t = self.alu_op(A::AddInt, vec![t, imm(0x7F7F_7F7F)]);
        let t = self.alu_op(A::OrInt, vec![t, b]);
        let t = self.alu_op(A::AndInt, vec![t, imm(0x8080_8080)]);
        let low = self.alu_op(A::LshrInt, vec![t, imm(7)]);
        let m = self.alu_op(A::SubInt, vec![t, low]);
        self.alu_op(A::OrInt, vec![m, t])
    }

    /// min3 / max3 / med3 with the given two-operand min and max.
    fn three(
        &mut self,
        min: A,
        max: A,
        opcode: Opcode,
        a: &[Operand],
    ) -> Result<Operand, CompileError> {
        use Opcode as O;
        let [x, y, z] = [0, 1, 2].map(|k| a.get(k).copied());
        let (Some(x), Some(y), Some(z)) = (x, y, z) else {
            return Err(CompileError::Internal(format!(
                "{} lacks an operand",
                opcode.mnemonic()
            )));
        };
        Ok(match opcode {
            O::IMin3 | O::UMin3 => {
                let m = self.alu_op(min, vec![x, y]);
                self.alu_op(min, vec![m, z])
            }
            O::IMax3 | O::UMax3 => {
                let m = self.alu_op(max, vec![x, y]);
                self.alu_op(max, vec![m, z])
            }
            _ => {
                let lo = self.alu_op(min, vec![x, y]);
                let hi = self.alu_op(max, vec![x, y]);
                let m = self.alu_op(min, vec![hi, z]);
                self.alu_op(max, vec![lo, m])
            }
        })
    }
}
