"""Every player's name cleaned (``ginscore.players.names``) and its key filled in.

Older versions stored names as typed: a zero-width space, a fullwidth letter,
"ann" beside "Ann", or (on SQLite) 300 characters. Each name is cleaned; a name
that cannot be cleaned loses its control characters and is cut to 60
characters. Two players whose names now have one key keep both their
histories: the later one is renamed "Name (2)" (then 3, ...) for the club to
merge or rename in the admin.
"""
import unicodedata

from django.db import migrations

NAME_MAX = 60


def _clean(name):
    from ginscore.players.names import NameRefused, name_clean

    try:
        return name_clean(name)
    except NameRefused:
        kept = "".join(ch for ch in name if not unicodedata.category(ch).startswith("C") or ch.isspace())
        kept = " ".join(unicodedata.normalize("NFKC", kept).split())[:NAME_MAX].strip()
        return kept or "Player"


def _final(rows):
    """(name, key) for each row, in order: cleaned, and numbered where a key is taken."""
    from ginscore.players.names import name_key

    taken, out = set(), []
    for player in rows:
        base = _clean(player.name)
        name, n = base, 1
        while name_key(name) in taken:
            n += 1
            suffix = f" ({n})"
            name = base[:NAME_MAX - len(suffix)] + suffix
        taken.add(name_key(name))
        out.append((name, name_key(name)))
    return out


def backfill(apps, schema_editor):
    Player = apps.get_model("players", "Player")
    rows = list(Player.objects.order_by("id"))
    # Two passes, so a renamed player never meets an old name under the unique constraint.
    for player in rows:
        Player.objects.filter(pk=player.pk).update(name=f"#{player.pk}#renaming")
    for player, (name, key) in zip(rows, _final(rows)):
        Player.objects.filter(pk=player.pk).update(name=name, name_key=key)


class Migration(migrations.Migration):

    dependencies = [
        ("players", "0002_player_name_key"),
    ]

    operations = [
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
