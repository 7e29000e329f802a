/* Written by tools/write_headers.py from ascendcl-api.json (API facts only); regenerate, do not edit. */
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
