import type { ResourceDetail } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { ApiError } from "../../api/client.ts";
import { AdSlot } from "../../components/AdSlot.tsx";
import { Avatar } from "../../components/Avatar.tsx";
import { useAfterFirstPaint } from "../../components/after-first-paint.ts";
import { isNumberedGrade } from "../../components/format.ts";
import { useNearViewport } from "../../components/near-viewport.ts";
import { RichText } from "../../components/RichText.tsx";
import { SharePanel } from "../../components/SharePanel.tsx";
import { newestNotice } from "../../components/Toast.tsx";
import {
  Badge,
  Button,
  Dialog,
  LinkButton,
  LoadingPlaceholder,
  RatingBadge,
  ScreenFailure,
  Skeleton,
  Toast,
  useTimedNotice,
} from "../../components/ui/index.ts";
import { useFavoriteToggle, useFollowToggle } from "../../state/engagement.ts";
import { useSession } from "../../state/session.ts";
import { useCatalogueTexts } from "../catalogue/catalogue-texts.ts";
import { AlsoInBundles, BundleIncluded } from "./bundles/BundleSections.tsx";
import { PreviewGallery } from "./PreviewGallery.tsx";
import { PriceBar, PriceBox, type PriceBoxState } from "./PriceBox.tsx";
import { ResourceFiles } from "./ResourceFiles.tsx";
import { libraryEntryQuery, mainFileOf, resourceDetailQuery } from "./resource-query.ts";
import { useReviewTexts } from "./reviews/review-texts.ts";
import { useFileDownload } from "./use-download.ts";
import { useViewBeacon } from "./view-beacon.ts";

// The reviews (and the prompt to write one) load after the first paint, as chunks of their own: the first
// screen is the resource, and a visitor's first load carries no review code.
const ReviewsSection = lazy(() => import("./reviews/ReviewsSection.tsx"));
const ReviewPrompt = lazy(() => import("./reviews/ReviewPrompt.tsx"));

/** /resources/{id} and /resources/{id}/view: the id may be the name; an unknown id goes to /resource-not-found. */
export default function ResourcePage() {
  const t = useCatalogueTexts();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const query = useQuery(resourceDetailQuery(id));
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  // Counts the view once the page is shown (issue 23): sent after rendering, never waited for.
  useViewBeacon(query.data);

  useEffect(() => {
    if (notFound) navigate("/resource-not-found", { replace: true });
  }, [notFound, navigate]);

  if (query.data) return <ResourceView resource={query.data} />;
  if (query.isError && !notFound)
    return (
      <ScreenFailure
        title={t("resource.loadFailed")}
        retry={{ label: t("resource.retry"), onRetry: () => void query.refetch() }}
      />
    );
  return (
    <LoadingPlaceholder label={t("grid.loading")} className="grid gap-8 md:grid-cols-[minmax(0,1fr)_21rem]">
      <div className="flex flex-col gap-4">
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="aspect-[692/896] w-full sm:max-w-md" />
      </div>
      <Skeleton className="h-72 rounded-card" />
    </LoadingPlaceholder>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-3">
      <dt className="font-medium sm:w-36 sm:shrink-0">{label}</dt>
      <dd className="text-muted">{children}</dd>
    </div>
  );
}

function TagList({ items }: { items: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item}>
          <Badge>{item}</Badge>
        </li>
      ))}
    </ul>
  );
}

/**
 * The rating under the title, a link to the reviews; nothing at all before the first review. The link is
 * named by what it shows (the badge's "Rated 4.6 out of 5, 23 reviews") and where it goes, never by a
 * label that would hide the visible figures from voice control.
 */
function RatingLink({ rating }: { rating: ResourceDetail["rating"] }) {
  const t = useReviewTexts();
  if (rating.average === null || rating.count === 0) return null;
  return (
    <a href="#reviews" className="self-start rounded-ui underline-offset-2 hover:underline">
      <RatingBadge rating={rating} />
      <span className="sr-only"> {t("reviews.readAll")}</span>
    </a>
  );
}

/**
 * What the signed-in viewer has of this resource, and so what the price box offers. `asTeacher`: as a
 * teacher who has not bought it sees it (the creator's preview before submitting).
 */
function useOwnership(resource: ResourceDetail, asTeacher = false) {
  const session = useSession();
  const viewerId = session?.claims.sub ?? "";
  const isCreator = !asTeacher && viewerId !== "" && viewerId === resource.users_model.id;
  const entry = useQuery({
    ...libraryEntryQuery(viewerId, resource.id),
    enabled: session !== null && !isCreator && !asTeacher,
  });
  const item = entry.data?.item ?? null;
  // isOwned says so at once after a purchase or a claim; an admin's isOwned is a right to the file, not a purchase.
  const owned = !asTeacher && (item !== null || (resource.isOwned && !session?.isAdmin));
  const state: PriceBoxState = isCreator
    ? "creator"
    : owned
      ? "owned"
      : resource.price === 0
        ? "free"
        : "paid";
  return { state, item: isCreator ? null : item, isCreator };
}

/**
 * The page of a resource. `preview`: as teachers will see it, for its creator before submitting (the
 * publishing wizard): no ads, and the title is not the screen's heading.
 */
export function ResourceView({ resource, preview = false }: { resource: ResourceDetail; preview?: boolean }) {
  const t = useCatalogueTexts();
  const creator = resource.users_model;
  const path = `/resources/${encodeURIComponent(resource.name)}`;
  const favorite = useFavoriteToggle(resource.id, resource.isFavorited, path);
  const follow = useFollowToggle(creator, resource.isCreatorFollowed, path);
  const [sharing, setSharing] = useState(false);
  const { state, item, isCreator } = useOwnership(resource, preview);
  const signedIn = useSession() !== null;
  const Title = preview ? "h3" : "h1";
  const mainFile = mainFileOf(resource, state === "owned" || state === "creator");
  const download = useFileDownload({
    resource,
    file: mainFile ?? { id: "", name: "" },
    thankAfter: true,
  });
  const box = { resource, state, item, download, mainFile };
  // A visitor's download of the main file is thanked where the eye is, by the toast, which is announced.
  const [downloadNotice, showDownloadNotice] = useTimedNotice();
  useEffect(() => {
    if (download.savedInline) showDownloadNotice(t("resource.downloadedInline"));
  }, [download.savedInline, showDownloadNotice, t]);
  const grade = isNumberedGrade(resource.grade) ? t("tile.grade", { grade: resource.grade }) : resource.grade;
  const withReviews = useAfterFirstPaint() && !preview;

  return (
    <div>
      <article className="grid gap-x-10 gap-y-8 md:grid-cols-[minmax(0,1fr)_21rem]">
        <header className="flex min-w-0 flex-col gap-3 md:col-start-1">
          <Title className="text-2xl leading-tight font-bold text-balance sm:text-3xl">
            {resource.title}
          </Title>
          {resource.subtitle ? <p className="text-lg text-muted">{resource.subtitle}</p> : null}
          {preview ? null : <RatingLink rating={resource.rating} />}
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <div className="flex items-center gap-2">
              <Avatar locator={creator.avatar_locator} name={creator.first_name} alt="" />
              <p>
                <span className="text-muted">{t("resource.by")} </span>
                <Link
                  to={`/profile/@${encodeURIComponent(creator.username)}`}
                  className="font-semibold underline-offset-2 hover:underline"
                >
                  {creator.first_name}
                </Link>
              </p>
            </div>
            {isCreator ? null : (
              <div className="flex items-center gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-pressed={follow.isFollowedByMe}
                  disabled={follow.busy}
                  onClick={() => void follow.toggle()}
                >
                  {t(follow.isFollowedByMe ? "follow.following" : "follow.follow")}
                </Button>
                <LinkButton to={`${path}/leave-tip`} variant="secondary" size="sm">
                  {t("resource.tip")}
                </LinkButton>
              </div>
            )}
          </div>
          {follow.followUserError ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {t("follow.failed")}
            </p>
          ) : null}
          <ul className="flex flex-wrap gap-2" aria-label={t("resource.details")}>
            <li>
              <Badge>{grade}</Badge>
            </li>
            <li>
              <Badge>{resource.subject_area}</Badge>
            </li>
            <li>
              <Badge>{resource.type}</Badge>
            </li>
          </ul>
        </header>

        <div className="min-w-0 md:col-start-1">
          <PreviewGallery title={resource.title} previews={resource.resources_previews_models} />
        </div>

        <aside className="md:col-start-2 md:row-span-3 md:row-start-1">
          <div className="md:sticky md:top-20">
            <PriceBox {...box} favorite={favorite} onShare={() => setSharing(true)} />
            <AlsoInBundles bundles={resource.inBundles} />
            {withReviews && signedIn && !isCreator ? (
              <Suspense fallback={null}>
                <ReviewPrompt resourceId={resource.id} />
              </Suspense>
            ) : null}
          </div>
        </aside>

        <div className="flex min-w-0 flex-col gap-8 md:col-start-1">
          {resource.bundle ? <BundleIncluded contents={resource.bundle} /> : null}
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-lg font-semibold">
              {t("resource.description")}
            </h2>
            <RichText text={resource.description} className="mt-2 max-w-prose leading-relaxed" />
          </section>
          <section aria-labelledby="details-heading">
            <h2 id="details-heading" className="text-lg font-semibold">
              {t("resource.details")}
            </h2>
            <dl className="mt-2 divide-y divide-line">
              <Detail label={t("resource.subject")}>{resource.subject_area}</Detail>
              <Detail label={t("resource.grade")}>{grade}</Detail>
              {resource.reading_levels ? (
                <Detail label={t("resource.readingLevel")}>{resource.reading_levels}</Detail>
              ) : null}
              <Detail label={t("resource.type")}>{resource.type}</Detail>
              {resource.skillsArray.length > 0 ? (
                <Detail label={t("resource.skills")}>
                  <TagList items={resource.skillsArray} />
                </Detail>
              ) : null}
              {resource.standardsArray.length > 0 ? (
                <Detail label={t("resource.standards")}>
                  <TagList items={resource.standardsArray} />
                </Detail>
              ) : null}
              {resource.keywordsArray.length > 0 ? (
                <Detail label={t("resource.keywords")}>
                  <TagList items={resource.keywordsArray} />
                </Detail>
              ) : null}
            </dl>
          </section>
          <ResourceFiles resource={resource} />
          {withReviews ? (
            <ReviewsWhenNear>
              <ReviewsSection
                resource={{ ...resource, creatorName: creator.first_name }}
                isCreator={isCreator}
              />
            </ReviewsWhenNear>
          ) : null}
          {preview ? null : <AdSlot type="3" grade={resource.grade} className="max-w-sm" />}
        </div>
      </article>

      <PriceBar {...box} />
      {preview ? null : (
        <>
          <Toast notice={newestNotice(favorite.notice, follow.notice, downloadNotice)} />
          <Dialog
            open={sharing}
            onClose={() => setSharing(false)}
            title={t("share.title")}
            closeLabel={t("resource.close")}
          >
            {sharing ? <SharePanel uri={path} /> : null}
          </Dialog>
        </>
      )}
    </div>
  );
}

/**
 * The reviews below the description load as the reader nears them (or at once when the address asks for
 * them, #reviews): their code and request stay out of the first screen's work. Until then an empty
 * placeholder holds the #reviews anchor, so the rating's link and the prompt still go there.
 */
function ReviewsWhenNear({ children }: { children: ReactNode }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const { hash } = useLocation();
  const near = useNearViewport(placeholder, hash === "#reviews");
  if (near) return <Suspense fallback={<div id="reviews" className="min-h-64" />}>{children}</Suspense>;
  return <div id="reviews" ref={placeholder} className="min-h-64" />;
}
