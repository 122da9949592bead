from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("players", "0003_backfill_name_key"),
    ]

    operations = [
        migrations.AlterField(
            model_name="player",
            name="name_key",
            field=models.CharField(
                editable=False, max_length=240, unique=True,
                help_text="The name case-folded (ginscore.players.names.name_key): two names with one key are one player.",
            ),
        ),
    ]
