import type { StudyStrings } from "../en/study";

const study = {
  title: "TODO",
} satisfies StudyStrings;

export default study;
