import { requireViewer } from "../../platform/access.ts";
import type { AppInstance } from "../../platform/app-types.ts";
import { onCatalogueChange } from "../../platform/catalogue-changes.ts";
import { route } from "../../platform/endpoint-route.ts";
import { TtlCache } from "../../platform/ttl-cache.ts";
import { footerFacts } from "./footer.service.ts";

/** The facts behind the footer's rotating prompts (spec 4 and 5), in one call. */
export async function footerRoutes(app: AppInstance) {
  const { db, config } = app.deps;
  const catalogueCount = new TtlCache<number>(config.catalogueCountCacheMs);
  onCatalogueChange(db, () => catalogueCount.clear());

  // Not for deactivated accounts (the route table's rule): their footer asks nothing of the server.
  route(app, "GET /users/self/footer-facts", {}, async (request) =>
    footerFacts(db, requireViewer(request), catalogueCount),
  );
}
