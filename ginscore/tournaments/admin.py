from django.contrib import admin

from ginscore.tournaments.models import Entry, Tournament, TournamentMatch


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "format", "status", "created_at"]
    list_filter = ["format", "status"]
    search_fields = ["name"]
    inlines = [EntryInline]
    raw_id_fields = ["champion", "created_by"]


@admin.register(TournamentMatch)
class TournamentMatchAdmin(admin.ModelAdmin):
    list_display = ["tournament", "stage", "key", "play_round", "table", "entry_a", "entry_b", "winner", "outcome"]
    list_filter = ["outcome", "section"]
    raw_id_fields = ["tournament", "entry_a", "entry_b", "winner", "match"]
