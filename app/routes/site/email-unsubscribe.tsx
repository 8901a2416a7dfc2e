import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { adminTranslator } from "~/platform/admin/admin-translation";
import { verifyUnsubscribeToken } from "~/features/messaging/admin/unsubscribe-token.server";
import { unsubscribeEmail } from "~/features/messaging/admin/unsubscribe-email.server";
import { readInput } from "~/server/request-input.server";
import type { Language } from "~/i18n/config";
import { getRequestContext } from "~/server/request-context.server";

/*
 * /email/unsubscribe?token=… — the link at the end of every campaign email and the target of
 * its List-Unsubscribe header. GET only asks (link scanners must not unsubscribe anyone);
 * POST unsubscribes, from the button here or from a mail client's one-click request
 * (RFC 8058: `List-Unsubscribe=One-Click`, no cookies, no Origin).
 *
 * The strings are resolved on the server and sent with the data, so this public page does
 * not load the admin string tables.
 */

const NO_STORE = { "Cache-Control": "no-store" } as const;

type State = "confirm" | "done" | "invalid";

function page(language: Language, state: State, email: string | null, token: string) {
  const t = adminTranslator(language);
  return {
    state,
    token,
    language,
    strings: {
      title: t("email.unsubscribe.title"),
      message:
        state === "confirm"
          ? t("email.unsubscribe.confirm", { email: email ?? "" })
          : state === "done"
            ? t("email.unsubscribe.done", { email: email ?? "" })
            : t("email.unsubscribe.invalid"),
      note: t("email.unsubscribe.note"),
      button: t("email.unsubscribe.button"),
      home: t("email.unsubscribe.home"),
    },
  };
}

export async function loader({ request, url }: LoaderFunctionArgs) {
  const { language } = getRequestContext(request);
  const token = url.searchParams.get("token") ?? "";
  const email = await verifyUnsubscribeToken(token);
  return data(page(language, email ? "confirm" : "invalid", email, token), {
    status: email ? 200 : 400,
    headers: { ...NO_STORE, "X-Robots-Tag": "noindex" },
  });
}

export async function action({ request, url }: ActionFunctionArgs) {
  const { db, language } = getRequestContext(request);
  // The token is in the URL (List-Unsubscribe) or, from this page's form, in the body too.
  const fromUrl = url.searchParams.get("token");
  const input = fromUrl ? null : await readInput(request);
  const token = fromUrl ?? (typeof input?.token === "string" ? input.token : "");
  const result = await unsubscribeEmail({ db, token });
  return data(page(language, result ? "done" : "invalid", result?.email ?? null, token), {
    status: result ? 200 : 400,
    headers: NO_STORE,
  });
}

export const meta: MetaFunction<typeof loader> = ({ loaderData }) => [
  { title: loaderData?.strings.title ?? "" },
  { name: "robots", content: "noindex" },
];

export default function EmailUnsubscribe() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const view = actionData ?? loaderData;
  const { strings } = view;

  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-xl px-4 py-14 sm:px-6">
      <h1 className="font-serif text-3xl font-bold text-brand-800">{strings.title}</h1>
      <div role={view.state === "invalid" ? "alert" : "status"} className="mt-6">
        <p className="break-words text-lg text-slate-800">{strings.message}</p>
      </div>
      {view.state === "confirm" ? (
        <Form method="post" action={`/email/unsubscribe?token=${encodeURIComponent(view.token)}`} className="mt-6 grid gap-4">
          <input type="hidden" name="token" value={view.token} />
          <p className="text-sm text-slate-700">{strings.note}</p>
          <div>
            <button
              type="submit"
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              {strings.button}
            </button>
          </div>
        </Form>
      ) : (
        <p className="mt-6">
          <Link to="/" className="font-semibold text-brand-800 underline hover:text-brand-900">
            {strings.home}
          </Link>
        </p>
      )}
    </main>
  );
}
