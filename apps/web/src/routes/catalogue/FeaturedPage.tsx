import { ResourceListPage } from "./ResourceListPage.tsx";

export default function FeaturedPage() {
  return (
    <ResourceListPage
      titleKey="featured.title"
      sort="newest"
      bannerAd
      banner="resources"
      featured
      empty={{ textKey: "featured.empty", actionKey: "featured.emptyAction", actionTo: "/" }}
    />
  );
}
