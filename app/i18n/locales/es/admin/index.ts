import type { AdminStrings } from "~/i18n/locales/en/admin";
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

const admin = {
  ...core,
  users,
  members,
  content,
  settings,
  email,
  health,
  audit,
  events,
  registrations,
  fundraisers,
  signups,
  setup,
} satisfies AdminStrings;

export default admin;
