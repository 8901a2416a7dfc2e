/** A browser and operating system a member can recognise, e.g. Chrome on Android. */
export interface DeviceSummary {
  browser: string;
  os: string;
}

// Order matters: Edge, Opera and Samsung Internet also say "Chrome"; Chrome also says "Safari".
const browsers: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chrome|CriOS|Chromium|HeadlessChrome)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const systems: [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPad\b/, "iPadOS"],
  [/\b(?:iPhone|iPod)\b/, "iOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** "Chrome on Android" from a User-Agent header; null when either part is unknown. */
export function summarizeUserAgent(userAgent: string | null | undefined): DeviceSummary | null {
  if (!userAgent) return null;
  const ua = userAgent.slice(0, 512);
  const browser = browsers.find(([pattern]) => pattern.test(ua))?.[1];
  const os = systems.find(([pattern]) => pattern.test(ua))?.[1];
  return browser && os ? { browser, os } : null;
}
