; y[i] = alpha * x[i] + y[i] for i < n (the grid may be larger than n)
target datalayout = "e-p:32:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1"
target triple = "r600--"

declare i32 @llvm.r600.read.tidig.x() nounwind readnone
declare i32 @llvm.r600.read.tidig.y() nounwind readnone
declare i32 @llvm.r600.read.tgid.x() nounwind readnone
declare i32 @llvm.r600.read.tgid.y() nounwind readnone
declare i32 @llvm.r600.read.local.size.x() nounwind readnone
declare i32 @llvm.r600.read.local.size.y() nounwind readnone
declare i32 @llvm.r600.read.global.size.x() nounwind readnone

define amdgpu_kernel void @saxpy(float addrspace(1)* %y, float addrspace(1)* %x, float %alpha, i32 %n) {
entry:
  %tid = call i32 @llvm.r600.read.tidig.x()
  %gid = call i32 @llvm.r600.read.tgid.x()
  %ls = call i32 @llvm.r600.read.local.size.x()
  %m = mul i32 %gid, %ls
  %i = add i32 %m, %tid
  %in = icmp ult i32 %i, %n
  br i1 %in, label %body, label %done
body:
  %px = getelementptr float, float addrspace(1)* %x, i32 %i
  %py = getelementptr float, float addrspace(1)* %y, i32 %i
  %vx = load float, float addrspace(1)* %px
  %vy = load float, float addrspace(1)* %py
  %p = fmul float %alpha, %vx
  %s = fadd float %p, %vy
  store float %s, float addrspace(1)* %py
  br label %done
done:
  ret void
}
