from django.urls import path

from ginscore.ratings import views

app_name = "ratings"

urlpatterns = [
    path("", views.rating_list, name="list"),
    path("how/", views.how, name="how"),
    path("hide/", views.rating_hide, name="hide"),
    path("match/<int:pk>/rated/", views.match_rated, name="match_rated"),
    path("match/<int:pk>/agree/", views.match_rating_agree, name="match_rating_agree"),
]
