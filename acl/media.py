"""acl.media: the generated module under its public name (so `import acl.media` works).

On the emulator, JPEG/PNG coding runs through PyAV: the executor is registered here (a no-op under
CANN; PyAV itself is imported only when the first codec session opens).
"""

from . import _media_executor as _media_executor
from ._generated.media import *  # noqa: F403

_media_executor.install()
