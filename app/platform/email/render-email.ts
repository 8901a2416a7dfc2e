import type { Language } from "~/i18n/config";

export interface RenderEmailInput {
  language: Language;
  churchName: string;
  siteUrl: string;
  heading: string;
  /** Plain text, one entry per paragraph; escaped here. */
  paragraphs: string[];
  /** The one button; its URL is also printed so it can be copied. */
  action?: { label: string; url: string };
  /** Small print under the button, e.g. "If you didn't ask for this…". */
  footnote?: string;
}

const en = {
  copyLink: "If the button doesn't work, copy and paste this link into your browser:",
  sentBy: "This email was sent by {{church}}.",
};
const es = {
  copyLink: "Si el botón no funciona, copie y pegue este enlace en su navegador:",
  sentBy: "Este correo fue enviado por {{church}}.",
} satisfies typeof en;
const layoutStrings = { en, es };

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Links in emails must be web links: a `javascript:` or relative URL is a bug upstream. */
function assertWebUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new Error(`Email links must be http(s) URLs, got ${parsed.protocol}`);
  }
  return url;
}

// Inline styles only: many mail clients drop <style> blocks. Colours meet WCAG AA contrast.
const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const TEXT_COLOR = "#1f2937";
const MUTED_COLOR = "#4b5563";
const BUTTON_COLOR = "#1d4ed8";

/** A plain, accessible HTML email and its plain-text twin, in the recipient's language. */
export function renderEmail(input: RenderEmailInput): { text: string; html: string } {
  const strings = layoutStrings[input.language];
  const sentBy = strings.sentBy.replace("{{church}}", () => input.churchName);
  const siteUrl = assertWebUrl(input.siteUrl);
  const action = input.action && { label: input.action.label, url: assertWebUrl(input.action.url) };

  const text = [
    input.churchName,
    input.heading,
    ...input.paragraphs,
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...(input.footnote ? [input.footnote] : []),
    `--\n${sentBy}\n${siteUrl}`,
  ].join("\n\n");

  const paragraph = (content: string) =>
    `<p style="margin:0 0 16px;${FONT}font-size:16px;line-height:24px;color:${TEXT_COLOR};">${escapeHtml(content)}</p>`;

  const button = action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td style="border-radius:6px;background:${BUTTON_COLOR};">
<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 24px;${FONT}font-size:16px;font-weight:600;line-height:24px;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(action.label)}</a>
</td></tr>
</table>
<p style="margin:0 0 8px;${FONT}font-size:14px;line-height:20px;color:${MUTED_COLOR};">${escapeHtml(strings.copyLink)}</p>
<p style="margin:0 0 24px;${FONT}font-size:14px;line-height:20px;word-break:break-all;"><a href="${escapeHtml(action.url)}" style="color:${BUTTON_COLOR};">${escapeHtml(action.url)}</a></p>`
    : "";

  const footnote = input.footnote
    ? `<p style="margin:0;${FONT}font-size:14px;line-height:20px;color:${MUTED_COLOR};">${escapeHtml(input.footnote)}</p>`
    : "";

  const html = `<!DOCTYPE html>
<html lang="${input.language}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(input.heading)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:32px;">
<p style="margin:0 0 16px;${FONT}font-size:14px;font-weight:600;line-height:20px;color:${MUTED_COLOR};">${escapeHtml(input.churchName)}</p>
<h1 style="margin:0 0 24px;${FONT}font-size:24px;font-weight:700;line-height:32px;color:${TEXT_COLOR};">${escapeHtml(input.heading)}</h1>
${input.paragraphs.map(paragraph).join("\n")}
${button}
${footnote}
</td></tr>
</table>
<p style="margin:16px 0 0;${FONT}font-size:12px;line-height:18px;color:${MUTED_COLOR};">${escapeHtml(sentBy)}<br><a href="${escapeHtml(siteUrl)}" style="color:${MUTED_COLOR};">${escapeHtml(siteUrl)}</a></p>
</td></tr>
</table>
</body>
</html>
`;
  return { text, html };
}
