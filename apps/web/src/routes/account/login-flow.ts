import type { LoginResponse } from "@market/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { api } from "../../api/client.ts";
import { authFlags } from "../../api/error-reactions.ts";
import { adBlockerDetected } from "../../state/ad-blocker.ts";
import { decideAfterLogin } from "../../state/post-login.ts";
import { selfUserKey } from "../../state/self-user.ts";
import { decodeAccessClaims, storeSession } from "../../state/session.ts";
import { siteQueries } from "../../state/site-config.ts";

/**
 * Finishes any login (password, e-mailed link, verification link): stores the session, runs the domain's
 * post-login order with the stored state, posts a buffered ref code, then goes where the decision says.
 */
export function useFinishLogin(): (result: LoginResponse) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const next = search.get("next");
  return useCallback(
    async (result: LoginResponse) => {
      storeSession(result.accessToken, result.user);
      authFlags.set({ loginLocked: false, invalidCredentials: false });
      await queryClient.invalidateQueries({ queryKey: ["users", "self", "permissions"] });
      queryClient.setQueryData(selfUserKey(decodeAccessClaims(result.accessToken)?.sub ?? ""), result.user);
      const settings = queryClient.getQueryData(siteQueries.settings.queryKey);
      const decision = decideAfterLogin(result, {
        storage: localStorage,
        next,
        donatedAdFreeMode: settings?.donatedAdFreeMode ?? false,
        adBlockerDetected: adBlockerDetected(),
      });
      if (decision.postRefCode) {
        // A referral that cannot be applied must not stand between the user and the site.
        await api.post("/auth/refCode", { refCode: decision.postRefCode }).catch(() => undefined);
      }
      if (decision.reload) window.location.assign(decision.route);
      else navigate(decision.route, { replace: true });
    },
    [navigate, queryClient, next],
  );
}
