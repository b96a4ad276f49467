import { defineEndpoints } from "./endpoint.ts";
import { healthResponseSchema } from "./site.ts";

/** Whether the server and its database answer. */
export const healthEndpoints = defineEndpoints({
  "GET /health": {
    summary: "Whether the server and its database answer.",
    response: healthResponseSchema,
  },
});
