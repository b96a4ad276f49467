import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildTestApp, type TestApp } from "../test/app.ts";
import { enqueueJob, type JobDefinition } from "./jobs.ts";
import { Counter, EXPOSITION_CONTENT_TYPE, Histogram, renderMetrics } from "./metrics.ts";
import { countPayments, paymentsTotal } from "./outcome-metrics.ts";
import { createSandboxGateway } from "./payments.ts";

const TOKEN = "metrics-token-for-the-tests-0123";

/** The value of the sample named exactly `series` (`name{labels}`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("the exposition writer", () => {
  it("writes counters with escaped labels and histograms with cumulative buckets", async () => {
    const counter = new Counter("things_total", "Things.\nCounted.", ["kind"]);
    counter.labels('a "quoted"\\back\nslash').inc();
    counter.labels("plain").inc(2);
    const histogram = new Histogram("wait_seconds", "Waits.", ["route"], [0.1, 1]);
    const child = histogram.labels("/x");
    child.observe(0.05);
    child.observe(0.1);
    child.observe(0.5);
    child.observe(3);
    expect(await renderMetrics([counter, histogram])).toBe(
      [
        "# HELP things_total Things.\\nCounted.",
        "# TYPE things_total counter",
        'things_total{kind="a \\"quoted\\"\\\\back\\nslash"} 1',
        'things_total{kind="plain"} 2',
        "# HELP wait_seconds Waits.",
        "# TYPE wait_seconds histogram",
        'wait_seconds_bucket{route="/x",le="0.1"} 2',
        'wait_seconds_bucket{route="/x",le="1"} 3',
        'wait_seconds_bucket{route="/x",le="+Inf"} 4',
        // The sum as the process adds it up, float rounding and all.
        `wait_seconds_sum{route="/x"} ${0 + 0.05 + 0.1 + 0.5 + 3}`,
        'wait_seconds_count{route="/x"} 4',
        "",
      ].join("\n"),
    );
  });

  it("counts card processor calls by purpose and outcome", async () => {
    const gateway = countPayments(createSandboxGateway());
    const card = { expMonth: 12, expYear: 2099, cvc: "123", name: "Ada" };
    const text = () => renderMetrics([paymentsTotal]);
    const before = await text();
    const approved = await gateway.authorize({
      amountCents: 500,
      card: { ...card, number: "4242424242424242" },
      idempotencyKey: "metrics-1",
      purpose: "tip",
    });
    if (!approved.ok) throw new Error("the sandbox declined a good card");
    await gateway.capture(approved.chargeId);
    await gateway.refund(approved.chargeId, 500, "metrics-refund-1");
    await gateway.authorize({
      amountCents: 500,
      card: { ...card, number: "4000000000000002" },
      idempotencyKey: "metrics-2",
      purpose: "tip",
    });
    const after = await text();
    const delta = (outcome: string) =>
      (sample(after, `payments_total{purpose="tip",outcome="${outcome}"}`) ?? 0) -
      (sample(before, `payments_total{purpose="tip",outcome="${outcome}"}`) ?? 0);
    expect(["authorized", "captured", "declined", "voided"].map(delta)).toEqual([1, 1, 1, 0]);
    // The refund came after the capture, when the charge's purpose is no longer remembered.
    expect(sample(after, 'payments_total{purpose="unknown",outcome="refunded"}')).toBeGreaterThanOrEqual(1);
  });
});

describe("GET /metrics", () => {
  it("is not there (404) while METRICS_TOKEN is unset", async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: "not_found" });
    } finally {
      await t.close();
    }
  });

  describe("with METRICS_TOKEN set", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ metricsToken: TOKEN });
    });
    afterAll(() => t.close());

    const scrape = (authorization?: string) =>
      t.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

    it("answers 401 without the token or with another one", async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN]) {
        const res = await scrape(authorization);
        expect({ authorization, status: res.statusCode }).toEqual({ authorization, status: 401 });
        expect(res.body).not.toContain("http_requests_total");
      }
    });

    it("counts requests by route pattern, method and status, never by the address asked", async () => {
      const before = (await scrape(`Bearer ${TOKEN}`)).body;
      const missing = Array.from({ length: 3 }, (_, i) => `/api/files/previews/missing-${i}.png`);
      await Promise.all(missing.map((url) => t.app.inject({ method: "GET", url })));
      await t.app.inject({ method: "GET", url: "/api/health/live" });
      const res = await scrape(`Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe(EXPOSITION_CONTENT_TYPE);
      expect(res.headers["cache-control"]).toBe("no-store");
      const series = 'http_requests_total{method="GET",route="/api/files/:folder/*",status="404"}';
      expect((sample(res.body, series) ?? 0) - (sample(before, series) ?? 0)).toBe(3);
      expect(
        sample(res.body, 'http_requests_total{method="GET",route="/api/health/live",status="200"}'),
      ).toBe(1);
      expect(res.body).not.toContain("missing-0");
      const timed = 'http_request_duration_seconds_count{method="GET",route="/api/files/:folder/*"}';
      expect(sample(res.body, timed)).toBeGreaterThanOrEqual(3);
      expect(res.body).toContain(
        'http_request_duration_seconds_bucket{method="GET",route="/api/health/live",le="+Inf"} 1',
      );
    });

    it("reads the job queue's depth at the scrape, and counts mails sent", async () => {
      const chore: JobDefinition<{ n: number }> = {
        name: "metrics-test-chore",
        payload: z.object({ n: z.number() }),
        async handle() {},
      };
      await enqueueJob(t.db, chore, { n: 1 });
      await enqueueJob(t.db, chore, { n: 2 });
      const before = (await scrape(`Bearer ${TOKEN}`)).body;
      expect(sample(before, 'job_queue_depth{name="metrics-test-chore",state="queued"}')).toBe(2);
      await t.app.deps.mailer.send({ to: "ops@example.test", subject: "Counted", text: "One mail." });
      const after = (await scrape(`Bearer ${TOKEN}`)).body;
      const sent = 'mails_sent_total{outcome="sent"}';
      expect((sample(after, sent) ?? 0) - (sample(before, sent) ?? 0)).toBe(1);
      if (t.app.deps.database.engine === "postgres") {
        expect(sample(after, "db_pool_total_connections")).toBeGreaterThanOrEqual(1);
        expect(sample(after, "db_pool_waiting_requests")).toBe(0);
      } else {
        // PGlite is one connection in the process: there is no pool to tell of.
        expect(after).not.toContain("db_pool_");
      }
    });
  });
});
