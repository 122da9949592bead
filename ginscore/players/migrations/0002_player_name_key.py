from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("players", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="name_key",
            field=models.CharField(editable=False, max_length=240, null=True),
        ),
    ]
