import { GRADES, HOME_SHELVES, SUBJECTS } from "@market/domain";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { imageUrl } from "../../api/image-urls.ts";
import { useAfterFirstPaint } from "../../components/after-first-paint.ts";
import { ResourceShelf } from "../../components/ResourceShelf.tsx";
import { SearchForm } from "../../components/SearchForm.tsx";
import { type HomeTextKey, useHomeTexts } from "./home-texts.ts";
import { ResourceListPage } from "./ResourceListPage.tsx";
import { shelfQuery } from "./resource-list.ts";

/** A colour of the tile pool per subject, so the ways in read as a set (the admin's palette). */
const SUBJECT_TILE: Record<(typeof SUBJECTS)[number], number> = {
  Math: 1,
  "English Language Arts": 2,
  Science: 3,
  "Social Studies": 4,
  Arts: 5,
  Music: 6,
  "Physical Education": 7,
  "World Languages": 8,
  "Special Education": 10,
  Other: 11,
};

/**
 * The home page: the brand's promise with a search, ways in by subject and by grade, the featured and new
 * shelves, then the whole catalogue's grid (spec 2: most downloaded first). Any search, filter or page of
 * the grid shows the grid alone, as search results.
 */
export default function HomePage() {
  const t = useHomeTexts();
  const [search] = useSearchParams();
  const browsing = [...search.keys()].length > 0;
  // Below the first screen: the new shelf and the whole grid follow the first paint (search results do not wait).
  const later = useAfterFirstPaint();
  const empty = { textKey: "home.empty", actionKey: "home.emptyAction", actionTo: "/publishing" } as const;
  // One tree either way, so the grid's state (the results shown while the next arrive) survives the switch.
  return (
    <div className="flex flex-col gap-10 sm:gap-14">
      {browsing ? null : (
        <>
          <Hero />
          <Shelf which="featured" eagerCovers={2} />
          <WaysIn />
          {later ? <Shelf which="new" eagerCovers={0} /> : null}
        </>
      )}
      <section>
        {browsing || later ? (
          <ResourceListPage
            titleKey="home.title"
            title={browsing ? undefined : t("home.all")}
            sort="downloads"
            empty={empty}
            headingLevel={browsing ? 1 : 2}
            showSearch={browsing}
            eagerCovers={browsing ? undefined : 0}
          />
        ) : null}
      </section>
    </div>
  );
}

function Hero() {
  const t = useHomeTexts();
  return (
    <section className="-mx-4 -mt-6 flex items-center justify-between gap-8 bg-gradient-to-br from-wash via-paper to-wash px-4 pt-5 pb-6 sm:rounded-b-3xl sm:px-8 sm:py-10">
      <div className="min-w-0 flex-1">
        <h1 className="max-w-3xl text-2xl leading-tight font-extrabold tracking-tight sm:text-5xl">
          {t("home.promise")}
        </h1>
        <p className="mt-3 hidden max-w-2xl text-lg text-muted sm:block">{t("home.promiseBody")}</p>
        <search className="mt-5 block max-w-2xl">
          <SearchForm
            id="home-search"
            label={t("home.searchPlaceholder")}
            buttonLabel={t("home.searchPlaceholder")}
            large
            button={
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
              >
                <circle cx="11" cy="11" r="7" strokeWidth="2.2" />
                <path d="m20 20-3.5-3.5" strokeWidth="2.2" strokeLinecap="round" />
              </svg>
            }
          />
        </search>
      </div>
      <HeroCollage />
    </section>
  );
}

/** Subjects as coloured tiles and grades as chips: each a link to the grid, filtered. */
function WaysIn() {
  const t = useHomeTexts();
  return (
    <div className="flex flex-col gap-8">
      <WaysInRow
        id="by-subject"
        title={t("home.bySubject")}
        listClassName="-mx-4 flex snap-x gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:grid sm:grid-cols-5 sm:gap-3 sm:overflow-visible sm:px-0"
      >
        {SUBJECTS.map((subject) => (
          <li key={subject} className="shrink-0 snap-start">
            <Link
              to={`/?subject=${encodeURIComponent(subject)}`}
              className="flex h-full items-center rounded-card px-4 py-3 text-sm font-semibold shadow-sm transition hover:brightness-110 sm:min-h-16 sm:text-base"
              style={{
                background: `var(--tile-${SUBJECT_TILE[subject]})`,
                color: `var(--tile-${SUBJECT_TILE[subject]}-text)`,
              }}
            >
              {subject}
            </Link>
          </li>
        ))}
      </WaysInRow>
      <WaysInRow
        id="by-grade"
        title={t("home.byGrade")}
        listClassName="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
      >
        {GRADES.map((grade) => (
          <li key={grade} className="shrink-0">
            <Link
              to={`/?grade=${encodeURIComponent(grade)}`}
              className="inline-flex min-h-10 items-center rounded-full border border-line bg-paper px-4 text-sm font-semibold hover:bg-wash"
            >
              {/^\d+$/.test(grade) ? t("home.grade", { grade }) : grade}
            </Link>
          </li>
        ))}
      </WaysInRow>
    </div>
  );
}

/** One row of ways in: its heading and its list of links. */
function WaysInRow({
  id,
  title,
  listClassName,
  children,
}: {
  id: string;
  title: string;
  listClassName: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-bold sm:text-2xl">
        {title}
      </h2>
      <ul className={listClassName}>{children}</ul>
    </section>
  );
}

/** The featured and new shelves; the hero's collage shares the featured one's answer. */
const SHELF_TITLES = { featured: "home.featured", new: "home.new" } as const satisfies Record<
  keyof typeof HOME_SHELVES,
  HomeTextKey
>;

function Shelf({ which, eagerCovers }: { which: keyof typeof HOME_SHELVES; eagerCovers: number }) {
  const t = useHomeTexts();
  const shelf = HOME_SHELVES[which];
  return (
    <ResourceShelf
      title={t(SHELF_TITLES[which])}
      query={shelf.query}
      seeAllTo={shelf.to}
      seeAllLabel={t("home.seeAll")}
      eagerCovers={eagerCovers}
    />
  );
}

/** Three featured covers fanned out beside the promise (desktop only): the catalogue is the picture. */
function HeroCollage() {
  const { data } = useQuery(shelfQuery(HOME_SHELVES.featured.query));
  const covers = (data?.resources ?? []).filter((r) => r.cover_locator).slice(0, 3);
  return (
    <div aria-hidden="true" className="relative hidden h-72 w-80 shrink-0 lg:block">
      {covers.map((resource, index) => (
        <img
          key={resource.id}
          src={imageUrl(resource.cover_locator ?? "", 320)}
          alt=""
          width={180}
          height={233}
          className={`absolute w-44 rounded-card border-4 border-paper shadow-xl ${COLLAGE[index]}`}
        />
      ))}
    </div>
  );
}
const COLLAGE = ["top-6 left-0 -rotate-6", "top-0 left-24 z-10 rotate-2", "top-10 left-44 rotate-8"] as const;
