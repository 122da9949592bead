from django.urls import path

from ginscore.matches import agreement_views, card_views, io_views, list_views, outbox_views, views

app_name = "matches"

urlpatterns = [
    path("", list_views.MatchListView.as_view(), name="list"),
    path("import/", io_views.records_import, name="import"),
    path("records.json", io_views.records_download, name="export"),
    path("<int:pk>/record.json", io_views.record_download, name="record"),
    path("new/", views.match_new, name="new"),
    path("<int:pk>/", views.match_detail, name="detail"),
    path("pads/<int:block>/", views.pads_versions, name="pads_versions"),
    path("<int:pk>/hands/new/", views.hand_new, name="hand_new"),
    path("<int:pk>/hands/preview/", views.hand_preview, name="hand_preview"),
    path("<int:pk>/hands/send/", outbox_views.hand_send, name="hand_send"),
    path("<int:pk>/hands/<int:number>/edit/", views.hand_edit, name="hand_edit"),
    path("<int:pk>/hands/cards/", card_views.hand_cards_new, name="hand_cards"),
    path("<int:pk>/hands/<int:number>/cards/", card_views.hand_cards_edit, name="hand_cards_edit"),
    path("<int:pk>/hands/<int:number>/delete/", views.hand_delete, name="hand_delete"),
    path("<int:pk>/hands/<int:number>/confirm/", agreement_views.hand_confirm, name="hand_confirm"),
    path("<int:pk>/hands/<int:number>/dispute/", agreement_views.hand_dispute, name="hand_dispute"),
    path("<int:pk>/hands/<int:number>/settle/", agreement_views.hand_settle, name="hand_settle"),
    path("<int:pk>/hands/undo/", views.hand_undo, name="hand_undo"),
    path("<int:pk>/hands/redo/", views.hand_redo, name="hand_redo"),
    path("<int:pk>/first-dealer/", views.first_dealer, name="first_dealer"),
    path("<int:pk>/table-link/renew/", views.table_link_renew, name="table_link_renew"),
    path("<int:pk>/table-link/qr.svg", views.table_link_qr, name="table_link_qr"),
    path("table/<str:token>/", views.table_link_open, name="table"),
    path("<int:pk>/seat/<str:seat>/<str:token>/", views.seat_open, name="seat"),
    # a partnership's two tables, each from its own phone
    path("<int:pk>/tables/<int:table>/", views.match_detail, name="table_pad"),
    path("<int:pk>/tables/<int:table>/hands/new/", views.hand_new, name="table_hand_new"),
    path("<int:pk>/tables/<int:table>/hands/<int:number>/edit/", views.hand_edit, name="table_hand_edit"),
    path("<int:pk>/tables/<int:table>/hands/<int:number>/delete/", views.hand_delete, name="table_hand_delete"),
    path("<int:pk>/tables/<int:table>/hands/cards/", card_views.hand_cards_new, name="table_hand_cards"),
    path("<int:pk>/tables/<int:table>/hands/<int:number>/cards/", card_views.hand_cards_edit,
         name="table_hand_cards_edit"),
    path("<int:pk>/table-link/<int:table>/qr.svg", views.table_link_qr, name="table_link_qr_at"),
    path("table/<str:token>/<int:table>/", views.table_link_open, name="table_at"),
]
