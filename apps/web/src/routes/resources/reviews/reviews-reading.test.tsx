import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearSession } from "../../../state/session.ts";
import { listQueries, makeList, openPage, reviewsSection, signInAs } from "./review-fixtures.tsx";

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a resource's reviews, as readers see them", () => {
  it("shows the summary, the distribution as sentences, and each review with its classroom and reply", async () => {
    openPage(makeList());
    const section = await reviewsSection();
    await within(section).findByRole("img", { name: "4.3 out of 5 stars" });
    expect(within(section).getByText("3 reviews")).toBeTruthy();
    const bars = within(section).getByRole("list", { name: "How teachers rated it" });
    expect(
      within(bars)
        .getAllByRole("listitem")
        .map((row) => row.querySelector(".sr-only")?.textContent),
    ).toEqual([
      "5 stars: 2 reviews (67%)",
      "4 stars: 0 reviews (0%)",
      "3 stars: 1 review (33%)",
      "2 stars: 0 reviews (0%)",
      "1 star: 0 reviews (0%)",
    ]);

    const list = within(section).getByRole("list", { name: "Reviews of Fractions Bingo" });
    const [first, second] = within(list).getAllByRole("article");
    expect(within(first!).getByRole("img", { name: "Rated 5 out of 5 stars" })).toBeTruthy();
    expect(within(first!).getByRole("link", { name: "Ada" }).getAttribute("href")).toBe("/profile/@ada");
    expect(within(first!).getByText("Taught Grade 3")).toBeTruthy();
    expect(within(first!).getByText("Used: Small group")).toBeTruthy();
    // Line breaks kept as written; nothing read as HTML.
    const text = within(first!).getByText(/My class loved it/);
    expect(text.textContent).toBe("My class loved it.\nWe played twice.");
    expect(text.className).toContain("whitespace-pre-wrap");
    expect(within(first!).queryByText(/Edited/)).toBeNull();
    expect(within(second!).getByText("<b>Not bold</b>")).toBeTruthy();
    expect(second!.querySelector("b")).toBeNull();
    expect(within(second!).getByText(/Edited/)).toBeTruthy();
    expect(within(second!).getByText("Response from Grace")).toBeTruthy();
    expect(within(second!).getByText("Thank you, Ben!")).toBeTruthy();
    expect(within(first!).getByRole("button", { name: "Helpful (3)" }).getAttribute("aria-pressed")).toBe(
      "false",
    );
    // Nobody but the creator may reply.
    expect(within(section).queryByRole("button", { name: "Reply" })).toBeNull();
  });

  it("links the rating under the title to the reviews, and shows none before the first review", async () => {
    openPage(makeList());
    const link = await screen.findByRole("link", {
      name: /^Rated 4\.3 out of 5, 3 reviews\s*Read the reviews$/,
    });
    expect(link.getAttribute("href")).toBe("#reviews");
    expect((await reviewsSection()).id).toBe("reviews");
  });

  it("says there are no reviews yet, and who can write the first", async () => {
    openPage(
      makeList({
        reviews: [],
        total: 0,
        summary: { average: null, count: 0, distribution: [0, 0, 0, 0, 0] },
      }),
    );
    const section = await reviewsSection();
    expect(await within(section).findByText("No reviews yet")).toBeTruthy();
    expect(
      within(section).getByText("Teachers who download or buy it can write the first one."),
    ).toBeTruthy();
    expect(within(section).queryByRole("combobox", { name: "Sort reviews" })).toBeNull();
  });

  it("asks again in the chosen order and grade, from the first page, keeping them in the address", async () => {
    const { calls, router } = openPage(makeList({ total: 25 }), {}, "?page=2");
    const section = await reviewsSection();
    await within(section).findByRole("combobox", { name: "Sort reviews" });
    expect(listQueries(calls)).toEqual(["sort=helpful&page=2"]);
    expect(
      within(section)
        .getAllByRole("option")
        .slice(0, 3)
        .map((o) => o.textContent),
    ).toEqual(["Most helpful", "Newest", "Lowest rating"]);
    fireEvent.change(within(section).getByRole("combobox", { name: "Sort reviews" }), {
      target: { value: "newest" },
    });
    await waitFor(() => expect(listQueries(calls)).toContain("sort=newest&page=1"));
    fireEvent.change(within(section).getByRole("combobox", { name: "Grade taught" }), {
      target: { value: "3" },
    });
    await waitFor(() => expect(listQueries(calls)).toContain("sort=newest&page=1&grade=3"));
    expect(router.state.location.search).toBe("?sort=newest&grade=3");
    // The pages link to the same order and grade, and come back to the reviews.
    const pages = within(section).getByRole("navigation", { name: "Pages" });
    expect(within(pages).getByRole("link", { name: "Page 2" }).getAttribute("href")).toBe(
      "/resources/fractions-bingo?sort=newest&grade=3&page=2#reviews",
    );
  });

  it("says when no review matches the grade", async () => {
    openPage(makeList({ reviews: [], total: 0 }), {}, "?grade=7");
    expect(
      await within(await reviewsSection()).findByText("No reviews from teachers of this grade yet."),
    ).toBeTruthy();
  });

  it("sends a visitor who presses Helpful or Report to log in, and back to the reviews", async () => {
    const { router } = openPage(makeList());
    const section = await reviewsSection();
    fireEvent.click(await within(section).findByRole("button", { name: "Helpful (3)" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(localStorage.getItem("redirect_path")).toBe("/resources/fractions-bingo#reviews");
  });

  it("tells a visitor to log in to review it, keeping the way back", async () => {
    openPage(makeList());
    const section = await reviewsSection();
    const login = await within(section).findByRole("link", { name: "Log in" });
    expect(login.parentElement?.textContent).toBe("Bought or downloaded this? Log in to review it.");
    fireEvent.click(login);
    expect(localStorage.getItem("redirect_path")).toBe("/resources/fractions-bingo#reviews");
  });

  it("tells a signed-in reader who has not used it who may review, and the creator nothing", async () => {
    signInAs("u1");
    openPage(makeList({ refusal: "not_a_buyer" }));
    expect(
      await within(await reviewsSection()).findByText("Teachers who downloaded or bought it can review it."),
    ).toBeTruthy();
  });

  it("marks a review helpful once, pressed from then on", async () => {
    signInAs("u1");
    const { calls } = openPage(makeList({ refusal: "not_a_buyer" }), {
      "POST /api/reviews/r1/helpful": [200, { helpfulCount: 4, helpfulByMe: true }],
    });
    const section = await reviewsSection();
    fireEvent.click(await within(section).findByRole("button", { name: "Helpful (3)" }));
    const pressed = await within(section).findByRole("button", { name: "Helpful (4)" });
    expect(pressed.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(pressed);
    expect(calls.filter((c) => c.url === "/api/reviews/r1/helpful")).toHaveLength(1);
  });

  it("reports a review with a reason and details from a dialog, then thanks the reader", async () => {
    signInAs("u1");
    const { calls } = openPage(makeList({ refusal: "not_a_buyer" }), {
      "POST /api/reviews/r2/report": [200, { reported: true }],
    });
    const section = await reviewsSection();
    const second = (await within(section).findAllByRole("article"))[1]!;
    fireEvent.click(within(second).getByRole("button", { name: "Report" }));
    const dialog = await screen.findByRole("dialog", { name: "Report this review" });
    fireEvent.click(await within(dialog).findByRole("button", { name: "Send report" }));
    expect(await within(dialog).findByText("Choose a reason")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("radio", { name: "Not about this resource" }));
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Details for the admins/ }), {
      target: { value: "It is about another resource." },
    });
    expect(within(dialog).getByText("29 of 500 characters")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await within(dialog).findByText("Thanks — an admin will look at it.")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/reviews/r2/report")?.body).toEqual({
      reason: "off-topic",
      details: "It is about another resource.",
    });
    fireEvent.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1)!);
    const reported = await within(second).findByRole("button", { name: "Reported" });
    expect((reported as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows no section for a resource whose reviews are not kept", async () => {
    openPage([404, { error: "not_found", message: "Not found" }]);
    expect(await screen.findByRole("heading", { level: 1, name: "Fractions Bingo" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Loading the reviews")).toBeNull());
    expect(screen.queryByRole("region", { name: "Reviews" })).toBeNull();
  });

  it("says when the reviews could not load, with a way to try again", async () => {
    openPage([500, { error: "internal", message: "Boom" }]);
    const section = await reviewsSection();
    expect(
      await within(section).findByText(
        "We could not load the reviews. Check your connection and try again.",
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
  });
});
