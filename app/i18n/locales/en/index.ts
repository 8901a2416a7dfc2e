import common from "./common";
import home from "./home";
import pages from "./pages";

const en = { ...common, home, pages };

export type Translation = typeof en;
export default en;
