"""A learner's running score: right and wrong attempts count, unreadable answers do not."""

import json

from rummy_teach.quiz import Quiz


def test_a_session_counts_right_and_wrong_and_sets_unreadable_apart():
    quiz = Quiz.builtin("basic")
    session = quiz.session()
    assert session.score() == {"attempts": 0, "right": 0, "wrong": 0, "unreadable": 0,
                               "solved": 0, "questions": len(quiz)}
    assert session.answer("basic-qka", "run").outcome == "wrong"
    assert session.answer("basic-qka", "sequence").outcome == "unreadable"
    assert session.answer("basic-qka", "not a meld").outcome == "right"
    assert session.answer("basic-opponent-cards", "thirty").outcome == "unreadable"
    assert session.answer("basic-opponent-cards", "31").outcome == "wrong"
    assert session.answer("basic-opponent-cards", "30").outcome == "right"
    score = session.score()
    assert (score["attempts"], score["right"], score["wrong"], score["unreadable"]) == (4, 2, 2, 2)
    assert score["solved"] == 2
    assert "basic-qka" not in session.remaining and len(session.remaining) == len(quiz) - 2


def test_questions_are_found_by_id_position_or_object():
    quiz = Quiz.builtin("500")
    session = quiz.session()
    first = quiz[0]
    session.answer(0, first.answer_input)
    session.answer(first, first.answer_input)
    session.answer(first.id, first.answer_input)
    assert session.right == 3 and session.solved(first.id)


def test_most_missed_questions_come_first_with_their_rule():
    quiz = Quiz.builtin("contract")
    session = quiz.session()
    for _ in range(3):
        session.answer("contract-qka", "run")
    session.answer("contract-hand-1-a", "no")
    session.answer("contract-hand-1-a", "maybe")  # unreadable: not a miss
    missed = session.missed()
    assert [m["id"] for m in missed] == ["contract-qka", "contract-hand-1-a"]
    assert missed[0]["wrong"] == 3 and missed[1]["wrong"] == 1
    assert missed[0]["rule"] == quiz["contract-qka"].rule
    assert "4 cards" in missed[0]["rule"]


def test_results_and_the_public_quiz_are_json():
    quiz = Quiz.builtin("basic")
    result = quiz.session().answer("basic-two-player-hand-melds", "8S 8H 8D")
    data = json.loads(json.dumps(result.to_dict()))
    assert data["outcome"] == "wrong" and data["extra"]["points_short"] > 0
    assert data["reasons"] and all({"code", "text"} <= set(r) for r in data["reasons"])
    public = json.loads(json.dumps(quiz.to_public()))
    assert len(public["questions"]) == len(quiz)
