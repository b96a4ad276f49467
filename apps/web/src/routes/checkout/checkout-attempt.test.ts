import { paymentErrorMessage } from "@market/domain";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client.ts";
import { describePaymentError, useCheckoutAttempt } from "./checkout-attempt.tsx";

const declined = new ApiError(402, {
  error: "payment_declined",
  message: "declined",
  fields: { card: "card_declined" },
});

describe("useCheckoutAttempt", () => {
  it("keeps one Idempotency-Key for an attempt and takes a new one after a refusal", async () => {
    const { result } = renderHook(() => useCheckoutAttempt());
    const keys: string[] = [];
    await act(async () => {
      await result.current.pay(async (headers) => {
        keys.push(headers["Idempotency-Key"]!);
        throw declined;
      });
    });
    expect(result.current.failure).toBe(paymentErrorMessage("card_declined"));
    let answer: string | null = null;
    await act(async () => {
      answer = await result.current.pay(async (headers) => {
        keys.push(headers["Idempotency-Key"]!);
        return "paid";
      });
    });
    expect(answer).toBe("paid");
    expect(result.current.failure).toBeNull();
    expect(keys[0]).toMatch(/^web-/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("says a screen's own words when it has them, else the card's reason, else the server's", () => {
    expect(describePaymentError(declined)).toBe(paymentErrorMessage("card_declined"));
    expect(
      describePaymentError(new ApiError(409, { error: "already_owned", message: "You already own this" })),
    ).toBe("You already own this");
  });
});
