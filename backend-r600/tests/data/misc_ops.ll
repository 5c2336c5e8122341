; A spread of integer and float ALU opcodes, if/else (ELSE, ALU_POP_AFTER), constants from a
; second constant buffer (KC1), 64-bit loads, LDS atomics and MSKOR byte stores.
target triple = "r600--"
declare i32 @llvm.r600.read.tidig.x()
declare i32 @llvm.r600.read.tidig.y()
declare float @llvm.fabs.f32(float)
declare float @llvm.maxnum.f32(float, float)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
define amdgpu_kernel void @misc(i32 addrspace(1)* %out, <2 x i32> addrspace(1)* %in2, float %f, i32 %k,
                                 i32 addrspace(3)* %lds, i8 addrspace(1)* %bo) {
entry:
  %tid = call i32 @llvm.r600.read.tidig.x()
  %tidy = call i32 @llvm.r600.read.tidig.y()
  %cb1p = getelementptr [16 x <4 x i32>], [16 x <4 x i32>] addrspace(9)* null, i32 0, i32 3
  %cb1 = load <4 x i32>, <4 x i32> addrspace(9)* %cb1p
  %c1x = extractelement <4 x i32> %cb1, i32 0
  %c1w = extractelement <4 x i32> %cb1, i32 3
  %p = getelementptr <2 x i32>, <2 x i32> addrspace(1)* %in2, i32 %tid
  %v = load <2 x i32>, <2 x i32> addrspace(1)* %p
  %vx = extractelement <2 x i32> %v, i32 0
  %vy = extractelement <2 x i32> %v, i32 1
  %a = sub i32 %vx, %c1x
  %b = call i32 @llvm.smax.i32(i32 %a, i32 %vy)
  %c = call i32 @llvm.umin.i32(i32 %b, i32 %c1w)
  %d = call i32 @llvm.smin.i32(i32 %c, i32 %tidy)
  %e = call i32 @llvm.umax.i32(i32 %d, i32 %k)
  %ff = sitofp i32 %e to float
  %g = fmul float %ff, %f
  %h = call float @llvm.fabs.f32(float %g)
  %i = fcmp oge float %h, 0.5
  %lp = getelementptr i32, i32 addrspace(3)* %lds, i32 %tid
  %o1 = atomicrmw xchg i32 addrspace(3)* %lp, i32 %e seq_cst
  %o2 = atomicrmw umin i32 addrspace(3)* %lp, i32 %o1 seq_cst
  %o3 = atomicrmw or i32 addrspace(3)* %lp, i32 %o2 seq_cst
  %o4 = cmpxchg i32 addrspace(3)* %lp, i32 %o3, i32 %tid seq_cst seq_cst
  %o4v = extractvalue { i32, i1 } %o4, 0
  br i1 %i, label %then, label %else
then:
  %t1 = mul i32 %e, %o4v
  %t2 = ashr i32 %t1, %k
  %t3 = fmul float %f, %g
  %t4 = fadd float %t3, 1.0
  %t5 = fptosi float %t4 to i32
  %t6 = xor i32 %t5, %t2
  br label %join
else:
  %e1 = udiv i32 %e, %k
  %e2 = urem i32 %vx, %k
  %e3 = add i32 %e1, %e2
  br label %join
join:
  %r = phi i32 [%t6, %then], [%e3, %else]
  %q = getelementptr i32, i32 addrspace(1)* %out, i32 %tid
  store i32 %r, i32 addrspace(1)* %q
  %rb = trunc i32 %r to i8
  %bq = getelementptr i8, i8 addrspace(1)* %bo, i32 %tidy
  store i8 %rb, i8 addrspace(1)* %bq
  ret void
}
