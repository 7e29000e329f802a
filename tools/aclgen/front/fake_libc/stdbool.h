/* Stand-in for <stdbool.h>: `bool` is a typedef here so that the name survives preprocessing. */
#ifndef ACLGEN_FAKE_STDBOOL_H
#define ACLGEN_FAKE_STDBOOL_H
typedef _Bool bool;
#define true 1
#define false 0
#define __bool_true_false_are_defined 1
#endif
