"""How fast one student, one address or the whole class may do a thing: token buckets.

A :class:`Pace` lets each key (a student, an address, a name, the class) do ``burst``
things at once, then ``per_second`` a second as the allowance comes back. The desk
keeps one per thing it paces: answers per student, new names per address and for the
whole class, wrong rejoin codes per name and per address.

Time comes from ``clock`` (``time.monotonic`` unless given), so a test moves it by hand.
Memory stays bounded: a key whose allowance is full again is forgotten, and past
:data:`KEYS_KEPT` keys the full ones are swept.
"""

from __future__ import annotations

import threading
import time
from typing import Callable, Hashable

KEYS_KEPT = 4096


class Pace:
    """``burst`` at once, then ``per_second``; ``take(key)`` says whether one more may go."""

    def __init__(self, burst: float, per_second: float,
                 clock: Callable[[], float] = time.monotonic):
        if burst < 1 or per_second < 0:
            raise ValueError(f"a pace needs burst >= 1 and per_second >= 0, got {burst}, "
                             f"{per_second}")
        self.burst, self.per_second, self.clock = float(burst), float(per_second), clock
        self._left: dict[Hashable, tuple[float, float]] = {}
        self._guard = threading.Lock()

    def __repr__(self):
        return f"Pace({self.burst:g}, {self.per_second:g})"

    def __len__(self) -> int:
        """How many keys it remembers (those whose allowance is not full)."""
        return len(self._left)

    def _now_left(self, key, now: float) -> float:
        left, checked = self._left.get(key, (self.burst, now))
        return min(self.burst, left + max(0.0, now - checked) * self.per_second)

    def left(self, key) -> float:
        """The allowance ``key`` has now (``burst`` for a key never seen)."""
        with self._guard:
            return self._now_left(key, self.clock())

    def allows(self, key) -> bool:
        """Whether ``key`` may do one more now (nothing is taken)."""
        return self.left(key) >= 1

    def take(self, key) -> bool:
        """Take one from ``key``'s allowance: False (nothing taken) when none is left."""
        with self._guard:
            now = self.clock()
            left = self._now_left(key, now)
            if left < 1:
                return False
            self._left[key] = (left - 1, now)
            if len(self._left) > KEYS_KEPT:
                self._left = {k: v for k, v in self._left.items()
                              if self._now_left(k, now) < self.burst}
            return True

    def give_back(self, key) -> None:
        """Return one taken to ``key``'s allowance (an attempt that turned out right)."""
        with self._guard:
            now = self.clock()
            left = self._now_left(key, now) + 1
            if left >= self.burst:
                self._left.pop(key, None)
            else:
                self._left[key] = (left, now)

    def forget(self, key) -> None:
        """``key`` starts again with a full allowance (a teacher's reset)."""
        with self._guard:
            self._left.pop(key, None)
