"""The emitters: the binding plan to text (types and cdef, C shims, Python modules and stubs,
constants, the library map, the emulator stubs, the manifest)."""
