import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { logHelpFailures } from "./help.routes.ts";

/**
 * Spec 8: the client ignores failed help calls silently, so the server must say them. Every help call that
 * answers 4xx or 5xx is logged with its route, status and caller; successes are not.
 */
describe("failed help calls are logged", () => {
  it("logs refusals and errors, not successes", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify({
      logger: { level: "warn", stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    await app.register(async (help) => {
      logHelpFailures(help);
      help.get("/help/ok", async () => ({ ok: true }));
      help.put("/help/:id", async (_request, reply) => reply.code(403).send({ error: "forbidden" }));
      help.post("/help/feedback", async () => {
        throw new Error("database down");
      });
    });
    await app.inject({ url: "/help/ok" });
    await app.inject({ method: "PUT", url: "/help/abc" });
    await app.inject({ method: "POST", url: "/help/feedback" });
    const failures = lines.filter((l) => l.msg === "help call failed");
    expect(failures.map((l) => [l.method, l.route, l.status])).toEqual([
      ["PUT", "/help/:id", 403],
      ["POST", "/help/feedback", 500],
    ]);
    await app.close();
  });
});
