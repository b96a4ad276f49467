import { type ColorEntry, formatFileSize, SITE_IMAGE_MAX_BYTES, type SiteImage } from "@market/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { api, fileUrl } from "../../api/client.ts";
import { uploadWithProgress } from "../../api/upload.ts";
import { Button } from "../../components/ui/index.ts";
import { useColors } from "../../state/site-config.ts";
import { errorMessage, useAdminTexts } from "./admin-texts.ts";

interface AllSiteImages {
  allSiteImages: SiteImage[];
  siteKeys: string[];
}

/** GET /site-images/all-settings?force=true: the console always reads the images fresh (spec 7). */
const ALL_KEY = ["admin", "site-images"];
const fetchAll = (signal?: AbortSignal) =>
  api.get<AllSiteImages>("/site-images/all-settings", {
    query: { force: "true" },
    ...(signal ? { signal } : {}),
  });

/** Which pool colours go with an image, and the colour for each (defaults to the pool's own). */
function ColorChoice({
  pool,
  value,
  onChange,
}: {
  pool: readonly ColorEntry[];
  value: { css_var_name: string; color_hex: string }[];
  onChange: (next: { css_var_name: string; color_hex: string }[]) => void;
}) {
  const a = useAdminTexts();
  const chosen = new Map(value.map((c) => [c.css_var_name, c.color_hex]));
  return (
    <fieldset className="flex flex-wrap gap-3">
      <legend className="mb-1 text-sm font-medium">{a("admin.siteImages.colors")}</legend>
      {pool.map((color) => {
        const hex = chosen.get(color.cssVarName);
        return (
          <span key={color.cssVarName} className="flex items-center gap-1">
            <label className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                checked={hex !== undefined}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...value, { css_var_name: color.cssVarName, color_hex: color.css }]
                      : value.filter((c) => c.css_var_name !== color.cssVarName),
                  )
                }
              />
              {color.name}
            </label>
            {hex !== undefined ? (
              <input
                type="color"
                aria-label={a("admin.siteImages.colorWith", { name: color.name })}
                value={hex}
                onChange={(event) =>
                  onChange(
                    value.map((c) =>
                      c.css_var_name === color.cssVarName ? { ...c, color_hex: event.target.value } : c,
                    ),
                  )
                }
              />
            ) : null}
          </span>
        );
      })}
    </fieldset>
  );
}

function UploadForm({ imageKey, onUploaded }: { imageKey: string; onUploaded: (image: SiteImage) => void }) {
  const a = useAdminTexts();
  const id = useId();
  const pool = useColors() ?? [];
  const fileRef = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState("");
  const [colors, setColors] = useState<{ css_var_name: string; color_hex: string }[]>([]);
  const [current, setCurrent] = useState(true);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) return setMessage(a("admin.siteImages.chooseFile"));
    if (file.size > SITE_IMAGE_MAX_BYTES)
      return setMessage(a("admin.siteImages.tooLarge", { size: formatFileSize(SITE_IMAGE_MAX_BYTES) }));
    if (!alt.trim()) return setMessage(a("admin.siteImages.altRequired"));
    const form = new FormData();
    form.append("alt", alt.trim());
    form.append("colors", JSON.stringify(colors));
    form.append("current", String(current));
    // The file goes last: the server reads the fields before the image (console.routes.ts).
    form.append("file", file);
    setProgress(0);
    setMessage(null);
    try {
      const image = await uploadWithProgress<SiteImage>(
        `/admin/site-images/${encodeURIComponent(imageKey)}/variations`,
        form,
        {
          onProgress: setProgress,
        },
      );
      onUploaded(image);
      setAlt("");
      setColors([]);
      if (fileRef.current) fileRef.current.value = "";
      setMessage(a("admin.siteImages.uploaded"));
    } catch (error) {
      setMessage(a("common.failed", { message: errorMessage(error) }));
    } finally {
      setProgress(null);
    }
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-ui border border-line p-4"
      aria-label={a("admin.siteImages.upload")}
    >
      <h3 className="font-semibold">{a("admin.siteImages.upload")}</h3>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-file`} className="text-sm font-medium">
          {a("admin.siteImages.file", { size: formatFileSize(SITE_IMAGE_MAX_BYTES) })}
        </label>
        <input
          id={`${id}-file`}
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/bmp"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-alt`} className="text-sm font-medium">
          {a("admin.siteImages.alt")}
        </label>
        <input
          id={`${id}-alt`}
          maxLength={200}
          className="rounded-ui border border-line px-3 py-2"
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
        />
      </div>
      <ColorChoice pool={pool} value={colors} onChange={setColors} />
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={current} onChange={(event) => setCurrent(event.target.checked)} />
        {a("admin.siteImages.current")}
      </label>
      {progress !== null ? (
        <progress max={1} value={progress} aria-label={a("admin.siteImages.progress")}>
          {Math.round(progress * 100)}%
        </progress>
      ) : null}
      <Button variant="primary" className="self-start" type="submit" disabled={progress !== null}>
        {a("admin.siteImages.uploadButton")}
      </Button>
      {message ? <p role="status">{message}</p> : null}
    </form>
  );
}

/**
 * Site images per page key (spec 3: title, variation, variations, image_field_names): each page's variations
 * with alt text and colours, which one the page shows, uploads and removals. Read with force=true after a change.
 */
export function SiteImagesEditor() {
  const a = useAdminTexts();
  const id = useId();
  const queryClient = useQueryClient();
  const all = useQuery({ queryKey: ALL_KEY, queryFn: ({ signal }) => fetchAll(signal) });
  const [selected, setSelected] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const refreshed = async (image: SiteImage) => {
    queryClient.setQueryData(["site", "site-images", image.key], image);
    await queryClient.fetchQuery({ queryKey: ALL_KEY, queryFn: () => fetchAll(), staleTime: 0 });
  };
  const change = useMutation({
    mutationFn: ({ key, variation, patch }: { key: string; variation: string; patch: object | null }) =>
      patch
        ? api.patch<SiteImage>(`/admin/site-images/${key}/variations/${variation}`, patch)
        : api.delete<SiteImage>(`/admin/site-images/${key}/variations/${variation}`),
    onSuccess: async (image) => {
      await refreshed(image);
      setMessage(a("common.saved"));
    },
    onError: (error) => setMessage(a("common.failed", { message: errorMessage(error) })),
  });

  if (all.isPending) return <p aria-busy="true">{a("common.loading")}</p>;
  if (all.isError) return <p role="alert">{errorMessage(all.error)}</p>;
  const key = selected ?? all.data.allSiteImages[0]?.key ?? null;
  const image = all.data.allSiteImages.find((i) => i.key === key);

  return (
    <section className="flex flex-col gap-4" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-xl font-semibold">
        {a("admin.siteImages.title")}
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-key`} className="text-sm font-medium">
          {a("admin.siteImages.page")}
        </label>
        <select
          id={`${id}-key`}
          className="self-start rounded-ui border border-line px-3 py-2"
          value={key ?? ""}
          onChange={(event) => {
            setSelected(event.target.value);
            setMessage(null);
          }}
        >
          {all.data.allSiteImages.map((i) => (
            <option key={i.key} value={i.key}>
              {i.key} · {i.title}
            </option>
          ))}
        </select>
      </div>
      {message ? <p role="status">{message}</p> : null}
      {image ? (
        <>
          <ul
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            aria-label={a("admin.siteImages.variations", { key: image.key })}
          >
            {image.variations.map((v) => {
              const isCurrent = image.variation?.id === v.id;
              return (
                <li key={v.id} className="flex flex-col gap-2 rounded-ui border border-line p-3">
                  <img
                    src={fileUrl(v.image_locator)}
                    alt={v.alt}
                    className="h-32 w-full rounded-ui object-cover"
                  />
                  <p className="text-sm">{v.alt}</p>
                  <p className="flex gap-1">
                    <span className="sr-only">{a("admin.siteImages.colorsOf")}</span>
                    {v.colors.map((c) => (
                      <span
                        key={c.css_var_name}
                        title={`${c.css_var_name} ${c.color_hex}`}
                        className="inline-block h-5 w-5 rounded-ui border border-line"
                        style={{ backgroundColor: c.color_hex }}
                      >
                        <span className="sr-only">
                          {c.css_var_name} {c.color_hex}
                        </span>
                      </span>
                    ))}
                  </p>
                  {isCurrent ? (
                    <p className="text-sm font-semibold">{a("admin.siteImages.shown")}</p>
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      className="self-start"
                      disabled={change.isPending}
                      onClick={() =>
                        change.mutate({ key: image.key, variation: v.id, patch: { current: true } })
                      }
                    >
                      {a("admin.siteImages.show")}
                    </Button>
                  )}
                  <button
                    type="button"
                    disabled={change.isPending || image.variations.length <= 1}
                    className="self-start text-sm underline disabled:opacity-50"
                    onClick={() => {
                      if (window.confirm(a("admin.siteImages.confirmRemove", { alt: v.alt, key: image.key })))
                        change.mutate({ key: image.key, variation: v.id, patch: null });
                    }}
                  >
                    {a("admin.siteImages.remove")}
                  </button>
                </li>
              );
            })}
          </ul>
          <UploadForm key={image.key} imageKey={image.key} onUploaded={(img) => void refreshed(img)} />
        </>
      ) : (
        <p>{a("admin.siteImages.none")}</p>
      )}
    </section>
  );
}
