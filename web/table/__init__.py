"""The card table: geometry, SVG art, and (as static files beside them) motion and sound.

- :mod:`web.table.layout`: pure geometry. Where the felt, the seats, the pot, the deck,
  the discard pile, a trick and the own hand go for a given size and number of seats.
- :mod:`web.table.art`: the pieces as safe SVG markup (cards, dice, chips, felt, seats,
  the whole scene, the own hand as buttons).
- :mod:`web.table.cards`: the corner letters per language, and the same letters for
  log text (``card_text``), so the two always agree.
- ``motion.js``: FLIP animations between two renders, keyed by ``data-key``.
- ``sound.js``: short synthesized sounds and vibration, with a remembered mute toggle.
- ``table.css``: the hand's layout and the motion layer's flying copies.
- :mod:`web.table.bridge`: how the Python UI loads and calls the scripts.

A play screen uses them like this::

    layout = table_layout(width, height, len(seats), bottom_seat=view.actor, hand_cards=7)
    markup = fragment(
        scene(layout, [Seat(name, chips=..., cards=(None, 12)) ...], lang, label, pot=5),
        hand(own_cards, layout.hand, lang, names, action="play", playable=...),
    )
    bridge.capture(); page.patch(markup); bridge.play(leave={"trick-*": "seat-2"})

The markup speaks to motion.js through attributes, so the screens describe what is on
the table and never how it moves: ``data-key`` (one thing, the same from render to
render), ``data-from`` (a new piece comes from where that key was: ``"deck"``, a seat),
``data-face`` (``down`` to ``up`` turns a card), ``data-motion="die"`` with
``data-value`` (tumbles when the value changes), ``data-motion="chips"`` with
``data-count`` (chips fly from falling to rising stacks), ``data-moment`` (pops up).

Nothing here knows a game's rules: the screens pass in what a view shows.
"""
