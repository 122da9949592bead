from django.urls import path

from ginscore.seasons import views

app_name = "seasons"

urlpatterns = [
    path("", views.season_list, name="list"),
    path("new/", views.season_new, name="new"),
    path("<int:pk>/", views.season_detail, name="detail"),
    path("<int:pk>/edit/", views.season_edit, name="edit"),
    path("<int:pk>/delete/", views.season_delete, name="delete"),
    path("<int:pk>/season.csv", views.season_csv, name="csv"),
    path("<int:pk>/season.pdf", views.season_pdf, name="pdf"),
    path("<int:pk>/money/", views.season_money, name="money"),
]
