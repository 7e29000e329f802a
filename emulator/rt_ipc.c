/* IPC memory between emulator processes (aclrtIpcMemGetExportKey / SetImportPid / SetAttr /
 * ImportPidInterServer / ImportByKey / Close).
 *
 * Exporting asks the core to move the allocation's pages onto a memfd (aclemu_mem_share) and
 * creates a one-page record shared with other processes (aclemu_shared_page_create): magic,
 * serial, the data memfd's number and offset, size, pid allow-list, closed flag. The key names
 * the exporting process and the record's descriptor: "aclemu_ipc_<pid>_<fd>_<serial>". An importer opens
 * /proc/<pid>/fd/<fd>, checks the record (magic and serial guard against a reused descriptor
 * number), its own pid against the allow-list, then opens the data memfd the same way and maps
 * it. Nothing is left in the file system when a process dies.
 *
 * Choices where the documentation is silent: at most RT_PID_LIST_MAX pids per key; the key buffer
 * must hold the whole key and its NUL (ACL_ERROR_INVALID_PARAM otherwise); importing in the
 * exporting process itself is allowed and maps the pages a second time; ACCESS_LINK attributes
 * are checked and remembered but change nothing (one host, no links); the inter-server pid list
 * is added to the allow-list, server ids ignored (every emulated process is on this host).
 * The exporter closing its key stops further imports; processes that imported keep their
 * mapping until they close the key.
 */
#define _GNU_SOURCE /* MAP_ANONYMOUS */
#include "emu.h"

#include "rt_pid_list.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
    IPC_KEY_MAX = 64,
    IPC_RECORD_BYTES = 4096
};
static const uint32_t IPC_MAGIC = 0x41495043; /* "AIPC" */

/* The key's record, in a memfd page shared with importers; written by the exporter only. */
typedef struct ipc_record {
    uint32_t magic;
    uint32_t closed;
    uint64_t serial;
    int32_t data_fd;
    uint64_t data_inode; /* tells the data memfd from a later file given the same number */
    uint64_t offset;
    uint64_t size;
    uint64_t access_link;
    rt_pid_list allowed;
} ipc_record;

typedef struct ipc_key {
    char name[IPC_KEY_MAX];
    bool exported;       /* true: this process exported it; false: imported */
    aclemu_shared_page shared; /* exporter: the record's memfd and mapping */
    ipc_record *record;  /* exporter: its mapped record */
    void *map_base;      /* importer: the mapping */
    size_t map_len;
    void *dev_ptr;       /* importer: the address given to the program, registered with the core */
    struct ipc_key *next;
} ipc_key;

static pthread_mutex_t ipc_lock = PTHREAD_MUTEX_INITIALIZER;
static ipc_key *keys;
static uint64_t next_serial = 1;

static size_t page_bytes(void)
{
    long page = sysconf(_SC_PAGESIZE);
    return page > 0 ? (size_t)page : 4096;
}

static ipc_key *find_locked(const char *name, bool exported)
{
    for (ipc_key *k = keys; k != NULL; k = k->next) {
        if (k->exported == exported && strcmp(k->name, name) == 0) {
            return k;
        }
    }
    return NULL;
}

static void unlink_locked(ipc_key *key)
{
    for (ipc_key **at = &keys; *at != NULL; at = &(*at)->next) {
        if (*at == key) {
            *at = key->next;
            return;
        }
    }
}

static void destroy_locked(ipc_key *key)
{
    unlink_locked(key);
    if (key->exported) {
        __atomic_store_n(&key->record->closed, 1, __ATOMIC_RELEASE);
        aclemu_shared_page_destroy(&key->shared);
    } else {
        aclemu_mem_remove_mapped(key->dev_ptr);
        munmap(key->map_base, key->map_len);
    }
    free(key);
}

static aclError check_key_arg(const char *key, const char *fn)
{
    if (key == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: key is NULL", fn);
    }
    if (memchr(key, '\0', IPC_KEY_MAX) == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: key is longer than %d characters", fn, IPC_KEY_MAX - 1);
    }
    return ACL_SUCCESS;
}

aclError aclrtIpcMemGetExportKey(void *devPtr, size_t size, char *key, size_t len, uint64_t flags)
{
    int32_t device;
    aclError err = aclemu_require_device(__func__, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (key == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: key is NULL", __func__);
    }
    if (flags > ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flags %" PRIu64 " is not an ACL_RT_IPC_MEM_EXPORT_FLAG_*",
                                __func__, flags);
    }
    int data_fd;
    size_t offset;
    err = aclemu_mem_share(devPtr, size, &data_fd, &offset, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    ipc_key *k = calloc(1, sizeof *k);
    if (k == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: no host memory", __func__);
    }
    err = aclemu_shared_page_create("aclemu-ipc-key", IPC_RECORD_BYTES, &k->shared, __func__);
    if (err != ACL_SUCCESS) {
        free(k);
        return err;
    }
    int record_fd = k->shared.fd;
    pthread_mutex_lock(&ipc_lock);
    uint64_t serial = next_serial++;
    k->exported = true;
    k->record = k->shared.page;
    snprintf(k->name, sizeof k->name, "aclemu_ipc_%d_%d_%" PRIu64, (int)getpid(), record_fd, serial);
    size_t needed = strlen(k->name) + 1;
    if (len < needed) {
        pthread_mutex_unlock(&ipc_lock);
        aclemu_shared_page_destroy(&k->shared);
        free(k);
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: len %zu cannot hold the key (%zu bytes with its NUL)",
                                __func__, len, needed);
    }
    struct stat data_stat;
    if (fstat(data_fd, &data_stat) != 0) {
        data_stat.st_ino = 0;
    }
    *k->record = (ipc_record){.magic = IPC_MAGIC, .serial = serial, .data_fd = data_fd,
                              .data_inode = (uint64_t)data_stat.st_ino,
                              .allowed = {.validate = flags != ACL_RT_IPC_MEM_EXPORT_FLAG_DISABLE_PID_VALIDATION,
                                          .owner = (int32_t)getpid()},
                              .offset = offset, .size = size};
    k->next = keys;
    keys = k;
    memcpy(key, k->name, needed);
    pthread_mutex_unlock(&ipc_lock);
    return ACL_SUCCESS;
}

/* Append pids to an exported key's allow-list. */
static aclError add_pids(const char *key, const int32_t *pids, size_t num, const char *fn)
{
    ipc_key *k = find_locked(key, true);
    if (k == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: \"%s\" is not a key exported by this process", fn, key);
    }
    return rt_pid_list_add(&k->record->allowed, pids, num, fn);
}

aclError aclrtIpcMemSetImportPid(const char *key, int32_t *pid, size_t num)
{
    aclError err = check_key_arg(key, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (pid == NULL || num == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: pid is NULL or num is 0", __func__);
    }
    err = rt_pid_array_check(pid, num, __func__, "pid");
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&ipc_lock);
    err = add_pids(key, pid, num, __func__);
    pthread_mutex_unlock(&ipc_lock);
    return err;
}

aclError aclrtIpcMemImportPidInterServer(const char *key, aclrtServerPid *serverPids, size_t num)
{
    aclError err = check_key_arg(key, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    err = rt_server_pids_check(serverPids, num, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&ipc_lock);
    for (size_t i = 0; i < num && err == ACL_SUCCESS; i++) {
        err = add_pids(key, serverPids[i].pid, serverPids[i].num, __func__);
    }
    pthread_mutex_unlock(&ipc_lock);
    return err;
}

aclError aclrtIpcMemSetAttr(const char *key, aclrtIpcMemAttrType type, uint64_t attr)
{
    aclError err = check_key_arg(key, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (type != ACL_RT_IPC_MEM_ATTR_ACCESS_LINK) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: type %d is not an aclrtIpcMemAttrType", __func__,
                                (int)type);
    }
    if (attr > ACL_RT_IPC_MEM_ATTR_ACCESS_LINK_UB_MULTI_PORT_PATH) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attr %" PRIu64 " is not an ACCESS_LINK value", __func__,
                                attr);
    }
    pthread_mutex_lock(&ipc_lock);
    ipc_key *k = find_locked(key, true);
    if (k == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: \"%s\" is not a key exported by this process", __func__,
                               key);
    } else {
        k->record->access_link = attr;
    }
    pthread_mutex_unlock(&ipc_lock);
    return err;
}

/* Read the exporter's record for `key` and map its memory; *out filled on success. */
static aclError import_key(const char *key, ipc_key *out, int32_t device, const char *fn)
{
    int pid, fd;
    uint64_t serial;
    char tail;
    if (sscanf(key, "aclemu_ipc_%d_%d_%" SCNu64 "%c", &pid, &fd, &serial, &tail) != 3) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: \"%s\" is not a key made by aclrtIpcMemGetExportKey",
                                fn, key);
    }
    int record_fd = aclemu_shared_open_remote(pid, fd);
    ipc_record record;
    bool readable = record_fd >= 0 && pread(record_fd, &record, sizeof record, 0) == (ssize_t)sizeof record;
    if (record_fd >= 0) {
        close(record_fd);
    }
    if (!readable || record.magic != IPC_MAGIC || record.serial != serial || record.closed) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: key \"%s\" is not open (its process ended, closed it or freed the memory)", fn,
                                key);
    }
    if (!rt_pid_list_admits(&record.allowed, (int32_t)getpid())) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: process %d is not in the allow-list of key \"%s\" (aclrtIpcMemSetImportPid)", fn,
                                (int)getpid(), key);
    }
    int data_fd = aclemu_shared_open_remote(pid, record.data_fd);
    struct stat data_stat;
    if (data_fd >= 0 && (fstat(data_fd, &data_stat) != 0 || (uint64_t)data_stat.st_ino != record.data_inode)) {
        close(data_fd);
        data_fd = -1;
    }
    if (data_fd < 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the memory of key \"%s\" was freed", fn, key);
    }
    size_t page = page_bytes();
    size_t lead = record.offset % page;
    size_t len = lead + record.size;
    void *base = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, data_fd, (off_t)(record.offset - lead));
    int saved = errno;
    close(data_fd);
    if (base == MAP_FAILED) {
        return aclemu_set_error(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot map key \"%s\": %s", fn, key,
                                strerror(saved));
    }
    void *dev_ptr = (char *)base + lead;
    aclError err = aclemu_mem_add_mapped(dev_ptr, record.size, device, ACLEMU_MAPPED_IPC, fn);
    if (err != ACL_SUCCESS) {
        munmap(base, len);
        return err;
    }
    out->map_base = base;
    out->map_len = len;
    out->dev_ptr = dev_ptr;
    return ACL_SUCCESS;
}

aclError aclrtIpcMemImportByKey(void **devPtr, const char *key, uint64_t flags)
{
    int32_t device;
    aclError err = aclemu_require_device(__func__, &device);
    if (err == ACL_SUCCESS) {
        err = check_key_arg(key, __func__);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (devPtr == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: devPtr is NULL", __func__);
    }
    if (flags > ACL_RT_IPC_MEM_IMPORT_FLAG_ENABLE_PEER_ACCESS) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: flags %" PRIu64 " is not an ACL_RT_IPC_MEM_IMPORT_FLAG_*",
                                __func__, flags);
    }
    ipc_key *k = calloc(1, sizeof *k);
    if (k == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: no host memory", __func__);
    }
    pthread_mutex_lock(&ipc_lock);
    if (find_locked(key, false) != NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: key \"%s\" is already imported by this process", __func__,
                               key);
    } else {
        err = import_key(key, k, device, __func__);
    }
    if (err == ACL_SUCCESS) {
        *devPtr = k->dev_ptr;
        snprintf(k->name, sizeof k->name, "%s", key);
        k->next = keys;
        keys = k;
    } else {
        free(k);
    }
    pthread_mutex_unlock(&ipc_lock);
    return err;
}

aclError aclrtIpcMemClose(const char *key)
{
    aclError err = check_key_arg(key, __func__);
    if (err != ACL_SUCCESS) {
        return err;
    }
    pthread_mutex_lock(&ipc_lock);
    ipc_key *k = find_locked(key, false);
    if (k == NULL) {
        k = find_locked(key, true);
    }
    if (k == NULL) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: \"%s\" is not a key this process exported or imported",
                               __func__, key);
    } else {
        destroy_locked(k);
    }
    pthread_mutex_unlock(&ipc_lock);
    return err;
}

/* Keys belong to the process: aclFinalize (device -1) closes what the program left open. */
static size_t release_keys(int32_t device, const char *fn)
{
    if (device >= 0) {
        return 0;
    }
    size_t count = 0;
    pthread_mutex_lock(&ipc_lock);
    while (keys != NULL) {
        destroy_locked(keys);
        count++;
    }
    pthread_mutex_unlock(&ipc_lock);
    if (count > 0 && aclemu_strict()) {
        aclemu_diag("%s: %zu IPC memory keys were never closed", fn, count);
    }
    return count;
}

__attribute__((constructor)) static void register_ipc_release(void)
{
    aclemu_on_release(release_keys);
}
