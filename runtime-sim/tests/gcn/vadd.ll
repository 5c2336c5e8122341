; c[i] = a[i] + b[i] for i < n (global loads/stores, divergent bounds check)
; Compiled by runtime-sim/tests/gcn_llvm.rs with llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=obj.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

define amdgpu_kernel void @vadd(float addrspace(1)* %a, float addrspace(1)* %b, float addrspace(1)* %c, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %gid, 64
  %i = add i32 %base, %tid
  %inb = icmp ult i32 %i, %n
  br i1 %inb, label %body, label %exit
body:
  %idx = zext i32 %i to i64
  %pa = getelementptr float, float addrspace(1)* %a, i64 %idx
  %pb = getelementptr float, float addrspace(1)* %b, i64 %idx
  %pc = getelementptr float, float addrspace(1)* %c, i64 %idx
  %va = load float, float addrspace(1)* %pa
  %vb = load float, float addrspace(1)* %pb
  %s = fadd float %va, %vb
  store float %s, float addrspace(1)* %pc
  br label %exit
exit:
  ret void
}
