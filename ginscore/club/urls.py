from django.urls import path

from ginscore.club import people_views, views

app_name = "club"

urlpatterns = [
    path("", views.home, name="home"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("language/", views.choose_language, name="language"),
    path("accounts/settings/", views.account_settings, name="settings"),
    path("start/", people_views.start, name="start"),
    path("club/", people_views.club_settings, name="club"),
    path("club/address/", people_views.club_address, name="address"),
    path("club/people/", people_views.people_list, name="people"),
    path("club/people/new/", people_views.member_add, name="member_add"),
    path("club/people/<int:pk>/", people_views.member_edit, name="member"),
    path("club/people/<int:pk>/password/", people_views.member_password, name="member_password"),
    # The icons browsers ask the site's root for by themselves (every page also links them).
    *(path(name, views.icon, {"name": name}) for name in views.ICONS),
]
