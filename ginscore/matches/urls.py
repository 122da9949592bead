from django.urls import path
from django.views.generic import TemplateView

from ginscore.matches import views

app_name = "matches"

urlpatterns = [
    # The match list (filters, CSV) belongs to the lists pages; placeholder until they land.
    path("", TemplateView.as_view(template_name="club/home.html"), name="list"),
    path("new/", views.match_new, name="new"),
    path("<int:pk>/", views.match_detail, name="detail"),
    path("<int:pk>/hands/new/", views.hand_new, name="hand_new"),
    path("<int:pk>/hands/preview/", views.hand_preview, name="hand_preview"),
    path("<int:pk>/hands/<int:number>/edit/", views.hand_edit, name="hand_edit"),
    path("<int:pk>/hands/<int:number>/delete/", views.hand_delete, name="hand_delete"),
    path("<int:pk>/hands/undo/", views.hand_undo, name="hand_undo"),
    path("<int:pk>/table-link/renew/", views.table_link_renew, name="table_link_renew"),
    path("<int:pk>/table-link/qr.svg", views.table_link_qr, name="table_link_qr"),
    path("table/<str:token>/", views.table_link_open, name="table"),
]
