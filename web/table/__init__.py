"""The card table: geometry, SVG art, and (as static files beside them) motion and sound.

- :mod:`web.table.layout`: pure geometry. Where the felt, the seats, the pot, the deck,
  the discard pile and the own hand go for a given size and number of seats.
- :mod:`web.table.art`: the pieces as safe SVG markup (cards, dice, chips, felt, seats).
- ``motion.js``: FLIP animations between two renders, keyed by ``data-key``.
- ``sound.js``: short synthesized sounds and vibration, with a remembered mute toggle.
- :mod:`web.table.bridge`: how the Python UI loads and calls the two scripts.

Nothing here knows a game's rules: the screens pass in what a view shows.
"""
