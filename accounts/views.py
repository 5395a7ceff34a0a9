"""Sign up (with email verification), the profile page and the vacation switch.

Log in/out and password reset are Django's own views (accounts/urls.py)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import PasswordResetView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views import i18n
from django.views.decorators.http import require_POST
from django_ratelimit.decorators import ratelimit

from . import vacation
from .forms import ProfileForm, SignupForm
from .language import supported
from .ratelimits import posted_email, rate
from .verification import send_verification_email, user_for_token


@ratelimit(group="signup", key="ip", rate=rate, method="POST")
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save(commit=False)
        user.is_active = False  # until the address is verified
        user.save()
        # The language they signed up in is the one their mail is written in, until they choose another.
        user.profile.language = supported(translation.get_language()) or ""
        user.profile.save(update_fields=["language"])
        send_verification_email(request, user)
        return render(request, "accounts/signup_sent.html", {"email": user.email})
    return render(request, "accounts/signup.html", {"form": form}, status=400 if form.errors else 200)


def verify_email(request: HttpRequest, token: str) -> HttpResponse:
    user = user_for_token(token)
    if user is None:
        return render(request, "accounts/verify_failed.html", status=400)
    user.is_active = True
    user.save(update_fields=["is_active"])
    user.profile.email_verified = True
    user.profile.save(update_fields=["email_verified"])
    login(request, user, backend="accounts.backends.AccountBackend")
    messages.success(request, _("Your email address is verified. Welcome!"))
    return redirect("profile")


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    profile = request.user.profile
    form = ProfileForm(request.POST or None, instance=profile)
    if request.method == "POST" and form.is_valid():
        form.save()
        if profile.language:  # a new language choice reads from this message on
            translation.activate(profile.language)
        messages.success(request, _("Profile saved."))
        return redirect("profile")
    now = timezone.now()
    return render(
        request,
        "accounts/profile.html",
        {
            "form": form,
            "profile": profile,
            "vacation_days_left": round(vacation.vacation_remaining(profile, now).total_seconds() / 86_400, 1),
            # Web Push (notifications.push): this user's browsers, and the key a new one subscribes under.
            "push_subscriptions": list(request.user.push_subscriptions.all()),
            "push_key": settings.VAPID_PUBLIC_KEY,
        },
        status=400 if form.errors else 200,
    )


@login_required
@require_POST
def vacation_switch(request: HttpRequest) -> HttpResponse:
    now = timezone.now()
    try:
        if request.POST.get("vacation") == "start":
            computer_moves = request.POST.get("computer_moves") == "1"
            vacation.start_vacation(request.user, now, computer_moves=computer_moves)
            if computer_moves:
                messages.success(request, _("You are on vacation: the computer plays your turns until you are back."))
            else:
                messages.success(request, _("You are on vacation: your clocks stand still."))
        else:
            vacation.end_vacation(request.user, now)
            messages.success(request, _("Welcome back: your clocks run again."))
    except vacation.VacationError as exc:
        messages.error(request, exc.message)
    return redirect("profile")


def set_language(request: HttpRequest) -> HttpResponse:
    """Django's ``set_language`` (it sets the cookie and redirects), given only the site's languages: Django
    would store any code it has a catalogue for ("de", "ru-RU"); here "ru-RU" is stored as "ru" and "de"
    changes nothing. A signed-in player's choice is also saved on their profile, so their mail and every
    device follow it."""
    language = supported(request.POST.get("language")) if request.method == "POST" else None
    if request.method == "POST":
        request.POST = request.POST.copy()
        request.POST["language"] = language or ""
    response = i18n.set_language(request)
    if language and request.user.is_authenticated:
        profile = request.user.profile
        if profile.language != language:
            profile.language = language
            profile.save(update_fields=["language"])
    return response


# Per address, and per address asked for (a mailbox must not be flooded with reset links from many places).
password_reset = ratelimit(group="password-reset", key="ip", rate=rate, method="POST")(
    ratelimit(group="password-reset-email", key=posted_email, rate=rate, method="POST")(PasswordResetView.as_view())
)
