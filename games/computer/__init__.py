"""Play the computer (issue 32): its system accounts, matches against it, and how it moves.

- ``accounts``: one system account per level ("Computer (normal)"), made by this app's data migration;
- ``matches``: a match against the computer, started at once with its seat filled;
- ``moves``: the computer's move, chosen by the pure search (``games.engines.base.search``) from the side's
  view only and submitted through ``games.services.submit_action`` like a person's;
- ``scheduling`` and ``tasks``: whenever the computer is to move, a Celery task on the ``bots`` queue,
  queued on commit and idempotent by the log's seq;
- ``forms`` and ``views``: the lobby's "Play the computer".

The same moves stand in for a person whose time ran out (timeout policy "computer") or who is on a
vacation they asked the computer to play through; such records carry a ``reason`` saying so.
"""
