"""emulator_stubs.c: a weak "not supported" definition of every API function, for libaclemu.so.

Each function gets a static stub with the exact prototype that calls
`aclemu_not_supported("<name>")` and returns its value (integer returns), 0/NULL (pointers,
floats, bool), a zeroed struct, or nothing; the API name is a weak alias of the stub, so an
emulator file defining the function strongly wins at link time.

Which functions are only stubs is answered inside the library: the table pairs every stub with
the address the linker bound the API name to; they differ exactly when a strong definition exists.
Exported (declare them in the emulator's or the binding's cdef to use them):

    int aclemuIsImplemented(const char *name);   1 implemented, 0 stub only, -1 unknown name
    int aclemuFunctionCount(void);
    const char *aclemuFunctionName(int i);       sorted by name; NULL out of range
"""

from __future__ import annotations

from aclgen.emit.cdef import declare
from aclgen.model.bindings import BindingPlan, FunctionBinding
from aclgen.model.ir import Api, Function

_PRELUDE = """\
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
"""

_TABLE_TYPES = """\
typedef void (*aclemu_fn)(void);

struct aclemu_stub_entry {
    const char *name;
    aclemu_fn stub;
    aclemu_fn bound;
};
"""

_TABLE_CODE = """\
static int aclemu_compare_entry(const void *key, const void *entry)
{
    return strcmp((const char *)key, ((const struct aclemu_stub_entry *)entry)->name);
}

int aclemuIsImplemented(const char *name)
{
    const struct aclemu_stub_entry *hit;
    if (name == NULL) {
        return -1;
    }
    hit = (const struct aclemu_stub_entry *)bsearch(name, aclemu_stub_table, ACLEMU_STUB_COUNT,
                                                    sizeof aclemu_stub_table[0], aclemu_compare_entry);
    if (hit == NULL) {
        return -1;
    }
    return hit->bound != hit->stub;
}

int aclemuFunctionCount(void)
{
    return ACLEMU_STUB_COUNT;
}

const char *aclemuFunctionName(int i)
{
    return (i >= 0 && i < ACLEMU_STUB_COUNT) ? aclemu_stub_table[i].name : NULL;
}
"""


def _param_list(fn: Function) -> tuple[str, list[str]]:
    names = [f"a{i}" for i in range(len(fn.params))]
    decls = [declare(p.type.text, n) for p, n in zip(fn.params, names)]
    if fn.variadic:
        decls.append("...")
    return ", ".join(decls) or "void", names


def _return_statement(b: FunctionBinding, call: str) -> list[str]:
    ret = b.cls.ret
    text = b.fn.return_type.text
    if ret.kind == "void":
        return [f"    {call};"]
    if ret.kind == "scalar" and ret.py_type == "int":
        return [f"    return ({text}){call};"]
    if ret.kind == "struct":
        return [
            f"    {declare(text, 'zero')};",
            f"    {call};",
            "    memset(&zero, 0, sizeof zero);",
            "    return zero;",
        ]
    return [f"    {call};", f"    return ({text})0;"]


def _stub(b: FunctionBinding) -> str:
    fn = b.fn
    params, names = _param_list(fn)
    stub_name = f"aclemu_stub_{fn.name}"
    lines = [f"static {declare(fn.return_type.text, stub_name)}({params})", "{"]
    lines += [f"    (void){n};" for n in names]
    lines += _return_statement(b, f'aclemu_not_supported("{fn.name}")')
    lines.append("}")
    # the API name takes the stub's type, so a stub that disagrees with the header's prototype
    # is a "conflicting types" error rather than a second spelling of the prototype to keep in step
    lines.append(f'__typeof__({stub_name}) {fn.name} __attribute__((weak, alias("{stub_name}")));')
    return "\n".join(lines)


def emit_emulator_stubs(api: Api, plan: BindingPlan) -> str:
    bindings = [b for b in plan.functions if not b.fn.return_type.function]  # sorted by C name
    headers = sorted({b.fn.header for b in bindings})
    includes = "".join(f'#include "{h}"\n' for h in ["acl/acl.h"] + [h for h in headers if h != "acl/acl.h"])
    parts = [
        _PRELUDE,
        includes,
        "/* Deprecated API functions are defined and referenced here on purpose. */",
        '#pragma GCC diagnostic ignored "-Wdeprecated-declarations"',
        "",
        "extern aclError aclemu_not_supported(const char *fn);",
        "",
    ]
    parts += [_stub(b) + "\n" for b in bindings]
    entries = "".join(
        f'    {{"{b.c_name}", (aclemu_fn)aclemu_stub_{b.c_name}, (aclemu_fn){b.c_name}}},\n' for b in bindings
    )
    parts += [
        _TABLE_TYPES,
        f"#define ACLEMU_STUB_COUNT {len(bindings)}",
        f"static const struct aclemu_stub_entry aclemu_stub_table[{max(len(bindings), 1)}] = {{",
        (entries or "    {NULL, NULL, NULL},\n") + "};\n",
        _TABLE_CODE,
    ]
    return "\n".join(parts)
