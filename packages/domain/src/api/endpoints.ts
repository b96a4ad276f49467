import { adminConsoleEndpoints } from "./admin-console.ts";
import { adEndpoints } from "./ads.ts";
import { authEndpoints } from "./auth.ts";
import { bulkEmailEndpoints } from "./bulk-email.ts";
import { conversationEndpoints } from "./conversations.ts";
import { earningsEndpoints } from "./earnings.ts";
import { fileEndpoints } from "./files.ts";
import { footerEndpoints } from "./footer.ts";
import { healthEndpoints } from "./health.ts";
import { helpEndpoints } from "./help.ts";
import { libraryEndpoints } from "./library.ts";
import { publishingEndpoints } from "./publishing.ts";
import { resourceEndpoints } from "./resources.ts";
import { reviewEndpoints } from "./reviews.ts";
import { siteEndpoints } from "./site.ts";
import { statisticsEndpoints } from "./statistics.ts";
import { transactionEndpoints } from "./transactions.ts";
import { userEndpoints } from "./users.ts";

/**
 * Every endpoint of the API, by name ("GET /resources/:id"): what the server registers its routes from and
 * the web app's client is typed from (endpoint.ts). A route served without a definition here, or a
 * definition without a route, fails apps/server/src/platform/route-table.test.ts.
 *
 * The web app imports this module's types only (`import type`): its values carry the schemas, and so zod.
 */
export const ENDPOINTS = {
  ...adEndpoints,
  ...adminConsoleEndpoints,
  ...authEndpoints,
  ...bulkEmailEndpoints,
  ...conversationEndpoints,
  ...earningsEndpoints,
  ...fileEndpoints,
  ...footerEndpoints,
  ...healthEndpoints,
  ...helpEndpoints,
  ...libraryEndpoints,
  ...publishingEndpoints,
  ...resourceEndpoints,
  ...reviewEndpoints,
  ...siteEndpoints,
  ...statisticsEndpoints,
  ...transactionEndpoints,
  ...userEndpoints,
};

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;
