import { useEffect } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { sameSitePath } from "~/lib/same-site-path";

/** How often a page waiting for Stripe's webhook looks again. */
const REFRESH_MS = 5000;

/**
 * While `waiting` (a payment is being confirmed: back from Checkout, webhook not in yet), reloads
 * the route's data every 5 seconds. No `<meta http-equiv="refresh">`: a page that reloads
 * itself on a timer fails WCAG 2.2.1, and this keeps focus and scroll where they are.
 */
export function useRevalidateWhile(waiting: boolean): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [waiting, revalidator]);
}

/** Without JavaScript: the same page again, on request. */
export function CheckAgainLink({ label }: { label: string }) {
  const location = useLocation();
  return (
    <Link
      to={sameSitePath(`${location.pathname}${location.search}`)}
      reloadDocument
      className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4"
    >
      {label}
    </Link>
  );
}
