"""Where pieces are and what is on them: fields, stacks, tokens and moves (a part of Engine).

The stacks and field tables of a state are shared with its copies until changed: after a copy,
the copy and its original each copy a space's stack or an object's fields the first time they
change it (`own_stacks`, `own_fields`), so a look-ahead copy costs what it changes, not the
whole board."""
from __future__ import annotations

from .errors import RuleFault


class Board:
    """Reading and changing the pieces' places, fields and tokens of an Engine's state."""

    def field(self, obj, name: str):
        if name == "label":
            return self.display(obj)
        if name == "location":
            return self.where.get(obj)
        if name == "kind":
            return self.c.kind_of(obj)
        if name == "deck":
            return self.c.card_deck.get(obj)
        own = self.fields.get(obj)
        if own is not None and name in own:
            return own[name]
        attrs = self.c.attrs.get(obj)
        if attrs is None:
            raise RuleFault(f"'{obj}' is not a piece or space")
        if name not in attrs:
            raise RuleFault(f"{self.display(obj)} has no field '{name}'")
        return attrs[name]

    def set_field(self, obj, name: str, value) -> None:
        if name not in self.c.var_defaults.get(obj, {}):
            raise RuleFault(f"{self.display(obj)} has no changeable field '{name}'")
        own = self.fields.get(obj)
        if obj not in self.own_fields:
            own = self.fields[obj] = dict(own) if own else {}
            self.own_fields.add(obj)
        own[name] = value

    def stack(self, space) -> list:
        """The pieces on `space`, bottom first (a deck whose order a look-ahead copy has yet to
        guess is guessed now). The list may be shared with copies: change it only through `stack_to_change`."""
        try:
            stack = self.stacks[space]
        except KeyError:
            raise RuleFault(f"'{self.display(space)}' is not a space") from None
        if self.unguessed is not None and space in self.unguessed[1]:
            self.guess_order(space)
            return self.stacks[space]       # the guessed order is a new list
        return stack

    def stack_to_change(self, space) -> list:
        """The pieces on `space`, bottom first, as a list this engine may change in place."""
        stack = self.stack(space)
        if space not in self.own_stacks:
            stack = self.stacks[space] = list(stack)
            self.own_stacks.add(space)
        return stack

    def token_count(self, obj, token: str) -> int:
        return self.tokens.get(obj, {}).get(token, 0)

    def add_tokens(self, obj, token: str, count: int) -> None:
        if count <= 0:
            return
        if token in self.supply:
            count = min(count, self.supply[token])
            self.supply[token] -= count
            if count == 0:
                return
        own = self.tokens.setdefault(obj, {})
        own[token] = own.get(token, 0) + count
        self.log_event("tokens", obj=obj, token=token, change=count)

    def remove_tokens(self, obj, token: str, count: int) -> None:
        own = self.tokens.get(obj, {})
        count = min(count, own.get(token, 0))
        if count <= 0:
            return
        own[token] -= count
        if not own[token]:
            del own[token]
            if not own:
                self.tokens.pop(obj, None)
        if token in self.supply:
            self.supply[token] += count
        self.log_event("tokens", obj=obj, token=token, change=-count)

    def take(self, kind: str):
        for p in self.c.members(kind):
            if self.where.get(p) == self.c.start.get(p):
                return p
        return None

    # ---- movement
    def move(self, piece, dest, bottom: bool = False, quiet: bool = False) -> None:
        old = self.where.get(piece)
        if old is None:
            raise RuleFault(f"'{self.display(piece)}' is not a piece")
        stacks, own = self.stacks, self.own_stacks         # a stack owned is a space's, its order known
        dest_stack = stacks[dest] if dest in own else self.stack_to_change(dest)
        if old in own:
            stacks[old].remove(piece)
        elif self.unguessed is not None and old in self.unguessed[1]:
            stacks[old] = [p for p in stacks[old] if p != piece]    # guessed later, from the cards then in it
        else:
            self.stack_to_change(old).remove(piece)
        if bottom:
            dest_stack.insert(0, piece)
        else:
            dest_stack.append(piece)
        self.where[piece] = dest
        if not quiet:
            self.log_event("move", piece=piece, src=old, dest=dest)

    def fire_enters(self, arrivals) -> None:
        if not self.c.enter_triggers:
            return
        calls = []
        for piece, space in arrivals:
            for t in self.c.enter_triggers:
                if piece in t.members:
                    env = {t.piece_var: piece, t.space_var: space}
                    if t.cond is None or t.cond(self, env):
                        calls.append((t.block, env))
        self.call_each(calls)
