import { afterAll, beforeAll } from "vitest";
import type { users } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../test/app.ts";
import { makeAdmin, makeUser } from "../../test/factories.ts";

/**
 * The admin console tests' app and people: the master account ("head_admin"), a plain admin
 * ("helper_admin") and a teacher, Grace Hopper ("grace_owl"), whom the user search looks for. Shared by
 * console-access.test.ts (who may call the console), console-users.test.ts (the users screen) and
 * console-content.test.ts (settings audit, texts, site images); each file gets an app of its own.
 */

/** A well-formed id that names nothing. */
export const NO_ID = "00000000-0000-4000-8000-000000000000";

type User = typeof users.$inferSelect;

export interface ConsoleTestbed {
  t: TestApp;
  master: User;
  admin: User;
  teacher: User;
  asMaster: { authorization: string };
  asAdmin: { authorization: string };
  asTeacher: { authorization: string };
}

/** Builds the app before the file's tests (and closes it after); its fields are set once they run. */
export function consoleTestbed() {
  const bed = {} as ConsoleTestbed;
  beforeAll(async () => {
    bed.t = await buildTestApp();
    bed.master = await makeAdmin(bed.t.db, { is_master_account: true, username: "head_admin" });
    bed.admin = await makeAdmin(bed.t.db, { username: "helper_admin" });
    bed.teacher = await makeUser(bed.t.db, {
      username: "grace_owl",
      first_name: "Grace",
      last_name: "Hopper",
      email: "grace.hopper@school.test",
    });
    bed.asMaster = await bed.t.authHeader(bed.master.username);
    bed.asAdmin = await bed.t.authHeader(bed.admin.username);
    bed.asTeacher = await bed.t.authHeader(bed.teacher.username);
  });
  afterAll(() => bed.t.close());

  const call = (method: string, url: string, headers: object, payload?: object) =>
    bed.t.app.inject({ method: method as "GET", url, headers: headers as Record<string, string>, payload });

  return { bed, call };
}
