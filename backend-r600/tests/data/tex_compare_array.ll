; Pixel shader: comparison sampling (SAMPLE_C) and a 2D-array sample (slice in z, CT_Z unnormalized).
declare <4 x float> @llvm.r600.tex(<4 x float>, i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare <4 x float> @llvm.r600.texc(<4 x float>, i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare void @llvm.r600.store.swizzle(<4 x float>, i32, i32)

define amdgpu_ps void @main(<4 x float> inreg %t, <4 x float> inreg %u) {
  %a = call <4 x float> @llvm.r600.texc(<4 x float> %t, i32 0, i32 0, i32 0, i32 1, i32 0, i32 1, i32 1, i32 1, i32 1)
  %b = call <4 x float> @llvm.r600.tex(<4 x float> %u, i32 0, i32 0, i32 0, i32 2, i32 0, i32 1, i32 1, i32 0, i32 0)
  %c = fadd <4 x float> %a, %b
  call void @llvm.r600.store.swizzle(<4 x float> %c, i32 0, i32 0)
  ret void
}
