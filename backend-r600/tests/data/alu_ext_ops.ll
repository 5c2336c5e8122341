; Former trans-slot transcendentals (SIN, COS, RECIPSQRT_IEEE, EXP_IEEE, LOG_IEEE), FMA and the
; integer bit operations the IL's multimedia and bit instructions select (FFBH_UINT, FFBL_INT,
; BIT_ALIGN_INT, BFI_INT, ADDC_UINT, SUBB_UINT). LLVM 14's R600 backend has no f64 and does
; not select the 24-bit multiplies here: those forms are checked against the ISA's opcode table
; (llc_encoding.rs, isa_opcode_table_forms).
target triple = "r600--"
declare float @llvm.sin.f32(float)
declare float @llvm.cos.f32(float)
declare float @llvm.sqrt.f32(float)
declare float @llvm.exp2.f32(float)
declare float @llvm.log2.f32(float)
declare float @llvm.fma.f32(float, float, float)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.cttz.i32(i32, i1)
declare i32 @llvm.fshr.i32(i32, i32, i32)
declare {i32, i1} @llvm.uadd.with.overflow.i32(i32, i32)
declare {i32, i1} @llvm.usub.with.overflow.i32(i32, i32)
declare i32 @llvm.r600.read.tidig.x()
define amdgpu_kernel void @ext(float addrspace(1)* %out, i32 addrspace(1)* %iout, float %a, float %b, i32 %x, i32 %y, i32 %z) {
entry:
  %s = call float @llvm.sin.f32(float %a)
  %c = call float @llvm.cos.f32(float %b)
  %q = call float @llvm.sqrt.f32(float %s)
  %e = call float @llvm.exp2.f32(float %c)
  %l = call float @llvm.log2.f32(float %q)
  %f = call float @llvm.fma.f32(float %e, float %l, float %a)
  %r = fdiv float 1.0, %f
  %p0 = getelementptr float, float addrspace(1)* %out, i32 0
  store float %r, float addrspace(1)* %p0
  %t = call i32 @llvm.r600.read.tidig.x()
  %x1 = add i32 %x, %t
  %h = call i32 @llvm.ctlz.i32(i32 %x1, i1 false)
  %lo = call i32 @llvm.cttz.i32(i32 %y, i1 false)
  %fs = call i32 @llvm.fshr.i32(i32 %h, i32 %lo, i32 %z)
  %ao = call {i32, i1} @llvm.uadd.with.overflow.i32(i32 %fs, i32 %x)
  %av = extractvalue {i32, i1} %ao, 0
  %ac = extractvalue {i32, i1} %ao, 1
  %ace = zext i1 %ac to i32
  %so = call {i32, i1} @llvm.usub.with.overflow.i32(i32 %av, i32 %y)
  %sc = extractvalue {i32, i1} %so, 1
  %sce = zext i1 %sc to i32
  %m1 = and i32 %x1, 16777215
  %m2 = and i32 %y, 16777215
  %mu = mul i32 %m1, %m2
  %sh1 = shl i32 %x1, 8
  %sx1 = ashr i32 %sh1, 8
  %sh2 = shl i32 %y, 8
  %sx2 = ashr i32 %sh2, 8
  %mi = mul i32 %sx1, %sx2
  %bm = and i32 %x1, %z
  %nz = xor i32 %z, -1
  %bn = and i32 %y, %nz
  %bi = or i32 %bm, %bn
  %byte = and i32 %bi, 255
  %bf = uitofp i32 %byte to float
  %bfi = fptosi float %bf to i32
  %sum1 = add i32 %ace, %sce
  %sum2 = add i32 %sum1, %mu
  %sum3 = add i32 %sum2, %mi
  %sum4 = add i32 %sum3, %bfi
  %p1 = getelementptr i32, i32 addrspace(1)* %iout, i32 %t
  store i32 %sum4, i32 addrspace(1)* %p1
  ret void
}
