; y[i] = a * x[i] + y[i] for i < n, work-groups of 128 (two waves)
; Compiled by runtime-sim/tests/gcn_llvm.rs with llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=obj.
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.s.barrier()

define amdgpu_kernel void @saxpy(float addrspace(1)* %x, float addrspace(1)* %y, float %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %gid, 128
  %i = add i32 %base, %tid
  %inb = icmp ult i32 %i, %n
  br i1 %inb, label %body, label %exit
body:
  %idx = zext i32 %i to i64
  %px = getelementptr float, float addrspace(1)* %x, i64 %idx
  %py = getelementptr float, float addrspace(1)* %y, i64 %idx
  %vx = load float, float addrspace(1)* %px
  %vy = load float, float addrspace(1)* %py
  %m = fmul float %a, %vx
  %s = fadd float %m, %vy
  store float %s, float addrspace(1)* %py
  br label %exit
exit:
  ret void
}
