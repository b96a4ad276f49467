import { dayInZone, type InsightResponse } from "@market/domain";
import { afterAll, beforeAll } from "vitest";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { BROWSER_USER_AGENT, makeAdmin, makeResource, makeUser } from "../../test/factories.ts";

type User = Awaited<ReturnType<typeof makeUser>>;
type Resource = Awaited<ReturnType<typeof makeResource>>;

export interface InsightTestbed {
  t: TestApp;
  creator: User;
  otherCreator: User;
  reader: User;
  auth: {
    creator: Record<string, string>;
    otherCreator: Record<string, string>;
    reader: Record<string, string>;
    admin: Record<string, string>;
  };
  /** A fresh listed resource of `owner` (the creator by default). */
  resource(owner?: User): Promise<Resource>;
  /** Sends the beacon; answers with the status and the body's raw text. */
  view(
    resourceId: string,
    options?: {
      body?: unknown;
      auth?: Record<string, string>;
      userAgent?: string | null;
      address?: string;
    },
  ): Promise<{ status: number; text: string }>;
  /** GET /insight/self (or another path) as `auth`; the parsed answer. */
  insight(
    query: Record<string, string>,
    auth?: Record<string, string>,
    path?: string,
  ): Promise<{ status: number; body: InsightResponse & { error?: string } }>;
  /** Today in the site's time zone (the default's: the tests leave it). */
  today(): string;
  /** `today` moved by `days` (negative: earlier). */
  dayFrom(day: string, days: number): string;
}

let addressCounter = 0;
/** A fresh address for each visitor, so no test meets another's rate limit. */
export const nextAddress = () => {
  addressCounter += 1;
  return `10.23.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

export function insightTestbed(): InsightTestbed {
  const bed = {} as InsightTestbed;
  beforeAll(async () => {
    const t = await buildTestApp();
    const [creator, otherCreator, reader, admin] = await Promise.all([
      makeUser(t.db),
      makeUser(t.db),
      makeUser(t.db),
      makeAdmin(t.db),
    ]);
    Object.assign(bed, {
      t,
      creator: creator!,
      otherCreator: otherCreator!,
      reader: reader!,
      auth: {
        creator: await t.tokenFor(creator!.id),
        otherCreator: await t.tokenFor(otherCreator!.id),
        reader: await t.tokenFor(reader!.id),
        admin: await t.tokenFor(admin!.id, ["user", "admin"]),
      },
    });
  }, 60_000);
  afterAll(async () => {
    await bed.t?.close();
  });

  bed.resource = (owner) => makeResource(bed.t.db, { users_id: (owner ?? bed.creator).id });
  bed.view = async (resourceId, options = {}) => {
    const userAgent = options.userAgent === undefined ? BROWSER_USER_AGENT : options.userAgent;
    const res = await bed.t.app.inject({
      method: "POST",
      url: `/api/resources/${resourceId}/view`,
      remoteAddress: options.address ?? nextAddress(),
      headers: {
        ...(options.auth ?? {}),
        ...(userAgent === null ? {} : { "user-agent": userAgent }),
        "content-type": "application/json",
      },
      payload:
        typeof options.body === "string"
          ? options.body
          : JSON.stringify(options.body ?? { source: "direct" }),
    });
    return { status: res.statusCode, text: res.body };
  };
  bed.insight = async (query, auth = bed.auth.creator, path = "/api/insight/self") => {
    const res = await bed.t.app.inject({
      method: "GET",
      url: `${path}?${new URLSearchParams(query)}`,
      headers: auth,
    });
    return { status: res.statusCode, body: res.json() };
  };
  bed.today = () => dayInZone(new Date());
  bed.dayFrom = (day, days) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return bed;
}
