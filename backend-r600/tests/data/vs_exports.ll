; Vertex shader: position and parameter exports (EXPORT_DONE), CALL_FS.
target triple = "r600--"
declare <4 x float> @llvm.r600.tex(<4 x float>, i32, i32, i32, i32, i32, i32, i32, i32, i32)
declare void @llvm.r600.store.swizzle(<4 x float>, i32, i32)
declare void @llvm.r600.kill(float)
declare float @llvm.r600.recipsqrt.clamped.f32(float)
declare float @llvm.r600.dot4(<4 x float>, <4 x float>)
define amdgpu_vs void @vs(<4 x float> inreg %p0, <4 x float> inreg %p1) {
  %a = fmul <4 x float> %p0, %p1
  call void @llvm.r600.store.swizzle(<4 x float> %a, i32 60, i32 1)
  call void @llvm.r600.store.swizzle(<4 x float> %p1, i32 0, i32 2)
  ret void
}
