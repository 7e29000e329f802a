"""A crash fuzzer over every public callable of `acl`.

Each public function is called with wrong types, edge integers, live/freed/wrong-kind/random
handles, bad strings and wrong arity, in worker processes that the runner restarts when they die.
A dead or stuck worker is a finding unless the function is in `inherent.json` (crashes C cannot
prevent, each with its reason). `python -m tests.fuzz --help` for longer runs.
"""
