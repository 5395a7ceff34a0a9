"""The moderators' permissions and the Moderators group holding exactly them.

Moderators read matches, seats, the log and the audit trail, read users, and act only through the
moderation services (the two custom permissions). They change no row directly.
"""

from django.db import migrations

GROUP = "Moderators"
PERMISSIONS = [
    ("auth", "view_user"),
    ("games", "view_match"),
    ("games", "view_seat"),
    ("games", "view_action"),
    ("games", "view_moderationrecord"),
    ("games", "moderate_match"),
    ("games", "moderate_user"),
]


def create_group(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    # Permissions are normally created after all migrations (post_migrate); the group needs them now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP)
    permissions = [
        Permission.objects.get(content_type__app_label=app, codename=codename) for app, codename in PERMISSIONS
    ]
    group.permissions.set(permissions)


def delete_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("games", "0002_action_append_only_trigger"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="moderationrecord",
            options={
                "ordering": ["-created_at"],
                "permissions": [
                    ("moderate_match", "Can take moderator actions on matches"),
                    ("moderate_user", "Can ban, unban and set vacation allowances"),
                ],
            },
        ),
        migrations.RunPython(create_group, delete_group),
    ]
