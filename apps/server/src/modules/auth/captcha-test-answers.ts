import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Tests and journeys must get past the captcha through the real endpoints without reading the answer out
 * of what is served (that was the hole a probe found). So a server running with NODE_ENV=test
 * (buildTestApp, the Playwright journeys) writes each challenge's answer codes to
 * `<dataDir>/captcha-answers/<id>.json`, the way mail without SMTP lands in `<dataDir>/mail/`, and
 * test/captcha-solver.ts reads them back. This is the cleanest of the ways we weighed: a map in memory
 * works only in-process (a journey's server is another process), a test-only route would be one more
 * thing to keep out of production, and the database keeps only the answer's hash. No route serves the
 * folder, and in development and production nothing is written.
 *
 * This module imports nothing heavy, so the journeys' runner can import the folder's name.
 */
export const CAPTCHA_ANSWERS_FOLDER = "captcha-answers";

export async function recordCaptchaAnswerForTests(dataDir: string, id: string, codes: string[]) {
  const folder = join(dataDir, CAPTCHA_ANSWERS_FOLDER);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, `${id}.json`), JSON.stringify(codes));
}
