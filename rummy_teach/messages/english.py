"""The English catalogue, :data:`ENGLISH`: every code with its English template, gathered
from the modules of :mod:`rummy_teach.messages`, one per part of the program."""

from . import book, classroom, coach, engine, game, lessons, quiz, widgets

ENGLISH: dict = {}
for _words in (engine.WORDS, game.WORDS, coach.WORDS, quiz.WORDS, quiz.QUIZ_WORDS, classroom.WORDS,
               classroom.CLASSROOM_WORDS, lessons.WORDS, lessons.LESSON_WORDS, widgets.WORDS,
               book.WORDS):
    _repeated = set(ENGLISH) & set(_words)
    assert not _repeated, f"codes written twice in the catalogue: {sorted(_repeated)}"
    ENGLISH.update(_words)
del _words, _repeated
