import core from "./core";
import users from "./users";
import members from "./members";
import content from "./content";
import settings from "./settings";
import email from "./email";
import health from "./health";
import audit from "./audit";
import events from "./events";
import registrations from "./registrations";
import fundraisers from "./fundraisers";
import signups from "./signups";
import setup from "./setup";

/**
 * The admin portal's strings, one file per section. Only admin route chunks import these,
 * so public pages never carry them.
 */
const admin = { ...core, users, members, content, settings, email, health, audit, events, registrations, fundraisers, signups, setup };

export type AdminStrings = typeof admin;
export default admin;
