import { eq } from "drizzle-orm";
import { resources } from "../../db/schema/index.ts";
import { isUuid } from "../../platform/ids.ts";

/** A resource by id or by name (its URL slug), as spec 2 allows both. */
export function byIdOrName(idOrName: string) {
  return isUuid(idOrName) ? eq(resources.id, idOrName) : eq(resources.name, idOrName.toLowerCase());
}
