/** The sermons pages and their admin section (issue 6). Only the sermons routes load it. */
const sermons = {
  title: "TODO",
};

export type SermonsStrings = typeof sermons;
export default sermons;
