import { TIP_MULTIPLE_MAX_RECIPIENTS } from "@market/domain";
import { useState } from "react";
import { Link } from "react-router";
import { api, type ResponseOf } from "../../api/client.ts";
import { Avatar } from "../../components/Avatar.tsx";
import { GridRetry } from "../../components/PagedResourceGrid.tsx";
import { Pagination } from "../../components/Pagination.tsx";
import { GridMessage, GridSkeleton, ResourceGrid } from "../../components/ResourceGrid.tsx";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { Toast } from "../../components/Toast.tsx";
import { Button, LinkButton } from "../../components/ui/index.ts";
import { FOLLOWING_KEY, useFollowToggle } from "../../state/engagement.ts";
import { useCatalogueTexts } from "../catalogue/catalogue-texts.ts";
import { useOwnListPage } from "./own-list-page.ts";

/** Creators per page: each brings up to four of their newest resources. */
export const FOLLOWING_PAGE_SIZE = 10;

type FollowedCreator = ResponseOf<"GET /users/self/following">["following"][number];

/** /following: the creators the user follows, each with an Unfollow button and their newest resources. */
export default function FollowingPage() {
  const t = useCatalogueTexts();
  const { page, query } = useOwnListPage(FOLLOWING_KEY, (page, signal) =>
    api.call("GET /users/self/following", { query: { page, pageSize: FOLLOWING_PAGE_SIZE }, signal }),
  );
  // Creators picked for one tip to several (POST /transactions/tip/multiple through /tip/{id},{id}...).
  const [picked, setPicked] = useState<string[]>([]);
  const togglePick = (id: string) =>
    setPicked((now) =>
      now.includes(id)
        ? now.filter((x) => x !== id)
        : now.length < TIP_MULTIPLE_MAX_RECIPIENTS
          ? [...now, id]
          : now,
    );

  return (
    <>
      <SiteBanner imageKey="following" className="mb-6" />
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t("following.title")}</h1>
      <div aria-busy={query.isFetching}>
        {query.data ? (
          query.data.following.length === 0 ? (
            <GridMessage
              action={
                <LinkButton variant="primary" to="/">
                  {t("following.browse")}
                </LinkButton>
              }
            >
              <strong className="block text-lg">{t("following.empty")}</strong>
              <span className="mt-2 block text-muted">{t("following.emptyBody")}</span>
            </GridMessage>
          ) : (
            <>
              <div className="mb-6 flex flex-wrap items-center gap-3">
                {picked.length > 0 ? (
                  <LinkButton variant="primary" to={`/tip/${picked.map(encodeURIComponent).join(",")}`}>
                    {picked.length === 1
                      ? t("following.tipOne")
                      : t("following.tipSelected", { count: String(picked.length) })}
                  </LinkButton>
                ) : (
                  <p className="text-sm text-muted">{t("following.tipHint")}</p>
                )}
              </div>
              <ul className="flex flex-col gap-10">
                {query.data.following.map((creator) => (
                  <FollowedCreatorRow
                    key={creator.id}
                    creator={creator}
                    picked={picked.includes(creator.id)}
                    onPick={() => togglePick(creator.id)}
                  />
                ))}
              </ul>
              <Pagination page={page} total={query.data.total} pageSize={FOLLOWING_PAGE_SIZE} />
            </>
          )
        ) : query.isError ? (
          <GridRetry onRetry={() => void query.refetch()} />
        ) : (
          <GridSkeleton count={4} />
        )}
      </div>
    </>
  );
}

function FollowedCreatorRow({
  creator,
  picked,
  onPick,
}: {
  creator: FollowedCreator;
  picked: boolean;
  onPick: () => void;
}) {
  const t = useCatalogueTexts();
  const follow = useFollowToggle(creator, true, "/following");
  const headingId = `creator-${creator.id}`;
  return (
    <li aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-3">
        <Avatar locator={creator.avatar_locator} name={creator.first_name} alt="" />
        <h2 id={headingId} className="text-lg font-semibold">
          <Link to={`/profile/@${encodeURIComponent(creator.username)}`} className="underline">
            {creator.first_name}
          </Link>
        </h2>
        <label className="ml-auto flex items-center gap-2 text-sm">
          <input type="checkbox" checked={picked} onChange={onPick} />
          {t("following.pickForTip", { name: creator.first_name })}
        </label>
        <Button
          variant="secondary"
          disabled={follow.busy}
          onClick={() => void follow.toggle()}
          aria-label={`${t(follow.isFollowedByMe ? "follow.unfollow" : "follow.follow")} ${creator.first_name}`}
        >
          {t(follow.isFollowedByMe ? "follow.unfollow" : "follow.follow")}
        </Button>
      </div>
      {follow.followUserError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {t("follow.failed")}
        </p>
      ) : null}
      <div className="mt-4">
        {creator.newestResources.length > 0 ? (
          <ResourceGrid resources={creator.newestResources} showAds={false} />
        ) : (
          <p className="text-muted">{t("following.nothingYet", { name: creator.first_name })}</p>
        )}
      </div>
      <Toast notice={follow.notice} />
    </li>
  );
}
