import { ResourceListPage } from "./ResourceListPage.tsx";

export default function HomePage() {
  return (
    <ResourceListPage
      titleKey="home.title"
      sort="downloads"
      empty={{ textKey: "home.empty", actionKey: "home.emptyAction", actionTo: "/publishing" }}
    />
  );
}
