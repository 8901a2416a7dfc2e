import type { GroupsStrings } from "../en/groups";

const groups = {
  title: "TODO",
} satisfies GroupsStrings;

export default groups;
