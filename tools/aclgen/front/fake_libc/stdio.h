/* Stand-in for <stdio.h>: only the type names an API header may mention. */
#ifndef ACLGEN_FAKE_STDIO_H
#define ACLGEN_FAKE_STDIO_H
#include <stddef.h>
#include <stdarg.h>
typedef struct _IO_FILE FILE;
#define EOF (-1)
#endif
