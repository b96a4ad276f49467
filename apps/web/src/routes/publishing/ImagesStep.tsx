import {
  checkPreviewCount,
  checkPreviewImage,
  type GeneratedPreview,
  makeCover,
  moveSlot,
  toggleSelection,
  UNSELECTED_ORDER,
  visibleSlotCount,
} from "@market/domain";
import { type ChangeEvent, useMemo, useState } from "react";
import { ApiError, api, fileUrl } from "../../api/client.ts";
import { uploadTo } from "../../api/upload.ts";
import { Button, buttonClass } from "../../components/ui/index.ts";
import { WizardProblem } from "../../components/wizard/WizardProblem.tsx";
import { type ImageSlot, planImageSave, type SaveOperation, slotsFromPreviews } from "./image-slots.ts";
import { useWizardDraft } from "./wizard-drafts.ts";
import type { StepProps } from "./wizard-step.ts";

/** Keys for the placeholder slots that make up the spec's minimum of three. */
const EMPTY_SLOT_KEYS = ["empty-1", "empty-2", "empty-3"] as const;

/** Keys of slots made here; started from the clock so they never repeat those of a draft kept over a reload. */
let localKeys = Date.now();

/** The step's pending work: kept while the creator visits other steps (wizard-drafts.ts). */
interface ImagesDraft {
  slots: ImageSlot[];
  deleted: string[];
  generated: GeneratedPreview[] | null;
  /** The files the pages were rendered from: after a change on the files step they are asked for again. */
  generatedFrom: string;
}

/**
 * What of the draft survives a reload: pages picked from the files, orders, hidden and deleted previews,
 * and the rendered pages. Pictures chosen from the computer live only in this page's memory.
 */
const persistableDraft = (draft: ImagesDraft): ImagesDraft => ({
  ...draft,
  slots: draft.slots.filter((slot) => !slot.file),
});

/** The picture's own size, read by the browser, so a too-small image is refused before it is sent. */
async function dimensionsOf(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== "function") return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

const FORMAT_OF: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/bmp": "bmp",
  "image/gif": "gif",
};

/**
 * The images step (spec 4): selected previews in order, the first one the cover; hidden ones (order 999)
 * after them; at least three slots shown. Uploads, reorders and deletions are pending until "Save and
 * continue", which applies them in order; pages of uploaded PDFs can be picked instead of uploading.
 */
export function ImagesStep({ resource, t, save, refresh }: StepProps) {
  const stored = resource.resources_previews_models;
  const baseline = useMemo(() => JSON.stringify(stored.map((p) => [p.id, p.order_index])), [stored]);
  const [draft, setDraft, discardDraft] = useWizardDraft<ImagesDraft>(
    `${resource.id}:images`,
    baseline,
    () => ({ slots: slotsFromPreviews(stored, fileUrl), deleted: [], generated: null, generatedFrom: "" }),
    persistableDraft,
  );
  const files = resource.resources_files_models.map((f) => f.id).join(",");
  const { slots, deleted } = draft;
  const generated = draft.generatedFrom === files ? draft.generated : null;
  // Pages already among the previews, pending or saved, say so instead of offering themselves again.
  const storedNames = new Map(stored.map((p) => [p.id, p.generated_name]));
  const chosenPages = new Set(slots.map((slot) => slot.generatedName ?? storedNames.get(slot.key)));
  const setSlots = (update: (current: ImageSlot[]) => ImageSlot[]) =>
    setDraft((d) => ({ ...d, slots: update(d.slots) }));
  const setDeleted = (update: (current: string[]) => string[]) =>
    setDraft((d) => ({ ...d, deleted: update(d.deleted) }));
  const setGenerated = (pages: GeneratedPreview[]) =>
    setDraft((d) => ({ ...d, generated: pages, generatedFrom: files }));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const selected = slots.filter((s) => s.selected);
  const hidden = slots.filter((s) => !s.selected);
  const empty = Math.max(0, visibleSlotCount(selected.length) - selected.length - 1);

  const refusal = (code: string, fallback: string) => {
    const key = `images.${code}` as "images.too_large";
    const text = t(key);
    return text === key ? fallback : text;
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = "";
    setProblem(null);
    const added: ImageSlot[] = [];
    for (const file of chosen) {
      const size = await dimensionsOf(file);
      const code = checkPreviewImage({
        bytes: file.size,
        width: size?.width ?? Number.MAX_SAFE_INTEGER,
        height: size?.height ?? Number.MAX_SAFE_INTEGER,
        format: FORMAT_OF[file.type] ?? file.name.split(".").pop() ?? "",
      });
      if (code) {
        setProblem(`${file.name}: ${refusal(code, code)}`);
        continue;
      }
      localKeys += 1;
      added.push({
        key: `new-${localKeys}`,
        order_index: UNSELECTED_ORDER,
        selected: false,
        pending: "upload",
        src: URL.createObjectURL(file),
        file,
      });
    }
    // Each new image is selected after the ones before it, the first of all becoming the cover.
    setSlots((current) => {
      let all = current;
      for (const slot of added) all = toggleSelection([...all, slot], slot.key) as ImageSlot[];
      return all;
    });
  };

  const pickPage = (page: GeneratedPreview) => {
    localKeys += 1;
    const slot: ImageSlot = {
      key: `page-${localKeys}`,
      order_index: UNSELECTED_ORDER,
      selected: false,
      pending: "upload",
      src: fileUrl(page.locator),
      generatedName: page.name,
    };
    setSlots((current) => toggleSelection([...current, slot], slot.key) as ImageSlot[]);
  };

  const remove = (slot: ImageSlot) => {
    setSlots((current) => current.filter((s) => s.key !== slot.key));
    if (!slot.file && !slot.generatedName) setDeleted((d) => [...d, slot.key]);
  };

  const loadPages = async () => {
    try {
      const answer = await api.call("GET /resources/:id/previews/generated", {
        params: { id: resource.id },
      });
      setGenerated(answer.previews);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  const send = async (operation: SaveOperation) => {
    switch (operation.kind) {
      case "delete":
        return api.call("DELETE /resources/previews/:id", { params: { id: operation.id } });
      case "order":
        return api.call("PATCH /resources/previews/:id", {
          params: { id: operation.id },
          body: { orderIndex: operation.orderIndex },
        });
      case "generated":
        // The JSON variant of the preview upload (its definition's jsonBody): a page of the file, no image.
        return api.call("POST /resources/:id/previews", {
          params: { id: resource.id },
          body: { generatedPreviewName: operation.generatedName, orderIndex: operation.orderIndex },
        });
      case "upload": {
        const form = new FormData();
        form.append("orderIndex", String(operation.orderIndex));
        form.append("file", operation.file, operation.file.name);
        return uploadTo("POST /resources/:id/previews", form, { params: { id: resource.id } });
      }
    }
  };

  const next = async () => {
    const countProblem = checkPreviewCount(selected.length, resource.price);
    if (countProblem === "images_required") {
      setProblem(t("images.images_required"));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      for (const operation of planImageSave(slots, deleted, stored)) await send(operation);
    } catch (error) {
      setProblem(error instanceof ApiError ? refusal(error.code, error.message) : String(error));
      setBusy(false);
      await refresh();
      return;
    }
    discardDraft();
    const refused = await save({});
    setBusy(false);
    if (refused) await refresh();
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-prose">{t("images.intro")}</p>
      <ol className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label={t("step.images")}>
        {selected.map((slot, index) => (
          <li key={slot.key} className="flex flex-col gap-2 rounded-ui border border-line p-2">
            <img
              src={slot.src}
              alt={t("images.slot", { index: String(index + 1) })}
              width={96}
              height={124}
              className="h-[124px] w-24 self-center border border-line object-cover"
            />
            {index === 0 ? (
              <span className="text-center text-xs font-semibold">{t("images.cover")}</span>
            ) : null}
            <div className="flex flex-wrap justify-center gap-1">
              {index > 0 ? (
                <Button
                  variant="secondary"
                  size="xs"
                  onClick={() => setSlots((c) => makeCover(c, slot.key) as ImageSlot[])}
                >
                  {t("images.makeCover")}
                </Button>
              ) : null}
              {index > 0 ? (
                <Button
                  variant="secondary"
                  size="xs"
                  onClick={() => setSlots((c) => moveSlot(c, slot.key, -1) as ImageSlot[])}
                >
                  {t("images.moveUp")}
                </Button>
              ) : null}
              {index < selected.length - 1 ? (
                <Button
                  variant="secondary"
                  size="xs"
                  onClick={() => setSlots((c) => moveSlot(c, slot.key, 1) as ImageSlot[])}
                >
                  {t("images.moveDown")}
                </Button>
              ) : null}
              <Button
                variant="secondary"
                size="xs"
                onClick={() => setSlots((c) => toggleSelection(c, slot.key) as ImageSlot[])}
              >
                {t("images.unselect")}
              </Button>
              <Button variant="secondary" size="xs" onClick={() => remove(slot)}>
                {t("images.delete")}
              </Button>
            </div>
          </li>
        ))}
        <li className="flex flex-col items-center justify-center gap-2 rounded-ui border border-dashed border-line p-4">
          <label className={buttonClass("secondary", "sm", "cursor-pointer")}>
            {t("images.add")}
            <input
              type="file"
              accept=".jpg,.jpeg,.png,.bmp,.gif,image/jpeg,image/png,image/bmp,image/gif"
              multiple
              className="sr-only"
              onChange={(e) => void choose(e)}
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
            {hidden.map((slot) => (
              <li key={slot.key} className="flex flex-col items-center gap-1">
                <img
                  src={slot.src}
                  alt=""
                  width={48}
                  height={62}
                  className="h-[62px] w-12 border border-line object-cover opacity-60"
                />
                <Button
                  variant="secondary"
                  size="xs"
                  onClick={() => setSlots((c) => toggleSelection(c, slot.key) as ImageSlot[])}
                >
                  {t("images.select")}
                </Button>
                <Button variant="secondary" size="xs" onClick={() => remove(slot)}>
                  {t("images.delete")}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="flex flex-col gap-2">
        <h3 className="font-semibold">{t("images.fromFiles")}</h3>
        {generated === null ? (
          <Button variant="secondary" size="sm" className="self-start" onClick={() => void loadPages()}>
            {t("images.loadPages")}
          </Button>
        ) : (
          <ul className="flex flex-wrap gap-3">
            {generated.map((page, index) => (
              <li key={page.name} className="flex w-28 flex-col items-center gap-1 text-center">
                <img
                  src={fileUrl(page.locator)}
                  alt=""
                  width={96}
                  height={124}
                  className="h-[124px] w-24 border border-line object-cover"
                />
                {chosenPages.has(page.name) ? (
                  <span className="py-1 text-xs font-semibold">
                    {t("images.pageChosen", { index: String(index + 1) })}
                  </span>
                ) : (
                  <Button variant="secondary" size="xs" onClick={() => pickPage(page)}>
                    {t("images.usePage", { index: String(index + 1) })}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <WizardProblem text={problem} />
      <Button variant="primary" className="self-start" disabled={busy} onClick={() => void next()}>
        {busy ? t("wizard.saving") : t("wizard.next")}
      </Button>
    </div>
  );
}
