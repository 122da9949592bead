from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from ginscore.club.viewer import log_in, log_out

urlpatterns = [
    path("players/", include("ginscore.players.urls")),
    path("matches/", include("ginscore.matches.urls")),
    path("tournaments/", include("ginscore.tournaments.urls")),
    path("sheets/", include("ginscore.sheets.urls")),
    path("ratings/", include("ginscore.ratings.urls")),
    path("seasons/", include("ginscore.seasons.urls")),
    path("jobs/", include("ginscore.jobs.urls")),
    path("money/", include("ginscore.seasons.money_urls")),
    path("push/", include("ginscore.push.urls")),
    path("accounts/login/", log_in, name="login"),
    path("accounts/logout/", log_out, name="logout"),
    path("accounts/password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("admin/", admin.site.urls),
    # Last: the club's own pages (the home page, the club's settings...) share no start with the others,
    # and the polled pages (a pad, a round, the standings, the board) are found without trying them first
    # (Django tries the patterns in turn: 19 us a poll's address with them first, bench figures in git log).
    path("", include("ginscore.club.urls")),
]
