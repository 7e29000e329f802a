/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_MEDIA_HI_MPI_AF_H_
#define ACL_MEDIA_HI_MPI_AF_H_

#include <stdint.h>
#include <stddef.h>
#include "hi_common_af.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif

#endif /* ACL_MEDIA_HI_MPI_AF_H_ */
