import { CalendarDays, Languages, MapPin, User, Users } from "lucide-react";
import type { ReactNode } from "react";
import type { GroupsT } from "~/features/groups/groups-translation";
import type { GroupCardView } from "~/features/groups/group-views";

function Fact({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-2 font-semibold text-brand-800">
        {icon}
        {term}
      </dt>
      <dd className="mt-1 wrap-anywhere text-slate-800">{children}</dd>
    </div>
  );
}

/** How many places are left, or why nobody can join right now. */
export function placesText(t: GroupsT, group: Pick<GroupCardView, "isOpen" | "full" | "capacity" | "memberCount">): string {
  if (!group.isOpen) return t("group.closed");
  if (group.full) return t("group.full");
  if (group.capacity == null) return t("group.openNoLimit");
  const left = group.capacity - group.memberCount;
  return left === 1 ? t("group.spotsLeftOne") : t("group.spotsLeft", { count: left });
}

const icon = "h-5 w-5 shrink-0";

/** When, where, language, leaders and places of a group: the card and the group page share it. */
export function GroupFacts({ t, group, className = "" }: { t: GroupsT; group: GroupCardView; className?: string }) {
  const inPerson = group.mode !== "online";
  return (
    <dl className={`grid gap-4 sm:grid-cols-2 ${className}`}>
      <Fact icon={<CalendarDays aria-hidden="true" className={icon} />} term={t("group.when")}>
        {group.scheduleLabel}
        <span className="block text-sm text-slate-700">{t("schedule.duration", { minutes: group.durationMinutes })}</span>
      </Fact>
      <Fact icon={<MapPin aria-hidden="true" className={icon} />} term={t("group.where")}>
        {inPerson ? <span className="block font-medium">{t(`modes.${group.mode}`)}</span> : null}
        {inPerson ? (
          group.locationName || group.address ? (
            <>
              {group.locationName ? <span className="block">{group.locationName}</span> : null}
              {group.address ? <span className="block">{group.address}</span> : null}
            </>
          ) : (
            <span className="block">{t("group.noPlace")}</span>
          )
        ) : (
          <span className="block">{t("group.onlineWhere")}</span>
        )}
      </Fact>
      <Fact icon={<Languages aria-hidden="true" className={icon} />} term={t("group.language")}>
        {t(`languages.${group.language}`)}
      </Fact>
      {group.leaders.length > 0 ? (
        <Fact icon={<User aria-hidden="true" className={icon} />} term={group.leaders.length > 1 ? t("group.leaders") : t("group.leader")}>
          {group.leaders.join(", ")}
        </Fact>
      ) : null}
      <Fact icon={<Users aria-hidden="true" className={icon} />} term={t("group.places")}>
        {placesText(t, group)}
      </Fact>
    </dl>
  );
}
