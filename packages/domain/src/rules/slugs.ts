/**
 * Names in URLs: a resource's name (`/resources/{name}`) and a help entry's are lowercase words joined by
 * hyphens, made from a title and numbered on clash by whoever stores them (DECISIONS.md). At most 60
 * characters, so a link stays readable; a title with no letter or digit gives "resource".
 */
export function slugBase(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/, "") || "resource"
  );
}
