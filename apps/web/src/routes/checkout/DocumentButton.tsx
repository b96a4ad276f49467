import { useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "../../components/ui/index.ts";
import { downloadDocument } from "./download-document.ts";
import { useReceiptTexts } from "./receipt-texts.ts";

function DownloadMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor">
      <path d="M10 3v10M5.5 8.5 10 13l4.5-4.5M4 16.5h12" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A button that saves a document of the API (a PDF receipt, a statement), busy while it comes and with
 * `failed` said beside it when it could not be had.
 */
export function DocumentButton({
  path,
  fileName,
  label,
  ariaLabel,
  failed: failedText,
  variant = "secondary",
  size = "md",
}: {
  path: string;
  fileName: string;
  label: string;
  ariaLabel?: string;
  failed: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant={variant}
        size={size}
        busy={busy}
        aria-label={ariaLabel}
        onClick={() => {
          setBusy(true);
          setFailed(false);
          downloadDocument(path, fileName)
            .catch(() => setFailed(true))
            .finally(() => setBusy(false));
        }}
      >
        {busy ? null : <DownloadMark />}
        {label}
      </Button>
      {failed ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {failedText}
        </p>
      ) : null}
    </div>
  );
}

/** "Download PDF receipt" of a purchase or gift, for its buyer. */
export function PdfReceiptButton({
  saleId,
  title,
  variant = "ghost",
  size = "md",
}: {
  saleId: string;
  title?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const t = useReceiptTexts();
  return (
    <DocumentButton
      path={`/activity/transactions/${encodeURIComponent(saleId)}/receipt.pdf`}
      fileName="lesson-loft-receipt.pdf"
      label={t("pdfReceipt.download")}
      ariaLabel={title ? t("pdfReceipt.downloadFor", { title }) : undefined}
      failed={t("pdfReceipt.failed")}
      variant={variant}
      size={size}
    />
  );
}
