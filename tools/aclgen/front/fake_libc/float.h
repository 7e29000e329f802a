/* Stand-in for <float.h>: no values are needed to read declarations. */
#ifndef ACLGEN_FAKE_FLOAT_H
#define ACLGEN_FAKE_FLOAT_H
#endif
