"""Sign-up and profile forms."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from notifications.outgoing import UnsafeURL, check_url

from .models import Profile
from .time_zone import zone_choices
from .validators import no_control_characters, single_script
from .widgets import ZoneSelect


class SignupForm(UserCreationForm):
    email = forms.EmailField(label=_("Email address"), help_text=_("We send a link to this address to verify it."))

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_username(self):
        username = super().clean_username()
        try:
            single_script(username)
            no_control_characters(username)
        except ValidationError as exc:
            raise forms.ValidationError(exc.messages) from None
        return username

    def clean_email(self):
        email = self.cleaned_data["email"].strip()
        if get_user_model().objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(_("An account with this email address already exists."))
        return email


class ProfileForm(forms.ModelForm):
    timezone = forms.ChoiceField(
        label=_("Time zone"), help_text=_("Deadlines and times are shown in this time zone."), widget=ZoneSelect
    )
    webhook_url = forms.URLField(
        required=False,
        assume_scheme="https",
        label=_("Webhook URL (optional: we POST your turn notices there)"),
        help_text=_("https:// to a public server, e.g. a Discord or Slack incoming webhook."),
    )

    class Meta:
        model = Profile
        fields = ("display_name", "language", "timezone", "notify_mode", "reminder_lead_hours", "webhook_url")
        labels = {
            "display_name": _("Display name"),
            "notify_mode": _("Email me about my turns"),
            "reminder_lead_hours": _("Remind me this many hours before a deadline"),
        }
        help_texts = {
            # notifications.presence: a turn notice waits while its player watches the match.
            "notify_mode": _(
                "While a match is open in front of you, your turn there is neither mailed nor pushed to you. "
                "Leave the page without moving and the mail follows within two minutes."
            ),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = [("", _("As my browser asks")), *settings.LANGUAGES]
        choices = list(zone_choices("ru" if get_language() == "ru" else "en"))
        saved = self.instance.timezone
        if saved and saved not in {zone for _country, cities in choices[1:] for zone, _city in cities} | {"UTC"}:
            choices.insert(1, (saved, saved))  # a zone saved before, now an alias: kept as it is
        self.fields["timezone"].choices = choices

    def clean_webhook_url(self) -> str:
        url = self.cleaned_data["webhook_url"]
        if url:
            try:
                check_url(url)
            except UnsafeURL as exc:
                raise forms.ValidationError(str(exc)) from None
        return url
