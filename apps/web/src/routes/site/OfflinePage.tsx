import { Link } from "react-router";
import { useTexts } from "../../state/site-config.ts";

export default function OfflinePage() {
  const t = useTexts();
  return (
    <section className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-3xl font-bold">{t("offline.title")}</h1>
      <p className="mt-4 text-muted">{t("offline.body")}</p>
      <p className="mt-6">
        <Link to="/" className="font-medium text-accent underline">
          {t("offline.retry")}
        </Link>
      </p>
    </section>
  );
}
