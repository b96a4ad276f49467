/**
 * An admin's styling of one ad (the styling step's css_override), made safe to put in the page: it may
 * restyle that ad's own box and nothing else.
 *
 * The browser's own CSS parser reads it (a constructed stylesheet, so nothing is applied yet and no
 * @import is fetched); only style rules are kept, with the @media and @supports blocks around them (no
 * @import, @font-face, @keyframes, @property or @layer: their names are the page's). What is kept is
 * written back inside `@scope (<the ad's box>) { ... }`, where a rule can match only the ad's box
 * (`:scope`) and what is in it: `body`, `:root`, `:not(...)` or `:has(...)` reach nothing outside.
 * The result is parsed once more and used only if it is exactly that one @scope rule, so no text in
 * the admin's CSS can have closed the block early. A browser without @scope drops the rule: the ad
 * is shown unstyled, never the page restyled. The ad's container also contains its paint, so a fixed
 * or moved box stays inside the ad (AdView).
 *
 * Text without braces is taken as declarations for the ad's box ("background: #fef3c7").
 */
export function scopeAdCss(css: string | null | undefined, scope: string): string | null {
  const text = (css ?? "").trim();
  if (text === "" || typeof CSSStyleSheet === "undefined") return null;
  const source = parse(text.includes("{") ? text : `:scope { ${text} }`);
  if (!source) return null;
  const body = keptRules(source.cssRules);
  if (body === "") return null;
  const scoped = `@scope (${scope}) {\n${body}\n}`;
  const check = parse(scoped);
  if (check?.cssRules.length !== 1) return null;
  const rule = check.cssRules[0];
  if (typeof CSSScopeRule === "undefined" || !(rule instanceof CSSScopeRule)) return null;
  return scoped;
}

/** The attribute selector of one ad's box: ids are UUIDs; anything else is reduced to safe characters. */
export function adScopeSelector(adId: string): string {
  return `[data-ad-scope="${adId.replace(/[^A-Za-z0-9_-]/g, "")}"]`;
}

function parse(text: string): CSSStyleSheet | null {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    return sheet;
  } catch {
    return null;
  }
}

function keptRules(rules: CSSRuleList): string {
  const kept: string[] = [];
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSStyleRule) {
      const nested = (rule as CSSStyleRule & { cssRules?: CSSRuleList }).cssRules?.length ?? 0;
      if (rule.style.length > 0 || nested > 0) kept.push(rule.cssText);
    } else if (rule instanceof CSSMediaRule) {
      const inner = keptRules(rule.cssRules);
      if (inner) kept.push(`@media ${rule.media.mediaText} {\n${inner}\n}`);
    } else if (typeof CSSSupportsRule !== "undefined" && rule instanceof CSSSupportsRule) {
      const inner = keptRules(rule.cssRules);
      if (inner) kept.push(`@supports ${rule.conditionText} {\n${inner}\n}`);
    }
  }
  return kept.join("\n");
}
