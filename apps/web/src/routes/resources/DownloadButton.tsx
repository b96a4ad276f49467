import { Button, type ButtonSize, type ButtonVariant } from "../../components/ui/index.ts";
import { useCatalogueTexts } from "../catalogue/catalogue-texts.ts";
import type { FileDownload } from "./use-download.ts";

export const DOWNLOAD_FAILURE_KEYS = {
  login: "resource.downloadLogin",
  forbidden: "resource.downloadForbidden",
  network: "resource.downloadFailed",
} as const;

/**
 * The main Download button of a screen (price box, thank-you page, My resources): while the file comes,
 * the button says how far it is and a bar shows the bytes; a failure says why, in words.
 */
export function DownloadButton({
  download,
  fileName,
  label,
  ariaLabel,
  variant = "primary",
  size = "md",
  block = false,
  messages = true,
}: {
  download: FileDownload;
  fileName: string;
  label: string;
  /** The button's name where several share a screen ("Download Fractions Bingo"). */
  ariaLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  /** Says under the button why a download failed, or that it was saved (false where the screen says so itself). */
  messages?: boolean;
}) {
  const t = useCatalogueTexts();
  const { state, percent } = download;
  const busy = state.status === "downloading";
  return (
    <div className={`flex flex-col gap-2 ${block ? "w-full" : ""}`}>
      <Button
        variant={variant}
        size={size}
        block={block}
        busy={busy}
        aria-label={ariaLabel}
        onClick={() => void download.start()}
      >
        {busy && percent !== null ? `${label} · ${percent}%` : label}
      </Button>
      {busy ? (
        <div
          role="progressbar"
          aria-label={t("resource.downloading", { name: fileName })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent ?? undefined}
          className="h-1.5 w-full overflow-hidden rounded-full bg-wash"
        >
          <div className="h-full bg-accent transition-[width]" style={{ width: `${percent ?? 0}%` }} />
        </div>
      ) : null}
      {messages && state.status === "failed" ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t(DOWNLOAD_FAILURE_KEYS[state.reason])}
        </p>
      ) : null}
      {messages && download.savedInline ? (
        <p role="status" className="text-sm font-medium">
          {t("resource.downloadedInline")}
        </p>
      ) : null}
    </div>
  );
}
