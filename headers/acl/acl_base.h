/* Written by tools/write_headers.py from ascendcl-api.json (API facts only); regenerate, do not edit. */
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
