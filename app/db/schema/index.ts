export * from "./admin";
export * from "./auth";
export * from "./content";
export * from "./messaging";
export * from "./people";
export * from "./events";
export * from "./worship";
export * from "./community";
