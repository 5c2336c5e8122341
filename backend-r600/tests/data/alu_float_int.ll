; Float and integer arithmetic, transcendentals replicated over slots, literals, conversions.
target triple = "r600--"
declare i32 @llvm.r600.read.tidig.x()
declare float @llvm.fabs.f32(float)
declare float @llvm.sqrt.f32(float)
declare float @llvm.sin.f32(float)
declare float @llvm.exp2.f32(float)
declare float @llvm.log2.f32(float)
declare float @llvm.floor.f32(float)
declare float @llvm.fma.f32(float, float, float)
declare float @llvm.maxnum.f32(float, float)
define amdgpu_kernel void @k(float addrspace(1)* %out, float addrspace(1)* %in, float %f, i32 %n) {
  %tid = call i32 @llvm.r600.read.tidig.x()
  %p = getelementptr float, float addrspace(1)* %in, i32 %tid
  %v = load float, float addrspace(1)* %p
  %a = fmul float %v, %f
  %b = fadd float %a, 3.5
  %c = call float @llvm.fabs.f32(float %b)
  %d = fneg float %c
  %e = call float @llvm.sqrt.f32(float %d)
  %g = call float @llvm.sin.f32(float %e)
  %h = call float @llvm.exp2.f32(float %g)
  %i = call float @llvm.log2.f32(float %h)
  %j = call float @llvm.floor.f32(float %i)
  %k = fdiv float %j, %v
  %l = call float @llvm.fma.f32(float %k, float %v, float %a)
  %m = call float @llvm.maxnum.f32(float %l, float %f)
  %cmp = fcmp olt float %m, %v
  %s = select i1 %cmp, float %m, float 1.0
  %ni = sitofp i32 %n to float
  %t = fadd float %s, %ni
  %ti = fptosi float %t to i32
  %mul = mul i32 %ti, %n
  %hi = mul i32 %mul, %tid
  %x = xor i32 %hi, %n
  %sh = ashr i32 %x, 3
  %tf = uitofp i32 %sh to float
  %q = getelementptr float, float addrspace(1)* %out, i32 %tid
  store float %tf, float addrspace(1)* %q
  ret void
}
