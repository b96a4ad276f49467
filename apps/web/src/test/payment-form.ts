import { fireEvent, screen } from "@testing-library/react";

/** Fills the payment form (spec 3) the way a teacher would, with the sandbox's succeeding test card. */
export function fillPaymentForm(cardNumber = "4242 4242 4242 4242") {
  const fields: [string, string][] = [
    ["Name on card", "Tess Teacher"],
    ["Card number", cardNumber],
    ["Expiry (MM/YY)", "12/30"],
    ["Security code", "123"],
    ["Street address", "12 Elm Street"],
    ["City", "Springfield"],
    ["State (2 letters)", "IL"],
    ["ZIP code", "62701"],
  ];
  for (const [label, value] of fields) fireEvent.change(screen.getByLabelText(label), { target: { value } });
}
