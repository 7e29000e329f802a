/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_DVPP_HI_DVPP_H_
#define ACL_DVPP_HI_DVPP_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_dvpp_common.h"
#include "hi_dvpp_pngd.h"
#include "hi_dvpp_sys.h"
#include "hi_dvpp_type.h"
#include "hi_dvpp_vb.h"
#include "hi_dvpp_vdec.h"
#include "hi_dvpp_venc.h"
#include "hi_dvpp_vpc.h"
#include "hi_region.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif

#endif /* ACL_DVPP_HI_DVPP_H_ */
