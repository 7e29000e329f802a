/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_DVPP_HI_MEDIA_TYPE_H_
#define ACL_DVPP_HI_MEDIA_TYPE_H_

#include <stdint.h>
#include <stddef.h>

#define HI_FAILURE (-1)
#define HI_NULL 0L
#define HI_SUCCESS 0
#define hi_void void

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned char hi_u8;

typedef signed char hi_s8;

typedef unsigned short hi_u16;

typedef short hi_s16;

typedef unsigned int hi_u32;

typedef int hi_s32;

typedef unsigned long long hi_u64;

typedef long long hi_s64;

typedef char hi_char;

typedef double hi_double;

typedef hi_u32 hi_fr32;

typedef float hi_float;

typedef enum {
    HI_FALSE = 0,
    HI_TRUE = 1,
} hi_bool;

#ifdef __cplusplus
}
#endif

#endif /* ACL_DVPP_HI_MEDIA_TYPE_H_ */
