import { AD_IMAGE_RULES, AD_TYPES, adTextLimit, formatMoney } from "@market/domain";
import { Link } from "react-router";
import { useSiteSettings } from "../../state/site-config.ts";

const SHAPES: Record<string, string> = {
  "1": "A wide banner on creators' portfolios",
  "2": "A card among the resources in the grids",
  "3": "A small square on resource pages",
  "4": "A large banner",
  "5": "A big square feature",
};

/** /advertising: what advertising here offers, from $1 a day, and the five types as they will look. */
export default function AdvertisingPage() {
  const settings = useSiteSettings();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Advertise to teachers</h1>
      <p className="max-w-prose">
        Reach teachers while they look for resources. Ads start at {formatMoney(100)} a day; you choose the
        budget and the days, we show your ad evenly through each day, and you only pay for the run you choose.
      </p>
      <div className="flex gap-3">
        <Link
          to="/advertising/create"
          className="rounded-ui bg-accent px-4 py-2 font-medium text-accent-text"
        >
          Create an ad
        </Link>
        <Link to="/advertising/manage" className="rounded-ui border border-line px-4 py-2 font-medium">
          Your ads
        </Link>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Ad types">
        {AD_TYPES.map((type) => {
          const min = AD_IMAGE_RULES.minimum[type];
          return (
            <li key={type} className="flex flex-col gap-2 rounded-ui border border-line p-4">
              <h2 className="font-semibold">Type {type}</h2>
              <p>{SHAPES[type]}</p>
              <div
                aria-hidden="true"
                className="rounded-ui bg-wash"
                style={{ aspectRatio: `${min.width} / ${min.height}`, maxHeight: "8rem" }}
              />
              <p className="text-sm text-muted">
                Image at least {min.width}x{min.height}; title up to {adTextLimit("title", type).max}{" "}
                characters; from {formatMoney((settings?.adMinimums[type]?.spendPerDay ?? 1) * 100)} a day.
              </p>
              <Link to={`/advertising/new-${type}`} className="self-start underline">
                Create a type {type} ad
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
