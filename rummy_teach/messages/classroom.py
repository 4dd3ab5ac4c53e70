"""The classroom's words: its pages, refusals and desk, the results database and
its role; :data:`CLASSROOM_WORDS` below holds the report's words, the CSV
headers and the language switch (``locale/<lang>/classroom.po``).

Part of the message catalogue (:mod:`rummy_teach.messages`).

The classroom's words added for issue 16 (the report in the teacher's language, the
language switch on the student's page, the CSV headers).

Translations: ``locale/<lang>/classroom.po``.
"""

from ..plural import Plural

WORDS = {
    # --- the classroom's pages and refusals (issue 14) -----------------------------------------
    # Kept apart from the engine's reasons above so that parallel additions merge cleanly.
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
    "report_updated": Plural(
        "{answers} answer · refreshed every {seconds} s",
        "{answers} answers · refreshed every {seconds} s", count="answers"),
    "report_terminal": "In a terminal:",
    "dashboard_heading": "Live dashboard - session {session}",
    "dashboard_summary": Plural(
        "{students}, {finished} has finished, {answers} so far.",
        "{students}, {finished} have finished, {answers} so far.", count="finished"),
    # the counted words of the summaries (a sentence with three counts nests two)
    "class_joined": Plural(
        "{count} student joined",
        "{count} students joined", count="count"),
    "count_answers": Plural(
        "{count} answer",
        "{count} answers", count="count"),
    "dashboard_questions": "Right and wrong per question",
    "dashboard_students": "Who is in",
    "projector_summary": Plural(
        "{students} · {finished} has finished",
        "{students} · {finished} have finished", count="finished"),
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
    "paper_points": Plural(
        "{n} point",
        "{n} points", count="n"),
    "paper_key_title": "Answer key",
    # the student's page
    "quiz_tries_left": Plural(
        "You may try again: one try left.",
        "You may try again: {n} tries left.", count="n"),
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
    "rejoin_wrong": Plural(
        "That is not the rejoin code for this name (one try left).",
        "That is not the rejoin code for this name ({left} tries left).", count="left"),
    "rejoin_locked": "Too many wrong codes. Ask your teacher: the dashboard shows your rejoin code.",
    "store_unavailable": "Your answers cannot be kept just now ({error}); please tell your teacher.",
    "joined_note": "You are {name}. Your rejoin code is {code}: with it you can go on from "
                   "another device.",
    "resumed_note": Plural(
        "Welcome back, {name}: your one answer so far is kept, and you are on question {number}"
        " of {total}. (Rejoin code {code}.)",
        "Welcome back, {name}: your {answers} answers so far are kept, and you are on question "
        "{number} of {total}. (Rejoin code {code}.)", count="answers"),
    "resumed_device_note": Plural(
        "Welcome back, {name}: you go on from this browser. Your one answer so far is kept, and"
        " you are on question {number} of {total}. (Rejoin code {code}.)",
        "Welcome back, {name}: you go on from this browser. Your {answers} answers so far are "
        "kept, and you are on question {number} of {total}. (Rejoin code {code}.)", count="answers"),
    "resumed_finished": "You have finished the quiz.",
    "answer_too_fast": "Slow down: wait a moment before you submit again.",
    "answer_already_given": "This question was already answered (in another tab or window?). "
                            "Reload the page to go on where you are.",
    "connection_lost": "This page lost its connection to the quiz. Your answers so far are "
                       "saved. Reload the page to go on where you were.",
    "reload_button": "Reload the page",
    # --- the results database made once, and its least-privilege student role (issue 15) ------
    # Kept apart from the blocks above so that parallel additions merge cleanly.
    "store_needs_init": "{where} has no rummy_teach tables yet. The classroom does not make "
                        "them on PostgreSQL (its role may only add answers): the teacher or "
                        "administrator runs once  rummy-teach db init --db OWNER_URL "
                        "--student-role ROLE  and the classroom is given the role's URL",
    "db_init_ready": "rummy-teach db init: the tables {tables} are ready in {where}",
    "db_init_role": "  student role {role}: may add answers and read them; may not change or "
                    "delete them, nor the tables",
    "db_init_url": "  give the classroom this database URL (shown once): {url}",
    "db_init_url_kept": "  give the classroom the database URL with this role and its password",
    "db_init_sqlite_role": "a SQLite results file has no roles: --student-role is for "
                           "PostgreSQL; give a postgresql:// owner URL or leave it out",
    "hub_env_missing": "--teachers-group runs the classroom as a JupyterHub service, but "
                       "the environment variables {names} are not set: start it from the hub "
                       "(a managed service in "
                       "jupyterhub_config.py, see deploy/jupyterhub_config.py) or set them",
    "db_init_bad_role": "{role!r} cannot be a role name; give lower-case letters, digits and _ "
                        "(at most 63), starting with a letter or _",
    # --- the classroom's student page served without a kernel (issue 15) ----------------------
    # rummy_teach/classroom/quizview.py draws the page with these; kept apart so that parallel
    # additions merge cleanly. The words every quiz page shares (Submit, Right!, the score line,
    # the answer boxes' labels) are the "quiz_*" codes of the widgets' block below.
    "desk_name_label": "Your name:",
    "desk_name_placeholder": "your name",
    "desk_start_button": "Start the quiz",
    "desk_pick_cards": "{label}: pick the cards that fit (none picked means none)",
    "desk_your_answer": "Your answer: {given}",
    "desk_the_answer": "The answer: {correct}",
    "desk_rule": "Rule: {rule}",
    "desk_join_first": "This page does not know you yet: open the class's address again and "
                       "type the join code.",
    "desk_back_to_join": "Go to the join page",
}

CLASSROOM_WORDS = {
    # the class report (rummy_teach/classroom/report.py, report_html.py)
    "class_report_heading": "Class results",
    "class_report_no_answers": "No answers yet.",
    "class_report_summary": "{students}, {answers}, {right} right ({rate})",
    "class_students": Plural(
        "{n} student",
        "{n} students", count="n"),
    "class_answers": Plural(
        "{n} answer counted",
        "{n} answers counted", count="n"),
    "class_report_summary_unreadable": "; {unreadable} unreadable not counted",
    "class_report_summary_missed": "; most missed: {question} ({rule}), {wrong} of {attempts} wrong",
    "class_report_no_rule": "no rule named",
    "class_report_by_question": "By question",
    "class_report_by_student": "By student",
    "class_report_most_missed": "Most missed",
    "class_report_missed_line": "{question}: {wrong} of {attempts} wrong ({rate} right) - rule: {rule}",
    "class_report_chart": "Success rate per question",
    "class_chart_bar": "{question}: {rate} right ({right} of {attempts}); rule: {rule}",
    "class_col_question": "Question",
    "class_col_rule": "Rule tested",
    "class_col_attempts": "Attempts",
    "class_col_success": "Success",
    "class_col_unreadable": "Unreadable",
    # the CSV files' column names (the cells below them stay codes, ids and numbers)
    "csv_answered_at": "answered_at",
    "csv_session": "session",
    "csv_student_id": "student_id",
    "csv_student_name": "student_name",
    "csv_quiz": "quiz",
    "csv_question_id": "question_id",
    "csv_rule": "rule",
    "csv_given": "given",
    "csv_outcome": "outcome",
    "csv_attempts": "attempts",
    "csv_right": "right",
    "csv_wrong": "wrong",
    "csv_unreadable": "unreadable",
    "csv_students": "students",
    "csv_success_rate": "success_rate",
    "csv_answers": "answers",
    "csv_points": "points",
    "csv_max_points": "max_points",
    "csv_unanswered": "unanswered",
    # the language switch on the student's page and the join page
    "class_language_label": "Language",
    # the classroom command: what the teacher reads when the class starts
    "class_start_title": Plural(
        "rummy-teach classroom: {title} ({count} question, {mode})",
        "rummy-teach classroom: {title} ({count} questions, {mode})", count="count"),
    "class_start_resumed": " - resumed",
    "class_start_practice": "practice (several tries per question)",
    "class_start_attempts": Plural(
        "{n} attempt per question",
        "{n} attempts per question", count="n"),
    "class_start_students": "  students open:   {url}  and type the join code {join_code}",
    "class_start_link": "  (or the link:    {url} )",
    "class_start_report": "  teacher report:  {url}",
    "class_start_dashboard": "  live dashboard:  {url}",
    "class_start_projector": "  projector view:  {url}  (no names)",
    "class_start_hub_students": "  students open:   {url}  (they log in through the hub: no join "
                                "code, no name)",
    "class_start_hub_teacher": "  teacher pages:   {dashboard}  and  {report}  (members of the "
                               "hub group {group})",
    "class_start_quiz_check": Plural(
        "  check first:     {count} question of this quiz cannot be used unseen as written: "
        "rummy-teach quiz check {quiz}",
        "  check first:     {count} questions of this quiz cannot be used unseen as written: "
        "rummy-teach quiz check {quiz}", count="count"),
    "class_start_saved": "  results saved to {db} (session {session})",
    "class_start_afterwards": "  afterwards:      rummy-teach report --db {db} --session {session}",
    "class_start_kernels": "  kernels: at most {most} ({students} students + {pool} preheated); "
                           "closed pages are stopped after {minutes} min",
    "class_start_no_kernels": "  every student's quiz is served and judged by this process (no "
                              "kernel per student)",
    "class_start_resume": "  to resume this class after a restart: --run-dir {run}",
    "class_start_stop": "  press Ctrl+C to stop the class",
    "class_lang_help": "the language of the teacher's pages, the CSV headers and (until a "
                       "student switches) the students' page: {languages} (default: from the "
                       "environment's locale)",
    # the classroom command's refusals and its --no-serve message (said in the class's --lang)
    "class_error_roster_unreadable": "cannot read the roster {path}: {error}; give a UTF-8 text "
                                     "file with one name a line",
    "class_error_roster_long_name": "the roster {path} has a name longer than 60 characters: "
                                    "{start}...",
    "class_error_roster_twice": "the roster {path} has {name} twice; give each student a "
                                "distinct name (add an initial)",
    "class_error_roster_count": "the roster {path} has {count} names; give 1 to {limit}",
    "class_error_run_dir": "cannot read {path} ({error}); give another --run-dir or remove the "
                           "folder",
    "class_error_port_busy": "port {port} on {host} is not free ({error}); stop what uses it or "
                             "give another --port (e.g. --port {other})",
    "class_no_serve_wrote": "rummy-teach classroom: wrote {pages}/{student} and {report}",
    "class_no_serve_token": "  teacher's token: {token}",
    "class_no_serve_join": "  join code: {join_code}",
    "class_no_serve_results": "  results: {db} (session {session})",
    # issue 28: what one client may take of the server (limits.py), a post from another
    # site (quizpage.py), the teacher's secrets and join code (keys.py, server.py, store.py)
    "class_body_too_large": "This request carries {size} bytes; the classroom reads at most "
                            "{limit} bytes in one request (an answer takes a few hundred). "
                            "Nothing of it was read or kept: send a shorter one.",
    "class_too_many_connections": "Too many connections from your address at once (the "
                                  "classroom takes {limit}): close other pages of this class, "
                                  "wait a moment, then reload this one.",
    "post_other_site": "This form was sent from another site's page ({origin}), so nothing "
                       "was taken.",
    "post_hidden_site": "This form was sent from a page that does not say where it comes "
                        "from, so nothing was taken.",
    "post_other_site_next": "Open the class's address in your browser and answer on the "
                            "class's own page.",
    "class_error_secret_file": "cannot read {option} {path} ({error}); give a readable text "
                               "file with the secret on its first line",
    "class_error_secret_empty": "{option} {path} holds nothing; put the secret on the file's "
                                "first line",
    "class_error_token_short": "the teacher's token is too short (length {length}; at least "
                               "{least} characters are needed, since it is the only key to your "
                               "pages); give a longer one (random letters and digits), or leave "
                               "out --token and a random one is made",
    "class_error_join_code": "the join code {code} would lock the class out; give 4 to 12 "
                             "letters (A-Z) and digits (students may type them in upper or "
                             "lower case)",
    "report_error_no_db": "no results database given; give --db PATH_OR_URL, --db-file FILE "
                          "or the environment variable {env}",
    "class_error_db_keywords": "{db} is a PostgreSQL keyword string, not a file name; give the "
                               "database as a URL instead: postgresql://user:password@host:port/"
                               "database (best through --db-file or RUMMY_TEACH_DB, where ps "
                               "cannot show it)",
    # issue 28: who is who (desk.py: names, joins and rejoin codes paced per address and
    # class), the teacher's corrections (teacher.py's students page), and answers never
    # acknowledged into a database that is gone (store.py)
    "join_too_fast": "Many new names were just given from this address. Wait a minute, then "
                     "try again. If you have joined already, reload your page.",
    "join_class_busy": "Many students are joining at this moment. Wait a few seconds, then "
                       "try again.",
    "rejoin_locked_address": "Too many wrong rejoin codes from this address. Wait a few "
                             "minutes, or ask your teacher: the dashboard shows your rejoin "
                             "code.",
    "quiz_not_saved_lost": "Your answer was NOT saved: the class's results file is missing. "
                           "Your teacher has been told. Press Submit again when your teacher "
                           "says so.",
    "quiz_not_saved_back": "Back to my quiz",
    "store_damaged": "the results database {where} is damaged (SQLite's check says: {detail}); "
                     "nothing was written to it. Keep the file as it is for repair, and give "
                     "another --db (or a copy you saved before)",
    "store_deleted": "The results database {where} was deleted while the class was running: "
                     "no answer is saved or acknowledged from now on.",
    "store_replaced": "The results database {where} was replaced by another file while the "
                      "class was running: no answer is saved or acknowledged from now on.",
    "class_store_lost_alert": "ANSWERS ARE NOT BEING SAVED. {reason} Students who submit are "
                              "told their answer was not saved. Stop the class (Ctrl+C), put "
                              "the results file back in its place, and start the class again "
                              "with the same --run-dir.",
    "class_error_not_this_store": "the results database {db} is not the one this class wrote "
                                  "to (it was deleted or replaced since), so the class is not "
                                  "resumed over it; put the class's results file back, or start "
                                  "a new class with another --run-dir or --session",
    "teacher_store_failed": "The class's results cannot be read just now: {error}",
    "nav_students": "Students",
    "students_heading": "Students (session {session})",
    "students_intro": "Correct the class list here: rename a student, merge a student who "
                      "joined twice into the other entry (their answers move with them), give "
                      "a student a new rejoin code (the old one stops working), or remove a "
                      "student together with their answers.",
    "students_none": "No student has joined yet.",
    "students_rename": "Rename",
    "students_merge": "Merge into",
    "students_new_code": "New rejoin code",
    "students_remove": "Remove",
    "students_new_name_label": "New name for {name}",
    "students_merge_label": "The student {name} is merged into",
    "students_removed": Plural(
        "The student was removed, with their one answer.",
        "The student was removed, with their {answers} answers.", count="answers"),
    "students_renamed": "The student is now called {name}.",
    "students_merged": "The two entries are one now: {name}.",
    "students_new_code_done": "{name} has a new rejoin code: {code}.",
    "students_name_taken": "That name is taken, or looks just like one that is: {name}. Give "
                           "another (add an initial).",
    "students_gone": "That student is no longer in the class (removed or merged meanwhile).",
    "students_unknown_action": "Nothing was changed: choose one of the buttons.",
    "students_not_here": "Students can be corrected only in the class that is running now, "
                         "on its own pages.",
    "students_cli_usage": "rummy-teach students {action}: give the student's id (from "
                          "rummy-teach students --session S) and, for rename, the new name or, "
                          "for merge, the id of the student kept",
    # a lesson served to the class (--notebook, classroom/lesson.py); the typed settings (classroom/config.py)
    "lesson_error_kind": "{path} is not a lesson this classroom can serve: give a notebook "
                         "or a MyST lesson ({accepted}).",
    "lesson_error_unreadable": "Cannot read the lesson {path}: {error}.",
    "lesson_error_not_notebook": "{path} is not a notebook that can be read ({error}); open "
                                 "it in Jupyter and save it again.",
    "lesson_error_no_code": "{path} has no code cell, so it would show the class no table, "
                            "stepper or quiz.",
    "lesson_welcome": "You are {name}. Your rejoin code is {code}: with it you can go on from "
                      "another device.",
    "lesson_open": "Open the lesson",
    "lesson_answer_done": "You have no tries left on this question: go on to the next one.",
    "class_start_lesson_title": "rummy-teach classroom: {title} (a lesson, {mode})",
    "class_start_lesson": "  lesson: {path}, one copy for each student who joins",
    "class_no_serve_run": "rummy-teach classroom: wrote the class's folder {run}",
    "class_config_bad": "The classroom setting {name} cannot be {value}: {accepted}.",
    "class_config_accept_text": Plural("give a text of one character",
                                       "give a text of 1 to {limit} characters", count="limit"),
    "class_config_accept_range": "give a whole number from {low} to {high}",
    "class_config_accept_digest": "give the SHA-256 of the teacher's token, 64 hexadecimal "
                                  "digits in lower case",
    "class_config_accept_language": "give one of {languages}",
    "class_config_accept_join_code": "give 4 to 12 capital letters A-Z and digits",
    "class_config_accept_yes_no": "give true or false",
    "class_config_accept_roster": Plural("give a list of one name",
                                         "give a list of 1 to {limit} names", count="limit"),
    "class_config_accept_prefix": "give an address prefix that starts and ends with /, "
                                  "such as / or /services/classroom/",
    "class_config_not_object": "The classroom's settings are not a JSON object; start the class "
                               "again with a new --run-dir.",
    "class_config_unknown": "The classroom's settings name {names}, which this version does not "
                            "know; the settings it knows are {accepted}.",
    "class_config_missing": "The classroom's settings lack {names}; start the class again with "
                            "a new --run-dir.",
    "class_config_no_path": "{name} is not set: start the class with rummy-teach classroom.",

    # --- tables (issue 30: card tables for the class; the refusals of a move sent to a table)
    "table_no_such_seat": "There is no seat {seat} at this table.",
    "table_not_your_seat": "That seat is not yours: play from your own seat.",
    "table_computer_seat": "A computer player plays that seat.",
    "table_not_your_turn": "It is not your turn yet: wait until the others have played.",
    "table_stale_move": "The table changed before your move arrived: look at it again and make "
                        "your move.",
    "table_unreadable_move": "Your move could not be read, so it was not played.",
    "table_not_saved": "Your move was not saved, so it was not played: the class's database did "
                       "not answer. Try again in a moment.",
    "table_no_such_table": "There is no such table in this class.",
    "table_too_fast": "Too many messages at once: wait a moment, then make your move.",

    # --- tables: turn clocks, stand-ins and the coach's review after each hand (issue 30)
    "table_stand_in": "A computer player is playing your seat because your turn ran out or you "
                      "left the table: sit down again to take your seat back.",
    "table_seat_back": "You have your seat back: from now on you play it yourself.",
    "table_clock_range": "A turn time of {given} seconds cannot be set: give a whole number of "
                         "seconds from {low} to {high}, or no turn time.",
    "table_clock_level": "“{given}” is not a level of the computer players: give one of {levels}.",
    "table_review_no_hand": "There is no hand “{hand}” to review: give the number of a hand, from "
                            "1.",
    "table_review_not_over": "Hand {hand} is not over yet: its review opens once the hand ends.",
    "table_review_no_move": "There is no move “{move}” in this review: give the number of a move, "
                            "from 0 (the deal).",
    "table_review_busy": "The coach is reviewing another hand right now: ask again in a moment.",
    "table_seat_name": "Seat {number}",
    # --- LTI 1.3 (issue 31): the school's LMS launches the class
    "lti_error_file": "The LMS registration file {path} cannot be read: {error}. Give a JSON file"
                      " as docs/deployment.md shows.",
    "lti_error_unknown": "The LMS registration file {path} names {names}, which the classroom "
                         "does not know; the settings it knows are {accepted}.",
    "lti_error_setting": "In the LMS registration file {path}, the setting {name} is missing or "
                         "wrong: {accepted}.",
    "lti_accept_ids": "give a list of the deployment ids the LMS shows, such as [\"1\"]",
    "lti_accept_text": "give the text the LMS shows for it",
    "lti_accept_url": "give a whole address starting with https://",
    "lti_error_key_file": "The tool's private key file {path} cannot be read: {error}.",
    "lti_error_no_key": "The tool has no private key: name its file in private_key_file, or put "
                        "the key in the environment variable {name}.",
    "lti_error_extra": "LTI needs the classroom's lti extra: pip install \"rummy_teach[lti]\".",
    "lti_error_bad_key": "The tool's private key is not an RSA private key in PEM form; make one "
                         "as docs/deployment.md shows.",
    "class_start_lti": "  students and teachers open the class from their course in the LMS ({issuer})\n"
                       "  LMS login address:   {login}\n"
                       "  LMS launch address:  {launch}\n"
                       "  the tool's keys:     {jwks}\n"
                       "  the tool's registration: {registration}",
    "lti_refused_title": "This class could not be opened",
    "lti_refused_again": "Go back to your course and open the activity again; if it happens "
                         "again, tell your teacher.",
    "lti_open_from_course": "Open this class from your course in the school's learning platform "
                            "(Moodle, Canvas...): the link there lets you in.",
    "lti_refused_form": "The learning platform sent no launch this class can read.",
    "lti_refused_issuer": "The launch comes from a learning platform this class is not registered"
                          " with.",
    "lti_refused_audience": "The launch was meant for another tool, not for this class.",
    "lti_refused_state": "This launch was not started from this browser, or it is over: the class"
                         " cannot tell it is yours.",
    "lti_refused_replay": "This launch was used already: each launch opens the class once.",
    "lti_refused_signature": "The launch's signature does not match the learning platform's key: "
                             "it may have been changed on the way.",
    "lti_refused_expired": "The launch has expired: it must reach the class within minutes.",
    "lti_refused_platform_keys": "The class could not fetch the learning platform's keys to check"
                                 " the launch.",
    "lti_refused_deployment": "The launch comes from a deployment of the learning platform this "
                              "class is not registered with.",
    "lti_refused_role": "The launch does not say whether you are a student or a teacher of the "
                        "course.",
    "lti_refused_launch": "The launch could not be checked.",
    "lti_refused_login": "The learning platform's login request lacks what it must carry (who is "
                         "logging in).",
    "lti_grades_title": "Grades sent to the LMS",
    "lti_grades_student": "Student",
    "lti_grades_sent_heading": "Last score the LMS took",
    "lti_grades_state_heading": "Still to send",
    "lti_grades_sent": "{points} of {most}, taken at {at} UTC",
    "lti_grades_nothing_sent": "nothing yet",
    "lti_grades_up_to_date": "nothing: the LMS has the latest score",
    "lti_grades_waiting_new": "{points} of {most}: sent in a moment",
    "lti_grades_waiting": Plural("{points} of {most}: not taken yet ({error}); tried once, "
                                 "trying again",
                                 "{points} of {most}: not taken yet ({error}); tried {tries} "
                                 "times, trying again", count="tries"),
    "lti_grades_none": "No student launched from the LMS with a grade column yet.",
    "class_start_lti_grades": "  grades sent to the LMS: {url}  (the course's teachers)",
    "nav_lms_grades": "Grades sent to the LMS",
    "lti_refused_not_teacher": "Only a teacher of the course can add this class to it.",
    "lti_deep_link_title": "Add this class to your course",
    "lti_deep_link_what": Plural("{title}, worth one point; the course gets a grade column "
                                 "for it.",
                                 "{title}, worth {points} points; the course gets a grade column "
                                 "for it.", count="points"),
    "lti_deep_link_button": "Add to the course",

    # --- tables (issue 30): the students' table page and the teacher's tables pages
    "table_seat_computer": "Computer ({level})",
    "table_seat_student": "Seat {number}",
    "tables_link": "Your card tables",
    "tables_heading": "Card tables · {name}",
    "tables_no_seat": "You have no seat at a card table yet: your teacher opens the tables.",
    "tables_seat_link": "Table {table} ({game}), seat {seat}",
    "tables_players": "At this table: {names}.",
    "tables_at_table": "Table {table}: {game}",
    "tables_all_seats": "All your seats",
    "tables_back_to_quiz": "Back to the quiz",
    "tables_connecting": "Connecting to the table…",
    "tables_connection_lost": "The connection to the table was lost; trying again…",
    "nav_tables": "Card tables",
    "tables_heading_teacher": "Card tables",
    "tables_open_now": "The tables, live",
    "tables_none_open": "No table is open yet.",
    "tables_col_seat": "Seat",
    "tables_col_hands": "Hands won",
    "tables_col_games": "Games won",
    "tables_projector": "Show this table on the projector",
    "tables_projector_title": "Table {table}",
    "tables_table_title": "Table {table} · {game} · hand {hand}",
    "tables_game_label": "Game",
    "tables_seats_label": "Seats at a table",
    "tables_level_label": "Computer players",
    "tables_students_label": "Students at this table (computer players take the other seats)",
    "tables_auto_heading": "Seat the class automatically",
    "tables_auto_button": "Seat the class",
    "tables_open_heading": "Open one table",
    "tables_open_button": "Open the table",
    "tables_bad_level": "{level} is not a level of the computer players: choose one of {levels}.",
    "tables_nobody_to_seat": "Nobody to seat: every student who joined already sits at a table "
                             "whose game is still on, or nobody has joined yet.",
    "tables_too_many_students": Plural(
        "You chose {count} student for {seats} seats: choose no more students than seats.",
        "You chose {count} students for {seats} seats: choose no more students than seats.",
        count="count"),
    "tables_opened": Plural("{count} table is open: {tables}.",
                            "{count} tables are open: {tables}.", count="count"),
    # --- tables: the drawn table says the stand-ins and the clock (issue 30)
    "table_page_stand_in": "{name}: a computer player ({level}) is playing this seat for now.",
    "table_take_back": "Take my seat back",
    "table_page_clock": Plural("Each turn has {count} second.", "Each turn has {count} seconds.",
                               count="count"),
    "table_page_left": Plural("{count} second left for this turn.",
                              "{count} seconds left for this turn.", count="count"),
    "tables_turn_label": "Seconds for each turn ({low} to {high}; empty: no turn time)",
    # --- tables: a deal the teacher chooses, the same cards at every table given it
    "tables_deal_label": "Deal number ({low} to {high}; empty: new cards at each table)",
    "tables_bad_deal": "{deal} is not a deal number: give a whole number from {low} to {high}, "
                       "or leave the field empty for new cards.",
    "table_review_button": "Review this hand",
    "table_review_close": "Close the review",
    "tables_col_lost": "Points lost per hand (the coach's estimate)",
    "tables_lost_hand": "hand {hand}: {points}",
    "tables_figures_pending": "being worked out…",
    # --- issue 28, what was left: limits shared by a class's processes
    "class_paces_per_process": "The limits on new names and rejoin codes are counted by this "
                               "process alone: {db} was made by an older rummy-teach db init. "
                               "Run rummy-teach db init again so that every process of the "
                               "class counts them together.",
    # --- issue 31, deep linking: a teacher picks a built-in quiz or one of their files
    "lti_refused_quiz_unknown": "This course link names no quiz of this tool. Ask the course's "
                                "teacher to add the quiz again from the LMS.",
    "lti_refused_quiz_forged": "This course link's quiz was not chosen through this tool: the "
                               "link's settings were changed by hand. Ask the course's teacher "
                               "to add the quiz again from the LMS.",
    "lti_refused_quiz_gone": "The quiz of this course link is no longer on the server: its file "
                             "was removed, or no longer reads as a quiz. Ask the course's "
                             "teacher to add a quiz again from the LMS.",
    "lti_refused_quiz_changed": "The quiz file of this course link has changed since the link "
                                "was made, so its questions are not the ones the link was made "
                                "for. Ask the course's teacher to add the quiz again from the LMS.",
    "lti_quiz_file_bad": "it cannot be read as a quiz.",
    "lti_pick_title": "Choose a quiz for your course",
    "lti_pick_builtin": "Built-in quizzes",
    "lti_pick_files": "Your quiz files",
    "lti_pick_quiz": Plural("{title}, one point", "{title}, {points} points", count="points"),
    "lti_pick_file_quiz": "{quiz} (file {file})",
    "lti_pick_no_files": "The quiz folder set for this tool holds no quiz file yet.",
    "lti_pick_no_folder": "No folder of quiz files is set for this tool: the school's "
                          "administrator can set one (--lti-quizzes).",
    "lti_pick_bad_heading": "Files that cannot be picked",
    "lti_pick_file_bad": "{file}: {reason}",
    "lti_pick_none": "Pick one of the quizzes listed, then add it to the course. (A file may "
                     "have changed or gone since this list was shown.)",
    "class_error_lti_quizzes": "--lti-quizzes {path} is not a folder that can be read ({error}): "
                               "give the folder of the teachers' quiz files.",
    "class_no_serve_settings": "  settings: {path}. To serve this class, run the same command "
                               "again without --no-serve and with --run-dir {run}: it keeps "
                               "this session, join code and token.",
    # --- issue 30, what was left: the teacher changes an open table's turn time
    "tables_no_clock": "No turn time.",
    "tables_clock_heading": "Change a table's turn time",
    "tables_clock_table_label": "Table",
    "tables_clock_option": "{table} ({game})",
    "tables_clock_button": "Set the turn time",
    "tables_clock_set": Plural("Table {table}: each turn now has {count} second.",
                               "Table {table}: each turn now has {count} seconds.", count="count"),
    "tables_clock_off": "Table {table} has no turn time now.",
}
