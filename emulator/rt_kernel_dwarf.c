/*
 * Parameter lists of kernel functions from DWARF debug info (aclrtFunctionGetParamCount/Info).
 *
 * ELF symbols name functions but not their parameters; a binary built with -g describes them in
 * .debug_info. We find the function's DW_TAG_subprogram (by DW_AT_name or DW_AT_linkage_name, a
 * definition preferred over a declaration; a concrete instance takes its name and its parameters'
 * types through DW_AT_abstract_origin / DW_AT_specification), take its DW_TAG_formal_parameter
 * children in order and size each one's type: typedef/const/volatile/restrict/atomic chains are
 * followed; pointers and references are DW_AT_byte_size or the unit's address size; base types,
 * enums, structs, unions and arrays use DW_AT_byte_size (an array without one: element size times
 * its subrange counts).
 *
 * Layout rule (ours; the runtime's argument block is a C struct of the parameters): each parameter
 * starts at the next multiple of its alignment. The alignment is DW_AT_alignment when the type
 * (or a typedef on the way) carries it; a struct/union/class is the largest alignment of its
 * members (1 when it has none); an array is its element's; any other type is min(size, 8) rounded
 * down to a power of two. (So a 16-byte long double or __int128 counts as 8-aligned.)
 *
 * Supported: DWARF 2 to 5, 32- and 64-bit formats, compile/partial units, every form of DWARF 5
 * plus GNU's index/alt forms (the value of each is read or skipped by its size; an unknown form
 * is refused, since nothing after it could be found). Relocatable objects (ET_REL) carry their
 * string and unit offsets as RELA relocations: the absolute ones of x86-64 and AArch64 are applied
 * to private copies of .debug_info and .debug_str_offsets; any other type is refused, as are REL
 * relocations, compressed debug sections and type-unit references (DW_FORM_ref_sig8). Every read
 * is bounds-checked: malformed data answers ACL_ERROR_INVALID_FILE naming what was wrong.
 *
 * Hand-written: the generator binds declarations; reading DWARF is runtime behaviour.
 */
#include "rt_kernel_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_TYPE_DEPTH = 64, MAX_PARAMS = 4096, DIE_READS_PER_BYTE = 8, DIE_READS_EXTRA = 1000000 };

typedef struct section {
    const unsigned char *data;
    size_t size;
} section;

typedef struct dwarf {
    section info, abbrev, str, line_str, str_offsets;
    unsigned char *owned_info, *owned_str_offsets; /* relocated copies (ET_REL) */
    const char *fn, *function;
    uint64_t budget; /* DIE reads left: bounds the work malformed type graphs can cause */
    aclError err;    /* first error recorded, ACL_SUCCESS so far */
} dwarf;

typedef struct attr_spec {
    uint64_t name, form;
    int64_t implicit;
} attr_spec;

typedef struct abbrev {
    uint64_t code, tag;
    bool children;
    size_t first, count; /* slice of the unit's attr_spec array */
} abbrev;

typedef struct unit { /* one compile unit */
    uint64_t start, end;  /* section offsets: header start, end of the unit */
    uint64_t dies;        /* offset of its first DIE */
    unsigned version, offset_size, address_size;
    uint64_t str_offsets_base;
    abbrev *abbrevs;
    size_t abbrev_count;
    attr_spec *specs;
    size_t spec_count;
} unit;

typedef struct die {
    uint64_t offset, tag, next; /* next: offset just after its attributes */
    bool children, declaration;
    bool has_name, has_linkage, has_type, has_size, has_align, has_count, has_upper, has_origin, has_sibling;
    uint64_t name_form, name_value, linkage_form, linkage_value;
    uint64_t type, size, align, count, upper, lower, origin, sibling;
} die;

/* ------------------------------------------------------------ errors and reading */

static bool fail(dwarf *d, aclError code, const char *what, uint64_t where)
{
    if (d->err == ACL_SUCCESS && code == ACL_ERROR_INVALID_FILE) {
        d->err = aclemu_set_error(code, "%s: \"%s\": malformed debug info: %s (at offset 0x%llx)", d->fn,
                                  d->function, what, (unsigned long long)where);
    } else if (d->err == ACL_SUCCESS) {
        d->err = aclemu_set_error(code, "%s: \"%s\": no parameter list: %s", d->fn, d->function, what);
    }
    return false;
}

static bool malformed(dwarf *d, const char *what, uint64_t where)
{
    return fail(d, ACL_ERROR_INVALID_FILE, what, where);
}

static uint64_t le(const unsigned char *p, size_t n)
{
    uint64_t v = 0;
    for (size_t i = n; i-- > 0;) {
        v = v << 8 | p[i];
    }
    return v;
}

typedef struct reader {
    const unsigned char *base;
    size_t pos, end;
    bool ok;
} reader;

static uint64_t rd(reader *r, size_t n)
{
    if (!r->ok || n > r->end - r->pos) {
        r->ok = false;
        return 0;
    }
    uint64_t v = le(r->base + r->pos, n);
    r->pos += n;
    return v;
}

static void skip(reader *r, uint64_t n)
{
    if (!r->ok || n > r->end - r->pos) {
        r->ok = false;
        return;
    }
    r->pos += (size_t)n;
}

static uint64_t uleb(reader *r)
{
    uint64_t v = 0;
    for (unsigned shift = 0; r->ok; shift += 7) {
        uint64_t byte = rd(r, 1);
        if (shift < 64) {
            v |= (byte & 0x7F) << shift;
        }
        if ((byte & 0x80) == 0) {
            return v;
        }
    }
    return 0;
}

static int64_t sleb(reader *r)
{
    uint64_t v = 0;
    unsigned shift = 0;
    uint64_t byte = 0x80;
    while (r->ok && (byte & 0x80) != 0) {
        byte = rd(r, 1);
        if (shift < 64) {
            v |= (byte & 0x7F) << shift;
        }
        shift += 7;
    }
    if (shift < 64 && (byte & 0x40) != 0) {
        v |= ~(uint64_t)0 << shift;
    }
    return (int64_t)v;
}

/* ------------------------------------------------------------ ELF sections and relocations */

typedef struct elf {
    const unsigned char *bytes;
    size_t size, shoff, shentsize, shnum;
    unsigned type, machine;
} elf;

static const unsigned char *section_header(const elf *e, size_t i)
{
    return e->bytes + e->shoff + i * e->shentsize;
}

static bool section_bytes(dwarf *d, const elf *e, size_t i, section *out)
{
    const unsigned char *sh = section_header(e, i);
    uint64_t type = le(sh + 4, 4), flags = le(sh + 8, 8), off = le(sh + 0x18, 8), size = le(sh + 0x20, 8);
    if (type == 8 /* SHT_NOBITS */) {
        return malformed(d, "a debug section has no bytes in the file (SHT_NOBITS)", i);
    }
    if (flags & 0x800 /* SHF_COMPRESSED */) {
        return fail(d, ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                    "the debug sections are compressed; build the kernel without -gz", i);
    }
    if (off > e->size || size > e->size - off) {
        return malformed(d, "a debug section lies outside the file", off);
    }
    out->data = e->bytes + off;
    out->size = size;
    return true;
}

/* Applies the RELA section `rela` to `copy` (a private copy of the section it relocates). */
static bool apply_relocations(dwarf *d, const elf *e, size_t rela, unsigned char *copy, size_t copy_size)
{
    const unsigned char *sh = section_header(e, rela);
    uint64_t off = le(sh + 0x18, 8), size = le(sh + 0x20, 8), link = le(sh + 0x28, 4), entsize = le(sh + 0x38, 8);
    if (off > e->size || size > e->size - off || entsize < 24 || link >= e->shnum) {
        return malformed(d, "a .rela.debug section or its symbol table is out of bounds", rela);
    }
    const unsigned char *symsh = section_header(e, link);
    uint64_t symoff = le(symsh + 0x18, 8), symsize = le(symsh + 0x20, 8);
    if (symoff > e->size || symsize > e->size - symoff) {
        return malformed(d, "the symbol table of a .rela.debug section lies outside the file", symoff);
    }
    for (uint64_t at = 0; at + entsize <= size; at += entsize) {
        const unsigned char *r = e->bytes + off + at;
        uint64_t where = le(r, 8), info = le(r + 8, 8), sym = info >> 32, type = info & 0xFFFFFFFFu;
        int64_t addend = (int64_t)le(r + 16, 8);
        size_t width;
        if (type == 0) {
            continue; /* R_X86_64_NONE, R_AARCH64_NONE */
        } else if (e->machine == 62 && type == 1) { /* R_X86_64_64 */
            width = 8;
        } else if (e->machine == 62 && (type == 10 || type == 11)) { /* R_X86_64_32, _32S */
            width = 4;
        } else if (e->machine == 183 && type == 257) { /* R_AARCH64_ABS64 */
            width = 8;
        } else if (e->machine == 183 && type == 258) { /* R_AARCH64_ABS32 */
            width = 4;
        } else {
            char what[256];
            snprintf(what, sizeof what, "relocation type %llu of machine %u in a .rela.debug section is not an "
                     "absolute one the emulator applies (x86-64 and AArch64 64/32-bit only); link the object into "
                     "a shared library", (unsigned long long)type, e->machine);
            return fail(d, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, what, off + at);
        }
        if (sym * 24 + 24 > symsize || where > copy_size || width > copy_size - where) {
            return malformed(d, "a debug relocation names a symbol or place out of bounds", off + at);
        }
        uint64_t value = le(e->bytes + symoff + sym * 24 + 8, 8) + (uint64_t)addend;
        for (size_t k = 0; k < width; k++) {
            copy[where + k] = (unsigned char)(value >> (8 * k));
        }
    }
    return true;
}

/* A private, relocated copy of section `index` when an ET_REL file has relocations for it. */
static bool relocate(dwarf *d, const elf *e, size_t index, section *s, unsigned char **owned)
{
    if (e->type != 1 /* ET_REL */ || s->data == NULL) {
        return true;
    }
    for (size_t i = 0; i < e->shnum; i++) {
        const unsigned char *sh = section_header(e, i);
        uint64_t type = le(sh + 4, 4), target = le(sh + 0x2C, 4);
        if ((type != 4 /* SHT_RELA */ && type != 9 /* SHT_REL */) || target != index) {
            continue;
        }
        if (type == 9) {
            return fail(d, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "REL relocations of debug sections are not supported "
                        "(only RELA); link the object into a shared library", i);
        }
        if (*owned == NULL) {
            *owned = malloc(s->size ? s->size : 1);
            if (*owned == NULL) {
                return fail(d, ACL_ERROR_BAD_ALLOC, "out of host memory copying a debug section", index);
            }
            memcpy(*owned, s->data, s->size);
            s->data = *owned;
        }
        if (!apply_relocations(d, e, i, *owned, s->size)) {
            return false;
        }
    }
    return true;
}

/* Finds the debug sections of a little-endian ELF64 image (ELF32 has none we read). */
static bool open_sections(dwarf *d, const unsigned char *bytes, size_t size)
{
    if (size < 64 || memcmp(bytes, "\x7f" "ELF", 4) != 0 || bytes[4] != 2 || bytes[5] != 1) {
        return fail(d, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "the binary is not a little-endian ELF64 file, so it "
                    "carries no DWARF the emulator reads", 0);
    }
    elf e = {bytes, size, le(bytes + 0x28, 8), le(bytes + 0x3A, 2), le(bytes + 0x3C, 2), (unsigned)le(bytes + 0x10, 2),
             (unsigned)le(bytes + 0x12, 2)};
    size_t shstrndx = le(bytes + 0x3E, 2);
    if (e.shentsize < 64 || e.shoff > size || e.shentsize * e.shnum > size - e.shoff || shstrndx >= e.shnum) {
        return malformed(d, "the ELF section headers are out of bounds", e.shoff);
    }
    const unsigned char *strsh = section_header(&e, shstrndx);
    uint64_t names = le(strsh + 0x18, 8), names_size = le(strsh + 0x20, 8);
    if (names > size || names_size > size - names) {
        return malformed(d, "the ELF section name table is out of bounds", names);
    }
    static const char *const wanted[] = {".debug_info", ".debug_abbrev", ".debug_str", ".debug_line_str",
                                         ".debug_str_offsets"};
    section *slots[] = {&d->info, &d->abbrev, &d->str, &d->line_str, &d->str_offsets};
    size_t index[5] = {0};
    for (size_t i = 0; i < e.shnum; i++) {
        uint64_t name = le(section_header(&e, i), 4);
        if (name >= names_size) {
            continue;
        }
        const char *text = (const char *)bytes + names + name;
        size_t room = names_size - name;
        for (size_t k = 0; k < 5; k++) {
            size_t len = strlen(wanted[k]);
            if (slots[k]->data == NULL && room > len && memcmp(text, wanted[k], len + 1) == 0) {
                if (!section_bytes(d, &e, i, slots[k])) {
                    return false;
                }
                index[k] = i;
            }
        }
    }
    if (d->info.data == NULL || d->abbrev.data == NULL) {
        return fail(d, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "the binary has no DWARF debug info (.debug_info), which "
                    "describes parameters; compile the kernel with -g", 0);
    }
    return relocate(d, &e, index[0], &d->info, &d->owned_info) &&
           relocate(d, &e, index[4], &d->str_offsets, &d->owned_str_offsets);
}

/* ------------------------------------------------------------ attribute values */

typedef struct value {
    uint64_t u;
    bool is_ref, is_const, is_flag, is_string;
} value;

/* Reads (or skips) one attribute value of `form`. */
static bool read_value(dwarf *d, const unit *u, reader *r, uint64_t form, int64_t implicit, value *v)
{
    memset(v, 0, sizeof *v);
    unsigned os = u->offset_size;
    switch (form) {
    case 0x01: skip(r, u->address_size); break;                                   /* addr */
    case 0x03: skip(r, rd(r, 2)); break;                                          /* block2 */
    case 0x04: skip(r, rd(r, 4)); break;                                          /* block4 */
    case 0x09: case 0x18: skip(r, uleb(r)); break;                                /* block, exprloc */
    case 0x0a: skip(r, rd(r, 1)); break;                                          /* block1 */
    case 0x0b: v->u = rd(r, 1); v->is_const = true; break;                        /* data1 */
    case 0x05: v->u = rd(r, 2); v->is_const = true; break;                        /* data2 */
    case 0x06: v->u = rd(r, 4); v->is_const = true; break;                        /* data4 */
    case 0x07: v->u = rd(r, 8); v->is_const = true; break;                        /* data8 */
    case 0x1e: skip(r, 16); break;                                                /* data16 */
    case 0x0d: v->u = (uint64_t)sleb(r); v->is_const = true; break;               /* sdata */
    case 0x0f: v->u = uleb(r); v->is_const = true; break;                         /* udata */
    case 0x21: v->u = (uint64_t)implicit; v->is_const = true; break;              /* implicit_const */
    case 0x0c: v->u = rd(r, 1) != 0; v->is_flag = true; break;                    /* flag */
    case 0x19: v->u = 1; v->is_flag = true; break;                                /* flag_present */
    case 0x08: {                                                                  /* string */
        size_t start = r->pos;
        const void *nul = r->ok ? memchr(r->base + start, 0, r->end - start) : NULL;
        if (nul == NULL) {
            r->ok = false;
            break;
        }
        r->pos = (size_t)((const unsigned char *)nul - r->base) + 1;
        v->u = start;
        v->is_string = true;
        break;
    }
    case 0x0e: case 0x1f: v->u = rd(r, os); v->is_string = true; break;           /* strp, line_strp */
    case 0x1a: case 0x1f02: v->u = uleb(r); v->is_string = true; break;           /* strx, GNU_str_index */
    case 0x25: v->u = rd(r, 1); v->is_string = true; break;                       /* strx1 */
    case 0x26: v->u = rd(r, 2); v->is_string = true; break;                       /* strx2 */
    case 0x27: v->u = rd(r, 3); v->is_string = true; break;                       /* strx3 */
    case 0x28: v->u = rd(r, 4); v->is_string = true; break;                       /* strx4 */
    case 0x1d: case 0x1f21: case 0x1f20: skip(r, os); break;                      /* strp_sup, GNU alt */
    case 0x17: v->u = rd(r, os); v->is_const = true; break;                       /* sec_offset */
    case 0x10: v->u = rd(r, u->version == 2 ? u->address_size : os); v->is_ref = true; break; /* ref_addr */
    case 0x11: v->u = u->start + rd(r, 1); v->is_ref = true; break;               /* ref1 */
    case 0x12: v->u = u->start + rd(r, 2); v->is_ref = true; break;               /* ref2 */
    case 0x13: v->u = u->start + rd(r, 4); v->is_ref = true; break;               /* ref4 */
    case 0x14: v->u = u->start + rd(r, 8); v->is_ref = true; break;               /* ref8 */
    case 0x15: v->u = u->start + uleb(r); v->is_ref = true; break;                /* ref_udata */
    case 0x20: skip(r, 8); v->u = UINT64_MAX; v->is_ref = true; break;            /* ref_sig8: type unit */
    case 0x1c: skip(r, 4); break;                                                 /* ref_sup4 */
    case 0x24: skip(r, 8); break;                                                 /* ref_sup8 */
    case 0x1b: case 0x22: case 0x23: case 0x1f01: uleb(r); break;   /* addrx, loclistx, rnglistx, GNU_addr_index */
    case 0x29: skip(r, 1); break;                                                 /* addrx1 */
    case 0x2a: skip(r, 2); break;                                                 /* addrx2 */
    case 0x2b: skip(r, 3); break;                                                 /* addrx3 */
    case 0x2c: skip(r, 4); break;                                                 /* addrx4 */
    case 0x16: {                                                                  /* indirect */
        uint64_t actual = uleb(r);
        if (actual == 0x16 || actual == 0x21) {
            return malformed(d, "DW_FORM_indirect names indirect or implicit_const", r->pos);
        }
        return read_value(d, u, r, actual, 0, v);
    }
    default: {
        char what[96];
        snprintf(what, sizeof what, "unknown DWARF attribute form 0x%llx", (unsigned long long)form);
        return malformed(d, what, r->pos);
    }
    }
    return r->ok ? true : malformed(d, "an attribute value runs past the end of its unit", r->pos);
}

/* ------------------------------------------------------------ units and abbreviations */

static void unit_free(unit *u)
{
    free(u->abbrevs);
    free(u->specs);
    memset(u, 0, sizeof *u);
}

/* `array` (holding `count` of `*cap` elements of `elem` bytes), moved if needed to hold one more;
 * NULL when out of memory (the old array stays valid). */
static void *room_for_one(void *array, size_t *cap, size_t count, size_t elem)
{
    if (count < *cap) {
        return array;
    }
    size_t next = *cap ? *cap * 2 : 16;
    void *grown = realloc(array, next * elem);
    if (grown != NULL) {
        *cap = next;
    }
    return grown;
}

static bool read_abbrevs(dwarf *d, unit *u, uint64_t offset)
{
    reader r = {d->abbrev.data, 0, d->abbrev.size, offset <= d->abbrev.size};
    r.pos = r.ok ? (size_t)offset : 0;
    size_t abbrev_cap = 0, spec_cap = 0;
    for (;;) {
        uint64_t code = uleb(&r);
        if (!r.ok || code == 0) {
            break;
        }
        abbrev *more = room_for_one(u->abbrevs, &abbrev_cap, u->abbrev_count, sizeof *more);
        if (more == NULL) {
            return fail(d, ACL_ERROR_BAD_ALLOC, "out of host memory reading abbreviations", offset);
        }
        u->abbrevs = more;
        abbrev *a = &u->abbrevs[u->abbrev_count++];
        a->code = code;
        a->tag = uleb(&r);
        a->children = rd(&r, 1) != 0;
        a->first = u->spec_count;
        for (;;) {
            uint64_t name = uleb(&r), form = uleb(&r);
            int64_t implicit = form == 0x21 /* implicit_const */ ? sleb(&r) : 0;
            if (!r.ok || (name == 0 && form == 0)) {
                break;
            }
            attr_spec *specs = room_for_one(u->specs, &spec_cap, u->spec_count, sizeof *specs);
            if (specs == NULL) {
                return fail(d, ACL_ERROR_BAD_ALLOC, "out of host memory reading abbreviations", offset);
            }
            u->specs = specs;
            u->specs[u->spec_count++] = (attr_spec){name, form, implicit};
        }
        a->count = u->spec_count - a->first;
    }
    return r.ok ? true : malformed(d, "truncated .debug_abbrev", offset);
}

static const abbrev *find_abbrev(const unit *u, uint64_t code)
{
    if (code >= 1 && code <= u->abbrev_count && u->abbrevs[code - 1].code == code) {
        return &u->abbrevs[code - 1];
    }
    for (size_t i = 0; i < u->abbrev_count; i++) {
        if (u->abbrevs[i].code == code) {
            return &u->abbrevs[i];
        }
    }
    return NULL;
}

/* Reads the header of the unit at `offset` (and its abbreviations); false past the last unit
 * (d->err unset) or on malformed data. Units that are not compile/partial units get no abbrevs. */
static bool read_unit_header(dwarf *d, uint64_t offset, unit *u);

static bool read_unit(dwarf *d, uint64_t offset, unit *u)
{
    if (read_unit_header(d, offset, u)) {
        return true;
    }
    unit_free(u);
    return false;
}

static bool read_unit_header(dwarf *d, uint64_t offset, unit *u)
{
    memset(u, 0, sizeof *u);
    if (offset >= d->info.size) {
        return false;
    }
    reader r = {d->info.data, (size_t)offset, d->info.size, true};
    uint64_t length = rd(&r, 4);
    u->offset_size = 4;
    if (length == 0xFFFFFFFFu) {
        length = rd(&r, 8);
        u->offset_size = 8;
    } else if (length >= 0xFFFFFFF0u) {
        return malformed(d, "reserved unit length in .debug_info", offset);
    }
    if (!r.ok || length > r.end - r.pos) {
        return malformed(d, "a .debug_info unit runs past the end of the section", offset);
    }
    u->start = offset;
    u->end = r.pos + length;
    r.end = (size_t)u->end;
    u->version = (unsigned)rd(&r, 2);
    unsigned unit_type = 1 /* DW_UT_compile */;
    uint64_t abbrev_offset;
    if (u->version == 5) {
        unit_type = (unsigned)rd(&r, 1);
        u->address_size = (unsigned)rd(&r, 1);
        abbrev_offset = rd(&r, u->offset_size);
        if (unit_type == 4 || unit_type == 5) { /* skeleton / split compile: dwo id */
            skip(&r, 8);
        } else if (unit_type == 2 || unit_type == 6) { /* type units: signature and type offset */
            skip(&r, 8 + u->offset_size);
        }
        u->str_offsets_base = 8; /* after the .debug_str_offsets header when DW_AT_str_offsets_base is absent */
    } else if (u->version >= 2 && u->version <= 4) {
        abbrev_offset = rd(&r, u->offset_size);
        u->address_size = (unsigned)rd(&r, 1);
    } else {
        return malformed(d, "unsupported DWARF version (2 to 5 are read)", offset);
    }
    if (!r.ok || (u->address_size != 4 && u->address_size != 8)) {
        return malformed(d, "truncated unit header or an address size other than 4 or 8", offset);
    }
    u->dies = r.pos;
    if (unit_type != 1 && unit_type != 3) {
        return true; /* no subprograms we look at */
    }
    if (!read_abbrevs(d, u, abbrev_offset)) {
        return false;
    }
    /* the unit DIE's DW_AT_str_offsets_base, which strx forms of every DIE need */
    reader root = {d->info.data, (size_t)u->dies, (size_t)u->end, true};
    const abbrev *a = find_abbrev(u, uleb(&root));
    for (size_t i = 0; a != NULL && i < a->count; i++) {
        const attr_spec *s = &u->specs[a->first + i];
        value v;
        if (!read_value(d, u, &root, s->form, s->implicit, &v)) {
            return false;
        }
        if (s->name == 0x72 /* str_offsets_base */ && v.is_const) {
            u->str_offsets_base = v.u;
        }
    }
    return true;
}

/* ------------------------------------------------------------ DIEs */

/* Reads the DIE at section offset `offset` of unit `u`; a null entry gets tag 0. */
static bool read_die(dwarf *d, const unit *u, uint64_t offset, die *out)
{
    memset(out, 0, sizeof *out);
    if (offset < u->dies || offset >= u->end) {
        return malformed(d, "a DIE reference points outside its unit", offset);
    }
    if (d->budget == 0) {
        return malformed(d, "the debug info needs too much work to read (looping or huge type graph)", offset);
    }
    d->budget--;
    reader r = {d->info.data, (size_t)offset, (size_t)u->end, true};
    out->offset = offset;
    uint64_t code = uleb(&r);
    if (!r.ok) {
        return malformed(d, "truncated DIE", offset);
    }
    if (code == 0) {
        out->next = r.pos;
        return true;
    }
    const abbrev *a = find_abbrev(u, code);
    if (a == NULL) {
        return malformed(d, "a DIE uses an abbreviation code its table does not define", offset);
    }
    out->tag = a->tag;
    out->children = a->children;
    for (size_t i = 0; i < a->count; i++) {
        const attr_spec *s = &u->specs[a->first + i];
        value v;
        if (!read_value(d, u, &r, s->form, s->implicit, &v)) {
            return false;
        }
        switch (s->name) {
        case 0x03: out->has_name = v.is_string; out->name_form = s->form; out->name_value = v.u; break;
        case 0x6e: case 0x2007:
            out->has_linkage = v.is_string; out->linkage_form = s->form; out->linkage_value = v.u; break;
        case 0x49: out->has_type = v.is_ref; out->type = v.u; break;
        case 0x0b: out->has_size = v.is_const; out->size = v.u; break;
        case 0x88: out->has_align = v.is_const; out->align = v.u; break;
        case 0x37: out->has_count = v.is_const; out->count = v.u; break;
        case 0x2f: out->has_upper = v.is_const; out->upper = v.u; break;
        case 0x22: out->lower = v.is_const ? v.u : 0; break;
        case 0x3c: out->declaration = v.is_flag && v.u != 0; break;
        case 0x31: case 0x47: out->has_origin = v.is_ref; out->origin = v.u; break;
        case 0x01: out->has_sibling = v.is_ref; out->sibling = v.u; break;
        default: break;
        }
    }
    out->next = r.pos;
    return true;
}

/* Offset of the first sibling after `x` (skips its children). */
static bool after(dwarf *d, const unit *u, const die *x, uint64_t *next)
{
    if (!x->children) {
        *next = x->next;
        return true;
    }
    if (x->has_sibling && x->sibling > x->offset && x->sibling <= u->end) {
        *next = x->sibling;
        return true;
    }
    uint64_t at = x->next;
    for (size_t depth = 1; depth > 0;) {
        die c;
        if (at >= u->end) {
            return malformed(d, "a DIE's children run past the end of its unit", x->offset);
        }
        if (!read_die(d, u, at, &c)) {
            return false;
        }
        at = c.next;
        if (c.tag == 0) {
            depth--;
        } else if (c.children) {
            depth++;
        }
    }
    *next = at;
    return true;
}

/* The unit holding section offset `offset` (for DW_FORM_ref_addr); `u` is replaced. */
static bool unit_of(dwarf *d, uint64_t offset, unit *u)
{
    if (offset >= u->dies && offset < u->end) {
        return true;
    }
    unit_free(u);
    for (uint64_t at = 0; read_unit(d, at, u);) {
        if (offset >= u->dies && offset < u->end) {
            return u->abbrevs != NULL ? true : malformed(d, "a reference points into a type unit", offset);
        }
        at = u->end;
        unit_free(u);
    }
    return d->err == ACL_SUCCESS ? malformed(d, "a DIE reference points outside .debug_info", offset) : false;
}

/* Follows a reference (possibly into another unit, held in the caller's `scratch`). */
static bool follow(dwarf *d, const unit *u, uint64_t ref, unit *scratch, const unit **where, die *out)
{
    if (ref == UINT64_MAX) {
        return fail(d, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "a type lives in a type unit (DW_FORM_ref_sig8); "
                    "compile without -fdebug-types-section", 0);
    }
    if (ref >= u->dies && ref < u->end) {
        *where = u;
        return read_die(d, u, ref, out);
    }
    if (!unit_of(d, ref, scratch)) {
        return false;
    }
    *where = scratch;
    return read_die(d, scratch, ref, out);
}

static const char *die_string(dwarf *d, const unit *u, uint64_t form, uint64_t v)
{
    const section *s = &d->str;
    uint64_t offset = v;
    if (form == 0x08) {
        return (const char *)d->info.data + v; /* checked NUL-terminated in its unit when read */
    }
    if (form == 0x1f) {
        s = &d->line_str;
    } else if (form != 0x0e) { /* an index into .debug_str_offsets */
        uint64_t at = u->str_offsets_base + v * u->offset_size;
        if (d->str_offsets.data == NULL || v > d->str_offsets.size / u->offset_size ||
            at > d->str_offsets.size || u->offset_size > d->str_offsets.size - at) {
            malformed(d, "a string index lies outside .debug_str_offsets", at);
            return NULL;
        }
        offset = le(d->str_offsets.data + at, u->offset_size);
    }
    if (s->data == NULL || offset >= s->size || memchr(s->data + offset, 0, s->size - offset) == NULL) {
        malformed(d, "a string offset lies outside its string section", offset);
        return NULL;
    }
    return (const char *)s->data + offset;
}

/* ------------------------------------------------------------ types */

static uint64_t natural(uint64_t size)
{
    uint64_t a = 1;
    while (a * 2 <= size && a < 8) {
        a *= 2;
    }
    return a;
}

static bool type_layout(dwarf *d, const unit *u, uint64_t ref, unsigned depth, uint64_t *size, uint64_t *align);

/* Largest member alignment of a struct/union/class (or the element type's subrange product for
 * an array: `count_elements`). */
static bool walk_children(dwarf *d, const unit *u, const die *x, bool count_elements, uint64_t *result,
                          unsigned depth)
{
    *result = 1;
    if (!x->children) {
        return true;
    }
    for (uint64_t at = x->next;;) {
        die c;
        if (at >= u->end) {
            return malformed(d, "a type's children run past the end of its unit", x->offset);
        }
        if (!read_die(d, u, at, &c)) {
            return false;
        }
        if (c.tag == 0) {
            return true;
        }
        if (count_elements && c.tag == 0x21 /* subrange */) {
            uint64_t n = c.has_count ? c.count : c.has_upper && c.upper >= c.lower ? c.upper - c.lower + 1 : 0;
            if (!c.has_count && !c.has_upper) {
                return fail(d, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "an array parameter has no constant bound", c.offset);
            }
            if (n != 0 && *result > UINT64_MAX / n) {
                return malformed(d, "an array's size overflows", c.offset);
            }
            *result *= n;
        } else if (!count_elements && c.tag == 0x0d /* member */ && c.has_type) {
            uint64_t msize, malign;
            if (!type_layout(d, u, c.type, depth + 1, &msize, &malign)) {
                return false;
            }
            *result = malign > *result ? malign : *result;
        }
        if (!after(d, u, &c, &at)) {
            return false;
        }
    }
}

static bool type_layout(dwarf *d, const unit *u, uint64_t ref, unsigned depth, uint64_t *size, uint64_t *align)
{
    if (depth > MAX_TYPE_DEPTH) {
        return malformed(d, "a type chain is too deep or loops", ref);
    }
    unit other = {0};
    const unit *at = u;
    die t;
    bool ok = follow(d, u, ref, &other, &at, &t);
    uint64_t inner_size = 0, inner_align = 1;
    if (ok) {
        switch (t.tag) {
        case 0x16: case 0x26: case 0x35: case 0x37: case 0x47: case 0x2d: /* typedef, const, volatile, restrict,
                                                                            atomic, packed */
            if (!t.has_type) {
                ok = fail(d, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "a parameter's type qualifies void", t.offset);
                break;
            }
            ok = type_layout(d, at, t.type, depth + 1, &inner_size, &inner_align);
            *size = inner_size;
            *align = t.has_align ? t.align : inner_align;
            break;
        case 0x0f: case 0x10: case 0x42: case 0x1f: /* pointer, reference, rvalue reference, ptr to member */
            *size = t.has_size ? t.size : at->address_size;
            *align = t.has_align ? t.align : natural(*size);
            break;
        case 0x24: case 0x04: /* base, enumeration */
            if (!t.has_size && t.tag == 0x04 && t.has_type) {
                ok = type_layout(d, at, t.type, depth + 1, &inner_size, &inner_align);
                *size = inner_size;
                *align = t.has_align ? t.align : inner_align;
                break;
            }
            *size = t.size;
            *align = t.has_align ? t.align : natural(t.size);
            ok = t.has_size ? true : malformed(d, "a base type has no DW_AT_byte_size", t.offset);
            break;
        case 0x13: case 0x17: case 0x02: /* structure, union, class */
            if (!t.has_size) {
                ok = fail(d, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "a parameter's struct/union type is incomplete "
                          "(no DW_AT_byte_size)", t.offset);
                break;
            }
            *size = t.size;
            ok = t.has_align ? (*align = t.align, true) : walk_children(d, at, &t, false, align, depth);
            break;
        case 0x01: /* array */
            if (!t.has_type) {
                ok = malformed(d, "an array type has no element type", t.offset);
                break;
            }
            ok = type_layout(d, at, t.type, depth + 1, &inner_size, &inner_align);
            {
                uint64_t elements = 1;
                if (ok && !t.has_size) {
                    ok = walk_children(d, at, &t, true, &elements, depth);
                    if (ok && inner_size != 0 && elements > UINT64_MAX / inner_size) {
                        ok = malformed(d, "an array's size overflows", t.offset);
                    }
                }
                *size = t.has_size ? t.size : inner_size * elements;
            }
            *align = t.has_align ? t.align : inner_align;
            break;
        default: {
            char what[96];
            snprintf(what, sizeof what, "a parameter has a type (DWARF tag 0x%llx) with no size the emulator reads",
                     (unsigned long long)t.tag);
            ok = fail(d, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, what, t.offset);
            break;
        }
        }
    }
    unit_free(&other);
    if (ok && (*align == 0 || (*align & (*align - 1)) != 0)) {
        return malformed(d, "a type's alignment is not a power of two", ref);
    }
    return ok;
}

/* ------------------------------------------------------------ subprograms */

typedef struct search {
    const char *name;
    uint64_t found;    /* section offset of the best match */
    bool definition;   /* the match is a definition (not a declaration) */
    bool any;
} search;

static bool names_match(dwarf *d, const unit *u, const die *x, const char *name)
{
    const char *a = x->has_name ? die_string(d, u, x->name_form, x->name_value) : NULL;
    const char *b = x->has_linkage ? die_string(d, u, x->linkage_form, x->linkage_value) : NULL;
    return (a != NULL && strcmp(a, name) == 0) || (b != NULL && strcmp(b, name) == 0);
}

/* Does subprogram `x` carry `name`, itself or through its origin/specification? */
static bool subprogram_named(dwarf *d, const unit *u, const die *x, const char *name, unsigned depth)
{
    if (names_match(d, u, x, name)) {
        return true;
    }
    if (!x->has_origin || depth > 4 || d->err != ACL_SUCCESS) {
        return false;
    }
    unit other = {0};
    const unit *at = u;
    die o;
    bool named = follow(d, u, x->origin, &other, &at, &o) && subprogram_named(d, at, &o, name, depth + 1);
    unit_free(&other);
    return named;
}

/* Scans the DIEs of unit `u` for subprograms named s->name. */
static bool scan_unit(dwarf *d, const unit *u, search *s)
{
    for (uint64_t at = u->dies; at < u->end;) {
        die x;
        if (!read_die(d, u, at, &x)) {
            return false;
        }
        if (x.tag == 0x2e && (!s->definition || !x.declaration) && subprogram_named(d, u, &x, s->name, 0)) {
            s->found = x.offset;
            s->any = true;
            s->definition = !x.declaration;
            if (s->definition) {
                return true;
            }
        }
        if (d->err != ACL_SUCCESS) {
            return false;
        }
        at = x.next;
    }
    return true;
}

static bool collect_params(dwarf *d, const unit *u, uint64_t offset, rt_param **params, size_t *count)
{
    die x;
    if (!read_die(d, u, offset, &x)) {
        return false;
    }
    size_t cap = 0, n = 0;
    uint64_t end = 0;
    rt_param *list = NULL;
    bool ok = true;
    for (uint64_t at = x.children ? x.next : u->end; ok && at < u->end;) {
        die c;
        ok = read_die(d, u, at, &c);
        if (!ok || c.tag == 0) {
            break;
        }
        if (c.tag == 0x05 /* formal_parameter */) {
            uint64_t size = 0, align = 1;
            if (c.has_type) {
                ok = type_layout(d, u, c.type, 0, &size, &align);
            } else if (c.has_origin) { /* a concrete instance: the abstract parameter has the type */
                unit other = {0};
                const unit *where = u;
                die o;
                ok = follow(d, u, c.origin, &other, &where, &o) &&
                     (o.has_type ? type_layout(d, where, o.type, 0, &size, &align)
                                 : malformed(d, "a formal parameter has no type", o.offset));
                unit_free(&other);
            } else {
                ok = malformed(d, "a formal parameter has no type", c.offset);
            }
            if (ok && n == MAX_PARAMS) {
                ok = malformed(d, "a subprogram has too many parameters", c.offset);
            }
            if (ok) {
                rt_param *grown = room_for_one(list, &cap, n, sizeof *grown);
                ok = grown != NULL ? (list = grown, true)
                                   : fail(d, ACL_ERROR_BAD_ALLOC, "out of host memory listing parameters", offset);
            }
            if (ok) {
                uint64_t start = (end + align - 1) / align * align;
                if (start < end || size > UINT64_MAX - start) {
                    ok = malformed(d, "the parameters' layout overflows", c.offset);
                } else {
                    list[n++] = (rt_param){start, size};
                    end = start + size;
                }
            }
        }
        ok = ok && after(d, u, &c, &at);
    }
    if (!ok) {
        free(list);
        return false;
    }
    *params = list;
    *count = n;
    return true;
}

aclError rt_dwarf_parameters(const unsigned char *bytes, size_t size, const char *name, rt_param **params,
                             size_t *count, const char *fn)
{
    dwarf d = {.fn = fn, .function = name, .err = ACL_SUCCESS};
    *params = NULL;
    *count = 0;
    if (!open_sections(&d, bytes, size)) {
        free(d.owned_info);
        free(d.owned_str_offsets);
        return d.err;
    }
    /* a scan reads each DIE once (each takes a byte at least); types are re-read, within reason */
    d.budget = (uint64_t)d.info.size * DIE_READS_PER_BYTE + DIE_READS_EXTRA;
    search s = {name, 0, false, false};
    unit u, found_unit = {0};
    for (uint64_t at = 0; read_unit(&d, at, &u);) {
        at = u.end;
        bool ok = u.abbrevs == NULL || scan_unit(&d, &u, &s);
        if (ok && s.any && s.found >= u.dies && s.found < u.end) { /* the best match so far is in this unit */
            unit_free(&found_unit);
            found_unit = u;
            memset(&u, 0, sizeof u);
        }
        unit_free(&u);
        if (!ok || s.definition) {
            break;
        }
    }
    if (d.err == ACL_SUCCESS && !s.any) {
        fail(&d, ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "the binary's DWARF does not describe this function (compile "
             "its source with -g)", 0);
    }
    if (d.err == ACL_SUCCESS) {
        collect_params(&d, &found_unit, s.found, params, count);
    }
    unit_free(&found_unit);
    free(d.owned_info);
    free(d.owned_str_offsets);
    return d.err;
}
