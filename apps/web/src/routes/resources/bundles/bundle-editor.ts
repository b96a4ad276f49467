import {
  BUNDLE_LIMITS,
  type BundleChoice,
  bundleCountAllowed,
  bundlePriceBelowSum,
  bundleTotals,
  dollarsToCents,
  PRICE_RULES,
} from "@market/domain";

/** What the editor's summary shows as the creator picks and prices: the domain's rules, live. */
export interface EditorSummary {
  count: number;
  sumCents: number;
  /** The typed price in cents, or null while it is not an amount. */
  priceCents: number | null;
  savingCents: number;
  countProblem: "tooFew" | "tooMany" | null;
  priceProblem: "priceInvalid" | "priceNotBelow" | null;
}

export function editorSummary(
  choices: readonly BundleChoice[],
  picked: readonly string[],
  priceText: string,
): EditorSummary {
  const byId = new Map(choices.map((c) => [c.id, c]));
  const prices = picked.flatMap((id) => {
    const choice = byId.get(id);
    return choice ? [choice.price] : [];
  });
  const parsed = priceText.trim() ? dollarsToCents(priceText) : null;
  const priceCents =
    parsed !== null && parsed >= PRICE_RULES.minCents && parsed <= PRICE_RULES.maxCents ? parsed : null;
  const { sumCents, savingCents } = bundleTotals(priceCents ?? 0, prices);
  const count = prices.length;
  return {
    count,
    sumCents,
    priceCents,
    savingCents: priceCents === null ? 0 : savingCents,
    countProblem: bundleCountAllowed(count)
      ? null
      : count < BUNDLE_LIMITS.minResources
        ? "tooFew"
        : "tooMany",
    priceProblem:
      priceCents === null
        ? "priceInvalid"
        : count > 0 && !bundlePriceBelowSum(priceCents, prices)
          ? "priceNotBelow"
          : null,
  };
}

/** The choices whose title, grade or subject holds every typed word (case aside). */
export function matchingChoices(choices: readonly BundleChoice[], q: string): BundleChoice[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...choices];
  return choices.filter((c) => {
    const text = `${c.title} ${c.grade} ${c.subject_area}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Cents as the price field shows dollars ("12.50"). */
export const centsToDollarText = (cents: number) => (cents / 100).toFixed(2);
