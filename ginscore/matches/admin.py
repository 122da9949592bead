"""Admin for matches, hands and the history. Hands are read here, not edited:
a hand changed in the admin would skip the engine's checks and the history,
so corrections go through the score pad (``ginscore.matches.services``)."""
from django.contrib import admin

from ginscore.matches.models import Hand, HandChange, Match


class HandInline(admin.TabularInline):
    model = Hand
    extra = 0
    can_delete = False
    fields = ("number", "table", "end", "by", "knocker_deadwood", "defender_deadwood", "upcard", "rulings",
              "entered_by", "entered_via", "created_at")
    readonly_fields = fields
    ordering = ("number", "table")

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "player_a", "player_b", "preset", "length_kind", "score_a", "score_b", "hand_count",
                    "complete", "winner", "created_at", "finished_at")
    list_filter = ("complete", "rated", "preset", "length_kind", "created_at")
    search_fields = ("player_a__name", "player_b__name", "player_c__name", "player_d__name", "=id")
    list_select_related = ("player_a", "player_b", "winner")
    date_hierarchy = "created_at"
    # Everything but the stake is read here: the players, rules and the caches rebuilt from the
    # hands would go out of step with the hands if edited (the stake only prices the settlement).
    readonly_fields = tuple(f.name for f in Match._meta.fields if f.name not in ("id", "stake"))
    inlines = [HandInline]

    def has_add_permission(self, request):
        return False  # matches start on the site, where the rules are checked and frozen


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ("match", "number", "table", "end", "by", "knocker_deadwood", "defender_deadwood", "upcard",
                    "entered_via", "entered_by", "updated_at")
    list_filter = ("end", "entered_via", "created_at")
    search_fields = ("match__player_a__name", "match__player_b__name", "match__player_c__name",
                     "match__player_d__name", "=match__id")
    list_select_related = ("match__player_a", "match__player_b", "entered_by")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(HandChange)
class HandChangeAdmin(admin.ModelAdmin):
    list_display = ("created_at", "match", "hand_number", "table", "action", "who", "via")
    list_filter = ("action", "via", "created_at")
    search_fields = ("match__player_a__name", "match__player_b__name", "match__player_c__name",
                     "match__player_d__name", "who__username", "=match__id")
    list_select_related = ("match__player_a", "match__player_b", "who")
    readonly_fields = ("match", "hand_number", "table", "action", "before", "after", "who", "via", "created_at")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
