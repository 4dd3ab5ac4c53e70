"""The deployment files in deploy/ agree with the code: service name, roles, port, groups.

``deploy/jupyterhub_config.py`` (one school server) is run as JupyterHub would run it;
``deploy/kubernetes/values.yaml`` (the zero-to-jupyterhub chart) and
``deploy/kubernetes/classroom.yaml`` (the classroom's Deployment) are parsed, and the
classroom's command line in each is read by the real ``rummy-teach`` parser.
"""

import os
import runpy
import shlex
from pathlib import Path

import pytest

from rummy_teach.classroom.hub import NEEDED_ENV, SERVICE_NAME, hub_roles, hub_service
from rummy_teach.cli import build_parser

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"
yaml = pytest.importorskip("yaml")


def classroom_args(argv):
    """The classroom's command line as the real parser reads it."""
    argv = list(argv)
    start = next(i for i, word in enumerate(argv) if word == "classroom")
    return build_parser().parse_args(argv[start:])


def by_name(roles):
    return {role["name"]: {k: v for k, v in role.items() if k != "name"} for role in roles}


def test_the_one_server_hub_config_registers_the_classroom_as_the_code_expects(monkeypatch):
    from traitlets.config import Config
    config = Config()
    monkeypatch.setenv("RUMMY_DB_URL", "postgresql://rummy_student:pw@dbhost/rummy_class")
    monkeypatch.setenv("RUMMY_TEACHERS_GROUP", "maths-teachers")
    runpy.run_path(str(DEPLOY / "jupyterhub_config.py"), init_globals={"get_config": lambda: config})
    [service] = config.JupyterHub.services
    assert service == hub_service(port=8866, command=service["command"],
                                  environment=service.get("environment"))
    args = classroom_args(service["command"])
    assert args.teachers_group == "maths-teachers" and args.port == 8866
    assert args.db == "postgresql://rummy_student:pw@dbhost/rummy_class"
    assert config.JupyterHub.load_roles == hub_roles(student_groups=("students",),
                                                     teachers_group="maths-teachers")
    assert set(config.JupyterHub.load_groups) == {"students", "maths-teachers"}


def test_the_kubernetes_values_and_the_classroom_deployment_agree_with_the_code():
    values = yaml.safe_load((DEPLOY / "kubernetes" / "values.yaml").read_text())
    deployment, service = yaml.safe_load_all((DEPLOY / "kubernetes" / "classroom.yaml").read_text())
    hub = values["hub"]
    [container] = deployment["spec"]["template"]["spec"]["containers"]
    env = {item["name"]: item.get("value") for item in container["env"]}
    args = classroom_args([a.replace("$(RUMMY_DB_URL)", "postgresql://r@db/c")
                           for a in container["args"]])

    # the service: one name everywhere, the port the classroom listens on
    assert list(hub["services"]) == [SERVICE_NAME] and service["metadata"]["name"] == SERVICE_NAME
    url = hub["services"][SERVICE_NAME]["url"]
    assert url == f"http://{SERVICE_NAME}:{args.port}"
    assert service["spec"]["ports"][0]["targetPort"] == args.port == \
        container["ports"][0]["containerPort"]
    assert hub["services"][SERVICE_NAME]["oauth_no_confirm"] is True
    # the roles: the same as hub_roles() makes, for the group the classroom calls teachers
    def plain(roles):
        return {name: {k: (sorted(v) if isinstance(v, list) else v) for k, v in role.items()}
                for name, role in roles.items()}
    assert plain(hub["loadRoles"]) == plain(by_name(hub_roles(teachers_group=args.teachers_group)))
    assert set(hub["config"]["JupyterHub"]["load_groups"]) == {"students", args.teachers_group}
    # the settings the hub would give a managed service, given by hand to this external one
    assert set(NEEDED_ENV) <= set(env)
    assert env["JUPYTERHUB_SERVICE_PREFIX"] == f"/services/{SERVICE_NAME}/"
    assert env["JUPYTERHUB_CLIENT_ID"] == f"service-{SERVICE_NAME}"
    assert env["JUPYTERHUB_OAUTH_CALLBACK_URL"] == f"/services/{SERVICE_NAME}/oauth_callback"
    assert args.host == "0.0.0.0" and args.students >= 1
    # students land on the classroom, not on a notebook server of their own
    assert values["singleuser"]["defaultUrl"] == f"/services/{SERVICE_NAME}/"
