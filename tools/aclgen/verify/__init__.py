"""Checking an IR against a real include tree with the C++ compiler."""
