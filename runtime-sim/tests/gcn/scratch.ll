; a private array indexed dynamically: scratch through the private segment buffer
; Compiled by runtime-sim/tests/gcn_llvm.rs with llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=obj.
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workgroup.id.y()

define amdgpu_kernel void @scratch(i32 addrspace(1)* %in, i32 addrspace(1)* %out) {
entry:
  %arr = alloca [16 x i32], align 4, addrspace(5)
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %gid, 64
  %i = add i32 %base, %tid
  %idx = zext i32 %i to i64
  %p = getelementptr i32, i32 addrspace(1)* %in, i64 %idx
  %v = load i32, i32 addrspace(1)* %p
  br label %fill
fill:
  %k = phi i32 [0, %entry], [%k1, %fill]
  %kv = mul i32 %k, %v
  %ap = getelementptr [16 x i32], [16 x i32] addrspace(5)* %arr, i32 0, i32 %k
  store volatile i32 %kv, i32 addrspace(5)* %ap
  %k1 = add i32 %k, 1
  %c = icmp ult i32 %k1, 16
  br i1 %c, label %fill, label %rd
rd:
  %sel = and i32 %v, 15
  %rp = getelementptr [16 x i32], [16 x i32] addrspace(5)* %arr, i32 0, i32 %sel
  %r = load volatile i32, i32 addrspace(5)* %rp
  %op = getelementptr i32, i32 addrspace(1)* %out, i64 %idx
  store i32 %r, i32 addrspace(1)* %op
  ret void
}
