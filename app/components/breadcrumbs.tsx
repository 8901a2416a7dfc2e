import { Suspense, useEffect } from "react";
import { useLocation, useNavigation } from "react-router";
import { splitComponent } from "./split-component";

// The home page has no trail: the trail table of every page and its component are a chunk of
// their own, fetched where a page has a trail, and beside the next page's module when a
// navigation starts.
const { Component: BreadcrumbTrail, preload } = splitComponent(
  () => import("./breadcrumb-trail"),
  (module) => module.BreadcrumbTrail,
);

export function Breadcrumbs() {
  const { pathname } = useLocation();
  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    if (navigating) void preload();
  }, [navigating]);
  if (pathname === "/") return null;
  return (
    <Suspense fallback={null}>
      <BreadcrumbTrail pathname={pathname} />
    </Suspense>
  );
}
