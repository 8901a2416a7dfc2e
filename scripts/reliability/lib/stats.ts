// Latency percentiles and plain-text tables for the reliability scripts' reports.
import type { Sample } from "./client";

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export interface KindSummary {
  kind: string;
  requests: number;
  /** Answered 2xx/3xx. */
  ok: number;
  /** 4xx, by status. */
  refused: Record<string, number>;
  friendly503: number;
  /** 5xx that were not the translated 503 page. */
  errors5xx: number;
  noAnswer: number;
  wrongLanguage: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(samples: Sample[], kindOf: (s: Sample) => string = (s) => s.kind): KindSummary[] {
  const groups = new Map<string, Sample[]>();
  for (const sample of samples) {
    const kind = kindOf(sample);
    const group = groups.get(kind);
    if (group) group.push(sample);
    else groups.set(kind, [sample]);
  }
  const rows: KindSummary[] = [];
  for (const [kind, group] of groups) {
    // Latency of answered requests only (a refused connection takes no time worth reporting).
    const ms = group
      .filter((s) => s.status > 0)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    const refused: Record<string, number> = {};
    for (const s of group) if (s.status >= 400 && s.status < 500) refused[s.status] = (refused[s.status] ?? 0) + 1;
    rows.push({
      kind,
      requests: group.length,
      ok: group.filter((s) => s.status >= 200 && s.status < 400).length,
      refused,
      friendly503: group.filter((s) => s.status === 503 && s.friendly503).length,
      errors5xx: group.filter((s) => s.status >= 500 && !(s.status === 503 && s.friendly503)).length,
      noAnswer: group.filter((s) => s.status === 0).length,
      wrongLanguage: group.filter((s) => s.wrongLanguage).length,
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      p99: percentile(ms, 99),
      max: ms.at(-1) ?? Number.NaN,
    });
  }
  return rows.sort((a, b) => b.requests - a.requests);
}

export const fmtMs = (ms: number) => (Number.isNaN(ms) ? "–" : ms < 10 ? ms.toFixed(1) : String(Math.round(ms)));

/** A Markdown table (also readable in a terminal). */
export function table(header: string[], rows: (string | number)[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: (string | number)[]) => `| ${cells.map((c, i) => String(c).padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

export function kindTable(rows: KindSummary[], total?: KindSummary): string {
  const all = total ? [...rows, total] : rows;
  return table(
    ["requests", "count", "2xx/3xx", "4xx", "503 page", "other 5xx", "no answer", "p50 ms", "p95 ms", "p99 ms", "max ms"],
    all.map((r) => [
      r.kind,
      r.requests,
      r.ok,
      Object.entries(r.refused)
        .map(([s, n]) => `${n}×${s}`)
        .join(" ") || 0,
      r.friendly503,
      r.errors5xx,
      r.noAnswer,
      fmtMs(r.p50),
      fmtMs(r.p95),
      fmtMs(r.p99),
      fmtMs(r.max),
    ]),
  );
}
