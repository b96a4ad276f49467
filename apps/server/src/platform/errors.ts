import type { AuthFailureReason, ErrorBody } from "@market/domain";

/**
 * The error catalogue: stable string codes mapped to HTTP statuses. Services throw AppError; the
 * error handler turns it into `{ error, message, ... }`. Anything else becomes a logged 500 with no details.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  unauthorized: 401,
  account_deactivated: 401,
  invalid_pattern: 401,
  invalid_credentials: 403,
  forbidden: 403,
  missing_permission: 403,
  invalid_login_token: 403,
  not_found: 404,
  conflict: 409,
  account_exists: 409,
  username_taken: 409,
  favorite_limit_exceeded: 409,
  /** A resource that is active or in review is not edited (spec 4); deactivate or cancel first. */
  resource_not_editable: 409,
  /** A status action the resource's current status does not allow (spec 4: Actions). */
  invalid_resource_state: 409,
  /** Buyers own it: a sold resource is deactivated, never deleted. */
  resource_has_sales: 409,
  /** Preview upload refusals (spec 5 and 8). */
  too_large: 413,
  insufficient_dimensions: 422,
  unsupported_type: 415,
  payload_too_large: 413,
  /** The card was declined (spec: Payments); `fields` names what to change. */
  payment_declined: 402,
  /** The processor failed; nothing was charged, try again. */
  payment_failed: 502,
  payment_in_progress: 409,
  idempotency_key_reused: 409,
  already_owned: 409,
  price_changed: 409,
  not_for_sale: 409,
  tip_already_sent_today: 409,
  gift_already_claimed: 409,
  /** Reviews (issue 21): one per user and resource, by a teacher who used it, not its creator. */
  already_reviewed: 409,
  not_a_buyer: 403,
  own_resource: 403,
  /** Its author edits a review within REVIEW_LIMITS.editWindowDays of writing it (deleting has no limit). */
  edit_window_closed: 403,
  /** Nobody marks helpful or reports their own review. */
  own_review: 403,
  /** Coupon codes (issue 22): each refusal its own code, so the checkout can say why. */
  coupon_not_found: 404,
  coupon_expired: 409,
  coupon_used_up: 409,
  coupon_not_for_resource: 409,
  coupon_already_used: 409,
  coupon_code_taken: 409,
  /** A bundle whose resources the buyer owns already, paid in full: nothing is left to buy. */
  nothing_to_pay: 409,
  /** Refunds (issue 22). */
  refund_window_closed: 409,
  refund_exists: 409,
  refund_not_pending: 409,
  already_refunded: 409,
  /** A creator whose balance is below zero (a refund after a payout) is paid again once it recovers. */
  balance_negative: 409,
  /** Licences for colleagues (issue 23): giving a seat; `fields.assignee` names the field at fault. */
  invalid_email: 400,
  user_not_found: 404,
  cannot_assign_self: 409,
  cannot_assign_creator: 409,
  already_holds_seat: 409,
  no_free_seats: 409,
  seat_move_too_soon: 409,
  unsupported_media_type: 415,
  rate_limited: 429,
  offline: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Omit<ErrorBody, "error" | "message"> = {},
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export const unauthorized = (reason: AuthFailureReason, message = "Authentication required") =>
  new AppError("unauthorized", message, { reason });
export const notFound = (what = "Not found") => new AppError("not_found", what);
export const forbidden = (message = "You may not do that") => new AppError("forbidden", message);
/** A 400 naming each refused field with its code, as the forms show them beside the field. */
export const validationFailed = (fields: Record<string, string>, message = "Some fields are not valid") =>
  new AppError("validation_failed", message, { fields });
