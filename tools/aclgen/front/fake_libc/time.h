/* Stand-in for <time.h>: only the type names an API header may mention. */
#ifndef ACLGEN_FAKE_TIME_H
#define ACLGEN_FAKE_TIME_H
#include <stddef.h>
typedef long time_t;
typedef long clock_t;
struct timespec;
struct timeval;
#endif
