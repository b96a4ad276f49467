import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { useSession } from "../../state/session.ts";
import { helpQueries } from "./help-api.ts";

const HelpModal = lazy(() => import("./HelpModal.tsx"));

/** Pages where the terms are already the page itself, or that must stay reachable (signing out). */
const WITHOUT_MODAL = new Set(["/helpbook/accept-terms", "/terms-accepted", "/logout", "/offline"]);

/**
 * In the layout, on every page: asks GET /help/tos-changed for a signed-in user (spec 7: only when
 * authenticated; a deactivated account may see nothing but its status, spec 6) and, while changed terms are
 * pending, opens the help modal over the page. The modal's code loads only then.
 */
export function HelpTermsGate() {
  const session = useSession();
  const { pathname } = useLocation();
  const userId = session && !session.user?.is_deactivated ? session.claims.sub : null;
  const pending = useQuery({ ...helpQueries.pendingTerms(userId ?? ""), enabled: userId !== null });
  const entries = userId ? (pending.data?.entries ?? []) : [];
  if (entries.length === 0 || WITHOUT_MODAL.has(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <HelpModal entries={entries} />
    </Suspense>
  );
}
