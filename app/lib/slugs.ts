/** Lower-case ASCII words joined by hyphens, accents folded: "¿Qué es la fe?" → "que-es-la-fe"; `fallback` when nothing is left. */
export function slugify(text: string, fallback = ""): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
  return slug || fallback;
}
