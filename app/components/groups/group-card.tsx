import { Link } from "react-router";
import type { GroupsT } from "~/features/groups/groups-translation";
import type { GroupActionData, GroupCardView } from "~/features/groups/group-views";
import { GroupFacts } from "./group-facts";
import { JoinPanel } from "./join-panel";

/** One group in the /community list: its facts, a link to its page and the join controls. */
export function GroupCard({
  t,
  group,
  signedIn,
  signInHref,
  actionData,
}: {
  t: GroupsT;
  group: GroupCardView;
  signedIn: boolean;
  signInHref: string;
  actionData: GroupActionData | undefined;
}) {
  const headingId = `group-${group.id}-name`;
  return (
    <li className="min-w-0">
      <article
        aria-labelledby={headingId}
        className="flex h-full min-w-0 flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <h3 id={headingId} className="font-serif text-2xl font-bold wrap-anywhere text-slate-900">
          <Link to={group.href} className="hover:underline hover:underline-offset-4">
            {group.name}
          </Link>
        </h3>
        {group.description ? <p className="mt-3 text-slate-800">{group.description}</p> : null}
        <GroupFacts t={t} group={group} className="mt-5" />
        <div className="mt-6 flex-1" />
        <div className="grid gap-4 border-t border-slate-200 pt-5">
          <JoinPanel t={t} group={group} signedIn={signedIn} signInHref={signInHref} actionData={actionData} postGroupId />
        </div>
      </article>
    </li>
  );
}
