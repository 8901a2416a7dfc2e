/** The auth dialog's and the /auth page's tabs (its own module, so the dialog's chunk and its opener import no cycle). */
export type AuthTab = "guest" | "signin" | "magic" | "signup";
