/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_ACL_RT_ALLOCATOR_H_
#define ACL_ACL_RT_ALLOCATOR_H_

#include <stdint.h>
#include <stddef.h>
#include "acl_base_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef void *(*aclrtAllocatorAllocFunc)(aclrtAllocator, size_t);

typedef void (*aclrtAllocatorFreeFunc)(aclrtAllocator, aclrtAllocatorBlock);

typedef void *(*aclrtAllocatorAllocAdviseFunc)(aclrtAllocator, size_t, aclrtAllocatorAddr);

typedef void *(*aclrtAllocatorGetAddrFromBlockFunc)(aclrtAllocatorBlock);

/**
 * Binding point for aclrtAllocatorCreateDesc.
 */
aclrtAllocatorDesc aclrtAllocatorCreateDesc();

/**
 * Binding point for aclrtAllocatorDestroyDesc.
 * @param [in] allocatorDesc
 */
aclError aclrtAllocatorDestroyDesc(aclrtAllocatorDesc allocatorDesc);

/**
 * Binding point for aclrtAllocatorSetObjToDesc.
 * @param [in] allocatorDesc
 * @param [in] allocator
 */
aclError aclrtAllocatorSetObjToDesc(aclrtAllocatorDesc allocatorDesc, aclrtAllocator allocator);

/**
 * Binding point for aclrtAllocatorSetAllocFuncToDesc.
 * @param [in] allocatorDesc
 * @param [in] func
 */
aclError aclrtAllocatorSetAllocFuncToDesc(aclrtAllocatorDesc allocatorDesc, aclrtAllocatorAllocFunc func);

/**
 * Binding point for aclrtAllocatorSetFreeFuncToDesc.
 * @param [in] allocatorDesc
 * @param [in] func
 */
aclError aclrtAllocatorSetFreeFuncToDesc(aclrtAllocatorDesc allocatorDesc, aclrtAllocatorFreeFunc func);

/**
 * Binding point for aclrtAllocatorSetAllocAdviseFuncToDesc.
 * @param [in] allocatorDesc
 * @param [in] func
 */
aclError aclrtAllocatorSetAllocAdviseFuncToDesc(aclrtAllocatorDesc allocatorDesc, aclrtAllocatorAllocAdviseFunc func);

/**
 * Binding point for aclrtAllocatorSetGetAddrFromBlockFuncToDesc.
 * @param [in] allocatorDesc
 * @param [in] func
 */
aclError aclrtAllocatorSetGetAddrFromBlockFuncToDesc(aclrtAllocatorDesc allocatorDesc, aclrtAllocatorGetAddrFromBlockFunc func);

/**
 * Binding point for aclrtAllocatorRegister.
 * @param [in] stream
 * @param [in] allocatorDesc
 */
aclError aclrtAllocatorRegister(aclrtStream stream, aclrtAllocatorDesc allocatorDesc);

/**
 * Binding point for aclrtAllocatorGetByStream.
 * @param [in] stream
 * @param [out] allocatorDesc
 * @param [out] allocator (inferred)
 * @param [out] allocFunc
 * @param [out] freeFunc
 * @param [out] allocAdviseFunc
 * @param [out] getAddrFromBlockFunc
 */
aclError aclrtAllocatorGetByStream(aclrtStream stream, aclrtAllocatorDesc *allocatorDesc, aclrtAllocator *allocator, aclrtAllocatorAllocFunc *allocFunc, aclrtAllocatorFreeFunc *freeFunc, aclrtAllocatorAllocAdviseFunc *allocAdviseFunc, aclrtAllocatorGetAddrFromBlockFunc *getAddrFromBlockFunc);

/**
 * Binding point for aclrtAllocatorUnregister.
 * @param [in] stream
 */
aclError aclrtAllocatorUnregister(aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACL_ACL_RT_ALLOCATOR_H_ */
