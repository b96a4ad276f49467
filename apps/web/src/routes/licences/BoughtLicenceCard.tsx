import { type BoughtLicence, formatMoney, LICENCE_LIMITS, type LicenceSeat } from "@market/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { api } from "../../api/client.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { Cover } from "../../components/Cover.tsx";
import { Badge, Button, Card, Dialog, Field, Input } from "../../components/ui/index.ts";
import { formatDay } from "../resources/resource-query.ts";
import { assignRefusal } from "./assign-refusal.ts";
import { type LicenceTexts, useLicenceTexts } from "./licence-texts.ts";

/** The licences page's own query key: a change of a seat refreshes it, and what the colleagues own. */
export const LICENCES_KEY = ["licences"] as const;

/** A colleague as the buyer names them: "Robin (@robin)", or the address an invitation went to. */
function seatName(seat: LicenceSeat): string {
  if (seat.holder) return `${seat.holder.first_name} (@${seat.holder.username})`;
  return seat.invitedEmail ?? "";
}

/**
 * One purchase for colleagues (issue 23), as its buyer manages it: what was bought, how many of its seats
 * are used and free (the buyer's own counted as used), each colleague's seat with Remove (or Withdraw for
 * an invitation nobody accepted yet), and the form that gives a free seat by username or e-mail address.
 */
export function BoughtLicenceCard({
  licence,
  onNotice,
}: {
  licence: BoughtLicence;
  onNotice: (text: string, tone?: "success" | "error") => void;
}) {
  const t = useLicenceTexts();
  const headingId = useId();
  const { resource } = licence;
  return (
    <Card as="article" aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex items-start gap-4">
        <Cover locator={resource.cover_locator} title={resource.title} className="w-16 sm:w-20" />
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="text-lg leading-snug font-semibold">
            <Link
              to={`/resources/${encodeURIComponent(resource.name)}`}
              className="underline-offset-2 hover:underline"
            >
              {resource.title}
            </Link>
            {resource.isBundle ? (
              <Badge tone="info" className="ml-2 align-middle">
                {t("bundle.badge")}
              </Badge>
            ) : null}
          </h3>
          <p className="text-sm text-muted">
            {t("bought.purchased", {
              date: formatDay(licence.purchasedAt),
              price: formatMoney(licence.seatPriceCents),
            })}
          </p>
          <p className="font-medium">
            {licence.seatsFree === 0
              ? t("bought.usageFull", { seats: String(licence.seats) })
              : t("bought.usage", {
                  used: String(licence.seatsUsed),
                  seats: String(licence.seats),
                  free: String(licence.seatsFree),
                })}
          </p>
          <p className="text-sm text-muted">{t("bought.ownSeat")}</p>
        </div>
      </div>

      <section aria-labelledby={`${headingId}-colleagues`} className="flex flex-col gap-2">
        <h4 id={`${headingId}-colleagues`} className="text-sm font-semibold">
          {t("bought.colleagues")}
        </h4>
        {licence.colleagues.length === 0 ? (
          <p className="text-sm text-muted">{t("bought.noColleagues")}</p>
        ) : (
          <ul className="divide-y divide-line rounded-ui border border-line">
            {licence.colleagues.map((seat) => (
              <SeatRow key={seat.id} seat={seat} title={resource.title} onNotice={onNotice} />
            ))}
          </ul>
        )}
      </section>

      <AssignForm licence={licence} t={t} />
    </Card>
  );
}

function SeatRow({
  seat,
  title,
  onNotice,
}: {
  seat: LicenceSeat;
  title: string;
  onNotice: (text: string, tone?: "success" | "error") => void;
}) {
  const t = useLicenceTexts();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const name = seatName(seat);
  const invitation = seat.holder === null;
  const free = useMutation({
    mutationFn: () => api.call("DELETE /licences/seats/:id", { params: { id: seat.id } }),
    onSuccess: () => {
      setAsking(false);
      onNotice(
        invitation
          ? t("bought.withdrawn", { email: name })
          : t("bought.removed", { name: seat.holder?.first_name ?? name }),
      );
    },
    onError: () => {
      setAsking(false);
      onNotice(t("bought.removeFailed"), "error");
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: LICENCES_KEY }),
  });
  const values = { name: seat.holder?.first_name ?? name, email: name, title };
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        {seat.holder ? (
          <Avatar locator={seat.holder.avatar_locator} name={seat.holder.first_name} alt="" />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex size-[50px] shrink-0 items-center justify-center rounded-full bg-info text-xl font-bold text-info-text"
          >
            @
          </span>
        )}
        <div className="flex min-w-0 flex-col">
          {seat.holder ? (
            <p className="break-words">
              <Link
                to={`/profile/@${encodeURIComponent(seat.holder.username)}`}
                className="font-medium underline-offset-2 hover:underline"
              >
                {name}
              </Link>{" "}
              <span className="text-sm text-muted">
                {t("bought.since", { date: formatDay(seat.assignedAt) })}
              </span>
            </p>
          ) : (
            <>
              <p className="font-medium break-all">{t("bought.invited", { email: name })}</p>
              <p className="text-sm text-muted">{t("bought.invitedHint")}</p>
            </>
          )}
          {seat.holder && seat.movableFrom ? (
            <p className="text-sm text-muted">
              {t("bought.movableFrom", { date: formatDay(seat.movableFrom) })}
            </p>
          ) : null}
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="self-start sm:self-center"
        aria-label={t(invitation ? "bought.withdrawOf" : "bought.removeOf", values)}
        onClick={() => setAsking(true)}
      >
        {t(invitation ? "bought.withdraw" : "bought.remove")}
      </Button>
      <Dialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t(invitation ? "bought.withdrawTitle" : "bought.removeTitle", values)}
        closeLabel={t("bought.close")}
      >
        <p>{t(invitation ? "bought.withdrawBody" : "bought.removeBody", values)}</p>
        <div className="mt-6 flex flex-wrap gap-2">
          <Button variant="danger" busy={free.isPending} onClick={() => free.mutate()}>
            {t(invitation ? "bought.withdrawConfirm" : "bought.removeConfirm")}
          </Button>
          <Button variant="secondary" disabled={free.isPending} onClick={() => setAsking(false)}>
            {t("bought.keep")}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

/** "Username or e-mail address" and Give seat: the seat's new holder or invitation, or why not, in words. */
function AssignForm({ licence, t }: { licence: BoughtLicence; t: LicenceTexts }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [assignee, setAssignee] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const give = useMutation({
    mutationFn: (typed: string) =>
      api.call("POST /licences/:purchaseId/seats", {
        params: { purchaseId: licence.purchaseId },
        body: { assignee: typed },
      }),
    onSuccess: (seat) => {
      setAssignee("");
      setDone(
        seat.holder
          ? t("assign.given", { name: `${seat.holder.first_name} (@${seat.holder.username})` })
          : t("assign.invitedDone", { email: seat.invitedEmail ?? "" }),
      );
      void queryClient.invalidateQueries({ queryKey: LICENCES_KEY });
    },
    onError: (error, typed) => {
      setRefusal(assignRefusal(t, error, { assignee: typed, nextMoveAt: licence.nextMoveAt }));
      // The seats may have changed elsewhere (another tab, a colleague's sign-up): show them as they are.
      void queryClient.invalidateQueries({ queryKey: LICENCES_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const typed = assignee.trim();
    if (!typed) {
      setRefusal(t("assign.error.empty"));
      return;
    }
    give.mutate(typed);
  };
  const full = licence.seatsFree === 0;
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-2 border-t border-line pt-4"
      aria-label={t("assign.give")}
    >
      {full ? (
        <>
          {done ? (
            <p role="status" className="text-sm">
              {done}
            </p>
          ) : null}
          <p className="text-sm font-medium">{t("assign.none")}</p>
        </>
      ) : (
        <Field
          id={`${id}-assignee`}
          label={t("assign.label")}
          hint={t("assign.hint")}
          error={refusal}
          note={done}
        >
          {(bindings) => (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                {...bindings}
                value={assignee}
                onChange={(event) => {
                  setAssignee(event.target.value);
                  setRefusal(null);
                }}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={LICENCE_LIMITS.assigneeMax}
                className="min-w-0 flex-1"
              />
              <Button type="submit" variant="primary" busy={give.isPending} className="shrink-0">
                {give.isPending ? t("assign.giving") : t("assign.give")}
              </Button>
            </div>
          )}
        </Field>
      )}
      <p className="text-sm text-muted">
        {t("assign.moveRule", { days: String(LICENCE_LIMITS.moveEveryDays) })}
        {licence.nextMoveAt ? ` ${t("assign.nextMove", { date: formatDay(licence.nextMoveAt) })}` : ""}
      </p>
    </form>
  );
}
