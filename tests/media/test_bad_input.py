"""Every acl.media function outside vdec/venc, given bad input, returns an error and never crashes.

The cases are derived from the API manifest (acl/_generated/api.json): each handle argument of each
function gets 0, garbage integers, a destroyed handle of its kind and a live handle of another kind,
with every other argument valid; data addresses get NULL, freed DVPP memory and (where the runtime
wants device memory) garbage; each function also gets a wrong Python type. Hand-written cases
add undersized buffers, truncated and foreign data, indexes out of range and invalid batch shapes.

All cases run in child processes that print each result as they go. When a child dies, the case it
was running is reported as a crash and a new child carries on with the next case, so one crash
fails one test.
"""

from __future__ import annotations

import io
import json
import sys
from dataclasses import dataclass
from typing import Any

import pytest
from helpers.binding import python_wrapper
from helpers.subproc import REPO_ROOT, RUNTIME_PRELUDE, describe, run_command, run_python

import acl

pytest.importorskip("av")
Image = pytest.importorskip("PIL.Image")

MANIFEST = REPO_ROOT / "acl" / "_generated" / "api.json"
GARBAGE = (0xDEADBEEF, 0x7F3A5C2B1008)

# What a case must give back.
ERROR = "error"  # an aclError other than ACL_SUCCESS (last item of a returned tuple) and a message
NULL = "null"  # a NULL handle (create_* / get_pic_desc)
SURVIVES = "survives"  # a value getter: whatever the runtime returns for a bad handle, no crash
TYPE_ERROR = "TypeError"  # wrong Python type: the wrapper raises, C is never reached
VALUE_ERROR = "ValueError"  # refused by the wrapper as pyACL refuses it, C is never reached


@dataclass(frozen=True)
class Case:
    name: str
    call: str  # expression evaluated in the child
    expect: str


# C type (without const and the pointer) -> the child's name for a live object of that kind.
HANDLE_KINDS = {
    "acldvppChannelDesc": "channel",
    "acldvppPicDesc": "pic",
    "acldvppBatchPicDesc": "batch",
    "acldvppRoiConfig": "roi",
    "acldvppResizeConfig": "resize",
    "acldvppBorderConfig": "border",
    "acldvppLutMap": "lut",
    "acldvppHist": "hist",
    "acldvppJpegeConfig": "jpege",
    "acldvppStreamDesc": "stream_desc",
    "aclrtStream": "stream",
}

# Python parameter names of the hand-shaped wrappers -> role.
PYTHON_PARAMETER_ROLES = {
    "channel_desc": "channel",
    "input_desc": "pic",
    "config": "jpege",
    "hist": "hist",
    "lut_map": "lut",
    "src_batch_pic_descs": "batch",
    "dst_batch_pic_descs": "batch",
    "resize_config": "resize",
    "stream": "stream",
    "crop_areas": "roi_list",
    "paste_areas": "roi_list",
    "border_cfgs": "border_list",
    "data": "data",
}

# Valid values of the arguments no case replaces, by parameter name (C or Python).
SCALARS = {
    "dim": "0",
    "index": "0",
    "batchSize": "2",
    "roi_nums": "[1, 1]",
    "output_pixel_format": "acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420",
    "outputPixelFormat": "acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420",
    "format": "1",
    "policy": "acl.ACL_MEM_MALLOC_HUGE_FIRST",
    "cfg": "0",
    "param_type": "0",
    "value": "1",
    "reserve": "0",
    "borderType": "0",
    "level": "50",
    "interpolation": "1",
    "mode": "1",
    "eos": "0",
    "timestamp": "1",
    "retCode": "0",
}


# Roles whose argument the sweep replaces with bad values.
REPLACEABLE = frozenset(HANDLE_KINDS.values()) | {"data", "host_data", "roi_list", "border_list", "size_out"}

# Functions whose data argument the runtime reads from host memory (a file read into a host buffer):
# a garbage address there is undefined behaviour on the runtime too; NULL and freed DVPP memory are not.
HOST_DATA_FUNCTIONS = frozenset(
    {
        "dvpp_jpeg_get_image_info",
        "dvpp_jpeg_get_image_info_v2",
        "dvpp_jpeg_predict_dec_size",
        "dvpp_png_get_image_info",
        "dvpp_png_predict_dec_size",
    }
)


def _stripped(type_text: str) -> str:
    return type_text.replace("const", "").replace("*", "").replace("[]", "").strip()


def _type_text(type_ref: str | dict) -> str:
    """api.json writes a plain type as its name, any other as an object with its C text."""
    return type_ref if isinstance(type_ref, str) else type_ref["text"]


def _functions() -> list[tuple[str, list[tuple[str, str]], str]]:
    """(python name, [(parameter name, role or value expression)], C return type) per function."""
    import inspect

    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    c_functions = {f["name"]: f for f in manifest["functions"]}
    result = []
    for binding in manifest["bindings"]:
        name = binding["python_name"]
        if binding["module"] != "acl.media" or name.startswith(("vdec", "venc")):
            continue
        c_function = c_functions[binding["name"]]
        public = python_wrapper(getattr(acl.media, name))
        parameters: list[tuple[str, str]] = []
        if inspect.isfunction(public):  # a wrapper with its own shape: its parameter names
            for parameter, spec in inspect.signature(public).parameters.items():
                if spec.kind is inspect.Parameter.VAR_POSITIONAL:
                    continue  # pyACL's ignored extra arguments (tests/pyacl/test_extra_args.py)
                parameters.append((parameter, _role(name, parameter, PYTHON_PARAMETER_ROLES.get(parameter))))
        else:  # a direct binding: exactly the C parameters
            for parameter in c_function.get("params", []):
                kind = HANDLE_KINDS.get(_stripped(_type_text(parameter["type"])))
                if kind is None and parameter["name"] in ("data", "dataDev", "devPtr"):
                    kind = "data"
                if kind is None and _type_text(parameter["type"]) == "uint32_t *":
                    kind = "size_out"
                parameters.append((parameter["name"], _role(name, parameter["name"], kind)))
        result.append((name, parameters, _type_text(c_function["return_type"])))
    return result


def _role(function: str, parameter: str, kind: str | None) -> str:
    if kind == "data" and function in HOST_DATA_FUNCTIONS:
        return "host_data"
    if kind is not None:
        return kind
    if parameter in ("size", "data_size", "dataSize"):
        if function == "dvpp_malloc" or function == "dvpp_malloc_with_cfg":
            return "64"
        return "png_size" if "png" in function else "jpeg_size"
    return SCALARS.get(parameter, "16")


def _live(function: str, role: str) -> str:
    """The child expression for a valid argument of `role`."""
    if role in ("data", "host_data"):
        return "png_dev" if "png" in function else "jpeg_dev"
    if role in ("roi_list", "border_list"):
        element = role.split("_")[0]
        return f"[{element}, {element}]"
    if role == "size_out":
        return "size_out"
    return role


def _bad_values(role: str) -> dict[str, str]:
    """Bad replacements of an argument of `role`, by label."""
    if role in ("roi_list", "border_list"):
        element = role.split("_")[0]
        return {f"{label} in the list": f"[{bad}, {bad}]" for label, bad in _bad_values(element).items()}
    if role == "data":
        return {"NULL data": "0", "garbage data": str(GARBAGE[0]), "freed data": "freed_dev"}
    if role == "host_data":
        return {"NULL data": "0", "freed data": "freed_dev"}
    if role == "size_out":
        return {"NULL size pointer": "0"}
    bad = {f"garbage {value:#x}": str(value) for value in GARBAGE}
    bad["destroyed"] = f"destroyed_{role}"
    bad["another kind"] = "roi" if role == "pic" else "pic"
    if role != "stream":  # stream 0 is the default stream, a valid argument
        bad["NULL"] = "0"
    return bad


def _expectation(function: str, returns: str) -> str:
    if returns == "aclError":
        return ERROR
    if returns.endswith("*") and function not in ("dvpp_get_pic_desc_data", "dvpp_get_stream_desc_data"):
        return NULL
    return SURVIVES


def _call(function: str, arguments: list[str]) -> str:
    return f"acl.media.{function}({', '.join(arguments)})"


def _generated_cases() -> list[Case]:
    cases = []
    for function, parameters, returns in _functions():
        live = [_live(function, role) if role in REPLACEABLE else role for _, role in parameters]
        for position, (parameter, role) in enumerate(parameters):
            if role not in REPLACEABLE:
                continue
            expect = _expectation(function, returns)
            if role in ("data", "host_data") and function.startswith("dvpp_set_"):
                expect = SURVIVES  # setters store the address; it is checked when used
            if role == "data" and function == "dvpp_free":
                expect = ERROR
            for label, value in _bad_values(role).items():
                arguments = list(live)
                arguments[position] = value
                cases.append(Case(f"{function}: {parameter} {label}", _call(function, arguments), expect))
            if role == "channel" and function.endswith("_async"):
                arguments = list(live)
                arguments[position] = "uncreated_channel"
                name = f"{function}: {parameter} never created"
                cases.append(Case(name, _call(function, arguments), ERROR))
        if parameters:
            arguments = list(live)
            arguments[0] = "'not a number'"
            cases.append(Case(f"{function}: a str argument", _call(function, arguments), TYPE_ERROR))
    return cases


# Undersized buffers, truncated or foreign data, out-of-range indexes, invalid batch shapes. The
# asynchronous ones are judged by `outcome`: the call's code, else the sync's, else the ret code.
HAND_WRITTEN = [
    Case("jpeg_get_image_info: size 0", "m.dvpp_jpeg_get_image_info(jpeg_dev, 0)", ERROR),
    Case("jpeg_get_image_info: truncated header", "m.dvpp_jpeg_get_image_info(jpeg_dev, 8)", ERROR),
    Case("jpeg_get_image_info: PNG data", "m.dvpp_jpeg_get_image_info(png_dev, png_size)", ERROR),
    Case("jpeg_get_image_info_v2: random bytes", "m.dvpp_jpeg_get_image_info_v2(noise_dev, 256)", ERROR),
    Case(
        "jpeg_predict_dec_size: truncated header",
        "m.dvpp_jpeg_predict_dec_size(jpeg_dev, 8, acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420)",
        ERROR,
    ),
    Case(
        "jpeg_predict_dec_size: unknown output format",
        "m.dvpp_jpeg_predict_dec_size(jpeg_dev, jpeg_size, 9999)",
        ERROR,
    ),
    Case("png_get_image_info: JPEG data", "m.dvpp_png_get_image_info(jpeg_dev, jpeg_size)", ERROR),
    Case("png_get_image_info: truncated header", "m.dvpp_png_get_image_info(png_dev, 12)", ERROR),
    Case(
        "png_predict_dec_size: random bytes",
        "m.dvpp_png_predict_dec_size(noise_dev, 256, acl.PIXEL_FORMAT_RGB_888)",
        ERROR,
    ),
    Case(
        "jpeg_decode_async: output buffer of 16 bytes",
        "outcome(m.dvpp_jpeg_decode_async(channel, jpeg_dev, jpeg_size, tiny_out, stream), tiny_out)",
        ERROR,
    ),
    Case(
        "jpeg_decode_async: size beyond the allocation",
        "outcome(m.dvpp_jpeg_decode_async(channel, jpeg_dev, jpeg_size + 4096, decoded, stream), decoded)",
        ERROR,
    ),
    Case(
        "jpeg_decode_async: entropy data garbled",
        "outcome(m.dvpp_jpeg_decode_async(channel, garbled_dev, jpeg_size, decoded, stream), decoded)",
        ERROR,
    ),
    Case(
        "jpeg_decode_async: truncated stream",
        "outcome(m.dvpp_jpeg_decode_async(channel, jpeg_dev, jpeg_size // 3, decoded, stream), decoded)",
        ERROR,
    ),
    Case(
        "png_decode_async: output buffer of 16 bytes",
        "outcome(m.dvpp_png_decode_async(channel, png_dev, png_size, tiny_out, stream), tiny_out)",
        ERROR,
    ),
    Case(
        "vpc_resize_async: output buffer of 16 bytes",
        "outcome(m.dvpp_vpc_resize_async(channel, pic, tiny_out, resize, stream), tiny_out)",
        ERROR,
    ),
    Case(
        "vpc_resize_async: input size beyond its allocation",
        "outcome(m.dvpp_vpc_resize_async(channel, overclaiming_pic, out_pic, resize, stream), out_pic)",
        ERROR,
    ),
    Case(
        "vpc_crop_async: input without data",
        "outcome(m.dvpp_vpc_crop_async(channel, empty_pic, out_pic, roi, stream), out_pic)",
        ERROR,
    ),
    Case(
        "vpc_convert_color_async: output buffer of 16 bytes",
        "outcome(m.dvpp_vpc_convert_color_async(channel, pic, tiny_out, stream), tiny_out)",
        ERROR,
    ),
    Case(
        "jpeg_encode_async: output buffer of 16 bytes",
        "outcome(m.dvpp_jpeg_encode_async(channel, pic, tiny_dev, tiny_size_ptr, jpege, stream), None)",
        ERROR,
    ),
    Case(
        "jpeg_predict_enc_size: input without data or size",
        "m.dvpp_jpeg_predict_enc_size(empty_pic, jpege)",
        ERROR,
    ),
    Case("get_hist_data: dim 3", "m.dvpp_get_hist_data(hist, 3)", ERROR),
    Case("get_hist_data: dim 2**32-1", "m.dvpp_get_hist_data(hist, 2**32 - 1)", ERROR),
    Case("get_lut_map_data: dim 3", "m.dvpp_get_lut_map_data(lut, 3)", ERROR),
    Case("set_border_config_value: index 4", "m.dvpp_set_border_config_value(border, 4, 1.0)", ERROR),
    Case("get_border_config_value: index 4", "m.dvpp_get_border_config_value(border, 4)", SURVIVES),
    Case("get_pic_desc: index 2 of a batch of 2", "m.dvpp_get_pic_desc(batch, 2)", NULL),
    Case("get_pic_desc: index 2**32-1", "m.dvpp_get_pic_desc(batch, 2**32 - 1)", NULL),
    Case("create_batch_pic_desc(0)", "m.dvpp_create_batch_pic_desc(0)", NULL),
    Case("create_batch_pic_desc(2**32-1)", "m.dvpp_create_batch_pic_desc(2**32 - 1)", NULL),
    Case("dvpp_malloc(0)", "m.dvpp_malloc(0)", ERROR),
    Case("dvpp_malloc(2**60)", "m.dvpp_malloc(2**60)", ERROR),
    Case("dvpp_free twice", "m.dvpp_free(freed_dev)", ERROR),
    Case(
        "batch crop: roi_nums sum beyond the output batch",
        "outcome(m.dvpp_vpc_batch_crop_async(channel, batch, [5, 5], out_batch, [roi] * 10, stream)[-1], 0)",
        ERROR,
    ),
    Case(
        "batch crop: roi_nums empty",
        "outcome(m.dvpp_vpc_batch_crop_async(channel, batch, [], out_batch, [], stream)[-1], None)",
        VALUE_ERROR,  # no crop areas: pyACL's ValueError (issue 13)
    ),
    Case(
        "batch crop: fewer crop areas than ROIs",
        "outcome(m.dvpp_vpc_batch_crop_async(channel, batch, [1, 1], out_batch, [roi], stream)[-1], None)",
        VALUE_ERROR,  # C would read past the one-item array: the wrapper refuses it
    ),
    Case(
        "batch crop: more roi_nums than source pictures",
        "outcome(m.dvpp_vpc_batch_crop_async(channel, batch, [1, 1, 1], out_batch, [roi] * 3, stream)[-1],"
        " 0)",
        ERROR,
    ),
]


def _encode(image: Any, fmt: str, **options: Any) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, fmt, **options)
    return buffer.getvalue()


def _pictures() -> tuple[bytes, bytes]:
    gradient = Image.linear_gradient("L").resize((48, 32))
    rgb = Image.merge("RGB", (gradient, gradient.transpose(Image.Transpose.FLIP_LEFT_RIGHT), gradient))
    return _encode(rgb, "JPEG", quality=90), _encode(rgb, "PNG")


CHILD_SETUP = """
import json

m = acl.media

def new_dev(data):
    dev, ret = acl.media.dvpp_malloc(len(data))
    ok(ret, "dvpp_malloc")
    ok(acl.rt.memcpy(dev, len(data), acl.util.bytes_to_ptr(data), len(data), acl.ACL_MEMCPY_HOST_TO_DEVICE),
       "memcpy")
    return dev

def new_pic(data, size, fmt, width, height, width_stride, height_stride):
    desc = acl.media.dvpp_create_pic_desc()
    for setter, value in ((m.dvpp_set_pic_desc_data, data), (m.dvpp_set_pic_desc_size, size),
                          (m.dvpp_set_pic_desc_format, fmt), (m.dvpp_set_pic_desc_width, width),
                          (m.dvpp_set_pic_desc_height, height),
                          (m.dvpp_set_pic_desc_width_stride, width_stride),
                          (m.dvpp_set_pic_desc_height_stride, height_stride)):
        ok(setter(desc, value), setter.__name__)
    return desc

def outcome(ret, out_desc):
    if ret:
        return ret
    sync = acl.rt.synchronize_stream(stream)
    if sync:
        return sync
    return acl.media.dvpp_get_pic_desc_ret_code(out_desc) if out_desc else 0

m = acl.media
NV12 = acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420
jpeg_size, png_size = len(JPEG), len(PNG)
jpeg_dev, png_dev = new_dev(JPEG), new_dev(PNG)
garbled = bytearray(JPEG)
for i in range(len(garbled) // 2, len(garbled) - 2):
    garbled[i] = (garbled[i] * 37 + 11) & 0xFF
garbled_dev = new_dev(bytes(garbled))
noise_dev = new_dev(bytes((i * 97 + 13) & 0xFF for i in range(256)))
freed_dev = new_dev(b"x" * 64)
picture_dev = new_dev(bytes(64 * 64 * 3 // 2))
out_dev = new_dev(bytes(32 * 32 * 3 // 2))
decoded_dev = new_dev(bytes(128 * 48 * 3 // 2))
tiny_dev = new_dev(bytes(16))
small_dev = new_dev(bytes(256))

channel = acl.media.dvpp_create_channel_desc()
ok(acl.media.dvpp_create_channel(channel), "create_channel")
uncreated_channel = acl.media.dvpp_create_channel_desc()
pic = new_pic(picture_dev, 64 * 64 * 3 // 2, NV12, 64, 64, 64, 64)
out_pic = new_pic(out_dev, 32 * 32 * 3 // 2, NV12, 32, 32, 32, 32)
tiny_out = new_pic(tiny_dev, 16, NV12, 32, 32, 32, 32)
overclaiming_pic = new_pic(small_dev, 64 * 64 * 3 // 2, NV12, 64, 64, 64, 64)
empty_pic = acl.media.dvpp_create_pic_desc()
decoded = new_pic(decoded_dev, 128 * 48 * 3 // 2, NV12, 0, 0, 0, 0)
batch = acl.media.dvpp_create_batch_pic_desc(2)
out_batch = acl.media.dvpp_create_batch_pic_desc(2)
roi = acl.media.dvpp_create_roi_config(0, 31, 0, 31)
resize = acl.media.dvpp_create_resize_config()
border = acl.media.dvpp_create_border_config()
lut = acl.media.dvpp_create_lut_map()
hist = acl.media.dvpp_create_hist()
jpege = acl.media.dvpp_create_jpege_config()
stream_desc = acl.media.dvpp_create_stream_desc()
size_host, ret = acl.rt.malloc_host(8)
ok(ret, "malloc_host")
size_out = size_host
tiny_size_ptr = size_host
ok(acl.rt.memcpy(size_host, 4, acl.util.bytes_to_ptr((16).to_bytes(4, sys.byteorder)), 4,
                 acl.ACL_MEMCPY_HOST_TO_HOST), "memcpy")

# Destroyed handles: all created first and destroyed together at the end of the set-up, so that no
# later create can get the same address back and make one live again.
destroyed_pic = m.dvpp_create_pic_desc()
destroyed_batch = m.dvpp_create_batch_pic_desc(2)
destroyed_roi = m.dvpp_create_roi_config(0, 15, 0, 15)
destroyed_resize = m.dvpp_create_resize_config()
destroyed_border = m.dvpp_create_border_config()
destroyed_lut = m.dvpp_create_lut_map()
destroyed_hist = m.dvpp_create_hist()
destroyed_jpege = m.dvpp_create_jpege_config()
destroyed_stream_desc = m.dvpp_create_stream_desc()
destroyed_channel = m.dvpp_create_channel_desc()
ok(m.dvpp_create_channel(destroyed_channel), "create_channel")
destroyed_stream, ret = acl.rt.create_stream()
ok(ret, "create_stream")
for handle, destroy in (
    (destroyed_pic, m.dvpp_destroy_pic_desc), (destroyed_batch, m.dvpp_destroy_batch_pic_desc),
    (destroyed_roi, m.dvpp_destroy_roi_config), (destroyed_resize, m.dvpp_destroy_resize_config),
    (destroyed_border, m.dvpp_destroy_border_config), (destroyed_lut, m.dvpp_destroy_lut_map),
    (destroyed_hist, m.dvpp_destroy_hist), (destroyed_jpege, m.dvpp_destroy_jpege_config),
    (destroyed_stream_desc, m.dvpp_destroy_stream_desc), (destroyed_channel, m.dvpp_destroy_channel),
    (destroyed_channel, m.dvpp_destroy_channel_desc), (destroyed_stream, acl.rt.destroy_stream),
    (freed_dev, m.dvpp_free),
):
    ok(destroy(handle), destroy.__name__)

acl.get_recent_err_msg()  # every case reads it: without it no case can run, say so before the first
with open(sys.argv[1], encoding="utf-8") as cases_file:
    cases = json.load(cases_file)
first = int(sys.argv[2])
for index in range(first, len(cases)):
    name, call = cases[index]
    print("START", index, flush=True)
    acl.get_recent_err_msg()  # start each case with no message pending
    try:
        value = eval(call)
        message = acl.get_recent_err_msg() or ""
        print("RESULT", index, json.dumps([repr(value), message]), flush=True)
    except Exception as error:
        print("RESULT", index, json.dumps([f"raised {type(error).__name__}", str(error)]), flush=True)
print("SURVIVED the final synchronize:", acl.rt.synchronize_stream(stream), flush=True)
print("DONE", flush=True)
"""

# Hand-written cases first: the generated ones may leave a live pic desc pointing at bad data.
ALL_CASES = HAND_WRITTEN + _generated_cases()
CASE_INDEX = {case.name: index for index, case in enumerate(ALL_CASES)}
assert len(CASE_INDEX) == len(ALL_CASES), "case names must be unique"
MAX_CHILDREN = 25
# Strict mode: an untracked address given where the runtime wants device (DVPP) memory is refused
# there, not read on a stream worker (without it the emulator takes such addresses for host buffers).
CHILD_ENV = {"ACL_BACKEND": "emulator", "ACL_EMU_STRICT": "1"}


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[int, tuple[str, str]]:
    """index -> (repr of the result or 'raised X', message); a crash maps to ('CRASH', details)."""
    jpeg, png = _pictures()
    program = f"JPEG = {jpeg!r}\nPNG = {png!r}\n" + CHILD_SETUP
    cases_path = tmp_path_factory.mktemp("bad-input") / "cases.json"
    cases_path.write_text(json.dumps([[case.name, case.call] for case in ALL_CASES]), encoding="utf-8")
    collected: dict[int, tuple[str, str]] = {}
    first = 0
    for _ in range(MAX_CHILDREN):
        arguments = (str(cases_path), str(first))
        child = run_python(RUNTIME_PRELUDE + program, CHILD_ENV, args=arguments, timeout=300)
        started = None
        for line in child.stdout.splitlines():
            if line.startswith("START "):
                started = int(line.split()[1])
            elif line.startswith("RESULT "):
                _, index, data = line.split(" ", 2)
                collected[int(index)] = tuple(json.loads(data))  # type: ignore[assignment]
        if "DONE" in child.stdout:
            return collected
        if started is None:
            pytest.fail(f"the child died before its first case\n{describe(child)}")
        collected[started] = ("CRASH", describe(child)[-3000:])
        first = started + 1
    return collected


def _check(case: Case, value: str, message: str) -> None:
    if case.expect in (TYPE_ERROR, VALUE_ERROR):
        assert value == f"raised {case.expect}", f"{case.call} gave {value} ({message})"
        return
    assert not value.startswith("raised "), f"{case.call} raised: {value} {message}"
    if case.expect == SURVIVES:
        return
    result = eval(value)  # a repr of ints / tuples of ints written by the child
    if case.expect == NULL:
        assert result == 0, f"{case.call} returned {result}, expected a NULL handle"
        return
    code = result[-1] if isinstance(result, tuple) else result
    assert isinstance(code, int) and code != acl.ACL_SUCCESS, f"{case.call} gave {result}, expected an error"
    # With av installed every function here is implemented: "not supported" would hide a missing check.
    assert code != acl.ACL_ERROR_API_NOT_SUPPORT, f"{case.call}: not supported ({message})"
    assert message, f"{case.call} returned {code} without a message for acl.get_recent_err_msg()"


@pytest.mark.parametrize("case", ALL_CASES, ids=[case.name for case in ALL_CASES])
def test_bad_input_gives_an_error_not_a_crash(results: dict[int, tuple[str, str]], case: Case) -> None:
    index = CASE_INDEX[case.name]
    assert index in results, "not run: too many children died before reaching it"
    value, message = results[index]
    assert value != "CRASH", f"the interpreter died in {case.call}\n{message}"
    _check(case, value, message)


def test_the_sweep_covers_every_image_function() -> None:
    covered = {case.call.split("(")[0].removeprefix("acl.media.") for case in _generated_cases()}
    functions = {name for name, _, _ in _functions()}
    without_parameters = {name for name, parameters, _ in _functions() if not parameters}
    assert functions - without_parameters <= covered
    assert len(functions) >= 100  # the image half of acl_dvpp.h


def test_children_ran_every_case(results: dict[int, tuple[str, str]]) -> None:
    assert sorted(results) == list(range(len(ALL_CASES)))


def test_every_image_function_is_emulated() -> None:
    """`python -m acl info --missing` lists no acldvpp* function (video and hi_mpi are the next issue)."""
    result = run_command([sys.executable, "-m", "acl", "info", "--missing"], {"ACL_BACKEND": "emulator"})
    assert result.returncode == 0, describe(result)
    stubbed = [line.split(":", 1)[1].strip() for line in result.stdout.splitlines()
               if line.startswith("not emulated:")]
    counts = [line for line in result.stdout.splitlines() if line.startswith("emulated:")]
    assert counts and counts[0].endswith(f" {len(stubbed)} return ACL_ERROR_API_NOT_SUPPORT"), counts
    assert [name for name in stubbed if name.startswith("acldvpp")] == []


RELEASED_WHILE_QUEUED = """
m = acl.media
channel = m.dvpp_create_channel_desc()
ok(m.dvpp_create_channel(channel), "create_channel")
source, ret = m.dvpp_malloc(len(JPEG))
host = acl.util.bytes_to_ptr(JPEG)
ok(acl.rt.memcpy(source, len(JPEG), host, len(JPEG), acl.ACL_MEMCPY_HOST_TO_DEVICE), "copy")
# the decode waits behind this word until the release is done: the order is fixed, not a race
gate, ret = acl.rt.malloc(8, 0)
ok(ret, "malloc")
def set_gate(value):
    word = acl.util.bytes_to_ptr(value.to_bytes(8, "little"))
    ok(acl.rt.memcpy(gate, 8, word, 8, acl.ACL_MEMCPY_HOST_TO_DEVICE), "gate")
# the channel last: the other cases need it
for case in ("destroy the output desc", "free the output buffer", "destroy the stream",
             "destroy the channel"):
    output, ret = m.dvpp_malloc(1 << 20)
    ok(ret, "dvpp_malloc")
    desc = m.dvpp_create_pic_desc()
    for setter, value in ((m.dvpp_set_pic_desc_data, output), (m.dvpp_set_pic_desc_size, 1 << 20),
                          (m.dvpp_set_pic_desc_format, acl.PIXEL_FORMAT_YUV_SEMIPLANAR_420)):
        ok(setter(desc, value), "set")
    queue, ret = acl.rt.create_stream()
    ok(ret, "create_stream")
    gated = case != "destroy the stream"  # destroying a stream waits for its tasks
    if gated:
        set_gate(0)
        ok(acl.rt.value_wait(gate, 1, acl.ACL_STREAM_WAIT_VALUE_GEQ, queue), "value_wait")
    ok(m.dvpp_jpeg_decode_async(channel, source, len(JPEG), desc, queue), "decode")
    if case == "destroy the output desc":
        released = m.dvpp_destroy_pic_desc(desc)
    elif case == "free the output buffer":
        released = m.dvpp_free(output)
    elif case == "destroy the channel":
        released = m.dvpp_destroy_channel(channel)
    else:
        released = acl.rt.destroy_stream(queue)
    if gated:
        set_gate(1)
    synced = acl.rt.synchronize_stream(queue) if case != "destroy the stream" else 0
    print("CASE", case, released, synced, bool(acl.get_recent_err_msg()) if synced else True, flush=True)
print("DONE", flush=True)
"""


def test_releasing_what_a_queued_task_uses_never_crashes() -> None:
    """The runtime leaves this undefined; the emulator must still answer with codes, not a crash."""
    jpeg, _ = _pictures()
    child = run_python(RUNTIME_PRELUDE + f"JPEG = {jpeg!r}\n" + RELEASED_WHILE_QUEUED, CHILD_ENV)
    assert child.returncode == 0 and "DONE" in child.stdout, describe(child)
    cases = [line.split()[1:] for line in child.stdout.splitlines() if line.startswith("CASE ")]
    assert len(cases) == 4, describe(child)
    outcomes = {" ".join(case[:-3]): case[-3:] for case in cases}
    for released, _, explained in outcomes.values():
        assert int(released) == acl.ACL_SUCCESS, describe(child)
        assert explained == "True", f"a failed sync without a message\n{describe(child)}"
    # the decoder must not write into a buffer freed under it: the task fails instead
    assert int(outcomes["free the output buffer"][1]) != acl.ACL_SUCCESS, describe(child)
