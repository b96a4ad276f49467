import { formatMoney, REFUND_LIMITS, type Refund } from "@market/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { api } from "../../api/client.ts";
import { Badge, Button, Dialog, TextAreaField } from "../../components/ui/index.ts";
import { formatDay } from "../resources/resource-query.ts";
import { type RefundTexts, useRefundTexts } from "./refund-texts.ts";

type Decision = "approve" | "decline";

/**
 * One refund request waiting for a decision, for the sale's creator (in their earnings) or an admin (the
 * refunds queue): what was bought, by whom, when, for how much, and the buyer's reason; Approve asks once
 * (it refunds the card and cannot be undone), Decline takes an optional note for the buyer. `onDecided`
 * tells the screen, which announces it; every refund list is fetched again.
 */
export function RefundRequestRow({
  refund,
  creator,
  onDecided,
  onFailed,
}: {
  refund: Refund;
  /** The seller's username, shown to admins. */
  creator?: string;
  onDecided: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  const t = useRefundTexts();
  const noteId = useId();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Decision | null>(null);
  const [note, setNote] = useState("");
  const who = { title: refund.resource.title, username: refund.buyer.username };
  // What approving gives back: the whole sale, or a licence's free seats only (issue 23).
  const amount = formatMoney(refund.amountCents);
  const decide = useMutation({
    mutationFn: (decision: Decision) =>
      decision === "approve"
        ? api.call("POST /refunds/:id/approve", { params: { id: refund.id } })
        : api.call("POST /refunds/:id/decline", {
            params: { id: refund.id },
            body: note.trim() ? { note: note.trim() } : {},
          }),
    onSuccess: (_answer, decision) => {
      setAsking(null);
      onDecided(
        decision === "approve"
          ? t("requests.wasApproved", { amount, username: refund.buyer.username })
          : t("requests.wasDeclined", { username: refund.buyer.username }),
      );
      void queryClient.invalidateQueries({ queryKey: ["refunds"] });
      void queryClient.invalidateQueries({ queryKey: ["earnings"] });
      void queryClient.invalidateQueries({ queryKey: ["admin", "exceptions"] });
    },
    onError: (error) => {
      setAsking(null);
      void queryClient.invalidateQueries({ queryKey: ["refunds"] });
      onFailed(t("requests.failed", { message: error instanceof Error ? error.message : String(error) }));
    },
  });
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
      <article className="flex min-w-0 flex-1 flex-col gap-1" aria-label={t("requests.of", who)}>
        <h3 className="font-semibold">
          <Link
            to={`/resources/${encodeURIComponent(refund.resource.name)}`}
            className="underline underline-offset-4 hover:decoration-2"
          >
            {refund.resource.title}
          </Link>{" "}
          {refund.resource.isBundle ? <Badge tone="info">{t("requests.bundle")}</Badge> : null}{" "}
          {refund.sale.isGift ? <Badge>{t("requests.gift")}</Badge> : null}
        </h3>
        <p className="text-sm text-muted">
          {t("requests.by", {
            username: refund.buyer.username,
            date: formatDay(refund.sale.purchasedAt),
            amount,
          })}
          {refund.sale.seats > 1 ? ` · ${t("requests.seats", { seats: String(refund.sale.seats) })}` : ""}
          {creator ? ` · ${t("queue.creator", { username: creator })}` : ""}
        </p>
        {refund.seats !== null ? (
          <p className="text-sm font-medium">
            {refund.seats === 1
              ? t("requests.seatsRefundOne", { seats: String(refund.sale.seats) })
              : t("requests.seatsRefund", { free: String(refund.seats), seats: String(refund.sale.seats) })}
          </p>
        ) : null}
        <blockquote className="border-l-4 border-line pl-3 whitespace-pre-line">{refund.reason}</blockquote>
      </article>
      <div className="flex shrink-0 flex-wrap gap-2 sm:flex-col">
        <Button
          variant="primary"
          disabled={decide.isPending}
          onClick={() => setAsking("approve")}
          aria-label={t("requests.approveOf", who)}
        >
          {t("requests.approve")}
        </Button>
        <Button
          variant="secondary"
          disabled={decide.isPending}
          onClick={() => setAsking("decline")}
          aria-label={t("requests.declineOf", who)}
        >
          {t("requests.decline")}
        </Button>
      </div>
      <Dialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={
          asking === "approve"
            ? t("requests.approveTitle", { amount, username: refund.buyer.username })
            : t("requests.declineTitle", { username: refund.buyer.username })
        }
        closeLabel={t("requests.close")}
      >
        <DecisionBody
          t={t}
          asking={asking}
          title={refund.resource.title}
          amount={amount}
          seatsOnly={refund.seats !== null}
          note={note}
          noteId={noteId}
          setNote={setNote}
        />
        <div className="mt-6 flex flex-wrap gap-2">
          <Button
            variant={asking === "approve" ? "danger" : "primary"}
            busy={decide.isPending}
            onClick={() => asking && decide.mutate(asking)}
          >
            {asking === "approve" ? t("requests.approveConfirm", { amount }) : t("requests.declineConfirm")}
          </Button>
          <Button variant="secondary" disabled={decide.isPending} onClick={() => setAsking(null)}>
            {t("requests.keep")}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

function DecisionBody(props: {
  t: RefundTexts;
  asking: Decision | null;
  title: string;
  amount: string;
  /** A licence's free seats only (issue 23): the buyer and their colleagues keep the resource. */
  seatsOnly: boolean;
  note: string;
  noteId: string;
  setNote: (note: string) => void;
}) {
  const { t } = props;
  if (props.asking === "approve")
    return (
      <p>
        {t(props.seatsOnly ? "requests.approveSeatsBody" : "requests.approveBody", {
          title: props.title,
          amount: props.amount,
        })}
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      <p>{t("requests.declineBody", { title: props.title })}</p>
      <TextAreaField
        id={props.noteId}
        label={t("requests.note")}
        optional
        rows={3}
        value={props.note}
        onChange={(event) => props.setNote(event.target.value)}
        count={{ used: props.note.length, max: REFUND_LIMITS.noteMax }}
      />
    </div>
  );
}
