import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { hydrateDeferred } from "~/components/hydrate-deferred";
import { useLocation } from "react-router";
import { useCurrentMember } from "~/features/auth/use-current-member";
import { TourContext, type TourContextValue } from "~/features/tour/tour-context";

const AUTO_START_DELAY_MS = 1500; // spec section 9 (tour-steps.ts holds the rest, in the lazy chunk)

const loadRunner = () => import("./tour-runner");
const TourRunner = lazy(loadRunner);

/**
 * The guided tour's provider (the spec's TourProvider), mounted around the site shell. Only
 * this is in the first-load bundle: the due flag comes with the signed-in member from the
 * root loader (`tourDue`), and react-joyride (./tour-runner) is fetched only when the tour is
 * due or started.
 */
export function MemberTour({ children }: { children?: React.ReactNode }) {
  const member = useCurrentMember();
  const onAuthPage = useLocation().pathname.startsWith("/auth");
  const [active, setActive] = useState(false);
  // The member who ended the tour in this page session (the root loader's flag may be older).
  const [endedBy, setEndedBy] = useState<string>();
  const due = Boolean(member?.tourDue && endedBy !== member.id);
  const memberId = member?.id;
  // The context's value changes: once the page's deferred sections have their code
  // (hydrate-deferred.ts), or React would empty them.
  const setTourActive = useCallback((value: boolean) => {
    void hydrateDeferred().then(() => setActive(value));
  }, []);
  const start = useCallback(() => setTourActive(true), [setTourActive]);

  useEffect(() => {
    if (!due || active || onAuthPage) return;
    loadRunner().catch(() => {});
    const timer = setTimeout(start, AUTO_START_DELAY_MS);
    return () => clearTimeout(timer);
  }, [due, active, onAuthPage, start]);

  // Signed out meanwhile: the tour ends without saving.
  useEffect(() => {
    if (!memberId && active) setTourActive(false);
  }, [memberId, active, setTourActive]);

  const value = useMemo<TourContextValue>(() => ({ active, due, start }), [active, due, start]);
  return (
    <TourContext.Provider value={value}>
      {children}
      {active && memberId ? (
        <Suspense fallback={null}>
          <TourRunner
            save={due}
            onEnd={() => {
              void hydrateDeferred().then(() => {
                setActive(false);
                setEndedBy(memberId);
              });
            }}
          />
        </Suspense>
      ) : null}
    </TourContext.Provider>
  );
}
