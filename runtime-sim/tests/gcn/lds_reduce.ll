; per work-group sum of 256 ints through LDS, tree reduction with s_barrier (four waves)
; Compiled by runtime-sim/tests/gcn_llvm.rs with llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=obj.
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.s.barrier()

@sdata = internal addrspace(3) global [256 x i32] undef, align 4
define amdgpu_kernel void @lds_reduce(i32 addrspace(1)* %in, i32 addrspace(1)* %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %gid, 256
  %i = add i32 %base, %tid
  %idx = zext i32 %i to i64
  %p = getelementptr i32, i32 addrspace(1)* %in, i64 %idx
  %v = load i32, i32 addrspace(1)* %p
  %sp = getelementptr [256 x i32], [256 x i32] addrspace(3)* @sdata, i32 0, i32 %tid
  store i32 %v, i32 addrspace(3)* %sp
  call void @llvm.amdgcn.s.barrier()
  br label %loop
loop:
  %s = phi i32 [128, %entry], [%s2, %latch]
  %act = icmp ult i32 %tid, %s
  br i1 %act, label %add, label %latch
add:
  %j = add i32 %tid, %s
  %qp = getelementptr [256 x i32], [256 x i32] addrspace(3)* @sdata, i32 0, i32 %j
  %a = load i32, i32 addrspace(3)* %sp
  %b = load i32, i32 addrspace(3)* %qp
  %c = add i32 %a, %b
  store i32 %c, i32 addrspace(3)* %sp
  br label %latch
latch:
  call void @llvm.amdgcn.s.barrier()
  %s2 = lshr i32 %s, 1
  %more = icmp ne i32 %s2, 0
  br i1 %more, label %loop, label %done
done:
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %wr, label %exit
wr:
  %r = load i32, i32 addrspace(3)* getelementptr ([256 x i32], [256 x i32] addrspace(3)* @sdata, i32 0, i32 0)
  %gidx = zext i32 %gid to i64
  %op = getelementptr i32, i32 addrspace(1)* %out, i64 %gidx
  store i32 %r, i32 addrspace(1)* %op
  br label %exit
exit:
  ret void
}
