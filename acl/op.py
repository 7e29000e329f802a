"""acl.op: the generated module under its public name (so `import acl.op` works)."""

from ._generated.op import *  # noqa: F403
