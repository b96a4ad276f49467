-- Search on a full-text index (issue 19). search_vector holds the words search finds a resource by, read
-- as the domain's searchTextWords reads them (rules/search.ts; a server test compares the two). The
-- lexemes are made here rather than by a text search parser, whose tokens ("3.nf", "-2", "e-mail" kept
-- whole, split, or both) the domain could not follow exactly. It replaces search_text and its trigram
-- index.
DROP TRIGGER users_search_text_trigger ON users;--> statement-breakpoint
DROP FUNCTION users_refresh_search_text();--> statement-breakpoint
DROP TRIGGER resources_search_text_trigger ON resources;--> statement-breakpoint
DROP FUNCTION resources_set_search_text();--> statement-breakpoint
DROP FUNCTION resources_search_text(resources);--> statement-breakpoint
DROP INDEX "resources_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "resources" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- A text as search reads it (the domain's SEARCH_FOLD_PAIRS and SEARCH_FOLD): accented letters plain,
-- only when the text has any (translate reads its whole table for every letter), then capitals A-Z
-- small (COLLATE "C": the same in every locale, and nothing else changes).
CREATE FUNCTION search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(CASE WHEN octet_length(t) = length(t) THEN t ELSE translate(replace(replace(replace(replace(replace(replace(replace(replace(replace(t, 'Æ', 'ae'), 'æ', 'ae'), 'Œ', 'oe'), 'œ', 'oe'), 'ß', 'ss'), 'Þ', 'th'), 'þ', 'th'), 'Ĳ', 'ij'), 'ĳ', 'ij'),
    'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïðñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĸĹĺĻļĽľĿŀŁłŃńŅņŇňŉŊŋŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſ',
    'aaaaaaceeeeiiiidnoooooouuuuyaaaaaaceeeeiiiidnoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkkllllllllllnnnnnnnnnoooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs') END COLLATE "C")
$$;--> statement-breakpoint
-- The words of every text search looks in (the title, subtitle, description, subject, keywords, skills,
-- standards and the creator's username): the runs of a-z and 0-9, cut to SEARCH_WORD_MAX_LENGTH letters,
-- as the domain's searchTextWords reads them. A word of the title is also kept marked ^, and one of a
-- keyword or skill marked # ("^fractions", "#bingo"): relevance asks the index where a word is, which
-- a tsvector's weights cannot tell it. No positions: nothing searches for phrases.
CREATE FUNCTION resources_search_vector(r resources) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_to_tsvector(array_agg(lexeme)), '')
  FROM (VALUES (search_fold(r.title), '^'), (search_fold(array_to_string(r.keywords || r.skills, ' ')), '#'),
    (search_fold(concat_ws(' ', r.subtitle, r.description, r.subject_area, array_to_string(r.standards, ' '),
      (SELECT u.username FROM users u WHERE u.id = r.users_id))), NULL)) AS f(t, mark),
    regexp_split_to_table(f.t, '[^a-z0-9]+') AS w,
    unnest(ARRAY[left(w, 200), f.mark || left(w, 200)]) AS lexeme
  WHERE w <> '' AND lexeme IS NOT NULL
$$;--> statement-breakpoint
-- Kept here rather than by the application so that every write path, seeds and bulk loads included,
-- keeps it right.
CREATE FUNCTION resources_set_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := resources_search_vector(NEW);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER resources_search_vector_trigger BEFORE INSERT OR UPDATE OF title, subtitle, description, subject_area,
  keywords, skills, standards, users_id, search_vector ON resources
  FOR EACH ROW EXECUTE FUNCTION resources_set_search_vector();--> statement-breakpoint
-- A creator who changes their username is found by the new one.
CREATE FUNCTION users_refresh_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE resources SET search_vector = '' WHERE users_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_search_vector_trigger AFTER UPDATE OF username ON users
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION users_refresh_search_vector();--> statement-breakpoint
-- Every plain word of a search_vector (not the marked copies), for the last word of a query: it is
-- searched for as the listed words it starts (resources/search-sql.ts), which the GIN index finds entry
-- by entry, where a prefix match would read every entry of every word it starts. "C" order makes a
-- prefix a range of the key. Never pruned: a word no resource has any more finds nothing.
CREATE TABLE "search_lexicon" ("word" text COLLATE "C" PRIMARY KEY NOT NULL);--> statement-breakpoint
CREATE FUNCTION search_lexicon_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_lexicon (word)
    SELECT DISTINCT w FROM new_rows, unnest(tsvector_to_array(new_rows.search_vector)) AS w
    WHERE w ~ '^[a-z0-9]'
    ON CONFLICT DO NOTHING;
  ELSE
    -- Most updates (a download counted, a status) leave the words as they were.
    INSERT INTO search_lexicon (word)
    SELECT DISTINCT w FROM new_rows JOIN old_rows USING (id), unnest(tsvector_to_array(new_rows.search_vector)) AS w
    WHERE new_rows.search_vector <> old_rows.search_vector AND w ~ '^[a-z0-9]'
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER resources_search_lexicon_insert AFTER INSERT ON resources REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_add();--> statement-breakpoint
CREATE TRIGGER resources_search_lexicon_update AFTER UPDATE ON resources REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_lexicon_add();--> statement-breakpoint
UPDATE resources SET search_vector = '';--> statement-breakpoint
CREATE INDEX "resources_search_idx" ON "resources" USING gin ("search_vector") WHERE approval_status = 'approved' and status = 'active';
