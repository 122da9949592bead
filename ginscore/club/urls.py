from django.urls import path

from ginscore.club import views

app_name = "club"

urlpatterns = [
    path("", views.home, name="home"),
    path("sw.js", views.service_worker, name="service_worker"),
]
