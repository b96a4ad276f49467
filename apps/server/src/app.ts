import { randomUUID } from "node:crypto";
import swagger from "@fastify/swagger";
import Fastify, { LogController } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { consoleRoutes } from "./modules/admin/index.ts";
import { statisticsRoutes } from "./modules/admin-stats/index.ts";
import { adsRoutes } from "./modules/ads/index.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { bulkEmailRoutes } from "./modules/bulk-email/index.ts";
import { bundlesRoutes } from "./modules/bundles/index.ts";
import { promotionsRoutes, refundsRoutes } from "./modules/commerce/index.ts";
import { filesRoutes } from "./modules/files/index.ts";
import { footerRoutes } from "./modules/footer/index.ts";
import { healthRoutes } from "./modules/health/index.ts";
import { helpRoutes } from "./modules/help/index.ts";
import { insightRoutes } from "./modules/insight/index.ts";
import { licencesRoutes } from "./modules/licences/index.ts";
import { messagesRoutes } from "./modules/messages/index.ts";
import { publishingRoutes } from "./modules/publishing/index.ts";
import { resourcesRoutes } from "./modules/resources/resources.routes.ts";
import { reviewsRoutes } from "./modules/reviews/index.ts";
import { sitePageShell } from "./modules/site/page-shell.ts";
import { siteRoutes } from "./modules/site/site.routes.ts";
import { sitemapRoutes } from "./modules/sitemap/index.ts";
import { supportRoutes } from "./modules/support/index.ts";
import { earningsRoutes } from "./modules/transactions/earnings.routes.ts";
import { statementsRoutes } from "./modules/transactions/statements.routes.ts";
import { transactionsRoutes } from "./modules/transactions/transactions.routes.ts";
import { peopleRoutes } from "./modules/users/people.routes.ts";
import { usersRoutes } from "./modules/users/users.routes.ts";
import { accessPlugin } from "./platform/access.ts";
import { installMetrics } from "./platform/app-metrics.ts";
import type { AppDeps, AppInstance, RouteEntry } from "./platform/app-types.ts";
import { installCompression } from "./platform/compression.ts";
import { installErrorHandler } from "./platform/error-handler.ts";
import { installInputGuards } from "./platform/input-guards.ts";
import { installOfflineGate } from "./platform/offline.ts";
import { installRateLimits } from "./platform/rate-limit.ts";
import { installRequestDrain } from "./platform/request-drain.ts";
import { installRequestLog } from "./platform/request-log.ts";
import { installResponseCache } from "./platform/response-cache.ts";
import { installSecurityHeaders } from "./platform/security-headers.ts";
import { serveWebApp } from "./platform/web-app.ts";

/** Request ids a caller may pass through (a load balancer's), else a fresh UUID. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export async function buildApp(
  deps: AppDeps,
  opts: { logger?: boolean; logStream?: NodeJS.WritableStream } = {},
): Promise<AppInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: deps.config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            redact: {
              paths: [
                "req.headers.authorization",
                "req.headers.cookie",
                'req.headers["captcha-token"]',
                "*.password",
                "*.cardNumber",
                "*.cardCvv",
              ],
              censor: "[redacted]",
            },
          },
    // Two info lines per request were a tenth of a request's cost: requests are logged by installRequestLog.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: deps.config.trustProxy,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate("deps", deps);
  app.decorate("lifecycle", { stopping: false });
  const routeTable: RouteEntry[] = [];
  app.decorate("routeTable", routeTable);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === "HEAD") continue;
      // Read when asked: hooks of inner plugins (the web app's) may still set the access after this one.
      routeTable.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access ?? "user";
        },
        get endpoint() {
          return route.config?.endpoint;
        },
      });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // Set as the request arrives (callback style, no promise per request); errors keep it too.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });

  installRequestLog(app, deps.config.slowRequestMs);
  installMetrics(app);
  installSecurityHeaders(app);
  installRequestDrain(app);
  await app.register(swagger, {
    openapi: { info: { title: "Lesson Loft API", version: "1.0.0" } },
    transform: jsonSchemaTransform,
  });
  await app.register(accessPlugin, {
    tokens: deps.tokens,
    db: deps.db,
    accountCacheMs: deps.config.accountCacheMs,
  });
  installOfflineGate(app, deps.db, deps.config.offlineFlagCacheMs);
  installRateLimits(app, deps.db);
  installInputGuards(app);
  installResponseCache(app, deps.db, deps.config.visitorCacheMs);
  installCompression(app);

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      for (const routes of [
        healthRoutes,
        siteRoutes,
        authRoutes,
        usersRoutes,
        peopleRoutes,
        resourcesRoutes,
        reviewsRoutes,
        insightRoutes,
        bundlesRoutes,
        publishingRoutes,
        transactionsRoutes,
        earningsRoutes,
        statementsRoutes,
        refundsRoutes,
        licencesRoutes,
        promotionsRoutes,
        adsRoutes,
        helpRoutes,
        filesRoutes,
        statisticsRoutes,
        bulkEmailRoutes,
        supportRoutes,
        messagesRoutes,
        footerRoutes,
        consoleRoutes,
      ]) {
        await typed.register(routes);
      }
      typed.get("/docs", { config: { access: "public" }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: "/api" },
  );
  await app.register(sitemapRoutes);
  await serveWebApp(app, deps.config.webDist, sitePageShell(app, deps.db, deps.config.visitorCacheMs));
  return app;
}
