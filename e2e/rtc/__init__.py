"""Browser tests of the WebRTC transport, run only inside a network namespace of their own."""
