import { createRequire } from "node:module";
import { fromZonedTime } from "date-fns-tz";
import { formatCents } from "~/features/payments/money";
import { localize } from "~/i18n/localize";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";
import { getGivingChurch } from "./giving-church.server";
import { memberGifts, netCents } from "./giving-history.server";
import { givingTranslator } from "./giving-translation";
import { dateTimeFormat } from "~/i18n/intl-format";

/** The text of a year-end statement, before it is laid out. */
export interface StatementContent {
  title: string;
  church: string[];
  donor: string;
  period: string;
  headers: [string, string, string];
  rows: [string, string, string][];
  byFundHeading: string;
  byFund: [string, string][];
  total: string;
  notes: string[];
}

/** The first year a statement can be asked for. */
export const FIRST_STATEMENT_YEAR = 2000;

/**
 * A member's contributions received in `year` (January 1 to December 31 in the church's time
 * zone), net of refunds, fully refunded gifts left out; with totals per fund and in all.
 */
export async function buildStatement(o: {
  db: AppDatabase;
  userId: string;
  name: string;
  email: string;
  year: number;
  language: Language;
}): Promise<{ content: StatementContent; totalCents: number }> {
  const t = givingTranslator(o.language);
  const church = await getGivingChurch(o.db, o.language);
  const from = fromZonedTime(`${o.year}-01-01T00:00:00`, church.timeZone);
  const to = fromZonedTime(`${o.year + 1}-01-01T00:00:00`, church.timeZone);
  const money = (cents: number) => formatCents(cents, o.language);
  const dateFormat = dateTimeFormat(o.language, { year: "numeric", month: "2-digit", day: "2-digit", timeZone: church.timeZone });
  const rows = (await memberGifts(o.db, o.userId, { from, to })).filter((g) => netCents(g) > 0).reverse();
  const byFund = new Map<string, number>();
  let total = 0;
  const lines: [string, string, string][] = rows.map((g) => {
    const fund = g.fundEn ? localize(o.language, g.fundEn, g.fundEs) : g.fundName;
    const cents = netCents(g);
    byFund.set(fund, (byFund.get(fund) ?? 0) + cents);
    total += cents;
    return [dateFormat.format(g.paidAt), fund, money(cents)];
  });
  return {
    totalCents: total,
    content: {
      title: t("statement.title", { year: String(o.year) }),
      church: [church.name, ...church.addressLines],
      donor: t("statement.donor", { name: o.name, email: o.email }),
      period: t("statement.period", { year: String(o.year) }),
      headers: [t("statement.date"), t("statement.fund"), t("statement.amount")],
      rows: lines,
      byFundHeading: t("statement.byFund"),
      byFund: [...byFund.entries()].sort((a, b) => a[0].localeCompare(b[0])).map(([fund, cents]) => [fund, money(cents)]),
      total: rows.length ? t("statement.total", { amount: money(total) }) : t("statement.none", { year: String(o.year) }),
      notes: [t("statement.taxNote"), ...(rows.length ? [t("statement.amountNote")] : [])],
    },
  };
}

/** The embedded fonts (DejaVu Sans): Latin, Greek, Cyrillic and Vietnamese, so "Nguyễn" and "Łukasz" print as written. */
function statementFonts(): { regular: string; bold: string } {
  // Resolved from this module's URL, so it works from app/ in tests and from build/server in
  // production (the server bundle keeps node_modules packages external).
  const require = createRequire(import.meta.url);
  return {
    regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
    bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
  };
}

/**
 * Text the font can draw: NFC, tabs and line breaks as spaces, control characters and
 * characters without a glyph in the font (Chinese, for one) as "?" rather than empty boxes.
 */
export function printable(text: string, hasGlyph: (codePoint: number) => boolean = () => true): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    if (code === 0x09 || code === 0x0a || code === 0x0d) out += " ";
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0) || (code >= 0xd800 && code <= 0xdfff) || !hasGlyph(code)) out += "?";
    else out += ch;
  }
  return out;
}

const PAGE = { width: 612, height: 792, margin: 56 } as const;
const INK = "#1a1a1f";

/** The statement as a PDF (Letter, DejaVu Sans embedded), pages added as the gifts need. */
export async function renderStatementPdf(
  content: StatementContent,
  options: { compress?: boolean; language?: Language } = {},
): Promise<Uint8Array> {
  // Loaded on the first statement, not at start-up (issue 10: start-up time).
  const { default: PDFDocument } = await import("pdfkit");
  const fonts = statementFonts();
  const { width, height, margin } = PAGE;
  const doc = new PDFDocument({
    size: [width, height],
    margin: 0,
    font: fonts.regular,
    compress: options.compress ?? true,
    lang: options.language,
    displayTitle: true,
    info: { Title: printable(content.title), Creator: printable(content.church[0] ?? "") },
  });
  const done = new Promise<Uint8Array>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  type Face = keyof typeof fonts;

  /** Selects a face and size; answers what that face can draw. */
  const select = (face: Face, size: number) => {
    doc.font(fonts[face]).fontSize(size);
    // pdfkit's embedded font wraps a fontkit font; without it, nothing is replaced.
    const font = (doc as unknown as { _font?: { font?: { hasGlyphForCodePoint?: (codePoint: number) => boolean } } })._font?.font;
    const hasGlyph = font?.hasGlyphForCodePoint?.bind(font);
    return (text: string) => printable(text, hasGlyph);
  };
  // Positions are in PDF terms as before (y up from the bottom, y the baseline); pdfkit's y runs down.
  let y = height - margin;
  const draw = (text: string, x: number, face: Face, size: number) => {
    doc
      .font(fonts[face])
      .fontSize(size)
      .fillColor(INK)
      .text(text, x, height - y, { lineBreak: false, baseline: "alphabetic" });
  };
  const newPageIfNeeded = (space: number) => {
    if (y - space < margin) {
      doc.addPage({ size: [width, height], margin: 0 });
      y = height - margin;
    }
  };
  /** Text clipped to `maxWidth` (a long name is cut with "…"). */
  const fit = (text: string, face: Face, size: number, maxWidth: number) => {
    let value = select(face, size)(text);
    if (doc.widthOfString(value) <= maxWidth) return value;
    while (value.length > 1 && doc.widthOfString(`${value}…`) > maxWidth) value = Array.from(value).slice(0, -1).join("");
    return `${value}…`;
  };
  const line = (text: string, o: { face?: Face; size?: number; x?: number; gap?: number } = {}) => {
    const size = o.size ?? 11;
    const face = o.face ?? "regular";
    const x = o.x ?? margin;
    newPageIfNeeded(size + 6);
    draw(fit(text, face, size, width - margin - x), x, face, size);
    y -= size + (o.gap ?? 6);
  };
  /** Wraps a paragraph to the page width. */
  const paragraph = (text: string, size = 10) => {
    const words = select("regular", size)(text).split(" ");
    let current = "";
    for (const word of words) {
      const next = current ? `${current} ${word}` : word;
      if (doc.font(fonts.regular).fontSize(size).widthOfString(next) > width - 2 * margin && current) {
        line(current, { size });
        current = word;
      } else current = next;
    }
    if (current) line(current, { size });
  };
  const columns = [margin, margin + 110, width - margin - 110] as const;
  const row = (cells: [string, string, string], face: Face) => {
    newPageIfNeeded(17);
    draw(fit(cells[0], face, 10, 105), columns[0], face, 10);
    draw(fit(cells[1], face, 10, columns[2] - columns[1] - 10), columns[1], face, 10);
    const amount = select(face, 10)(cells[2]);
    draw(amount, width - margin - doc.widthOfString(amount), face, 10);
    y -= 16;
  };

  content.church.forEach((text, i) => line(text, i === 0 ? { face: "bold", size: 14 } : {}));
  y -= 12;
  line(content.title, { face: "bold", size: 18, gap: 10 });
  line(content.donor);
  line(content.period, { gap: 16 });
  if (content.rows.length) {
    row(content.headers, "bold");
    for (const r of content.rows) row(r, "regular");
    y -= 10;
    line(content.byFundHeading, { face: "bold", size: 12 });
    for (const [fund, amount] of content.byFund) row(["", fund, amount], "regular");
    y -= 6;
  }
  line(content.total, { face: "bold", size: 12, gap: 16 });
  for (const note of content.notes) paragraph(note);
  doc.end();
  return done;
}
