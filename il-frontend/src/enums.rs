//! The numbered enumerations of the IL (Appendix B of the reference, the only place that
//! gives their values) together with their text spellings (Chapter 6 and the instruction
//! entries of Chapter 7).
//!
//! Each enumeration is declared once with `named_enum!`: the Rust type, its numeric values,
//! its canonical text spelling and any other spellings the reader accepts. Opcode control
//! fields refer to these tables through [`NameTable`], so the parser, the printer and the
//! binary codec agree on every value.

/// A table of text spellings indexed by numeric value: `names[v]` lists the spellings of
/// value `v`, canonical first. Matching is ASCII case-insensitive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NameTable(pub &'static [&'static [&'static str]]);

impl NameTable {
    /// The canonical spelling of `value`, if the table has one.
    pub fn name(&self, value: u32) -> Option<&'static str> {
        self.0.get(value as usize).and_then(|s| s.first().copied())
    }

    /// The value spelled `text`.
    pub fn lookup(&self, text: &str) -> Option<u32> {
        self.0
            .iter()
            .position(|spellings| spellings.iter().any(|s| s.eq_ignore_ascii_case(text)))
            .map(|v| v as u32)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// All canonical spellings joined with `|`, for "expected ..." messages.
    pub fn choices(&self) -> String {
        self.0
            .iter()
            .filter_map(|s| s.first().copied())
            .collect::<Vec<_>>()
            .join("|")
    }
}

/// Declares a `#[repr(u8)]` enum whose values are contiguous from 0, with text spellings.
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $value:literal => [$($text:literal),+] ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum $name {
            $( $(#[$vmeta])* $variant = $value ),+
        }

        impl $name {
            /// Every value, in numeric order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// Text spellings indexed by value.
            pub const NAMES: $crate::enums::NameTable =
                $crate::enums::NameTable(&[$(&[$($text),+]),+]);

            /// The value with numeric encoding `v`.
            pub fn from_u32(v: u32) -> Option<$name> {
                Self::ALL.get(v as usize).copied()
            }

            /// The canonical text spelling.
            pub fn name(self) -> &'static str {
                Self::NAMES.0[self as usize][0]
            }

            /// Parses any accepted spelling, ignoring ASCII case.
            pub fn from_name(text: &str) -> Option<$name> {
                Self::NAMES.lookup(text).and_then(Self::from_u32)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

named_enum! {
    /// `IL_Shader_Type` (App.B L10232): the `il_XX` of the version line.
    pub enum ShaderType {
        Vertex = 0 => ["vs"],
        Pixel = 1 => ["ps"],
        Geometry = 2 => ["gs"],
        Compute = 3 => ["cs"],
        Hull = 4 => ["hs"],
        Domain = 5 => ["ds"],
    }
}

named_enum! {
    /// `IL_Language_Type` (App.B L10246): the client that produced the stream (the `IL_Lang`
    /// token). Text written by hand is `generic`; a stream from another client keeps its
    /// language as an optional first line (e.g. `dx11_ps`) so that text is lossless.
    pub enum Language {
        Generic = 0 => ["generic"],
        OpenGl = 1 => ["opengl"],
        Dx8Ps = 2 => ["dx8_ps"],
        Dx8Vs = 3 => ["dx8_vs"],
        Dx9Ps = 4 => ["dx9_ps"],
        Dx9Vs = 5 => ["dx9_vs"],
        Dx10Ps = 6 => ["dx10_ps"],
        Dx10Vs = 7 => ["dx10_vs"],
        Dx10Gs = 8 => ["dx10_gs"],
        Dx11Ps = 9 => ["dx11_ps"],
        Dx11Vs = 10 => ["dx11_vs"],
        Dx11Gs = 11 => ["dx11_gs"],
        Dx11Cs = 12 => ["dx11_cs"],
        Dx11Hs = 13 => ["dx11_hs"],
        Dx11Ds = 14 => ["dx11_ds"],
    }
}

named_enum! {
    /// `ILComponentSelect` (App.B L10911): one lane of a source swizzle.
    pub enum Swizzle {
        X = 0 => ["x", "r"],
        Y = 1 => ["y", "g"],
        Z = 2 => ["z", "b"],
        W = 3 => ["w", "a"],
        /// Forces 0.0 (bit pattern 0).
        Zero = 4 => ["0"],
        /// Forces 1.0f (0x3F800000), even in integer instructions (L653).
        One = 5 => ["1"],
    }
}

named_enum! {
    /// `ILModDstComponent` (App.B L10902): what happens to one lane of a destination.
    pub enum DstComp {
        NoWrite = 0 => ["_"],
        Write = 1 => ["x"],
        Zero = 2 => ["0"],
        One = 3 => ["1"],
    }
}

named_enum! {
    /// `ILShiftScale` (App.B L10922): the destination's `_x2` .. `_d8` modifier.
    pub enum ShiftScale {
        None = 0 => ["none"],
        X2 = 1 => ["x2"],
        X4 = 2 => ["x4"],
        X8 = 3 => ["x8"],
        D2 = 4 => ["d2"],
        D4 = 5 => ["d4"],
        D8 = 6 => ["d8"],
    }
}

named_enum! {
    /// `ILDivComp` (App.B L10883): the `_divcomp(..)` source modifier.
    pub enum DivComp {
        None = 0 => ["none"],
        Y = 1 => ["y"],
        Z = 2 => ["z"],
        W = 3 => ["w"],
        Unknown = 4 => ["unknown"],
    }
}

named_enum! {
    /// `ILRelOp` (App.B L10934): `_relop(..)` of ifc, breakc, continuec, set, cmp.
    pub enum RelOp {
        Ne = 0 => ["ne"],
        Eq = 1 => ["eq"],
        Ge = 2 => ["ge"],
        Gt = 3 => ["gt"],
        Le = 4 => ["le"],
        Lt = 5 => ["lt"],
    }
}

named_enum! {
    /// `ILZeroOp` (App.B L10893): what `div`, `rcp`, `rsq`, `log`, `ln` return for a zero
    /// operand (L3016-L3020). The default, with no specifier, is `fltmax`.
    pub enum ZeroOp {
        FltMax = 0 => ["fltmax"],
        Zero = 1 => ["zero"],
        Infinity = 2 => ["infinity"],
        InfElseMax = 3 => ["inf_else_max"],
    }
}

named_enum! {
    /// `ILImportUsage` (App.B L10966). Ch.6 spells position `pos`; the real compilers
    /// printed `position` (Brook+'s `dcl_input_position_interp`), which is canonical here.
    pub enum ImportUsage {
        Position = 0 => ["position", "pos"],
        PointSize = 1 => ["pointsize", "pointsizesize"],
        Color = 2 => ["color"],
        BackColor = 3 => ["backcolor"],
        Fog = 4 => ["fog"],
        PixelSampleCoverage = 5 => ["pixelSampleCoverage", "pixel_sample_coverage"],
        Generic = 6 => ["generic"],
        ClipDistance = 7 => ["clipdistance"],
        CullDistance = 8 => ["culldistance"],
        PrimitiveId = 9 => ["primitiveid"],
        VertexId = 10 => ["vertexid"],
        InstanceId = 11 => ["instanceid"],
        IsFrontFace = 12 => ["isfrontface"],
        Lod = 13 => ["lod"],
        Coloring = 14 => ["coloring"],
        NodeColoring = 15 => ["nodeColoring", "node_coloring"],
        Normal = 16 => ["normal"],
        RenderTargetArrayIndex = 17 => ["rendertargetArrayIndex", "rendertarget_array_index"],
        ViewportArrayIndex = 18 => ["viewportArrayIndex", "viewport_array_index"],
        Undefined = 19 => ["undefined"],
        SampleIndex = 20 => ["sampleIndex", "sample_index"],
        EdgeTessFactor = 21 => ["edge_tessfactor", "edgeTessfactor"],
        InsideTessFactor = 22 => ["inside_tessfactor", "insideTessfactor"],
        DetailTessFactor = 23 => ["detail_tessfactor", "detailTessfactor"],
        DensityTessFactor = 24 => ["density_tessfactor", "densityTessfactor"],
    }
}

named_enum! {
    /// `ILInterpMode` (App.B L11119). Ch.6 gives short spellings (`centroid`,
    /// `noperspective`, ...); the compilers printed the long ones, which are canonical here.
    pub enum InterpMode {
        NotUsed = 0 => ["notused"],
        Constant = 1 => ["constant"],
        Linear = 2 => ["linear"],
        LinearCentroid = 3 => ["linear_centroid", "centroid"],
        LinearNoPerspective = 4 => ["linear_noperspective", "noperspective"],
        LinearNoPerspectiveCentroid = 5 => ["linear_noperspective_centroid", "noper_centroid"],
        LinearSample = 6 => ["linear_sample", "sample"],
        LinearNoPerspectiveSample = 7 => ["linear_noperspective_sample", "noper_sample"],
    }
}

named_enum! {
    /// `ILPixTexUsage` (App.B L11010): a resource's dimension.
    pub enum PixTexUsage {
        Unknown = 0 => ["unknown"],
        Tex1D = 1 => ["1d"],
        Tex2D = 2 => ["2d"],
        Tex3D = 3 => ["3d"],
        Cubemap = 4 => ["cubemap"],
        Tex2DMsaa = 5 => ["2dmsaa"],
        FourComp = 6 => ["4comp"],
        Buffer = 7 => ["buffer"],
        Tex1DArray = 8 => ["1darray"],
        Tex2DArray = 9 => ["2darray"],
        Tex2DArrayMsaa = 10 => ["2darraymsaa", "2dms_array"],
        Tex2DPlusW = 11 => ["2dPlusW"],
        CubemapPlusW = 12 => ["cubemapPlusW"],
        CubemapArray = 13 => ["cubemapArray"],
    }
}

named_enum! {
    /// `ILElementFormat` (App.B L11045): the data format of a resource component.
    pub enum ElementFormat {
        Unknown = 0 => ["unknown"],
        Snorm = 1 => ["snorm"],
        Unorm = 2 => ["unorm"],
        Sint = 3 => ["sint"],
        Uint = 4 => ["uint"],
        Float = 5 => ["float"],
        Srgb = 6 => ["srgb"],
        Mixed = 7 => ["mixed"],
    }
}

/// Plain name tables for enumerations that only appear inside control fields.
pub mod tables {
    use super::NameTable;

    /// `ILCompVal` (App.B L10996), `_cmpval(..)` of `cmp`.
    pub const CMP_VAL: NameTable = NameTable(&[&["0.0"], &["0.5"], &["1.0"], &["-0.5"], &["-1.0"]]);
    /// `ILMatrix` (App.B L10867), `_matrix(..)` of `mmul`.
    pub const MATRIX: NameTable = NameTable(&[&["4x4"], &["4x3"], &["3x4"], &["3x3"], &["3x2"]]);
    /// `ILNoiseType` (App.B L11096), `_type(..)` of `noise`.
    pub const NOISE: NameTable =
        NameTable(&[&["perlin1D"], &["perlin2D"], &["perlin3D"], &["perlin4D"]]);
    /// `ILTexCoordMode` (App.B L11037), `_coordtype(..)`.
    pub const TEX_COORD_MODE: NameTable =
        NameTable(&[&["unknown"], &["normalized"], &["unnormalized"]]);
    /// `ILTexShadowMode` (App.B L11058).
    pub const SHADOW_MODE: NameTable = NameTable(&[&["never"], &["z"], &["unknown"]]);
    /// `ILTexFilterMode` (App.B L11066).
    pub const TEX_FILTER: NameTable =
        NameTable(&[&["unknown"], &["point"], &["linear"], &["aniso"]]);
    /// `ILMipFilterMode` (App.B L11075).
    pub const MIP_FILTER: NameTable =
        NameTable(&[&["unknown"], &["point"], &["linear"], &["base"]]);
    /// `ILAnisoFilterMode` (App.B L11084); Ch.6 Table 6.2 spells the ratios as one number.
    pub const ANISO: NameTable = NameTable(&[
        &["unknown"],
        &["disabled"],
        &["1"],
        &["2"],
        &["4"],
        &["8"],
        &["16"],
    ]);
    /// `ILDefaultVal` (App.B L10945), `_x(..)` of `dcldef`.
    pub const DEFAULT_VAL: NameTable = NameTable(&[&["*"], &["0"], &["1"]]);
    /// `ILImportComponent` (App.B L10957), `_x(..)` of `dclpi`, `dclpin`, `dclv`, `dclvout`.
    pub const IMPORT_COMP: NameTable = NameTable(&[&["-"], &["0"], &["1"], &["*"]]);
    /// `IL_TOPOLOGY` (App.B L11140), `dcl_input_primitive`.
    pub const TOPOLOGY: NameTable = NameTable(&[
        &["point"],
        &["line"],
        &["triangle"],
        &["line_adj"],
        &["triangle_adj"],
        &["patch1"],
        &["patch2"],
        &["patch3"],
        &["patch4"],
        &["patch5"],
        &["patch6"],
        &["patch7"],
        &["patch8"],
        &["patch9"],
        &["patch10"],
        &["patch11"],
        &["patch12"],
        &["patch13"],
        &["patch14"],
        &["patch15"],
        &["patch16"],
        &["patch17"],
        &["patch18"],
        &["patch19"],
        &["patch20"],
        &["patch21"],
        &["patch22"],
        &["patch23"],
        &["patch24"],
        &["patch25"],
        &["patch26"],
        &["patch27"],
        &["patch28"],
        &["patch29"],
        &["patch30"],
        &["patch31"],
        &["patch32"],
    ]);
    /// `IL_OUTPUT_TOPOLOGY` (App.B L11187), `dcl_output_topology`.
    pub const OUTPUT_TOPOLOGY: NameTable =
        NameTable(&[&["pointlist"], &["linestrip"], &["trianglestrip"]]);
    /// `IL_LDS_SHARING_MODE` (App.B L11196), written `_wavefrontRel` / `_wavefrontAbs`.
    pub const LDS_SHARING: NameTable = NameTable(&[
        &["_wavefrontRel", "wavefrontRel", "wavefront_rel", "rel"],
        &["_wavefrontAbs", "wavefrontAbs", "wavefront_abs", "abs"],
    ]);
    /// `IL_LOAD_STORE_DATA_SIZE` (App.B L11204), `_size(..)` of the arena UAV.
    pub const DATA_SIZE: NameTable = NameTable(&[&["dword"], &["short"], &["byte"]]);
    /// `IL_UAV_ACCESS_TYPE` (App.B L11212), `_access(..)` of `dcl_typeless_uav`.
    pub const UAV_ACCESS: NameTable = NameTable(&[
        &["read_write"],
        &["read_only"],
        &["write_only"],
        &["private"],
    ]);
    /// `IL_UAV_READ_TYPE` (App.B L11271): the 2-bit cache field; text `_cached` sets 1.
    pub const UAV_READ: NameTable = NameTable(&[&["sc_decide"], &["cached"], &["uncached"]]);
    /// `ILTsDomain` (App.B L11229), written `ts_domain_<name>`.
    pub const TS_DOMAIN: NameTable = NameTable(&[
        &["ts_domain_isoline"],
        &["ts_domain_tri"],
        &["ts_domain_quad"],
    ]);
    /// `ILTsPartition` (App.B L11237), written `ts_partition_<name>`.
    pub const TS_PARTITION: NameTable = NameTable(&[
        &["ts_partition_integer"],
        &["ts_partition_pow2"],
        &["ts_partition_fractional_odd"],
        &["ts_partition_fractional_even"],
    ]);
    /// `ILTsOutputPrimitive` (App.B L11246), written `ts_output_primitive_<name>`.
    pub const TS_OUTPUT: NameTable = NameTable(&[
        &["ts_output_primitive_point"],
        &["ts_output_primitive_line"],
        &["ts_output_primitive_triangle_cw"],
        &["ts_output_primitive_triangle_ccw"],
    ]);
    /// `IL_FIRSTBIT_TYPE` (App.B L11222), written as the mnemonic suffix of `ffb_lo/hi/shi`.
    pub const FIRSTBIT: NameTable = NameTable(&[&["lo"], &["hi"], &["shi"]]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_follow_appendix_b() {
        assert_eq!(RelOp::Eq as u8, 1);
        assert_eq!(RelOp::Lt as u8, 5);
        assert_eq!(ZeroOp::Infinity as u8, 2);
        assert_eq!(ImportUsage::Generic as u8, 6);
        assert_eq!(InterpMode::LinearNoPerspective as u8, 4);
        assert_eq!(PixTexUsage::Tex2DArray as u8, 9);
        assert_eq!(ElementFormat::Float as u8, 5);
        assert_eq!(Language::Dx11Ps as u8, 9);
        assert_eq!(ShaderType::Compute as u8, 3);
    }

    #[test]
    fn spellings_round_trip_and_aliases_resolve() {
        for &u in ImportUsage::ALL {
            assert_eq!(ImportUsage::from_name(u.name()), Some(u));
        }
        assert_eq!(ImportUsage::from_name("pos"), Some(ImportUsage::Position));
        assert_eq!(
            InterpMode::from_name("centroid"),
            Some(InterpMode::LinearCentroid)
        );
        assert_eq!(Swizzle::from_name("A"), Some(Swizzle::W));
        assert_eq!(ZeroOp::from_u32(4), None);
    }
}
