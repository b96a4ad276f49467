import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { CAPTCHA_ANSWERS_FOLDER } from "../modules/auth/captcha-test-answers.ts";

/**
 * The answer to a captcha challenge, for tests and journeys that must get past the captcha through the
 * real endpoints. It does not look at what was served (the images and words give nothing away to a
 * script, and captcha.test.ts proves it): a server running with NODE_ENV=test writes each challenge's
 * answer codes into its data folder (modules/auth/captcha-test-answers.ts), and this reads them back.
 * `dataDir` is the server's: TestApp.config.dataDir in tests, E2E_DATA_DIR in journeys.
 */
export async function captchaAnswer(dataDir: string, challengeId: string): Promise<string[]> {
  const file = join(dataDir, CAPTCHA_ANSWERS_FOLDER, `${challengeId}.json`);
  return JSON.parse(await readFile(file, "utf8")) as string[];
}
