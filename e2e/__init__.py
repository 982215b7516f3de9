"""Browser tests of the real built site in a real Chromium."""
