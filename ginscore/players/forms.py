from django import forms


class PlayerSearchForm(forms.Form):
    q = forms.CharField(label="Find a player", required=False, max_length=60,
                        widget=forms.TextInput(attrs={"type": "search", "placeholder": "Name"}))
