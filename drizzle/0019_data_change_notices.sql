-- Every committed change to the rows a signed-in page shows is announced on the channel
-- "naija_data_changed" (payload: the table's name), by the database itself, whatever wrote it: a
-- model, a job, a restore, SQL typed by hand. The per-session page cache drops what it kept when it
-- hears one (ADR 25, app/page-cache/data-generation.server.ts). PostgreSQL delivers the
-- notification when the transaction commits, never if it rolls back, once per table and
-- transaction. Left out, because they are written on nearly every request and no kept page shows
-- them but as counts that may lag: sessions, verification tokens, daily view counts, rate limits
-- (UNANNOUNCED_TABLES in that module; app/page-cache/data-generation.server.test.ts checks that
-- every other table has both triggers, so a new table must get them in its migration).
CREATE OR REPLACE FUNCTION "naija_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('naija_data_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT tablename FROM pg_tables
    WHERE schemaname = current_schema()
      AND tablename NOT IN ('sessions', 'verifications', 'property_daily_views', 'rate_limits')
  LOOP
    EXECUTE format(
      'CREATE TRIGGER naija_data_changed AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION naija_data_changed()',
      t
    );
    EXECUTE format(
      'CREATE TRIGGER naija_data_truncated AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION naija_data_changed()',
      t
    );
  END LOOP;
END
$$;
