import type { Ad } from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api } from "../../api/client.ts";
import { useAdvertisingTexts } from "./advertising-texts.ts";

/**
 * An admin's decision on a submitted ad: approve (it starts running), reject with a comment, or clear it
 * from the queue without a decision (its comment emptied; it goes back to the advertiser as a draft).
 */
export function AdReviewPanel({ ad }: { ad: Ad }) {
  const t = useAdvertisingTexts();
  const id = useId();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState("");
  const [outcome, setOutcome] = useState<string | null>(null);
  const decide = async (action: "approve" | "reject" | "clear") => {
    try {
      await api.post(
        `/admin/advertisements/${ad.id}/${action}`,
        action === "reject" ? { comment } : undefined,
      );
      setOutcome(t(`ads.review.outcome.${action}`));
      if (action === "clear") setComment("");
      void queryClient.invalidateQueries({ queryKey: ["ads"] });
    } catch (error) {
      setOutcome(error instanceof Error ? error.message : String(error));
    }
  };
  if (ad.approval_status !== "awaiting_approval" && !outcome) return <p>{t("ads.review.notWaiting")}</p>;
  return (
    <div className="flex flex-col gap-3">
      {outcome ? <p role="status">{outcome}</p> : null}
      <button
        type="button"
        onClick={() => void decide("approve")}
        className="self-start rounded-ui bg-accent px-4 py-2 font-medium text-accent-text"
      >
        {t("ads.review.approve")}
      </button>
      <label htmlFor={id} className="font-medium">
        {t("ads.review.comment")}
      </label>
      <textarea
        id={id}
        rows={3}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        className="rounded-ui border border-line px-3 py-2"
      />
      <button
        type="button"
        disabled={!comment.trim()}
        onClick={() => void decide("reject")}
        className="self-start rounded-ui border border-line px-4 py-2 font-medium disabled:opacity-60"
      >
        {t("ads.review.reject")}
      </button>
      <button
        type="button"
        onClick={() => void decide("clear")}
        className="self-start rounded-ui border border-line px-4 py-2 text-sm"
      >
        {t("ads.review.clear")}
      </button>
    </div>
  );
}
