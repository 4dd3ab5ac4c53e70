"""How tests/data/lti-class-before-papers.db was made, by main's code at 90ed729 (before a
class served the quizzes teachers link from the LMS): a class launched from an LMS, one
student, one answer, one grade waiting. Run as
``PYTHONPATH=<a checkout of that commit> python make_lti_class_before_papers.py FILE``."""
import sys
from rummy_teach.classroom.desk import QuizDesk
db = sys.argv[1]
config = {"quiz": "basic", "quiz_name": "basic", "title": "quiz_title_basic", "db": db,
          "session": "lti-class", "token_sha256": "0" * 64, "attempts": 1, "shuffle": False}
desk = QuizDesk(config)
ada = desk.admit("lti-" + "a" * 40, "Ada Lovelace")
desk.store().lti_link("lti-class", ada.student_id, "https://lms.example/lineitems/quiz-1",
                      "user-ada", "https://lms.example")
sitting = desk.sitting(ada)
question = sitting.quiz[sitting.current["id"]]
desk.answer(ada, question.id, question.answer_input)
desk.store().lti_score("lti-class", ada.student_id, 1, 32, "InProgress")
desk.close()
