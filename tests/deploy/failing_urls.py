"""The site's pages plus one that fails, to see what a visitor and the organiser get from a 500."""
from django.urls import path

from ginscore.urls import urlpatterns as site


def boom(request):
    raise ZeroDivisionError("a page failed")


urlpatterns = [path("boom/", boom), *site]
