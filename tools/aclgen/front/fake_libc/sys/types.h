/* Stand-in for <sys/types.h>. */
#ifndef ACLGEN_FAKE_SYS_TYPES_H
#define ACLGEN_FAKE_SYS_TYPES_H
#include <stddef.h>
typedef long ssize_t;
typedef long off_t;
typedef int pid_t;
#endif
