import {
  HELP_LIMITS,
  type HelpEntry,
  type HelpEntryType,
  helpCreateSchema,
  helpUpdateSchema,
} from "@market/domain";
import { z } from "@market/domain/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { api, fileUrl } from "../../api/client.ts";
import { uploadTo } from "../../api/upload.ts";
import { useDomainForm } from "../../components/ui/form.ts";
import { Button, Checkbox, SelectField, TextAreaField, TextField } from "../../components/ui/index.ts";
import { helpQueries } from "./help-api.ts";
import { useHelpTexts } from "./help-texts.ts";

interface Draft {
  short_title: string;
  long_title: string;
  name: string;
  body: string;
  accent_color: string;
  image_alt_text: string;
  order_index: string;
  is_pro_tip: boolean;
  image_entry_id: string;
  video_entry_id: string;
}

const draftOf = (entry: HelpEntry | undefined): Draft => ({
  short_title: entry?.short_title ?? "",
  long_title: entry?.long_title ?? "",
  name: entry?.name ?? "",
  body: entry?.body ?? "",
  accent_color: entry?.accent_color ?? "#1d4ed8",
  image_alt_text: entry?.image_alt_text ?? "",
  order_index: entry ? String(entry.order_index) : "",
  is_pro_tip: entry?.is_pro_tip ?? false,
  image_entry_id: entry?.image_entry?.id ?? "",
  video_entry_id: entry?.video_entry?.id ?? "",
});

/** The fields a type has: articles relate to pictures and videos and may be pro tips (spec 3). */
function payloadOf(type: HelpEntryType, draft: Draft) {
  return {
    short_title: draft.short_title,
    long_title: draft.long_title,
    ...(draft.name.trim() ? { name: draft.name.trim() } : {}),
    body: draft.body,
    accent_color: draft.accent_color,
    image_alt_text: draft.image_alt_text.trim() || null,
    ...(draft.order_index.trim() ? { order_index: Number(draft.order_index) } : {}),
    ...(type === "article"
      ? {
          is_pro_tip: draft.is_pro_tip,
          image_entry_id: draft.image_entry_id || null,
          video_entry_id: draft.video_entry_id || null,
        }
      : {}),
  };
}

/**
 * The form checked with the schema the server uses for its call: PUT /help/{id} for an entry, POST /help for
 * a new one. The draft becomes that call's body first (empty boxes left out or null), so the schema's own
 * limits and words apply; the output names the call to make.
 */
function entryFormSchema(type: HelpEntryType, entry: HelpEntry | undefined) {
  const draft = z.custom<Draft>();
  if (entry) {
    return draft
      .transform((d): z.input<typeof helpUpdateSchema> => payloadOf(type, d))
      .pipe(helpUpdateSchema)
      .transform((body) => ({ call: "update" as const, id: entry.id, body }));
  }
  return draft
    .transform((d): z.input<typeof helpCreateSchema> => ({ ...payloadOf(type, d), type }))
    .pipe(helpCreateSchema)
    .transform((body) => ({ call: "create" as const, body }));
}

/**
 * An entry's editor (admins): a blank one of a type for new-article, new-image and new-video, or an existing
 * entry. The form is checked with the same domain schemas the server uses; a save the server refuses alerts
 * 'Could not save entry.' (spec 8). Media uploads and removals are silently ignored when they fail (spec 8):
 * the entry is read again, so what shows is what the server holds.
 */
export function HelpEntryEditor({ type, entry }: { type: HelpEntryType; entry?: HelpEntry }) {
  const t = useHelpTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const schema = useMemo(() => entryFormSchema(type, entry), [type, entry]);
  const { register, handleSubmit, watch, formState } = useDomainForm(schema, {
    defaultValues: draftOf(entry),
  });
  const { errors } = formState;
  const [saved, setSaved] = useState(false);
  const related = useQuery({ ...helpQueries.all(), enabled: type === "article" }).data?.entries ?? [];
  // "Entry saved." stands until the next change.
  useEffect(() => {
    const watching = watch(() => setSaved(false));
    return () => watching.unsubscribe();
  }, [watch]);

  const save = handleSubmit(async (checked) => {
    try {
      const { item } =
        checked.call === "update"
          ? await api.call("PUT /help/:id", { params: { id: checked.id }, body: checked.body })
          : await api.call("POST /help", { body: checked.body });
      await queryClient.invalidateQueries({ queryKey: ["help"] });
      queryClient.setQueryData(helpQueries.entry(item.name).queryKey, item);
      setSaved(true);
      if (!entry || item.name !== entry.name) navigate(`/helpbook/${item.name}`, { replace: !entry });
    } catch {
      window.alert(t("editor.saveFailed"));
    }
  });

  const text = (
    field: "short_title" | "long_title" | "name" | "image_alt_text",
    label: Parameters<typeof t>[0],
    extra: { hint?: string; max: number },
  ) => (
    <TextField
      id={`help-${field}`}
      label={t(label)}
      hint={extra.hint}
      maxLength={extra.max}
      error={errors[field]?.message}
      {...register(field)}
    />
  );

  const busy = formState.isSubmitting;
  const body = watch("body") ?? "";
  return (
    <div className="flex flex-col gap-8">
      <form className="flex max-w-2xl flex-col gap-4" onSubmit={save} noValidate>
        {text("short_title", "editor.shortTitle", { max: HELP_LIMITS.shortTitleMax })}
        {text("long_title", "editor.longTitle", { max: HELP_LIMITS.longTitleMax })}
        {text("name", "editor.name", { hint: t("editor.nameHint"), max: HELP_LIMITS.nameMax })}
        {type !== "image" ? (
          <TextAreaField
            id="help-body"
            label={t("editor.body")}
            hint={t("editor.bodyHint")}
            rows={10}
            maxLength={HELP_LIMITS.bodyMax}
            count={{ used: body.length, max: HELP_LIMITS.bodyMax }}
            error={errors.body?.message}
            {...register("body")}
          />
        ) : null}
        {text("image_alt_text", "editor.altText", { max: HELP_LIMITS.altTextMax })}
        <div className="flex flex-wrap gap-4">
          <div>
            <label htmlFor="help-accent" className="block font-medium">
              {t("editor.accent")}
            </label>
            <input
              id="help-accent"
              type="color"
              className="mt-1 h-10 w-16 rounded-ui border border-line"
              {...register("accent_color")}
            />
          </div>
          <TextField
            id="help-order_index"
            className="w-40"
            label={t("editor.orderIndex")}
            type="number"
            min={0}
            max={HELP_LIMITS.orderIndexMax}
            error={errors.order_index?.message}
            {...register("order_index")}
          />
        </div>
        {type === "article" ? (
          <>
            <Checkbox id="help-is_pro_tip" label={t("editor.proTip")} {...register("is_pro_tip")} />
            {(["image", "video"] as const).map((kind) => (
              <SelectField
                key={kind}
                id={`help-${kind}-entry`}
                label={t(kind === "image" ? "editor.imageEntry" : "editor.videoEntry")}
                error={errors[`${kind}_entry_id`]?.message}
                {...register(`${kind}_entry_id`)}
              >
                <option value="">{t("editor.none")}</option>
                {related
                  .filter((e) => e.type === kind)
                  .map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.short_title}
                    </option>
                  ))}
              </SelectField>
            ))}
          </>
        ) : null}
        <div className="flex items-center gap-4">
          <Button variant="primary" type="submit" disabled={busy}>
            {busy ? t("editor.saving") : t("editor.save")}
          </Button>
          {saved ? <p role="status">{t("editor.saved")}</p> : null}
        </div>
      </form>
      {entry ? <MediaSection entry={entry} /> : <p className="text-muted">{t("editor.mediaAfterSave")}</p>}
    </div>
  );
}

/** The entry's picture (any type) and video (video entries): PUT /help/{id}/media with a file or a delete flag. */
function MediaSection({ entry }: { entry: HelpEntry }) {
  const t = useHelpTexts();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);

  async function send(form: FormData) {
    setProgress(0);
    try {
      const { item } = await uploadTo("PUT /help/:id/media", form, {
        params: { id: entry.id },
        onProgress: setProgress,
      });
      queryClient.setQueryData(helpQueries.entry(entry.name).queryKey, item);
    } catch {
      // Silently ignored (spec 8); the server logs it.
    } finally {
      setProgress(null);
      await queryClient.invalidateQueries({ queryKey: ["help"] });
    }
  }
  const upload = (field: "image" | "video") => (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const form = new FormData();
    form.append(field, file);
    void send(form);
  };
  const remove = (flag: "delete_image" | "delete_video") => {
    const form = new FormData();
    form.append(flag, "true");
    void send(form);
  };

  const kinds = entry.type === "video" ? (["image", "video"] as const) : (["image"] as const);
  return (
    <section className="flex max-w-2xl flex-col gap-4" aria-busy={progress !== null}>
      {progress !== null ? (
        <p role="status">{t("editor.uploading", { percent: String(Math.round(progress * 100)) })}</p>
      ) : null}
      {kinds.map((kind) => {
        const name = kind === "image" ? entry.image_name : entry.video_name;
        return (
          <div key={kind} className="flex flex-col gap-2 rounded-ui border border-line p-4">
            <label htmlFor={`help-${kind}-file`} className="font-medium">
              {t(kind === "image" ? "editor.image" : "editor.video")}
            </label>
            {kind === "image" && entry.image_locator ? (
              <img
                src={fileUrl(entry.image_locator)}
                alt={entry.image_alt_text ?? ""}
                className="max-h-48 self-start rounded-ui"
              />
            ) : null}
            {name ? <p className="text-sm">{t("editor.current", { name })}</p> : null}
            <input
              id={`help-${kind}-file`}
              type="file"
              accept={kind === "image" ? "image/jpeg,image/png,image/gif,image/bmp" : "video/mp4,video/webm"}
              aria-describedby={`help-${kind}-hint`}
              disabled={progress !== null}
              onChange={upload(kind)}
            />
            <p id={`help-${kind}-hint`} className="text-sm text-muted">
              {t(kind === "image" ? "editor.imageHint" : "editor.videoHint")}
            </p>
            {name ? (
              <Button
                variant="secondary"
                className="self-start"
                disabled={progress !== null}
                onClick={() => remove(kind === "image" ? "delete_image" : "delete_video")}
              >
                {t(kind === "image" ? "editor.deleteImage" : "editor.deleteVideo")}
              </Button>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
