/* Registration of the media executor (media_executor.h). */
#include "emu.h"

#include "media_executor.h"

#include <pthread.h>

static pthread_mutex_t executor_lock = PTHREAD_MUTEX_INITIALIZER;
static aclemu_media_executor executor;
static bool registered;

int32_t aclemuSetMediaExecutor(const aclemu_media_executor *ops)
{
    if (ops != NULL && ops->abi_version != ACLEMU_MEDIA_EXECUTOR_ABI) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "aclemuSetMediaExecutor: ABI version %u, expected %u",
                                ops->abi_version, ACLEMU_MEDIA_EXECUTOR_ABI);
    }
    pthread_mutex_lock(&executor_lock);
    registered = ops != NULL;
    if (ops != NULL) {
        executor = *ops;
    }
    pthread_mutex_unlock(&executor_lock);
    return ACL_SUCCESS;
}

int aclemu_media_executor_get(aclemu_media_executor *out)
{
    pthread_mutex_lock(&executor_lock);
    bool ok = registered;
    if (ok) {
        *out = executor;
    }
    pthread_mutex_unlock(&executor_lock);
    return ok;
}
