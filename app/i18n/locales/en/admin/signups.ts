/** Strings of the admin signups section. */
const signups = {
  intro: "Sign-ups that need a personal follow-up: contact each person, note what was agreed, and mark it done.",
  filterLabel: "Show sign-ups",
  filters: {
    all: "All",
    withCount: "{{label}} ({{count}})",
  },
  empty: "No sign-ups here.",
  none: "—",
  fields: {
    kind: "Kind",
    event: "Event",
    email: "Email",
    created: "Received",
    summary: "Summary",
    status: "Status",
    assignee: "Assigned to",
    notes: "Notes",
  },
  kinds: {
    event: "Event",
    class: "Class",
    membership: "Membership",
    volunteer: "Volunteer",
  },
  status: {
    new: "New",
    contacted: "Contacted",
    done: "Done",
  },
  unassigned: "Nobody",
  saveStatus: "Save status",
  assign: "Assign",
  saveNotes: "Save notes",
  messages: {
    saved: "Saved.",
  },
  errors: {
    invalidRequest: "The request could not be read. Please try again.",
    notFound: "That sign-up no longer exists.",
    invalidStatus: "Choose a status.",
    invalidAssignee: "Choose an administrator from the list.",
    notesTooLong: "Keep the notes under 4,000 characters.",
  },
};

export default signups;
