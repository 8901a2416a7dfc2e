import { getRequestContext } from "~/server/request-context.server";
import { getContentBlocks } from "~/platform/content/get-content-blocks.server";
import { listChurchValues } from "./list-church-values.server";
import { listLeaders } from "./list-leaders.server";

const aboutKeys = ["about.story", "about.vision", "about.mission", "about.values"] as const;

export async function loadAboutPage({ request }: { request: Request }) {
  const { db, language } = getRequestContext(request);
  const [blocks, values, leaders] = await Promise.all([
    getContentBlocks({ db, language, keys: aboutKeys }),
    listChurchValues({ db, language }),
    listLeaders({ db, language }),
  ]);
  const story = blocks["about.story"];
  return {
    blocks,
    values,
    leaders,
    seo: { title: story?.title ?? "", description: story?.summary ?? "" },
  };
}
