import { ApiError } from "../../api/client.ts";
import { formatDay } from "../resources/resource-query.ts";
import type { LicenceTextKey, LicenceTexts } from "./licence-texts.ts";

/** The refusals of POST /licences/{purchaseId}/seats that the buyer is told in words of their own. */
const REFUSALS = new Set<string>([
  "no_free_seats",
  "user_not_found",
  "already_holds_seat",
  "cannot_assign_self",
  "cannot_assign_creator",
  "invalid_email",
  "already_refunded",
]);

/**
 * Why a seat could not be given, in the buyer's words (issue 23): the code names the rule; a move that is
 * not yet due says when it is (the error's date, else the licence's next move), and a purchase gone is a
 * page to reload. Anything unforeseen is a failure to try again, never a code.
 */
export function assignRefusal(
  t: LicenceTexts,
  error: unknown,
  context: { assignee: string; nextMoveAt: string | null },
): string {
  if (!(error instanceof ApiError)) return t("assign.error.other");
  const { code } = error;
  if (code === "seat_move_too_soon") {
    const date = error.earliestRetry ?? context.nextMoveAt;
    return date
      ? t("assign.error.seat_move_too_soon", { date: formatDay(date) })
      : t("assign.error.seat_move_too_soon_undated");
  }
  if (REFUSALS.has(code)) return t(`assign.error.${code}` as LicenceTextKey, { assignee: context.assignee });
  if (code === "validation_failed") return t("assign.error.empty");
  if (error.status === 404) return t("assign.error.not_found");
  return t("assign.error.other");
}
