; A 2D launch: out[gy * W + gx] = gx * 1000 + gy with gx, gy the global ids built from
; tid.x/y, tgid.x/y and local_size.x/y, W = global_size.x.
target datalayout = "e-p:32:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1"
target triple = "r600--"

declare i32 @llvm.r600.read.tidig.x() nounwind readnone
declare i32 @llvm.r600.read.tidig.y() nounwind readnone
declare i32 @llvm.r600.read.tgid.x() nounwind readnone
declare i32 @llvm.r600.read.tgid.y() nounwind readnone
declare i32 @llvm.r600.read.local.size.x() nounwind readnone
declare i32 @llvm.r600.read.local.size.y() nounwind readnone
declare i32 @llvm.r600.read.global.size.x() nounwind readnone
define amdgpu_kernel void @grid2d(i32 addrspace(1)* %out) {
entry:
  %tx = call i32 @llvm.r600.read.tidig.x()
  %ty = call i32 @llvm.r600.read.tidig.y()
  %bx = call i32 @llvm.r600.read.tgid.x()
  %by = call i32 @llvm.r600.read.tgid.y()
  %lx = call i32 @llvm.r600.read.local.size.x()
  %ly = call i32 @llvm.r600.read.local.size.y()
  %w = call i32 @llvm.r600.read.global.size.x()
  %gx0 = mul i32 %bx, %lx
  %gx = add i32 %gx0, %tx
  %gy0 = mul i32 %by, %ly
  %gy = add i32 %gy0, %ty
  %v0 = mul i32 %gx, 1000
  %v = add i32 %v0, %gy
  %row = mul i32 %gy, %w
  %i = add i32 %row, %gx
  %po = getelementptr i32, i32 addrspace(1)* %out, i32 %i
  store i32 %v, i32 addrspace(1)* %po
  ret void
}
