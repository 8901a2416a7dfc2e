import type { MembershipStrings } from "../en/membership";

const membership = {
  title: "TODO",
} satisfies MembershipStrings;

export default membership;
