; Pixel shader: texture sample, KILLGT, DOT4 reduction, RECIPSQRT_CLAMPED, pixel export.
target triple = "r600--"
declare <4 x float> @llvm.r600.tex(<4 x float>, i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare void @llvm.r600.store.swizzle(<4 x float>, i32, i32)
declare void @llvm.r600.kill(float)
declare float @llvm.r600.recipsqrt.clamped.f32(float)
declare float @llvm.r600.dot4(<4 x float>, <4 x float>)
define amdgpu_ps void @ps(<4 x float> inreg %c, <4 x float> inreg %t) {
  %s = call <4 x float> @llvm.r600.tex(<4 x float> %t, i32 0, i32 0, i32 0, i32 0, i32 0, i32 1, i32 1, i32 1, i32 1)
  %x = extractelement <4 x float> %s, i32 0
  call void @llvm.r600.kill(float %x)
  %m = fmul <4 x float> %s, %c
  %d = call float @llvm.r600.dot4(<4 x float> %m, <4 x float> %c)
  %r = call float @llvm.r600.recipsqrt.clamped.f32(float %d)
  %v = insertelement <4 x float> %m, float %r, i32 3
  call void @llvm.r600.store.swizzle(<4 x float> %v, i32 0, i32 0)
  ret void
}
