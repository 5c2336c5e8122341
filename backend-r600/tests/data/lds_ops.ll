; LDS atomics with and without returned values, byte/short reads and writes, cmpxchg.
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1"
target triple = "r600--"

define amdgpu_kernel void @k(i32 addrspace(1)* %out, i32 addrspace(3)* %lds, i8 addrspace(3)* %b, i16 addrspace(3)* %h, i32 %v) {
  %tid = call i32 @llvm.r600.read.tidig.x()
  %p = getelementptr i32, i32 addrspace(3)* %lds, i32 %tid
  %a0 = atomicrmw add i32 addrspace(3)* %p, i32 %v seq_cst
  %a1 = atomicrmw sub i32 addrspace(3)* %p, i32 %a0 seq_cst
  %a2 = atomicrmw min i32 addrspace(3)* %p, i32 %a1 seq_cst
  %a3 = atomicrmw max i32 addrspace(3)* %p, i32 %a2 seq_cst
  %a4 = atomicrmw umin i32 addrspace(3)* %p, i32 %a3 seq_cst
  %a5 = atomicrmw umax i32 addrspace(3)* %p, i32 %a4 seq_cst
  %a6 = atomicrmw and i32 addrspace(3)* %p, i32 %a5 seq_cst
  %a7 = atomicrmw or i32 addrspace(3)* %p, i32 %a6 seq_cst
  %a8 = atomicrmw xor i32 addrspace(3)* %p, i32 %a7 seq_cst
  %a9 = atomicrmw xchg i32 addrspace(3)* %p, i32 %a8 seq_cst
  %c = cmpxchg i32 addrspace(3)* %p, i32 %a9, i32 %v seq_cst seq_cst
  %c0 = extractvalue { i32, i1 } %c, 0
  atomicrmw add i32 addrspace(3)* %p, i32 %c0 seq_cst
  atomicrmw umax i32 addrspace(3)* %p, i32 %v seq_cst
  %pb = getelementptr i8, i8 addrspace(3)* %b, i32 %tid
  %bv = load i8, i8 addrspace(3)* %pb
  %bs = sext i8 %bv to i32
  %bz = zext i8 %bv to i32
  %ph = getelementptr i16, i16 addrspace(3)* %h, i32 %tid
  %hv = load i16, i16 addrspace(3)* %ph
  %hs = sext i16 %hv to i32
  %pb2 = getelementptr i8, i8 addrspace(3)* %pb, i32 1
  %bv2 = load i8, i8 addrspace(3)* %pb2
  %bz2 = zext i8 %bv2 to i32
  %ph2 = getelementptr i16, i16 addrspace(3)* %ph, i32 1
  %hv2 = load i16, i16 addrspace(3)* %ph2
  %hz2 = zext i16 %hv2 to i32
  %t = trunc i32 %c0 to i8
  store i8 %t, i8 addrspace(3)* %pb
  %t2 = trunc i32 %c0 to i16
  store i16 %t2, i16 addrspace(3)* %ph
  %s1 = add i32 %bs, %hs
  %s2 = add i32 %s1, %bz2
  %s3 = add i32 %s2, %hz2
  %s4 = add i32 %s3, %c0
  %o = getelementptr i32, i32 addrspace(1)* %out, i32 %tid
  store i32 %s4, i32 addrspace(1)* %o
  ret void
}

declare i32 @llvm.r600.read.tidig.x()
