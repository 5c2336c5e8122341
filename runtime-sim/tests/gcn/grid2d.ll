; 2-D grid: work-item and work-group ids X/Y and the dispatch packet's work-group size
; Compiled by runtime-sim/tests/gcn_llvm.rs with llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=obj.
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workgroup.id.y()

declare i8 addrspace(4)* @llvm.amdgcn.dispatch.ptr()
; out[y*W + x] = x*1000 + y, W = workgroup_size_x * num groups from kernarg
define amdgpu_kernel void @grid2d(i32 addrspace(1)* %out, i32 %width) {
entry:
  %tx = call i32 @llvm.amdgcn.workitem.id.x()
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %gx = call i32 @llvm.amdgcn.workgroup.id.x()
  %gy = call i32 @llvm.amdgcn.workgroup.id.y()
  %dp = call i8 addrspace(4)* @llvm.amdgcn.dispatch.ptr()
  %wsxp = getelementptr i8, i8 addrspace(4)* %dp, i64 4
  %wsxp16 = bitcast i8 addrspace(4)* %wsxp to i16 addrspace(4)*
  %wsx16 = load i16, i16 addrspace(4)* %wsxp16
  %wsx = zext i16 %wsx16 to i32
  %wsyp = getelementptr i8, i8 addrspace(4)* %dp, i64 6
  %wsyp16 = bitcast i8 addrspace(4)* %wsyp to i16 addrspace(4)*
  %wsy16 = load i16, i16 addrspace(4)* %wsyp16
  %wsy = zext i16 %wsy16 to i32
  %bx = mul i32 %gx, %wsx
  %x = add i32 %bx, %tx
  %by = mul i32 %gy, %wsy
  %y = add i32 %by, %ty
  %row = mul i32 %y, %width
  %lin = add i32 %row, %x
  %x1000 = mul i32 %x, 1000
  %val = add i32 %x1000, %y
  %li = zext i32 %lin to i64
  %p = getelementptr i32, i32 addrspace(1)* %out, i64 %li
  store i32 %val, i32 addrspace(1)* %p
  ret void
}
