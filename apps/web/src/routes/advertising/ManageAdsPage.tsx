import { type Ad, formatAmount } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { api } from "../../api/client.ts";

const STATUS: Record<string, string> = {
  incomplete: "Incomplete",
  inReview: "In review",
  rejected: "Needs changes",
  running: "Running",
  stopped: "Stopped",
  expired: "Expired",
  creating: "Not submitted",
};

/** /advertising/manage: the advertiser's ads with their status, views, clicks, click-through and spend. */
export default function ManageAdsPage() {
  const ads = useQuery({
    queryKey: ["ads", "own", "list"],
    queryFn: ({ signal }) => api.get<{ ads: Ad[] }>("/advertisements", { signal }),
  });
  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold sm:text-3xl">Your ads</h1>
        <Link
          to="/advertising/create"
          className="rounded-ui bg-accent px-4 py-2 font-medium text-accent-text"
        >
          Create an ad
        </Link>
      </div>
      {!ads.data ? (
        <p role="status">{ads.isError ? "We could not load your ads." : "Loading…"}</p>
      ) : ads.data.ads.length === 0 ? (
        <p className="text-muted">You have no ads yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-line">
              <th className="py-2">Ad</th>
              <th>Status</th>
              <th className="text-right">Views</th>
              <th className="text-right">Clicks</th>
              <th className="text-right">CTR</th>
              <th className="text-right">Spend</th>
            </tr>
          </thead>
          <tbody>
            {ads.data.ads.map((ad) => (
              <tr key={ad.id} className="border-b border-line">
                <td className="py-2">
                  <Link to={`/advertising/${ad.id}/edit/status`} className="underline">
                    {ad.title ?? `Type ${ad.ad_type} ad`}
                  </Link>
                </td>
                <td>{STATUS[ad.derivedStatus] ?? ad.derivedStatus}</td>
                <td className="text-right">{ad.stats.impressions}</td>
                <td className="text-right">{ad.stats.clicks}</td>
                <td className="text-right">
                  {ad.stats.impressions > 0
                    ? `${((ad.stats.clicks / ad.stats.impressions) * 100).toFixed(1)}%`
                    : "—"}
                </td>
                <td className="text-right">{formatAmount(ad.stats.spend)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
