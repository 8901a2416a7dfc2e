/** The prayer pages and their admin inbox (issue 7). Only the prayer routes load it. */
const prayer = {
  title: "TODO",
};

export type PrayerStrings = typeof prayer;
export default prayer;
