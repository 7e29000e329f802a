/*
 * C-level refusals of the hi_mpi VDEC, VENC and PNGD entry points that Python cannot reach with
 * NULL pointers: every pointer argument NULL, on an existing channel and on a missing one. Each
 * call must return the module's NULL-pointer (or channel) code, never crash. Prints "ok" and exits
 * 0 when every check passed.
 */
#include "acl/acl.h"
#include "hi_dvpp.h"

#include <stdio.h>

static int g_failures;

#define EXPECT(call, code)                                                                                        \
    do {                                                                                                          \
        hi_s32 got_ = (call);                                                                                     \
        if (got_ != (hi_s32)(code)) {                                                                             \
            fprintf(stderr, "%s:%d: %s gave %#x, expected %#x: %s\n", __FILE__, __LINE__, #call, (unsigned)got_,  \
                    (unsigned)(code), aclGetRecentErrMsg());                                                      \
            g_failures++;                                                                                         \
        }                                                                                                         \
    } while (0)

static void vdec(void)
{
    hi_vdec_chn_attr attr = {.type = HI_PT_JPEG, .mode = HI_VDEC_SEND_MODE_FRAME};
    EXPECT(hi_mpi_vdec_create_chn(0, NULL), HI_ERR_VDEC_NULL_PTR);
    EXPECT(hi_mpi_vdec_create_chn(0, &attr), HI_SUCCESS);
    EXPECT(hi_mpi_vdec_set_chn_attr(0, NULL), HI_ERR_VDEC_NULL_PTR);
    EXPECT(hi_mpi_vdec_get_chn_attr(0, NULL), HI_ERR_VDEC_NULL_PTR);
    EXPECT(hi_mpi_vdec_set_chn_param(0, NULL), HI_ERR_VDEC_NULL_PTR);
    EXPECT(hi_mpi_vdec_get_chn_param(0, NULL), HI_ERR_VDEC_NULL_PTR);
    EXPECT(hi_mpi_vdec_set_protocol_param(0, NULL), HI_ERR_VDEC_NULL_PTR);
    EXPECT(hi_mpi_vdec_get_protocol_param(0, NULL), HI_ERR_VDEC_NULL_PTR);
    EXPECT(hi_mpi_vdec_query_status(0, NULL), HI_ERR_VDEC_NULL_PTR);
    EXPECT(hi_mpi_vdec_get_display_mode(0, NULL), HI_ERR_VDEC_NULL_PTR);
    EXPECT(hi_mpi_vdec_start_recv_stream(0), HI_SUCCESS);
    EXPECT(hi_mpi_vdec_send_stream(0, NULL, NULL, 0), HI_ERR_VDEC_NULL_PTR);
    hi_u8 byte = 0;
    hi_vdec_stream stream = {.need_display = HI_TRUE, .len = 1, .addr = &byte};
    EXPECT(hi_mpi_vdec_send_stream(0, &stream, NULL, 0), HI_ERR_VDEC_NULL_PTR);
    hi_video_frame_info frame;
    hi_vdec_stream out;
    EXPECT(hi_mpi_vdec_get_frame(0, NULL, NULL, &out, 0), HI_ERR_VDEC_NULL_PTR);
    EXPECT(hi_mpi_vdec_get_frame(0, &frame, NULL, NULL, 0), HI_ERR_VDEC_NULL_PTR);
    EXPECT(hi_mpi_vdec_get_frame(0, &frame, NULL, &out, 0), HI_ERR_VDEC_BUF_EMPTY);
    EXPECT(hi_mpi_vdec_release_frame(0, NULL), HI_ERR_VDEC_NULL_PTR);
    EXPECT(hi_mpi_vdec_stop_recv_stream(0), HI_SUCCESS);
    EXPECT(hi_mpi_vdec_destroy_chn(0), HI_SUCCESS);
    EXPECT(hi_mpi_vdec_query_status(0, NULL), HI_ERR_VDEC_NULL_PTR);
    hi_img_info info;
    EXPECT(hi_mpi_dvpp_get_image_info(HI_PT_JPEG, NULL, &info), HI_ERR_VDEC_NULL_PTR);
    EXPECT(hi_mpi_dvpp_get_image_info(HI_PT_JPEG, &stream, NULL), HI_ERR_VDEC_NULL_PTR);
    EXPECT(hi_mpi_vdec_get_jpegd_output_info(NULL, HI_PIXEL_FORMAT_YUV_SEMIPLANAR_420, &info), HI_ERR_VDEC_NULL_PTR);
}

static void venc(void)
{
    hi_venc_chn_attr attr = {.venc_attr = {.type = HI_PT_JPEG, .pic_width = 64, .pic_height = 64}};
    EXPECT(hi_mpi_venc_create_chn(1, NULL), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_create_chn(1, &attr), HI_SUCCESS);
    EXPECT(hi_mpi_venc_start_chn(1, NULL), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_get_chn_attr(1, NULL), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_set_chn_attr(1, NULL), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_query_status(1, NULL), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_set_rc_param(1, NULL), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_get_jpeg_param(1, NULL), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_set_roi_attr(1, NULL), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_get_roi_attr(1, 0, NULL), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_get_scene_mode(1, NULL), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_set_mod_param(NULL), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_get_mod_param(NULL), HI_ERR_VENC_NULL_PTR);
    hi_venc_start_param start = {.recv_pic_num = -1};
    EXPECT(hi_mpi_venc_start_chn(1, &start), HI_SUCCESS);
    EXPECT(hi_mpi_venc_send_frame(1, NULL, 0), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_send_frame_ex(1, NULL, 0), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_send_jpege_frame(1, NULL, NULL, 0), HI_ERR_VENC_NULL_PTR);
    hi_u32 size;
    hi_venc_jpeg_param jpeg = {.qfactor = 90};
    EXPECT(hi_mpi_venc_get_jpege_predicted_size(NULL, &jpeg, &size), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_get_jpege_predicted_size(NULL, &jpeg, NULL), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_get_stream(1, NULL, 0), HI_ERR_VENC_NULL_PTR);
    hi_venc_stream stream = {.pack = NULL, .pack_cnt = 1};
    EXPECT(hi_mpi_venc_get_stream(1, &stream, 0), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_release_stream(1, NULL), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_release_stream(1, &stream), HI_ERR_VENC_NULL_PTR);
    EXPECT(hi_mpi_venc_destroy_chn(1), HI_SUCCESS);
    EXPECT(hi_mpi_venc_get_chn_attr(1, &attr), HI_ERR_VENC_UNEXIST);
}

static void pngd(void)
{
    hi_pngd_chn_attr attr = {.stream_que_cnt = 2};
    EXPECT(hi_mpi_pngd_create_chn(2, NULL), HI_ERR_PNGD_NULL_PTR);
    EXPECT(hi_mpi_pngd_create_chn(2, &attr), HI_SUCCESS);
    EXPECT(hi_mpi_pngd_send_stream(2, NULL, NULL, 0), HI_ERR_PNGD_NULL_PTR);
    hi_pic_info pic;
    hi_img_stream stream;
    EXPECT(hi_mpi_pngd_get_image_data(2, NULL, &stream, 0), HI_ERR_PNGD_NULL_PTR);
    EXPECT(hi_mpi_pngd_get_image_data(2, &pic, NULL, 0), HI_ERR_PNGD_NULL_PTR);
    EXPECT(hi_mpi_pngd_get_image_data(2, &pic, &stream, 0), HI_ERR_PNGD_BUF_EMPTY);
    EXPECT(hi_mpi_png_get_image_info(NULL, NULL), HI_ERR_PNGD_NULL_PTR);
    EXPECT(hi_mpi_pngd_destroy_chn(2), HI_SUCCESS);
}

int main(void)
{
    if (aclInit(NULL) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS || hi_mpi_sys_init() != HI_SUCCESS) {
        fprintf(stderr, "setup failed: %s\n", aclGetRecentErrMsg());
        return 2;
    }
    vdec();
    venc();
    pngd();
    hi_mpi_sys_exit();
    aclrtResetDevice(0);
    aclFinalize();
    if (g_failures == 0) {
        printf("ok\n");
    }
    return g_failures == 0 ? 0 : 1;
}
