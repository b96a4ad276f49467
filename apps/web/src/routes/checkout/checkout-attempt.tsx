import { type PaymentErrorCode, paymentErrorMessage } from "@market/domain";
import { useRef, useState } from "react";
import { ApiError } from "../../api/client.ts";
import type { PaymentFormState } from "./PaymentForm.tsx";

const newKey = () => `web-${crypto.randomUUID()}`;
const CARD_FIELDS = ["card", "cardNumber", "cardCvv"] as const;

/** What a refused payment says to the payer: the card's own reason when there is one, else the server's. */
export function describePaymentError(error: unknown): string {
  if (error instanceof ApiError) {
    const card = CARD_FIELDS.map((f) => error.fields?.[f]).find(Boolean);
    if (card) {
      try {
        return paymentErrorMessage(card as PaymentErrorCode);
      } catch {
        return error.message;
      }
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * One checkout's state, shared by every payment screen: its Idempotency-Key (kept across retries of the
 * same attempt, so a lost answer or a double click charges once; renewed after a refusal, which is final
 * for that key), whether it is paying, and what went wrong, with the server's field problems shown on
 * the payment form.
 */
export function useCheckoutAttempt(form?: PaymentFormState) {
  const key = useRef(newKey());
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function pay<T>(
    send: (headers: Record<string, string>) => Promise<T>,
    describe: (error: unknown) => string | null = () => null,
  ): Promise<T | null> {
    if (busy) return null;
    setBusy(true);
    setFailure(null);
    try {
      return await send({ "Idempotency-Key": key.current });
    } catch (error) {
      key.current = newKey();
      if (error instanceof ApiError && error.fields) form?.setServerProblems(error.fields);
      setFailure(describe(error) ?? describePaymentError(error));
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { busy, failure, setFailure, pay };
}

export function CheckoutFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-ui border border-danger p-3 font-medium text-danger">
      {message}
    </p>
  );
}
