export * from "./content";
export * from "./people";
