/** The watch pages and their admin section (issue 6). Only the watch routes load it. */
const watch = {
  title: "TODO",
};

export type WatchStrings = typeof watch;
export default watch;
