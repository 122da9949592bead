from django.urls import path

from ginscore.players import views

app_name = "players"

urlpatterns = [
    path("", views.PlayerListView.as_view(), name="list"),
    path("<int:pk>/", views.player_detail, name="detail"),
]
