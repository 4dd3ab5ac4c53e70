"""Reasons: why the engine judged as it did, as stable codes with parameters.

A :class:`Reason` is what quizzes, widgets and error messages show. Its ``code``
never changes once published (tests, stored quiz results and translations rely on
it); its ``params`` fill the message template. English is the only catalogue today;
another language is another dict of the same codes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

ENGLISH = {
    # meld checks
    "too_few_cards": "A {kind} needs at least {minimum} cards; these are only {count}.",
    "empty": "There are no cards here to judge.",
    "duplicate_card": "{card} appears twice, but there is only one such physical card.",
    "joker_not_allowed": "{game} is played without jokers, so {card} cannot be part of a meld.",
    "not_in_deck": "{card} is not in the cards of {game}, which uses {packs} pack(s) and {jokers} joker(s).",
    "no_natural_card": "A meld needs at least one natural card; these are all wild.",
    "too_many_wilds": "House rule: natural cards must outnumber wild cards; "
                      "here {wilds} wild against {naturals} natural.",
    "mixed_ranks_and_suits": "Not a set, because the ranks differ ({ranks}), "
                             "and not a run, because the suits differ ({suits}).",
    "not_same_rank": "Not a set: a set's cards all have one rank, these have {ranks}.",
    "not_same_suit": "Not a run: a run's cards all have one suit, these have {suits}.",
    "set_too_big": "A set in {game} has at most {maximum} cards; this one has {count}.",
    "repeated_rank_in_run": "A run cannot hold two cards of rank {rank}.",
    "gap": "There is a gap in the run: {missing} missing between {low} and {high}.",
    "gap_not_filled": "The run has gaps ({missing}) and only {wilds} wild card(s) to fill them.",
    "wraps_around": "A run cannot turn the corner from king to ace to 2 ({cards}).",
    "ace_high_not_allowed": "In {game} the ace is low only: it comes before the 2, "
                            "so {cards} is not a run.",
    "ace_both_ends": "An ace may end a run at one end only, never at both.",
    "run_too_long": "A run goes from ace to ace at the longest (14 cards); this one would need {count}.",
    # meld verdicts (good news also gets a reason, so feedback can always explain)
    "is_set": "A set of {count} {rank_plural}.",
    "is_run": "A run of {count} {suit}, from {low} to {high}.",
    "wild_stands_for": "{card} stands for {stands_for}.",
    # lay-offs
    "layoff_fits": "{card} fits on {meld}.",
    "layoff_does_not_fit": "{card} does not fit on {meld}: {why}",
    "joker_layoff_natural_playable": "Persian rule: a joker may not be laid off where the natural "
                                     "card it would stand for ({stands_for}) is still playable.",
    # contracts
    "contract_held": "These cards hold the contract {contract}: {melds}.",
    "contract_missing": "These cards do not hold the contract {contract}: {why}",
    "contract_wrong_meld_count": "The first lay-down holds exactly {expected} melds for {contract}; "
                                 "these are {count}.",
    # discarding the card just taken from the discard pile
    "taken_discard_blocked": "{card} was taken from the discard pile this turn, so it may not "
                             "go straight back; another card must be discarded.",
    "taken_discard_last_card": "{card} was taken from the discard pile, but it is the last card "
                               "in hand, so discarding it to go out is allowed.",
    "taken_discard_free": "{game} has no rule against discarding the card just taken, so {card} "
                          "may be discarded.",
}


@dataclass(frozen=True)
class Reason:
    """One judgement in words: a stable ``code`` and the ``params`` of its message."""

    code: str
    params: dict = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self):
        if self.code not in ENGLISH:
            raise KeyError(f"unknown reason code {self.code!r}")

    def text(self, catalogue: dict | None = None) -> str:
        """The message in the given catalogue's language (English by default)."""
        template = (catalogue or ENGLISH).get(self.code, ENGLISH[self.code])
        return template.format(**self.params)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Reason({self.code!r}, {self.params!r})"


# --- the classroom's pages and refusals (issue 14) -----------------------------------------
# Kept apart from the engine's reasons above so that parallel additions merge cleanly.
ENGLISH.update({
    "join_title": "Join the class",
    "join_prompt": "Type the join code your teacher gives you, then press Join.",
    "join_label": "Join code:",
    "join_button": "Join",
    "join_wrong": "That is not this class's join code. Check it with your teacher and type it again.",
    "class_full_title": "This class is full",
    "class_full": "This class is full just now: every seat is taken. Wait a minute and reload "
                  "the page; if it stays full, tell your teacher.",
    "access_refused": "access refused",
    # the teacher's pages
    "report_title": "Class results: {title}",
    "report_heading": "Class report - session {session}",
    "report_updated": "{answers} answers · refreshed every {seconds} s",
    "report_terminal": "In a terminal:",
    "dashboard_heading": "Live dashboard - session {session}",
    "dashboard_summary": "{students} students joined, {finished} finished, {answers} answers so far.",
    "dashboard_questions": "Right and wrong per question",
    "dashboard_students": "Who is in",
    "projector_summary": "{students} students joined · {finished} finished",
    "bar_label": "Question {number} ({question})",
    "bar_counts": "{right} right, {wrong} wrong",
    "student_finished": "finished",
    "student_on_question": "question {number} of {total}",
    "seconds_ago": "{n} s ago",
    "minutes_ago": "{n} min ago",
    "col_student": "Student", "col_where": "Now on", "col_answered": "Answered",
    "col_right": "Right", "col_seen": "Last seen", "col_rejoin": "Rejoin code",
    "col_session": "Session", "col_quiz": "Quiz", "col_students": "Students",
    "col_answers": "Answers", "col_started": "Started",
    "nav_report": "Report", "nav_dashboard": "Live dashboard", "nav_gradebook": "Gradebook (CSV)",
    "nav_answers": "All answers (CSV)", "nav_sessions": "Past sessions", "nav_paper": "Printable paper",
    "sessions_title": "Sessions in this results database",
    "paper_answer_with": "Answer with {form}.",
    "paper_points": "{n} point(s)",
    "paper_key_title": "Answer key",
    # the student's page
    "quiz_tries_left": "You may try again: {n} tries left.",
    "type_name_intro": "Type the name your teacher will see, then start. Only you and your "
                       "teacher see your answers and score.",
    "pick_name_intro": "Pick your name from the list, then start. Only you and your teacher see "
                       "your answers and score.",
    "pick_name_label": "Your name:",
    "name_missing": "Type your name first.",
    "name_too_long": "Please use at most {limit} characters.",
    "name_not_on_roster": "Pick your name from the list; if it is missing, tell your teacher.",
    "name_taken": "{name} has already joined this class. If that is you on another device or "
                  "browser, type the rejoin code shown at the top of your first page. If it is "
                  "not you, add your initial or surname to your name.",
    "rejoin_label": "Rejoin code:",
    "rejoin_placeholder": "6 digits",
    "rejoin_button": "Continue",
    "rejoin_wrong": "That is not the rejoin code for this name ({left} tries left).",
    "rejoin_locked": "Too many wrong codes. Ask your teacher: the dashboard shows your rejoin code.",
    "store_unavailable": "Your answers cannot be kept just now ({error}); please tell your teacher.",
    "joined_note": "You are {name}. Your rejoin code is {code}: with it you can go on from "
                   "another device.",
    "resumed_note": "Welcome back, {name}: your {answers} answers so far are kept, and you are on "
                    "question {number} of {total}. (Rejoin code {code}.)",
    "resumed_device_note": "Welcome back, {name}: you go on from this browser. Your {answers} "
                           "answers so far are kept, and you are on question {number} of {total}. "
                           "(Rejoin code {code}.)",
    "resumed_finished": "You have finished the quiz.",
    "answer_too_fast": "Slow down: wait a moment before you submit again.",
    "answer_already_given": "This question was already answered (in another tab or window?). "
                            "Reload the page to go on where you are.",
    "connection_lost": "This page lost its connection to the quiz. Your answers so far are "
                       "saved. Reload the page to go on where you were.",
    "reload_button": "Reload the page",
})
