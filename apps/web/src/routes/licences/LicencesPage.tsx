import type { HeldLicence } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router";
import { api } from "../../api/client.ts";
import { Cover } from "../../components/Cover.tsx";
import {
  Badge,
  Button,
  EmptyState,
  LinkButton,
  LoadingPlaceholder,
  Skeleton,
  Toast,
  useTimedNotice,
} from "../../components/ui/index.ts";
import { useSession } from "../../state/session.ts";
import { DownloadButton } from "../resources/DownloadButton.tsx";
import { formatDay, mainFileOf, resourceDetailQuery } from "../resources/resource-query.ts";
import { useFileDownload } from "../resources/use-download.ts";
import { BoughtLicenceCard, LICENCES_KEY } from "./BoughtLicenceCard.tsx";
import { useLicenceTexts } from "./licence-texts.ts";

/** GET /licences/self: the viewer's purchases for colleagues and the seats colleagues gave them. */
export function licencesQuery(viewerId: string) {
  return {
    queryKey: [...LICENCES_KEY, viewerId],
    queryFn: ({ signal }: { signal: AbortSignal }) => api.call("GET /licences/self", { signal }),
  };
}

/**
 * /profile/licences (issue 23): what the signed-in teacher bought for colleagues, with each purchase's
 * seats used and free, who has them and a form to give the free ones; and the resources colleagues
 * licensed to them, each a click from its download.
 */
export default function LicencesPage() {
  const t = useLicenceTexts();
  const session = useSession();
  const licences = useQuery(licencesQuery(session?.claims.sub ?? ""));
  const [notice, showNotice] = useTimedNotice();
  const boughtId = useId();
  const heldId = useId();
  const data = licences.data;

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("licences.title")}</h1>
        <p className="max-w-prose text-muted">{t("licences.intro")}</p>
      </header>
      {licences.isError ? (
        <EmptyState
          tone="error"
          title={t("licences.loadFailed")}
          action={
            <Button variant="secondary" onClick={() => void licences.refetch()}>
              {t("licences.retry")}
            </Button>
          }
        />
      ) : !data ? (
        <LoadingPlaceholder label={t("licences.loading")} className="flex flex-col gap-4">
          <Skeleton className="h-7 w-64" />
          {[0, 1].map((row) => (
            <div key={row} className="flex gap-4 rounded-card border border-line p-4">
              <Skeleton className="aspect-[692/896] w-16" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-10 w-full" />
              </div>
            </div>
          ))}
        </LoadingPlaceholder>
      ) : (
        <>
          <section aria-labelledby={boughtId} className="flex flex-col gap-4">
            <h2 id={boughtId} className="text-xl font-semibold">
              {t("bought.title")}
            </h2>
            {data.bought.length === 0 ? (
              <EmptyState
                title={t("bought.empty")}
                body={t("bought.emptyBody")}
                action={
                  <LinkButton to="/" variant="primary">
                    {t("bought.browse")}
                  </LinkButton>
                }
              />
            ) : (
              data.bought.map((licence) => (
                <BoughtLicenceCard key={licence.purchaseId} licence={licence} onNotice={showNotice} />
              ))
            )}
          </section>
          <section aria-labelledby={heldId} className="flex flex-col gap-4">
            <h2 id={heldId} className="text-xl font-semibold">
              {t("held.title")}
            </h2>
            {data.held.length === 0 ? (
              <EmptyState title={t("held.empty")} body={t("held.emptyBody")} />
            ) : (
              <ul className="divide-y divide-line rounded-card border border-line bg-paper">
                {data.held.map((held) => (
                  <HeldRow key={held.seatId} held={held} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <Toast notice={notice} />
    </section>
  );
}

/** A seat a colleague gave the viewer: the resource, who licensed it and since when, and its download. */
function HeldRow({ held }: { held: HeldLicence }) {
  const t = useLicenceTexts();
  const { resource } = held;
  const path = `/resources/${encodeURIComponent(resource.name)}`;
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <Cover locator={resource.cover_locator} title={resource.title} className="w-16" />
        <div className="flex min-w-0 flex-col gap-1">
          <Link to={path} className="font-semibold leading-snug underline-offset-2 hover:underline">
            {resource.title}
          </Link>
          {resource.isBundle ? (
            <Badge tone="info" className="self-start">
              {t("bundle.badge")}
            </Badge>
          ) : null}
          <p className="text-sm text-muted">
            {t("held.by", {
              name: `${held.licensedBy.first_name} (@${held.licensedBy.username})`,
              date: formatDay(held.since),
            })}
          </p>
        </div>
      </div>
      <div className="sm:w-48 sm:shrink-0">
        {resource.isBundle ? (
          <LinkButton to={path} variant="secondary" block>
            {t("held.openBundle")}
          </LinkButton>
        ) : (
          <HeldDownload held={held} path={path} />
        )}
      </div>
    </li>
  );
}

/**
 * The held resource's premium file, as its page offers it to an owner: the page's own answer names the
 * file (a seat holder owns the resource like a buyer), so the download is one click from here.
 */
function HeldDownload({ held, path }: { held: HeldLicence; path: string }) {
  const t = useLicenceTexts();
  const detail = useQuery(resourceDetailQuery(held.resource.id));
  const file = detail.data ? mainFileOf(detail.data, true) : null;
  const download = useFileDownload({ resource: held.resource, file: file ?? { id: "", name: "" } });
  if (!file)
    return (
      <LinkButton to={path} variant="secondary" block>
        {t("held.open")}
      </LinkButton>
    );
  return (
    <DownloadButton
      download={download}
      fileName={file.name}
      label={t("held.download")}
      ariaLabel={t("held.downloadOf", { title: held.resource.title })}
      block
    />
  );
}
