"""URL names reversed once per process: ``reverse_once`` and the ``{% url %}`` tag every template uses.

Django's ``reverse()`` walks the URL patterns and builds and checks a candidate path on every call (10–30 µs),
and a match page reverses sixteen. While a process runs, the same name and arguments always give the same
path, so the answer is kept, keyed on everything ``reverse()`` reads besides them: the URLconf, the script
prefix and the current namespace. A test that swaps the URLconf clears it (``setting_changed``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template import Context, Library, Node
from django.template.base import Parser, Token
from django.template.defaulttags import URLNode
from django.template.defaulttags import url as django_url_tag
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape

register = Library()

KEPT_TYPES = (int, str)  # the arguments whose answer is kept (a pk, a slug, a username)


def reverse_once(
    viewname: str,
    args: Iterable[Any] = (),
    kwargs: Mapping[str, Any] | None = None,
    current_app: str | None = None,
) -> str:
    """``reverse(viewname, args=args, kwargs=kwargs)``, worked out once per process for each key."""
    args, kwargs = tuple(args), tuple(sorted((kwargs or {}).items()))
    if not all(type(value) in KEPT_TYPES for value in (*args, *(v for _, v in kwargs))):
        # Anything else (a model instance, a lazy string, True == 1) would be kept alive by the cache or
        # compare equal to what reverse() writes differently: reversed each time.
        return reverse(viewname, args=args, kwargs=dict(kwargs), current_app=current_app)
    urlconf = get_urlconf() or settings.ROOT_URLCONF
    return _reversed(viewname, args, kwargs, current_app, urlconf, get_script_prefix())


@functools.lru_cache(maxsize=8192)
def _reversed(viewname: str, args: tuple, kwargs: tuple, current_app: str | None, urlconf: str, prefix: str) -> str:
    # `prefix` is only part of the key: reverse() reads the same script prefix itself.
    return reverse(viewname, urlconf=urlconf, args=args, kwargs=dict(kwargs), current_app=current_app)


@receiver(setting_changed)
def _forget_on_new_urlconf(*, setting: str, **_: object) -> None:
    if setting == "ROOT_URLCONF":
        _reversed.cache_clear()


class RememberedURLNode(URLNode):
    """Django's ``{% url %}`` node, reversing through ``reverse_once``."""

    def render(self, context: Context) -> str:
        if self.asvar is not None:
            return super().render(context)  # `{% url … as name %}` swallows a failure: Django's own way
        args = [arg.resolve(context) for arg in self.args]
        kwargs = {k: v.resolve(context) for k, v in self.kwargs.items()}
        url = reverse_once(self.view_name.resolve(context), args, kwargs, _current_app(context))
        return conditional_escape(url) if context.autoescape else url


def _current_app(context: Context) -> str | None:
    # As URLNode.render finds it: the request's current_app, else the namespace it was resolved in.
    request = getattr(context, "request", None)
    if hasattr(request, "current_app"):
        return request.current_app
    return getattr(getattr(request, "resolver_match", None), "namespace", None)


@register.tag
def url(parser: Parser, token: Token) -> Node:
    """``{% url %}`` as Django parses it (a builtin of the template engine, so it replaces Django's)."""
    node = django_url_tag(parser, token)
    return RememberedURLNode(node.view_name, node.args, node.kwargs, node.asvar)
