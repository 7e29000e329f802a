/* Stand-in for <inttypes.h>. */
#ifndef ACLGEN_FAKE_INTTYPES_H
#define ACLGEN_FAKE_INTTYPES_H
#include <stdint.h>
#endif
