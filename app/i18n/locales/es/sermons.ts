import type { SermonsStrings } from "../en/sermons";

const sermons = {
  title: "TODO",
} satisfies SermonsStrings;

export default sermons;
