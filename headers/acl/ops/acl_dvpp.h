/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_OPS_ACL_DVPP_H_
#define ACL_OPS_ACL_DVPP_H_

#include <stdint.h>
#include <stddef.h>
#include "acl/acl_base_rt.h"
#include "acl/acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct acldvppPicDesc acldvppPicDesc;

typedef struct acldvppBatchPicDesc acldvppBatchPicDesc;

typedef struct acldvppRoiConfig acldvppRoiConfig;

typedef struct acldvppResizeConfig acldvppResizeConfig;

typedef struct acldvppBorderConfig acldvppBorderConfig;

typedef struct acldvppLutMap acldvppLutMap;

typedef struct acldvppChannelDesc acldvppChannelDesc;

typedef struct acldvppJpegeConfig acldvppJpegeConfig;

typedef struct aclvdecChannelDesc aclvdecChannelDesc;

typedef struct acldvppStreamDesc acldvppStreamDesc;

typedef struct aclvdecFrameConfig aclvdecFrameConfig;

typedef struct aclvencChannelDesc aclvencChannelDesc;

typedef struct aclvencFrameConfig aclvencFrameConfig;

typedef struct acldvppHist acldvppHist;

typedef void (*aclvdecCallback)(acldvppStreamDesc *, acldvppPicDesc *, void *);

typedef void (*aclvencCallback)(acldvppPicDesc *, acldvppStreamDesc *, void *);

enum acldvppPixelFormat {
    PIXEL_FORMAT_YUV_400 = 0,
    PIXEL_FORMAT_YUV_SEMIPLANAR_420 = 1,
    PIXEL_FORMAT_YVU_SEMIPLANAR_420 = 2,
    PIXEL_FORMAT_YUV_SEMIPLANAR_422 = 3,
    PIXEL_FORMAT_YVU_SEMIPLANAR_422 = 4,
    PIXEL_FORMAT_YUV_SEMIPLANAR_444 = 5,
    PIXEL_FORMAT_YVU_SEMIPLANAR_444 = 6,
    PIXEL_FORMAT_YUYV_PACKED_422 = 7,
    PIXEL_FORMAT_UYVY_PACKED_422 = 8,
    PIXEL_FORMAT_YVYU_PACKED_422 = 9,
    PIXEL_FORMAT_VYUY_PACKED_422 = 10,
    PIXEL_FORMAT_YUV_PACKED_444 = 11,
    PIXEL_FORMAT_RGB_888 = 12,
    PIXEL_FORMAT_BGR_888 = 13,
    PIXEL_FORMAT_ARGB_8888 = 14,
    PIXEL_FORMAT_ABGR_8888 = 15,
    PIXEL_FORMAT_RGBA_8888 = 16,
    PIXEL_FORMAT_BGRA_8888 = 17,
    PIXEL_FORMAT_YUV_SEMI_PLANNER_420_10BIT = 18,
    PIXEL_FORMAT_YVU_SEMI_PLANNER_420_10BIT = 19,
    PIXEL_FORMAT_YVU_PLANAR_420 = 20,
    PIXEL_FORMAT_YVU_PLANAR_422 = 21,
    PIXEL_FORMAT_YVU_PLANAR_444 = 22,
    PIXEL_FORMAT_RGB_444 = 23,
    PIXEL_FORMAT_BGR_444 = 24,
    PIXEL_FORMAT_ARGB_4444 = 25,
    PIXEL_FORMAT_ABGR_4444 = 26,
    PIXEL_FORMAT_RGBA_4444 = 27,
    PIXEL_FORMAT_BGRA_4444 = 28,
    PIXEL_FORMAT_RGB_555 = 29,
    PIXEL_FORMAT_BGR_555 = 30,
    PIXEL_FORMAT_RGB_565 = 31,
    PIXEL_FORMAT_BGR_565 = 32,
    PIXEL_FORMAT_ARGB_1555 = 33,
    PIXEL_FORMAT_ABGR_1555 = 34,
    PIXEL_FORMAT_RGBA_1555 = 35,
    PIXEL_FORMAT_BGRA_1555 = 36,
    PIXEL_FORMAT_ARGB_8565 = 37,
    PIXEL_FORMAT_ABGR_8565 = 38,
    PIXEL_FORMAT_RGBA_8565 = 39,
    PIXEL_FORMAT_BGRA_8565 = 40,
    PIXEL_FORMAT_RGB_BAYER_8BPP = 50,
    PIXEL_FORMAT_RGB_BAYER_10BPP = 51,
    PIXEL_FORMAT_RGB_BAYER_12BPP = 52,
    PIXEL_FORMAT_RGB_BAYER_14BPP = 53,
    PIXEL_FORMAT_RGB_BAYER_16BPP = 54,
    PIXEL_FORMAT_BGR_888_PLANAR = 70,
    PIXEL_FORMAT_HSV_888_PACKAGE = 71,
    PIXEL_FORMAT_HSV_888_PLANAR = 72,
    PIXEL_FORMAT_LAB_888_PACKAGE = 73,
    PIXEL_FORMAT_LAB_888_PLANAR = 74,
    PIXEL_FORMAT_S8C1 = 75,
    PIXEL_FORMAT_S8C2_PACKAGE = 76,
    PIXEL_FORMAT_S8C2_PLANAR = 77,
    PIXEL_FORMAT_S16C1 = 78,
    PIXEL_FORMAT_U8C1 = 79,
    PIXEL_FORMAT_U16C1 = 80,
    PIXEL_FORMAT_S32C1 = 81,
    PIXEL_FORMAT_U32C1 = 82,
    PIXEL_FORMAT_U64C1 = 83,
    PIXEL_FORMAT_S64C1 = 84,
    PIXEL_FORMAT_YUV_SEMIPLANAR_440 = 1000,
    PIXEL_FORMAT_YVU_SEMIPLANAR_440 = 1001,
    PIXEL_FORMAT_FLOAT32 = 1002,
    PIXEL_FORMAT_BUTT = 1003,
    PIXEL_FORMAT_UNKNOWN = 10000,
};
typedef enum acldvppPixelFormat acldvppPixelFormat;

enum acldvppStreamFormat {
    H265_MAIN_LEVEL = 0,
    H264_BASELINE_LEVEL = 1,
    H264_MAIN_LEVEL = 2,
    H264_HIGH_LEVEL = 3,
};
typedef enum acldvppStreamFormat acldvppStreamFormat;

enum acldvppChannelMode {
    DVPP_CHNMODE_VPC = 1,
    DVPP_CHNMODE_JPEGD = 2,
    DVPP_CHNMODE_JPEGE = 4,
    DVPP_CHNMODE_PNGD = 8,
};

enum acldvppBorderType {
    BORDER_CONSTANT = 0,
    BORDER_REPLICATE = 1,
    BORDER_REFLECT = 2,
    BORDER_REFLECT_101 = 3,
};
typedef enum acldvppBorderType acldvppBorderType;

enum aclvencChannelDescParamType {
    ACL_VENC_THREAD_ID_UINT64 = 0,
    ACL_VENC_CALLBACK_PTR = 1,
    ACL_VENC_PIXEL_FORMAT_UINT32 = 2,
    ACL_VENC_ENCODE_TYPE_UINT32 = 3,
    ACL_VENC_PIC_WIDTH_UINT32 = 4,
    ACL_VENC_PIC_HEIGHT_UINT32 = 5,
    ACL_VENC_KEY_FRAME_INTERVAL_UINT32 = 6,
    ACL_VENC_BUF_ADDR_PTR = 7,
    ACL_VENC_BUF_SIZE_UINT32 = 8,
    ACL_VENC_RC_MODE_UINT32 = 9,
    ACL_VENC_SRC_RATE_UINT32 = 10,
    ACL_VENC_MAX_BITRATE_UINT32 = 11,
    ACL_VENC_MAX_IP_PROP_UINT32 = 12,
};
typedef enum aclvencChannelDescParamType aclvencChannelDescParamType;

enum acldvppJpegFormat {
    ACL_JPEG_CSS_444 = 0,
    ACL_JPEG_CSS_422 = 1,
    ACL_JPEG_CSS_420 = 2,
    ACL_JPEG_CSS_GRAY = 3,
    ACL_JPEG_CSS_440 = 4,
    ACL_JPEG_CSS_411 = 5,
    ACL_JPEG_CSS_UNKNOWN = 1000,
};
typedef enum acldvppJpegFormat acldvppJpegFormat;

enum acldvppChannelDescParamType {
    ACL_DVPP_CSC_MATRIX_UINT32 = 0,
    ACL_DVPP_MODE_UINT32 = 1,
    ACL_DVPP_CHANNEL_ID_UINT64 = 2,
    ACL_DVPP_CHANNEL_HEIGHT_UINT32 = 3,
    ACL_DVPP_CHANNEL_WIDTH_UINT32 = 4,
    ACL_DVPP_JPEGD_PRECISION_MODE_ENUM = 5,
};
typedef enum acldvppChannelDescParamType acldvppChannelDescParamType;

enum aclvdecChannelDescParamType {
    ACL_VDEC_CSC_MATRIX_UINT32 = 0,
    ACL_VDEC_OUT_MODE_UINT32 = 1,
    ACL_VDEC_THREAD_ID_UINT64 = 2,
    ACL_VDEC_CALLBACK_PTR = 3,
    ACL_VDEC_CHANNEL_ID_UINT32 = 4,
    ACL_VDEC_ENCODE_TYPE_UINT32 = 5,
    ACL_VDEC_OUT_PIC_FORMAT_UINT32 = 6,
    ACL_VDEC_OUT_PIC_WIDTH_UINT32 = 7,
    ACL_VDEC_OUT_PIC_HEIGHT_UINT32 = 8,
    ACL_VDEC_REF_FRAME_NUM_UINT32 = 9,
    ACL_VDEC_BIT_DEPTH_UINT32 = 10,
};
typedef enum aclvdecChannelDescParamType aclvdecChannelDescParamType;

enum acldvppCscMatrix {
    ACL_DVPP_CSC_MATRIX_BT601_WIDE = 0,
    ACL_DVPP_CSC_MATRIX_BT601_NARROW = 1,
    ACL_DVPP_CSC_MATRIX_BT709_WIDE = 2,
    ACL_DVPP_CSC_MATRIX_BT709_NARROW = 3,
    ACL_DVPP_CSC_MATRIX_BT2020_WIDE = 4,
    ACL_DVPP_CSC_MATRIX_BT2020_NARROW = 5,
};

enum acldvppJpegdPrecisionMode {
    ACL_YUVOUT_ALIGN_DOWN = 0,
    ACL_YUVOUT_ALIGN_UP = 1,
    ACL_YUVOUT_ALIGN_DOWN_COMPAT = 2,
};

/**
 * Binding point for acldvppMalloc.
 * @param [out] devPtr
 * @param [in] size
 */
aclError acldvppMalloc(void **devPtr, size_t size);

/**
 * Binding point for acldvppMallocWithCfg.
 * @param [out] devPtr
 * @param [in] size
 * @param [in] policy
 * @param [in] cfg
 */
aclError acldvppMallocWithCfg(void **devPtr, size_t size, aclrtMemMallocPolicy policy, aclrtMallocConfig *cfg);

/**
 * Binding point for acldvppFree.
 * @param [in] devPtr
 */
aclError acldvppFree(void *devPtr);

/**
 * Binding point for acldvppCreateChannelDesc.
 */
acldvppChannelDesc *acldvppCreateChannelDesc();

/**
 * Binding point for acldvppDestroyChannelDesc.
 * @param [in] channelDesc
 */
aclError acldvppDestroyChannelDesc(acldvppChannelDesc *channelDesc);

/**
 * Binding point for acldvppGetChannelDescChannelId.
 * @param [in] channelDesc
 */
uint64_t acldvppGetChannelDescChannelId(const acldvppChannelDesc *channelDesc);

/**
 * Binding point for acldvppCreatePicDesc.
 */
acldvppPicDesc *acldvppCreatePicDesc();

/**
 * Binding point for acldvppDestroyPicDesc.
 * @param [in] picDesc
 */
aclError acldvppDestroyPicDesc(acldvppPicDesc *picDesc);

/**
 * Binding point for acldvppSetPicDescData.
 * @param [out] picDesc
 * @param [in] dataDev
 */
aclError acldvppSetPicDescData(acldvppPicDesc *picDesc, void *dataDev);

/**
 * Binding point for acldvppSetPicDescSize.
 * @param [out] picDesc
 * @param [in] size
 */
aclError acldvppSetPicDescSize(acldvppPicDesc *picDesc, uint32_t size);

/**
 * Binding point for acldvppSetPicDescFormat.
 * @param [out] picDesc
 * @param [in] format
 */
aclError acldvppSetPicDescFormat(acldvppPicDesc *picDesc, acldvppPixelFormat format);

/**
 * Binding point for acldvppSetPicDescWidth.
 * @param [out] picDesc
 * @param [in] width
 */
aclError acldvppSetPicDescWidth(acldvppPicDesc *picDesc, uint32_t width);

/**
 * Binding point for acldvppSetPicDescHeight.
 * @param [out] picDesc
 * @param [in] height
 */
aclError acldvppSetPicDescHeight(acldvppPicDesc *picDesc, uint32_t height);

/**
 * Binding point for acldvppSetPicDescWidthStride.
 * @param [out] picDesc
 * @param [in] widthStride
 */
aclError acldvppSetPicDescWidthStride(acldvppPicDesc *picDesc, uint32_t widthStride);

/**
 * Binding point for acldvppSetPicDescHeightStride.
 * @param [out] picDesc
 * @param [in] heightStride
 */
aclError acldvppSetPicDescHeightStride(acldvppPicDesc *picDesc, uint32_t heightStride);

/**
 * Binding point for acldvppSetPicDescRetCode.
 * @param [out] picDesc
 * @param [in] retCode
 */
aclError acldvppSetPicDescRetCode(acldvppPicDesc *picDesc, uint32_t retCode);

/**
 * Binding point for acldvppGetPicDescData.
 * @param [in] picDesc
 */
void *acldvppGetPicDescData(const acldvppPicDesc *picDesc);

/**
 * Binding point for acldvppGetPicDescSize.
 * @param [in] picDesc
 */
uint32_t acldvppGetPicDescSize(const acldvppPicDesc *picDesc);

/**
 * Binding point for acldvppGetPicDescFormat.
 * @param [in] picDesc
 */
acldvppPixelFormat acldvppGetPicDescFormat(const acldvppPicDesc *picDesc);

/**
 * Binding point for acldvppGetPicDescWidth.
 * @param [in] picDesc
 */
uint32_t acldvppGetPicDescWidth(const acldvppPicDesc *picDesc);

/**
 * Binding point for acldvppGetPicDescHeight.
 * @param [in] picDesc
 */
uint32_t acldvppGetPicDescHeight(const acldvppPicDesc *picDesc);

/**
 * Binding point for acldvppGetPicDescWidthStride.
 * @param [in] picDesc
 */
uint32_t acldvppGetPicDescWidthStride(const acldvppPicDesc *picDesc);

/**
 * Binding point for acldvppGetPicDescHeightStride.
 * @param [in] picDesc
 */
uint32_t acldvppGetPicDescHeightStride(const acldvppPicDesc *picDesc);

/**
 * Binding point for acldvppGetPicDescRetCode.
 * @param [in] picDesc
 */
uint32_t acldvppGetPicDescRetCode(const acldvppPicDesc *picDesc);

/**
 * Binding point for acldvppCreateRoiConfig.
 * @param [in] left
 * @param [in] right
 * @param [in] top
 * @param [in] bottom
 */
acldvppRoiConfig *acldvppCreateRoiConfig(uint32_t left, uint32_t right, uint32_t top, uint32_t bottom);

/**
 * Binding point for acldvppDestroyRoiConfig.
 * @param [in] roiConfig
 */
aclError acldvppDestroyRoiConfig(acldvppRoiConfig *roiConfig);

/**
 * Binding point for acldvppSetRoiConfigLeft.
 * @param [out] config
 * @param [in] left
 */
aclError acldvppSetRoiConfigLeft(acldvppRoiConfig *config, uint32_t left);

/**
 * Binding point for acldvppSetRoiConfigRight.
 * @param [out] config
 * @param [in] right
 */
aclError acldvppSetRoiConfigRight(acldvppRoiConfig *config, uint32_t right);

/**
 * Binding point for acldvppSetRoiConfigTop.
 * @param [out] config
 * @param [in] top
 */
aclError acldvppSetRoiConfigTop(acldvppRoiConfig *config, uint32_t top);

/**
 * Binding point for acldvppSetRoiConfigBottom.
 * @param [out] config
 * @param [in] bottom
 */
aclError acldvppSetRoiConfigBottom(acldvppRoiConfig *config, uint32_t bottom);

/**
 * Binding point for acldvppSetRoiConfig.
 * @param [out] config
 * @param [in] left
 * @param [in] right
 * @param [in] top
 * @param [in] bottom
 */
aclError acldvppSetRoiConfig(acldvppRoiConfig *config, uint32_t left, uint32_t right, uint32_t top, uint32_t bottom);

/**
 * Binding point for acldvppCreateResizeConfig.
 */
acldvppResizeConfig *acldvppCreateResizeConfig();

/**
 * Binding point for acldvppDestroyResizeConfig.
 * @param [in] resizeConfig
 */
aclError acldvppDestroyResizeConfig(acldvppResizeConfig *resizeConfig);

/**
 * Binding point for acldvppCreateJpegeConfig.
 */
acldvppJpegeConfig *acldvppCreateJpegeConfig();

/**
 * Binding point for acldvppDestroyJpegeConfig.
 * @param [in] jpegeConfig
 */
aclError acldvppDestroyJpegeConfig(acldvppJpegeConfig *jpegeConfig);

/**
 * Binding point for acldvppSetJpegeConfigLevel.
 * @param [out] jpegeConfig
 * @param [in] level
 */
aclError acldvppSetJpegeConfigLevel(acldvppJpegeConfig *jpegeConfig, uint32_t level);

/**
 * Binding point for acldvppGetJpegeConfigLevel.
 * @param [in] jpegeConfig
 */
uint32_t acldvppGetJpegeConfigLevel(const acldvppJpegeConfig *jpegeConfig);

/**
 * Binding point for aclvdecCreateChannelDesc.
 */
aclvdecChannelDesc *aclvdecCreateChannelDesc();

/**
 * Binding point for aclvdecDestroyChannelDesc.
 * @param [in] channelDesc
 */
aclError aclvdecDestroyChannelDesc(aclvdecChannelDesc *channelDesc);

/**
 * Binding point for aclvdecSetChannelDescChannelId.
 * @param [out] channelDesc
 * @param [in] channelId
 */
aclError aclvdecSetChannelDescChannelId(aclvdecChannelDesc *channelDesc, uint32_t channelId);

/**
 * Binding point for aclvdecSetChannelDescThreadId.
 * @param [out] channelDesc
 * @param [in] threadId
 */
aclError aclvdecSetChannelDescThreadId(aclvdecChannelDesc *channelDesc, uint64_t threadId);

/**
 * Binding point for aclvdecSetChannelDescCallback.
 * @param [out] channelDesc
 * @param [in] callback
 */
aclError aclvdecSetChannelDescCallback(aclvdecChannelDesc *channelDesc, aclvdecCallback callback);

/**
 * Binding point for aclvdecSetChannelDescEnType.
 * @param [out] channelDesc
 * @param [in] enType
 */
aclError aclvdecSetChannelDescEnType(aclvdecChannelDesc *channelDesc, acldvppStreamFormat enType);

/**
 * Binding point for aclvdecSetChannelDescOutPicFormat.
 * @param [out] channelDesc
 * @param [in] outPicFormat
 */
aclError aclvdecSetChannelDescOutPicFormat(aclvdecChannelDesc *channelDesc, acldvppPixelFormat outPicFormat);

/**
 * Binding point for aclvdecSetChannelDescOutPicWidth.
 * @param [out] channelDesc
 * @param [in] outPicWidth
 */
aclError aclvdecSetChannelDescOutPicWidth(aclvdecChannelDesc *channelDesc, uint32_t outPicWidth);

/**
 * Binding point for aclvdecSetChannelDescOutPicHeight.
 * @param [out] channelDesc
 * @param [in] outPicHeight
 */
aclError aclvdecSetChannelDescOutPicHeight(aclvdecChannelDesc *channelDesc, uint32_t outPicHeight);

/**
 * Binding point for aclvdecSetChannelDescRefFrameNum.
 * @param [out] channelDesc
 * @param [in] refFrameNum
 */
aclError aclvdecSetChannelDescRefFrameNum(aclvdecChannelDesc *channelDesc, uint32_t refFrameNum);

/**
 * Binding point for aclvdecSetChannelDescBitDepth.
 * @param [out] channelDesc
 * @param [in] bitDepth
 */
aclError aclvdecSetChannelDescBitDepth(aclvdecChannelDesc *channelDesc, uint32_t bitDepth);

/**
 * Binding point for aclvdecGetChannelDescChannelId.
 * @param [in] channelDesc
 */
uint32_t aclvdecGetChannelDescChannelId(const aclvdecChannelDesc *channelDesc);

/**
 * Binding point for aclvdecGetChannelDescThreadId.
 * @param [in] channelDesc
 */
uint64_t aclvdecGetChannelDescThreadId(const aclvdecChannelDesc *channelDesc);

/**
 * Binding point for aclvdecGetChannelDescCallback.
 * @param [in] channelDesc
 */
aclvdecCallback aclvdecGetChannelDescCallback(const aclvdecChannelDesc *channelDesc);

/**
 * Binding point for aclvdecGetChannelDescEnType.
 * @param [in] channelDesc
 */
acldvppStreamFormat aclvdecGetChannelDescEnType(const aclvdecChannelDesc *channelDesc);

/**
 * Binding point for aclvdecGetChannelDescOutPicFormat.
 * @param [in] channelDesc
 */
acldvppPixelFormat aclvdecGetChannelDescOutPicFormat(const aclvdecChannelDesc *channelDesc);

/**
 * Binding point for aclvdecGetChannelDescOutPicWidth.
 * @param [in] channelDesc
 */
uint32_t aclvdecGetChannelDescOutPicWidth(const aclvdecChannelDesc *channelDesc);

/**
 * Binding point for aclvdecGetChannelDescOutPicHeight.
 * @param [in] channelDesc
 */
uint32_t aclvdecGetChannelDescOutPicHeight(const aclvdecChannelDesc *channelDesc);

/**
 * Binding point for aclvdecGetChannelDescBitDepth.
 * @param [in] channelDesc
 */
uint32_t aclvdecGetChannelDescBitDepth(const aclvdecChannelDesc *channelDesc);

/**
 * Binding point for aclvdecGetChannelDescRefFrameNum.
 * @param [in] channelDesc
 */
uint32_t aclvdecGetChannelDescRefFrameNum(const aclvdecChannelDesc *channelDesc);

/**
 * Binding point for aclvencCreateChannelDesc.
 */
aclvencChannelDesc *aclvencCreateChannelDesc();

/**
 * Binding point for aclvencDestroyChannelDesc.
 * @param [in] channelDesc
 */
aclError aclvencDestroyChannelDesc(aclvencChannelDesc *channelDesc);

/**
 * Binding point for aclvencSetChannelDescThreadId.
 * @param [out] channelDesc
 * @param [in] threadId
 */
aclError aclvencSetChannelDescThreadId(aclvencChannelDesc *channelDesc, uint64_t threadId);

/**
 * Binding point for aclvencSetChannelDescCallback.
 * @param [out] channelDesc
 * @param [in] callback
 */
aclError aclvencSetChannelDescCallback(aclvencChannelDesc *channelDesc, aclvencCallback callback);

/**
 * Binding point for aclvencSetChannelDescEnType.
 * @param [out] channelDesc
 * @param [in] enType
 */
aclError aclvencSetChannelDescEnType(aclvencChannelDesc *channelDesc, acldvppStreamFormat enType);

/**
 * Binding point for aclvencSetChannelDescPicFormat.
 * @param [out] channelDesc
 * @param [in] picFormat
 */
aclError aclvencSetChannelDescPicFormat(aclvencChannelDesc *channelDesc, acldvppPixelFormat picFormat);

/**
 * Binding point for aclvencSetChannelDescPicWidth.
 * @param [out] channelDesc
 * @param [in] picWidth
 */
aclError aclvencSetChannelDescPicWidth(aclvencChannelDesc *channelDesc, uint32_t picWidth);

/**
 * Binding point for aclvencSetChannelDescPicHeight.
 * @param [out] channelDesc
 * @param [in] picHeight
 */
aclError aclvencSetChannelDescPicHeight(aclvencChannelDesc *channelDesc, uint32_t picHeight);

/**
 * Binding point for aclvencSetChannelDescKeyFrameInterval.
 * @param [out] channelDesc
 * @param [in] keyFrameInterval
 */
aclError aclvencSetChannelDescKeyFrameInterval(aclvencChannelDesc *channelDesc, uint32_t keyFrameInterval);

/**
 * Binding point for aclvencSetChannelDescBufAddr.
 * @param [out] channelDesc
 * @param [in] bufAddr
 */
aclError aclvencSetChannelDescBufAddr(aclvencChannelDesc *channelDesc, void *bufAddr);

/**
 * Binding point for aclvencSetChannelDescBufSize.
 * @param [out] channelDesc
 * @param [in] bufSize
 */
aclError aclvencSetChannelDescBufSize(aclvencChannelDesc *channelDesc, uint32_t bufSize);

/**
 * Binding point for aclvencSetChannelDescRcMode.
 * @param [out] channelDesc
 * @param [in] rcMode
 */
aclError aclvencSetChannelDescRcMode(aclvencChannelDesc *channelDesc, uint32_t rcMode);

/**
 * Binding point for aclvencSetChannelDescSrcRate.
 * @param [out] channelDesc
 * @param [in] srcRate
 */
aclError aclvencSetChannelDescSrcRate(aclvencChannelDesc *channelDesc, uint32_t srcRate);

/**
 * Binding point for aclvencSetChannelDescMaxBitRate.
 * @param [out] channelDesc
 * @param [in] maxBitRate
 */
aclError aclvencSetChannelDescMaxBitRate(aclvencChannelDesc *channelDesc, uint32_t maxBitRate);

/**
 * Binding point for aclvencSetChannelDescParam.
 * @param [out] channelDesc
 * @param [in] paramType
 * @param [in] length
 * @param [in] param
 */
aclError aclvencSetChannelDescParam(aclvencChannelDesc *channelDesc, aclvencChannelDescParamType paramType, size_t length, const void *param);

/**
 * Binding point for aclvencGetChannelDescBufAddr.
 * @param [in] channelDesc
 */
void *aclvencGetChannelDescBufAddr(const aclvencChannelDesc *channelDesc);

/**
 * Binding point for aclvencGetChannelDescBufSize.
 * @param [in] channelDesc
 */
uint32_t aclvencGetChannelDescBufSize(const aclvencChannelDesc *channelDesc);

/**
 * Binding point for aclvencGetChannelDescChannelId.
 * @param [in] channelDesc
 */
uint32_t aclvencGetChannelDescChannelId(const aclvencChannelDesc *channelDesc);

/**
 * Binding point for aclvencGetChannelDescThreadId.
 * @param [in] channelDesc
 */
uint64_t aclvencGetChannelDescThreadId(const aclvencChannelDesc *channelDesc);

/**
 * Binding point for aclvencGetChannelDescCallback.
 * @param [in] channelDesc
 */
aclvencCallback aclvencGetChannelDescCallback(const aclvencChannelDesc *channelDesc);

/**
 * Binding point for aclvencGetChannelDescEnType.
 * @param [in] channelDesc
 */
acldvppStreamFormat aclvencGetChannelDescEnType(const aclvencChannelDesc *channelDesc);

/**
 * Binding point for aclvencGetChannelDescPicFormat.
 * @param [in] channelDesc
 */
acldvppPixelFormat aclvencGetChannelDescPicFormat(const aclvencChannelDesc *channelDesc);

/**
 * Binding point for aclvencGetChannelDescPicWidth.
 * @param [in] channelDesc
 */
uint32_t aclvencGetChannelDescPicWidth(const aclvencChannelDesc *channelDesc);

/**
 * Binding point for aclvencGetChannelDescPicHeight.
 * @param [in] channelDesc
 */
uint32_t aclvencGetChannelDescPicHeight(const aclvencChannelDesc *channelDesc);

/**
 * Binding point for aclvencGetChannelDescKeyFrameInterval.
 * @param [in] channelDesc
 */
uint32_t aclvencGetChannelDescKeyFrameInterval(const aclvencChannelDesc *channelDesc);

/**
 * Binding point for aclvencGetChannelDescRcMode.
 * @param [in] channelDesc
 */
uint32_t aclvencGetChannelDescRcMode(const aclvencChannelDesc *channelDesc);

/**
 * Binding point for aclvencGetChannelDescSrcRate.
 * @param [in] channelDesc
 */
uint32_t aclvencGetChannelDescSrcRate(const aclvencChannelDesc *channelDesc);

/**
 * Binding point for aclvencGetChannelDescMaxBitRate.
 * @param [in] channelDesc
 */
uint32_t aclvencGetChannelDescMaxBitRate(const aclvencChannelDesc *channelDesc);

/**
 * Binding point for aclvencGetChannelDescParam.
 * @param [in] channelDesc
 * @param [in] paramType
 * @param [in] length
 * @param [out] paramRetSize
 * @param [out] param
 */
aclError aclvencGetChannelDescParam(const aclvencChannelDesc *channelDesc, aclvencChannelDescParamType paramType, size_t length, size_t *paramRetSize, void *param);

/**
 * Binding point for aclvencGetFrameConfigForceIFrame.
 * @param [in] config
 */
uint8_t aclvencGetFrameConfigForceIFrame(const aclvencFrameConfig *config);

/**
 * Binding point for aclvencGetFrameConfigEos.
 * @param [in] config
 */
uint8_t aclvencGetFrameConfigEos(const aclvencFrameConfig *config);

/**
 * Binding point for aclvencSetFrameConfigForceIFrame.
 * @param [out] config
 * @param [in] forceIFrame (inferred)
 */
aclError aclvencSetFrameConfigForceIFrame(aclvencFrameConfig *config, uint8_t forceIFrame);

/**
 * Binding point for aclvencSetFrameConfigEos.
 * @param [out] config
 * @param [in] eos
 */
aclError aclvencSetFrameConfigEos(aclvencFrameConfig *config, uint8_t eos);

/**
 * Binding point for aclvencDestroyFrameConfig.
 * @param [in] config
 */
aclError aclvencDestroyFrameConfig(aclvencFrameConfig *config);

/**
 * Binding point for aclvencCreateFrameConfig.
 */
aclvencFrameConfig *aclvencCreateFrameConfig();

/**
 * Binding point for aclvencCreateChannel.
 * @param [in,out] channelDesc
 */
aclError aclvencCreateChannel(aclvencChannelDesc *channelDesc);

/**
 * Binding point for aclvencDestroyChannel.
 * @param [in] channelDesc
 */
aclError aclvencDestroyChannel(aclvencChannelDesc *channelDesc);

/**
 * Binding point for aclvencSendFrame.
 * @param [in] channelDesc
 * @param [in] input
 * @param [in] reserve
 * @param [in] config
 * @param [in] userdata
 */
aclError aclvencSendFrame(aclvencChannelDesc *channelDesc, acldvppPicDesc *input, void *reserve, aclvencFrameConfig *config, void *userdata);

/**
 * Binding point for acldvppCreateStreamDesc.
 */
acldvppStreamDesc *acldvppCreateStreamDesc();

/**
 * Binding point for acldvppDestroyStreamDesc.
 * @param [in] streamDesc
 */
aclError acldvppDestroyStreamDesc(acldvppStreamDesc *streamDesc);

/**
 * Binding point for acldvppSetStreamDescData.
 * @param [out] streamDesc
 * @param [in] dataDev
 */
aclError acldvppSetStreamDescData(acldvppStreamDesc *streamDesc, void *dataDev);

/**
 * Binding point for acldvppSetStreamDescSize.
 * @param [out] streamDesc
 * @param [in] size
 */
aclError acldvppSetStreamDescSize(acldvppStreamDesc *streamDesc, uint32_t size);

/**
 * Binding point for acldvppSetStreamDescFormat.
 * @param [out] streamDesc
 * @param [in] format
 */
aclError acldvppSetStreamDescFormat(acldvppStreamDesc *streamDesc, acldvppStreamFormat format);

/**
 * Binding point for acldvppSetStreamDescTimestamp.
 * @param [out] streamDesc
 * @param [in] timestamp
 */
aclError acldvppSetStreamDescTimestamp(acldvppStreamDesc *streamDesc, uint64_t timestamp);

/**
 * Binding point for acldvppSetStreamDescRetCode.
 * @param [out] streamDesc
 * @param [in] retCode
 */
aclError acldvppSetStreamDescRetCode(acldvppStreamDesc *streamDesc, uint32_t retCode);

/**
 * Binding point for acldvppSetStreamDescEos.
 * @param [out] streamDesc
 * @param [in] eos
 */
aclError acldvppSetStreamDescEos(acldvppStreamDesc *streamDesc, uint8_t eos);

/**
 * Binding point for acldvppGetStreamDescData.
 * @param [in] streamDesc
 */
void *acldvppGetStreamDescData(const acldvppStreamDesc *streamDesc);

/**
 * Binding point for acldvppGetStreamDescSize.
 * @param [in] streamDesc
 */
uint32_t acldvppGetStreamDescSize(const acldvppStreamDesc *streamDesc);

/**
 * Binding point for acldvppGetStreamDescFormat.
 * @param [in] streamDesc
 */
acldvppStreamFormat acldvppGetStreamDescFormat(const acldvppStreamDesc *streamDesc);

/**
 * Binding point for acldvppGetStreamDescTimestamp.
 * @param [in] streamDesc
 */
uint64_t acldvppGetStreamDescTimestamp(const acldvppStreamDesc *streamDesc);

/**
 * Binding point for acldvppGetStreamDescRetCode.
 * @param [in] streamDesc
 */
uint32_t acldvppGetStreamDescRetCode(const acldvppStreamDesc *streamDesc);

/**
 * Binding point for acldvppGetStreamDescEos.
 * @param [in] streamDesc
 */
uint8_t acldvppGetStreamDescEos(const acldvppStreamDesc *streamDesc);

/**
 * Binding point for aclvdecCreateFrameConfig.
 */
aclvdecFrameConfig *aclvdecCreateFrameConfig();

/**
 * Binding point for aclvdecDestroyFrameConfig.
 * @param [in] vdecFrameConfig
 */
aclError aclvdecDestroyFrameConfig(aclvdecFrameConfig *vdecFrameConfig);

/**
 * Binding point for acldvppJpegGetImageInfo.
 * @param [in] data
 * @param [in] size
 * @param [out] width
 * @param [out] height
 * @param [out] components
 */
aclError acldvppJpegGetImageInfo(const void *data, uint32_t size, uint32_t *width, uint32_t *height, int32_t *components);

/**
 * Binding point for acldvppJpegGetImageInfoV2.
 * @param [in] data
 * @param [in] size
 * @param [out] width
 * @param [out] height
 * @param [out] components
 * @param [out] format
 */
aclError acldvppJpegGetImageInfoV2(const void *data, uint32_t size, uint32_t *width, uint32_t *height, int32_t *components, acldvppJpegFormat *format);

/**
 * Binding point for acldvppJpegPredictEncSize.
 * @param [in] inputDesc
 * @param [in] config
 * @param [out] size
 */
aclError acldvppJpegPredictEncSize(const acldvppPicDesc *inputDesc, const acldvppJpegeConfig *config, uint32_t *size);

/**
 * Binding point for acldvppJpegPredictDecSize.
 * @param [in] data
 * @param [in] dataSize
 * @param [in] outputPixelFormat
 * @param [out] decSize
 */
aclError acldvppJpegPredictDecSize(const void *data, uint32_t dataSize, acldvppPixelFormat outputPixelFormat, uint32_t *decSize);

/**
 * Binding point for acldvppPngGetImageInfo.
 * @param [in] data
 * @param [in] dataSize (inferred)
 * @param [out] width
 * @param [out] height
 * @param [out] components
 */
aclError acldvppPngGetImageInfo(const void *data, uint32_t dataSize, uint32_t *width, uint32_t *height, int32_t *components);

/**
 * Binding point for acldvppPngPredictDecSize.
 * @param [in] data
 * @param [in] dataSize
 * @param [in] outputPixelFormat
 * @param [out] decSize
 */
aclError acldvppPngPredictDecSize(const void *data, uint32_t dataSize, acldvppPixelFormat outputPixelFormat, uint32_t *decSize);

/**
 * Binding point for acldvppCreateChannel.
 * @param [in,out] channelDesc
 */
aclError acldvppCreateChannel(acldvppChannelDesc *channelDesc);

/**
 * Binding point for acldvppDestroyChannel.
 * @param [in] channelDesc
 */
aclError acldvppDestroyChannel(acldvppChannelDesc *channelDesc);

/**
 * Binding point for acldvppVpcResizeAsync.
 * @param [in] channelDesc
 * @param [in] inputDesc
 * @param [in,out] outputDesc
 * @param [in] resizeConfig
 * @param [in] stream
 */
aclError acldvppVpcResizeAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc, acldvppPicDesc *outputDesc, acldvppResizeConfig *resizeConfig, aclrtStream stream);

/**
 * Binding point for acldvppVpcCropAsync.
 * @param [in] channelDesc
 * @param [in] inputDesc
 * @param [in,out] outputDesc
 * @param [in] cropArea
 * @param [in] stream
 */
aclError acldvppVpcCropAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc, acldvppPicDesc *outputDesc, acldvppRoiConfig *cropArea, aclrtStream stream);

/**
 * Binding point for acldvppVpcCropResizeAsync.
 * @param [in] channelDesc
 * @param [in] inputDesc
 * @param [in,out] outputDesc
 * @param [in] cropArea
 * @param [in] resizeConfig
 * @param [in] stream
 */
aclError acldvppVpcCropResizeAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc, acldvppPicDesc *outputDesc, acldvppRoiConfig *cropArea, acldvppResizeConfig *resizeConfig, aclrtStream stream);

/**
 * Binding point for acldvppVpcBatchCropAsync.
 * @param [in] channelDesc
 * @param [in] srcBatchPicDescs
 * @param [in] roiNums
 * @param [in] size
 * @param [in,out] dstBatchPicDescs
 * @param [in] cropAreas
 * @param [in] stream
 */
aclError acldvppVpcBatchCropAsync(acldvppChannelDesc *channelDesc, acldvppBatchPicDesc *srcBatchPicDescs, uint32_t *roiNums, uint32_t size, acldvppBatchPicDesc *dstBatchPicDescs, acldvppRoiConfig *cropAreas[], aclrtStream stream);

/**
 * Binding point for acldvppVpcBatchCropResizeAsync.
 * @param [in] channelDesc
 * @param [in] srcBatchPicDescs
 * @param [in] roiNums
 * @param [in] size
 * @param [in,out] dstBatchPicDescs
 * @param [in] cropAreas
 * @param [in] resizeConfig
 * @param [in] stream
 */
aclError acldvppVpcBatchCropResizeAsync(acldvppChannelDesc *channelDesc, acldvppBatchPicDesc *srcBatchPicDescs, uint32_t *roiNums, uint32_t size, acldvppBatchPicDesc *dstBatchPicDescs, acldvppRoiConfig *cropAreas[], acldvppResizeConfig *resizeConfig, aclrtStream stream);

/**
 * Binding point for acldvppVpcCropAndPasteAsync.
 * @param [in] channelDesc
 * @param [in] inputDesc
 * @param [in,out] outputDesc
 * @param [in] cropArea
 * @param [in] pasteArea
 * @param [in] stream
 */
aclError acldvppVpcCropAndPasteAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc, acldvppPicDesc *outputDesc, acldvppRoiConfig *cropArea, acldvppRoiConfig *pasteArea, aclrtStream stream);

/**
 * Binding point for acldvppVpcCropResizePasteAsync.
 * @param [in] channelDesc
 * @param [in] inputDesc
 * @param [in,out] outputDesc
 * @param [in] cropArea
 * @param [in] pasteArea
 * @param [in] resizeConfig
 * @param [in] stream
 */
aclError acldvppVpcCropResizePasteAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc, acldvppPicDesc *outputDesc, acldvppRoiConfig *cropArea, acldvppRoiConfig *pasteArea, acldvppResizeConfig *resizeConfig, aclrtStream stream);

/**
 * Binding point for acldvppVpcBatchCropAndPasteAsync.
 * @param [in] channelDesc
 * @param [in] srcBatchPicDescs
 * @param [in] roiNums
 * @param [in] size
 * @param [in,out] dstBatchPicDescs
 * @param [in] cropAreas
 * @param [in] pasteAreas
 * @param [in] stream
 */
aclError acldvppVpcBatchCropAndPasteAsync(acldvppChannelDesc *channelDesc, acldvppBatchPicDesc *srcBatchPicDescs, uint32_t *roiNums, uint32_t size, acldvppBatchPicDesc *dstBatchPicDescs, acldvppRoiConfig *cropAreas[], acldvppRoiConfig *pasteAreas[], aclrtStream stream);

/**
 * Binding point for acldvppVpcBatchCropResizePasteAsync.
 * @param [in] channelDesc
 * @param [in] srcBatchPicDescs
 * @param [in] roiNums
 * @param [in] size
 * @param [in,out] dstBatchPicDescs
 * @param [in] cropAreas
 * @param [in] pasteAreas
 * @param [in] resizeConfig
 * @param [in] stream
 */
aclError acldvppVpcBatchCropResizePasteAsync(acldvppChannelDesc *channelDesc, acldvppBatchPicDesc *srcBatchPicDescs, uint32_t *roiNums, uint32_t size, acldvppBatchPicDesc *dstBatchPicDescs, acldvppRoiConfig *cropAreas[], acldvppRoiConfig *pasteAreas[], acldvppResizeConfig *resizeConfig, aclrtStream stream);

/**
 * Binding point for acldvppJpegDecodeAsync.
 * @param [in] channelDesc
 * @param [in] data
 * @param [in] size
 * @param [in,out] outputDesc
 * @param [in] stream
 */
aclError acldvppJpegDecodeAsync(acldvppChannelDesc *channelDesc, const void *data, uint32_t size, acldvppPicDesc *outputDesc, aclrtStream stream);

/**
 * Binding point for acldvppJpegEncodeAsync.
 * @param [in] channelDesc
 * @param [in] inputDesc
 * @param [out] data
 * @param [in,out] size
 * @param [in] config
 * @param [in] stream
 */
aclError acldvppJpegEncodeAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc, const void *data, uint32_t *size, acldvppJpegeConfig *config, aclrtStream stream);

/**
 * Binding point for acldvppPngDecodeAsync.
 * @param [in] channelDesc
 * @param [in] data
 * @param [in] size
 * @param [in,out] outputDesc
 * @param [in] stream
 */
aclError acldvppPngDecodeAsync(acldvppChannelDesc *channelDesc, const void *data, uint32_t size, acldvppPicDesc *outputDesc, aclrtStream stream);

/**
 * Binding point for aclvdecCreateChannel.
 * @param [in,out] channelDesc
 */
aclError aclvdecCreateChannel(aclvdecChannelDesc *channelDesc);

/**
 * Binding point for aclvdecDestroyChannel.
 * @param [in] channelDesc
 */
aclError aclvdecDestroyChannel(aclvdecChannelDesc *channelDesc);

/**
 * Binding point for aclvdecSendFrame.
 * @param [in] channelDesc
 * @param [in] input
 * @param [in,out] output
 * @param [in] config
 * @param [in] userData
 */
aclError aclvdecSendFrame(aclvdecChannelDesc *channelDesc, acldvppStreamDesc *input, acldvppPicDesc *output, aclvdecFrameConfig *config, void *userData);

/**
 * Binding point for aclvdecSendSkippedFrame.
 * @param [in] channelDesc
 * @param [in] input
 * @param [in] config
 * @param [in] userData
 */
aclError aclvdecSendSkippedFrame(aclvdecChannelDesc *channelDesc, acldvppStreamDesc *input, aclvdecFrameConfig *config, void *userData);

/**
 * Binding point for acldvppVpcConvertColorAsync.
 * @param [in] channelDesc
 * @param [in] inputDesc
 * @param [in,out] outputDesc
 * @param [in] stream
 */
aclError acldvppVpcConvertColorAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc, acldvppPicDesc *outputDesc, aclrtStream stream);

/**
 * Binding point for acldvppVpcPyrDownAsync.
 * @param [in] channelDesc
 * @param [in] inputDesc
 * @param [in,out] outputDesc
 * @param [in] reserve
 * @param [in] stream
 */
aclError acldvppVpcPyrDownAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *inputDesc, acldvppPicDesc *outputDesc, void *reserve, aclrtStream stream);

/**
 * Binding point for acldvppSetChannelDescMode.
 * @param [out] channelDesc
 * @param [in] mode
 */
aclError acldvppSetChannelDescMode(acldvppChannelDesc *channelDesc, uint32_t mode);

/**
 * Binding point for acldvppSetResizeConfigInterpolation.
 * @param [out] resizeConfig
 * @param [in] interpolation
 */
aclError acldvppSetResizeConfigInterpolation(acldvppResizeConfig *resizeConfig, uint32_t interpolation);

/**
 * Binding point for acldvppGetResizeConfigInterpolation.
 * @param [in] resizeConfig
 */
uint32_t acldvppGetResizeConfigInterpolation(const acldvppResizeConfig *resizeConfig);

/**
 * Binding point for aclvdecSetChannelDescOutMode.
 * @param [out] channelDesc
 * @param [in] outMode
 */
aclError aclvdecSetChannelDescOutMode(aclvdecChannelDesc *channelDesc, uint32_t outMode);

/**
 * Binding point for aclvdecGetChannelDescOutMode.
 * @param [in] channelDesc
 */
uint32_t aclvdecGetChannelDescOutMode(const aclvdecChannelDesc *channelDesc);

/**
 * Binding point for acldvppCreateBatchPicDesc.
 * @param [in] batchSize
 */
acldvppBatchPicDesc *acldvppCreateBatchPicDesc(uint32_t batchSize);

/**
 * Binding point for acldvppGetPicDesc.
 * @param [in] batchPicDesc
 * @param [in] index
 */
acldvppPicDesc *acldvppGetPicDesc(acldvppBatchPicDesc *batchPicDesc, uint32_t index);

/**
 * Binding point for acldvppDestroyBatchPicDesc.
 * @param [in] batchPicDesc
 */
aclError acldvppDestroyBatchPicDesc(acldvppBatchPicDesc *batchPicDesc);

/**
 * Binding point for acldvppCreateLutMap.
 */
acldvppLutMap *acldvppCreateLutMap();

/**
 * Binding point for acldvppDestroyLutMap.
 * @param [in] lutMap
 */
aclError acldvppDestroyLutMap(acldvppLutMap *lutMap);

/**
 * Binding point for acldvppGetLutMapDims.
 * @param [in] lutMap
 */
uint32_t acldvppGetLutMapDims(const acldvppLutMap *lutMap);

/**
 * Binding point for acldvppGetLutMapData.
 * @param [in] lutMap
 * @param [in] dim
 * @param [out] data
 * @param [out] len
 */
aclError acldvppGetLutMapData(const acldvppLutMap *lutMap, uint32_t dim, uint8_t **data, uint32_t *len);

/**
 * Binding point for acldvppVpcEqualizeHistAsync.
 * @param [in] channelDesc
 * @param [in] inputDesc
 * @param [in,out] outputDesc
 * @param [in] lutMap
 * @param [in] stream
 */
aclError acldvppVpcEqualizeHistAsync(const acldvppChannelDesc *channelDesc, const acldvppPicDesc *inputDesc, acldvppPicDesc *outputDesc, const acldvppLutMap *lutMap, aclrtStream stream);

/**
 * Binding point for acldvppCreateBorderConfig.
 */
acldvppBorderConfig *acldvppCreateBorderConfig();

/**
 * Binding point for acldvppSetBorderConfigValue.
 * @param [out] borderConfig
 * @param [in] index
 * @param [in] value
 */
aclError acldvppSetBorderConfigValue(acldvppBorderConfig *borderConfig, uint32_t index, double value);

/**
 * Binding point for acldvppSetBorderConfigBorderType.
 * @param [out] borderConfig
 * @param [in] borderType
 */
aclError acldvppSetBorderConfigBorderType(acldvppBorderConfig *borderConfig, acldvppBorderType borderType);

/**
 * Binding point for acldvppSetBorderConfigTop.
 * @param [out] borderConfig
 * @param [in] top
 */
aclError acldvppSetBorderConfigTop(acldvppBorderConfig *borderConfig, uint32_t top);

/**
 * Binding point for acldvppSetBorderConfigBottom.
 * @param [out] borderConfig
 * @param [in] bottom
 */
aclError acldvppSetBorderConfigBottom(acldvppBorderConfig *borderConfig, uint32_t bottom);

/**
 * Binding point for acldvppSetBorderConfigLeft.
 * @param [out] borderConfig
 * @param [in] left
 */
aclError acldvppSetBorderConfigLeft(acldvppBorderConfig *borderConfig, uint32_t left);

/**
 * Binding point for acldvppSetBorderConfigRight.
 * @param [out] borderConfig
 * @param [in] right
 */
aclError acldvppSetBorderConfigRight(acldvppBorderConfig *borderConfig, uint32_t right);

/**
 * Binding point for acldvppGetBorderConfigValue.
 * @param [in] borderConfig
 * @param [in] index
 */
double acldvppGetBorderConfigValue(const acldvppBorderConfig *borderConfig, uint32_t index);

/**
 * Binding point for acldvppGetBorderConfigBorderType.
 * @param [in] borderConfig
 */
acldvppBorderType acldvppGetBorderConfigBorderType(const acldvppBorderConfig *borderConfig);

/**
 * Binding point for acldvppGetBorderConfigTop.
 * @param [in] borderConfig
 */
uint32_t acldvppGetBorderConfigTop(const acldvppBorderConfig *borderConfig);

/**
 * Binding point for acldvppGetBorderConfigBottom.
 * @param [in] borderConfig
 */
uint32_t acldvppGetBorderConfigBottom(const acldvppBorderConfig *borderConfig);

/**
 * Binding point for acldvppGetBorderConfigLeft.
 * @param [in] borderConfig
 */
uint32_t acldvppGetBorderConfigLeft(const acldvppBorderConfig *borderConfig);

/**
 * Binding point for acldvppGetBorderConfigRight.
 * @param [in] borderConfig
 */
uint32_t acldvppGetBorderConfigRight(const acldvppBorderConfig *borderConfig);

/**
 * Binding point for acldvppDestroyBorderConfig.
 * @param [in] borderConfig
 */
aclError acldvppDestroyBorderConfig(acldvppBorderConfig *borderConfig);

/**
 * Binding point for acldvppVpcMakeBorderAsync.
 * @param [in] channelDesc
 * @param [in] inputDesc
 * @param [in,out] outputDesc
 * @param [in] borderConfig
 * @param [in] stream
 */
aclError acldvppVpcMakeBorderAsync(const acldvppChannelDesc *channelDesc, const acldvppPicDesc *inputDesc, acldvppPicDesc *outputDesc, const acldvppBorderConfig *borderConfig, aclrtStream stream);

/**
 * Binding point for acldvppVpcCalcHistAsync.
 * @param [in] channelDesc
 * @param [in] srcPicDesc
 * @param [in,out] hist
 * @param [in] reserve
 * @param [in] stream
 */
aclError acldvppVpcCalcHistAsync(acldvppChannelDesc *channelDesc, acldvppPicDesc *srcPicDesc, acldvppHist *hist, void *reserve, aclrtStream stream);

/**
 * Binding point for acldvppCreateHist.
 */
acldvppHist *acldvppCreateHist();

/**
 * Binding point for acldvppDestroyHist.
 * @param [in] hist
 */
aclError acldvppDestroyHist(acldvppHist *hist);

/**
 * Binding point for acldvppGetHistDims.
 * @param [in] hist
 */
uint32_t acldvppGetHistDims(acldvppHist *hist);

/**
 * Binding point for acldvppGetHistData.
 * @param [in] hist
 * @param [in] dim
 * @param [out] data
 * @param [out] len
 */
aclError acldvppGetHistData(acldvppHist *hist, uint32_t dim, uint32_t **data, uint16_t *len);

/**
 * Binding point for acldvppGetHistRetCode.
 * @param [in] hist
 */
uint32_t acldvppGetHistRetCode(acldvppHist *hist);

/**
 * Binding point for acldvppClearHist.
 * @param [in] hist
 */
aclError acldvppClearHist(acldvppHist *hist);

/**
 * Binding point for acldvppVpcBatchCropResizeMakeBorderAsync.
 * @param [in] channelDesc
 * @param [in] srcBatchPicDescs
 * @param [in] roiNums
 * @param [in] size
 * @param [in,out] dstBatchPicDescs
 * @param [in] cropAreas
 * @param [in] borderCfgs
 * @param [in] resizeConfig
 * @param [in] stream
 */
aclError acldvppVpcBatchCropResizeMakeBorderAsync(acldvppChannelDesc *channelDesc, acldvppBatchPicDesc *srcBatchPicDescs, uint32_t *roiNums, uint32_t size, acldvppBatchPicDesc *dstBatchPicDescs, acldvppRoiConfig *cropAreas[], acldvppBorderConfig *borderCfgs[], acldvppResizeConfig *resizeConfig, aclrtStream stream);

/**
 * Binding point for acldvppSetChannelDescParam.
 * @param [out] channelDesc
 * @param [in] paramType
 * @param [in] length
 * @param [in] param
 */
aclError acldvppSetChannelDescParam(acldvppChannelDesc *channelDesc, acldvppChannelDescParamType paramType, size_t length, const void *param);

/**
 * Binding point for acldvppGetChannelDescParam.
 * @param [in] channelDesc
 * @param [in] paramType
 * @param [in] length
 * @param [out] paramRetSize
 * @param [out] param
 */
aclError acldvppGetChannelDescParam(const acldvppChannelDesc *channelDesc, acldvppChannelDescParamType paramType, size_t length, size_t *paramRetSize, void *param);

/**
 * Binding point for aclvdecSetChannelDescParam.
 * @param [out] channelDesc
 * @param [in] paramType
 * @param [in] length
 * @param [in] param
 */
aclError aclvdecSetChannelDescParam(aclvdecChannelDesc *channelDesc, aclvdecChannelDescParamType paramType, size_t length, const void *param);

/**
 * Binding point for aclvdecGetChannelDescParam.
 * @param [in] channelDesc
 * @param [in] paramType
 * @param [in] length
 * @param [out] paramRetSize
 * @param [out] param
 */
aclError aclvdecGetChannelDescParam(const aclvdecChannelDesc *channelDesc, aclvdecChannelDescParamType paramType, size_t length, size_t *paramRetSize, void *param);

#ifdef __cplusplus
}
#endif

#endif /* ACL_OPS_ACL_DVPP_H_ */
