"""The front end: headers to the IR (preprocess, parse, constant evaluation, doc tags)."""
