import type { PurchaseResponse } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { resourceDetailQuery } from "../resources/resource-query.ts";
import { useCheckoutTexts } from "./checkout-texts.ts";

/** /resources/{id}/purchase/completed: the resource is the buyer's; a gift's link is shown to send. */
export default function PurchaseCompletedPage() {
  const t = useCheckoutTexts();
  const { id = "" } = useParams();
  const location = useLocation();
  const answer = location.state as PurchaseResponse | null;
  const resource = useQuery(resourceDetailQuery(id));
  const [copied, setCopied] = useState(false);
  const title = resource.data?.title ?? "";
  const path = `/resources/${encodeURIComponent(answer?.resourceName ?? id)}`;

  if (answer?.giftUri) {
    return (
      <section className="flex max-w-2xl flex-col items-start gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("completed.giftTitle")}</h1>
        <p>{t("completed.giftBody", { title })}</p>
        <input
          readOnly
          value={answer.giftUri}
          aria-label={t("completed.giftTitle")}
          className="w-full rounded-ui border border-line px-3 py-2"
        />
        <button
          type="button"
          className="rounded-ui border border-line px-4 py-2 font-medium"
          onClick={() =>
            void navigator.clipboard?.writeText(answer.giftUri ?? "").then(() => setCopied(true))
          }
        >
          {copied ? t("completed.copied") : t("completed.copy")}
        </button>
      </section>
    );
  }
  return (
    <section className="flex max-w-2xl flex-col items-start gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("completed.title")}</h1>
      <p>{t("completed.body", { title })}</p>
      <Link to={path} className="rounded-ui bg-accent px-4 py-2 font-medium text-accent-text">
        {t("completed.download")}
      </Link>
    </section>
  );
}
