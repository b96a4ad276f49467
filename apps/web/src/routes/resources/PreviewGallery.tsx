import { PREVIEW_DISPLAY, PREVIEW_IMAGE_RULES, type ResourceDetail } from "@market/domain";
import { type KeyboardEvent, useRef, useState } from "react";
import { previewFullImage, previewLargeImage, previewThumbnailImage } from "../../api/image-urls.ts";
import { Button, Dialog } from "../../components/ui/index.ts";
import { useCatalogueTexts } from "../catalogue/catalogue-texts.ts";

type Preview = ResourceDetail["resources_previews_models"][number];

/** Previews are portrait pages of at least 692 x 896 (spec 9): every frame keeps that shape, so nothing shifts. */
const FRAME = { width: PREVIEW_IMAGE_RULES.minWidth, height: PREVIEW_IMAGE_RULES.minHeight };

/**
 * The previews of a resource: the one chosen shown large (the first, at first), the others as thumbnails
 * at the spec's display size (96 x 124) that choose it (arrow keys move between them), and the large one
 * opens in a dialog with next and previous (arrow keys too).
 */
export function PreviewGallery({ title, previews }: { title: string; previews: readonly Preview[] }) {
  const t = useCatalogueTexts();
  const ordered = [...previews].sort((a, b) => a.order_index - b.order_index);
  const [shown, setShown] = useState(0);
  const [zoomed, setZoomed] = useState<number | null>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = ordered.length;
  if (count === 0) return null;

  const current = Math.min(shown, count - 1);
  const values = (index: number) => ({ index: String(index + 1), count: String(count) });
  const alt = (index: number) => t("resource.previewAlt", { title, index: String(index + 1) });
  const wrap = (index: number) => (index + count) % count;
  const step = (delta: number) => setZoomed((index) => (index === null ? index : wrap(index + delta)));
  const onDialogKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") step(1);
    if (event.key === "ArrowLeft") step(-1);
  };
  const onThumbKey = (event: KeyboardEvent, index: number) => {
    const delta = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    const next = wrap(index + delta);
    setShown(next);
    thumbs.current[next]?.focus();
  };
  const large = ordered[current]!;
  const big = zoomed === null ? null : ordered[zoomed];

  return (
    <section aria-labelledby="previews-heading">
      <h2 id="previews-heading" className="sr-only">
        {t("resource.previews")}
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row-reverse sm:items-start sm:justify-end">
        <button
          type="button"
          onClick={() => setZoomed(current)}
          aria-label={t("resource.previewButton", values(current))}
          className="group relative block w-full overflow-hidden rounded-card border border-line bg-wash sm:max-w-md"
        >
          <img
            {...previewLargeImage(large.locator)}
            alt={alt(current)}
            width={FRAME.width}
            height={FRAME.height}
            fetchPriority={current === 0 ? "high" : "auto"}
            className="aspect-[692/896] h-auto w-full bg-paper object-contain"
          />
          <span
            aria-hidden="true"
            className="absolute right-2 bottom-2 inline-flex size-9 items-center justify-center rounded-full bg-paper/90 text-ink shadow-sm group-hover:bg-paper"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor">
              <circle cx="9" cy="9" r="5.5" strokeWidth="1.6" />
              <path d="M13 13l4 4M9 6.5v5M6.5 9h5" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          </span>
        </button>
        {count > 1 ? (
          <ul className="flex flex-wrap gap-2 sm:flex-col sm:flex-nowrap">
            {ordered.map((preview, index) => (
              <li key={preview.id}>
                <button
                  ref={(element) => {
                    thumbs.current[index] = element;
                  }}
                  type="button"
                  onClick={() => setShown(index)}
                  onKeyDown={(event) => onThumbKey(event, index)}
                  aria-label={t("resource.previewShow", values(index))}
                  aria-pressed={index === current}
                  className={`block overflow-hidden rounded-ui border-2 bg-wash ${
                    index === current ? "border-accent" : "border-line hover:border-ink"
                  }`}
                >
                  <img
                    {...previewThumbnailImage(preview.locator, PREVIEW_DISPLAY.width)}
                    alt=""
                    width={PREVIEW_DISPLAY.width}
                    height={PREVIEW_DISPLAY.height}
                    loading="lazy"
                    className="bg-paper object-cover"
                    style={{ width: PREVIEW_DISPLAY.width, height: PREVIEW_DISPLAY.height }}
                  />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <Dialog
        open={zoomed !== null}
        onClose={() => {
          if (zoomed !== null) setShown(zoomed);
          setZoomed(null);
        }}
        title={zoomed === null ? "" : t("resource.previewTitle", values(zoomed))}
        closeLabel={t("resource.close")}
        wide
      >
        {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys step through the previews; the buttons do the same */}
        <div onKeyDown={onDialogKey}>
          {big && zoomed !== null ? (
            <img
              {...previewFullImage(big.locator)}
              alt={alt(zoomed)}
              width={FRAME.width}
              height={FRAME.height}
              className="mx-auto aspect-[692/896] max-h-[70dvh] w-auto bg-wash object-contain"
            />
          ) : null}
          {count > 1 ? (
            <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:justify-between">
              <Button variant="secondary" size="sm" onClick={() => step(-1)}>
                {t("resource.previewPrevious")}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => step(1)}>
                {t("resource.previewNext")}
              </Button>
            </div>
          ) : null}
        </div>
      </Dialog>
    </section>
  );
}
