import { useQuery } from "@tanstack/react-query";
import { type RefObject, useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from "react-router";
import { loadingBar } from "../api/loading-bar.ts";
import { HelpTermsGate } from "../routes/help/HelpTermsGate.tsx";
import { useAdBlockerCheck } from "../state/ad-blocker.ts";
import { useIdleRedirect } from "../state/idle.ts";
import { useSelfUserSync } from "../state/self-user.ts";
import { useSession } from "../state/session.ts";
import { siteQueries, useColors, useTexts } from "../state/site-config.ts";
import { applyColorVariables, applyCssOverride } from "../state/theme.ts";
import { CaptchaHost } from "./CaptchaHost.tsx";
import { FirstFrame } from "./FirstFrame.tsx";
import { Footer } from "./Footer.tsx";
import { Header } from "./Header.tsx";
import { LoadingBar } from "./LoadingBar.tsx";
import { NetworkBanner } from "./NetworkBanner.tsx";
import { scrollKey } from "./scroll-key.ts";
import { AppToast } from "./Toast.tsx";

export interface RouteHandle {
  title: string;
  purpose: string;
}

function useSiteStyles() {
  const colors = useColors();
  const cssOverride = useQuery(siteQueries.cssOverride).data;
  useEffect(() => {
    if (colors) applyColorVariables(document.documentElement, colors);
  }, [colors]);
  useEffect(() => {
    if (cssOverride !== undefined) applyCssOverride(cssOverride);
  }, [cssOverride]);
}

function useDocumentTitle(siteName: string) {
  const matches = useMatches();
  const title = (matches.at(-1)?.handle as RouteHandle | undefined)?.title;
  useEffect(() => {
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);
}

/** Route changes that wait for a screen's code or data drive the loading bar like API calls do. */
function useNavigationProgress() {
  const busy = useNavigation().state !== "idle";
  useEffect(() => {
    if (!busy) return;
    const end = loadingBar.begin();
    return () => end(true);
  }, [busy]);
}

/** After a client-side navigation, focus moves to the new page so screen readers start there. */
function useFocusOnNavigate(target: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    target.current?.focus({ preventScroll: true });
  }, [pathname]);
}

export function RootLayout() {
  const t = useTexts();
  const session = useSession();
  const mainRef = useRef<HTMLElement>(null);
  useSiteStyles();
  useDocumentTitle(t("site.name"));
  useNavigationProgress();
  useFocusOnNavigate(mainRef);
  useSelfUserSync(session);
  useIdleRedirect();
  useAdBlockerCheck();

  return (
    <div className="flex min-h-dvh flex-col">
      <LoadingBar />
      <a
        href="#main"
        className="sr-only z-50 rounded-ui bg-paper px-4 py-2 font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t("a11y.skipToContent")}
      </a>
      <Header />
      <NetworkBanner />
      <main
        ref={mainRef}
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-dvh w-full max-w-6xl flex-1 px-4 py-6 outline-none"
      >
        <Outlet />
      </main>
      <Footer />
      <AppToast />
      <CaptchaHost />
      <HelpTermsGate />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

/** Shown while the first route's guards run (configuration and session) before anything renders. */
export function AppLoading() {
  const t = useTexts();
  return (
    <div className="flex min-h-dvh flex-col">
      <LoadingBar />
      <FirstFrame siteName={t("site.name")} />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6" aria-busy="true" />
    </div>
  );
}
