# JupyterHub on one school server, with the rummy_teach classroom as a hub-managed service.
#
#   RUMMY_DB_URL=postgresql://rummy_student:...@dbhost/rummy_class  jupyterhub -f deploy/jupyterhub_config.py
#
# The hub starts the classroom itself (one process serving the whole class under
# /services/rummy-classroom/), gives it its OAuth settings, and stops it with the hub.
# Students log in to the hub and open /services/rummy-classroom/ (no join code, no name to
# type); members of the hub group "teachers" open /services/rummy-classroom/teacher/dashboard.
# Make the tables and the student role first, once: rummy-teach db init (docs/deployment.md).
# Change the authenticator to the school's (LTI 1.3 for Moodle or Canvas, OAuth, LDAP).
import os
import shutil

from rummy_teach.classroom.hub import SERVICE_NAME, hub_roles, hub_service

c = get_config()  # noqa: F821 (JupyterHub provides it)

CLASSROOM_PORT = 8866
TEACHERS = os.environ.get("RUMMY_TEACHERS_GROUP", "teachers")
STUDENTS = os.environ.get("RUMMY_STUDENTS_GROUP", "students")
QUIZ = os.environ.get("RUMMY_QUIZ", "basic")          # a built-in quiz or a quiz file
STUDENTS_AT_ONCE = os.environ.get("RUMMY_CLASS_SIZE", "30")
RUN_DIR = os.environ.get("RUMMY_RUN_DIR", "/srv/rummy-classroom")

command = [shutil.which("rummy-teach") or "rummy-teach", "classroom",
           "--quiz", QUIZ, "--host", "127.0.0.1", "--port", str(CLASSROOM_PORT),
           "--students", STUDENTS_AT_ONCE, "--teachers-group", TEACHERS,
           "--run-dir", RUN_DIR]
environment = {}
if os.environ.get("RUMMY_DB_URL"):  # the student role's URL; without it, SQLite in RUN_DIR
    command += ["--db", os.environ["RUMMY_DB_URL"]]
else:
    command += ["--db", os.path.join(RUN_DIR, "results.db")]

c.JupyterHub.services = [hub_service(port=CLASSROOM_PORT, command=command,
                                     name=SERVICE_NAME, environment=environment)]
c.JupyterHub.load_roles = hub_roles(name=SERVICE_NAME, student_groups=(STUDENTS,),
                                    teachers_group=TEACHERS)
# Who is in which group: here, or managed by the authenticator (LTI roles, LDAP groups).
c.JupyterHub.load_groups = {STUDENTS: {"users": []}, TEACHERS: {"users": []}}
