/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_DVPP_HI_DVPP_TYPE_H_
#define ACL_DVPP_HI_DVPP_TYPE_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_type.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif

#endif /* ACL_DVPP_HI_DVPP_TYPE_H_ */
