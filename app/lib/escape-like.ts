/** `%`, `_` and `\` in a search box match literally in a LIKE pattern (PostgreSQL's default escape is `\`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
