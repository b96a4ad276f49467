// npm start: build the web app if needed, then run the server (it migrates and seeds on first start).
import { spawn } from "node:child_process";
import { buildWebIfStale } from "./web-build.mjs";

buildWebIfStale();
const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
  cwd: new URL("..", import.meta.url).pathname,
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
