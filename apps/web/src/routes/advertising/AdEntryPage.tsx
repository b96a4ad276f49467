import { AD_TYPES, type Ad, type AdType } from "@market/domain";
import { useEffect, useState } from "react";
import { Navigate, useLocation, useNavigate, useParams } from "react-router";
import { api } from "../../api/client.ts";
import { Button, EmptyState, LinkButton, Spinner } from "../../components/ui/index.ts";
import { useAdvertisingTexts } from "./advertising-texts.ts";

/**
 * /advertising/{id} (spec 2: "{id} may be new-1 to new-5 for a new ad of that type"): new-N starts an ad
 * of that format and opens its first step; an existing ad's id opens its status, the screen that manages
 * it (an unknown id says so there). new-N with no such format says so, with the way to the formats.
 */
export default function AdEntryPage() {
  const { id = "" } = useParams();
  const match = /^new-(.*)$/.exec(id);
  if (!match) return <Navigate to={`/advertising/${encodeURIComponent(id)}/edit/status`} replace />;
  const type = match[1] ?? "";
  return (AD_TYPES as readonly string[]).includes(type) ? <NewAd type={type as AdType} /> : <UnknownFormat />;
}

/**
 * The ad each visit to new-N starts, by the visit's history entry: a second run of the same visit's
 * effect (React's development double run, a re-render) reuses it rather than starting another ad.
 */
const started = new Map<string, Promise<Ad>>();
function startAd(visit: string, type: AdType): Promise<Ad> {
  let ad = started.get(visit);
  if (!ad) {
    ad = api.call("POST /advertisements", { body: { ad_type: type } });
    started.set(visit, ad);
    ad.catch(() => started.delete(visit));
  }
  return ad;
}

function NewAd({ type }: { type: AdType }) {
  const t = useAdvertisingTexts();
  const location = useLocation();
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    startAd(`${location.key}:${type}:${attempt}`, type).then(
      (ad) => {
        if (live) navigate(`/advertising/${ad.id}/edit/image`, { replace: true });
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [type, location.key, attempt, navigate]);
  if (failed) {
    return (
      <div className="mx-auto max-w-xl py-8">
        <h1 className="sr-only">{t("ads.create.failed")}</h1>
        <EmptyState
          tone="error"
          title={t("ads.create.failed")}
          action={
            <div className="flex flex-wrap justify-center gap-3">
              <Button variant="primary" onClick={() => setAttempt((n) => n + 1)}>
                {t("ads.create.retry")}
              </Button>
              <LinkButton variant="secondary" to="/advertising/create">
                {t("ads.create.chooseFormat")}
              </LinkButton>
            </div>
          }
        />
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 py-8">
      <Spinner />
      {t("ads.create.creating")}
    </p>
  );
}

function UnknownFormat() {
  const t = useAdvertisingTexts();
  return (
    <div className="mx-auto max-w-xl py-8">
      <h1 className="sr-only">{t("ads.create.unknownFormat")}</h1>
      <EmptyState
        tone="error"
        title={t("ads.create.unknownFormat")}
        body={t("ads.create.unknownFormatBody")}
        action={
          <LinkButton variant="primary" to="/advertising/create">
            {t("ads.create.chooseFormat")}
          </LinkButton>
        }
      />
    </div>
  );
}
