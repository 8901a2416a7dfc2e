import type { AdminStrings } from "../../en/admin";
import core from "./core";
import users from "./users";
import members from "./members";
import content from "./content";
import settings from "./settings";
import email from "./email";
import health from "./health";
import audit from "./audit";

const admin = { ...core, users, members, content, settings, email, health, audit } satisfies AdminStrings;

export default admin;
