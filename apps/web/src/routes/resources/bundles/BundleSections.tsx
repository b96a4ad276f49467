import { type BundleContents, formatMoney, type ResourceDetail } from "@market/domain";
import { Link } from "react-router";
import { Cover } from "../../../components/Cover.tsx";
import { Badge, Card, Price } from "../../../components/ui/index.ts";
import { useBundleTexts } from "./bundle-texts.ts";

const pathOf = (name: string) => `/resources/${encodeURIComponent(name)}`;

/**
 * A bundle's "What's included" (issue 22): each of its resources as a small card, a link to its own page,
 * with its price; the sum and the saving are beside the price box (BundleSaving).
 */
export function BundleIncluded({ contents }: { contents: BundleContents }) {
  const t = useBundleTexts();
  const count = contents.resources.length;
  return (
    <section aria-labelledby="bundle-included-heading">
      <h2 id="bundle-included-heading" className="text-lg font-semibold">
        {t("bundle.included")}
      </h2>
      <p className="text-sm text-muted">
        {count === 1 ? t("bundle.includedOne") : t("bundle.includedCount", { count: String(count) })}
      </p>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {contents.resources.map((card) => (
          <li
            key={card.id}
            className="relative flex items-center gap-3 rounded-card border border-line bg-paper p-2 hover:shadow-sm has-[a:focus-visible]:ring-3 has-[a:focus-visible]:ring-focus"
          >
            <Cover locator={card.cover_locator} title={card.title} className="w-12" />
            <div className="flex min-w-0 flex-col gap-0.5">
              <Link
                to={pathOf(card.name)}
                className="line-clamp-2 leading-snug font-medium after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
              >
                {card.title}
              </Link>
              <Price cents={card.price} saleCents={card.sale_price} size="sm" />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Beside a bundle's price: what its resources cost one by one, and what buying them together saves. */
export function BundleSaving({ contents }: { contents: BundleContents }) {
  const t = useBundleTexts();
  if (contents.resources.length === 0) return null;
  return (
    <div className="flex flex-col items-start gap-1.5">
      <p className="text-sm text-muted">{t("bundle.worth", { sum: formatMoney(contents.sumCents) })}</p>
      {contents.savingCents > 0 ? (
        <Badge tone="success" className="text-sm">
          {t("bundle.save", { saving: formatMoney(contents.savingCents) })}
        </Badge>
      ) : null}
    </div>
  );
}

/** On a resource's page: the listed bundles that include it, each a link with its price. */
export function AlsoInBundles({ bundles }: { bundles: ResourceDetail["inBundles"] }) {
  const t = useBundleTexts();
  if (bundles.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="bundles-heading" className="mt-4 flex flex-col gap-1">
      <h2 id="bundles-heading" className="font-semibold">
        {t("bundle.alsoIn")}
      </h2>
      <p className="text-sm text-muted">{t("bundle.alsoInHint")}</p>
      <ul className="mt-2 flex flex-col gap-2">
        {bundles.map((bundle) => (
          <li key={bundle.id} className="flex items-baseline justify-between gap-3">
            <Link to={pathOf(bundle.name)} className="font-medium underline underline-offset-2">
              {bundle.title}
            </Link>
            <Price cents={bundle.price} size="sm" />
          </li>
        ))}
      </ul>
    </Card>
  );
}
