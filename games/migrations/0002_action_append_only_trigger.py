"""The database itself refuses to change or remove log records (PostgreSQL).

Row triggers do not fire on TRUNCATE, which only a test-database flush or an operator uses.
"""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION games_action_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION USING MESSAGE = 'games_action is append-only: ' || TG_OP || ' refused',
        ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS games_action_append_only ON games_action;
CREATE TRIGGER games_action_append_only BEFORE UPDATE OR DELETE ON games_action
    FOR EACH ROW EXECUTE FUNCTION games_action_append_only();
"""

DROP = """
DROP TRIGGER IF EXISTS games_action_append_only ON games_action;
DROP FUNCTION IF EXISTS games_action_append_only();
"""


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP)


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [migrations.RunPython(forwards, backwards)]
