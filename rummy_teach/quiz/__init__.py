"""Quizzes: questions whose answers the engine computes, checked with explanations.

Plain standard-library Python (it also runs in Pyodide); the quiz widget and the
classroom only display what this package decides.

>>> quiz = Quiz.builtin("basic")
>>> question = quiz["basic-qka"]
>>> question.check("run").outcome
'wrong'
>>> question.check("thirty").outcome
'unreadable'
"""

from .answers import Unreadable
from .fileformat import FORMAT, QuizFileError
from .generators import GENERATED_KINDS, LEVELS, generate, generate_many
from .questions import (INPUT_KINDS, CheckResult, ContractQuestion, DiscardQuestion, LayOffQuestion,
                        MeldQuestion, Question, WhichMeldsQuestion)
from .quiz import Quiz, QuizSession
from .scoring import ArrangeQuestion, HandWinnerQuestion, PointsQuestion, ScoreQuestion
from .sitting import Answered, Sitting, SittingRefused, form_text

__all__ = [
    "Quiz", "QuizSession", "Sitting", "SittingRefused", "Answered", "form_text",
    "Question", "CheckResult", "QuizFileError", "Unreadable", "FORMAT",
    "INPUT_KINDS", "MeldQuestion", "WhichMeldsQuestion", "LayOffQuestion", "ContractQuestion",
    "DiscardQuestion", "PointsQuestion", "ScoreQuestion", "HandWinnerQuestion", "ArrangeQuestion",
    "generate", "generate_many", "GENERATED_KINDS", "LEVELS",
]
