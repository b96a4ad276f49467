import {
  type ColorEntry,
  formatFileSize,
  SITE_IMAGE_MAX_BYTES,
  type SiteImage,
  type SiteImageVariationPatch,
  siteImageVariationFieldsSchema,
} from "@market/domain";
import { z } from "@market/domain/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { ApiError, api, fileUrl } from "../../api/client.ts";
import { uploadTo } from "../../api/upload.ts";
import { useDomainForm } from "../../components/ui/form.ts";
import { Button, Checkbox, Field, TextField } from "../../components/ui/index.ts";
import { useColors, useTexts } from "../../state/site-config.ts";
import { errorMessage, useAdminTexts } from "./admin-texts.ts";

/** GET /site-images/all-settings?force=true: the console always reads the images fresh (spec 7). */
const ALL_KEY = ["admin", "site-images"];
const fetchAll = (signal?: AbortSignal) =>
  api.call("GET /site-images/all-settings", {
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

/**
 * What the upload sends: the domain's fields beside the image (alt, colors, current) and the image itself,
 * whose size the server measures against the same limit. The file's checks carry codes that the form words.
 */
const uploadSchema = siteImageVariationFieldsSchema.extend({
  file: z
    .custom<FileList>((files) => (files as FileList | undefined)?.[0] instanceof File, "choose_file")
    .refine((files) => files[0]!.size <= SITE_IMAGE_MAX_BYTES, "too_large"),
});
const ALT_MAX = siteImageVariationFieldsSchema.shape.alt.maxLength ?? undefined;

function UploadForm({ imageKey, onUploaded }: { imageKey: string; onUploaded: (image: SiteImage) => void }) {
  const a = useAdminTexts();
  const id = useId();
  const pool = useColors() ?? [];
  const { register, handleSubmit, watch, setValue, reset, setError, formState } = useDomainForm(
    uploadSchema,
    {
      defaultValues: { alt: "", colors: [], current: true },
    },
  );
  const { errors } = formState;
  const texts = useTexts();
  const fileField = register("file");
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const size = formatFileSize(SITE_IMAGE_MAX_BYTES);

  const submit = handleSubmit(async ({ alt, colors, current, file }) => {
    const form = new FormData();
    form.append("alt", alt);
    form.append("colors", JSON.stringify(colors));
    form.append("current", String(current));
    // The file goes last: the server reads the fields before the image (console.routes.ts).
    form.append("file", file[0]!);
    setProgress(0);
    setMessage(null);
    try {
      const image = await uploadTo("POST /admin/site-images/:key/variations", form, {
        params: { key: imageKey },
        onProgress: setProgress,
      });
      onUploaded(image);
      // The box is emptied first: a reset reads a file box's value back from the page.
      if (fileInput.current) fileInput.current.value = "";
      reset({ alt: "", colors: [], current });
      setMessage(a("admin.siteImages.uploaded"));
    } catch (error) {
      // A field the server refused shows beside that field too; the image's code (too_large,
      // unsupported_type: it reads the bytes, which the form cannot) is worded below.
      for (const [field, code] of Object.entries((error instanceof ApiError && error.fields) || {})) {
        if (field === "file") setError(field, { type: "server", message: code });
        if (field === "alt" || field === "colors") setError(field, { message: texts("field.invalid") });
      }
      setMessage(a("common.failed", { message: errorMessage(error) }));
    } finally {
      setProgress(null);
    }
  });

  const fileProblem = !errors.file
    ? undefined
    : errors.file.message === "too_large"
      ? a("admin.siteImages.tooLarge", { size })
      : errors.file.message === "unsupported_type"
        ? a("admin.siteImages.unsupportedType")
        : a("admin.siteImages.chooseFile");
  // Left empty, the alt text's own words say what it is for; any other problem in the shared words.
  const altProblem =
    errors.alt?.type === "too_small" ? a("admin.siteImages.altRequired") : errors.alt?.message || undefined;
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-ui border border-line p-4"
      aria-label={a("admin.siteImages.upload")}
    >
      <h3 className="font-semibold">{a("admin.siteImages.upload")}</h3>
      <Field id={`${id}-file`} label={a("admin.siteImages.file", { size })} error={fileProblem}>
        {(bindings) => (
          <input
            {...bindings}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/bmp"
            {...fileField}
            ref={(element) => {
              fileField.ref(element);
              fileInput.current = element;
            }}
          />
        )}
      </Field>
      <TextField
        id={`${id}-alt`}
        label={a("admin.siteImages.alt")}
        maxLength={ALT_MAX}
        error={altProblem}
        {...register("alt")}
      />
      <ColorChoice
        pool={pool}
        value={watch("colors") ?? []}
        onChange={(next) => setValue("colors", next, { shouldDirty: true })}
      />
      {errors.colors?.message ? (
        <p className="text-sm font-medium text-danger">{errors.colors.message}</p>
      ) : null}
      <Checkbox id={`${id}-current`} label={a("admin.siteImages.current")} {...register("current")} />
      {progress !== null ? (
        <progress max={1} value={progress} aria-label={a("admin.siteImages.progress")}>
          {Math.round(progress * 100)}%
        </progress>
      ) : null}
      <Button
        variant="primary"
        className="self-start"
        type="submit"
        disabled={progress !== null || formState.isSubmitting}
      >
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
    mutationFn: ({
      key,
      variation,
      patch,
    }: {
      key: string;
      variation: string;
      patch: SiteImageVariationPatch | null;
    }) =>
      patch
        ? api.call("PATCH /admin/site-images/:key/variations/:id", {
            params: { key, id: variation },
            body: patch,
          })
        : api.call("DELETE /admin/site-images/:key/variations/:id", { params: { key, id: variation } }),
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
