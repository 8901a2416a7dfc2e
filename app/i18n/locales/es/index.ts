import type { Translation } from "../en";
import common from "./common";
import home from "./home";
import pages from "./pages";

const es = { ...common, home, pages } satisfies Translation;

export default es;
