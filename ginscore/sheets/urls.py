from django.urls import path

from ginscore.sheets import views

app_name = "sheets"

urlpatterns = [
    path("", views.sheets_index, name="index"),
    path("pad.pdf", views.pad_pdf, name="pad"),
    path("matches/<int:pk>.pdf", views.match_pdf, name="match"),
]
