"""acl.media: the generated module under its public name (so `import acl.media` works)."""

from acl._generated.media import *  # noqa: F403
