"""The ratings' version row, made once: a club that already has finished matches keeps its replay
from the first page on (without the row every page would replay)."""
import secrets

from django.db import migrations


def make_row(apps, schema_editor):
    RatingsVersion = apps.get_model("ratings", "RatingsVersion")
    RatingsVersion.objects.get_or_create(pk=1, defaults={"stamp": secrets.token_hex(8)})


class Migration(migrations.Migration):

    dependencies = [("ratings", "0001_initial")]

    operations = [migrations.RunPython(make_row, migrations.RunPython.noop)]
