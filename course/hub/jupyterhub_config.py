# JupyterHub's settings for a class of the abteach course on one machine.  `course/hub/hub.py` writes the
# per-run facts (ports, users, paths, the demo password) to a JSON file and points ABTEACH_HUB_SETTINGS at it,
# so this file holds only decisions.  A real course changes one block, "Who may log in", and nothing else.
import json
import os

c = get_config()  # noqa: F821 - JupyterHub defines it when it reads this file

with open(os.environ["ABTEACH_HUB_SETTINGS"]) as f:
    settings = json.load(f)

# --- Who may log in --------------------------------------------------------------------------------
# The demo's authenticator: every user of the roster, and the instructor, with one shared password.
# A real course swaps these three lines for its own sign-in, e.g. OAuth with the university's accounts
#   c.JupyterHub.authenticator_class = "generic-oauth"   # pip install oauthenticator; client id/secret/urls
# or the learning platform's LTI launch
#   c.JupyterHub.authenticator_class = "ltiauthenticator.lti13.authenticator.LTI13Authenticator"
# and keeps allowed_users (or the authenticator's own group rule): the names it returns must be the system users
# that hub.py created, because each student's server runs as that user.
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = settings["password"]
c.Authenticator.allowed_users = set(settings["students"]) | {settings["instructor"]}
# Nobody is an admin: the instructor works through nbgrader's exchange, never inside a student's server.
c.Authenticator.admin_users = set()

# --- What every student sees of the hub itself ------------------------------------------------------
# JupyterHub's own pages, with what WCAG 2.1 AA asks of them (contrast, names, titles): small overrides in
# templates/, each extending JupyterHub's page of the same name.
c.JupyterHub.template_paths = [os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")]
c.JupyterHub.template_vars = {"course_title": "Minimax and alpha-beta"}

# --- Where the hub listens and keeps its state ----------------------------------------------------
c.JupyterHub.bind_url = f"http://127.0.0.1:{settings['port']}"
c.JupyterHub.hub_port = settings["hub_port"]
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{settings['proxy_api_port']}"
c.ConfigurableHTTPProxy.command = [settings["proxy"]]
c.JupyterHub.db_url = f"sqlite:///{settings['state']}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = f"{settings['state']}/jupyterhub_cookie_secret"
c.JupyterHub.pid_file = f"{settings['state']}/jupyterhub.pid"
# Servers keep running when only the hub restarts (an upgrade, a crash): students lose nothing.
c.JupyterHub.cleanup_servers = settings.get("cleanup_servers", True)
c.JupyterHub.cleanup_proxy = settings.get("cleanup_servers", True)

# --- Each student's server: a process of their own system user, in their own home -------------------
c.JupyterHub.spawner_class = "localprocess"
c.Spawner.cmd = [f"{settings['venv']}/bin/jupyterhub-singleuser"]
c.Spawner.default_url = "/lab"
c.Spawner.notebook_dir = "~"
# nbgrader runs `alembic` by name, and the kernel must be the course's Python: the venv comes first on PATH.
c.Spawner.environment = {"PATH": f"{settings['venv']}/bin:/usr/local/bin:/usr/bin:/bin",
                         "PYTHONHASHSEED": "0"}
# On a loaded 2-core machine a server takes more than the default 30 s to answer, and a class logging in at
# once queues behind each other: generous timeouts, and no more than a handful of starts at a time.
c.Spawner.http_timeout = settings.get("http_timeout", 120)
c.Spawner.start_timeout = settings.get("start_timeout", 180)
c.JupyterHub.concurrent_spawn_limit = settings.get("concurrent_spawn_limit", 40)
c.JupyterHub.init_spawners_timeout = 60
