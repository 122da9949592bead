from django.urls import path

app_name = "sheets"

urlpatterns: list = []
