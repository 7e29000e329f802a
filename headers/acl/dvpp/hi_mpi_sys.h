/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_DVPP_HI_MPI_SYS_H_
#define ACL_DVPP_HI_MPI_SYS_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_common.h"
#include "hi_media_type.h"

#define HI_ERR_SYS_BUSY 2684518418U
#define HI_ERR_SYS_ERR 2684518421U
#define HI_ERR_SYS_EXIST 2684518404U
#define HI_ERR_SYS_ILLEGAL_PARAM 2684518403U
#define HI_ERR_SYS_NOT_PERM 2684518409U
#define HI_ERR_SYS_NOT_READY 2684518416U
#define HI_ERR_SYS_NOT_SUPPORT 2684518408U
#define HI_ERR_SYS_NO_MEM 2684518412U
#define HI_ERR_SYS_NULL_PTR 2684518406U
#define HI_ERR_SYS_UNEXIST 2684518405U

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    HI_DVPP_EPOLL_CTL_ADD = 1,
    HI_DVPP_EPOLL_CTL_MOD = 2,
    HI_DVPP_EPOLL_CTL_DEL = 3,
    HI_DVPP_EPOLL_CTL_BUTT = 4,
} hi_dvpp_epoll_ctl_op;

typedef enum {
    HI_DVPP_EPOLL_IN = 1,
    HI_DVPP_EPOLL_OUT = 2,
    HI_DVPP_EPOLL_ET = 2147483648U,
} hi_dvpp_epoll_event_type;

typedef struct {
    hi_u32 events;
    hi_void *data;
} hi_dvpp_epoll_event;

typedef enum {
    HI_MOD_VPC = 0,
    HI_MOD_VENC = 1,
    HI_MOD_VDEC = 2,
    HI_MOD_JPEGE = 3,
    HI_MOD_JPEGD = 4,
    HI_MOD_PNGD = 5,
    HI_MOD_ALL = 100,
    HI_MOD_BUTT = 255,
} hi_module_type;

typedef struct {
    hi_u32 width;
    hi_u32 height;
    hi_pixel_format pixel_format;
    hi_u64 reserved[2];
} hi_img_base_info;

typedef struct {
    hi_u32 width_stride;
    hi_u32 height_stride;
    hi_u64 img_buf_size;
    hi_u64 reserved[2];
} hi_img_align_info;

/**
 * Binding point for hi_mpi_sys_init.
 */
hi_s32 hi_mpi_sys_init(void);

/**
 * Binding point for hi_mpi_sys_exit.
 */
hi_s32 hi_mpi_sys_exit(void);

/**
 * Binding point for hi_mpi_sys_create_epoll.
 * @param [in] size
 * @param [out] epoll_fd
 */
hi_s32 hi_mpi_sys_create_epoll(hi_s32 size, hi_s32 *epoll_fd);

/**
 * Binding point for hi_mpi_sys_ctl_epoll.
 * @param [in] epoll_fd
 * @param [in] operation
 * @param [in] fd
 * @param [in] event
 */
hi_s32 hi_mpi_sys_ctl_epoll(hi_s32 epoll_fd, hi_s32 operation, hi_s32 fd, hi_dvpp_epoll_event *event);

/**
 * Binding point for hi_mpi_sys_wait_epoll.
 * @param [in] epoll_fd
 * @param [out] events
 * @param [in] max_events
 * @param [in] timeout
 * @param [out] event_num
 */
hi_s32 hi_mpi_sys_wait_epoll(hi_s32 epoll_fd, hi_dvpp_epoll_event *events, hi_s32 max_events, hi_s32 timeout, hi_s32 *event_num);

/**
 * Binding point for hi_mpi_sys_close_epoll.
 * @param [in] epoll_fd
 */
hi_s32 hi_mpi_sys_close_epoll(hi_s32 epoll_fd);

/**
 * Binding point for hi_mpi_sys_set_chn_csc_matrix.
 * @param [in] mode
 * @param [in] chn
 * @param [in] csc_matrix
 * @param [in] csc_coefficient
 */
hi_s32 hi_mpi_sys_set_chn_csc_matrix(hi_mod_id mode, hi_s32 chn, hi_csc_matrix csc_matrix, hi_csc_coefficient *csc_coefficient);

/**
 * Binding point for hi_mpi_sys_get_chn_csc_matrix.
 * @param [in] mode
 * @param [in] chn
 * @param [out] csc_matrix
 * @param [out] csc_coefficient
 */
hi_s32 hi_mpi_sys_get_chn_csc_matrix(hi_mod_id mode, hi_s32 chn, hi_csc_matrix *csc_matrix, hi_csc_coefficient *csc_coefficient);

/**
 * Binding point for hi_mpi_sys_bind.
 * @param [in] src_chn
 * @param [in] dest_chn
 */
hi_s32 hi_mpi_sys_bind(const hi_mpp_chn *src_chn, const hi_mpp_chn *dest_chn);

/**
 * Binding point for hi_mpi_sys_unbind.
 * @param [in] src_chn
 * @param [in] dest_chn
 */
hi_s32 hi_mpi_sys_unbind(const hi_mpp_chn *src_chn, const hi_mpp_chn *dest_chn);

/**
 * Binding point for hi_mpi_sys_get_image_align_info.
 * @param [in] mod_type
 * @param [in] mod_num
 * @param [in] img_base_info
 * @param [out] img_align_info (inferred)
 */
hi_s32 hi_mpi_sys_get_image_align_info(const hi_module_type mod_type[], const hi_u32 mod_num, const hi_img_base_info *img_base_info, hi_img_align_info *img_align_info);

/**
 * Binding point for hi_mpi_sys_full_init.
 */
hi_s32 hi_mpi_sys_full_init(void);

#ifdef __cplusplus
}
#endif

#endif /* ACL_DVPP_HI_MPI_SYS_H_ */
