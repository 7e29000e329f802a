"""The CPython C functions of the fixed-shape wrappers (aclgen/model/fastcall.py), appended to shims.c.

Each function takes the common case (exact ints in range, the right argument count, no keywords),
calls the shim the Python wrapper calls, and builds the same result. Every other call goes to its
`self`, the wrapper (a Python function, or cffi's own function for a direct binding), unchanged.
They use the vectorcall convention (METH_FASTCALL): no argument tuple is built for the common case.
`_aclfast_install(module name, key)` replaces the wrappers of one generated module by these; the
module calls it once, before its aliases are assigned. The helpers here (`_aclfast_plain`,
`_aclfast_signed`, `_aclfast_fallback`, `_aclfast_replace`) serve acl/_native/util_fast.c too,
which the build compiles after shims.c in the same translation unit.

The GIL is released around the call as cffi releases it, except for the functions build_ffi.py
marks `_ACLFFI_KEEPS_GIL_<name>` from tools/data/keeps_gil.json. The section compiles only under
CPython's Python.h (cffi includes it first); elsewhere, PyPy included, the install does nothing.
"""

from __future__ import annotations

from aclgen.emit.cdef import declare, shim_result_type
from aclgen.model.bindings import BindingPlan
from aclgen.model.fastcall import BOOL, FLOAT, SIGNED, UNSIGNED, FastArgument, FastCall, FastResult, fast_call
from aclgen.model.naming import MODULES, dotted_module

_HELPERS = """\
/* ---- CPython C functions of the fixed-shape wrappers (aclgen/emit/fastcalls.py) ---- */
#if defined(Py_PYTHON_H) && !defined(PYPY_VERSION)
#include <limits.h>

/* CPython has called METH_FASTCALL functions this way, with this flag value, since 3.7; its header
   shows the flag to the limited API (cffi's build) only from 3.10, when it joined the stable ABI. */
#ifndef METH_FASTCALL
#define METH_FASTCALL 0x0080
#endif

/* 1 with *out set when `o` is an exact int in [low, high]; 0, with no error set, for anything the
   Python wrapper must judge (its messages name the function). */
static inline int _aclfast_signed(PyObject *o, long long low, long long high, long long *out)
{
    int overflow = 0;
    long long v;
    if (!PyLong_CheckExact(o)) {
        return 0;
    }
    v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow != 0 || (v == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;
    }
    if (v < low || v > high) {
        return 0;
    }
    *out = v;
    return 1;
}

static inline int _aclfast_unsigned(PyObject *o, unsigned long long high, unsigned long long *out)
{
    int overflow = 0;
    long long v;
    unsigned long long u;
    if (!PyLong_CheckExact(o)) {
        return 0;
    }
    v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow > 0) {
        u = PyLong_AsUnsignedLongLong(o);
        if (u == (unsigned long long)-1 && PyErr_Occurred()) {
            PyErr_Clear();
            return 0;
        }
    } else if (overflow < 0 || v < 0 || (v == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;
    } else {
        u = (unsigned long long)v;
    }
    if (u > high) {
        return 0;
    }
    *out = u;
    return 1;
}

/* A reviewed mask (pyACL's unchecked `k`/`I` parses): Python's `o & mask` for any int that fits
   64 bits signed or unsigned, which two's complement gives in C too. */
static inline int _aclfast_masked(PyObject *o, unsigned long long mask, unsigned long long *out)
{
    long long v;
    if (_aclfast_signed(o, LLONG_MIN, LLONG_MAX, &v)) {
        *out = (unsigned long long)v & mask;
        return 1;
    }
    if (_aclfast_unsigned(o, ULLONG_MAX, out)) {
        *out &= mask;
        return 1;
    }
    return 0;
}

/* A tuple of the n new references (stolen), or NULL with the error set if one is NULL. */
static inline PyObject *_aclfast_tuple(Py_ssize_t n, PyObject **items)
{
    PyObject *tuple = NULL;
    Py_ssize_t i;
    for (i = 0; i < n; i++) {
        if (items[i] == NULL) {
            goto fail;
        }
    }
    tuple = PyTuple_New(n);
    if (tuple == NULL) {
        goto fail;
    }
    for (i = 0; i < n; i++) {
        PyTuple_SetItem(tuple, i, items[i]);
    }
    return tuple;
fail:
    for (i = 0; i < n; i++) {
        Py_XDECREF(items[i]);
    }
    return NULL;
}

/* The call has exactly n positional arguments (at least n when extra ones are ignored), no keywords. */
static inline int _aclfast_plain(Py_ssize_t nargs, PyObject *kwnames, Py_ssize_t n, int extra_ok)
{
    if (kwnames != NULL && PyTuple_Size(kwnames) != 0) {
        return 0;
    }
    return extra_ok ? nargs >= n : nargs == n;
}

/* Calls `self` with the vectorcall arguments as a tuple and a dict: the path of every call the C
   side does not take, so it may cost what a Python call costs. */
static inline PyObject *_aclfast_fallback(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                          PyObject *kwnames)
{
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_Size(kwnames);
    PyObject *positional = PyTuple_New(nargs);
    PyObject *keywords = NULL, *result = NULL;
    Py_ssize_t i;
    if (positional == NULL) {
        return NULL;
    }
    for (i = 0; i < nargs; i++) {
        Py_INCREF(args[i]);
        PyTuple_SetItem(positional, i, args[i]);
    }
    if (nkw > 0) {
        keywords = PyDict_New();
        for (i = 0; keywords != NULL && i < nkw; i++) {
            if (PyDict_SetItem(keywords, PyTuple_GetItem(kwnames, i), args[nargs + i]) < 0) {
                Py_CLEAR(keywords);
            }
        }
        if (keywords == NULL) {
            Py_DECREF(positional);
            return NULL;
        }
    }
    result = PyObject_Call(self, positional, keywords);
    Py_DECREF(positional);
    Py_XDECREF(keywords);
    return result;
}

/* Replaces `module`'s attribute def->ml_name by a builtin of `def` whose `self` is the attribute's
   value and whose __module__ is `name`. 1 when replaced; 0 when the attribute is that builtin
   already; -1 with the error set when the attribute is missing or the replacement failed. */
static inline int _aclfast_replace(PyObject *module, PyObject *name, PyMethodDef *def)
{
    PyObject *current = PyObject_GetAttrString(module, def->ml_name);
    PyObject *fast;
    int set;
    if (current == NULL) {
        return -1;
    }
    if (PyCFunction_Check(current) && PyCFunction_GetFunction(current) == def->ml_meth) {
        Py_DECREF(current);
        return 0;
    }
    fast = PyCFunction_NewEx(def, current, name);
    Py_DECREF(current);
    if (fast == NULL) {
        return -1;
    }
    set = PyObject_SetAttrString(module, def->ml_name, fast);
    Py_DECREF(fast);
    return set < 0 ? -1 : 1;
}
"""

_INSTALL = """\
/* Replace each listed wrapper of the module by its C function, whose `self` is the wrapper; returns
   how many were replaced, or -1 when the module is not there. A second install replaces none. */
int _aclfast_install(const char *module_name, const char *module_key)
{
    PyGILState_STATE gil = PyGILState_Ensure();
    PyObject *module = PyImport_AddModule(module_name); /* borrowed */
    PyObject *name = module == NULL ? NULL : PyUnicode_FromString(module_name);
    int installed = 0;
    size_t m;
    PyMethodDef *def;
    if (name == NULL) {
        PyErr_Clear();
        PyGILState_Release(gil);
        return -1;
    }
    for (m = 0; m < sizeof _aclfast_modules / sizeof _aclfast_modules[0]; m++) {
        if (_aclfast_modules[m].defs == NULL || strcmp(_aclfast_modules[m].key, module_key) != 0) {
            continue;
        }
        for (def = _aclfast_modules[m].defs; def->ml_name != NULL; def++) {
            int replaced = _aclfast_replace(module, name, def);
            if (replaced < 0) { /* the Python wrapper stays: slower, not wrong */
                PyErr_Clear();
            } else {
                installed += replaced;
            }
        }
    }
    Py_DECREF(name);
    PyGILState_Release(gil);
    return installed;
}

#else /* no CPython: the Python wrappers stay */

int _aclfast_install(const char *module_name, const char *module_key)
{
    (void)module_name;
    (void)module_key;
    return 0;
}

#endif
"""

def helpers_source() -> str:
    """The shared helpers alone, a complete section (tests compile acl/_native/util_fast.c after it)."""
    return _HELPERS + "#endif\n"


def _c_int(value: int, unsigned: bool) -> str:
    if unsigned:
        return "ULLONG_MAX" if value == (1 << 64) - 1 else f"{value}ULL"
    if value == -(1 << 63):
        return "LLONG_MIN"
    if value == (1 << 63) - 1:
        return "LLONG_MAX"
    return f"{value}LL"


def _converts(i: int, a: FastArgument) -> tuple[str, str]:
    """(local declaration, test that the argument converted into it)."""
    item = f"args[{i}]"
    if a.mask is not None:
        return f"unsigned long long _acl_a{i};", f"_aclfast_masked({item}, {a.mask:#x}ULL, &_acl_a{i})"
    if a.low < 0:
        low, high = _c_int(a.low, False), _c_int(a.high, False)
        return f"long long _acl_a{i};", f"_aclfast_signed({item}, {low}, {high}, &_acl_a{i})"
    return f"unsigned long long _acl_a{i};", f"_aclfast_unsigned({item}, {_c_int(a.high, True)}, &_acl_a{i})"


def _value(r: FastResult) -> str:
    source = f"_acl_r.{r.member}" if r.member else "_acl_r"
    if r.kind == SIGNED:
        return f"PyLong_FromLongLong((long long){source})"
    if r.kind == UNSIGNED:
        cut = "(uint32_t)" if r.bits == 32 else ""
        return f"PyLong_FromUnsignedLongLong((unsigned long long){cut}{source})"
    if r.kind == BOOL:
        return f"PyBool_FromLong({source} != 0)"
    assert r.kind == FLOAT
    return f"PyFloat_FromDouble((double){source})"


def _function(f: FastCall) -> str:
    b = f.binding
    n = len(f.arguments)
    declarations, tests = [], [f"_aclfast_plain(nargs, kwnames, {n}, {int(b.ignores_extra_args)})"]
    for i, a in enumerate(f.arguments):
        declaration, test = _converts(i, a)
        declarations.append(declaration)
        tests.append(test)
    call = f"{b.c_name}({', '.join(f'_acl_a{i}' for i in range(n))})"
    void = not f.results
    if not void:
        declarations.append(declare(shim_result_type(b), "_acl_r") + ";")
        call = f"_acl_r = {call}"
    lines = [f"static PyObject *{f.c_function}(PyObject *self, PyObject *const *args, Py_ssize_t nargs, "
             "PyObject *kwnames)", "{"]
    lines += [f"    {d}" for d in declarations]
    lines.append("    if (!(" + "\n        && ".join(tests) + ")) {")
    lines += ["        return _aclfast_fallback(self, args, nargs, kwnames);", "    }"]
    lines += [
        f"#ifdef _ACLFFI_KEEPS_GIL_{b.c_name}",
        f"    {call};",
        "#else",
        "    Py_BEGIN_ALLOW_THREADS",
        f"    {call};",
        "    Py_END_ALLOW_THREADS",
        "#endif",
    ]
    if void:
        lines.append("    Py_RETURN_NONE;")
    elif len(f.results) == 1:
        lines.append(f"    return {_value(f.results[0])};")
    else:
        lines.append("    {")
        items = ", ".join(_value(r) for r in f.results)
        lines.append(f"        PyObject *_acl_items[{len(f.results)}] = {{{items}}};")
        lines.append(f"        return _aclfast_tuple({len(f.results)}, _acl_items);")
        lines.append("    }")
    lines.append("}")
    return "\n".join(lines)


def _doc(f: FastCall) -> str:
    b = f.binding
    params = ", ".join(["$self", b.python_params] if b.python_params else ["$self"])
    binding = "cffi's function" if b.direct and not b.ignores_extra_args else "the Python wrapper"
    summary = f"{b.qualified_name} in C on CPython; any call it does not take goes to __self__, {binding}."
    return f'"{b.py_name}({params})\\n--\\n\\n{summary}"'


def fast_calls(plan: BindingPlan) -> dict[str, list[FastCall]]:
    """Module -> its fast calls, by Python name."""
    result: dict[str, list[FastCall]] = {}
    for module in MODULES:
        calls = [fast_call(b, plan.facts) for b in plan.module_functions(module)]
        found = [c for c in calls if c is not None]
        if found:
            result[module] = found
    return result


def emit_fastcalls(plan: BindingPlan) -> str:
    by_module = fast_calls(plan)
    parts = [_HELPERS]
    for calls in by_module.values():
        parts += [_function(f) + "\n" for f in calls]
    for module, calls in by_module.items():
        rows = [
            f"    {{\"{f.binding.py_name}\", (PyCFunction)(void (*)(void)){f.c_function}, "
            f"METH_FASTCALL | METH_KEYWORDS,\n     {_doc(f)}}},"
            for f in calls
        ]
        parts.append(f"/* {dotted_module(module)} */\nstatic PyMethodDef _aclfast_defs_{module}[] = {{\n"
                     + "\n".join(rows) + "\n    {NULL, NULL, 0, NULL},\n};\n")
    table = "".join(f'    {{"{module}", _aclfast_defs_{module}}},\n' for module in by_module)
    parts.append(
        "static const struct {\n    const char *key;\n    PyMethodDef *defs;\n} _aclfast_modules[] = {\n"
        + (table or '    {"", NULL},\n')
        + "};\n"
    )
    parts.append(_INSTALL)
    return "\n".join(parts)
