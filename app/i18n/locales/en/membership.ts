/** The membership pages and their admin section (issue 6). Only the membership routes load it. */
const membership = {
  title: "TODO",
};

export type MembershipStrings = typeof membership;
export default membership;
