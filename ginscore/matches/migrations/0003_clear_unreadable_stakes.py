"""Clears stakes the ``stake`` column cannot give back.

Before ginscore checked the stake against its column, SQLite stored any
imported decimal ("1e20", "123456789.123456789"); reading such a row fails
(``decimal.InvalidOperation``), which took down the home page, the match list,
the exports and the admin. A stake outside 0 to 99,999,999.9999 (or not a
number at all, such as NaN) has no meaning as money per point: it is cleared
(the match keeps its hands and scores; the settlement shows points only).
The same statement is harmless on PostgreSQL, whose column never held more
than 99,999,999.9999 but may hold NaN.
"""
from django.db import migrations

CLEAR = ("UPDATE matches_match SET stake = NULL "
         "WHERE stake IS NOT NULL AND NOT (stake >= 0 AND stake <= 99999999.9999)")


def clear_unreadable_stakes(apps, schema_editor):
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(CLEAR)


class Migration(migrations.Migration):

    dependencies = [
        ("matches", "0002_game_in_play"),
    ]

    operations = [
        migrations.RunPython(clear_unreadable_stakes, migrations.RunPython.noop, elidable=True),
    ]
