import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { REPO_ROOT } from "../config.ts";

/** The production start command, as the Dockerfile's CMD runs it. */
export const SERVER_COMMAND = [
  process.execPath,
  "--import",
  "tsx",
  join(REPO_ROOT, "apps/server/src/main.ts"),
];

/** The environment of a production start on `port` with its data in `dataDir` (no web build: API only). */
export function productionEnv(
  dataDir: string,
  port: number,
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    JWT_SECRET: "a-production-secret-that-is-long-enough-0123456789",
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIST: join(dataDir, "no-web-build"),
    LOG_LEVEL: "info",
    ...extra,
  };
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr. */
  output(): string;
  /** Resolves once its output contains `text`; rejects if it exits first. */
  said(text: string): Promise<void>;
  /** Resolves with its exit code once it has exited. */
  exited: Promise<number | null>;
}

/** Runs the real server process; it is running, not yet listening (await `said("Lesson Loft is running at")`). */
export function runServer(env: NodeJS.ProcessEnv): ServerProcess {
  const [command, ...args] = SERVER_COMMAND as [string, ...string[]];
  const child = spawn(command, args, { cwd: REPO_ROOT, env });
  let output = "";
  const listeners = new Set<() => void>();
  const heard = (chunk: Buffer) => {
    output += chunk;
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", heard);
  child.stderr?.on("data", heard);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    said(text) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!output.includes(text)) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        check();
        exited.then((code) =>
          reject(new Error(`the server exited (${code}) before saying "${text}":\n${output}`)),
        );
      });
    },
  };
}

/** Stops it as an orchestrator does (SIGTERM) and resolves with its exit code. */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGTERM");
  return server.exited;
}
