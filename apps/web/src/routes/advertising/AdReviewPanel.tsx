import type { Ad } from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { api } from "../../api/client.ts";
import { Button } from "../../components/ui/index.ts";
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
      const params = { id: ad.id };
      if (action === "reject")
        await api.call("POST /admin/advertisements/:id/reject", { params, body: { comment } });
      else if (action === "approve") await api.call("POST /admin/advertisements/:id/approve", { params });
      else await api.call("POST /admin/advertisements/:id/clear", { params });
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
      <Button variant="primary" className="self-start" onClick={() => void decide("approve")}>
        {t("ads.review.approve")}
      </Button>
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
      <Button
        variant="secondary"
        className="self-start"
        disabled={!comment.trim()}
        onClick={() => void decide("reject")}
      >
        {t("ads.review.reject")}
      </Button>
      <Button variant="secondary" size="sm" className="self-start" onClick={() => void decide("clear")}>
        {t("ads.review.clear")}
      </Button>
    </div>
  );
}
