/* Stand-in for <linux/ioctl.h>: the request-code macros, shaped like the kernel's (they use sizeof). */
#ifndef ACLGEN_FAKE_LINUX_IOCTL_H
#define ACLGEN_FAKE_LINUX_IOCTL_H
#define _IOC(dir, type, nr, size) (((dir) << 30) | ((type) << 8) | (nr) | ((size) << 16))
#define _IO(type, nr) _IOC(0U, (type), (nr), 0)
#define _IOR(type, nr, argtype) _IOC(2U, (type), (nr), sizeof(argtype))
#define _IOW(type, nr, argtype) _IOC(1U, (type), (nr), sizeof(argtype))
#define _IOWR(type, nr, argtype) _IOC(3U, (type), (nr), sizeof(argtype))
#endif
