import { DEFAULT_COLORS } from "@market/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { setApiErrorHandler, setInvalidTokenHandler } from "./api/client.ts";
import { decideInvalidTokenRedirect } from "./guards/authentication.ts";
import { reloadOnceForChunkError } from "./guards/chunk-reload.ts";
import { statusPath } from "./guards/user-permissions.ts";
import { createAppRouter } from "./router.tsx";
import { seedSiteConfiguration } from "./state/boot-data.ts";
import { raiseFooterFlag } from "./state/footer-flags.ts";
import { PERMISSIONS_KEY } from "./state/permissions.ts";
import { flagReloadAfterLogin } from "./state/post-login.ts";
import { queryClient } from "./state/query-client.ts";
import { clearSession, getSession, rememberPath } from "./state/session.ts";
import { applyColorVariables } from "./state/theme.ts";
import "./styles.css";

// The page carries the site's configuration: the first frame is painted in the admin's colours. Without
// it, the pool's defaults paint the first frame and /api/colors/values replaces them once loaded.
const boot = seedSiteConfiguration(queryClient);
applyColorVariables(document.documentElement, boot?.colors ?? DEFAULT_COLORS);

// Vite reports a failed preload of a lazily loaded screen (usually an old tab after a deploy).
window.addEventListener("vite:preloadError", (event) => {
  const error = (event as Event & { payload?: unknown }).payload;
  const reloaded = reloadOnceForChunkError(error, {
    storage: sessionStorage,
    reload: () => window.location.reload(),
    now: Date.now,
  });
  if (reloaded) event.preventDefault();
});

const router = createAppRouter();

setInvalidTokenHandler(() => {
  const { pathname, search } = router.state.location;
  const decision = decideInvalidTokenRedirect(pathname, search);
  clearSession();
  queryClient.removeQueries({ queryKey: ["users"] });
  // This tab still holds the ended session's data: the next login loads the page afresh (spec 4, step 2).
  flagReloadAfterLogin(localStorage);
  if (decision.remember) rememberPath(decision.remember);
  if (pathname !== "/login") void router.navigate(decision.to);
});

// 401 insufficient_permissions marks login locked (in the client); a deactivated user goes to their status page.
setApiErrorHandler((error, reaction) => {
  // The server failing or out of reach is what the footer's error notification reports (spec 4).
  if (error.status === 0 || error.status >= 500) raiseFooterFlag("error");
  if (reaction !== "login-locked") return;
  void queryClient.invalidateQueries({ queryKey: PERMISSIONS_KEY });
  const user = getSession()?.user;
  if (!user || error.code !== "account_deactivated") return;
  const to = statusPath(user.username);
  if (router.state.location.pathname !== to) void router.navigate(to);
});

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
