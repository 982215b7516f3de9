"""Playing at one table from many devices: pairing, transport and the messages between them."""
