import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession } from "../../../state/session.ts";
import type { StubbedCall } from "../../../test/render.tsx";
import { LIST_URL, makeList, makeReview, openPage, reviewsSection, signInAs } from "./review-fixtures.tsx";

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const POST = "POST /api/resources/11111111-1111-4111-8111-111111111111/reviews";
const bodyOf = (calls: StubbedCall[], method: string, url: string) =>
  calls.find((c) => c.method === method && c.url === url)?.body;

/** The list before and after a change: the first answer until `changed()` says the change was made. */
function beforeAfter(before: ReturnType<typeof makeList>, after: ReturnType<typeof makeList>) {
  let changed = false;
  return {
    list: (): [number, unknown] => [200, changed ? after : before],
    change: <T,>(answer: T) => {
      changed = true;
      return answer;
    },
  };
}

describe("writing a review", () => {
  it("offers the form to a reader who used it, asks for stars first, and posts the review", async () => {
    signInAs("u1");
    const mine = makeReview({
      id: "r9",
      author: { id: "u1", username: "tess", first_name: "Tess", avatar_locator: null },
    });
    const flow = beforeAfter(makeList({ refusal: null }), makeList({ refusal: "already_reviewed", mine }));
    const { calls } = openPage(flow.list, { [POST]: () => flow.change([201, mine]) });
    const section = await reviewsSection();
    const form = await within(section).findByRole("group", { name: "Your rating" }, { timeout: 4000 });
    fireEvent.click(within(section).getByRole("button", { name: "Post review" }));
    expect(await within(section).findByText("Choose from 1 to 5 stars")).toBeTruthy();
    // Nothing is posted for the review (the page view beacon is another matter).
    expect(calls.some((c) => c.method === "POST" && c.url.includes("/reviews"))).toBe(false);

    // The stars by keyboard alone.
    const first = within(form).getByRole("radio", { name: "1 star — Poor" });
    first.focus();
    for (const key of ["ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight"])
      fireEvent.keyDown(document.activeElement as Element, { key });
    expect(
      (within(form).getByRole("radio", { name: "4 stars — Very good" }) as HTMLInputElement).checked,
    ).toBe(true);
    await waitFor(() => expect(within(section).queryByText("Choose from 1 to 5 stars")).toBeNull());
    const text = within(section).getByRole("textbox", { name: /Your review/ });
    fireEvent.change(text, { target: { value: "  Worked well.\nWould use again.  " } });
    expect(within(section).getByText("33 of 2000 characters")).toBeTruthy();
    fireEvent.change(within(section).getByRole("combobox", { name: /Grade you taught it to/ }), {
      target: { value: "K" },
    });
    fireEvent.change(within(section).getByRole("combobox", { name: /How did you use it/ }), {
      target: { value: "sub-plan" },
    });
    fireEvent.click(within(section).getByRole("button", { name: "Post review" }));
    expect(await within(section).findByText("Your review", { selector: "span" })).toBeTruthy();
    expect(bodyOf(calls, "POST", LIST_URL)).toEqual({
      rating: 4,
      text: "Worked well.\nWould use again.",
      gradeTaught: "K",
      usedFor: "sub-plan",
    });
    expect(screen.getByText("Thank you! Your review is posted")).toBeTruthy();
    expect(within(section).queryByRole("button", { name: "Post review" })).toBeNull();
    // The resource's rating beside its title is asked again too.
    await waitFor(() =>
      expect(calls.filter((c) => c.url === "/api/resources/fractions-bingo").length).toBeGreaterThan(1),
    );
  });

  it("shows the server's refusal of a field on that field", async () => {
    signInAs("u1");
    openPage(makeList({ refusal: null }), {
      [POST]: [
        400,
        { error: "validation_failed", message: "Some fields are not valid", fields: { text: "too_big" } },
      ],
    });
    const section = await reviewsSection();
    fireEvent.click(
      await within(section).findByRole("radio", { name: "5 stars — Excellent" }, { timeout: 4000 }),
    );
    fireEvent.click(within(section).getByRole("button", { name: "Post review" }));
    const text = within(section).getByRole("textbox", { name: /Your review/ });
    await waitFor(() => expect(text.getAttribute("aria-invalid")).toBe("true"));
    expect(within(section).getByText("Check this value")).toBeTruthy();
  });

  it("prompts a reader who used it, beside the price box, to rate it: to the stars, or away for the visit", async () => {
    signInAs("u1");
    openPage(makeList({ refusal: null }));
    const prompt = await screen.findByRole("region", { name: "How did it go in your classroom?" });
    // Pressed as soon as it shows: the stars take the focus once the form's code has arrived.
    fireEvent.click(within(prompt).getByRole("button", { name: "Rate this resource" }));
    await waitFor(
      () => expect(document.activeElement).toBe(screen.getByRole("radio", { name: "1 star — Poor" })),
      { timeout: 4000 },
    );
    fireEvent.click(within(prompt).getByRole("button", { name: "Not now" }));
    expect(screen.queryByRole("region", { name: "How did it go in your classroom?" })).toBeNull();
    expect(sessionStorage.getItem("review_prompt_dismissed:11111111-1111-4111-8111-111111111111")).toBe("1");
  });

  it("prompts nobody who may not review", async () => {
    signInAs("u1");
    openPage(makeList({ refusal: "not_a_buyer" }));
    await within(await reviewsSection()).findByText("Teachers who downloaded or bought it can review it.");
    expect(screen.queryByRole("region", { name: "How did it go in your classroom?" })).toBeNull();
  });
});

describe("one's own review", () => {
  const mine = makeReview({
    id: "r9",
    rating: 2,
    text: "Too hard for my class.",
    usedFor: null,
    author: { id: "u1", username: "tess", first_name: "Tess", avatar_locator: null },
  });

  it("comes first, marked as the viewer's, without Helpful or Report, and is edited in place", async () => {
    signInAs("u1");
    const edited = { ...mine, rating: 4, text: "Better the second time." };
    const flow = beforeAfter(
      makeList({ refusal: "already_reviewed", mine }),
      makeList({ refusal: "already_reviewed", mine: edited }),
    );
    const { calls } = openPage(flow.list, { "PATCH /api/reviews/r9": () => flow.change([200, edited]) });
    const section = await reviewsSection();
    const own = (await within(section).findByText("Your review")).closest("article")!;
    expect(within(own).getByText(/^You can edit it until /)).toBeTruthy();
    expect(within(own).queryByRole("button", { name: /Helpful/ })).toBeNull();
    expect(within(own).queryByRole("button", { name: "Report" })).toBeNull();
    fireEvent.click(within(own).getByRole("button", { name: "Edit" }));
    const form = (await within(section).findByRole("heading", { name: "Edit your review" })).closest("form")!;
    expect((within(form).getByRole("radio", { name: "2 stars — Fair" }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((within(form).getByRole("textbox", { name: /Your review/ }) as HTMLTextAreaElement).value).toBe(
      "Too hard for my class.",
    );
    fireEvent.click(within(form).getByRole("radio", { name: "4 stars — Very good" }));
    fireEvent.change(within(form).getByRole("textbox", { name: /Your review/ }), {
      target: { value: "Better the second time." },
    });
    fireEvent.change(within(form).getByRole("combobox", { name: /Grade you taught it to/ }), {
      target: { value: "" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Save changes" }));
    expect(await within(section).findByText("Better the second time.")).toBeTruthy();
    expect(bodyOf(calls, "PATCH", "/api/reviews/r9")).toEqual({
      rating: 4,
      text: "Better the second time.",
      gradeTaught: null,
      usedFor: null,
    });
  });

  it("is deleted after one confirmation in a dialog, never the browser's", async () => {
    signInAs("u1");
    const confirm = vi.spyOn(window, "confirm");
    const flow = beforeAfter(makeList({ refusal: "already_reviewed", mine }), makeList({ refusal: null }));
    const { calls } = openPage(flow.list, {
      "DELETE /api/reviews/r9": () => flow.change([200, { deleted: true }]),
    });
    const section = await reviewsSection();
    const own = (await within(section).findByText("Your review")).closest("article")!;
    fireEvent.click(within(own).getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your review?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete review" }));
    expect(
      await within(section).findByRole("group", { name: "Your rating" }, { timeout: 4000 }),
    ).toBeTruthy();
    expect(within(section).queryByText("Your review", { selector: "span" })).toBeNull();
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
    expect(confirm).not.toHaveBeenCalled();
  });

  it("says when moderators hid it, and offers no Edit once the 30 days are over", async () => {
    signInAs("u1");
    const old = { ...mine, isHidden: true, editableUntil: new Date(Date.now() - 1000).toISOString() };
    openPage(makeList({ refusal: "already_reviewed", mine: old }));
    const own = (await within(await reviewsSection()).findByText("Your review")).closest("article")!;
    expect(within(own).getByText(/^Moderators hid this review/)).toBeTruthy();
    expect(within(own).queryByRole("button", { name: "Edit" })).toBeNull();
    expect(within(own).getByRole("button", { name: "Delete" })).toBeTruthy();
  });
});

describe("the creator's replies", () => {
  it("replies to a review in place, and edits or removes a reply", async () => {
    signInAs("c1");
    const { calls } = openPage(makeList({ refusal: "own_resource" }), {
      "POST /api/reviews/r1/reply": [200, makeReview()],
      "POST /api/reviews/r2/reply": [200, makeReview({ id: "r2" })],
    });
    const section = await reviewsSection();
    const [first, second] = await within(section).findAllByRole("article");
    // The creator is told nothing about writing one, and is not prompted to.
    expect(within(section).queryByRole("group", { name: "Your rating" })).toBeNull();
    expect(within(section).queryByText(/review it/)).toBeNull();
    // Nor may they mark reviews of their own resource helpful: the count is shown as words.
    expect(within(section).queryByRole("button", { name: /Helpful/ })).toBeNull();
    expect(within(first!).getByText("3 found this helpful")).toBeTruthy();

    fireEvent.click(within(first!).getByRole("button", { name: "Reply" }));
    const box = await within(first!).findByRole("textbox", { name: "Your reply to Ada" });
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: "So glad it worked!" } });
    expect(within(first!).getByText("18 of 1000 characters")).toBeTruthy();
    fireEvent.click(within(first!).getByRole("button", { name: "Save reply" }));
    await waitFor(() =>
      expect(bodyOf(calls, "POST", "/api/reviews/r1/reply")).toEqual({ text: "So glad it worked!" }),
    );
    expect(await within(first!).findByRole("button", { name: "Reply" })).toBeTruthy();

    fireEvent.click(within(second!).getByRole("button", { name: "Edit reply" }));
    const existing = await within(second!).findByRole("textbox", { name: "Your reply to Ben" });
    expect((existing as HTMLTextAreaElement).value).toBe("Thank you, Ben!");
    fireEvent.click(within(second!).getByRole("button", { name: "Remove reply" }));
    await waitFor(() => expect(bodyOf(calls, "POST", "/api/reviews/r2/reply")).toEqual({ text: "" }));
    expect(await screen.findByText("Your reply was removed")).toBeTruthy();
  });
});
