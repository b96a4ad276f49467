import {
  FOOTER_FLAG_RESET_MS,
  FOOTER_ROTATE_MS,
  type FooterFacts,
  type FooterStep,
  footerMessageLink,
  footerMessageValues,
  footerTextKey,
  forcedFooterMessage,
  nextFooterMessage,
  START_OF_ROTATION,
  shuffleWith,
} from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { api } from "../api/client.ts";
import {
  raiseFooterFlag,
  resetFooterFlags,
  useFooterFlags,
  watchSessionForFooter,
} from "../state/footer-flags.ts";
import { type SessionView, useSession } from "../state/session.ts";
import { siteQueries, useTexts } from "../state/site-config.ts";
import { Logo } from "./Logo.tsx";
import { Button } from "./ui/index.ts";

const shuffle = shuffleWith(Math.random);

export const footerFactsKey = (sub: string) => ["users", "self", "footer-facts", sub] as const;

/** The facts of the prompt conditions, one call (GET /users/self/footer-facts), refreshed each minute. */
function useFooterFacts(session: SessionView | null): FooterFacts | null {
  const { data } = useQuery({
    queryKey: footerFactsKey(session?.claims.sub ?? ""),
    queryFn: ({ signal }) => api.call("GET /users/self/footer-facts", { signal }),
    // A deactivated account may open only offers and its status; the server answers it nothing more.
    enabled: session !== null && session.user?.is_deactivated !== true,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
  return session ? (data ?? null) : null;
}

const INITIAL: FooterStep = {
  message: { kind: "fixed", key: "account-creation" },
  rotation: START_OF_ROTATION,
};

/**
 * The footer with its rotating message (spec 4: Footer message rotation; the rule is the domain's
 * nextFooterMessage). Each message stays FOOTER_ROTATE_MS; a forced message replaces the current one at
 * once and the flags reset FOOTER_FLAG_RESET_MS after that rotation. Auto-updating text can be paused and
 * stepped by hand (WCAG 2.2.2).
 */
/** The footer's fixed links: where to browse, get help, give and advertise. */
const FOOTER_LINKS = [
  ["/new", "nav.new"],
  ["/featured", "nav.featured"],
  ["/help", "nav.help"],
  ["/publishing", "footer.link.publish"],
  ["/advertising", "footer.link.advertise"],
  ["/donation", "footer.link.donate"],
] as const;

export function Footer() {
  const t = useTexts();
  const session = useSession();
  const user = session?.user ?? null;
  const facts = useFooterFacts(session);
  const texts = useQuery(siteQueries.texts).data;
  const flags = useFooterFlags();
  const [step, setStep] = useState<FooterStep>(INITIAL);
  const [paused, setPaused] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => watchSessionForFooter(), []);

  // The latest inputs, read when the timer fires, so the timer does not restart on every fetch.
  const inputs = useRef({ user, facts, flags, texts });
  inputs.current = { user, facts, flags, texts };
  const emailVerified = user?.email_verified ?? true;
  const loaded = user !== null;

  /** One step; `fresh` drops the current cycle, so the next one is built from what is known now. */
  const rotate = useCallback((fresh = false) => {
    const now = inputs.current;
    setStep((previous) =>
      nextFooterMessage({
        user: now.user ? { emailVerified: now.user.email_verified } : null,
        facts: now.facts,
        flags: now.flags,
        texts: now.texts ?? {},
        rotation: fresh ? START_OF_ROTATION : previous.rotation,
        shuffle,
      }),
    );
    setTick((n) => n + 1);
  }, []);

  // A user who comes back with an unverified address is reminded first (the forced mail verification).
  useEffect(() => {
    if (loaded && !emailVerified) raiseFooterFlag("needsMailVerification");
  }, [loaded, emailVerified]);

  // A forced message takes priority: shown at once, not at the next tick. Only a message that is true
  // now is forced: a visitor is never told they are signed in.
  const forced = forcedFooterMessage(flags, loaded ? { emailVerified } : null);
  const forcedKey = forced ? footerTextKey(forced) : null;
  useEffect(() => {
    if (forcedKey) rotate();
  }, [forcedKey, rotate]);
  // A user loading or leaving, or the facts arriving, starts a new cycle at once: one built before the
  // facts were known holds none of the conditional prompts.
  const hasFacts = facts !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: these changes are what start a new step
  useEffect(() => {
    rotate(true);
  }, [loaded, hasFacts, rotate]);

  // Flags reset FOOTER_FLAG_RESET_MS after the footer rotated to their message (spec 4 and 9), however
  // often it is stepped meanwhile.
  useEffect(() => {
    if (!forcedKey) return;
    const timer = setTimeout(resetFooterFlags, FOOTER_FLAG_RESET_MS);
    return () => clearTimeout(timer);
  }, [forcedKey]);

  // The next message after FOOTER_ROTATE_MS, counted from the last rotation, unless paused.
  useEffect(() => {
    if (paused || tick === 0) return;
    const timer = setTimeout(() => rotate(), FOOTER_ROTATE_MS);
    return () => clearTimeout(timer);
  }, [paused, tick, rotate]);

  const { message } = step;
  const text = t(footerTextKey(message), {
    count: facts ? facts.resourcesCount.toLocaleString("en-US") : "",
    // Never an empty name: an account without a first name is greeted by its username.
    name: user?.first_name?.trim() || user?.username || "",
    // The review prompt's resource, carried by the message itself.
    ...footerMessageValues(message),
  });
  const link = footerMessageLink(message);
  const isForced = forced !== null && footerTextKey(forced) === footerTextKey(message);
  const label = (key: string, fallback: string) => (t(key) === key ? fallback : t(key));

  return (
    <footer className="mt-12 border-t border-line bg-wash">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-5 sm:flex-row sm:items-center">
        <p
          className="min-h-6 flex-1 text-sm font-medium"
          data-testid="footer-message"
          data-message={footerTextKey(message)}
          aria-live={isForced ? "polite" : "off"}
        >
          {link ? (
            <Link to={link} className="underline decoration-dotted underline-offset-4 hover:decoration-solid">
              {text}
            </Link>
          ) : (
            text
          )}
        </p>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="xs"
            aria-pressed={paused}
            onClick={() => setPaused((value) => !value)}
          >
            {paused ? label("footer.resume", "Resume messages") : label("footer.pause", "Pause messages")}
          </Button>
          <Button variant="secondary" size="xs" onClick={() => rotate()}>
            {label("footer.next", "Next message")}
          </Button>
        </div>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex max-w-xs flex-col gap-2">
            <Logo />
            <p className="text-sm text-muted">{t("site.tagline")}</p>
          </div>
          <nav aria-label={t("footer.linksLabel")}>
            <ul className="grid grid-cols-2 gap-x-10 gap-y-2 text-sm sm:grid-cols-3">
              {FOOTER_LINKS.map(([to, key]) => (
                <li key={to}>
                  <Link to={to} className="text-ink hover:underline">
                    {t(key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className="mx-auto max-w-6xl px-4 pb-8 text-sm text-muted">
          © {new Date().getFullYear()} {t("footer.copyright")}
        </p>
      </div>
    </footer>
  );
}
