import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { api } from "../../api/client.ts";
import type { PublishingResource } from "../../api/types.ts";
import { Button } from "../../components/ui/index.ts";
import { PUBLISHING_KEY } from "./PublishingPage.tsx";
import type { PublishingTexts } from "./publishing-texts.ts";

/**
 * An admin's decision on a submitted resource (spec 4: review): approve, reject with a reason the creator
 * receives by e-mail, skip (it leaves the queue), and the curator_score.
 */
export function ReviewPanel({
  resource,
  t,
  onDone,
}: {
  resource: PublishingResource;
  t: PublishingTexts;
  onDone: () => unknown;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const [score, setScore] = useState(resource.curator_score === null ? "" : String(resource.curator_score));
  const [outcome, setOutcome] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const path = `/admin/resources/${encodeURIComponent(resource.id)}`;
  const awaiting = resource.approval_status === "awaiting_approval";

  const run = async (request: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setFailed(null);
    try {
      await request();
      setOutcome(done);
      void queryClient.invalidateQueries({ queryKey: PUBLISHING_KEY });
      await onDone();
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const reject = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return;
    void run(() => api.post(`${path}/reject`, { reason: reason.trim() }), t("review.done.rejected"));
  };
  const saveScore = (event: FormEvent) => {
    event.preventDefault();
    const value = score.trim() === "" ? null : Number(score);
    if (value !== null && (!Number.isInteger(value) || value < 0 || value > 100)) return;
    void run(() => api.patch(`${path}/curator-score`, { curator_score: value }), t("review.saveScore"));
  };

  return (
    <div className="flex max-w-2xl flex-col gap-5">
      {outcome ? (
        <p role="status" className="rounded-ui bg-wash p-3 font-medium">
          {outcome}
        </p>
      ) : null}
      {!awaiting && !outcome ? <p>{t("review.notAwaiting")}</p> : null}
      {awaiting ? (
        <div className="flex flex-wrap gap-3">
          <Button
            variant="primary"
            disabled={busy}
            onClick={() => void run(() => api.post(`${path}/approve`, undefined), t("review.done.approved"))}
          >
            {t("review.approve")}
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => void run(() => api.post(`${path}/skip`, undefined), t("review.done.skipped"))}
          >
            {t("review.skip")}
          </Button>
        </div>
      ) : null}
      {awaiting ? (
        <form onSubmit={reject} className="flex flex-col gap-2">
          <label htmlFor={`${id}-reason`} className="font-medium">
            {t("review.reason")}
          </label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="rounded-ui border border-line bg-paper px-3 py-2"
          />
          <Button variant="secondary" className="self-start" type="submit" disabled={busy || !reason.trim()}>
            {t("review.reject")}
          </Button>
        </form>
      ) : null}
      <form onSubmit={saveScore} className="flex items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-score`} className="font-medium">
            {t("review.score")}
          </label>
          <input
            id={`${id}-score`}
            inputMode="numeric"
            value={score}
            onChange={(e) => setScore(e.target.value)}
            className="w-24 rounded-ui border border-line bg-paper px-3 py-2"
          />
        </div>
        <Button variant="secondary" type="submit" disabled={busy}>
          {t("review.saveScore")}
        </Button>
      </form>
      {failed ? (
        <p role="alert" className="font-medium text-danger">
          {failed}
        </p>
      ) : null}
    </div>
  );
}
