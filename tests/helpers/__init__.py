"""Shared helpers of the binding tests (subprocess runs, a partial fake CANN library)."""
