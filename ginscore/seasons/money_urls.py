from django.urls import path

from ginscore.seasons import views

app_name = "money"

urlpatterns = [
    path("", views.club_money, name="club"),
    path("tournaments/<int:pk>/", views.prize, name="prize"),
    path("tournaments/<int:pk>/preview/", views.prize_preview, name="preview"),
    path("tournaments/<int:pk>/treasurer/", views.treasurer, name="treasurer"),
    path("tournaments/<int:pk>/treasurer.csv", views.treasurer_csv, name="treasurer_csv"),
    path("tournaments/<int:pk>/treasurer.pdf", views.treasurer_pdf, name="treasurer_pdf"),
    path("tournaments/<int:pk>/pay/<int:entry_pk>/", views.payout_pay, name="pay"),
    path("tournaments/<int:pk>/fee/<int:entry_pk>/", views.entry_fee, name="fee"),
    path("tournaments/<int:pk>/returned/<int:entry_pk>/", views.payout_returned, name="returned"),
    path("tournaments/<int:pk>/unpay/<int:entry_pk>/", views.payout_undo, name="unpay"),
]
