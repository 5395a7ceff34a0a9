"""Moderator actions as admin pages: a form with a reason, the service call, the outcome (matches and users)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _

from games.languages import error_text
from games.services import ServiceError


@dataclass(frozen=True)
class ModeratorAction:
    title: str
    form: type[forms.Form]
    # (subject, moderator, cleaned form data) -> a ModerationRecord, or a response to send as it is
    run: Callable[[Any, Any, dict], Any]
    # Whether the subject's page offers it (the service alone decides what is allowed).
    offered: Callable[[Any], bool] = lambda subject: True


def action_page(
    request: HttpRequest, model_admin: admin.ModelAdmin, action: ModeratorAction, subject, form: forms.Form, done: str
) -> HttpResponse:
    """Show ``form``; on a valid POST run the action and go to ``done``, or show the service's refusal."""
    if request.method == "POST" and form.is_valid():
        try:
            outcome = action.run(subject, request.user, form.cleaned_data)
        except ServiceError as exc:
            form.add_error(None, error_text(exc))
        else:
            if isinstance(outcome, HttpResponse):
                return outcome
            messages.success(request, _("{action}: done.").format(action=action.title))
            return redirect(done)
    return form_page(request, model_admin, f"{action.title}: {subject}", form, subject=subject)


def form_page(
    request: HttpRequest, model_admin: admin.ModelAdmin, title: str, form: forms.Form, subject=None
) -> HttpResponse:
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.opts,
        "title": title,
        "form": form,
        "subject": subject,
        "multipart": form.is_multipart(),
    }
    return TemplateResponse(request, "admin/games/moderation_form.html", context, status=400 if form.errors else 200)
