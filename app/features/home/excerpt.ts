/**
 * Shortens text for a card: whole sentences while they fit, else whole words with an
 * ellipsis. Text that already fits is returned unchanged.
 */
export function excerpt(text: string, maxLength: number): string {
  const clean = text.trim().replace(/\s+/g, " ");
  if (clean.length <= maxLength) return clean;
  const sentences = clean.split(/(?<=[.!?])\s+/);
  let result = "";
  for (const sentence of sentences) {
    const next = result ? `${result} ${sentence}` : sentence;
    if (next.length > maxLength) break;
    result = next;
  }
  if (result) return result;
  const cut = clean.slice(0, maxLength - 1);
  // Keep the last word only if the cut fell exactly at its end.
  const endsAtWord = clean.charAt(cut.length) === " ";
  const lastSpace = cut.lastIndexOf(" ");
  const words = endsAtWord || lastSpace <= 0 ? cut : cut.slice(0, lastSpace);
  return `${words.replace(/[\s,;:.-]+$/, "")}…`;
}
