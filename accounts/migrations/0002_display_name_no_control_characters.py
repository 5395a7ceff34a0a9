"""Display names may hold no control characters; those already saved lose theirs (mail to them failed)."""

from django.db import migrations, models

import accounts.validators


def clean_saved_names(apps, schema_editor):
    Profile = apps.get_model("accounts", "Profile")
    for profile in Profile.objects.exclude(display_name="").only("pk", "display_name").iterator():
        cleaned = accounts.validators.without_control_characters(profile.display_name)
        if cleaned != profile.display_name:
            Profile.objects.filter(pk=profile.pk).update(display_name=cleaned)


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
    ]

    operations = [
        migrations.AlterField(
            model_name="profile",
            name="display_name",
            field=models.CharField(blank=True, max_length=60, validators=[accounts.validators.no_control_characters]),
        ),
        migrations.RunPython(clean_saved_names, migrations.RunPython.noop),
    ]
