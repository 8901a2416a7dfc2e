/** The groups pages and their admin section (issue 6). Only the groups routes load it. */
const groups = {
  title: "TODO",
};

export type GroupsStrings = typeof groups;
export default groups;
