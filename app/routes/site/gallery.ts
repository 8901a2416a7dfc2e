import { replace } from "react-router";
import type { Route } from "./+types/gallery";

// The gallery lives on /community; the old path replaces the history entry.
export function loader({ request }: Route.LoaderArgs) {
  return replace(`/community${new URL(request.url).search}`, 301);
}
