import { z } from "zod";

/**
 * zod, as the domain's schemas are built with it. In a browser it runs "jitless": zod otherwise probes
 * `new Function` as each object schema is built, and the site's Content-Security-Policy (script-src
 * 'self', no eval) refuses the probe and reports it as a violation on every page that loads a schema.
 * The server keeps zod's compiled parsers. Every domain module imports z from here, so the setting comes
 * before the first schema is built.
 */
if ("document" in globalThis) z.config({ jitless: true });

export { z };
