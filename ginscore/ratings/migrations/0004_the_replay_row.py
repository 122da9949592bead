"""The stored replay's row, made once (empty: the worker's first replay fills it), so that storing a
replay is always one update."""
from django.db import migrations
from django.utils import timezone


def make_row(apps, schema_editor):
    RatingsReplay = apps.get_model("ratings", "RatingsReplay")
    RatingsReplay.objects.get_or_create(pk=1, defaults={"number": -1, "data": b"", "made_at": timezone.now(),
                                                       "seconds": 0.0})


class Migration(migrations.Migration):

    dependencies = [("ratings", "0003_the_stored_replay")]

    operations = [migrations.RunPython(make_row, migrations.RunPython.noop)]
