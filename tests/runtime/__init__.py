"""Runtime tests through the binding (a package so its conftest never shadows another `conftest`)."""
