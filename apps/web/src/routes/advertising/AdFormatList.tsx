import { AD_IMAGE_RULES, AD_TYPES, adTextLimit, formatMoney } from "@market/domain";
import { LinkButton } from "../../components/ui/index.ts";
import { useSiteSettings } from "../../state/site-config.ts";
import { AdFormatPicture } from "./AdFormatPicture.tsx";
import { adFormatName, adFormatWhere, inSentence, useAdvertisingTexts } from "./advertising-texts.ts";

/**
 * The five ad formats, each named by what it is, with a drawing of where it sits on the site, its image
 * size and price, and the way to start one (/advertising/new-1 to new-5). The advertising page and the
 * format chooser show the same list.
 */
export function AdFormatList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const settings = useSiteSettings();
  const t = useAdvertisingTexts();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("ads.about.types")}>
      {AD_TYPES.map((type) => {
        const min = AD_IMAGE_RULES.minimum[type];
        const name = adFormatName(t, type);
        const where = adFormatWhere(t, type);
        return (
          <li
            key={type}
            className="flex flex-col gap-3 rounded-card border border-line bg-paper p-4 shadow-sm"
          >
            {/* On a phone the drawing sits beside the name, so the five formats fit a few screens. */}
            <div className="flex gap-3 sm:flex-col">
              <div className="w-28 shrink-0 sm:w-full">
                <AdFormatPicture
                  type={type}
                  label={t("ads.format.picture", { name: inSentence(name), where })}
                  slotText={t("ads.format.slot")}
                />
              </div>
              <div className="flex flex-col gap-1 sm:gap-3">
                <Heading className="text-lg font-semibold">{name}</Heading>
                <p>{where}</p>
              </div>
            </div>
            <p className="text-sm text-muted">
              {t("ads.about.rules", {
                width: String(min.width),
                height: String(min.height),
                max: String(adTextLimit("title", type).max),
                price: formatMoney(settings.adMinimums[type].spendPerDay * 100),
              })}
            </p>
            <LinkButton variant="secondary" to={`/advertising/new-${type}`} className="mt-auto self-start">
              {t("ads.about.createFormat", { name: inSentence(name) })}
            </LinkButton>
          </li>
        );
      })}
    </ul>
  );
}
