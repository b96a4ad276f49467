import type { BundleChoice } from "@market/domain";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../../state/session.ts";
import { makeSelfUser } from "../../../test/factories.ts";
import { renderScreen, stubFetch } from "../../../test/render.tsx";
import { inOneHour, makeToken } from "../../../test/tokens.ts";
import BundleEditorPage from "./BundleEditorPage.tsx";

const choice = (id: string, title: string, price: number): BundleChoice => ({
  id,
  name: `r-${id}`,
  title,
  grade: "3",
  subject_area: "Math",
  price,
  cover_locator: null,
});
const CHOICES = [choice("a", "Owl unit", 800), choice("b", "Frog unit", 500), choice("c", "Bee unit", 300)];

beforeEach(() => {
  storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("the bundle editor (/bundles/new)", () => {
  it("shows the sum and the saving as the creator picks and prices, and refuses a price at or above the sum", async () => {
    const { calls } = stubFetch({
      "GET /api/bundles/choices": [200, { resources: CHOICES }],
      "POST /api/bundles": [201, { id: "x", name: "pond-set", approval_status: "awaiting_approval" }],
    });
    renderScreen(BundleEditorPage, "/bundles/new");
    expect(await screen.findByRole("heading", { level: 1, name: "Make a bundle" })).toBeTruthy();
    await screen.findByRole("complementary", { name: "Your bundle" });
    const summary = () => within(screen.getByRole("complementary", { name: "Your bundle" }));
    expect(summary().getByText("0 of 50 chosen")).toBeTruthy();

    fireEvent.click(screen.getByRole("checkbox", { name: /Owl unit/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /Frog unit/ }));
    expect(summary().getByText("2 of 50 chosen")).toBeTruthy();
    expect(summary().getByText("$13.00")).toBeTruthy();

    const price = summary().getByRole("textbox", { name: "Bundle price" });
    fireEvent.change(price, { target: { value: "14" } });
    expect(summary().getByText("The bundle price must be less than $13.00.")).toBeTruthy();
    fireEvent.change(price, { target: { value: "10.50" } });
    expect(summary().queryByText(/must be less than/)).toBeNull();
    expect(summary().getByText("$2.50")).toBeTruthy();

    // The search narrows the list; picks stay.
    fireEvent.change(screen.getByRole("searchbox", { name: "Find your resources" }), {
      target: { value: "bee" },
    });
    expect(screen.queryByRole("checkbox", { name: /Owl unit/ })).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: /Bee unit/ }));
    expect(summary().getByText("3 of 50 chosen")).toBeTruthy();
    expect(summary().getByText("$16.00")).toBeTruthy();
    expect(summary().getByText("$5.50")).toBeTruthy();

    // Issue 23: each extra seat's price, empty for the site's half of the price, or the creator's own.
    const seat = summary().getByRole("textbox", { name: /Price for each extra seat/ });
    expect(
      summary().getByText(/Leave empty: half the price\. At this price, that is \$5\.25 a seat\./),
    ).toBeTruthy();
    fireEvent.change(seat, { target: { value: "six" } });
    expect(summary().getByText(/Write an amount like 6\.00/)).toBeTruthy();
    fireEvent.change(seat, { target: { value: "6" } });
    expect(summary().queryByText(/Write an amount like 6\.00/)).toBeNull();

    fireEvent.change(screen.getByRole("textbox", { name: /Bundle title/ }), {
      target: { value: "Pond set" },
    });
    fireEvent.change(screen.getByRole("textbox", { name: /What the bundle is for/ }), {
      target: { value: "Three units about the pond, for a whole term." },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send for review" }));
    expect(await screen.findByText("Your bundle was sent for review")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toEqual({
      title: "Pond set",
      description: "Three units about the pond, for a whole term.",
      resourceIds: ["a", "b", "c"],
      price: 1050,
      seatPrice: 600,
    });
  });
});
