/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_ACL_BASE_H_
#define ACL_ACL_BASE_H_

#include <stdint.h>
#include <stddef.h>
#include "acl_base_mdl.h"
#include "acl_base_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif

#endif /* ACL_ACL_BASE_H_ */
