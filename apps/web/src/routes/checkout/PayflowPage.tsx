import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { LinkButton } from "../../components/ui/index.ts";
import { type CheckoutOutcome, payflow } from "../../state/payflow.ts";

const MESSAGES: Record<CheckoutOutcome, { title: string; body: string }> = {
  success: { title: "Payment complete", body: "Your payment went through. Thank you!" },
  canceled: { title: "Payment canceled", body: "The payment was canceled; nothing was charged." },
  error: {
    title: "Payment failed",
    body: "The payment did not go through and nothing was charged. Please try again.",
  },
};

/**
 * /payflow/success|cancel|error: where a checkout that left the page (a processor's redirect) lands. The
 * outcome is settled by the payflow state (error, then canceled, then success) and locked until the
 * visitor leaves with the link, which unlocks it.
 */
export default function PayflowPage() {
  const path = useLocation().pathname;
  const reported: CheckoutOutcome = path.endsWith("/error")
    ? "error"
    : path.endsWith("/cancel")
      ? "canceled"
      : "success";
  const [outcome, setOutcome] = useState<CheckoutOutcome | null>(null);
  useEffect(() => {
    payflow.report(reported);
    setOutcome(payflow.finish());
  }, [reported]);
  const shown = MESSAGES[outcome ?? reported];
  return (
    <section className="flex max-w-2xl flex-col items-start gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{shown.title}</h1>
      <p role="status">{shown.body}</p>
      <LinkButton variant="primary" to="/" onClick={() => payflow.unlock()}>
        Continue
      </LinkButton>
    </section>
  );
}
