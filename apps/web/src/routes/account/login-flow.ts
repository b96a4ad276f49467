import type { LoginResponse } from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { api } from "../../api/client.ts";
import { authFlags } from "../../api/error-reactions.ts";
import { mayOpenAfterLogin } from "../../guards/authentication.ts";
import { missingFlags, type PermissionsResponse } from "../../guards/user-permissions.ts";
import { adBlockerDetected } from "../../state/ad-blocker.ts";
import { lowerFooterFlag } from "../../state/footer-flags.ts";
import { loadPermissions, PERMISSIONS_KEY } from "../../state/permissions.ts";
import { decideAfterLogin } from "../../state/post-login.ts";
import { selfUserKey } from "../../state/self-user.ts";
import { decodeAccessClaims, getSession, storeSession } from "../../state/session.ts";
import { greetingName, noticeSession } from "../../state/session-notices.ts";
import { siteSettingsIn } from "../../state/site-config.ts";
import { type AccessOfPath, useAccessOfPath } from "../route-access.ts";

/**
 * Where a login really goes: the post-login decision's route when the signed-in user may open it, else the
 * home page with a notice (issue 18: a teacher whose remembered page was an admin page was sent back to the
 * login form, which looked like a failed login).
 */
export function routeAfterLogin(
  route: string,
  isAdmin: boolean,
  permissions: PermissionsResponse | null,
  accessOfPath: AccessOfPath,
): { route: string; refused: boolean } {
  const path = route.split(/[?#]/)[0] ?? "/";
  const allowed = mayOpenAfterLogin({
    access: accessOfPath(path),
    isAdmin,
    missingFlags: missingFlags(path, permissions),
  });
  return allowed ? { route, refused: false } : { route: "/", refused: true };
}

/**
 * Finishes any login (password, e-mailed link, verification link): stores the session, reads the account's
 * permissions (a failure clears the session again, spec 8), runs the domain's post-login order with the
 * stored state, posts a buffered ref code, then goes where the decision says if the user may open it, and
 * says what happened in a toast.
 */
export function useFinishLogin(): (result: LoginResponse) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accessOfPath = useAccessOfPath();
  const [search] = useSearchParams();
  const next = search.get("next");
  return useCallback(
    async (result: LoginResponse) => {
      storeSession(result.accessToken, result.user);
      authFlags.set({ loginLocked: false, invalidCredentials: false });
      await queryClient.invalidateQueries({ queryKey: PERMISSIONS_KEY });
      queryClient.setQueryData(selfUserKey(decodeAccessClaims(result.accessToken)?.sub ?? ""), result.user);
      const permissions = await loadPermissions(queryClient);
      // The permissions could not be read: the session is cleared and the notice says so; stay here.
      if (!getSession()) return;
      const decision = decideAfterLogin(result, {
        storage: localStorage,
        next,
        donatedAdFreeMode: siteSettingsIn(queryClient).donatedAdFreeMode,
        adBlockerDetected: adBlockerDetected(),
      });
      if (decision.postRefCode) {
        // A referral that cannot be applied must not stand between the user and the site.
        await api
          .call("POST /auth/refCode", { body: { refCode: decision.postRefCode } })
          .catch(() => undefined);
      }
      const isAdmin = decodeAccessClaims(result.accessToken)?.scopes.includes("admin") ?? false;
      const { route, refused } = routeAfterLogin(decision.route, isAdmin, permissions, accessOfPath);
      const verified = result.tokenEvent === "verify-email";
      if (verified) lowerFooterFlag("needsMailVerification");
      noticeSession(
        refused ? "session.targetRefused" : verified ? "session.verified" : "session.signedIn",
        { name: greetingName(result.user) },
        queryClient,
      );
      if (decision.reload) window.location.assign(route);
      else navigate(route, { replace: true });
    },
    [navigate, queryClient, next, accessOfPath],
  );
}
