; Integer division and remainder, unsigned and signed: four outputs per item.
target datalayout = "e-p:32:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1"
target triple = "r600--"

declare i32 @llvm.r600.read.tidig.x() nounwind readnone
declare i32 @llvm.r600.read.tidig.y() nounwind readnone
declare i32 @llvm.r600.read.tgid.x() nounwind readnone
declare i32 @llvm.r600.read.tgid.y() nounwind readnone
declare i32 @llvm.r600.read.local.size.x() nounwind readnone
declare i32 @llvm.r600.read.local.size.y() nounwind readnone
declare i32 @llvm.r600.read.global.size.x() nounwind readnone
define amdgpu_kernel void @idiv(i32 addrspace(1)* %out, i32 addrspace(1)* %a, i32 addrspace(1)* %b) {
entry:
  %tid = call i32 @llvm.r600.read.tidig.x()
  %gid = call i32 @llvm.r600.read.tgid.x()
  %ls = call i32 @llvm.r600.read.local.size.x()
  %m = mul i32 %gid, %ls
  %i = add i32 %m, %tid
  %pa = getelementptr i32, i32 addrspace(1)* %a, i32 %i
  %pb = getelementptr i32, i32 addrspace(1)* %b, i32 %i
  %va = load i32, i32 addrspace(1)* %pa
  %vb = load i32, i32 addrspace(1)* %pb
  %q = udiv i32 %va, %vb
  %r = urem i32 %va, %vb
  %sq = sdiv i32 %va, %vb
  %sr = srem i32 %va, %vb
  %o = mul i32 %i, 4
  %p0 = getelementptr i32, i32 addrspace(1)* %out, i32 %o
  store i32 %q, i32 addrspace(1)* %p0
  %o1 = add i32 %o, 1
  %p1 = getelementptr i32, i32 addrspace(1)* %out, i32 %o1
  store i32 %r, i32 addrspace(1)* %p1
  %o2 = add i32 %o, 2
  %p2 = getelementptr i32, i32 addrspace(1)* %out, i32 %o2
  store i32 %sq, i32 addrspace(1)* %p2
  %o3 = add i32 %o, 3
  %p3 = getelementptr i32, i32 addrspace(1)* %out, i32 %o3
  store i32 %sr, i32 addrspace(1)* %p3
  ret void
}
