import { COVER_ORDER, checkPreviewCount, UNSELECTED_ORDER, visibleSlotCount } from "@market/domain";
import { type ChangeEvent, useState } from "react";
import { ApiError, api, fileUrl } from "../../api/client.ts";
import type { PublishingPreview } from "../../api/types.ts";
import { uploadWithProgress } from "../../api/upload.ts";
import type { StepProps } from "./ResourceWizard.tsx";

const button =
  "rounded-ui border border-line px-2 py-1 text-xs font-medium hover:bg-wash disabled:opacity-60";

/** Keys for the placeholder slots that make up the spec's minimum of three. */
const EMPTY_SLOT_KEYS = ["empty-1", "empty-2", "empty-3"] as const;

interface Generated {
  name: string;
  locator: string;
  width: number;
  height: number;
}

/**
 * The images step (spec 4): selected previews in order, the first one the cover; hidden ones (order 999)
 * after them; at least three slots shown. Every action (upload, reorder, cover, hide, delete) is saved as
 * it is made, so nothing is lost on leaving. Pages of uploaded PDFs can be picked instead of uploading.
 */
export function ImagesStep({ resource, t, save, refresh }: StepProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(0);
  const [busy, setBusy] = useState(false);
  const [generated, setGenerated] = useState<Generated[] | null>(null);
  const previews = resource.resources_previews_models;
  const selected = previews.filter((p) => p.order_index < UNSELECTED_ORDER);
  const hidden = previews.filter((p) => p.order_index >= UNSELECTED_ORDER);
  const empty = Math.max(0, visibleSlotCount(selected.length) - selected.length - 1);

  const refused = (error: unknown) => {
    const code = error instanceof ApiError ? error.code : "";
    const key = `images.${code}` as "images.too_large";
    const text = t(key);
    setProblem(text === key ? (error instanceof Error ? error.message : String(error)) : text);
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = "";
    setProblem(null);
    for (const file of chosen) {
      setUploading((n) => n + 1);
      const form = new FormData();
      form.append("file", file, file.name);
      try {
        await uploadWithProgress(`/resources/${encodeURIComponent(resource.id)}/previews`, form);
        await refresh();
      } catch (error) {
        refused(error);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const act = async (request: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await request();
      await refresh();
    } catch (error) {
      refused(error);
    }
  };
  const reorder = (preview: PublishingPreview, orderIndex: number) =>
    act(() => api.patch(`/resources/previews/${preview.id}`, { orderIndex }));

  const loadPages = async () => {
    try {
      const answer = await api.get<{ previews: Generated[] }>(
        `/resources/${encodeURIComponent(resource.id)}/previews/generated`,
      );
      setGenerated(answer.previews);
    } catch (error) {
      refused(error);
    }
  };

  const next = async () => {
    const countProblem = checkPreviewCount(selected.length, resource.price);
    if (countProblem === "images_required") {
      setProblem(t("images.images_required"));
      return;
    }
    setBusy(true);
    await save({});
    setBusy(false);
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-prose">{t("images.intro")}</p>
      <ol className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label={t("step.images")}>
        {selected.map((preview, index) => (
          <li key={preview.id} className="flex flex-col gap-2 rounded-ui border border-line p-2">
            <img
              src={fileUrl(preview.locator)}
              alt={t("images.slot", { index: String(index + 1) })}
              width={96}
              height={124}
              className="h-[124px] w-24 self-center object-cover"
            />
            {index === 0 ? (
              <span className="text-center text-xs font-semibold">{t("images.cover")}</span>
            ) : null}
            <div className="flex flex-wrap justify-center gap-1">
              {index > 0 ? (
                <button type="button" className={button} onClick={() => void reorder(preview, COVER_ORDER)}>
                  {t("images.makeCover")}
                </button>
              ) : null}
              {index > 0 ? (
                <button type="button" className={button} onClick={() => void reorder(preview, index - 1)}>
                  {t("images.moveUp")}
                </button>
              ) : null}
              {index < selected.length - 1 ? (
                <button type="button" className={button} onClick={() => void reorder(preview, index + 2)}>
                  {t("images.moveDown")}
                </button>
              ) : null}
              <button
                type="button"
                className={button}
                onClick={() => void reorder(preview, UNSELECTED_ORDER)}
              >
                {t("images.unselect")}
              </button>
              <button
                type="button"
                className={button}
                onClick={() => void act(() => api.delete(`/resources/previews/${preview.id}`))}
              >
                {t("images.delete")}
              </button>
            </div>
          </li>
        ))}
        <li className="flex flex-col items-center justify-center gap-2 rounded-ui border border-dashed border-line p-4">
          <label className={`${button} cursor-pointer text-sm`}>
            {uploading > 0 ? t("wizard.saving") : t("images.add")}
            <input
              type="file"
              accept=".jpg,.jpeg,.png,.bmp,.gif,image/jpeg,image/png,image/bmp,image/gif"
              multiple
              className="sr-only"
              onChange={(e) => void upload(e)}
            />
          </label>
        </li>
        {EMPTY_SLOT_KEYS.slice(0, empty).map((key) => (
          <li
            key={key}
            className="flex h-40 items-center justify-center rounded-ui border border-dashed border-line text-sm text-muted"
          >
            {t("images.empty")}
          </li>
        ))}
      </ol>
      {hidden.length > 0 ? (
        <section className="flex flex-col gap-2">
          <h3 className="font-semibold">{t("images.hidden")}</h3>
          <ul className="flex flex-wrap gap-3">
            {hidden.map((preview) => (
              <li key={preview.id} className="flex flex-col items-center gap-1">
                <img
                  src={fileUrl(preview.locator)}
                  alt=""
                  width={48}
                  height={62}
                  className="h-[62px] w-12 object-cover opacity-60"
                />
                <button
                  type="button"
                  className={button}
                  onClick={() => void reorder(preview, selected.length)}
                >
                  {t("images.select")}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="flex flex-col gap-2">
        <h3 className="font-semibold">{t("images.fromFiles")}</h3>
        {generated === null ? (
          <button type="button" className={`${button} self-start text-sm`} onClick={() => void loadPages()}>
            {t("images.loadPages")}
          </button>
        ) : (
          <ul className="flex flex-wrap gap-3">
            {generated.map((page, index) => (
              <li key={page.name} className="flex flex-col items-center gap-1">
                <img
                  src={fileUrl(page.locator)}
                  alt=""
                  width={96}
                  height={124}
                  className="h-[124px] w-24 object-cover"
                />
                <button
                  type="button"
                  className={button}
                  onClick={() =>
                    void act(() =>
                      api.post(`/resources/${encodeURIComponent(resource.id)}/previews`, {
                        generatedPreviewName: page.name,
                      }),
                    )
                  }
                >
                  {t("images.usePage", { index: String(index + 1) })}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {problem ? (
        <p role="alert" className="font-medium text-danger">
          {problem}
        </p>
      ) : null}
      <button
        type="button"
        disabled={busy || uploading > 0}
        onClick={() => void next()}
        className="self-start rounded-ui bg-accent px-4 py-2 font-medium text-accent-text disabled:opacity-60"
      >
        {busy ? t("wizard.saving") : t("wizard.next")}
      </button>
    </div>
  );
}
