// The simulated congregation: accounts made through the site's own sign-up (the emailed link
// followed), what there is to do on the site (events open for RSVP, prayer requests, funds,
// the live stream), and each user's session — a realistic mix of browsing in English or
// Spanish, signing in, RSVPs, prayer requests and "I'm praying", live chat and giving up to
// Stripe Checkout's redirect. Every write the site acknowledged goes into the ledger, which
// verify.ts counts back from the database afterwards.
import { callbackLink, decodeMail } from "../../../tests/support/mail-links";
import { forms, inputs, Visitor, type Language, type Recorder } from "./client";
import type { ReceivedMail } from "./smtp";

export const PASSWORD = "reliability-passphrase-7";

export interface SimUser {
  index: number;
  language: Language;
  /** This user's client address (X-Forwarded-For, the server trusts one proxy). */
  ip: string;
  /** Signs in and does what members do; otherwise a visitor (browses, gives as a guest). */
  member: boolean;
  email: string;
  name: string;
}

export interface SiteMap {
  pages: string[];
  eventSlugs: string[];
  /** Events a member can RSVP to from the event page (no extra questions). */
  rsvpSlugs: string[];
  sermonSlugs: string[];
  fundIds: string[];
  prayerIds: string[];
  streamId: string;
}

export interface Ledger {
  signIns: { user: number; token: string }[];
  prayerPosts: { user: number; body: string }[];
  prays: { user: number; email: string; requestId: string }[];
  chats: { user: number; id: string }[];
  rsvps: { user: number; email: string; slug: string; occurrence: string; kind: "register" | "cancel"; registrationId?: string }[];
  gives: { user: number; sessionId: string }[];
}

export const emptyLedger = (): Ledger => ({ signIns: [], prayerPosts: [], prays: [], chats: [], rsvps: [], gives: [] });

export function makeUsers(options: { count: number; memberShare: number; run: string }): SimUser[] {
  return Array.from({ length: options.count }, (_, index) => {
    const language: Language = index % 2 === 0 ? "en" : "es";
    return {
      index,
      language,
      // 10.x addresses: one per user, never a real visitor's.
      ip: `10.${70 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`,
      member: (index * 7919) % 100 < options.memberShare * 100,
      email: `rel-${options.run}-${index}@example.test`,
      name: `${language === "es" ? "Hermana" : "Member"} ${index}`,
    };
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForMail(mails: ReceivedMail[], to: string, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = mails.find((m) => m.to.some((address) => address.toLowerCase() === to.toLowerCase()));
    if (mail) return decodeMail(mail.raw);
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}

/**
 * Sign-up through POST /auth as the dialog posts it, then the confirmation link from the mail:
 * a confirmed account (and, for the caller, a signed-in visitor). Runs `concurrency` at a time.
 */
export async function signUpUsers(options: {
  base: string;
  users: SimUser[];
  mails: ReceivedMail[];
  recorder: Recorder;
  concurrency?: number;
}): Promise<Map<number, Visitor>> {
  const visitors = new Map<number, Visitor>();
  const queue = [...options.users];
  const worker = async () => {
    for (let user = queue.shift(); user; user = queue.shift()) {
      const visitor = new Visitor(options.base, user.index, user.ip, user.language, options.recorder);
      const signup = await visitor.send("setup: sign-up", "POST", "/auth", {
        form: {
          intent: "signup-email",
          fullName: user.name,
          email: user.email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          username: "",
          phone: "",
        },
      });
      if (signup.status !== 200) throw new Error(`sign-up of ${user.email} answered ${signup.status}: ${signup.body.slice(0, 300)}`);
      const link = callbackLink(await waitForMail(options.mails, user.email));
      const confirmed = await visitor.send("setup: confirm email", "GET", `${link.pathname}${link.search}`);
      if (confirmed.status !== 302 || !visitor.sessionToken()) throw new Error(`confirming ${user.email} answered ${confirmed.status}`);
      visitors.set(user.index, visitor);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  return visitors;
}

const unique = <T>(items: T[]) => [...new Set(items)];

/** What there is to do, read from the pages as a signed-in member sees them. */
export async function discoverSite(member: Visitor, streamId: string): Promise<SiteMap> {
  const page = async (path: string) => {
    const answer = await member.send("setup: discover", "GET", path);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    return answer.body;
  };
  const eventSlugs = unique([...(await page("/events")).matchAll(/href="\/events\/([a-z0-9-]+)"/g)].map((m) => m[1]!)).filter(
    (s) => s !== "registration",
  );
  const rsvpSlugs: string[] = [];
  for (const slug of eventSlugs) {
    const register = forms(await page(`/events/${slug}`)).find((f) => f.some((i) => i.name === "intent" && i.value === "register"));
    if (register && register.some((i) => i.name === "occurrence") && !register.some((i) => i.name?.startsWith("answer.")))
      rsvpSlugs.push(slug);
  }
  const sermonSlugs = unique([...(await page("/sermons")).matchAll(/href="\/sermons\/([a-z0-9-]+)"/g)].map((m) => m[1]!)).filter(
    (s) => s !== "feed",
  );
  const fundIds = unique(
    inputs(await page("/give"))
      .filter((i) => i.name === "fundId")
      .map((i) => i.value!),
  );
  const prayerIds = unique(
    forms(await page("/prayer"))
      .filter((f) => f.some((i) => i.name === "intent" && i.value === "pray"))
      .map((f) => f.find((i) => i.name === "id")?.value)
      .filter((id): id is string => Boolean(id)),
  );
  if (rsvpSlugs.length === 0 || fundIds.length === 0 || prayerIds.length === 0) {
    throw new Error(
      `the demo church offers too little to do: ${rsvpSlugs.length} events open for RSVP, ${fundIds.length} funds, ${prayerIds.length} prayer requests`,
    );
  }
  const pages = [
    "/",
    "/about",
    "/events",
    "/sermons",
    "/plan-visit",
    "/watch",
    "/prayer",
    "/give",
    "/store",
    "/community",
    "/study",
    "/past-bible-studies",
    "/privacy",
    "/join-church",
  ];
  return { pages, eventSlugs, rsvpSlugs, sermonSlugs, fundIds, prayerIds, streamId };
}

export interface SessionOptions {
  site: SiteMap;
  ledger: Ledger;
  /** The session ends at this time (Date.now()). */
  until: () => number;
  /** Pause between two actions, ms. */
  thinkMs: [number, number];
  /** Tag of this run, in every text written. */
  run: string;
  /** Only writes (no page browsing between them): the SIGKILL phase. */
  writesOnly?: boolean;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

function pickWeighted<T extends string>(weights: Record<T, number>): T {
  const entries = Object.entries(weights) as [T, number][];
  let roll = Math.random() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [name, weight] of entries) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return entries[0]![0];
}

/** What a signed-in member does, by weight (page views are most of it, as on a real site). */
const MEMBER_MIX = { browse: 38, event: 8, rsvp: 10, prayerPost: 5, pray: 12, chat: 15, give: 5, watch: 7 };
const MEMBER_WRITES = { rsvp: 25, prayerPost: 10, pray: 30, chat: 30, give: 5 };
/** A visitor who never signs in. */
const VISITOR_MIX = { browse: 70, event: 15, give: 8, watch: 7 };

/**
 * One user's visit until `until()`: the home page in their language first, a member signs in
 * after a page or two, then actions by weight with a think time between them. Limits a real
 * member would not reach are respected (prayer posts 2 per visit, gifts 2, chat every 4 s).
 */
export async function runUserSession(visitor: Visitor, user: SimUser, options: SessionOptions): Promise<void> {
  const { site, ledger } = options;
  const think = () => sleep(options.thinkMs[0] + Math.random() * (options.thinkMs[1] - options.thinkMs[0]));
  const langQuery = user.language === "es" ? "?lang=es" : "";
  let signedIn = Boolean(visitor.sessionToken());
  let steps = 0;
  // Members sign in after looking around a little, not all at the same moment.
  const signInAfter = 1 + Math.floor(Math.random() * 6);
  let prayerPosts = 0;
  let gives = 0;
  let lastChatAt = 0;
  let chats = 0;

  const browse = async () => {
    const path = Math.random() < 0.3 ? `/sermons/${pick(site.sermonSlugs)}` : pick(site.pages);
    // Now and then a shared Spanish link (?lang=es); the language cookie does the rest.
    await visitor.send(signedIn ? "page (member)" : "page (visitor)", "GET", Math.random() < 0.15 ? `${path}${langQuery}` : path);
  };

  const signIn = async () => {
    await visitor.send("page (visitor)", "GET", "/auth");
    const answer = await visitor.send("sign in", "POST", "/auth", {
      form: { intent: "signin-email", email: user.email, password: PASSWORD },
    });
    const token = visitor.sessionToken();
    if (answer.status === 200 && token) {
      ledger.signIns.push({ user: user.index, token });
      signedIn = true;
    }
  };

  const rsvp = async () => {
    const slug = pick(site.rsvpSlugs);
    const page = await visitor.send("page (member)", "GET", `/events/${slug}`);
    if (page.status !== 200) return;
    const all = forms(page.body);
    const cancel = all.find((f) => f.some((i) => i.name === "intent" && i.value === "cancel"));
    const register = all.find((f) => f.some((i) => i.name === "intent" && i.value === "register"));
    if (cancel) {
      // Already going: sometimes they cancel (the waitlist moves up).
      if (Math.random() < 0.5) return;
      const registrationId = cancel.find((i) => i.name === "registrationId")?.value ?? "";
      const answer = await visitor.send("write: RSVP cancel", "POST", `/events/${slug}`, { form: { intent: "cancel", registrationId } });
      if (answer.status === 200)
        ledger.rsvps.push({ user: user.index, email: user.email, slug, occurrence: "", kind: "cancel", registrationId });
      return;
    }
    const occurrence = register?.find((i) => i.name === "occurrence")?.value;
    if (!occurrence) return;
    const answer = await visitor.send("write: RSVP", "POST", `/events/${slug}`, {
      form: { intent: "register", occurrence, partySize: "1" },
    });
    if (answer.status === 200) ledger.rsvps.push({ user: user.index, email: user.email, slug, occurrence, kind: "register" });
  };

  const prayerPost = async () => {
    if (prayerPosts >= 2) return pray();
    prayerPosts += 1;
    if (!options.writesOnly) await visitor.send("page (member)", "GET", "/prayer");
    const body = `Please pray for our family this week (${options.run} u${user.index} #${prayerPosts}).`;
    const answer = await visitor.send("write: prayer request", "POST", "/prayer", {
      form: {
        intent: "post",
        title: "",
        body,
        category: pick(["healing", "family", "work", "guidance", "gratitude"]),
        visibility: pick(["public", "members"]),
      },
    });
    if (answer.status === 200) ledger.prayerPosts.push({ user: user.index, body });
  };

  const pray = async () => {
    let ids = site.prayerIds;
    if (!options.writesOnly) {
      const wall = await visitor.send("page (member)", "GET", "/prayer");
      const onWall = forms(wall.body)
        .filter((f) => f.some((i) => i.name === "intent" && i.value === "pray"))
        .map((f) => f.find((i) => i.name === "id")?.value)
        .filter((id): id is string => Boolean(id));
      if (onWall.length > 0) ids = onWall;
    }
    const requestId = pick(ids);
    const answer = await visitor.send("write: I'm praying", "POST", "/prayer", { form: { intent: "pray", id: requestId } });
    if (answer.status === 200) ledger.prays.push({ user: user.index, email: user.email, requestId });
  };

  const chat = async () => {
    const wait = lastChatAt + 4000 - Date.now();
    if (wait > 0) await sleep(Math.min(wait, 4000));
    lastChatAt = Date.now();
    chats += 1;
    const body =
      user.language === "es"
        ? `¡Amén! Bendiciones desde casa (${options.run} u${user.index} #${chats})`
        : `Amen! Blessings from home (${options.run} u${user.index} #${chats})`;
    const answer = await visitor.send("write: chat message", "POST", "/watch/chat", {
      accept: "application/json",
      form: { intent: "post", streamId: site.streamId, body },
    });
    if (answer.status === 201) {
      const id = (JSON.parse(answer.body) as { message?: { id?: string } }).message?.id;
      if (id) ledger.chats.push({ user: user.index, id });
    }
  };

  const give = async () => {
    if (gives >= 2) return browse();
    gives += 1;
    if (!options.writesOnly) await visitor.send(signedIn ? "page (member)" : "page (visitor)", "GET", "/give");
    const form: Record<string, string> = {
      fundId: pick(site.fundIds),
      amount: "custom",
      customAmount: pick(["10", "25", "40", "100"]),
      frequency: "one_time",
    };
    if (!signedIn) Object.assign(form, { name: user.name, email: user.email });
    const answer = await visitor.send("write: give (to checkout)", "POST", "/give", { form });
    const sessionId = answer.status === 303 ? /\/checkout\/(cs_test_\w+)/.exec(answer.location ?? "")?.[1] : undefined;
    if (sessionId) ledger.gives.push({ user: user.index, sessionId });
  };

  const event = async () => {
    await visitor.send(signedIn ? "page (member)" : "page (visitor)", "GET", `/events/${pick(site.eventSlugs)}`);
  };
  const watch = async () => {
    await visitor.send(signedIn ? "page (member)" : "page (visitor)", "GET", "/watch");
  };
  const actions = { browse, event, rsvp, prayerPost, pray, chat, give, watch };

  if (!options.writesOnly) await visitor.send("page (visitor)", "GET", `/${langQuery}`);
  while (Date.now() < options.until()) {
    await think();
    if (Date.now() >= options.until()) break;
    steps += 1;
    if (user.member && !signedIn && (steps >= signInAfter || options.writesOnly)) {
      await signIn();
      continue;
    }
    const action = !signedIn ? pickWeighted(VISITOR_MIX) : options.writesOnly ? pickWeighted(MEMBER_WRITES) : pickWeighted(MEMBER_MIX);
    await actions[action]();
  }
}
