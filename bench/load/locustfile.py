"""One locust user is one seated player: reads the match page, polls it, chats and moves (bench.load).

Runs in locust's own process (gevent); the players come from the JSON file named by LOAD_PLAYERS, one
entry per user: {"session", "token", "match", "role"} (a signed-in session made by bench.load).
Moves alternate between the web
form (session and CSRF, as a browser) and the REST API (token), both with the sequence number just read.
A 409 is the service refusing a stale move (the opponent or a simultaneous choice came first): counted
apart as "stale move (409, expected)", never as an error.

FastHttpUser (geventhttpclient) rather than HttpUser (requests): the same requests, headers and compressed
answers, at about half of the load generator's processor time (1.1–1.7 ms a request against 2.5–2.8), which
shares the machine with the service.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import uuid
from http.cookiejar import Cookie
from pathlib import Path
from urllib.parse import urlencode

from locust import FastHttpUser, between, events, task

PLAYERS = json.loads(Path(os.environ["LOAD_PLAYERS"]).read_text())
NEXT = itertools.count()
SINCE = re.compile(r"\?since=([^\"&]+)")
AFTER = re.compile(r"/chat/\?after=(\d+)")
HTMX = {"HX-Request": "true", "HX-Target": "match-live"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def session_cookie(key: str, host: str) -> Cookie:
    """The signed-in session bench.load made, as the browser keeps it for ``host``."""
    return Cookie(
        version=0,
        name="sessionid",
        value=key,
        port=None,
        port_specified=False,
        domain=host,
        domain_specified=False,
        domain_initial_dot=False,
        path="/",
        path_specified=True,
        secure=False,
        expires=None,
        discard=False,
        comment=None,
        comment_url=None,
        rest={},
    )


class Player(FastHttpUser):
    wait_time = between(0.5, 2.0)

    def on_start(self) -> None:
        me = PLAYERS[next(NEXT) % len(PLAYERS)]
        self.me, self.match, self.role = me, me["match"], me["role"]
        self.api = {"Authorization": f"Token {me['token']}"}
        host = self.host.split("://", 1)[1].split(":", 1)[0]
        self.client.cookiejar.set_cookie(session_cookie(me["session"], host))
        self.since, self.chat_after, self.moves = "", 0, 0
        self.page()

    def csrf(self) -> str:
        return next((cookie.value for cookie in self.client.cookiejar if cookie.name == "csrftoken"), "")

    @task(2)
    def page(self) -> None:
        response = self.client.get(f"/matches/{self.match}/", name="match page")
        found = SINCE.search(response.text or "")
        self.since = found.group(1) if found else self.since
        self.read_chat(response.text or "")

    @task(8)
    def poll(self) -> None:
        response = self.client.get(f"/matches/{self.match}/live/?since={self.since}", headers=HTMX, name="live poll")
        if response.status_code == 200:
            found = SINCE.search(response.text or "")
            self.since = found.group(1) if found else self.since

    @task(3)
    def chat_poll(self) -> None:
        response = self.client.get(f"/matches/{self.match}/chat/?after={self.chat_after}", name="chat poll")
        self.read_chat((response.text or "") if response.status_code == 200 else "")

    def read_chat(self, text: str) -> None:
        """The newest message seen, which the next poll names as the browser's does (204 when none is newer)."""
        found = AFTER.search(text)
        self.chat_after = int(found.group(1)) if found else self.chat_after

    @task(1)
    def chat(self) -> None:
        response = self.client.post(
            f"/matches/{self.match}/chat/",
            data=urlencode({"text": f"Your move soon? ({uuid.uuid4().hex[:6]})", "csrfmiddlewaretoken": self.csrf()}),
            headers={**FORM, "HX-Request": "true", "X-CSRFToken": self.csrf()},
            name="chat post",
        )
        self.read_chat((response.text or "") if response.status_code == 200 else "")

    @task(5)
    def move(self) -> None:
        state = self.client.get(f"/api/matches/{self.match}/", headers=self.api, name="api match").json()
        choices = state["legal_actions"].get(self.role) or []
        if state["status"] != "active" or not choices:
            return
        action = random.choice(choices)["action"]
        self.moves += 1
        by_form = self.moves % 2 == 1
        if by_form:
            data = {
                "role": self.role,
                "action": json.dumps(action),
                "expected_seq": state["seq"],
                "idempotency_key": f"load-{uuid.uuid4().hex}",
                "csrfmiddlewaretoken": self.csrf(),
            }
            path, name = f"/matches/{self.match}/act/", "move (web form)"
            kwargs = {"data": urlencode(data), "headers": {**FORM, **HTMX}}
        else:
            body = {"role": self.role, "action": action, "expected_seq": state["seq"]}
            path, name = f"/api/matches/{self.match}/actions/", "move (API)"
            kwargs = {"json": body, "headers": self.api}
        with self.client.post(path, name=name, catch_response=True, **kwargs) as response:
            found = SINCE.search(response.text or "") if by_form else None
            self.since = found.group(1) if found else self.since  # the page swaps in the fragment answered
            if response.status_code == 409:
                response.success()
                events.request.fire(
                    request_type="INFO",
                    name="stale move (409, expected)",
                    response_time=0,
                    response_length=0,
                    exception=None,
                    context={},
                )
