"""Evaluation commands that build test material from ../shared/data and run the library on it (depends on
`grounding`, never the reverse)."""
