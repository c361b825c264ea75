/** Quarter label of a `YYYY-MM-DD` date: "2024-Q3". */
export function quarterOf(date: string): string {
  const month = Number(date.slice(5, 7));
  return `${date.slice(0, 4)}-Q${Math.ceil(month / 3)}`;
}

/** Every quarter from `first` to `last` inclusive, oldest first ("2023-Q4", "2024-Q1", …). */
export function quarterRange(first: string, last: string): string[] {
  const out: string[] = [];
  let y = Number(first.slice(0, 4));
  let q = Number(first.slice(6));
  const endY = Number(last.slice(0, 4));
  const endQ = Number(last.slice(6));
  while (y < endY || (y === endY && q <= endQ)) {
    out.push(`${y}-Q${q}`);
    if (++q > 4) {
      q = 1;
      y++;
    }
  }
  return out;
}
