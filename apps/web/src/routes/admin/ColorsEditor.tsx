import { type ColorEntry, CSS_COLOR, contrastRatio, LIGHT_TEXT, textColorFor } from "@market/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { api } from "../../api/client.ts";
import { Button, Input } from "../../components/ui/index.ts";
import { siteQueries } from "../../state/site-config.ts";
import { type AdminTexts, errorMessage, useAdminTexts } from "./admin-texts.ts";
import { type ColorUse, colorUses, tileNumber } from "./color-uses.ts";

/** Text on the page's white needs 4.5:1 (WCAG AA) to be read. */
const READABLE_ON_WHITE = 4.5;

/** A pool colour's name in words: "Tile colour 1", "Message colour". */
export function colorName(a: AdminTexts, name: string): string {
  const n = tileNumber(name);
  return n === null ? a("admin.colors.messageName") : a("admin.colors.tileName", { n: String(n) });
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

/** "Used for: buttons that do the main thing …, resource tiles in grids (the 1st, 13th, 25th and so on), …" */
export function describeUses(a: AdminTexts, name: string): string {
  const words = colorUses(name).map(({ use, subject, position }) => {
    if (use === "tiles" && position) {
      return a("admin.colors.use.tiles", {
        places: [position, position + 12, position + 24].map(ordinal).join(", "),
      });
    }
    if (use === "subject") return a("admin.colors.use.subject", { subject: subject ?? "" });
    return a(`admin.colors.use.${use}`);
  });
  return a("admin.colors.usedFor", { uses: words.join("; ") });
}

/** The 13-colour pool as tiles: 12 tile colours and the message colour, each with its readable text colour. */
export function ColorPoolPreview({ colors }: { colors: readonly Pick<ColorEntry, "name" | "css">[] }) {
  const a = useAdminTexts();
  return (
    <ul
      className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-7"
      aria-label={a("admin.colors.preview")}
    >
      {colors.map((color) => {
        const valid = CSS_COLOR.test(color.css);
        const text = valid ? textColorFor(color.css) : "#111827";
        return (
          <li
            key={color.name}
            className="flex h-20 flex-col justify-between rounded-ui border border-line p-2 text-xs sm:h-24 sm:text-sm"
            style={{ backgroundColor: valid ? color.css : undefined, color: text }}
          >
            <span className="font-semibold">{colorName(a, color.name)}</span>
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

/** A sample drawn in the colour being edited, with what it stands for under it. */
function Sample({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <span className="flex flex-col items-start gap-1">
      {children}
      <span className="text-xs text-muted">{caption}</span>
    </span>
  );
}

/** The samples of one use of a colour, drawn in the colour being edited. */
function UseSamples({
  a,
  use,
  css,
  subject,
}: {
  a: AdminTexts;
  use: ColorUse;
  css: string;
  subject?: string;
}) {
  const fill = { backgroundColor: css, color: textColorFor(css) };
  const button = "inline-flex min-h-9 items-center rounded-ui px-3 text-sm font-semibold";
  const tile = "flex h-20 w-32 flex-col justify-end rounded-card p-2 text-xs";
  switch (use) {
    case "accent":
      return (
        <>
          <Sample caption={a("admin.colors.caption.button")}>
            <span className={button} style={fill}>
              {a("admin.colors.sample.button")}
            </span>
          </Sample>
          <Sample caption={a("admin.colors.caption.link")}>
            <span className="min-h-9 content-center text-sm font-medium underline" style={{ color: css }}>
              {a("admin.colors.sample.link")}
            </span>
          </Sample>
        </>
      );
    case "danger":
      return (
        <>
          <Sample caption={a("admin.colors.caption.error")}>
            <span className="min-h-9 content-center text-sm font-medium" style={{ color: css }}>
              {a("admin.colors.sample.error")}
            </span>
          </Sample>
          <Sample caption={a("admin.colors.caption.delete")}>
            <span className={button} style={fill}>
              {a("admin.colors.sample.delete")}
            </span>
          </Sample>
        </>
      );
    case "messageTile":
      return (
        <Sample caption={a("admin.colors.caption.invitation")}>
          <span className={`${tile} font-bold`} style={fill}>
            {a("admin.colors.sample.invitation")}
          </span>
        </Sample>
      );
    case "notices":
      return (
        <Sample caption={a("admin.colors.caption.notice")}>
          <span className="rounded-full px-2 py-0.5 text-xs font-semibold" style={fill}>
            {a("admin.colors.sample.notice")}
          </span>
        </Sample>
      );
    case "tiles":
      return (
        <Sample caption={a("admin.colors.caption.tile")}>
          <span className={tile} style={fill}>
            <span className="font-bold">{a("admin.colors.sample.tileTitle")}</span>
            <span>{a("admin.colors.sample.tileFacts")}</span>
          </span>
        </Sample>
      );
    case "subject":
      return (
        <Sample caption={a("admin.colors.caption.subject")}>
          <span className="rounded-ui px-3 py-2 text-sm font-semibold" style={fill}>
            {subject}
          </span>
        </Sample>
      );
    case "signUpPanel":
      return (
        <Sample caption={a("admin.colors.caption.signUp")}>
          <span
            aria-hidden="true"
            className="block h-20 w-20 rounded-card"
            style={{
              backgroundColor: "var(--color-wash)",
              backgroundImage: `radial-gradient(circle at 40% 45%, ${css} 0 30%, transparent 31%)`,
            }}
          />
        </Sample>
      );
  }
}

/** What saving the colour would repaint, drawn in it, with a warning when text in it would be hard to read. */
function UsePreview({ a, name, css }: { a: AdminTexts; name: string; css: string }) {
  const uses = colorUses(name);
  const textUse = uses.some((u) => u.use === "accent" || u.use === "danger");
  const onWhite = contrastRatio(css, LIGHT_TEXT);
  const captionId = useId();
  return (
    <figure className="flex flex-col gap-2 rounded-ui bg-wash p-3" aria-labelledby={captionId}>
      <figcaption id={captionId} className="text-sm font-medium">
        {a("admin.colors.previewOf", { name: colorName(a, name), css })}
      </figcaption>
      <div className="flex flex-wrap items-end gap-4">
        {uses.map((u) => (
          <UseSamples key={`${u.use}-${u.subject ?? ""}`} a={a} use={u.use} css={css} subject={u.subject} />
        ))}
      </div>
      {textUse && onWhite < READABLE_ON_WHITE ? (
        <p className="text-sm font-medium">{a("admin.colors.tooLight", { ratio: onWhite.toFixed(1) })}</p>
      ) : null}
    </figure>
  );
}

/**
 * The colour pool (spec 3: 13 dark and light variants), edited one colour at a time: each says what it is
 * used for, and a colour being changed shows samples of what it will repaint before it is saved. Saved with
 * PATCH /colors/{name} and the edited entry as GET /colors gave it (spec 7); a saved colour repaints the whole
 * site at once and goes into the change log.
 */
export function ColorsEditor() {
  const a = useAdminTexts();
  const id = useId();
  const queryClient = useQueryClient();
  const colors = useQuery({
    queryKey: ["admin", "colors"],
    queryFn: ({ signal }) => api.call("GET /colors", { signal }),
  });
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (entry: ColorEntry) =>
      api.call("PATCH /colors/:name", { params: { name: entry.name }, body: entry }),
    onSuccess: ({ color }) => {
      const replace = (list: ColorEntry[] | undefined) =>
        list?.map((c) => (c.name === color.name ? color : c));
      queryClient.setQueryData(siteQueries.colors.queryKey, replace);
      queryClient.setQueryData(["admin", "colors"], (old: { colors: ColorEntry[] } | undefined) =>
        old ? { colors: replace(old.colors) ?? [] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ["admin", "setting-changes"] });
      setDrafts(({ [color.name]: _saved, ...rest }) => rest);
      setMessage(a("admin.colors.saved", { name: colorName(a, color.name), css: color.css }));
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
      <ul className="flex flex-col gap-3">
        {pool.map((color) => {
          const draft = drafts[color.name];
          const valid = CSS_COLOR.test(color.css);
          const label = colorName(a, color.name);
          const usesId = `${id}-${color.name}-uses`;
          return (
            <li key={color.name} className="flex flex-col gap-2 rounded-card border border-line p-3">
              <div className="flex flex-wrap items-center gap-3">
                <span className="w-32 font-semibold">{label}</span>
                <input
                  type="color"
                  aria-label={a("admin.colors.picker", { name: label })}
                  aria-describedby={usesId}
                  className="h-9 w-12 cursor-pointer rounded-ui border border-line bg-paper"
                  value={valid ? color.css.toLowerCase() : "#000000"}
                  onChange={(event) => setDrafts({ ...drafts, [color.name]: event.target.value })}
                />
                <div className="w-28">
                  <Input
                    aria-label={a("admin.colors.hex", { name: label })}
                    aria-describedby={usesId}
                    aria-invalid={valid ? undefined : true}
                    className="font-mono"
                    value={color.css}
                    maxLength={7}
                    onChange={(event) => setDrafts({ ...drafts, [color.name]: event.target.value.trim() })}
                  />
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={draft === undefined || !valid || save.isPending}
                  onClick={() => save.mutate(color)}
                >
                  {a("common.save")}
                  <span className="sr-only"> {label}</span>
                </Button>
                {draft !== undefined ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setDrafts(({ [color.name]: _undo, ...rest }) => rest)}
                  >
                    {a("admin.colors.undo")}
                    <span className="sr-only"> {label}</span>
                  </Button>
                ) : null}
                {!valid ? (
                  <span role="alert" className="text-sm font-medium text-danger">
                    {a("admin.colors.invalid")}
                  </span>
                ) : null}
              </div>
              <p id={usesId} className="text-sm text-muted">
                {describeUses(a, color.name)}
              </p>
              {draft !== undefined && valid ? <UsePreview a={a} name={color.name} css={color.css} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
