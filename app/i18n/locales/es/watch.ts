import type { WatchStrings } from "../en/watch";

const watch = {
  title: "TODO",
} satisfies WatchStrings;

export default watch;
