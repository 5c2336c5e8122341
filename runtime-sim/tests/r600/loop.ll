; A divergent loop with continue and break: lane i sums in[j] for j < n_i = i % 13,
; skipping odd values (continue) and stopping at the first value > 200 (break).
target datalayout = "e-p:32:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1"
target triple = "r600--"

declare i32 @llvm.r600.read.tidig.x() nounwind readnone
declare i32 @llvm.r600.read.tidig.y() nounwind readnone
declare i32 @llvm.r600.read.tgid.x() nounwind readnone
declare i32 @llvm.r600.read.tgid.y() nounwind readnone
declare i32 @llvm.r600.read.local.size.x() nounwind readnone
declare i32 @llvm.r600.read.local.size.y() nounwind readnone
declare i32 @llvm.r600.read.global.size.x() nounwind readnone
define amdgpu_kernel void @loop(i32 addrspace(1)* %out, i32 addrspace(1)* %in) {
entry:
  %tid = call i32 @llvm.r600.read.tidig.x()
  %gid = call i32 @llvm.r600.read.tgid.x()
  %ls = call i32 @llvm.r600.read.local.size.x()
  %m = mul i32 %gid, %ls
  %i = add i32 %m, %tid
  %n = urem i32 %i, 13
  br label %head
head:
  %j = phi i32 [ 0, %entry ], [ %j1, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc2, %latch ]
  %go = icmp ult i32 %j, %n
  br i1 %go, label %body, label %exit
body:
  %k = add i32 %i, %j
  %pk = getelementptr i32, i32 addrspace(1)* %in, i32 %k
  %v = load i32, i32 addrspace(1)* %pk
  %big = icmp ugt i32 %v, 200
  br i1 %big, label %exit, label %chk
chk:
  %odd = and i32 %v, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %latch, label %addit
addit:
  %accn = add i32 %acc, %v
  br label %latch
latch:
  %acc2 = phi i32 [ %acc, %chk ], [ %accn, %addit ]
  %j1 = add i32 %j, 1
  br label %head
exit:
  %r = phi i32 [ %acc, %head ], [ %acc, %body ]
  %po = getelementptr i32, i32 addrspace(1)* %out, i32 %i
  store i32 %r, i32 addrspace(1)* %po
  ret void
}
