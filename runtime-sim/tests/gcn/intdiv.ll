; udiv, urem, sdiv, srem of i32 (LLVM's v_rcp_iflag_f32 expansion)
; Compiled by runtime-sim/tests/gcn_llvm.rs with llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=obj.
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

define amdgpu_kernel void @intdiv(i32 addrspace(1)* %a, i32 addrspace(1)* %b, <4 x i32> addrspace(1)* %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %gid, 64
  %i = add i32 %base, %tid
  %idx = zext i32 %i to i64
  %pa = getelementptr i32, i32 addrspace(1)* %a, i64 %idx
  %pb = getelementptr i32, i32 addrspace(1)* %b, i64 %idx
  %va = load i32, i32 addrspace(1)* %pa
  %vb = load i32, i32 addrspace(1)* %pb
  %q = udiv i32 %va, %vb
  %r = urem i32 %va, %vb
  %sq = sdiv i32 %va, %vb
  %sr = srem i32 %va, %vb
  %o0 = insertelement <4 x i32> undef, i32 %q, i32 0
  %o1 = insertelement <4 x i32> %o0, i32 %r, i32 1
  %o2 = insertelement <4 x i32> %o1, i32 %sq, i32 2
  %o3 = insertelement <4 x i32> %o2, i32 %sr, i32 3
  %op = getelementptr <4 x i32>, <4 x i32> addrspace(1)* %out, i64 %idx
  store <4 x i32> %o3, <4 x i32> addrspace(1)* %op
  ret void
}
