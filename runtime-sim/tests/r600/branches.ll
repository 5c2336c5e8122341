; Nested divergent if/else: out[i] = f(in[i]) with four outcomes.
target datalayout = "e-p:32:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1"
target triple = "r600--"

declare i32 @llvm.r600.read.tidig.x() nounwind readnone
declare i32 @llvm.r600.read.tidig.y() nounwind readnone
declare i32 @llvm.r600.read.tgid.x() nounwind readnone
declare i32 @llvm.r600.read.tgid.y() nounwind readnone
declare i32 @llvm.r600.read.local.size.x() nounwind readnone
declare i32 @llvm.r600.read.local.size.y() nounwind readnone
declare i32 @llvm.r600.read.global.size.x() nounwind readnone
define amdgpu_kernel void @branches(i32 addrspace(1)* %out, i32 addrspace(1)* %in) {
entry:
  %tid = call i32 @llvm.r600.read.tidig.x()
  %gid = call i32 @llvm.r600.read.tgid.x()
  %ls = call i32 @llvm.r600.read.local.size.x()
  %m = mul i32 %gid, %ls
  %i = add i32 %m, %tid
  %pi = getelementptr i32, i32 addrspace(1)* %in, i32 %i
  %v = load i32, i32 addrspace(1)* %pi
  %c1 = icmp slt i32 %v, 100
  br i1 %c1, label %lo, label %hi
lo:
  %c2 = icmp sgt i32 %v, 50
  br i1 %c2, label %lo_a, label %lo_b
lo_a:
  %ra = mul i32 %v, 3
  br label %join
lo_b:
  %rb = sub i32 7, %v
  br label %join
hi:
  %c3 = and i32 %v, 4
  %c3b = icmp eq i32 %c3, 0
  br i1 %c3b, label %hi_a, label %join
hi_a:
  %rc = xor i32 %v, 255
  br label %join
join:
  %r = phi i32 [ %ra, %lo_a ], [ %rb, %lo_b ], [ %rc, %hi_a ], [ %v, %hi ]
  %po = getelementptr i32, i32 addrspace(1)* %out, i32 %i
  store i32 %r, i32 addrspace(1)* %po
  ret void
}
