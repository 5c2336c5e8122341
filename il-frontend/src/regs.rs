//! Register types (`ILRegType`, App.B L10785; Chapter 5 and Table 5.8 L1327-L1396) with
//! their text names and how each is written and indexed in text.

use crate::enums::ShaderType;

/// How a register type is written in text and what its brackets mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegStyle {
    /// `r5`: a register number, always printed.
    Numbered,
    /// `vAbsTid`: one register; a number suffix is accepted and printed only when nonzero.
    Single,
    /// `cb0[r1.x+4]`, `x2[3]`, `g[r0.x]`: the suffix is the register (array, buffer) number,
    /// and brackets give the element through register-relative addressing and/or an
    /// immediate. `always_number` says whether the number is printed when it is 0.
    Indexed { always_number: bool },
    /// `vicp[5][2]`, `vpc[3]`: each bracket holds a register number (of this token and of
    /// the nested dimension tokens), as GRVK's disassembler prints hull/domain inputs.
    NumberInBrackets,
}

/// Shader-model restriction of a register type (App.C Tables C-2 and C-4, L11408-L11446).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShaderModel {
    Any,
    Sm30Only,
    Sm40Only,
}

macro_rules! reg_types {
    ($( $variant:ident = $value:literal => $name:literal $(/ $out_name:literal)? [$($alias:literal),*] $style:expr, $sm:ident ;)+) => {
        /// `ILRegType`: the 6-bit register type of a destination or source token.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum RegType {
            $( $variant = $value ),+
        }

        impl RegType {
            /// Every register type in numeric order.
            pub const ALL: &'static [RegType] = &[$(RegType::$variant),+];

            /// The type with numeric encoding `v` (0..=62).
            pub fn from_u32(v: u32) -> Option<RegType> {
                Self::ALL.get(v as usize).copied()
            }

            /// The text name, for a program of shader type `shader`: registers that pass
            /// values from vertex to pixel shaders are `o...` in a vertex shader and `v...`
            /// elsewhere (`oT0` / `vT0`).
            pub fn name(self, shader: ShaderType) -> &'static str {
                match self {
                    $( $( RegType::$variant if shader == ShaderType::Vertex => $out_name, )? )+
                    _ => self.input_name(),
                }
            }

            fn input_name(self) -> &'static str {
                match self { $( RegType::$variant => $name ),+ }
            }

            /// Every spelling that names this type (without a number).
            pub fn spellings(self) -> &'static [&'static str] {
                match self { $( RegType::$variant => &[$name $(, $out_name)? $(, $alias)*] ),+ }
            }

            pub fn style(self) -> RegStyle {
                use RegStyle::*;
                match self { $( RegType::$variant => $style ),+ }
            }

            pub fn shader_model(self) -> ShaderModel {
                use ShaderModel::*;
                match self { $( RegType::$variant => $sm ),+ }
            }
        }
    };
}

reg_types! {
    ConstBool = 0 => "b" [] Numbered, Sm30Only;
    ConstFloat = 1 => "c" [] Numbered, Sm30Only;
    ConstInt = 2 => "i" [] Numbered, Sm30Only;
    Addr = 3 => "a" [] Numbered, Sm30Only;
    Temp = 4 => "r" [] Numbered, Any;
    Vertex = 5 => "v" [] Numbered, Sm30Only;
    Index = 6 => "vIndex" [] Single, Any;
    ObjectIndex = 7 => "vObjIndex" [] Single, Any;
    BarycentricCoord = 8 => "vBaryCoord" [] Single, Any;
    PrimitiveIndex = 9 => "vPrimIndex" [] Single, Any;
    QuadIndex = 10 => "vQuadIndex" [] Single, Any;
    VOutput = 11 => "oVtxOut" [] Numbered, Sm30Only;
    PInput = 12 => "vPixIn" [] Numbered, Sm30Only;
    Sprite = 13 => "oSprite" [] Single, Sm30Only;
    Pos = 14 => "oPos" [] Single, Sm30Only;
    Interp = 15 => "vInterp" / "oInterp" [] Numbered, Sm30Only;
    Fog = 16 => "vFog" / "oFog" [] Single, Sm30Only;
    TexCoord = 17 => "vT" / "oT" [] Numbered, Sm30Only;
    PriColor = 18 => "vPriColor" / "oPriColor" [] Numbered, Sm30Only;
    SecColor = 19 => "vSecColor" / "oSecColor" [] Numbered, Sm30Only;
    SpriteCoord = 20 => "vSpriteCoord" ["vSprite"] Single, Sm30Only;
    Face = 21 => "vFace" [] Single, Sm30Only;
    WinCoord = 22 => "vWinCoord" [] Single, Sm30Only;
    PrimCoord = 23 => "vPrimCoord" [] Single, Any;
    PrimType = 24 => "vPrimType" [] Single, Any;
    PColor = 25 => "oC" [] Numbered, Sm30Only;
    Depth = 26 => "oDepth" [] Single, Any;
    Stencil = 27 => "oStencil" [] Single, Any;
    Clip = 28 => "oClip" [] Numbered, Sm30Only;
    VPrim = 29 => "vPrim" [] Single, Any;
    ITemp = 30 => "x" [] Indexed { always_number: true }, Sm40Only;
    ConstBuff = 31 => "cb" [] Indexed { always_number: true }, Sm40Only;
    Literal = 32 => "l" [] Numbered, Sm40Only;
    Input = 33 => "v" [] Indexed { always_number: true }, Sm40Only;
    Output = 34 => "o" [] Indexed { always_number: true }, Sm40Only;
    ImmedConstBuff = 35 => "icb" [] Indexed { always_number: false }, Sm40Only;
    OMask = 36 => "oMask" [] Single, Sm40Only;
    Persist = 37 => "p" [] Indexed { always_number: false }, Any;
    Global = 38 => "g" [] Indexed { always_number: false }, Any;
    PsOutFog = 39 => "oPsFog" [] Numbered, Any;
    SharedTemp = 40 => "sr" [] Numbered, Sm40Only;
    ThreadIdInGroup = 41 => "vTidInGrp" [] Single, Sm40Only;
    ThreadIdInGroupFlat = 42 => "vTidInGrpFlat" ["vTid"] Single, Sm40Only;
    AbsoluteThreadId = 43 => "vAbsTid" [] Single, Sm40Only;
    AbsoluteThreadIdFlat = 44 => "vAbsTidFlat" ["vaTid"] Single, Sm40Only;
    ThreadGroupId = 45 => "vThreadGrpId" [] Single, Sm40Only;
    ThreadGroupIdFlat = 46 => "vThreadGrpIdFlat" ["vTGroupid"] Single, Sm40Only;
    GenericMem = 47 => "mem" [] Single, Sm40Only;
    InputCp = 48 => "vicp" [] NumberInBrackets, Sm40Only;
    PatchConst = 49 => "vpc" [] NumberInBrackets, Sm40Only;
    DomainLocation = 50 => "vDomain" [] Single, Sm40Only;
    OutputCp = 51 => "vocp" [] NumberInBrackets, Sm40Only;
    OcpId = 52 => "vOutputControlPointID" [] Single, Sm40Only;
    ShaderInstanceId = 53 => "vInstanceID" [] Single, Sm40Only;
    This = 54 => "this" [] Indexed { always_number: false }, Sm40Only;
    EdgeFlag = 55 => "oEdgeFlag" [] Single, Sm30Only;
    DepthLe = 56 => "oDepthLE" [] Single, Sm40Only;
    DepthGe = 57 => "oDepthGE" [] Single, Sm40Only;
    InputCoverageMask = 58 => "vCoverageMask" [] Single, Sm40Only;
    Timer = 59 => "Tmr" [] Single, Sm40Only;
    LineStipple = 60 => "vLineStipple" [] Single, Any;
    InputArg = 61 => "in" [] Numbered, Any;
    OutputArg = 62 => "out" [] Numbered, Any;
}

impl RegType {
    /// Finds the register type spelled `name` (ASCII case-insensitive, no number). `v` is
    /// the SM40 input register; the parser turns it into [`RegType::Vertex`] in SM30 vertex
    /// shaders (see `docs/decisions.md`).
    pub fn from_name(name: &str) -> Option<RegType> {
        lookup_table()
            .iter()
            .find(|(spelling, _)| spelling.eq_ignore_ascii_case(name))
            .map(|&(_, ty)| ty)
    }

    /// Whether a register of this type may be indexed by a register (register-relative
    /// addressing) or by an immediate.
    pub fn is_indexed(self) -> bool {
        matches!(self.style(), RegStyle::Indexed { .. })
    }
}

/// All (spelling, type) pairs with `v` resolving to INPUT (33), not VERTEX (5).
fn lookup_table() -> &'static [(&'static str, RegType)] {
    use std::sync::OnceLock;
    static TABLE: OnceLock<Vec<(&'static str, RegType)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Vec::new();
        for &ty in RegType::ALL {
            if ty == RegType::Vertex {
                continue;
            }
            for &s in ty.spellings() {
                table.push((s, ty));
            }
        }
        table
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_follows_appendix_b() {
        assert_eq!(RegType::ALL.len(), 63);
        for (i, ty) in RegType::ALL.iter().enumerate() {
            assert_eq!(*ty as usize, i);
        }
        assert_eq!(RegType::Temp as u8, 4);
        assert_eq!(RegType::ConstBuff as u8, 31);
        assert_eq!(RegType::GenericMem as u8, 47);
        assert_eq!(RegType::OutputArg as u8, 62);
    }

    #[test]
    fn names_resolve_case_insensitively_with_deprecated_aliases() {
        assert_eq!(
            RegType::from_name("vaTid"),
            Some(RegType::AbsoluteThreadIdFlat)
        );
        assert_eq!(
            RegType::from_name("vTid"),
            Some(RegType::ThreadIdInGroupFlat)
        );
        assert_eq!(
            RegType::from_name("vTGroupid"),
            Some(RegType::ThreadGroupIdFlat)
        );
        assert_eq!(
            RegType::from_name("vThreadGrpID"),
            Some(RegType::ThreadGroupId)
        );
        assert_eq!(RegType::from_name("oT"), Some(RegType::TexCoord));
        assert_eq!(RegType::from_name("v"), Some(RegType::Input));
        assert_eq!(RegType::from_name("aL"), None);
    }

    #[test]
    fn pass_through_registers_are_named_by_direction_of_the_shader() {
        assert_eq!(RegType::TexCoord.name(ShaderType::Vertex), "oT");
        assert_eq!(RegType::TexCoord.name(ShaderType::Pixel), "vT");
        assert_eq!(RegType::Temp.name(ShaderType::Vertex), "r");
    }

    #[test]
    fn every_spelling_names_exactly_one_type() {
        for (i, (a, ta)) in lookup_table().iter().enumerate() {
            for (b, tb) in &lookup_table()[i + 1..] {
                assert!(
                    !a.eq_ignore_ascii_case(b),
                    "{a} names both {ta:?} and {tb:?}"
                );
            }
        }
    }
}
