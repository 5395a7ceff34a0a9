"""Match.last_activity_at, filled for the matches there are from their logs (ARCHITECTURE §5, /matches/)."""

from django.db import migrations, models
from django.db.models import F, OuterRef, Subquery
from django.db.models.functions import Coalesce


def fill_last_activity(apps, schema_editor) -> None:
    Match = apps.get_model("games", "Match")
    Action = apps.get_model("games", "Action")
    last_record = Action.objects.filter(match=OuterRef("pk")).order_by("-seq").values("created_at")[:1]
    Match.objects.filter(started_at__isnull=False).update(
        last_activity_at=Coalesce(Subquery(last_record), F("started_at"))
    )
    # A cancelled match ends without a record: its cancellation is its last activity.
    Match.objects.filter(status="abandoned", finished_at__isnull=False).update(last_activity_at=F("finished_at"))


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_action_log_length"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="last_activity_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddIndex(
            model_name="match",
            index=models.Index(fields=["-last_activity_at"], name="match_last_activity"),
        ),
        migrations.RunPython(fill_last_activity, migrations.RunPython.noop),
    ]
