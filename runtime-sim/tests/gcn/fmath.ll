; fdiv (v_div_scale/fmas/fixup), sqrt, exp2, log2, sin, cos, floor, fma
; Compiled by runtime-sim/tests/gcn_llvm.rs with llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=obj.
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

declare float @llvm.sqrt.f32(float)
declare float @llvm.exp2.f32(float)
declare float @llvm.log2.f32(float)
declare float @llvm.sin.f32(float)
declare float @llvm.cos.f32(float)
declare float @llvm.fabs.f32(float)
declare float @llvm.floor.f32(float)
declare float @llvm.fma.f32(float, float, float)
define amdgpu_kernel void @fmath(float addrspace(1)* %a, float addrspace(1)* %b, float addrspace(1)* %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %gid, 64
  %i = add i32 %base, %tid
  %idx = zext i32 %i to i64
  %pa = getelementptr float, float addrspace(1)* %a, i64 %idx
  %pb = getelementptr float, float addrspace(1)* %b, i64 %idx
  %va = load float, float addrspace(1)* %pa
  %vb = load float, float addrspace(1)* %pb
  %d = fdiv float %va, %vb
  %ab = call float @llvm.fabs.f32(float %va)
  %sq = call float @llvm.sqrt.f32(float %ab)
  %e = call float @llvm.exp2.f32(float %vb)
  %l = call float @llvm.log2.f32(float %ab)
  %s = call float @llvm.sin.f32(float %va)
  %c = call float @llvm.cos.f32(float %vb)
  %fl = call float @llvm.floor.f32(float %d)
  %fm = call float @llvm.fma.f32(float %va, float %vb, float 1.5)
  %ob = mul i64 %idx, 8
  %p0 = getelementptr float, float addrspace(1)* %out, i64 %ob
  store float %d, float addrspace(1)* %p0
  %i1 = add i64 %ob, 1
  %p1 = getelementptr float, float addrspace(1)* %out, i64 %i1
  store float %sq, float addrspace(1)* %p1
  %i2 = add i64 %ob, 2
  %p2 = getelementptr float, float addrspace(1)* %out, i64 %i2
  store float %e, float addrspace(1)* %p2
  %i3 = add i64 %ob, 3
  %p3 = getelementptr float, float addrspace(1)* %out, i64 %i3
  store float %l, float addrspace(1)* %p3
  %i4 = add i64 %ob, 4
  %p4 = getelementptr float, float addrspace(1)* %out, i64 %i4
  store float %s, float addrspace(1)* %p4
  %i5 = add i64 %ob, 5
  %p5 = getelementptr float, float addrspace(1)* %out, i64 %i5
  store float %c, float addrspace(1)* %p5
  %i6 = add i64 %ob, 6
  %p6 = getelementptr float, float addrspace(1)* %out, i64 %i6
  store float %fl, float addrspace(1)* %p6
  %i7 = add i64 %ob, 7
  %p7 = getelementptr float, float addrspace(1)* %out, i64 %i7
  store float %fm, float addrspace(1)* %p7
  ret void
}
