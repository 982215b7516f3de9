"""Screens: pure functions from what the app knows to safe markup."""
