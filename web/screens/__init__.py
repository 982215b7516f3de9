"""Screens: pure functions from what the app knows to safe markup."""

#: Per game: the module that draws its table, and its two functions.
PLAY_SCREENS = {
    "dice21": ("web.screens.dice", "render_dice21", "decode_dice21"),
    "dice41": ("web.screens.dice", "render_dice41", "decode_dice41"),
    "tjueett": ("web.screens.banker", "render_banker", "decode_banker"),
    "tjugoett": ("web.screens.banker", "render_banker", "decode_banker"),
    "twentyone": ("web.screens.twentyone", "render_twentyone", "decode_twentyone"),
}
