; f64 mul, add, fdiv (v_div_scale_f64 ...), sitofp
; Compiled by runtime-sim/tests/gcn_llvm.rs with llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=obj.
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workgroup.id.y()

declare double @llvm.sqrt.f64(double)
define amdgpu_kernel void @f64k(double addrspace(1)* %a, double addrspace(1)* %b, double addrspace(1)* %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %gid, 64
  %i = add i32 %base, %tid
  %idx = zext i32 %i to i64
  %pa = getelementptr double, double addrspace(1)* %a, i64 %idx
  %pb = getelementptr double, double addrspace(1)* %b, i64 %idx
  %va = load double, double addrspace(1)* %pa
  %vb = load double, double addrspace(1)* %pb
  %m = fmul double %va, %vb
  %s = fadd double %m, %va
  %d = fdiv double %s, %vb
  %ob = mul i64 %idx, 2
  %p0 = getelementptr double, double addrspace(1)* %out, i64 %ob
  store double %d, double addrspace(1)* %p0
  %fi = sitofp i32 %i to double
  %t = fmul double %fi, 0.25
  %ob1 = add i64 %ob, 1
  %p1 = getelementptr double, double addrspace(1)* %out, i64 %ob1
  store double %t, double addrspace(1)* %p1
  ret void
}
