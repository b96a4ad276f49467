import { Link, useSearchParams } from "react-router";
import { ColorsEditor } from "./ColorsEditor.tsx";
import { SettingChangesList } from "./SettingChangesList.tsx";
import { SiteImagesEditor } from "./SiteImagesEditor.tsx";
import { SiteSettingsForm } from "./SiteSettingsForm.tsx";
import { type SettingsTextKey, useSettingsTexts } from "./settings-texts.ts";
import { TextsEditor } from "./TextsEditor.tsx";

const TABS = [
  { id: "settings", label: "settings.tab.settings" },
  { id: "texts", label: "settings.tab.texts" },
  { id: "colors", label: "settings.tab.colors" },
  { id: "images", label: "settings.tab.images" },
  { id: "changes", label: "settings.tab.changes" },
] as const satisfies readonly { id: string; label: SettingsTextKey }[];
type Tab = (typeof TABS)[number]["id"];

/** /admin/settings: settings, texts, colours, site images and the change log, one part at a time (?tab=). */
export default function AdminSettingsPage() {
  const s = useSettingsTexts();
  const [params] = useSearchParams();
  const tab: Tab = TABS.some((t) => t.id === params.get("tab")) ? (params.get("tab") as Tab) : "settings";
  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">{s("siteSettings.title")}</h1>
        <p className="text-muted">{s("settings.intro")}</p>
      </header>
      <nav aria-label={s("settings.sections")}>
        <ul className="flex flex-wrap gap-2 border-b border-line">
          {TABS.map((t) => (
            <li key={t.id}>
              <Link
                to={t.id === "settings" ? "?" : `?tab=${t.id}`}
                aria-current={tab === t.id ? "page" : undefined}
                className={`block rounded-t-ui px-4 py-2 font-medium ${tab === t.id ? "border-b-2 border-ink" : "text-muted hover:text-ink"}`}
              >
                {s(t.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === "settings" ? <SiteSettingsForm /> : null}
      {tab === "texts" ? <TextsEditor /> : null}
      {tab === "colors" ? <ColorsEditor /> : null}
      {tab === "images" ? <SiteImagesEditor /> : null}
      {tab === "changes" ? <SettingChangesList /> : null}
    </section>
  );
}
