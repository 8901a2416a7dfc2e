import type { VisitStrings } from "../en/visit";

const visit = {
  title: "TODO",
} satisfies VisitStrings;

export default visit;
