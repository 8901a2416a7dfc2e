import type { PrayerStrings } from "../en/prayer";

const prayer = {
  title: "TODO",
} satisfies PrayerStrings;

export default prayer;
