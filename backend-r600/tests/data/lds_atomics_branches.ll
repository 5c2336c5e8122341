; LDS read/write/atomics, GROUP_BARRIER, if/else with ALU_PUSH_BEFORE/JUMP/POP, RAT atomics, a loop.
target triple = "r600--"
declare i32 @llvm.r600.read.tidig.x()
declare i32 @llvm.r600.read.tgid.x()
declare void @llvm.r600.group.barrier()
define amdgpu_kernel void @k(<4 x float> addrspace(1)* %out, <4 x float> addrspace(1)* %in, i32 addrspace(1)* %io, i32 %n, i32 addrspace(3)* %lds) {
entry:
  %tid = call i32 @llvm.r600.read.tidig.x()
  %gid = call i32 @llvm.r600.read.tgid.x()
  %p = getelementptr <4 x float>, <4 x float> addrspace(1)* %in, i32 %tid
  %v = load <4 x float>, <4 x float> addrspace(1)* %p
  %a = fmul <4 x float> %v, %v
  %b = fadd <4 x float> %a, <float 1.0, float 2.0, float 3.0, float 4.0>
  %lp = getelementptr i32, i32 addrspace(3)* %lds, i32 %tid
  store i32 %gid, i32 addrspace(3)* %lp
  call void @llvm.r600.group.barrier()
  %nt = add i32 %tid, 1
  %lp2 = getelementptr i32, i32 addrspace(3)* %lds, i32 %nt
  %lv = load i32, i32 addrspace(3)* %lp2
  %old = atomicrmw add i32 addrspace(3)* %lp, i32 %lv seq_cst
  %cmp = icmp sgt i32 %old, %n
  br i1 %cmp, label %then, label %else
then:
  %q = getelementptr <4 x float>, <4 x float> addrspace(1)* %out, i32 %tid
  store <4 x float> %b, <4 x float> addrspace(1)* %q
  %ia = getelementptr i32, i32 addrspace(1)* %io, i32 %tid
  %o1 = atomicrmw umax i32 addrspace(1)* %ia, i32 %n seq_cst
  br label %loop
else:
  %ib = getelementptr i32, i32 addrspace(1)* %io, i32 %gid
  %o2 = cmpxchg i32 addrspace(1)* %ib, i32 %tid, i32 %n seq_cst seq_cst
  br label %loop
loop:
  %i = phi i32 [0, %then], [0, %else], [%i1, %loop]
  %i1 = add i32 %i, 1
  %ic = getelementptr i32, i32 addrspace(1)* %io, i32 %i
  store i32 %i, i32 addrspace(1)* %ic
  %c2 = icmp ult i32 %i1, %n
  br i1 %c2, label %loop, label %exit
exit:
  ret void
}
