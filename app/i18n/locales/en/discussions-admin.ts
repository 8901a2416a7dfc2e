import discussions from "./discussions";

/** The discussions strings of the admin pages and emails: loaded by the admin routes and the server only, never by a public page. */
const discussionsAdmin = {
  ...discussions,
  emails: {
    greeting: "Hello {{name}},",
    greetingNoName: "Hello,",
    reply: {
      subject: "New reply to your discussion",
      heading: "Someone replied to your discussion",
      intro: "{{name}} replied to “{{title}}”.",
      action: "Read the discussion",
      footnote: "We send at most one of these emails an hour for each discussion.",
    },
  },
  admin: {
    heading: "Discussions",
    pendingHeading: "New discussions waiting for review",
    reportedHeading: "Reported discussions and replies",
    recentHeading: "Recent discussions",
    settingsHeading: "Discussion settings",
    empty: "Nothing is waiting.",
    noReports: "No open reports.",
    noRecent: "No discussions yet.",
    author: "By {{name}} on {{date}}",
    replyIn: "Reply in “{{title}}”",
    reports: "{{count}} reports",
    reportsOne: "1 report",
    reasons: "Reasons given",
    noReason: "(no reason given)",
    status: { pending: "Pending", approved: "Published", hidden: "Hidden" },
    lockedBadge: "Closed",
    repliesCountOne: "1 reply",
    repliesCount: "{{count}} replies",
    approve: "Approve",
    hide: "Hide",
    dismiss: "Dismiss reports",
    lock: "Close",
    unlock: "Reopen",
    delete: "Delete",
    autoApprove: "Publish new discussions without review",
    saveSettings: "Save settings",
    errors: {
      invalidRequest: "That request could not be processed.",
      notFound: "That discussion or reply no longer exists.",
    },
  },
};

export type DiscussionsAdminStrings = typeof discussionsAdmin;
export default discussionsAdmin;
