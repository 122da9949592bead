"""The test database a transactional test leaves (tests/database.py): as the migrations left it,
the club's roles and their permissions included, whatever the test wrote or removed."""
import pytest


def roles():
    from django.contrib.auth.models import Group

    return {group.name: sorted(group.permissions.values_list("codename", flat=True))
            for group in Group.objects.all()}


@pytest.mark.django_db(transaction=True)
def test_after_a_transactional_test_the_database_is_as_migrated(django_user_model):
    from django.contrib.auth.models import Group, Permission
    from django.contrib.contenttypes.models import ContentType

    from ginscore.club.roles import ADMIN_GROUP, DIRECTOR_GROUP
    from ginscore.players.models import Player
    from tests import database

    migrated = roles()
    assert set(migrated) == {ADMIN_GROUP, DIRECTOR_GROUP} and "add_player" in migrated[DIRECTOR_GROUP]
    kinds, permissions = ContentType.objects.count(), Permission.objects.count()
    # A test writes players, accounts, a group of its own, and takes the director's role away...
    ann = django_user_model.objects.create_user("ann")
    Player.objects.create(name="Zoë Lefèvre-Dubois", user=ann)
    Group.objects.create(name="Friday crew").user_set.add(ann)
    Group.objects.get(name=DIRECTOR_GROUP).delete()
    # ...then is torn down: nothing of it is left, the roles are back with their permissions.
    assert database.back_to_migrated("default")
    assert not Player.objects.exists() and not django_user_model.objects.exists()
    assert roles() == migrated
    assert (ContentType.objects.count(), Permission.objects.count()) == (kinds, permissions)
    assert Group.objects.get(name=DIRECTOR_GROUP).permissions.filter(codename="add_player").exists()


@pytest.mark.django_db(transaction=True)
def test_permissions_a_test_added_or_removed_are_as_migrated_again():
    from django.contrib.auth.models import Permission
    from django.contrib.contenttypes.models import ContentType

    from tests import database

    database.remember("default")   # (done before the first transactional test of a process)
    migrated = roles()
    kinds, permissions = ContentType.objects.count(), Permission.objects.count()
    Permission.objects.create(name="Can deal", codename="deal", content_type=ContentType.objects.first())
    Permission.objects.get(codename="add_player").delete()   # (the director's role loses it)
    assert database.back_to_migrated("default")
    assert (ContentType.objects.count(), Permission.objects.count()) == (kinds, permissions)
    assert roles() == migrated and not Permission.objects.filter(codename="deal").exists()
