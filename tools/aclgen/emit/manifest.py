"""api.json: the parsed API and the per-function binding facts, one JSON line per item.

A repository artefact for reviewing what the generator saw and decided; not shipped in the wheel
(the runtime reads emit/libraries.py's output instead).
"""

from __future__ import annotations

from aclgen import output
from aclgen.model.bindings import BindingPlan
from aclgen.model.ir import Api


def emit_manifest(api: Api, plan: BindingPlan) -> str:
    obj = api.to_json_obj()
    obj["bindings"] = plan.manifest()
    return output.json_lines(obj)
