from django.shortcuts import render


def home(request):
    """The home page. The matches app fills in matches in play and recent results."""
    return render(request, "club/home.html", {})
