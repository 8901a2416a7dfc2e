import { fromZonedTime } from "date-fns-tz";
import type { PDFFont, PDFPage } from "pdf-lib";
import { formatCents } from "~/features/payments/money";
import { localize } from "~/features/content/localize";
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
export async function buildStatement(o: { db: AppDatabase; userId: string; name: string; email: string; year: number; language: Language }): Promise<{ content: StatementContent; totalCents: number }> {
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

// WinAnsi (the standard fonts' encoding): Latin-1 plus these; anything else prints as "?".
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** Text the standard fonts can draw: NFC, unsupported characters as "?", no control characters. */
export function winAnsi(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    if (code === 0x09 || code === 0x0a) out += " ";
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else out += "?";
  }
  return out;
}

/** The statement as a PDF (Letter, Helvetica), pages added as the gifts need. */
export async function renderStatementPdf(content: StatementContent, options: { compress?: boolean } = {}): Promise<Uint8Array> {
  // Loaded on the first statement, not at start-up (issue 10: start-up time).
  const { PDFDocument, rgb, StandardFonts } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(content.title));
  doc.setCreator(winAnsi(content.church[0] ?? ""));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = [612, 792];
  const margin = 56;
  let page: PDFPage = doc.addPage([width, height]);
  let y = height - margin;
  const ink = rgb(0.1, 0.1, 0.12);
  const newPageIfNeeded = (space: number) => {
    if (y - space < margin) {
      page = doc.addPage([width, height]);
      y = height - margin;
    }
  };
  /** Draws text clipped to `maxWidth` (a long name is cut with "..."). */
  const fit = (text: string, font: PDFFont, size: number, maxWidth: number) => {
    let value = winAnsi(text);
    if (font.widthOfTextAtSize(value, size) <= maxWidth) return value;
    while (value.length > 1 && font.widthOfTextAtSize(`${value}...`, size) > maxWidth) value = value.slice(0, -1);
    return `${value}...`;
  };
  const line = (text: string, o: { font?: PDFFont; size?: number; x?: number; gap?: number } = {}) => {
    const size = o.size ?? 11;
    newPageIfNeeded(size + 6);
    page.drawText(fit(text, o.font ?? regular, size, width - margin - (o.x ?? margin)), { x: o.x ?? margin, y, size, font: o.font ?? regular, color: ink });
    y -= size + (o.gap ?? 6);
  };
  /** Wraps a paragraph to the page width. */
  const paragraph = (text: string, size = 10) => {
    const words = winAnsi(text).split(" ");
    let current = "";
    for (const word of words) {
      const next = current ? `${current} ${word}` : word;
      if (regular.widthOfTextAtSize(next, size) > width - 2 * margin && current) {
        line(current, { size });
        current = word;
      } else current = next;
    }
    if (current) line(current, { size });
  };
  const columns = [margin, margin + 110, width - margin - 110];
  const row = (cells: [string, string, string], font: PDFFont) => {
    newPageIfNeeded(17);
    page.drawText(fit(cells[0], font, 10, 105), { x: columns[0]!, y, size: 10, font, color: ink });
    page.drawText(fit(cells[1], font, 10, columns[2]! - columns[1]! - 10), { x: columns[1]!, y, size: 10, font, color: ink });
    const amount = winAnsi(cells[2]);
    page.drawText(amount, { x: width - margin - font.widthOfTextAtSize(amount, 10), y, size: 10, font, color: ink });
    y -= 16;
  };

  content.church.forEach((text, i) => line(text, i === 0 ? { font: bold, size: 14 } : {}));
  y -= 12;
  line(content.title, { font: bold, size: 18, gap: 10 });
  line(content.donor);
  line(content.period, { gap: 16 });
  if (content.rows.length) {
    row(content.headers, bold);
    for (const r of content.rows) row(r, regular);
    y -= 10;
    line(content.byFundHeading, { font: bold, size: 12 });
    for (const [fund, amount] of content.byFund) row(["", fund, amount], regular);
    y -= 6;
  }
  line(content.total, { font: bold, size: 12, gap: 16 });
  for (const note of content.notes) paragraph(note);
  return doc.save({ useObjectStreams: options.compress ?? true });
}
