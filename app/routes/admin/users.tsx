import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/users";
import { AdminCard, AdminPage, adminButton, formatDateTime, inputClasses, Notice } from "~/components/admin/admin-ui";
import { MODERATOR_SCOPES, SUPER_ADMIN_SCOPE, type ScopeName } from "~/platform/admin/admin-sections";
import { adminTranslator, useAdminTranslation, type AdminT } from "~/platform/admin/admin-translation";
import { NO_STORE, requireAdmin } from "~/platform/admin/require-admin.server";
import { handleUserAction, roleField, scopeField } from "~/features/admin/users/handle-user-action.server";
import { listUsers, loadUserDetail, type UserDetail, type UserListItem } from "~/features/admin/users/list-users.server";
import { USER_ROLES } from "~/features/admin/users/set-user-roles.server";
import { EDITABLE_SCOPES } from "~/features/admin/users/set-user-scopes.server";
import { grantableScopes } from "~/features/admin/users/grantable-scopes";
import { refused, type UserActionResult } from "~/features/admin/users/user-action-result";
import { readInput } from "~/server/request-input.server";
import { readSearchQuery } from "~/lib/search-query";

export async function loader({ request, url }: Route.LoaderArgs) {
  const { db, language, admin } = await requireAdmin(request, "users");
  const q = readSearchQuery(url);
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const userParam = readSearchQuery(url, "user");
  const list = await listUsers({ db, q, page: Number.isFinite(page) ? page : 1 });
  const detail = userParam ? await loadUserDetail({ db, userId: userParam }) : null;
  return data(
    {
      title: adminTranslator(language)("sections.users"),
      q,
      list,
      selectedId: userParam || null,
      detail,
      // What this administrator may give or take away: the page greys out the rest (the
      // action refuses it anyway: user-guards.server.ts).
      viewer: { userId: admin.userId, isSuper: admin.scopes.includes(SUPER_ADMIN_SCOPE), grantable: grantableScopes(admin.scopes) },
      // Field names are made on the server so the page and the action can't disagree.
      roleFields: USER_ROLES.map((role) => ({ role, name: roleField(role) })),
      scopeFields: EDITABLE_SCOPES.map((scope) => ({ scope, name: scopeField(scope) })),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const context = await requireAdmin(request, "users");
  const input = await readInput(request);
  const result: UserActionResult = input ? await handleUserAction(context, input) : refused(400, "users.errors.invalid");
  return data(result, { status: result.status, headers: NO_STORE });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

function listHref(q: string, page: number, user?: string): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  if (user) params.set("user", user);
  const search = params.toString();
  return search ? `?${search}` : ".";
}

function contact(t: AdminT, user: UserListItem): string {
  return user.email ?? user.phone ?? t("users.none");
}

function scopesText(t: AdminT, scopes: string[] | null): string {
  if (!scopes || scopes.length === 0) return t("users.none");
  if (scopes.includes(SUPER_ADMIN_SCOPE)) return t("users.superAdmin");
  return scopes.join(", ");
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useAdminTranslation();
  const { q, list, detail, selectedId, viewer, roleFields, scopeFields } = loaderData;
  const busy = useNavigation().state !== "idle";
  const result = actionData as UserActionResult | undefined;

  return (
    <AdminPage title={t("sections.users")} intro={t("users.intro")}>
      {result ? (
        result.ok ? (
          <Notice tone="success">{t(result.notice.key, result.notice.values)}</Notice>
        ) : (
          <Notice tone="error">{t(result.error.key, result.error.values)}</Notice>
        )
      ) : null}

      {selectedId ? (
        detail ? (
          <UserPanel
            key={`${detail.id}-${detail.roles.join()}-${detail.scopes?.join() ?? ""}`}
            user={detail}
            backHref={listHref(q, list.page)}
            viewer={viewer}
            roleFields={roleFields}
            scopeFields={scopeFields}
            busy={busy}
          />
        ) : (
          <Notice tone="error">{t("users.detail.notFound")}</Notice>
        )
      ) : null}

      <AdminCard>
        <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
          <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
            <label htmlFor="users-q" className="text-sm font-semibold text-slate-900">
              {t("users.searchLabel")}
            </label>
            <input id="users-q" name="q" type="search" defaultValue={q} maxLength={200} className={inputClasses} />
          </div>
          <button type="submit" className={adminButton.primary}>
            {t("users.search")}
          </button>
          {q ? (
            <Link to="." className={adminButton.secondary}>
              {t("users.clearSearch")}
            </Link>
          ) : null}
        </Form>
        <p className="mt-4 text-sm text-slate-700" aria-live="polite">
          {t("users.results", { count: list.total })}
        </p>
        {list.items.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("users.noResults")}</p>
        ) : (
          <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={t("users.listLabel")}>
            <table className="w-full min-w-[48rem] border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-slate-300 text-slate-700">
                  <th scope="col" className="px-2 py-2 font-semibold">
                    {t("users.columns.name")}
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    {t("users.columns.contact")}
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    {t("users.columns.roles")}
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    {t("users.columns.scopes")}
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    {t("users.columns.twoFactor")}
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    {t("users.columns.status")}
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    {t("users.columns.created")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((user) => (
                  <tr key={user.id} className={`border-b border-slate-200 ${user.id === selectedId ? "bg-brand-50" : ""}`}>
                    <th scope="row" className="px-2 py-2 font-semibold">
                      <Link
                        to={listHref(q, list.page, user.id)}
                        aria-label={t("users.open", { name: user.name })}
                        aria-current={user.id === selectedId ? "true" : undefined}
                        className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
                      >
                        {user.name}
                      </Link>
                    </th>
                    <td className="break-all px-2 py-2">{contact(t, user)}</td>
                    <td className="px-2 py-2">{user.roles.length ? user.roles.join(", ") : t("users.none")}</td>
                    <td className="px-2 py-2">{scopesText(t, user.scopes)}</td>
                    <td className="px-2 py-2">{user.twoFactorEnabled ? t("users.on") : t("users.off")}</td>
                    <td className={`px-2 py-2 ${user.disabled ? "font-semibold text-red-800" : ""}`}>
                      {user.disabled ? t("users.disabled") : t("users.active")}
                    </td>
                    <td className="whitespace-nowrap px-2 py-2">{formatDateTime(user.createdAt, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list.pages > 1 ? (
          <nav aria-label={t("users.pagination.label")} className="mt-4 flex flex-wrap items-center gap-3">
            {list.page > 1 ? (
              <Link to={listHref(q, list.page - 1)} className={adminButton.secondary}>
                {t("users.pagination.previous")}
              </Link>
            ) : null}
            <span className="text-sm text-slate-700">{t("users.pagination.page", { page: list.page, pages: list.pages })}</span>
            {list.page < list.pages ? (
              <Link to={listHref(q, list.page + 1)} className={adminButton.secondary}>
                {t("users.pagination.next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </AdminCard>
    </AdminPage>
  );
}

function UserPanel({
  user,
  backHref,
  viewer,
  roleFields,
  scopeFields,
  busy,
}: {
  user: UserDetail;
  backHref: string;
  viewer: { userId: string; isSuper: boolean; grantable: ScopeName[] };
  roleFields: { role: string; name: string }[];
  scopeFields: { scope: ScopeName; name: string }[];
  busy: boolean;
}) {
  const { t, language } = useAdminTranslation();
  const isSelf = user.id === viewer.userId;
  const targetIsSuper = user.roles.includes("admin") && (user.scopes ?? []).includes(SUPER_ADMIN_SCOPE);
  const locked = targetIsSuper && !viewer.isSuper;
  const isAdmin = user.roles.includes("admin") && user.scopes !== null;
  const mayChange = (scope: string) => viewer.grantable.includes(scope as ScopeName);
  // The moderator role opens the moderation queues; taking the administrator role away takes
  // every scope of the record: both only within the viewer's own scopes.
  const roleLocked = (role: string) =>
    role === "moderator" ? !MODERATOR_SCOPES.every(mayChange) : user.roles.includes("admin") && !(user.scopes ?? []).every(mayChange);
  const anyRoleLocked = roleFields.some(({ role }) => roleLocked(role));
  const anyScopeLocked = scopeFields.some(({ scope }) => !mayChange(scope));
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={user.id} />
    </>
  );

  return (
    <AdminCard title={t("users.detail.heading", { name: user.name })} id="user-detail">
      <div className="grid gap-6">
        <Link to={backHref} className="w-fit text-sm text-brand-800 underline underline-offset-2">
          {t("users.detail.back")}
        </Link>
        {isSelf ? <Notice>{t("users.detail.you")}</Notice> : null}
        {locked ? <Notice>{t("users.detail.superAdminOnly")}</Notice> : null}
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {user.email ? (
            <>
              <dt className="font-semibold text-slate-700">{t("users.detail.email")}</dt>
              <dd className="break-all">{user.email}</dd>
            </>
          ) : null}
          {user.phone ? (
            <>
              <dt className="font-semibold text-slate-700">{t("users.detail.phone")}</dt>
              <dd>{user.phone}</dd>
            </>
          ) : null}
          <dt className="font-semibold text-slate-700">{t("users.detail.created")}</dt>
          <dd>{formatDateTime(user.createdAt, language)}</dd>
          <dt className="font-semibold text-slate-700">{t("users.columns.status")}</dt>
          <dd>
            {user.disabled && user.disabledAt
              ? `${t("users.detail.disabledSince")} ${formatDateTime(user.disabledAt, language)}`
              : t("users.active")}
          </dd>
          <dt className="font-semibold text-slate-700">{t("users.detail.twoFactor")}</dt>
          <dd>{user.twoFactorEnabled ? t("users.on") : t("users.off")}</dd>
          <dt className="font-semibold text-slate-700">{t("users.detail.memberSessions")}</dt>
          <dd>{user.memberSessions}</dd>
          <dt className="font-semibold text-slate-700">{t("users.detail.adminSessions")}</dt>
          <dd>{user.adminSessions}</dd>
        </dl>

        <section aria-labelledby="user-roles-title" className="grid gap-3">
          <h3 id="user-roles-title" className="text-base font-semibold text-slate-900">
            {t("users.roles.heading")}
          </h3>
          <Form method="post" className="grid gap-3">
            {hidden("set-roles")}
            <fieldset className="grid gap-2" disabled={locked || isSelf} aria-describedby={isSelf ? "user-roles-own" : undefined}>
              <legend className="mb-1 text-sm font-semibold text-slate-900">{t("users.roles.legend")}</legend>
              {roleFields.map(({ role, name }) => {
                const checked = user.roles.includes(role);
                const fixed = !isSelf && roleLocked(role);
                return (
                  <AccessBox key={role} name={name} checked={checked} fixed={fixed} describedBy="user-roles-locked">
                    <span>{role === "admin" ? t("users.roles.admin") : t("users.roles.moderator")}</span>
                  </AccessBox>
                );
              })}
              <p className="text-sm text-slate-600">{t("users.roles.hint")}</p>
              {isSelf ? (
                <p id="user-roles-own" className="text-sm text-slate-600">
                  {t("users.roles.ownLocked")}
                </p>
              ) : anyRoleLocked ? (
                <p id="user-roles-locked" className="text-sm text-slate-600">
                  {t("users.roles.notGrantable")}
                </p>
              ) : null}
            </fieldset>
            <button type="submit" className={`${adminButton.primary} w-fit`} disabled={busy || locked || isSelf}>
              {t("users.roles.save")}
            </button>
          </Form>
        </section>

        <section aria-labelledby="user-scopes-title" className="grid gap-3">
          <h3 id="user-scopes-title" className="text-base font-semibold text-slate-900">
            {t("users.scopes.heading")}
          </h3>
          {isAdmin ? (
            <Form method="post" className="grid gap-3">
              {hidden("set-scopes")}
              <fieldset
                className="grid gap-1 sm:grid-cols-2"
                disabled={locked || isSelf}
                aria-describedby={isSelf ? "scope-own" : undefined}
              >
                <legend className="mb-1 text-sm font-semibold text-slate-900">{t("users.scopes.legend")}</legend>
                {scopeFields.map(({ scope, name }) => {
                  const checked = (user.scopes ?? []).includes(scope);
                  const superBox = scope === SUPER_ADMIN_SCOPE;
                  const fixed = !isSelf && !mayChange(scope);
                  return (
                    <AccessBox
                      key={scope}
                      name={name}
                      checked={checked}
                      fixed={fixed}
                      describedBy="scope-locked"
                      className={superBox ? "sm:col-span-2" : ""}
                    >
                      <span className={superBox ? "" : "font-mono"}>{superBox ? t("users.scopes.superAdmin") : scope}</span>
                    </AccessBox>
                  );
                })}
                {isSelf ? (
                  <p id="scope-own" className="text-sm text-slate-600 sm:col-span-2">
                    {t("users.scopes.ownLocked")}
                  </p>
                ) : anyScopeLocked ? (
                  <p id="scope-locked" className="text-sm text-slate-600 sm:col-span-2">
                    {t("users.scopes.notGrantable")}
                  </p>
                ) : null}
              </fieldset>
              <button type="submit" className={`${adminButton.primary} w-fit`} disabled={busy || locked || isSelf}>
                {t("users.scopes.save")}
              </button>
            </Form>
          ) : (
            <p className="text-slate-700">{t("users.scopes.notAdmin")}</p>
          )}
        </section>

        <section aria-labelledby="user-access-title" className="grid gap-4">
          <h3 id="user-access-title" className="text-base font-semibold text-slate-900">
            {t("users.access.heading")}
          </h3>
          {isSelf && !user.disabled ? null : (
            <Form method="post" className="grid gap-2">
              {hidden(user.disabled ? "enable" : "disable")}
              <p id="access-toggle-hint" className="text-sm text-slate-700">
                {user.disabled ? t("users.access.enableHint") : t("users.access.disableHint")}
              </p>
              <button
                type="submit"
                aria-describedby="access-toggle-hint"
                className={`${user.disabled ? adminButton.secondary : adminButton.danger} w-fit`}
                disabled={busy || locked}
              >
                {user.disabled ? t("users.access.enable") : t("users.access.disable")}
              </button>
            </Form>
          )}
          <Form method="post" className="grid gap-2">
            {hidden("sign-out")}
            <p id="access-signout-hint" className="text-sm text-slate-700">
              {t("users.access.signOutHint")}
            </p>
            <button
              type="submit"
              aria-describedby="access-signout-hint"
              className={`${adminButton.secondary} w-fit`}
              disabled={busy || locked}
            >
              {t("users.access.signOut")}
            </button>
          </Form>
          <Form method="post" className="grid gap-2">
            {hidden("reset-two-factor")}
            <p id="access-2fa-hint" className="text-sm text-slate-700">
              {t("users.access.resetTwoFactorHint")}
            </p>
            <button type="submit" aria-describedby="access-2fa-hint" className={`${adminButton.danger} w-fit`} disabled={busy || locked}>
              {t("users.access.resetTwoFactor")}
            </button>
          </Form>
        </section>
      </div>
    </AdminCard>
  );
}

/**
 * One role or scope box. A box the viewer may not change (`fixed`) is disabled and points to
 * the sentence that says why; a disabled box isn't posted, so its value is, in a hidden field:
 * saving the rest never reads as taking it away.
 */
function AccessBox({
  name,
  checked,
  fixed,
  describedBy,
  className = "",
  children,
}: {
  name: string;
  checked: boolean;
  fixed: boolean;
  describedBy: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={`flex min-h-11 items-center gap-3 ${className}`}>
      <input
        type="checkbox"
        name={name}
        defaultChecked={checked}
        disabled={fixed}
        aria-describedby={fixed ? describedBy : undefined}
        className="size-5 shrink-0"
      />
      {fixed && checked ? <input type="hidden" name={name} value="on" /> : null}
      {children}
    </label>
  );
}
