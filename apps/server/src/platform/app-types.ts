import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../config.ts";
import type { Database, Db } from "../db/client.ts";
import type { Mailer } from "./mail.ts";
import type { PaymentGateway } from "./payments.ts";
import type { Storage } from "./storage.ts";
import type { TokenSigner } from "./tokens.ts";

/**
 * The app's shape, apart from app.ts: app.ts imports every routes file, so a module that took these
 * types from there would close an import circle through the whole server.
 */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  tokens: TokenSigner;
  /** The card network's edge (platform/payments.ts): the sandbox unless a real provider is configured. */
  payments: PaymentGateway;
}

export interface RouteEntry {
  method: string;
  url: string;
  access: "public" | "user" | "admin";
  /** The endpoint definition it serves (platform/endpoint-route.ts); undefined for a route without one. */
  endpoint: string | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route with who may call it; the route-table test walks it. */
    routeTable: RouteEntry[];
  }
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
