import { type ColorEntry, CSS_COLOR, contrastRatio, textColorFor } from "@market/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api } from "../../api/client.ts";
import { Button } from "../../components/ui/index.ts";
import { siteQueries } from "../../state/site-config.ts";
import { errorMessage, useAdminTexts } from "./admin-texts.ts";

/** The 13-colour pool as tiles: 12 tile colours and the message tile, each with its readable text colour. */
export function ColorPoolPreview({ colors }: { colors: readonly Pick<ColorEntry, "name" | "css">[] }) {
  const a = useAdminTexts();
  return (
    <ul
      className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7"
      aria-label={a("admin.colors.preview")}
    >
      {colors.map((color) => {
        const valid = CSS_COLOR.test(color.css);
        const text = valid ? textColorFor(color.css) : "#111827";
        return (
          <li
            key={color.name}
            className="flex h-24 flex-col justify-between rounded-ui border border-line p-2 text-sm"
            style={{ backgroundColor: valid ? color.css : undefined, color: text }}
          >
            <span className="font-semibold">{color.name}</span>
            <span>
              {color.css}
              {valid ? ` · ${contrastRatio(color.css, text).toFixed(1)}:1` : ""}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The colour pool (spec 3: 13 dark and light variants), edited one colour at a time with PATCH /colors/{name};
 * the preview shows the drafts as they are typed, and a saved colour repaints the whole site at once.
 */
export function ColorsEditor() {
  const a = useAdminTexts();
  const id = useId();
  const queryClient = useQueryClient();
  const colors = useQuery({
    queryKey: ["admin", "colors"],
    queryFn: ({ signal }) => api.get<{ colors: ColorEntry[] }>("/colors", { signal }),
  });
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: ({ name, css }: { name: string; css: string }) =>
      api.patch<{ color: ColorEntry }>(`/colors/${encodeURIComponent(name)}`, { css }),
    onSuccess: ({ color }) => {
      const replace = (list: ColorEntry[] | undefined) =>
        list?.map((c) => (c.name === color.name ? color : c));
      queryClient.setQueryData(siteQueries.colors.queryKey, replace);
      queryClient.setQueryData(["admin", "colors"], (old: { colors: ColorEntry[] } | undefined) =>
        old ? { colors: replace(old.colors) ?? [] } : old,
      );
      setDrafts(({ [color.name]: _saved, ...rest }) => rest);
      setMessage(a("admin.colors.saved", { name: color.name, css: color.css }));
    },
    onError: (error) => setMessage(a("common.failed", { message: errorMessage(error) })),
  });

  if (colors.isPending) return <p aria-busy="true">{a("common.loading")}</p>;
  if (colors.isError) return <p role="alert">{errorMessage(colors.error)}</p>;
  const pool = colors.data.colors.map((c) => ({ ...c, css: drafts[c.name] ?? c.css }));

  return (
    <section className="flex flex-col gap-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-xl font-semibold">
        {a("admin.colors.title")}
      </h2>
      <p className="text-sm text-muted">{a("admin.colors.intro")}</p>
      <ColorPoolPreview colors={pool} />
      {message ? <p role="status">{message}</p> : null}
      <ul className="flex flex-col gap-2">
        {pool.map((color) => {
          const draft = drafts[color.name];
          const valid = CSS_COLOR.test(color.css);
          return (
            <li key={color.name} className="flex flex-wrap items-center gap-3">
              <span className="w-24 font-mono text-sm">{color.name}</span>
              <input
                type="color"
                aria-label={a("admin.colors.picker", { name: color.name })}
                value={valid ? color.css.toLowerCase() : "#000000"}
                onChange={(event) => setDrafts({ ...drafts, [color.name]: event.target.value })}
              />
              <input
                aria-label={a("admin.colors.hex", { name: color.name })}
                className="w-28 rounded-ui border border-line px-2 py-1 font-mono"
                value={color.css}
                maxLength={7}
                onChange={(event) => setDrafts({ ...drafts, [color.name]: event.target.value.trim() })}
              />
              {!valid ? (
                <span role="alert" className="text-sm text-danger">
                  {a("admin.colors.invalid")}
                </span>
              ) : null}
              <Button
                variant="secondary"
                size="sm"
                disabled={draft === undefined || !valid || save.isPending}
                onClick={() => save.mutate({ name: color.name, css: color.css })}
              >
                {a("common.save")}
                <span className="sr-only"> {color.name}</span>
              </Button>
              {draft !== undefined ? (
                <button
                  type="button"
                  onClick={() => setDrafts(({ [color.name]: _undo, ...rest }) => rest)}
                  className="text-sm underline"
                >
                  {a("admin.colors.undo")}
                  <span className="sr-only"> {color.name}</span>
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
