"""segno's QR encoder (PyPI ``segno``, the version pinned in requirements-dev.txt), vendored.

``encoder.py`` and ``consts.py`` are segno's own files, byte for byte but for the
scheme of the three web addresses in their comments (cut, so that no file the browser
loads names an outside address; tests/test_qr.py cuts them the same way to compare),
and ``LICENSE``
its licence (BSD-3-Clause; the build puts it in the app zip beside them). Only these two:
segno's ``__init__`` imports its writers, which pull ``gzip``, ``zlib``, ``xml.sax`` and
``urllib`` into the browser's standard library; ``web.remote.qr`` draws the SVG itself.
tests/test_qr.py fails when they differ from the installed pin; after bumping the pin,
copy the two files (and LICENSE, from the dist-info) from the venv's ``segno`` again.
Nothing here is imported at start-up: ``web.remote.qr`` imports the encoder when asked.
"""
