import { useAreaTexts } from "../../../state/site-config.ts";

/**
 * Copy of the creators' insight (/earnings/insight), its overview on /earnings and the site-wide funnel on
 * the admins' statistics (issue 23). Admins can override any key through the site texts.
 */
export const INSIGHT_TEXTS = {
  "insight.title": "Insight",
  "insight.intro":
    "How teachers find your resources and what they do next. A visitor counts once a day per resource; your own visits and bots are left out, and no visitor's name is ever shown.",
  "insight.controls": "What to show",
  "insight.period": "Period",
  "insight.period.days": "Last {days} days",
  "insight.period.custom": "Choose dates",
  "insight.from": "From",
  "insight.to": "To",
  "insight.resource": "Resource",
  "insight.resource.all": "All my resources",
  "insight.interval": "Show by",
  "insight.interval.day": "Day",
  "insight.interval.week": "Week",
  "insight.interval.month": "Month",
  "insight.problem.order": "The last day must be on or after the first.",
  "insight.problem.future": "The last day can't be after today.",
  "insight.problem.long": "Choose at most {days} days.",
  "insight.problem.missing": "Choose both days.",
  "insight.loading": "Loading your insight",
  "insight.loadFailed": "We couldn't load your insight.",
  "insight.retry": "Try again",
  "insight.emptyTitle": "No visits yet",
  "insight.empty":
    "When teachers open your resources' pages, their visits, downloads and sales show here. Share a resource's link to bring the first ones in.",
  "insight.emptyAction": "Your resources",
  "insight.totals": "Totals",
  "insight.figure.views": "Page views",
  "insight.figure.uniqueVisitors": "Visitors",
  "insight.figure.downloads": "Free downloads",
  "insight.figure.purchases": "Purchases",
  "insight.figure.conversion": "Conversion",
  "insight.figure.revenue": "Revenue",
  "insight.figure.favorites": "Favorites",
  "insight.figure.follows": "New followers",
  "insight.conversionHint": "Downloads and purchases per visitor",
  "insight.noConversion": "–",
  "insight.chart.visits": "Views and visitors",
  "insight.chart.actions": "Downloads and purchases",
  "insight.chart.revenue": "Revenue",
  "insight.chart.summary": "{title}, {first} to {last}: {total} in all; the most, {most}, on {best}.",
  "insight.chart.legend": "Legend",
  "insight.chart.loading": "Loading the chart",
  "insight.showTable": "Show as table",
  "insight.allTable": "Every figure, period by period",
  "insight.column.period": "Period",
  "insight.column.conversion": "Conversion",
  "insight.total": "Total",
  "insight.weekOf": "Week of {day}",
  "insight.sources": "Where visits came from",
  "insight.sourcesNone": "No visits in this period.",
  "insight.sourceShare": "{views} views, {percent}%",
  "insight.source.search": "Search on this site",
  "insight.source.grid": "Browsing the catalogue",
  "insight.source.featured": "Featured resources",
  "insight.source.profile": "Your profile",
  "insight.source.referral": "Referral and gift links",
  "insight.source.external": "Other sites",
  "insight.source.direct": "Direct or unknown",
  "insight.downloadCsv": "Download CSV",
  "insight.csvFile": "insight",
  "insight.csv.period": "Period start",
  "insight.csv.revenue": "Revenue ($)",
  "insight.csv.conversion": "Conversion (%)",
  "insight.overview.title": "Last 30 days",
  "insight.overview.link": "See insight",
  "insight.overview.loading": "Loading the last 30 days",
  "insight.funnel.title": "Funnel",
  "insight.funnel.intro":
    "Resource page views across the whole site for the chosen dates, what visitors did next, and where they came from.",
  "insight.funnel.loadFailed": "We couldn't load the funnel.",
} as const satisfies Record<string, string>;

export type InsightTextKey = keyof typeof INSIGHT_TEXTS;
export type InsightTexts = (key: InsightTextKey, values?: Record<string, string>) => string;

export function useInsightTexts(): InsightTexts {
  return useAreaTexts<InsightTextKey>(INSIGHT_TEXTS);
}
