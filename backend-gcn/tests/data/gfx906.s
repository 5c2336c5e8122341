; gfx906 instructions checked against llvm-mc 14 by tests/llvm_mc.rs.
; One instruction per line. Expected bytes and text always come from llvm-mc.

; ---- SOP2 (vega L24298-24660)
s_add_u32 s0, s1, s2
s_add_u32 s0, 0x12345678, s2
s_add_u32 s0, 0.5, -16
s_sub_u32 s5, s6, 64
s_add_i32 s101, s100, s99
s_sub_i32 vcc_lo, vcc_hi, m0
s_addc_u32 s0, s1, exec_lo
s_subb_u32 s0, s1, exec_hi
s_min_i32 s0, s1, -1
s_min_u32 ttmp0, ttmp1, ttmp15
s_max_i32 s0, flat_scratch_lo, flat_scratch_hi
s_max_u32 s0, xnack_mask_lo, xnack_mask_hi
s_cselect_b32 s0, s1, 1.0
s_cselect_b64 s[0:1], s[2:3], exec
s_and_b32 s0, s1, 0xff00ff00
s_and_b64 s[0:1], vcc, exec
s_or_b32 s0, s1, s2
s_or_b64 s[4:5], s[6:7], -1
s_xor_b32 s0, s1, s2
s_xor_b64 exec, exec, s[2:3]
s_andn2_b32 s0, s1, s2
s_andn2_b64 s[0:1], s[2:3], s[4:5]
s_orn2_b32 s0, s1, s2
s_orn2_b64 s[0:1], s[2:3], s[4:5]
s_nand_b32 s0, s1, s2
s_nand_b64 s[0:1], s[2:3], s[4:5]
s_nor_b32 s0, s1, s2
s_nor_b64 s[0:1], s[2:3], s[4:5]
s_xnor_b32 s0, s1, s2
s_xnor_b64 s[0:1], s[2:3], s[4:5]
s_lshl_b32 s0, s1, 4
s_lshl_b64 s[0:1], s[2:3], s4
s_lshr_b32 s0, s1, 31
s_lshr_b64 s[0:1], s[2:3], 63
s_ashr_i32 s0, s1, s2
s_ashr_i64 s[0:1], s[2:3], s4
s_bfm_b32 s0, s1, s2
s_bfm_b64 s[0:1], s2, s3
s_mul_i32 s0, s1, 0x10000
s_bfe_u32 s0, s1, 0x80008
s_bfe_i32 s0, s1, s2
s_bfe_u64 s[0:1], s[2:3], s4
s_bfe_i64 s[0:1], s[2:3], 0x100000
s_cbranch_g_fork s[0:1], s[2:3]
s_absdiff_i32 s0, s1, s2
s_rfe_restore_b64 s[0:1], s2
s_mul_hi_u32 s0, s1, s2
s_mul_hi_i32 s0, s1, s2
s_lshl1_add_u32 s0, s1, s2
s_lshl2_add_u32 s0, s1, s2
s_lshl3_add_u32 s0, s1, s2
s_lshl4_add_u32 s0, s1, s2
s_pack_ll_b32_b16 s0, s1, s2
s_pack_lh_b32_b16 s0, s1, s2
s_pack_hh_b32_b16 s0, s1, s2
s_add_u32 s0, src_shared_base, s1
s_add_u32 s0, src_private_limit, src_pops_exiting_wave_id

; ---- SOPK (vega L24661-24836)
s_movk_i32 s0, 0x1234
s_movk_i32 s0, -1
s_cmovk_i32 s3, 0x7fff
s_cmpk_eq_i32 s0, 5
s_cmpk_lg_i32 s0, 0x8000
s_cmpk_gt_i32 s0, 1
s_cmpk_ge_i32 s0, 1
s_cmpk_lt_i32 s0, 1
s_cmpk_le_i32 s0, 1
s_cmpk_eq_u32 s0, 1
s_cmpk_lg_u32 s0, 1
s_cmpk_gt_u32 s0, 1
s_cmpk_ge_u32 s0, 1
s_cmpk_lt_u32 s0, 1
s_cmpk_le_u32 s0, 0xffff
s_addk_i32 s0, 0x10
s_mulk_i32 s0, 3
s_cbranch_i_fork s[0:1], 4
s_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 32)
s_getreg_b32 s0, hwreg(HW_REG_HW_ID)
s_getreg_b32 s0, hwreg(HW_REG_GPR_ALLOC, 6, 4)
s_getreg_b32 s0, hwreg(HW_REG_SH_MEM_BASES)
s_setreg_b32 hwreg(3, 4, 5), s1
s_setreg_b32 hwreg(HW_REG_IB_STS), s1
s_setreg_imm32_b32 hwreg(1), 0x12
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), 0xf
s_call_b64 s[0:1], 4
s_call_b64 s[4:5], -100

; ---- SOP1 (vega L24837-25194)
s_mov_b32 s0, s1
s_mov_b32 s0, 0.15915494
s_mov_b32 s0, 0x3e22f983
s_mov_b32 s0, 64
s_mov_b32 s0, 65
s_mov_b32 s0, -17
s_mov_b32 s0, src_scc
s_mov_b32 s0, src_vccz
s_mov_b32 s0, src_execz
s_mov_b32 s0, src_shared_limit
s_mov_b32 s0, src_private_base
s_mov_b32 m0, flat_scratch_lo
s_mov_b32 ttmp0, xnack_mask_hi
s_mov_b32 s0, s101
s_mov_b32 s0, 1.0
s_mov_b32 s0, -4.0
s_mov_b32 m0, 0x3f800000
s_mov_b64 s[0:1], 0x12345678
s_mov_b64 s[0:1], -1
s_mov_b64 vcc, exec
s_mov_b64 s[2:3], flat_scratch
s_mov_b64 ttmp[2:3], xnack_mask
s_cmov_b32 s0, s1
s_cmov_b64 s[0:1], s[2:3]
s_not_b32 s0, s1
s_not_b64 s[0:1], s[2:3]
s_wqm_b32 s0, s1
s_wqm_b64 exec, exec
s_brev_b32 s0, s1
s_brev_b64 s[0:1], s[2:3]
s_bcnt0_i32_b32 s0, s1
s_bcnt0_i32_b64 s0, s[2:3]
s_bcnt1_i32_b32 s0, s1
s_bcnt1_i32_b64 s0, s[2:3]
s_ff0_i32_b32 s0, s1
s_ff0_i32_b64 s0, s[2:3]
s_ff1_i32_b32 s0, s1
s_ff1_i32_b64 s0, exec
s_flbit_i32_b32 s0, s1
s_flbit_i32_b64 s0, s[2:3]
s_flbit_i32 s0, s1
s_flbit_i32_i64 s0, s[2:3]
s_sext_i32_i8 s0, s1
s_sext_i32_i16 s0, s1
s_bitset0_b32 s0, s1
s_bitset0_b64 s[0:1], s2
s_bitset1_b32 s0, s1
s_bitset1_b64 s[0:1], s2
s_getpc_b64 s[0:1]
s_setpc_b64 s[0:1]
s_swappc_b64 s[0:1], s[2:3]
s_rfe_b64 s[0:1]
s_and_saveexec_b64 s[2:3], vcc
s_or_saveexec_b64 s[2:3], s[4:5]
s_xor_saveexec_b64 s[2:3], s[4:5]
s_andn2_saveexec_b64 s[4:5], s[2:3]
s_orn2_saveexec_b64 s[4:5], s[2:3]
s_nand_saveexec_b64 s[4:5], s[2:3]
s_nor_saveexec_b64 s[4:5], s[2:3]
s_xnor_saveexec_b64 s[4:5], s[2:3]
s_quadmask_b32 s0, s1
s_quadmask_b64 s[0:1], s[2:3]
s_movrels_b32 s5, s7
s_movrels_b64 s[4:5], s[6:7]
s_movreld_b32 s5, s7
s_movreld_b64 s[4:5], s[6:7]
s_cbranch_join s0
s_abs_i32 s0, s1
s_set_gpr_idx_idx s0
s_andn1_saveexec_b64 s[0:1], s[2:3]
s_orn1_saveexec_b64 s[0:1], s[2:3]
s_andn1_wrexec_b64 s[0:1], s[2:3]
s_andn2_wrexec_b64 s[0:1], s[2:3]
s_bitreplicate_b64_b32 s[2:3], s0

; ---- SOPC (vega L25195-25408)
s_cmp_eq_i32 s0, s1
s_cmp_lg_i32 s0, 0x1000
s_cmp_gt_i32 s0, -1
s_cmp_ge_i32 s0, s1
s_cmp_lt_i32 s0, s1
s_cmp_le_i32 s0, s1
s_cmp_eq_u32 s0, s1
s_cmp_lg_u32 s0, s1
s_cmp_gt_u32 s0, s1
s_cmp_ge_u32 s0, s1
s_cmp_lt_u32 s0, s1
s_cmp_le_u32 s0, s1
s_bitcmp0_b32 s0, 3
s_bitcmp1_b32 s0, s1
s_bitcmp0_b64 s[0:1], s2
s_bitcmp1_b64 s[0:1], 63
s_setvskip 1, 0
s_set_gpr_idx_on s0, gpr_idx(SRC0,DST)
s_set_gpr_idx_on s2, gpr_idx(SRC1,SRC2)
s_cmp_eq_u64 s[0:1], s[2:3]
s_cmp_lg_u64 s[0:1], 0

; ---- SOPP (vega L25409-25585)
s_nop 0
s_nop 3
s_endpgm
s_branch 4
s_branch -1
s_wakeup
s_cbranch_scc0 -3
s_cbranch_scc1 10
s_cbranch_vccz 2
s_cbranch_vccnz 2
s_cbranch_execz 0
s_cbranch_execnz -32768
s_barrier
s_setkill 1
s_waitcnt 0
s_waitcnt vmcnt(0)
s_waitcnt lgkmcnt(0)
s_waitcnt expcnt(0)
s_waitcnt vmcnt(1) expcnt(2) lgkmcnt(3)
s_waitcnt vmcnt(63)
s_waitcnt vmcnt(40) lgkmcnt(7)
s_sethalt 1
s_sleep 2
s_setprio 2
s_sendmsg sendmsg(MSG_INTERRUPT)
s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0)
s_sendmsg sendmsg(MSG_GS, GS_OP_CUT, 2)
s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)
s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD)
s_sendmsg sendmsg(MSG_SAVEWAVE)
s_sendmsghalt sendmsg(MSG_ORDERED_PS_DONE)
s_sendmsg sendmsg(MSG_GS_ALLOC_REQ)
s_trap 2
s_icache_inv
s_incperflevel 5
s_decperflevel 5
s_ttracedata
s_cbranch_cdbgsys 3
s_cbranch_cdbguser 3
s_cbranch_cdbgsys_or_user 3
s_cbranch_cdbgsys_and_user 3
s_endpgm_saved
s_set_gpr_idx_off
s_set_gpr_idx_mode gpr_idx(SRC1)
s_set_gpr_idx_mode gpr_idx(SRC0,SRC1,SRC2,DST)
s_endpgm_ordered_ps_done

; ---- SMEM (vega L25586-26033)
s_load_dword s0, s[2:3], 0x10
s_load_dword s0, s[2:3], s4
s_load_dword s0, s[2:3], -0x10
s_load_dword s5, s[2:3], 0xfffff
s_load_dwordx2 s[0:1], s[2:3], 0x0
s_load_dwordx4 s[4:7], s[0:1], 0x10 glc
s_load_dwordx8 s[8:15], s[0:1], m0
s_load_dwordx16 s[16:31], s[0:1], 0x40
s_scratch_load_dword s0, s[2:3], 0x4
s_scratch_load_dwordx4 s[4:7], s[2:3], 0x4
s_buffer_load_dword s0, s[4:7], m0
s_buffer_load_dwordx2 s[0:1], s[4:7], 0x8
s_buffer_load_dwordx16 s[16:31], s[4:7], s0
s_store_dword s0, s[2:3], 0x10
s_store_dwordx2 s[0:1], s[2:3], 0x10 glc
s_store_dwordx4 s[0:3], s[4:5], m0
s_scratch_store_dword s0, s[2:3], 0x10
s_buffer_store_dword s0, s[4:7], 0x10
s_buffer_store_dwordx4 s[0:3], s[4:7], 0x10
s_dcache_inv
s_dcache_wb
s_dcache_inv_vol
s_dcache_wb_vol
s_memtime s[0:1]
s_memrealtime s[2:3]
s_atc_probe 7, s[0:1], 0x10
s_atc_probe_buffer 1, s[4:7], 0x0
s_dcache_discard s[2:3], 0x100
s_dcache_discard_x2 s[2:3], s4
s_buffer_atomic_add s0, s[4:7], 0x4
s_buffer_atomic_cmpswap s[0:1], s[4:7], 0x4 glc
s_buffer_atomic_add_x2 s[0:1], s[4:7], m0
s_atomic_add s0, s[2:3], 0x10 glc
s_atomic_swap s0, s[2:3], 0x10
s_atomic_cmpswap_x2 s[0:3], s[2:3], 0x10 glc
s_atomic_dec_x2 s[0:1], s[2:3], s4

; ---- VOP2 (vega L26034-26411) and their VOP3 forms
v_cndmask_b32 v0, v1, v2, vcc
v_cndmask_b32_e64 v0, v1, v2, s[2:3]
v_cndmask_b32_e64 v0, 0, -1, vcc
v_add_f32 v0, v1, v2
v_add_f32 v0, 0x3f800001, v2
v_add_f32 v0, s1, v2
v_add_f32 v0, vcc_lo, v1
v_add_f32 v0, 1.0, v1
v_add_f32 v0, 0x40800000, v1
v_add_f32_e64 v0, v1, v2
v_add_f32_e64 v0, -v1, |v2| clamp mul:2
v_add_f32_e64 v0, s1, 0.5 div:2
v_add_f32_e64 v0, 1.0, -2.0
v_add_f32_e64 v0, -|v1|, v2 mul:4
v_add_f32 v0, v1, v2 clamp
v_sub_f32 v0, v1, v2
v_subrev_f32 v0, v1, v2
v_mul_legacy_f32 v0, v1, v2
v_mul_f32 v0, -1.0, v2
v_mul_i32_i24 v0, v1, v2
v_mul_hi_i32_i24 v0, v1, v2
v_mul_u32_u24 v0, v1, v2
v_mul_hi_u32_u24 v0, s1, v2
v_min_f32 v0, v1, v2
v_max_f32 v0, v1, v2
v_min_i32 v0, v1, v2
v_max_i32 v0, v1, v2
v_min_u32 v0, v1, v2
v_max_u32 v0, v1, v2
v_lshrrev_b32 v0, 16, v2
v_ashrrev_i32 v0, 31, v2
v_lshlrev_b32 v0, 2, v2
v_and_b32 v0, 0xff, v2
v_or_b32 v0, v1, v2
v_xor_b32 v0, v1, v2
v_mac_f32 v0, v1, v2
v_mac_f32_e64 v0, v1, v2
v_madmk_f32 v0, v1, 0x41000000, v2
v_madak_f32 v0, v1, v2, 0x41000000
v_add_co_u32 v0, vcc, v1, v2
v_add_co_u32_e64 v0, s[0:1], v1, v2
v_sub_co_u32 v0, vcc, s1, v2
v_subrev_co_u32_e64 v0, s[4:5], v1, 1
v_addc_co_u32 v0, vcc, v1, v2, vcc
v_addc_co_u32_e64 v0, s[0:1], v1, v2, s[2:3]
v_subb_co_u32 v0, vcc, v1, v2, vcc
v_subbrev_co_u32_e64 v0, s[0:1], v1, 0, s[2:3]
v_add_f16 v0, v1, v2
v_add_f16 v0, 0.5, v2
v_add_f16 v0, 0x3c01, v2
v_add_f16_e64 v0, -v1, v2 clamp
v_sub_f16 v0, v1, v2
v_subrev_f16 v0, v1, v2
v_mul_f16 v0, v1, v2
v_mac_f16 v0, v1, v2
v_madmk_f16 v0, v1, 0x4800, v2
v_madak_f16 v0, v1, v2, 0x4800
v_add_u16 v0, v1, v2
v_sub_u16 v0, v1, v2
v_subrev_u16 v0, v1, v2
v_mul_lo_u16 v0, v1, v2
v_lshlrev_b16 v0, v1, v2
v_lshrrev_b16 v0, v1, v2
v_ashrrev_i16 v0, v1, v2
v_max_f16 v0, v1, v2
v_min_f16 v0, v1, v2
v_max_u16 v0, v1, v2
v_max_i16 v0, v1, v2
v_min_u16 v0, v1, v2
v_min_i16 v0, v1, v2
v_ldexp_f16 v0, v1, v2
v_add_u32 v0, v1, v2
v_add_u32_e64 v0, v1, v2 clamp
v_sub_u32 v0, v1, v2
v_subrev_u32 v0, v1, v2
v_fmac_f32 v0, v1, v2
v_xnor_b32 v0, v1, v2
v_add_f32 v255, v254, v253

; ---- VOP1 (vega L26412-26875) and their VOP3 forms
v_nop
v_nop_e64
v_mov_b32 v0, v1
v_mov_b32 v0, 1.0
v_mov_b32 v0, 0.15915494
v_mov_b32 v0, src_lds_direct
v_mov_b32 v0, m0
v_mov_b32 v0, exec_lo
v_mov_b32 v0, 0x12345678
v_mov_b32 v255, v254
v_mov_b32_e64 v0, v1
v_mov_b32_e64 v0, s1
v_readfirstlane_b32 s0, v1
v_cvt_i32_f64 v0, v[2:3]
v_cvt_f64_i32 v[0:1], v2
v_cvt_f32_i32 v0, v1
v_cvt_f32_i32_e64 v0, v1 clamp
v_cvt_f32_u32 v0, v1
v_cvt_u32_f32 v0, v1
v_cvt_i32_f32 v0, v1
v_cvt_f16_f32 v0, v1
v_cvt_f32_f16 v0, v1
v_cvt_rpi_i32_f32 v0, v1
v_cvt_flr_i32_f32 v0, v1
v_cvt_off_f32_i4 v0, v1
v_cvt_f32_f64 v0, v[2:3]
v_cvt_f32_f64 v0, 0x40000000
v_cvt_f64_f32 v[0:1], v2
v_cvt_f64_f32 v[0:1], 0x40000000
v_cvt_f32_ubyte0 v0, v1
v_cvt_f32_ubyte1 v0, v1
v_cvt_f32_ubyte2 v0, v1
v_cvt_f32_ubyte3 v0, v1
v_cvt_u32_f64 v0, v[2:3]
v_cvt_f64_u32 v[0:1], v2
v_trunc_f64 v[0:1], v[2:3]
v_ceil_f64 v[0:1], v[2:3]
v_rndne_f64 v[0:1], v[2:3]
v_floor_f64 v[0:1], s[2:3]
v_fract_f32 v0, v1
v_trunc_f32 v0, v1
v_ceil_f32 v0, v1
v_rndne_f32 v0, v1
v_floor_f32 v0, v1
v_exp_f32 v0, v1
v_exp_f32_e64 v0, v1 mul:4
v_log_f32 v0, v1
v_rcp_f32 v0, v1
v_rcp_iflag_f32 v0, v1
v_rsq_f32 v0, v1
v_rcp_f64 v[0:1], v[2:3]
v_rsq_f64 v[0:1], v[2:3]
v_sqrt_f32 v0, v1
v_sqrt_f64 v[0:1], v[2:3]
v_sin_f32 v0, v1
v_cos_f32 v0, v1
v_not_b32 v0, v1
v_bfrev_b32 v0, v1
v_ffbh_u32 v0, v1
v_ffbl_b32 v0, v1
v_ffbh_i32 v0, v1
v_frexp_exp_i32_f64 v0, v[1:2]
v_frexp_mant_f64 v[0:1], v[2:3]
v_fract_f64 v[0:1], v[2:3]
v_frexp_exp_i32_f32 v0, v1
v_frexp_mant_f32 v0, v1
v_clrexcp
v_screen_partition_4se_b32 v0, v1
v_cvt_f16_u16 v0, v1
v_cvt_f16_i16 v0, v1
v_cvt_u16_f16 v0, v1
v_cvt_i16_f16 v0, v1
v_rcp_f16 v0, v1
v_sqrt_f16 v0, v1
v_rsq_f16 v0, v1
v_log_f16 v0, v1
v_exp_f16 v0, v1
v_frexp_mant_f16 v0, v1
v_frexp_exp_i16_f16 v0, v1
v_floor_f16 v0, v1
v_ceil_f16 v0, v1
v_trunc_f16 v0, v1
v_rndne_f16 v0, v1
v_fract_f16 v0, v1
v_sin_f16 v0, v1
v_cos_f16 v0, v1
v_exp_legacy_f32 v0, v1
v_log_legacy_f32 v0, v1
v_cvt_norm_i16_f16 v0, v1
v_cvt_norm_u16_f16 v0, v1
v_sat_pk_u8_i16 v0, v1
v_swap_b32 v0, v1

; ---- VOPC (vega L26876-28035) and their VOP3 forms
v_cmp_lt_f32 vcc, v0, v1
v_cmp_lt_f32_e64 s[0:1], v0, v1
v_cmp_lt_f32_e64 s[0:1], -v0, |v1| clamp
v_cmp_f_f32 vcc, v0, v1
v_cmp_eq_f32 vcc, 1.0, v1
v_cmp_le_f32 vcc, s0, v1
v_cmp_gt_f32 vcc, v0, v1
v_cmp_lg_f32 vcc, v0, v1
v_cmp_ge_f32 vcc, v0, v1
v_cmp_o_f32 vcc, v0, v1
v_cmp_u_f32 vcc, v0, v1
v_cmp_nge_f32 vcc, v0, v1
v_cmp_nlg_f32 vcc, v0, v1
v_cmp_ngt_f32 vcc, v0, v1
v_cmp_nle_f32 vcc, v0, v1
v_cmp_neq_f32 vcc, v0, v1
v_cmp_nlt_f32 vcc, v0, v1
v_cmp_tru_f32 vcc, v0, v1
v_cmpx_lt_f32 vcc, v0, v1
v_cmpx_lt_f32_e64 s[0:1], v0, v1
v_cmpx_eq_f32_e64 exec, v0, v1
v_cmp_class_f32 vcc, v0, v1
v_cmpx_class_f32 vcc, v0, v1
v_cmp_class_f64 vcc, v[0:1], v2
v_cmp_class_f16 vcc, v0, v1
v_cmp_eq_f16 vcc, v0, v1
v_cmpx_gt_f16 vcc, v0, v1
v_cmp_lt_f64 vcc, v[0:1], v[2:3]
v_cmp_lt_f64_e64 s[4:5], v[0:1], s[2:3]
v_cmpx_neq_f64 vcc, v[0:1], v[2:3]
v_cmp_eq_i16 vcc, v0, v1
v_cmp_ne_u16 vcc, v0, v1
v_cmpx_lt_i16 vcc, v0, v1
v_cmp_eq_i32 vcc, v0, v1
v_cmp_lt_i32 vcc, -1, v1
v_cmp_gt_i32_e64 s[0:1], v0, 0
v_cmp_ne_u32 vcc, v0, v1
v_cmp_ne_u32_e64 s[6:7], s2, v1
v_cmp_t_u32 vcc, v0, v1
v_cmpx_ne_u32 vcc, 0, v1
v_cmpx_ne_u32_e64 s[0:1], 0, v1
v_cmp_eq_u64 vcc, v[0:1], v[2:3]
v_cmp_eq_u64_e64 s[0:1], v[0:1], s[2:3]
v_cmp_lt_i64 vcc, v[0:1], v[2:3]
v_cmpx_ge_u64 vcc, v[0:1], v[2:3]

; ---- VOP3A / VOP3B (vega L28036-28865)
v_mad_legacy_f32 v0, v1, v2, v3
v_mad_f32 v0, v1, v2, v3
v_mad_f32 v0, -v1, s2, 1.0 clamp
v_mad_i32_i24 v0, v1, v2, v3
v_mad_u32_u24 v0, v1, v2, v3
v_cubeid_f32 v0, v1, v2, v3
v_cubesc_f32 v0, v1, v2, v3
v_cubetc_f32 v0, v1, v2, v3
v_cubema_f32 v0, v1, v2, v3
v_bfe_u32 v0, v1, 8, 8
v_bfe_i32 v0, v1, v2, v3
v_bfi_b32 v0, v1, v2, v3
v_fma_f32 v0, -v1, v2, |v3| clamp
v_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]
v_fma_f64 v[0:1], -v[2:3], v[4:5], 1.0
v_lerp_u8 v0, v1, v2, v3
v_alignbit_b32 v0, v1, v2, 3
v_alignbyte_b32 v0, v1, v2, v3
v_min3_f32 v0, v1, v2, v3
v_min3_i32 v0, v1, v2, v3
v_min3_u32 v0, v1, v2, v3
v_max3_f32 v0, v1, v2, v3
v_max3_i32 v0, v1, v2, v3
v_max3_u32 v0, v1, v2, v3
v_med3_f32 v0, v1, v2, v3
v_med3_i32 v0, v1, v2, v3
v_med3_u32 v0, v1, v2, v3
v_sad_u8 v0, v1, v2, v3
v_sad_hi_u8 v0, v1, v2, v3
v_sad_u16 v0, v1, v2, v3
v_sad_u32 v0, v1, v2, v3
v_cvt_pk_u8_f32 v0, v1, 2, v3
v_div_fixup_f32 v0, v1, v2, v3
v_div_fixup_f64 v[0:1], v[2:3], v[4:5], v[6:7]
v_div_scale_f32 v0, vcc, v1, v2, v3
v_div_scale_f64 v[0:1], s[2:3], v[2:3], v[4:5], v[6:7]
v_div_fmas_f32 v0, v1, v2, v3
v_div_fmas_f64 v[0:1], v[2:3], v[4:5], v[6:7]
v_msad_u8 v0, v1, v2, v3
v_qsad_pk_u16_u8 v[0:1], v[2:3], v4, v[6:7]
v_mqsad_pk_u16_u8 v[0:1], v[2:3], v4, v[6:7]
v_mqsad_u32_u8 v[0:3], v[4:5], v6, v[8:11]
v_mad_u64_u32 v[0:1], s[2:3], v2, v3, v[4:5]
v_mad_i64_i32 v[0:1], vcc, v2, v3, 0
v_mad_legacy_f16 v0, v1, v2, v3
v_mad_legacy_u16 v0, v1, v2, v3
v_mad_legacy_i16 v0, v1, v2, v3
v_perm_b32 v0, v1, v2, v3
v_fma_legacy_f16 v0, v1, v2, v3
v_div_fixup_legacy_f16 v0, v1, v2, v3
v_cvt_pkaccum_u8_f32 v0, v1, v2
v_mad_u32_u16 v0, v1, v2, v3
v_mad_i32_i16 v0, v1, v2, v3 op_sel:[1,0,0,0]
v_xad_u32 v0, v1, v2, v3
v_min3_f16 v0, v1, v2, v3
v_min3_i16 v0, v1, v2, v3
v_min3_u16 v0, v1, v2, v3
v_max3_f16 v0, v1, v2, v3
v_max3_i16 v0, v1, v2, v3
v_max3_u16 v0, v1, v2, v3
v_med3_f16 v0, v1, v2, v3
v_med3_i16 v0, v1, v2, v3
v_med3_u16 v0, v1, v2, v3
v_lshl_add_u32 v0, v1, 2, v3
v_add_lshl_u32 v0, v1, v2, v3
v_add3_u32 v0, v1, v2, v3
v_lshl_or_b32 v0, v1, v2, v3
v_and_or_b32 v0, v1, v2, v3
v_or3_b32 v0, v1, v2, v3
v_mad_f16 v0, v1, v2, v3
v_mad_f16 v0, v1, v2, v3 op_sel:[0,0,0,1]
v_mad_u16 v0, v1, v2, v3
v_mad_i16 v0, v1, v2, v3
v_fma_f16 v0, v1, v2, v3 op_sel:[1,1,0,0]
v_div_fixup_f16 v0, v1, v2, v3
v_add_f64 v[0:1], v[2:3], v[4:5]
v_add_f64 v[0:1], -v[2:3], |v[4:5]|
v_mul_f64 v[0:1], v[2:3], 0.5
v_min_f64 v[0:1], v[2:3], v[4:5]
v_max_f64 v[0:1], v[2:3], s[4:5]
v_ldexp_f64 v[0:1], v[2:3], v4
v_mul_lo_u32 v0, v1, v2
v_mul_hi_u32 v0, v1, v2
v_mul_hi_i32 v0, v1, v2
v_ldexp_f32 v0, v1, v2
v_readlane_b32 s0, v1, s2
v_readlane_b32 s0, v1, 5
v_writelane_b32 v0, s1, 2
v_bcnt_u32_b32 v0, v1, 0
v_mbcnt_lo_u32_b32 v0, -1, 0
v_mbcnt_hi_u32_b32 v0, -1, v0
v_lshlrev_b64 v[0:1], 2, v[2:3]
v_lshrrev_b64 v[0:1], v2, v[2:3]
v_ashrrev_i64 v[0:1], 63, v[2:3]
v_trig_preop_f64 v[0:1], v[2:3], v4
v_bfm_b32 v0, v1, v2
v_cvt_pknorm_i16_f32 v0, v1, v2
v_cvt_pknorm_u16_f32 v0, v1, v2
v_cvt_pkrtz_f16_f32 v0, v1, v2
v_cvt_pk_u16_u32 v0, v1, v2
v_cvt_pk_i16_i32 v0, v1, v2
v_cvt_pknorm_i16_f16 v0, v1, v2
v_cvt_pknorm_u16_f16 v0, v1, v2
v_add_i32 v0, v1, v2 clamp
v_sub_i32 v0, v1, v2
v_add_i16 v0, v1, v2
v_sub_i16 v0, v1, v2
v_pack_b32_f16 v0, v1, v2
v_pack_b32_f16 v0, v1, v2 op_sel:[1,0,0]

; ---- VOP3P (vega L28866-29172)
v_pk_mad_i16 v0, v1, v2, v3
v_pk_mul_lo_u16 v0, v1, v2
v_pk_add_i16 v0, v1, v2
v_pk_sub_i16 v0, v1, v2
v_pk_lshlrev_b16 v0, v1, v2
v_pk_lshrrev_b16 v0, v1, v2
v_pk_ashrrev_i16 v0, v1, v2
v_pk_max_i16 v0, v1, v2
v_pk_min_i16 v0, v1, v2
v_pk_mad_u16 v0, v1, v2, v3
v_pk_add_u16 v0, v1, v2 clamp
v_pk_sub_u16 v0, v1, v2
v_pk_max_u16 v0, v1, v2
v_pk_min_u16 v0, v1, v2
v_pk_fma_f16 v0, v1, v2, v3
v_pk_fma_f16 v0, v1, v2, v3 neg_lo:[1,0,0] neg_hi:[0,1,0] clamp
v_pk_add_f16 v0, v1, v2
v_pk_add_f16 v0, v1, v2 op_sel:[1,0] op_sel_hi:[0,1]
v_pk_mul_f16 v0, v1, s2
v_pk_min_f16 v0, v1, v2
v_pk_max_f16 v0, v1, v2 neg_lo:[0,1]
v_fma_mix_f32 v0, v1, v2, v3
v_fma_mix_f32 v0, -v1, |v2|, v3 op_sel_hi:[1,1,0]
v_fma_mixlo_f16 v0, v1, v2, v3 op_sel:[1,0,0]
v_fma_mixhi_f16 v0, v1, v2, v3 clamp
v_dot2_f32_f16 v0, v1, v2, v3
v_dot2_i32_i16 v0, v1, v2, v3
v_dot2_u32_u16 v0, v1, v2, v3
v_dot4_i32_i8 v0, v1, v2, v3
v_dot4_u32_u8 v0, v1, v2, v3
v_dot8_i32_i4 v0, v1, v2, v3
v_dot8_u32_u4 v0, v1, v2, v3 clamp

; ---- VINTRP (vega L29656-29729)
v_interp_p1_f32 v0, v1, attr0.x
v_interp_p2_f32 v5, v6, attr31.w
v_interp_mov_f32 v0, p10, attr1.y
v_interp_mov_f32 v0, p0, attr63.z

; ---- DS (vega L29733-30476)
ds_add_u32 v0, v1
ds_sub_u32 v0, v1 offset:4
ds_min_i32 v0, v1
ds_max_u32 v0, v1 gds
ds_and_b32 v0, v1
ds_mskor_b32 v0, v1, v2
ds_write_b32 v0, v1
ds_write_b32 v0, v1 offset:16
ds_write_b32 v0, v1 offset:16 gds
ds_write2_b32 v0, v1, v2 offset0:4 offset1:8
ds_write2st64_b32 v0, v1, v2 offset1:255
ds_cmpst_b32 v1, v2, v3 offset:4
ds_min_f32 v0, v1
ds_nop
ds_add_f32 v0, v1
ds_write_addtid_b32 v0
ds_write_b8 v0, v1
ds_write_b16 v0, v1 offset:65535
ds_add_rtn_u32 v0, v1, v2
ds_xor_rtn_b32 v0, v1, v2 offset:8
ds_mskor_rtn_b32 v0, v1, v2, v3
ds_wrxchg_rtn_b32 v0, v1, v2
ds_wrxchg2_rtn_b32 v[0:1], v2, v3, v4 offset0:1
ds_cmpst_rtn_b32 v0, v1, v2, v3
ds_wrap_rtn_b32 v0, v1, v2, v3
ds_read_b32 v0, v1
ds_read_b32 v0, v1 offset:65535
ds_read2_b32 v[0:1], v2 offset0:1 offset1:2
ds_read2st64_b32 v[0:1], v2 offset1:1
ds_read_i8 v0, v1
ds_read_u8 v0, v1
ds_read_i16 v0, v1
ds_read_u16 v0, v1
ds_swizzle_b32 v0, v1 offset:swizzle(SWAP,16)
ds_swizzle_b32 v0, v1 offset:0xffff
ds_swizzle_b32 v0, v1 offset:swizzle(REVERSE,8)
ds_swizzle_b32 v0, v1 offset:swizzle(BROADCAST,4,1)
ds_swizzle_b32 v0, v1 offset:swizzle(QUAD_PERM,0,1,2,3)
ds_swizzle_b32 v0, v1 offset:swizzle(BITMASK_PERM,"01pip")
ds_permute_b32 v0, v1, v2
ds_bpermute_b32 v0, v1, v2 offset:4
ds_add_u64 v0, v[1:2]
ds_max_f64 v0, v[1:2]
ds_mskor_b64 v0, v[1:2], v[3:4]
ds_write_b64 v0, v[1:2] offset:8
ds_write2_b64 v0, v[1:2], v[3:4] offset1:8
ds_cmpst_f64 v0, v[1:2], v[3:4]
ds_write_b8_d16_hi v0, v1
ds_write_b16_d16_hi v0, v1
ds_read_u8_d16 v0, v1
ds_read_u8_d16_hi v0, v1
ds_read_i8_d16 v0, v1
ds_read_u16_d16_hi v0, v1
ds_add_rtn_u64 v[0:1], v2, v[3:4]
ds_min_rtn_f64 v[0:1], v2, v[3:4]
ds_cmpst_rtn_b64 v[0:1], v2, v[3:4], v[5:6]
ds_wrxchg2st64_rtn_b64 v[0:3], v4, v[5:6], v[7:8] offset0:1 offset1:2
ds_read_b64 v[0:1], v2
ds_read2_b64 v[0:3], v2 offset1:2
ds_condxchg32_rtn_b64 v[0:1], v2, v[3:4]
ds_add_src2_u32 v0 offset:4
ds_max_src2_f32 v0
ds_add_src2_u64 v0 offset:65535
ds_gws_init v1 offset:8 gds
ds_gws_sema_v gds
ds_gws_sema_v offset:4 gds
ds_gws_sema_br v1 gds
ds_gws_sema_p gds
ds_gws_barrier v1 offset:4 gds
ds_gws_sema_release_all gds
ds_read_addtid_b32 v0 offset:4
ds_consume v0 offset:4
ds_append v0
ds_ordered_count v0, v1 offset:4 gds
ds_write_b96 v0, v[1:3]
ds_write_b128 v0, v[4:7]
ds_read_b96 v[0:2], v4
ds_read_b128 v[0:3], v4

; ---- MUBUF (vega L30692-31103)
buffer_load_dword v1, off, s[4:7], s1
buffer_load_dword v1, off, s[4:7], 0 offset:4095 glc slc
buffer_load_dword v1, v2, s[4:7], s1 offen offset:4
buffer_load_dword v1, v2, s[4:7], s1 idxen
buffer_load_dword v1, v[2:3], s[4:7], s1 idxen offen
buffer_load_dword v1, off, s[4:7], s1 lds
buffer_load_dwordx2 v[1:2], off, s[4:7], m0
buffer_load_dwordx3 v[1:3], off, s[4:7], s1
buffer_load_dwordx4 v[1:4], off, s[4:7], s1
buffer_load_ubyte v1, off, s[4:7], s1
buffer_load_sbyte v1, off, s[4:7], s1
buffer_load_ushort v1, off, s[4:7], s1
buffer_load_sshort v1, off, s[4:7], s1
buffer_load_format_x v1, off, s[4:7], s1
buffer_load_format_xy v[1:2], off, s[4:7], s1
buffer_load_format_xyz v[1:3], off, s[4:7], s1
buffer_load_format_xyzw v[1:4], v2, s[4:7], s1 idxen
buffer_load_format_d16_x v1, off, s[4:7], s1
buffer_load_format_d16_xyzw v[1:2], off, s[4:7], s1
buffer_load_format_d16_hi_x v1, off, s[4:7], s1
buffer_load_ubyte_d16 v1, off, s[4:7], s1
buffer_load_short_d16_hi v1, off, s[4:7], s1
buffer_store_dword v1, off, s[4:7], m0
buffer_store_dwordx2 v[1:2], v3, s[8:11], -1 offen
buffer_store_dwordx4 v[1:4], v3, s[8:11], s0 offen offset:16 glc
buffer_store_byte v1, off, s[4:7], 0.5
buffer_store_byte_d16_hi v1, off, s[4:7], s1
buffer_store_short v1, off, s[4:7], s1
buffer_store_format_xyzw v[1:4], v5, s[4:7], s1 idxen
buffer_store_format_d16_hi_x v1, off, s[4:7], s1
buffer_store_lds_dword s[4:7], s1 offset:4 lds
buffer_wbinvl1
buffer_wbinvl1_vol
buffer_atomic_add v1, v2, s[4:7], s1 offen glc
buffer_atomic_add v1, v2, s[4:7], s1 offen
buffer_atomic_cmpswap v[1:2], v2, s[4:7], s1 offen glc
buffer_atomic_swap_x2 v[1:2], off, s[4:7], s1
buffer_atomic_cmpswap_x2 v[1:4], off, s[4:7], s1 glc slc
buffer_atomic_umax v1, off, s[4:7], s1 offset:8

; ---- MTBUF (vega L30477-30691)
tbuffer_load_format_x v1, off, s[4:7], s1
tbuffer_load_format_x v1, off, s[4:7], dfmt:4, nfmt:7, s1
tbuffer_load_format_xy v[1:2], off, s[4:7], s1 format:[BUF_DATA_FORMAT_32_32]
tbuffer_load_format_xyzw v[1:4], v2, s[4:7], s1 format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_UNORM] idxen
tbuffer_store_format_xyzw v[1:4], v2, s[4:7], s1 format:[BUF_DATA_FORMAT_32_32_32_32,BUF_NUM_FORMAT_UINT] idxen offset:16 glc
tbuffer_store_format_x v1, off, s[4:7], s1 format:[BUF_NUM_FORMAT_FLOAT] slc
tbuffer_load_format_d16_x v1, off, s[4:7], s1 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_FLOAT]

; ---- FLAT / GLOBAL / SCRATCH (vega L31635-32280)
flat_load_dword v1, v[2:3]
flat_load_dword v1, v[2:3] offset:4095 glc slc
flat_load_ubyte v1, v[2:3]
flat_load_sshort v1, v[2:3]
flat_load_dwordx2 v[1:2], v[2:3]
flat_load_dwordx3 v[1:3], v[2:3]
flat_load_dwordx4 v[1:4], v[2:3]
flat_load_short_d16_hi v1, v[2:3]
flat_store_dword v[2:3], v1
flat_store_byte v[2:3], v1 offset:1
flat_store_dwordx4 v[2:3], v[4:7]
flat_atomic_add v1, v[2:3], v4 glc
flat_atomic_add v[2:3], v4
flat_atomic_cmpswap v1, v[2:3], v[4:5] glc
flat_atomic_cmpswap_x2 v[1:2], v[2:3], v[4:7] glc
flat_atomic_umin_x2 v[2:3], v[4:5] slc
global_load_dword v1, v[2:3], off
global_load_dword v1, v2, s[4:5] offset:-4096
global_load_dwordx4 v[0:3], v[2:3], off offset:16
global_load_sbyte_d16 v1, v[2:3], off
global_store_dword v[2:3], v1, off offset:4095
global_store_dword v2, v1, s[4:5]
global_store_short_d16_hi v[2:3], v1, off glc
global_atomic_add v1, v[2:3], v4, off glc
global_atomic_add v2, v4, s[4:5]
global_atomic_cmpswap_x2 v[0:1], v2, v[4:7], s[8:9] offset:-8 glc
scratch_load_dword v1, v2, off
scratch_load_dword v1, off, s4 offset:8
scratch_load_dwordx2 v[1:2], v2, off offset:-16
scratch_store_dword v2, v1, off
scratch_store_dword off, v1, s4
scratch_store_dwordx4 off, v[0:3], s5 offset:4095 slc

; ---- MIMG (vega L31104-31649)
image_load v[0:3], v[4:7], s[8:15] dmask:0xf unorm
image_load v0, v4, s[8:15] dmask:0x1
image_load v0, v4, s[8:15] dmask:0x1 a16
image_load v[0:1], v4, s[8:15] dmask:0x5 glc
image_load_mip v[0:3], v[4:7], s[8:15] dmask:0xf
image_store v[0:3], v[4:5], s[8:15] dmask:0xf unorm glc
image_store v0, v4, s[8:15] dmask:0x8 slc
image_get_resinfo v[0:3], v4, s[8:15] dmask:0xf
image_atomic_add v0, v[4:5], s[8:15] dmask:0x1 glc
image_atomic_cmpswap v[0:1], v[4:5], s[8:15] dmask:0x3 glc
image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf
image_sample v0, v[4:5], s[8:15], s[16:19] dmask:0x1 da
image_sample_lz v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x3
image_sample_l v[0:2], v[4:6], s[8:15], s[16:19] dmask:0x7
image_sample_c v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4 v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1
; the forms the IL texture lowering emits (isel/image.rs)
image_load v[6:9], v[4:5], s[24:31] dmask:0xf unorm
image_load v[0:1], v[4:6], s[8:15] dmask:0x5 unorm da
image_load v2, v4, s[8:15] dmask:0x2 unorm
image_get_resinfo v[2:5], v1, s[16:23] dmask:0xf unorm
image_get_resinfo v[2:5], v1, s[16:23] dmask:0xf unorm da
image_sample_lz v[8:11], v[4:6], s[24:31], s[32:35] dmask:0xf unorm da
image_sample_lz v0, v[4:5], s[8:15], s[16:19] dmask:0x2
image_sample_lz v[0:2], v4, s[8:15], s[16:19] dmask:0xb unorm
image_gather4_lz v[6:9], v[4:5], s[16:23], s[24:27] dmask:0x2 unorm
image_gather4_lz v[0:3], v[4:6], s[8:15], s[16:19] dmask:0x1 da
image_get_lod v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x3

; ---- EXP (vega L32281-32373)
exp mrt0 v0, v1, v2, v3
exp mrt0 v0, v1, v2, v3 done vm
exp mrt7 v0, off, off, off
exp pos0 v0, off, off, off done
exp param5 v0, v1, off, off
exp param31 off, off, off, v3
exp mrtz v0, v0, off, off compr
exp mrt1 v1, v1, v2, v2 done compr
exp null off, off, off, off
exp null off, off, off, off done vm    ; a pixel wave with no colour, or every pixel killed
exp mrt0 v2, v0, v2, v0               ; an MRT export before the last one
exp mrt3 v4, off, v5, off done vm     ; the last export: only the written components
exp mrt7 v0, v1, v3, v255 done vm
image_sample_d v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_sample_c_d_cl_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf
image_sample_b_cl v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_sample_c_lz_o v0, v[4:6], s[8:15], s[16:19] dmask:0x1
image_gather4_c_b v[0:3], v[4:7], s[8:15], s[16:19] dmask:0x2
image_sample_cd v[0:3], v[4:7], s[8:15], s[16:19] dmask:0xf
image_store_mip v[0:3], v[4:7], s[8:15] dmask:0xf
image_load_mip_pck v0, v[4:7], s[8:15] dmask:0x1
image_load v[0:4], v4, s[8:15] dmask:0xf tfe
image_load v[0:1], v4, s[8:15] dmask:0x7 d16
v_madmk_f32 v0, v1, 1.0, v2
v_madak_f16 v0, v1, v2, 0x3c00
v_add_f32_e64 v0, neg(0.5), v1
v_add_f32_e64 v0, -|2.0|, v1
v_fma_f32 v0, neg(1), neg(-2), |v3|
ds_swizzle_b32 v0, v1 offset:swizzle(BITMASK_PERM,"01100")
ds_swizzle_b32 v0, v1 offset:swizzle(BITMASK_PERM,"pppi1")
ds_swizzle_b32 v0, v1 offset:swizzle(BROADCAST,2,1)
ds_swizzle_b32 v0, v1 offset:0x7fff
ds_swizzle_b32 v0, v1 offset:0x1234

; ---- SDWA / DPP (vega L29173-29654)
v_add_f32_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_add_f32_sdwa v0, -v1, |v2| clamp dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_0 src1_sel:WORD_0
v_add_f32_sdwa v0, v1, v2 mul:2 dst_sel:BYTE_1 dst_unused:UNUSED_SEXT src0_sel:BYTE_2 src1_sel:BYTE_3
v_add_u32_sdwa v0, 4, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_add_u32_sdwa v0, sext(v1), s2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD
v_mov_b32_sdwa v0, v1 dst_sel:BYTE_0 dst_unused:UNUSED_PAD src0_sel:WORD_1
v_cvt_f32_i32_sdwa v0, sext(v1) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0
v_cmp_eq_f32_sdwa vcc, v1, v2 src0_sel:DWORD src1_sel:WORD_1
v_cmp_lt_i32_sdwa s[2:3], sext(v1), v2 src0_sel:BYTE_0 src1_sel:DWORD
v_cmpx_eq_u32_sdwa exec, v1, 2 src0_sel:WORD_0 src1_sel:DWORD
v_cndmask_b32_sdwa v0, v1, v2, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_add_co_u32_sdwa v0, vcc, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_addc_co_u32_sdwa v0, vcc, v1, v2, vcc dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_add_f16_sdwa v0, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:WORD_0
v_mov_b32_dpp v0, v1 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 row_shl:1 row_mask:0xa bank_mask:0x1 bound_ctrl:0
v_add_f32_dpp v0, -v1, |v2| row_shr:15 row_mask:0xf bank_mask:0xf
v_add_u32_dpp v0, v1, v2 row_ror:3 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 wave_shl:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 wave_rol:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 wave_shr:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 wave_ror:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 row_mirror row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 row_half_mirror row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 row_bcast:15 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 row_bcast:31 row_mask:0xf bank_mask:0xf
v_cndmask_b32_dpp v0, v1, v2, vcc quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
v_add_co_u32_dpp v0, vcc, v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v0, v1 quad_perm:[3,2,1,0] row_mask:0x0 bank_mask:0x0
v_mac_f32_dpp v0, v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_mov_b32_sdwa v0, s1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD
v_add_f32_sdwa v0, v1, v2 clamp mul:4 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
v_cmp_class_f32_sdwa vcc, -v1, v2 src0_sel:DWORD src1_sel:DWORD
v_cmp_lt_f32_sdwa vcc, 1.0, -|v2| src0_sel:DWORD src1_sel:DWORD
v_add_f32_dpp v0, v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf bound_ctrl:0
v_mov_b32_dpp v0, v1 row_shl:1
v_sub_u16_sdwa v0, v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:BYTE_0
v_lshlrev_b32_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:DWORD
v_cvt_f16_f32_sdwa v0, |v1| dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD
v_max_i32_dpp v0, v1, v2 row_bcast:15 row_mask:0xa bank_mask:0xf
v_add_f16_dpp v0, -v1, v2 row_shr:1 row_mask:0xf bank_mask:0x3 bound_ctrl:0
; ---- formatting edge cases
s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0xffffffff
s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x80000000
s_nop 0xffff
s_trap 0xff
s_sleep 0x7f
s_setprio 0xffff
s_movk_i32 s0, 0x8000
v_mov_b32 v0, 0xffffffff
v_mov_b32 v0, 0x80000000
s_mov_b32 s0, 0x80000000
s_mov_b32 s0, -100
v_add_f16 v0, 0xffff, v1
v_add_f16 v0, -1, v1
v_add_u16 v0, 0xfff0, v1
v_add_u16 v0, 0x1234, v1
v_add_f64 v[0:1], 1.0, v[2:3]
s_mov_b64 s[0:1], 1.0
s_mov_b64 s[0:1], 0x3ff00000
s_mov_b64 s[0:1], 0xffffffff
v_cvt_f64_i32 v[0:1], 0x12345
v_cvt_f32_f64 v0, 1.5
v_cvt_f32_f64 v0, 0x3ff80000
v_add_f32 v0, 1.5, v1
v_add_f32 v0, -1.5, v1
v_add_f16 v0, 1.5, v1
s_getreg_b32 s0, hwreg(0)
s_getreg_b32 s0, hwreg(8)
s_getreg_b32 s0, hwreg(HW_REG_STATUS, 31, 1)
s_sendmsg 0x7f
s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_EMIT_CUT, 3)
s_sendmsg sendmsg(MSG_STALL_WAVE_GEN)
s_sendmsg sendmsg(MSG_HALT_WAVES)
s_sendmsg sendmsg(MSG_EARLY_PRIM_DEALLOC)
s_sendmsg sendmsg(MSG_GET_DOORBELL)
s_sendmsg sendmsg(11)
s_waitcnt vmcnt(63) expcnt(7) lgkmcnt(15)
s_waitcnt 0xffff
s_set_gpr_idx_mode 0
s_set_gpr_idx_on s0, 0
s_load_dword s0, s[2:3], 0x0
s_dcache_discard s[2:3], s4
ds_read_b32 v0, v1 offset:0
ds_swizzle_b32 v0, v1 offset:swizzle(BITMASK_PERM,"00000")
v_cndmask_b32_e64 v0, 0, 1.0, s[0:1]
v_mov_b32 v0, exec_hi
v_mov_b32 v0, ttmp15
v_add_f32 v0, flat_scratch_lo, v1
v_mov_b32 v0, src_shared_base
v_cmp_lt_f32_e64 flat_scratch, v0, v1
v_cmp_lt_f32_e64 ttmp[2:3], v0, v1
s_mov_b64 ttmp[4:5], exec
s_load_dwordx8 ttmp[8:15], s[0:1], 0x0
v_readlane_b32 ttmp1, v1, m0
global_load_dword v1, v2, s[4:5] offset:-1
flat_load_dword v1, v[2:3] offset:0
s_cbranch_execz 65535
exp mrt0 off, off, off, off
exp pos3 v1, v2, v3, v4 vm
buffer_load_dword v1, off, s[4:7], s1 offset:0
s_add_u32 s0, 0x3e22f983, s1
v_add_f16 v0, 0x3118, v1
v_mov_b32 v0, 0.5
s_mov_b32 s0, 0x3800
v_mul_f64 v[0:1], -4.0, v[2:3]
v_lshlrev_b64 v[0:1], 64, v[2:3]
v_add_u16 v0, 0x3800, v1
v_add_u16 v0, 0.5, v1
v_cvt_f16_u16 v0, 1.0
v_pk_add_f16 v0, v1, 0x3800
v_ldexp_f16 v0, v1, 0.5
; Forms the memory selection emits (isel/memory.rs, isel/private.rs).
ds_rsub_u32 v0, v1
ds_inc_u32 v0, v1
ds_dec_u32 v0, v1
ds_max_i32 v0, v1
ds_min_u32 v0, v1
ds_or_b32 v0, v1
ds_xor_b32 v0, v1
ds_cmpst_b32 v0, v1, v2
ds_write_b16 v0, v1
ds_sub_rtn_u32 v0, v1, v2
ds_rsub_rtn_u32 v0, v1, v2
ds_inc_rtn_u32 v0, v1, v2
ds_dec_rtn_u32 v0, v1, v2
ds_min_rtn_i32 v0, v1, v2
ds_max_rtn_i32 v0, v1, v2
ds_min_rtn_u32 v0, v1, v2
ds_max_rtn_u32 v0, v1, v2
ds_and_rtn_b32 v0, v1, v2
ds_or_rtn_b32 v0, v1, v2
buffer_atomic_sub v1, v2, s[4:7], 0 offen
buffer_atomic_smin v1, v2, s[4:7], 0 offen glc
buffer_atomic_smax v1, v2, s[4:7], 0 offen
buffer_atomic_umin v1, v2, s[4:7], 0 offen glc
buffer_atomic_umax v1, v2, s[4:7], 0 offen
buffer_atomic_and v1, v2, s[4:7], 0 offen glc
buffer_atomic_or v1, v2, s[4:7], 0 offen
buffer_atomic_xor v1, v2, s[4:7], 0 offen glc
buffer_atomic_swap v1, v2, s[4:7], 0 offen glc
buffer_atomic_inc v1, v2, s[4:7], 0 offen
buffer_atomic_dec v1, v2, s[4:7], 0 offen glc
buffer_atomic_cmpswap v[4:5], v2, s[8:11], 0 offen
buffer_load_ubyte v1, v2, s[4:7], 0 offen
buffer_load_sbyte v1, v2, s[4:7], 0 offen
buffer_load_ushort v1, v2, s[4:7], 0 offen
buffer_load_sshort v1, v2, s[4:7], 0 offen
buffer_store_byte v1, v2, s[4:7], 0 offen
buffer_store_short v1, v2, s[4:7], 0 offen
buffer_store_dword v1, off, s[8:11], 0 offset:4092
s_add_u32 s8, s0, s7
s_addc_u32 s9, s1, 0
s_mov_b64 s[10:11], exec
s_and_b64 exec, exec, s[10:11]
s_mov_b64 exec, s[10:11]
s_cbranch_execnz 65533
v_cmp_le_u32_e64 s[4:5], v1, s2
v_cmp_gt_u32_e32 vcc, 8, v1
v_cmp_ne_u32_e64 s[4:5], v1, v2
v_cmp_gt_u32_e64 s[4:5], s2, v1
s_and_b64 s[4:5], s[6:7], s[8:9]
s_mul_i32 s2, s4, s5
v_mad_u32_u24 v0, v1, s2, v3
v_rndne_f32_e32 v1, v2
v_med3_i32 v0, v1, 0, s2
s_load_dword s2, s[0:1], 0x50
s_mov_b32 m0, 0x100
s_mov_b32 m0, 64
ds_read_b32 v0, v1 gds
ds_add_rtn_u32 v0, v1, v2 gds
ds_cmpst_rtn_b32 v0, v1, v2, v3 gds
ds_mskor_b32 v0, v1, v2 gds
s_bcnt1_i32_b64 s2, s[4:5]
s_ff1_i32_b64 s3, s[4:5]
s_lshl_b64 exec, 1, s3
ds_sub_rtn_u32 v0, v1, v2 gds
v_mbcnt_lo_u32_b32 v1, s4, 0
v_mbcnt_hi_u32_b32 v1, s5, v1
v_cvt_f32_u32_e32 v1, s2
v_cmp_eq_u32_e64 s[4:5], 0, s2
v_cmp_le_f32_e64 s[4:5], s2, v1
v_cmp_le_f32_e64 s[4:5], v2, v1
v_cndmask_b32_e64 v0, 0, 1.0, s[4:5]

; gfx906 ALU selection (h-gcn-alu): compares in VOP3 form, 64-bit compares and class,
; carry-out subtracts, VOP3 source modifiers on VOP2 float ops
s_xor_b64 s[4:5], s[0:1], s[2:3]
v_add_f32_e64 v1, 0, v0 clamp
v_add_u32_e32 v5, 32, v1
v_add_u32_e32 v0, 0x80, v6
v_add_u32_e32 v0, s0, v1
v_alignbit_b32 v4, v0, v1, v2
v_and_b32_e32 v0, -4, v5
v_and_b32_e32 v13, v0, v1
v_ashrrev_i32_e32 v1, v0, v5
v_ashrrev_i64 v[10:11], v1, v[8:9]
v_bfe_u32 v13, v5, v1, v0
v_cmp_class_f32_e64 s[0:1], v6, 1
v_cmp_class_f32_e64 s[0:1], v2, v1
v_cmp_class_f64_e64 s[0:1], v[4:5], 3
v_cmp_class_f64_e64 s[0:1], v[6:7], v2
v_cmp_eq_f32_e64 s[0:1], 0, v1
v_cmp_eq_f32_e64 s[0:1], v2, -1.0
v_cmp_eq_f32_e64 s[0:1], v2, v1
v_cmp_eq_f64_e64 s[0:1], v[6:7], v[2:3]
v_cmp_eq_u32_e64 s[0:1], 0, v15
v_cmp_eq_u32_e64 s[0:1], v0, v1
v_cmp_eq_u64_e64 s[4:5], 0, v[14:15]
v_cmp_eq_u64_e64 s[0:1], v[10:11], v[12:13]
v_cmp_ge_f32_e64 s[0:1], v2, 0
v_cmp_ge_f32_e64 s[0:1], v2, v1
v_cmp_ge_f32_e64 s[0:1], |v13|, v6
v_cmp_ge_f64_e64 s[0:1], v[6:7], v[2:3]
v_cmp_ge_i32_e64 s[0:1], v0, v1
v_cmp_ge_i64_e64 s[0:1], v[10:11], v[12:13]
v_cmp_ge_u32_e64 s[2:3], v2, v15
v_cmp_ge_u64_e64 s[4:5], v[16:17], v[14:15]
v_cmp_gt_f32_e64 s[0:1], 0, v2
v_cmp_gt_f32_e64 s[0:1], v2, -0.5
v_cmp_gt_f32_e64 s[0:1], v6, v1
v_cmp_gt_f32_e64 s[2:3], v6, |v1|
v_cmp_gt_f32_e64 s[0:1], |v1|, v6
v_cmp_gt_f64_e64 s[0:1], v[0:1], v[6:7]
v_cmp_gt_i32_e64 s[0:1], 0, v11
v_cmp_gt_i64_e64 s[0:1], v[10:11], v[12:13]
v_cmp_gt_u32_e64 s[0:1], v1, v9
v_cmp_gt_u64_e64 s[0:1], v[10:11], v[12:13]
v_cmp_le_f32_e64 s[0:1], 0.5, v6
v_cmp_le_f32_e64 s[0:1], v2, 0
v_cmp_le_f32_e64 s[0:1], v2, v1
v_cmp_lg_f32_e64 s[0:1], v2, 1.0
v_cmp_lg_f32_e64 s[0:1], v2, v1
v_cmp_lt_f32_e64 s[0:1], v2, 0.5
v_cmp_lt_f64_e64 s[0:1], v[6:7], v[2:3]
v_cmp_lt_i32_e64 s[0:1], v0, v1
v_cmp_lt_i64_e64 s[0:1], v[10:11], v[12:13]
v_cmp_lt_u32_e64 s[0:1], 32, v1
v_cmp_lt_u32_e64 s[0:1], v0, v1
v_cmp_lt_u64_e64 s[0:1], v[10:11], v[12:13]
v_cmp_ne_u32_e64 s[0:1], 0, v2
v_cmp_ne_u32_e64 s[0:1], v0, v1
v_cmp_ne_u64_e64 s[0:1], v[10:11], v[12:13]
v_cmp_neq_f32_e64 s[0:1], 0, v2
v_cmp_neq_f64_e64 s[0:1], v[6:7], v[2:3]
v_cndmask_b32_e64 v10, 1.0, v6, s[2:3]
v_cndmask_b32_e64 v2, v9, -1, s[0:1]
v_fma_f32 v10, -v6, v1, v2
v_fma_f32 v10, v2, v1, v6
v_fma_f64 v[26:27], -v[20:21], v[24:25], v[22:23]
v_lshlrev_b32_e32 v6, v1, v0
v_lshlrev_b64 v[10:11], v1, v[8:9]
v_lshrrev_b32_e32 v6, v1, v0
v_max_f64 v[6:7], v[10:11], v[0:1]
v_mul_f32_e32 v4, 0x41000000, v6
v_mul_f32_e32 v6, v1, v11
v_mul_f32_e64 v1, 1.0, |v0|
v_mul_f64 v[24:25], v[18:19], v[22:23]
v_mul_hi_u32_u24_e32 v9, v0, v1
v_mul_lo_u32 v1, v0, 16
v_mul_lo_u32 v2, v1, s9
v_or_b32_e32 v14, 0x400000, v6
v_sub_co_u32_e64 v14, s[2:3], v0, v10
v_sub_f32_e32 v10, 1.0, v2
v_sub_f32_e64 v1, v2, 0.5
v_sub_u32_e32 v5, 0, v6
v_subb_co_u32_e64 v15, s[4:5], v1, v11, s[2:3]
v_xor_b32_e32 v5, 0x80000000, v6
v_cmp_le_f64_e64 s[0:1], v[18:19], |v[16:17]|
v_cmp_le_u32_e64 s[2:3], v10, v9
v_cmp_lt_f32_e64 s[0:1], 0, v0
v_cmp_lt_f32_e64 s[0:1], 1.0, |v3|
v_fma_f32 v6, v0, 0.15915494, -v1
v_mul_legacy_f32_e32 v10, 2.0, v1
v_sub_f32_e32 v1, 0x40490fdb, v4
v_sub_u32_e64 v11, v9, 1
v_xor_b32_e32 v10, 2.0, v1
v_cmp_le_i32_e64 s[0:1], v1, v7
v_cmp_ge_i32_e64 s[2:3], v1, v7
v_cmp_gt_f64_e64 s[0:1], v[14:15], |v[16:17]|
v_cvt_u32_f64_e64 v18, |v[14:15]|
