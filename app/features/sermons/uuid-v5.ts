import { createHash } from "node:crypto";

/** RFC 9562 UUID version 5 (SHA-1) of `name` in the namespace `namespace` (a UUID string). */
export function uuidV5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ""), "hex");
  if (ns.length !== 16) throw new Error("namespace must be a UUID");
  const hash = createHash("sha1").update(ns).update(name, "utf8").digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The Podcasting 2.0 namespace for podcast:guid. */
export const PODCAST_GUID_NAMESPACE = "ead4c236-bf58-58c6-a2c6-a6b28d128cb6";

/** podcast:guid of a feed: UUIDv5 of its URL without the scheme and trailing slashes. */
export function podcastGuid(feedUrl: string): string {
  return uuidV5(feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/\/+$/, ""), PODCAST_GUID_NAMESPACE);
}
