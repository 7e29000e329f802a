/* Process snapshots: lock the process's device work, back up the contents of every device
 * allocation to host memory, restore them, unlock; with callbacks at each stage. */
#include "emu.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_SNAPSHOT_CALLBACKS = 16, STAGE_COUNT = ACL_RT_SNAPSHOT_UNLOCK_POST + 1 };

typedef struct saved_block {
    void *base;
    size_t size;
    unsigned char *bytes;
} saved_block;

typedef struct stage_callback {
    aclrtSnapShotCallBack func;
    void *args;
} stage_callback;

static pthread_mutex_t snapshot_lock = PTHREAD_MUTEX_INITIALIZER;
static bool locked;
static saved_block *saved;
static size_t saved_count;
static bool have_backup;
static stage_callback callbacks[STAGE_COUNT][MAX_SNAPSHOT_CALLBACKS];
static size_t callback_count[STAGE_COUNT];

static void drop_backup_locked(void)
{
    for (size_t i = 0; i < saved_count; ++i) {
        free(saved[i].bytes);
    }
    free(saved);
    saved = NULL;
    saved_count = 0;
    have_backup = false;
}

/* Each callback of `stage` once per emulated device; a non-zero answer stops the operation. */
static aclError run_stage(aclrtSnapShotStage stage, const char *fn)
{
    stage_callback copy[MAX_SNAPSHOT_CALLBACKS];
    pthread_mutex_lock(&snapshot_lock);
    size_t n = callback_count[stage];
    memcpy(copy, callbacks[stage], n * sizeof *copy);
    pthread_mutex_unlock(&snapshot_lock);
    for (size_t i = 0; i < n; ++i) {
        for (uint32_t device = 0; device < aclemu_device_count(); ++device) {
            uint32_t rc = copy[i].func((int32_t)device, copy[i].args);
            if (rc != 0) {
                return aclemu_set_error(ACL_ERROR_FAILURE, "%s: a stage %d callback returned %u for device %u", fn,
                                        (int)stage, rc, device);
            }
        }
    }
    return ACL_SUCCESS;
}

static aclError check_pid(int pid, const char *fn)
{
    if (pid != (int)getpid()) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: pid %d is not this process (%d)", fn, pid,
                                (int)getpid());
    }
    return ACL_SUCCESS;
}

aclError aclrtSnapShotProcessLock(int pid, void *reserve)
{
    const char *fn = __func__;
    aclError err = check_pid(pid, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (reserve != NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: reserve must be NULL", fn);
    }
    pthread_mutex_lock(&snapshot_lock);
    bool already = locked;
    pthread_mutex_unlock(&snapshot_lock);
    if (already) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the process is already locked", fn);
    }
    err = run_stage(ACL_RT_SNAPSHOT_LOCK_PRE, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    /* the current device's work finishes first, so the contents are quiet when backed up */
    if (aclemu_current_device() >= 0) {
        err = aclrtSynchronizeDevice();
        if (err != ACL_SUCCESS) {
            return err;
        }
    }
    pthread_mutex_lock(&snapshot_lock);
    locked = true;
    pthread_mutex_unlock(&snapshot_lock);
    return ACL_SUCCESS;
}

aclError aclrtSnapShotProcessUnlock(int pid, void *reserve)
{
    const char *fn = __func__;
    aclError err = check_pid(pid, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (reserve != NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: reserve must be NULL", fn);
    }
    pthread_mutex_lock(&snapshot_lock);
    bool was = locked;
    locked = false;
    pthread_mutex_unlock(&snapshot_lock);
    if (!was) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the process is not locked", fn);
    }
    return run_stage(ACL_RT_SNAPSHOT_UNLOCK_POST, fn);
}

static aclError require_locked(int pid, const void *args, const char *fn)
{
    aclError err = check_pid(pid, fn);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (args == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: args is NULL", fn);
    }
    pthread_mutex_lock(&snapshot_lock);
    bool is_locked = locked;
    pthread_mutex_unlock(&snapshot_lock);
    if (!is_locked) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: lock the process first (aclrtSnapShotProcessLock)", fn);
    }
    return ACL_SUCCESS;
}

aclError aclrtSnapShotProcessBackup(int pid, aclrtSnapShotBackupArgs *args)
{
    const char *fn = __func__;
    aclError err = require_locked(pid, args, fn);
    if (err == ACL_SUCCESS) {
        err = run_stage(ACL_RT_SNAPSHOT_BACKUP_PRE, fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    size_t n = aclemu_mem_list(ACLEMU_MEM_DEVICE, NULL, 0);
    aclemu_alloc *blocks = calloc(n ? n : 1, sizeof *blocks);
    saved_block *copy = calloc(n ? n : 1, sizeof *copy);
    if (blocks == NULL || copy == NULL) {
        free(blocks);
        free(copy);
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", fn);
    }
    n = aclemu_mem_list(ACLEMU_MEM_DEVICE, blocks, n);
    pthread_mutex_lock(&snapshot_lock);
    drop_backup_locked();
    for (size_t i = 0; i < n && err == ACL_SUCCESS; ++i) {
        copy[i].base = blocks[i].base;
        copy[i].size = blocks[i].size;
        copy[i].bytes = malloc(blocks[i].size ? blocks[i].size : 1);
        if (copy[i].bytes == NULL) {
            err = aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory backing up %zu bytes", fn,
                                   blocks[i].size);
        } else {
            memcpy(copy[i].bytes, blocks[i].base, blocks[i].size);
        }
        saved_count = i + 1;
    }
    saved = copy;
    have_backup = err == ACL_SUCCESS;
    if (!have_backup) {
        drop_backup_locked();
    }
    pthread_mutex_unlock(&snapshot_lock);
    free(blocks);
    return err == ACL_SUCCESS ? run_stage(ACL_RT_SNAPSHOT_BACKUP_POST, fn) : err;
}

aclError aclrtSnapShotProcessRestore(int pid, aclrtSnapShotRestoreArgs *args)
{
    const char *fn = __func__;
    aclError err = require_locked(pid, args, fn);
    if (err == ACL_SUCCESS) {
        err = run_stage(ACL_RT_SNAPSHOT_RESTORE_PRE, fn);
    }
    if (err != ACL_SUCCESS) {
        return err;
    }
    size_t gone = 0;
    pthread_mutex_lock(&snapshot_lock);
    if (!have_backup) {
        pthread_mutex_unlock(&snapshot_lock);
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: there is no backup to restore", fn);
    }
    for (size_t i = 0; i < saved_count; ++i) {
        aclemu_alloc now;
        if (aclemu_mem_find(saved[i].base, &now) && now.base == saved[i].base && now.size == saved[i].size &&
            now.where == ACLEMU_MEM_DEVICE) {
            memcpy(saved[i].base, saved[i].bytes, saved[i].size);
        } else {
            gone++;
        }
    }
    pthread_mutex_unlock(&snapshot_lock);
    if (gone > 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM,
                                "%s: %zu backed-up allocation(s) were freed or replaced since the backup; the others "
                                "were restored",
                                fn, gone);
    }
    return run_stage(ACL_RT_SNAPSHOT_RESTORE_POST, fn);
}

aclError aclrtSnapShotCallbackRegister(aclrtSnapShotStage stage, aclrtSnapShotCallBack callback, void *args)
{
    if ((int)stage < 0 || (int)stage >= STAGE_COUNT || callback == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown stage %d or NULL callback", __func__,
                                (int)stage);
    }
    aclError err = ACL_SUCCESS;
    pthread_mutex_lock(&snapshot_lock);
    for (size_t i = 0; i < callback_count[stage]; ++i) {
        if (callbacks[stage][i].func == callback) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the callback is already registered", __func__);
        }
    }
    if (err == ACL_SUCCESS && callback_count[stage] == MAX_SNAPSHOT_CALLBACKS) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: at most %d callbacks per stage", __func__,
                               MAX_SNAPSHOT_CALLBACKS);
    }
    if (err == ACL_SUCCESS) {
        callbacks[stage][callback_count[stage]++] = (stage_callback){callback, args};
    }
    pthread_mutex_unlock(&snapshot_lock);
    return err;
}

aclError aclrtSnapShotCallbackUnregister(aclrtSnapShotStage stage, aclrtSnapShotCallBack callback)
{
    if ((int)stage < 0 || (int)stage >= STAGE_COUNT) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown stage %d", __func__, (int)stage);
    }
    aclError err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the callback is not registered", __func__);
    pthread_mutex_lock(&snapshot_lock);
    for (size_t i = 0; i < callback_count[stage]; ++i) {
        if (callbacks[stage][i].func == callback) {
            callbacks[stage][i] = callbacks[stage][--callback_count[stage]];
            err = ACL_SUCCESS;
            break;
        }
    }
    pthread_mutex_unlock(&snapshot_lock);
    return err;
}
