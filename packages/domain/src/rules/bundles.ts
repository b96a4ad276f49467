import { BUNDLE_LIMITS, BUNDLE_TYPE, bundleSavingCents } from "./commerce.ts";
import { RESOURCE_TEXT_LIMITS } from "./resource-text.ts";

/**
 * What a bundle may hold and cost (issue 22): the checks the server makes when a creator makes or
 * changes one, and the editor shows as the creator picks. The limits on counts and price are in
 * rules/commerce.ts (BUNDLE_LIMITS, PRICE_RULES) and the endpoint's schema.
 */

/**
 * A bundle's own texts: its title as a resource's (it is one on the grids), and a description of its
 * own length (a resource's 340 to 380 characters describe one resource; a bundle says what the set is).
 */
export const BUNDLE_TEXT_LIMITS = {
  title: { min: RESOURCE_TEXT_LIMITS.title.min, max: RESOURCE_TEXT_LIMITS.title.max },
  description: { min: 20, max: 1000 },
} as const;

/** One resource a creator asked to put in a bundle, as the server found it (null: no such resource). */
export interface BundleCandidate {
  id: string;
  users_id: string;
  type: string;
  price: number;
  /** Approved and active: listed on the grids. */
  listed: boolean;
}

/** Why a bundle may not hold what was asked, by field: the codes the form explains. */
export type BundleProblem =
  | "duplicate_resources"
  | "not_your_resource"
  | "resource_not_listed"
  | "bundle_in_bundle"
  | "price_not_below_sum";

/**
 * The problems of a bundle of `requestedIds` at `priceCents` made by `creatorId`, given what was found
 * of them: each one the creator's own (another's or an unknown id is the same answer, so nobody learns
 * what another creator has), listed, not itself a bundle, none twice; the price strictly below the sum
 * of their list prices. Counts and the price's range are the schema's.
 */
export function bundleProblems(input: {
  creatorId: string;
  requestedIds: readonly string[];
  found: readonly BundleCandidate[];
  priceCents: number;
}): Partial<Record<"resourceIds" | "price", BundleProblem>> {
  const problems: Partial<Record<"resourceIds" | "price", BundleProblem>> = {};
  const byId = new Map(input.found.map((r) => [r.id, r]));
  if (new Set(input.requestedIds).size !== input.requestedIds.length) {
    problems.resourceIds = "duplicate_resources";
  } else {
    for (const id of input.requestedIds) {
      const found = byId.get(id);
      if (!found || found.users_id !== input.creatorId) {
        problems.resourceIds = "not_your_resource";
        break;
      }
      if (found.type === BUNDLE_TYPE) {
        problems.resourceIds = "bundle_in_bundle";
        break;
      }
      if (!found.listed) {
        problems.resourceIds = "resource_not_listed";
        break;
      }
    }
  }
  if (!problems.resourceIds) {
    const prices = input.requestedIds.map((id) => byId.get(id)?.price ?? 0);
    if (!bundlePriceBelowSum(input.priceCents, prices)) problems.price = "price_not_below_sum";
  }
  return problems;
}

/** A bundle's price must save something: strictly below the sum of its resources' list prices. */
export function bundlePriceBelowSum(priceCents: number, includedPricesCents: readonly number[]): boolean {
  return bundleSavingCents(priceCents, includedPricesCents) > 0;
}

/** The sum of the included list prices and what the bundle saves against it, as the page shows them. */
export function bundleTotals(priceCents: number, includedPricesCents: readonly number[]) {
  return {
    sumCents: includedPricesCents.reduce((a, b) => a + b, 0),
    savingCents: bundleSavingCents(priceCents, includedPricesCents),
  };
}

/** Whether a count of picked resources is one a bundle may hold. */
export function bundleCountAllowed(count: number): boolean {
  return count >= BUNDLE_LIMITS.minResources && count <= BUNDLE_LIMITS.maxResources;
}

/**
 * The grade and subject a bundle is filed under on the grids and filters: the most common among its
 * resources (the first one's on a tie), so a set of grade 3 math units is found as grade 3 math.
 */
export function bundleCatalogueFields(items: readonly { grade: string; subject_area: string }[]) {
  const mostCommon = (values: string[]) => {
    const counts = new Map<string, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    let best = values[0] ?? "";
    for (const v of values) if ((counts.get(v) ?? 0) > (counts.get(best) ?? 0)) best = v;
    return best;
  };
  return {
    grade: mostCommon(items.map((i) => i.grade)),
    subject_area: mostCommon(items.map((i) => i.subject_area)),
  };
}
