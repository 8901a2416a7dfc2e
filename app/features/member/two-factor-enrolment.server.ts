/** What the member needs to add the account to an authenticator app, shown once. */
export interface TwoFactorEnrolment {
  /** The otpauth:// URI, posted back with the confirmation so a wrong code can show it again. */
  totpUri: string;
  /** The URI as a QR code: an SVG data URL (the CSP allows `img-src data:`). */
  qrCode: string;
  /** The base32 key from the URI, in groups of four for typing by hand. */
  secret: string;
  backupCodes: string[];
}

const BACKUP_CODE = /^[A-Za-z0-9-]{4,32}$/;

/**
 * Renders an enrolment from better-auth's otpauth URI. Returns null for anything that isn't
 * a TOTP URI with a base32 secret (the confirmation form posts the URI back).
 */
export async function renderTwoFactorEnrolment(totpUri: string, backupCodes: string[]): Promise<TwoFactorEnrolment | null> {
  if (totpUri.length > 1000 || !totpUri.startsWith("otpauth://totp/")) return null;
  let secret: string | null;
  try {
    secret = new URL(totpUri).searchParams.get("secret");
  } catch {
    return null;
  }
  if (!secret || !/^[A-Z2-7]+=*$/i.test(secret)) return null;
  const codes = backupCodes.filter((code) => BACKUP_CODE.test(code)).slice(0, 20);
  // Loaded when someone enrols, not at start-up (issue 10: start-up time).
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(totpUri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return {
    totpUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    secret: secret
      .toUpperCase()
      .replace(/=+$/, "")
      .replace(/(.{4})(?=.)/g, "$1 "),
    backupCodes: codes,
  };
}
