import type { PublishingListItem, ResourceStatusAction } from "@market/domain";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { ApiError, api, fileUrl } from "../../api/client.ts";
import { formatIsoDate } from "../../components/format.ts";
import { Pagination } from "../../components/Pagination.tsx";
import { SiteBanner } from "../../components/SiteBanner.tsx";
import { Toast, useTimedNotice } from "../../components/Toast.tsx";
import { Button, LinkButton } from "../../components/ui/index.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { pageFromSearch } from "../catalogue/filters.ts";
import { type PublishingTexts, usePublishingTexts } from "./publishing-texts.ts";

export const PUBLISHING_KEY = ["publishing"] as const;
const PAGE_SIZE = 24;

/** The call each status action makes (spec 7: approval-request, deactivate, reactivate; DELETE the resource). */
export function runStatusAction(id: string, action: ResourceStatusAction): Promise<unknown> {
  const params = { id };
  switch (action) {
    case "submit":
      return api.call("POST /resources/:id/approval-request", { params });
    case "cancelRequest":
      return api.call("DELETE /resources/:id/approval-request", { params });
    case "deactivate":
      return api.call("POST /resources/:id/deactivate", { params });
    case "reactivate":
      return api.call("POST /resources/:id/reactivate", { params });
    case "delete":
      return api.call("DELETE /resources/:id", { params });
    default:
      return Promise.resolve(null);
  }
}

/** /publishing: the creator's resources with their derived status and the actions each status allows (spec 4). */
export default function PublishingPage() {
  const t = usePublishingTexts();
  const maxMb = useSiteSettings().maxCombinedFileSize;
  const [search] = useSearchParams();
  const page = pageFromSearch(search);
  const queryClient = useQueryClient();
  const [notice, show] = useTimedNotice();
  const list = useQuery({
    queryKey: [...PUBLISHING_KEY, page],
    queryFn: ({ signal }) =>
      api.call("GET /users/self/publishing", { query: { page, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  const act = useMutation({
    mutationFn: ({ item, action }: { item: PublishingListItem; action: ResourceStatusAction }) =>
      runStatusAction(item.id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PUBLISHING_KEY }),
    onError: (error) =>
      show(t("publishing.actionFailed", { message: describeError(error, t, maxMb) }), "error"),
  });

  return (
    <section className="flex flex-col gap-6">
      <SiteBanner imageKey="publishing" />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("publishing.title")}</h1>
          <p className="mt-2 text-muted">{t("publishing.intro")}</p>
        </div>
        <LinkButton variant="primary" to="/resources/edit">
          {t("publishing.new")}
        </LinkButton>
      </header>
      {list.isError && !list.data ? (
        <div role="alert" className="flex items-center gap-4">
          {t("publishing.loadFailed")}
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {t("publishing.retry")}
          </Button>
        </div>
      ) : !list.data ? (
        <p role="status">{t("publishing.loading")}</p>
      ) : list.data.resources.length === 0 ? (
        <p className="rounded-ui border border-line p-6 text-muted">{t("publishing.empty")}</p>
      ) : (
        <>
          <ul className="divide-y divide-line rounded-ui border border-line">
            {list.data.resources.map((item) => (
              <PublishingRow
                key={item.id}
                item={item}
                t={t}
                busy={act.isPending && act.variables?.item.id === item.id}
                onAction={(action) => {
                  if (
                    action === "delete" &&
                    !window.confirm(t("publishing.confirmDelete", { title: item.title }))
                  )
                    return;
                  act.mutate({ item, action });
                }}
              />
            ))}
          </ul>
          <Pagination page={page} pageSize={PAGE_SIZE} total={list.data.total} />
        </>
      )}
      <Toast notice={notice} />
    </section>
  );
}

function describeError(error: unknown, t: PublishingTexts, maxMb: number): string {
  if (error instanceof ApiError) {
    const first = error.fields ? Object.entries(error.fields)[0] : undefined;
    if (first) {
      const [field, code] = first;
      const key = `${field === "files" || field === "images" ? field : "price"}.${code}`;
      const known = (t as (k: string, values: Record<string, string>) => string)(key, {
        max: String(maxMb),
      });
      if (known !== key) return known;
    }
    if (error.code === "resource_has_sales") return t("delete.hasSales");
    return error.message;
  }
  return String(error);
}

function PublishingRow({
  item,
  t,
  busy,
  onAction,
}: {
  item: PublishingListItem;
  t: PublishingTexts;
  busy: boolean;
  onAction: (action: ResourceStatusAction) => void;
}) {
  const path = `/resources/${encodeURIComponent(item.name)}`;
  return (
    <li className="flex flex-wrap items-center gap-4 p-4">
      {item.cover_locator ? (
        <img
          src={fileUrl(item.cover_locator)}
          alt=""
          width={48}
          height={62}
          className="h-[62px] w-12 rounded object-cover"
        />
      ) : (
        <span aria-hidden="true" className="h-[62px] w-12 rounded bg-wash" />
      )}
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold">{item.title || t("publishing.untitled")}</h2>
        <p className="text-sm text-muted">
          <span className="mr-3 inline-block rounded-full bg-wash px-2 py-0.5 font-medium text-ink">
            {t(`status.${item.derivedStatus}`)}
          </span>
          {t("publishing.updated", { date: formatIsoDate(item.updated_at.slice(0, 10)) })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {item.actions.map((action) =>
          action === "edit" ? (
            <LinkButton variant="secondary" size="sm" key={action} to={`${path}/edit`}>
              {t("action.edit")}
            </LinkButton>
          ) : action === "submit" ? (
            // Submitting goes through the status step, which shows the card and page teachers will see.
            <LinkButton variant="primary" size="sm" key={action} to={`${path}/edit/status`}>
              {t("action.submit")}
            </LinkButton>
          ) : action === "view" ? (
            <LinkButton variant="secondary" size="sm" key={action} to={path}>
              {t("action.view")}
            </LinkButton>
          ) : action === "deactivate" ? (
            <span key={action} className="flex gap-2">
              <LinkButton variant="secondary" size="sm" to={`${path}/feature`}>
                {t("action.feature")}
              </LinkButton>
              <Button variant="secondary" size="sm" disabled={busy} onClick={() => onAction(action)}>
                {t("action.deactivate")}
              </Button>
            </span>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              key={action}
              disabled={busy}
              onClick={() => onAction(action as ResourceStatusAction)}
            >
              {t(`action.${action as Exclude<ResourceStatusAction, "edit" | "view">}`)}
            </Button>
          ),
        )}
      </div>
    </li>
  );
}
