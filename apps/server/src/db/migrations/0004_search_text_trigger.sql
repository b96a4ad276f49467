-- resources.search_text: what text search looks in (spec 2), lower-cased, one field per line so that
-- no word can match across two fields. Kept here rather than by the application so that every write
-- path, seeds and bulk loads included, keeps it right.
CREATE FUNCTION resources_search_text(r resources) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(E'\n', r.title, r.subtitle, r.description, r.subject_area,
    array_to_string(r.keywords, E'\n'), array_to_string(r.skills, E'\n'), array_to_string(r.standards, E'\n'),
    (SELECT u.username FROM users u WHERE u.id = r.users_id)))
$$;
--> statement-breakpoint
CREATE FUNCTION resources_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := resources_search_text(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER resources_search_text_trigger BEFORE INSERT OR UPDATE OF title, subtitle, description, subject_area,
  keywords, skills, standards, users_id, search_text ON resources
  FOR EACH ROW EXECUTE FUNCTION resources_set_search_text();
--> statement-breakpoint
-- A creator who changes their username is found by the new one.
CREATE FUNCTION users_refresh_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE resources SET search_text = '' WHERE users_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_search_text_trigger AFTER UPDATE OF username ON users
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION users_refresh_search_text();
--> statement-breakpoint
UPDATE resources SET search_text = '';
