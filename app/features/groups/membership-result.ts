/** Why a membership change was refused; each maps to an HTTP status and a translated message. */
export type MembershipError =
  | "notFound"
  | "archived"
  | "closed"
  | "full"
  | "alreadyRequested"
  | "alreadyMember"
  | "requestAgainLater"
  | "notPending"
  | "notMember"
  | "forbidden"
  | "leaderCannotBeRemoved";

export type MembershipResult<T extends object = object> = ({ ok: true } & T) | { ok: false; error: MembershipError; retryFrom?: Date };

export const membershipErrorStatus: Record<MembershipError, 403 | 404 | 409> = {
  notFound: 404,
  archived: 404,
  closed: 409,
  full: 409,
  alreadyRequested: 409,
  alreadyMember: 409,
  requestAgainLater: 409,
  notPending: 409,
  notMember: 409,
  forbidden: 403,
  leaderCannotBeRemoved: 409,
};
