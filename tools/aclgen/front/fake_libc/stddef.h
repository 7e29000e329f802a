/* Stand-in for <stddef.h> used only while parsing API headers. */
#ifndef ACLGEN_FAKE_STDDEF_H
#define ACLGEN_FAKE_STDDEF_H
typedef unsigned long size_t;
typedef long ptrdiff_t;
typedef int wchar_t;
#define NULL ((void *)0)
#define offsetof(type, member) __builtin_offsetof(type, member)
#endif
