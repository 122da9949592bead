from django.db import migrations


class Migration(migrations.Migration):
    """The counted tries are no longer only codes: error mails are counted there too."""

    dependencies = [
        ('club', '0002_code_guess'),
    ]

    operations = [
        migrations.RenameModel('CodeGuess', 'Tried'),
        migrations.RenameIndex('tried', new_name='club_tried_where_at', old_name='club_codeguess_where_at'),
    ]
