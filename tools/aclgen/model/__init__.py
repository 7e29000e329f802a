"""The model: the IR and the decisions about it (classification, naming, pyACL shapes, out forms,
unions, the binding plan)."""
