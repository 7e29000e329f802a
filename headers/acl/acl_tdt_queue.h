/* The baseline AscendCL API as this project binds it: declarations only, maintained by hand here. */
#ifndef ACL_ACL_TDT_QUEUE_H_
#define ACL_ACL_TDT_QUEUE_H_

#include <stdint.h>
#include <stddef.h>
#include "acl_base_rt.h"

#define ACL_TDT_QUEUE_PERMISSION_DEQUEUE 2
#define ACL_TDT_QUEUE_PERMISSION_ENQUEUE 4
#define ACL_TDT_QUEUE_PERMISSION_MANAGE 1
#define ACL_TDT_QUEUE_ROUTE_BIND 1
#define ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL 2
#define ACL_TDT_QUEUE_ROUTE_UNBIND 0

#ifdef __cplusplus
extern "C" {
#endif

typedef void *acltdtBuf;

typedef struct tagMemQueueAttr acltdtQueueAttr;

typedef struct acltdtQueueRouteList acltdtQueueRouteList;

typedef struct acltdtQueueRouteQueryInfo acltdtQueueRouteQueryInfo;

typedef struct acltdtQueueRoute acltdtQueueRoute;

typedef enum {
    ACL_TDT_QUEUE_NAME_PTR = 0,
    ACL_TDT_QUEUE_DEPTH_UINT32 = 1,
} acltdtQueueAttrType;

typedef enum {
    ACL_TDT_QUEUE_ROUTE_SRC_UINT32 = 0,
    ACL_TDT_QUEUE_ROUTE_DST_UINT32 = 1,
    ACL_TDT_QUEUE_ROUTE_STATUS_INT32 = 2,
} acltdtQueueRouteParamType;

typedef enum {
    ACL_TDT_QUEUE_ROUTE_QUERY_SRC = 0,
    ACL_TDT_QUEUE_ROUTE_QUERY_DST = 1,
    ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST = 2,
    ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL = 100,
} acltdtQueueRouteQueryMode;

typedef enum {
    ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM = 0,
    ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32 = 1,
    ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32 = 2,
} acltdtQueueRouteQueryInfoParamType;

typedef enum {
    ACL_TDT_NORMAL_MEM = 0,
    ACL_TDT_DVPP_MEM = 1,
} acltdtAllocBufType;

/**
 * Binding point for acltdtCreateQueue.
 * @param [in] attr
 * @param [out] qid
 */
aclError acltdtCreateQueue(const acltdtQueueAttr *attr, uint32_t *qid);

/**
 * Binding point for acltdtDestroyQueue.
 * @param [in] qid
 */
aclError acltdtDestroyQueue(uint32_t qid);

/**
 * Binding point for acltdtEnqueue.
 * @param [in] qid
 * @param [in] buf
 * @param [in] timeout
 */
aclError acltdtEnqueue(uint32_t qid, acltdtBuf buf, int32_t timeout);

/**
 * Binding point for acltdtDequeue.
 * @param [in] qid
 * @param [out] buf
 * @param [in] timeout
 */
aclError acltdtDequeue(uint32_t qid, acltdtBuf *buf, int32_t timeout);

/**
 * Binding point for acltdtEnqueueData.
 * @param [in] qid
 * @param [in] data
 * @param [in] dataSize
 * @param [in] userData
 * @param [in] userDataSize
 * @param [in] timeout
 * @param [in] rsv
 */
aclError acltdtEnqueueData(uint32_t qid, const void *data, size_t dataSize, const void *userData, size_t userDataSize, int32_t timeout, uint32_t rsv);

/**
 * Binding point for acltdtDequeueData.
 * @param [in] qid
 * @param [in,out] data
 * @param [in] dataSize
 * @param [out] retDataSize
 * @param [in,out] userData
 * @param [in] userDataSize
 * @param [in] timeout
 */
aclError acltdtDequeueData(uint32_t qid, void *data, size_t dataSize, size_t *retDataSize, void *userData, size_t userDataSize, int32_t timeout);

/**
 * Binding point for acltdtGrantQueue.
 * @param [in] qid
 * @param [in] pid
 * @param [in] permission
 * @param [in] timeout
 */
aclError acltdtGrantQueue(uint32_t qid, int32_t pid, uint32_t permission, int32_t timeout);

/**
 * Binding point for acltdtAttachQueue.
 * @param [in] qid
 * @param [in] timeout
 * @param [out] permission
 */
aclError acltdtAttachQueue(uint32_t qid, int32_t timeout, uint32_t *permission);

/**
 * Binding point for acltdtBindQueueRoutes.
 * @param [in,out] qRouteList
 */
aclError acltdtBindQueueRoutes(acltdtQueueRouteList *qRouteList);

/**
 * Binding point for acltdtUnbindQueueRoutes.
 * @param [in,out] qRouteList
 */
aclError acltdtUnbindQueueRoutes(acltdtQueueRouteList *qRouteList);

/**
 * Binding point for acltdtQueryQueueRoutes.
 * @param [in] queryInfo
 * @param [in,out] qRouteList
 */
aclError acltdtQueryQueueRoutes(const acltdtQueueRouteQueryInfo *queryInfo, acltdtQueueRouteList *qRouteList);

/**
 * Binding point for acltdtAllocBuf.
 * @param [in] size
 * @param [in] type
 * @param [out] buf
 */
aclError acltdtAllocBuf(size_t size, uint32_t type, acltdtBuf *buf);

/**
 * Binding point for acltdtFreeBuf.
 * @param [in] buf
 */
aclError acltdtFreeBuf(acltdtBuf buf);

/**
 * Binding point for acltdtGetBufData.
 * @param [in] buf
 * @param [out] dataPtr
 * @param [out] size
 */
aclError acltdtGetBufData(const acltdtBuf buf, void **dataPtr, size_t *size);

/**
 * Binding point for acltdtSetBufDataLen.
 * @param [in] buf
 * @param [in] len
 */
aclError acltdtSetBufDataLen(acltdtBuf buf, size_t len);

/**
 * Binding point for acltdtGetBufDataLen.
 * @param [in] buf
 * @param [out] len
 */
aclError acltdtGetBufDataLen(acltdtBuf buf, size_t *len);

/**
 * Binding point for acltdtAppendBufChain.
 * @param [in] headBuf
 * @param [in] buf
 */
aclError acltdtAppendBufChain(acltdtBuf headBuf, acltdtBuf buf);

/**
 * Binding point for acltdtGetBufChainNum.
 * @param [in] headBuf
 * @param [out] num
 */
aclError acltdtGetBufChainNum(acltdtBuf headBuf, uint32_t *num);

/**
 * Binding point for acltdtGetBufFromChain.
 * @param [in] headBuf
 * @param [in] index
 * @param [out] buf
 */
aclError acltdtGetBufFromChain(acltdtBuf headBuf, uint32_t index, acltdtBuf *buf);

/**
 * Binding point for acltdtGetBufUserData.
 * @param [in] buf
 * @param [in,out] dataPtr
 * @param [in] size
 * @param [in] offset
 */
aclError acltdtGetBufUserData(const acltdtBuf buf, void *dataPtr, size_t size, size_t offset);

/**
 * Binding point for acltdtSetBufUserData.
 * @param [out] buf
 * @param [in] dataPtr
 * @param [in] size
 * @param [in] offset
 */
aclError acltdtSetBufUserData(acltdtBuf buf, const void *dataPtr, size_t size, size_t offset);

/**
 * Binding point for acltdtCopyBufRef.
 * @param [in] buf
 * @param [out] newBuf
 */
aclError acltdtCopyBufRef(const acltdtBuf buf, acltdtBuf *newBuf);

/**
 * Binding point for acltdtCreateQueueAttr.
 */
acltdtQueueAttr *acltdtCreateQueueAttr();

/**
 * Binding point for acltdtDestroyQueueAttr.
 * @param [in] attr
 */
aclError acltdtDestroyQueueAttr(const acltdtQueueAttr *attr);

/**
 * Binding point for acltdtSetQueueAttr.
 * @param [in,out] attr
 * @param [in] type
 * @param [in] len
 * @param [in] param
 */
aclError acltdtSetQueueAttr(acltdtQueueAttr *attr, acltdtQueueAttrType type, size_t len, const void *param);

/**
 * Binding point for acltdtGetQueueAttr.
 * @param [in] attr
 * @param [in] type
 * @param [in] len
 * @param [out] paramRetSize
 * @param [out] param
 */
aclError acltdtGetQueueAttr(const acltdtQueueAttr *attr, acltdtQueueAttrType type, size_t len, size_t *paramRetSize, void *param);

/**
 * Binding point for acltdtCreateQueueRoute.
 * @param [in] srcId
 * @param [in] dstId
 */
acltdtQueueRoute *acltdtCreateQueueRoute(uint32_t srcId, uint32_t dstId);

/**
 * Binding point for acltdtDestroyQueueRoute.
 * @param [in] route
 */
aclError acltdtDestroyQueueRoute(const acltdtQueueRoute *route);

/**
 * Binding point for acltdtGetQueueRouteParam.
 * @param [in] route
 * @param [in] type
 * @param [in] len
 * @param [out] paramRetSize
 * @param [out] param
 */
aclError acltdtGetQueueRouteParam(const acltdtQueueRoute *route, acltdtQueueRouteParamType type, size_t len, size_t *paramRetSize, void *param);

/**
 * Binding point for acltdtCreateQueueRouteList.
 */
acltdtQueueRouteList *acltdtCreateQueueRouteList();

/**
 * Binding point for acltdtDestroyQueueRouteList.
 * @param [in] routeList
 */
aclError acltdtDestroyQueueRouteList(const acltdtQueueRouteList *routeList);

/**
 * Binding point for acltdtAddQueueRoute.
 * @param [in,out] routeList
 * @param [in] route
 */
aclError acltdtAddQueueRoute(acltdtQueueRouteList *routeList, const acltdtQueueRoute *route);

/**
 * Binding point for acltdtGetQueueRoute.
 * @param [in] routeList
 * @param [in] index
 * @param [in,out] route
 */
aclError acltdtGetQueueRoute(const acltdtQueueRouteList *routeList, size_t index, acltdtQueueRoute *route);

/**
 * Binding point for acltdtGetQueueRouteNum.
 * @param [in] routeList
 */
size_t acltdtGetQueueRouteNum(const acltdtQueueRouteList *routeList);

/**
 * Binding point for acltdtCreateQueueRouteQueryInfo.
 */
acltdtQueueRouteQueryInfo *acltdtCreateQueueRouteQueryInfo();

/**
 * Binding point for acltdtDestroyQueueRouteQueryInfo.
 * @param [in] info
 */
aclError acltdtDestroyQueueRouteQueryInfo(const acltdtQueueRouteQueryInfo *info);

/**
 * Binding point for acltdtSetQueueRouteQueryInfo.
 * @param [in] param
 * @param [in] type
 * @param [in] len
 * @param [in] value (inferred)
 */
aclError acltdtSetQueueRouteQueryInfo(acltdtQueueRouteQueryInfo *param, acltdtQueueRouteQueryInfoParamType type, size_t len, const void *value);

#ifdef __cplusplus
}
#endif

#endif /* ACL_ACL_TDT_QUEUE_H_ */
