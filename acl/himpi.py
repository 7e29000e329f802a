"""acl.himpi: the generated module under its public name (so `import acl.himpi` works)."""

from ._generated.himpi import *  # noqa: F403
