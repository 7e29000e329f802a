/* Stopping work (stream abort/stop, device task abort) and the callbacks the runtime calls on
 * state changes: stream create/destroy, device task abort, aclInit/aclFinalize. */
#include "emu.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NAME_CAPACITY = 64, MAX_CALLBACKS = 32 };

typedef struct named_callback {
    char name[NAME_CAPACITY];
    void (*func)(void); /* the registered function, cast back by its kind */
    void *args;
} named_callback;

typedef struct typed_callback {
    int type; /* aclRegisterCallbackType */
    void (*func)(void);
    void *user_data;
} typed_callback;

static pthread_mutex_t callbacks_lock = PTHREAD_MUTEX_INITIALIZER;
static named_callback stream_state[MAX_CALLBACKS];
static size_t stream_state_count;
static named_callback device_state[MAX_CALLBACKS];
static size_t device_state_count;
static named_callback task_abort[MAX_CALLBACKS];
static size_t task_abort_count;
static typed_callback on_init[MAX_CALLBACKS];
static size_t on_init_count;
static typed_callback on_finalize[MAX_CALLBACKS];
static size_t on_finalize_count;

/* Register (func non-NULL) or drop (func NULL) the callback of `name`: the runtime keys these
 * registrations by name, and a NULL callback cancels one. */
static aclError set_named(named_callback *table, size_t *count, const char *name, void (*func)(void), void *args,
                          const char *fn)
{
    if (name == NULL || name[0] == '\0' || strlen(name) >= NAME_CAPACITY) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: regName must be 1 to %d characters", fn,
                                NAME_CAPACITY - 1);
    }
    pthread_mutex_lock(&callbacks_lock);
    size_t at = 0;
    while (at < *count && strcmp(table[at].name, name) != 0) {
        at++;
    }
    aclError err = ACL_SUCCESS;
    if (func == NULL) {
        if (at == *count) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: no callback is registered as '%s'", fn, name);
        } else {
            table[at] = table[--*count];
        }
    } else if (at == *count && *count == MAX_CALLBACKS) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: at most %d callbacks", fn, MAX_CALLBACKS);
    } else {
        snprintf(table[at].name, sizeof table[at].name, "%s", name);
        table[at].func = func;
        table[at].args = args;
        *count += at == *count;
    }
    pthread_mutex_unlock(&callbacks_lock);
    return err;
}

/* A copy of a table, so that callbacks run without the lock (they may register others). */
static size_t copy_named(const named_callback *table, size_t count, named_callback *out)
{
    pthread_mutex_lock(&callbacks_lock);
    memcpy(out, table, count * sizeof *out);
    pthread_mutex_unlock(&callbacks_lock);
    return count;
}

aclError aclrtRegStreamStateCallback(const char *regName, aclrtStreamStateCallback callback, void *args)
{
    return set_named(stream_state, &stream_state_count, regName, (void (*)(void))callback, args, __func__);
}

/* Called around the set that takes a device into use and the reset that releases it (emu.h). */
aclError aclrtRegDeviceStateCallback(const char *regName, aclrtDeviceStateCallback callback, void *args)
{
    return set_named(device_state, &device_state_count, regName, (void (*)(void))callback, args, __func__);
}

static void device_state_changed(int32_t device, int state)
{
    named_callback copy[MAX_CALLBACKS];
    pthread_mutex_lock(&callbacks_lock);
    size_t n = device_state_count;
    pthread_mutex_unlock(&callbacks_lock);
    n = copy_named(device_state, n, copy);
    for (size_t i = 0; i < n; ++i) {
        ((aclrtDeviceStateCallback)copy[i].func)(device, (aclrtDeviceState)state, copy[i].args);
    }
}

aclError aclrtSetDeviceTaskAbortCallback(const char *regName, aclrtDeviceTaskAbortCallback callback, void *args)
{
    return set_named(task_abort, &task_abort_count, regName, (void (*)(void))callback, args, __func__);
}

static void stream_state_changed(aclrtStream stream, int state)
{
    if (state == ACL_RT_STREAM_STATE_DESTROY_PRE) {
        aclemu_allocator_forget_stream(stream); /* no task of it calls the allocator any more */
    }
    named_callback copy[MAX_CALLBACKS];
    pthread_mutex_lock(&callbacks_lock);
    size_t n = stream_state_count;
    pthread_mutex_unlock(&callbacks_lock);
    n = copy_named(stream_state, n, copy);
    for (size_t i = 0; i < n; ++i) {
        ((aclrtStreamStateCallback)copy[i].func)(stream, (aclrtStreamState)state, copy[i].args);
    }
}

/* --------------------------------------------------------- stopping work */

aclError aclrtStreamAbort(aclrtStream stream)
{
    return aclemu_stream_discard_pending(stream, NULL, __func__);
}

/* Like an abort, then waits for the task that was running: the stream is idle on return. */
aclError aclrtStreamStop(aclrtStream stream)
{
    aclError err = aclemu_stream_discard_pending(stream, NULL, __func__);
    return err != ACL_SUCCESS ? err : aclemu_stream_sync(stream, -1, __func__);
}

static aclError run_abort_callbacks(int32_t device, aclrtDeviceTaskAbortStage stage, uint32_t timeout)
{
    named_callback copy[MAX_CALLBACKS];
    pthread_mutex_lock(&callbacks_lock);
    size_t n = task_abort_count;
    pthread_mutex_unlock(&callbacks_lock);
    n = copy_named(task_abort, n, copy);
    for (size_t i = 0; i < n; ++i) {
        int32_t rc = ((aclrtDeviceTaskAbortCallback)copy[i].func)(device, stage, timeout, copy[i].args);
        if (rc != 0) {
            return aclemu_set_error(ACL_ERROR_RT_DEVICE_TASK_ABORT,
                                    "aclrtDeviceTaskAbort: callback '%s' returned %d at stage %d", copy[i].name, rc,
                                    (int)stage);
        }
    }
    return ACL_SUCCESS;
}

aclError aclrtDeviceTaskAbort(int32_t deviceId, uint32_t timeout)
{
    if (deviceId < 0 || (uint32_t)deviceId >= aclemu_device_count()) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: device %d does not exist (%u devices)", __func__,
                                deviceId, aclemu_device_count());
    }
    aclError err = run_abort_callbacks(deviceId, ACL_RT_DEVICE_TASK_ABORT_PRE, timeout);
    if (err == ACL_SUCCESS) {
        err = aclemu_device_discard_pending(deviceId, NULL, __func__);
    }
    if (err == ACL_SUCCESS) {
        err = run_abort_callbacks(deviceId, ACL_RT_DEVICE_TASK_ABORT_POST, timeout);
    }
    return err;
}

/* ------------------------------------------------ aclInit / aclFinalize */

static bool known_type(aclRegisterCallbackType type)
{
    return ((int)type >= ACL_REG_TYPE_ACL_MODEL && type <= ACL_REG_TYPE_ACL_RETR) || type == ACL_REG_TYPE_OTHER;
}

static aclError add_typed(typed_callback *table, size_t *count, aclRegisterCallbackType type, void (*func)(void),
                          void *user_data, const char *fn)
{
    if (!known_type(type) || func == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown type %d or NULL callback", fn, (int)type);
    }
    aclError err = ACL_SUCCESS;
    pthread_mutex_lock(&callbacks_lock);
    for (size_t i = 0; i < *count; ++i) {
        if (table[i].type == (int)type && table[i].func == func) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the callback is already registered for type %d",
                                   fn, (int)type);
        }
    }
    if (err == ACL_SUCCESS && *count == MAX_CALLBACKS) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: at most %d callbacks", fn, MAX_CALLBACKS);
    }
    if (err == ACL_SUCCESS) {
        table[(*count)++] = (typed_callback){(int)type, func, user_data};
    }
    pthread_mutex_unlock(&callbacks_lock);
    return err;
}

static aclError remove_typed(typed_callback *table, size_t *count, aclRegisterCallbackType type, void (*func)(void),
                             const char *fn)
{
    aclError err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the callback is not registered for type %d", fn,
                                    (int)type);
    pthread_mutex_lock(&callbacks_lock);
    for (size_t i = 0; i < *count; ++i) {
        if (table[i].type == (int)type && table[i].func == func) {
            memmove(&table[i], &table[i + 1], (*count - i - 1) * sizeof *table);
            --*count;
            err = ACL_SUCCESS;
            break;
        }
    }
    pthread_mutex_unlock(&callbacks_lock);
    return err;
}

aclError aclInitCallbackRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc, void *userData)
{
    return add_typed(on_init, &on_init_count, type, (void (*)(void))cbFunc, userData, __func__);
}

aclError aclInitCallbackUnRegister(aclRegisterCallbackType type, aclInitCallbackFunc cbFunc)
{
    return remove_typed(on_init, &on_init_count, type, (void (*)(void))cbFunc, __func__);
}

aclError aclFinalizeCallbackRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc, void *userData)
{
    return add_typed(on_finalize, &on_finalize_count, type, (void (*)(void))cbFunc, userData, __func__);
}

aclError aclFinalizeCallbackUnRegister(aclRegisterCallbackType type, aclFinalizeCallbackFunc cbFunc)
{
    return remove_typed(on_finalize, &on_finalize_count, type, (void (*)(void))cbFunc, __func__);
}

/* The init callbacks receive the text of the configuration file (empty without one), as the
 * runtime hands each module the configuration it was initialized with. */
static char *read_config(const char *path, size_t *len)
{
    *len = 0;
    FILE *file = path != NULL && path[0] != '\0' ? fopen(path, "rb") : NULL;
    size_t capacity = 256;
    char *text = malloc(capacity);
    while (text != NULL && file != NULL) {
        size_t got = fread(text + *len, 1, capacity - *len - 1, file);
        *len += got;
        if (got == 0) {
            break;
        }
        if (*len + 1 == capacity) {
            char *grown = realloc(text, capacity * 2);
            if (grown == NULL) {
                break;
            }
            text = grown;
            capacity *= 2;
        }
    }
    if (file != NULL) {
        fclose(file);
    }
    if (text != NULL) {
        text[*len] = '\0';
    }
    return text;
}

static aclError lifecycle(bool init, const char *config_path)
{
    typed_callback copy[MAX_CALLBACKS];
    pthread_mutex_lock(&callbacks_lock);
    size_t n = init ? on_init_count : on_finalize_count;
    memcpy(copy, init ? on_init : on_finalize, n * sizeof *copy);
    pthread_mutex_unlock(&callbacks_lock);
    if (n == 0) {
        return ACL_SUCCESS;
    }
    size_t len = 0;
    char *config = init ? read_config(config_path, &len) : NULL;
    aclError first = ACL_SUCCESS;
    for (size_t i = 0; i < n; ++i) {
        aclError rc = init ? ((aclInitCallbackFunc)copy[i].func)(config != NULL ? config : "", len, copy[i].user_data)
                           : ((aclFinalizeCallbackFunc)copy[i].func)(copy[i].user_data);
        if (rc != ACL_SUCCESS && first == ACL_SUCCESS) {
            first = aclemu_set_error(rc, "%s: the callback registered for type %d returned %d",
                                     init ? "aclInit" : "aclFinalize", copy[i].type, rc);
            if (init) {
                break;
            }
        }
    }
    free(config);
    return first;
}

__attribute__((constructor)) static void install_hooks(void)
{
    aclemu_set_stream_state_hook(stream_state_changed);
    aclemu_set_device_state_hook(device_state_changed);
    aclemu_set_lifecycle_hook(lifecycle);
}
