"""acl.prof: the generated module under its public name (so `import acl.prof` works)."""

from ._generated.prof import *  # noqa: F403
