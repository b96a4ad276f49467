import { randomUUID } from "node:crypto";
import type { helpEntries } from "../schema/index.ts";
import { HELP_ARTICLES, HELP_IMAGES, HELP_VIDEO, PRO_TIPS } from "./content.ts";
import { helpImageSvg, PALETTE } from "./images.ts";

type HelpRow = typeof helpEntries.$inferInsert;

/**
 * The help book: its images (rendered through `render`, which stores them), its video entry, articles
 * and pro tips. The rows are complete once `renders` have settled (an image's size is its picture's).
 */
export function planHelpBook(render: (key: string, svg: string) => Promise<Buffer>): {
  rows: HelpRow[];
  renders: Promise<void>[];
} {
  const helpRows: HelpRow[] = [];
  const helpIds = new Map<string, string>();
  const helpRenders = HELP_IMAGES.map(async (img, i) => {
    const id = randomUUID();
    helpIds.set(img.name, id);
    const locator = `help/${img.name}.png`;
    const row: HelpRow = {
      id,
      name: img.name,
      type: "image",
      short_title: img.short_title,
      long_title: img.short_title,
      accent_color: img.accent,
      order_index: i,
      image_locator: locator,
      image_alt_text: img.alt,
      image_name: `${img.name}.png`,
    };
    helpRows.push(row);
    const body = await render(
      locator,
      helpImageSvg({ heading: img.short_title, labels: img.labels, accent: img.accent }),
    );
    row.image_size_bytes = body.length;
  });
  const videoId = randomUUID();
  helpIds.set(HELP_VIDEO.name, videoId);
  helpRows.push({
    id: videoId,
    name: HELP_VIDEO.name,
    type: "video",
    short_title: HELP_VIDEO.short_title,
    long_title: HELP_VIDEO.long_title,
    order_index: 0,
    // The demo ships no video file: the entry exists so the help book's video slot has something to list.
    video_locator: null,
    video_name: HELP_VIDEO.video_name,
    video_size_bytes: HELP_VIDEO.video_size_bytes,
  });
  HELP_ARTICLES.forEach((article, i) => {
    helpRows.push({
      name: article.name,
      type: "article",
      short_title: article.short_title,
      long_title: article.long_title,
      body: article.body,
      accent_color: PALETTE[(i * 2) % PALETTE.length]!,
      order_index: i,
      is_pro_tip: false,
      image_entry_id: article.image ? helpIds.get(article.image)! : null,
      video_entry_id: article.video ? helpIds.get(article.video)! : null,
    });
  });
  PRO_TIPS.forEach((tip, i) => {
    helpRows.push({
      name: tip.name,
      type: "article",
      short_title: tip.short_title,
      long_title: tip.short_title,
      body: tip.body,
      accent_color: PALETTE[(i * 5 + 1) % PALETTE.length]!,
      order_index: HELP_ARTICLES.length + i,
      is_pro_tip: true,
    });
  });
  return { rows: helpRows, renders: helpRenders };
}
