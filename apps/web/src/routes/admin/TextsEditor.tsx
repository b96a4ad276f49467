import { FLEX_MESSAGE_KEYS, TEXT_MAX_LENGTH } from "@market/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { api } from "../../api/client.ts";
import { RichText } from "../../components/RichText.tsx";
import { Button } from "../../components/ui/index.ts";
import { siteQueries } from "../../state/site-config.ts";
import { errorMessage, useAdminTexts } from "./admin-texts.ts";
import { ALL_TEXT_DEFAULTS as ALL_DEFAULTS } from "./text-areas.ts";

const isFlex = (key: string) => key.startsWith("flex.");

/** One text with its own Save: texts are independent, so one bad edit never holds the others back. */
function TextRow({ textKey, value, stored }: { textKey: string; value: string; stored: boolean }) {
  const a = useAdminTexts();
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(value);
  const [message, setMessage] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (next: string) =>
      api.call("PUT /texts/:key", { params: { key: textKey }, body: { value: next } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(siteQueries.texts.queryKey, (old: Record<string, string> | undefined) => ({
        ...old,
        [saved.key]: saved.value,
      }));
      void queryClient.invalidateQueries({ queryKey: ["admin", "setting-changes"] });
      setMessage(a("common.saved"));
    },
    onError: (error) => setMessage(a("common.failed", { message: errorMessage(error) })),
  });
  const reset = useMutation({
    mutationFn: () => api.call("DELETE /texts/:key", { params: { key: textKey } }),
    onSuccess: () => {
      queryClient.setQueryData(siteQueries.texts.queryKey, (old: Record<string, string> | undefined) => {
        const { [textKey]: _dropped, ...rest } = old ?? {};
        return rest;
      });
      setDraft(ALL_DEFAULTS[textKey] ?? "");
      void queryClient.invalidateQueries({ queryKey: ["admin", "setting-changes"] });
      setMessage(a("admin.texts.wasReset"));
    },
    onError: (error) => setMessage(a("common.failed", { message: errorMessage(error) })),
  });
  const long = draft.length > 80 || isFlex(textKey);
  return (
    <li className="flex flex-col gap-1 border-b border-line py-3">
      <label htmlFor={id} className="font-mono text-sm">
        {textKey}
      </label>
      {long ? (
        <textarea
          id={id}
          rows={2}
          maxLength={TEXT_MAX_LENGTH}
          className="rounded-ui border border-line px-3 py-2"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      ) : (
        <input
          id={id}
          maxLength={TEXT_MAX_LENGTH}
          className="rounded-ui border border-line px-3 py-2"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      )}
      {isFlex(textKey) && draft.trim() !== "" && draft !== "Inactive" ? (
        <p className="rounded-ui bg-wash px-3 py-2 text-sm">
          <RichText text={draft} />
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={save.isPending || draft === value}
          onClick={() => save.mutate(draft)}
        >
          {a("common.save")}
          <span className="sr-only"> {textKey}</span>
        </Button>
        {stored && ALL_DEFAULTS[textKey] !== undefined && value !== ALL_DEFAULTS[textKey] ? (
          <button
            type="button"
            disabled={reset.isPending}
            onClick={() => reset.mutate()}
            className="text-sm underline disabled:opacity-50"
          >
            {a("admin.texts.reset")}
            <span className="sr-only"> {a("admin.texts.resetOf", { key: textKey })}</span>
          </button>
        ) : null}
        {message ? (
          <span role="status" className="text-sm">
            {message}
          </span>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The site's texts and the 25 flex messages of the footer (spec 5: shown only when not empty and not
 * "Inactive"; rich text allows only a and br). Every known key is listed, stored or not.
 */
export function TextsEditor() {
  const a = useAdminTexts();
  const id = useId();
  const texts = useQuery(siteQueries.texts);
  const [filter, setFilter] = useState("");
  const [flexOnly, setFlexOnly] = useState(false);
  const rows = useMemo(() => {
    const merged: Record<string, string> = { ...ALL_DEFAULTS, ...texts.data };
    const needle = filter.trim().toLowerCase();
    const keys = flexOnly
      ? FLEX_MESSAGE_KEYS
      : Object.keys(merged)
          .filter((k) => !isFlex(k))
          .sort();
    return keys
      .map((key) => ({ key, value: merged[key] ?? "", stored: key in (texts.data ?? {}) }))
      .filter(
        ({ key, value }) =>
          !needle || key.toLowerCase().includes(needle) || value.toLowerCase().includes(needle),
      );
  }, [texts.data, filter, flexOnly]);

  if (texts.isPending) return <p aria-busy="true">{a("common.loading")}</p>;
  return (
    <section className="flex flex-col gap-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-xl font-semibold">
        {a("admin.texts.title")}
      </h2>
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-filter`} className="text-sm font-medium">
            {a("admin.texts.find")}
          </label>
          <input
            id={`${id}-filter`}
            type="search"
            className="rounded-ui border border-line px-3 py-2"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        <fieldset className="flex gap-4">
          <legend className="sr-only">{a("admin.texts.which")}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${id}-kind`} checked={!flexOnly} onChange={() => setFlexOnly(false)} />
            {a("admin.texts.site")}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${id}-kind`} checked={flexOnly} onChange={() => setFlexOnly(true)} />
            {a("admin.texts.flex", { count: String(FLEX_MESSAGE_KEYS.length) })}
          </label>
        </fieldset>
      </div>
      {flexOnly ? <p className="text-sm text-muted">{a("admin.texts.flexHint")}</p> : null}
      <ul>
        {rows.map((row) => (
          <TextRow key={row.key} textKey={row.key} value={row.value} stored={row.stored} />
        ))}
      </ul>
    </section>
  );
}
