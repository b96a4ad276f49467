import { abbreviateNumber } from "@market/domain";
import * as Dialog from "@radix-ui/react-dialog";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { ApiError, api, type ResponseOf } from "../../api/client.ts";
import { AdSlot } from "../../components/AdSlot.tsx";
import { Avatar } from "../../components/Avatar.tsx";
import { formatIsoDate } from "../../components/format.ts";
import { useDelayedOpen } from "../../components/grid-hooks.ts";
import { GridMessage, GridSkeleton, ResourceGrid } from "../../components/ResourceGrid.tsx";
import { SharePanel } from "../../components/SharePanel.tsx";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { Toast } from "../../components/Toast.tsx";
import { Button, buttonClass, LinkButton } from "../../components/ui/index.ts";
import { useFollowToggle } from "../../state/engagement.ts";
import { rememberPath, useSession } from "../../state/session.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { type CatalogueTexts, useCatalogueTexts } from "../catalogue/catalogue-texts.ts";
import { MessageSection } from "../conversations/MessageSection.tsx";
import { CreatorRatingBadge, CreatorRatingFact } from "./CreatorRating.tsx";
import { FIRST_REQUEST, hasMore } from "./portfolio-loader.ts";
import { type PortfolioSource, usePortfolioResources } from "./use-portfolio.ts";

/** The sections of the portfolio modal for a public profile and of the own-account modal (spec 2). */
export const PUBLIC_SECTIONS = ["resources", "about", "share", "message", "tip"] as const;
export const OWN_SECTIONS = ["resources", "about", "share", "settings", "status"] as const;
type Section = (typeof PUBLIC_SECTIONS)[number] | (typeof OWN_SECTIONS)[number];
/** Own-account sections that are pages of their own rather than parts of the modal. */
const PAGE_SECTIONS: ReadonlySet<Section> = new Set(["settings", "status"]);

export function sectionFromPath(pathname: string): Section {
  const last = pathname.replace(/\/$/, "").split("/").at(-1) ?? "";
  return ([...PUBLIC_SECTIONS, ...OWN_SECTIONS] as readonly string[]).includes(last)
    ? (last as Section)
    : "resources";
}

/** A profile's owner as its summary names them. */
type UserSummary = ResponseOf<"GET /users/:id/summary">["user"];

export function summaryQuery(username: string) {
  return {
    queryKey: ["users", "summary", username.toLowerCase()],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.call("GET /users/:id/summary", { params: { id: `@${username}` }, signal }),
  };
}

/**
 * /profile/@{username} (and its sections) and /portfolio: the portfolio opens as a dialog over the page with its
 * own URL. Sections replace the entry, so Back closes the dialog; an unknown portfolio (404) goes home (spec 8).
 */
export default function PortfolioScreen() {
  const t = useCatalogueTexts();
  const { handle } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const ownUsername = session?.user?.username ?? null;
  const username = handle ? decodeURIComponent(handle).replace(/^@/, "") : ownUsername;
  const summary = useQuery({ ...summaryQuery(username ?? ""), enabled: username !== null });
  const notFound = summary.error instanceof ApiError && summary.error.status === 404;
  const open = useDelayedOpen(summary.data !== undefined || summary.isError);

  useEffect(() => {
    if (session === null && username === null) {
      rememberPath(location.pathname);
      navigate("/login", { replace: true });
    } else if (notFound) navigate("/", { replace: true });
  }, [session, username, notFound, navigate, location.pathname]);

  const close = () => {
    if (location.key !== "default") navigate(-1);
    else navigate("/");
  };

  if (username === null || notFound) return null;
  const user = summary.data?.user;
  const isOwn = user !== undefined && session !== null && session.claims.sub === user.id;
  const section = sectionFromPath(location.pathname);
  const sections = isOwn ? OWN_SECTIONS : PUBLIC_SECTIONS;
  const base = `/profile/@${encodeURIComponent(user?.username ?? username)}`;
  const title = isOwn
    ? t("portfolio.ownTitle")
    : t("portfolio.title", { name: user?.first_name ?? username });

  return (
    <>
      {open ? null : (
        <p role="status" className="sr-only">
          {t("portfolio.loading")}
        </p>
      )}
      <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : close())}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-x-2 top-4 bottom-4 z-50 mx-auto flex max-w-5xl flex-col overflow-hidden rounded-ui bg-paper shadow-xl sm:inset-x-6"
          >
            <div className="flex items-start justify-between gap-4 border-b border-line p-4 sm:p-6">
              <div>
                <Dialog.Title asChild>
                  <h1 className="text-2xl font-bold">{title}</h1>
                </Dialog.Title>
                {user ? <CreatorRatingBadge rating={user.rating} /> : null}
              </div>
              <Dialog.Close className={buttonClass("secondary", "sm")}>{t("portfolio.close")}</Dialog.Close>
            </div>
            {user ? (
              <>
                <nav aria-label={t("portfolio.sections")} className="border-b border-line px-4 sm:px-6">
                  <ul className="flex flex-wrap gap-1">
                    {sections.map((name) => (
                      <li key={name}>
                        <Link
                          to={`${base}/${name}`}
                          replace={!PAGE_SECTIONS.has(name)}
                          aria-current={name === section ? "page" : undefined}
                          className={`inline-block border-b-2 px-3 py-2 font-medium ${
                            name === section ? "border-ink" : "border-transparent text-muted hover:text-ink"
                          }`}
                        >
                          {t(`portfolio.section.${name}`)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </nav>
                <div className="flex-1 overflow-y-auto p-4 sm:p-6">
                  <SiteBanner imageKey="portfolio" className="mb-6" />
                  <SectionBody section={section} user={user} isOwn={isOwn} t={t} />
                </div>
              </>
            ) : (
              <div className="p-6">
                <GridMessage
                  action={
                    <Button variant="secondary" onClick={() => void summary.refetch()}>
                      {t("resource.retry")}
                    </Button>
                  }
                >
                  <span role="alert">{t("portfolio.loadFailed")}</span>
                </GridMessage>
              </div>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

function SectionBody({
  section,
  user,
  isOwn,
  t,
}: {
  section: Section;
  user: UserSummary;
  isOwn: boolean;
  t: CatalogueTexts;
}) {
  const base = `/profile/@${encodeURIComponent(user.username)}`;
  switch (section) {
    case "about":
      return <AboutSection user={user} isOwn={isOwn} />;
    case "share":
      return <SharePanel uri={base} />;
    case "message":
      return <MessageSection user={user} isOwn={isOwn} />;
    case "tip":
      return (
        <LinkedSentence
          text={t("portfolio.tip", { name: user.first_name })}
          to={`/tip/${encodeURIComponent(user.id)}`}
          link={t("portfolio.tipLink", { name: user.first_name })}
        />
      );
    case "settings":
      return (
        <LinkedSentence
          text={t("portfolio.settings")}
          to={`${base}/settings`}
          link={t("portfolio.settingsLink")}
        />
      );
    case "status":
      return (
        <LinkedSentence text={t("portfolio.status")} to={`${base}/status`} link={t("portfolio.statusLink")} />
      );
    default:
      return <ResourcesSection user={user} isOwn={isOwn} />;
  }
}

/** A section that lives on another page: a sentence and the link there. */
function LinkedSentence({ text, to, link }: { text: string; to: string; link: string }) {
  return (
    <p>
      {text}{" "}
      <Link to={to} className="font-medium underline">
        {link}
      </Link>
    </p>
  );
}

function AboutSection({ user, isOwn }: { user: UserSummary; isOwn: boolean }) {
  const t = useCatalogueTexts();
  const follow = useFollowToggle(user, user.isFollowedByMe, `/profile/@${user.username}/about`);
  return (
    <section className="flex flex-col gap-6 sm:flex-row sm:items-start">
      <Avatar
        locator={user.avatar_locator}
        name={user.first_name}
        alt={t("portfolio.avatar", { name: user.first_name })}
        size={135}
      />
      <div className="flex flex-col gap-3">
        <h2 className="text-xl font-semibold">{user.first_name}</h2>
        <p className="text-muted">@{user.username}</p>
        <p>{t("portfolio.joined", { date: formatIsoDate(user.joined) })}</p>
        <dl className="flex flex-wrap gap-x-8 gap-y-3">
          <div>
            <dt className="text-sm text-muted">{t("portfolio.resourceCount")}</dt>
            <dd className="text-xl font-bold">{abbreviateNumber(user.resourceCount)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{t("portfolio.followers")}</dt>
            <dd className="text-xl font-bold">{abbreviateNumber(user.followerCount)}</dd>
          </div>
          <CreatorRatingFact rating={user.rating} />
        </dl>
        {isOwn ? null : (
          <div>
            <Button
              variant="secondary"
              aria-pressed={follow.isFollowedByMe}
              disabled={follow.busy}
              onClick={() => void follow.toggle()}
            >
              {t(follow.isFollowedByMe ? "follow.following" : "follow.follow")}
            </Button>
            {follow.followUserError ? (
              <p role="alert" className="mt-2 text-sm font-medium text-danger">
                {t("follow.failed")}
              </p>
            ) : null}
          </div>
        )}
      </div>
      <Toast notice={follow.notice} />
    </section>
  );
}

function portfolioSource(user: UserSummary, isOwn: boolean): PortfolioSource {
  const chunk: PortfolioSource["chunk"] = (offset, limit, signal) =>
    api.call("GET /users/:id/resources", { params: { id: user.id }, query: { offset, limit }, signal });
  if (isOwn)
    return {
      key: `own:${user.id}`,
      first: async (signal) => {
        const own = await api.call("GET /users/self/resources", { signal });
        return { resources: own.initResources, buffered: own.extraResources, total: own.total };
      },
      chunk,
    };
  return {
    key: `public:${user.id}`,
    first: (signal) => chunk(FIRST_REQUEST.offset, FIRST_REQUEST.limit, signal),
    chunk,
  };
}

function ResourcesSection({ user, isOwn }: { user: UserSummary; isOwn: boolean }) {
  const t = useCatalogueTexts();
  const settings = useSiteSettings();
  const source = useMemo(() => portfolioSource(user, isOwn), [user, isOwn]);
  const { state, more, retry } = usePortfolioResources(source);
  const sentinel = useRef<HTMLDivElement>(null);
  const canLoadMore = hasMore(state);

  const shownCount = state.shown.length;
  // Observed afresh after each reveal: a sentinel still in view after new cells asks for the next chunk too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: shownCount re-creates the observer on purpose
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !canLoadMore || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) more();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [canLoadMore, more, shownCount]);

  if (state.shown.length === 0) {
    if (state.status === "failed")
      return (
        <GridMessage
          action={
            <Button variant="secondary" onClick={retry}>
              {t("resource.retry")}
            </Button>
          }
        >
          <span role="alert">{t("portfolio.loadFailed")}</span>
        </GridMessage>
      );
    if (state.status !== "ready") return <GridSkeleton count={8} />;
    return (
      <GridMessage
        action={
          isOwn ? (
            <LinkButton variant="primary" to="/resources/edit">
              {t("portfolio.publish")}
            </LinkButton>
          ) : undefined
        }
      >
        {isOwn ? t("portfolio.ownEmpty") : t("portfolio.empty", { name: user.first_name })}
      </GridMessage>
    );
  }

  return (
    <section aria-busy={state.status === "loading"}>
      {isOwn ? (
        <div className="mb-4 flex justify-end">
          <LinkButton variant="secondary" to="/bundles/new">
            {t("portfolio.makeBundle")}
          </LinkButton>
        </div>
      ) : null}
      {settings.showAds.portfolio ? <AdSlot type="1" className="mb-6" /> : null}
      <ResourceGrid resources={state.shown} total={state.total} showAds={false} />
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <div className="mt-6 flex flex-col items-center gap-2">
        <p className="text-sm text-muted" role="status">
          {t("portfolio.shownOf", { shown: String(state.shown.length), total: String(state.total) })}
        </p>
        {state.status === "failed" ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {t("portfolio.loadFailed")}
          </p>
        ) : null}
        {canLoadMore || state.status === "failed" ? (
          <Button
            variant="secondary"
            onClick={more}
            disabled={state.revealPending && state.status === "loading"}
          >
            {state.revealPending && state.status === "loading"
              ? t("portfolio.loadingMore")
              : t("portfolio.loadMore")}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
