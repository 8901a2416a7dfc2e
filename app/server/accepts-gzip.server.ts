/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a q-value above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (!header) return false;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const item of (Array.isArray(header) ? header.join(",") : header).split(",")) {
    const [name = "", ...params] = item.split(";").map((piece) => piece.trim().toLowerCase());
    const qParam = params.find((param) => param.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const weight = Number.isFinite(q) ? q : 0;
    if (name === "gzip" || name === "x-gzip") gzip = weight;
    else if (name === "*") any = weight;
  }
  return (gzip ?? any ?? 0) > 0;
}
