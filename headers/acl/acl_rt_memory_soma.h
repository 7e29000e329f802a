/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_ACL_RT_MEMORY_SOMA_H_
#define ACL_ACL_RT_MEMORY_SOMA_H_

#include <stdint.h>
#include <stddef.h>
#include "acl_base_rt.h"
#include "acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef void *aclrtMemPool;

typedef enum aclrtMemPoolAttr {
    ACL_RT_MEM_POOL_REUSE_FOLLOW_EVENT_DEPENDENCIES = 1,
    ACL_RT_MEM_POOL_REUSE_ALLOW_OPPORTUNISTIC = 2,
    ACL_RT_MEM_POOL_REUSE_ALLOW_INTERNAL_DEPENDENCIES = 3,
    ACL_RT_MEM_POOL_ATTR_RELEASE_THRESHOLD = 4,
    ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_CURRENT = 5,
    ACL_RT_MEM_POOL_ATTR_RESERVED_MEM_HIGH = 6,
    ACL_RT_MEM_POOL_ATTR_USED_MEM_CURRENT = 7,
    ACL_RT_MEM_POOL_ATTR_USED_MEM_HIGH = 8,
} aclrtMemPoolAttr;

typedef struct {
    aclrtMemAllocationType allocType;
    aclrtMemHandleType handleType;
    aclrtMemLocation location;
    size_t maxSize;
    unsigned char reserved[32];
} aclrtMemPoolProps;

/**
 * Binding point for aclrtMemPoolCreate.
 * @param [out] memPool
 * @param [in] poolProps
 */
aclError aclrtMemPoolCreate(aclrtMemPool *memPool, const aclrtMemPoolProps *poolProps);

/**
 * Binding point for aclrtMemPoolDestroy.
 * @param [in] memPool
 */
aclError aclrtMemPoolDestroy(const aclrtMemPool memPool);

/**
 * Binding point for aclrtMemPoolSetAttr.
 * @param [in] memPool
 * @param [in] attr
 * @param [in] value
 */
aclError aclrtMemPoolSetAttr(aclrtMemPool memPool, aclrtMemPoolAttr attr, void *value);

/**
 * Binding point for aclrtMemPoolGetAttr.
 * @param [in] memPool
 * @param [in] attr
 * @param [out] value
 */
aclError aclrtMemPoolGetAttr(aclrtMemPool memPool, aclrtMemPoolAttr attr, void *value);

/**
 * Binding point for aclrtMemPoolMallocAsync.
 * @param [out] ptr
 * @param [in] size
 * @param [in] memPool
 * @param [in] stream
 */
aclError aclrtMemPoolMallocAsync(void **ptr, size_t size, aclrtMemPool memPool, aclrtStream stream);

/**
 * Binding point for aclrtMemPoolFreeAsync.
 * @param [in] ptr
 * @param [in] stream
 */
aclError aclrtMemPoolFreeAsync(void *ptr, aclrtStream stream);

/**
 * Binding point for aclrtMemPoolTrimTo.
 * @param [in] memPool
 * @param [in] minBytesToKeep
 */
aclError aclrtMemPoolTrimTo(aclrtMemPool memPool, size_t minBytesToKeep);

#ifdef __cplusplus
}
#endif

#endif /* ACL_ACL_RT_MEMORY_SOMA_H_ */
