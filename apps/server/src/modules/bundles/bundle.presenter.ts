import type { Bundle } from "@market/domain";
import type { Db } from "../../db/client.ts";
import type { Viewer } from "../../platform/access.ts";
import { bundleContents } from "../resources/index.ts";
import { presentPublicUser } from "../users/index.ts";
import type { BundleRow } from "./bundle-lookup.ts";

/**
 * A bundle as its editor and GET /bundles/{id} show it: its own fields, its listed resources with their
 * sum and the saving, and its cover: its own first preview, else its first included resource's (issue
 * 22: the included resources' covers by default), read where that cover is stored.
 */
export async function presentBundle(db: Db, row: BundleRow, viewer: Viewer | null): Promise<Bundle> {
  const contents = await bundleContents(db, row.id, row.price);
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    price: row.price,
    seatPrice: row.seat_price,
    approval_status: row.approval_status,
    status: row.status,
    cover_locator:
      row.cover_locator ?? contents.resources.find((c) => c.cover_locator)?.cover_locator ?? null,
    creator: presentPublicUser({
      id: row.users_id,
      username: row.creator_username,
      first_name: row.creator_first_name,
      avatar_locator: row.creator_avatar_locator,
    }),
    isOwn: viewer?.id === row.users_id,
    contents,
  };
}
