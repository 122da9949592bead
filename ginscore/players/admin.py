from django.contrib import admin

from ginscore.players.models import Player


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "user", "rating_hidden", "created_at")
    list_filter = (("user", admin.EmptyFieldListFilter), "created_at")
    search_fields = ("name", "user__username", "user__email")
    autocomplete_fields = ("user",)
    ordering = ("name",)
