from django.urls import path

from ginscore.sheets import views

app_name = "sheets"

urlpatterns = [
    path("", views.sheets_index, name="index"),
    path("language", views.sheets_language, name="language"),
    path("pad.pdf", views.pad_pdf, name="pad"),
    path("matches/<int:pk>.pdf", views.match_pdf, name="match"),
    path("tournaments/<int:pk>/bracket.pdf", views.bracket_pdf, name="bracket"),
    path("tournaments/<int:pk>/standings.pdf", views.standings_pdf, name="standings"),
    path("tournaments/<int:pk>/rounds/<int:stage>/<int:number>/pairings.pdf", views.round_pdf, name="round"),
    path("tournaments/<int:pk>/rounds/<int:stage>/<int:number>/tables.pdf", views.tables_pdf, name="tables"),
]
