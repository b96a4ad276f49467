import type { PublishingResource } from "@market/domain";
import { PUBLISHING_KEY } from "./PublishingPage.tsx";
import type { PublishingTexts } from "./publishing-texts.ts";

/**
 * What the wizard (ResourceWizard.tsx) and its steps share, apart from both: the wizard imports every
 * step, so a step, or a page that only needs the query key, importing the wizard would close a circle.
 */
export const editQueryKey = (id: string) => [...PUBLISHING_KEY, "edit", id] as const;

/** What each step gets: the resource, and `save` that stores a change and moves on. */
export interface StepProps {
  resource: PublishingResource;
  t: PublishingTexts;
  /** PATCHes `patch` with the next step remembered, then opens the next step; resolves with field problems. */
  save: (patch: Record<string, unknown>) => Promise<Record<string, string> | null>;
  goNext: () => void;
  refresh: () => Promise<unknown>;
  isAdmin: boolean;
}
