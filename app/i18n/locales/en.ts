export { default } from "./en/index";
export type { Translation } from "./en/index";
