"""acl.blas: the generated module under its public name (so `import acl.blas` works)."""

from ._generated.blas import *  # noqa: F403
