import { useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "../../components/ui/index.ts";
import { useCheckoutTexts } from "./checkout-texts.ts";
import { openReceipt } from "./open-receipt.ts";

/**
 * "View receipt": the sale's receipt in a new tab (spec 2), with a plain word when it cannot be opened.
 * `title` names the resource for screen readers where several receipts share a screen.
 */
export function ReceiptButton({
  saleId,
  title,
  variant = "secondary",
  size = "md",
  block = false,
}: {
  saleId: string;
  title?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}) {
  const t = useCheckoutTexts();
  const [failed, setFailed] = useState(false);
  const label = title ? t("receipt.viewFor", { title }) : t("receipt.view");
  return (
    <div className={`flex flex-col gap-1 ${block ? "w-full" : ""}`}>
      <Button
        variant={variant}
        size={size}
        block={block}
        aria-label={`${label} ${t("receipt.newTab")}`}
        onClick={() => {
          setFailed(false);
          openReceipt(saleId).catch(() => setFailed(true));
        }}
      >
        {t("receipt.view")}
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor">
          <path d="M11 3h6v6M17 3l-8 8M8 5H4v11h11v-4" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </Button>
      {failed ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("receipt.failed")}
        </p>
      ) : null}
    </div>
  );
}
