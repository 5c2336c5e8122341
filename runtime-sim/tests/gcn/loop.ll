; out[i] = Collatz steps of in[i], capped at 1000: a divergent loop
; Compiled by runtime-sim/tests/gcn_llvm.rs with llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=obj.
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

; out[i] = number of Collatz steps of in[i] (capped at 1000)
define amdgpu_kernel void @collatz(i32 addrspace(1)* %in, i32 addrspace(1)* %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %gid, 64
  %i = add i32 %base, %tid
  %idx = zext i32 %i to i64
  %p = getelementptr i32, i32 addrspace(1)* %in, i64 %idx
  %v0 = load i32, i32 addrspace(1)* %p
  br label %loop
loop:
  %v = phi i32 [%v0, %entry], [%vn, %body]
  %n = phi i32 [0, %entry], [%n1, %body]
  %done1 = icmp ule i32 %v, 1
  %done2 = icmp uge i32 %n, 1000
  %done = or i1 %done1, %done2
  br i1 %done, label %exit, label %body
body:
  %odd = and i32 %v, 1
  %isodd = icmp ne i32 %odd, 0
  %t3 = mul i32 %v, 3
  %t3p = add i32 %t3, 1
  %half = lshr i32 %v, 1
  %vn = select i1 %isodd, i32 %t3p, i32 %half
  %n1 = add i32 %n, 1
  br label %loop
exit:
  %op = getelementptr i32, i32 addrspace(1)* %out, i64 %idx
  store i32 %n, i32 addrspace(1)* %op
  ret void
}
