import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { downloads, sales } from "../../db/schema/index.ts";
import { makeResource, makeUser } from "../../test/factories.ts";
import { reviewPromptFor } from "./index.ts";
import { REVIEW_PROMPT_DAYS } from "./review-prompt.service.ts";
import { recordDownload, recordSale, reviewsTestbed } from "./reviews-testbed.ts";

describe("reviews: the prompt to review what one used", () => {
  const bed = reviewsTestbed();
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

  it("names the most recently used listed resource the user did not write and has not reviewed", async () => {
    const teacher = await makeUser(bed.t.db);
    const prompt = () => reviewPromptFor(bed.t.db, teacher.id);
    expect(await prompt()).toBeNull();

    const make = (title: string, extra: Parameters<typeof makeResource>[1] | object = {}) =>
      makeResource(bed.t.db, { users_id: bed.users.creator.id, title, ...extra });
    const downloaded = await make("Downloaded");
    const bought = await make("Bought", { price: 500 });
    const gifted = await make("Gifted", { price: 500 });
    const old = await make("Old");
    const unlisted = await make("Unlisted", { status: "inactive" });
    const own = await makeResource(bed.t.db, { users_id: teacher.id, title: "Own" });

    await recordDownload(bed.t, old.id, teacher.id);
    await bed.t.db
      .update(downloads)
      .set({ created_at: daysAgo(REVIEW_PROMPT_DAYS + 1) })
      .where(eq(downloads.resource_id, old.id));
    expect(await prompt()).toBeNull();

    await recordDownload(bed.t, downloaded.id, teacher.id);
    await bed.t.db
      .update(downloads)
      .set({ created_at: daysAgo(3) })
      .where(eq(downloads.resource_id, downloaded.id));
    expect(await prompt()).toEqual({ id: downloaded.id, name: downloaded.name, title: "Downloaded" });

    await recordSale(bed.t, bought.id, teacher.id);
    await bed.t.db
      .update(sales)
      .set({ created_at: daysAgo(2) })
      .where(eq(sales.resource_id, bought.id));
    expect((await prompt())?.title).toBe("Bought");

    // A gift counts for its recipient from the day it was claimed (recordSale claims it now).
    await recordSale(bed.t, gifted.id, (await makeUser(bed.t.db)).id, { to: teacher.id });
    expect((await prompt())?.title).toBe("Gifted");

    // Newer still, but neither listed nor someone else's: passed over.
    await recordDownload(bed.t, unlisted.id, teacher.id);
    await recordDownload(bed.t, own.id, teacher.id);
    expect((await prompt())?.title).toBe("Gifted");

    // Reviewed ones drop out, newest first.
    await bed.writeReview(teacher, gifted);
    expect((await prompt())?.title).toBe("Bought");
    await bed.writeReview(teacher, bought);
    await bed.writeReview(teacher, downloaded);
    expect(await prompt()).toBeNull();

    // A gift the teacher gave someone else is not theirs to review.
    const given = await make("Given", { price: 500 });
    await recordSale(bed.t, given.id, teacher.id, { to: (await makeUser(bed.t.db)).id });
    expect(await prompt()).toBeNull();
  });
});
