/*
 * TDT queue routes (acl_tdt_queue.h): bound routes forward every buf enqueued into a source
 * queue to its destination queues.
 *
 * A route object and a route list hold plain values (source, destination, status); binding
 * enters the routes into the process's table of bound routes, which tdt_queue_pump follows
 * whenever a queue changes: the head buf of a source moves once every destination has room, the
 * second and later destinations receiving acltdtCopyBufRef copies. Choices where the
 * documentation is silent: binding and unbinding go through the whole list and fail with the
 * first bad route's error after handling the others; a route of a destroyed queue stays in the
 * table as ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL until unbound; a source has at most
 * TDT_ROUTES_PER_SOURCE destinations; a query appends its matches to the list it is given.
 */
#include "tdt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TDT_ROUTES_PER_SOURCE 64u

struct acltdtQueueRoute {
    tdt_route value;
};

struct acltdtQueueRouteList {
    tdt_route *routes;
    size_t num;
    size_t cap;
};

struct acltdtQueueRouteQueryInfo {
    int32_t mode;
    bool has_mode;
    uint32_t src;
    bool has_src;
    uint32_t dst;
    bool has_dst;
};

static tdt_route *bound; /* guarded by tdt_queue_lock */
static size_t bound_num;

size_t tdt_routes_from(uint32_t src, uint32_t *dst, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < bound_num; ++i) {
        if (bound[i].src == src && bound[i].status == ACL_TDT_QUEUE_ROUTE_BIND) {
            if (n < max) {
                dst[n] = bound[i].dst;
            }
            ++n;
        }
    }
    return n;
}

void tdt_routes_queue_gone(uint32_t qid)
{
    for (size_t i = 0; i < bound_num; ++i) {
        if (bound[i].src == qid || bound[i].dst == qid) {
            bound[i].status = ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL;
        }
    }
}

static void *new_handle(size_t size, int kind, const char *fn)
{
    void *obj = calloc(1, size);
    if (obj == NULL) {
        aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        return NULL;
    }
    if (aclemu_handle_add(obj, kind) != ACL_SUCCESS) {
        free(obj);
        return NULL;
    }
    return obj;
}

static aclError bad_handle(const void *obj, const char *what, const char *fn)
{
    return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: %p is not a live %s", fn, obj, what);
}

/* Unregister under the lock, so no other call is using the object once this returns true. */
static bool take_handle(const void *obj, int kind)
{
    pthread_mutex_lock(&tdt_queue_lock);
    bool live = aclemu_handle_remove(obj, kind);
    pthread_mutex_unlock(&tdt_queue_lock);
    return live;
}

/* ----------------------------------------------------------- route objects */

acltdtQueueRoute *acltdtCreateQueueRoute(uint32_t srcId, uint32_t dstId)
{
    acltdtQueueRoute *route = new_handle(sizeof *route, TDT_KIND_ROUTE, "acltdtCreateQueueRoute");
    if (route != NULL) {
        route->value = (tdt_route){srcId, dstId, ACL_TDT_QUEUE_ROUTE_UNBIND};
    }
    return route;
}

aclError acltdtDestroyQueueRoute(const acltdtQueueRoute *route)
{
    if (!take_handle(route, TDT_KIND_ROUTE)) {
        return bad_handle(route, "queue route", "acltdtDestroyQueueRoute");
    }
    free((void *)route);
    return ACL_SUCCESS;
}

aclError acltdtGetQueueRouteParam(const acltdtQueueRoute *route, acltdtQueueRouteParamType type, size_t len,
                                  size_t *paramRetSize, void *param)
{
    static const char fn[] = "acltdtGetQueueRouteParam";
    if (paramRetSize == NULL || param == NULL || len < sizeof(uint32_t)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: paramRetSize or param is NULL, or len %zu is below 4",
                                fn, len);
    }
    pthread_mutex_lock(&tdt_queue_lock);
    aclError err = ACL_SUCCESS;
    if (!aclemu_handle_is(route, TDT_KIND_ROUTE)) {
        err = bad_handle(route, "queue route", fn);
    } else if (type == ACL_TDT_QUEUE_ROUTE_SRC_UINT32) {
        memcpy(param, &route->value.src, sizeof(uint32_t));
    } else if (type == ACL_TDT_QUEUE_ROUTE_DST_UINT32) {
        memcpy(param, &route->value.dst, sizeof(uint32_t));
    } else if (type == ACL_TDT_QUEUE_ROUTE_STATUS_INT32) {
        memcpy(param, &route->value.status, sizeof(int32_t));
    } else {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown parameter type %d", fn, (int)type);
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    if (err == ACL_SUCCESS) {
        *paramRetSize = sizeof(uint32_t);
    }
    return err;
}

/* ------------------------------------------------------------- route lists */

acltdtQueueRouteList *acltdtCreateQueueRouteList(void)
{
    return new_handle(sizeof(acltdtQueueRouteList), TDT_KIND_ROUTE_LIST, "acltdtCreateQueueRouteList");
}

aclError acltdtDestroyQueueRouteList(const acltdtQueueRouteList *routeList)
{
    if (!take_handle(routeList, TDT_KIND_ROUTE_LIST)) {
        return bad_handle(routeList, "queue route list", "acltdtDestroyQueueRouteList");
    }
    free(routeList->routes);
    free((void *)routeList);
    return ACL_SUCCESS;
}

static aclError list_append(acltdtQueueRouteList *list, tdt_route value, const char *fn)
{
    if (list->num == list->cap) {
        size_t cap = list->cap > 0 ? list->cap * 2 : 8;
        tdt_route *grown = realloc(list->routes, cap * sizeof *grown);
        if (grown == NULL) {
            return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
        }
        list->routes = grown;
        list->cap = cap;
    }
    list->routes[list->num++] = value;
    return ACL_SUCCESS;
}

aclError acltdtAddQueueRoute(acltdtQueueRouteList *routeList, const acltdtQueueRoute *route)
{
    static const char fn[] = "acltdtAddQueueRoute";
    pthread_mutex_lock(&tdt_queue_lock);
    aclError err;
    if (!aclemu_handle_is(routeList, TDT_KIND_ROUTE_LIST)) {
        err = bad_handle(routeList, "queue route list", fn);
    } else if (!aclemu_handle_is(route, TDT_KIND_ROUTE)) {
        err = bad_handle(route, "queue route", fn);
    } else {
        err = list_append(routeList, route->value, fn);
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    return err;
}

aclError acltdtGetQueueRoute(const acltdtQueueRouteList *routeList, size_t index, acltdtQueueRoute *route)
{
    static const char fn[] = "acltdtGetQueueRoute";
    pthread_mutex_lock(&tdt_queue_lock);
    aclError err = ACL_SUCCESS;
    if (!aclemu_handle_is(routeList, TDT_KIND_ROUTE_LIST)) {
        err = bad_handle(routeList, "queue route list", fn);
    } else if (!aclemu_handle_is(route, TDT_KIND_ROUTE)) {
        err = bad_handle(route, "queue route (create one to receive the values)", fn);
    } else if (index >= routeList->num) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: index %zu is outside the list's %zu routes", fn, index,
                               routeList->num);
    } else {
        route->value = routeList->routes[index];
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    return err;
}

size_t acltdtGetQueueRouteNum(const acltdtQueueRouteList *routeList)
{
    pthread_mutex_lock(&tdt_queue_lock);
    size_t num = 0;
    if (!aclemu_handle_is(routeList, TDT_KIND_ROUTE_LIST)) {
        bad_handle(routeList, "queue route list", "acltdtGetQueueRouteNum");
    } else {
        num = routeList->num;
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    return num;
}

/* ------------------------------------------------------- bind / unbind */

static size_t find_bound(uint32_t src, uint32_t dst)
{
    for (size_t i = 0; i < bound_num; ++i) {
        if (bound[i].src == src && bound[i].dst == dst) {
            return i;
        }
    }
    return bound_num;
}

static aclError bind_one(tdt_route *route, const char *fn)
{
    uint32_t ignored[1];
    if (route->src == route->dst || !tdt_queue_exists(route->src) || !tdt_queue_exists(route->dst)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: route %u -> %u needs two different live queues", fn,
                                route->src, route->dst);
    }
    if (find_bound(route->src, route->dst) < bound_num) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: route %u -> %u is bound already", fn, route->src,
                                route->dst);
    }
    if (tdt_routes_from(route->src, ignored, 0) >= TDT_ROUTES_PER_SOURCE) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: queue %u has %u routes already", fn, route->src,
                                TDT_ROUTES_PER_SOURCE);
    }
    tdt_route *grown = realloc(bound, (bound_num + 1) * sizeof *grown);
    if (grown == NULL) {
        return aclemu_set_error(ACL_ERROR_BAD_ALLOC, "%s: out of memory", fn);
    }
    bound = grown;
    route->status = ACL_TDT_QUEUE_ROUTE_BIND;
    bound[bound_num++] = *route;
    return ACL_SUCCESS;
}

static aclError unbind_one(tdt_route *route, const char *fn)
{
    size_t i = find_bound(route->src, route->dst);
    if (i == bound_num) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: route %u -> %u is not bound", fn, route->src,
                                route->dst);
    }
    bound[i] = bound[--bound_num];
    route->status = ACL_TDT_QUEUE_ROUTE_UNBIND;
    return ACL_SUCCESS;
}

static aclError each_route(acltdtQueueRouteList *list, aclError (*op)(tdt_route *, const char *), const char *fn)
{
    pthread_mutex_lock(&tdt_queue_lock);
    aclError first = ACL_SUCCESS;
    if (!aclemu_handle_is(list, TDT_KIND_ROUTE_LIST)) {
        first = bad_handle(list, "queue route list", fn);
    } else {
        char message[256] = "";
        for (size_t i = 0; i < list->num; ++i) {
            aclError err = op(&list->routes[i], fn);
            if (err != ACL_SUCCESS && first == ACL_SUCCESS) {
                first = err;
                const char *recorded = aclemu_peek_error();
                snprintf(message, sizeof message, "%s", recorded != NULL ? recorded : "");
            }
        }
        tdt_queue_pump();
        if (first != ACL_SUCCESS) {
            aclemu_set_error(first, "%s", message);
        }
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    return first;
}

aclError acltdtBindQueueRoutes(acltdtQueueRouteList *qRouteList)
{
    return each_route(qRouteList, bind_one, "acltdtBindQueueRoutes");
}

aclError acltdtUnbindQueueRoutes(acltdtQueueRouteList *qRouteList)
{
    return each_route(qRouteList, unbind_one, "acltdtUnbindQueueRoutes");
}

/* --------------------------------------------------------------- queries */

acltdtQueueRouteQueryInfo *acltdtCreateQueueRouteQueryInfo(void)
{
    return new_handle(sizeof(acltdtQueueRouteQueryInfo), TDT_KIND_ROUTE_QUERY, "acltdtCreateQueueRouteQueryInfo");
}

aclError acltdtDestroyQueueRouteQueryInfo(const acltdtQueueRouteQueryInfo *info)
{
    if (!take_handle(info, TDT_KIND_ROUTE_QUERY)) {
        return bad_handle(info, "queue route query info", "acltdtDestroyQueueRouteQueryInfo");
    }
    free((void *)info);
    return ACL_SUCCESS;
}

/* With the lock held and `info` live; the value is read only now that the handle is good. */
static aclError set_query_value(acltdtQueueRouteQueryInfo *info, acltdtQueueRouteQueryInfoParamType type,
                                const void *value, const char *fn)
{
    uint32_t v;
    memcpy(&v, value, sizeof v);
    if (type == ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM) {
        int32_t mode = (int32_t)v;
        if (mode != ACL_TDT_QUEUE_ROUTE_QUERY_SRC && mode != ACL_TDT_QUEUE_ROUTE_QUERY_DST &&
            mode != ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST && mode != ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown query mode %d", fn, (int)mode);
        }
        info->mode = mode;
        info->has_mode = true;
    } else if (type == ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32) {
        info->src = v;
        info->has_src = true;
    } else if (type == ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32) {
        info->dst = v;
        info->has_dst = true;
    } else {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: unknown parameter type %d", fn, (int)type);
    }
    return ACL_SUCCESS;
}

aclError acltdtSetQueueRouteQueryInfo(acltdtQueueRouteQueryInfo *param, acltdtQueueRouteQueryInfoParamType type,
                                      size_t len, const void *value)
{
    static const char fn[] = "acltdtSetQueueRouteQueryInfo";
    if (value == NULL || len < sizeof(uint32_t)) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: value is NULL or len %zu is below 4", fn, len);
    }
    pthread_mutex_lock(&tdt_queue_lock);
    aclError err = aclemu_handle_is(param, TDT_KIND_ROUTE_QUERY) ? set_query_value(param, type, value, fn)
                                                                 : bad_handle(param, "queue route query info", fn);
    pthread_mutex_unlock(&tdt_queue_lock);
    return err;
}

static bool matches(const acltdtQueueRouteQueryInfo *info, const tdt_route *route)
{
    switch (info->mode) {
    case ACL_TDT_QUEUE_ROUTE_QUERY_SRC:
        return route->src == info->src;
    case ACL_TDT_QUEUE_ROUTE_QUERY_DST:
        return route->dst == info->dst;
    case ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST:
        return route->src == info->src && route->dst == info->dst;
    default:
        return route->status == ACL_TDT_QUEUE_ROUTE_BIND_ABNORMAL;
    }
}

aclError acltdtQueryQueueRoutes(const acltdtQueueRouteQueryInfo *queryInfo, acltdtQueueRouteList *qRouteList)
{
    static const char fn[] = "acltdtQueryQueueRoutes";
    pthread_mutex_lock(&tdt_queue_lock);
    aclError err = ACL_SUCCESS;
    if (!aclemu_handle_is(queryInfo, TDT_KIND_ROUTE_QUERY)) {
        err = bad_handle(queryInfo, "queue route query info", fn);
    } else if (!aclemu_handle_is(qRouteList, TDT_KIND_ROUTE_LIST)) {
        err = bad_handle(qRouteList, "queue route list", fn);
    } else if (!queryInfo->has_mode) {
        err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the query mode is not set", fn);
    } else {
        bool need_src = queryInfo->mode == ACL_TDT_QUEUE_ROUTE_QUERY_SRC ||
                        queryInfo->mode == ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST;
        bool need_dst = queryInfo->mode == ACL_TDT_QUEUE_ROUTE_QUERY_DST ||
                        queryInfo->mode == ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST;
        if ((need_src && !queryInfo->has_src) || (need_dst && !queryInfo->has_dst)) {
            err = aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the mode needs the %s id, which is not set", fn,
                                   need_src && !queryInfo->has_src ? "source" : "destination");
        }
        for (size_t i = 0; err == ACL_SUCCESS && i < bound_num; ++i) {
            if (matches(queryInfo, &bound[i])) {
                err = list_append(qRouteList, bound[i], fn);
            }
        }
    }
    pthread_mutex_unlock(&tdt_queue_lock);
    return err;
}
