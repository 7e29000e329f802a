/* Stand-in for <unistd.h>: only the type names an API header may mention. */
#ifndef ACLGEN_FAKE_UNISTD_H
#define ACLGEN_FAKE_UNISTD_H
#include <stddef.h>
#include <sys/types.h>
#endif
