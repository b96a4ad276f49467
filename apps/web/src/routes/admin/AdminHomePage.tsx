import { SiteBanner } from "../../components/SiteBanner.tsx";
import { AdminSections } from "./AdminSections.tsx";
import { useAdminTexts } from "./admin-texts.ts";

/**
 * /admin: the admin area's home page, with a card for each section (spec 2) linking to its tools. The spec's
 * "admin modal" is read as this set of sections; it is a page of its own, reached from the account menu.
 */
export default function AdminHomePage() {
  const t = useAdminTexts();
  return (
    <section className="flex flex-col gap-6">
      <SiteBanner imageKey="admin" />
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("admin.title")}</h1>
        <p className="text-muted">{t("admin.intro")}</p>
      </header>
      <nav aria-label={t("admin.menu")}>
        <AdminSections />
      </nav>
    </section>
  );
}
