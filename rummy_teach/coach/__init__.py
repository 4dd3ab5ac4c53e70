"""The coach: hints from the learner's view, and a review of a hand's decisions.

Pure standard-library Python (it runs in the browser's Python too). The coach never
looks at cards the learner cannot see: it samples them (:mod:`.view`), weighs the
moves worth weighing by playing the hand out many times (:mod:`.search`), keeps
melds in hand where the expert player does (:mod:`.expert`), and says why in reason
codes (:mod:`.explain`, catalogue block "the coach").

>>> from rummy_teach.game import from_deal
>>> game = from_deal("basic", ["5H 6H 7H 9S 9D 9C", "2C 3D 4S 8D JC QD 10S"],
...                  stock="KC 2D 3S 4C", discard="AS",
...                  table=[(0, "5C 6C 7C 8C"), (1, "QS QH QC")]).apply("draw")
>>> advice = hint(game, samples=2)
>>> advice.action.kind, advice.codes[0]
('meld', 'coach_go_out')
"""

from .hint import Hint, hint
from .review import Decision, Review, review_hand, review_moments
from .view import LearnerView

__all__ = ["LearnerView", "Hint", "hint", "Decision", "Review", "review_hand", "review_moments"]
