/** The study pages and their admin section (issue 6). Only the study routes load it. */
const study = {
  title: "TODO",
};

export type StudyStrings = typeof study;
export default study;
