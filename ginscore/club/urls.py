from django.urls import path

from ginscore.club import views

app_name = "club"

urlpatterns = [
    path("", views.home, name="home"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("language/", views.choose_language, name="language"),
    path("accounts/settings/", views.account_settings, name="settings"),
    # The icons browsers ask the site's root for by themselves (every page also links them).
    *(path(name, views.icon, {"name": name}) for name in views.ICONS),
]
