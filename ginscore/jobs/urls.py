from django.urls import path

from ginscore.jobs import views

app_name = "jobs"

urlpatterns = [
    path("<uuid:pk>/", views.job_detail, name="detail"),
    path("<uuid:pk>/file/", views.job_file, name="file"),
    path("<uuid:pk>/again/", views.job_try_again, name="again"),
]
