from django.urls import path

from ginscore.push import views

app_name = "push"
urlpatterns = [
    path("", views.subscribe, name="subscribe"),
    path("off/", views.unsubscribe, name="unsubscribe"),
    path("<int:pk>/<int:entry_pk>/<str:token>/", views.subscribe_link, name="subscribe_link"),
]
