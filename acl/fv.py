"""acl.fv: the generated module under its public name (so `import acl.fv` works)."""

from ._generated.fv import *  # noqa: F403
