; Global atomics: every item adds in[i] to counter[0] and raises counter[1] to the max.
target datalayout = "e-p:32:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1"
target triple = "r600--"

declare i32 @llvm.r600.read.tidig.x() nounwind readnone
declare i32 @llvm.r600.read.tidig.y() nounwind readnone
declare i32 @llvm.r600.read.tgid.x() nounwind readnone
declare i32 @llvm.r600.read.tgid.y() nounwind readnone
declare i32 @llvm.r600.read.local.size.x() nounwind readnone
declare i32 @llvm.r600.read.local.size.y() nounwind readnone
declare i32 @llvm.r600.read.global.size.x() nounwind readnone
define amdgpu_kernel void @atomic(i32 addrspace(1)* %counter, i32 addrspace(1)* %in) {
entry:
  %tid = call i32 @llvm.r600.read.tidig.x()
  %gid = call i32 @llvm.r600.read.tgid.x()
  %ls = call i32 @llvm.r600.read.local.size.x()
  %m = mul i32 %gid, %ls
  %i = add i32 %m, %tid
  %pi = getelementptr i32, i32 addrspace(1)* %in, i32 %i
  %v = load i32, i32 addrspace(1)* %pi
  %old = atomicrmw add i32 addrspace(1)* %counter, i32 %v seq_cst
  %p1 = getelementptr i32, i32 addrspace(1)* %counter, i32 1
  %old2 = atomicrmw umax i32 addrspace(1)* %p1, i32 %v seq_cst
  ret void
}
