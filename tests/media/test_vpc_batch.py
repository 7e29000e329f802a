"""Batch VPC calls: input i gives roiNums[i] crops, numbered in order; crop j goes to output j
with cropAreas[j] (and pasteAreas[j] / borderCfgs[j]). Results against the numpy references.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.numpy
np = pytest.importorskip("numpy")

from vpc_harness import Picture, VpcSession, media, vpc_fixture  # noqa: E402, F401
from vpc_reference import make_border, resize_bilinear  # noqa: E402

import acl  # noqa: E402

NV12 = "YUV_SEMIPLANAR_420"
# (input index, left, right, top, bottom) of each crop, in output order; roiNums = [2, 1]
CROPS = [(0, 0, 31, 0, 19), (0, 16, 57, 10, 39), (1, 2, 41, 4, 33)]
ROI_NUMS = [2, 1]


def crop_planes(planes: dict[str, np.ndarray], left: int, right: int, top: int, bottom: int):
    return {
        "Y": planes["Y"][top : bottom + 1, left : right + 1],
        "U": planes["U"][top // 2 : (bottom + 1) // 2, left // 2 : (right + 1) // 2],
        "V": planes["V"][top // 2 : (bottom + 1) // 2, left // 2 : (right + 1) // 2],
    }


def sources(vpc: VpcSession) -> tuple[int, list[dict[str, np.ndarray]]]:
    pics, planes = zip(*(vpc.source(NV12, 64, 48, seed=s) for s in (1, 2)))
    return vpc.batch(list(pics)), list(planes)


def outputs(vpc: VpcSession, sizes: list[tuple[int, int]]) -> tuple[int, list[Picture]]:
    pics = [vpc.picture(NV12, w, h, fill=50) for w, h in sizes]
    return vpc.batch(pics), pics


def crop_rois(vpc: VpcSession) -> list[int]:
    return [vpc.roi(left, right, top, bottom) for _, left, right, top, bottom in CROPS]


def assert_resized(
    vpc: VpcSession, pic: Picture, crop: dict[str, np.ndarray], box: tuple[int, int, int, int]
):
    """The crop resized into box = (x, y, w, h) of the picture, within 1."""
    got = vpc.planes(pic)
    x, y, w, h = box
    for comp, plane in crop.items():
        s = 2 if comp in "UV" else 1
        region = got[comp][y // s : (y + h) // s, x // s : (x + w) // s]
        diff = np.abs(region.astype(int) - resize_bilinear(plane, w // s, h // s))
        assert diff.max() <= 1, comp
    assert media.dvpp_get_pic_desc_ret_code(pic.desc) == 0


def test_batch_crop(vpc: VpcSession) -> None:
    src, planes = sources(vpc)
    dst, pics = outputs(vpc, [(32, 20), (42, 30), (40, 30)])
    returned, ret = media.dvpp_vpc_batch_crop_async(
        vpc.channel, src, ROI_NUMS, dst, crop_rois(vpc), vpc.stream
    )
    vpc.run(ret, "batch crop")
    assert returned == dst
    for pic, (i, left, right, top, bottom) in zip(pics, CROPS):
        got = vpc.planes(pic)
        expected = crop_planes(planes[i], left, right, top, bottom)
        for comp in "YUV":
            np.testing.assert_array_equal(got[comp], expected[comp], err_msg=comp)


def test_batch_crop_resize(vpc: VpcSession) -> None:
    src, planes = sources(vpc)
    sizes = [(16, 10), (84, 60), (20, 16)]
    dst, pics = outputs(vpc, sizes)
    config = vpc.resize_config(1)
    ret = media.dvpp_vpc_batch_crop_resize_async(
        vpc.channel, src, ROI_NUMS, dst, crop_rois(vpc), config, vpc.stream
    )
    vpc.run(ret, "batch crop resize")
    for pic, (i, *box), (w, h) in zip(pics, CROPS, sizes):
        assert_resized(vpc, pic, crop_planes(planes[i], *box), (0, 0, w, h))


@pytest.mark.parametrize("with_resize_config", [False, True])
def test_batch_crop_and_paste(vpc: VpcSession, with_resize_config: bool) -> None:
    src, planes = sources(vpc)
    dst, pics = outputs(vpc, [(96, 64)] * 3)
    boxes = [(16, 2, 32, 20), (0, 0, 64, 40), (48, 20, 40, 30)]
    pastes = [vpc.roi(x, x + w - 1, y, y + h - 1) for x, y, w, h in boxes]
    if with_resize_config:
        ret = media.dvpp_vpc_batch_crop_resize_paste_async(
            vpc.channel, src, ROI_NUMS, dst, crop_rois(vpc), pastes, vpc.resize_config(), vpc.stream
        )
    else:
        _, ret = media.dvpp_vpc_batch_crop_and_paste_async(
            vpc.channel, src, ROI_NUMS, dst, crop_rois(vpc), pastes, vpc.stream
        )
    vpc.run(ret, "batch crop and paste")
    for pic, (i, *roi), box in zip(pics, CROPS, boxes):
        assert_resized(vpc, pic, crop_planes(planes[i], *roi), box)
        outside = vpc.planes(pic)["Y"].copy()
        x, y, w, h = box
        outside[y : y + h, x : x + w] = 50
        assert (outside == 50).all()


def test_batch_crop_resize_make_border(vpc: VpcSession) -> None:
    src, planes = sources(vpc)
    dst, pics = outputs(vpc, [(48, 32)] * 3)
    borders = [(2, 2, 8, 8), (4, 0, 0, 4), (0, 6, 2, 2)]  # top, bottom, left, right
    kinds = [acl.BORDER_CONSTANT, acl.BORDER_REPLICATE, acl.BORDER_REFLECT]
    configs = [vpc.border_config(k, *b, (30, 100, 160)) for k, b in zip(kinds, borders)]
    ret = media.dvpp_vpc_batch_crop_resize_make_border_async(
        vpc.channel, src, ROI_NUMS, dst, crop_rois(vpc), configs, vpc.resize_config(), vpc.stream
    )
    vpc.run(ret, "batch crop resize make border")
    for pic, (i, *roi), (top, bottom, left, right), kind in zip(pics, CROPS, borders, kinds):
        inner_w, inner_h = 48 - left - right, 32 - top - bottom
        got = vpc.planes(pic)
        crop = crop_planes(planes[i], *roi)
        for comp, value in zip("YUV", (30, 100, 160)):
            s = 2 if comp in "UV" else 1
            inner = resize_bilinear(crop[comp], inner_w // s, inner_h // s)
            got_inner = got[comp][top // s : (top + inner_h) // s, left // s : (left + inner_w) // s]
            assert np.abs(got_inner.astype(int) - inner).max() <= 1, comp
            expected = make_border(got_inner, top // s, bottom // s, left // s, right // s, kind, value)
            np.testing.assert_array_equal(got[comp], expected, err_msg=comp)


def test_batch_counts_are_checked(vpc: VpcSession) -> None:
    src, _ = sources(vpc)
    dst, _ = outputs(vpc, [(32, 20), (42, 30), (40, 30)])
    rois = crop_rois(vpc)
    invalid = acl.ACL_ERROR_INVALID_PARAM

    def call(roi_nums: list[int]) -> int:
        return media.dvpp_vpc_batch_crop_async(vpc.channel, src, roi_nums, dst, rois, vpc.stream)[1]

    assert call([1, 1]) == invalid  # 2 crops for 3 outputs
    assert call([1, 1, 1]) == invalid  # 3 inputs named, 2 in the batch
    assert call([0, 3]) == invalid  # an input without crops
    assert call([]) == invalid
    assert vpc.sync() == acl.ACL_SUCCESS
