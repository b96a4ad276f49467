import { useNavigate, useParams } from "react-router";
import { useHoldIdleRedirect } from "../../state/idle.ts";
import { useSession } from "../../state/session.ts";

/**
 * What a wizard reads first: the thing's id and the step from its address (/…/{id}/edit/{step}), and
 * whether the viewer is an admin (who sees the admin steps). While a wizard is open the idle redirect
 * is held: a person between two saves is working, even when only thinking.
 */
export function useWizardRoute(): { id: string | undefined; stepName: string | undefined; isAdmin: boolean } {
  useHoldIdleRedirect();
  const { id, step } = useParams();
  const session = useSession();
  return { id, stepName: step, isAdmin: session?.isAdmin ?? false };
}

/**
 * The addresses of a wizard's steps under `base`, and the way on from the open one: to `next`, or to
 * the status step every wizard ends on when the open step is the last or off the sequence.
 */
export function useStepNavigation(base: string, next: string | null) {
  const navigate = useNavigate();
  return {
    stepHref: (step: string) => `${base}/${step}`,
    goNext: () => navigate(`${base}/${next ?? "status"}`),
  };
}
