import { replace } from "react-router";
import type { Route } from "./+types/gallery";

// The gallery lives on /community; the old path replaces the history entry.
export function loader({ url }: Route.LoaderArgs) {
  return replace(`/community${url.search}`, 301);
}
