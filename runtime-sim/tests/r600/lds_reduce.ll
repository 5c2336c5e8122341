; Work-group sum of 128 uints through LDS: a tree over two wavefronts with a
; GROUP_BARRIER after every level, out[group] = sum of in[group*128 .. +128].
target datalayout = "e-p:32:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1"
target triple = "r600--"

declare i32 @llvm.r600.read.tidig.x() nounwind readnone
declare i32 @llvm.r600.read.tidig.y() nounwind readnone
declare i32 @llvm.r600.read.tgid.x() nounwind readnone
declare i32 @llvm.r600.read.tgid.y() nounwind readnone
declare i32 @llvm.r600.read.local.size.x() nounwind readnone
declare i32 @llvm.r600.read.local.size.y() nounwind readnone
declare i32 @llvm.r600.read.global.size.x() nounwind readnone

@buf = internal addrspace(3) global [128 x i32] undef, align 4
declare void @llvm.r600.group.barrier() nounwind convergent

define amdgpu_kernel void @reduce(i32 addrspace(1)* %out, i32 addrspace(1)* %in) {
entry:
  %tid = call i32 @llvm.r600.read.tidig.x()
  %gid = call i32 @llvm.r600.read.tgid.x()
  %base = mul i32 %gid, 128
  %i = add i32 %base, %tid
  %pin = getelementptr i32, i32 addrspace(1)* %in, i32 %i
  %v = load i32, i32 addrspace(1)* %pin
  %slot = getelementptr [128 x i32], [128 x i32] addrspace(3)* @buf, i32 0, i32 %tid
  store i32 %v, i32 addrspace(3)* %slot
  call void @llvm.r600.group.barrier()
  br label %loop
loop:
  %s = phi i32 [ 64, %entry ], [ %s2, %next ]
  %act = icmp ult i32 %tid, %s
  br i1 %act, label %add, label %next
add:
  %j = add i32 %tid, %s
  %pj = getelementptr [128 x i32], [128 x i32] addrspace(3)* @buf, i32 0, i32 %j
  %a = load i32, i32 addrspace(3)* %slot
  %b = load i32, i32 addrspace(3)* %pj
  %c = add i32 %a, %b
  store i32 %c, i32 addrspace(3)* %slot
  br label %next
next:
  call void @llvm.r600.group.barrier()
  %s2 = lshr i32 %s, 1
  %more = icmp ne i32 %s2, 0
  br i1 %more, label %loop, label %fin
fin:
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %wr, label %done
wr:
  %p0 = getelementptr [128 x i32], [128 x i32] addrspace(3)* @buf, i32 0, i32 0
  %r = load i32, i32 addrspace(3)* %p0
  %po = getelementptr i32, i32 addrspace(1)* %out, i32 %gid
  store i32 %r, i32 addrspace(1)* %po
  br label %done
done:
  ret void
}
