/* Records shared with other emulator processes of the same user on this host (IPC memory keys,
 * IPC event handles, notify export keys). The owner keeps a memfd mapped; another process finds
 * it through /proc/<owner pid>/fd/<fd>, so nothing is left in the file system when a process
 * dies. The name the owner hands out carries pid, fd and a serial stored in the record, which
 * guards against a descriptor number reused for another file. */
#define _GNU_SOURCE /* memfd_create */
#include "emu.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

aclError aclemu_shared_page_create(const char *name, size_t bytes, aclemu_shared_page *out, const char *fn)
{
    int fd = memfd_create(name, MFD_CLOEXEC);
    void *page = MAP_FAILED;
    if (fd >= 0 && ftruncate(fd, (off_t)bytes) == 0) {
        page = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    }
    if (page == MAP_FAILED) {
        if (fd >= 0) {
            close(fd);
        }
        return aclemu_set_error(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot create a shared record", fn);
    }
    *out = (aclemu_shared_page){.fd = fd, .page = page, .bytes = bytes};
    return ACL_SUCCESS;
}

void aclemu_shared_page_destroy(aclemu_shared_page *shared)
{
    if (shared->page != NULL) {
        munmap(shared->page, shared->bytes);
        shared->page = NULL;
    }
    if (shared->fd >= 0) {
        close(shared->fd);
        shared->fd = -1;
    }
}

int aclemu_shared_open_remote(int pid, int fd)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/fd/%d", pid, fd);
    return open(path, O_RDWR | O_CLOEXEC);
}

bool aclemu_shared_page_open(int pid, int fd, size_t bytes, aclemu_shared_page *out)
{
    int remote = aclemu_shared_open_remote(pid, fd);
    if (remote < 0) {
        return false;
    }
    void *page = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, remote, 0);
    close(remote);
    if (page == MAP_FAILED) {
        return false;
    }
    *out = (aclemu_shared_page){.fd = -1, .page = page, .bytes = bytes};
    return true;
}
