"""What the pages and the API show of a tournament (the same facts for both)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games import languages, timecontrols
from games.tournaments.models import Pairing, Tournament, TournamentStatus
from games.tournaments.services import BUCHHOLZ, SONNEBORN_BERGER, TIEBREAKS, table


def tiebreak_label(key: str) -> str:
    return {SONNEBORN_BERGER: _("Sonneborn-Berger"), BUCHHOLZ: _("Buchholz")}[key]


def withdrawn_label(why: str) -> str:
    return {"withdrew": _("withdrew"), "banned": _("banned")}.get(why, "")


def summary(tournament: Tournament, user, lang: str) -> dict:
    entries = list(tournament.players.all())
    return {
        "id": tournament.pk,
        "name": tournament.name,
        "game": tournament.game,
        "game_title": languages.text(tournament.game_engine, tournament.game_engine.title, lang),
        "format": tournament.format,
        "format_label": tournament.get_format_display(),
        "status": tournament.status,
        "status_label": tournament.get_status_display(),
        "players": len(entries),
        "max_players": tournament.max_players,
        "min_players": tournament.min_players,
        "signup_deadline": tournament.signup_deadline,
        "rated": tournament.rated,
        "current_round": tournament.current_round,
        "rounds_planned": tournament.rounds_planned,
        "winner": tournament.winner.get_username() if tournament.winner else None,
        "joined": bool(getattr(user, "is_authenticated", False)) and any(e.user_id == user.pk for e in entries),
    }


def detail(tournament: Tournament, user, lang: str) -> dict:
    """The summary with the rules it plays by, its rounds (pairings) and its standings."""
    pairings = list(Pairing.objects.filter(tournament=tournament).select_related("first__user", "second__user"))
    rounds: dict[int, list[dict]] = {}
    for pair in pairings:
        rounds.setdefault(pair.round, []).append(
            {
                "board": pair.board + 1,
                "first": pair.first.user.get_username(),
                "second": pair.second.user.get_username() if pair.second else None,
                "match": pair.match_id,
                "outcome": pair.outcome or None,
                "forfeit": pair.forfeit,
                "replay": pair.replay,
            }
        )
    rows = table(tournament) if tournament.status != TournamentStatus.OPEN else []
    return {
        **summary(tournament, user, lang),
        "options": tournament.options,
        "time_control": tournament.time_control,
        "time_control_label": timecontrols.describe(tournament.time_control),
        "timeout_policy": tournament.timeout_policy,
        "draw_rule": tournament.draw_rule,
        "draw_rule_label": tournament.get_draw_rule_display(),
        "created_by": tournament.created_by.get_username() if tournament.created_by else None,
        "entrants": [e.user.get_username() for e in tournament.players.select_related("user")],
        "tiebreaks": [{"key": key, "label": tiebreak_label(key)} for key in TIEBREAKS[tournament.format]],
        "rounds": [{"number": number, "pairings": pairs} for number, pairs in sorted(rounds.items())],
        "standings": [
            {
                "rank": rank,
                "player": row.player.user.get_username(),
                "points": row.points,
                "played": row.played,
                "wins": row.wins,
                "draws": row.draws,
                "losses": row.losses,
                "byes": row.byes,
                "sonneborn_berger": row.sonneborn_berger,
                "buchholz": row.buchholz,
                "withdrawn": row.player.withdrawn or None,
                "withdrawn_label": withdrawn_label(row.player.withdrawn) or None,
            }
            for rank, row in enumerate(rows, start=1)
        ],
    }
