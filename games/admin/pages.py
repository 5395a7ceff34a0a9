"""The page every moderator action form is shown on (matches and users alike)."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse


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
