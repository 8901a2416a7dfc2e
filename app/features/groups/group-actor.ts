/**
 * Who changes a group's membership: one of its leaders (checked against the group inside the
 * operation) or an administrator whose "groups" scope the route has already checked.
 */
export type GroupActor =
  { kind: "leader"; userId: string; name: string; ip: string | null } | { kind: "admin"; userId: string; name: string; ip: string | null };
