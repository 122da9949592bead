from django.urls import path
from django.views.generic import TemplateView

app_name = "players"

# Placeholder until the players pages land.
urlpatterns = [
    path("", TemplateView.as_view(template_name="club/home.html"), name="list"),
]
