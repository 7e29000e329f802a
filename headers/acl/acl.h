/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_ACL_H_
#define ACL_ACL_H_

#include <stdint.h>
#include <stddef.h>
#include "acl_mdl.h"
#include "acl_op.h"
#include "acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __cplusplus
}
#endif

#endif /* ACL_ACL_H_ */
