"""aclgen: turns AscendCL C headers into the `acl` binding (parse -> IR -> emitters)."""

__version__ = "0.1.0"
