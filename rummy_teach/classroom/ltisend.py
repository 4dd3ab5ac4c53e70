"""Sending the LMS grade outbox (:mod:`~rummy_teach.classroom.ltigrades`) to the platform.

:meth:`GradeSender.note` writes a student's score into the outbox after each judged answer
(the gradebook's points); :meth:`GradeSender.send_waiting` posts what is due with PyLTI1p3's
``ServiceConnector`` (the tool's signed JWT for a token, then the AGS score) and marks each
one sent or waiting. The classroom server runs it every few seconds off its event loop
(:mod:`~rummy_teach.classroom.ltiweb`).
"""

from __future__ import annotations

import json
import logging
from datetime import datetime, timezone

from .fields import time_text
from .grades import gradebook
from .ltigrades import SCORE_SCOPE, waiting

log = logging.getLogger("rummy_teach.lti")


class GradeSender:
    """Keeps scores in the outbox as answers come in, and sends what waits."""

    def __init__(self, desk, settings, clock=None):
        self.desk, self.settings = desk, settings
        #: what time it is (a test moves it to see a retry fall due)
        self.clock = clock or (lambda: datetime.now(timezone.utc))

    def note(self, student) -> None:
        """A judged answer of ``student``: their score now, waiting to be sent."""
        store = self.desk.store()
        if not store.lti_grades(self.desk.session, student.student_id):
            return  # not launched with a line item: nothing to send anywhere
        answers = store.answers(session=self.desk.session, student_id=student.student_id)
        if not answers:
            return  # launched, nothing answered yet: no score to give the LMS
        row = gradebook(self.desk.quiz, answers, [student])[0]
        progress = "Completed" if row.unanswered == 0 else "InProgress"
        store.lti_score(self.desk.session, student.student_id, row.points, row.max_points,
                        progress)

    def send_waiting(self, session: str | None = None) -> int:
        """Post every due score (of the desk's session, or of ``session``: a paper of the
        class not open in this process); how many the platform took."""
        store = self.desk.store()
        now = time_text(self.clock())
        due = [row for row in store.lti_grades(session or self.desk.session) if waiting(row, now)]
        if not due:
            return 0
        from pylti1p3.exception import LtiServiceException
        from pylti1p3.service_connector import ServiceConnector
        registration = self.settings.tool_conf().find_registration_by_params(
            self.settings.issuer, self.settings.client_id)
        connector = ServiceConnector(registration)
        taken = 0
        for row in due:
            score = {"userId": row["lti_user"], "scoreGiven": row["points"],
                     "scoreMaximum": row["max_points"], "activityProgress": row["progress"],
                     "gradingProgress": "FullyGraded", "timestamp": row["stamp"]}
            url = row["lineitem"].split("?")[0].rstrip("/") + "/scores"
            if "?" in row["lineitem"]:
                url += "?" + row["lineitem"].split("?", 1)[1]
            try:
                connector.make_service_request([SCORE_SCOPE], url, is_post=True,
                                               data=json.dumps(score),
                                               content_type="application/vnd.ims.lis.v1.score+json")
            except LtiServiceException as error:
                status = getattr(getattr(error, "response", None), "status_code", "")
                store.lti_failed(row, f"HTTP {status}".strip(), self.clock())
                log.warning("LMS grade not sent (HTTP %s); tried again later", status)
                continue
            except Exception as error:  # the LMS unreachable: the same, later
                store.lti_failed(row, type(error).__name__, self.clock())
                log.warning("LMS grade not sent (%s); tried again later", type(error).__name__)
                continue
            store.lti_sent(row)
            taken += 1
        return taken
