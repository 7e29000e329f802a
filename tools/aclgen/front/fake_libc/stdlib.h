/* Stand-in for <stdlib.h>: only the type names an API header may mention. */
#ifndef ACLGEN_FAKE_STDLIB_H
#define ACLGEN_FAKE_STDLIB_H
#include <stddef.h>
#endif
