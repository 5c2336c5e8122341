; i64 division, multiplication and shifts, lane intrinsics (mbcnt, readfirstlane), an LDS
; atomic between two barriers, bit counts, min/max and int<->float conversions.
; Compiled by runtime-sim/tests/gcn_llvm.rs with llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=obj.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.s.barrier()
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32)
declare i32 @llvm.amdgcn.readfirstlane(i32)
declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.smax.i32(i32, i32)

@cnt = internal addrspace(3) global i32 undef, align 4

define amdgpu_kernel void @misc(i64 addrspace(1)* %pa, i64 addrspace(1)* %pb, i64 addrspace(1)* %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gid = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %gid, 128
  %i = add i32 %base, %tid
  %idx = zext i32 %i to i64
  %ap = getelementptr i64, i64 addrspace(1)* %pa, i64 %idx
  %bp = getelementptr i64, i64 addrspace(1)* %pb, i64 %idx
  %a = load i64, i64 addrspace(1)* %ap
  %b = load i64, i64 addrspace(1)* %bp
  %q = udiv i64 %a, %b
  %m = mul i64 %a, %b
  %sh = ashr i64 %a, 7
  %ml = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %lane = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %ml)
  %lo = trunc i64 %a to i32
  %hi64 = lshr i64 %a, 32
  %hi = trunc i64 %hi64 to i32
  %first = call i32 @llvm.amdgcn.readfirstlane(i32 %lo)
  %is0 = icmp eq i32 %tid, 0
  br i1 %is0, label %init, label %sync
init:
  store i32 0, i32 addrspace(3)* @cnt
  br label %sync
sync:
  call void @llvm.amdgcn.s.barrier()
  %old = atomicrmw add i32 addrspace(3)* @cnt, i32 1 seq_cst
  call void @llvm.amdgcn.s.barrier()
  %total = load i32, i32 addrspace(3)* @cnt
  %pop = call i32 @llvm.ctpop.i32(i32 %lo)
  %clz = call i32 @llvm.ctlz.i32(i32 %hi, i1 false)
  %mn = call i32 @llvm.umin.i32(i32 %lo, i32 %hi)
  %mx = call i32 @llvm.smax.i32(i32 %lo, i32 %hi)
  %f = uitofp i64 %a to float
  %fb = bitcast float %f to i32
  %small = and i32 %lo, 65535
  %sf = sitofp i32 %small to float
  %sm = fmul float %sf, -7.500000e-01
  %g = fptosi float %sm to i32
  %o = mul i64 %idx, 8
  %p0 = getelementptr i64, i64 addrspace(1)* %out, i64 %o
  store i64 %q, i64 addrspace(1)* %p0
  %o1 = add i64 %o, 1
  %p1 = getelementptr i64, i64 addrspace(1)* %out, i64 %o1
  store i64 %m, i64 addrspace(1)* %p1
  %o2 = add i64 %o, 2
  %p2 = getelementptr i64, i64 addrspace(1)* %out, i64 %o2
  store i64 %sh, i64 addrspace(1)* %p2
  %o3 = add i64 %o, 3
  %p3 = getelementptr i64, i64 addrspace(1)* %out, i64 %o3
  %v3 = call i64 @pack(i32 %lane, i32 %first)
  store i64 %v3, i64 addrspace(1)* %p3
  %o4 = add i64 %o, 4
  %p4 = getelementptr i64, i64 addrspace(1)* %out, i64 %o4
  %v4 = call i64 @pack(i32 %old, i32 %total)
  store i64 %v4, i64 addrspace(1)* %p4
  %o5 = add i64 %o, 5
  %p5 = getelementptr i64, i64 addrspace(1)* %out, i64 %o5
  %v5 = call i64 @pack(i32 %pop, i32 %clz)
  store i64 %v5, i64 addrspace(1)* %p5
  %o6 = add i64 %o, 6
  %p6 = getelementptr i64, i64 addrspace(1)* %out, i64 %o6
  %v6 = call i64 @pack(i32 %mn, i32 %mx)
  store i64 %v6, i64 addrspace(1)* %p6
  %o7 = add i64 %o, 7
  %p7 = getelementptr i64, i64 addrspace(1)* %out, i64 %o7
  %v7 = call i64 @pack(i32 %fb, i32 %g)
  store i64 %v7, i64 addrspace(1)* %p7
  ret void
}

define internal i64 @pack(i32 %lo, i32 %hi) alwaysinline {
  %l = zext i32 %lo to i64
  %h = zext i32 %hi to i64
  %hs = shl i64 %h, 32
  %r = or i64 %l, %hs
  ret i64 %r
}
