/* Stand-in for <pthread.h>: handle types only. */
#ifndef ACLGEN_FAKE_PTHREAD_H
#define ACLGEN_FAKE_PTHREAD_H
typedef unsigned long pthread_t;
#endif
