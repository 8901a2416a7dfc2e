/**
 * Every action code the audit log records (`<entity>.<verb>`), in one place. `recordAudit`
 * takes only these, and the admin strings (app/i18n/locales/<language>/admin/audit.ts) hold a
 * plain-language label for each, so a new code without a label in both languages does not
 * type-check. Codes built from templates are listed expanded, one per real value.
 */
export const AUDIT_ACTIONS = [
  // Administrators and the first-run setup
  "admin.create",
  "admin.update",
  "setup.first_administrator",
  // Accounts (admin users)
  "user.disable",
  "user.enable",
  "user.roles.update",
  "user.scopes.update",
  "user.sign-out",
  "user.two-factor.reset",
  // Church settings
  "settings.profile.update",
  "settings.look.update",
  "settings.logo.upload",
  "settings.logo.remove",
  "settings.retention.update",
  "settings.service-time.create",
  "settings.service-time.update",
  "settings.service-time.delete",
  "settings.test-send",
  "settings.demo.remove",
  "health.outbox.retry",
  // Site content (content.<kind>.…, see app/features/content/admin/content-fields.ts)
  "content.block.create",
  "content.block.update",
  "content.card.update",
  "content.leader.create",
  "content.leader.update",
  "content.leader.delete",
  "content.value.create",
  "content.value.update",
  "content.value.delete",
  "content.video.update",
  "content.block.image.upload",
  "content.leader.image.upload",
  "content.video.image.upload",
  "content.flyer.feature",
  "content.prayer_part.create",
  "content.prayer_part.update",
  "content.prayer_part.activate",
  "content.prayer_part.deactivate",
  "content.prayer_part.delete",
  "content.faq.create",
  "content.faq.update",
  "content.faq.activate",
  "content.faq.deactivate",
  "content.faq.delete",
  // Events, registrations and fundraisers
  "event.create",
  "event.update",
  "event.cancel",
  "event.duplicate",
  "registration.check-in",
  "registration.check-in.undo",
  "registration.export",
  "fundraiser.create",
  "fundraiser.update",
  "fundraiser.delete",
  "fundraiser.archive-event",
  // Sermons (sermon_<series|topic>.… for the two taxonomies)
  "sermon.create",
  "sermon.update",
  "sermon.delete",
  "sermon_series.create",
  "sermon_series.update",
  "sermon_series.delete",
  "sermon_topic.create",
  "sermon_topic.update",
  "sermon_topic.delete",
  // Study
  "reading_plan.create",
  "reading_plan.update",
  "reading_plan.delete",
  "study_guide.create",
  "study_guide.update",
  "study_guide.delete",
  // Members and privacy
  "member.import",
  "member.export",
  "member.membership.update",
  "member.note.add",
  "member.data.export",
  "member.account.delete",
  // Sign-ups, membership class and applications
  "signup.assign",
  "signup.status.update",
  "signup.notes.update",
  "membership.application.reviewing",
  "membership.application.approved",
  "membership.application.declined",
  "class.create",
  "class.update",
  "class.export",
  "class.signup.cancel",
  // Visits (meeting requests)
  "meeting.assign",
  "meeting.status.update",
  "meeting.notes.update",
  "meeting.reply",
  // Prayer
  "prayer.approve",
  "prayer.hide",
  "prayer.delete",
  "prayer.edit",
  "prayer.reply",
  "prayer.follow-up",
  "prayer.settings",
  // Discussions
  "discussion.thread.approve",
  "discussion.thread.hide",
  "discussion.thread.delete",
  "discussion.thread.dismiss-reports",
  "discussion.thread.lock",
  "discussion.thread.unlock",
  "discussion.reply.hide",
  "discussion.reply.delete",
  "discussion.reply.dismiss-reports",
  "discussion.settings",
  // Groups
  "group.create",
  "group.update",
  "group.leader.add",
  "group.leader.remove",
  "group.member.remove",
  "group.request.accept",
  "group.request.decline",
  // Volunteers
  "volunteer_opportunity.create",
  "volunteer_opportunity.update",
  "volunteer_opportunity.delete",
  // Gallery
  "gallery.album.create",
  "gallery.album.update",
  "gallery.album.delete",
  "gallery.photo.upload",
  "gallery.photo.update",
  "gallery.photo.delete",
  "gallery.photo.approve",
  "gallery.photo.reject",
  // Giving
  "giving_fund.create",
  "giving_fund.update",
  "giving_fund.delete",
  "giving_settings.update",
  "recurring_gift.cancel",
  "gift.export",
  // Store
  "product.create",
  "product.update",
  "product.delete",
  "order.status",
  "order.notes",
  "order.export",
  "store_settings.update",
  // Email
  "email.campaign.create",
  "email.campaign.update",
  "email.campaign.send",
  // Live stream and chat
  "live_stream.start",
  "live_stream.end",
  "live_stream.chat",
  "live_chat.message.delete",
  "live_chat.member.mute",
  "live_chat.member.unmute",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const known: ReadonlySet<string> = new Set(AUDIT_ACTIONS);

/** True for a code the app records today (an older row may hold one it no longer does). */
export function isAuditAction(code: string): code is AuditAction {
  return known.has(code);
}

/**
 * The actor names stored for changes no signed-in administrator made. They are stored as they
 * are (the audit log's actor filter searches them); the admin pages show a label instead.
 */
export const SYSTEM_ACTORS = {
  commandLine: "admin:create (command line)",
  firstRunSetup: "first-run setup (browser)",
  selfService: "member (self-service)",
} as const;

export type SystemActor = keyof typeof SYSTEM_ACTORS;

/** Which system actor a stored name is, if it is one. */
export function systemActorOf(actorName: string): SystemActor | null {
  for (const [key, name] of Object.entries(SYSTEM_ACTORS)) if (name === actorName) return key as SystemActor;
  return null;
}
