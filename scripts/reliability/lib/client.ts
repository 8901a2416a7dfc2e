// One simulated visitor's HTTP client (its own cookies and client address) and the recorder
// every request of a run reports to: latency, status, and whether an answer was in the
// visitor's language (pages) or, for a 503, the translated "we'll be right back" text.
import enCommon from "~/i18n/locales/en/common";
import esCommon from "~/i18n/locales/es/common";

export type Language = "en" | "es";

export interface Sample {
  kind: string;
  /** ms since the recorder's start, when the request was sent. */
  at: number;
  ms: number;
  /** 0 = no HTTP answer (connection refused or reset). */
  status: number;
  user: number;
  /** A 503 whose body says "we'll be right back" in the visitor's language. */
  friendly503?: boolean;
  /** A page in another language than the visitor's. */
  wrongLanguage?: boolean;
}

export interface Problem {
  kind: string;
  method: string;
  path: string;
  status: number;
  at: number;
  detail: string;
}

export class Recorder {
  readonly started = Date.now();
  readonly samples: Sample[] = [];
  readonly problems: Problem[] = [];
  /** Problems kept with their details (the counts are in the samples). */
  maxProblems = 40;

  add(sample: Sample, problem?: Omit<Problem, "at" | "kind">) {
    this.samples.push(sample);
    if (problem && this.problems.length < this.maxProblems) this.problems.push({ ...problem, kind: sample.kind, at: sample.at });
  }

  now(): number {
    return Date.now() - this.started;
  }
}

const unavailableTitles: Record<Language, string> = { en: enCommon.errors.unavailableTitle, es: esCommon.errors.unavailableTitle };

const decodeEntities = (text: string) =>
  text
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** The 503 says "we'll be right back" in `language` (HTML page, JSON error or plain text). */
export function isFriendly503(body: string, language: Language): boolean {
  return decodeEntities(body).includes(unavailableTitles[language]);
}

export interface Answer {
  status: number;
  body: string;
  location: string | null;
  headers: Headers;
  ms: number;
  networkError?: string;
}

export interface SendOptions {
  form?: Record<string, string>;
  /** Accept header (default: a browser's for HTML). */
  accept?: string;
  /** Extra headers. */
  headers?: Record<string, string>;
}

/** A browser gives up on a page after about a minute; so does the simulated visitor. */
const REQUEST_TIMEOUT_MS = 60_000;
const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 church-reliability";

/**
 * A visitor: cookies kept like a browser keeps them, its own address in X-Forwarded-For (the
 * server runs with TRUST_PROXY=1, as behind a reverse proxy, so each simulated visitor is its
 * own client for the per-IP limits), Accept-Language of its language, forms posted from the
 * site's own origin (the CSRF check).
 */
export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    readonly user: number,
    readonly ip: string,
    readonly language: Language,
    private readonly recorder: Recorder,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** The session token better-auth set (the part before the signature), if any. */
  sessionToken(): string | null {
    const value = this.cookies.get("church.session_token") ?? this.cookies.get("__Secure-church.session_token");
    return value ? decodeURIComponent(value).split(".")[0]! : null;
  }

  private keep(setCookies: string[]) {
    for (const header of setCookies) {
      const [pair, ...attributes] = header.split(";");
      const [name, ...rest] = pair!.trim().split("=");
      const value = rest.join("=");
      const expired = value === "" || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) this.cookies.delete(name!);
      else this.cookies.set(name!, value);
    }
  }

  async send(kind: string, method: "GET" | "POST", path: string, options: SendOptions = {}): Promise<Answer> {
    const headers = new Headers({
      "user-agent": USER_AGENT,
      accept: options.accept ?? BROWSER_ACCEPT,
      "accept-language": this.language === "es" ? "es-US,es;q=0.9" : "en-US,en;q=0.9",
      "x-forwarded-for": this.ip,
      ...options.headers,
    });
    const cookie = this.cookieHeader();
    if (cookie) headers.set("cookie", cookie);
    let body: string | undefined;
    if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers.set("content-type", "application/x-www-form-urlencoded");
      headers.set("origin", this.base);
      headers.set("sec-fetch-site", "same-origin");
    }
    const at = this.recorder.now();
    const started = performance.now();
    let answer: Answer;
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      this.keep(response.headers.getSetCookie());
      answer = {
        status: response.status,
        body: text,
        location: response.headers.get("location"),
        headers: response.headers,
        ms: performance.now() - started,
      };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
      answer = { status: 0, body: "", location: null, headers: new Headers(), ms: performance.now() - started, networkError: detail };
    }
    const sample: Sample = { kind, at, ms: answer.ms, status: answer.status, user: this.user };
    const isHtml = (answer.headers.get("content-type") ?? "").startsWith("text/html");
    if (answer.status === 503) sample.friendly503 = isFriendly503(answer.body, this.language);
    else if (answer.status === 200 && isHtml) {
      const lang = /<html[^>]*\slang="([a-z]{2})"/.exec(answer.body.slice(0, 400))?.[1];
      if (lang && lang !== this.language) sample.wrongLanguage = true;
    }
    const problem =
      answer.status === 0
        ? { method, path, status: 0, detail: answer.networkError ?? "no answer" }
        : answer.status >= 500 && !sample.friendly503
          ? { method, path, status: answer.status, detail: answer.body.slice(0, 300) }
          : sample.wrongLanguage
            ? { method, path, status: answer.status, detail: `page not in ${this.language}` }
            : method === "POST" && answer.status >= 400
              ? { method, path, status: answer.status, detail: refusal(answer.body) }
              : undefined;
    this.recorder.add(sample, problem);
    return answer;
  }
}

/** What a refused form post said: the JSON error, the page's alert, or the start of the body. */
function refusal(body: string): string {
  const alert = /role="alert"[^>]*>([^<]{1,300})</.exec(body)?.[1];
  if (alert) return decodeEntities(alert);
  return body
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .slice(0, 300);
}

/** Every `<input>`, `<select>` and `<textarea>` of a page as attribute maps (a select's or textarea's value is not read). */
export function inputs(html: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  for (const tag of html.matchAll(/<(?:input|select|textarea)\b[^>]*>/g)) {
    const attributes: Record<string, string> = {};
    for (const match of tag[0].matchAll(/([a-zA-Z-]+)="([^"]*)"/g)) attributes[match[1]!] = decodeEntities(match[2]!);
    found.push(attributes);
  }
  return found;
}

/** Each `<form method="post">`'s hidden and visible inputs (a crude parser, enough for our own pages). */
export function forms(html: string): Record<string, string>[][] {
  return [...html.matchAll(/<form\b[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/gi)].map((m) => inputs(m[1]!));
}
