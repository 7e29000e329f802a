/* JPEG and PNG headers, read in C: acldvppJpegGetImageInfo / PngGetImageInfo / Predict*Size
 * answer without a codec, and the decode tasks check the output buffer before decoding.
 * Every read is bounds-checked against the given size. */
#include "dvpp_codec.h"

#include <string.h>

enum {
    MARKER_SOI = 0xD8,
    MARKER_EOI = 0xD9,
    MARKER_SOS = 0xDA,
    MARKER_APP1 = 0xE1,
    MARKER_DHT = 0xC4,
    MARKER_JPG = 0xC8,
    MARKER_DAC = 0xCC,
    EXIF_ORIENTATION_TAG = 0x0112,
    PNG_SIGNATURE_LEN = 8,
    PNG_IHDR_LEN = 13
};

static uint32_t be16(const uint8_t *p)
{
    return (uint32_t)p[0] << 8 | p[1];
}

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t tiff16(const uint8_t *p, bool little)
{
    return little ? (uint32_t)p[1] << 8 | p[0] : be16(p);
}

static uint32_t tiff32(const uint8_t *p, bool little)
{
    return little ? (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0] : be32(p);
}

/* Orientation from an APP1 payload; 1 when it is not EXIF or is unreadable (the runtime, too,
 * decodes without turning when it cannot read the orientation). */
static uint32_t exif_orientation(const uint8_t *p, size_t len)
{
    static const uint8_t EXIF_ID[6] = {'E', 'x', 'i', 'f', 0, 0};
    if (len < 14 || memcmp(p, EXIF_ID, sizeof EXIF_ID) != 0) {
        return 1;
    }
    const uint8_t *tiff = p + 6;
    size_t tiff_len = len - 6;
    bool little = tiff[0] == 'I' && tiff[1] == 'I';
    if (!little && !(tiff[0] == 'M' && tiff[1] == 'M')) {
        return 1;
    }
    uint32_t ifd = tiff32(tiff + 4, little);
    if (ifd > tiff_len - 2) {
        return 1;
    }
    uint32_t entries = tiff16(tiff + ifd, little);
    for (uint32_t i = 0; i < entries; ++i) {
        size_t at = (size_t)ifd + 2 + (size_t)i * 12;
        if (at + 12 > tiff_len) {
            return 1;
        }
        if (tiff16(tiff + at, little) == EXIF_ORIENTATION_TAG) {
            uint32_t value = tiff16(tiff + at + 8, little);
            return value >= 1 && value <= 8 ? value : 1;
        }
    }
    return 1;
}

static acldvppJpegFormat subsampling(const uint8_t *sampling, int components)
{
    if (components == 1) {
        return ACL_JPEG_CSS_GRAY;
    }
    if (components != 3) {
        return ACL_JPEG_CSS_UNKNOWN;
    }
    uint32_t h0 = sampling[0] >> 4, v0 = sampling[0] & 15u;
    uint32_t h1 = sampling[1] >> 4, v1 = sampling[1] & 15u;
    if (sampling[1] != sampling[2] || h1 == 0 || v1 == 0 || h0 % h1 != 0 || v0 % v1 != 0) {
        return ACL_JPEG_CSS_UNKNOWN;
    }
    uint32_t h = h0 / h1, v = v0 / v1;
    if (h == 1 && v == 1) {
        return ACL_JPEG_CSS_444;
    }
    if (h == 2 && v == 1) {
        return ACL_JPEG_CSS_422;
    }
    if (h == 2 && v == 2) {
        return ACL_JPEG_CSS_420;
    }
    if (h == 1 && v == 2) {
        return ACL_JPEG_CSS_440;
    }
    if (h == 4 && v == 1) {
        return ACL_JPEG_CSS_411;
    }
    return ACL_JPEG_CSS_UNKNOWN;
}

static bool is_frame_marker(uint8_t m)
{
    return m >= 0xC0 && m <= 0xCF && m != MARKER_DHT && m != MARKER_JPG && m != MARKER_DAC;
}

static aclError read_frame_header(const uint8_t *p, size_t len, uint8_t marker, aclemu_jpeg_info *out,
                                  const char *fn)
{
    if (len < 6) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the JPEG frame header is cut short", fn);
    }
    int components = p[5];
    if (components == 0 || len < 6 + (size_t)components * 3) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the JPEG frame header lists %d components in %zu bytes",
                                fn, components, len);
    }
    uint8_t sampling[4] = {0};
    for (int c = 0; c < components && c < 4; ++c) {
        sampling[c] = p[6 + c * 3 + 1];
    }
    out->sof = marker;
    out->precision = p[0];
    out->height = be16(p + 1);
    out->width = be16(p + 3);
    out->components = components;
    out->css = subsampling(sampling, components);
    if (out->width == 0 || out->height == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the JPEG frame header gives a %ux%u picture", fn,
                                out->width, out->height);
    }
    return ACL_SUCCESS;
}

aclError aclemu_jpeg_parse(const uint8_t *data, size_t size, aclemu_jpeg_info *out, const char *fn)
{
    memset(out, 0, sizeof *out);
    out->orientation = 1;
    if (data == NULL || size < 4 || data[0] != 0xFF || data[1] != MARKER_SOI) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the data does not start with a JPEG SOI marker", fn);
    }
    size_t at = 2;
    bool have_frame = false;
    while (at + 4 <= size) {
        if (data[at] != 0xFF) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: no JPEG marker at byte %zu", fn, at);
        }
        uint8_t marker = data[at + 1];
        if (marker == 0xFF) { /* fill byte */
            ++at;
            continue;
        }
        if (marker == MARKER_EOI || marker == MARKER_SOS) {
            break;
        }
        if ((marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) { /* no length */
            at += 2;
            continue;
        }
        size_t len = be16(data + at + 2);
        if (len < 2 || at + 2 + len > size) {
            return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the JPEG segment at byte %zu runs past the data", fn,
                                    at);
        }
        const uint8_t *payload = data + at + 4;
        if (marker == MARKER_APP1) {
            uint32_t o = exif_orientation(payload, len - 2);
            if (o != 1) {
                out->orientation = o;
            }
        } else if (is_frame_marker(marker) && !have_frame) {
            aclError err = read_frame_header(payload, len - 2, marker, out, fn);
            if (err != ACL_SUCCESS) {
                return err;
            }
            have_frame = true;
        }
        at += 2 + len;
    }
    if (!have_frame) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the JPEG data has no frame header before its first scan",
                                fn);
    }
    return ACL_SUCCESS;
}

aclError aclemu_png_parse(const uint8_t *data, size_t size, aclemu_png_info *out, const char *fn)
{
    static const uint8_t SIGNATURE[PNG_SIGNATURE_LEN] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    memset(out, 0, sizeof *out);
    if (data == NULL || size < PNG_SIGNATURE_LEN + 8 + PNG_IHDR_LEN ||
        memcmp(data, SIGNATURE, PNG_SIGNATURE_LEN) != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the data does not start with a PNG signature", fn);
    }
    const uint8_t *ihdr = data + PNG_SIGNATURE_LEN;
    if (be32(ihdr) != PNG_IHDR_LEN || memcmp(ihdr + 4, "IHDR", 4) != 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the PNG data does not begin with an IHDR chunk", fn);
    }
    out->width = be32(ihdr + 8);
    out->height = be32(ihdr + 12);
    out->bit_depth = ihdr[16];
    out->color_type = ihdr[17];
    static const int8_t COMPONENTS[7] = {1, -1, 3, 3, 2, -1, 4}; /* by colour type */
    int components = out->color_type < 7 ? COMPONENTS[out->color_type] : -1;
    if (components < 0 || out->width == 0 || out->height == 0) {
        return aclemu_set_error(ACL_ERROR_INVALID_PARAM, "%s: the PNG IHDR is invalid (%ux%u, colour type %u)", fn,
                                out->width, out->height, out->color_type);
    }
    /* A palette with a transparency chunk decodes with alpha. */
    if (out->color_type == 3) {
        for (size_t at = PNG_SIGNATURE_LEN; at + 8 <= size;) {
            uint32_t len = be32(data + at);
            if (memcmp(data + at + 4, "tRNS", 4) == 0) {
                components = 4;
                break;
            }
            if (memcmp(data + at + 4, "IDAT", 4) == 0 || len > size - at - 8) {
                break;
            }
            at += (size_t)len + 12;
        }
    }
    out->components = components;
    return ACL_SUCCESS;
}
