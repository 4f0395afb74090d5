"""Save files on disk and replaying them."""
