; nested divergent if/else on in[i]
; Compiled by runtime-sim/tests/gcn_llvm.rs with llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=obj.
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

define amdgpu_kernel void @branches(i32 addrspace(1)* %in, i32 addrspace(1)* %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %gid, 64
  %i = add i32 %base, %tid
  %idx = zext i32 %i to i64
  %p = getelementptr i32, i32 addrspace(1)* %in, i64 %idx
  %v = load i32, i32 addrspace(1)* %p
  %c1 = icmp slt i32 %v, 100
  br i1 %c1, label %a, label %b
a:
  %c2 = icmp sgt i32 %v, 0
  br i1 %c2, label %a1, label %a2
a1:
  %r1 = mul i32 %v, 7
  br label %amerge
a2:
  %c3 = icmp eq i32 %v, -5
  br i1 %c3, label %a2x, label %a2y
a2x:
  br label %amerge
a2y:
  %r2 = sub i32 0, %v
  br label %amerge
amerge:
  %ra = phi i32 [%r1, %a1], [1000, %a2x], [%r2, %a2y]
  br label %merge
b:
  %odd = and i32 %v, 1
  %c4 = icmp eq i32 %odd, 0
  br i1 %c4, label %b1, label %merge
b1:
  %r3 = xor i32 %v, 255
  br label %merge
merge:
  %r = phi i32 [%ra, %amerge], [%r3, %b1], [%v, %b]
  %op = getelementptr i32, i32 addrspace(1)* %out, i64 %idx
  store i32 %r, i32 addrspace(1)* %op
  ret void
}
