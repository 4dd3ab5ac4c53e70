"""A student's paper: made once from a seed, so the same seed gives the same paper.

(The rules of who is who, attempts and resuming are the desk's: tests/test_classroom_desk.py.)
"""

from rummy_teach.classroom.student import make_paper
from rummy_teach.quiz import Quiz


def test_a_paper_is_reproducible_from_its_seed():
    quiz = Quiz.builtin("basic")
    assert make_paper(quiz, True, seed=7) == make_paper(quiz, True, seed=7)
    assert make_paper(quiz, True, seed=7)["order"] != make_paper(quiz, True, seed=8)["order"]
    same = make_paper(quiz, False, seed=7)
    assert same["order"] == [q.id for q in quiz] and same["options"] == {}
