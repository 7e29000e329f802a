/*
 * Core groups (aclrtGetGroupCount, group info, aclrtSetGroup) and the timeline-scheduler choice
 * (aclrtSetTsDevice).
 *
 * A real device can be split into groups of AI cores; the emulated device is one group holding
 * all of its cores (our choice: the numbers match what aclrtGetDeviceInfo reports). Selecting a
 * group or a scheduler is only checked: with one group and one CPU there is nothing to route.
 */
#include "emu.h"

#include <stdlib.h>
#include <string.h>

#define KIND_GROUP_INFO (ACLEMU_KIND_AREA_FREE + 95)

enum { GROUP_COUNT = 1, GROUP_ATTR_COUNT = ACL_GROUP_GROUPID_INT + 1 };

/* aicore, aiv, aic, sdma queues, async submission queues, group id */
static const int32_t group_attributes[GROUP_COUNT][GROUP_ATTR_COUNT] = {{8, 16, 8, 4, 8, 0}};

struct tagRtGroupInfo {
    bool filled;
    int32_t values[GROUP_COUNT][GROUP_ATTR_COUNT];
};

aclError aclrtGetGroupCount(uint32_t *count)
{
    if (count == NULL) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: count is NULL", __func__);
    }
    int32_t device = -1;
    aclError err = aclemu_require_device(__func__, &device);
    if (err == ACL_SUCCESS) {
        *count = GROUP_COUNT;
    }
    return err;
}

aclrtGroupInfo *aclrtCreateGroupInfo(void)
{
    aclrtGroupInfo *info = calloc(1, sizeof *info);
    if (info == NULL || aclemu_handle_add(info, KIND_GROUP_INFO) != ACL_SUCCESS) {
        free(info);
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of host memory", __func__);
        return NULL;
    }
    return info;
}

aclError aclrtDestroyGroupInfo(aclrtGroupInfo *groupInfo)
{
    if (!aclemu_handle_remove(groupInfo, KIND_GROUP_INFO)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live group info", __func__,
                                (void *)groupInfo);
    }
    free(groupInfo);
    return ACL_SUCCESS;
}

aclError aclrtGetAllGroupInfo(aclrtGroupInfo *groupInfo)
{
    if (!aclemu_handle_is(groupInfo, KIND_GROUP_INFO)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live group info", __func__,
                                (void *)groupInfo);
    }
    int32_t device = -1;
    aclError err = aclemu_require_device(__func__, &device);
    if (err == ACL_SUCCESS) {
        memcpy(groupInfo->values, group_attributes, sizeof group_attributes);
        groupInfo->filled = true;
    }
    return err;
}

aclError aclrtGetGroupInfoDetail(const aclrtGroupInfo *groupInfo, int32_t groupIndex, aclrtGroupAttr attr,
                                 void *attrValue, size_t valueLen, size_t *paramRetSize)
{
    if (!aclemu_handle_is(groupInfo, KIND_GROUP_INFO)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live group info", __func__,
                                (const void *)groupInfo);
    }
    if (!groupInfo->filled) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the group info was not filled by aclrtGetAllGroupInfo",
                                __func__);
    }
    if (groupIndex < 0 || groupIndex >= GROUP_COUNT) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: group index %d is outside [0, %d)", __func__, groupIndex,
                                GROUP_COUNT);
    }
    if ((int)attr < 0 || (int)attr >= GROUP_ATTR_COUNT) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: attribute %d is not an aclrtGroupAttr", __func__,
                                (int)attr);
    }
    if (attrValue == NULL || paramRetSize == NULL || valueLen < sizeof(int32_t)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: needs attrValue of at least %zu bytes and paramRetSize",
                                __func__, sizeof(int32_t));
    }
    memcpy(attrValue, &groupInfo->values[groupIndex][attr], sizeof(int32_t));
    *paramRetSize = sizeof(int32_t);
    return ACL_SUCCESS;
}

aclError aclrtSetGroup(int32_t groupId)
{
    int32_t device = -1;
    aclError err = aclemu_require_device(__func__, &device);
    if (err != ACL_SUCCESS) {
        return err;
    }
    if (groupId < 0 || groupId >= GROUP_COUNT) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: group %d is outside [0, %d)", __func__, groupId,
                                GROUP_COUNT);
    }
    return ACL_SUCCESS;
}

aclError aclrtSetTsDevice(aclrtTsId tsId)
{
    if (tsId != ACL_TS_ID_AICORE && tsId != ACL_TS_ID_AIVECTOR) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %d is not ACL_TS_ID_AICORE or ACL_TS_ID_AIVECTOR",
                                __func__, (int)tsId);
    }
    return ACL_SUCCESS;
}
