import { Link } from "react-router";
import { AdFormatList } from "./AdFormatList.tsx";
import { useAdvertisingTexts } from "./advertising-texts.ts";

/** /advertising/create: the format chooser; each format starts a new ad at /advertising/new-1 to new-5. */
export default function CreateAdPage() {
  const t = useAdvertisingTexts();
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("ads.create.title")}</h1>
      <p className="max-w-prose">{t("ads.create.intro")}</p>
      <AdFormatList />
      <Link to="/advertising" className="self-start underline">
        {t("ads.create.about")}
      </Link>
    </section>
  );
}
