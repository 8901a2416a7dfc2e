/** True when there is a number to dial: no `tel:` link is drawn without one. */
export function hasPhone(phone: string): boolean {
  return /\d/.test(phone);
}

/** True when both the number and the keyword are there: no `sms:` link is drawn without them. */
export function canText(phone: string, keyword: string): boolean {
  return hasPhone(phone) && keyword.trim() !== "";
}

/** tel: link for an E.164 number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/**
 * sms: link that opens a text to the church with the keyword typed in. `?&body=` is the
 * form both iOS and Android accept.
 */
export function smsHref(phone: string, body: string): string {
  return `sms:${phone.replace(/[^\d+]/g, "")}?&body=${encodeURIComponent(body)}`;
}
