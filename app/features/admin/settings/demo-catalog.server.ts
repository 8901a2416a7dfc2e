import { getTableColumns, inArray, is, isNull, and, eq, SQL, type Column } from "drizzle-orm";
import { getTableConfig, PgDateString, PgDate, PgTable, PgTimestamp, PgTimestampString, type PgColumn } from "drizzle-orm/pg-core";
import * as schema from "~/db/schema";
import {
  churchSettings,
  churchValues,
  classOfferings,
  classSessions,
  contentBlocks,
  discussionReplies,
  discussionThreads,
  events,
  faqItems,
  galleryAlbums,
  givingFunds,
  heroVideos,
  homeCards,
  leaders,
  mediaGallery,
  prayerParts,
  prayerRequests,
  products,
  productVariants,
  readingPlanDays,
  readingPlans,
  sermonSeries,
  sermonTopicLinks,
  sermonTopics,
  sermons,
  serviceTimes,
  studyGroups,
  studyGuides,
  volunteerOpportunities,
} from "~/db/schema";
import {
  demoBlocks,
  demoEvents,
  demoGallery,
  demoHeroVideos,
  demoHomeCards,
  demoLeaders,
  demoServiceTimes,
  demoSettings,
  demoValues,
} from "~/platform/seed/demo-church";
import { DEMO_FAQ } from "~/features/assistant/seed-demo-faq.server";
import { DEMO_THREADS } from "~/features/discussions/seed-demo-discussions.server";
import { DEMO_ALBUMS, DEMO_PHOTO_SIZE } from "~/features/gallery/seed-demo-gallery.server";
import { DEMO_FUNDS } from "~/features/giving/seed-demo-giving.server";
import { demoGroups } from "~/features/groups/seed-demo-groups.server";
import { DEMO_CLASS, DEMO_CLASS_TOPICS } from "~/features/membership/seed-demo-class.server";
import { PRAYER_LIBRARY } from "~/features/prayer-generator/prayer-library";
import { DEMO_PRAYER_REQUESTS } from "~/features/prayer/seed-demo-prayer.server";
import { DEMO_SERIES, DEMO_SERMON_TOPICS, DEMO_TOPICS, demoSermons } from "~/features/sermons/seed-demo-sermons.server";
import { DEMO_PRODUCTS } from "~/features/store/seed-demo-store.server";
import { DEMO_GUIDES, DEMO_READING_PLAN, DEMO_READING_PLAN_DAYS, demoGuidePassageOsis } from "~/features/study/seed-demo-study.server";
import { DEMO_MINISTRIES } from "~/features/volunteers/seed-demo-volunteers.server";

/**
 * Which rows are the demo church's, from the seed modules' own definitions (ADR 035): by key or
 * slug where the seed gives one, by the seed's exact words where it gives none (prayer requests,
 * discussions, FAQ, prayer-builder phrases). Each kind also says what the seed wrote, so a demo
 * row staff have changed since is told apart from one nobody touched.
 */

/** The kinds the card counts, in the order it lists them. */
export const DEMO_KINDS = [
  "profile",
  "serviceTimes",
  "leaders",
  "values",
  "pageTexts",
  "homeCards",
  "heroVideos",
  "events",
  "sermons",
  "sermonSeries",
  "sermonTopics",
  "studyGuides",
  "readingPlans",
  "groups",
  "classes",
  "prayerRequests",
  "prayerPhrases",
  "albums",
  "photos",
  "discussions",
  "ministries",
  "funds",
  "products",
  "faq",
] as const;
export type DemoKind = (typeof DEMO_KINDS)[number];

export type Row = Record<string, unknown>;

/** What the children's keys need from the database: the demo topics' ids by slug. */
export interface CatalogContext {
  topicIdBySlug: Map<string, number>;
}

export interface ChildSpec {
  table: PgTable;
  /** The child's column that points at its parent's `id`. */
  parentColumn: PgColumn;
  /** The children the seed gave this parent, each under the key `key(child)` finds it by. */
  seeded(parent: Row, context: CatalogContext): Map<string, Row>;
  key(child: Row): string;
  ignore?: readonly string[];
}

export interface KindSpec {
  kind: DemoKind;
  table: PgTable;
  /** Narrows the candidates (the seed's keys); every candidate is then checked by `seeded`. */
  where: SQL | undefined;
  /** What the seed wrote for this row, or undefined when the row is not a demo row at all. */
  seeded(row: Row): Row | undefined;
  /** Columns not compared: moved by visitors (counts) or by the seed's day (dates). */
  ignore?: readonly string[];
  /** Timestamp columns compared after all (the seed sets them from its own clock). */
  compareTimes?: readonly string[];
  children?: ChildSpec[];
}

const byKey = <T extends object>(list: readonly T[], key: keyof T) => new Map(list.map((item) => [String(item[key]), item]));
const rowsBy = <T extends Row>(list: readonly T[], key: (item: T) => string) => new Map(list.map((item) => [key(item), item as Row]));

const serviceTimeDefs = byKey(demoServiceTimes, "key");
const leaderDefs = byKey(demoLeaders, "key");
const valueDefs = byKey(demoValues, "key");
const blockDefs = byKey(demoBlocks, "key");
const homeCardDefs = byKey(demoHomeCards, "key");
const heroDefs = byKey(demoHeroVideos, "key");
const eventSlugs = demoEvents(new Date()).map((e) => e.slug);
const photoIds = demoGallery(new Date()).map((p) => p.id);
const albumDefs = byKey(DEMO_ALBUMS, "slug");
const seriesDefs = byKey(DEMO_SERIES, "slug");
const topicDefs = byKey(DEMO_TOPICS, "slug");
const sermonDefs = byKey(
  demoSermons(() => "", { john: null, wisdom: null }),
  "slug",
);
const guideDefs = byKey(DEMO_GUIDES, "slug");
const groupDefs = byKey(demoGroups as Row[], "slug");
const fundDefs = byKey(DEMO_FUNDS, "slug");
const ministryDefs = byKey(DEMO_MINISTRIES, "slug");
const productDefs = byKey(DEMO_PRODUCTS, "slug");
const faqDefs = new Map(DEMO_FAQ.map((f, i) => [f.questionEn, { ...f, active: true, sortOrder: i + 1 } as Row]));
const partKey = (row: Row) => `${String(row.kind)}|${String(row.topic ?? "")}|${String(row.textEn)}`;
const partDefs = new Map(
  PRAYER_LIBRARY.map((part, i) => [partKey(part as unknown as Row), { ...part, active: true, sortOrder: i } as Row]),
);
const prayerDefs = new Map(
  DEMO_PRAYER_REQUESTS.map(({ daysAgo: _d, updatedDaysAgo: _u, answeredDaysAgo: _a, ...request }) => [
    request.body,
    { visibility: "public", status: "approved", notifyOnPrayer: false, anonymous: false, ...request } as Row,
  ]),
);
const threadDefs = new Map(DEMO_THREADS.map((thread) => [thread.body, thread]));

/** Every kind of demo content, with the tables its rows live in. */
export const DEMO_CATALOG: KindSpec[] = [
  {
    kind: "profile",
    table: churchSettings,
    where: eq(churchSettings.id, demoSettings.id),
    // The giving seed adds the text-to-give keyword and number to the profile.
    seeded: () => ({ ...demoSettings, givingTextKeyword: "GIVE", givingTextNumber: demoSettings.phoneDisplay }),
  },
  {
    kind: "serviceTimes",
    table: serviceTimes,
    where: inArray(serviceTimes.key, [...serviceTimeDefs.keys()]),
    seeded: (row) => serviceTimeDefs.get(String(row.key)),
  },
  {
    kind: "leaders",
    table: leaders,
    where: inArray(leaders.key, [...leaderDefs.keys()]),
    seeded: (row) => leaderDefs.get(String(row.key)),
  },
  {
    kind: "values",
    table: churchValues,
    where: inArray(churchValues.key, [...valueDefs.keys()]),
    seeded: (row) => valueDefs.get(String(row.key)),
  },
  {
    kind: "pageTexts",
    table: contentBlocks,
    where: inArray(contentBlocks.key, [...blockDefs.keys()]),
    seeded: (row) => blockDefs.get(String(row.key)),
  },
  {
    kind: "homeCards",
    table: homeCards,
    where: inArray(homeCards.key, [...homeCardDefs.keys()]),
    seeded: (row) => homeCardDefs.get(String(row.key)),
  },
  {
    kind: "heroVideos",
    table: heroVideos,
    where: inArray(heroVideos.key, [...heroDefs.keys()]),
    seeded: (row) => heroDefs.get(String(row.key)),
  },
  {
    kind: "events",
    table: events,
    where: inArray(events.slug, eventSlugs),
    // The seed places its events relative to its own day: the same day gives the same times.
    seeded: (row) => demoEvents(row.createdAt as Date).find((e) => e.slug === row.slug),
    compareTimes: ["startsAt", "endsAt"],
  },
  {
    kind: "sermons",
    table: sermons,
    where: inArray(sermons.slug, [...sermonDefs.keys()]),
    seeded: (row) => sermonDefs.get(String(row.slug)),
    // The series is a link (checked with the other links); the date follows the seed's day.
    ignore: ["seriesId"],
    children: [
      {
        table: sermonTopicLinks,
        parentColumn: sermonTopicLinks.sermonId,
        // A link is the seed's when it points to the demo topic the seed linked.
        seeded: (parent, context) =>
          new Map(
            (DEMO_SERMON_TOPICS[String(parent.slug)] ?? []).flatMap((slug) => {
              const id = context.topicIdBySlug.get(slug);
              return id === undefined ? [] : [[String(id), {} as Row] as const];
            }),
          ),
        key: (child) => String(child.topicId),
        ignore: ["sermonId", "topicId"],
      },
    ],
  },
  {
    kind: "sermonSeries",
    table: sermonSeries,
    where: inArray(sermonSeries.slug, [...seriesDefs.keys()]),
    seeded: (row) => seriesDefs.get(String(row.slug)),
  },
  {
    kind: "sermonTopics",
    table: sermonTopics,
    where: inArray(sermonTopics.slug, [...topicDefs.keys()]),
    seeded: (row) => topicDefs.get(String(row.slug)),
  },
  {
    kind: "studyGuides",
    table: studyGuides,
    where: inArray(studyGuides.slug, [...guideDefs.keys()]),
    seeded: (row) => {
      const guide = guideDefs.get(String(row.slug));
      return guide && ({ ...guide, passageOsis: demoGuidePassageOsis(guide.passage), status: "published" } as Row);
    },
  },
  {
    kind: "readingPlans",
    table: readingPlans,
    where: eq(readingPlans.slug, DEMO_READING_PLAN.slug),
    seeded: () => DEMO_READING_PLAN,
    children: [
      {
        table: readingPlanDays,
        parentColumn: readingPlanDays.planId,
        seeded: () => rowsBy(DEMO_READING_PLAN_DAYS, (day) => String(day.dayNumber)),
        key: (child) => String(child.dayNumber),
        ignore: ["planId"],
      },
    ],
  },
  {
    kind: "groups",
    table: studyGroups,
    where: inArray(studyGroups.slug, [...groupDefs.keys()]),
    seeded: (row) => groupDefs.get(String(row.slug)),
  },
  {
    kind: "classes",
    table: classOfferings,
    where: eq(classOfferings.slug, DEMO_CLASS.slug),
    seeded: () => DEMO_CLASS,
    children: [
      {
        table: classSessions,
        parentColumn: classSessions.offeringId,
        seeded: () =>
          new Map(DEMO_CLASS_TOPICS.map(([topicEn, topicEs], i) => [String(i + 1), { sessionNumber: i + 1, topicEn, topicEs } as Row])),
        key: (child) => String(child.sessionNumber),
        ignore: ["offeringId"],
      },
    ],
  },
  {
    kind: "prayerRequests",
    table: prayerRequests,
    where: and(isNull(prayerRequests.userId), inArray(prayerRequests.body, [...prayerDefs.keys()])),
    seeded: (row) => prayerDefs.get(String(row.body)),
    // Visitors' "I prayed" and reports move these; the wall's expiry follows the seed's day.
    ignore: ["prayingCount", "reportCount"],
  },
  {
    kind: "prayerPhrases",
    table: prayerParts,
    where: inArray(prayerParts.textEn, [...new Set(PRAYER_LIBRARY.map((part) => part.textEn))]),
    seeded: (row) => partDefs.get(partKey(row)),
  },
  {
    kind: "albums",
    table: galleryAlbums,
    where: inArray(galleryAlbums.slug, [...albumDefs.keys()]),
    seeded: (row) => {
      const album = albumDefs.get(String(row.slug));
      return album && { slug: album.slug, title: album.title, titleEs: album.titleEs };
    },
  },
  {
    kind: "photos",
    table: mediaGallery,
    where: inArray(mediaGallery.id, photoIds),
    seeded: (row) => {
      const photo = demoGallery(row.createdAt as Date).find((p) => p.id === row.id);
      return photo && { ...photo, ...DEMO_PHOTO_SIZE };
    },
    // The album is a link (checked with the other links).
    ignore: ["albumId"],
  },
  {
    kind: "discussions",
    table: discussionThreads,
    where: and(isNull(discussionThreads.userId), inArray(discussionThreads.body, [...threadDefs.keys()])),
    seeded: (row) => {
      const thread = threadDefs.get(String(row.body));
      if (!thread) return undefined;
      const { replies: _replies, hoursAgo: _hours, ...rest } = thread;
      return { ...rest, userId: null, status: "approved" };
    },
    ignore: ["replyCount", "reportCount"],
    children: [
      {
        table: discussionReplies,
        parentColumn: discussionReplies.threadId,
        seeded: (parent) =>
          new Map(
            (threadDefs.get(String(parent.body))?.replies ?? []).map((reply) => [
              reply.body,
              { authorName: reply.authorName, body: reply.body, userId: null, status: "approved" } as Row,
            ]),
          ),
        key: (child) => (child.userId ? "" : String(child.body)),
        ignore: ["threadId", "reportCount"],
      },
    ],
  },
  {
    kind: "ministries",
    table: volunteerOpportunities,
    where: inArray(volunteerOpportunities.slug, [...ministryDefs.keys()]),
    seeded: (row) => {
      const ministry = ministryDefs.get(String(row.slug));
      return ministry && { ...ministry, active: true };
    },
  },
  {
    kind: "funds",
    table: givingFunds,
    where: inArray(givingFunds.slug, [...fundDefs.keys()]),
    seeded: (row) => fundDefs.get(String(row.slug)),
  },
  {
    kind: "products",
    table: products,
    where: inArray(products.slug, [...productDefs.keys()]),
    seeded: (row) => {
      const product = productDefs.get(String(row.slug));
      if (!product) return undefined;
      const { image, alt, altEs, variants: _variants, ...rest } = product;
      return { ...rest, imageUrl: image, imageAlt: alt, imageAltEs: altEs, imageWidth: 800, imageHeight: 800 };
    },
    children: [
      {
        table: productVariants,
        parentColumn: productVariants.productId,
        seeded: (parent) =>
          new Map(
            (productDefs.get(String(parent.slug))?.variants ?? []).map((variant, i) => [
              String(i),
              { label: variant.label, labelEs: variant.labelEs || null, priceCents: variant.priceCents ?? null, sortOrder: i } as Row,
            ]),
          ),
        key: (child) => String(child.sortOrder),
        // Stock is the shop's count, moved by orders and holds, not words staff wrote.
        ignore: ["productId", "stock"],
      },
    ],
  },
  {
    kind: "faq",
    table: faqItems,
    where: inArray(faqItems.questionEn, [...faqDefs.keys()]),
    seeded: (row) => faqDefs.get(String(row.questionEn)),
  },
];

/** Every table of the schema (app/db/schema), as Drizzle describes it. */
export function schemaTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
}

export function tableName(table: PgTable): string {
  return getTableConfig(table).name;
}

/** The primary key's columns (one, or a composite key's). */
export function primaryKeyColumns(table: PgTable): { prop: string; column: PgColumn }[] {
  const config = getTableConfig(table);
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const names = new Set([
    ...config.columns.filter((c) => c.primary).map((c) => c.name),
    ...config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)),
  ]);
  return Object.entries(columns)
    .filter(([, column]) => names.has(column.name))
    .map(([prop, column]) => ({ prop, column }));
}

/** A row's identity as one string (its primary key's values). */
export function rowId(table: PgTable, row: Row): string {
  return JSON.stringify(primaryKeyColumns(table).map(({ prop }) => normalize(row[prop])));
}

function normalize(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(normalize);
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value as Row)
        .sort()
        .map((key) => [key, normalize((value as Row)[key])]),
    );
  }
  return value;
}

function same(a: unknown, b: unknown): boolean {
  const x = normalize(a);
  const y = normalize(b);
  if (typeof x === "number" || typeof y === "number") return Number(x) === Number(y) && x !== null && y !== null;
  return JSON.stringify(x) === JSON.stringify(y);
}

const isTime = (column: Column) =>
  is(column, PgTimestamp) || is(column, PgTimestampString) || is(column, PgDate) || is(column, PgDateString);

/**
 * The columns where `row` differs from what the seed wrote (`seeded`; a column the seed left
 * out holds its default). Not compared: the primary key, generated columns, database-made
 * defaults (ids, clocks), dates and times (the seed's day) unless asked, sort order (moving a
 * row is not writing it) and `ignore`.
 */
export function changedColumns(
  table: PgTable,
  row: Row,
  seeded: Row,
  options: { ignore?: readonly string[]; compareTimes?: readonly string[] } = {},
): string[] {
  const changed: string[] = [];
  const key = new Set(primaryKeyColumns(table).map(({ prop }) => prop));
  for (const [prop, column] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
    if (key.has(prop) || prop === "sortOrder" || options.ignore?.includes(prop)) continue;
    if (column.generated) continue;
    const compareTime = options.compareTimes?.includes(prop) ?? false;
    if (isTime(column) && !compareTime) continue;
    let expected: unknown;
    if (prop in seeded) expected = seeded[prop];
    else if (column.defaultFn || column.onUpdateFn || is(column.default, SQL)) continue;
    else expected = column.default ?? null;
    if (!same(row[prop], expected)) changed.push(prop);
  }
  return changed;
}
