; out[i] = a[i] + b[i], i = tgid.x * local_size.x + tid.x
target datalayout = "e-p:32:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1"
target triple = "r600--"

declare i32 @llvm.r600.read.tidig.x() nounwind readnone
declare i32 @llvm.r600.read.tidig.y() nounwind readnone
declare i32 @llvm.r600.read.tgid.x() nounwind readnone
declare i32 @llvm.r600.read.tgid.y() nounwind readnone
declare i32 @llvm.r600.read.local.size.x() nounwind readnone
declare i32 @llvm.r600.read.local.size.y() nounwind readnone
declare i32 @llvm.r600.read.global.size.x() nounwind readnone

define amdgpu_kernel void @vadd(float addrspace(1)* %out, float addrspace(1)* %a, float addrspace(1)* %b) {
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
  %s = fadd float %va, %vb
  %po = getelementptr float, float addrspace(1)* %out, i32 %i
  store float %s, float addrspace(1)* %po
  ret void
}
