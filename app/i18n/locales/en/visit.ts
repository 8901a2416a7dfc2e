/** The visit pages and their admin inbox (issue 7). Only the visit routes load it. */
const visit = {
  title: "TODO",
};

export type VisitStrings = typeof visit;
export default visit;
