"""Cross-engine browser tests (WebKit, Firefox) of the paths that matter."""
