//! The opcode coverage table, `docs/coverage.md`, kept honest: for every opcode of the IL
//! reference (`Opcode::all()`), a tiny probe program that uses it is parsed (and checked to
//! really contain the opcode), lowered and run by the reference interpreter on a few
//! work-items, and compiled for Cayman and gfx906; the known-answer specs of `tests/kat/`
//! that use the opcode are counted. The generated text must equal `docs/coverage.md`:
//! `ILC_BLESS_COVERAGE=1 cargo test -p ilc-tests --test coverage` rewrites the file.
//!
//! ALU probes are generated from the opcode table (`info().srcs` sources read from
//! temporaries loaded from raw UAV 11, the result stored back to it); everything else has
//! a hand-written probe in [`HAND`]. Opcodes that only vertex, geometry, hull or domain
//! shaders have ([`VS_GS_HS_DS`]) are `n/a`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use il_frontend::ast::Program;
use il_frontend::opcode::{DataType, Flow, Layout, Opcode};
use ilc::{RunOptions, Target};
use runtime_sim::interp::kernel;
use runtime_sim::{Interpreter, RunError};

/// The shader type of a hand-written probe, which decides the text around its snippet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A compute kernel: the snippet goes between [`CS_HEAD`] and [`CS_TAIL`]; it may read
    /// r1..r3 (loaded data), r0.x (the work-item's byte address in UAV 11), r0.z (its
    /// dword address in a 256-byte LDS/GDS) and writes r10.
    Cs,
    /// A compute kernel with extra declarations: `decls` then the snippet.
    CsDecl(&'static str),
    /// A pixel kernel: between [`PS_HEAD`] and [`PS_TAIL`]; r1..r3 hold the interpolated
    /// input v1 (swizzled), r10 goes to o0.
    Ps,
    /// A pixel kernel with extra declarations.
    PsDecl(&'static str),
    /// A whole program.
    Whole,
}

const CS_HEAD: &str = "il_cs_2_0
dcl_num_thread_per_group 4
dcl_raw_uav_id(11)
dcl_literal l0, 16, 4, 1, 0
imul r0.x, vAbsTidFlat.x, l0.x
imul r0.z, vTidInGrpFlat.x, l0.y
uav_raw_load_id(11) r1, r0.x
mov r2, r1.yzwx
mov r3, r1.zwxy
mov r4, r1.wxyz
";
const CS_TAIL: &str = "uav_raw_store_id(11) mem.xyzw, r0.x, r10
end
";
const PS_HEAD: &str = "il_ps_2_0
dcl_input_generic_interp(linear) v1
dcl_output_generic o0
mov r1, v1
mov r2, v1.yzwx
mov r3, v1.zwxy
";
const PS_TAIL: &str = "mov o0, r10
end
";

/// Opcodes of the vertex, geometry, hull and domain stages only (7.4 phases, 7.5
/// declarations of those stages, 7.6 stream output, the SM30 vertex inputs).
const VS_GS_HS_DS: &[Opcode] = &[
    Opcode::Dclv,
    Opcode::Dclvout,
    Opcode::Initv,
    Opcode::Memimport,
    Opcode::DclVprim,
    Opcode::DclInputPrimitive,
    Opcode::DclMaxOutputVertexCount,
    Opcode::DclOutputTopology,
    Opcode::DclStream,
    Opcode::Cut,
    Opcode::Emit,
    Opcode::EmitThenCut,
    Opcode::CutStream,
    Opcode::EmitStream,
    Opcode::EmitThenCutStream,
    Opcode::DclNumIcp,
    Opcode::DclNumOcp,
    Opcode::DclNumInstances,
    Opcode::HsCpPhase,
    Opcode::HsForkPhase,
    Opcode::HsJoinPhase,
    Opcode::Endphase,
    Opcode::DclTsDomain,
    Opcode::DclTsPartition,
    Opcode::DclTsOutputPrimitive,
    Opcode::DclMaxTessfactor,
];

/// Hand-written probes: opcode, shader kind, snippet (or whole program).
const HAND: &[(Opcode, Kind, &str)] = &[
    // ---- flow control (7.4) ----
    (Opcode::Break, Kind::Cs, "mov r10, r1\nwhileloop\nbreak\nendloop\n"),
    (Opcode::Breakc, Kind::Cs, "mov r10, r1\nwhileloop\nbreakc_relop(ge) r1.x, r2.x\nadd r1.x, r1.x, r1.x\nbreak\nendloop\n"),
    (Opcode::BreakLogicalz, Kind::Cs, "mov r10, r1\nwhileloop\nbreak_logicalz r1.x\nbreak\nendloop\n"),
    (Opcode::BreakLogicalnz, Kind::Cs, "mov r10, r1\nwhileloop\nbreak_logicalnz r1.x\nbreak\nendloop\n"),
    (Opcode::Continue, Kind::Cs, "mov r10, r1\nwhileloop\nbreak_logicalz r10.x\nushr r10.x, r10.x, l0.z\ncontinue\nendloop\n"),
    (Opcode::Continuec, Kind::Cs, "mov r10, r1\nwhileloop\nbreak_logicalz r10.x\nushr r10.x, r10.x, l0.z\ncontinuec_relop(ne) r10.y, r10.z\nbreak\nendloop\n"),
    (Opcode::ContinueLogicalz, Kind::Cs, "mov r10, r1\nwhileloop\nbreak_logicalz r10.x\nushr r10.x, r10.x, l0.z\ncontinue_logicalz r10.y\nbreak\nendloop\n"),
    (Opcode::ContinueLogicalnz, Kind::Cs, "mov r10, r1\nwhileloop\nbreak_logicalz r10.x\nushr r10.x, r10.x, l0.z\ncontinue_logicalnz r10.y\nbreak\nendloop\n"),
    (Opcode::While, Kind::Cs, "mov r10, r1\nwhileloop\nbreak_logicalz r10.x\nushr r10.x, r10.x, l0.z\nendloop\n"),
    (Opcode::Endloop, Kind::Cs, "mov r10, r1\nwhileloop\nbreak\nendloop\n"),
    (Opcode::Ifc, Kind::Cs, "mov r10, r1\nifc_relop(lt) r1.x, r2.x\nmov r10, r2\nendif\n"),
    (Opcode::IfLogicalz, Kind::Cs, "mov r10, r1\nif_logicalz r1.x\nmov r10, r2\nendif\n"),
    (Opcode::IfLogicalnz, Kind::Cs, "mov r10, r1\nif_logicalnz r1.x\nmov r10, r2\nendif\n"),
    (Opcode::Else, Kind::Cs, "if_logicalnz r1.x\nmov r10, r2\nelse\nmov r10, r3\nendif\n"),
    (Opcode::Endif, Kind::Cs, "mov r10, r1\nif_logicalnz r1.x\nmov r10, r2\nendif\n"),
    (Opcode::Switch, Kind::Cs, "mov r10, r1\nswitch vTidInGrpFlat.x\ncase 1\nmov r10, r2\nbreak\ndefault\nmov r10, r3\nbreak\nendswitch\n"),
    (Opcode::Case, Kind::Cs, "mov r10, r1\nswitch vTidInGrpFlat.x\ncase 1\nmov r10, r2\nbreak\nendswitch\n"),
    (Opcode::Default, Kind::Cs, "mov r10, r1\nswitch vTidInGrpFlat.x\ndefault\nmov r10, r3\nbreak\nendswitch\n"),
    (Opcode::Endswitch, Kind::Cs, "mov r10, r1\nswitch vTidInGrpFlat.x\ncase 1\nmov r10, r2\nbreak\nendswitch\n"),
    (Opcode::Loop, Kind::Whole, "il_cs_2_0\ndcl_num_thread_per_group 4\ndcl_raw_uav_id(11)\ndcl_literal l0, 16, 0, 0, 0\ndcl_literal l1, 3, 0, 1, 0\nimul r0.x, vAbsTidFlat.x, l0.x\nmov r10, l0.y\nloop l1\niadd r10.x, r10.x, l1.z\nendloop\nuav_raw_store_id(11) mem.xyzw, r0.x, r10\nend\n"),
    (Opcode::Call, Kind::Whole, CALL_PROGRAM),
    (Opcode::Func, Kind::Whole, CALL_PROGRAM),
    (Opcode::Endfunc, Kind::Whole, CALL_PROGRAM),
    (Opcode::Ret, Kind::Whole, CALL_PROGRAM),
    (Opcode::Endmain, Kind::Whole, CALL_PROGRAM),
    (Opcode::End, Kind::Cs, "mov r10, r1\n"),
    (Opcode::CallLogicalz, Kind::Whole, "il_cs_2_0\ndcl_num_thread_per_group 4\ndcl_raw_uav_id(11)\ndcl_literal l0, 16, 0, 0, 0\nimul r0.x, vAbsTidFlat.x, l0.x\nuav_raw_load_id(11) r1, r0.x\nmov r10, r1\ncall_logicalz r1.x 1\nuav_raw_store_id(11) mem.xyzw, r0.x, r10\nendmain\nfunc 1\nmov r10, r1.yzwx\nret\nendfunc\nend\n"),
    (Opcode::CallLogicalnz, Kind::Whole, "il_cs_2_0\ndcl_num_thread_per_group 4\ndcl_raw_uav_id(11)\ndcl_literal l0, 16, 0, 0, 0\nimul r0.x, vAbsTidFlat.x, l0.x\nuav_raw_load_id(11) r1, r0.x\nmov r10, r1\ncall_logicalnz r1.x 1\nuav_raw_store_id(11) mem.xyzw, r0.x, r10\nendmain\nfunc 1\nmov r10, r1.yzwx\nret\nendfunc\nend\n"),
    (Opcode::Callnz, Kind::Whole, "il_cs_2_0\ndcl_num_thread_per_group 4\ndcl_raw_uav_id(11)\ndcl_literal l0, 16, 0, 0, 0\nimul r0.x, vAbsTidFlat.x, l0.x\nuav_raw_load_id(11) r1, r0.x\nmov r10, r1\ncallnz r1.x 1\nuav_raw_store_id(11) mem.xyzw, r0.x, r10\nendmain\nfunc 1\nmov r10, r1.yzwx\nret\nendfunc\nend\n"),
    (Opcode::RetDyn, Kind::Whole, "il_cs_2_0\ndcl_num_thread_per_group 4\ndcl_raw_uav_id(11)\ndcl_literal l0, 16, 0, 0, 0\nimul r0.x, vAbsTidFlat.x, l0.x\nuav_raw_load_id(11) r1, r0.x\nmov r10, r1\ncall 1\nuav_raw_store_id(11) mem.xyzw, r0.x, r10\nendmain\nfunc 1\nif_logicalnz r1.x\nret_dyn\nendif\nmov r10, r1.yzwx\nret\nendfunc\nend\n"),
    (Opcode::RetLogicalz, Kind::Whole, "il_cs_2_0\ndcl_num_thread_per_group 4\ndcl_raw_uav_id(11)\ndcl_literal l0, 16, 0, 0, 0\nimul r0.x, vAbsTidFlat.x, l0.x\nuav_raw_load_id(11) r1, r0.x\nmov r10, r1\ncall 1\nuav_raw_store_id(11) mem.xyzw, r0.x, r10\nendmain\nfunc 1\nret_logicalz r1.x\nmov r10, r1.yzwx\nret\nendfunc\nend\n"),
    (Opcode::RetLogicalnz, Kind::Whole, "il_cs_2_0\ndcl_num_thread_per_group 4\ndcl_raw_uav_id(11)\ndcl_literal l0, 16, 0, 0, 0\nimul r0.x, vAbsTidFlat.x, l0.x\nuav_raw_load_id(11) r1, r0.x\nmov r10, r1\ncall 1\nuav_raw_store_id(11) mem.xyzw, r0.x, r10\nendmain\nfunc 1\nret_logicalnz r1.x\nmov r10, r1.yzwx\nret\nendfunc\nend\n"),
    (Opcode::Ifnz, Kind::Cs, "mov r10, r1\nifnz r1.x\nmov r10, r2\nendif\n"),
    // ---- macros and prefixes (7.3, 7.19) ----
    (Opcode::Macrodef, Kind::Whole, MACRO_PROGRAM),
    (Opcode::Macroend, Kind::Whole, MACRO_PROGRAM),
    (Opcode::Macrocall, Kind::Whole, MACRO_PROGRAM),
    (Opcode::Prefix, Kind::Cs, "add_prec(xy) r10, r1, r2\n"),
    (Opcode::Comment, Kind::Cs, "comment \"probe\"\nmov r10, r1\n"),
    (Opcode::Nop, Kind::Cs, "nop\nmov r10, r1\n"),
    // ---- declarations (7.5) ----
    (Opcode::DclConstBuffer, Kind::CsDecl("dcl_cb cb1[2]\n"), "iadd r10, r1, cb1[1]\n"),
    (Opcode::DclIndexedTempArray, Kind::CsDecl("dcl_indexed_temp_array x0[4]\n"), "mov x0[1], r1\nmov r10, x0[1]\n"),
    (Opcode::DclLiteral, Kind::Cs, "mov r10, l0\n"),
    (Opcode::DclNumThreadPerGroup, Kind::Cs, "mov r10, r1\n"),
    (Opcode::DclTotalNumThreadGroup, Kind::Whole, "il_cs_2_0\ndcl_total_num_thread_group 4\ndcl_raw_uav_id(11)\ndcl_literal l0, 16, 0, 0, 0\nimul r0.x, vAbsTidFlat.x, l0.x\nuav_raw_load_id(11) r10, r0.x\nuav_raw_store_id(11) mem.xyzw, r0.x, r10\nend\n"),
    (Opcode::DclMaxThreadPerGroup, Kind::Whole, "il_cs_2_0\ndcl_max_thread_per_group 64\ndcl_raw_uav_id(11)\ndcl_literal l0, 16, 0, 0, 0\nimul r0.x, vAbsTidFlat.x, l0.x\nuav_raw_load_id(11) r10, r0.x\nuav_raw_store_id(11) mem.xyzw, r0.x, r10\nend\n"),
    (Opcode::DclGlobalFlags, Kind::Whole, "il_cs_2_0\ndcl_global_flags refactoringAllowed\ndcl_num_thread_per_group 4\ndcl_raw_uav_id(11)\ndcl_literal l0, 16, 0, 0, 0\nimul r0.x, vAbsTidFlat.x, l0.x\nuav_raw_load_id(11) r10, r0.x\nuav_raw_store_id(11) mem.xyzw, r0.x, r10\nend\n"),
    (Opcode::DclRawUav, Kind::Cs, "mov r10, r1\n"),
    (Opcode::DclStructUav, Kind::CsDecl("dcl_struct_uav_id(1) 16\n"), "uav_struct_load_id(1) r10, r0.zw\n"),
    (Opcode::DclUav, Kind::CsDecl("dcl_uav_id(1)_type(buffer)_fmtx(uint)\n"), "uav_load_id(1) r10, r0.z\n"),
    (Opcode::DclTypedUav, Kind::CsDecl("dcl_typed_uav_id(1)_type(buffer)_fmtx(uint)\n"), "uav_load_id(1) r10, r0.z\n"),
    (Opcode::DclTypelessUav, Kind::CsDecl("dcl_typeless_uav_id(1)_stride(4)_length(256)_access(read_write)\n"), "uav_raw_load_id(1) r10, r0.z\n"),
    (Opcode::DclArenaUav, Kind::CsDecl("dcl_arena_uav_id(8)\n"), "uav_arena_load_id(8)_size(dword) r10.x, r0.z\n"),
    (Opcode::DclRawSrv, Kind::CsDecl("dcl_raw_srv_id(2)\n"), "srv_raw_load_id(2) r10, r0.z\n"),
    (Opcode::DclStructSrv, Kind::CsDecl("dcl_struct_srv_id(2) 16\n"), "srv_struct_load_id(2) r10, r0.zw\n"),
    (Opcode::DclLds, Kind::CsDecl("dcl_lds_id(1) 256\n"), "lds_store_id(1) r0.z, r1.x\nlds_load_id(1) r10.x, r0.z\n"),
    (Opcode::DclStructLds, Kind::CsDecl("dcl_struct_lds_id(1) 16, 8\n"), "lds_store_vec_id(1) mem.xyzw, r0.zw, l0.w, r1\nfence_threads_lds\nlds_load_vec_id(1) r10, r0.zw, l0.w\n"),
    (Opcode::DclLdsSizePerThread, Kind::CsDecl("dcl_lds_size_per_thread 4\ndcl_lds_sharing_mode _wavefrontRel\n"), "lds_write_vec mem.xyzw, r1\nfence_threads_lds\nlds_read_vec r10, r0.zw\n"),
    (Opcode::DclLdsSharingMode, Kind::CsDecl("dcl_lds_size_per_thread 4\ndcl_lds_sharing_mode _wavefrontRel\n"), "lds_write_vec mem.xyzw, r1\nfence_threads_lds\nlds_read_vec r10, r0.zw\n"),
    (Opcode::DclGds, Kind::CsDecl("dcl_gds_id(1) 256\n"), "gds_store_id(1) r0.z, r1.x\ngds_load_id(1) r10.x, r0.z\n"),
    (Opcode::DclStructGds, Kind::CsDecl("dcl_struct_gds_id(1) 16, 8\n"), "gds_store_id(1) r0.z, r1.x\ngds_load_id(1) r10.x, r0.z\n"),
    (Opcode::DclSharedTemp, Kind::CsDecl("dcl_shared_temp sr1\n"), "mov r10, sr0\n"),
    (Opcode::DclPersist, Kind::CsDecl("dcl_persistent p4\n"), "mov p1, r1\nmov r10, p1\n"),
    (Opcode::DclResource, Kind::CsDecl("dcl_resource_id(0)_type(2d,unnorm)_fmtx(float)_fmty(float)_fmtz(float)_fmtw(float)\n"), "load_resource(0) r10, r0.zzzz\n"),
    (Opcode::DclInput, Kind::Ps, "mov r10, r1\n"),
    (Opcode::DclOutput, Kind::Ps, "mov r10, r1\n"),
    (Opcode::DclOdepth, Kind::PsDecl("dcl_odepth\n"), "mov r10, r1\nmov oDepth, r1.x\n"),
    (Opcode::DclGwsThreadCount, Kind::CsDecl("dcl_gws_thread_count 4\n"), "mov r10, r1\n"),
    (Opcode::DclSemaphore, Kind::CsDecl("dcl_semaphore_id(1)\n"), "semaphore_signal_id(1)\nsemaphore_wait_id(1)\nmov r10, r1\n"),
    (Opcode::SemaphoreInit, Kind::CsDecl("dcl_semaphore_id(1)\n"), "semaphore_init_id(1) l0.z\nmov r10, r1\n"),
    (Opcode::SemaphoreSignal, Kind::CsDecl("dcl_semaphore_id(1)\n"), "semaphore_signal_id(1)\nmov r10, r1\n"),
    (Opcode::SemaphoreWait, Kind::CsDecl("dcl_semaphore_id(1)\n"), "semaphore_wait_id(1)\nmov r10, r1\n"),
    (Opcode::InitSr, Kind::Whole, "il_cs_2_0\ndcl_cb cb0[1]\ninit_shared_registers\nend\n"),
    (Opcode::InitSrHelper, Kind::Whole, "il_cs_2_0\ndcl_cb cb0[1]\ninit_sr_helper\nend\n"),
    // ---- interfaces (7.18) ----
    (Opcode::DclFunctionBody, Kind::Whole, INTERFACE_PROGRAM),
    (Opcode::DclFunctionTable, Kind::Whole, INTERFACE_PROGRAM),
    (Opcode::DclInterfacePtr, Kind::Whole, INTERFACE_PROGRAM),
    (Opcode::Fcall, Kind::Whole, INTERFACE_PROGRAM),
    // ---- memory (7.15-7.17) ----
    (Opcode::Fence, Kind::Cs, "fence_threads_memory\nmov r10, r1\n"),
    (Opcode::UavLoad, Kind::CsDecl("dcl_uav_id(1)_type(buffer)_fmtx(uint)\n"), "uav_load_id(1) r10, r0.z\n"),
    (Opcode::UavStore, Kind::CsDecl("dcl_uav_id(1)_type(buffer)_fmtx(uint)\n"), "uav_store_id(1) r0.z, r1\nmov r10, r1\n"),
    (Opcode::UavRawLoad, Kind::Cs, "uav_raw_load_id(11) r10, r0.x\n"),
    (Opcode::UavRawStore, Kind::Cs, "mov r10, r1\n"),
    (Opcode::UavStructLoad, Kind::CsDecl("dcl_struct_uav_id(1) 16\n"), "uav_struct_load_id(1) r10, r0.zw\n"),
    (Opcode::UavStructStore, Kind::CsDecl("dcl_struct_uav_id(1) 16\n"), "uav_struct_store_id(1) mem.xyzw, r0.zw, r1\nmov r10, r1\n"),
    (Opcode::UavArenaLoad, Kind::CsDecl("dcl_arena_uav_id(8)\n"), "uav_arena_load_id(8)_size(dword) r10.x, r0.z\n"),
    (Opcode::UavArenaStore, Kind::CsDecl("dcl_arena_uav_id(8)\n"), "uav_arena_store_id(8)_size(dword) r0.z, r1.x\nmov r10, r1\n"),
    (Opcode::UavByteLoad, Kind::Cs, "uav_byte_load_id(11) r10.x, r0.x\n"),
    (Opcode::UavShortLoad, Kind::Cs, "uav_short_load_id(11) r10.x, r0.x\n"),
    (Opcode::UavUbyteLoad, Kind::Cs, "uav_ubyte_load_id(11) r10.x, r0.x\n"),
    (Opcode::UavUshortLoad, Kind::Cs, "uav_ushort_load_id(11) r10.x, r0.x\n"),
    (Opcode::UavByteStore, Kind::Cs, "uav_byte_store_id(11) r0.x, r1.x\nmov r10, r2\n"),
    (Opcode::UavShortStore, Kind::Cs, "uav_short_store_id(11) r0.x, r1.x\nmov r10, r2\n"),
    (Opcode::SrvRawLoad, Kind::CsDecl("dcl_raw_srv_id(2)\n"), "srv_raw_load_id(2) r10, r0.z\n"),
    (Opcode::SrvStructLoad, Kind::CsDecl("dcl_struct_srv_id(2) 16\n"), "srv_struct_load_id(2) r10, r0.zw\n"),
    (Opcode::AppendBufAlloc, Kind::Cs, "append_buf_alloc_id(11) r10.x\n"),
    (Opcode::AppendBufConsume, Kind::Cs, "append_buf_consume_id(11) r10.x\n"),
    (Opcode::LdsReadVec, Kind::CsDecl("dcl_lds_size_per_thread 4\ndcl_lds_sharing_mode _wavefrontRel\n"), "lds_write_vec mem.xyzw, r1\nfence_threads_lds\nlds_read_vec r10, r0.zw\n"),
    (Opcode::LdsWriteVec, Kind::CsDecl("dcl_lds_size_per_thread 4\ndcl_lds_sharing_mode _wavefrontRel\n"), "lds_write_vec mem.xyzw, r1\nfence_threads_lds\nlds_read_vec r10, r0.zw\n"),
    (Opcode::LdsLoadVec, Kind::CsDecl("dcl_struct_lds_id(1) 16, 8\n"), "lds_load_vec_id(1) r10, r0.zw, l0.w\n"),
    (Opcode::LdsStoreVec, Kind::CsDecl("dcl_struct_lds_id(1) 16, 8\n"), "lds_store_vec_id(1) mem.xyzw, r0.zw, l0.w, r1\nmov r10, r1\n"),
    (Opcode::LdsLoad, Kind::CsDecl("dcl_lds_id(1) 256\n"), "lds_load_id(1) r10.x, r0.z\n"),
    (Opcode::LdsStore, Kind::CsDecl("dcl_lds_id(1) 256\n"), "lds_store_id(1) r0.z, r1.x\nmov r10, r1\n"),
    (Opcode::GdsLoad, Kind::CsDecl("dcl_gds_id(1) 256\n"), "gds_load_id(1) r10.x, r0.z\n"),
    (Opcode::GdsStore, Kind::CsDecl("dcl_gds_id(1) 256\n"), "gds_store_id(1) r0.z, r1.x\nmov r10, r1\n"),
    // ---- resources (7.6) ----
    (Opcode::Load, Kind::CsDecl(RES2D), "load_resource(0) r10, r0.zzzz\n"),
    (Opcode::Resinfo, Kind::CsDecl(RES2D), "resinfo_resource(0) r10, l0.w\n"),
    (Opcode::Bufinfo, Kind::CsDecl("dcl_uav_id(1)_type(buffer)_fmtx(uint)\n"), "bufinfo_resource(1)_uav r10\n"),
    (Opcode::Sample, Kind::PsDecl(RES2D), "sample_resource(0)_sampler(0) r10, r1\n"),
    (Opcode::SampleB, Kind::PsDecl(RES2D), "sample_b_resource(0)_sampler(0) r10, r1, r2.x\n"),
    (Opcode::SampleG, Kind::PsDecl(RES2D), "sample_g_resource(0)_sampler(0) r10, r1, r2, r3\n"),
    (Opcode::SampleL, Kind::PsDecl(RES2D), "sample_l_resource(0)_sampler(0) r10, r1, r2.x\n"),
    (Opcode::SampleC, Kind::PsDecl(RES2D), "sample_c_resource(0)_sampler(0) r10, r1, r2.x\n"),
    (Opcode::SampleCLz, Kind::PsDecl(RES2D), "sample_c_lz_resource(0)_sampler(0) r10, r1, r2.x\n"),
    (Opcode::SampleCL, Kind::PsDecl(RES2D), "sample_c_l_resource(0)_sampler(0) r10, r1, r2.x, r3.x\n"),
    (Opcode::SampleCG, Kind::PsDecl(RES2D), "sample_c_g_resource(0)_sampler(0) r10, r1, r2, r3, r2.x\n"),
    (Opcode::SampleCB, Kind::PsDecl(RES2D), "sample_c_b_resource(0)_sampler(0) r10, r1, r2.x, r3.x\n"),
    (Opcode::Fetch4, Kind::PsDecl(RES2D), "fetch4_resource(0)_sampler(0) r10, r1\n"),
    (Opcode::Fetch4C, Kind::PsDecl(RES2D), "fetch4c_resource(0)_sampler(0) r10, r1, r2.x\n"),
    (Opcode::Fetch4Po, Kind::PsDecl(RES2D), "fetch4po_resource(0)_sampler(0) r10, r1, r2\n"),
    (Opcode::Fetch4PoC, Kind::PsDecl(RES2D), "fetch4poc_resource(0)_sampler(0) r10, r1, r2, r3.x\n"),
    (Opcode::Getlod, Kind::PsDecl(RES2D), "getlod_resource(0)_sampler(0) r10, r1\n"),
    (Opcode::Sampleinfo, Kind::PsDecl(RES2D), "sampleinfo_resource(0) r10\n"),
    (Opcode::Samplepos, Kind::PsDecl(RES2D), "samplepos_resource(0) r10, l0.w\n"),
    (Opcode::SampleReturnCode, Kind::PsDecl(RES2D), "sample_return_code r10, r1\n"),
    (Opcode::LoadFptr, Kind::CsDecl(RES2D), "load_fptr_resource(0) r10, r0.z\n"),
    // ---- pixel (7.6, 7.11) ----
    (Opcode::Kill, Kind::Ps, "mov r10, r1\nkill r1.x\n"),
    (Opcode::DiscardLogicalz, Kind::Ps, "mov r10, r1\ndiscard_logicalz r1.x\n"),
    (Opcode::DiscardLogicalnz, Kind::Ps, "mov r10, r1\ndiscard_logicalnz r1.x\n"),
    (Opcode::Dsx, Kind::Ps, "dsx r10, r1\n"),
    (Opcode::Dsy, Kind::Ps, "dsy r10, r1\n"),
    (Opcode::Fwidth, Kind::Ps, "fwidth r10, r1\n"),
    (Opcode::EvalCentroid, Kind::Ps, "eval_centroid r10, v1\n"),
    (Opcode::EvalSampleIndex, Kind::Ps, "eval_sample_index r10, v1, l0.x\n"),
    (Opcode::EvalSnapped, Kind::Ps, "eval_snapped r10, v1, l0.x\n"),
    (Opcode::Scatter, Kind::Ps, "mov r10, r1\nscatter_pixel r1\n"),
    // ---- SM30 pixel (7.5, 7.6): texture stages, DX9 inputs and constants ----
    (Opcode::Dclpt, Kind::Whole, SM30_TEX),
    (Opcode::Texld, Kind::Whole, SM30_TEX),
    (Opcode::Texldb, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndclpt_stage(0)_type(2d)\ndclpi_x(*)_y(*)_z(*)_w(*) vWinCoord0\ntexldb_stage(0) r10, vWinCoord0, vWinCoord0.x\nmov o0, r10\nend\n"),
    (Opcode::Texldd, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndclpt_stage(0)_type(2d)\ndclpi_x(*)_y(*)_z(*)_w(*) vWinCoord0\ntexldd_stage(0) r10, vWinCoord0, vWinCoord0, vWinCoord0\nmov o0, r10\nend\n"),
    (Opcode::Texldms, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndclpt_stage(0)_type(2d)\ndclpi_x(*)_y(*)_z(*)_w(*) vWinCoord0\ntexldms_stage(0) r10, vWinCoord0\nmov o0, r10\nend\n"),
    (Opcode::Texweight, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndclpt_stage(0)_type(2d)\ndclpi_x(*)_y(*)_z(*)_w(*) vWinCoord0\ntexweight_stage(0) r10, vWinCoord0\nmov o0, r10\nend\n"),
    (Opcode::Project, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndclpt_stage(0)_type(2d)\ndclpi_x(*)_y(*)_z(*)_w(*) vWinCoord0\nproject_stage(0) r10, vWinCoord0\nmov o0, r10\nend\n"),
    (Opcode::Lod, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndclpt_stage(0)_type(2d)\ndclpi_x(*)_y(*)_z(*)_w(*) vWinCoord0\nlod_stage(0) r10, vWinCoord0\nmov o0, r10\nend\n"),
    (Opcode::Dclpi, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndclpi_x(*)_y(*)_z(*)_w(*) vWinCoord0\nmov o0, vWinCoord0\nend\n"),
    (Opcode::Dclpin, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndclpin_usage(generic)_usageIndex(0)_x(*)_y(*)_z(*)_w(*) vPixIn0\nmov o0, vPixIn0\nend\n"),
    (Opcode::Dclpp, Kind::Whole, "il_ps_2_0_rt\ndcl_output_generic o0\ndclpp_param(0) vPixIn0\nmov o0, vPixIn0\nend\n"),
    (Opcode::Dcldef, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndcldef_x(0)_y(0)_z(0)_w(1) r10\nmov o0, r10\nend\n"),
    (Opcode::Dclarray, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndclpi_x(*)_y(*)_z(*)_w(*) vWinCoord0\ndclarray vT0, vT3\nmov o0, vWinCoord0\nend\n"),
    (Opcode::Def, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndef c0, 1.0, 2.0, 3.0, 4.0\nmov o0, c0\nend\n"),
    (Opcode::Defb, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndefb b0, 1\ndef c0, 1.0, 2.0, 3.0, 4.0\nmov r10, c0\nif_logicalnz b0\nmov r10, c0.yzwx\nendif\nmov o0, r10\nend\n"),
    (Opcode::Memexport, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndef c0, 1.0, 2.0, 3.0, 4.0\nmemexport_exportStream(0) c0, c0\nmov o0, c0\nend\n"),
    (Opcode::Mova, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndef c0, 1.0, 2.0, 3.0, 4.0\nmova a0, c0\nmov o0, c0\nend\n"),
    // ---- ALU with required fields or other shapes ----
    (Opcode::Cmp, Kind::Cs, "cmp_relop(lt)_cmpval(0.0) r10, r1, r2, r3\n"),
    (Opcode::Set, Kind::Cs, "set_relop(lt) r10, r1, r2\n"),
    (Opcode::Mmul, Kind::Cs, "mmul_matrix(4x4) r10, r1, r2\n"),
    (Opcode::IFirstbit, Kind::Cs, "ffb_hi r10, r1\n"),
    (Opcode::Noise, Kind::Cs, "noise_type(perlin1D) r10, r1\n"),
    (Opcode::Transpose, Kind::Cs, "transpose r10, r1\n"),
    (Opcode::Sincos, Kind::Cs, "sincos r10.xy, r1.x\n"),
    (Opcode::Dxsincos, Kind::Cs, "dxsincos r10.xy, r1.x, r2, r3\n"),
    (Opcode::F2D, Kind::Cs, "f2d r10.xy, r1.x\n"),
    (Opcode::Itod, Kind::Cs, "itod r10.xy, r1.x\n"),
    (Opcode::Utod, Kind::Cs, "utod r10.xy, r1.x\n"),
    (Opcode::D2F, Kind::Cs, "mov r10, r1\nd2f r10.x, r1.xy\n"),
    (Opcode::Dtoi, Kind::Cs, "mov r10, r1\ndtoi r10.x, r1.xy\n"),
    (Opcode::Dtou, Kind::Cs, "mov r10, r1\ndtou r10.x, r1.xy\n"),
    (Opcode::DClass, Kind::Cs, "mov r10, r1\ndclass r10.x, r1.xy, r2.x\n"),
    (Opcode::DFrexp, Kind::Cs, "dfrexp r10, r1.xy\n"),
    (Opcode::DFrexpExp, Kind::Cs, "mov r10, r1\ndfrexp_exp r10.x, r1.xy\n"),
    (Opcode::DLdexp, Kind::Cs, "dldexp r10.xy, r1.xy, r2.x\n"),
    (Opcode::DTrigPreop, Kind::Cs, "dtrig_preop r10.xy, r1.xy, r2.x\n"),
    (Opcode::Deq, Kind::Cs, "mov r10, r1\ndeq r10.x, r1.xy, r2.xy\n"),
    (Opcode::Dne, Kind::Cs, "mov r10, r1\ndne r10.x, r1.xy, r2.xy\n"),
    (Opcode::Dge, Kind::Cs, "mov r10, r1\ndge r10.x, r1.xy, r2.xy\n"),
    (Opcode::Dlt, Kind::Cs, "mov r10, r1\ndlt r10.x, r1.xy, r2.xy\n"),
    (Opcode::DMovc, Kind::Cs, "dmovc r10.xy, r1.x, r2.xy, r3.xy\n"),
    (Opcode::CuId, Kind::Cs, "mov r10, r1\ncu_id r10.x\n"),
    (Opcode::WaveId, Kind::Cs, "mov r10, r1\nwave_id r10.x\n"),
    (Opcode::Colorclamp, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndef c0, 1.0, 2.0, 3.0, 4.0\ncolorclamp r10, c0\nmov o0, r10\nend\n"),
    (Opcode::Det, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndef c0, 1.0, 2.0, 3.0, 4.0\ndef c1, 0.0, 1.0, 0.0, 0.0\ndef c2, 0.0, 0.0, 1.0, 0.0\ndef c3, 0.0, 0.0, 0.0, 1.0\ndet r10, c0\nmov o0, r10\nend\n"),
    (Opcode::Dist, Kind::Whole, "il_ps_2_0\ndcl_output_generic o0\ndef c0, 1.0, 2.0, 3.0, 4.0\ndist r10, c0, c0.yzwx\nmov o0, r10\nend\n"),
];

const RES2D: &str =
    "dcl_resource_id(0)_type(2d,unnorm)_fmtx(float)_fmty(float)_fmtz(float)_fmtw(float)\n";

const SM30_TEX: &str = "il_ps_2_0
dcl_output_generic o0
dclpt_stage(0)_type(2d)
dclpi_x(*)_y(*)_z(*)_w(*) vWinCoord0
texld_stage(0) r10, vWinCoord0
mov o0, r10
end
";

const CALL_PROGRAM: &str = "il_cs_2_0
dcl_num_thread_per_group 4
dcl_raw_uav_id(11)
dcl_literal l0, 16, 0, 0, 0
imul r0.x, vAbsTidFlat.x, l0.x
uav_raw_load_id(11) r1, r0.x
call 1
uav_raw_store_id(11) mem.xyzw, r0.x, r10
endmain
func 1
mov r10, r1.yzwx
ret
endfunc
end
";

const MACRO_PROGRAM: &str = "mdef(0)_out(1)_in(2)
iadd out0, in0, in1
mend
il_cs_2_0
dcl_num_thread_per_group 4
dcl_raw_uav_id(11)
dcl_literal l0, 16, 0, 0, 0
imul r0.x, vAbsTidFlat.x, l0.x
uav_raw_load_id(11) r1, r0.x
mcall(0) (r10), (r1, r1)
uav_raw_store_id(11) mem.xyzw, r0.x, r10
end
";

const INTERFACE_PROGRAM: &str = "il_cs_2_0
dcl_num_thread_per_group 4
dcl_raw_uav_id(11)
dcl_function_body 1
dcl_function_table_id(0) = {1}
dcl_interface_ptr_id(0)_dynamic(0)[1][1] = {0}
dcl_literal l0, 16, 0, 0, 0
imul r0.x, vAbsTidFlat.x, l0.x
uav_raw_load_id(11) r1, r0.x
mov r10, r1
fcall_id(0) l0.w 0
uav_raw_store_id(11) mem.xyzw, r0.x, r10
endmain
func 1
mov r10, r1.yzwx
ret
endfunc
end
";

/// What a column says about one opcode.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Cell {
    Yes,
    Refused(String),
    Fault(String),
    NoProbe,
    NotApplicable,
}

impl Cell {
    fn text(&self) -> String {
        match self {
            Cell::Yes => "yes".into(),
            Cell::Refused(why) => format!("refused: {why}"),
            Cell::Fault(why) => format!("fault: {why}"),
            Cell::NoProbe => "no probe".into(),
            Cell::NotApplicable => "n/a (vs/gs/hs/ds)".into(),
        }
    }
}

/// The first words of a refusal, without the prefixes that say which device refused.
fn first_words(message: &str) -> String {
    let mut m = message.trim();
    let prefixes = [
        "unsupported:",
        "Cayman backend:",
        "gfx906:",
        "compiling for Cayman:",
        "compiling for gfx906:",
    ];
    while let Some(rest) = prefixes.iter().find_map(|p| m.strip_prefix(p)) {
        m = rest.trim_start();
    }
    let words: Vec<&str> = m.split_whitespace().take(8).collect();
    let mut s = words.join(" ").replace('|', "\\|");
    if m.split_whitespace().count() > 8 {
        s.push_str(" ...");
    }
    s
}

fn of_error(e: &RunError) -> Cell {
    match e {
        RunError::Unsupported(m) => Cell::Refused(first_words(m)),
        other => Cell::Fault(first_words(&other.to_string())),
    }
}

/// Whether `program` contains `op` (prefixes and macro definitions are not instructions
/// of the body: they are recorded as `_prec` and as the program's macros).
fn contains(program: &Program, op: Opcode) -> bool {
    let insts = || {
        program
            .body
            .iter()
            .chain(program.macros.iter().flat_map(|m| &m.body))
    };
    match op {
        Opcode::Prefix => insts().any(|i| i.precise.is_some()),
        Opcode::Macrodef | Opcode::Macroend => !program.macros.is_empty(),
        _ => insts().any(|i| i.opcode == op),
    }
}

/// The generated probe of an opcode the table describes well enough, or `None`.
fn generated(op: Opcode) -> Option<String> {
    let info = op.info();
    let m = info.mnemonic;
    let srcs = info.srcs as usize;
    let regs = ["r1", "r2", "r3", "r4"];
    let cs = |snippet: String| Some(format!("{CS_HEAD}{snippet}{CS_TAIL}"));
    let cs_decl = |decl: &str, snippet: String| {
        let (first, rest) = CS_HEAD.split_at(CS_HEAD.find("dcl_literal").unwrap_or(0));
        Some(format!("{first}{decl}{rest}{snippet}{CS_TAIL}"))
    };
    let scalars = |n: usize, addr: &str| {
        std::iter::once(addr.to_string())
            .chain(regs[..n - 1].iter().map(|r| format!("{r}.x")))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if m.starts_with("gds_") {
        let decl = "dcl_gds_id(1) 256\n";
        return if info.dst {
            cs_decl(
                decl,
                format!("mov r10, r1\n{m}_id(1) r10.x, {}\n", scalars(srcs, "r0.z")),
            )
        } else {
            cs_decl(
                decl,
                format!("{m}_id(1) {}\nmov r10, r1\n", scalars(srcs, "r0.z")),
            )
        };
    }
    if m.starts_with("lds_") && !m.contains("vec") && info.field("id").is_some() {
        let decl = "dcl_lds_id(1) 256\n";
        return if info.dst {
            cs_decl(
                decl,
                format!("mov r10, r1\n{m}_id(1) r10.x, {}\n", scalars(srcs, "r0.z")),
            )
        } else {
            cs_decl(
                decl,
                format!("{m}_id(1) {}\nmov r10, r1\n", scalars(srcs, "r0.z")),
            )
        };
    }
    if m.starts_with("uav_") && info.field("arena").is_some() {
        return if info.dst {
            cs(format!(
                "mov r10, r1\n{m}_id(11) r10.x, {}\n",
                scalars(srcs, "r0.x")
            ))
        } else {
            cs(format!(
                "{m}_id(11) {}\nmov r10, r1\n",
                scalars(srcs, "r0.x")
            ))
        };
    }
    let plain = info.dst
        && info.flow == Flow::None
        && matches!(info.layout, Layout::Standard { primary: false, .. })
        && info.fields.iter().all(|f| !f.always)
        && info.words == il_frontend::opcode::Words::None;
    if !plain {
        return None;
    }
    let (dmask, smask) = if info.data == DataType::Double {
        (".xy", ".xy")
    } else {
        ("", "")
    };
    let mut line = format!("{m} r10{dmask}");
    for r in &regs[..srcs.min(4)] {
        write!(line, ", {r}{smask}").unwrap();
    }
    cs(format!("mov r10, r1\n{line}\n"))
}

/// The probe text of `op`, if any.
fn probe(op: Opcode) -> Option<String> {
    if let Some(&(_, kind, text)) = HAND.iter().find(|(o, _, _)| *o == op) {
        let cs_decl = |decl: &str| {
            let (first, rest) = CS_HEAD.split_at(CS_HEAD.find("dcl_literal").unwrap_or(0));
            format!("{first}{decl}{rest}{text}{CS_TAIL}")
        };
        let ps_decl = |decl: &str| {
            let (first, rest) = PS_HEAD.split_at(PS_HEAD.find("dcl_input").unwrap_or(0));
            format!("{first}{decl}dcl_literal l0, 0, 1, 2, 0\n{rest}{text}{PS_TAIL}")
        };
        return Some(match kind {
            Kind::Cs => format!("{CS_HEAD}{text}{CS_TAIL}"),
            Kind::CsDecl(d) => cs_decl(d),
            Kind::Ps => ps_decl(""),
            Kind::PsDecl(d) => ps_decl(d),
            Kind::Whole => text.to_string(),
        });
    }
    generated(op)
}

/// One row of the table.
struct Row {
    op: Opcode,
    interp: Cell,
    cayman: Cell,
    gfx906: Cell,
    kat: usize,
    /// Why the probe does not parse or does not contain the opcode (for the test's output).
    probe_problem: Option<String>,
}

fn catch<T>(f: impl FnOnce() -> Result<T, RunError>) -> Result<T, RunError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|p| {
        let msg = p
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        Err(RunError::Fault(format!("panic: {msg}")))
    })
}

fn interp(program: &Program) -> Cell {
    let run = catch(|| {
        let k = kernel::lower(program)?;
        let mut work = ilc::check::generate(program, &k.decls, 1);
        Interpreter { step_limit: 10_000 }.run_kernel(&k, &mut work.bindings, work.dispatch)
    });
    match run {
        Ok(_) => Cell::Yes,
        Err(e) => of_error(&e),
    }
}

fn compile(program: &Program, target: Target) -> Cell {
    let options = RunOptions { step_limit: 10_000 };
    match catch(|| ilc::targets::Prepared::new(program, target, &options)) {
        Ok(_) => Cell::Yes,
        Err(e) => of_error(&e),
    }
}

/// How many known-answer specs use each opcode.
fn kat_counts() -> BTreeMap<Opcode, usize> {
    let mut counts = BTreeMap::new();
    for (name, spec) in ilc_tests::kat::load_all(&ilc_tests::kat::kat_dir()) {
        let Ok(spec) = spec else { continue };
        let Ok(parsed) = ilc::parse(spec.source.as_bytes(), &name) else {
            continue;
        };
        for op in Opcode::all().skip(1) {
            if contains(&parsed.program, op) {
                *counts.entry(op).or_insert(0) += 1;
            }
        }
    }
    counts
}

fn rows() -> Vec<Row> {
    let kats = kat_counts();
    let mut rows = Vec::new();
    for op in Opcode::all().filter(|&op| op != Opcode::Unknown) {
        let kat = kats.get(&op).copied().unwrap_or(0);
        if VS_GS_HS_DS.contains(&op) {
            rows.push(Row {
                op,
                interp: Cell::NotApplicable,
                cayman: Cell::NotApplicable,
                gfx906: Cell::NotApplicable,
                kat,
                probe_problem: None,
            });
            continue;
        }
        let parsed = probe(op)
            .ok_or_else(|| "no probe".to_string())
            .and_then(|text| {
                let parsed = ilc::parse(text.as_bytes(), op.mnemonic())
                    .map_err(|e| format!("probe does not parse:\n{text}\n{}", e.rendered))?;
                if !contains(&parsed.program, op) {
                    return Err(format!(
                        "probe does not contain `{}`:\n{text}",
                        op.mnemonic()
                    ));
                }
                Ok(parsed)
            });
        match parsed {
            Ok(p) => rows.push(Row {
                op,
                interp: interp(&p.program),
                cayman: compile(&p.program, Target::Cayman),
                gfx906: compile(&p.program, Target::Gfx906),
                kat,
                probe_problem: None,
            }),
            Err(problem) => rows.push(Row {
                op,
                interp: Cell::NoProbe,
                cayman: Cell::NoProbe,
                gfx906: Cell::NoProbe,
                kat,
                probe_problem: Some(problem),
            }),
        }
    }
    rows
}

const BLESS: &str = "ILC_BLESS_COVERAGE=1 cargo test -p ilc-tests --test coverage";

fn render(rows: &[Row]) -> String {
    let mut s = String::new();
    s.push_str("# Opcode coverage\n\n");
    s.push_str(
        "Generated by `tests/tests/coverage.rs`; do not edit by hand. One row per opcode of the IL \
         reference (`Opcode::all()`, App.B numbering). For each opcode a tiny probe program that \
         uses it (ALU probes are generated from the opcode table: a compute kernel loading its \
         sources from raw UAV 11 and storing the result there; the others are written by hand in \
         the test) is parsed and checked to contain the opcode. **interp**: the reference \
         interpreter lowers the probe and runs it on a few work-items (two work-groups of a compute \
         kernel, a 20x12 pixel domain). **cayman**, **gfx906**: the compiler compiles the probe for the \
         target (`ilc::targets::Prepared::new`: midend, backend, and the device model's decoding). \
         `yes` means accepted; `refused: ...` gives the first words of the \"unsupported\" \
         reason; `fault: ...` an error that is not a refusal (a bug, or a bad probe launch); \
         `no probe` that no valid probe exists yet (counted as missing); `n/a (vs/gs/hs/ds)` \
         an opcode of the vertex, geometry, hull or domain stages only. A probe that is accepted \
         is not thereby checked: **kat** counts the known-answer specs of `tests/kat/` whose \
         program uses the opcode (what is checked against expected values). \
         **line** is the Chapter 7 entry in `amd-il-reference.txt` (`-` for the opcodes only \
         App.B lists).\n\n",
    );
    writeln!(s, "Regenerate with `{BLESS}`.\n").unwrap();
    s.push_str("| opcode | line | interp | cayman | gfx906 | kat |\n");
    s.push_str("|---|---|---|---|---|---|\n");
    for r in rows {
        let info = r.op.info();
        let line = if info.line == 0 {
            "-".to_string()
        } else {
            format!("L{}", info.line)
        };
        writeln!(
            s,
            "| `{}` | {line} | {} | {} | {} | {} |",
            info.mnemonic,
            r.interp.text(),
            r.cayman.text(),
            r.gfx906.text(),
            r.kat
        )
        .unwrap();
    }
    let applicable: Vec<&Row> = rows
        .iter()
        .filter(|r| r.interp != Cell::NotApplicable)
        .collect();
    let n = applicable.len();
    let count = |f: fn(&Row) -> &Cell| applicable.iter().filter(|r| *f(r) == Cell::Yes).count();
    let kat = applicable.iter().filter(|r| r.kat > 0).count();
    let no_probe = applicable
        .iter()
        .filter(|r| r.interp == Cell::NoProbe)
        .count();
    s.push_str("\n## Totals\n\n");
    writeln!(
        s,
        "Compute and pixel opcodes: {n}; interp {}/{n}, cayman {}/{n}, gfx906 {}/{n}, \
         used by a known-answer spec {kat}/{n}; without a probe {no_probe}. \
         Vertex/geometry/hull/domain-only opcodes (n/a): {}.",
        count(|r| &r.interp),
        count(|r| &r.cayman),
        count(|r| &r.gfx906),
        rows.len() - n
    )
    .unwrap();
    s
}

fn doc_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/coverage.md")
}

#[test]
fn coverage_table_is_current() {
    let start = std::time::Instant::now();
    let rows = rows();
    for r in &rows {
        if let Some(p) = &r.probe_problem {
            if p != "no probe" {
                println!("{}: {p}", r.op.mnemonic());
            }
        }
    }
    let text = render(&rows);
    println!("coverage: {} rows in {:?}", rows.len(), start.elapsed());
    let path = doc_path();
    if std::env::var_os("ILC_BLESS_COVERAGE").is_some() {
        std::fs::write(&path, &text).expect("write docs/coverage.md");
        return;
    }
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    if current != text {
        let diff: Vec<String> = current
            .lines()
            .zip(text.lines())
            .filter(|(a, b)| a != b)
            .take(10)
            .map(|(a, b)| format!("- {a}\n+ {b}"))
            .collect();
        panic!(
            "docs/coverage.md is stale (first differing lines below; {} lines now, {} in the \
             file). Regenerate it with `{BLESS}`.\n{}",
            text.lines().count(),
            current.lines().count(),
            diff.join("\n")
        );
    }
}
