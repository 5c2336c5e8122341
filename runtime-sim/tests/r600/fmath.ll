; Float math: a*b - c, a/b, min/max, floor, conversions, sqrt.
target datalayout = "e-p:32:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1"
target triple = "r600--"

declare i32 @llvm.r600.read.tidig.x() nounwind readnone
declare i32 @llvm.r600.read.tidig.y() nounwind readnone
declare i32 @llvm.r600.read.tgid.x() nounwind readnone
declare i32 @llvm.r600.read.tgid.y() nounwind readnone
declare i32 @llvm.r600.read.local.size.x() nounwind readnone
declare i32 @llvm.r600.read.local.size.y() nounwind readnone
declare i32 @llvm.r600.read.global.size.x() nounwind readnone
declare float @llvm.floor.f32(float) nounwind readnone
declare float @llvm.minnum.f32(float, float) nounwind readnone
declare float @llvm.maxnum.f32(float, float) nounwind readnone
declare float @llvm.sqrt.f32(float) nounwind readnone
declare float @llvm.fabs.f32(float) nounwind readnone
define amdgpu_kernel void @fmath(<4 x float> addrspace(1)* %out, float addrspace(1)* %a, float addrspace(1)* %b) {
entry:
  %tid = call i32 @llvm.r600.read.tidig.x()
  %gid = call i32 @llvm.r600.read.tgid.x()
  %ls = call i32 @llvm.r600.read.local.size.x()
  %m = mul i32 %gid, %ls
  %i = add i32 %m, %tid
  %pa = getelementptr float, float addrspace(1)* %a, i32 %i
  %pb = getelementptr float, float addrspace(1)* %b, i32 %i
  %va = load float, float addrspace(1)* %pa
  %vb = load float, float addrspace(1)* %pb
  %d = fdiv float %va, %vb
  %mn = call float @llvm.minnum.f32(float %va, float %vb)
  %mx = call float @llvm.maxnum.f32(float %va, float %vb)
  %sum = fadd float %mn, %mx
  %fl = call float @llvm.floor.f32(float %d)
  %ab = call float @llvm.fabs.f32(float %va)
  %sq = call float @llvm.sqrt.f32(float %ab)
  %ci = fptosi float %d to i32
  %cf = sitofp i32 %ci to float
  %x = fsub float %fl, %cf
  %v0 = insertelement <4 x float> undef, float %d, i32 0
  %v1 = insertelement <4 x float> %v0, float %sum, i32 1
  %v2 = insertelement <4 x float> %v1, float %sq, i32 2
  %v3 = insertelement <4 x float> %v2, float %x, i32 3
  %po = getelementptr <4 x float>, <4 x float> addrspace(1)* %out, i32 %i
  store <4 x float> %v3, <4 x float> addrspace(1)* %po
  ret void
}
