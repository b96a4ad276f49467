import { abbreviateNumber, formatMoney, type ResourceDetail } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError } from "../../api/client.ts";
import { AdSlot } from "../../components/AdSlot.tsx";
import { Avatar } from "../../components/Avatar.tsx";
import { formatMonthDay, isNumberedGrade } from "../../components/format.ts";
import { Modal } from "../../components/Modal.tsx";
import { RichText } from "../../components/RichText.tsx";
import { SharePanel } from "../../components/SharePanel.tsx";
import { newestNotice, Toast } from "../../components/Toast.tsx";
import { useFavoriteToggle, useFollowToggle } from "../../state/engagement.ts";
import { useSession } from "../../state/session.ts";
import { useCatalogueTexts } from "../catalogue/catalogue-texts.ts";
import { PreviewGallery } from "./PreviewGallery.tsx";
import { ResourceFiles } from "./ResourceFiles.tsx";
import { resourceDetailQuery } from "./resource-query.ts";

const secondaryButton =
  "rounded-ui border border-line px-4 py-2 font-medium hover:bg-wash disabled:opacity-60";

/** /resources/{id} and /resources/{id}/view: the id may be the name; an unknown id goes to /resource-not-found. */
export default function ResourcePage() {
  const t = useCatalogueTexts();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const query = useQuery(resourceDetailQuery(id));
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  useEffect(() => {
    if (notFound) navigate("/resource-not-found", { replace: true });
  }, [notFound, navigate]);

  if (query.data) return <ResourceView resource={query.data} />;
  if (query.isError && !notFound)
    return (
      <section className="mx-auto max-w-xl py-12 text-center">
        <h1 className="text-2xl font-bold">{t("resource.loadFailed")}</h1>
        <button type="button" className={`${secondaryButton} mt-6`} onClick={() => void query.refetch()}>
          {t("resource.retry")}
        </button>
      </section>
    );
  return (
    <div aria-busy="true" className="grid animate-pulse gap-8 md:grid-cols-[minmax(0,1fr)_20rem]">
      <p role="status" className="sr-only">
        {t("grid.loading")}
      </p>
      <div className="flex flex-col gap-4">
        <div className="h-9 w-3/4 rounded-ui bg-wash" />
        <div className="h-5 w-1/2 rounded-ui bg-wash" />
        <div className="h-32 rounded-ui bg-wash" />
      </div>
      <div className="h-48 rounded-ui bg-wash" />
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="font-medium sm:w-36">{label}</dt>
      <dd className="text-muted">{children}</dd>
    </div>
  );
}

function TagList({ items }: { items: readonly string[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-wash px-2.5 py-0.5 text-sm text-ink">
          {item}
        </li>
      ))}
    </ul>
  );
}

function Price({ resource }: { resource: ResourceDetail }) {
  const t = useCatalogueTexts();
  const onSale = resource.sale_price !== null;
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-2 text-2xl font-bold">
        <span className="sr-only">{t("resource.price")}: </span>
        <span>{formatMoney(resource.sale_price ?? resource.price)}</span>
        {onSale ? (
          <s className="text-base font-normal text-muted">
            <span className="sr-only">{t("resource.was")} </span>
            {formatMoney(resource.price)}
          </s>
        ) : null}
      </p>
      {onSale && resource.sale_end ? (
        <p className="mt-1 inline-block rounded-full bg-message px-2 py-0.5 text-sm font-semibold text-message-text">
          {t("resource.saleEnds", { date: formatMonthDay(resource.sale_end) })}
        </p>
      ) : null}
    </div>
  );
}

function ResourceView({ resource }: { resource: ResourceDetail }) {
  const t = useCatalogueTexts();
  const session = useSession();
  const creator = resource.users_model;
  const path = `/resources/${encodeURIComponent(resource.name)}`;
  const favorite = useFavoriteToggle(resource.id, resource.isFavorited, path);
  const follow = useFollowToggle(creator, resource.isCreatorFollowed, path);
  const [sharing, setSharing] = useState<"share" | "gift" | null>(null);
  const isCreator = session?.claims.sub === creator.id;
  const paid = resource.price > 0;
  const downloads = resource.downloadCount;

  return (
    <article className="grid gap-8 md:grid-cols-[minmax(0,1fr)_20rem]">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{resource.title}</h1>
        {resource.subtitle ? <p className="mt-2 text-lg text-muted">{resource.subtitle}</p> : null}
        <div className="mt-6">
          <PreviewGallery title={resource.title} previews={resource.resources_previews_models} />
        </div>
        <section aria-labelledby="description-heading" className="mt-8">
          <h2 id="description-heading" className="text-lg font-semibold">
            {t("resource.description")}
          </h2>
          <RichText text={resource.description} className="mt-2 leading-relaxed" />
        </section>
        <dl className="mt-8 flex flex-col gap-3">
          <Detail label={t("resource.subject")}>{resource.subject_area}</Detail>
          <Detail label={t("resource.grade")}>
            {isNumberedGrade(resource.grade) ? t("tile.grade", { grade: resource.grade }) : resource.grade}
          </Detail>
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
        <ResourceFiles resource={resource} />
      </div>

      <aside className="flex flex-col gap-6 self-start rounded-ui border border-line p-5">
        <Price resource={resource} />
        {paid && !resource.isOwned ? (
          <Link
            to={`${path}/purchase`}
            className="rounded-ui bg-accent px-4 py-3 text-center text-lg font-semibold text-accent-text"
          >
            {t("resource.buy")}
          </Link>
        ) : null}
        <p className="text-sm text-muted">
          {downloads === 1
            ? t("resource.downloadsOne")
            : t("resource.downloads", { count: abbreviateNumber(downloads) })}
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            aria-pressed={favorite.isFavorited}
            disabled={favorite.busy}
            onClick={() => void favorite.toggle()}
            className={secondaryButton}
          >
            <span aria-hidden="true">{favorite.isFavorited ? "♥ " : "♡ "}</span>
            {t(favorite.isFavorited ? "resource.favorited" : "resource.favorite")}
          </button>
          <button type="button" onClick={() => setSharing("share")} className={secondaryButton}>
            {t("resource.share")}
          </button>
          {paid ? (
            <button type="button" onClick={() => setSharing("gift")} className={secondaryButton}>
              {t("resource.gift")}
            </button>
          ) : null}
          <Link to={`${path}/leave-tip`} className={secondaryButton}>
            {t("resource.tip")}
          </Link>
        </div>

        <AdSlot type="3" grade={resource.grade} />
        <div className="border-t border-line pt-5">
          <p className="text-sm font-medium text-muted">{t("resource.by")}</p>
          <div className="mt-2 flex items-center gap-3">
            <Avatar locator={creator.avatar_locator} name={creator.first_name} alt="" />
            <Link
              to={`/profile/@${encodeURIComponent(creator.username)}`}
              className="font-semibold underline"
            >
              {creator.first_name}
            </Link>
          </div>
          {isCreator ? null : (
            <button
              type="button"
              aria-pressed={follow.isFollowedByMe}
              disabled={follow.busy}
              onClick={() => void follow.toggle()}
              className={`${secondaryButton} mt-3`}
            >
              {t(follow.isFollowedByMe ? "follow.following" : "follow.follow")}
            </button>
          )}
          {follow.followUserError ? (
            <p role="alert" className="mt-2 text-sm font-medium text-danger">
              {t("follow.failed")}
            </p>
          ) : null}
        </div>
      </aside>

      <Toast notice={newestNotice(favorite.notice, follow.notice)} />
      <Modal
        open={sharing !== null}
        onClose={() => setSharing(null)}
        title={t(sharing === "gift" ? "share.giftTitle" : "share.title")}
        closeLabel={t("resource.close")}
      >
        {sharing === "gift" ? (
          <SharePanel uri={`${path}/purchase`} isGift />
        ) : sharing === "share" ? (
          <SharePanel uri={path} />
        ) : null}
      </Modal>
    </article>
  );
}
