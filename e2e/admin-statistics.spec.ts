import { abbreviateNumber, type StatisticsResponse } from "@market/domain";
import { expect, test } from "@playwright/test";
import { signInPage } from "./fixtures.ts";

test("an admin reads the statistics of the last 30 days, by day and by month, as figures, a chart and a table", async ({
  page,
}) => {
  const admin = await signInPage(page, "admin");
  await page.goto("/admin/statistics");
  await expect(page.getByRole("heading", { level: 1, name: "Statistics" })).toBeVisible();

  // The page shows what the API computes for the period it shows.
  const from = await page.getByLabel("From", { exact: true }).inputValue();
  const to = await page.getByLabel("To", { exact: true }).inputValue();
  const expected = (await (
    await page.request.get(`/api/admin/statistics?from=${from}&to=${to}&bucket=day`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    })
  ).json()) as StatisticsResponse;
  await expect(page.getByTestId("total-signUps")).toHaveText(abbreviateNumber(expected.totals.signUps));
  await expect(page.getByTestId("total-downloads")).toHaveText(abbreviateNumber(expected.totals.downloads));
  await expect(page.getByRole("img", { name: "Chart: Sign-ups" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Figures by day" }).getByRole("row")).toHaveCount(31);

  await page.getByRole("button", { name: /^Downloads/ }).click();
  await expect(page.getByRole("img", { name: "Chart: Downloads" })).toBeVisible();
  await page.getByLabel("Group by").selectOption("month");
  await expect(page.getByRole("table", { name: "Figures by month" })).toBeVisible();

  // A period that ends before it starts is explained, not sent.
  await page.getByLabel("From", { exact: true }).fill("2030-01-01");
  await expect(page.getByRole("alert")).toHaveText("The period ends before it starts.");
});

test("the statistics count the same downloads the catalogue shows on its resources", async ({ page }) => {
  const admin = await signInPage(page, "admin");
  // Every listed resource's downloadCount, as teachers see it on the cards.
  let catalogue = 0;
  for (let n = 1; ; n += 1) {
    const list = await (await page.request.get(`/api/resources?sort=newest&pageSize=48&page=${n}`)).json();
    for (const resource of list.resources as { downloadCount: number }[]) catalogue += resource.downloadCount;
    if (n * 48 >= list.total) break;
  }
  expect(catalogue).toBeGreaterThan(1000);

  await page.goto("/admin/statistics");
  const to = await page.getByLabel("To", { exact: true }).inputValue();
  await page.getByLabel("Group by").selectOption("month");
  await page.getByLabel("From", { exact: true }).fill("2024-01-01");
  const figures = (await (
    await page.request.get(`/api/admin/statistics?from=2024-01-01&to=${to}&bucket=month`, {
      headers: { authorization: `Bearer ${admin.accessToken}` },
    })
  ).json()) as StatisticsResponse;
  expect(figures.totals.downloads).toBe(catalogue);
  await expect(page.getByTestId("total-downloads")).toHaveText(abbreviateNumber(catalogue));
});
