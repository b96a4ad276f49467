import { ResourceListPage } from "./ResourceListPage.tsx";

export default function NewPage() {
  return (
    <ResourceListPage
      titleKey="new.title"
      sort="newest"
      bannerAd
      banner="new"
      empty={{ textKey: "home.empty", actionKey: "home.emptyAction", actionTo: "/publishing" }}
    />
  );
}
