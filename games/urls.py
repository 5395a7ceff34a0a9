"""The player pages."""

from django.urls import path

from games.views import home, leaderboard, lobby, match, takeback

urlpatterns = [
    path("", home.home, name="home"),
    path("lobby/", lobby.lobby, name="lobby"),
    path("lobby/form/", lobby.create_form, name="lobby_form"),
    path("lobby/create/", lobby.create, name="lobby_create"),
    path("invitations/<int:pk>/", lobby.answer_invitation, name="invitation_answer"),
    path("leaderboard/", leaderboard.leaderboard, name="leaderboard"),
    path("matches/<int:pk>/", match.match_page, name="match"),
    path("matches/<int:pk>/join/", lobby.join, name="match_join"),
    path("matches/<int:pk>/live/", match.live, name="match_live"),
    path("matches/<int:pk>/board.svg", match.board, name="match_board"),
    path("matches/<int:pk>/act/", match.act, name="match_act"),
    path("matches/<int:pk>/undo/", match.undo, name="match_undo"),
    path("matches/<int:pk>/resign/", match.resign, name="match_resign"),
    path("matches/<int:pk>/takeback/", takeback.ask, name="match_takeback"),
    path("matches/<int:pk>/takeback/<int:request_id>/", takeback.answer, name="match_takeback_answer"),
    path("matches/<int:pk>/chat/", match.chat, name="match_chat"),
    path("matches/<int:pk>/notes/", match.notes, name="match_notes"),
    path("matches/<int:pk>/invite/", match.invite_player, name="match_invite"),
    path("matches/<int:pk>/rematch/", match.rematch, name="match_rematch"),
    path("matches/<int:pk>/export.json", match.export, name="match_export"),
]
