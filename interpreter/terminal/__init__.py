"""Terminal play: the prompt loop, the board drawn with rich, compact boards and key-by-key input."""
