/**
 * `npm run admin:create -- --username NAME --email ADDRESS`: makes an administrator (the site's master
 * account when it is the first) on the configured database and prints a single-use login link, valid for
 * 24 hours, with which they sign in and set a password. The way in for a production site, which has no
 * demo accounts.
 */
import { parseArgs } from "node:util";
import { loadConfigOrReport } from "../config.ts";
import { AdminAccountError, createAdminAccount } from "../modules/auth/admin-accounts.service.ts";
import { openRuntime } from "../runtime.ts";

const USAGE = "usage: npm run admin:create -- --username NAME --email ADDRESS";

async function main(): Promise<number> {
  let username: string;
  let email: string;
  try {
    const { values } = parseArgs({
      options: { username: { type: "string" }, email: { type: "string" }, help: { type: "boolean" } },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (!values.username || !values.email) throw new Error("--username and --email are both needed");
    username = values.username;
    email = values.email;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }

  const config = loadConfigOrReport();
  if (!config) return 1;
  const deps = await openRuntime(config);
  try {
    const admin = await createAdminAccount(deps, { username, email });
    console.log(`Administrator "${admin.username}" (${admin.email}) created.`);
    console.log(`Sign in once with this link within 24 hours, then set a password in your settings:`);
    console.log(admin.loginLink);
    return 0;
  } catch (error) {
    if (!(error instanceof AdminAccountError)) throw error;
    console.error(`No administrator was created: ${error.message}`);
    return 1;
  } finally {
    await deps.database.close();
  }
}

process.exitCode = await main();
