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
