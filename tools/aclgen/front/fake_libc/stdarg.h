/* Stand-in for <stdarg.h>. */
#ifndef ACLGEN_FAKE_STDARG_H
#define ACLGEN_FAKE_STDARG_H
typedef struct __aclgen_va_list *va_list;
#endif
