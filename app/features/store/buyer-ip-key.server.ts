import { createHmac } from "node:crypto";
import { getAuth } from "~/server/auth.server";
import { clientNetwork } from "~/server/client-network.server";

/** Keeps these MACs apart from anything else signed with the auth secret. */
const PURPOSE = "store-buyer-ip:";

/**
 * The buyer's network as a keyed hash, for the per-buyer hold limit (issue 32): orders can be
 * compared by it, but it does not reveal the address. Null when the address is unknown.
 */
export async function buyerIpKey(ip: string): Promise<string | null> {
  if (!ip || ip === "unknown") return null;
  const secret = (await getAuth().$context).secret;
  return createHmac("sha256", secret)
    .update(PURPOSE + clientNetwork(ip))
    .digest("base64url");
}
