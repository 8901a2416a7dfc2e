import { useRouteLoaderData } from "react-router";
import type { CurrentMember } from "~/platform/auth/get-current-member.server";

export type { CurrentMember };

/** The signed-in member from the root loader, or null for visitors and guests. */
export function useCurrentMember(): CurrentMember | null {
  const root = useRouteLoaderData("root") as { member?: CurrentMember | null } | undefined;
  return root?.member ?? null;
}
