; Loops with break (predicated ALU, LOOP_BREAK), indirect private-array indexing (MOVA_INT),
; nested loop (Cayman's PUSH workaround), clamp/fneg, integer multiply-high, bit ops.
target triple = "r600--"
declare i32 @llvm.r600.read.tidig.x()
declare i32 @llvm.r600.read.tgid.x()
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.cttz.i32(i32, i1)
declare i32 @llvm.bitreverse.i32(i32)
declare float @llvm.minnum.f32(float, float)
declare float @llvm.trunc.f32(float)
declare float @llvm.ceil.f32(float)
declare float @llvm.rint.f32(float)
declare float @llvm.cos.f32(float)
declare i32 @llvm.fshr.i32(i32, i32, i32)
define amdgpu_kernel void @loops(i32 addrspace(1)* %out, float addrspace(1)* %fo, i32 %n, i32 %m, float %f) {
entry:
  %arr = alloca [8 x i32], align 4, addrspace(5)
  %tid = call i32 @llvm.r600.read.tidig.x()
  %gid = call i32 @llvm.r600.read.tgid.x()
  br label %outer
outer:
  %i = phi i32 [0, %entry], [%i1, %outer.end]
  %acc = phi i32 [0, %entry], [%acc2, %outer.end]
  br label %inner
inner:
  %j = phi i32 [0, %outer], [%j1, %inner.cont]
  %acc1 = phi i32 [%acc, %outer], [%accn, %inner.cont]
  %t = mul i32 %j, %tid
  %brk = icmp eq i32 %t, %m
  br i1 %brk, label %outer.end, label %inner.cont
inner.cont:
  %pc = call i32 @llvm.ctpop.i32(i32 %t)
  %lz = call i32 @llvm.ctlz.i32(i32 %pc, i1 false)
  %tz = call i32 @llvm.cttz.i32(i32 %lz, i1 false)
  %br = call i32 @llvm.bitreverse.i32(i32 %tz)
  %hi = zext i32 %br to i64
  %hm = mul i64 %hi, 3000000000
  %hs = lshr i64 %hm, 32
  %h32 = trunc i64 %hs to i32
  %sh = call i32 @llvm.fshr.i32(i32 %h32, i32 %acc1, i32 %j)
  %idx = and i32 %sh, 7
  %slot = getelementptr [8 x i32], [8 x i32] addrspace(5)* %arr, i32 0, i32 %idx
  store i32 %sh, i32 addrspace(5)* %slot
  %accn = xor i32 %acc1, %sh
  %j1 = add i32 %j, 1
  %jc = icmp slt i32 %j1, %n
  br i1 %jc, label %inner, label %outer.end
outer.end:
  %acc2 = phi i32 [%acc1, %inner], [%accn, %inner.cont]
  %i1 = add i32 %i, 1
  %ic = icmp ult i32 %i1, %m
  br i1 %ic, label %outer, label %exit
exit:
  %ri = and i32 %acc2, 7
  %rp = getelementptr [8 x i32], [8 x i32] addrspace(5)* %arr, i32 0, i32 %ri
  %rv = load i32, i32 addrspace(5)* %rp
  %o = getelementptr i32, i32 addrspace(1)* %out, i32 %gid
  store i32 %rv, i32 addrspace(1)* %o
  %ff = sitofp i32 %rv to float
  %f1 = fsub float %f, %ff
  %f2 = call float @llvm.minnum.f32(float %f1, float 1.0)
  %f3 = call float @llvm.trunc.f32(float %f2)
  %f4 = call float @llvm.ceil.f32(float %f3)
  %f5 = call float @llvm.rint.f32(float %f4)
  %f6 = call float @llvm.cos.f32(float %f5)
  %f7 = fptoui float %f6 to i32
  %f8 = uitofp i32 %f7 to float
  %f9 = fcmp une float %f8, %f
  %f10 = select i1 %f9, float %f8, float 0.5
  %fp = getelementptr float, float addrspace(1)* %fo, i32 %tid
  store float %f10, float addrspace(1)* %fp
  ret void
}
