import {
  type EndpointDefinition,
  endpointParts,
  type HandlerBody,
  type HandlerParams,
  type HandlerQuery,
  type HandlerResult,
} from "@market/domain";
import { ENDPOINTS, type EndpointName, type Endpoints } from "@market/domain/api/endpoints";
import type {
  FastifyContextConfig,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from "fastify";
import type { AppInstance } from "./app-types.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The endpoint this route serves (packages/domain/src/api/endpoints.ts); the route-table test reads it. */
    endpoint?: EndpointName;
  }
}

/** The request a handler of endpoint `D` reads: params, query and body already checked and coerced. */
type EndpointRequest<D extends EndpointDefinition> = FastifyRequest<{
  Params: HandlerParams<D>;
  Querystring: HandlerQuery<D>;
  Body: HandlerBody<D>;
}>;

type EndpointHandler<D extends EndpointDefinition> = (
  request: EndpointRequest<D>,
  reply: FastifyReply,
) => Promise<HandlerResult<D>> | HandlerResult<D>;

/** What a route adds to its endpoint's definition: who may call it and how much it may send. */
interface RouteExtras {
  config?: Omit<FastifyContextConfig, "endpoint">;
  bodyLimit?: number;
  /** Left out of the API's documentation (test-only and internal routes). */
  hide?: boolean;
  /** A route whose answers come already serialized (GET /advertisements/display); the schema still documents them. */
  serializerCompiler?: RouteOptions["serializerCompiler"];
}

/**
 * Serves an endpoint from its definition: the method, path and schemas come from packages/domain, so the
 * server cannot answer what the web app's client does not expect without a test failing (the response
 * schema checks every answer and drops fields it does not name).
 */
export function route<N extends EndpointName>(
  app: AppInstance,
  name: N,
  extras: RouteExtras,
  handler: EndpointHandler<Endpoints[N]>,
): void {
  const definition: EndpointDefinition = ENDPOINTS[name];
  const { method, path } = endpointParts(name);
  const schema: FastifySchema & { hide?: boolean; summary?: string } = {};
  if (definition.params) schema.params = definition.params;
  if (definition.query) schema.querystring = definition.query;
  if (definition.body && definition.body !== "multipart") schema.body = definition.body;
  if (typeof definition.response === "object") {
    schema.response = { [definition.status ?? 200]: definition.response };
  }
  if (definition.summary) schema.summary = definition.summary;
  if (extras.hide) schema.hide = true;
  const options: RouteOptions = {
    method,
    url: path,
    schema,
    config: { ...extras.config, endpoint: name },
    handler: handler as unknown as RouteOptions["handler"],
  };
  const status = definition.status;
  if (status !== undefined) {
    // The definition's success status unless the handler says otherwise (an error is thrown, not sent).
    options.handler = function withStatus(request, reply) {
      reply.code(status);
      return handler.call(this, request as never, reply);
    };
  }
  if (extras.bodyLimit !== undefined) options.bodyLimit = extras.bodyLimit;
  if (extras.serializerCompiler) options.serializerCompiler = extras.serializerCompiler;
  app.route(options);
}
