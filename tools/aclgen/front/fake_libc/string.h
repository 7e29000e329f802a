/* Stand-in for <string.h>: only the type names an API header may mention. */
#ifndef ACLGEN_FAKE_STRING_H
#define ACLGEN_FAKE_STRING_H
#include <stddef.h>
#endif
