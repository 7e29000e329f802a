"""acl.prof: the generated module under its public name (so `import acl.prof` works)."""

from acl._generated.prof import *  # noqa: F403
