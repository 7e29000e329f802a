/*
 * hi_mpi regions (hi_region.h): create / destroy, attach to and detach from VPC channels, display
 * attributes, canvases; attached regions are drawn onto every output of their channel's operations
 * (himpi_region_draw, called by the VPC operations when they finish).
 *
 * Choices where the documentation is silent (also in docs/himpi_vpc_filters.md):
 *  - types OVERLAYEX (a canvas bitmap: ARGB1555, ARGB4444 or ARGB8888, 2..4096 a side, 1 or 2
 *    canvases, filled with bg_color at creation), COVEREX and MOSAICEX; the others give
 *    HI_ERR_RGN_NOT_SUPPORT, as do channels of modules other than HI_ID_VPC (dev_id 0);
 *  - the canvas hi_mpi_rgn_get_canvas_info names is the one being drawn; hi_mpi_rgn_update_canvas
 *    shows it, and with two canvases the next get names the other one; nothing is shown before
 *    the first update; phys_addr is the canvas's host address (there is no second address space);
 *  - a region attaches to at most 16 channels; a channel must exist when a region attaches;
 *    chn_attr.type must be the region's type; shown regions are drawn in ascending layer order
 *    (then handle order); a region that does not fit an output, or an output format the drawing
 *    primitives do not take (they take YUV400, YUV420SP NV12 / NV21, RGB888, BGR888), is left out of that output (the
 *    reason is the thread's latest error message; the operation still succeeds);
 *  - cover coordinates HI_COORD_RATIO are thousandths of the output's width and height;
 *  - unknown handle, or a region not attached to that channel: HI_ERR_RGN_UNEXIST.
 */
#include "emu.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "himpi_vpc_pixels.h"

enum { RGN_MAX_ATTACH = 16, RGN_MAX_SIDE = 4096 };

typedef struct rgn_attach {
    bool used;
    hi_s32 chn;
    hi_rgn_chn_attr attr;
} rgn_attach;

typedef struct rgn {
    hi_rgn_attr attr;
    uint8_t *canvas[2];
    uint32_t stride;
    uint32_t drawing; /* canvas get_canvas_info names */
    int shown;        /* canvas drawn onto outputs, -1 before the first update */
    rgn_attach att[RGN_MAX_ATTACH];
} rgn;

static pthread_mutex_t rgn_lock = PTHREAD_MUTEX_INITIALIZER;
static rgn *rgn_table[HI_RGN_HANDLE_MAX];

static hi_s32 rgn_error(hi_u32 code, const char *fn, const char *why, long long v)
{
    return aclemu_set_error((aclError)code, "%s: %s (%lld)", fn, why, v);
}

static uint32_t canvas_bpp(hi_pixel_format f)
{
    return f == HI_PIXEL_FORMAT_ARGB_8888 ? 4 : (f == HI_PIXEL_FORMAT_ARGB_1555 || f == HI_PIXEL_FORMAT_ARGB_4444) ? 2 : 0;
}

static hi_s32 overlay_check(const hi_rgn_overlayex_attr *o, const char *fn)
{
    if (canvas_bpp(o->pixel_format) == 0) {
        return rgn_error(HI_ERR_RGN_NOT_SUPPORT, fn, "canvas pixel_format (ARGB1555, ARGB4444, ARGB8888)",
                         o->pixel_format);
    }
    if (o->size.width < 2 || o->size.height < 2 || o->size.width > RGN_MAX_SIDE || o->size.height > RGN_MAX_SIDE) {
        return rgn_error(HI_ERR_RGN_ILLEGAL_PARAM, fn, "canvas size outside [2, 4096] (width)", o->size.width);
    }
    if (o->canvas_num < 1 || o->canvas_num > 2) {
        return rgn_error(HI_ERR_RGN_ILLEGAL_PARAM, fn, "canvas_num outside [1, 2]", o->canvas_num);
    }
    return HI_SUCCESS;
}

static void canvas_fill(rgn *r, uint8_t *canvas)
{
    const hi_rgn_overlayex_attr *o = &r->attr.attr.overlayex;
    uint32_t bpp = canvas_bpp(o->pixel_format);
    uint8_t px[4];
    uint32_t c = o->bg_color;
    if (bpp == 4) {
        px[0] = (uint8_t)(c >> 24), px[1] = (uint8_t)(c >> 16), px[2] = (uint8_t)(c >> 8), px[3] = (uint8_t)c;
    } else {
        px[0] = (uint8_t)c, px[1] = (uint8_t)(c >> 8);
    }
    for (uint32_t y = 0; y < o->size.height; y++) {
        for (uint32_t x = 0; x < o->size.width; x++) {
            memcpy(canvas + (size_t)y * r->stride + (size_t)x * bpp, px, bpp);
        }
    }
}

static void rgn_free(rgn *r)
{
    if (r != NULL) {
        free(r->canvas[0]);
        free(r->canvas[1]);
        free(r);
    }
}

hi_s32 hi_mpi_rgn_create(hi_rgn_handle handle, const hi_rgn_attr *rgn_attr)
{
    static const char fn[] = "hi_mpi_rgn_create";
    if (rgn_attr == NULL) {
        return rgn_error(HI_ERR_RGN_NULL_PTR, fn, "rgn_attr is NULL", 0);
    }
    if (handle >= HI_RGN_HANDLE_MAX) {
        return rgn_error(HI_ERR_RGN_ILLEGAL_PARAM, fn, "handle outside [0, 1024)", handle);
    }
    hi_rgn_type type = rgn_attr->type;
    if (type != HI_RGN_OVERLAYEX && type != HI_RGN_COVEREX && type != HI_RGN_MOSAICEX) {
        return rgn_error(HI_ERR_RGN_NOT_SUPPORT, fn, "type (OVERLAYEX, COVEREX or MOSAICEX)", type);
    }
    hi_s32 ret = type == HI_RGN_OVERLAYEX ? overlay_check(&rgn_attr->attr.overlayex, fn) : HI_SUCCESS;
    if (ret != HI_SUCCESS) {
        return ret;
    }
    rgn *r = calloc(1, sizeof *r);
    bool ok = r != NULL;
    if (ok) {
        r->attr = *rgn_attr;
        r->shown = -1;
    }
    if (ok && type == HI_RGN_OVERLAYEX) {
        const hi_rgn_overlayex_attr *o = &rgn_attr->attr.overlayex;
        r->stride = (o->size.width * canvas_bpp(o->pixel_format) + 15u) & ~15u;
        for (uint32_t i = 0; ok && i < o->canvas_num; i++) {
            r->canvas[i] = calloc((size_t)r->stride, o->size.height);
            ok = r->canvas[i] != NULL;
            if (ok) {
                canvas_fill(r, r->canvas[i]);
            }
        }
    }
    if (!ok) {
        rgn_free(r);
        return rgn_error(HI_ERR_RGN_NO_MEM, fn, "out of memory", 0);
    }
    pthread_mutex_lock(&rgn_lock);
    bool taken = rgn_table[handle] != NULL;
    if (!taken) {
        rgn_table[handle] = r;
    }
    pthread_mutex_unlock(&rgn_lock);
    if (taken) {
        rgn_free(r);
        return rgn_error(HI_ERR_RGN_EXIST, fn, "handle exists", handle);
    }
    return HI_SUCCESS;
}

hi_s32 hi_mpi_rgn_destroy(hi_rgn_handle handle)
{
    rgn *r = NULL;
    pthread_mutex_lock(&rgn_lock);
    if (handle < HI_RGN_HANDLE_MAX) {
        r = rgn_table[handle];
        rgn_table[handle] = NULL;
    }
    pthread_mutex_unlock(&rgn_lock);
    if (r == NULL) {
        return rgn_error(HI_ERR_RGN_UNEXIST, "hi_mpi_rgn_destroy", "no region has this handle", handle);
    }
    rgn_free(r);
    return HI_SUCCESS;
}

/* The region of `handle` (lock held), or NULL after recording HI_ERR_RGN_UNEXIST. */
static rgn *rgn_find(hi_rgn_handle handle, const char *fn)
{
    rgn *r = handle < HI_RGN_HANDLE_MAX ? rgn_table[handle] : NULL;
    if (r == NULL) {
        rgn_error(HI_ERR_RGN_UNEXIST, fn, "no region has this handle", handle);
    }
    return r;
}

static hi_s32 mpp_chn_check(const hi_mpp_chn *chn, const char *fn)
{
    if (chn == NULL) {
        return rgn_error(HI_ERR_RGN_NULL_PTR, fn, "chn is NULL", 0);
    }
    if (chn->mod_id != HI_ID_VPC) {
        return rgn_error(HI_ERR_RGN_NOT_SUPPORT, fn, "mod_id (regions attach to HI_ID_VPC channels)", chn->mod_id);
    }
    if (chn->dev_id != 0) {
        return rgn_error(HI_ERR_RGN_INVALID_DEV_ID, fn, "dev_id must be 0", chn->dev_id);
    }
    if (chn->chn_id < 0 || chn->chn_id >= ACLEMU_HIMPI_MAX_CHN) {
        return rgn_error(HI_ERR_RGN_INVALID_CHN_ID, fn, "chn_id outside the VPC's channels", chn->chn_id);
    }
    return HI_SUCCESS;
}

static hi_s32 chn_attr_check(const rgn *r, const hi_rgn_chn_attr *a, const char *fn)
{
    if (a == NULL) {
        return rgn_error(HI_ERR_RGN_NULL_PTR, fn, "chn_attr is NULL", 0);
    }
    if (a->type != r->attr.type) {
        return rgn_error(HI_ERR_RGN_ILLEGAL_PARAM, fn, "chn_attr.type must be the region's type", a->type);
    }
    if (a->type == HI_RGN_OVERLAYEX &&
        (a->attr.overlayex_chn.fg_alpha > 255 || a->attr.overlayex_chn.bg_alpha > 255)) {
        return rgn_error(HI_ERR_RGN_ILLEGAL_PARAM, fn, "fg_alpha / bg_alpha above 255", a->attr.overlayex_chn.fg_alpha);
    }
    if (a->type == HI_RGN_COVEREX && a->attr.cover_chn.coord != HI_COORD_ABS && a->attr.cover_chn.coord != HI_COORD_RATIO) {
        return rgn_error(HI_ERR_RGN_ILLEGAL_PARAM, fn, "cover coord (0 absolute, 1 ratio)", a->attr.cover_chn.coord);
    }
    return HI_SUCCESS;
}

static rgn_attach *attach_find(rgn *r, hi_s32 chn)
{
    for (int i = 0; i < RGN_MAX_ATTACH; i++) {
        if (r->att[i].used && r->att[i].chn == chn) {
            return &r->att[i];
        }
    }
    return NULL;
}

hi_s32 hi_mpi_rgn_attach_to_chn(hi_rgn_handle handle, const hi_mpp_chn *chn, const hi_rgn_chn_attr *chn_attr)
{
    static const char fn[] = "hi_mpi_rgn_attach_to_chn";
    hi_s32 ret = mpp_chn_check(chn, fn);
    if (ret != HI_SUCCESS) {
        return ret;
    }
    vpc_chn *obj = aclemu_himpi_chn_acquire(ACLEMU_HIMPI_VPC, chn->chn_id);
    if (obj == NULL) {
        return rgn_error(HI_ERR_RGN_INVALID_CHN_ID, fn, "no VPC channel has this number", chn->chn_id);
    }
    aclemu_himpi_chn_release(obj);
    pthread_mutex_lock(&rgn_lock);
    rgn *r = rgn_find(handle, fn);
    ret = r == NULL ? (hi_s32)HI_ERR_RGN_UNEXIST : chn_attr_check(r, chn_attr, fn);
    if (ret == HI_SUCCESS && attach_find(r, chn->chn_id) != NULL) {
        ret = rgn_error(HI_ERR_RGN_EXIST, fn, "the region is attached to this channel already", chn->chn_id);
    }
    rgn_attach *slot = NULL;
    for (int i = 0; ret == HI_SUCCESS && slot == NULL && i < RGN_MAX_ATTACH; i++) {
        slot = r->att[i].used ? NULL : &r->att[i];
    }
    if (ret == HI_SUCCESS && slot == NULL) {
        ret = rgn_error(HI_ERR_RGN_NO_BUF, fn, "the region is attached to 16 channels", RGN_MAX_ATTACH);
    }
    if (ret == HI_SUCCESS) {
        *slot = (rgn_attach){true, chn->chn_id, *chn_attr};
    }
    pthread_mutex_unlock(&rgn_lock);
    return ret;
}

typedef enum { ATT_DETACH, ATT_SET, ATT_GET } att_op;

/* Detach, set or get the display attributes of handle's attachment to chn. */
static hi_s32 attachment_op(hi_rgn_handle handle, const hi_mpp_chn *chn, att_op op, const hi_rgn_chn_attr *in,
                            hi_rgn_chn_attr *out, const char *fn)
{
    hi_s32 ret = mpp_chn_check(chn, fn);
    if (ret == HI_SUCCESS && op == ATT_GET && out == NULL) {
        ret = rgn_error(HI_ERR_RGN_NULL_PTR, fn, "chn_attr is NULL", 0);
    }
    if (ret != HI_SUCCESS) {
        return ret;
    }
    pthread_mutex_lock(&rgn_lock);
    rgn *r = rgn_find(handle, fn);
    rgn_attach *a = r == NULL ? NULL : attach_find(r, chn->chn_id);
    ret = r == NULL ? (hi_s32)HI_ERR_RGN_UNEXIST : HI_SUCCESS;
    if (r != NULL && a == NULL) {
        ret = rgn_error(HI_ERR_RGN_UNEXIST, fn, "the region is not attached to channel", chn->chn_id);
    }
    if (a != NULL && op == ATT_SET) {
        ret = chn_attr_check(r, in, fn);
    }
    if (a != NULL && ret == HI_SUCCESS) {
        if (op == ATT_DETACH) {
            a->used = false;
        } else if (op == ATT_SET) {
            a->attr = *in;
        } else {
            *out = a->attr;
        }
    }
    pthread_mutex_unlock(&rgn_lock);
    return ret;
}

hi_s32 hi_mpi_rgn_detach_from_chn(hi_rgn_handle handle, const hi_mpp_chn *chn)
{
    return attachment_op(handle, chn, ATT_DETACH, NULL, NULL, "hi_mpi_rgn_detach_from_chn");
}

hi_s32 hi_mpi_rgn_set_display_attr(hi_rgn_handle handle, const hi_mpp_chn *chn, const hi_rgn_chn_attr *chn_attr)
{
    return attachment_op(handle, chn, ATT_SET, chn_attr, NULL, "hi_mpi_rgn_set_display_attr");
}

hi_s32 hi_mpi_rgn_get_display_attr(hi_rgn_handle handle, const hi_mpp_chn *chn, hi_rgn_chn_attr *chn_attr)
{
    return attachment_op(handle, chn, ATT_GET, NULL, chn_attr, "hi_mpi_rgn_get_display_attr");
}

/* The overlay region of handle (lock held), or NULL with *ret set. */
static rgn *overlay_find(hi_rgn_handle handle, hi_s32 *ret, const char *fn)
{
    rgn *r = rgn_find(handle, fn);
    *ret = r == NULL ? (hi_s32)HI_ERR_RGN_UNEXIST : HI_SUCCESS;
    if (r != NULL && r->attr.type != HI_RGN_OVERLAYEX) {
        *ret = rgn_error(HI_ERR_RGN_NOT_PERM, fn, "only OVERLAYEX regions have a canvas; type", r->attr.type);
        r = NULL;
    }
    return r;
}

hi_s32 hi_mpi_rgn_get_canvas_info(hi_rgn_handle handle, hi_rgn_canvas_info *canvas_info)
{
    static const char fn[] = "hi_mpi_rgn_get_canvas_info";
    if (canvas_info == NULL) {
        return rgn_error(HI_ERR_RGN_NULL_PTR, fn, "canvas_info is NULL", 0);
    }
    hi_s32 ret;
    pthread_mutex_lock(&rgn_lock);
    rgn *r = overlay_find(handle, &ret, fn);
    if (r != NULL) {
        memset(canvas_info, 0, sizeof *canvas_info);
        canvas_info->virt_addr = r->canvas[r->drawing];
        canvas_info->phys_addr = (hi_phys_addr_t)(uintptr_t)r->canvas[r->drawing];
        canvas_info->size = r->attr.attr.overlayex.size;
        canvas_info->stride = r->stride;
        canvas_info->pixel_format = r->attr.attr.overlayex.pixel_format;
    }
    pthread_mutex_unlock(&rgn_lock);
    return ret;
}

hi_s32 hi_mpi_rgn_update_canvas(hi_rgn_handle handle)
{
    static const char fn[] = "hi_mpi_rgn_update_canvas";
    hi_s32 ret;
    pthread_mutex_lock(&rgn_lock);
    rgn *r = overlay_find(handle, &ret, fn);
    if (r != NULL) {
        r->shown = (int)r->drawing;
        r->drawing = (r->drawing + 1) % r->attr.attr.overlayex.canvas_num;
    }
    pthread_mutex_unlock(&rgn_lock);
    return ret;
}

/* Draw one attachment onto p; a shape that does not fit is left out. */
static void draw_one(const himpi_pixels *p, const rgn *r, const rgn_attach *a)
{
    static const char fn[] = "hi_mpi_rgn (drawing an attached region)";
    if (r->attr.type == HI_RGN_COVEREX) {
        hi_cover cover = a->attr.attr.cover_chn.cover;
        if (a->attr.attr.cover_chn.coord == HI_COORD_RATIO && cover.type == HI_COVER_RECT) {
            cover.rect.x = (hi_s32)((int64_t)cover.rect.x * p->width / 1000);
            cover.rect.y = (hi_s32)((int64_t)cover.rect.y * p->height / 1000);
            cover.rect.width = (hi_u32)((uint64_t)cover.rect.width * p->width / 1000);
            cover.rect.height = (hi_u32)((uint64_t)cover.rect.height * p->height / 1000);
        }
        (void)himpi_draw_cover(p, &cover, fn);
    } else if (r->attr.type == HI_RGN_MOSAICEX) {
        hi_mosaic m = {a->attr.attr.mosaic_chn.blk_size, a->attr.attr.mosaic_chn.rect};
        (void)himpi_draw_mosaic(p, &m, fn);
    } else if (r->shown >= 0) {
        const hi_rgn_overlayex_attr *o = &r->attr.attr.overlayex;
        const hi_rgn_overlayex_chn_attr *oc = &a->attr.attr.overlayex_chn;
        hi_rect rect = {oc->point.x, oc->point.y, o->size.width, o->size.height};
        himpi_bitmap bm = {o->pixel_format, r->canvas[r->shown], r->stride, oc->fg_alpha, oc->bg_alpha, NULL,
                           HI_OSD_INVERTED_COLOR_NONE};
        (void)himpi_draw_bitmap(p, &rect, &bm, fn);
    }
}

static hi_u32 layer_of(const rgn *r, const rgn_attach *a)
{
    return r->attr.type == HI_RGN_COVEREX    ? a->attr.attr.cover_chn.layer
           : r->attr.type == HI_RGN_MOSAICEX ? a->attr.attr.mosaic_chn.layer
                                             : a->attr.attr.overlayex_chn.layer;
}

void himpi_region_draw(hi_vpc_chn chn, const himpi_pixels *p)
{
    pthread_mutex_lock(&rgn_lock);
    uint64_t done = 0; /* layers are drawn in passes of ascending (layer, handle) */
    for (;;) {
        uint64_t best = UINT64_MAX;
        for (uint32_t h = 0; h < HI_RGN_HANDLE_MAX; h++) {
            rgn *r = rgn_table[h];
            rgn_attach *a = r == NULL ? NULL : attach_find(r, chn);
            uint64_t key = a == NULL ? UINT64_MAX : ((uint64_t)layer_of(r, a) << 16 | h) + 1;
            if (a != NULL && a->attr.is_show && key > done && key < best) {
                best = key;
            }
        }
        if (best == UINT64_MAX) {
            break;
        }
        uint32_t h = (uint32_t)((best - 1) & 0xffff);
        draw_one(p, rgn_table[h], attach_find(rgn_table[h], chn));
        done = best;
    }
    pthread_mutex_unlock(&rgn_lock);
}
