"""acl.mdl: the generated module under its public name (so `import acl.mdl` works)."""

from acl._generated.mdl import *  # noqa: F403
