import { adminConsoleEndpoints } from "./admin-console.ts";
import { adEndpoints } from "./ads.ts";
import { authEndpoints } from "./auth.ts";
import { bulkEmailEndpoints } from "./bulk-email.ts";
import { bundleEndpoints } from "./bundles.ts";
import { conversationEndpoints } from "./conversations.ts";
import { earningsEndpoints } from "./earnings.ts";
import { fileEndpoints } from "./files.ts";
import { footerEndpoints } from "./footer.ts";
import { healthEndpoints } from "./health.ts";
import { helpEndpoints } from "./help.ts";
import { insightEndpoints } from "./insight.ts";
import { libraryEndpoints } from "./library.ts";
import { licenceEndpoints } from "./licences.ts";
import { promotionEndpoints } from "./promotions.ts";
import { publishingEndpoints } from "./publishing.ts";
import { refundEndpoints } from "./refunds.ts";
import { resourceEndpoints } from "./resources.ts";
import { reviewEndpoints } from "./reviews.ts";
import { siteEndpoints } from "./site.ts";
import { statementEndpoints } from "./statements.ts";
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
  ...bundleEndpoints,
  ...bulkEmailEndpoints,
  ...conversationEndpoints,
  ...earningsEndpoints,
  ...fileEndpoints,
  ...footerEndpoints,
  ...healthEndpoints,
  ...helpEndpoints,
  ...insightEndpoints,
  ...licenceEndpoints,
  ...libraryEndpoints,
  ...promotionEndpoints,
  ...publishingEndpoints,
  ...refundEndpoints,
  ...resourceEndpoints,
  ...reviewEndpoints,
  ...siteEndpoints,
  ...statementEndpoints,
  ...statisticsEndpoints,
  ...transactionEndpoints,
  ...userEndpoints,
};

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;
