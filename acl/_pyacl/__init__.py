"""Hand-written pyACL-shaped functions the generator cannot produce; see tools/data/irregular.json."""
