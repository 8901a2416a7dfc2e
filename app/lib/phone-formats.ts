/** A phone number in E.164 form (`+` and up to 15 digits). */
export const E164 = /^\+[1-9]\d{6,14}$/;
/** Phone-only accounts get a placeholder address on this domain, which can never receive mail. */
export const PHONE_ONLY_EMAIL_DOMAIN = "phone.invalid";
