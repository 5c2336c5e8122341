; Raw-buffer loads of 8, 16, 32, 64 and 128 bits, constant offsets, 1/2/4-dword stores,
; byte/short stores (MSKOR on LLVM 14), two constant buffers (kcache set 1).
target triple = "r600--"
declare i32 @llvm.r600.read.tidig.x()
declare i32 @llvm.r600.read.tgid.y()
define amdgpu_kernel void @vloads(<2 x i32> addrspace(1)* %o2, <4 x i32> addrspace(1)* %o4, i8 addrspace(1)* %ob, i16 addrspace(1)* %os,
    i8 addrspace(1)* %ib, i16 addrspace(1)* %is, <2 x i32> addrspace(1)* %i2, i32 addrspace(4)* %c) {
  %tid = call i32 @llvm.r600.read.tidig.x()
  %g = call i32 @llvm.r600.read.tgid.y()
  %pb = getelementptr i8, i8 addrspace(1)* %ib, i32 %tid
  %b = load i8, i8 addrspace(1)* %pb
  %ps = getelementptr i16, i16 addrspace(1)* %is, i32 %tid
  %s = load i16, i16 addrspace(1)* %ps
  %p2 = getelementptr <2 x i32>, <2 x i32> addrspace(1)* %i2, i32 %tid
  %p2o = getelementptr <2 x i32>, <2 x i32> addrspace(1)* %p2, i32 4
  %v2 = load <2 x i32>, <2 x i32> addrspace(1)* %p2o
  %pc = getelementptr i32, i32 addrspace(4)* %c, i32 %g
  %cv = load i32, i32 addrspace(4)* %pc
  %bz = zext i8 %b to i32
  %sz = sext i16 %s to i32
  %x = extractelement <2 x i32> %v2, i32 0
  %y = extractelement <2 x i32> %v2, i32 1
  %a1 = add i32 %bz, %sz
  %a2 = sub i32 %x, %y
  %a3 = and i32 %a1, %cv
  %a4 = or i32 %a2, 255
  %a5 = shl i32 %a3, %a4
  %a6 = lshr i32 %a5, 7
  %a7 = icmp ult i32 %a6, %a1
  %a8 = select i1 %a7, i32 %a6, i32 -1
  %a9 = sdiv i32 %a8, 3
  %r2 = insertelement <2 x i32> undef, i32 %a9, i32 0
  %r2b = insertelement <2 x i32> %r2, i32 %a5, i32 1
  %q2 = getelementptr <2 x i32>, <2 x i32> addrspace(1)* %o2, i32 %tid
  store <2 x i32> %r2b, <2 x i32> addrspace(1)* %q2
  %r4 = insertelement <4 x i32> undef, i32 %a9, i32 0
  %r4b = insertelement <4 x i32> %r4, i32 %a5, i32 1
  %r4c = insertelement <4 x i32> %r4b, i32 %a1, i32 2
  %r4d = insertelement <4 x i32> %r4c, i32 %cv, i32 3
  %q4 = getelementptr <4 x i32>, <4 x i32> addrspace(1)* %o4, i32 %tid
  store <4 x i32> %r4d, <4 x i32> addrspace(1)* %q4
  %tb = trunc i32 %a9 to i8
  %qb = getelementptr i8, i8 addrspace(1)* %ob, i32 %tid
  store i8 %tb, i8 addrspace(1)* %qb
  %ts = trunc i32 %a6 to i16
  %qs = getelementptr i16, i16 addrspace(1)* %os, i32 %tid
  store i16 %ts, i16 addrspace(1)* %qs
  ret void
}
