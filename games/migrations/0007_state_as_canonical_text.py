"""Engine states as canonical JSON text (games.fields.StateField), compressed with lz4 on PostgreSQL."""

from django.db import migrations

import games.fields

STATE_COLUMNS = [("games_match", "state"), ("games_snapshot", "state")]


def compress_with_lz4(apps, schema_editor):
    """lz4 costs a move far less than the default pglz; only where the server was built with it (14+)."""
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression'")
        row = cursor.fetchone()
    if row is None or "lz4" not in row[0]:
        return
    quote = connection.ops.quote_name
    for table, column in STATE_COLUMNS:
        schema_editor.execute(f"ALTER TABLE {quote(table)} ALTER COLUMN {quote(column)} SET COMPRESSION lz4")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_takeback_requests"),
    ]

    operations = [
        migrations.AlterField(
            model_name="match",
            name="state",
            field=games.fields.StateField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="snapshot",
            name="state",
            field=games.fields.StateField(),
        ),
        migrations.RunPython(compress_with_lz4, migrations.RunPython.noop),
    ]
