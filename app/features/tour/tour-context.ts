import { createContext, useContext } from "react";

export interface TourContextValue {
  /** The tour is running (from activation until it is finished, skipped or closed). */
  active: boolean;
  /** The signed-in member has not completed it yet: it starts by itself (spec section 4). */
  due: boolean;
  /** Starts the tour now (the member menu's "Take the tour"); also for members who completed it. */
  start: () => void;
}

export const TourContext = createContext<TourContextValue | null>(null);

/** The guided tour's state and `start()`; only inside `<MemberTour>` (the site shell). */
export function useTour(): TourContextValue {
  const value = useContext(TourContext);
  if (!value) throw new Error("useTour must be used within a TourProvider");
  return value;
}
