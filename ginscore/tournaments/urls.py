from django.urls import path

from ginscore.tournaments import room_views, sign_up_views, views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.tournament_new, name="new"),
    path("<int:pk>/", views.tournament_detail, name="detail"),
    path("<int:pk>/edit/", views.tournament_edit, name="edit"),
    path("<int:pk>/entries/", views.entries_save, name="entries"),
    path("<int:pk>/entries/late/", views.entry_late, name="entry_late"),
    path("<int:pk>/entries/<int:entry_pk>/withdraw/", views.entry_withdraw, name="withdraw"),
    path("<int:pk>/entries/<int:entry_pk>/reinstate/", views.entry_reinstate, name="reinstate"),
    path("<int:pk>/sign-up/", sign_up_views.sign_up, name="sign_up"),
    path("<int:pk>/sign-up/take-back/", sign_up_views.take_back, name="sign_up_take_back"),
    path("<int:pk>/desk/sign-up/", sign_up_views.sign_up_settings, name="sign_up_settings"),
    path("<int:pk>/desk/sign-up/accept-placed/", sign_up_views.sign_ups_accept_placed, name="sign_ups_accept_placed"),
    path("<int:pk>/desk/sign-up/<int:sign_up_pk>/accept/", sign_up_views.sign_up_accept, name="sign_up_accept"),
    path("<int:pk>/desk/sign-up/<int:sign_up_pk>/remove/", sign_up_views.sign_up_remove, name="sign_up_remove"),
    path("<int:pk>/start/", views.tournament_start, name="start"),
    path("<int:pk>/rounds/<int:stage>/<int:number>/", views.round_detail, name="round"),
    path("<int:pk>/rounds/repair/", views.round_repair, name="round_repair"),
    path("<int:pk>/rounds/undo/", views.round_undo, name="round_undo"),
    path("<int:pk>/matches/<int:tmatch_pk>/forfeit/<int:entry_pk>/", views.tmatch_forfeit, name="forfeit"),
    path("<int:pk>/bracket/", views.bracket, name="bracket"),
    path("<int:pk>/standings/", views.standings, name="standings"),
    path("<int:pk>/board/", room_views.board, name="board"),
    path("<int:pk>/desk/", room_views.desk, name="desk"),
    path("<int:pk>/desk/announce/", room_views.announce, name="announce"),
    path("<int:pk>/desk/clock/", room_views.clock_start, name="clock_start"),
    path("<int:pk>/desk/time/", room_views.time_call, name="time_call"),
    path("<int:pk>/matches/<int:tmatch_pk>/at-time/", room_views.decide_at_time, name="decide_at_time"),
    path("<int:pk>/desk/check-in/", room_views.check_in_settings, name="check_in_settings"),
    path("<int:pk>/desk/check-in/<int:entry_pk>/", room_views.desk_check_in, name="desk_check_in"),
    path("<int:pk>/desk/withdraw-absent/", room_views.withdraw_absent, name="withdraw_absent"),
    path("<int:pk>/desk/check-in/played/", room_views.check_in_played, name="check_in_played"),
    path("<int:pk>/desk/pair/", room_views.pair_present, name="pair_present"),
    path("<int:pk>/check-in/", room_views.check_in, name="check_in"),
    path("<int:pk>/check-in/qr.svg", room_views.check_in_qr, name="check_in_qr"),
    path("<int:pk>/check-in/<int:entry_pk>/<str:token>/", room_views.check_in_own, name="check_in_own"),
    path("<int:pk>/desk/check-in/<int:entry_pk>/qr.svg", room_views.desk_check_in_qr, name="desk_check_in_qr"),
]
