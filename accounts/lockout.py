"""After a successful login, forget that client's failed logins for that same account, and nothing else.

django-axes' own AXES_RESET_ON_SUCCESS deletes every failure matching the address *or* the account: logging
in to one's own account from an address wiped the failures recorded there against other accounts, so an
attacker could guess at a victim's password, log in as themselves, and guess again without ever being locked.
"""

from __future__ import annotations

from axes.utils import reset
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from .ratelimits import client_address


@receiver(user_logged_in, dispatch_uid="accounts.lockout.forget_own_failures")
def forget_own_failures(sender, request, user, **kwargs) -> None:
    """The user's own typos from this address stop counting; failures against other accounts still do."""
    if request is None:  # a login without a request (tests, scripts) has no address to forgive
        return
    address = getattr(request, "axes_ip_address", None) or client_address(request)
    reset(ip=address, username=user.get_username())
