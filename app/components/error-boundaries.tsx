import { Component, useEffect, useRef, useState, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { isRouteErrorResponse, Link, useLocation, useRevalidator, useRouteError } from "react-router";
import { claimReload, isNetworkFailure } from "~/features/errors/network-failure";
import { nextRetryAction } from "~/features/errors/retry-policy";
import { sameSitePath } from "~/lib/same-site-path";
import { buttonClasses } from "./ui/button-link";

function reloadPage() {
  window.location.reload();
}

/** A route's loader or action could not reach the database (a 503 from database-outage.server.ts). */
function isServiceUnavailable(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 503;
}

/**
 * "We'll be right back": the database is briefly unreachable (a restart). A plain link to the
 * same address (made same-site: `//evil.example` is another host to the browser) tries again,
 * with or without JavaScript, and never re-sends a form.
 */
export function ServiceUnavailableScreen() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{t("errors.unavailableTitle")}</h1>
      <p className="text-slate-700">{t("errors.unavailableBody")}</p>
      <a href={sameSitePath(`${pathname}${search}`)} className={buttonClasses()}>
        {t("errors.tryAgain")}
      </a>
    </main>
  );
}

/**
 * A navigation that failed on the network is loaded again as a document (see
 * network-failure.ts): true until then. Once per address per 10 s; past that, false (the
 * boundary's own screen).
 */
function useDocumentLoadOnNetworkFailure(error: unknown): boolean {
  const failed = typeof window !== "undefined" && isNetworkFailure(error, window.navigator.onLine);
  const [refused, setRefused] = useState(false);
  // StrictMode runs the effect twice in development: the second must not count as a second failure.
  const reloading = useRef(false);
  useEffect(() => {
    if (!failed || reloading.current) return;
    if (claimReload(() => window.sessionStorage, window.location.href, Date.now())) {
      reloading.current = true;
      window.location.reload();
    } else setRefused(true);
  }, [failed]);
  return failed && !refused;
}

function LoadingAsDocument() {
  const { t } = useTranslation();
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p role="status" className="text-slate-700">
        {t("common.loadingPage")}
      </p>
    </main>
  );
}

/** App-level: the last line of defence, outside the site shell. */
export function AppErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const loadingAsDocument = useDocumentLoadOnNetworkFailure(error);
  if (loadingAsDocument) return <LoadingAsDocument />;
  if (isServiceUnavailable(error)) return <ServiceUnavailableScreen />;
  if (typeof window !== "undefined") console.error(error);
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-6 p-6 text-center">
      <h1 className="text-2xl font-bold">{t("errors.appTitle")}</h1>
      <button type="button" className={buttonClasses()} onClick={reloadPage}>
        {t("errors.refreshPage")}
      </button>
    </main>
  );
}

// Retries are counted per path across remounts of the boundary.
const pageRetries = new Map<string, number>();

/** Page-level: a route's loader or component failed; the shell stays. */
export function PageErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const loadingAsDocument = useDocumentLoadOnNetworkFailure(error);
  if (loadingAsDocument) return <LoadingAsDocument />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  if (isServiceUnavailable(error)) return <ServiceUnavailableScreen />;
  if (typeof window !== "undefined") console.error(error);

  const tryAgain = () => {
    const used = pageRetries.get(pathname) ?? 0;
    if (nextRetryAction(used) === "reload") {
      pageRetries.delete(pathname);
      reloadPage();
      return;
    }
    pageRetries.set(pathname, used + 1);
    void revalidator.revalidate();
  };

  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{t("errors.pageTitle")}</h1>
      <p className="text-slate-700">{t("errors.pageBody")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses()} onClick={tryAgain}>
          {t("errors.tryAgain")}
        </button>
        <button type="button" className={buttonClasses("outline")} onClick={reloadPage}>
          {t("errors.refreshPage")}
        </button>
        <Link to="/" className={buttonClasses("outline")}>
          {t("errors.goHome")}
        </Link>
      </div>
    </main>
  );
}

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-24 text-center">
      <p className="text-7xl font-black text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-bold">{t("errors.notFoundTitle")}</h1>
      <p className="text-slate-700">{t("errors.notFoundBody")}</p>
      <Link to="/" className={buttonClasses()}>
        {t("errors.notFoundLink")}
      </Link>
    </main>
  );
}

function BoundaryFallback({ variant, onRetry }: { variant: "section" | "component"; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="mx-auto my-6 flex max-w-xl flex-col items-center gap-3 rounded-xl border border-rose-200 bg-rose-50 p-6 text-center text-rose-900"
    >
      <p className="font-semibold">{variant === "section" ? t("errors.sectionTitle") : t("errors.componentTitle")}</p>
      <button type="button" className={buttonClasses()} onClick={onRetry}>
        {t("errors.retry")}
      </button>
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  variant?: "section" | "component";
}

interface BoundaryState {
  error: unknown;
  retries: number;
}

/** Section- and component-level boundary: Retry re-renders; the 4th retry reloads the page. */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, retries: 0 };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error("Unknown error") };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  retry = () => {
    if (nextRetryAction(this.state.retries) === "reload") {
      reloadPage();
      return;
    }
    this.setState((s) => ({ error: null, retries: s.retries + 1 }));
  };

  override render() {
    if (this.state.error) {
      return <BoundaryFallback variant={this.props.variant ?? "section"} onRetry={this.retry} />;
    }
    return this.props.children;
  }
}
