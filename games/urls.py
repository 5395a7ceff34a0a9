"""The player pages."""

from django.urls import path

from games.views import catalogue, home, installable, leaderboard, lobby, match, rules, seeks, takeback, tournaments

urlpatterns = [
    path("", home.home, name="home"),
    path("manifest.webmanifest", installable.manifest, name="manifest"),
    path("service-worker.js", installable.service_worker, name="service_worker"),
    path("lobby/", lobby.lobby, name="lobby"),
    path("lobby/form/", lobby.create_form, name="lobby_form"),
    path("lobby/create/", lobby.create, name="lobby_create"),
    path("invitations/<id:pk>/", lobby.answer_invitation, name="invitation_answer"),
    path("seeks/", seeks.post, name="seek_post"),
    path("seeks/form/", seeks.seek_form, name="seek_form"),
    path("seeks/<id:pk>/play/", seeks.play, name="seek_play"),
    path("seeks/<id:pk>/cancel/", seeks.cancel, name="seek_cancel"),
    path("leaderboard/", leaderboard.leaderboard, name="leaderboard"),
    path("tournaments/", tournaments.tournament_list, name="tournaments"),
    path("tournaments/create/", tournaments.create, name="tournament_create"),
    path("tournaments/<id:pk>/", tournaments.tournament_page, name="tournament"),
    path("tournaments/<id:pk>/join/", tournaments.join, name="tournament_join"),
    path("tournaments/<id:pk>/leave/", tournaments.leave, name="tournament_leave"),
    path("games/", home.games, name="games"),
    path("games/<slug:slug>/rules/", rules.game_rules, name="game_rules"),
    path("games/<slug:slug>/board.svg", catalogue.board_picture, name="game_board_picture"),
    path("games/<slug:slug>/layers/<str:name>.svg", catalogue.board_layer, name="game_board_layer"),
    path("matches/<id:pk>/", match.match_page, name="match"),
    path("matches/<id:pk>/join/", lobby.join, name="match_join"),
    path("matches/<id:pk>/live/", match.live, name="match_live"),
    path("matches/<id:pk>/board.svg", match.board, name="match_board"),
    path("matches/<id:pk>/act/", match.act, name="match_act"),
    path("matches/<id:pk>/undo/", match.undo, name="match_undo"),
    path("matches/<id:pk>/resign/", match.resign, name="match_resign"),
    path("matches/<id:pk>/takeback/", takeback.ask, name="match_takeback"),
    path("matches/<id:pk>/takeback/<id:request_id>/", takeback.answer, name="match_takeback_answer"),
    path("matches/<id:pk>/chat/", match.chat, name="match_chat"),
    path("matches/<id:pk>/notes/", match.notes, name="match_notes"),
    path("matches/<id:pk>/invite/", match.invite_player, name="match_invite"),
    path("matches/<id:pk>/rematch/", match.rematch, name="match_rematch"),
    path("matches/<id:pk>/export.json", match.export, name="match_export"),
]
