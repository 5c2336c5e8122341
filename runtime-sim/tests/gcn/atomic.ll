; global atomics: histogram (add with return) and umax without return
; Compiled by runtime-sim/tests/gcn_llvm.rs with llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=obj.
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

; hist[in[i] & 15] += 1 ; slot[i] = atomic add returning old value of counter
define amdgpu_kernel void @atomics(i32 addrspace(1)* %in, i32 addrspace(1)* %hist, i32 addrspace(1)* %counter, i32 addrspace(1)* %slots) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %gid, 64
  %i = add i32 %base, %tid
  %idx = zext i32 %i to i64
  %p = getelementptr i32, i32 addrspace(1)* %in, i64 %idx
  %v = load i32, i32 addrspace(1)* %p
  %bin = and i32 %v, 15
  %binx = zext i32 %bin to i64
  %hp = getelementptr i32, i32 addrspace(1)* %hist, i64 %binx
  %old = atomicrmw add i32 addrspace(1)* %hp, i32 1 seq_cst
  %mx = atomicrmw umax i32 addrspace(1)* %counter, i32 %v seq_cst
  %sp = getelementptr i32, i32 addrspace(1)* %slots, i64 %idx
  store i32 %old, i32 addrspace(1)* %sp
  ret void
}
