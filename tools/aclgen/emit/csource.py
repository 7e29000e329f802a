"""shims.c: the C source given to cffi's `set_source`.

Compiled after types.h (build_ffi.py joins them), it holds a sorted table of C names with one
function-pointer slot each, the `_aclffi_*` loader functions, and one static shim per bound
function. A shim has the C name of its function (cffi calls it by that name), takes handles as
`uintptr_t`, calls through its slot and returns the out-parameters in `struct _aclout_F`. Slots
are written under a mutex by `_aclffi_resolve` and read with atomic loads, so a call racing a
(re)load sees a whole pointer. After a shim with outs comes its faster variant, if
aclgen/model/outforms.py gives it one: it calls the shim and packs its struct into an int64
(`_aclpack_F`) or copies it to the caller's buffer (`_aclinto_F`).
"""

from __future__ import annotations

from aclgen.emit.cdef import (
    INTO_PARAM,
    declare,
    reserved_names,
    shim_param_names,
    shim_prototype,
    variant_name,
    variant_prototype,
)
from aclgen.emit.fastcalls import emit_fastcalls
from aclgen.model.bindings import BindingPlan, FunctionBinding
from aclgen.model.classify import ParamPlan, pointee_text, pointer_form
from aclgen.model.ir import Api
from aclgen.model.outforms import PACKED

MAX_LIBRARIES = 32
HAS_PREFIX = "ACLFFI_HAS_"

_PRELUDE = """\
#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
"""

_PACK = """\
/* A return value in the high half, an out's 32 bits in the low half (aclgen/model/outforms.py). */
static int64_t _aclffi_pack(int32_t ret, uint32_t value)
{
    uint64_t bits = ((uint64_t)(uint32_t)ret << 32) | value;
    int64_t packed;
    memcpy(&packed, &bits, sizeof packed);
    return packed;
}
"""

_LOADER = """\
static pthread_mutex_t _aclffi_lock = PTHREAD_MUTEX_INITIALIZER;
static void *_aclffi_handles[{max_libraries}];
static int _aclffi_nhandles;
static void *_aclffi_slots[{count}];

static void *_aclffi_slot(int i)
{{
    return __atomic_load_n(&_aclffi_slots[i], __ATOMIC_ACQUIRE);
}}

static int _aclffi_compare_name(const void *key, const void *entry)
{{
    return strcmp((const char *)key, *(const char *const *)entry);
}}

static int _aclffi_index(const char *name)
{{
    const char *const *hit;
    if (name == NULL || {count} == 0) {{
        return -1;
    }}
    hit = (const char *const *)bsearch(name, _aclffi_names, {count}, sizeof _aclffi_names[0],
                                       _aclffi_compare_name);
    return hit == NULL ? -1 : (int)(hit - _aclffi_names);
}}

int _aclffi_open(const char *path, char *err, size_t errlen)
{{
    void *handle;
    int rc = 0;
    pthread_mutex_lock(&_aclffi_lock);
    if (_aclffi_nhandles >= {max_libraries}) {{
        if (err != NULL && errlen > 0) {{
            snprintf(err, errlen, "too many libraries opened (limit {max_libraries})");
        }}
        rc = -1;
    }} else {{
        handle = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
        if (handle == NULL) {{
            const char *msg = dlerror();
            if (err != NULL && errlen > 0) {{
                snprintf(err, errlen, "%s", msg != NULL ? msg : "dlopen failed");
            }}
            rc = -1;
        }} else {{
            _aclffi_handles[_aclffi_nhandles++] = handle;
        }}
    }}
    pthread_mutex_unlock(&_aclffi_lock);
    return rc;
}}

int _aclffi_resolve(void)
{{
    int i, h, found = 0;
    pthread_mutex_lock(&_aclffi_lock);
    for (i = 0; i < {count}; i++) {{
        void *symbol = NULL;
        for (h = 0; h < _aclffi_nhandles && symbol == NULL; h++) {{
            symbol = dlsym(_aclffi_handles[h], _aclffi_names[i]);
        }}
        __atomic_store_n(&_aclffi_slots[i], symbol, __ATOMIC_RELEASE);
        found += symbol != NULL;
    }}
    pthread_mutex_unlock(&_aclffi_lock);
    return found;
}}

/* Handles are forgotten, not dlclose'd: a library may still run threads or hold callbacks. */
void _aclffi_close_all(void)
{{
    int i;
    pthread_mutex_lock(&_aclffi_lock);
    for (i = 0; i < {count}; i++) {{
        __atomic_store_n(&_aclffi_slots[i], NULL, __ATOMIC_RELEASE);
    }}
    _aclffi_nhandles = 0;
    pthread_mutex_unlock(&_aclffi_lock);
}}

int _aclffi_has(const char *name)
{{
    int i = _aclffi_index(name);
    return i >= 0 && _aclffi_slot(i) != NULL;
}}

int _aclffi_count(void)
{{
    return {count};
}}

const char *_aclffi_name(int i)
{{
    return (i >= 0 && i < {count}) ? _aclffi_names[i] : NULL;
}}
"""


def _fn_type(b: FunctionBinding) -> str:
    """The real function-pointer type, as a typedef body: `aclError (*_aclfn_F)(int32_t, ...)`."""
    params = [pointer_form(p.type.text) for p in b.fn.params]
    if b.fn.variadic:
        params.append("...")
    return f"{declare(b.fn.return_type.text, '(*_aclfn_' + b.c_name + ')')}({', '.join(params) or 'void'})"


def _handle_local_type(p: ParamPlan) -> str:
    return pointee_text(p.c_type) or "void *"


def _call_argument(p: ParamPlan, name: str) -> str:
    cast_type = pointer_form(p.c_type)
    if p.kind == "scalar":
        return name
    if p.kind == "string":
        return f"({cast_type}){name}"
    if p.kind == "handle":
        if p.reason == "struct by value":
            return f"*({declare(p.c_type, '*')}){name}"
        return f"({cast_type}){name}"
    if p.out_kind == "handle":
        return f"({cast_type})&_acl_h_{p.c_name}"
    return f"({cast_type})&_acl_out.{p.out_member}"


# What a shim returns, without calling, when a struct passed by value arrives as address 0:
# ACL_ERROR_INVALID_PARAM, the code the runtime gives a bad argument (docs/internals.md); a
# function without a scalar return gives what it gives when the backend lacks it (zero, NULL).
NULL_STRUCT_CODE = "100000"


def _null_struct_test(b: FunctionBinding, names: dict[str, str]) -> str:
    """The C condition `a == 0 || ...` over the struct-by-value inputs, or "" when there are none."""
    nullable = [names[p.c_name] for p in b.cls.params if p.kind == "handle" and p.reason == "struct by value"]
    return " || ".join(f"{name} == 0" for name in nullable)


def _early_return(b: FunctionBinding, scalar_value: str) -> list[str]:
    """The body of an `if` that returns without calling: `scalar_value` for a scalar return."""
    ret = b.cls.ret
    if b.cls.outs:
        lines = ["        return _acl_out;"]
        if ret.kind == "scalar" and scalar_value != "0":  # else the zeroed struct says it already
            lines.insert(0, f"        _acl_out.ret = {scalar_value};")
        return lines
    if ret.kind == "void":
        return ["        return;"]
    if ret.kind == "struct":
        return [
            f"        {declare(ret.shim_type, '_acl_zero')};",
            "        memset(&_acl_zero, 0, sizeof _acl_zero);",
            "        return _acl_zero;",
        ]
    return [f"        return {scalar_value if ret.kind == 'scalar' else ret.missing_value};"]


def _shim(b: FunctionBinding, index: int, reserved: set[str]) -> str:
    cls = b.cls
    ret = cls.ret
    names = dict(zip([p.c_name for p in cls.inputs], shim_param_names(b, reserved)))
    null_test = _null_struct_test(b, names)
    args = [_call_argument(p, names.get(p.c_name, p.c_name)) for p in cls.params]
    if b.fn.variadic:
        args = [*args[:-1], '"%s"', args[-1]]  # the last named argument is a format: pass the message as data
    call = f"_acl_fn({', '.join(args)})"
    lines = [f"typedef {_fn_type(b)};", f"static {shim_prototype(b, reserved)}", "{"]
    lines.append(f"    _aclfn_{b.c_name} _acl_fn = (_aclfn_{b.c_name})_aclffi_slot({index});")
    if cls.outs:
        lines.append(f"    struct _aclout_{b.c_name} _acl_out;")
        for p in cls.outs:
            if p.out_kind == "handle":
                local = declare(_handle_local_type(p), f"_acl_h_{p.c_name}")
                init = f"({_handle_local_type(p)}){names[p.c_name]}" if p.kind == "inout" else "0"
                lines.append(f"    {local} = {init};")
        lines.append("    memset(&_acl_out, 0, sizeof _acl_out);")
        for p in cls.outs:
            if p.kind == "inout" and p.out_kind != "handle":
                lines.append(f"    _acl_out.{p.out_member} = {names[p.c_name]};")
        lines += ["    if (_acl_fn == NULL) {", *_early_return(b, ret.missing_value), "    }"]
        if null_test:
            lines += [f"    if ({null_test}) {{", *_early_return(b, NULL_STRUCT_CODE), "    }"]
        if ret.kind == "void":
            lines.append(f"    {call};")
        elif ret.kind == "handle":
            lines.append(f"    _acl_out.ret = (uintptr_t){call};")
        else:
            lines.append(f"    _acl_out.ret = {call};")
        for p in cls.outs:
            if p.out_kind == "handle":
                lines.append(f"    _acl_out.{p.out_member} = (uintptr_t)_acl_h_{p.c_name};")
        lines.append("    return _acl_out;")
    else:
        lines += ["    if (_acl_fn == NULL) {", *_early_return(b, ret.missing_value), "    }"]
        if null_test:
            lines += [f"    if ({null_test}) {{", *_early_return(b, NULL_STRUCT_CODE), "    }"]
        if ret.kind == "void":
            lines.append(f"    {call};")
        elif ret.kind == "handle":
            lines.append(f"    return (uintptr_t){call};")
        else:
            lines.append(f"    return {call};")
    lines.append("}")
    return "\n".join(lines)


def _variant(b: FunctionBinding, reserved: set[str]) -> str:
    """The body of `_aclpack_F` / `_aclinto_F`: call the shim `F`, then pack or copy its struct."""
    call = f"{b.c_name}({', '.join(shim_param_names(b, reserved))})"
    lines = [f"static {variant_prototype(b, reserved)}", "{"]
    lines.append(f"    struct _aclout_{b.c_name} _acl_r = {call};")
    if b.out_form is not None and b.out_form.kind == PACKED:
        member = b.cls.outs[0].out_member
        lines.append(f"    return _aclffi_pack((int32_t)_acl_r.ret, (uint32_t)_acl_r.{member});")
    else:
        lines.append(f"    memcpy({INTO_PARAM}, &_acl_r, sizeof _acl_r);")
    lines.append("}")
    return "\n".join(lines)


def declared_type_names(api: Api) -> list[str]:
    """Every typedef name the headers declare, sorted."""
    names = {item[len("typedef ") :] for item in api.order if item.startswith("typedef ")}
    names.update(td.name for td in api.typedefs)
    names.update(r.typedef_name for r in api.records if r.typedef_name)
    names.update(e.typedef_name for e in api.enums if e.typedef_name)
    return sorted(names)


def _declared_types(api: Api) -> str:
    """`#define ACLFFI_HAS_<T> 1` per declared type: hand-written glue (acl/_native/) that needs a
    type some release lacks is kept or dropped by these (build_ffi.py reads them for its cdef)."""
    lines = "".join(f"#define {HAS_PREFIX}{name} 1\n" for name in declared_type_names(api))
    return "/* The types these headers declare. */\n" + lines


def emit_csource(api: Api, plan: BindingPlan) -> str:
    bound = plan.bound_functions  # sorted by C name: the slot index is the position
    reserved = reserved_names(api)
    count = len(bound)
    parts = [_PRELUDE, _declared_types(api)]
    names = "".join(f'    "{b.c_name}",\n' for b in bound)
    parts.append(f"static const char *const _aclffi_names[{max(count, 1)}] = {{\n{names or '    NULL,'}}};\n")
    parts.append(_LOADER.format(count=count, max_libraries=MAX_LIBRARIES))
    if any(b.out_form is not None and b.out_form.kind == PACKED for b in bound):
        parts.append(_PACK)
    for i, b in enumerate(bound):
        parts.append(_shim(b, i, reserved) + "\n")
        if variant_name(b) is not None:
            parts.append(_variant(b, reserved) + "\n")
    parts.append(emit_fastcalls(plan))
    return "\n".join(parts)
