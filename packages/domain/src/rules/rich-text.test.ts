import { describe, expect, it } from "vitest";
import { decodeEntities, parseRichText, type RichTextToken, resolveRichTextHref } from "./rich-text.ts";

const SITE = "https://lessonloft.example";
const parse = (input: string) => parseRichText(input, { siteOrigin: SITE });
const text = (t: string): RichTextToken => ({ kind: "text", text: t });

describe("parseRichText: hostile markup never becomes anything but text, br or a checked link", () => {
  const cases: Array<[string, string, RichTextToken[]]> = [
    ["script tag", "<script>alert(1)</script>", [text("<script>alert(1)</script>")]],
    ["img with onerror", '<img src=x onerror="alert(1)">', [text('<img src=x onerror="alert(1)">')]],
    ["javascript: link", '<a href="javascript:alert(1)">click</a>', [text("click")]],
    ["javascript: with a tab inside", '<a href="java\tscript:alert(1)">x</a>', [text("x")]],
    ["javascript: in entities", '<a href="&#106;avascript:alert(1)">x</a>', [text("x")]],
    [
      "a tag with < in it is text",
      '<a href="data:text/html,<b>">x</a>',
      [text('<a href="data:text/html,<b>">x</a>')],
    ],
    ["data: link, quoted safely", '<a href="data:text/html;base64,PHA+">x</a>', [text("x")]],
    ["vbscript: link", "<a href='vbscript:msgbox'>x</a>", [text("x")]],
    ["mailto: is not a web link", '<a href="mailto:a@b.c">mail</a>', [text("mail")]],
    [
      "onclick and style are dropped, href kept",
      '<a href="https://example.org" onclick="steal()" style="position:fixed">site</a>',
      [{ kind: "link", href: "https://example.org/", text: "site", external: true, newTab: true }],
    ],
    [
      "nested tags inside a link are its text",
      '<a href="/help"><b>bold</b> <img src=x onerror=alert(1)></a>',
      [
        {
          kind: "link",
          href: "/help",
          text: "<b>bold</b> <img src=x onerror=alert(1)>",
          external: false,
          newTab: false,
        },
      ],
    ],
    [
      "a link inside a link ends at the first close",
      '<a href="/a"><a href="/b">in</a></a>',
      [{ kind: "link", href: "/a", text: '<a href="/b">in', external: false, newTab: false }, text("</a>")],
    ],
    [
      "entities are text, never tags",
      "&lt;script&gt;alert(1)&lt;/script&gt;",
      [text("<script>alert(1)</script>")],
    ],
    ["an unclosed a is text", '<a href="/x">never closed', [text('<a href="/x">never closed')]],
    ["an a with no text is dropped", '<a href="/x"></a>after', [text("after")]],
    ["a stray close is text", "one</a>two", [text("one</a>two")]],
    [
      "iframe and svg stay text",
      '<iframe src="//x"></iframe><svg onload=alert(1)>',
      [text('<iframe src="//x"></iframe><svg onload=alert(1)>')],
    ],
    ["abbr is not a", "<abbr>HTML</abbr>", [text("<abbr>HTML</abbr>")]],
    [
      "br spellings",
      "a<br>b<BR/>c<br />d",
      [text("a"), { kind: "br" }, text("b"), { kind: "br" }, text("c"), { kind: "br" }, text("d")],
    ],
    ["br with attributes is text", '<br onclick="x">', [text('<br onclick="x">')]],
  ];

  it.each(cases)("%s", (_name, input, expected) => {
    expect(parse(input)).toEqual(expected);
  });

  it("only ever produces the three token kinds, and links only with http(s) addresses", () => {
    const hostile = cases.map(([, input]) => input).join("<br>");
    for (const token of parse(hostile)) {
      expect(["text", "br", "link"]).toContain(token.kind);
      if (token.kind === "link")
        expect(token.href.startsWith("/") || /^https?:\/\//.test(token.href)).toBe(true);
      expect(
        Object.keys(token).every((key) => ["kind", "text", "href", "external", "newTab"].includes(key)),
      ).toBe(true);
    }
  });
});

describe("link rules", () => {
  it.each([
    ["/resources/fractions-bingo", { href: "/resources/fractions-bingo/view", external: false }],
    ["/resources/fractions-bingo/", { href: "/resources/fractions-bingo/view", external: false }],
    [`${SITE}/resources/abc?x=1#top`, { href: "/resources/abc/view?x=1#top", external: false }],
    ["/resources/abc/view", { href: "/resources/abc/view", external: false }],
    ["/resources/abc/purchase", { href: "/resources/abc/purchase", external: false }],
    [`${SITE}/help`, { href: "/help", external: false }],
    ["http://lessonloft.example/help", { href: "http://lessonloft.example/help", external: true }],
    ["https://example.org/a", { href: "https://example.org/a", external: true }],
    ["//evil.example/x", { href: "https://evil.example/x", external: true }],
    ["https://user:pw@example.org", null],
    ["javascript:alert(1)", null],
    [" JAVASCRIPT:alert(1)", null],
    ["data:text/html,x", null],
    ["ftp://example.org", null],
    ["", null],
  ])("%s", (href, expected) => {
    expect(resolveRichTextHref(href, SITE)).toEqual(expected);
  });

  it("marks an own-site link opened in a new tab only when the markup asks", () => {
    expect(parse('<a href="/help" target="_blank">help</a>')).toEqual([
      { kind: "link", href: "/help", text: "help", external: false, newTab: true },
    ]);
  });

  it("keeps surrounding text and decodes entities in it and in the href", () => {
    expect(parse('Tom &amp; Jerry: <a href="/search?a=1&amp;b=2">see</a>.')).toEqual([
      text("Tom & Jerry: "),
      { kind: "link", href: "/search?a=1&b=2", text: "see", external: false, newTab: false },
      text("."),
    ]);
  });
});

describe("decodeEntities", () => {
  it.each([
    ["&amp;&lt;&gt;&quot;&#39;", "&<>\"'"],
    ["&#x41;&#66;", "AB"],
    ["&unknown; &#0; &#xD800;", "&unknown; &#0; &#xD800;"],
  ])("%s", (input, expected) => {
    expect(decodeEntities(input)).toBe(expected);
  });
});
