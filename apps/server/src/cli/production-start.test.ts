import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../config.ts";
import { decodeQuotedPrintable } from "../test/mail.ts";
import { productionEnv as sharedProductionEnv } from "../test/server-process.ts";

const run = promisify(execFile);
const MAIN = join(REPO_ROOT, "apps/server/src/main.ts");
const ADMIN_CREATE = join(REPO_ROOT, "apps/server/src/cli/admin-create.ts");

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the real server process and resolves once it says it is running (or fails with its output). */
async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], { cwd: REPO_ROOT, env });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (output.includes("Lesson Loft is running at")) resolve();
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return { child, output: () => output };
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });

/**
 * A production start (issue 16): no demo accounts unless asked for, the first administrator made by
 * `npm run admin:create` or ADMIN_EMAIL with a single-use link, and a DATA_DIR that does not exist yet.
 * The real processes on the embedded database; the PostgreSQL path is the same code with DATABASE_URL.
 */
describe.runIf(process.env.TEST_DB_ENGINE === "pglite")("a production start", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "market-prod-"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  // The shared production environment (test/server-process.ts), logging warnings only.
  const productionEnv = (dataDir: string, port: number, extra: NodeJS.ProcessEnv = {}) =>
    sharedProductionEnv(dataDir, port, { LOG_LEVEL: "warn", ...extra });

  const api = (port: number, path: string, body?: object) =>
    fetch(`http://127.0.0.1:${port}/api${path}`, {
      method: body ? "POST" : "GET",
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  const tokenOf = (link: string) => /token=([A-Za-z0-9_-]+)/.exec(link)![1]!;

  it("seeds no demo account, makes the admin with admin:create, whose one link signs in once", async () => {
    // Deeper than anything that exists: the data folder is made on start.
    const dataDir = join(root, "fresh", "data");
    const port = await freePort();
    const env = productionEnv(dataDir, port);
    const created = await run(
      process.execPath,
      ["--import", "tsx", ADMIN_CREATE, "--username", "principal", "--email", "principal@district.test"],
      { cwd: REPO_ROOT, env },
    );
    const link = /http:\/\/\S+token-login\?token=\S+/.exec(created.stdout)?.[0];
    expect(link, created.stdout).toBeDefined();

    const { child, output } = await startServer(env);
    try {
      expect(output()).not.toContain("Demo accounts");
      const demo = await api(port, "/auth/token", { username: "admin", password: "teach-demo-2026" });
      expect(demo.status).toBe(403);
      const login = await api(port, "/auth/token/login-token", { loginToken: tokenOf(link!) });
      expect(login.status).toBe(200);
      const body = (await login.json()) as { accessToken: string; user: Record<string, unknown> };
      expect(body.user).toMatchObject({
        username: "principal",
        role: "admin",
        is_master_account: true,
        email_verified: true,
        has_password: false,
      });
      const scopes = JSON.parse(Buffer.from(body.accessToken.split(".")[1]!, "base64url").toString()).scopes;
      expect(scopes).toContain("admin");
      const again = await api(port, "/auth/token/login-token", { loginToken: tokenOf(link!) });
      expect(again.status).toBe(403);
    } finally {
      await stop(child);
    }

    // The same name twice is refused, and says so.
    const clash = await run(
      process.execPath,
      ["--import", "tsx", ADMIN_CREATE, "--username", "principal", "--email", "other@district.test"],
      { cwd: REPO_ROOT, env },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(clash).toMatchObject({ code: 1 });
    expect((clash as { stderr: string }).stderr).toContain("That username is taken.");
  });

  it("makes the first administrator from ADMIN_EMAIL and mails the link; SEED_DEMO=true seeds the demo", async () => {
    const dataDir = join(root, "with-admin-email");
    const port = await freePort();
    const { child } = await startServer(
      productionEnv(dataDir, port, { ADMIN_EMAIL: "it@district.test", ADMIN_USERNAME: "it_admin" }),
    );
    try {
      const mailDir = join(dataDir, "mail");
      const mails = await Promise.all(
        (await readdir(mailDir)).map(async (f) =>
          decodeQuotedPrintable(await readFile(join(mailDir, f), "utf8")),
        ),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain("To: it@district.test");
      const login = await api(port, "/auth/token/login-token", {
        loginToken: tokenOf(/token-login\?token=[A-Za-z0-9_-]+/.exec(mails[0]!)![0]),
      });
      expect(((await login.json()) as { user: { username: string } }).user.username).toBe("it_admin");
      const demo = await api(port, "/auth/token", { username: "teacher1", password: "teach-demo-2026" });
      expect(demo.status).toBe(403);
    } finally {
      await stop(child);
    }

    const seededDir = join(root, "seeded-on-purpose");
    const seededPort = await freePort();
    const seeded = await startServer(productionEnv(seededDir, seededPort, { SEED_DEMO: "true" }));
    try {
      const demo = await api(seededPort, "/auth/token", {
        username: "teacher1",
        password: "teach-demo-2026",
      });
      expect(demo.status).toBe(200);
    } finally {
      await stop(seeded.child);
    }
    // Two production starts, one seeding the demo (PDF pages rendered): well past the default on a busy machine.
  }, 90_000);
});
