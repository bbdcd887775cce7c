"""Programs written as a user would from the docs, each checked by ``mypy --strict`` (see tests/test_typing.py)."""
