from django.urls import path
from django.views.generic import TemplateView

app_name = "matches"

# Placeholder until the matches pages land.
urlpatterns = [
    path("", TemplateView.as_view(template_name="club/home.html"), name="list"),
]
