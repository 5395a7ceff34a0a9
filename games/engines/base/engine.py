"""The engine contract (ARCHITECTURE §2) as a base class.

Engines subclass ``Engine`` and fill in the rule methods. Conventions every engine follows:
- state is plain JSON; the RNG lives in ``state["rng"]`` as one int and never appears in a view;
- the human event log lives in ``state["log"]`` (see ``events``) and views filter it;
- ``apply`` never mutates its input (work on ``self.copy(state)``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NotRequired, TypedDict

import orjson

from . import messages
from .errors import IllegalAction
from .messages import Catalogues, Text, untranslated
from .rng import Rng

State = dict[str, Any]
Action = dict[str, Any]


class Choice(TypedDict):
    action: Action
    label: Text  # a message record (engines.base.messages), rendered in the reader's language
    # What on the board the choice is about, "<kind>:<id>" (ARCHITECTURE §2.1); the SVG marks it with data-target.
    target: NotRequired[str]


# A playout policy: (state, role, legal choices, chooser RNG) -> the choice taken.
Policy = Callable[[State, str, list[Choice], Rng], Choice]


class Engine:
    slug: str = ""
    title: str = ""
    version: int = 1
    # version -> what changed for players in that version (told to them when their match upgrades)
    changes: dict[int, str] = {}
    roles: tuple[str, ...] = ()
    # option name -> {"choices": [...], "default": value, "label": str}
    options: dict[str, dict[str, Any]] = {}
    # One short line for players when parts of the game are stand-ins, not the published game (§2.3).
    stand_in_notice: str = ""
    # The action types a player whose deadline ran out takes when one is legal, best first: the game's
    # passes and "done"s (``default_action``). Otherwise the first legal choice is taken.
    passes: tuple[str, ...] = ()
    # The engine's texts in English and Russian (ARCHITECTURE §2.4): its gettext domain and names table.
    catalogues: Catalogues | None = None

    # --- the contract ---------------------------------------------------------------------------
    def setup(self, seed: int, options: dict[str, Any]) -> State:
        raise NotImplementedError

    def active_roles(self, state: State) -> list[str]:
        raise NotImplementedError

    def legal_actions(self, state: State, role: str) -> list[Choice]:
        raise NotImplementedError

    def apply(self, state: State, role: str, action: Action) -> State:
        raise NotImplementedError

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        raise NotImplementedError

    def result(self, state: State) -> dict[str, Any] | None:
        raise NotImplementedError

    def render_svg(self, view: dict[str, Any]) -> str:
        """The map as the page shows it (ARCHITECTURE §2.1): every possible target carries ``data-target``."""
        raise NotImplementedError

    def render_panels(self, view: dict[str, Any]) -> str:
        """What is not the map (hands, tracks, pools, legends) as an HTML fragment beside it.

        The engine escapes every text; clickable things carry ``data-target`` exactly as in the SVG,
        and details shown on hover or long press are a ``title`` attribute (SVG: a ``<title>`` child).
        """
        return ""

    def render_picture(self, view: dict[str, Any]) -> str:
        """One SVG with all a player needs away from the page (mail, the full-size link, the API):
        the map, composed with whatever of the panels the engine judges useful."""
        return self.render_svg(view)

    def layer(self, name: str) -> str | None:
        """A static SVG layer of the board (a battle's terrain) that ``render_svg`` and ``render_picture``
        may reference at ``view["layer_url"] + name + ".svg"`` when the caller sets ``layer_url`` (the page;
        the mail, which rasters it once); its name changes whenever its drawing does, so it is cached for
        good. None: no such layer."""
        return None

    def default_action(self, state: State, role: str) -> Action | None:
        """What to play for a player whose deadline ran out: the first of ``passes`` that is legal, else
        the first legal choice; None if the game allows ``role`` nothing."""
        choices = self.legal_actions(state, role)
        for kind in self.passes:
            for choice in choices:
                if choice["action"]["type"] == kind:
                    return choice["action"]
        return choices[0]["action"] if choices else None

    # --- hooks for playouts (engines.base.playout), not part of the contract ----------------------
    # name -> a policy that picks one of the legal choices (e.g. "purposeful": seeks combat); playouts
    # offer these beside the uniform choice.
    policies: dict[str, Policy] = {}

    def invariant_violations(self, state: State) -> list[str]:
        """What is wrong with a reachable state (e.g. two units in one hex); playouts check it after
        every action. Empty when all is well."""
        return []

    def milestones(self, state: State) -> list[str]:
        """What a finished game went through worth counting over many playouts (e.g. "contact")."""
        return []

    # --- hooks for the computer player (engines.base.search), not part of the contract -------------
    # The policy (a key of ``policies``) the computer's search builds on: its rollouts, and the pick it
    # challenges. None: a tree search over rollouts of the uniform choice.
    computer_policy: str | None = None

    def sample_state(self, view: dict[str, Any], role: str, seed: int) -> State:
        """A full state ``role`` could be in, given only its view: what it cannot see (the other side's
        blocks, cards not yet seen, the RNG) drawn by ``seed`` from what the view leaves possible, so that
        ``view(sample_state(v, role, seed), role) == v`` but for the event log's private lines. The
        computer player searches such states and never the true one: fair by construction."""
        raise NotImplementedError(f"{self.slug} cannot sample the states behind a view")

    def evaluate(self, state: State, role: str) -> float:
        """How good ``state`` is for ``role``, in [0, 1] (1: won), from the rulebook's victory conditions;
        the search scores a rollout cut at its depth with it. A finished game scores by its result."""
        raise NotImplementedError(f"{self.slug} has no evaluation")

    def apply_trusted(self, state: State, role: str, action: Action) -> State:
        """``apply`` for an action just taken from ``legal_actions(state, role)``, or a move of a match's
        log that this version accepted when it was recorded: an engine may skip re-checking its legality,
        which is most of a search's (and a replay's) cost. Never used on a player's input."""
        return self.apply(state, role, action)

    # --- shared helpers -------------------------------------------------------------------------
    def text(self, text: Text, lang: str | None = "en") -> str:
        """A message record (a label, a prompt, a log event's text, an ``IllegalAction`` message) as a
        sentence in ``lang`` ("en" or "ru"; anything else reads English)."""
        if self.catalogues is None:
            return untranslated(text)
        return self.catalogues.render(text, lang)

    def change_note(self, since: int) -> str:
        """What changed after version ``since`` up to this one, oldest first."""
        notes = [f"v{v}: {self.changes.get(v, 'no note given')}" for v in range(since + 1, self.version + 1)]
        return "\n".join(notes)

    def resolve_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and reject unknown options or values with a clear message."""
        options = dict(options or {})
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            raise IllegalAction(f"Unknown option(s) for {self.slug}: {', '.join(unknown)}")
        resolved = {}
        for name, spec in self.options.items():
            value = options.get(name, spec["default"])
            if value not in spec["choices"]:
                allowed = ", ".join(map(str, spec["choices"]))
                raise IllegalAction(f"Option {name!r} must be one of: {allowed}")
            resolved[name] = value
        return resolved

    def is_undoable(self, before: State, after: State, role: str) -> bool:
        """May ``role`` take back the step from ``before`` to ``after``?

        The platform also checks that nobody else acted since. The default forbids it once chance
        was used (the RNG moved); engines with hidden information add their own reveals.
        """
        return before.get("rng") == after.get("rng")

    def check_role(self, state: State, role: str) -> None:
        if role not in self.roles:
            raise IllegalAction(f"Unknown role {role!r}; roles are {', '.join(self.roles)}")
        if role not in self.active_roles(state):
            raise IllegalAction(f"It is not {role}'s turn")

    def check_legal(self, state: State, role: str, action: Action) -> None:
        """Reject anything that is not one of ``legal_actions`` (the simplest complete check)."""
        self.check_role(state, role)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction('An action is a JSON object with a "type" key')
        if all(choice["action"] != action for choice in self.legal_actions(state, role)):
            # In words, never the request echoed: the side by its name, the action by its type.
            refusal = messages.msg(
                "This “{type}” action is not legal for {side} now",
                type=action["type"],
                side=messages.name(f"side:{role}"),
            )
            raise IllegalAction(refusal)

    @staticmethod
    def copy(state: State) -> State:
        return json_copy(state)


def json_copy(value: Any) -> Any:
    """A copy of plain JSON (dicts, lists, scalars): what ``copy.deepcopy`` does for a state, many times
    faster. orjson writes and reads it back; what orjson refuses (ints beyond 64 bits, keys that are not
    strings) is copied dict by dict and list by list."""
    try:
        return orjson.loads(orjson.dumps(value))
    except orjson.JSONEncodeError:
        return _copied(value)


def _copied(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copied(v) for v in value]
    return value
