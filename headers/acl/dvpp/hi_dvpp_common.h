/* Written by tools/write_headers.py from ascendcl-api.json (API facts only); regenerate, do not edit. */
#ifndef ACL_DVPP_HI_DVPP_COMMON_H_
#define ACL_DVPP_HI_DVPP_COMMON_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_media_common.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif

#endif /* ACL_DVPP_HI_DVPP_COMMON_H_ */
