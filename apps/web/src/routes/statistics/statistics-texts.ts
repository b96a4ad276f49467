import { useAreaTexts } from "../../state/site-config.ts";

/** Copy of /admin/statistics. Admins can override any key through the site texts; these are the defaults. */
export const STATISTICS_TEXTS = {
  "statistics.title": "Statistics",
  "statistics.intro":
    "How the marketplace is doing over a period, day by day, week by week or month by month.",
  "statistics.from": "From",
  "statistics.to": "To",
  "statistics.bucket": "Group by",
  "statistics.bucket.day": "Day",
  "statistics.bucket.week": "Week",
  "statistics.bucket.month": "Month",
  "statistics.chart": "Chart",
  "statistics.loading": "Loading the figures…",
  "statistics.error": "We could not load the figures. Check the period and try again.",
  "statistics.retry": "Try again",
  "statistics.totals": "Totals for the period",
  "statistics.table": "Figures by {bucket}",
  "statistics.period": "Period starting",
  "statistics.chartCaption": "{metric} by {bucket}, {from} to {to} ({timeZone}).",
  "statistics.highest": "Highest: {value}.",
  "statistics.problem.to_before_from": "The period ends before it starts.",
  "statistics.problem.too_many_buckets": "That is too many bars for one chart: group by week or month.",
  "statistics.metric.signUps": "Sign-ups",
  "statistics.metric.activeUsers": "Active users",
  "statistics.metric.resourcesPublished": "Resources published",
  "statistics.metric.downloads": "Downloads",
  "statistics.metric.sales": "Sales",
  "statistics.metric.salesAmount": "Sales amount",
  "statistics.metric.tips": "Tips",
  "statistics.metric.tipsAmount": "Tips amount",
  "statistics.metric.donations": "Donations",
  "statistics.metric.donationsAmount": "Donations amount",
  "statistics.metric.adImpressions": "Ad impressions",
  "statistics.metric.adClicks": "Ad clicks",
  "statistics.metric.adIncome": "Ad income",
  "statistics.metric.reviews": "Reviews written",
  "statistics.metric.reviewsAverage": "Average rating",
  "statistics.none": "None",
} as const satisfies Record<string, string>;

export type StatisticsTextKey = keyof typeof STATISTICS_TEXTS;
export type StatisticsTexts = (key: StatisticsTextKey, values?: Record<string, string>) => string;

export function useStatisticsTexts(): StatisticsTexts {
  return useAreaTexts(STATISTICS_TEXTS);
}
