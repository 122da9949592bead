"""The club's two roles as groups, from the first migration on: "director" (runs tournaments,
scores and corrects any match, adds players) and "club admin" (everything, the club's people too).
ginscore's own pages check the group's name (ginscore.club.roles); the permissions let the admin
site (/admin/) agree with them."""
from django.db import migrations

ADMIN_GROUP = "club admin"
DIRECTOR_GROUP = "director"
CLUB_APPS = ("players", "matches", "tournaments", "seasons", "ratings", "club")
DIRECTOR_MODELS = {"players": {"player"}, "matches": None, "tournaments": None}


def make_roles(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    for app_config in apps.get_app_configs():   # the permissions exist before post_migrate makes them
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    admin, _ = Group.objects.get_or_create(name=ADMIN_GROUP)
    director, _ = Group.objects.get_or_create(name=DIRECTOR_GROUP)
    everything = Permission.objects.filter(content_type__app_label__in=CLUB_APPS + ("auth",))
    admin.permissions.add(*everything)
    for app, models in DIRECTOR_MODELS.items():
        found = Permission.objects.filter(content_type__app_label=app)
        if models is not None:
            found = found.filter(content_type__model__in=models).exclude(codename__startswith="delete_")
        director.permissions.add(*found)


class Migration(migrations.Migration):

    dependencies = [
        ("club", "0003_tried"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("players", "0006_names_up_to_100"),
        ("matches", "0013_team_names_up_to_100"),
        ("tournaments", "0012_team_names_up_to_100"),
        ("seasons", "0002_club_settings"),
        ("ratings", "0002_the_version_row"),
    ]

    operations = [migrations.RunPython(make_roles, migrations.RunPython.noop)]
