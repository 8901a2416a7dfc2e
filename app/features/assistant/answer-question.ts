import MiniSearch, { type SearchResult } from "minisearch";
import { formatClock } from "~/platform/church/format-service-time";
import type { Language } from "~/i18n/config";
import type { AssistantKnowledge, Bi } from "./assistant-knowledge.server";
import type { AssistantT } from "./assistant-translation";
import { dateTimeFormat } from "~/i18n/intl-format";

export interface AnswerSource {
  title: string;
  href: string;
}

export interface EmbeddedAnswer {
  /** The language the answer is written in (the question's when it is clear). */
  language: Language;
  reply: string;
  sources: AnswerSource[];
  /** The facts the answer came from, one per line: the AI provider's context. */
  facts: string[];
  /** True when nothing matched well enough ("I don't know" + the phone number). */
  unknown: boolean;
}

/** Lower case, no accents, no punctuation: "¿Dónde están?" → "donde estan". */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9ñ]+/g, " ")
    .trim();
}

const SPANISH_WORDS = new Set(
  "que cual cuales cuando donde como cuanto cuantos hay la el los las del es son esta estan iglesia horario horarios hora puedo pueden tienen tiene para por una unos unas y mi mis quiero hola gracias culto cultos servicio servicios direccion ofrendar ofrenda diezmo eventos evento proximo proximos grupos grupo estudio predica sermones llegar llamar telefono numero donar dar usted ustedes ustedes se su sus al lo le necesito busco hacer estacionamiento ninos misa domingo miercoles".split(
    " ",
  ),
);
const ENGLISH_WORDS = new Set(
  "the what when where how is are do does can you your church service services time times address i to of for and give giving there any events event upcoming next find get call phone number who which tell me about my we have offer groups group sermon sermons donate tithe online parking kids children sunday wednesday".split(
    " ",
  ),
);

/** The question's language when it is clearly one of the two, else null. */
export function detectLanguage(question: string): Language | null {
  if (/[¿¡ñ]/i.test(question)) return "es";
  let es = 0;
  let en = 0;
  for (const word of fold(question).split(" ")) {
    if (SPANISH_WORDS.has(word)) es++;
    if (ENGLISH_WORDS.has(word)) en++;
  }
  if (/[áéíóú]/i.test(question)) es++;
  if (es > en) return "es";
  if (en > es) return "en";
  return null;
}

const STOP_WORDS = new Set(
  "a an the is are am be do does did can could will would should what which who whom whose when where why how i me my we our you your it its of to in on at for from by with and or about there this that these those any some have has tell please know want like get church iglesia el la los las un una unos unas de del al y o en que cual cuales quien como es son esta estan ser hay me mi mis su sus se lo le por para con sobre usted ustedes nos puedo puede quiero saber tienen tiene favor".split(
    " ",
  ),
);

type Kind =
  | "services"
  | "leaders"
  | "address"
  | "phone"
  | "events"
  | "event"
  | "sermons"
  | "sermon"
  | "groups"
  | "group"
  | "giving"
  | "fund"
  | "page"
  | "faq";

interface Doc {
  id: string;
  kind: Kind;
  title: string;
  text: string;
  keywords: string;
  /** Index into the knowledge list for entity kinds, or the page key. */
  ref: number | string;
}

const INTENT_KEYWORDS: Record<"services" | "address" | "phone" | "events" | "sermons" | "groups" | "giving" | "leaders", string> = {
  leaders: "pastor pastors pastora pastores bishop obispo leaders leader lideres lider",
  services:
    "service services worship times time schedule hours start starts begin sunday wednesday mass horario horarios hora horas culto cultos servicio servicios misa domingo comienza empieza",
  address: "address where located location directions map find drive direccion donde ubicacion ubicados ubicada llegar mapa queda calle",
  phone: "phone call telephone number contact reach email telefono llamar numero contacto correo comunicarme",
  events: "events event upcoming happening calendar activities coming eventos evento actividades actividad proximos calendario",
  sermons: "sermons sermon preaching preached message messages preacher sermones predicacion predica predico mensajes mensaje predicador",
  groups: "groups group small study bible join fellowship grupos grupo estudio biblico unirme unirse celula celulas",
  giving:
    "give giving donate donation tithe tithes offering offerings fund funds ofrendar ofrenda ofrendas diezmo diezmos donar donacion donativo fondo fondos dar",
};

/** Question shapes that name an intent precisely (folded text). */
const INTENT_PATTERNS: Array<[keyof typeof INTENT_KEYWORDS, RegExp]> = [
  [
    "services",
    /\b(service times?|times?|schedule|what time|when (is|are|do)[a-z ]*(service|worship|mass|church)|worship|services?|horarios?|a que hora|que hora|cultos?|servicios?|misas?)\b/,
  ],
  ["address", /\b(address|where|located|location|directions?|map|direccion|donde|ubicad[oa]s?|ubicacion|como llego|llegar|mapa)\b/],
  ["phone", /\b(phone|call|telephone|phone number|contact|telefono|llamar|numero de telefono|contacto|comunicarme)\b/],
  ["events", /\b(events?|upcoming|happening|calendar|activities|eventos?|actividades|proximos?|calendario)\b/],
  ["sermons", /\b(sermons?|preach(ed|ing)?|messages?|sermon(es)?|predicaci(o|on)|predicas?|predico)\b/],
  ["groups", /\b(groups?|small group|grupos?|celulas?)\b/],
  ["leaders", /\b(pastor(a|es|s)?|bishop|obispo|leaders?|lideres|lider|who leads)\b/],
  ["giving", /\b(give|giving|donat(e|ion)|tithes?|offerings?|ofrendar|ofrendas?|diezmos?|donar|donacion|donativos?)\b/],
];

const PAGES: Array<{ key: string; href: string; keywords: string }> = [
  {
    key: "planVisit",
    href: "/plan-visit",
    keywords:
      "visit first time new visitor guest expect plan dress kids children parking visita visitar primera vez nuevo invitado esperar planear ropa ninos estacionamiento",
  },
  { key: "watch", href: "/watch", keywords: "watch live stream streaming online broadcast video ver vivo transmision linea en linea" },
  { key: "prayer", href: "/prayer", keywords: "prayer pray request wall oracion orar peticion muro" },
  { key: "prayerGenerator", href: "/prayer-generator", keywords: "prayer generator write prayer generador escribir oracion" },
  {
    key: "community",
    href: "/community",
    keywords: "community volunteer serve discussions forum comunidad voluntario servir conversaciones foro",
  },
  { key: "store", href: "/store", keywords: "store shop buy books shirts merchandise tienda comprar libros camisetas" },
  {
    key: "about",
    href: "/about",
    keywords:
      "about beliefs believe history story pastor pastors leaders values who we are quienes somos creencias creemos historia pastora lideres valores",
  },
  { key: "events", href: "/events", keywords: "events calendar eventos calendario" },
  { key: "sermons", href: "/sermons", keywords: "sermons past messages listen podcast sermones mensajes escuchar" },
  { key: "give", href: "/give", keywords: "give online recurring monthly ofrendar linea mensual" },
  { key: "study", href: "/study", keywords: "bible study reading plan guides estudio biblico plan lectura guias" },
  { key: "joinChurch", href: "/join-church", keywords: "join member membership become hacerse miembro membresia unirse" },
  {
    key: "kingdomBuilders",
    href: "/kingdom-builders-class",
    keywords: "kingdom builders class membership class clase constructores reino membresia",
  },
];

const INTENT_PAGE: Record<keyof typeof INTENT_KEYWORDS, string> = {
  leaders: "about",
  services: "planVisit",
  address: "planVisit",
  phone: "planVisit",
  events: "events",
  sermons: "sermons",
  groups: "community",
  giving: "give",
};

const ENTITY_KINDS = new Set<Kind>(["event", "sermon", "group", "fund", "faq", "page"]);
/** Below this score a match is noise (calibrated with bench/assistant.mjs). */
const MIN_SCORE = 6;
const ENTITY_MIN_SCORE = 8;

const processTerm = (term: string) => {
  const folded = fold(term);
  return folded.length < 2 || STOP_WORDS.has(folded) ? null : folded;
};

/** Words that only say what kind of thing is asked (an intent), not which one. */
const INTENT_VOCABULARY = new Set(
  Object.values(INTENT_KEYWORDS).join(" ").split(" ").concat("when", "cuando", "what", "time", "online", "linea").map(fold),
);

interface Index {
  search: MiniSearch<Doc>;
  docs: Map<string, Doc>;
}

const indexes = new WeakMap<AssistantKnowledge, Partial<Record<Language, Index>>>();

function buildIndex(k: AssistantKnowledge, language: Language, t: AssistantT): Index {
  const L = (b: Bi) => b[language];
  const docs: Doc[] = [];
  const intentTitle = (intent: keyof typeof INTENT_KEYWORDS) => t(`answers.pages.${INTENT_PAGE[intent]}.title` as never);
  for (const intent of Object.keys(INTENT_KEYWORDS) as Array<keyof typeof INTENT_KEYWORDS>) {
    const extra = intent === "services" ? k.services.map((s) => `${s.name.en} ${s.name.es}`).join(" ") : "";
    docs.push({
      id: `intent:${intent}`,
      kind: intent,
      title: intentTitle(intent),
      text: extra,
      keywords: INTENT_KEYWORDS[intent],
      ref: intent,
    });
  }
  k.events.forEach((e, i) =>
    docs.push({
      id: `event:${i}`,
      kind: "event",
      title: L(e.title),
      text: `${L(e.description)} ${e.location ?? ""}`,
      keywords: `${e.title.en} ${e.title.es} event evento`,
      ref: i,
    }),
  );
  k.sermons.forEach((s, i) =>
    docs.push({
      id: `sermon:${i}`,
      kind: "sermon",
      title: L(s.title),
      text: `${L(s.summary)} ${s.speaker} ${s.scripture ?? ""}`,
      keywords: `${s.title.en} ${s.title.es} sermon`,
      ref: i,
    }),
  );
  k.groups.forEach((g, i) =>
    docs.push({
      id: `group:${i}`,
      kind: "group",
      title: L(g.name),
      text: L(g.description),
      keywords: `${g.name.en} ${g.name.es} group grupo`,
      ref: i,
    }),
  );
  k.funds.forEach((f, i) =>
    docs.push({
      id: `fund:${i}`,
      kind: "fund",
      title: L(f.name),
      text: L(f.description),
      keywords: `${f.name.en} ${f.name.es} fund fondo`,
      ref: i,
    }),
  );
  k.faq.forEach((f, i) =>
    docs.push({
      id: `faq:${f.id}`,
      kind: "faq",
      title: L(f.question),
      text: L(f.answer),
      keywords: `${f.question.en} ${f.question.es}`,
      ref: i,
    }),
  );
  for (const page of PAGES) {
    docs.push({
      id: `page:${page.key}`,
      kind: "page",
      title: t(`answers.pages.${page.key}.title` as never),
      text: t(`answers.pages.${page.key}.text` as never),
      keywords: page.keywords,
      ref: page.key,
    });
  }
  const search = new MiniSearch<Doc>({
    fields: ["title", "text", "keywords"],
    storeFields: [],
    processTerm,
    searchOptions: {
      boost: { title: 3, keywords: 2, text: 1 },
      fuzzy: (term) => (term.length > 4 ? 0.2 : false),
      prefix: (term) => term.length > 3,
      combineWith: "OR",
    },
  });
  search.addAll(docs);
  return { search, docs: new Map(docs.map((d) => [d.id, d])) };
}

function indexFor(k: AssistantKnowledge, language: Language, t: AssistantT): Index {
  let byLanguage = indexes.get(k);
  if (!byLanguage) indexes.set(k, (byLanguage = {}));
  return (byLanguage[language] ??= buildIndex(k, language, t));
}

/**
 * Answers a question from the church's own data without any AI: finds the question's
 * language, its precise intents (service times, address, phone, events, sermons, groups,
 * giving) and the best matching documents (an event, sermon, group, fund, FAQ entry or page),
 * and composes the answer in that language with links. Says plainly when it does not know.
 */
export function answerQuestion(o: {
  knowledge: AssistantKnowledge;
  question: string;
  /** The page's language: used when the question's is not clear. */
  language: Language;
  translators: Record<Language, AssistantT>;
}): EmbeddedAnswer {
  const { knowledge: k, question } = o;
  const language = detectLanguage(question) ?? o.language;
  const t = o.translators[language];
  const L = (b: Bi) => b[language];
  const clock = (hhmm: string) => formatClock(hhmm, { am: t("answers.am"), pm: t("answers.pm") });
  const day = (d: number) => t(`answers.days.d${d}` as never);
  const church = L(k.church.name);
  const dateTime = dateTimeFormat(language, {
    timeZone: k.church.timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  const dateOnly = dateTimeFormat(language, { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" });

  const parts: string[] = [];
  const facts: string[] = [];
  const sources: AnswerSource[] = [];
  const addSource = (title: string, href: string | null) => {
    if (href && !sources.some((s) => s.href === href)) sources.push({ title, href });
  };
  const pageTitle = (key: string) => t(`answers.pages.${key}.title` as never);

  const intentAnswer: Record<keyof typeof INTENT_KEYWORDS, () => void> = {
    leaders: () => {
      const list = k.leaders.map((l) => t("answers.leaderItem", { name: l.name, role: L(l.role) }));
      parts.push(list.length ? t("answers.leaders", { list: list.join("; ") }) : t("answers.pages.about.text"));
      addSource(pageTitle("about"), "/about");
    },
    services: () => {
      const list = k.services.map((s) => t("answers.serviceItem", { name: L(s.name), day: day(s.dayOfWeek), time: clock(s.startTime) }));
      parts.push(
        list.length
          ? t("answers.serviceTimes", { church, list: list.join("; ") })
          : k.church.phoneDisplay
            ? t("answers.noServices", { phone: k.church.phoneDisplay })
            : t("answers.noServicesNoPhone"),
      );
      addSource(pageTitle("planVisit"), "/plan-visit");
    },
    address: () => {
      parts.push(k.church.address ? t("answers.address", { church, address: k.church.address }) : t("answers.addressUnknown"));
      addSource(pageTitle("planVisit"), "/plan-visit");
    },
    phone: () => {
      parts.push(
        (k.church.phoneDisplay ? t("answers.phone", { phone: k.church.phoneDisplay }) : t("answers.phoneUnknown")) +
          (k.church.email ? ` ${t("answers.email", { email: k.church.email })}` : ""),
      );
    },
    events: () => {
      const list = k.events.slice(0, 4).map((e) => t("answers.eventItem", { title: L(e.title), date: dateTime.format(e.start) }));
      parts.push(list.length ? t("answers.eventsIntro", { list: list.join("; ") }) : t("answers.noEvents"));
      addSource(pageTitle("events"), "/events");
    },
    sermons: () => {
      const list = k.sermons
        .slice(0, 3)
        .map((s) =>
          t("answers.sermonItem", { title: L(s.title), speaker: s.speaker, date: dateOnly.format(new Date(`${s.preachedOn}T12:00:00Z`)) }),
        );
      parts.push(list.length ? t("answers.sermonsIntro", { list: list.join("; ") }) : t("answers.pages.sermons.text"));
      addSource(pageTitle("sermons"), "/sermons");
    },
    groups: () => {
      const list = k.groups.map((g) => t("answers.groupItem", { name: L(g.name), day: day(g.dayOfWeek), time: clock(g.startTime) }));
      parts.push(list.length ? t("answers.groupsIntro", { list: list.join("; ") }) : t("answers.pages.community.text"));
      addSource(pageTitle("community"), "/community");
    },
    giving: () => {
      const funds = k.funds.map((f) => L(f.name));
      parts.push(funds.length ? t("answers.giving", { funds: funds.join(", ") }) : t("answers.pages.give.text"));
      if (k.church.textToGive)
        parts.push(t("answers.textToGive", { keyword: k.church.textToGive.keyword, number: k.church.textToGive.number }));
      addSource(pageTitle("give"), "/give");
    },
  };

  const entityAnswer = (doc: Doc) => {
    const i = doc.ref as number;
    switch (doc.kind) {
      case "event": {
        const e = k.events[i]!;
        parts.push(
          `${t("answers.event", { title: L(e.title), date: dateTime.format(e.start) })}${e.location ? ` ${t("answers.eventPlace", { place: e.location })}` : ""} ${L(e.description)}`,
        );
        addSource(L(e.title), e.href);
        break;
      }
      case "sermon": {
        const s = k.sermons[i]!;
        parts.push(
          `${t("answers.sermon", { title: L(s.title), speaker: s.speaker, date: dateOnly.format(new Date(`${s.preachedOn}T12:00:00Z`)) })} ${L(s.summary)}`,
        );
        addSource(L(s.title), s.href);
        break;
      }
      case "group": {
        const g = k.groups[i]!;
        parts.push(
          `${t("answers.group", { name: L(g.name), day: day(g.dayOfWeek), time: clock(g.startTime) })} ${L(g.description)}`.trim(),
        );
        addSource(L(g.name), g.href);
        break;
      }
      case "fund": {
        const f = k.funds[i]!;
        parts.push(t("answers.fund", { name: L(f.name), description: L(f.description) }));
        addSource(pageTitle("give"), "/give");
        break;
      }
      case "faq": {
        const f = k.faq[i]!;
        parts.push(L(f.answer));
        if (f.href) addSource(L(f.question), f.href);
        break;
      }
      case "page": {
        parts.push(t(`answers.pages.${doc.ref as string}.text` as never));
        addSource(doc.title, PAGES.find((p) => p.key === doc.ref)!.href);
        break;
      }
      default:
        intentAnswer[doc.kind as keyof typeof INTENT_KEYWORDS]();
    }
  };

  const folded = fold(question);
  const index = indexFor(k, language, t);
  const results: Array<SearchResult & { doc: Doc }> = index.search
    .search(question)
    .map((r) => ({ ...r, doc: index.docs.get(String(r.id))! }))
    .filter((r) => r.doc);
  const queryTerms = new Set(
    folded
      .split(" ")
      .map(processTerm)
      .filter((term): term is string => term !== null),
  );
  // A match names the thing asked about when a word other than the intent's words matched its
  // title or keywords, and it covers at least half of the question's words.
  const distinctive = (r: SearchResult) =>
    Object.entries(r.match).some(
      ([term, fields]) => !INTENT_VOCABULARY.has(term) && (fields.includes("title") || fields.includes("keywords")),
    );
  const covers = (r: SearchResult) => queryTerms.size > 0 && new Set(r.queryTerms).size / queryTerms.size >= 0.5;
  const top = results[0];
  const entity = results.find(
    (r) => ENTITY_KINDS.has(r.doc.kind) && r.score >= ENTITY_MIN_SCORE && top && r.score >= top.score * 0.5 && distinctive(r) && covers(r),
  );
  const small = folded.replace(/\b(there|again|so much|very much|a lot|pastor|everyone|amigo|amiga)\b/g, "").trim();
  if (/^((hi|hello|hey|good (morning|afternoon|evening)|hola|buen[oa]s( dias| tardes| noches)?)\s*)+$/.test(small)) {
    return { language, reply: t("answers.greeting"), sources: [], facts: [], unknown: false };
  }
  if (/^((ok|okay|great|thanks|thank you|muchas|gracias|perfecto|vale)\s*)+$/.test(small) && /thank|gracias/.test(small)) {
    return { language, reply: t("answers.thanks"), sources: [], facts: [], unknown: false };
  }

  let intents = INTENT_PATTERNS.filter(([, pattern]) => pattern.test(folded)).map(([intent]) => intent);
  // "What is the email address?" asks how to reach the church.
  if (/\b(e ?mail|correo)\b/.test(folded)) intents = ["phone", ...intents.filter((i) => i !== "address" && i !== "phone")];
  // "Where can I give?" asks about giving, not the address.
  if (
    intents.length > 1 &&
    intents.includes("address") &&
    !/\b(address|located|location|directions?|map|direccion|ubicad[oa]s?|ubicacion|llegar|llego|mapa)\b/.test(folded)
  )
    intents = intents.filter((i) => i !== "address");

  const used = new Set<string>();
  if (entity) {
    entityAnswer(entity.doc);
    used.add(entity.doc.kind);
  }
  if (!entity || entity.doc.kind !== "faq") {
    for (const intent of intents.slice(0, 2)) {
      // A named event already answers "when is …"; a named fund already answers "give to …".
      if (
        (intent === "events" && used.has("event")) ||
        (intent === "giving" && used.has("fund")) ||
        (intent === "sermons" && used.has("sermon")) ||
        (intent === "groups" && used.has("group"))
      )
        continue;
      intentAnswer[intent]();
      used.add(intent);
    }
  }
  if (parts.length === 0) {
    for (const r of results.filter((r) => r.score >= MIN_SCORE && covers(r)).slice(0, 1)) entityAnswer(r.doc);
  }

  if (parts.length === 0) {
    const reply = k.church.phoneDisplay ? t("answers.unknown", { phone: k.church.phoneDisplay }) : t("answers.unknownNoPhone");
    return { language, reply, sources: [], facts: [reply], unknown: true };
  }
  const reply = parts.join(" ").replace(/\.\./g, ".");
  const answerSources = sources.slice(0, 3);
  // Facts for a model: what the answer says plus the next best matches.
  facts.push(...parts);
  for (const r of results.slice(0, 6)) {
    if (r.score < MIN_SCORE || used.has(r.doc.kind)) continue;
    const before = parts.length;
    entityAnswer(r.doc);
    facts.push(...parts.splice(before));
  }
  if (!intents.includes("phone") && k.church.phoneDisplay) facts.push(t("answers.phone", { phone: k.church.phoneDisplay }));
  return { language, reply, sources: answerSources, facts, unknown: false };
}
