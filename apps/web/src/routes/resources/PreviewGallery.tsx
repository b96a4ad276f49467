import { PREVIEW_DISPLAY, type ResourceDetail } from "@market/domain";
import { type KeyboardEvent, useState } from "react";
import { fileUrl } from "../../api/client.ts";
import { Modal } from "../../components/Modal.tsx";
import { useCatalogueTexts } from "../catalogue/catalogue-texts.ts";

type Preview = ResourceDetail["resources_previews_models"][number];

/** Preview thumbnails at the spec's display size (96 x 124); each opens larger in a dialog with next/previous. */
export function PreviewGallery({ title, previews }: { title: string; previews: readonly Preview[] }) {
  const t = useCatalogueTexts();
  const ordered = [...previews].sort((a, b) => a.order_index - b.order_index);
  const [current, setCurrent] = useState<number | null>(null);
  const count = ordered.length;
  if (count === 0) return null;

  const values = (index: number) => ({ index: String(index + 1), count: String(count) });
  const step = (delta: number) =>
    setCurrent((index) => (index === null ? index : (index + delta + count) % count));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") step(1);
    if (event.key === "ArrowLeft") step(-1);
  };
  const shown = current === null ? null : ordered[current];

  return (
    <section aria-labelledby="previews-heading">
      <h2 id="previews-heading" className="sr-only">
        {t("resource.previews")}
      </h2>
      <ul className="flex flex-wrap gap-3">
        {ordered.map((preview, index) => (
          <li key={preview.id}>
            <button
              type="button"
              onClick={() => setCurrent(index)}
              aria-label={t("resource.previewButton", values(index))}
              className="block overflow-hidden rounded-ui border border-line hover:border-ink"
            >
              <img
                src={fileUrl(preview.locator)}
                alt=""
                width={PREVIEW_DISPLAY.width}
                height={PREVIEW_DISPLAY.height}
                loading="lazy"
                className="bg-wash object-cover"
                style={{ width: PREVIEW_DISPLAY.width, height: PREVIEW_DISPLAY.height }}
              />
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={current !== null}
        onClose={() => setCurrent(null)}
        title={current === null ? "" : t("resource.previewTitle", values(current))}
        closeLabel={t("resource.close")}
        wide
      >
        {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys step through the previews; the buttons do the same */}
        <div onKeyDown={onKeyDown}>
          {shown && current !== null ? (
            <img
              src={fileUrl(shown.locator)}
              alt={t("resource.previewAlt", { title, index: String(current + 1) })}
              className="mx-auto max-h-[65dvh] w-auto bg-wash object-contain"
            />
          ) : null}
          {count > 1 ? (
            <div className="mt-4 flex justify-between gap-3">
              <button
                type="button"
                onClick={() => step(-1)}
                className="rounded-ui border border-line px-4 py-2"
              >
                {t("resource.previewPrevious")}
              </button>
              <button
                type="button"
                onClick={() => step(1)}
                className="rounded-ui border border-line px-4 py-2"
              >
                {t("resource.previewNext")}
              </button>
            </div>
          ) : null}
        </div>
      </Modal>
    </section>
  );
}
