"""The bounds the language keeps: sizes of files, numbers, copies and bot settings (no imports, cheap to read)."""

MOST_BYTES = 2_000_000      # bytes in one .rules file, at most (a bundled game's largest has about 25,000)
MAX_INT_BITS = 256          # the bound the runtime keeps every computed number within
MAX_LIST = 100_000          # items in one list a rule computes
MAX_DIGITS = 80             # digits in one number literal
MAX_COPIES = 10_000         # `xN` after a piece or card
MAX_SEARCH_BUDGET = 10_000  # `search budget N`: iterations a decision, far beyond what a player waits for
MAX_LOOK_PAST_TIES = 8      # `look past ties N`: decisions played on, each of them several looks
